"""How the base game's things look on screen (the render hook): what lies in a room, notes on a
tile, a player's lockpicks, the market board, and the glyphs the drawn map uses for the base
game's tunnel icons, room features, room contents and haunted tiles. Every function reads a
seat's view only.

The letters of the tunnel icons are the ones the tile tables use (F footprint, M monster,
L lock); glyphs are one column wide in a western terminal."""

from __future__ import annotations

from collections import Counter

from clank.plugin import Mark, Registry, RenderDef, Symbol

from clank_catacombs import market
from clank_catacombs.depths import haunted, in_depths

LOCKED = {"locked_chest": "chest", "locked_tome": "tome", "locked_cell": "cell"}


def room_marks(view, room_id: str) -> list[Mark]:
    """Artifacts (by value), idols, wayshrine marks, opened locks."""
    data = view.room(room_id)
    toks = view.token_defs
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
    tdef = view.tile_defs[tile_id]
    return [Mark("haunted", "danger")] if haunted(tdef) else []


def depths_mark(view, room_id: str) -> bool:
    """Whether a room is in the Depths (for renderers that shade them)."""
    return in_depths(view, room_id)


def player_marks(view, seat: int) -> list[Mark]:
    """Lockpicks held (read from the seat's public face, which copies none of its zones)."""
    n = view.public(seat)["pool"].get("lockpicks", 0)
    return [Mark(f"{n} lockpick{'s' if n != 1 else ''}", "resource")]


def board_marks(view) -> list[Mark]:
    """The market board: each item, how many are left, its price. Items a player cannot tell
    apart (the same name and price, such as the Party's third Backpack beside the base game's
    two) are counted together."""
    board = tuple(view.market.get(market.BOARD, ()))
    said = view.memo((market.PACK, "board-marks"), dict)    # the words of a board are content's: kept
    mark = said.get(board)
    if mark is None:
        if len(said) >= BOARDS_KEPT:
            said.clear()
        mark = said[board] = _board_mark(view, board)
    return [mark]


BOARDS_KEPT = 1024
"""Market boards whose words are kept per ruleset (a game meets a few dozen)."""


def _board_mark(view, board: tuple[str, ...]) -> Mark:
    toks = view.token_defs
    items = Counter((toks[t].name, market.sale(view, t)["price"]) for t in board)
    if not items:
        return Mark("market board: sold out", "muted")
    text = "; ".join(f"{name} ×{n} ({price} gold)" for (name, price), n in items.items())
    return Mark(f"market board: {text}", "")


# -- the drawn map -------------------------------------------------------------------------
ICONS = {
    "boot": Symbol("F", "resource", "footprint: the tunnel costs 1 more Boot"),
    "monster": Symbol("M", "danger", "monster: 1 damage unless you spend a Sword"),
    "lock": Symbol("L", "treasure", "lock: spend a lockpick to pass (it stays open)"),
}
FEATURES = {
    "crypt": Symbol("⌂", "exit", "the Crypt, the exit: enter it with an artifact to escape"),
    "artifact": Symbol("◆", "treasure", "artifact room: its artifact's points beside it"),
    "market": Symbol("$", "market", "market: buy an item for 7 gold"),
    "crystal_cave": Symbol("◊", "magic", "crystal cave: entering ends your Boots moves this turn"),
    "monkey_shrine": Symbol("☺", "treasure", "Monkey Shrine: take an idol on entering (how many are left beside it)"),
    "wayshrine": Symbol("†", "magic", "wayshrine: mark it for gold (a dot per mark)"),
    "locked_chest": Symbol("▣", "treasure", "locked chest: a lockpick for a Major Secret"),
    "locked_tome": Symbol("▤", "treasure", "locked tome: a lockpick for a Secret Tome"),
    "locked_cell": Symbol("▥", "treasure", "locked cell: a lockpick frees 2 prisoners"),
    "reward_minor_secret": Symbol("§", "treasure", "secret room: a Minor Secret on entering, once a turn"),
    "reward_heal": Symbol("♥", "heal", "healing room: heal 1 on entering, once a turn"),
}
OPENED = Symbol("□", "muted", "opened: its reward is taken")


def map_icon(view, name: str) -> Symbol | None:
    """The base tunnel icons by the letters of the tile tables."""
    return ICONS.get(name)


def map_feature(view, room_id: str, name: str, arg) -> Symbol | None:
    """A base room feature's glyph; an opened lock is an empty box, a gold reward shows its
    amount."""
    if name in LOCKED and view.room(room_id).get(f"{name}_open"):
        return OPENED
    if name == "reward_gold":
        n = int(arg or 1)
        return Symbol(f"¤{n}", "treasure", f"gold room: {n} gold on entering, once a turn")
    return FEATURES.get(name)


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
"""How many tokens are left, written small (``☺³``), never read as a pawn's number beside it."""
DEPTHS = Symbol("▼", "muted", "the Depths: knocked out here, a player scores nothing")
"""A Depths tile, or a room of the start tile in the Depths (R12, E7)."""


def map_room(view, room_id: str) -> list[Symbol]:
    """An artifact's points, the idols left, a dot in its player's colour per wayshrine mark,
    and a room of the start tile in the Depths."""
    data = view.room(room_id)
    toks = view.token_defs
    out: list[Symbol] = []
    for a in data.get("artifacts") or []:
        out.append(Symbol(str(toks[a].value), "treasure", f"artifact: worth {toks[a].value} points"))
    tokens = Counter(data.get("tokens") or [])
    for t, n in tokens.items():
        out.append(Symbol(str(n).translate(SUPERSCRIPT), "treasure",
                          f"{toks[t].name}s left: {n}" if n > 1 else f"{toks[t].name}: one left"))
    for seat in data.get("marks") or []:
        out.append(Symbol("•", f"player:{seat}", f"wayshrine mark: {view.name(seat)}'s"))
    if not view.tile_of_room(room_id).ext["depths"] and in_depths(view, room_id):
        out.append(DEPTHS)
    return out


def map_tile(view, tile_id: str) -> list[Symbol]:
    """Haunted tiles, and the tiles of the Depths."""
    tdef = view.tile_defs[tile_id]
    out = [Symbol("☠", "danger", "haunted tile: it brought a ghost into the game")] if haunted(tdef) else []
    if tdef.ext["depths"]:
        out.append(DEPTHS)
    return out


def register(registry: Registry) -> None:
    registry.add_render(RenderDef("catacombs", room=room_marks, tile=tile_marks, player=player_marks,
                                  board=board_marks, map_icon=map_icon, map_feature=map_feature,
                                  map_room=map_room, map_tile=map_tile))
