"""The Depths (R12), haunted tiles and their ghosts (R5, D7), and who scores at all (E7).

Tiles say whether their rooms are in the Depths (``depths``, or ``depths_cells`` on the start
tile) and whether they are haunted (``haunted``): keys this pack adds to the tile format.
Ghosts are a cube kind of the dragon bag: a drawn ghost hurts every live player, each of whom
may first answer with a card that reacts to ``ghost_damage`` (White Tourmaline).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import CubeKindDef, Registry

GHOST = "ghost"
GHOST_DAMAGE = "ghost_damage"
_BOOL = {"type": "boolean"}


def in_depths(game, room_id: str | None) -> bool:
    """R12: rooms of Depths tiles, and of the start tile's Depths cells, are in the Depths."""
    if room_id is None:
        return False
    tdef = game.tile_of_room(room_id)
    if tdef.ext["depths"]:
        return True
    cell = tdef.rooms[room_id.partition(".")[2]]["cell"]
    return bool(cell) and cell in tdef.ext["depths_cells"]


def haunted(tdef: Any) -> bool:
    """Whether a tile is haunted (R5)."""
    return bool(tdef.ext["haunted"])


# -- conditions ----------------------------------------------------------------------------
def c_in_depths(game, seat: int, want: Any) -> bool:
    return in_depths(game, game.player(seat).room) == bool(want)


def c_on_haunted_tile(game, seat: int, want: Any) -> bool:
    room = game.player(seat).room
    return room is not None and haunted(game.tile_of_room(room)) == bool(want)


# -- ghosts --------------------------------------------------------------------------------
def add_ghosts(game, n: int) -> int:
    """R5, G7: up to ``n`` ghost cubes from the bank to the Clank! area (none left: nothing)."""
    return game.add_cubes(GHOST, n)


def op_ghost(ctx, n: int) -> None:
    add_ghosts(ctx.game, int(n))


def _ghost_drawn(game, seat: int) -> None:
    """D7: a drawn ghost hurts every live player, clockwise from the current one."""
    game.say("A ghost wails: it hurts every player still in the dungeon.")
    for s in reversed(game.clockwise_live(game.current)):
        game.push_step("ghost_hit", s)


def _step_ghost_hit(game, seat: int, _data: Any) -> None:
    """A ghost is about to hurt ``seat``: cards in hand that react to it are offered first."""
    if not game.is_live(seat):
        return
    game.push_step("ghost_damage", seat)
    game.offer_reactions(seat, GHOST_DAMAGE, "prevent the ghost's damage")


def _step_ghost_damage(game, seat: int, _data: Any) -> None:
    if game.consume_prevention(seat):
        return
    game.damage(seat, 1)


def _haunted_placed(game, event: dict[str, Any]) -> None:
    """R5: placing a haunted tile adds a ghost cube to the Clank! area (none left: nothing)."""
    if haunted(game.tile_defs[event["tile"]]) and add_ghosts(game, 1):
        game.say("The tile is haunted: a ghost joins the Clank! area.")


# -- scoring eligibility -------------------------------------------------------------------
def _eligible(game, value: bool, seat: int) -> bool:
    """E7: no artifact, or knocked out in the Depths, scores 0."""
    p = game.player(seat)
    if not p.artifacts:
        return False
    if p.status == "knocked_out" and in_depths(game, p.ko_room):
        return False
    return value


# -- registration --------------------------------------------------------------------------
def register_content(registry: Registry) -> None:
    registry.add_content_key("tiles", "depths", {"title": "in the Depths", **_BOOL}, default=False,
                             doc="The tile's rooms are in the Depths (R12).")
    registry.add_content_key("tiles", "depths_cells",
                             {"title": "Depths cells", "type": "array", "uniqueItems": True,
                              "items": {"type": "string", "pattern": "^[A-Z]$", "x-ref": "cell"}},
                             default=(), compile=lambda v, _c: tuple(v or ()),
                             doc="A multi-cell tile: the cells whose rooms are in the Depths (R12).")
    registry.add_content_key("tiles", "haunted", {"title": "haunted", **_BOOL}, default=False,
                             doc="Placing the tile adds a ghost cube to the Clank! area (R5).")


def register_ops(registry: Registry) -> None:
    registry.add_op("ghost", op_ghost, {"type": "integer", "minimum": 1},
                    "Move N ghost cubes from the bank to the Clank! area (R5, G7).", {"ghost": 1})


def register_conditions(registry: Registry) -> None:
    registry.add_condition("in_depths", c_in_depths, _BOOL, "Your room is in the Depths (R12).",
                           {"in_depths": True}, looks_back="room")
    registry.add_condition("on_haunted_tile", c_on_haunted_tile, _BOOL, "Your room is on a haunted tile.",
                           {"on_haunted_tile": True}, looks_back="room")


def register_steps(registry: Registry) -> None:
    registry.add_cube_kind(CubeKindDef(GHOST, "Ghost cubes: a drawn ghost hurts every live player, then goes "
                                       "back to the Clank! area (D7).", on_draw=_ghost_drawn,
                                       returns_to="clank_area", label="ghost"))
    registry.add_step("ghost_hit", _step_ghost_hit, "D7: a ghost is about to hurt a player (reactions first).",
                      after_knock_out=True)
    registry.add_step("ghost_damage", _step_ghost_damage, "D7: a ghost hurts a player unless prevented.",
                      after_knock_out=True)


def register_reactions(registry: Registry) -> None:
    registry.add_event(GHOST_DAMAGE, "A reaction window: a ghost is about to hurt this player (D7). Cards "
                       "that react to it may prevent the damage.", ("seat",))
    registry.listen("tile_placed", _haunted_placed)


def register_scoring(registry: Registry) -> None:
    registry.add_modifier("score_eligible", _eligible)
