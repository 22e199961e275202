"""Where a step of the learning environment goes (issue 33): the CPU time of a Gymnasium step
split into its parts, then a profile of the same loop.

    python benchmarks/rl_profile.py                   # 5 rounds of 5,000 steps, then the profile
    python benchmarks/rl_profile.py --rounds 7 --steps 8000 --top 30

The loop is ``benchmarks/rl_env.py``'s clank side: ``clank.rl.gym_env`` on the base game, 1v1
against the ``random`` bot, a random masked agent choosing among ``info["legal"]``. The split
runs it in interleaved rounds three ways: as it is; with the observation replaced by a constant
vector (what is left is the engine, the bot, the mask and the legal indices); and with the
mask replaced by a constant too. Each figure is the median, in microseconds of CPU time per
step (the machine may be shared: CPU time is what waiting for a core does not stretch). The
profile (``cProfile``, which slows small calls more than large ones: read its shares, not its
seconds) lists the functions with the most time of their own, then the most time in all.
Nothing is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np
from clank import rl

sys.path.insert(0, str(Path(__file__).resolve().parent / "compare"))
from protocol import env_steps  # noqa: E402

VARIANTS = ("as it is", "no observation", "no observation, no mask")


def make_env(variant: str) -> Any:
    """The benchmark's environment, with the parts a variant leaves out replaced by constants."""
    env = rl.gym_env(["catacombs"], players=2, opponents="random")
    inner = env.unwrapped                      # the wrappers call its methods: replace them there
    if variant != VARIANTS[0]:
        vector = np.zeros(env.observation_space.shape, np.float32)
        inner._observation = lambda: vector
    if variant == VARIANTS[2]:
        mask = np.zeros(env.action_space.n, np.int8)
        inner.action_masks = lambda: mask
    return env


def steps(env: Any, n: int, seed: int) -> dict[str, Any]:
    return env_steps(env, n, seed, lambda info: info["legal"], lambda env: 0)


def split(rounds: int, n: int, seed: int) -> None:
    """Print the median CPU microseconds per step of each variant."""
    envs = {v: make_env(v) for v in VARIANTS}
    for env in envs.values():
        steps(env, 300, seed)                  # warm: content loaded, layouts built
    micros: dict[str, list[float]] = {v: [] for v in VARIANTS}
    for r in range(rounds):
        for v in VARIANTS if r % 2 == 0 else VARIANTS[::-1]:
            micros[v].append(1e6 / steps(envs[v], n, seed + r)["steps_per_cpu_s"])
    full = statistics.median(micros[VARIANTS[0]])
    print(f"CPU time per Gymnasium step, median of {rounds} interleaved rounds of {n} steps:")
    for v in VARIANTS:
        m = statistics.median(micros[v])
        print(f"  {v:26} {m:7.1f} us   ({', '.join(f'{x:.1f}' for x in micros[v])})")
    obs = full - statistics.median(micros[VARIANTS[1]])
    print(f"  the observation: {obs:.1f} us ({obs / full:.0%} of a step)")


def profile(n: int, seed: int, top: int) -> None:
    """Print the profile's top entries by own time and by cumulative time."""
    env = make_env(VARIANTS[0])
    steps(env, 300, seed)
    profiler = cProfile.Profile()
    profiler.enable()
    steps(env, n, seed)
    profiler.disable()
    root = str(Path(__file__).resolve().parent.parent) + "/"
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(top)
        text = out.getvalue().replace(root, "")
        print(text[text.index("   ncalls"):])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=25, help="profile entries shown in each order")
    ap.add_argument("--no-profile", action="store_true")
    args = ap.parse_args()
    split(args.rounds, args.steps, args.seed)
    if not args.no_profile:
        profile(args.steps, args.seed, args.top)


if __name__ == "__main__":
    main()
