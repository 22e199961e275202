"""Clank! Adventuring Party for Clank! Catacombs as a content pack (RULES.md P1-P18).

Everything is registered through :mod:`clank.plugin`, the contract any third-party pack uses:
which parts a game loads (``options``: every part at 5-6 players, the options party_cards,
cloaks and characters at 2-4), the Party's components at setup (``components``), React
windows and their deferred plays (``react``), Arrive Choice (``arrive``), the Party cards'
ops and conditions (``cards``), the six characters (``characters``), how it all looks
(``render``) and its section of the rules summary (``rules``), advice for heuristic bots (``hints``) and the structure its rules need of cards
and characters (``structure``). With none of its parts in a game
(2-4 players without options) the pack changes nothing: the game is the base game's.
"""

from __future__ import annotations

from importlib.resources import files

from clank.plugin import hookimpl

from clank_party import arrive, cards, characters, components, hints, options, react, render, rules, structure

__version__ = "0.1.0"


@hookimpl
def clank_pack_data_dir():
    """The directory holding pack.yaml and the YAML content."""
    return files("clank_party") / "data"


@hookimpl
def clank_configure(config) -> None:
    options.configure(config)


@hookimpl
def clank_register_content(registry) -> None:
    options.register_options(registry)
    components.register_content(registry)
    characters.register_content(registry)


@hookimpl
def clank_register_ops(registry) -> None:
    react.register_ops(registry)
    arrive.register_ops(registry)
    cards.register_ops(registry)
    characters.register_ops(registry)


@hookimpl
def clank_register_conditions(registry) -> None:
    cards.register_conditions(registry)


@hookimpl
def clank_register_market_rules(registry) -> None:
    characters.register_markets(registry)


@hookimpl
def clank_register_actions(registry) -> None:
    arrive.register_actions(registry)
    cards.register_actions(registry)
    characters.register_actions(registry)


@hookimpl
def clank_register_reactions(registry) -> None:
    react.register_reactions(registry)
    arrive.register_reactions(registry)
    components.register_reactions(registry)
    characters.register_reactions(registry)


@hookimpl
def clank_register_render(registry) -> None:
    render.register(registry)
    rules.register(registry)


@hookimpl
def clank_register_bots(registry) -> None:
    hints.register(registry)


@hookimpl
def clank_check_content(content, report) -> None:
    """Where React and Arrive Choice can trigger, and the size of a character's deck (P15-P17)."""
    structure.check(content, report)
