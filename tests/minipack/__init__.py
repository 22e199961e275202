"""A tiny pack that proves the core runs without the catacombs pack installed.

It registers its own exit room, treasure room and a tunnel icon through the same hooks any
pack uses; its content is three tiles, four cards and two tokens.
"""

from __future__ import annotations

from pathlib import Path

from clank.plugin import RoomFeatureDef, TunnelIconDef, act, hookimpl


@hookimpl
def clank_pack_data_dir():
    return Path(__file__).parent / "data"


def _exit_may_enter(game, seat, room, _arg):
    return None if game.player(seat).artifacts else "bring the treasure first"


def _exit_enter(game, seat, room, _arg):
    if game.player(seat).artifacts:
        game.state.turn.escaping = True


def _treasure_place(game, room, _arg):
    if game.state.artifact_stack:
        game.room(room)["artifacts"] = [game.state.artifact_stack.pop(0)]


def _treasure_actions(game, seat, room, _arg):
    arts = game.room(room).get("artifacts", [])
    return [act("room", "treasure", arts[0])] if arts and not game.player(seat).artifacts else []


def _treasure_apply(game, seat, room, _arg, action):
    game.room(room)["artifacts"].remove(action.args[1])
    game.take_token(seat, action.args[1])
    game.rage(1)


@hookimpl
def clank_register_room_features(registry):
    registry.add_room_feature(RoomFeatureDef("exit", "Leave with the treasure.",
                                             on_enter=_exit_enter, may_enter=_exit_may_enter))
    registry.add_room_feature(RoomFeatureDef("treasure", "Holds a treasure.", on_place=_treasure_place,
                                             actions=_treasure_actions, apply=_treasure_apply))


@hookimpl
def clank_register_tunnel_icons(registry):
    registry.add_tunnel_icon(TunnelIconDef("mud", "Costs an extra Boot.", extra_boots=1))
