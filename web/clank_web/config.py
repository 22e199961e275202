"""The server's settings: where games are stored, which directory packs it offers, its limits."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from clank_web.budget import DEFAULT_CAP

DATA_APP = "clank"
"""The application name of the user data directory (``platformdirs``)."""
DB_FILE = "web-games.sqlite3"


def default_db_url() -> str:
    """The embedded default: an SQLite file in the user data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir(DATA_APP, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


@dataclass
class ServerConfig:
    """Everything ``clank serve`` is started with.

    ``pack_dirs``: custom directory packs the lobby offers besides the installed packs (a
    browser can choose only among these, never name a path). ``max_message``: the largest
    WebSocket message accepted, in bytes. ``rate`` and ``burst``: messages per second a
    connection may send, and how many at once. ``bot_delay``: seconds a bot waits before acting
    (so people can follow the game; 0 in tests and benchmarks). ``search_workers``: processes
    that run search bots (``mcts``); ``max_bot_budget``: the most a search bot may spend on one
    decision (:class:`~clank_web.budget.BudgetCap`). Several processes on one database:
    ``lease_seconds``, how long a process runs a game's bots and timers without renewing its
    lease (and how long a silent process counts as alive); ``poll_seconds``, how often a process
    renews its leases, looks for games whose lease nobody holds and checks the games it holds
    against the database (besides the notifications); ``idle_seconds``, how long a game nobody
    watches stays in a process's memory. ``sqlite_sync``: how an SQLite file is synced to disk
    (:data:`~clank_web.storage.SQLITE_SYNC`: what each guarantees). ``watch_interval``: while
    actions come faster than this (seconds), a page that only watches (its seat does not decide,
    or a spectator's) is sent one update with the latest state per interval rather than one per
    action (:meth:`clank_web.tables.GameRoom.broadcast`; 0: one per action)."""

    db_url: str = ""
    pack_dirs: list[str] = field(default_factory=list)
    max_message: int = 4096
    rate: float = 20.0
    burst: int = 40
    bot_delay: float = 0.4
    search_workers: int = 1
    max_bot_budget: str = DEFAULT_CAP
    lease_seconds: float = 10.0
    poll_seconds: float = 2.0
    idle_seconds: float = 300.0
    sqlite_sync: str = "normal"
    watch_interval: float = 0.1

    def database(self) -> str:
        """The database URL to use (the embedded default when none was given)."""
        return self.db_url or default_db_url()

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON (how ``clank serve --workers`` hands them to its processes)."""
        return asdict(self)
