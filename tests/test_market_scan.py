"""Listing a market's affordable offers (A1-A5): a market that no way to pay applies to (no
``payment_options`` entry names it, or only ones a turn flag enables while no flag is set) is
listed by its prices alone, and the offer lists the row and the reserve keep (``OfferList``)
by comparing each simple price with the seat's supply: shorter paths that must list exactly
what the general one lists."""

from __future__ import annotations

import random

from clank import new_game
from clank.game import markets


def test_the_markets_no_way_to_pay_applies_to_are_known_per_ruleset():
    game = new_game(["catacombs"], players=2, seed=0)
    rs = game.ruleset
    # the Lockpick's way to pay for row cards is enabled by a turn flag; the coupon's needs none
    assert {"row", "reserve"} <= rs.plain_wayless_markets
    assert "market" not in rs.plain_wayless_markets
    assert rs.market_way_flags["row"] == {"lockpick_payment"} and not rs.market_way_flags["reserve"]


def test_a_flag_that_enables_no_way_to_pay_a_market_leaves_it_listed_by_its_prices():
    """A turn flag that enables no way to pay the row (Exhausted) leaves its listing as it was;
    the flag of Grand Theft's lockpick adds the lockpick's payments (A1, K7)."""
    game = new_game(["catacombs"], players=2, seed=3)
    row = game.registry.markets["row"]
    game.state.players[game.state.current].pool.update({"skill": 9, "swords": 9, "lockpicks": 2})
    plain = markets.actions(game, game.state.current, row)
    game.set_flag("exhausted")
    assert markets.actions(game, game.state.current, row) == plain
    game.set_flag("lockpick_payment")
    seen = markets.actions(game, game.state.current, row)
    assert set(plain) < set(seen) and any(a.args[-1:] == ("alt",) for a in seen)


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
                plain = rs.plain_wayless_markets
                rs.plain_wayless_markets = frozenset()
                try:
                    general = markets.actions(game, seat, market)
                finally:
                    rs.plain_wayless_markets = plain
                assert short == general, (seed, market.name)
                for action in short:
                    offer, pay = markets.scan(game, seat, market, action)
                    assert offer[0] == action or pay.tag == action.args[-1]
                compared += len(short)
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 500


def test_a_kept_offer_list_knows_each_simple_price():
    """A row's offers as kept: one price each (a card's cost in Skill or Swords), none when a
    price asks for two resources or one that something else may pay."""
    game = new_game(["catacombs"], players=2, seed=1)
    offers = markets.row_offers(game, 0)
    assert type(offers) is markets.OfferList and len(offers.prices) == len(offers)
    for offer, (action, res, n) in zip(offers, offers.prices, strict=True):
        assert action == offer.action and offer.cost.get(res, 0) == n
    assert markets.price_of(markets.Offer(markets.act("buy", 0), {"skill": 2, "gold": 1}), {}) is None
    assert markets.price_of(markets.Offer(markets.act("buy", 0), {"gold": 3}), {"gold": ("undercoin",)}) is None
    assert markets.price_of(markets.Offer(markets.act("buy", 0), {"skill": 0}), {}) == (markets.act("buy", 0), "", 0)
