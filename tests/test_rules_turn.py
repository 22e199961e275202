"""Conformance tests of the turn, resources and card keywords (RULES.md sections T, C, A1-A5,
A19) and the worked examples TS-01, TS-03, TS-04, TS-06 and TS-07 of Appendix 3.

Positions are built with the ``kit`` fixture (tests/conftest.py) and then played through the
public API only (``legal_actions``, ``apply``).
"""

from __future__ import annotations

import pytest
from clank.testing import assert_refused as refuse

STARTERS = ["burgle", "burgle", "burgle", "stumble", "sidestep"]
QUIET_ROW = ["swindle", "pillage", "payoff", "bard", "lightstick", "elven-sword"]

pytestmark = pytest.mark.usefixtures("no_legal_cache")

TURN = ("skill", "swords", "boots")   # the turn resources (T5, T6)


def play(game, *cards: str) -> None:
    """Play cards from hand in order."""
    for c in cards:
        game.apply(f"play {c}")


# ==========================================================================================
# TS-01 worked turn
# ==========================================================================================
def test_ts01_worked_turn_crystal_kobold_and_expert_guide(kit):
    """TS-01 (T4, T6, T9, A4, A6, A8, R4, A1, D1, D2): the rulebook's worked turn."""
    g = kit.game(2, seed=1)
    # a tunnel with one monster icon leads from Green's room to a Crystal Cave:
    # su-2.scriptorium -> (w1 | U.e2, monster) -> st-a.grotto
    kit.place(g, "su-2", 1, 1, 0)
    kit.pawn(g, 0, "su-2.scriptorium")
    kit.area(g, 0, 0)
    kit.row(g, ["crystal-kobold", "expert-guide", *QUIET_ROW[:4]])
    kit.deck_top(g, ["lightstick", "elven-sword"])            # the refill: no dragon icon
    kit.hand(g, 0, ["stumble", "sneak-attack", "explore", "burgle", "sidestep"])
    p = g.player(0)

    play(g, "stumble", "sneak-attack", "explore", "burgle", "sidestep")
    assert {r: p.pool[r] for r in TURN} == {"skill": 3, "swords": 3, "boots": 2}
    # T9: Stumble put 1 cube in, Sneak Attack took it back and left 1 pending
    assert g.state.clank_area.get("0", 0) == 0
    assert p.pending_neg == 1
    assert "cannot be fought here" in refuse(g, "fight 0")      # A4: Kobold only in a Crystal Cave

    cave_moves = [a for a in kit.kinds(g, "move") if a.startswith("move su-2#8 ")]
    assert cave_moves == ["move su-2#8 0", "move su-2#8 1"]      # A8: prevent 0 or 1 damage
    g.apply("move su-2#8 1")                                    # 1 Boot + 1 Sword
    assert p.room == "st-a.grotto"
    assert p.damage == []
    assert {r: p.pool[r] for r in TURN} == {"skill": 3, "swords": 2, "boots": 1}
    assert kit.kinds(g, "move") == [] and kit.kinds(g, "explore") == []
    assert "exhausted" in refuse(g, "move st-a#3 0")              # R4

    g.apply("fight 0")                                          # 2 Swords, DEFEAT +2 Skill
    assert p.pool["skill"] == 5
    g.apply("buy 1")                                            # Expert Guide, 5 Skill
    assert g.state.row[:2] == [None, None]                       # A19: no refill yet
    assert "expert-guide" in p.discard
    deck_before = len(g.state.dungeon_deck)
    g.apply("end")
    assert "crystal-kobold" in g.state.dungeon_discard           # C12
    assert "expert-guide" in p.discard and "expert-guide" not in p.hand
    assert p.pending_neg == 0 and not any(p.pool.get(r) for r in TURN)       # T6, T9, D1 step 1
    assert len(p.hand) == 5                                      # D1 step 1
    assert all(c is not None for c in g.state.row)               # D2: 4 -> 6
    assert len(g.state.dungeon_deck) == deck_before - 2
    assert g.state.row[:2] == ["lightstick", "elven-sword"]
    assert g.state.current == 1


