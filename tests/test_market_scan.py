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


def _row_slots(offers) -> list[tuple[int, str]]:
    return [(offer.data, offer.item) for offer in offers]


def test_the_row_offers_follow_the_row_as_it_changes():
    """The game keeps the last row's offers (``row_memo``): a slot emptied (A19) or refilled
    (A1) is listed as the row stands, and the row as it was lists what it listed."""
    game = new_game(["catacombs"], players=2, seed=5)
    row = game.state.row
    first = _row_slots(markets.row_offers(game, 0))
    assert first == [(slot, card) for slot, card in enumerate(row) if card is not None]
    was = row[0]
    row[0] = None
    assert _row_slots(markets.row_offers(game, 0)) == first[1:]
    other = next(c for c in game.state.dungeon_deck if c not in row)
    row[0] = other
    assert _row_slots(markets.row_offers(game, 0)) == [(0, other), *first[1:]]
    row[0] = was
    assert _row_slots(markets.row_offers(game, 0)) == first


def test_a_clone_lists_the_row_of_its_own_state():
    """A clone starts with its parent's row memo; a change to either row is listed by that game
    only (A1)."""
    game = new_game(["catacombs"], players=2, seed=6)
    markets.row_offers(game, 0)
    copy = game.clone()
    first = _row_slots(markets.row_offers(game, 0))
    copy.state.row[1] = None
    assert (1, game.state.row[1]) not in _row_slots(markets.row_offers(copy, 0))
    assert _row_slots(markets.row_offers(game, 0)) == first
    game.state.row[2] = None
    assert (2, copy.state.row[2]) in _row_slots(markets.row_offers(copy, 0))
    assert (2, copy.state.row[2]) not in _row_slots(markets.row_offers(game, 0))


def test_a_row_condition_is_asked_at_every_listing(monkeypatch):
    """A monster's ``fight_if`` (A4) is asked each time the row is listed, although the row's
    offers are kept: the Crystal Kobold is offered exactly while its condition holds."""
    game = new_game(["catacombs"], players=2, seed=7)
    holds = [False]
    monkeypatch.setattr(game.ruleset.cards["crystal-kobold"], "fight_if", lambda _game, _seat: holds[0])
    game.state.row[3] = "crystal-kobold"
    assert (3, "crystal-kobold") not in _row_slots(markets.row_offers(game, 0))
    holds[0] = True
    assert (3, "crystal-kobold") in _row_slots(markets.row_offers(game, 0))
    holds[0] = False
    assert (3, "crystal-kobold") not in _row_slots(markets.row_offers(game, 0))


def test_the_reserve_offers_follow_the_stacks():
    """An emptied reserve stack is no longer offered (A2), in the game whose stack it is."""
    game = new_game(["catacombs"], players=2, seed=8)
    stacks = [card for card, left in game.state.reserve.items() if left > 0]
    offered = [offer.item for offer in markets.reserve_offers(game, 0)]
    assert offered == stacks
    copy = game.clone()
    copy.state.reserve[stacks[0]] = 0
    assert stacks[0] not in [offer.item for offer in markets.reserve_offers(copy, 0)]
    assert [offer.item for offer in markets.reserve_offers(game, 0)] == stacks
