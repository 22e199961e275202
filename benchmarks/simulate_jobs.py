"""Benchmark: ``clank simulate --jobs N`` against ``--jobs 1``, interleaved rounds, medians.

Each round runs ``clank simulate`` once per job count (the order alternates between rounds) in
a fresh process, as a user would, and reads the games per second the command prints; it also
checks that every run wrote the same ``--out`` bytes. The figure includes starting the
workers (each loads the packs once, from the compiled-content cache when it is warm).
Bytecode caching is on (``PYTHONDONTWRITEBYTECODE`` is unset for the runs), as after any first run.

On a machine shared with other work the wall-clock ratio understates what the workers can
do, so the CPU seconds of each run (the command and its workers) are printed too, with the
speed-up they allow when every process has a core of its own: ``N x cpu(--jobs 1) / cpu(--jobs N)``
(the parallel overhead is what keeps it under N). Each round also measures the machine's own
ceiling: how much faster N copies of a plain Python loop finish side by side than one after the
other (N on N free cores; less when the host gives the cores to other work, as virtual
machines' hosts do), so a ratio can be read against what the machine allowed that round.
A loop is not a game (it barely touches memory, and it runs for a second where a run of games
runs for several), and on a shared host the two ceilings can differ either way, so each round
also runs the games themselves side by side: N ``--jobs 1`` commands at once, each with its
share of the games (their files, one after the other, are checked to be the same bytes too).
How much sooner they finish than the round's ``--jobs 1`` run is about the most ``--jobs N``
could gain on this machine: no games are handed to workers, though each command starts on its
own (a fifth of a second with a warm cache), so short runs understate it.

    python benchmarks/simulate_jobs.py --games 200 --rounds 5 --jobs 1,2

It prints figures and asserts nothing but equal bytes: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}   # as after any first run


def cpu_children() -> float:
    """CPU seconds (user + system) of the finished child processes, their own children included."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


LOOP = "x = 0\nfor i in range(6_000_000):\n    x += i * i % 7\n"
"""The ceiling's work: a second or so of plain Python, no memory to speak of."""


def ceiling(jobs: int) -> float:
    """How much faster ``jobs`` fresh processes running :data:`LOOP` finish side by side than
    they would one after the other: ``jobs`` on ``jobs`` free cores. One process alone is timed
    twice and the faster time kept, so a slow moment there does not raise the ceiling."""
    one = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", LOOP], check=True)
        one = min(one, time.perf_counter() - start)
    start = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", LOOP]) for _ in range(jobs)]
    for proc in procs:
        proc.wait()
    return jobs * one / (time.perf_counter() - start)


def simulate(clank: Path, jobs: int, games: int, players: int, seed: int, out: Path) -> list[str]:
    """The ``clank simulate`` command line of one run."""
    return [str(clank), "simulate", "--games", str(games), "--players", str(players), "--seed", str(seed),
            "--jobs", str(jobs), "--out", str(out)]


def side_by_side(clank: Path, jobs: int, games: int, players: int, seed: int,
                 tmp: Path) -> tuple[float, float, str]:
    """``jobs`` ``clank simulate --jobs 1`` commands at once, each with its share of the games
    (consecutive seeds): (wall seconds until the last one finished, CPU seconds of them all,
    SHA-256 of their ``--out`` files one after the other: the bytes of one run of every game)."""
    cpu = cpu_children()
    start = time.perf_counter()
    procs, first = [], 0
    for k in range(jobs):
        share = games // jobs + (k < games % jobs)
        procs.append(subprocess.Popen(simulate(clank, 1, share, players, seed + first, tmp / f"share{k}.jsonl"),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV))
        first += share
    for proc in procs:
        if proc.wait():
            raise subprocess.CalledProcessError(proc.returncode, proc.args)
    wall, cpu = time.perf_counter() - start, cpu_children() - cpu
    joined = b"".join((tmp / f"share{k}.jsonl").read_bytes() for k in range(jobs))
    return wall, cpu, hashlib.sha256(joined).hexdigest()


