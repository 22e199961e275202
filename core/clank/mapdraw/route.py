"""Routing lines on a character grid: the cheapest path with few turns that avoids boxes and
crosses other lines only straight across (drawn as a bridge, never as a branch).

Directions are bits, as the box-drawing characters combine them: north 1, east 2, south 4,
west 8; rows grow southward. A path may start or end on a line on purpose (a branch of a
room's trunk, see :mod:`clank.mapdraw.tileart`): that is a junction, drawn ``├ ┬ ┤ ┴``.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

N, E, S, W = 1, 2, 4, 8
DIRS = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE = {N: S, S: N, E: W, W: E}
VERTICAL, HORIZONTAL = N | S, E | W

Cell = tuple[int, int]
Attach = tuple[Cell, int]
"""A cell where a line may end, and the direction from it to what it joins (a box, a port);
direction 0: the cell is on a line the new one branches from or joins."""

TURN, CROSS, OVERLAP, CROWD = 3, 4, 12, 1
_FAR = 1 << 30


class Grid:
    """The cells a router sees: their size, which are blocked, the line bits already drawn."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.blocked: set[Cell] = set()
        self.lines: dict[Cell, int] = {}

    def inside(self, cell: Cell) -> bool:
        """Whether a cell is on the grid."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def draw(self, path: list[Cell], start_dir: int, end_dir: int) -> None:
        """Record a routed path: each cell's bits toward its neighbours on the path, the first
        toward ``start_dir`` and the last toward ``end_dir`` (0: nothing more)."""
        bits = self.lines
        for i, cell in enumerate(path):
            b = start_dir if i == 0 else step_dir(cell, path[i - 1])
            b |= end_dir if i == len(path) - 1 else step_dir(cell, path[i + 1])
            bits[cell] = bits.get(cell, 0) | b


def step_dir(a: Cell, b: Cell) -> int:
    """The direction from a cell to a neighbouring one."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return E if dx > 0 else W if dx < 0 else S if dy > 0 else N


def route(grid: Grid, starts: Iterable[Attach], goals: Iterable[Attach], *, relaxed: bool = False,
          start_cost: dict[Cell, int] | None = None, goal_cost: dict[Cell, int] | None = None,
          crowd: set[Cell] | None = None, no_cross: set[Cell] | None = None) -> list[Cell] | None:
    """The cheapest path from a start to a goal (its cells, start first), or None.

    Steps cost 1, turns ``TURN``, crossing a line ``CROSS``; a path crosses a line only
    straight across and never turns or ends on one, except at a start or goal whose direction
    is 0 (a junction: it leaves or joins that line through a free side). A start or goal may
    be blocked (a port on a tile's border): the path leaves or enters it straight.
    ``relaxed`` lets a path run along or turn on other lines (``OVERLAP`` a cell), for when
    nothing else fits. ``start_cost`` and ``goal_cost`` weigh particular ends; a step beside
    a cell of ``crowd`` costs ``CROWD`` more, so lines keep apart; lines in ``no_cross`` (where
    another line ends) are never crossed."""
    goal_map = dict(goals)
    if not goal_map:
        return None
    start_cost, goal_cost, crowd = start_cost or {}, goal_cost or {}, crowd or set()
    no_cross = no_cross or set()
    lo_x, hi_x = min(c[0] for c in goal_map), max(c[0] for c in goal_map)
    lo_y, hi_y = min(c[1] for c in goal_map), max(c[1] for c in goal_map)

    def h(c: Cell) -> int:
        dx = lo_x - c[0] if c[0] < lo_x else c[0] - hi_x if c[0] > hi_x else 0
        dy = lo_y - c[1] if c[1] < lo_y else c[1] - hi_y if c[1] > hi_y else 0
        return dx + dy

    blocked, lines = grid.blocked, grid.lines
    heap: list[tuple[int, int, Cell, int]] = []
    best: dict[tuple[Cell, int], int] = {}
    parent: dict[tuple[Cell, int], tuple[Cell, int] | None] = {}

    def push(state: tuple[Cell, int], cost: int, prev: tuple[Cell, int] | None) -> None:
        if cost < best.get(state, _FAR):
            best[state] = cost
            parent[state] = prev
            heapq.heappush(heap, (cost + h(state[0]), cost, state[0], state[1]))

    def enter(cell: Cell, d: int, cost: int, prev: tuple[Cell, int]) -> None:
        nxt = (cell[0] + DIRS[d][0], cell[1] + DIRS[d][1])
        if not grid.inside(nxt):
            return
        step = 1 + (TURN if d != prev[1] and prev[1] else 0)
        if nxt in goal_map:
            toward = goal_map[nxt]
            if toward == 0:
                if lines.get(nxt, 0) & OPPOSITE[d]:
                    return
            elif nxt in lines and not relaxed:
                return
            step += (TURN if toward and toward != d else 0) + goal_cost.get(nxt, 0)
        elif nxt in blocked:
            return
        elif nxt in lines:
            if relaxed:
                step += OVERLAP
            elif lines[nxt] & (VERTICAL if d in (N, S) else HORIZONTAL) or nxt in no_cross:
                return
            else:
                step += CROSS
        if crowd and nxt not in goal_map:
            x, y = nxt
            step += CROWD * sum(1 for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                                if c in crowd and c != cell)
        push((nxt, d), cost + step, prev)

    for cell, toward in starts:
        if not grid.inside(cell):
            continue
        cost0 = start_cost.get(cell, 0)
        if toward == 0:            # branch off a line through a free side
            parent[(cell, 0)] = None
            for d in DIRS:
                if not lines.get(cell, 0) & d:
                    enter(cell, d, cost0, (cell, 0))
        elif cell not in lines or relaxed:
            push((cell, OPPOSITE[toward]), cost0, None)
    while heap:
        _, cost, cell, d = heapq.heappop(heap)
        if cost > best.get((cell, d), _FAR):
            continue
        if cell in goal_map:
            return _unwind(parent, (cell, d))
        straight_only = cell in blocked or (cell in lines and not relaxed)
        for nd in DIRS:
            if nd == OPPOSITE[d] or (straight_only and nd != d):
                continue
            enter(cell, nd, cost, (cell, d))
    return None


def _unwind(parent: dict, state: tuple[Cell, int]) -> list[Cell]:
    path = []
    cur: tuple[Cell, int] | None = state
    while cur is not None:
        path.append(cur[0])
        cur = parent.get(cur)
    path.reverse()
    return path
