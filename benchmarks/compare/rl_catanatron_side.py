"""catanatron-gym's side of the learning-environment comparison (see ``protocol.py``), run in
its own virtualenv: steps per second of ``CatanatronEnv`` (1v1 against catanatron's random
player, its default) played by a random agent over ``info["valid_actions"]``, with the game
decisions those steps made."""

from __future__ import annotations

import random
import time
from typing import Any

from catanatron_gym.envs.catanatron_env import CatanatronEnv
from protocol import serve


def gym_steps(n: int, seed: int) -> dict[str, Any]:
    env = CatanatronEnv()
    rng = random.Random(seed)
    done, decisions, game_seed = 0, 0, seed + 1            # seed 0 would mean "random"
    start = time.perf_counter()
    while done < n:
        obs, info = env.reset(seed=game_seed)
        finished = False
        while not finished and done < n:
            obs, reward, terminated, truncated, info = env.step(rng.choice(info["valid_actions"]))
            finished = terminated or truncated
            done += 1
        decisions += len(env.game.state.actions)
        game_seed += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": done / elapsed, "decisions_per_s": decisions / elapsed}


if __name__ == "__main__":
    serve({"gym": gym_steps})