def run(clank: Path, jobs: int, games: int, players: int, seed: int,
        out: Path) -> tuple[float, float, float, str]:
    """One ``clank simulate``: (games/s it printed, wall seconds, CPU seconds, SHA-256 of --out)."""
    cpu = cpu_children()
    start = time.perf_counter()
    done = subprocess.run(simulate(clank, jobs, games, players, seed, out), capture_output=True, text=True,
                          check=True, env=ENV)
    wall = time.perf_counter() - start
    cpu = cpu_children() - cpu
    found = re.search(r"games/second\s+([\d.]+)", done.stdout)
    assert found, done.stdout
    return float(found.group(1)), wall, cpu, hashlib.sha256(out.read_bytes()).hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--jobs", default="1,2", help="comma-separated job counts; the first is the reference")
    args = ap.parse_args()
    clank = Path(sys.executable).with_name("clank")
    counts = [int(j) for j in args.jobs.split(",")]
    rates: dict[int, list[float]] = {j: [] for j in counts}
    walls: dict[int, list[float]] = {j: [] for j in counts}
    cpus: dict[int, list[float]] = {j: [] for j in counts}
    ceilings: dict[int, list[float]] = {j: [] for j in counts[1:]}
    game_ceilings: dict[int, list[float]] = {j: [] for j in counts[1:]}
    game_cpus: dict[int, list[float]] = {j: [] for j in counts[1:]}
    reference = counts[0] == 1   # the games' own ceiling is against one process
    digests = set()
    with tempfile.TemporaryDirectory() as tmp:
        run(clank, 1, 2, args.players, args.seed, Path(tmp) / "warm.jsonl")   # fill the content cache
        for r in range(args.rounds):
            for jobs in counts if r % 2 == 0 else counts[::-1]:
                rate, wall, cpu, digest = run(clank, jobs, args.games, args.players, args.seed,
                                              Path(tmp) / "out.jsonl")
                rates[jobs].append(rate)
                walls[jobs].append(wall)
                cpus[jobs].append(cpu)
                digests.add(digest)
                print(f"round {r + 1}: --jobs {jobs}: {rate:.2f} games/s ({wall:.2f} s wall, {cpu:.2f} s CPU)",
                      flush=True)
            for jobs in counts[1:]:
                ceilings[jobs].append(ceiling(jobs))
                print(f"round {r + 1}: the machine's ceiling for {jobs} processes: {ceilings[jobs][-1]:.2f}x",
                      flush=True)
                if reference:
                    wall, cpu, digest = side_by_side(clank, jobs, args.games, args.players, args.seed, Path(tmp))
                    digests.add(digest)
                    game_ceilings[jobs].append(walls[1][-1] / wall)
                    game_cpus[jobs].append(cpu)
                    print(f"round {r + 1}: {jobs} --jobs 1 commands side by side: {wall:.2f} s wall, "
                          f"{cpu:.2f} s CPU: the games' ceiling {game_ceilings[jobs][-1]:.2f}x", flush=True)
    assert len(digests) == 1, "runs with different --jobs (or the shares side by side) wrote different bytes"
    base = statistics.median(rates[counts[0]])
    print(f"\n{args.games} games of {args.players} players per run, median of {args.rounds} interleaved rounds "
          f"(same --out bytes in every run):")
    for jobs in counts[1:]:   # each round's runs saw about the same load: their ratios, round by round
        paired = [a / b for a, b in zip(rates[jobs], rates[counts[0]], strict=True)]
        print(f"  --jobs {jobs} / --jobs {counts[0]} round by round: "
              + ", ".join(f"{x:.2f}x" for x in paired)
              + f" (median {statistics.median(paired):.2f}x, best {max(paired):.2f}x)")
        print(f"  the machine's ceiling for {jobs} processes, round by round: "
              + ", ".join(f"{x:.2f}x" for x in ceilings[jobs]) + f" (median {statistics.median(ceilings[jobs]):.2f}x)")
        if reference:
            by_wall = [a / b for a, b in zip(walls[1], walls[jobs], strict=True)]
            print(f"  --jobs {jobs} / --jobs 1 in wall seconds, round by round: "
                  + ", ".join(f"{x:.2f}x" for x in by_wall) + f" (median {statistics.median(by_wall):.2f}x)")
            print(f"  the games' ceiling ({jobs} --jobs 1 commands side by side), round by round: "
                  + ", ".join(f"{x:.2f}x" for x in game_ceilings[jobs])
                  + f" (median {statistics.median(game_ceilings[jobs]):.2f}x, "
                  f"{statistics.median(game_cpus[jobs]):.2f} s CPU)")
    base_cpu = statistics.median(cpus[counts[0]])
    for jobs in counts:
        med, cpu = statistics.median(rates[jobs]), statistics.median(cpus[jobs])
        print(f"  --jobs {jobs}: {med:7.2f} games/s  {statistics.median(walls[jobs]):6.2f} s wall  "
              f"{med / base:.2f}x --jobs {counts[0]}   {cpu:6.2f} s CPU: "
              f"{jobs * base_cpu / cpu:.2f}x with a core per process")


if __name__ == "__main__":
    main()