# ==========================================================================================
# T - turn structure
# ==========================================================================================
def test_t2_no_draw_at_turn_start_hand_drawn_at_end(kit):
    """T2, D1: the 5-card hand is drawn at the end of the previous turn, not at turn start."""
    g = kit.game(2, seed=3)
    p1 = g.player(1)
    hand_before = list(p1.hand)
    deck_before = list(p1.deck)
    kit.end_turn(g)
    assert g.state.current == 1
    assert p1.hand == hand_before and p1.deck == deck_before     # nothing drawn for seat 1
    p0 = g.player(0)
    assert len(p0.hand) == 5 and p0.play == []                   # seat 0 drew at its end of turn


def test_t4_end_only_with_an_empty_hand(kit):
    """T4, T11: "end" is offered only when every card in hand has been played."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["burgle", "burgle"])
    assert "end" not in kit.acts(g)
    reason = refuse(g, "end")
    assert "T4" in reason
    play(g, "burgle")
    assert "end" not in kit.acts(g)
    play(g, "burgle")
    assert "end" in kit.acts(g)
    g.apply("end")
    assert g.state.current == 1


def test_t4_cards_drawn_during_the_turn_must_be_played_too(kit):
    """T4: cards drawn mid-turn join the hand and block "end" until played."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["elven-sword"])                              # draw 1
    play(g, "elven-sword")
    assert len(g.player(0).hand) == 1
    assert "end" not in kit.acts(g)


def test_t5_t6_resources_pool_split_and_lost_at_end(kit):
    """T5, T6: one card's output can be split between actions; leftovers vanish at end of turn."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["lightstick", "burgle", "burgle", "burgle"])   # 3 + 1 + 1 + 1 skill
    play(g, "lightstick", "burgle", "burgle", "burgle")
    p = g.player(0)
    assert p.pool["skill"] == 6
    g.apply("reserve mercenary")                                 # 2 skill
    g.apply("reserve mercenary")                                 # 2 skill
    assert p.pool["skill"] == 2
    g.apply("end")
    assert not any(p.pool.get(r) for r in TURN)


def test_t7_gold_persists_between_turns(kit):
    """T7: gold stays in the supply across turns."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["swindle"])                                  # +3 gold
    play(g, "swindle")
    g.apply("end")
    assert g.player(0).gold == 3
    kit.end_turn(g)
    assert g.player(0).gold == 3


def test_t8_clank_moves_cubes_and_empty_supply_is_skipped(kit):
    """T8: +N moves N cubes from supply to the Clank! area; a short supply places what it has."""
    g = kit.game(2, seed=0)
    p = g.player(0)
    area = g.state.clank_area.get("0", 0)
    kit.hand(g, 0, ["boots-of-the-ape-lord", "stumble"])         # +3 Clank!, +1 Clank!
    play(g, "stumble")
    assert g.state.clank_area["0"] == area + 1
    p.cubes = 2
    play(g, "boots-of-the-ape-lord")
    assert g.state.clank_area["0"] == area + 3 and p.cubes == 0


def test_t9_negative_clank_removes_only_own_cubes(kit):
    """T9: -N removes the player's own cubes, never another colour."""
    g = kit.game(2, seed=0)
    kit.area(g, 0, 1)
    kit.area(g, 1, 4)
    kit.hand(g, 0, ["sneak-attack"])
    play(g, "sneak-attack")
    assert g.state.clank_area["0"] == 0 and g.state.clank_area["1"] == 4
    assert g.player(0).pending_neg == 1


def test_ts06_negative_clank_carry_over_and_empty_supply(kit):
    """TS-06 (T8, T9): pending negative Clank! cancels later +Clank! and vanishes at end of turn."""
    g = kit.game(2, seed=0)
    kit.area(g, 0, 0)
    kit.hand(g, 0, ["sneak-attack", "stumble"])
    play(g, "sneak-attack", "stumble")                           # -2 then +1
    assert g.state.clank_area.get("0", 0) == 0
    assert g.player(0).pending_neg == 1
    g.apply("end")
    assert g.player(0).pending_neg == 0
    kit.end_turn(g)                                              # seat 1
    kit.hand(g, 0, ["stumble"])
    play(g, "stumble")
    assert g.state.clank_area["0"] == 1                          # pending was cleared

    # Blue has no cube in supply: +3 Clank! places nothing, no error
    g.apply("end")
    blue = g.player(1)
    area = g.state.clank_area.get("1", 0)
    blue.damage.extend(["own"] * blue.cubes)                     # keep 30 cubes accounted for
    blue.cubes = 0
    kit.hand(g, 1, ["boots-of-the-ape-lord"])
    play(g, "boots-of-the-ape-lord")
    assert g.state.clank_area.get("1", 0) == area and blue.cubes == 0


