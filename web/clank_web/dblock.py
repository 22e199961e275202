"""An SQLite file serves one server process: a second one is refused when it starts.

Server processes learn of each other's commits through PostgreSQL's ``NOTIFY``, which SQLite
does not have: two processes on one SQLite file would each hold games the other changes
behind its back. So a process serving an SQLite file holds an exclusive lock on a file beside
it (``FILE.serving``, ``flock``: the kernel releases it when the process ends, killed
included), and a second process finds it held and stops with a message that says why and what
to use instead (PostgreSQL). Within one process the lock is shared (the command line takes it
before the server starts; the application takes it again when it starts).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

LOCK_SUFFIX = ".serving"


class DatabaseInUse(RuntimeError):
    """The SQLite file is served by another process."""


def sqlite_file(url: str) -> Path | None:
    """The file of an ``sqlite:///FILE`` URL (None for PostgreSQL or an in-memory database)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split("///", 1)[1] if "///" in url else ""
    path = path.split("?", 1)[0]
    return Path(path).resolve() if path and path != ":memory:" else None


_held: dict[Path, tuple[IO[str], int]] = {}


class SqliteLock:
    """This process's hold on an SQLite file (see the module); :meth:`release` lets it go."""

    def __init__(self, url: str) -> None:
        self.path = sqlite_file(url)
        if self.path is None:
            return
        held = _held.get(self.path)
        if held is not None:
            _held[self.path] = (held[0], held[1] + 1)
            return
        _held[self.path] = (_take(self.path), 1)

    def release(self) -> None:
        """Let the file go (once every holder in this process did)."""
        if self.path is None or self.path not in _held:
            return
        handle, count = _held[self.path]
        if count > 1:
            _held[self.path] = (handle, count - 1)
        else:
            del _held[self.path]
            handle.close()                      # closing the file releases the lock
        self.path = None


def _take(path: Path) -> IO[str]:
    try:
        import fcntl
    except ImportError:                         # no flock here (Windows): nothing is checked
        return open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (held until released)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(str(path) + LOCK_SUFFIX, "a+", encoding="utf-8")  # noqa: SIM115 (held until released)
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        other = handle.read().strip() or "?"
        handle.close()
        raise DatabaseInUse(
            f"the database {path} is already served by another clank serve (process {other}): an SQLite "
            f"file serves one process only, since processes learn of each other's moves through the "
            f"database and SQLite cannot tell them. To run several processes on one database, use "
            f"PostgreSQL: clank serve --db postgresql://USER@HOST/DB (docs/web.md, 'Several processes')"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle
