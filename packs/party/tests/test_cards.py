"""The 35 Party dungeon cards (P14; expansions-design.md 5.8), each played through the public API:
the blue cards' play texts and conditions, the devices' uses, the monsters' rewards and
Party Crasher's arrival. React cards: test_react.py; Arrive Choice: test_arrive.py."""

from __future__ import annotations

from collections import Counter

import pytest

from .conftest import Table

PARTY_CARDS = {"eavesdrop": 3, "duck-and-cover": 3, "opportunist": 2, "shadow-tail": 2, "sentry": 2,
               "wandering-merchant": 2, "rumour-of-treasure": 2, "call-to-arms": 1, "crowd-cover": 2,
               "quartermaster": 1, "tag-along": 2, "pickpocket": 1, "hireling": 1, "dragon-bell": 1,
               "signal-fire": 2, "supply-cache": 1, "plague-of-rats": 2, "tithe-collector": 1,
               "ogre-bouncer": 2, "hexavultus-hatchling": 1, "party-crasher": 1}


def test_the_35_cards_21_designs_with_their_icons():
    """5.8 count check: 35 copies of 21 designs; 9 dragon-attack copies, 2 Danger; 12 React
    copies (5 designs), 8 Arrive Choice copies (5 designs); every card marked provisional."""
    t = Table(6)
    cards = {c.id: c for c in t.game.ruleset.cards.values() if c.pack == "party" and c.kind == "dungeon"}
    assert {cid: c.count for cid, c in cards.items()} == PARTY_CARDS
    assert sum(c.count for c in cards.values() if c.dragon_attack) == 9
    assert sum(c.count for c in cards.values() if c.danger) == 2
    assert sum(c.count for c in cards.values() if c.react) == 12
    assert sum(c.count for c in cards.values() if "arrive_choice" in str(c.data.get("arrive"))) == 8
    assert all(c.data.get("provisional") for c in cards.values())


def play(t: Table, *cards: str) -> dict[str, int]:
    t.hand(t.seat, *cards)
    for card in cards:
        t.do(f"play {card}")
    return t.p().pool


def test_blue_cards_plain_play_texts():
    """Wandering Merchant (+1 Skill, +2 gold), Rumour of Treasure (+1 Skill, +1 Boot), Call to
    Arms (+2 Skill, +1 Sword)."""
    t = Table(6)
    gold = t.p().gold
    pool = play(t, "wandering-merchant", "rumour-of-treasure", "call-to-arms")
    assert (pool["skill"], pool["boots"], pool["swords"], t.p().gold) == (4, 1, 1, gold + 2)


def test_crowd_cover_removes_more_clank_with_company():
    """Crowd Cover: -1 Clank!, and -2 more while another live pawn shares your room."""
    t = Table(6)
    seat = t.seat
    t.game.state.clank_area[str(seat)] = t.game.state.clank_area.get(str(seat), 0) + 3
    t.p().cubes -= 3
    before = t.game.state.clank_area[str(seat)]
    play(t, "crowd-cover")
    assert t.game.state.clank_area[str(seat)] == before - 3    # every pawn starts in the Crypt
    t2 = Table(6)
    for s in range(6):
        if s != t2.seat:
            t2.at("st-a.gate", s)
    before = t2.game.state.clank_area.get(str(t2.seat), 0)
    play(t2, "crowd-cover")
    assert t2.game.state.clank_area.get(str(t2.seat), 0) == max(0, before - 1)


@pytest.mark.parametrize(("companions", "drawn"), [((), 0), (("hireling",), 1)])
def test_quartermaster_draws_with_another_companion(companions, drawn):
    """Quartermaster: +2 Skill, +1 Boot; with another companion in play, draw 1."""
    t = Table(6)
    t.hand(t.seat, "quartermaster", *companions)
    for c in companions:
        t.do(f"play {c}")
    hand = len(t.p().hand)
    t.do("play quartermaster")
    assert len(t.p().hand) == hand - 1 + drawn and t.p().pool["boots"] >= 1


def test_hireling_gains_a_boot_with_another_companion():
    """Hireling: +1 Skill, +1 Sword; with another companion in play, +1 Boot (C11: later too)."""
    t = Table(6)
    pool = play(t, "hireling")
    assert (pool["skill"], pool["swords"], pool.get("boots", 0)) == (1, 1, 0)
    play(t, "quartermaster")
    assert t.p().pool["boots"] == 2


def test_tag_along_teleports_next_to_another_player():
    """Tag Along: +1 Boot; with another live pawn in an adjacent room, a teleport into such a room."""
    t = Table(6)
    for s in range(6):
        if s != t.seat:
            t.at("st-a.niche", s)
    play(t, "tag-along")
    assert t.p().teleports == ["to_player_adjacent"]
    assert "teleport to_player_adjacent st-a.niche" in t.legal()
    t.do("teleport to_player_adjacent st-a.niche")
    assert t.p().room == "st-a.niche"


