"""Hearing the other server processes: a PostgreSQL connection that ``LISTEN``\\ s on the
channel every transaction that changes a game notifies (:data:`clank_web.storage.CHANNEL`).

Each notification's payload goes to the hall (:meth:`clank_web.hall.Hall.on_notice`) on the
event loop. When the connection drops (the database restarted, the network blinked) it is
opened again, and once it listens again the hall checks every room it holds against the
database (notifications sent meanwhile are lost); until then the hall's regular look at the
database (``poll_seconds``) keeps its rooms up to date, more slowly.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from clank_web.storage import CHANNEL

log = logging.getLogger("clank_web")
RETRY_FIRST, RETRY_MOST = 0.5, 10.0
"""Seconds before listening again after a failure: doubled each time, up to the most."""


def conninfo(url: str) -> str:
    """A database URL as psycopg reads it (``postgresql+psycopg://`` → ``postgresql://``)."""
    scheme, rest = url.split("://", 1)
    return "postgresql://" + rest if scheme.startswith(("postgresql", "postgres")) else url


async def listen(url: str, on_notice: Callable[[str], None], resync: Callable[[], Awaitable[None]]) -> None:
    """Hear every notification of ``CHANNEL`` until cancelled, listening again after failures."""
    import psycopg

    delay = RETRY_FIRST
    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    log.info("clank serve: listening to the other processes again")
                    await resync()
                first, delay = False, RETRY_FIRST
                async for notice in conn.notifies():
                    on_notice(notice.payload)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("clank serve: not listening to the other processes (%s); again in %.1f s", exc, delay)
            first = False
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MOST)
