"""Running the web table: ``clank serve`` (and ``make serve``) call :func:`run`.

One process (``--workers 1``, the default) serves the application itself. ``--workers N``
runs N processes on one port through uvicorn's own supervisor: it binds the socket once, hands
it to N worker processes (the kernel spreads the connections among them), starts a new worker
when one dies, and stops them all on SIGINT or SIGTERM. (The alternative, N independent
servers each binding the port with ``SO_REUSEPORT``, would need a supervisor of our own to
restart them, and behaves differently from one system to another.) The workers learn of each
other through the database (:mod:`clank_web.hall`), so they need PostgreSQL: an SQLite file
serves one process only (:mod:`clank_web.dblock`).

A worker ends when its supervisor does, however it ends (``kill -9`` included): it asks the
kernel for SIGTERM when its parent dies (``PR_SET_PDEATHSIG`` on Linux) and a thread of its own
checks twice a second that its parent is still the supervisor that started it.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import threading
import time

from clank_web.config import ServerConfig
from clank_web.parentdeath import signal_on_parent_death

WS_MAX_SIZE = 1 << 20
"""The hard limit on a WebSocket frame (uvicorn closes with 1009 above it); the protocol's own
limit, ``ServerConfig.max_message``, is much lower and answered with a clear refusal (4413)."""
CONFIG_ENV = "CLANK_SERVE_CONFIG"
"""How ``--workers`` hands the settings to its worker processes (JSON)."""
SUPERVISOR_ENV = "CLANK_SERVE_SUPERVISOR"
"""The supervisor's process id, which its workers watch."""


GC_THRESHOLDS = (500_000, 50, 100)
"""The cyclic garbage collector's thresholds in a server process (Python's are 700, 10, 10).

A server holds many games, their pages' parts and the caches that share elements between them.
With Python's thresholds a collection ran about every 25 actions, promoted the parts of the
table alive at that moment to older generations, and so brought on a full collection of the
whole heap every few thousand actions: about an eighth of the server's time at 100 games, in
pauses of up to half a second that every game in flight waited for.

What a collection walks is the young objects still alive, and at a server's pace those are the
states of every game in play (each lives until its game's next action), far more than the
threshold counts, since the count goes down when an older object is freed: at 50,000, a closed
loop of 100 games made a collection every second or two that found 45,000 to 150,000 young
objects and paused every game for 5 to 80 ms. The actions' garbage is almost all freed by
reference counting (a few thousand objects a minute are left to the collector), so collecting
ten times less often costs little memory: in the same loop, one pause of about a quarter of a
second in 25 seconds, and a quarter of the collector's time."""


def tune_gc() -> None:
    """Set :data:`GC_THRESHOLDS` and move what is alive now out of the collector's sight (called
    once the application has started: the server's modules, the packs of the catalogue and of
    the games restored, the templates), so that a full collection never walks it again."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


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


def workers_problem(config: ServerConfig, workers: int) -> str | None:
    """Why ``workers`` processes cannot serve this database (SQLite), or None."""
    if workers > 1 and not config.database().startswith(("postgresql://", "postgres://")):
        return (f"--workers {workers} needs a PostgreSQL database: the processes learn of each other's "
                f"moves through it, and an SQLite file serves one process only. Use --db "
                f"postgresql://USER@HOST/DB (docs/web.md, 'Several processes')")
    return None


def run(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Serve the web table until interrupted: one process, or ``workers`` on one port."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)      # its plugin set-up lines say nothing to a player
    from clank_web.wsprotocol import WebSocketProtocol

    settings = {"host": host, "port": port, "ws": WebSocketProtocol, "ws_max_size": WS_MAX_SIZE,
                "log_level": "info", "lifespan": "on", "timeout_graceful_shutdown": 3}
    if workers <= 1:
        from clank_web.app import create_app

        uvicorn.run(create_app(config, started=tune_gc), **settings)  # type: ignore[arg-type]
        return
    os.environ[CONFIG_ENV] = json.dumps(config.to_json())
    os.environ[SUPERVISOR_ENV] = str(os.getpid())
    uvicorn.run("clank_web.serve:worker_app", factory=True, workers=workers, **settings)  # type: ignore[arg-type]


def worker_app():  # -> Starlette
    """A worker process's application (``--workers``): the settings from the supervisor, and a
    watch that ends the worker when the supervisor ends."""
    from clank_web.app import create_app

    config = ServerConfig(**json.loads(os.environ[CONFIG_ENV]))
    supervisor = int(os.environ.get(SUPERVISOR_ENV, "0"))
    if supervisor:
        watch_parent(supervisor)
    return create_app(config, started=tune_gc)


def watch_parent(parent: int, every: float = 0.5, grace: float = 10.0) -> None:
    """End this process when ``parent`` is no longer its parent: SIGTERM (a graceful stop), then
    SIGKILL if it is still there ``grace`` seconds later."""
    signal_on_parent_death(signal.SIGTERM)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(grace)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, daemon=True, name="clank-parent-watch").start()
