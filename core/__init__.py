"""clank: a rules engine for Clank! Catacombs and its expansions.

The public API: :func:`new_game`, :class:`Game` (``legal_actions``, ``apply``, ``clone``,
``to_json``, ``scores``), :class:`Action`, :func:`game_record`, :func:`replay`.
"""

__version__ = "0.1.0"

from clank.actions import Action, IllegalAction  # noqa: E402
from clank.api import build_ruleset, game_record, new_game, replay  # noqa: E402
from clank.game.engine import Game  # noqa: E402

__all__ = ["Action", "Game", "IllegalAction", "build_ruleset", "game_record", "new_game", "replay"]