def test_t10_reshuffle_discard_when_deck_runs_out(kit):
    """T10: drawing from an empty deck shuffles the discard pile (never the play area)."""
    g = kit.game(2, seed=0)
    p = g.player(0)
    kit.hand(g, 0, ["elven-sword"])
    p.discard = p.deck[:]
    p.deck = []
    discard = sorted(p.discard)
    play(g, "elven-sword")                                       # draw 1
    assert len(p.hand) == 1
    assert sorted(p.hand + p.deck) == discard
    assert p.discard == [] and p.play == ["elven-sword"]


def test_t10_no_cards_left_draws_what_there_is(kit):
    """T10: with deck and discard both empty the remaining draws are lost, without error."""
    g = kit.game(2, seed=0)
    p = g.player(0)
    kit.hand(g, 0, ["smash-and-grab"])                           # draw 2
    g.state.box.extend(p.deck + p.discard)                       # out of the game
    p.deck, p.discard = [], []
    play(g, "smash-and-grab")
    assert p.hand == []
    assert "end" in kit.acts(g)


def test_t13_teleport_is_held_until_used_and_lost_at_end(kit):
    """T13: a teleport from a played card is held in the pool, usable later, lost at end of turn."""
    g = kit.game(2, seed=0)
    p = g.player(0)
    kit.pawn(g, 0, "st-a.gate")
    kit.hand(g, 0, ["floating-skull", "sidestep"])
    p.tokens.append("crown-10")
    g.state.market["market"].remove("crown-10")
    play(g, "floating-skull")                                    # owns a Crown: teleport
    assert p.teleports == ["adjacent"]
    assert any(a.startswith("teleport adjacent ") for a in kit.acts(g))
    play(g, "sidestep")
    g.apply("move st-a#2 0")                                     # a Boots move first: gate -> idols
    assert p.teleports == ["adjacent"]                           # still held after a move
    g.apply("end")
    assert p.teleports == []


# ==========================================================================================
# C - card keywords
# ==========================================================================================
def test_c2_acquire_text_resolves_on_acquisition_only(kit):
    """C2: Sneak Attack's acquire text (+1 Sword) resolves when bought, not when played."""
    g = kit.game(2, seed=0)
    kit.row(g, ["sneak-attack", *QUIET_ROW[:5]])
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    g.apply("buy 0")
    assert g.player(0).pool.get("swords") == 1
    assert "sneak-attack" in g.player(0).discard


def test_c3_arrive_resolves_when_revealed(kit):
    """C3: an Arrive card revealed by the refill resolves its text (Skeleton Priest: each player +1)."""
    g = kit.game(3, seed=0)
    kit.row(g, ["swindle", *QUIET_ROW[1:]])
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    g.apply("buy 0")
    kit.deck_top(g, ["skeleton-priest"])
    area = {k: g.state.clank_area.get(str(k), 0) for k in range(3)}
    g.apply("end")
    assert g.state.row[0] == "skeleton-priest"
    assert g.state.clank_area["0"] == area[0] + 1
    assert g.state.clank_area["1"] == area[1] + 1 and g.state.clank_area["2"] == area[2] + 1


def test_c4_danger_adds_a_cube_per_danger_card(kit):
    """C4, D8: each Danger card in the row adds one cube to the attack's draw."""
    g = kit.game(2, seed=0)
    kit.row(g, ["corrupt-advisor", "wishing-well", None, "pillage", "payoff", "bard"])
    kit.hand(g, 0, [])
    kit.deck_top(g, ["imp-familiar"])                            # dragon icon
    g.state.rage = 0                                             # draws 2
    g.apply("end")
    assert "The dragon draws 4 cube(s)" in " ".join(g.log)


