"""One test per rule of RULES.md section P (P1-P18, Adventuring Party with 5-6 players), each
citing its rule id. Positions are set with clank.testing; everything after goes through the
public API. The cards and the characters have their own files (test_cards.py,
test_characters.py); React and Arrive Choice in depth are in test_react.py and test_arrive.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from clank.testing import give_token, mark_escaped

from .conftest import Table, party_game

STACK_5_6 = ["artifact-5", "artifact-7", "party-artifact-10", "artifact-10", "artifact-12", "party-artifact-15",
             "artifact-15", "artifact-17", "party-artifact-20", "artifact-20", "party-artifact-25"]


@pytest.mark.parametrize("players", [5, 6])
def test_p1_party_artifacts_join_the_stack_above_equal_values(players):
    """P1: 10, 15, 20, 25 join the ascending stack; at equal values the Party artifact is above
    the Catacombs one (the box's 30 stays out): 11 artifacts."""
    g = party_game(players)
    assert g.state.artifact_stack == STACK_5_6
    assert "party-artifact-30" not in g.ruleset.tokens
    four = party_game(4)
    assert four.state.artifact_stack == STACK_5_6[:2] + ["artifact-10", "artifact-12", "artifact-15",
                                                         "artifact-17", "artifact-20"]


def test_p2_market_extras_no_master_key_and_the_cloak_ignores_tunnel_monsters():
    """P2: the third Backpack, the Crown (7) and three Invisibility Cloaks join the board, no
    Master Key; a Cloak's holder passes monster icons of tunnels without damage or Swords."""
    t = Table(6)
    board = Counter(t.game.state.market["market"])
    assert board["backpack"] + board["backpack-party"] == 3 and board["invisibility-cloak"] == 3
    assert board["crown-7"] == 1 and not any("Master Key" in tok.name for tok in t.game.ruleset.tokens.values())
    t.tile("su-3", 1, 0)                      # the bazaar: a market room
    t.at("su-3.bazaar")
    t.res(gold=7)
    t.do("room market invisibility-cloak")
    assert "invisibility-cloak" in t.p().tokens and t.p().gold == 0
    t.tile("su-5", -1, 0)                     # keep -> strongroom crosses a monster icon
    t.at("su-5.keep")
    t.res(boots=1, swords=0)
    assert t.legal().count("move su-5#0 0") == 1
    t.do("move su-5#0 0")
    assert t.p().room == "su-5.strongroom" and t.p().damage == []


def test_p2_without_a_cloak_the_monster_hurts():
    """P2 (contrast): the same move without a Cloak costs a damage (A8)."""
    t = Table(6)
    t.tile("su-5", -1, 0)
    t.at("su-5.keep")
    t.res(boots=1, swords=0)
    t.do("move su-5#0 0")
    assert len(t.p().damage) == 1


@pytest.mark.parametrize(("value", "cloaks"), [(1, 1), (2, 2), ("on", 2)])
def test_p2_at_most_two_cloaks_at_two_to_four_players(value, cloaks):
    """P2: at 2-4 players up to 2 Cloaks may be added (option ``cloaks``); the rest stay boxed."""
    g = party_game(3, cloaks=value)
    assert g.state.market["market"].count("invisibility-cloak") == cloaks
    assert g.state.token_box.count("invisibility-cloak") == 3 - cloaks
    with pytest.raises(ValueError, match="at most 2 Cloaks"):
        party_game(3, cloaks=3)


def test_p3_seats_five_and_six_have_cubes_pawns_meters_decks_and_colours():
    """P3: colours 5-6 with 30 cubes and a pawn, health meters on the side board (10), two
    ordinary starting decks; the side board carries the rage track."""
    g = party_game(6)
    deck = Counter({"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1})
    for seat in (4, 5):
        p = g.player(seat)
        assert p.room == "st-a.crypt" and p.status == "live"
        assert p.cubes + g.state.clank_area.get(str(seat), 0) == 30
        assert Counter(p.hand + p.deck) == deck and len(p.hand) == 5
    assert g.health == 10
    marks = [m.text for r in g.registry.renderers if r.player for m in r.player(g.view(None), 4)]
    assert "purple" in marks
    assert g.setup["rage_track"]["draws"] == [2, 3, 3, 4, 4, 5, 5, 6]


@pytest.mark.parametrize(("tile", "plus"), [("de-04", 1), ("de-09", 2), ("de-01", 0)])
def test_p4_a_plus_room_receives_the_top_artifact_and_k_more(tile, plus):
    """P4: at 5-6 players a room with k '+' receives the top artifact and the k below it."""
    t = Table(6)
    top = list(t.game.state.artifact_stack[: plus + 1])
    t.tile(tile, 0, 2)
    room = next(r for r, st in t.game.state.rooms.items() if st.get("artifacts"))
    assert t.game.state.rooms[room]["artifacts"] == top
    assert t.game.state.artifact_stack == STACK_5_6[plus + 1:]


def test_p4_at_four_players_a_plus_room_takes_one_lower_down():
    """P4 applies at 5-6 players only: at 4 a '++' room holds one artifact, two down (R2)."""
    t = Table(4)
    t.tile("de-09", 0, 2)
    assert t.game.state.rooms["de-09.nest"]["artifacts"] == ["artifact-10"]


def test_p5_the_highest_artifact_is_taken_the_party_one_at_equal_value():
    """P5: from a room holding several artifacts a player takes the most valuable one; the
    Party 15 lies above the Catacombs 15 and is taken first."""
    t = Table(6)
    t.game.state.artifact_stack[:] = ["artifact-12", "party-artifact-15", "artifact-15"] + \
        [a for a in t.game.state.artifact_stack if a not in ("artifact-12", "party-artifact-15", "artifact-15")]
    t.tile("de-09", 0, 2)
    assert t.game.state.rooms["de-09.nest"]["artifacts"] == ["artifact-12", "party-artifact-15", "artifact-15"]
    t.at("de-09.nest")
    assert [a for a in t.legal() if a.startswith("room artifact")] == ["room artifact party-artifact-15"]
    t.do("room artifact party-artifact-15")
    assert t.p().artifacts == ["party-artifact-15"]


def test_p6_a_backpack_never_takes_a_second_artifact_from_the_same_room():
    """P6: with a Backpack a player may carry two artifacts, but not two from one room."""
    t = Table(6)
    t.tile("de-09", 0, 2)
    t.at("de-09.nest")
    give_token(t.game, t.seat, "backpack")
    t.do(next(a for a in t.legal() if a.startswith("room artifact")))
    assert t.game.artifact_limit(t.seat) == 2 and len(t.game.state.rooms["de-09.nest"]["artifacts"]) == 2
    assert not [a for a in t.legal() if a.startswith("room artifact")]
    t.tile("de-04", 1, 2)
    t.at("de-04.gallery")
    assert [a for a in t.legal() if a.startswith("room artifact")]


def test_p7_a_wayshrine_has_only_four_spaces():
    """P7: once 4 players have marked a wayshrine, the fifth and sixth cannot."""
    t = Table(6)
    shrine = "st-a.niche"
    t.game.room(shrine)["marks"] = [1, 2, 3, 4]
    for s in (1, 2, 3, 4):
        t.p(s).cubes -= 1
        t.p(s).stats["wayshrines_marked"] = 1
    t.at(shrine)
    assert "room wayshrine" not in t.legal()
    t.game.room(shrine)["marks"] = [1, 2, 3]
    assert "room wayshrine" in t.legal()


def test_p8_out_players_draw_four_cubes():
    """P8: at 5-6 players an out player's turn draws 4 cubes (6 is for 2 players only)."""
    t = Table(6)
    mark_escaped(t.game, 1)
    t.quiet_row()
    t.end()
    while t.game.state.decision is not None:
        t.game.apply(t.game.legal_actions()[-1])
    assert "The dragon draws 4 cube(s)" in "\n".join(t.game.log)
    assert t.game.state.current == 2


@pytest.mark.parametrize("first", [0, 3])
def test_p9_seats_five_and_six_place_no_clank_and_take_one_and_two_gold(first):
    """P9: the fifth and sixth players in turn order place 0 Clank! and take 1 and 2 gold."""
    g = party_game(6, first_player=first)
    fifth, sixth = (first + 4) % 6, (first + 5) % 6
    assert [p.gold for p in g.state.players] == [1 if s == fifth else 2 if s == sixth else 0 for s in range(6)]
    area = g.state.clank_area
    assert area.get(str(fifth), 0) == 0 and area.get(str(sixth), 0) == 0
    assert [area.get(str((first + i) % 6), 0) for i in range(4)] == [3, 2, 1, 0]


@pytest.mark.parametrize("players", [5, 6])
def test_p10_one_mastery_token_per_player(players):
    """P10: the Party's Mastery tokens make one per player."""
    assert party_game(players).state.pools["mastery"].count("mastery") == players


@pytest.mark.parametrize("players", [5, 6])
def test_p11_the_dragon_starts_on_the_side_boards_first_space(players):
    """P11: the side board's own rage track; the marker on its first space (it draws 2)."""
    g = party_game(players)
    assert g.state.rage == 0 and g.setup["rage_track"]["draws"][0] == 2
    g.rage(20)
    assert g.state.rage == len(g.setup["rage_track"]["draws"]) - 1


def test_p12_the_reserve_gains_four_of_each():
    """P12: 4 more Mercenary, Explore and Secret Tome: 19, 19, 16 (the Goblin stays 1)."""
    assert party_game(5).state.reserve == {"mercenary": 19, "explore": 19, "secret-tome": 16, "goblin": 1}
    assert party_game(4).state.reserve == {"mercenary": 15, "explore": 15, "secret-tome": 12, "goblin": 1}


def test_p13_party_minor_secrets_and_the_potion_of_stealth():
    """P13: the Party minor secrets join the pool (26); Potion of Stealth, used on your turn:
    -1 Clank! for you (even with no cube in the area) and +1 for every other live player."""
    t = Table(6)
    pool = Counter(t.game.state.pools["minor"])
    assert sum(pool.values()) == 26 and pool["potion-of-stealth"] == 2 and pool["lucky-coin"] == 2
    seat = t.seat
    give_token(t.game, seat, "potion-of-stealth")
    mark_escaped(t.game, 3)
    area = dict(t.game.state.clank_area)
    t.do("token potion-of-stealth")
    now = t.game.state.clank_area
    assert now.get(str(seat), 0) == max(0, area.get(str(seat), 0) - 1)
    assert all(now.get(str(s), 0) == area.get(str(s), 0) + 1 for s in range(6) if s not in (seat, 3))
    assert now.get("3", 0) == area.get("3", 0)


@pytest.mark.parametrize(("players", "options", "size"), [(6, {}, 135), (5, {}, 135), (4, {}, 100),
                                                           (3, {"party_cards": "on"}, 135), (2, {}, 100)])
def test_p14_the_35_party_cards_at_5_6_players_or_with_the_option(players, options, size):
    """P14: the 35 Party dungeon cards are shuffled in at 5-6 players, optional at 2-4."""
    g = party_game(players, **options)
    assert len(g.state.dungeon_deck) + sum(c is not None for c in g.state.row) == size


def test_p15_react_out_of_turn_draws_and_waits_for_the_next_turn():
    """P15: when its condition happens on another player's turn a React card goes to the play
    area and its owner draws 1 at once; its resources come on the owner's next turn."""
    t = Table(6)
    owner = t.other(1)
    t.hand(owner, "eavesdrop", "burgle")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1")                                   # the current player acquires a row card
    assert t.kind() == "react" and t.decider() == owner
    t.do("yes")
    p = t.p(owner)
    assert "eavesdrop" in p.play and len(p.hand) == 2 and p.pool.get("skill", 0) == 0
    t.end()
    t.decline_all()
    assert t.game.state.current == owner and t.p(owner).pool.get("skill", 0) == 2


def test_p16_arrive_choice_every_live_player_in_turn_from_the_next_player():
    """P16: an Arrive Choice card revealed by the refill asks every live player in turn,
    starting with the player about to take a turn; two options: each must pick one."""
    t = Table(6)
    mark_escaped(t.game, 3)
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next("rumour-of-treasure")
    ender = t.seat
    t.end()
    asked = []
    while t.kind() == "arrive_choice":
        asked.append(t.decider())
        t.do("option 1" if t.decider() % 2 else "option 0")
    assert asked == [1, 2, 4, 5, 0] and ender == 0
    assert t.p(1).pool.get("lockpicks") == 4 and t.p(2).gold == 2


def test_p17_characters_for_everyone_by_draft_in_reverse_turn_order():
    """P17: with characters every player plays one (never against ordinary decks), drafted in
    reverse seat order; a character deck is 5 Burgle, 2 Stumble and 3 unique cards."""
    g = party_game(4, characters="on")
    asked = []
    while g.decision()["kind"] == "draft":
        asked.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert asked == [3, 2, 1, 0]
    held = [next(tok for tok in p.tokens if g.ruleset.tokens[tok].pool == "character") for p in g.state.players]
    assert len(set(held)) == 4
    for p, cid in zip(g.state.players, held, strict=True):
        cards = Counter(p.hand + p.deck + p.discard)
        deck = g.ruleset.tokens[cid].ext["character"]["deck"]
        assert cards == Counter(deck) and cards["burgle"] == 5 and cards["stumble"] == 2 and len(p.hand) == 5


@pytest.mark.parametrize(("cid", "field", "value"), [
    ("agnet", "conscription", 4), ("dallan", "finds", {}), ("garignar", "carnage", 0),
    ("lenara", "mana", 0), ("whiskers", "up", ["skill", "swords", "boots"]), ("monkeybot", "covered", 7)])
def test_p18_character_boards_start_with_their_counters(cid, field, value):
    """P18: each board starts with its counters (conscription tokens, no Finds, the carnage
    token before space 1, no mana, three face-up behaviour tokens, seven cogwheels). Each power
    at work: test_characters.py."""
    others = [c for c in ("agnet", "dallan", "garignar", "lenara", "whiskers", "monkeybot") if c != cid][:1]
    g = party_game(2, characters=f"{cid},{others[0]}")
    assert g.player(0).ext["party"]["character"] == cid
    assert g.player(0).ext["party"][field] == value
