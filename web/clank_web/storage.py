"""Games on disk: their configuration, seats and every applied action, in SQLite or PostgreSQL.

A game is stored as what rebuilds it exactly: its specification (packs, players, seed,
options, names, timer), its seats (human or bot, and the hash of each human seat's token)
and its action list. Each action is inserted in a transaction that also moves the game's
action count on; the server acknowledges an action only once that transaction has committed.
Every few actions, and at the end of the game, the transaction also records the digest of the
state the game has reached (``state_digest`` at ``digest_at`` actions: a digest costs a whole
serialisation of the state, more than the rest of an action). On restart every game is
replayed from its actions and checked against that digest (:mod:`clank_web.tables`).

Several server processes may share one PostgreSQL database (:mod:`clank_web.hall`): the
database orders their actions (the count check above refuses a commit that finds the count
moved), and each transaction that changes a game tells the other processes with PostgreSQL's
``NOTIFY`` (:data:`CHANNEL`; delivered only if the transaction commits). The tables of their
cooperation: ``servers`` (each process and its heartbeat), ``leases`` (which process runs a
game's bots and timers, until when) and ``presence`` (how many connections each process holds
at each seat of a game). Times of leases and heartbeats are the database's own clock
(:class:`db_now`), so the machines' clocks never need to agree. An SQLite file serves one
process only (:mod:`clank_web.dblock`): it never notifies.

The schema is SQLAlchemy Core (one dialect-neutral definition) and is created and upgraded by
Alembic migrations (:mod:`clank_web.migrations`), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import orjson
from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.functions import FunctionElement

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
    Column("timer", Float, nullable=False, server_default="0"),  # the turn timer (a game the server runs)
    Column("seats_version", Integer, nullable=False, server_default="0"),  # moves on at each seat change
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

servers = Table(
    "servers",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("host", String(255), nullable=False),
    Column("pid", Integer, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("heartbeat", Float, nullable=False),  # the database's clock at its last sign of life
)

leases = Table(
    "leases",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("holder", String(32), nullable=False, index=True),  # the server running its bots and timers
    Column("expires", Float, nullable=False),  # the database's clock
)

presence = Table(
    "presence",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("server_id", String(32), ForeignKey("servers.id", ondelete="CASCADE"), primary_key=True, index=True),
    Column("seat", Integer, primary_key=True),  # -1: spectators
    Column("connections", Integer, nullable=False),
)

ACTIVE, OVER = "active", "over"
HUMAN_KIND, BOT_KIND = "human", "bot"
SPECTATORS = -1
"""The presence table's seat for spectators."""
CHANNEL = "clank_games"
"""The PostgreSQL ``NOTIFY`` channel on which server processes tell each other what changed."""
NOTICE_BYTES = 7000
"""Notifications are cut into payloads of at most this many bytes (PostgreSQL's limit is 8000)."""


class db_now(FunctionElement[float]):
    """The database's clock, in seconds since the epoch (leases and heartbeats are compared on
    one clock whichever machine writes them)."""

    type = Float()
    inherit_cache = True


@compiles(db_now)
def _now_sqlite(element: Any, compiler: Any, **kw: Any) -> str:
    return "((julianday('now') - 2440587.5) * 86400.0)"


@compiles(db_now, "postgresql")
def _now_postgresql(element: Any, compiler: Any, **kw: Any) -> str:
    return "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"

# A group commit's statements, one pair for each number of actions in it (written once each):
# two statements however many games the commit holds, in the driver's SQL. Whatever the
# database thread does in Python holds Python's lock, which the event loop then waits for (a
# statement per game took about 5% of a server's CPU at 100 games; SQLAlchemy's compiling of a
# group's statements, 2-3%), and each statement is a round trip to PostgreSQL.
POSITIONAL = {"qmark": "?", "format": "%s", "pyformat": "%s"}
"""A positional parameter in the SQL of each driver's parameter style (SQLite's ``qmark``,
psycopg's ``pyformat``, which takes ``%s`` too)."""
BATCH_LIMIT = 500
"""Games a statement stores at most (SQLite binds at most 32,766 parameters; five a game)."""


