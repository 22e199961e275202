"""clank: a rules engine for Clank! Catacombs and its expansions.

The public API: :func:`new_game`, :class:`Game` (``legal_actions``, ``apply``, ``clone``,
``to_json``, ``scores``), :class:`Action`, :func:`game_record`, :func:`replay`, and
:class:`PackFault`, what ``apply`` raises when a pack's code fails (the game put back).

The names are imported on first use (PEP 562), so ``import clank_cli.main`` or
``clank.__version__`` does not load the whole engine: ``clank --help`` starts fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_PUBLIC = {"Action": "clank.actions", "IllegalAction": "clank.actions", "PackFault": "clank.faults",
           "build_ruleset": "clank.api",
           "game_record": "clank.api", "new_game": "clank.api", "replay": "clank.api", "Game": "clank.game.engine"}
"""Each public name and the module that defines it."""

if TYPE_CHECKING:
    from clank.actions import Action, IllegalAction
    from clank.api import build_ruleset, game_record, new_game, replay
    from clank.faults import PackFault
    from clank.game.engine import Game


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'clank' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])


__all__ = ["Action", "Game", "IllegalAction", "PackFault", "build_ruleset", "game_record", "new_game", "replay"]
