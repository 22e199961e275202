"""Bots on the server, deciding off the event loop.

A bot seat's decision is worked out in a worker thread (``random``, ``greedy``: well under a
millisecond) or, for search bots (``mcts``, which searches for a tenth of a second or more),
in a pool of worker processes, so one game's search never holds up the others' messages. Each
decision gets a bot made for it, seeded by :func:`clank.api.bot_seed` from the game's seed,
the seat and the number of actions played: a server restarted mid-game plays on exactly as
it would have.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from clank.api import Game, bot_seed, configure_game
from clank.faults import bot_fault

SEARCH_BOTS = frozenset({"mcts"})
"""Bots whose decisions run in worker processes."""


def bot_name(spec: str) -> str:
    """``"mcts:200"`` → ``"mcts"``."""
    return spec.split(":", 1)[0]


def choose_here(game: Game, seat: int, spec: str) -> str:
    """The action text the bot ``spec`` chooses for ``seat`` from its view of ``game``; a fault
    of a pack's code raised as its :class:`~clank.faults.PackFault`."""
    seed = bot_seed(int(game.state.config["seed"]), seat, len(game.state.history))
    try:
        bot = game.ruleset.registry.make_bot(spec, seed)
        return str(bot.choose(game.view(seat)))
    except Exception as exc:
        fault = bot_fault(exc, game.ruleset.registry, spec)
        if fault is None:
            raise
        raise fault from exc


def choose_in_worker(
    packs: list[str], players: int, options: dict[str, Any], state: str, seat: int, spec: str
) -> str:
    """:func:`choose_here` in a worker process, from the game's saved state (the packs are
    loaded once per process)."""
    ruleset, _, _ = configure_game(packs, players, options)
    return choose_here(Game.from_json(ruleset, state), seat, spec)


class BotRunner:
    """Runs bots' decisions off the event loop: threads for quick bots, processes for search."""

    def __init__(self, search_workers: int = 1) -> None:
        self.search_workers = max(1, search_workers)
        self._processes: Executor | None = None

    def _pool(self) -> Executor:
        if self._processes is None:
            context = multiprocessing.get_context("spawn")  # never fork a server with threads running
            self._processes = ProcessPoolExecutor(self.search_workers, mp_context=context)
        return self._processes

    async def choose(
        self, game: Game, seat: int, spec: str, packs: list[str], options: dict[str, Any]
    ) -> str:
        """The action the bot ``spec`` takes for ``seat`` (``game`` is never changed)."""
        if bot_name(spec) in SEARCH_BOTS:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                self._pool(),
                choose_in_worker,
                packs,
                len(game.state.players),
                options,
                game.to_json(),
                seat,
                spec,
            )
        return await asyncio.to_thread(choose_here, game, seat, spec)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None