@lru_cache(maxsize=256)
def _batch_sql(n: int, marker: str) -> tuple[str, str]:
    """The statements that store ``n`` games' next actions, in the driver's own SQL (``marker``:
    its positional parameter, ``?`` or ``%s``: SQLAlchemy compiles nothing, where it compiled
    a new text statement under Python's lock at every group): every game's count moves on (only a
    game whose count is still the one expected: the caller checks that ``n`` rows moved), and
    the actions are added. Parameters: :func:`_batch_parameters`."""
    m = marker
    row = (f"(CAST({m} AS VARCHAR), CAST({m} AS INTEGER), CAST({m} AS INTEGER), "
           f"CAST({m} AS VARCHAR), CAST({m} AS VARCHAR))")
    move_on = (
        "UPDATE games SET actions_count = b.column3, status = b.column4, "
        "state_digest = COALESCE(b.column5, games.state_digest), "
        "digest_at = CASE WHEN b.column5 IS NULL THEN games.digest_at ELSE b.column3 END "
        f"FROM (VALUES {', '.join([row] * n)}) AS b WHERE games.id = b.column1 AND games.actions_count = b.column2"
    )
    add = "INSERT INTO actions (game_id, idx, text) VALUES " + ", ".join([f"({m}, {m}, {m})"] * n)
    return move_on, add


def _batch_parameters(batch: list[Append]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The positional parameters of :func:`_batch_sql`'s two statements for ``batch``."""
    move_on: list[Any] = []
    add: list[Any] = []
    for a in batch:
        move_on += (a.game_id, a.index, a.index + 1, OVER if a.over else ACTIVE, a.digest)
        add += (a.game_id, a.index, a.text)
    return tuple(move_on), tuple(add)


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
    seats_version: int = 0


@dataclass(frozen=True)
class Listed:
    """A game as the lobby lists it (without replaying it)."""

    id: str
    spec: dict[str, Any]
    status: str
    actions: int


SQLITE_SYNC = ("normal", "full")
"""How an SQLite file is synced to disk (``clank serve --sqlite-sync``), in its write-ahead log:

- ``normal`` (the default): a commit is written to the log, which is synced to disk at each
  checkpoint. A committed action survives the server process dying in any way (``kill -9``
  included: the operating system holds what was written); a power cut or a crash of the
  operating system may lose the last actions committed before it (never corrupting the file).
- ``full``: the log is also synced to disk at every commit (a group commit syncs once for every
  game in it), so a committed action survives a power cut too, at the cost of a sync per commit.
"""


def _sqlite_pragmas(sync: str) -> Callable[[Any, Any], None]:
    """SQLite's settings on each new connection: a write-ahead log, ``sync`` (one of
    :data:`SQLITE_SYNC`), and foreign keys enforced."""
    if sync not in SQLITE_SYNC:
        raise ValueError(f"SQLite sync {sync!r}: choose one of {', '.join(SQLITE_SYNC)}")

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sync.upper()}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return on_connect


