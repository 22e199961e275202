"""What one seat is sent: its view of the game as data, and as HTML fragments of the table.

Everything here reads ``game.view(seat)`` (a spectator: ``game.view(None)``), never the game
itself, so another seat's hand, the order of any deck, the bag's contents, fate cards and
other secrets cannot reach a connection: what a view hides is not there to send. The legal
actions go to the deciding seat only (with the engine's labels, :mod:`clank.labels`). The
map is the engine's own renderer (:func:`clank.mapdraw.map_svg`), the rooms the seat can
reach now highlighted (``class="room reachable"``) and each orientation of a discovered tile
drawn as a preview.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from clank.actions import Action
from clank.labels import (
    action_label,
    card_name,
    cost_text,
    marks,
    move_destination,
    prompt_text,
    resource_words,
    result_words,
    room_name,
    token_name,
)
from clank.mapdraw import map_svg
from markupsafe import Markup

from clank_web.lobby import HUMAN
from clank_web.pages import parts

if TYPE_CHECKING:
    from clank_web.tables import GameRoom

LOG_LINES = 40
PREVIEW_KINDS = ("orient", "place")


def action_entries(view: Any, seat: int | None, actions: list[Action]) -> list[dict[str, Any]]:
    """The legal actions as the page shows them: the text to send back, the engine's label,
    the room a move leads to (a click on the map plays it) and whether it lays a tile."""
    out = []
    for a in actions:
        room = move_destination(view, seat, a) if seat is not None and a.kind in ("move", "portal") else None
        out.append(
            {
                "text": str(a),
                "label": action_label(view, a),
                "kind": a.kind,
                "room": room,
                "preview": a.kind in PREVIEW_KINDS,
            }
        )
    return out


def seat_labels(room: GameRoom) -> list[str]:
    """``"P1"``, ``"P2 (greedy)"`` ... for every seat."""
    names = []
    for seat, info in enumerate(room.seats):
        name = room.game.name(seat)
        names.append(name if info.kind == HUMAN else f"{name} ({info.bot})")
    return names


def known_decider(view: Any, seat: int | None) -> int | None:
    """Who decides now, as ``seat`` may know it: the seat itself, or the player whose turn it is;
    None when another player decides out of turn (a React card's window), so that every other
    seat and every spectator sees the same neutral wait whoever holds the card."""
    decider = view.current_player
    return decider if decider is not None and decider in (seat, view.current) else None


def state_message(room: GameRoom, seat: int | None, mode: str) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator)."""
    view = room.game.view(seat)
    human = seat is not None and room.seats[seat].kind == HUMAN
    deciding = bool(human and view.deciding and not room.stopped)
    actions = action_entries(view, seat, view.legal_actions()) if deciding else []
    decider = known_decider(view, seat)
    message: dict[str, Any] = {
        "type": "state",
        "game": room.id,
        "version": room.version,
        "seat": seat,
        "over": view.over,
        "deciding": deciding,
        "decider": decider,
        "actions": actions,
        "prompt": prompt_text(view) if deciding else None,
        "stopped": room.stopped,
    }
    if mode == "html":
        message["html"] = fragments(room, view, seat, actions)
    return message


def _svg(text: str) -> Markup:
    """An SVG document inlined in the page (its XML declaration dropped). The renderer escapes
    every text it writes, so the document is trusted markup."""
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[1].lstrip()
    return Markup(text)


def fragments(room: GameRoom, view: Any, seat: int | None, actions: list[dict[str, Any]]) -> dict[str, str]:
    """The table's parts as HTML, by the name of the element each replaces."""
    macros = parts()
    names = seat_labels(room)
    reachable = sorted({a["room"] for a in actions if a["room"]})
    out = {
        "status": macros.status(status_context(room, view, seat, names)),
        "map": macros.dungeon(
            _svg(map_svg(view, highlight=reachable)),
            [
                (a["text"], a["label"], _svg(map_svg(view, preview=a["text"], title=a["label"])))
                for a in actions
                if a["preview"]
            ],
        ),
        "players": macros.players(players_context(view, names)),
        "row": macros.row(row_context(view)),
        "supply": macros.supply(supply_context(view)),
        "log": macros.log(view.log[-LOG_LINES:]),
        "actions": macros.actions(actions),
        "hand": macros.hand(hand_context(view, seat, actions)) if seat is not None else "",
    }
    return {k: str(v) for k, v in out.items()}


def status_context(room: GameRoom, view: Any, seat: int | None, names: list[str]) -> dict[str, Any]:
    """Who you are, whose turn, who decides (another player may answer on your turn: who, only
    that player's page says), the end."""
    decider = known_decider(view, seat)
    result = result_words(view, names) if view.over else None
    scores = []
    if view.over:
        for s in view.scores():
            scores.append(
                {
                    "name": names[s["seat"]],
                    "total": s["total"],
                    "eligible": s["eligible"],
                    "lines": [(src, pts) for src, pts in s["lines"]],
                }
            )
    deciding = seat is not None and decider == seat and room.seats[seat].kind == HUMAN and not room.stopped
    return {
        "game": room.id,
        "you": names[seat] if seat is not None else None,
        "seat": seat,
        "round": view.round,
        "turn": names[view.current] if not view.over else None,
        "decider": names[decider] if decider is not None else None,
        "out_of_turn": view.current_player is not None and view.current_player != view.current,
        "deciding": deciding,
        "prompt": prompt_text(view) if deciding else None,
        "over": view.over,
        "stopped": room.stopped,
        "result": result,
        "scores": scores,
        "version": room.version,
        "seats": [{"seat": s, "name": n, "human": room.seats[s].kind == HUMAN} for s, n in enumerate(names)],
    }


def players_context(view: Any, names: list[str]) -> list[dict[str, Any]]:
    """Every player's public state (a hand and a deck are counts), read from the view's public
    faces of the seats (``view.public``: built without copying their zones)."""
    out = []
    for seat in range(view.seat_count):
        p = view.public(seat)
        where = p["room"] or p["ko_room"]
        hand = p["hand"] if isinstance(p["hand"], int) else len(p["hand"])
        deck = p["deck"] if isinstance(p["deck"], int) else len(p["deck"])
        held = Counter(token_name(view, t) if t != "hidden" else "face-down token" for t in p["tokens"])
        out.append(
            {
                "seat": seat,
                "name": names[seat],
                "status": p["status"].replace("_", " "),
                "where": room_name(view, where) if where else "-",
                "gold": p["pool"].get("gold", 0),
                "damage": len(p["damage"]),
                "health": view.health,
                "cubes": p["cubes"],
                "clank": view.clank_area.get(str(seat), 0),
                "artifacts": [
                    f"{token_name(view, a)} ({view.ruleset.tokens[a].value})" for a in p["artifacts"]
                ],
                "hand": hand,
                "deck": deck,
                "discard": len(p["discard"]),
                "play": [card_name(view, c) for c in p["play"]],
                "tokens": [f"{n} ×{k}" if k > 1 else n for n, k in sorted(held.items())],
                "marks": [m.text for m in marks(view, "player", seat)],
                "current": seat == view.current,
            }
        )
    return out


def _card(view: Any, card: str) -> dict[str, Any]:
    cdef = view.ruleset.cards.get(card)
    if cdef is None:
        return {"id": card, "name": card, "text": "", "cost": "", "type": "", "points": ""}
    points = cdef.points if isinstance(cdef.points, int) else "*"
    return {
        "id": card,
        "name": cdef.name,
        "text": cdef.text or "",
        "cost": cost_text(cdef.cost),
        "type": cdef.type,
        "points": points,
        "dragon": bool(cdef.dragon_attack),
        "danger": bool(cdef.danger),
    }


def hand_context(view: Any, seat: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """This seat's own cards, play area, resources, teleports and tokens (what the packs' render
    hooks add about a player is in the players' table, for every seat alike)."""
    me = view.me
    playable = {a["text"] for a in actions if a["kind"] == "play"}
    hand = []
    for card, n in Counter(me.hand).items():
        entry = _card(view, card)
        entry["count"] = n
        entry["action"] = f"play {card}" if f"play {card}" in playable else None
        hand.append(entry)
    pool = [resource_words(res, n) for res, n in me.pool.items() if n]
    return {
        "hand": hand,
        "play": [_card(view, c) for c in me.play],
        "pool": pool,
        "teleports": list(me.teleports),
        "tokens": [token_name(view, t) for t in me.tokens],
    }


def row_context(view: Any) -> list[dict[str, Any]]:
    """The dungeon row, slot by slot (1-6, as players count)."""
    return [
        {"slot": i + 1, **_card(view, c)} if c else {"slot": i + 1, "empty": True}
        for i, c in enumerate(view.row)
    ]


def supply_context(view: Any) -> dict[str, Any]:
    """The reserve, the packs' boards (the market ...), the dragon: Clank! area, bag, rage."""
    cards = view.ruleset.cards
    draws = view.setup.get("rage_track", {}).get("draws", [])
    area = [(view.name(int(k)) if k.isdigit() else k, n) for k, n in sorted(view.clank_area.items()) if n]
    return {
        "reserve": [
            (cards[c].name if c in cards else c, n, cost_text(cards[c].cost) if c in cards else "")
            for c, n in view.reserve.items()
        ],
        "boards": [m.text for m in marks(view, "board")],
        "area": area,
        "bag": view.bag_total,
        "rage": view.rage + 1,
        "rage_spaces": len(draws),
        "draws": draws[view.rage] if 0 <= view.rage < len(draws) else "?",
        "deck": view.dungeon_deck_size,
        "round": view.round,
    }
