"""Benchmark: four-player games per second and decisions per second for each bot.

Run with ``make bench`` (or ``python benchmarks/bench.py --games 50 --players 4``). It prints
figures; it asserts nothing (speed is measured, never tested).
"""

from __future__ import annotations

import argparse
import time

from clank import build_ruleset, new_game


def bench(bot: str, games: int, players: int, seed: int) -> tuple[float, float, int]:
    """Play ``games`` bots-only games; return (games/s, decisions/s, decisions)."""
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        game = new_game(["catacombs"], players, seed + i)
        bots = [game.ruleset.registry.bots[bot].factory((seed + i) * 16 + s) for s in range(players)]
        while not game.over:
            game.apply(bots[game.current_player].choose(game.view(game.current_player)))
            decisions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy")
    args = ap.parse_args()
    t = time.perf_counter()
    build_ruleset(["catacombs"])   # content is loaded and compiled once, outside the timing
    print(f"load and compile the catacombs pack: {time.perf_counter() - t:.2f} s")
    for bot in args.bots.split(","):
        gps, dps, n = bench(bot, args.games, args.players, args.seed)
        print(f"{bot:>8}: {gps:7.2f} {args.players}-player games/s  {dps:9.0f} decisions/s  "
              f"({args.games} games, {n} decisions)")


if __name__ == "__main__":
    main()
