"""What the tests of ``clank.rl`` share: the pack mixes they play, the environments built on
them, and random masked play (loaded by each ``tests/test_rl*.py``; not a test module)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import clank_catacombs
import clank_party
import clank_underworld
import numpy as np
from clank import rl
from hypothesis import strategies as st

MODULES = {"catacombs": clank_catacombs, "underworld": clank_underworld, "party": clank_party}
CUSTOM = str(Path(__file__).resolve().parent / "walkthrough_pack" / "dragonbane")
"""A data-only directory pack: one new card, tile and token for the base game."""

DONE_WHEN = {                         # the four mixes the issues name: (packs, seats, options)
    "base": (["catacombs"], 2, {}),
    "base+underworld": (["catacombs", "underworld"], 3, {}),
    "party-6": (["catacombs", "party"], 6, {}),
    "custom-pack": (["catacombs", CUSTOM], 2, {}),
}
MIXES = [                             # every pack mix of the property tests: (packs, seat counts, options)
    (["catacombs"], (2, 3, 4), {}),
    (["catacombs", "underworld"], (2, 4), {}),
    (["catacombs", "party"], (5, 6), {}),
    (["catacombs", "underworld", "party"], (3, 6), {"characters": "on"}),
    (["catacombs", CUSTOM], (2, 4), {}),
]


def aec(packs, players, options=None, seed=None, **kwargs) -> rl.ClankAECEnv:
    """The AEC environment unwrapped (the tests read its table and game)."""
    return rl.raw_env(packs, players=players, options=options, seed=seed, modules=MODULES, **kwargs)


def single(packs, players, options=None, seed=None, **kwargs):
    """The Gymnasium environment as ``rl.gym_env`` gives it (wrapped: ``.unwrapped`` is the env)."""
    return rl.gym_env(packs, players=players, options=options, seed=seed, modules=MODULES, **kwargs)


def masked_choice(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(mask).tolist())


def random_states(env: rl.ClankAECEnv, seed: int, steps: int | None = None) -> Iterator[rl.ClankAECEnv]:
    """Play a random masked game from the game of ``seed``, yielding the environment in every state
    before a decision (at most ``steps`` of them; the whole game without)."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    while not env.game.over and (steps is None or done < steps):
        yield env
        env.step(rng.choice(env.table.legal_indices()))
        done += 1


def drawn_game(data: st.DataObject, max_depth: int) -> tuple[rl.ClankAECEnv, int, int]:
    """A mix, a seat count, a seed and a depth drawn by a property test: the environment (not yet
    reset), the seed and the depth."""
    packs, seats, options = MIXES[data.draw(st.sampled_from(range(len(MIXES))), label="mix")]
    players = data.draw(st.sampled_from(seats), label="players")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    depth = data.draw(st.integers(0, max_depth), label="depth")
    return aec(packs, players, options), seed, depth
