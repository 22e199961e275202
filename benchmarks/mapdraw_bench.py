"""How long the map renderer takes to redraw (issue 9: under 0.1 s per redraw).

Plays four-player greedy games to a mid-game position (150 actions) and to their end, then
times ``draw_map`` at a 60×24 panel (the compact drawing of a 100×35 terminal) and a 160×50
one: the first drawing of a position (every tile's lines routed anew, the tile cache empty)
and redraws (what a full-screen table does after each action: the tiles' lines are kept).
Also times ``map_svg``. Prints figures; it is not a test.

    .venv/bin/python benchmarks/mapdraw_bench.py [--seeds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from clank import new_game
from clank.mapdraw import draw_map, map_svg, tileart


def positions(seeds: int) -> list[tuple[str, object]]:
    """(label, view) of a mid-game and a finished game per seed."""
    out = []
    for seed in range(1, seeds + 1):
        game = new_game(["catacombs"], players=4, seed=seed)
        bots = [game.ruleset.registry.bots["greedy"].factory(seed * 10 + s) for s in range(4)]
        n = 0
        while not game.over:
            if n == 150:
                out.append((f"seed {seed}, action 150, {len(game.state.tiles)} tiles", game.clone().view(0)))
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat)))
            n += 1
        out.append((f"seed {seed}, game over, {len(game.state.tiles)} tiles", game.view(0)))
    return out


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    views = positions(args.seeds)
    print(f"{'position':40} {'size':>7} {'first ms':>9} {'redraw ms (median / max)':>26}")
    worst: dict[str, float] = {}
    for label, view in views:
        for width, height in ((60, 24), (160, 50)):
            tileart._CACHE.clear()
            first = timed(lambda v=view, w=width, h=height: draw_map(v, width=w, height=h), 1)[0]
            again = timed(lambda v=view, w=width, h=height: draw_map(v, width=w, height=h), args.repeat)
            size = f"{width}x{height}"
            worst[size] = max(worst.get(size, 0.0), max(again))
            print(f"{label:40} {size:>7} {first * 1000:9.1f} {statistics.median(again) * 1000:15.1f} / "
                  f"{max(again) * 1000:6.1f}")
        svg = timed(lambda v=view: map_svg(v), 3)
        print(f"{label:40} {'svg':>7} {'':9} {statistics.median(svg) * 1000:15.1f}")
    for size, t in worst.items():
        print(f"slowest redraw at {size}: {t * 1000:.1f} ms (target: under 100 ms)")


if __name__ == "__main__":
    main()
