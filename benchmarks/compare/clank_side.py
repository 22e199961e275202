"""This engine's side of the comparison with catanatron (see ``protocol.py``).

Figures: four-player games per second of the ``greedy`` bot; steps per second of a random
player (legal actions, then apply one at random); the time to clone, serialise and
deserialise a mid-game state; the memory each live mid-game game holds (tracemalloc). A
mid-game state is a four-player greedy game stopped after half of its decisions.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from functools import cache
from typing import Any

from clank import Action, Game, new_game
from clank.game import turn
from protocol import serve

PACKS = ["catacombs"]
PLAYERS = 4


def _bots(game: Game, seed: int, bot: str) -> list[Any]:
    factory = game.ruleset.registry.bots[bot].factory
    return [factory(seed * 16 + seat) for seat in range(PLAYERS)]


def _play(seed: int, bot: str = "greedy", limit: int | None = None) -> tuple[Game, int]:
    """A game of ``seed`` played by ``bot`` to the end (or ``limit`` decisions); (game, decisions)."""
    game = new_game(PACKS, PLAYERS, seed)
    bots = _bots(game, seed, bot)
    n = 0
    while not game.over and (limit is None or n < limit):
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat)))
        n += 1
    return game, n


@cache
def _length(seed: int) -> int:
    return _play(seed)[1]


def midgame(seed: int) -> Game:
    """The greedy game of ``seed`` after half of its decisions."""
    return _play(seed, limit=_length(seed) // 2)[0]


def games(n: int, seed: int) -> dict[str, Any]:
    decisions = 0
    start = time.perf_counter()
    for i in range(n):
        decisions += _play(seed + i)[1]
    elapsed = time.perf_counter() - start
    return {"games_per_s": n / elapsed, "decisions_per_s": decisions / elapsed,
            "games": n, "decisions": decisions, "seconds": elapsed}


def steps(n: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    done = 0
    game_seed = seed
    start = time.perf_counter()
    while done < n:
        game = new_game(PACKS, PLAYERS, game_seed)
        while not game.over and done < n:
            game.apply(rng.choice(game.legal_actions()))
            done += 1
        game_seed += 1
    return {"steps_per_s": done / (time.perf_counter() - start)}


# -- the split of ``instructions.py --split``: where a step's and a game's instructions go ------
def steps_legal_twice(n: int, seed: int) -> dict[str, Any]:
    """As :func:`steps`, listing the legal actions a second time before each apply: the
    difference to :func:`steps` is what listing them costs."""
    rng = random.Random(seed)
    done = 0
    game_seed = seed
    while done < n:
        game = new_game(PACKS, PLAYERS, game_seed)
        while not game.over and done < n:
            game.legal_actions()
            game._legal = None              # forget them (the private cache): apply lists them again
            game.apply(rng.choice(game.legal_actions()))
            done += 1
        game_seed += 1
    return {}


def replay(n: int, seed: int, legal_twice: bool = False) -> dict[str, Any]:
    """The greedy games of :func:`games`, then the same games again from their actions, without
    the bot: the difference to :func:`games` is what a game costs without its bot."""
    for i in range(n):
        actions = [Action.parse(text) for text in _play(seed + i)[0].state.history]
        game = new_game(PACKS, PLAYERS, seed + i)
        for action in actions:
            if legal_twice and turn.play_applier(game, action) is None:   # apply lists these
                game.legal_actions()
                game._legal = None
            game.apply(action)
    return {}


def replay_legal_twice(n: int, seed: int) -> dict[str, Any]:
    """As :func:`replay`, listing the legal actions a second time before each apply that lists
    them (a play from the hand is applied without listing)."""
    return replay(n, seed, legal_twice=True)


def clone(n: int, seed: int) -> dict[str, Any]:
    game = midgame(seed)
    start = time.perf_counter()
    for _ in range(n):
        game.clone()
    return {"clone_us": (time.perf_counter() - start) / n * 1e6}


def serialise(n: int, seed: int) -> dict[str, Any]:
    game = midgame(seed)
    start = time.perf_counter()
    for _ in range(n):
        text = game.to_json()
    to_json = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        Game.from_json(game.ruleset, text)
    from_json = (time.perf_counter() - start) / n
    return {"to_json_ms": to_json * 1e3, "from_json_ms": from_json * 1e3, "json_kb": len(text) / 1024}


def memory(n: int, seed: int) -> dict[str, Any]:
    midgame(seed)   # the ruleset and caches every game shares exist before tracing starts
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
