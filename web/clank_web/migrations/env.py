"""Alembic's entry point: run the migrations on the connection :mod:`clank_web.migrations` hands over."""

from __future__ import annotations

from alembic import context

from clank_web.storage import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through clank_web.migrations.upgrade(engine)")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
