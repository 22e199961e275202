"""``clank serve``: the web table (needs the extra 'web')."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from clank_cli import console as con


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, pack_dirs: Sequence[str] = (),
          bot_delay: float = 0.4, rate: float = 20.0) -> None:
    """Serve the web table on ``host``:``port`` until Ctrl-C; exit code 3 without the extra
    'web' (or the database driver ``db`` needs) or when a pack fails to load, 2 for a
    ``pack_dirs`` entry that is not a pack directory."""
    from clank_web import serve as web

    problem = web.missing_dependency(db or "")
    if problem is not None:
        raise con.fail(problem, con.EXIT_ENV)
    from clank_web.config import ServerConfig

    for folder in pack_dirs:
        if not (Path(folder) / "pack.yaml").is_file():
            raise con.fail(f"--pack-dir {folder}: not a pack directory (no pack.yaml)", con.EXIT_USAGE)
    config = ServerConfig(db or "", list(pack_dirs), rate=rate, burst=max(2, int(rate * 2)), bot_delay=bot_delay)
    from clank_web.lobby import catalogue

    with con.engine_errors():
        catalogue(config.pack_dirs)     # a pack that fails to load stops the server before it starts
    con.say(f"clank serve: http://{host}:{port}/ (database: {config.database().split('@')[-1]}); Ctrl-C stops it")
    web.run(config, host, port)
