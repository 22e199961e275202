"""Machine-independent figures: CPU instructions per random step and per greedy decision,
this engine beside catanatron 3.2.1, counted by ``valgrind --tool=callgrind``.

Seconds depend on the machine (the same commit measured 3x apart on two machines of one kind);
instruction counts do not: the same program on the same input executes the same instructions,
whatever else the machine is doing. Each figure is the difference of two runs of one workload
in a fresh process, one with ``N`` units of work and one with none, so start-up, imports and
content loading cancel out (a run without valgrind fills the content cache first, so that both
read it). ``PYTHONHASHSEED`` is fixed so that both runs iterate sets alike.

    python benchmarks/instructions.py [--steps 3000] [--games 3] [--only clank]

The workloads are those of ``compare_catanatron.py`` (``benchmarks/compare/*_side.py``): random
steps (legal actions, then apply one at random) and four-player games of the greedy bot
(catanatron: its weighted-random player). Needs valgrind; catanatron is installed in its own
virtualenv on first use, as by ``compare_catanatron.py``. It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIDES = HERE / "compare"
sys.path.insert(0, str(HERE))

from compare_catanatron import catanatron_python  # noqa: E402

DRIVER = """
import json, sys
side = __import__(sys.argv[1])
metric, n, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
side.steps(1, seed)                 # the engine loaded and a game started in both runs
out = getattr(side, metric)(n, seed) if n else {}
print(json.dumps(out))
"""
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def count(python: Path, side: str, metric: str, n: int, seed: int) -> tuple[int, dict]:
    """Instructions of one fresh process doing ``n`` units of ``metric`` (and what it returned)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           str(python), "-c", DRIVER, side, metric, str(n), str(seed)],
                          capture_output=True, text=True, cwd=SIDES, env=env)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"{side} {metric} {n} failed under callgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def per_unit(python: Path, side: str, metric: str, n: int, seed: int) -> tuple[float, float]:
    """(instructions per unit, units): the run with ``n`` units less the run with none, over
    the units (for ``games`` a unit is a decision: how many the games took)."""
    warm = subprocess.run([str(python), "-c", DRIVER, side, metric, "0", str(seed)], cwd=SIDES,
                          capture_output=True, text=True)   # content cache and bytecode written first:
    if warm.returncode != 0:                                # both counted runs then read them alike
        raise RuntimeError(f"{side} failed to start:\n{warm.stderr[-2000:]}")
    base, _ = count(python, side, metric, 0, seed)
    work, out = count(python, side, metric, n, seed)
    units = n
    if metric == "games":            # decisions = decisions/s * seconds, seconds = games / (games/s)
        units = round(out["decisions_per_s"] * n / out["games_per_s"])
    return (work - base) / units, units


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=3000, help="random steps counted per engine")
    ap.add_argument("--games", type=int, default=3, help="four-player games counted per engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("clank", "catanatron"), help="count one engine only")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with callgrind")
    names = [args.only] if args.only else ["clank", "catanatron"]
    engines = {name: (Path(sys.executable) if name == "clank" else catanatron_python(), f"{name}_side")
               for name in names}
    rows: dict[str, dict[str, float]] = {}
    for name, (python, side) in engines.items():
        step, _ = per_unit(python, side, "steps", args.steps, args.seed)
        decision, decisions = per_unit(python, side, "games", args.games, args.seed)
        rows[name] = {"step": step, "decision": decision, "game": decision * decisions / args.games}
        print(f"{name}: {step:,.0f} instructions per random step; {decision:,.0f} per decision and "
              f"{rows[name]['game'] / 1e6:,.1f} million per game over {args.games} four-player games "
              f"({decisions:.0f} decisions)", flush=True)
    if len(rows) == 2:
        ours, theirs = rows["clank"], rows["catanatron"]
        print(f"ratio (catanatron's instructions over clank's; above 1: clank does less work): "
              f"random step {theirs['step'] / ours['step']:.2f}x, greedy game against weighted-random "
              f"game {theirs['game'] / ours['game']:.2f}x")


if __name__ == "__main__":
    main()