def test_tag_along_without_a_neighbour_gives_no_teleport():
    t = Table(6)
    for s in range(6):
        if s != t.seat:
            t.at("st-a.idols", s)
    play(t, "tag-along")
    assert t.p().teleports == [] and t.p().pool["boots"] == 1


def test_pickpocket_takes_a_gold_from_each_player_in_the_room_who_has_any():
    """Pickpocket: +2 gold, and 1 gold from each other live player in your room with gold."""
    t = Table(6)
    for s in range(6):
        t.res(s, gold=0)
    t.res(t.other(1), gold=3)
    t.res(t.other(2), gold=1)
    t.at("st-a.gate", t.other(2))
    play(t, "pickpocket")
    assert t.p().gold == 3 and t.p(t.other(1)).gold == 2 and t.p(t.other(2)).gold == 1


def test_dragon_bell_makes_every_other_player_clank():
    """Dragon Bell (device, 3 Skill, dragon icon, Danger): every other live player makes 1 Clank!."""
    t = Table(6)
    t.row("dragon-bell", "swindle", "expert-guide", "bandit", "pillage", "payoff")
    area = dict(t.game.state.clank_area)
    t.res(skill=3)
    t.do("use 0")
    now = t.game.state.clank_area
    assert all(now.get(str(s), 0) == area.get(str(s), 0) + 1 for s in range(6) if s != t.seat)
    assert now.get(str(t.seat), 0) == area.get(str(t.seat), 0)
    card = t.game.ruleset.cards["dragon-bell"]
    assert card.dragon_attack and card.danger


@pytest.mark.parametrize(("option", "check"), [(0, "heal"), (1, "clank")])
def test_signal_fire_heal_or_remove_clank(option, check):
    """Signal Fire (device, 2 Skill): heal 1, or remove 2 Clank!."""
    t = Table(6)
    t.row("signal-fire", "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.p().damage.append("own")
    t.p().cubes -= 1
    before = t.game.state.clank_area.get(str(t.seat), 0)
    t.res(skill=2)
    t.do("use 0", f"option {option}")
    if check == "heal":
        assert t.p().damage == []
    else:
        assert t.game.state.clank_area.get(str(t.seat), 0) == max(0, before - 2)


def test_supply_cache_gains_into_the_hand_and_not_from_an_empty_stack():
    """Supply Cache (device, 4 Skill): a Mercenary or an Explore from the reserve into your
    hand; an empty stack cannot be chosen."""
    t = Table(6)
    t.row("supply-cache", "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.game.state.reserve["mercenary"] = 0
    t.res(skill=4)
    t.hand(t.seat)
    t.do("use 0")
    assert t.p().hand == ["explore"] and t.game.state.decision is None


def test_supply_cache_choice():
    t = Table(6)
    t.row("supply-cache", "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.res(skill=4)
    t.hand(t.seat)
    t.do("use 0")
    assert t.kind() == "choose"
    t.do("option 0")
    assert t.p().hand == ["mercenary"]


@pytest.mark.parametrize(("card", "swords", "gold", "drawn", "clank"), [
    ("ogre-bouncer", 3, 3, 0, 1), ("hexavultus-hatchling", 4, 0, 2, 0), ("party-crasher", 2, 0, 0, 0)])
def test_monsters_rewards(card, swords, gold, drawn, clank):
    """Ogre Bouncer (+3 gold, +1 Clank!), Hexavultus Hatchling (draw 2, heal 1; dragon icon,
    Danger), Party Crasher (+1 Skill, +1 Boot)."""
    t = Table(6)
    t.row(card, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.p().damage.append("own")
    t.p().cubes -= 1
    t.res(swords=swords, gold=0)
    hand, area = len(t.p().hand), t.game.state.clank_area.get(str(t.seat), 0)
    t.do("fight 0")
    assert t.game.ruleset.cards[card].cost["swords"] == swords
    assert t.p().gold == gold and len(t.p().hand) == hand + drawn
    assert t.game.state.clank_area.get(str(t.seat), 0) == area + clank
    if card == "hexavultus-hatchling":
        assert t.p().damage == []
    if card == "party-crasher":
        assert (t.p().pool["skill"], t.p().pool["boots"]) == (1, 1)


def test_party_crasher_arrival_makes_players_sharing_a_room_clank():
    """Party Crasher, Arrive: each live player whose pawn shares a room with another live pawn
    makes 1 Clank!; a player alone does not."""
    t = Table(6)
    alone = t.other(1)
    t.at("st-a.gate", alone)
    area = Counter({s: t.game.state.clank_area.get(str(s), 0) for s in range(6)})
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next("party-crasher")
    t.end()
    t.decline_all()
    now = t.game.state.clank_area
    assert now.get(str(alone), 0) == area[alone]
    assert all(now.get(str(s), 0) == area[s] + 1 for s in range(6) if s != alone)


def test_a_party_card_is_acquired_from_the_row_like_any_other():
    t = Table(6)
    t.row("quartermaster", "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.res(skill=6)
    t.do("buy 0")
    t.decline_all()
    assert "quartermaster" in t.p().discard
