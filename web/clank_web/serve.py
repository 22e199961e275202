"""Running the web table: ``clank serve`` (and ``make serve``) call :func:`run`."""

from __future__ import annotations

import logging

from clank_web.config import ServerConfig

WS_MAX_SIZE = 1 << 20
"""The hard limit on a WebSocket frame (uvicorn closes with 1009 above it); the protocol's own
limit, ``ServerConfig.max_message``, is much lower and answered with a clear refusal (4413)."""


WEB_MODULES = ("starlette", "uvicorn", "websockets", "sqlalchemy", "alembic", "jinja2", "multipart", "orjson")
"""What the extra ``web`` installs."""


def missing_dependency(db_url: str = "") -> str | None:
    """Why the server cannot start with what is installed (which extra to install), or None."""
    import importlib.util

    missing = [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        return (
            f"clank serve needs the web extra ({', '.join(missing)} missing): "
            f"pip install 'clank-engine[web]' (make install does it)"
        )
    if db_url.startswith(("postgresql://", "postgres://")) and importlib.util.find_spec("psycopg") is None:
        return "a PostgreSQL database needs the postgres extra: pip install 'clank-engine[postgres]'"
    return None


def run(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the web table until interrupted."""
    import uvicorn

    from clank_web.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)      # its plugin set-up lines say nothing to a player
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        log_level="info",
        lifespan="on",
        timeout_graceful_shutdown=3,
    )
