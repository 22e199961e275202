"""clank's side of the learning-environment comparison (see ``protocol.py``, ``benchmarks/rl_env.py``).

Figures: steps per second of the Gymnasium environment (``clank.rl.gym_env``, wrapped as
``gymnasium.make`` wraps it: the base game, the learner against the ``random`` bot, as
catanatron-gym's 1v1 against its random player) played by a random masked agent (a random index
among ``info["legal"]``, the mask's ones as a list), with the game decisions those steps made
(the learner's and the bot's) and how many of the legal actions listed took a spare index; the
same for the PettingZoo AEC environment (``clank.rl.env``, wrapped), where every seat is a random
masked agent; and the share of spare indices in random play of every pack mix (``spares``).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
from clank import rl
from protocol import env_steps, serve

PACKS = ["catacombs"]
PLAYERS = 2
MIXES = {"base, 2 seats": (["catacombs"], 2, {}), "base + Underworld, 3": (["catacombs", "underworld"], 3, {}),
         "base + Party, 6": (["catacombs", "party"], 6, {}),
         "all three with characters, 6": (["catacombs", "underworld", "party"], 6, {"characters": "on"})}
"""The pack mixes of the spare-index count."""


def gym_steps(n: int, seed: int) -> dict[str, Any]:
    env = rl.gym_env(PACKS, players=PLAYERS, opponents="random")
    layout = env.unwrapped.table.actions
    before = list(layout.counts)
    found = env_steps(env, n, seed, lambda info: info["legal"], lambda env: len(env.unwrapped.game.state.history))
    listed, spared = (now - then for now, then in zip(layout.counts, before, strict=True))
    return {**found, "legal_listed": listed, "spare_listed": spared}


def spares(n: int, seed: int) -> dict[str, Any]:
    """Random masked play of ``n`` decisions in each pack mix (every seat random): the legal actions
    listed, how many took a spare index and the spare indices chosen."""
    out: dict[str, Any] = {}
    for name, (packs, players, options) in MIXES.items():
        env = rl.raw_env(packs, players=players, options=options)
        layout = env.table.actions
        before = list(layout.counts)
        rng = random.Random(seed)
        chosen = spare_chosen = 0
        game_seed = seed
        while chosen < n:
            env.reset(seed=game_seed)
            while not env.game.over and chosen < n:
                index = rng.choice(env.table.legal_indices())
                spare_chosen += layout.is_spare(index)
                env.step(index)
                chosen += 1
            game_seed += 1
        listed, spared = (now - then for now, then in zip(layout.counts, before, strict=True))
        out[name] = {"listed": listed, "spare_listed": spared, "chosen": chosen, "spare_chosen": spare_chosen,
                     "size": layout.size}
    return out


def aec_steps(n: int, seed: int) -> dict[str, Any]:
    """Steps per second of the AEC environment, every seat a random masked agent."""
    env = rl.env(PACKS, players=PLAYERS)
    rng = random.Random(seed)
    done, game_seed = 0, seed
    start = time.perf_counter()
    while done < n:
        env.reset(seed=game_seed)
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done += 1
            if done >= n:
                break
        game_seed += 1
    return {"steps_per_s": done / (time.perf_counter() - start)}


if __name__ == "__main__":
    serve({"gym": gym_steps, "aec": aec_steps, "spares": spares})
