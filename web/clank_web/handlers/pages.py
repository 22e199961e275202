"""The pages: the lobby (new game form, games list), a new game's links, the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from clank_web.handlers.common import body_of, catalogue_of, hall_of, links_of, new_game, room_of
from clank_web.lobby import SpecRequest
from clank_web.pages import render
from clank_web.refusal import Refusal


async def lobby_page(
    request: Request,
    form: dict[str, Any] | None = None,
    chosen: list[str] | None = None,
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    """The lobby: the form (filled as it was sent, after a refusal) and the stored games."""
    games = [
        {
            "id": g.id,
            "packs": ", ".join(Path(p).name for p in g.spec.get("packs", [])),
            "players": g.spec.get("players"),
            "state": "over" if g.status == "over" else f"{g.actions} actions played",
        }
        for g in await hall_of(request).listed()
    ]
    html = render(
        "lobby.html",
        catalogue=catalogue_of(request),
        form=form or {},
        chosen=chosen or ["catacombs"],
        error=error,
        games=games,
    )
    return HTMLResponse(html, status)


async def home(request: Request) -> Response:
    """``GET /``: the lobby."""
    return await lobby_page(request)


async def to_lobby(request: Request) -> Response:
    """``GET /games``: back to the lobby."""
    return RedirectResponse("/", 303)


async def create_from_form(request: Request) -> Response:
    """``POST /games``: a new game from the lobby's form; its links, or the form again with the
    reason it was refused."""
    await body_of(request)
    form = await request.form()
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    chosen = [v for v in form.getlist("pack") if isinstance(v, str)]
    try:
        spec, created = await new_game(request, SpecRequest.from_form(fields, chosen))
    except Refusal as refusal:
        if refusal.code != "refused":
            raise
        return await lobby_page(request, fields, chosen, refusal.sentence, 400)
    links = links_of(request, created, spec.seats)
    return HTMLResponse(render("created.html", game_id=created.game_id, **links))


async def table_page(request: Request) -> Response:
    """``GET /g/GAME``: the table (the seat token travels in the link's fragment, never here)."""
    room = await room_of(request)
    return HTMLResponse(render("table.html", game_id=room.id, max_message=hall_of(request).config.max_message))
