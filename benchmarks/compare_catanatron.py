"""Side by side with catanatron 3.2.1, the best-known Python board-game engine.

    python benchmarks/compare_catanatron.py            # or: make bench-compare
    python benchmarks/compare_catanatron.py --rounds 7 --games 20

The script installs catanatron (pinned, ``catanatron==3.2.1``) in a virtualenv of its own,
``build/catanatron-venv`` (made once, reused after), and runs each engine in a long-lived
process of its own environment (``benchmarks/compare/clank_side.py`` and
``catanatron_side.py``). Every round asks both engines for the same measurement, one after the
other, alternating which goes first, so both see the same load; the table gives the median of
the rounds and the ratio, written so that above 1 means clank is better:

- four-player games per second: clank's ``greedy`` bot against catanatron's ``WeightedRandomPlayer``
  (``Game.play()``), and decisions per second. Games differ in length (catanatron's from under 350
  to over 800 decisions), so these figures are not medians: every round plays games of its own
  seeds (round ``r`` the ``--games`` seeds from ``seed + r * games``), and the figure is all the
  games of all rounds over all their seconds, with the decisions a game took on average beside.
  Catanatron's games are not the same from one process to the next even with its ``seed``: its
  players choose in an order that follows Python's per-process hash randomisation, so the games
  of a run are a sample, and a run of few games a small one (docs/performance.md, section 34);
- random steps per second: legal actions, then apply one at random;
- clone of a mid-game state (``game.clone()`` / ``game.copy()``);
- serialising it (``to_json`` / ``GameEncoder``) and, for clank, ``Game.from_json`` (catanatron
  has no game deserialiser);
- memory per live mid-game game (tracemalloc);
- the first game in a fresh process: clank with an empty (cold) and a filled (warm)
  compiled-content cache, catanatron's import and first ``Game``. Bytecode caching is on for
  these, as after any first run (``PYTHONDONTWRITEBYTECODE`` is unset for them).

With ``--compiled``, a third process runs clank's compiled build (``benchmarks/compiled.py``: the
game modules and the catacombs pack compiled with mypyc, an experiment), after checking that it
plays exactly as the pure build (``benchmarks/fingerprint.py`` in both); the table gains its
column and its ratio to catanatron. The first-game figures are measured for the pure build only.
With ``--compiled --state``, that column is the build with the state's records compiled too
(``compiled.py --state``).

The project's targets are printed beside the figures. Nothing is asserted: speed is measured,
never tested. The machine's load average is printed before and after; on a machine shared with
other work, compare rounds rather than single figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIDES = Path(__file__).resolve().parent / "compare"
CATANATRON = "catanatron==3.2.1"
VENV = ROOT / "build" / "catanatron-venv"

FIRST_GAME = {
    "clank": "import time; t = time.perf_counter(); from clank.api import new_game; "
             "new_game(['catacombs'], 4, 1); print(time.perf_counter() - t)",
    "catanatron": "import time; t = time.perf_counter(); from catanatron import Color, Game; "
                  "from catanatron.players.weighted_random import WeightedRandomPlayer; "
                  "Game([WeightedRandomPlayer(c) for c in Color], seed=1); print(time.perf_counter() - t)",
}


@dataclass(frozen=True)
class Figure:
    """One line of the table: which request gives it, which key, and which way is better."""

    label: str
    metric: str
    key: str
    higher_is_better: bool
    target: str = ""
    pooled: tuple[str, str] | None = None
    """For figures of work that differs between rounds: the keys whose sums over every round make
    it (numerator, denominator), instead of the median of the rounds' figures."""
    ratio: bool = True


