"""The server's settings: where games are stored, which directory packs it offers, its limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

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
    that run search bots (``mcts``)."""

    db_url: str = ""
    pack_dirs: list[str] = field(default_factory=list)
    max_message: int = 4096
    rate: float = 20.0
    burst: int = 40
    bot_delay: float = 0.4
    search_workers: int = 1

    def database(self) -> str:
        """The database URL to use (the embedded default when none was given)."""
        return self.db_url or default_db_url()
