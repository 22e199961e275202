"""Benchmark: the ``mcts`` bot against the ``greedy`` bot, head to head, two players.

Game ``i`` uses seed ``seed + i``; the MCTS bot sits first in the even games and second in the
odd ones, so both seats are played equally. Bots are seeded from the game seed and their seat,
as ``clank simulate`` seeds them, so with an iteration budget a run is reproducible (the same
wins for any ``--jobs``). A shared win counts half.

    python benchmarks/mcts_vs_greedy.py --games 200 --iterations 200 --jobs 2

It prints the MCTS bot's win rate with its 95% Wilson interval, the mean scores, and the time
per decision of the MCTS bot: over the decisions it searched (more than one legal action and
not a card to play from hand: the greedy choice is taken there without a search), wall time,
and over all of its decisions, wall and CPU time (on a shared machine the CPU time is the
steadier figure). Speed is measured here, never tested.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from typing import Any


def play(args: tuple[int, str, str, str]) -> dict[str, Any]:
    """One game: ``(seed, budget, packs, opponent)`` → the result row of the MCTS seat."""
    seed, budget, packs, opponent = args
    from clank import new_game
    from clank_cli.seats import bot_seed

    game = new_game(packs.split(","), players=2, seed=seed)
    registry = game.ruleset.registry
    me = seed % 2
    bots = {me: registry.make_bot(f"mcts:{budget}", bot_seed(seed, me)),
            1 - me: registry.make_bot(opponent, bot_seed(seed, 1 - me))}
    started = time.process_time()
    spent = cpu = searched_cpu = 0.0
    while not game.over:
        seat = game.current_player
        if seat == me:
            t, c = time.perf_counter(), time.process_time()
            action = bots[seat].choose(game.view(seat))
            spent += time.perf_counter() - t
            cpu += time.process_time() - c
            if bots[seat].last_iterations:
                searched_cpu += time.process_time() - c
        else:
            action = bots[seat].choose(game.view(seat))
        game.apply(action)
    winners = game.winners()
    scores = [s["total"] for s in game.scores()]
    stats = bots[me].stats
    return {"seed": seed, "seat": me, "win": 1.0 if winners == [me] else 0.5 if me in winners else 0.0,
            "mine": scores[me], "theirs": scores[1 - me], "rounds": game.state.round,
            "decisions": stats["decisions"], "searched": stats["searched"], "iterations": stats["iterations"],
            "search_s": stats["seconds"], "choose_s": spent, "choose_cpu_s": cpu, "searched_cpu_s": searched_cpu, "cpu_s": time.process_time() - started}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--iterations", default="200", help="the MCTS budget: iterations (200) or milliseconds (50ms)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the games are shared among them)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    ap.add_argument("--packs", default="catacombs")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    a = ap.parse_args(argv)
    work = [(a.seed + i, a.iterations, a.packs, a.opponent) for i in range(a.games)]
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    if a.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
            for row in pool.imap(play, work):
                rows.append(row)
                _progress(row, rows, a.quiet)
    else:
        for w in work:
            row = play(w)
            rows.append(row)
            _progress(row, rows, a.quiet)
    wall = time.perf_counter() - started
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    searched = sum(r["searched"] for r in rows)
    decisions = sum(r["decisions"] for r in rows)
    print(f"mcts:{a.iterations} against {a.opponent}, {n} two-player games (seeds {a.seed}-{a.seed + n - 1}, "
          f"seats alternated), {a.jobs} job(s), {wall:.0f} s")
    print(f"  win rate      {wins / n:.1%} ({wins:g}/{n}), 95% Wilson interval {lo:.1%}-{hi:.1%}")
    for seat in (0, 1):
        sub = [r for r in rows if r["seat"] == seat]
        if sub:
            print(f"  as seat P{seat + 1}    {sum(r['win'] for r in sub) / len(sub):.1%} of {len(sub)}")
    print(f"  mean score    mcts {sum(r['mine'] for r in rows) / n:.1f}, "
          f"{a.opponent} {sum(r['theirs'] for r in rows) / n:.1f}; mean rounds {sum(r['rounds'] for r in rows) / n:.1f}")
    print(f"  decisions     {decisions} ({decisions / n:.0f} per game), searched {searched} "
          f"({searched / n:.0f} per game), {sum(r['iterations'] for r in rows) / max(1, searched):.0f} "
          f"iterations per searched decision")
    print(f"  ms/decision   {1000 * sum(r['search_s'] for r in rows) / max(1, searched):.0f} wall / "
          f"{1000 * sum(r['searched_cpu_s'] for r in rows) / max(1, searched):.0f} CPU per searched decision, {1000 * sum(r['choose_s'] for r in rows) / max(1, decisions):.1f} wall / "
          f"{1000 * sum(r['choose_cpu_s'] for r in rows) / max(1, decisions):.1f} CPU over all its decisions; "
          f"{sum(r['cpu_s'] for r in rows) / n:.1f} CPU s per game (both bots)")
    return 0


def _progress(row: dict[str, Any], rows: list[dict[str, Any]], quiet: bool) -> None:
    if not quiet:
        wins = sum(r["win"] for r in rows)
        print(f"seed {row['seed']} mcts P{row['seat'] + 1}: {row['mine']}-{row['theirs']} "
              f"{'win' if row['win'] == 1 else 'tie' if row['win'] else 'loss'} "
              f"({wins:g}/{len(rows)})", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
