"""``given``: the game a scenario starts from, built with the public scenario toolkit of
:mod:`clank.testing`.

The game is set up as ``new_game`` sets it up; decisions the setup asks before the first turn
are answered with their first legal action (``setup: auto``, the default) or left to ``when``
(``setup: manual``); then each key changes the position, in a fixed order (the map first,
then what lies in it, then the seats, then the turn). A key the game cannot take (a tile whose
cell is taken, a token none of which is left) is a :class:`~clank.scenarios.model.Failure` at
that key's line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from clank import testing as kit
from clank.api import new_game
from clank.content.problems import did_you_mean
from clank.game.engine import Game
from clank.game.setup import SetupError
from clank.scenarios.model import Failure, Scenario, Where

SETUP_LIMIT = 200
"""At most this many setup decisions are answered automatically."""


class GivenError(Exception):
    """A ``given`` key the game cannot take: the failure to report."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.problem.message)
        self.failure = failure


def seat_of(name: str) -> int:
    """``"P1"`` → 0."""
    return int(name[1:]) - 1


def owner_key(name: str) -> str:
    """A cube owner as the state keys it: ``"P2"`` → ``"1"``, ``"black"`` → ``"black"``."""
    return str(seat_of(name)) if name.startswith("P") and name[1:].isdigit() else name


def build(scenario: Scenario) -> Game:
    """The game of a scenario's ``given``; raises :class:`GivenError`."""
    given = scenario.given
    at = scenario.at / "given"
    try:
        game = new_game(scenario.packs, players=int(given.get("players", 2)), seed=int(given.get("seed", 0)),
                        options=dict(given.get("options") or {}))
    except SetupError as exc:
        where = at / "options" if "options" in given else at
        raise GivenError(Failure(where.problem("setup", f"the game cannot be set up: {exc}"))) from None
    if given.get("setup", "auto") == "auto":
        _settle(game)
    for key, apply in _GAME_KEYS:
        if key in given:
            with _guarded(at / key):
                apply(game, given[key], at / key)
    for name, seat_given in given.items():
        if name.startswith("P") and name[1:].isdigit():
            _arrange_seat(game, seat_of(name), seat_given, at / name)
    for key, apply in _LATE_KEYS:
        if key in given:
            with _guarded(at / key):
                apply(game, given[key], at / key)
    game.changed()
    return game


def _settle(game: Game) -> None:
    """Answer the setup's decisions (before the first turn) with their first legal action."""
    for _ in range(SETUP_LIMIT):
        if game.over or game.decision()["kind"] == "main":
            return
        game.apply(game.legal_actions()[0])


@contextmanager
def _guarded(where: Where) -> Iterator[None]:
    """What the block does to the game, a failure of it reported as a problem of the scenario at
    ``where`` (a :class:`GivenError`)."""
    try:
        yield
    except GivenError:
        raise
    except (AssertionError, KeyError, ValueError, IndexError, TypeError) as exc:
        text = str(exc) or type(exc).__name__
        raise GivenError(Failure(where.problem("given", f"the game cannot take this: {text}"))) from None


# -- the map and what lies in it -------------------------------------------------------------

def _tiles(game: Game, placements: list[dict[str, Any]], at: Where) -> None:
    for i, spot in enumerate(placements):
        tile = spot["tile"]
        where = at / i
        placed = {t.tile for t in game.state.tiles}
        if tile in placed:
            raise GivenError(Failure((where / "tile").problem("given", f"tile {tile!r} is already on the map")))
        region = spot.get("region")
        if region is not None and region not in _regions(game):
            raise GivenError(Failure((where / "region").problem(
                "given", f"unknown region {region!r}" + did_you_mean(region, _regions(game)))))
        if "slot" in spot:
            with _guarded(where):
                kit.place_in_slot(game, spot["tile"], spot["slot"], spot.get("region"))
        elif "at" in spot:
            x, y = spot["at"]
            with _guarded(where):
                kit.place(game, spot["tile"], x, y, spot.get("rot", 0), spot.get("region"))
        else:
            raise GivenError(Failure(where.problem("given", f"say where tile {tile!r} goes: at: [x, y] on the grid, "
                                                            "or slot: NAME in a slot region")))


def _regions(game: Game) -> list[str]:
    return sorted({t.region for t in game.ruleset.tiles.values()} | set(game.ruleset.regions))


def _rooms(game: Game, rooms: dict[str, dict[str, Any]], at: Where) -> None:
    for room, contents in rooms.items():
        _room_on_map(game, room, at / room, key=True)
        held = game.room(room)
        for key, value in contents.items():
            if value is None:
                held.pop(key, None)
            else:
                held[key] = value


