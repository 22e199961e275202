"""Bots on the server, deciding off the event loop, within the server's budget cap.

A bot seat's decision is worked out in a worker thread (``random``, ``greedy``: well under a
millisecond) or, for search bots (a bot with ``steps``, such as ``mcts``, which searches for a
tenth of a second or more), in the worker processes of :mod:`clank_web.searchpool`, which run
every game's search in turn, a slice at a time, so one game's search never holds up another's
nor the server's messages. Each decision gets a bot made for it, seeded by
:func:`clank.api.bot_seed` from the game's seed, the seat and the number of actions played: a
server restarted mid-game plays on exactly as it would have.

The server caps what a search may spend on one decision (:class:`~clank_web.budget.BudgetCap`,
``clank serve --max-bot-budget``): a seat whose bot asks for more is refused when the game is
created and when a seat is handed to it, and a stored game's bot is held to the cap when it
searches.
"""

from __future__ import annotations

import asyncio
from typing import Any

from clank.api import Game, bot_seed
from clank.faults import bot_fault

from clank_web.budget import BudgetCap
from clank_web.searchpool import SearchPool


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


class BotRunner:
    """Runs bots' decisions off the event loop: threads for quick bots, the search pool's worker
    processes for search bots, each held to ``cap``."""

    def __init__(self, search_workers: int = 1, cap: BudgetCap | None = None) -> None:
        self.cap = cap or BudgetCap.parse()
        self.search = SearchPool(max(1, search_workers), self.cap)
        self._searching: dict[tuple[int, str], bool] = {}

    def is_search(self, game: Game, spec: str) -> bool:
        """Whether the bot ``spec`` searches (its decisions go to the worker processes)."""
        registry = game.ruleset.registry
        key = (id(registry), spec)
        found = self._searching.get(key)
        if found is None:
            try:
                found = hasattr(registry.make_bot(spec, 0), "steps")
            except ValueError:
                found = False
            self._searching[key] = found
        return found

    async def choose(
        self, game: Game, seat: int, spec: str, packs: list[str], options: dict[str, Any]
    ) -> str:
        """The action the bot ``spec`` takes for ``seat`` (``game`` is never changed). Cancelling
        the awaiting task drops a search where it stands."""
        if self.is_search(game, spec):
            return await self.search.choose(packs, len(game.state.players), options, game.to_json(), seat, spec)
        return await asyncio.to_thread(choose_here, game, seat, spec)

    def close(self) -> None:
        """Stop the worker processes."""
        self.search.close()

