"""The Clank! Catacombs base game as a content pack: cards, tiles, tokens, rules and bots.

Everything is registered through :mod:`clank.plugin`, the contract any third-party pack uses:
room features and tunnel icons (``features``), the market board (``market``), effect ops,
conditions, decisions and quantities (``ops``), token rules (``tokens``), the Depths, haunted
tiles and ghosts (``depths``), teleport kinds (``teleports``), how it all looks (``render``),
its section of the rules summary (``rules``), the greedy bot (``greedy``), the search bot built on it (``mcts``) and the structure its rules
need of tiles, tile stacks and the market board (``structure``).
"""

from __future__ import annotations

from importlib.resources import files

from clank.plugin import hookimpl

from clank_catacombs import (
    depths,
    features,
    greedy,
    market,
    mcts,
    ops,
    render,
    rules,
    structure,
    teleports,
    tokens,
)

__version__ = "0.1.0"


@hookimpl
def clank_pack_data_dir():
    """The directory holding pack.yaml and the YAML content."""
    return files("clank_catacombs") / "data"


@hookimpl
def clank_register_resources(registry) -> None:
    registry.add_resource("lockpicks", False, "Lockpicks: open locks and locked rewards (A9, A14).",
                          label=("lockpick", "lockpicks"))


@hookimpl
def clank_register_content(registry) -> None:
    tokens.register_content(registry)
    market.register_content(registry)
    depths.register_content(registry)
    features.register_content(registry)


@hookimpl
def clank_register_ops(registry) -> None:
    ops.register_ops(registry)
    depths.register_ops(registry)


@hookimpl
def clank_register_conditions(registry) -> None:
    ops.register_conditions(registry)
    depths.register_conditions(registry)


@hookimpl
def clank_register_room_features(registry) -> None:
    for f in features.features():
        registry.add_room_feature(f)
    registry.add_action_forms("turn", *features.FORMS)


@hookimpl
def clank_register_tunnel_icons(registry) -> None:
    for icon in features.icons():
        registry.add_tunnel_icon(icon)


@hookimpl
def clank_register_market_rules(registry) -> None:
    market.register(registry)


@hookimpl
def clank_register_actions(registry) -> None:
    tokens.register_actions(registry)
    teleports.register(registry)
    ops.register_decisions(registry)
    depths.register_steps(registry)
    features.register_steps(registry)


@hookimpl
def clank_register_reactions(registry) -> None:
    depths.register_reactions(registry)
    features.register_reactions(registry)
    tokens.register_reactions(registry)
    ops.register_companion_count(registry)
    greedy.register(registry)


@hookimpl
def clank_register_scoring(registry) -> None:
    depths.register_scoring(registry)


@hookimpl
def clank_register_render(registry) -> None:
    render.register(registry)
    rules.register(registry)


@hookimpl
def clank_register_bots(registry) -> None:
    registry.add_bot("greedy", greedy.GreedyBot, "A heuristic player: builds its deck, grabs an artifact, escapes.")
    registry.add_bot("mcts", mcts.factory, "Information-set MCTS over determinisations of its view, on the greedy "
                     "bot (mcts:200 iterations per decision, the default; mcts:50ms for a time budget).",
                     param="iterations per decision (200), or milliseconds (50ms)")


@hookimpl
def clank_check_content(content, report) -> None:
    """What the base game's rules need of tiles, tile stacks and the market board: Depths tiles, stacks that
    reach the Depths, Crowns highest first (R12, S5, X13, K5)."""
    structure.check(content, report)
