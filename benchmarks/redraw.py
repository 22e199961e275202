"""How long one redraw of the full-screen table takes (issue 9: under 0.1 s), at 100×35 and
160×50, headless: after each action of a game, the panels rebuilt from a seat's view and the
screen composed and painted. Prints figures; not a test.

    .venv/bin/python benchmarks/redraw.py
"""

from __future__ import annotations

import asyncio
import statistics
import time

from clank.api import new_game
from clank.cli.seats import assign_seats
from clank.cli.tui.app import TableApp


async def measure(size: tuple[int, int], rounds: int = 30) -> list[float]:
    game = new_game(["catacombs"], 4, 7, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(4)]
    while game.state.round < 6:                  # a dungeon with some tiles on it
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    while game.current_player != 0:
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    app = TableApp(game, assign_seats(4, 1, ["greedy"]), None, delay=0)
    times = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            if not game.over:                     # a new position each time (not timed)
                s = game.current_player
                game.apply(bots[s].choose(game.view(s)))
            t = time.perf_counter()
            app.redraw()
            await pilot.pause()                   # until the screen is composed and painted
            times.append(time.perf_counter() - t)
    return times


def main() -> None:
    for size in ((100, 35), (160, 50)):
        times = asyncio.run(measure(size))
        print(f"{size[0]}x{size[1]}: redraw median {statistics.median(times) * 1000:.1f} ms, "
              f"max {max(times) * 1000:.1f} ms over {len(times)} redraws")


if __name__ == "__main__":
    main()
