"""The Starlette application: the lobby, the table page, the game API and the WebSocket.

Routes:

- ``GET /``: the lobby (new game form, games list); ``POST /games``: create from the form;
- ``POST /api/games``: create from JSON (programs, tests, the load benchmark);
- ``GET /g/GAME``: the table page (the seat token travels in the link's fragment);
- ``GET /g/GAME/record``: a finished game's record, the JSON ``clank replay`` reads (409 before
  the end: a record holds every action, hence every secret);
- ``POST /api/games/GAME/takeover`` and ``POST /api/games/GAME/delete``: the creator's token
  hands a seat to a bot or deletes the game; ``POST /api/games/GAME/fault``: the creator reads
  the fault of a pack's code that stopped the game (the file, the line, the error);
- ``WS /ws/GAME``: the protocol of :mod:`clank_web.protocol`;
- ``GET /health``: games held, games that could not be restored, games a pack's fault stopped.

Every response carries a Content-Security-Policy that allows the server's own script and
stylesheet only, so even a text that slipped past escaping could not run as script.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from clank.api import SetupError, game_record
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from clank_web import lobby
from clank_web.config import ServerConfig
from clank_web.pages import render
from clank_web.protocol import Act, Preview, Refusal, decode, encode, parse_hello, parse_message
from clank_web.ratelimit import TokenBucket
from clank_web.storage import Store
from clank_web.tables import Connection, Created, GameRoom, Hall
from clank_web.tokens import matches

log = logging.getLogger("clank_web")
STATIC = Path(__file__).resolve().parent / "static"
HELLO_TIMEOUT = 15.0
MAX_FORM = 64 * 1024
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


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


def create_app(config: ServerConfig) -> Starlette:
    """The web table's ASGI application for ``config`` (its database is migrated and its games
    restored when the application starts)."""
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(config.database())
        await asyncio.to_thread(store.migrate)
        hall = Hall(config, store)
        await asyncio.to_thread(hall.restore)
        hall.start()
        state["hall"] = hall
        state["loop"] = asyncio.get_running_loop()
        state["catalogue"] = await asyncio.to_thread(lobby.catalogue, config.pack_dirs)
        log.info("clank serve: %d game(s) restored from %s", hall.restored, store.url.split("@")[-1])
        try:
            yield
        finally:
            await hall.close()

    def hall() -> Hall:
        return state["hall"]

    def room_or_none(game_id: str) -> GameRoom | None:
        return hall().rooms.get(game_id)

    # -- pages -----------------------------------------------------------------------------
    def lobby_page(
        form: dict[str, Any] | None = None,
        chosen: list[str] | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> HTMLResponse:
        games = [
            {
                "id": r.id,
                "packs": ", ".join(Path(p).name for p in r.spec.packs),
                "players": r.spec.players,
                "state": "over" if r.game.over else f"round {r.game.state.round}",
            }
            for r in hall().rooms.values()
        ]
        html = render(
            "lobby.html",
            catalogue=state["catalogue"],
            form=form or {},
            chosen=chosen or ["catacombs"],
            error=error,
            games=games,
        )
        return HTMLResponse(html, status)

    async def home(request: Request) -> Response:
        return lobby_page()

    async def create_from_form(request: Request) -> Response:
        if int(request.headers.get("content-length") or 0) > MAX_FORM:
            return error_page("Too large", "the form is larger than the server accepts", 413)
        form = await request.form()
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        chosen = [v for v in form.getlist("pack") if isinstance(v, str)]
        try:
            spec = lobby.parse_spec(fields, chosen, state["catalogue"])
            created = await hall().create(spec)
        except (lobby.SpecError, SetupError, ValueError, OSError) as exc:
            return lobby_page(fields, chosen, f"The game could not be created: {exc}", 400)
        links = links_of(request, created, spec.seats)
        return HTMLResponse(render("created.html", game_id=created.game_id, **links))

    def links_of(request: Request, created: Created, seats: list[str]) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        page = f"{base}/g/{created.game_id}"
        rows = []
        for seat, kind in enumerate(seats):
            token = created.seat_tokens.get(seat)
            rows.append(
                {
                    "seat": seat,
                    "name": f"P{seat + 1}",
                    "bot": None if token else kind,
                    "token": token,
                    "link": f"{page}#seat={token}" if token else None,
                }
            )
        return {"seats": rows, "spectator": page, "creator": f"{page}#creator={created.creator_token}"}

    async def create_from_json(request: Request) -> Response:
        try:
            body = await read_json(request)
            fields = {k: str(v) for k, v in (body.get("form") or {}).items()}
            fields.update({k: str(v) for k, v in body.items() if k in ("players", "seed", "timer")})
            for seat, kind in enumerate(body.get("seats") or []):
                fields[f"seat{seat}"] = str(kind).split(":", 1)[0]
                if ":" in str(kind):
                    fields[f"budget{seat}"] = str(kind).split(":", 1)[1]
            for name, value in (body.get("options") or {}).items():
                fields[f"option:{name}"] = json.dumps(value) if not isinstance(value, str) else value
            spec = lobby.parse_spec(fields, [str(p) for p in body.get("packs") or []], state["catalogue"])
            created = await hall().create(spec)
        except Refusal as refusal:
            return JSONResponse(refusal.to_json(), refusal.status)
        except (lobby.SpecError, SetupError, ValueError, OSError) as exc:
            return JSONResponse(Refusal(400, "refused", str(exc)).to_json(), 400)
        links = links_of(request, created, spec.seats)
        return JSONResponse(
            {"game": created.game_id, "seed": spec.seed, **links, "creator_token": created.creator_token}, 201
        )

    async def table_page(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        if room_or_none(game_id) is None:
            return error_page(
                "No such game", "There is no game with this id: it was deleted, or the link is wrong.", 404
            )
        return HTMLResponse(render("table.html", game_id=game_id, max_message=config.max_message))

    async def record(request: Request) -> Response:
        room = room_or_none(request.path_params["game_id"])
        if room is None:
            return JSONResponse(Refusal(404, "no-game", "no such game").to_json(), 404)
        async with room.lock:  # a game's last action counts once it is committed
            published = lobby.portable_record(game_record(room.game, digests=True)) if room.game.over else None
        if published is None:
            return JSONResponse(
                Refusal(
                    409,
                    "not-over",
                    "the record is published once the game is over: it "
                    "holds every action, and so every player's secrets",
                ).to_json(),
                409,
            )
        return Response(
            json.dumps(published, sort_keys=True, indent=1) + "\n",
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="clank-{room.id}.json"'},
        )

    async def creator_call(request: Request) -> tuple[GameRoom, dict[str, Any]]:
        room = room_or_none(request.path_params["game_id"])
        if room is None:
            raise Refusal(404, "no-game", "no such game")
        body = await read_json(request)
        if not matches(body.get("token") if isinstance(body.get("token"), str) else None, room.creator_hash):
            raise Refusal(
                403, "not-creator", "only the game's creator may do this (the creator link's token)"
            )
        return room, body

    async def takeover(request: Request) -> Response:
        try:
            room, body = await creator_call(request)
            seat, bot = body.get("seat"), body.get("bot") or "greedy"
            if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(bot, str):
                raise Refusal(400, "malformed", "give 'seat' (0-based) and 'bot'")
            await hall().take_over(room, seat, bot)
        except Refusal as refusal:
            return JSONResponse(refusal.to_json(), refusal.status)
        return JSONResponse({"ok": True, "seat": seat, "bot": bot})

    async def fault(request: Request) -> Response:
        try:
            room, _ = await creator_call(request)
        except Refusal as refusal:
            return JSONResponse(refusal.to_json(), refusal.status)
        return JSONResponse({"game": room.id, "stopped": room.stopped, "fault": room.fault})

    async def delete_game(request: Request) -> Response:
        try:
            room, _ = await creator_call(request)
            await hall().delete(room)
        except Refusal as refusal:
            return JSONResponse(refusal.to_json(), refusal.status)
        return JSONResponse({"ok": True, "deleted": room.id})

    async def health(request: Request) -> Response:
        return JSONResponse(
            {
                "games": len(hall().rooms),
                "restored": hall().restored,
                "not_restored": sorted(hall().refused),
                "broken": sorted(r.id for r in hall().rooms.values() if r.broken),
                "stopped": sorted(r.id for r in hall().rooms.values() if r.stopped),
            }
        )

    async def read_json(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_FORM:
            raise Refusal(413, "too-large", "the request body is too large")
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise Refusal(400, "malformed", "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise Refusal(400, "malformed", "the request body must be a JSON object")
        return data

    # -- the WebSocket -----------------------------------------------------------------------
    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        game_id = ws.path_params["game_id"]
        try:
            await converse(ws, game_id)
        except WebSocketDisconnect:
            return
        except Refusal as refusal:  # a refusal that ends the conversation
            with contextlib.suppress(Exception):
                await ws.send_text(encode(refusal.to_json()))
                await ws.close(refusal.close_code, refusal.message[:120])

    async def converse(ws: WebSocket, game_id: str) -> None:
        room = room_or_none(game_id)
        if room is None:
            raise Refusal(
                404,
                "no-game",
                "there is no game with this id: it was deleted, or the link is wrong",
                close=True,
            )
        try:
            first = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
        except TimeoutError:
            raise Refusal(400, "no-hello", "no hello within the time allowed", close=True) from None
        hello = parse_hello(decode(first, config.max_message))
        seat = None
        if hello.token is not None:
            seat = room.seat_of(hello.token)
            if seat is None:
                raise Refusal(
                    401,
                    "bad-token",
                    "this seat link is not valid for this game (a wrong, old or "
                    "mistyped token): ask the game's creator for yours",
                    close=True,
                )
        conn = Connection(ws.send_text, seat, hello.mode, close=ws.close)
        conn.push(
            {
                "type": "welcome",
                "game": room.id,
                "seat": seat,
                "name": room.game.name(seat) if seat is not None else None,
            }
        )
        await room.join(conn)
        bucket = TokenBucket(config.rate, config.burst)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if room.deleted:
                    raise Refusal(404, "no-game", "this game was deleted", close=True)
                try:
                    if not bucket.allow():
                        raise Refusal(429, "too-fast", "too many messages: slow down (this one was ignored)")
                    data = decode(
                        message.get("text") if "text" in message else message.get("bytes"), config.max_message
                    )
                    parsed = parse_message(data)
                    if isinstance(parsed, Act):
                        await room.act(seat, parsed.action, parsed.version, conn=conn)
                    elif isinstance(parsed, Preview):
                        conn.push(await room.preview(seat, parsed.action, parsed.version))
                    else:
                        conn.push({"type": "pong", "version": room.version})
                except Refusal as refusal:
                    if refusal.close:
                        raise
                    conn.push(refusal.to_json())
        finally:
            room.leave(conn)
            await conn.finish()

    def error_page(title: str, message: str, status: int) -> HTMLResponse:
        return HTMLResponse(render("error.html", title=title, message=message), status)

    async def not_found(request: Request, exc: Exception) -> Response:
        return error_page("Not found", "There is nothing at this address.", 404)

    routes = [
        Route("/", home),
        Route("/games", create_from_form, methods=["POST"]),
        Route("/games", lambda request: RedirectResponse("/", 303), methods=["GET"]),
        Route("/api/games", create_from_json, methods=["POST"]),
        Route("/g/{game_id}", table_page),
        Route("/g/{game_id}/record", record),
        Route("/api/games/{game_id}/takeover", takeover, methods=["POST"]),
        Route("/api/games/{game_id}/delete", delete_game, methods=["POST"]),
        Route("/api/games/{game_id}/fault", fault, methods=["POST"]),
        Route("/health", health),
        WebSocketRoute("/ws/{game_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={404: not_found},
    )
    app.state.hall = hall
    app.state.loop = lambda: state["loop"]  # the server's event loop (tests schedule work on it)
    return app
