"""What the handlers share: the hall and the catalogue from the lifespan state, a request's
body read within the size limit, JSON bodies, the game a path names, the links of a new game."""

from __future__ import annotations

from typing import Any

from clank.api import SetupError
from starlette.requests import HTTPConnection, Request

from clank_web.hall import Hall
from clank_web.lobby import Catalogue, GameSpec, SpecError, SpecRequest, parse_spec
from clank_web.refusal import Refusal
from clank_web.safejson import loads
from clank_web.tables import Created, GameRoom

MAX_BODY = 64 * 1024
"""The largest HTTP request body accepted (a form or JSON)."""


def hall_of(connection: HTTPConnection) -> Hall:
    """The hall of the application serving this request (its lifespan state)."""
    hall: Hall = connection.state.hall
    return hall


def catalogue_of(connection: HTTPConnection) -> Catalogue:
    """What the lobby offers (read once when the application started)."""
    catalogue: Catalogue = connection.state.catalogue
    return catalogue


async def body_of(request: Request) -> bytes:
    """The request's body, refused as ``too-large`` past :data:`MAX_BODY` (announced or sent)."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced[:12]) > MAX_BODY:
        raise Refusal("too-large", "the request body is larger than the server accepts")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refusal("too-large", "the request body is larger than the server accepts")
        chunks.append(chunk)
    body = b"".join(chunks)
    request._body = body  # later readers (the form parser) read it from here
    return body


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body: an empty object); ``malformed`` otherwise."""
    data = loads(await body_of(request) or b"{}")
    if not isinstance(data, dict):
        raise Refusal("malformed", "the request body must be a JSON object")
    return data


async def room_of(connection: HTTPConnection) -> GameRoom:
    """The game the path names; ``no-game`` if there is none."""
    room = await hall_of(connection).room(connection.path_params["game_id"])
    if room is None:
        raise Refusal("no-game", "there is no game with this id: it was deleted, or the link is wrong")
    return room


async def creator_call(request: Request) -> tuple[GameRoom, dict[str, Any]]:
    """The game and the JSON body of a request only the game's creator may make."""
    room = await room_of(request)
    body = await json_body(request)
    token = body.get("token")
    if not room.is_creator(token if isinstance(token, str) else None):
        raise Refusal("not-creator", "only the game's creator may do this (the creator link's token)")
    return room, body


def game_page(request: Request, game_id: str) -> str:
    """The address of a game's page (a spectator's link; a seat's adds ``#seat=TOKEN``)."""
    return f"{str(request.base_url).rstrip('/')}/g/{game_id}"


def links_of(request: Request, created: Created, seats: list[str]) -> dict[str, Any]:
    """A new game's links: each person's seat link, the spectator's, the creator's."""
    page = game_page(request, created.game_id)
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


async def new_game(connection: HTTPConnection, asked: SpecRequest) -> tuple[GameSpec, Created]:
    """Check a request for a new game (the one parser of the form and the JSON API) and create
    it; ``refused`` with the lobby's or the engine's reason."""
    hall = hall_of(connection)
    try:
        spec = parse_spec(asked, catalogue_of(connection), hall.bots.cap)
        return spec, await hall.create(spec)
    except (SpecError, SetupError, ValueError, OSError) as exc:
        raise Refusal("refused", f"the game could not be created: {exc}") from None
