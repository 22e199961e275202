"""catanatron's side of the comparison (see ``protocol.py``), run in catanatron's own virtualenv.

Figures: four-player games per second of ``WeightedRandomPlayer`` (``Game.play()``); steps
per second of a random player (``game.state.playable_actions``, then ``game.execute`` of one at
random); the time of ``game.copy()`` of a mid-game state and of serialising it
(``GameEncoder``; catanatron has no game deserialiser); the memory each live mid-game game
holds (tracemalloc). A mid-game state is a four-player weighted-random game stopped after half
of its decisions.
"""

from __future__ import annotations

import gc
import json
import random
import time
import tracemalloc
from functools import cache
from typing import Any

from catanatron import Color, Game
from catanatron.game import TURNS_LIMIT
from catanatron.json import GameEncoder
from catanatron.players.weighted_random import WeightedRandomPlayer
from protocol import serve

COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)


def _new(seed: int) -> Game:
    return Game([WeightedRandomPlayer(c) for c in COLORS], seed=seed + 1)   # seed 0 would mean "random"


def _running(game: Game) -> bool:
    return game.winning_color() is None and game.state.num_turns < TURNS_LIMIT


def _play(seed: int, limit: int | None = None) -> tuple[Game, int]:
    game = _new(seed)
    n = 0
    while _running(game) and (limit is None or n < limit):
        game.play_tick()
        n += 1
    return game, n


@cache
def _length(seed: int) -> int:
    return _play(seed)[1]


def midgame(seed: int) -> Game:
    return _play(seed, limit=_length(seed) // 2)[0]


def games(n: int, seed: int) -> dict[str, Any]:
    decisions = 0
    start = time.perf_counter()
    for i in range(n):
        game = _new(seed + i)
        game.play()
        decisions += len(game.state.actions)
    elapsed = time.perf_counter() - start
    return {"games_per_s": n / elapsed, "decisions_per_s": decisions / elapsed,
            "games": n, "decisions": decisions, "seconds": elapsed}


def steps(n: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    done = 0
    game_seed = seed
    start = time.perf_counter()
    while done < n:
        game = _new(game_seed)
        while _running(game) and done < n:
            game.execute(rng.choice(game.state.playable_actions))
            done += 1
        game_seed += 1
    return {"steps_per_s": done / (time.perf_counter() - start)}


def clone(n: int, seed: int) -> dict[str, Any]:
    game = midgame(seed)
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return {"clone_us": (time.perf_counter() - start) / n * 1e6}


def serialise(n: int, seed: int) -> dict[str, Any]:
    game = midgame(seed)
    start = time.perf_counter()
    for _ in range(n):
        text = json.dumps(game, cls=GameEncoder)
    return {"to_json_ms": (time.perf_counter() - start) / n * 1e3, "json_kb": len(text) / 1024}


def memory(n: int, seed: int) -> dict[str, Any]:
    midgame(seed)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    alive = [_play(seed + 1 + i, limit=_length(seed) // 2)[0] for i in range(n)]
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del alive
    return {"kb_per_game": used / n / 1024}


if __name__ == "__main__":
    serve({"games": games, "steps": steps, "clone": clone, "serialise": serialise, "memory": memory})
