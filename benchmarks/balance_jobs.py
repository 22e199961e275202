"""Benchmark: games per second of the balance lab (``clank balance``) with ``--jobs 1`` and
``--jobs 2``, and whether both wrote the same bytes.

    python benchmarks/balance_jobs.py                      # 300 paired four-player games, Dragon-Egg-style question
    python benchmarks/balance_jobs.py --games 1000 --players 2

Each run is the command as a user types it (a fresh process: loading the packs, the games, the
bootstrap and the JSON and HTML files included). It prints the wall time, the paired games per
second and the games per second (two games a pair); it asserts nothing but the bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLANK = str(Path(sys.executable).with_name("clank"))


def run(args: list[str], jobs: int, out: Path) -> tuple[float, str]:
    """Time one run; return the seconds and a digest of its JSON and HTML."""
    start = time.perf_counter()
    subprocess.run([CLANK, "balance", *args, "--jobs", str(jobs), "--report", str(out), "--no-cards"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    digest = hashlib.sha256((out / "balance.json").read_bytes() + (out / "balance.html").read_bytes()).hexdigest()
    return seconds, digest


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", default="skeleton.cost=2", help="The question: setup B's change.")
    args = ap.parse_args(argv)
    common = ["--games", str(args.games), "--players", str(args.players), "--seed", str(args.seed),
              "--set", args.set]
    print(f"clank balance {' '.join(common)} --report DIR --no-cards")
    digests = []
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in (1, 2):
            seconds, digest = run(common, jobs, Path(tmp) / str(jobs))
            digests.append(digest)
            print(f"--jobs {jobs}: {seconds:6.1f} s  {args.games / seconds:6.1f} paired games/s  "
                  f"{2 * args.games / seconds:6.1f} games/s")
    print("same bytes (JSON and HTML):", "yes" if digests[0] == digests[1] else "NO")


if __name__ == "__main__":
    main()
