"""Ops, conditions and the teleport kind the Party's dungeon cards use (expansions-design.md
5.8): Pickpocket's gold, Crowd Cover's and Party Crasher's company in a room, Tag Along's
teleport next to another player."""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry


def _others_in_room(game, seat: int) -> list[int]:
    room = game.player(seat).room
    return [s for s in game.clockwise_live(seat) if s != seat and room is not None
            and game.player(s).room == room]


def _adjacent_rooms_with_players(game, seat: int) -> list[str]:
    """Rooms one tunnel away (as an adjacent teleport reaches them) holding another live pawn."""
    occupied = {game.player(s).room for s in game.clockwise_live(seat) if s != seat}
    return [r for r in game.teleport_targets(seat, "adjacent") if r in occupied]


def op_take_gold_from(ctx, _who: str) -> None:
    """Pickpocket: take 1 gold from each other live player in your room who has any (gold only)."""
    game = ctx.game
    for other in _others_in_room(game, ctx.seat):
        p = game.player(other)
        if p.pool.get("gold", 0) > 0:
            p.pool["gold"] -= 1
            game.gain(ctx.seat, "gold", 1)
            game.say(f"{game.name(ctx.seat)} picks 1 gold from {game.name(other)}'s pocket.")


def c_player_in_room(game, seat: int, _arg: Any) -> bool:
    return bool(_others_in_room(game, seat))


def c_player_adjacent(game, seat: int, _arg: Any) -> bool:
    return bool(_adjacent_rooms_with_players(game, seat))


def register_ops(registry: Registry) -> None:
    registry.add_op("take_gold_from", op_take_gold_from, {"enum": ["players_in_room"]},
                    "Take 1 gold from each other live player in your room who has any (Pickpocket; gold only, "
                    "never what only pays like gold).", {"take_gold_from": "players_in_room"})


def register_conditions(registry: Registry) -> None:
    registry.add_condition("player_in_room", c_player_in_room, {"enum": ["other"]},
                           "Another live player's pawn is in your room.", {"player_in_room": "other"},
                           looks_back=True)
    registry.add_condition("player_adjacent", c_player_adjacent, {"enum": ["other"]},
                           "Another live player's pawn is in a room adjacent to yours (one tunnel away, as an "
                           "adjacent teleport reaches).", {"player_adjacent": "other"}, looks_back=True)


def register_actions(registry: Registry) -> None:
    registry.add_teleport_kind("to_player_adjacent", _adjacent_rooms_with_players,
                               "An adjacent room holding another live player's pawn (Tag Along).")