def test_ts07_charlatan_discard_to_draw(kit):
    """TS-07 (C5, C6, T4): discarding Stumble to Charlatan draws 2 and makes no Clank!."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["charlatan", "stumble"])
    area = g.state.clank_area.get("0", 0)
    p = g.player(0)
    play(g, "charlatan")
    assert g.decision()["kind"] == "pick"
    assert kit.acts(g) == ["pick hand stumble", "done"]
    g.apply("pick hand stumble")
    assert "stumble" in p.discard and "stumble" not in p.play
    assert len(p.hand) == 2
    assert g.state.clank_area.get("0", 0) == area
    assert "end" not in kit.acts(g)                               # T4: the 2 new cards first


def test_ts07_charlatan_with_empty_hand_draws_nothing(kit):
    """TS-07, C6: with no other card in hand the discard-to-draw option is unavailable."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["charlatan"])
    p = g.player(0)
    play(g, "charlatan")
    assert g.decision()["kind"] == "main"
    assert p.hand == []
    assert "end" in kit.acts(g)


def test_c5_declining_the_discard_gives_nothing(kit):
    """C5, C6: a declined optional discard gives no reward."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["charlatan", "stumble"])
    play(g, "charlatan")
    g.apply("done")
    assert g.player(0).hand == ["stumble"]


def test_c7_each_player_skips_out_players(kit):
    """C7, E3: "each other player" effects touch only live players."""
    g = kit.game(3, seed=0)
    kit.row(g, ["archoverlord", *QUIET_ROW[:5]])
    g.player(2).status = "knocked_out"
    g.player(2).ko_room = g.player(2).room
    area = {k: g.state.clank_area.get(str(k), 0) for k in range(3)}
    kit.hand(g, 0, ["mercenary", "mercenary"])
    play(g, "mercenary", "mercenary")
    g.apply("fight 0")                                           # each other player +1 Clank!
    assert g.state.clank_area.get("1", 0) == area[1] + 1
    assert g.state.clank_area.get("2", 0) == area[2]


def test_c9_trash_removes_the_card_from_the_game(kit):
    """C9: Payoff trashes itself: it goes to the box and is never discarded."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["payoff"])
    play(g, "payoff")
    assert "payoff" in g.state.box and "payoff" not in g.player(0).play
    g.apply("end")
    assert "payoff" not in g.owned_cards(0)


def test_c10_or_choice_resolves_exactly_one_option(kit):
    """C10: an -OR- effect offers its options and resolves exactly one (Underground River)."""
    g = kit.game(2, seed=0)
    kit.row(g, ["underground-river", *QUIET_ROW[:5]])
    kit.damage(g, 0, 2)
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    g.apply("use 0")
    assert g.decision()["kind"] == "choose"
    assert kit.acts(g) == ["option 0", "option 1"]
    g.apply("option 1")                                          # +1 Boot
    p = g.player(0)
    assert p.pool.get("boots") == 1 and len(p.damage) == 2


def test_ts03_rebel_general_first_then_companion(kit):
    """TS-03 (C11, T12): Rebel General then another Companion: one draw, when the Companion is played."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["rebel-general", "expert-guide"])
    p = g.player(0)
    deck = len(p.deck)
    play(g, "rebel-general")
    assert len(p.deck) == deck and len(p.hand) == 1              # no draw yet
    play(g, "expert-guide")
    assert len(p.deck) == deck - 1 and len(p.hand) == 1          # drawn now, exactly once


def test_ts03_companion_first_then_rebel_general(kit):
    """TS-03: Companion then Rebel General: one draw, when Rebel General is played."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["expert-guide", "rebel-general"])
    p = g.player(0)
    deck = len(p.deck)
    play(g, "expert-guide")
    assert len(p.deck) == deck
    play(g, "rebel-general")
    assert len(p.deck) == deck - 1 and len(p.hand) == 1


def test_ts04_lie_in_wait_applied_on_entering_a_cave(kit):
    """TS-04 (C11, R4): played outside a cave nothing happens; entering one later gives -2 Clank!
    once."""
    g = kit.game(2, seed=0)
    kit.pawn(g, 0, "st-a.gate")
    kit.area(g, 0, 3)
    kit.hand(g, 0, ["lie-in-wait", "sidestep", "stumble", "stumble"])
    play(g, "lie-in-wait")
    assert g.state.clank_area["0"] == 3
    play(g, "sidestep")
    g.apply("move st-a#3 0")                                     # gate -> grotto (Crystal Cave)
    assert g.state.clank_area["0"] == 1
    play(g, "stumble", "stumble")
    assert g.state.clank_area["0"] == 3                           # never applied twice


