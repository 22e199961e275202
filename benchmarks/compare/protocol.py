"""The line protocol between ``compare_catanatron.py`` (or ``rl_env.py``) and each side process.

A side is a long-lived process, so every measurement runs warm and the two engines can be
measured in turns (interleaved) without paying process start-up in between. It reads one JSON
request per line on standard input, ``{"metric": NAME, ...parameters}``, and answers one JSON
line on standard output: the measured figures, or ``{"error": TEXT}``. Both sides import this
module (each from its own virtualenv), so it uses the standard library only.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

Handler = Callable[..., dict[str, Any]]


def serve(handlers: dict[str, Handler]) -> None:
    """Answer requests until standard input closes."""
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        name = request.pop("metric")
        try:
            answer = handlers[name](**request) if name in handlers else {"unsupported": True}
        except Exception:   # report, keep serving: the driver prints it
            answer = {"error": traceback.format_exc()}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def env_steps(env: Any, n: int, seed: int, legal: Callable[[dict], list], decisions: Callable[[Any], int]) -> dict[str, Any]:
    """Steps per second of a Gymnasium-style environment played by a random agent: ``n`` steps,
    games of seeds ``seed`` on, each action drawn from ``legal(info)``; ``decisions(env)``
    counts the game decisions of a game just played (the learner's and the bots'). Per second of
    wall time and per second of the process's CPU time (which other work on a shared machine
    does not stretch)."""
    rng = random.Random(seed)
    done, made, game_seed = 0, 0, seed
    start, cpu = time.perf_counter(), time.process_time()
    while done < n:
        _, info = env.reset(seed=game_seed)
        finished = False
        while not finished and done < n:
            _, _, terminated, truncated, info = env.step(rng.choice(legal(info)))
            finished = terminated or truncated
            done += 1
        made += decisions(env)
        game_seed += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"steps_per_s": done / elapsed, "decisions_per_s": made / elapsed, "steps_per_cpu_s": done / cpu}
