"""The Party's components at setup and in play (P1-P3, P9, P10, P12; expansions-design.md 5.2,
5.3, 5.5): the artifact stack's tie order, the market items, the Invisibility Cloak, seat
colours. Seats 5-6, the side board's rage track, several artifacts per room, the reserve and
the Mastery tokens are setup data (``data/setup.yaml``, read by the core and the base pack).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry

from clank_party.options import PACK, cloaks_wanted

MARKET_POOL = "party_market"
CLOAK = "invisibility_cloak"
IGNORE_MONSTERS = "ignore_tunnel_monsters"   # the base game's turn flag that cancels monster icons


def party_artifact_first(game, stack: list[str]) -> list[str]:
    """P1: the stack ascends; at equal values a Party artifact lies above the Catacombs one."""
    toks = game.token_defs
    if not any(toks[a].pack == PACK for a in stack):
        return stack
    return sorted(stack, key=lambda a: (toks[a].value, toks[a].pack != PACK))


def market_items(game, event: dict[str, Any]) -> None:
    """P2: when setup is done the Party's items join the market board (the Crown under the 8,
    no Master Key); Cloaks beyond the number the game uses go back to the box."""
    pool = game.pools.get(MARKET_POOL)
    if not pool:
        return
    toks = game.token_defs
    cloaks = cloaks_wanted(game)
    board = game.market.setdefault("market", [])
    for token in sorted(pool, key=lambda t: (CLOAK in toks[t].counts_as, t)):
        if CLOAK in toks[token].counts_as:
            if cloaks <= 0:
                game.token_box.append(token)
                continue
            cloaks -= 1
        board.append(token)
    pool.clear()


def _cloaked(game, seat: int) -> bool:
    return game.counts_as(seat, CLOAK) > 0


def cloak_at_turn_start(game, event: dict[str, Any]) -> None:
    """P2: a player holding an Invisibility Cloak ignores the monster icons of tunnels."""
    if _cloaked(game, event["seat"]):
        game.set_flag(IGNORE_MONSTERS)


def cloak_bought(game, event: dict[str, Any]) -> None:
    seat = event["seat"]
    if seat == game.current and CLOAK in game.token_defs[event["token"]].counts_as:
        game.set_flag(IGNORE_MONSTERS)


def colour(view, seat: int) -> str | None:
    """A seat's colour when the setup names one (P5 and P6: the Party's two colours)."""
    return (view.setup.get("seat_colours") or {}).get(str(seat + 1))


def register_content(registry: Registry) -> None:
    registry.add_content_key("setup", "seat_colours",
                             {"title": "seat colours", "type": "object",
                              "propertyNames": {"pattern": "^[1-9][0-9]*$"},
                              "additionalProperties": {"type": "string"}},
                             doc="The colour of seats by number (P5: purple, P6: orange, the Party's, P3).")


def register_reactions(registry: Registry) -> None:
    registry.add_modifier("artifact_stack", party_artifact_first)
    registry.listen("setup_done", market_items)
    registry.listen("turn_start", cloak_at_turn_start)
    registry.listen("token_taken", cloak_bought)
