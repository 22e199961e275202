"""Listing a market's affordable offers (A1-A5): a market that no way to pay applies to (no
``payment_options`` entry names it, or only ones a turn flag enables while no flag is set) is
listed by its prices alone, and the offer lists the row and the reserve keep (``OfferList``)
by comparing each simple price with the seat's supply: shorter paths that must list exactly
what the general one lists."""

from __future__ import annotations

import random

import pytest
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


def _general(game, fn, *args):
    """``fn(*args)`` with every market taken the general way (as if a way to pay applied to each)."""
    rs = game.ruleset
    plain = rs.plain_wayless_markets
    rs.plain_wayless_markets = frozenset()
    try:
        return fn(*args)
    finally:
        rs.plain_wayless_markets = plain


def test_the_short_path_lists_what_the_general_path_lists():
    """At every decision of random games with the Underworld (more markets, more ways to pay),
    each market's actions are those the general path lists, listing several markets at once
    lists each one's in turn, and every listed action is found again, with the same offer and
    payment, by the path that applies it."""
    compared = 0
    for seed in range(6):
        game = new_game(["catacombs", "underworld"], players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if game.over:
                break
            seat = game.state.current
            every = list(game.registry.markets.values())
            listed: list = []
            for market in every:
                short = markets.actions(game, seat, market)
                assert short == _general(game, markets.actions, game, seat, market), (seed, market.name)
                listed += [(action, market.name) for action in short]
                for action in short:
                    offer, pay = markets.scan(game, seat, market, action)
                    assert offer[0] == action or pay.tag == action.args[-1]
                    offer_again, pay_again = _general(game, markets.scan, game, seat, market, action)
                    assert (offer_again, pay_again.cost, pay_again.tag) == (offer, pay.cost, pay.tag)
                compared += len(short)
            acts: list = []
            how: list = []
            markets.list_markets(game, seat, [(m, m.name) for m in every], False, acts, how)
            assert list(zip(acts, how, strict=True)) == listed
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 500


def test_an_offer_the_seat_cannot_pay_is_not_found_to_apply():
    """A1, A2: the path that applies a market action refuses an offer the seat cannot afford,
    the short way as the general way."""
    game = new_game(["catacombs"], players=2, seed=4)
    seat = game.state.current
    game.state.players[seat].pool.clear()
    for name in ("row", "reserve"):
        market = game.registry.markets[name]
        priced = [action for action, _res, n in market.offers(game, seat).prices if n > 0]
        assert priced and not set(priced) & set(markets.actions(game, seat, market))
        with pytest.raises(KeyError, match="is not an action of the"):
            markets.scan(game, seat, market, priced[0])
        with pytest.raises(KeyError, match="is not an action of the"):
            _general(game, markets.scan, game, seat, market, priced[0])


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
