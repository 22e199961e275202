"""How the base game's things look on screen (the render hook): what lies in a room, notes on a
tile, a player's lockpicks, the market board. Every function reads a seat's view only."""

from __future__ import annotations

from collections import Counter

from clank.plugin import Mark, Registry, RenderDef

from clank_catacombs import market
from clank_catacombs.depths import haunted, in_depths

LOCKED = {"locked_chest": "chest", "locked_tome": "tome", "locked_cell": "cell"}


def room_marks(view, room_id: str) -> list[Mark]:
    """Artifacts (by value), idols, wayshrine marks, opened locks."""
    data = view.room(room_id)
    toks = view.ruleset.tokens
    out: list[Mark] = []
    arts = data.get("artifacts") or []
    if arts:
        out.append(Mark("artifact " + ", ".join(str(toks[a].value) for a in arts), "treasure"))
    tokens = data.get("tokens") or []
    if tokens:
        names = Counter(toks[t].name for t in tokens)
        out.append(Mark(", ".join(f"{n} ×{k}" if k > 1 else n for n, k in names.items()), "treasure"))
    marks = data.get("marks") or []
    if marks:
        out.append(Mark("marked by " + " ".join(view.name(s) for s in marks), "muted"))
    for feature, what in LOCKED.items():
        if data.get(f"{feature}_open"):
            out.append(Mark(f"{what} opened", "muted"))
    return out


def tile_marks(view, tile_id: str) -> list[Mark]:
    """Haunted tiles."""
    tdef = view.ruleset.tiles[tile_id]
    return [Mark("haunted", "danger")] if haunted(tdef) else []


def depths_mark(view, room_id: str) -> bool:
    """Whether a room is in the Depths (for renderers that shade them)."""
    return in_depths(view, room_id)


def player_marks(view, seat: int) -> list[Mark]:
    """Lockpicks held."""
    p = view.player(seat)
    n = p.pool.get("lockpicks", 0)
    return [Mark(f"{n} lockpick{'s' if n != 1 else ''}", "resource")]


def board_marks(view) -> list[Mark]:
    """The market board: each item, how many are left, its price."""
    toks = view.ruleset.tokens
    items = Counter(view.market.get(market.BOARD, []))
    if not items:
        return [Mark("market board: sold out", "muted")]
    text = "; ".join(f"{toks[t].name} ×{n} ({market.sale(view, t)['price']} gold)" for t, n in items.items())
    return [Mark(f"market board: {text}", "")]


def register(registry: Registry) -> None:
    registry.add_render(RenderDef("catacombs", room=room_marks, tile=tile_marks, player=player_marks,
                                  board=board_marks))
