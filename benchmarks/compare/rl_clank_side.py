"""clank's side of the learning-environment comparison (see ``protocol.py``, ``benchmarks/rl_env.py``).

Figures: steps per second of the Gymnasium environment (``clank.rl.gym_env``: the base game, the
learner against the ``random`` bot, as catanatron-gym's 1v1 against its random player) played by
a random masked agent (a random index among ``info["legal"]``, the mask's ones as a list), with the game decisions those steps
made (the learner's and the bot's); and the same for the PettingZoo AEC environment, where every
seat is a random masked agent.
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


def gym_steps(n: int, seed: int) -> dict[str, Any]:
    env = rl.gym_env(PACKS, players=PLAYERS, opponents="random")
    return env_steps(env, n, seed, lambda info: info["legal"], lambda env: len(env.game.state.history))


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
    serve({"gym": gym_steps, "aec": aec_steps})
