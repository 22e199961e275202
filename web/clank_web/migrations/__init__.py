"""The database schema's migrations (Alembic): ``upgrade(engine)`` brings a database to the
newest revision. Each revision is a module of ``versions/``; ``env.py`` runs them on the
connection it is handed (never a URL from a config file)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

HERE = Path(__file__).resolve().parent


def config(connection: object | None = None):  # -> alembic.config.Config
    """The Alembic configuration of these migrations, bound to ``connection`` when given."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


MIGRATION_LOCK = 0x636C616E6B  # "clank"
"""The PostgreSQL advisory lock that makes server processes starting together migrate one after
the other (the first upgrades the schema; the others then find it up to date)."""


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database of ``engine`` to ``revision`` (the newest by default), one process at
    a time on PostgreSQL (an advisory lock held until the migration's transaction ends)."""
    from alembic import command
    from sqlalchemy import text

    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        command.upgrade(config(connection), revision)


def current(engine: Engine) -> str | None:
    """The revision the database is at (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
