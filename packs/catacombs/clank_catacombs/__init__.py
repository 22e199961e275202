"""The Clank! Catacombs base game as a content pack: cards, tiles, tokens, rules and bots."""

from __future__ import annotations

from importlib.resources import files

from clank.plugin import hookimpl

from clank_catacombs import features, greedy, ops, teleports, tokens

__version__ = "0.1.0"


@hookimpl
def clank_pack_data_dir():
    """The directory holding pack.yaml and the YAML content."""
    return files("clank_catacombs") / "data"


@hookimpl
def clank_register_ops(registry) -> None:
    ops.register_ops(registry)


@hookimpl
def clank_register_conditions(registry) -> None:
    ops.register_conditions(registry)


@hookimpl
def clank_register_room_features(registry) -> None:
    for f in features.features():
        registry.add_room_feature(f)


@hookimpl
def clank_register_tunnel_icons(registry) -> None:
    for icon in features.icons():
        registry.add_tunnel_icon(icon)


@hookimpl
def clank_register_market_rules(registry) -> None:
    from clank_catacombs import market
    registry.add_action_kind("remote-buy", market.remote_actions, market.remote_apply,
                             doc="Buy one market item from anywhere (Golden Flute).")


@hookimpl
def clank_register_actions(registry) -> None:
    registry.add_action_kind("token", tokens.use_actions, tokens.use_apply,
                             doc="Use a token during your turn (T14).")
    registry.add_action_kind("cash", tokens.cash_actions, tokens.cash_apply,
                             doc="Exchange a gold-value token for gold (G1).")
    registry.add_teleport_kind("wayshrine", teleports.wayshrines, "From a wayshrine to another wayshrine.")
    registry.add_teleport_kind("haunted_tile", teleports.haunted_tile, "Any room of another haunted tile.")
    registry.add_teleport_kind("player_in_depths", teleports.player_in_depths,
                               "Another player's room in the Depths.")
    ops.register_decisions(registry)


def _haunted(game, event) -> None:
    """R5: placing a haunted tile adds a ghost cube to the Clank! area."""
    if game.ruleset.tiles[event["tile"]].haunted:
        st = game.state
        if st.bank.get("ghost", 0) > 0:
            st.bank["ghost"] -= 1
            st.clank_area["ghost"] = st.clank_area.get("ghost", 0) + 1
            game.say("The tile is haunted: a ghost joins the Clank! area.")


def _mastery(game, event) -> None:
    """E1: an escaping player takes a Mastery token."""
    token = game.draw_token("mastery")
    if token:
        game.take_token(event["seat"], token)


@hookimpl
def clank_register_reactions(registry) -> None:
    registry.listen("tile_placed", _haunted)
    registry.listen("escaped", _mastery)
    registry.listen("turn_start", ops.note_room)
    registry.listen("entered_room", ops.note_room)


@hookimpl
def clank_register_bots(registry) -> None:
    registry.add_bot("greedy", greedy.GreedyBot, "A heuristic player: builds its deck, grabs an artifact, escapes.")
