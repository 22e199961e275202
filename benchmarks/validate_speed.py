"""How long ``clank validate`` makes a content author wait: a 1,000-card directory pack that
requires the Underworld, timed warm as a subprocess (start-up included).

    python benchmarks/validate_speed.py [--cards 1000] [--runs 7] [--cold] [--bytecodes]
                                        [--python OTHER/.venv/bin/python ...]

The script writes a realistic custom pack into a temporary directory (cards of every type with
play, acquire, arrive and defeat effects, conditions, choices and reserve cards; a few tokens in
a pool of its own and in the Underworld's; a few Depths tiles in a stack of its own, shuffled in
by its setup) and runs ``clank validate`` on it, and on the installed ``underworld`` alone, with
each interpreter given (default: this one), alternating so that a load on the machine falls on
all alike. The first run of each is a warm-up (bytecode compiled, files in the page cache); the
figures are the medians of the others, wall clock and the child's CPU time. ``--python`` takes
another checkout's interpreter for an A/B, e.g. the main checkout's ``.venv/bin/python``. Warm
runs find each file's check in the content cache (the runs before filled it: what an author gets
when a file did not change); ``--cold`` adds runs with ``CLANK_NO_CACHE=1``, where every file is
read and checked again (what a changed file costs). The cache lives in a temporary directory of
the script's own. ``--bytecodes`` also counts the Python bytecodes one warm ``clank validate`` of
the pack executes, imports included (``sys.settrace`` with opcode events: a count that does not
depend on the machine's load; tracing makes that run about thirty times slower). It prints figures
and asserts nothing, except that the generated pack validates (exit 0): a benchmark of a pack with
errors would time the wrong path.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bytecodes import TRACER  # noqa: E402

MANIFEST = """\
id: benchdeep
name: Bench Deep (a generated pack for benchmarks/validate_speed.py)
version: "0.1.0"
engine: ">=0.1"
requires: [catacombs, underworld]
files: [setup.yaml, {cards}tokens.yaml, tiles.yaml]
"""
PER_FILE = 250
"""Cards per file: a file holds at most 20,000 values (``yamlload.MAX_NODES``), about 600 cards."""

SETUP = """\
token_pools:
  bench_charm: {}
tile_stacks:
  catacombs:
    - {stack: surface, remove: 3}
    - {stack: depths, take: 7, add: [{stack: underworld_depths, keep: 3}, {stack: bench_depths, keep: 2}]}
    - {rest: true}
reserve: [bench-reserve-0, bench-reserve-1]
"""

_BLUE = [
    "play: [gain: {{skill: {a}}}]",
    "play: [gain: {{skill: {a}, gold: {b}}}, clank: 1]",
    "play:\n    - gain: {{boots: 1}}\n    - if: {{in_depths: true}}\n      then: [gain: {{swords: {b}}}]",
    "play:\n    - choose:\n        - [gain: {{skill: {a}}}]\n        - [gain: {{swords: {b}}}, clank: -1]",
    "play: [draw: 1, gain: {{gold: {b}}}]\n  acquire: [heal: 1]",
    "play:\n    - gain: {{skill: 1}}\n    - if: {{companion_in_play: other}}\n      then: [draw: 1]",
    "play: [may: [trash: {{from: [hand, discard], count: 1}}], gain: {{skill: {a}}}]",
    "play: [gain: {{skill: 1, undercoins: {b}}}]\n  on_trashed: [gain: {{undercoins: 2}}]",
    "play:\n    - gain: {{boots: 1}}\n    - if: {{in_region: underworld}}\n      then: [gain: {{boots: 1}}]",
    "play: [per_turn: {{stat: monsters_defeated, each: [gain: {{gold: 1}}]}}]",
]
_MONSTER = [
    "defeat: [gain: {{gold: {b}}}, clank: 1]",
    "defeat:\n    - gain: {{boots: 1}}\n    - if: {{turn_stat_at_least: {{stat: portal_used, n: 1}}}}\n"
    "      then: [gain: {{boots: 1}}]\n  arrive: [each_player: [clank: 1]]",
    "defeat: [heal: 1, gain: {{skill: {a}}}]\n  fight_if: {{in_room_feature: [crystal_cave, wayshrine]}}",
]
_TYPES = ["item", "companion", "gem", "item", "companion"]


def card(i: int) -> str:
    """The YAML of one generated dungeon card (every fifth a monster, the rest blue)."""
    a, b = 1 + i % 3, 1 + i % 2
    monster = i % 5 == 4
    effect = (_MONSTER[i % len(_MONSTER)] if monster else _BLUE[i % len(_BLUE)]).format(a=a, b=b)
    kind = "monster" if monster else _TYPES[i % len(_TYPES)]
    cost = f"{{swords: {1 + i % 4}}}" if monster else f"{{skill: {2 + i % 6}}}"
    return (f"- id: bench-card-{i}\n  name: Bench Card {i}\n  kind: dungeon\n  type: {kind}\n"
            f"  count: {1 + i % 2}\n  cost: {cost}\n  points: {i % 3}\n"
            + ("  dragon_attack: true\n" if i % 7 == 0 else "")
            + f"  text: \"A generated card, number {i}.\"\n  {effect}\n")


def card_files(n: int) -> list[str]:
    """``n`` cards, :data:`PER_FILE` a file: two reserve cards, the rest dungeon cards."""
    reserve = [f"- id: bench-reserve-{i}\n  name: Bench Reserve {i}\n  kind: reserve\n  type: companion\n  count: 10\n"
               f"  cost: {{skill: {3 + i}}}\n  points: 0\n  play: [gain: {{swords: 1}}]\n" for i in range(2)]
    every = reserve + [card(i) for i in range(n - 2)]
    return ["\n".join(every[i:i + PER_FILE]) for i in range(0, len(every), PER_FILE)]


def tokens(n: int = 12) -> str:
    """A few tokens: charms of the pack's own pool, and prisoners for the base pool."""
    out = []
    for i in range(n):
        pool = "bench_charm" if i % 2 else "prisoner"
        extra = "  take: [gain: {undercoins: 1}]\n" if pool == "prisoner" else "  use: [heal: 1]\n"
        out.append(f"- id: bench-token-{i}\n  name: Bench Token {i}\n  pool: {pool}\n  count: 1\n  points: 1\n"
                   f"  keep: true\n{extra}")
    return "\n".join(out)


