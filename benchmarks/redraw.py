"""How long one redraw of the full-screen table takes (issue 9: under 0.1 s), at 80×24 (the
compact layout), 100×35 and 160×50, headless: after each action of a game, the panels rebuilt from a seat's view and the
screen composed and painted. Prints figures; not a test.

    .venv/bin/python benchmarks/redraw.py [--rounds 30] [--repeat 3]

Two clocks: *wall* time from ``redraw()`` until the pilot finds the app idle (it includes
about 20 ms of the pilot's own idle wait, and whatever else the machine is running), and the
*CPU* time of the process over the same span, the work a redraw really costs. Each run plays
a fresh game (seed 7) to round 6 and redraws after each of the next ``--rounds`` actions;
medians and maxima are over every redraw of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from clank.api import new_game
from clank_cli.seats import assign_seats
from clank_cli.tui.app import TableApp, settle_heap


async def measure(size: tuple[int, int], rounds: int = 30) -> tuple[list[float], list[float]]:
    """(wall times, CPU times) of ``rounds`` redraws at ``size``."""
    game = new_game(["catacombs"], 4, 7, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(4)]
    while game.state.round < 6:                  # a dungeon with some tiles on it
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    while game.current_player != 0:
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    app = TableApp(game, assign_seats(4, 1, ["greedy"]), None, delay=0)
    settle_heap()                                 # as TableApp.run does for `clank play`
    wall, cpu = [], []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            if not game.over:                     # a new position each time (not timed)
                s = game.current_player
                game.apply(bots[s].choose(game.view(s)))
            t, c = time.perf_counter(), time.process_time()
            app.redraw()
            await pilot.pause()                   # until the screen is composed and painted
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for size in ((80, 24), (100, 35), (160, 50)):
        wall: list[float] = []
        cpu: list[float] = []
        for _ in range(args.repeat):
            w, c = asyncio.run(measure(size, args.rounds))
            wall += w
            cpu += c
        print(f"{size[0]}x{size[1]}: {len(wall)} redraws: wall median {statistics.median(wall) * 1000:.1f} ms, "
              f"max {max(wall) * 1000:.1f} ms; CPU median {statistics.median(cpu) * 1000:.1f} ms, "
              f"max {max(cpu) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
