"""catanatron-gym's side of the learning-environment comparison (see ``protocol.py``), run in
its own virtualenv: steps per second of ``CatanatronEnv`` (1v1 against catanatron's random
player, its default) played by a random agent over ``info["valid_actions"]``, with the game
decisions those steps made."""

from __future__ import annotations

from typing import Any

from catanatron_gym.envs.catanatron_env import CatanatronEnv
from protocol import env_steps, serve


def gym_steps(n: int, seed: int) -> dict[str, Any]:
    return env_steps(CatanatronEnv(), n, seed + 1,            # seed 0 would mean "random"
                     lambda info: info["valid_actions"], lambda env: len(env.game.state.actions))


if __name__ == "__main__":
    serve({"gym": gym_steps})
