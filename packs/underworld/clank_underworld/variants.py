"""The variants (RULES.md U22-U24; expansions-design.md §4), usable with or without the
Underworld itself (``parts=-area`` leaves only them) and with or without each other:

- **Fixed Dimensions** (option ``fixed_dimensions=5`` or ``6``): the catacombs must fit in an
  N×N square (the start tile's two cells count; the Underworld never does). A discovery into a
  cell outside is refused (as X12), an orientation whose move would continue toward such a cell
  is illegal, and tile-placing effects outside do nothing (the core's ``discovery_ok`` and
  ``placement_ok`` questions).
- **Mercy** (option ``mercy=on``): once per turn, a player who is structurally stuck (with
  unlimited Boots, Swords, lockpicks and undercoins, no tunnel, portal, ladder or chute leads
  from their room, or from the rooms of their tile they can reach, off the tile, and no tile
  could be discovered) may turn the catacomb tile they stand on to an orientation that gives a
  way out (never a start tile or an Underworld tile).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, act

GRID = "catacombs"
MERCY_USED = "mercy_used"
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def size(game) -> int | None:
    n = game.options.get("fixed_dimensions")
    return int(n) if n else None


def _cells(game, extra: Any = None) -> list[tuple[int, int]]:
    """The occupied cells of the catacombs (with a trial tile ``extra``)."""
    tiles = game.tile_defs
    out = []
    for t in [*game.tiles, *([extra] if extra is not None else [])]:
        if t.region != GRID:
            continue
        out += [(t.x + dx, t.y + dy) for dx, dy in tiles[t.tile].cells.values()]
    return out


def _fits(cells: list[tuple[int, int]], n: int) -> bool:
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return max(xs) - min(xs) + 1 <= n and max(ys) - min(ys) + 1 <= n


def discovery_ok(game, event: dict[str, Any]) -> bool | None:
    """A discovery into a catacomb cell outside the N×N square is refused (U23)."""
    n = size(game)
    if n is None or event["region"] != GRID or event.get("slot"):
        return None
    return _fits([*_cells(game), (event["x"], event["y"])], n)


def placement_ok(game, event: dict[str, Any]) -> bool | None:
    """A placement must fit, and so must the cell the move would continue into (U23, X7)."""
    n = size(game)
    tile = event["tile"]
    if n is None or tile.region != GRID:
        return None
    cells = _cells(game, tile)
    to = event.get("to")
    if to and to[0] == "open" and to[5] == GRID and len(to[3]) == 1:
        dx, dy = DELTA[to[3]]
        cells.append((to[1] + dx, to[2] + dy))
    return _fits(cells, n)


# -- Mercy (U24) -----------------------------------------------------------------------------------
def _way_out(game, seat: int, start: str, geo: Any) -> bool:
    """A way off the tile from ``start`` (through the rooms of the tile it reaches) with unlimited
    resources: arrows, the stack and the square still count."""
    against_ok = bool(game.modify("ignore_one_way", False, seat=seat))
    tile = start.partition(".")[0]
    seen, todo = {start}, [start]
    while todo:
        room = todo.pop()
        for r in geo.routes_from(room):
            if r.to[0] == "room" and (against_ok or not game.path_cost(r.segments).against):
                if r.to[1].partition(".")[0] != tile:
                    return True
                if r.to[1] not in seen:
                    seen.add(r.to[1])
                    todo.append(r.to[1])
            elif r.to[0] != "room" and _leaves(game, r, geo):
                return True
        if game.link_routes(room) or game.link_openings(room):
            return True
    return False


def _leaves(game, r: Any, geo: Any) -> bool:
    """Whether an open edge may be discovered, or a portal leads to another portal."""
    if r.to[0] == "open":
        x, y, side = r.to[1], r.to[2], r.to[3]
        if len(side) > 1:
            return game.slot_discoverable(r.to[5], side.partition(".")[0])
        dx, dy = DELTA[side]
        return game.discovery_ok(r.to[5], x + dx, y + dy)
    last = r.segments[-1]
    return r.to[0] == "portal" and any((e.segments[0].tile, e.segments[0].tunnel) != (last.tile, last.tunnel)
                                       for e in geo.portal_exits())


def _way_out_turned(game, seat: int, room: str, tile: str, rot: int) -> bool:
    """Whether turning ``tile`` to ``rot`` would give a way out (the game is left unchanged)."""
    placed = next(t for t in game.tiles if t.tile == tile)
    old = placed.rot
    placed.rot = rot
    game.tiles_turned([tile])
    try:
        return _way_out(game, seat, room, game.geometry)
    finally:
        placed.rot = old
        game.tiles_turned([tile])


def mercy_actions(game, seat: int) -> list:
    opts = game.options
    if not opts.get("mercy") or game.has_flag(MERCY_USED) or game.turn.move:
        return []
    room = game.player(seat).room
    if room is None:
        return []
    tile = room.partition(".")[0]
    placed = next(t for t in game.tiles if t.tile == tile)
    if not game.tile_defs[tile].rotatable or placed.region != GRID:
        return []
    if _way_out(game, seat, room, game.geometry):
        return []
    return [act("mercy", turn) for turn in (1, 2, 3)
            if _way_out_turned(game, seat, room, tile, (placed.rot + turn) % 4)]


def mercy_apply(game, seat: int, action) -> None:
    tile = game.player(seat).room.partition(".")[0]
    placed = next(t for t in game.tiles if t.tile == tile)
    placed.rot = (placed.rot + int(action.args[0])) % 4
    game.tiles_turned([tile])
    game.set_flag(MERCY_USED)
    game.say(f"{game.name(seat)} is stuck and uses Mercy: {game.tile_defs[tile].name} turns.")


def mercy_explain(game, seat: int, action) -> str:
    if not game.options.get("mercy"):
        return "Mercy is a variant: play with the option mercy=on (U24)"
    if game.has_flag(MERCY_USED):
        return "Mercy may be used once per turn (U24)"
    return "you are not stuck, or your tile cannot turn (U24)"


def register_actions(registry: Registry) -> None:
    registry.add_action_kind("mercy", mercy_actions, mercy_apply, mercy_explain,
                             doc="Mercy (variant): turn the catacomb tile you are stuck on (U24).",
                             while_orienting=False)
    registry.add_action_forms("turn", "mercy <1..3>")


def register_reactions(registry: Registry) -> None:
    registry.add_flag(MERCY_USED, "Mercy was used this turn (U24).")
    registry.listen("discovery_ok", discovery_ok)
    registry.listen("placement_ok", placement_ok)


def configure(options: dict[str, Any]) -> None:
    """Check and normalise the variants' options."""
    n = options.get("fixed_dimensions")
    if n not in (None, False, "", "off"):
        if str(n) not in ("5", "6"):
            raise ValueError(f"fixed_dimensions must be 5 or 6, not {n!r}")
        options["fixed_dimensions"] = int(n)
    else:
        options.pop("fixed_dimensions", None)
    mercy = options.get("mercy")
    if mercy is not None:
        if mercy not in (True, False, "on", "off", "true", "false", 1, 0):
            raise ValueError(f"mercy must be on or off, not {mercy!r}")
        options["mercy"] = mercy in (True, "on", "true", 1)
