"""A tiny pack that proves the core runs without the catacombs pack installed.

It registers its own exit room, treasure room and a tunnel icon through the same hooks any
pack uses; its content is three tiles, six cards and three tokens. It also exercises the
core's contract for pieces (a moth that flies to where the last turn ended), hidden tokens
(sealed letters), decisions of other seats (a herald polls every other player, in order)
and the render hook.
"""

from __future__ import annotations

from pathlib import Path

from clank.plugin import Mark, RenderDef, RoomFeatureDef, TunnelIconDef, act, hookimpl

MOTH = "moth"


@hookimpl
def clank_pack_data_dir():
    return Path(__file__).parent / "data"


def _exit_may_enter(game, seat, room, _arg, _entry):
    return None if game.player(seat).artifacts else "bring the treasure first"


def _exit_enter(game, seat, room, _arg):
    if game.player(seat).artifacts:
        game.escape(seat)


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


# -- a piece: the moth flies to the room where the last turn ended -------------------------
def _moth_arrives(game, event):
    game.add_piece(MOTH, game.player(game.state.current).room)


def _moth_follows(game, event):
    moth = next(iter(p["id"] for p in game.state.pieces.values() if p["kind"] == MOTH))
    room = game.player(event["seat"]).room
    if room is not None:
        game.move_piece(moth, room)


# -- a hidden token and a poll of the other players -----------------------------------------
def op_draw_letter(ctx, _arg):
    token = ctx.game.draw_token("letter")
    if token:
        ctx.game.take_token(ctx.seat, token)


def op_poll(ctx, _arg):
    others = [s for s in ctx.game.clockwise_live(ctx.seat) if s != ctx.seat]
    ctx.game.ask_seats(others, {"kind": "cheer", "src": ctx.src, "prompt": "cheer the herald?"})


def _cheer_legal(game, d):
    return [act("cheer"), act("boo")]


def _cheer_resolve(game, d, action):
    if action.kind == "cheer":
        game.gain(d["seat"], "gold", 1)


@hookimpl
def clank_register_ops(registry):
    registry.add_op("draw_letter", op_draw_letter, {"type": "null"}, "Take a sealed letter.", "draw_letter")
    registry.add_op("poll", op_poll, {"type": "null"}, "Every other player cheers (1 gold) or boos.", "poll")


@hookimpl
def clank_register_actions(registry):
    registry.add_decision_kind("cheer", _cheer_legal, _cheer_resolve, "cheer the herald (1 gold) or boo")


@hookimpl
def clank_register_reactions(registry):
    registry.listen("setup_done", _moth_arrives)
    registry.listen("turn_end", _moth_follows)
    # treasures wait in their rooms: tell the check of a loaded state where they are
    registry.add_modifier("tokens_elsewhere", lambda game, tokens: tokens + [
        t for room in game.state.rooms.values() for t in room.get("artifacts", ())])


@hookimpl
def clank_register_render(registry):
    registry.add_render(RenderDef("mini", piece=lambda view, piece: Mark("moth", "muted"),
                                  room_name=_room_name))


def _room_name(tile, room):
    """The pack words one room itself; the others get the engine's names."""
    return "The Gold Heap" if (tile.id, room) == ("crypt2", "gold") else None
