"""``then``: what must hold after a scenario's actions, each key checked on its own.

A key that does not hold is a :class:`~clank.scenarios.model.Failure` at that key's own line,
saying what was expected and what the engine shows instead. Every key of a ``then`` is
checked, so one run reports all of its mismatches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from clank.game.engine import Game
from clank.scenarios.arrange import owner_key, seat_of
from clank.scenarios.model import Failure, Where

Mismatch = tuple[str, list[str]] | None
"""What a check found: None when the expectation holds, else (message, what the engine shows)."""


def check(game: Game, then: dict[str, Any], at: Where, log_from: int) -> list[Failure]:
    """Every expectation of ``then`` that does not hold; ``log_from`` is the first log line
    written by the actions being checked."""
    out: list[Failure] = []
    for key, expected in then.items():
        if key.startswith("P") and key[1:].isdigit():
            for sub, value in expected.items():
                found = _seat_check(game, seat_of(key), sub, value)
                if found is not None:
                    out.append(Failure((at / key / sub).problem("expectation", f"{key} {sub}: {found[0]}"),
                                       tuple(found[1])))
            continue
        found = _GAME_CHECKS[key](game, expected, log_from)
        if found is not None:
            out.append(Failure((at / key).problem("expectation", f"{key}: {found[0]}"), tuple(found[1])))
    return out


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join("null" if v is None else str(v) for v in value) + "]"
    return "null" if value is None else str(value)


def _equal(expected: Any, actual: Any) -> Mismatch:
    if expected == actual:
        return None
    return f"expected {_show(expected)}, the engine shows {_show(actual)}", []


def _seat_name(seat: int | None) -> str | None:
    return None if seat is None else f"P{seat + 1}"


# -- the game ---------------------------------------------------------------------------------

def _turn(game: Game, seat: str, _: int) -> Mismatch:
    return _equal(seat, _seat_name(game.state.current))


def _decision(game: Game, expected: dict[str, Any], _: int) -> Mismatch:
    d = game.decision()
    shown = {"kind": d["kind"], "seat": _seat_name(d["seat"]), "options": _options(game)}
    wrong = [k for k, v in expected.items() if shown[k] != v]
    if not wrong:
        return None
    lines = [f"{k}: {_show(shown[k])}" for k in ("kind", "seat", "options")]
    return (", ".join(f"{k} {_show(expected[k])} expected, the engine shows {_show(shown[k])}" for k in wrong),
            [f"the decision now: {d['prompt']}", *lines])


def _options(game: Game) -> list[str]:
    labels = (game.state.decision or {}).get("labels")
    if isinstance(labels, list):
        return [str(x) for x in labels]
    return [str(a) for a in game.legal_actions()]


def _legal_now(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def _legal(game: Game, texts: list[str], _: int) -> Mismatch:
    now = _legal_now(game)
    missing = [t for t in texts if t not in now]
    return None if not missing else (f"not legal now: {_show(missing)}", [f"legal now: {_show(now)}"])


def _illegal(game: Game, texts: list[str], _: int) -> Mismatch:
    now = _legal_now(game)
    there = [t for t in texts if t in now]
    return None if not there else (f"legal now, expected not: {_show(there)}", [f"legal now: {_show(now)}"])


def _actions(game: Game, texts: list[str], _: int) -> Mismatch:
    return _equal(texts, _legal_now(game))


def _log(game: Game, texts: list[str], log_from: int) -> Mismatch:
    lines = game.log[log_from:]
    i = 0
    for text in texts:
        while i < len(lines) and text not in lines[i]:
            i += 1
        if i == len(lines):
            return (f"no line logged (after the ones matched before it) contains {text!r}",
                    ["logged by these actions:", *(f"  {line}" for line in lines)] if lines else ["nothing was logged"])
        i += 1
    return None


def _not_logged(game: Game, texts: list[str], log_from: int) -> Mismatch:
    lines = game.log[log_from:]
    hits = [line for line in lines for text in texts if text in line]
    return None if not hits else (f"logged, expected not: {_show(hits)}", [])


def _rage(game: Game, rage: int, _: int) -> Mismatch:
    return _equal(rage, game.state.rage)


def _cubes(zone: str) -> Callable[[Game, dict[str, int], int], Mismatch]:
    def check_zone(game: Game, counts: dict[str, int], _: int) -> Mismatch:
        held = getattr(game.state, zone)
        actual = {owner: held.get(owner_key(owner), 0) for owner in counts}
        if actual == counts:
            return None
        everyone = {(_seat_name(int(k)) if k.isdigit() else k): n for k, n in sorted(held.items()) if n}
        return f"expected {counts}, the engine shows {actual}", [f"all of it: {everyone}"]
    return check_zone


def _row(game: Game, cards: list[str | None], _: int) -> Mismatch:
    return _equal(cards, list(game.state.row))


def _rooms(game: Game, rooms: dict[str, dict[str, Any]], _: int) -> Mismatch:
    wrong = []
    for room, contents in rooms.items():
        held = game.state.rooms.get(room, {})
        for key, value in contents.items():
            actual = held.get(key)
            if (value is None and actual) or (value is not None and actual != value):
                wrong.append(f"{room} {key}: expected {_show(value)}, the engine shows {_show(actual)}")
    if not wrong:
        return None
    return "; ".join(wrong), [f"{room}: {game.state.rooms.get(room, {})}" for room in rooms]


def _tiles(game: Game, tiles: dict[str, dict[str, Any]], _: int) -> Mismatch:
    placed = {t.tile: t for t in game.state.tiles}
    wrong = []
    for tile, where in tiles.items():
        t = placed.get(tile)
        if t is None:
            wrong.append(f"{tile} is not on the map")
            continue
        shown = {"rot": t.rot, "at": [t.x, t.y], "slot": t.slot}
        wrong += [f"{tile} {k}: expected {_show(v)}, the engine shows {_show(shown[k])}"
                  for k, v in where.items() if shown[k] != v]
    return None if not wrong else ("; ".join(wrong), [])


def _over(game: Game, over: bool, _: int) -> Mismatch:
    return _equal(over, game.over)


def _winners(game: Game, seats: list[str], _: int) -> Mismatch:
    if not game.over:
        return "the game is not over", []
    return _equal(sorted(seats), sorted(f"P{s + 1}" for s in game.winners()))


_GAME_CHECKS: dict[str, Callable[[Game, Any, int], Mismatch]] = {
    "turn": _turn, "decision": _decision, "legal": _legal, "illegal": _illegal, "actions": _actions,
    "log": _log, "not_logged": _not_logged, "rage": _rage, "clank_area": _cubes("clank_area"),
    "bag": _cubes("bag"), "row": _row, "rooms": _rooms, "tiles": _tiles, "over": _over, "winners": _winners,
}
"""The game-wide keys of ``then`` and their checks."""


# -- a seat -----------------------------------------------------------------------------------

def _zone(expected: Any, actual: Sequence[str]) -> Mismatch:
    """A list: exactly these, in any order; a mapping: includes, excludes, size, top."""
    shown = [f"the engine shows {_show(list(actual))}"]
    if isinstance(expected, list):
        if Counter(expected) == Counter(actual):
            return None
        return f"expected {_show(sorted(expected))} (in any order)", shown
    have = Counter(actual)
    wrong = []
    missing = Counter(expected.get("includes", [])) - have
    if missing:
        wrong.append(f"missing {_show(sorted(missing.elements()))}")
    present = [x for x in expected.get("excludes", []) if have[x]]
    if present:
        wrong.append(f"holds {_show(present)}, expected not")
    if "size" in expected and expected["size"] != len(actual):
        wrong.append(f"size {expected['size']} expected, the engine shows {len(actual)}")
    top = expected.get("top")
    if top is not None and list(reversed(actual))[:len(top)] != top:
        wrong.append(f"top {_show(top)} expected (next first), the engine shows "
                     f"{_show(list(reversed(actual))[:len(top)])}")
    return None if not wrong else ("; ".join(wrong), shown)


def _seat_check(game: Game, seat: int, key: str, expected: Any) -> Mismatch:
    p = game.player(seat)
    if key in ("hand", "deck", "discard", "play", "tokens", "artifacts"):
        return _zone(expected, getattr(p, key))
    if key == "room":
        return _equal(expected, p.room)
    if key in ("clank", "bag"):
        zone = game.state.clank_area if key == "clank" else game.state.bag
        return _equal(expected, zone.get(str(seat), 0))
    if key == "damage":
        return _equal(expected, len(p.damage))
    if key in ("cubes", "status"):
        return _equal(expected, getattr(p, key))
    if key == "score":
        return _equal(expected, game.scores()[seat]["total"])
    if key == "score_lines":
        lines: dict[str, int] = {}
        for source, points in game.scores()[seat]["lines"]:
            lines[source] = lines.get(source, 0) + points
        actual = {source: lines.get(source, 0) for source in expected}
        return None if actual == expected else (f"expected {expected}, the engine shows {actual}",
                                                [f"every line: {lines}"])
    if key == "stats":
        actual = {name: p.stats.get(name, 0) for name in expected}
        return _equal(expected, actual)
    return _equal(expected, p.pool.get(key, 0))     # a registered resource (the schema allows no other key)


__all__ = ["check"]
