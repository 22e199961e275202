"""The Underworld expansion of Clank! Catacombs as a content pack.

Everything is registered through :mod:`clank.plugin`: the area and the ways in and out
(``area``: ladders, chutes, the return portal), undercoins, the toll and toll booths
(``economy``), the Guardian, enhancers, lyre, imps, prison, harpies, lakes and towers
(``denizens``), the fate deck (``fate``), the Underworld market board and the River Boat
(``market``), the variants (``variants``), how it all looks (``render``), its section of the rules summary (``rules``), what the greedy bot
values here (``bot``) and the structure its rules need of tiles (``structure``). It reaches the base game only through what the base pack registers
(room features, conditions, ops and modifiers by name), never by importing it.
"""

from __future__ import annotations

from importlib.resources import files

from clank.plugin import hookimpl

from clank_underworld import (
    area,
    bot,
    common,
    denizens,
    economy,
    fate,
    market,
    render,
    rules,
    structure,
    variants,
)

__version__ = "0.1.0"


@hookimpl
def clank_pack_data_dir():
    """The directory holding pack.yaml and the YAML content."""
    return files("clank_underworld") / "data"


@hookimpl
def clank_register_resources(registry) -> None:
    economy.register_resources(registry)


OPTIONS: tuple[tuple[str, str], ...] = (
    ("underworld_side", "A (default): the hub's front, the Gate of Kerberos; B: its back, the Shrine Below."),
    ("first_game_coin", "on: each player starts with 1 undercoin (U21)."),
    ("fixed_dimensions", "The Fixed Dimensions variant: the catacombs fit in a 5x5 or 6x6 square (U23)."),
    ("mercy", "on: the Mercy variant; once per turn a stuck player may turn their tile (U24)."),
)
"""The Underworld's game options (checked in :func:`clank_configure`)."""


@hookimpl
def clank_register_content(registry) -> None:
    for name, doc in OPTIONS:
        registry.add_option(name, doc)
    economy.register_content(registry)
    denizens.register_content(registry)
    fate.register_content(registry)
    market.register_content(registry)


@hookimpl
def clank_register_ops(registry) -> None:
    area.register_ops(registry)
    economy.register_ops(registry)
    denizens.register_ops(registry)
    fate.register_ops(registry)


@hookimpl
def clank_register_conditions(registry) -> None:
    common.register_conditions(registry)
    area.register_conditions(registry)


@hookimpl
def clank_register_room_features(registry) -> None:
    for f in [*area.features(), *economy.features(), *denizens.features(), *fate.features(), *market.features()]:
        registry.add_room_feature(f)


@hookimpl
def clank_register_tunnel_icons(registry) -> None:
    for icon in economy.icons():
        registry.add_tunnel_icon(icon)


@hookimpl
def clank_register_market_rules(registry) -> None:
    market.register(registry)


@hookimpl
def clank_register_actions(registry) -> None:
    area.register_actions(registry)
    economy.register_actions(registry)
    denizens.register_actions(registry)
    fate.register_actions(registry)
    variants.register_actions(registry)


@hookimpl
def clank_register_reactions(registry) -> None:
    area.register_reactions(registry)
    economy.register_reactions(registry)
    denizens.register_reactions(registry)
    market.register_reactions(registry)
    variants.register_reactions(registry)
    registry.add_modifier("tokens_elsewhere", fate.pending_cards)
    registry.add_modifier("player_view", fate.reveal_at_the_end)
    bot.register_reactions(registry)


@hookimpl
def clank_register_scoring(registry) -> None:
    economy.register_scoring(registry)
    denizens.register_scoring(registry)
    market.register_scoring(registry)


@hookimpl
def clank_register_render(registry) -> None:
    render.register(registry)
    rules.register(registry)


@hookimpl
def clank_check_content(content, report) -> None:
    """What the Underworld's rules need of every loaded pack's tiles: a slot tile's region, ports and ladder
    room, ladder ends and letters, where chutes may be, the hub's sides (U26-U33, G43)."""
    structure.check(content, report)


@hookimpl
def clank_configure(config) -> None:
    """Check the options: ``underworld_side`` (A, the front, or B), ``first_game_coin`` (on: each
    player starts with 1 undercoin, U21), the variants' ``fixed_dimensions`` (5 or 6) and
    ``mercy`` (on or off)."""
    options = config["options"]
    side = str(options.get("underworld_side", "A")).upper()
    if side not in ("A", "B"):
        raise ValueError(f"underworld_side must be A (the front) or B (the back), not {side!r}")
    options["underworld_side"] = side
    coin = options.get("first_game_coin")
    if coin is not None:
        if coin not in (True, False, "on", "off", "true", "false", 1, 0):
            raise ValueError(f"first_game_coin must be on or off, not {coin!r}")
        options["first_game_coin"] = coin in (True, "on", "true", 1)
    variants.configure(options)
