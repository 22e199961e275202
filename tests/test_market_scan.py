"""Listing a market's affordable offers (A1-A5): a market that no way to pay applies to (no
``payment_options`` entry names it, or only ones a turn flag enables while no flag is set) is
listed by its prices alone, a shorter path that must list exactly what the general one lists."""

from __future__ import annotations

import random

from clank import new_game
from clank.game import markets


def test_the_markets_no_way_to_pay_applies_to_are_known_per_ruleset():
    game = new_game(["catacombs"], players=2, seed=0)
    rs = game.ruleset
    # the Lockpick's way to pay for row cards is enabled by a turn flag; the coupon's needs none
    assert {"row", "reserve"} <= rs.plain_wayless_markets
    assert "row" not in rs.wayless_markets and "reserve" in rs.wayless_markets
    assert "market" not in rs.plain_wayless_markets | rs.wayless_markets


def test_the_short_path_lists_what_the_general_path_lists():
    """At every decision of random games with the Underworld (more markets, more ways to pay),
    each market's actions are those the general path lists, and every listed action is found
    again by the path that applies it."""
    compared = 0
    for seed in range(6):
        game = new_game(["catacombs", "underworld"], players=3, seed=seed)
        rng = random.Random(seed)
        rs = game.ruleset
        for _ in range(250):
            if game.over:
                break
            seat = game.state.current
            for market in game.registry.markets.values():
                short = markets.actions(game, seat, market)
                plain, every = rs.plain_wayless_markets, rs.wayless_markets
                rs.plain_wayless_markets = rs.wayless_markets = frozenset()
                try:
                    general = markets.actions(game, seat, market)
                finally:
                    rs.plain_wayless_markets, rs.wayless_markets = plain, every
                assert short == general, (seed, market.name)
                for action in short:
                    offer, pay = markets.scan(game, seat, market, action)
                    assert offer[0] == action or pay.tag == action.args[-1]
                compared += len(short)
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 500
