"""Who sits where (humans and bots), how bots are seeded, and ``--option key=value`` parsing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clank.api import Game, Registry, bot_seed

from clank_cli.errors import UsageError

DEFAULT_BOT = "greedy"
FALLBACK_BOT = "random"
HUMAN = "human"
BOT = "bot"


@dataclass(frozen=True)
class Seat:
    """The role of one seat: a human at the keyboard or a named bot."""

    seat: int
    role: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person decides for this seat."""
        return self.role == HUMAN

    def label(self) -> str:
        """``human`` or ``bot:greedy``."""
        return HUMAN if self.is_human else f"{BOT}:{self.bot}"

    def to_json(self) -> dict[str, Any]:
        """The seat as stored in a save file."""
        out: dict[str, Any] = {"seat": self.seat, "role": self.role}
        if self.bot is not None:
            out["bot"] = self.bot
        return out

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """Read a seat back; raises ``ValueError`` if malformed."""
        if not isinstance(data, dict) or data.get("role") not in (HUMAN, BOT) or not isinstance(data.get("seat"), int):
            raise ValueError(f"malformed seat entry {data!r}")
        bot = data.get("bot")
        if data["role"] == BOT and not isinstance(bot, str):
            raise ValueError(f"bot seat {data['seat']} names no bot")
        return cls(data["seat"], data["role"], bot if data["role"] == BOT else None)


def split_names(text: str | None) -> list[str]:
    """``"greedy,random"`` → ``["greedy", "random"]`` (empty entries dropped)."""
    return [n.strip() for n in (text or "").split(",") if n.strip()]


def resolve_bots(registry: Registry, requested: str | None, option: str = "--bot") -> tuple[list[str], str | None]:
    """The bot names to use, and a note when the default had to fall back.

    ``requested`` is ``None`` (the default: greedy, else random) or a comma-separated list
    given in seat order; a bot that takes a parameter is named ``name:VALUE`` (``mcts:200``).
    An unknown name or a refused parameter is a :class:`~clank_cli.errors.UsageError` (exit 2)
    blamed on ``option``, the command's option that gave the names.
    """
    if requested is None:
        if DEFAULT_BOT in registry.bots:
            return [DEFAULT_BOT], None
        return [FALLBACK_BOT], f"bot {DEFAULT_BOT!r} is not available; using {FALLBACK_BOT!r}"
    names = split_names(requested)
    if not names:
        raise UsageError("give at least one bot name", option)
    for name in names:
        problem = registry.check_bot(name)
        if problem is not None:
            raise UsageError(problem, option)
    return names, None


def assign_seats(players: int, humans: int, bots: Sequence[str]) -> list[Seat]:
    """Seats ``0..humans-1`` are humans; the others get the bot names in turn (the last repeats)."""
    out = []
    for seat in range(players):
        if seat < humans:
            out.append(Seat(seat, HUMAN))
        else:
            i = seat - humans
            out.append(Seat(seat, BOT, bots[min(i, len(bots) - 1)]))
    return out


def make_bots(game: Game, seats: Sequence[Seat], start: int = 0) -> dict[int, Any]:
    """One bot object per bot seat (``greedy``, ``mcts:200`` ...), seeded by
    :func:`clank.api.bot_seed`."""
    seed = int(game.state.config["seed"])
    registry = game.ruleset.registry
    return {s.seat: registry.make_bot(s.bot, bot_seed(seed, s.seat, start))
            for s in seats if not s.is_human and s.bot is not None}


def parse_option_value(text: str) -> Any:
    """``"3"`` → 3, ``"true"`` → True, ``'["a"]'`` → list; anything else stays text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """``["max_rounds=50", "parts=promos"]`` → ``{"max_rounds": 50, "parts": ["promos"]}``.

    ``parts`` always becomes a list (comma-separated). A malformed item is a
    :class:`~clank_cli.errors.UsageError`.
    """
    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"expected key=value, got {item!r}", "--option")
        value = parse_option_value(raw.strip())
        if key == "parts":
            value = value if isinstance(value, list) else split_names(str(value))
        out[key] = value
    return out
