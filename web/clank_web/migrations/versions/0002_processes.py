"""Several server processes on one database: server processes and their heartbeats, the lease
of each game whose bots and timers a process runs, who is connected at each seat; a game's
turn timer and seats version as columns (the processes find the games they must run, and
notice seat changes, without reading every specification).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("timer", sa.Float, nullable=False, server_default="0"))
        batch.add_column(sa.Column("seats_version", sa.Integer, nullable=False, server_default="0"))
    games = sa.table("games", sa.column("id", sa.String), sa.column("spec", sa.Text), sa.column("timer", sa.Float))
    connection = op.get_bind()
    for game_id, spec in connection.execute(sa.select(games.c.id, games.c.spec)).all():
        timer = float(json.loads(spec).get("timer") or 0)
        if timer:
            connection.execute(sa.update(games).where(games.c.id == game_id).values(timer=timer))
    op.create_table(
        "servers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("heartbeat", sa.Float, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("holder", sa.String(32), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_leases_holder", "leases", ["holder"])
    op.create_table(
        "presence",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("server_id", sa.String(32), sa.ForeignKey("servers.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("connections", sa.Integer, nullable=False),
    )
    op.create_index("ix_presence_server_id", "presence", ["server_id"])


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_table("leases")
    op.drop_table("servers")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seats_version")
        batch.drop_column("timer")
