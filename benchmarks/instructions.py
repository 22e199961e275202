"""Machine-independent figures: CPU instructions per random step and per greedy decision,
this engine beside catanatron 3.2.1, counted by ``valgrind --tool=callgrind``.

Seconds depend on the machine (the same commit measured 3x apart on two machines of one kind);
instruction counts do not: the same program on the same input executes the same instructions,
whatever else the machine is doing. Each figure is the difference of two runs of one workload
in a fresh process, one with ``N`` units of work and one with none, so start-up, imports and
content loading cancel out (a run without valgrind fills the content cache first, so that both
read it). ``PYTHONHASHSEED`` is fixed so that both runs iterate sets alike.

    python benchmarks/instructions.py [--steps 3000] [--games 3] [--only clank] [--split]

The workloads are those of ``compare_catanatron.py`` (``benchmarks/compare/*_side.py``): random
steps (legal actions, then apply one at random) and four-player games of the greedy bot
(catanatron: its weighted-random player). Needs valgrind; catanatron is installed in its own
virtualenv on first use, as by ``compare_catanatron.py``. It prints figures and asserts nothing.

``--split`` says where clank's instructions go, which bounds what any one speed-up can give:
per random step, listing the legal actions against applying one; per greedy game, the bot's
own work, listing the legal actions and the rest (setting up, applying). Listing is measured
by listing the actions a second time before each apply, the bot by replaying its games'
actions without it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
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


def warm(python: Path, side: str, seed: int) -> None:
    """Start the engine once without valgrind, so that the content cache and the bytecode are
    written before the counted runs, which then read them alike."""
    done = subprocess.run([str(python), "-c", DRIVER, side, "steps", "0", str(seed)], cwd=SIDES,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{side} failed to start:\n{done.stderr[-2000:]}")


def per_unit(python: Path, side: str, metric: str, n: int, seed: int) -> tuple[float, float]:
    """(instructions per unit, units): the run with ``n`` units less the run with none, over
    the units (for ``games`` a unit is a decision: how many the games took)."""
    warm(python, side, seed)
    base, _ = count(python, side, metric, 0, seed)
    work, out = count(python, side, metric, n, seed)
    units = n
    if metric == "games":            # decisions = decisions/s * seconds, seconds = games / (games/s)
        units = round(out["decisions_per_s"] * n / out["games_per_s"])
    return (work - base) / units, units


def split(python: Path, steps: int, games: int, seed: int) -> None:
    """Print where clank's instructions go (see ``--split``)."""
    side = "clank_side"
    warm(python, side, seed)
    base, _ = count(python, side, "steps", 0, seed)
    step, _ = count(python, side, "steps", steps, seed)
    step2, _ = count(python, side, "steps_legal_twice", steps, seed)
    played, out = count(python, side, "games", games, seed)
    replayed, _ = count(python, side, "replay", games, seed)
    replayed2, _ = count(python, side, "replay_legal_twice", games, seed)
    total, listing = (step - base) / steps, (step2 - step) / steps
    print(f"random step: {total:,.0f} instructions; listing the legal actions {listing:,.0f} "
          f"({listing / total:.0%}), applying one {total - listing:,.0f} ({1 - listing / total:.0%}). "
          f"With listing free, at most {total / (total - listing):.2f}x the steps.")
    game = (played - base) / games
    without_bot = (replayed - played) / games
    game_listing = (replayed2 - replayed) / games
    bot = game - without_bot
    rest = without_bot - game_listing
    decisions = round(out["decisions_per_s"] * games / out["games_per_s"])
    print(f"greedy game: {game / 1e6:,.1f} M instructions ({decisions / games:.0f} decisions); the bot "
          f"{bot / 1e6:,.1f} M ({bot / game:.0%}), listing the legal actions {game_listing / 1e6:,.1f} M "
          f"({game_listing / game:.0%}), setting up and applying {rest / 1e6:,.1f} M ({rest / game:.0%}). "
          f"With the bot free, at most {game / without_bot:.2f}x the games; with the bot and listing "
          f"free, {game / rest:.2f}x.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=3000, help="random steps counted per engine")
    ap.add_argument("--games", type=int, default=3, help="four-player games counted per engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("clank", "catanatron"), help="count one engine only")
    ap.add_argument("--split", action="store_true",
                    help="where clank's instructions go: listing legal actions, applying, the bot")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with callgrind")
    with tempfile.TemporaryDirectory() as cache:
        # a content cache of the run's own: no other clank process can evict the entry that
        # warm() writes before the counted runs read it (a miss would count a real pack load)
        os.environ["CLANK_CACHE_DIR"] = cache
        measure(args)


def measure(args: argparse.Namespace) -> None:
    """Print the figures the arguments ask for."""
    if args.split:
        split(Path(sys.executable), args.steps, args.games, args.seed)
        return
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