FIGURES = [
    Figure("4-player games/s (greedy | weighted random)", "games", "games_per_s", True, ">= 2.2x",
           pooled=("games", "seconds")),
    Figure("decisions/s in those games", "games", "decisions_per_s", True, pooled=("decisions", "seconds")),
    Figure("decisions a game took, on average", "games", "decisions_per_game", False,
           pooled=("decisions", "games"), ratio=False),
    Figure("random steps/s (legal actions + apply)", "steps", "steps_per_s", True, ">= 1.0x"),
    Figure("clone a mid-game state (us)", "clone", "clone_us", False, "<= 150 us"),
    Figure("serialise it (ms)", "serialise", "to_json_ms", False),
    Figure("deserialise it: from_json (ms)", "serialise", "from_json_ms", False, "<= 3 ms"),
    Figure("its JSON size (KB)", "serialise", "json_kb", False),
    Figure("memory per live mid-game game (KB)", "memory", "kb_per_game", False, "<= 100 KB"),
    Figure("first game in a fresh process, cold cache (s)", "first_cold", "seconds", False),
    Figure("first game in a fresh process, warm cache (s)", "first_warm", "seconds", False, "<= 0.3 s"),
]


def private_python(venv: Path, requirement: str) -> Path:
    """The Python of a virtualenv of its own holding ``requirement`` (``name==version``), made
    (and the requirement installed) on first use, reused while that version is installed."""
    name, version = requirement.split("==")
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    check = [str(python), "-c", f"import importlib.metadata as m; print(m.version({name!r}))"]
    if python.exists() and subprocess.run(check, capture_output=True, text=True).stdout.strip() == version:
        return python
    print(f"installing {requirement} in {venv} ...", flush=True)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", requirement], check=True)
    return python


def catanatron_python() -> Path:
    """The virtualenv with catanatron, made (and catanatron installed) on first use."""
    return private_python(VENV, CATANATRON)


