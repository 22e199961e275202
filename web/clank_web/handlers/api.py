"""The JSON API: creating games (programs, tests, the load benchmark), a finished game's record,
the creator's calls (hand a seat to a bot or back to a person, delete the game, read the fault
that stopped it), and the server's health. A refusal is answered by the application's one
handler for :class:`~clank_web.refusal.Refusal` (:mod:`clank_web.app`)."""

from __future__ import annotations

import json

from clank.api import game_record
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from clank_web import lobby
from clank_web.handlers.common import creator_call, game_page, hall_of, json_body, links_of, new_game, room_of
from clank_web.lobby import SpecError, SpecRequest
from clank_web.refusal import Refusal


async def create_from_json(request: Request) -> Response:
    """``POST /api/games``: a new game from JSON (``packs``, ``players``, ``seed``, ``seats``,
    ``options``, ``timer``); its links and tokens (201)."""
    body = await json_body(request)
    try:
        asked = SpecRequest.from_json(body)
    except SpecError as exc:
        raise Refusal("malformed", str(exc)) from None
    spec, created = await new_game(request, asked)
    links = links_of(request, created, spec.seats)
    return JSONResponse(
        {"game": created.game_id, "seed": spec.seed, **links, "creator_token": created.creator_token}, 201
    )


async def record(request: Request) -> Response:
    """``GET /g/GAME/record``: a finished game's record, the JSON ``clank replay`` reads
    (``not-over`` before the end: a record holds every action, hence every secret)."""
    room = await room_of(request)
    if not room.game.over:  # another process may have committed the last action a moment ago
        await hall_of(request).advance(room)
    async with room.lock:  # a game's last action counts once it is committed
        published = lobby.portable_record(game_record(room.game, digests=True)) if room.game.over else None
    if published is None:
        raise Refusal(
            "not-over",
            "the record is published once the game is over: it holds every action, and so every player's secrets",
        )
    return Response(
        json.dumps(published, sort_keys=True, indent=1) + "\n",
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="clank-{room.id}.json"'},
    )


async def takeover(request: Request) -> Response:
    """``POST /api/games/GAME/takeover`` (``token``, ``seat``, ``bot``): the creator hands a seat
    to a bot, or back to a person (``"bot": "human"``: the answer holds the seat's new link)."""
    room, body = await creator_call(request)
    seat, bot = body.get("seat"), body.get("bot") or "greedy"
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(bot, str):
        raise Refusal("malformed", "give 'seat' (0-based) and 'bot'")
    token = await hall_of(request).take_over(room, seat, bot)
    answer: dict[str, object] = {"ok": True, "seat": seat, "bot": bot}
    if token is not None:
        answer.update(token=token, link=f"{game_page(request, room.id)}#seat={token}")
    return JSONResponse(answer)


async def fault(request: Request) -> Response:
    """``POST /api/games/GAME/fault`` (``token``): the creator reads the fault of a pack's code
    that stopped the game (the file, the line, the error)."""
    room, _ = await creator_call(request)
    return JSONResponse({"game": room.id, "stopped": room.stopped, "fault": room.fault})


async def delete_game(request: Request) -> Response:
    """``POST /api/games/GAME/delete`` (``token``): the creator deletes the game."""
    room, _ = await creator_call(request)
    await hall_of(request).delete(room)
    return JSONResponse({"ok": True, "deleted": room.id})


async def health(request: Request) -> Response:
    """``GET /health``: this process, the games stored and held, those that could not be
    restored, those a pack's fault stopped, the leases it holds."""
    return JSONResponse(await hall_of(request).health())
