"""Arrive Choice (P16; expansions-design.md 5.7): who chooses, in which order, what each may pick.
The Arrive Choice cards (Wandering Merchant, Rumour of Treasure, Call to Arms, Plague of Rats,
Tithe Collector) are each played through the public API here."""

from __future__ import annotations

import pytest
from clank.testing import mark_escaped, set_damage

from .conftest import Table, arranged, finish_setup


def reveal(t: Table, card: str) -> int:
    """End the current player's turn with ``card`` refilling an emptied slot; return the seat
    that ended it."""
    ender = t.seat
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next(card)
    t.end()
    return ender


def answers(t: Table, pick) -> list[tuple[int, list[str]]]:
    """Answer every pending Arrive Choice with ``pick(seat, labels) -> index``."""
    seen = []
    while t.game.state.decision is not None and t.kind() == "arrive_choice":
        d = t.game.state.decision
        seen.append((t.decider(), list(d["labels"])))
        t.do(f"option {pick(t.decider(), d['labels'])}")
    return seen


def test_between_turns_the_player_about_to_play_chooses_first_and_out_players_not_at_all():
    """P16: revealed by the refill, the choice goes clockwise from the next player; out players
    make none; the player ending the turn chooses last."""
    t = Table(5)
    mark_escaped(t.game, 2)
    reveal(t, "rumour-of-treasure")
    assert [s for s, _ in answers(t, lambda s, labels: 0)] == [1, 3, 4, 0]


def test_during_a_turn_the_current_player_chooses_first():
    """P16: a card arriving during a turn (Remove Traps replaces a row card) asks the current
    player first."""
    t = Table(6)
    cur = t.seat
    t.hand(cur, "remove-traps")
    t.quiet_row()
    t.deck_next("tithe-collector")
    t.do("play remove-traps", "slot 0")
    assert [s for s, _ in answers(t, lambda s, labels: len(labels) - 1)] == [(cur + i) % 6 for i in range(6)]


def test_in_the_opening_row_the_first_player_chooses_first():
    """P16 and S19: an Arrive Choice card of the opening row is resolved before the first turn,
    from the first player."""
    def rig(game):
        game.state.dungeon_deck.remove("rumour-of-treasure")
        game.state.dungeon_deck.append("rumour-of-treasure")        # the first card dealt

    g = arranged(6, 3, arrange=rig, first_player=2)
    asked = []
    while g.decision()["kind"] == "arrive_choice":
        asked.append(g.current_player)
        g.apply("option 1")
    assert asked == [2, 3, 4, 5, 0, 1] and all(p.pool["lockpicks"] == 4 for p in g.state.players)
    finish_setup(g)
    assert g.decision()["kind"] == "main" and g.state.current == 2


def test_wandering_merchant_one_option_may_be_declined_and_needs_the_gold():
    """Wandering Merchant: pay 2 gold to heal 1, or decline; a player without 2 gold is not
    asked (P16: an option that cannot be carried out cannot be picked)."""
    t = Table(6)
    for s in range(6):
        t.res(s, gold=2 if s in (1, 2) else 0)
    set_damage(t.game, 1, 2)
    reveal(t, "wandering-merchant")
    seen = answers(t, lambda s, labels: 0 if s == 1 else labels.index("decline"))
    assert seen == [(1, ["pay 2 gold to heal 1", "decline"]), (2, ["pay 2 gold to heal 1", "decline"])]
    assert t.p(1).gold == 0 and len(t.p(1).damage) == 1 and t.p(2).gold == 2


def test_rumour_of_treasure_two_options():
    """Rumour of Treasure: make 1 Clank! and gain 2 gold, or gain 1 lockpick."""
    t = Table(6)
    area = dict(t.game.state.clank_area)
    reveal(t, "rumour-of-treasure")
    answers(t, lambda s, labels: s % 2)
    for s in range(6):
        if s % 2 == 0:
            assert t.p(s).gold >= 2 and t.game.state.clank_area.get(str(s), 0) >= 1
        else:
            assert t.p(s).pool["lockpicks"] == 4
    assert t.game.state.clank_area != area


def test_call_to_arms_a_mercenary_while_the_stack_lasts():
    """Call to Arms: gain a Mercenary into the discard pile and make 1 Clank!, or decline; once
    the stack is empty nobody can take one (and nobody is asked)."""
    t = Table(6)
    t.game.state.reserve["mercenary"] = 2
    reveal(t, "call-to-arms")
    seen = answers(t, lambda s, labels: 0)
    assert len(seen) == 2 and t.game.state.reserve["mercenary"] == 0
    assert [s for s in range(6) if "mercenary" in t.p(s).discard] == [s for s, _ in seen]


def test_plague_of_rats_clank_or_damage_damage_only_if_it_can_be_taken():
    """Plague of Rats: make 2 Clank! or take 1 damage; a player whose meter would fill can only
    make Clank! (H4)."""
    t = Table(6)
    set_damage(t.game, 1, 9)
    reveal(t, "plague-of-rats")
    seen = dict(answers(t, lambda s, labels: len(labels) - 1))
    assert seen[1] == ["make 2 Clank!"] and seen[2] == ["make 2 Clank!", "take 1 damage"]
    assert len(t.p(2).damage) == 1 and len(t.p(1).damage) == 9


def test_tithe_collector_pay_or_clank():
    """Tithe Collector: pay 1 gold, or make 1 Clank!; without gold only the Clank!."""
    t = Table(6)
    for s in range(6):
        t.res(s, gold=1 if s == 3 else 0)
    reveal(t, "tithe-collector")
    seen = dict(answers(t, lambda s, labels: 0))
    assert seen[3] == ["pay 1 gold", "make 1 Clank!"] and seen[4] == ["make 1 Clank!"]
    assert t.p(3).gold == 0


@pytest.mark.parametrize("card", ["plague-of-rats", "tithe-collector"])
def test_arrive_choice_monsters_are_fought_for_their_reward(card):
    """Plague of Rats (2 Swords: 2 gold), Tithe Collector (3 Swords: draw 1, 3 gold)."""
    t = Table(6)
    t.row(card, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    swords = t.game.ruleset.cards[card].cost["swords"]
    t.res(swords=swords, gold=0)
    hand = len(t.p().hand)
    t.do("fight 0")
    assert t.p().gold == (2 if card == "plague-of-rats" else 3)
    assert len(t.p().hand) == hand + (card == "tithe-collector")
