"""The Underworld area and the ways in and out (expansions-design.md §2; RULES.md U1, U26-U34,
U27, G43, G57).

The Underworld is a slot region the core lays out from the setup (``regions``): the start tile
in the hub, Underworld tiles discovered into the slots A-E. Ladders and chutes are links to a
slot's ladder room (``to_slot``), so going down toward an empty slot discovers its tile first;
chutes are one way. The return portal is a one-way tunnel into a portal: an entrance only.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import KNOCKED_OUT, Registry, RoomFeatureDef

from clank_underworld.common import LADDER_UW, REGION, SLOTS, in_play, region_of

LETTER = {"title": "letter", "description": "The ladder's letter: the slot of the Underworld it leads to (A-E).",
          "type": "string", "x-ref": "slot", "x-region": REGION}
LADDER, CHUTE = "ladder", "chute"


# -- ladders (U32) and ladder tokens (G57) ---------------------------------------------------
def ladder_place(game, room: str, letter: str) -> None:
    """A Depths ladder room lettered X: a two-way link to the ladder room of slot X (its tile
    is discovered on the way down while the slot is empty)."""
    game.add_link(room, "", kind=LADDER, to_slot=(REGION, letter, LADDER_UW))
    update_ladder_tokens(game)


def uw_ladder_place(game, room: str, _arg: Any) -> None:
    update_ladder_tokens(game)


def update_ladder_tokens(game) -> None:
    """G57: ladder token X lies on the Underworld ladder room X once a Depths ladder room X
    exists too (a reminder only: the links decide)."""
    lettered = {link["to_slot"][1] for link in game.links if link["kind"] == LADDER}
    pool = game.pools.get("ladder", [])
    for letter in sorted(lettered):
        room = game.slot_room(REGION, letter, LADDER_UW)
        token = f"ladder-{letter.lower()}"
        if room is not None and token in pool:
            pool.remove(token)
            game.room(room)["ladder_token"] = token


# -- chutes (U33, G43) -----------------------------------------------------------------------
def add_chute(game, room: str) -> None:
    """A chute: one-way links from the room down to every Underworld ladder room A-E."""
    for slot in SLOTS:
        game.add_link(room, "", one_way=True, kind=CHUTE, to_slot=(REGION, slot, LADDER_UW))


def chute_place(game, room: str, _arg: Any) -> None:
    add_chute(game, room)


def has_chute(game, room: str | None) -> bool:
    """A printed chute or a placed Underworld Chute token (at most one per room, G43)."""
    return room is not None and (game.room_has(room, CHUTE) or "chute_token" in game.room_state(room))


def c_chute_here(game, seat: int, want: Any) -> bool:
    return has_chute(game, game.player(seat).room) == bool(want)


def op_place_chute(ctx, _arg: Any) -> None:
    """G43: the Underworld Chute token used stays in the player's room: a chute for everyone."""
    game, room = ctx.game, ctx.player.room
    if room is None or has_chute(game, room) or region_of(game, room) == REGION:
        return
    if ctx.src in game.token_box:
        game.token_box.remove(ctx.src)
    game.room(room)["chute_token"] = ctx.src
    add_chute(game, room)
    game.say(f"{game.name(ctx.seat)} places an Underworld Chute in {game.room_name(room)}.")


# -- teleports along links ---------------------------------------------------------------------
def _links_by_key(game) -> dict[str, dict[str, Any]]:
    return {f"link:{link['key']}": link for link in game.links}


def link_targets(game, seat: int) -> list[str]:
    """Rope Ladder: a room one ladder away (either way) or down a chute; an empty slot's tile is
    discovered on the way."""
    room = game.player(seat).room
    kinds = _links_by_key(game)
    out = [dest for key, dest, _ in game.link_routes(room) if kinds[key]["kind"] in (LADDER, CHUTE)]
    out += [target for key, target, _ in game.link_openings(room) if kinds[key]["kind"] in (LADDER, CHUTE)]
    return list(dict.fromkeys(out))


def ladder_room_targets(game, seat: int) -> list[str]:
    """Hidden Ladder: any Underworld ladder room A-E; an empty slot only while the stack has a tile."""
    if not in_play(game):
        return []
    out = []
    for slot in SLOTS:
        room = game.slot_room(REGION, slot, LADDER_UW)
        if room is not None:
            out.append(room)
        elif game.slot_discoverable(REGION, slot):
            out.append(f"slot:{REGION}:{slot}:{LADDER_UW}")
    return out


# -- knocked out below (U27) -------------------------------------------------------------------
def eligible(game, value: bool, seat: int) -> bool:
    """A player knocked out in the Underworld scores 0, as in the Depths."""
    p = game.player(seat)
    if p.status == KNOCKED_OUT and region_of(game, p.ko_room) == REGION:
        return False
    return value


def features() -> list[RoomFeatureDef]:
    return [
        RoomFeatureDef("ladder", "The Depths end of ladder X: 1 Boot (or a teleport) down to the Underworld ladder "
                       "room of slot X, discovering its tile first if needed, and back up (U32).",
                       arg_schema=LETTER, on_place=ladder_place, example="ladder(C)"),
        RoomFeatureDef(LADDER_UW, "The Underworld end of the ladder lettered as its slot; every chute and ladder "
                       "X leads here (U32, U33).", on_place=uw_ladder_place),
        RoomFeatureDef(CHUTE, "A chute: 1 Boot down to any Underworld ladder room A-E, one way only (U33).",
                       on_place=chute_place),
        RoomFeatureDef("return_portal", "Its portal tunnel is an entrance only: 1 Boot into it and out of any "
                       "other portal of the dungeon; nothing comes out of it (U34)."),
    ]


def register_ops(registry: Registry) -> None:
    registry.add_op("place_chute", op_place_chute, {"type": "null"},
                    "Place the Underworld Chute token used in your room: a chute for everyone (G43).", "place_chute")


def register_conditions(registry: Registry) -> None:
    registry.add_condition("chute_here", c_chute_here, {"type": "boolean"},
                           "Your room has a chute, printed or placed (G43).", {"chute_here": True},
                           looks_back=True)


def register_actions(registry: Registry) -> None:
    registry.add_teleport_kind("link", link_targets,
                               "Along a ladder, either way, or down a chute (Rope Ladder).")
    registry.add_teleport_kind("underworld_ladder_room", ladder_room_targets,
                               "Any Underworld ladder room A-E (Hidden Ladder).")


def register_reactions(registry: Registry) -> None:
    registry.add_modifier("score_eligible", eligible)
