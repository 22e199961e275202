"""Games on disk: their configuration, seats and every applied action, in SQLite or PostgreSQL.

A game is stored as what rebuilds it exactly: its specification (packs, players, seed,
options, names, timer), its seats (human or bot, and the hash of each human seat's token)
and its action list. Each action is inserted in a transaction that also moves the game's
action count on; the server acknowledges an action only once that transaction has committed.
Every few actions, and at the end of the game, the transaction also records the digest of the
state the game has reached (``state_digest`` at ``digest_at`` actions: a digest costs a whole
serialisation of the state, more than the rest of an action). On restart every game is
replayed from its actions and checked against that digest (:mod:`clank_web.tables`).

The schema is SQLAlchemy Core (one dialect-neutral definition) and is created and upgraded by
Alembic migrations (:mod:`clank_web.migrations`), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("spec", Text, nullable=False),  # JSON: packs, players, seed, options, names, timer
    Column("creator_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),  # "active" or "over"
    Column("actions_count", Integer, nullable=False),
    Column("state_digest", String(64), nullable=False),
    Column("digest_at", Integer, nullable=False),  # the action count state_digest belongs to
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("text", Text, nullable=False),
)

ACTIVE, OVER = "active", "over"

# An action's statements, built once (every action of every game runs them):
_MOVE_ON = (
    update(games)
    .where(games.c.id == bindparam("b_id"), games.c.actions_count == bindparam("b_index"))
    .values(actions_count=bindparam("b_count"), status=bindparam("b_status"))
)
"""A game's action count moves on, only if it still is what the server expects."""
_MOVE_ON_WITH_DIGEST = _MOVE_ON.values(state_digest=bindparam("b_digest"), digest_at=bindparam("b_count"))
"""The same, storing the digest of the state the action leads to."""
_ADD_ACTION = insert(actions)


class StorageConflict(RuntimeError):
    """The database does not hold what the server expected (another writer, a lost game)."""


@dataclass(frozen=True)
class Append:
    """One action to store: the game, its index (0-based), its text, the digest of the state it
    leads to (None: the digest stored earlier stays), and whether the game is over then."""

    game_id: str
    index: int
    text: str
    digest: str | None
    over: bool


@dataclass
class StoredSeat:
    """One seat as stored: a human (with the hash of its token) or a bot (with its spec)."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class StoredGame:
    """One game as stored."""

    id: str
    spec: dict[str, Any]
    creator_hash: str
    seats: list[StoredSeat]
    actions: list[str] = field(default_factory=list)
    state_digest: str = ""
    status: str = ACTIVE
    digest_at: int = 0


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: a write-ahead log, a full sync at each commit, and foreign keys enforced."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url`` (``sqlite:///FILE`` or ``postgresql://...``, the latter
    through psycopg 3)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The games of one database. Every method is a short blocking transaction: the server
    calls them from a worker thread, never on its event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = open_engine(url)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        from clank_web.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self.engine.begin() as conn:
            yield conn

    def create_game(self, game: StoredGame) -> None:
        """Store a new game with its seats (and the actions it already has, usually none)."""
        with self._tx() as conn:
            conn.execute(
                insert(games).values(
                    id=game.id,
                    created_at=time.time(),
                    spec=json.dumps(game.spec, sort_keys=True),
                    creator_hash=game.creator_hash,
                    status=game.status,
                    actions_count=len(game.actions),
                    state_digest=game.state_digest,
                    digest_at=game.digest_at,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": game.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                    }
                    for s in game.seats
                ],
            )
            if game.actions:
                conn.execute(
                    insert(actions),
                    [{"game_id": game.id, "idx": i, "text": t} for i, t in enumerate(game.actions)],
                )

    def append_action(self, game_id: str, index: int, text: str, digest: str | None, over: bool) -> None:
        """Add action number ``index`` (0-based) and the digest of the state after it, in one
        transaction; :class:`StorageConflict` if the game does not have exactly ``index``
        actions stored (nothing is written then)."""
        self.append_actions([Append(game_id, index, text, digest, over)])

    def append_actions(self, batch: list[Append]) -> None:
        """Several games' next actions in one transaction (a group commit: one sync to disk for
        all of them); :class:`StorageConflict` and nothing written if any one does not fit."""
        with self._tx() as conn:
            for a in batch:
                params = {"b_id": a.game_id, "b_index": a.index, "b_count": a.index + 1,
                          "b_status": OVER if a.over else ACTIVE}
                if a.digest is None:
                    moved = conn.execute(_MOVE_ON, params)
                else:
                    moved = conn.execute(_MOVE_ON_WITH_DIGEST, {**params, "b_digest": a.digest})
                if moved.rowcount != 1:
                    raise StorageConflict(f"game {a.game_id}: expected {a.index} stored actions")
            conn.execute(_ADD_ACTION, [{"game_id": a.game_id, "idx": a.index, "text": a.text} for a in batch])

    def set_seat(self, game_id: str, seat: int, kind: str, bot: str | None) -> None:
        """Make a seat a bot (``kind="bot"``) or a human; a bot seat keeps no token."""
        with self._tx() as conn:
            values: dict[str, Any] = {"kind": kind, "bot": bot}
            if kind == "bot":
                values["token_hash"] = None
            conn.execute(
                update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values)
            )

    def delete_game(self, game_id: str) -> None:
        """Remove a game, its seats and its actions."""
        with self._tx() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id))
            conn.execute(delete(seats).where(seats.c.game_id == game_id))
            conn.execute(delete(games).where(games.c.id == game_id))

    def load_games(self) -> list[StoredGame]:
        """Every stored game with its seats and actions, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games).order_by(games.c.created_at, games.c.id)).mappings().all()
            seat_rows = conn.execute(select(seats).order_by(seats.c.game_id, seats.c.seat)).mappings().all()
            action_rows = conn.execute(
                select(actions.c.game_id, actions.c.text).order_by(actions.c.game_id, actions.c.idx)
            ).all()
        by_game: dict[str, StoredGame] = {}
        for row in rows:
            by_game[row["id"]] = StoredGame(
                row["id"],
                json.loads(row["spec"]),
                row["creator_hash"],
                [],
                [],
                row["state_digest"],
                row["status"],
                row["digest_at"],
            )
        for s in seat_rows:
            if s["game_id"] in by_game:
                by_game[s["game_id"]].seats.append(
                    StoredSeat(s["seat"], s["kind"], s["bot"], s["token_hash"])
                )
        for game_id, text in action_rows:
            if game_id in by_game:
                by_game[game_id].actions.append(text)
        return list(by_game.values())

    def load_game(self, game_id: str) -> StoredGame | None:
        """One stored game, or None."""
        return next((g for g in self.load_games() if g.id == game_id), None)
