"""The Starlette application: its routes, its lifespan, one handler for refusals.

Routes (the handlers are module-level functions of :mod:`clank_web.handlers`, grouped by what
they serve):

- pages: ``GET /`` the lobby (new game form, games list); ``POST /games`` create from the form;
  ``GET /g/GAME`` the table page (the seat token travels in the link's fragment);
- API: ``POST /api/games`` create from JSON (programs, tests, the load benchmark);
  ``GET /g/GAME/record`` a finished game's record, the JSON ``clank replay`` reads (409 before
  the end: a record holds every action, hence every secret); ``POST /api/games/GAME/takeover``
  and ``POST /api/games/GAME/delete``: the creator's token hands a seat to a bot (or back to a
  person) or deletes the game; ``POST /api/games/GAME/fault``: the creator reads the fault of
  a pack's code that stopped the game; ``GET /health``: this process and its games;
- socket: ``WS /ws/GAME``, the protocol of :mod:`clank_web.protocol`.

The lifespan migrates the database, starts the :class:`~clank_web.hall.Hall` (which joins the
other server processes of the database) and hands it to the handlers as lifespan state
(``request.state.hall``). A :class:`~clank_web.refusal.Refusal` raised by any handler is
answered by :func:`refused`: JSON with its status for programs, an error page for a browser.

Every response carries a Content-Security-Policy that allows the server's own script and
stylesheet only, so even a text that slipped past escaping could not run as script.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from clank_web import lobby
from clank_web.config import ServerConfig
from clank_web.hall import Hall
from clank_web.handlers import api, pages, sockets
from clank_web.pages import render
from clank_web.protocol import refusal_json, status
from clank_web.refusal import Refusal
from clank_web.storage import Store

log = logging.getLogger("clank_web")
STATIC = Path(__file__).resolve().parent / "static"
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
PAGE_TITLES = {"no-game": "No such game", "deleted": "No such game", "too-large": "Too large",
               "not-over": "Not over yet"}
"""An error page's title by the refusal's code (others: "Refused")."""


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def error_page(title: str, message: str, code: int) -> HTMLResponse:
    """An error page a browser shows."""
    return HTMLResponse(render("error.html", title=title, message=message), code)


async def refused(request: Request, exc: Exception) -> Response:
    """The one answer to a :class:`~clank_web.refusal.Refusal`: the error message as JSON with
    the refusal's status (programs, the page's script), or an error page for a browser."""
    assert isinstance(exc, Refusal)
    if "text/html" in request.headers.get("accept", ""):
        return error_page(PAGE_TITLES.get(exc.code, "Refused"), exc.sentence, status(exc))
    return JSONResponse(refusal_json(exc), status(exc))


async def not_found(request: Request, exc: Exception) -> Response:
    """Nothing at this address."""
    return error_page("Not found", "There is nothing at this address.", 404)


ROUTES = [
    Route("/", pages.home),
    Route("/games", pages.create_from_form, methods=["POST"]),
    Route("/games", pages.to_lobby, methods=["GET"]),
    Route("/g/{game_id}", pages.table_page),
    Route("/api/games", api.create_from_json, methods=["POST"]),
    Route("/g/{game_id}/record", api.record),
    Route("/api/games/{game_id}/takeover", api.takeover, methods=["POST"]),
    Route("/api/games/{game_id}/delete", api.delete_game, methods=["POST"]),
    Route("/api/games/{game_id}/fault", api.fault, methods=["POST"]),
    Route("/health", api.health),
    WebSocketRoute("/ws/{game_id}", sockets.socket),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(config: ServerConfig, started: Callable[[], None] | None = None) -> Starlette:
    """The web table's ASGI application for ``config`` (its database is migrated and the hall
    started when the application starts; its lifespan state holds ``hall`` and ``catalogue``).
    ``started`` is called once all of that is loaded (a server process tunes its garbage
    collector then: :func:`clank_web.serve.tune_gc`)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        store = Store(config.database(), config.sqlite_sync)
        hall = Hall(config, store)  # an SQLite file already served by another process is refused here
        await asyncio.to_thread(store.migrate)
        await hall.start()
        catalogue = await asyncio.to_thread(lobby.catalogue, config.pack_dirs)
        log.info("clank serve: process %s on %s", hall.id, store.url.split("@")[-1])
        if started is not None:
            started()
        try:
            yield {"hall": hall, "catalogue": catalogue}
        finally:
            await hall.close()

    return Starlette(
        routes=ROUTES,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={Refusal: refused, 404: not_found},
    )