class Side:
    """One engine's measuring process (see ``benchmarks/compare/protocol.py``); ``path``: put
    first on its ``PYTHONPATH`` (the compiled build's folder)."""

    def __init__(self, name: str, python: Path, script: str, path: Path | None = None) -> None:
        self.name = name
        env = {**os.environ, "PYTHONPATH": str(path)} if path is not None else None
        self.proc = subprocess.Popen([str(python), str(SIDES / script)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=SIDES, env=env)

    def ask(self, metric: str, **params: Any) -> dict[str, Any]:
        """One measurement."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"metric": metric, **params}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"{self.name} failed to measure {metric}:\n{answer['error']}")
        return answer

    def close(self) -> None:
        """End the process."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def first_game(python: Path, code: str, cache: Path | None) -> float:
    """Seconds to the first game in a fresh process (bytecode caching on)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "CLANK_NO_CACHE")}
    if cache is not None:
        env["CLANK_CACHE_DIR"] = str(cache)
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, env=env, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def compiled_build(state: bool = False) -> Path:
    """The compiled build's folder (``state``: the one with state.py compiled too; built when
    missing or stale), once it is shown to play exactly as the pure build does
    (``fingerprint.py``'s total in both)."""
    here = Path(__file__).resolve().parent
    kind = ["--state"] if state else []
    folder = Path(subprocess.run([sys.executable, str(here / "compiled.py"), *kind], check=True,   # its progress
                                 stdout=subprocess.PIPE, text=True).stdout.strip())          # and errors shown
    prints = [subprocess.run([sys.executable, str(here / "fingerprint.py"), "--total"], check=True,
                             capture_output=True, text=True, env=env).stdout.strip()
              for env in (None, {**os.environ, "PYTHONPATH": str(folder)})]
    if prints[0] != prints[1]:
        sys.exit(f"the compiled build plays differently from the pure one ({prints[1][:16]} against "
                 f"{prints[0][:16]}): not measured")
    print(f"compiled build {folder}: plays as the pure one (fingerprint {prints[0][:16]})", flush=True)
    return folder


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5,
                    help="interleaved rounds (the table shows medians; games: all rounds together)")
    ap.add_argument("--games", type=int, default=20, help="games per engine per round (each round its own seeds)")
    ap.add_argument("--steps", type=int, default=5000, help="random steps per engine per round")
    ap.add_argument("--clones", type=int, default=100, help="clones per engine per round")
    ap.add_argument("--live", type=int, default=3, help="live mid-game games for the memory figure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compiled", action="store_true",
                    help="measure the experimental mypyc build too (benchmarks/compiled.py)")
    ap.add_argument("--state", action="store_true",
                    help="with --compiled: the build with state.py compiled too (compiled.py --state)")
    args = ap.parse_args()
    if args.state and not args.compiled:
        ap.error("--state picks which compiled build --compiled measures: give both")

    pythons = {"clank": Path(sys.executable), "catanatron": catanatron_python()}
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"load average {load_average()}", flush=True)
    requests = [("games", {"n": args.games}), ("steps", {"n": args.steps}), ("clone", {"n": args.clones}),
                ("serialise", {"n": 10}), ("memory", {"n": args.live})]
    values: dict[tuple[str, str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm"
        for name in pythons:   # bytecode written and the warm cache filled before any round
            first_game(pythons[name], FIRST_GAME[name], warm)
        sides = {"clank": Side("clank", pythons["clank"], "clank_side.py"),
                 "catanatron": Side("catanatron", pythons["catanatron"], "catanatron_side.py")}
        if args.compiled:
            sides["compiled"] = Side("compiled", pythons["clank"], "clank_side.py", compiled_build(args.state))
        try:
            for side in sides.values():   # packs loaded, code paths warm: nothing of it in the first round
                side.ask("games", n=1, seed=args.seed)
                side.ask("steps", n=200, seed=args.seed)
            for r in range(args.rounds):
                order = list(sides) if r % 2 == 0 else list(sides)[::-1]
                for metric, params in requests:
                    seed = args.seed + r * args.games if metric == "games" else args.seed + r
                    for name in order:
                        for key, value in sides[name].ask(metric, seed=seed, **params).items():
                            values.setdefault((name, metric, key), []).append(value)
                for name in (n for n in order if n in pythons):
                    cold = Path(tmp) / f"cold-{r}"
                    values.setdefault((name, "first_cold", "seconds"), []).append(
                        first_game(pythons[name], FIRST_GAME[name], cold if name == "clank" else None))
                    values.setdefault((name, "first_warm", "seconds"), []).append(
                        first_game(pythons[name], FIRST_GAME[name], warm if name == "clank" else None))
                print(f"round {r + 1} of {args.rounds} done (load average {load_average()})", flush=True)
        finally:
            for side in sides.values():
                side.close()
    report(values, args)


def report(values: dict[tuple[str, str, str], list[float]], args: argparse.Namespace) -> None:
    """The table: medians, ratios (above 1: clank better) and the project's targets."""
    print(f"\nclank-engine vs {CATANATRON}, median of {args.rounds} interleaved rounds "
          f"({args.games} games, {args.steps} steps, {args.clones} clones per round; the games' figures: "
          f"all {args.rounds * args.games} games of each engine together):")
    compiled = any(name == "compiled" for name, _, _ in values)
    extra = f" {'compiled':>10} {'ratio':>7}" if compiled else ""
    print(f"{'':48} {'clank':>10} {'catanatron':>11} {'ratio':>7}{extra}  target")

    def median(name: str, fig: Figure) -> float | None:
        if fig.pooled is not None:
            top, bottom = (values.get((name, fig.metric, key)) for key in fig.pooled)
            return sum(top) / sum(bottom) if top and bottom else None
        found = values.get((name, fig.metric, fig.key))
        return statistics.median(found) if found else None

    def ratio(a: float | None, b: float | None, fig: Figure) -> str:
        return f"{(a / b if fig.higher_is_better else b / a):6.2f}x" if a and b and fig.ratio else ""

    for fig in FIGURES:
        a, b, c = median("clank", fig), median("catanatron", fig), median("compiled", fig)
        b_text = f"{b:11.3f}" if b is not None else f"{'n/a':>11}"
        a_text = f"{a:10.3f}" if a is not None else f"{'n/a':>10}"
        more = ""
        if compiled:
            c_text = f"{c:10.3f}" if c is not None else f"{'n/a':>10}"
            more = f" {c_text} {ratio(c, b, fig):>7}"
        print(f"{fig.label:48} {a_text} {b_text} {ratio(a, b, fig):>7}{more}  {fig.target}")
    print("ratio: clank's figure over catanatron's where higher is better, the inverse where lower is; "
          "above 1 means clank is better. Targets: ratios, or clank's own figure.")
    print(f"load average at the end: {load_average()}")


if __name__ == "__main__":
    main()
