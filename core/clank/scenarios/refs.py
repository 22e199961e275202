"""The ids a scenario names, checked against the loaded packs: cards, tokens, tiles, rooms and
seats, each unknown one reported at its line with the nearest known id.

Where ids sit is a table of path patterns (:data:`REFS`): ``*`` matches any key or index,
``P*`` a seat key (``P1`` ...), ``{keys}`` the keys of a mapping themselves, and a pattern
starting with ``STEP`` stands for the scenario itself and each of its ``steps``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from clank.content.problems import Problem, did_you_mean
from clank.game.ruleset import Ruleset
from clank.scenarios.model import Where

ZONES = ("hand", "deck", "discard", "play")
HELD = ("tokens", "artifacts")
MATCH_PARTS = ("includes", "excludes", "top")

REFS: list[tuple[tuple[str, ...], str]] = [
    *((("given", "P*", zone, "*"), "card") for zone in ZONES),
    *((("given", "P*", held, "*"), "token") for held in HELD),
    (("given", "P*", "room"), "room"),
    (("given", "row", "*"), "card"),
    (("given", "dungeon_next", "*"), "card"),
    (("given", "tiles", "*", "tile"), "tile"),
    (("given", "next_tiles", "*", "*"), "tile"),
    (("given", "next_tokens", "*", "*"), "token"),
    (("given", "rooms", "{keys}"), "room"),
    *((("STEP", "when", "*", kind), "card") for kind in ("play", "acquire", "fight", "use")),
    (("STEP", "when", "*", "move"), "room"),
    *((("STEP", "then", "P*", zone, "*"), "card") for zone in ZONES),
    *((("STEP", "then", "P*", zone, part, "*"), "card") for zone in ZONES for part in MATCH_PARTS),
    *((("STEP", "then", "P*", held, "*"), "token") for held in HELD),
    *((("STEP", "then", "P*", held, part, "*"), "token") for held in HELD for part in MATCH_PARTS),
    (("STEP", "then", "P*", "room"), "room"),
    (("STEP", "then", "row", "*"), "card"),
    (("STEP", "then", "rooms", "{keys}"), "room"),
    (("STEP", "then", "tiles", "{keys}"), "tile"),
]
"""(path pattern, kind of id) of every id a scenario may name."""

SEAT_VALUES: list[tuple[str, ...]] = [
    ("given", "turn"), ("given", "dragon_draws", "*"), ("given", "bag", "{keys}"), ("given", "clank_area", "{keys}"),
    ("given", "P*"), ("STEP", "then", "P*"), ("STEP", "then", "turn"), ("STEP", "then", "decision", "seat"),
    ("STEP", "then", "winners", "*"), ("STEP", "then", "bag", "{keys}"), ("STEP", "then", "clank_area", "{keys}"),
]
"""Paths whose value (or key) may name a seat, which must exist in the game."""


def check_refs(scenario: dict[str, Any], at: Where, ruleset: Ruleset, players: int) -> list[Problem]:
    """Every unknown card, token, tile, room or seat the scenario names."""
    known = _Known(ruleset)
    out: list[Problem] = []
    for pattern, kind in REFS:
        for value, where, is_key in _matches(scenario, at, pattern):
            message = known.unknown(kind, value)
            if message:
                out.append(where.problem(f"unknown-{kind}", message, key=is_key))
    seats = [f"P{n}" for n in range(1, players + 1)]
    for pattern in SEAT_VALUES:
        for value, where, is_key in _matches(scenario, at, pattern):
            if isinstance(value, str) and value.startswith("P") and value[1:].isdigit() and value not in seats:
                out.append(where.problem("unknown-seat", f"seat {value!r} is not in this game: {players} player(s), "
                                         f"seats {seats[0]}-{seats[-1]} (given.players sets how many)", key=is_key))
    return out


class _Known:
    """The ids the loaded packs define, by kind."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._rooms: list[str] | None = None

    def rooms(self) -> list[str]:
        if self._rooms is None:
            self._rooms = [f"{t.id}.{r}" for t in self.ruleset.tiles.values() for r in t.rooms]
        return self._rooms

    def unknown(self, kind: str, value: Any) -> str | None:
        """Why ``value`` is not a known id of ``kind``, or None when it is."""
        if not isinstance(value, str):
            return None
        rs = self.ruleset
        if kind == "card":
            return None if value in rs.cards else f"unknown card {value!r}" + did_you_mean(value, rs.cards)
        if kind == "token":
            return None if value in rs.tokens else f"unknown token {value!r}" + did_you_mean(value, rs.tokens)
        if kind == "tile":
            return None if value in rs.tiles else f"unknown tile {value!r}" + did_you_mean(value, rs.tiles)
        tile, _, room = value.partition(".")
        if tile in rs.tiles and room in rs.tiles[tile].rooms:
            return None
        if tile in rs.tiles:
            return (f"tile {tile!r} has no room {room!r} (its rooms: {', '.join(sorted(rs.tiles[tile].rooms))})"
                    + did_you_mean(room, rs.tiles[tile].rooms))
        return f"unknown room {value!r}" + did_you_mean(value, self.rooms())


def _matches(data: Any, at: Where, pattern: tuple[str, ...]) -> Iterator[tuple[Any, Where, bool]]:
    """(value, place, whether the place is a key) of everything ``pattern`` names in ``data``."""
    if pattern and pattern[0] == "STEP":
        rest = pattern[1:]
        yield from _walk(data, at, rest)
        steps = data.get("steps") if isinstance(data, dict) else None
        for i, step in enumerate(steps if isinstance(steps, list) else []):
            yield from _walk(step, at / "steps" / i, rest)
        return
    yield from _walk(data, at, pattern)


def _walk(data: Any, at: Where, pattern: tuple[str, ...]) -> Iterator[tuple[Any, Where, bool]]:
    if not pattern:
        yield data, at, False
        return
    head, rest = pattern[0], pattern[1:]
    if head == "{keys}":
        if isinstance(data, dict):
            for key in data:
                yield key, at / key, True
        return
    if head == "P*" and not rest and isinstance(data, dict):
        for key in data:
            if isinstance(key, str) and key.startswith("P") and key[1:].isdigit():
                yield key, at / key, True
        return
    if isinstance(data, dict):
        for key, value in data.items():
            if key == head or head == "*" or (head == "P*" and key.startswith("P") and key[1:].isdigit()):
                yield from _walk(value, at / key, rest)
    elif isinstance(data, list) and head == "*":
        for i, value in enumerate(data):
            yield from _walk(value, at / i, rest)


__all__ = ["REFS", "SEAT_VALUES", "check_refs"]
