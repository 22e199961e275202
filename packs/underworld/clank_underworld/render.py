"""How the Underworld looks (the render hook): what lies in its rooms, where ladders and chutes
lead, which slot a tile fills, a player's undercoins, trophies, enhancer, imp and fate cards (a
face-down fate card is named to its owner only), and the Underworld market board. Every function
reads a seat's view only."""

from __future__ import annotations

from collections import Counter

from clank.plugin import HIDDEN, Mark, Registry, RenderDef, Symbol

from clank_underworld import market
from clank_underworld.common import REGION, UNDERCOINS, in_play, mine


def _links_from(view, room_id: str) -> list[Mark]:
    out: list[Mark] = []
    chutes: list[str] = []
    for link in view.links:
        target = link.get("to_slot")
        if not target:
            continue
        slot = target[1]
        if link["a"] == room_id:
            if link["kind"] == "chute":
                chutes.append(slot)
            else:
                out.append(Mark(f"ladder {slot}: down to slot {slot}", "muted"))
        else:
            here = view.slot_room(target[0], slot, target[2])
            if here == room_id and not link["one_way"]:
                out.append(Mark(f"ladder {slot}: up to {view.room_name(link['a'])}", "muted"))
    if chutes:
        out.append(Mark("chute: down to any Underworld ladder room (one way)", "muted"))
    return out


def room_marks(view, room_id: str) -> list[Mark]:
    """The Guardian, enhancers, lyre, imps, harpy, prisoner, ladder and chute tokens, links."""
    data = view.room(room_id)
    toks = view.token_defs
    out: list[Mark] = []
    if data.get("guardian"):
        out.append(Mark("Kerberos: 3 Swords or 2 damage", "danger"))
    if data.get("enhancers"):
        out.append(Mark("enhancers " + " ".join(f"×{toks[t].ext['enhancer']:g}" for t in data["enhancers"]),
                        "treasure"))
    if data.get("lyre"):
        out.append(Mark("magic lyre (16)", "treasure"))
    if data.get("imps"):
        out.append(Mark("imps " + " ".join(f"×{toks[t].value}" for t in data["imps"]), "treasure"))
    if data.get("harpy"):
        out.append(Mark("harpy: 2 Swords or 1 damage", "danger"))
    if data.get("prisoner"):
        out.append(Mark(f"prisoner: {toks[data['prisoner']].name}", "treasure"))
    if data.get("ladder_token"):
        out.append(Mark(toks[data["ladder_token"]].name, "muted"))
    if data.get("chute_token"):
        out.append(Mark("Underworld Chute (placed)", "muted"))
    if view.links:
        out += _links_from(view, room_id)
    if (view.room_has(room_id, "monkey_shrine") and view.tile_of_room(room_id).region != REGION
            and any(view.room_has(r, "monkey_shrine") for r in view.placed_rooms()
                    if view.tile_of_room(r).region == REGION)):
        out.append(Mark("covered: the Monkey Shrine is below", "muted"))
    return out


def tile_marks(view, tile_id: str) -> list[Mark]:
    """Which slot of the Underworld a tile fills (the hub holds the start tile)."""
    placed = next((t for t in view.tiles if t.tile == tile_id), None)
    if placed is None or not placed.slot:
        return []
    return [Mark("hub" if placed.slot == "hub" else f"slot {placed.slot}", "muted")]