def open_engine(url: str, sqlite_sync: str = SQLITE_SYNC[0]) -> Engine:
    """An SQLAlchemy engine for ``url`` (``sqlite:///FILE`` synced to disk as ``sqlite_sync``
    says, or ``postgresql://...`` through psycopg 3)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        pragmas = _sqlite_pragmas(sqlite_sync)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The games of one database. Every method is a short blocking transaction: the server
    calls them from worker threads, never on its event loop. Methods that change a game take
    ``origin``, the id of the server process that makes the change, and tell the other
    processes (PostgreSQL: ``NOTIFY`` in the same transaction)."""

    def __init__(self, url: str, sqlite_sync: str = SQLITE_SYNC[0]) -> None:
        self.url = url
        self.engine = open_engine(url, sqlite_sync)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.marker = POSITIONAL[self.engine.dialect.paramstyle]
        """The driver's positional parameter (the group commit's statements are the driver's SQL)."""

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        from clank_web.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def _notify(self, conn: Connection, origin: str | None, kind: str, **body: Any) -> None:
        """Tell the other processes (PostgreSQL only), delivered if the transaction commits."""
        if self.postgres and origin is not None:
            payload = orjson.dumps({"o": origin, "k": kind, **body}).decode()
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    # -- games -------------------------------------------------------------------------------
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
                    timer=float(game.spec.get("timer") or 0),
                    seats_version=0,
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

    def append_actions(self, batch: list[Append], origin: str | None = None) -> None:
        """Several games' next actions in one transaction (a group commit: one sync to disk for
        all of them); :class:`StorageConflict` and nothing written if any one does not fit. The
        other processes are told each action's game, index and text."""
        with self._tx() as conn:
            for start in range(0, len(batch), BATCH_LIMIT):
                part = batch[start:start + BATCH_LIMIT]
                move_on, add = _batch_sql(len(part), self.marker)
                moving, adding = _batch_parameters(part)
                if conn.exec_driver_sql(move_on, moving).rowcount != len(part):
                    games_named = ", ".join(a.game_id for a in part)
                    raise StorageConflict(f"games {games_named}: one does not have the stored actions expected")
                conn.exec_driver_sql(add, adding)
            if self.postgres and origin is not None:
                for chunk in _chunks([[a.game_id, a.index, a.text] for a in batch]):
                    self._notify(conn, origin, "a", g=chunk)

    def set_seat(self, game_id: str, seat: int, kind: str, bot: str | None,
                 token_hash: str | None = None, origin: str | None = None) -> None:
        """Make a seat a bot (``kind="bot"``, no token kept) or a person's (with the hash of its
        new token); the game's seats version moves on."""
        with self._tx() as conn:
            conn.execute(
                update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(kind=kind, bot=bot, token_hash=token_hash if kind == HUMAN_KIND else None)
            )
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(seats_version=games.c.seats_version + 1))
            self._notify(conn, origin, "s", g=game_id)

    def delete_game(self, game_id: str, origin: str | None = None) -> None:
        """Remove a game, its seats, its actions, its lease and its presence."""
        with self._tx() as conn:
            for table in (presence, leases, actions, seats):
                conn.execute(delete(table).where(table.c.game_id == game_id))
            conn.execute(delete(games).where(games.c.id == game_id))
            self._notify(conn, origin, "d", g=game_id)

    def tell_stopped(self, game_id: str, stopped: str, fault: str, origin: str) -> None:
        """Tell the other processes that a pack's fault stopped a game (not stored: the game goes
        on once the pack is fixed and the servers restarted)."""
        with self._tx() as conn:
            self._notify(conn, origin, "f", g=game_id, stopped=stopped[:2000], fault=fault[:4000])

    def load_games(self) -> list[StoredGame]:
        """Every stored game with its seats and actions, oldest first."""
        return self._load(None)

    def load_game(self, game_id: str) -> StoredGame | None:
        """One stored game, or None."""
        found = self._load(game_id)
        return found[0] if found else None

    def _load(self, game_id: str | None) -> list[StoredGame]:
        def only(table: Table) -> ColumnElement[bool]:
            return table.c.game_id == game_id if game_id is not None else true()

        with self.engine.connect() as conn:
            query = select(games).order_by(games.c.created_at, games.c.id)
            if game_id is not None:
                query = query.where(games.c.id == game_id)
            rows = conn.execute(query).mappings().all()
            seat_rows = conn.execute(
                select(seats).where(only(seats)).order_by(seats.c.game_id, seats.c.seat)
            ).mappings().all()
            action_rows = conn.execute(
                select(actions.c.game_id, actions.c.text).where(only(actions))
                .order_by(actions.c.game_id, actions.c.idx)
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
                row["seats_version"],
            )
        for s in seat_rows:
            if s["game_id"] in by_game:
                by_game[s["game_id"]].seats.append(
                    StoredSeat(s["seat"], s["kind"], s["bot"], s["token_hash"])
                )
        for stored_id, action_text in action_rows:
            if stored_id in by_game:
                by_game[stored_id].actions.append(action_text)
        return list(by_game.values())

    def list_games(self, limit: int = 200) -> list[Listed]:
        """The newest games (at most ``limit``), oldest first, as the lobby lists them."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.spec, games.c.status, games.c.actions_count)
                .order_by(games.c.created_at.desc(), games.c.id).limit(limit)
            ).all()
        return [Listed(i, json.loads(spec), status, n) for i, spec, status, n in reversed(rows)]

    def count_games(self) -> int:
        """How many games are stored."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games)).scalar_one())

    def actions_since(self, game_id: str, index: int) -> list[str]:
        """A game's stored actions from number ``index`` (0-based) on."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(actions.c.text).where(actions.c.game_id == game_id, actions.c.idx >= index)
                .order_by(actions.c.idx)
            ).scalars())

    def load_seats(self, game_id: str) -> tuple[list[StoredSeat], int]:
        """A game's seats as stored now, and their version (no seats: the game is gone)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()
            found = [StoredSeat(r["seat"], r["kind"], r["bot"], r["token_hash"]) for r in rows]
            version = conn.execute(select(games.c.seats_version).where(games.c.id == game_id)).scalar()
        return found, int(version or 0)

    def versions(self, game_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """Per game still stored among ``game_ids``: its action count and its seats version."""
        ids = list(game_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id, games.c.actions_count, games.c.seats_version).where(games.c.id.in_(ids))
            ).all()
        return {i: (n, v) for i, n, v in rows}

    # -- server processes --------------------------------------------------------------------
    def register_server(self, server_id: str, host: str, pid: int) -> None:
        """A server process starts."""
        with self._tx() as conn:
            conn.execute(insert(servers).values(id=server_id, host=host[:255], pid=pid, started_at=time.time(),
                                                heartbeat=db_now()))

    def heartbeat(self, server_id: str) -> bool:
        """A server process is alive; False if its row was gone (others took it for dead and
        reaped its presence: it registers again)."""
        with self._tx() as conn:
            return conn.execute(update(servers).where(servers.c.id == server_id)
                                .values(heartbeat=db_now())).rowcount == 1

    def end_server(self, server_id: str) -> None:
        """A server process ends: its presence rows, leases and row go; the others are told."""
        with self._tx() as conn:
            self._forget_servers(conn, [server_id], server_id)

    def reap_servers(self, dead_after: float, origin: str) -> list[str]:
        """Forget the server processes silent for ``dead_after`` seconds (killed, or cut off):
        their presence and leases go. Returns their ids."""
        with self._tx() as conn:
            dead = list(conn.execute(
                select(servers.c.id).where(servers.c.heartbeat < db_now() - dead_after)
            ).scalars())
            if dead:
                self._forget_servers(conn, dead, origin)
            return dead

    def _forget_servers(self, conn: Connection, ids: list[str], origin: str) -> None:
        touched = sorted(set(conn.execute(
            select(presence.c.game_id).where(presence.c.server_id.in_(ids))
        ).scalars()))
        released = conn.execute(delete(leases).where(leases.c.holder.in_(ids))).rowcount
        conn.execute(delete(presence).where(presence.c.server_id.in_(ids)))
        conn.execute(delete(servers).where(servers.c.id.in_(ids)))
        for chunk in _chunks(touched):
            self._notify(conn, origin, "p", g=chunk)
        if released:
            self._notify(conn, origin, "r")

    # -- leases: which process runs a game's bots and timers ---------------------------------
    def acquire_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Take a game's lease for ``seconds`` if nobody holds it, it expired, or ``holder`` has
        it already; whether ``holder`` holds it now."""
        take = (update(leases)
                .where(leases.c.game_id == game_id, or_(leases.c.expires < db_now(), leases.c.holder == holder))
                .values(holder=holder, expires=db_now() + seconds))
        with self._tx() as conn:
            if conn.execute(take).rowcount == 1:
                return True
        try:
            with self._tx() as conn:
                if not conn.execute(select(games.c.id).where(games.c.id == game_id)).first():
                    return False
                conn.execute(insert(leases).values(game_id=game_id, holder=holder, expires=db_now() + seconds))
        except IntegrityError:      # another process took it first
            return False
        return True

    def renew_leases(self, holder: str, seconds: float) -> set[str]:
        """Extend every lease ``holder`` holds; the games whose lease it still holds."""
        with self._tx() as conn:
            conn.execute(update(leases).where(leases.c.holder == holder).values(expires=db_now() + seconds))
            return set(conn.execute(select(leases.c.game_id).where(leases.c.holder == holder)).scalars())

    def release_lease(self, game_id: str, holder: str, origin: str | None = None) -> None:
        """Give a game's lease up (the game is over, or its server ends)."""
        with self._tx() as conn:
            if conn.execute(delete(leases).where(leases.c.game_id == game_id, leases.c.holder == holder)).rowcount:
                self._notify(conn, origin, "r")

    def unleased_games(self, limit: int = 20) -> list[str]:
        """Games going on that the server must run (a bot seat, or a turn timer) and whose lease
        nobody holds (never taken, released, or its holder died)."""
        automated = or_(games.c.timer > 0, exists().where(seats.c.game_id == games.c.id, seats.c.kind == BOT_KIND))
        held = exists().where(leases.c.game_id == games.c.id, leases.c.expires > db_now())
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(games.c.id).where(and_(games.c.status == ACTIVE, automated, ~held))
                .order_by(games.c.created_at).limit(limit)
            ).scalars())

    # -- presence: who is connected at each seat ---------------------------------------------
    def set_presence(self, game_id: str, server_id: str, counts: dict[int, int]) -> None:
        """This server's connections per seat of a game (``SPECTATORS`` for spectators), in
        place of what it stored before; the others are told."""
        with self._tx() as conn:
            conn.execute(delete(presence).where(presence.c.game_id == game_id, presence.c.server_id == server_id))
            rows = [{"game_id": game_id, "server_id": server_id, "seat": seat, "connections": n}
                    for seat, n in counts.items() if n > 0]
            if rows:
                conn.execute(insert(presence), rows)
            self._notify(conn, server_id, "p", g=[game_id])

    def presence(self, game_ids: Iterable[str], dead_after: float) -> dict[str, dict[int, int]]:
        """Connections per seat of each game among ``game_ids`` over every live server process,
        in one query a :data:`BATCH_LIMIT` of games (a game nobody holds open is left out)."""
        ids = list(game_ids)
        counts: dict[str, dict[int, int]] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(ids), BATCH_LIMIT):
                rows = conn.execute(
                    select(presence.c.game_id, presence.c.seat, func.sum(presence.c.connections))
                    .join(servers, servers.c.id == presence.c.server_id)
                    .where(presence.c.game_id.in_(ids[start:start + BATCH_LIMIT]),
                           servers.c.heartbeat > db_now() - dead_after)
                    .group_by(presence.c.game_id, presence.c.seat)
                ).all()
                for game_id, seat, n in rows:
                    counts.setdefault(game_id, {})[int(seat)] = int(n)
        return counts


def _chunks(items: list[Any]) -> Iterator[list[Any]]:
    """``items`` in lists whose JSON stays under :data:`NOTICE_BYTES`."""
    chunk: list[Any] = []
    size = 0
    for item in items:
        length = len(orjson.dumps(item)) + 1
        if chunk and size + length > NOTICE_BYTES:
            yield chunk
            chunk, size = [], 0
        chunk.append(item)
        size += length
    if chunk:
        yield chunk
