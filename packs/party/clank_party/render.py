"""How the Party's things look (the render hook): a player's character board, React cards
waiting for their owner's next turn, the colours of seats 5 and 6. Reads a seat's view only."""

from __future__ import annotations

from clank.plugin import Mark, Registry, RenderDef

from clank_party.components import colour
from clank_party.options import PACK

POWER_TEXT = {
    "agnet": lambda b: f"{b.get('conscription', 0)} conscription token(s)",
    "dallan": lambda b: "Finds: " + (", ".join(sorted(b.get("finds", {}))) or "none"),
    "garignar": lambda b: f"carnage token on space {b.get('carnage', 0)}",
    "lenara": lambda b: f"{b.get('mana', 0)} mana",
    "whiskers": lambda b: "behaviour tokens face up: " + (", ".join(b.get("up", [])) or "none"),
    "monkeybot": lambda b: f"{b.get('covered', 0)} cogwheel(s) left",
}


def player_marks(view, seat: int) -> list[Mark]:
    """A seat's colour (P5, P6), character board and React cards waiting for its next turn (read
    from the seat's public face, which copies none of its zones)."""
    ext = view.public(seat)["ext"]
    ext = ext if isinstance(ext, dict) else {}
    b = ext.get(PACK, {})
    out: list[Mark] = []
    hue = colour(view, seat)
    if hue:
        out.append(Mark(hue, f"player:{seat}"))
    cid = b.get("character")
    if cid:
        tdef = view.token_defs[cid]
        pw = tdef.ext["character"]["power"]
        out.append(Mark(f"{tdef.name}: {POWER_TEXT[pw](b)}", "resource"))
    waiting = list(b.get("deferred", []))
    if waiting:
        names = ", ".join(view.card_defs[c].name for c in waiting)
        out.append(Mark(f"reacted with {names} (takes effect next turn)", "muted"))
    return out


def register(registry: Registry) -> None:
    registry.add_render(RenderDef("party", player=player_marks))