def test_ts04_lie_in_wait_played_in_a_cave_applies_at_once(kit):
    """TS-04: starting the turn in a cave and playing Lie in Wait applies -2 Clank! at once."""
    g = kit.game(2, seed=0)
    kit.pawn(g, 0, "st-a.grotto")
    kit.area(g, 0, 3)
    kit.hand(g, 0, ["lie-in-wait"])
    play(g, "lie-in-wait")
    assert g.state.clank_area["0"] == 1


def test_c11_lute_counts_clank_before_and_after(kit):
    """C11 (Lute): 1 gold per Clank! made this turn, before or after; removal does not reduce it."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["stumble", "lute", "sneak-attack", "stumble"])
    g.player(0).deck[-2:] = ["burgle", "burgle"]                 # Lute draws 2 Burgles
    play(g, "stumble", "lute", "sneak-attack", "stumble")
    assert g.player(0).gold == 3                                  # Stumble + Lute + Stumble


def test_c12_where_cards_go(kit):
    """C12: acquired -> own discard; used device and defeated monster -> dungeon discard;
    the Goblin stays in the reserve."""
    g = kit.game(2, seed=0)
    kit.row(g, ["swindle", "darkened-alcove", "keymaster", *QUIET_ROW[1:4]])
    kit.hand(g, 0, ["lightstick", "lightstick", "mercenary", "mercenary"])
    play(g, "lightstick", "lightstick", "mercenary", "mercenary")
    g.apply("buy 0")
    g.apply("use 1")
    g.apply("fight 2")
    g.apply("fight-reserve goblin")
    assert "swindle" in g.player(0).discard
    assert g.state.dungeon_discard[-2:] == ["darkened-alcove", "keymaster"]
    assert g.state.reserve["goblin"] == 1
    assert g.state.row[:3] == [None, None, None]


# ==========================================================================================
# A1-A5, A19 - acquiring, devices, fights
# ==========================================================================================
def test_a1_acquire_needs_the_skill(kit):
    """A1: a dungeon card costs its Skill; without enough it is refused with a reason."""
    g = kit.game(2, seed=0)
    kit.row(g, ["expert-guide", *QUIET_ROW[:5]])
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    reason = refuse(g, "buy 0")
    assert "costs" in reason


def test_a2_reserve_stack_runs_out(kit):
    """A2: reserve stacks are finite."""
    g = kit.game(2, seed=0)
    g.state.reserve["explore"] = 0
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    assert "reserve explore" not in kit.acts(g)
    assert "empty" in refuse(g, "reserve explore")


def test_a2_reserve_offers_follow_the_stack_counts_as_they_change(kit):
    """A2: the reserve's offers kept from one listing to the next (while no stack has a
    condition) follow the counts: a stack emptied between two listings is no longer offered,
    and offered again once refilled."""
    from clank.game import markets

    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["lightstick"])
    play(g, "lightstick")
    items = [o.item for o in markets.reserve_offers(g, 0)]
    assert "explore" in items
    g.state.reserve["explore"] = 0
    assert "explore" not in [o.item for o in markets.reserve_offers(g, 0)]
    assert "reserve explore" not in kit.acts(g)
    g.state.reserve["explore"] = 3
    assert [o.item for o in markets.reserve_offers(g, 0)] == items


def test_a5_a_reserve_monster_with_a_condition_is_asked_at_each_listing(kit):
    """A5: a reserve stack whose card has a condition (``fight_if``) is asked each time the
    reserve is listed, never taken from the last listing."""
    from clank.game import markets

    g = kit.game(2, seed=0)
    offers = markets.reserve_stacks(g.ruleset)
    offer, before, price = offers["goblin"]
    allowed = [True]
    offers["goblin"] = (offer, lambda game, seat: allowed[0], price)    # a ruleset where the Goblin has one
    g.reserve_memo = None
    try:
        assert "goblin" in [o.item for o in markets.reserve_offers(g, 0)]
        allowed[0] = False
        assert "goblin" not in [o.item for o in markets.reserve_offers(g, 0)]
        allowed[0] = True
        assert "goblin" in [o.item for o in markets.reserve_offers(g, 0)]
    finally:
        offers["goblin"] = (offer, before, price)


def test_a3_device_use_resolves_and_discards(kit):
    """A3: a device's USE resolves at once and the card goes to the dungeon discard."""
    g = kit.game(2, seed=0)
    kit.row(g, ["darkened-alcove", *QUIET_ROW[:5]])
    kit.area(g, 0, 3)
    kit.hand(g, 0, ["burgle", "burgle"])
    play(g, "burgle", "burgle")
    g.apply("use 0")
    assert g.state.clank_area["0"] == 1
    assert "darkened-alcove" in g.state.dungeon_discard
    assert "darkened-alcove" not in g.owned_cards(0)


