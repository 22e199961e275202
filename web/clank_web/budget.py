"""The server's cap on what a search bot may spend on one decision (``clank serve
--max-bot-budget``), and the check of a seat's bot against it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clank.search import Budget, parse_budget

DEFAULT_CAP = "5000,2000ms"
"""The default cap: 5,000 iterations, or 2 seconds of search, a decision (``mcts:200``, the
``mcts`` bot's default, takes about 60 ms)."""


@dataclass(frozen=True)
class BudgetCap:
    """The most a search bot may spend on one decision: ``iterations`` (an iteration budget) and
    ``ms`` (a time budget)."""

    iterations: int
    ms: float

    @classmethod
    def parse(cls, text: str = DEFAULT_CAP) -> BudgetCap:
        """``"5000,2000ms"`` (either part may be left out: it keeps its default), written as a
        search bot's own budget; ``ValueError`` on anything else."""
        default = [parse_budget(part) for part in DEFAULT_CAP.split(",")]
        iterations = next(b.iterations for b in default if b.iterations)
        ms = next(b.ms for b in default if b.ms)
        for part in str(text).split(","):
            budget = parse_budget(part.strip())
            if budget.ms:
                ms = budget.ms
            else:
                iterations = budget.iterations
        return cls(iterations, ms)

    def __str__(self) -> str:
        return f"{self.iterations} iterations or {self.ms:g}ms a decision"

    def hold(self, budget: Budget) -> Budget:
        """``budget``, or the cap where it asks for more."""
        if budget.ms:
            return budget if budget.ms <= self.ms else Budget(ms=self.ms)
        return budget if budget.iterations <= self.iterations else Budget(iterations=self.iterations)


def budget_problem(bot: Any, spec: str, cap: BudgetCap) -> str | None:
    """Why the bot ``spec`` (made as ``bot``) asks for more than ``cap`` allows, or None (a bot
    with no search budget always fits)."""
    budget = getattr(bot, "budget", None)
    if not isinstance(budget, Budget) or cap.hold(budget) == budget:
        return None
    asked = f"{budget.ms:g}ms" if budget.ms else f"{budget.iterations} iterations"
    return (f"the bot {spec[:60]!r} asks for {asked} a decision, over this server's cap of {cap} "
            f"(clank serve --max-bot-budget): choose a smaller budget")