def _room_on_map(game: Game, room: str, where: Where, key: bool = False) -> None:
    tile = room.partition(".")[0]
    if tile not in {t.tile for t in game.state.tiles}:
        raise GivenError(Failure(where.problem("given", f"room {room!r} is on tile {tile!r}, which is not on the "
                                                        "map: place it first under given.tiles", key=key)))


def _row(game: Game, cards: list[str | None], at: Where) -> None:
    size = len(game.state.row)
    kit.set_row(game, [*cards, *[None] * (size - len(cards))])


def _dungeon_next(game: Game, cards: list[str], at: Where) -> None:
    kit.dungeon_top(game, cards)


def _next_tiles(game: Game, stacks: dict[str, list[str]], at: Where) -> None:
    for stack, tiles in stacks.items():
        if stack not in game.state.stacks:
            raise GivenError(Failure((at / stack).problem(
                "given", f"unknown tile stack {stack!r}" + did_you_mean(stack, game.state.stacks), key=True)))
        with _guarded(at / stack):
            kit.next_tiles(game, stack, tiles)


def _next_tokens(game: Game, pools: dict[str, list[str]], at: Where) -> None:
    for pool, tokens in pools.items():
        if pool not in game.state.pools:
            raise GivenError(Failure((at / pool).problem(
                "given", f"unknown token pool {pool!r}" + did_you_mean(pool, game.state.pools), key=True)))
        for i, token in enumerate(tokens):
            if token not in game.state.pools[pool]:
                raise GivenError(Failure((at / pool / i).problem("given", f"token {token!r} is not in pool {pool!r}")))
        kit.next_tokens(game, pool, tokens)


def _cubes(where: str) -> Callable[[Game, dict[str, int], Where], None]:
    def apply(game: Game, counts: dict[str, int], at: Where) -> None:
        for owner, n in counts.items():
            who: int | str = seat_of(owner) if owner.startswith("P") else owner
            with _guarded(at / owner):
                kit.set_cubes(game, who, n, where)
    return apply


def _rage(game: Game, rage: int, at: Where) -> None:
    game.state.rage = rage


def _turn(game: Game, seat: str, at: Where) -> None:
    game.state.current = seat_of(seat)


def _flags(game: Game, flags: list[str], at: Where) -> None:
    for flag in flags:
        if flag not in game.state.turn.flags:
            game.state.turn.flags.append(flag)


def _dragon_draws(game: Game, draws: list[str], at: Where) -> None:
    kit.script_bag(game, [seat_of(d) if d.startswith("P") and d[1:].isdigit() else d for d in draws])


_GAME_KEYS: list[tuple[str, Callable[[Game, Any, Where], None]]] = [
    ("tiles", _tiles), ("rooms", _rooms), ("row", _row), ("dungeon_next", _dungeon_next),
    ("next_tiles", _next_tiles), ("next_tokens", _next_tokens), ("rage", _rage),
    ("bag", _cubes("bag")), ("clank_area", _cubes("clank_area")),
]
"""Keys of ``given`` applied before the seats, in this order."""
_LATE_KEYS: list[tuple[str, Callable[[Game, Any, Where], None]]] = [
    ("turn", _turn), ("flags", _flags), ("dragon_draws", _dragon_draws),
]
"""Keys of ``given`` applied after the seats (the turn, then the scripted draws)."""


# -- the seats --------------------------------------------------------------------------------

def _arrange_seat(game: Game, seat: int, given: dict[str, Any], at: Where) -> None:
    p = game.player(seat)
    resources = game.ruleset.registry.resources
    for key, value in given.items():
        where = at / key
        if key == "room":
            _room_on_map(game, value, where)
            kit.put_pawn(game, seat, value)
        elif key == "hand":
            kit.set_hand(game, seat, value)
        elif key == "deck":
            p.deck.extend(reversed(value))
        elif key in ("discard", "play"):
            setattr(p, key, list(value))
        elif key in ("tokens", "artifacts"):
            for i, token in enumerate(value):
                with _guarded(where / i):
                    kit.give_token(game, seat, token)
        elif key == "teleports":
            p.teleports.extend(value)
        elif key == "cubes":
            p.cubes = value
        elif key in ("clank", "bag"):
            with _guarded(where):
                kit.set_cubes(game, seat, value, "bag" if key == "bag" else "clank_area")
        elif key == "damage":
            with _guarded(where):
                kit.set_damage(game, seat, value)
        elif key == "status":
            (kit.mark_escaped if value == "escaped" else kit.knock_out)(game, seat)
        elif key in resources:
            kit.set_pool(game, seat, **{key: value})
    game.changed()


__all__ = ["GivenError", "build", "owner_key", "seat_of"]