def test_a4_fight_a_row_monster(kit):
    """A4: pay Swords, gain the DEFEAT reward (Keymaster: a lockpick)."""
    g = kit.game(2, seed=0)
    kit.row(g, ["keymaster", *QUIET_ROW[:5]])
    kit.hand(g, 0, ["mercenary"])
    play(g, "mercenary")
    picks = g.player(0).pool.get("lockpicks", 0)
    g.apply("fight 0")
    assert g.player(0).pool.get("lockpicks", 0) == picks + 1
    assert g.player(0).pool["swords"] == 0


def test_a5_goblin_fought_repeatedly(kit):
    """A5: the Goblin can be fought several times in a turn, a reward each time."""
    g = kit.game(2, seed=0)
    kit.hand(g, 0, ["mercenary", "mercenary"])
    play(g, "mercenary", "mercenary")
    g.apply("fight-reserve goblin")
    g.apply("fight-reserve goblin")
    assert g.player(0).gold == 2
    assert g.state.reserve["goblin"] == 1


def test_a19_no_refill_during_the_turn(kit):
    """A19, D2: the row keeps its gaps until the end of the turn, then refills exactly those."""
    g = kit.game(2, seed=0)
    kit.row(g, QUIET_ROW)
    kit.deck_top(g, ["smash-and-grab", "lute"])
    kit.hand(g, 0, ["explore", "explore", "explore"])
    play(g, "explore", "explore", "explore")
    g.apply("buy 0")                                             # swindle, 3
    g.apply("buy 4")                                             # lightstick, 3
    assert g.state.row == [None, *QUIET_ROW[1:4], None, QUIET_ROW[5]]
    g.apply("end")
    assert g.state.row == ["smash-and-grab", *QUIET_ROW[1:4], "lute", QUIET_ROW[5]]


# ==========================================================================================
# A17, T14, G1 - tokens
# ==========================================================================================
def _give(g, seat: int, token: str) -> None:
    pool = g.state.pools[g.ruleset.tokens[token].pool]
    pool.remove(token)
    g.player(seat).tokens.append(token)


def test_a17_t14_use_a_token_during_your_turn(kit):
    """A17, T14, G24: a "use during your turn" token gives its effect once, then leaves the game."""
    g = kit.game(2)
    _give(g, 0, "potion-of-swiftness")
    assert "token potion-of-swiftness" in kit.acts(g)
    g.apply("token potion-of-swiftness")
    p = g.player(0)
    assert p.pool["boots"] == 1
    assert "potion-of-swiftness" not in p.tokens and "potion-of-swiftness" in g.state.token_box
    assert "token potion-of-swiftness" not in kit.acts(g)


def test_t14_tokens_usable_while_a_tile_waits_for_its_orientation(kit):
    """T14, X8: tokens may be used during the pause before orienting a discovered tile."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=1)
    _give(g, 0, "potion-of-strength")
    g.apply("explore st-a#11")
    assert g.decision()["kind"] == "orient"
    g.apply("token potion-of-strength")
    assert g.player(0).pool["swords"] == 2
    assert g.decision()["kind"] == "orient"


def test_t14_tokens_only_on_your_own_turn(kit):
    """T14: another player's token is not usable on my turn."""
    g = kit.game(2)
    _give(g, 1, "potion-of-healing")
    assert all(a.kind != "token" for a in g.legal_actions())


def test_g1_gold_value_tokens_can_be_cashed(kit):
    """G1, G27: a "worth 2 gold" token may be exchanged for 2 gold at any time of one's turn."""
    g = kit.game(2)
    _give(g, 0, "treasure")
    g.apply("cash treasure")
    assert g.player(0).gold == 2 and "treasure" not in g.player(0).tokens
