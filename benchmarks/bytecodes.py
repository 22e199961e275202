"""Machine-independent figures, second kind: Python bytecodes executed per random step and per
four-player game, this engine beside catanatron 3.2.1.

``instructions.py`` counts CPU instructions, and by that count a greedy game of this engine
costs well under half a catanatron game; yet measured in seconds it is not twice as fast. The
gap is the interpreter: every bytecode costs a dispatch (an indirect jump the processor often
mispredicts) whatever it does, while instructions spent inside C code (copying a list, hashing
a string) run far faster per instruction. catanatron does more of its work in C per bytecode,
so its seconds follow its instructions less than ours do. This script counts the bytecodes
(``sys.settrace`` with opcode events, CPython 3.11+): a count that, like instructions, does
not depend on the machine or its load, and that tracks this engine's seconds more closely.

    python benchmarks/bytecodes.py [--steps 2000] [--games 20] [--only clank]

The workloads are those of ``compare_catanatron.py`` (``benchmarks/compare/*_side.py``):
random steps (legal actions, then apply one at random) and four-player games of the greedy bot
(catanatron: its weighted-random player), each engine in a fresh process of its own
environment, started and warmed (one step) before counting, ``PYTHONHASHSEED`` fixed. Tracing
makes the run about thirty times slower; the counts are exact for the games played (catanatron's
games vary in length from run to run: count several). It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare_catanatron import SIDES, catanatron_python  # noqa: E402

TRACER = """
count = [0]

def opcode(frame, event, arg):
    if event == "opcode":
        count[0] += 1
    return opcode

def call(frame, event, arg):
    frame.f_trace_opcodes = True
    return opcode
"""
"""Python code that counts bytecodes in ``count[0]`` once ``sys.settrace(call)`` runs (other
benchmarks' drivers use it too)."""

DRIVER = """
import json, sys
side = __import__(sys.argv[1])
metric, n, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
side.steps(1, seed)                 # the engine loaded and a game started before counting
""" + TRACER + """
sys.settrace(call)
out = getattr(side, metric)(n, seed)
sys.settrace(None)
print(json.dumps({"bytecodes": count[0], **out}))
"""


def count(python: Path, side: str, metric: str, n: int, seed: int) -> dict:
    """Bytecodes one fresh process executes doing ``n`` units of ``metric`` (``bytecodes``),
    with what the workload returned. ``PYTHONHASHSEED`` is fixed, as for ``instructions.py``."""
    done = subprocess.run([str(python), "-c", DRIVER, side, metric, str(n), str(seed)],
                          capture_output=True, text=True, cwd=SIDES, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        raise RuntimeError(f"{side} {metric} {n} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=2000, help="random steps counted per engine")
    ap.add_argument("--games", type=int, default=20, help="four-player games counted per engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("clank", "catanatron"), help="count one engine only")
    args = ap.parse_args()
    names = [args.only] if args.only else ["clank", "catanatron"]
    rows: dict[str, tuple[float, float]] = {}
    for name in names:
        python = Path(sys.executable) if name == "clank" else catanatron_python()
        side = f"{name}_side"
        step = count(python, side, "steps", args.steps, args.seed)["bytecodes"] / args.steps
        played = count(python, side, "games", args.games, args.seed)
        decisions = played["decisions_per_s"] * args.games / played["games_per_s"]
        game = played["bytecodes"] / args.games
        rows[name] = (step, game)
        print(f"{name}: {step:,.0f} bytecodes per random step; {game / 1e6:,.3f} million per "
              f"four-player game ({args.games} games, {decisions / args.games:,.0f} decisions each, "
              f"{played['bytecodes'] / decisions:,.0f} per decision)", flush=True)
    if len(rows) == 2:
        (our_step, our_game), (their_step, their_game) = rows["clank"], rows["catanatron"]
        print(f"ratio (catanatron's bytecodes over clank's; above 1: clank executes fewer): random step "
              f"{their_step / our_step:.2f}x, greedy game against weighted-random game {their_game / our_game:.2f}x")


if __name__ == "__main__":
    main()
