"""The structure the base game's rules need of tiles, tile stacks and the market board, stated
for ``clank validate`` (and every load of the packs) through ``clank_check_content``; it judges
the base game's content and that of every pack loaded with it (RULES.md S5, R12, X13, K5).

- R12, X13: a tile of the ``surface`` stack is not in the Depths, a tile of the ``depths``
  stack is (``depths: true``): the stack says where it is dealt, ``depths`` what its rooms are.
- S5: the catacombs' tile stack is built from parts that can be carried out: a part does not
  ``remove`` or ``take`` more tiles than its stack holds, nor ``keep`` more than an added
  stack holds; and however the parts are shuffled, the built stack holds Depths tiles beneath
  the Surface ones, so the dungeon cannot run dry before the Depths.
- K5: Crowns lie on the market board highest first, so a buyer always receives the highest
  one left.

Tile geometry (tunnel ends, ports, rooms no pawn can enter) is the core's, for every pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from clank.plugin import ContentItem, ContentView, Report

REGION = "catacombs"
SURFACE, DEPTHS = "surface", "depths"
CROWN = "crown"


def check(content: ContentView, report: Report) -> None:
    """Every structural rule of the module's docstring."""
    for tile in content.items("tiles"):
        _depths_flag(report, tile)
    _stack_parts(content, report)
    _crowns(content, report)


def _depths_flag(report: Report, tile: ContentItem) -> None:
    """R12, X13: the Surface is not the Depths; the Depths stack is."""
    stack, deep = tile.get("stack"), tile.get("depths") is True
    if stack == SURFACE and deep:
        report(tile, f"tile {tile.id!r} is a Surface tile (stack surface), dealt before the Depths: its rooms are "
               "not in the Depths (R12, X13); write depths: false or put it in stack depths",
               rule="depths-stack", at=("depths",))
    elif stack == DEPTHS and not deep:
        report(tile, f"tile {tile.id!r} is in the depths stack, so its rooms are in the Depths (R12, X13): write "
               "depths: true (or put it in stack surface)", rule="depths-stack",
               at=("depths",) if "depths" in tile.data else ("stack",))


def _stack_parts(content: ContentView, report: Report) -> None:
    """S5: each part of ``tile_stacks.catacombs`` can be carried out; Depths tiles are dealt."""
    owner = next((s for s in reversed(content.setups())
                  if isinstance(s.get("tile_stacks"), Mapping) and REGION in s.get("tile_stacks")), None)
    if owner is None:
        return
    parts = owner.get("tile_stacks")[REGION]
    tiles: dict[str, list[bool]] = {}
    for tile in content.items("tiles"):
        if isinstance(tile.get("stack"), str):
            tiles.setdefault(tile.get("stack"), []).append(tile.get("depths") is True)
    least_deep = 0                  # Depths tiles the built stack holds, however the parts are shuffled
    left: list[bool] = []           # what a part's `take` left for a later `{rest: true}`
    for i, part in enumerate(parts if isinstance(parts, list) else ()):
        if not isinstance(part, Mapping):
            continue
        at = ("tile_stacks", REGION, i)
        names = _names(part.get("stack"))
        dealt = list(left) if part.get("rest") else [d for n in names for d in tiles.get(n, [])]
        what = "the tiles a take left" if part.get("rest") else f"stack {' + '.join(names)}"
        remove, take = part.get("remove", 0), part.get("take")
        if isinstance(remove, int) and remove and remove >= len(dealt):
            report(owner, f"this part removes {remove} tiles unseen from {what}, which holds {len(dealt)}: none is "
                   "left to deal (S5 removes 2 of the 6 Surface tiles)", rule="tile-stack", at=(*at, "remove"))
        if isinstance(take, int) and take > len(dealt) - (remove if isinstance(remove, int) else 0):
            report(owner, f"this part takes {take} tiles from {what}, which holds "
                   f"{len(dealt) - (remove if isinstance(remove, int) else 0)} after the removal",
                   rule="tile-stack", at=(*at, "take"))
        kept = len(dealt) - (remove if isinstance(remove, int) else 0)
        deep = dealt.count(True)
        shallow = len(dealt) - deep
        least = max(0, deep - (remove if isinstance(remove, int) else 0))      # the removal may take Depths tiles
        if isinstance(take, int):                                             # the take may hold Surface tiles
            least = max(0, min(take, kept) - shallow)
            rest = max(0, kept - take)
            left = [True] * max(0, rest - shallow) + [False] * min(rest, shallow)
        elif part.get("rest"):
            left = []
        least_deep += least + _added_depths(content, report, owner, part, tiles, at)
    if least_deep == 0:
        report(owner, "the catacombs' tile stack may hold no Depths tile: once its tiles are discovered the "
               "dungeon runs dry before the Depths, where the artifacts lie (S5, X13: the Surface tiles lie on top "
               "of the Depths tiles); add a part with stack: depths", rule="tile-stack", at=("tile_stacks", REGION))


def _added_depths(content: ContentView, report: Report, owner: ContentItem, part: Mapping[str, Any],
                  tiles: dict[str, list[bool]], at: tuple) -> int:
    """Depths tiles a part's ``add`` surely brings; an added stack asked to keep more than it holds."""
    least = 0
    for j, add in enumerate(part.get("add") or ()):
        name = add.get("stack") if isinstance(add, Mapping) else add
        pool = tiles.get(name, []) if isinstance(name, str) else []
        keep = add.get("keep") if isinstance(add, Mapping) else None
        if isinstance(keep, int) and keep > len(pool):
            report(owner, f"this part keeps {keep} tiles of stack {name!r}, which holds {len(pool)}",
                   rule="tile-stack", at=(*at, "add", j, "keep"))
        count = len(pool) if keep is None else min(keep, len(pool))
        least += max(0, count - pool.count(False))
    return least


def _names(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] \
        if isinstance(value, Iterable) else []


def _crowns(content: ContentView, report: Report) -> None:
    """K5: the market board's Crowns, highest first."""
    best: tuple[str, int] | None = None
    for setup in content.setups():
        board = setup.get("market_board")
        for i, item in enumerate(board if isinstance(board, list) else ()):
            token = content.get("tokens", item) if isinstance(item, str) else None
            counts = token.get("counts_as") if token is not None else None
            value = token.get("points") if token is not None else None
            if not (isinstance(counts, list) and CROWN in counts and isinstance(value, int)):
                continue
            if best is not None and value > best[1]:
                report(setup, f"crown {item!r} ({value} points) lies under {best[0]!r} ({best[1]} points) on the "
                       "market board, but a buyer always receives the highest Crown left (K5): list the Crowns "
                       "highest first (a pack's board items go after the packs it requires: give it at most "
                       f"{best[1]} points)", rule="crown-order", at=("market_board", i))
            if best is None or value <= best[1]:
                best = (item, value)
