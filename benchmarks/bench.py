"""Benchmark: four-player games per second and decisions per second for each bot, and how long
hostile content files take to be refused.

Run with ``make bench`` (or ``python benchmarks/bench.py --games 50 --players 4``). It prints
figures; it asserts nothing (speed is measured, never tested).
"""

from __future__ import annotations

import argparse
import time

from clank import build_ruleset, new_game
from clank.content.problems import ContentError
from clank.content.yamlload import load_yaml_bytes

HOSTILE = {
    "a flood of 100 001 values": b"[" + b"0," * 100_000 + b"0]",
    "brackets nested 50 000 deep": b"- " + b"[" * 50_000 + b"]" * 50_000,
    "an alias bomb (9^20 nodes)": "\n".join(
        ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 20)]).encode(),
}
"""Hostile files the loader refuses; the tests check the work is bounded, this measures the time."""


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


def bench_refusals() -> None:
    """Print how long each hostile file takes to be refused (best of three)."""
    for name, data in HOSTILE.items():
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            try:
                load_yaml_bytes(data, "hostile.yaml")
            except ContentError:
                pass
            best = min(best, time.perf_counter() - start)
        print(f"refuse {name}: {best:.2f} s")


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
    bench_refusals()
    for bot in args.bots.split(","):
        gps, dps, n = bench(bot, args.games, args.players, args.seed)
        print(f"{bot:>8}: {gps:7.2f} {args.players}-player games/s  {dps:9.0f} decisions/s  "
              f"({args.games} games, {n} decisions)")


if __name__ == "__main__":
    main()
