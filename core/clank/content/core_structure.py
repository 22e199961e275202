"""The structure rules of the core's own setup keys, stated through ``clank_check_content``
like any pack's (the core's plugin implements it with :func:`check`).

- Player counts: a ``by_players`` entry (at the top of the setup or inside a key such as
  ``out_player_draw``) and a rage track's ``start`` name player counts, ``seat_resources`` names
  seats: each must be one a game of the loaded packs can have (their merged ``players``), or
  the entry is never used. A count written as a word is refused by the schema.
- The start tiles: each holds a room showing the setup's ``start_feature``, where the pawns
  start (S15).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from clank.content.checks_structure import ContentItem, ContentView, Report
from clank.content.locator import JsonPath

_COUNTED = ("by_players",)
"""Keys whose mapping is keyed by a player count, wherever they are in the setup."""


def check(content: ContentView, report: Report) -> None:
    """The core's structure rules (see the module)."""
    counts = content.seat_counts
    for setup in content.setups():
        for path, number in _player_counts(setup.data):
            if number not in counts:
                report(setup, _unsupported(content, path[-2], number), rule="player-count", at=path, key=True)
        for seat, path in _seats(setup.data):
            if seat > counts.stop - 1 or seat < 1:
                report(setup, f"seat {seat} never plays: a game of the loaded packs has at most "
                       f"{counts.stop - 1} players{_hint(content)}", rule="player-count", at=path, key=True)
    _check_start_tiles(content, report)


def _unsupported(content: ContentView, where: Any, number: int) -> str:
    counts = content.seat_counts
    what = "the by_players entry" if where == "by_players" else "the rage track's start space"
    return (f"{what} for {number} players is never used: the loaded packs support "
            f"{counts.start}-{counts.stop - 1} players{_hint(content) if number >= counts.stop else ''}")


def _hint(content: ContentView) -> str:
    hint = content.setup.get("players", {}).get("hint") if isinstance(content.setup.get("players"), Mapping) else ""
    return f" ({hint.rstrip('.')})" if isinstance(hint, str) and hint else ""


def _player_counts(setup: Mapping[str, Any], path: JsonPath = (), depth: int = 0) -> Iterator[tuple[JsonPath, int]]:
    """Every key that names a player count: ``(path to the key, the count)``."""
    for key, value in setup.items():
        if not isinstance(value, Mapping):
            continue
        here = (*path, key)
        if key in _COUNTED or (key == "start" and path[-1:] == ("rage_track",)):
            for count, entry in value.items():
                if isinstance(count, str) and count.isdigit():
                    yield (*here, count), int(count)
                if isinstance(entry, Mapping) and depth < 3:
                    yield from _player_counts(entry, (*here, count), depth + 1)
        elif depth < 3:
            yield from _player_counts(value, here, depth + 1)


def _seats(setup: Mapping[str, Any]) -> Iterator[tuple[int, JsonPath]]:
    """The seats ``seat_resources`` gives to (top level and by player count)."""
    entries = [((), setup)] + [(("by_players", k), v) for k, v in (setup.get("by_players") or {}).items()
                               if isinstance(v, Mapping)]
    for prefix, entry in entries:
        seats = entry.get("seat_resources")
        for seat in seats if isinstance(seats, Mapping) else ():
            if isinstance(seat, str) and seat.isdigit():
                yield int(seat), (*prefix, "seat_resources", seat)


def _check_start_tiles(content: ContentView, report: Report) -> None:
    feature = content.setup.get("start_feature")
    if not isinstance(feature, str):
        return
    name = feature.partition("(")[0]
    for tile_id in content.setup.get("start_tiles") or ():
        tile = content.get("tiles", tile_id) if isinstance(tile_id, str) else None
        if tile is not None and not any(f.name == name for f in content.features(tile)):
            _no_start_room(tile, feature, report)


def _no_start_room(tile: ContentItem, feature: str, report: Report) -> None:
    report(tile, f"start tile {tile.id!r} has no room showing {feature!r} (the setup's start_feature): "
           "the pawns start there (S15); add it to one room's features", rule="start-tile", at=("rooms",))
