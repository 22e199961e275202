"""Learning-environment speed, side by side with catanatron-gym 4.0.0 (issue 33).

    python benchmarks/rl_env.py                      # 11 interleaved rounds of 4,000 steps
    python benchmarks/rl_env.py --rounds 21 --steps 4000

The script installs ``catanatron-gym==4.0.0`` (with the catanatron it requires) in a virtualenv
of its own, ``build/catanatron-gym-venv`` (made once, reused after), and runs each side in a
long-lived process of its own environment (``benchmarks/compare/rl_clank_side.py`` and
``rl_catanatron_side.py``, speaking ``protocol.py``). Each round asks both for the same
measurement, one after the other, alternating which goes first, so both see the same load; the
table gives the median of the rounds and the ratio (clank's steps/s over catanatron-gym's).

The measurement: environment steps per second of random masked play in the Gymnasium
environments, each its game's usual 1v1 against a random bot (clank: ``clank.rl.gym_env`` on
the base game, opponent ``random``; catanatron-gym: ``CatanatronEnv()``, whose default enemy is
``RandomPlayer``). A step is one ``env.step`` call: the learner's decision, the bot's decisions
until the learner decides again, the observation and the legal actions. The agent picks a random
legal action (clank: among ``info["legal"]``, the mask's ones as a list; catanatron-gym: among
``info["valid_actions"]``).
Steps per second are given per second of wall time and per second of the side's CPU time (on a
machine shared with other work, the CPU time is what waiting for a core does not stretch). The
game decisions per second those steps include are printed beside, and clank's PettingZoo AEC
environment (every seat a random masked agent: one decision per step) below. The ratio is given
twice: of the two sides' medians, and as the median of each round's own ratio (the two sides of
a round measured one right after the other, under nearly the same load: the steadier figure on
a shared machine, which the verdict uses). Nothing is asserted: speed is measured, never tested.
Target of issue 33: at least 1.5x catanatron-gym's steps/s.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

from compare_catanatron import Side, load_average, private_python

ROOT = Path(__file__).resolve().parent.parent
CATANATRON_GYM = "catanatron-gym==4.0.0"
VENV = ROOT / "build" / "catanatron-gym-venv"
TARGET = 1.5


def catanatron_gym_python() -> Path:
    """The virtualenv with catanatron-gym, made (and the package installed) on first use."""
    return private_python(VENV, CATANATRON_GYM)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=11, help="interleaved rounds (the table shows medians)")
    ap.add_argument("--steps", type=int, default=4000, help="environment steps per side per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spare-decisions", type=int, default=20_000,
                    help="random decisions per pack mix in the count of spare indices")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"load average {load_average()}", flush=True)
    sides = {"clank": Side("clank", Path(sys.executable), "rl_clank_side.py"),
             "catanatron-gym": Side("catanatron-gym", catanatron_gym_python(), "rl_catanatron_side.py")}
    values: dict[tuple[str, str, str], list[float]] = {}
    spare_counts: dict[str, Any] = {}
    try:
        for side in sides.values():     # packs loaded, code paths warm: nothing of it in the first round
            side.ask("gym", n=300, seed=args.seed)
        sides["clank"].ask("aec", n=300, seed=args.seed)
        spare_counts = sides["clank"].ask("spares", n=args.spare_decisions, seed=args.seed)
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for name in order:
                for key, value in sides[name].ask("gym", n=args.steps, seed=args.seed + r).items():
                    values.setdefault((name, "gym", key), []).append(value)
            for key, value in sides["clank"].ask("aec", n=args.steps, seed=args.seed + r).items():
                values.setdefault(("clank", "aec", key), []).append(value)
            ratio = values[("clank", "gym", "steps_per_s")][-1] / values[("catanatron-gym", "gym", "steps_per_s")][-1]
            cpu = (values[("clank", "gym", "steps_per_cpu_s")][-1]
                   / values[("catanatron-gym", "gym", "steps_per_cpu_s")][-1])
            print(f"round {r + 1} of {args.rounds}: ratio {ratio:.2f}x, per CPU second {cpu:.2f}x "
                  f"(load average {load_average()})", flush=True)
    finally:
        for side in sides.values():
            side.close()
    report(values, args)
    report_spares(values, spare_counts)


def report_spares(values: dict[tuple[str, str, str], list[float]], counts: dict[str, Any]) -> None:
    """How often a legal action took a spare index (an index whose meaning is a rank in the listing,
    not an action): in the benchmark's own steps, and in random play of every pack mix."""
    listed, spared = sum(values[("clank", "gym", "legal_listed")]), sum(values[("clank", "gym", "spare_listed")])
    print(f"\nspare indices: {spared:,.0f} of the {listed:,.0f} legal actions listed in the steps above "
          f"({spared / max(listed, 1):.3%})")
    print(f"{'random play, every seat random':32} {'indices':>8} {'legal listed':>13} {'spare':>8} "
          f"{'chosen':>8} {'spare':>8}")
    for mix, c in counts.items():
        print(f"{mix:32} {c['size']:8,} {c['listed']:13,} {c['spare_listed'] / max(c['listed'], 1):8.3%} "
              f"{c['chosen']:8,} {c['spare_chosen'] / max(c['chosen'], 1):8.3%}")


def report(values: dict[tuple[str, str, str], list[float]], args: argparse.Namespace) -> None:
    """The medians, the ratios and the target."""
    def median(name: str, key: str, metric: str = "gym") -> float:
        return statistics.median(values[(name, metric, key)])

    def ratios(key: str) -> list[float]:
        return [a / b for a, b in zip(values[("clank", "gym", key)], values[("catanatron-gym", "gym", key)],
                                      strict=True)]

    print(f"\nclank.rl vs {CATANATRON_GYM}, median of {args.rounds} interleaved rounds of {args.steps} steps:")
    print(f"{'':52} {'clank':>10} {'catanatron-gym':>15} {'ratio':>7}")
    for label, key in (("Gymnasium env steps/s, random masked play (1v1)", "steps_per_s"),
                       ("  the same per second of CPU time", "steps_per_cpu_s")):
        clank, other = median("clank", key), median("catanatron-gym", key)
        print(f"{label:52} {clank:10.0f} {other:15.0f} {clank / other:6.2f}x")
    for label, key in (("ratio of each round's pair, median (wall)", "steps_per_s"),
                       ("ratio of each round's pair, median (CPU)", "steps_per_cpu_s")):
        paired = statistics.median(ratios(key))
        verdict = "met" if paired >= TARGET else "NOT met"
        print(f"{label:52} {'':10} {'':15} {paired:6.2f}x  target >= {TARGET}x: {verdict}")
    print(f"{'  game decisions/s within those steps':52} {median('clank', 'decisions_per_s'):10.0f} "
          f"{median('catanatron-gym', 'decisions_per_s'):15.0f}")
    print(f"{'PettingZoo AEC env steps/s (2 seats, all random)':52} {median('clank', 'steps_per_s', 'aec'):10.0f} "
          f"{'n/a':>15}")
    for label, key in (("wall", "steps_per_s"), ("CPU", "steps_per_cpu_s")):
        print(f"ratio per round ({label}): {', '.join(f'{r:.2f}x' for r in ratios(key))}")
    print(f"load average at the end: {load_average()}")


if __name__ == "__main__":
    main()
