"""``clank serve``: the web table (needs the extra 'web')."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from clank_cli import console as con


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, pack_dirs: Sequence[str] = (),
          bot_delay: float = 0.4, rate: float = 20.0, *, workers: int = 1, max_bot_budget: str = "5000,2000ms",
          search_workers: int = 1, lease: float = 10.0, poll: float = 2.0, sqlite_sync: str = "normal",
          watch_interval: float = 0.1) -> None:
    """Serve the web table on ``host``:``port`` with ``workers`` processes until Ctrl-C; exit
    code 3 without the extra 'web' (or the database driver ``db`` needs), when a pack fails to
    load or when another process already serves the SQLite file; 2 for a ``pack_dirs`` entry
    that is not a pack directory, a malformed ``max_bot_budget``, an ``sqlite_sync`` other than ``normal`` or ``full``, or
    several workers on SQLite."""
    from clank_web import serve as web

    problem = web.missing_dependency(db or "")
    if problem is not None:
        raise con.fail(problem, con.EXIT_ENV)
    from clank_web.budget import BudgetCap
    from clank_web.config import ServerConfig
    from clank_web.dblock import DatabaseInUse, SqliteLock

    for folder in pack_dirs:
        if not (Path(folder) / "pack.yaml").is_file():
            raise con.fail(f"--pack-dir {folder}: not a pack directory (no pack.yaml)", con.EXIT_USAGE)
    try:
        BudgetCap.parse(max_bot_budget)
    except ValueError as exc:
        raise con.fail(f"--max-bot-budget {max_bot_budget}: {exc}", con.EXIT_USAGE) from None
    from clank_web.storage import SQLITE_SYNC

    if sqlite_sync not in SQLITE_SYNC:
        raise con.fail(f"--sqlite-sync {sqlite_sync}: choose one of {', '.join(SQLITE_SYNC)}", con.EXIT_USAGE)
    config = ServerConfig(db or "", list(pack_dirs), rate=rate, burst=max(2, int(rate * 2)), bot_delay=bot_delay,
                          search_workers=search_workers, max_bot_budget=max_bot_budget, lease_seconds=lease,
                          poll_seconds=min(poll, lease / 2), sqlite_sync=sqlite_sync,
                          watch_interval=watch_interval)
    problem = web.workers_problem(config, workers)
    if problem is not None:
        raise con.fail(problem, con.EXIT_USAGE)
    from clank_web.lobby import catalogue

    with con.engine_errors():
        catalogue(config.pack_dirs)     # a pack that fails to load stops the server before it starts
    try:
        hold = SqliteLock(config.database())   # an SQLite file already served by another process: refused
    except DatabaseInUse as exc:
        raise con.fail(str(exc), con.EXIT_ENV) from None
    con.say(f"clank serve: http://{host}:{port}/ (database: {config.database().split('@')[-1]}"
            f"{f'; {workers} processes' if workers > 1 else ''}); Ctrl-C stops it")
    try:
        web.run(config, host, port, workers)
    finally:
        hold.release()