def tiles(n: int = 4) -> str:
    """A few square Depths tiles in the pack's own stack."""
    return "\n".join(f"""- id: bench-tile-{i}
  name: Bench Hall {i}
  stack: bench_depths
  depths: true
  haunted: false
  rooms:
    hall:  {{pos: n, features: [artifact(plus=0)]}}
    crypt: {{pos: se, features: [reward_minor_secret]}}
  tunnels:
    - {{ends: [hall, crypt], icons: [monster]}}
    - {{ends: [w2, n1]}}
    - {{ends: [n2, e1]}}
    - {{ends: [e2, crypt], icons: [boot]}}
    - {{ends: [s1, crypt]}}
    - {{ends: [s2, hall]}}
    - {{ends: [w1, hall]}}
""" for i in range(n))


def write_pack(directory: Path, n_cards: int = 1000) -> Path:
    """Write the generated pack into ``directory`` (created) and return it."""
    directory.mkdir(parents=True, exist_ok=True)
    files = card_files(n_cards)
    names = [f"cards-{i + 1}.yaml" for i in range(len(files))]
    (directory / "pack.yaml").write_text(MANIFEST.format(cards="".join(f"{n}, " for n in names)))
    (directory / "setup.yaml").write_text(SETUP)
    for name, text in zip(names, files, strict=True):
        (directory / name).write_text(text)
    (directory / "tokens.yaml").write_text(tokens())
    (directory / "tiles.yaml").write_text(tiles())
    return directory


def run_once(python: str, args: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """One ``clank validate`` in a fresh process: (wall s, child CPU s, exit code, output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([python, "-m", "clank_cli.main", "validate", *args], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200", **env})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stdout + done.stderr


COUNT_DRIVER = """
import sys
""" + TRACER + """
sys.argv = ["clank", "validate", *sys.argv[1:]]
sys.settrace(call)
try:
    from clank_cli.main import main
    main()
except SystemExit:
    pass
finally:
    sys.settrace(None)
    sys.stderr.write(f"BYTECODES {count[0]}\\n")
"""


def count_bytecodes(python: str, args: list[str], env: dict[str, str]) -> int:
    """Bytecodes one ``clank validate`` executes in a fresh process, imports included."""
    done = subprocess.run([python, "-c", COUNT_DRIVER, *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0", **env})
    found = [line for line in done.stderr.splitlines() if line.startswith("BYTECODES ")]
    if not found:
        raise RuntimeError(f"{python}: counting failed:\n{done.stderr[-2000:]}")
    return int(found[-1].split()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=1000, help="cards in the generated pack")
    ap.add_argument("--runs", type=int, default=7, help="timed runs of each (after one warm-up)")
    ap.add_argument("--python", action="append", default=[],
                    help="an interpreter whose environment has clank installed (repeatable; default: this one)")
    ap.add_argument("--cold", action="store_true", help="also time runs with the content cache off")
    ap.add_argument("--bytecodes", action="store_true", help="also count the bytecodes of one warm run")
    ap.add_argument("--keep", type=Path, help="write the pack here and keep it (default: a temporary directory)")
    args = ap.parse_args()
    pythons = args.python or [sys.executable]
    with tempfile.TemporaryDirectory(prefix="clank-validate-speed-") as tmp:
        pack = write_pack(args.keep or Path(tmp) / "benchdeep", args.cards)
        cases = {f"{args.cards}-card pack requiring underworld": [str(pack)], "underworld alone": ["underworld"]}
        modes = {"warm": {"CLANK_CACHE_DIR": str(Path(tmp) / "cache")}}
        if args.cold:
            modes["no cache"] = {"CLANK_NO_CACHE": "1"}
        times: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
        for python in pythons:
            for targets in cases.values():
                for env in modes.values():
                    _, _, code, out = run_once(python, targets, env)   # warm-up, and a check that it is valid
                    if code != 0:
                        sys.exit(f"{python}: clank validate {' '.join(targets)} exited {code}:\n{out[-3000:]}")
        for _ in range(args.runs):
            for python in pythons:
                for name, targets in cases.items():
                    for mode, env in modes.items():
                        wall, cpu, _, _ = run_once(python, targets, env)
                        times.setdefault((python, name, mode), []).append((wall, cpu))
        counts = {python: {name: count_bytecodes(python, targets, modes["warm"]) for name, targets in cases.items()}
                  for python in pythons} if args.bytecodes else {}
    print(f"clank validate, fresh processes, median of {args.runs} runs after a warm-up (wall / CPU seconds)")
    for python in pythons:
        print(f"  {python}")
        for name in cases:
            for mode in modes:
                rows = times[(python, name, mode)]
                wall = statistics.median(w for w, _ in rows)
                cpu = statistics.median(c for _, c in rows)
                spread = f"{min(w for w, _ in rows):.2f}-{max(w for w, _ in rows):.2f}"
                print(f"    {name + ', ' + mode:<50} {wall:6.2f} s wall ({spread})  {cpu:6.2f} s CPU")
            if python in counts:
                print(f"    {name + ', warm: bytecodes':<50} {counts[python][name] / 1e6:6.1f} million")


if __name__ == "__main__":
    main()