def player_marks(view, seat: int) -> list[Mark]:
    """Undercoins, trophies, enhancer, imp, River Boat pile, fate cards (hidden from others)."""
    if not in_play(view):
        return []
    p = view.player(seat)
    toks = view.token_defs
    out = [Mark(f"{p.pool.get(UNDERCOINS, 0)} undercoin{'s' if p.pool.get(UNDERCOINS, 0) != 1 else ''}",
                "resource")]
    held = Counter(t for t in p.tokens if t != HIDDEN)
    for t, n in sorted(held.items()):
        tdef = toks[t]
        if "fate_card" in tdef.counts_as:
            continue
        if tdef.ext["worth_undercoins"] or tdef.ext["enhancer"] or "imp" in tdef.counts_as \
                or "harpy_trophy" in tdef.counts_as:
            out.append(Mark(f"{tdef.name}" + (f" ×{n}" if n > 1 else ""), "treasure"))
    cards = view.card_defs
    for c in mine(p).get("trophies", []):
        out.append(Mark(f"trophy: {cards[c].name}", "treasure"))
    under = mine(p).get("boat", [])
    if under:
        out.append(Mark(f"River Boat: {len(under)} card(s) under it", "muted"))
    fate = [t for t in p.tokens if t == HIDDEN or "fate_card" in toks[t].counts_as]
    if fate:
        shown = []
        for t in fate:
            if t == HIDDEN or (seat != view.seat and toks[t].hidden):
                shown.append("a face-down fate card")
            else:
                shown.append(toks[t].name + (" (face down)" if toks[t].hidden else ""))
        out.append(Mark("fate: " + ", ".join(shown), "treasure"))
    return out


def board_marks(view) -> list[Mark]:
    """The bottom row of the Underworld Market Board, the fate deck, the Underworld stack."""
    if not in_play(view):
        return []
    toks = view.token_defs
    items = Counter(view.market.get(market.BOARD, []))
    row = "; ".join(f"{toks[t].name} ×{n}" for t, n in items.items()) or "sold out"
    return [Mark(f"Underworld market (Underworld market rooms only, 7 gold or undercoins): {row}", ""),
            Mark(f"fate deck: {view.pool_size('fate')} cards; Underworld stack: {view.stack_size(REGION)} tiles",
                 "muted")]


# -- the drawn map: a glyph of its own for each Underworld feature and icon, none of them a
# letter the base game's icons use (F footprint, M monster, L lock) -------------------------------
ICONS = {"toll": Symbol("¢", "resource", "toll booth: passing with Boots costs 1 undercoin more (no Clank! "
                                         "instead); teleports, and the Ferry Pole, ignore it")}
FEATURES = {
    "guardian": Symbol("Ω", "danger", "Kerberos, the Guardian: entering, fight it (3 Swords) or take 2 damage"),
    "enhancers": Symbol("⊕", "treasure", "artifact enhancers: ×2 for the Guardian's defeater, ×1.5 for two others"),
    "lyre": Symbol("♪", "treasure", "magic lyre: a 16-point artifact, taken only in its room"),
    "imp_library": Symbol("¶", "treasure", "Forbidden Library: your first entry takes an Imp Assistant"),
    "underworld_prison": Symbol("#", "treasure", "Underworld prison: the first to enter frees its prisoner"),
    "harpy": Symbol("Ψ", "danger", "harpy: entering while it is there, fight it (2 Swords) or take 1 damage"),
    "lake": Symbol("~", "magic", "lake: entering, you may trash a card, once a turn"),
    "tower": Symbol("Δ", "resource", "tower: start your turn here for 1 Boot"),
    "fate": Symbol("Φ", "magic", "fate room: your first entry into one draws 3 fate cards, keep 1"),
    "underworld_market": Symbol("£", "market", "Underworld market: the Underworld items, 7 gold or undercoins, "
                                              "and nothing else"),
    "return_portal": Symbol("⊙", "portal", "return portal: an entrance only, out of any other portal"),
    # the ladders and chutes show their passage's mark instead (≈C: the slot it leads to)
    "ladder": Symbol("", "portal", "ladder"),
    "ladder_uw": Symbol("", "portal", "ladder"),
    "chute": Symbol("", "portal", "chute"),
}


def map_icon(view, name: str) -> Symbol | None:
    """The toll booth's glyph."""
    return ICONS.get(name)


def map_feature(view, room_id: str, name: str, arg) -> Symbol | None:
    """The Underworld's features; an undercoin room shows its amount."""
    if name == "reward_undercoin":
        n = int(arg or 1)
        return Symbol(f"¢{n}", "resource", f"undercoin room: {n} undercoin{'s' if n != 1 else ''} on entering, "
                                           "once a turn")
    return FEATURES.get(name)


def register(registry: Registry) -> None:
    registry.add_render(RenderDef("underworld", room=room_marks, tile=tile_marks, player=player_marks,
                                  board=board_marks, map_icon=map_icon, map_feature=map_feature))
