"""Conformance tests of the end of turn, the dragon and health (RULES.md D1-D12, H1-H7, E1, E4)
with the worked examples TS-02, TS-08 and TS-23 of Appendix 3.

Dragon draws are scripted with ``clank.testing.script_bag`` (Appendix 3: "use a seeded RNG or
scripted bag draws"): each scripted cube must really be in the bag when it is drawn.
"""

from __future__ import annotations

import pytest
from clank import IllegalAction
from clank.testing import script_bag

pytestmark = pytest.mark.usefixtures("no_legal_cache")

QUIET_ROW = ["swindle", "pillage", "payoff", "bard", "lightstick", "elven-sword"]

TURN = ("skill", "swords", "boots")   # the turn resources (T5, T6)


def end_with_refill(kit, g, refill: list[str]) -> None:
    """End the current player's turn (hand emptied) with ``refill`` revealed into row gaps."""
    seat = g.state.current
    kit.hand(g, seat, [])
    row = [None] * len(refill) + QUIET_ROW[len(refill):]
    kit.row(g, row)
    kit.deck_top(g, refill)
    g.apply("end")


def drawn(g) -> str:
    """The last 'The dragon draws ...' log line."""
    return [line for line in g.log if line.startswith("The dragon draws")][-1]


def knock_out(g, seat: int, room: str | None = None) -> None:
    """Mark a player knocked out (a position set up directly)."""
    p = g.player(seat)
    p.status = "knocked_out"
    p.ko_room = room or p.room


# ==========================================================================================
# D1 - D4: end of turn and refill
# ==========================================================================================
def test_d1_step0_end_of_turn_effects_see_the_play_area(kit):
    """D1 step 0, G22: Magic Spring trashes a card from the play area before the clean-up."""
    g = kit.game(2)
    kit.hand(g, 0, ["burgle"])
    g.apply("play burgle")
    g.take_token(0, "magic-spring")
    g.state.pools["minor"].remove("magic-spring")
    g.run()
    g.apply("end")
    d = g.decision()
    assert d["kind"] == "pick" and d["seat"] == 0
    assert "pick play burgle" in [str(a) for a in g.legal_actions()]
    g.apply("pick play burgle")
    assert "burgle" in g.state.box
    assert g.state.current == 1


def test_d1_cleanup_then_refill_then_attack(kit):
    """D1: play area and unplayed resources are cleared and 5 cards drawn before the refill;
    the attack comes after the refill (its Arrive texts first, C3)."""
    g = kit.game(2)
    kit.hand(g, 0, ["explore"])
    g.apply("play explore")
    p = g.player(0)
    kit.area(g, 1, 2)
    script_bag(g, ["1", "1"])
    end_with_refill(kit, g, ["skeleton-priest", "imp-familiar"])
    log = g.log
    i_arrive = max(i for i, line in enumerate(log) if "Skeleton Priest enters" in line)
    i_attack = max(i for i, line in enumerate(log) if line == "The dragon attacks!")
    assert i_arrive < i_attack
    assert p.play == [] and len(p.hand) == 5 and not any(p.pool.get(r) for r in TURN)
    assert len(g.player(1).damage) == 2


def test_d2_refill_fills_exactly_the_gaps(kit):
    """D2, A19: only the empty slots are filled, from the top of the dungeon deck."""
    g = kit.game(2)
    kit.hand(g, 0, [])
    kit.row(g, [None, "pillage", None, "bard", "lightstick", "elven-sword"])
    kit.deck_top(g, ["swindle", "payoff"])
    deck = len(g.state.dungeon_deck)
    g.apply("end")
    assert g.state.row == ["swindle", "pillage", "payoff", "bard", "lightstick", "elven-sword"]
    assert len(g.state.dungeon_deck) == deck - 2


def test_d2_e5_deck_cannot_refill_the_row_ends_the_game(kit):
    """D2, E5: fewer cards in the deck than gaps: the game ends, live players knocked out in place."""
    g = kit.game(3)
    kit.hand(g, 0, [])
    kit.row(g, [None, None, "bard", "lightstick", "elven-sword", "swindle"])
    g.state.box.extend(g.state.dungeon_deck[1:])
    del g.state.dungeon_deck[1:]
    g.player(2).status = "escaped"
    g.player(2).room = None
    g.apply("end")
    assert g.over and g.state.row[:2] == [None, None]
    assert [p.status for p in g.state.players] == ["knocked_out", "knocked_out", "escaped"]
    assert g.player(0).ko_room == "st-a.crypt"
    assert g.legal_actions() == []


def test_d4_only_newly_revealed_cards_trigger_and_only_once(kit):
    """D4: dragon cards already in the row never trigger again; two new ones trigger one attack."""
    g = kit.game(2)
    kit.hand(g, 0, [])
    kit.row(g, [None, "crystal-kobold", "bard", "lightstick", "elven-sword", "swindle"])
    kit.deck_top(g, ["pillage"])
    g.apply("end")
    assert "The dragon attacks!" not in g.log
    kit.hand(g, 1, [])
    kit.row(g, [None, None, "bard", "lightstick", "elven-sword", "swindle"])
    kit.deck_top(g, ["ogre-merchant", "imp-familiar"])
    g.apply("end")
    assert g.log.count("The dragon attacks!") == 1


# ==========================================================================================
# D5 - D9: attacks
# ==========================================================================================
def test_ts02_dragon_attack_example(kit):
    """TS-02 (D4, D5, D6): rage space 5 draws 4: black, Green, Yellow, Yellow."""
    g = kit.game(3)
    green, yellow, red = 0, 1, 2
    g.state.rage = 4                                             # the 5th space
    assert g.ruleset.setup["rage_track"]["draws"][4] == 4
    kit.area(g, green, 2)
    kit.area(g, yellow, 3)
    kit.area(g, red, 1)
    bag_before = sum(g.state.bag.values()) + 6
    script_bag(g, ["black", str(green), str(yellow), str(yellow)])
    end_with_refill(kit, g, ["imp-familiar"])
    st = g.state
    assert "The dragon draws 4 cube(s)" in drawn(g)
    assert not any(st.clank_area.get(str(s), 0) for s in range(3))   # all moved to the bag first
    assert sum(st.bag.values()) == bag_before - 4
    assert st.bag == {"black": 23, "0": 1, "1": 1, "2": 1}
    assert st.bank["black"] == 1
    assert g.player(green).damage == ["own"] and g.player(yellow).damage == ["own", "own"]
    assert g.player(red).damage == []
    assert not g.over and st.current == 1


def test_a_scripted_cube_that_is_not_in_the_bag_is_refused_by_name(kit):
    """Appendix 3's scripted draws may only take cubes the bag holds (D5b): a script naming one it
    does not hold stops the draw with the cube's name and the bag's contents, and the bag keeps
    its count (never below zero)."""
    g = kit.game(2)
    kit.bag(g, {"black": 2})
    kit.area(g, 0, 0)
    kit.area(g, 1, 0)
    script_bag(g, ["1"])
    g.dragon_attack(1)
    with pytest.raises(ValueError, match=r"'1' is not in the dragon bag \(black 2\)"):
        g.run()
    assert g.state.bag.get("1", 0) == 0 and g.state.bag["black"] == 2


def test_d5_bag_with_fewer_cubes_than_the_draw(kit):
    """D5b: fewer cubes than N in the bag: all are drawn."""
    g = kit.game(2)
    kit.bag(g, {"black": 3})
    kit.area(g, 0, 0)
    kit.area(g, 1, 0)
    g.state.rage = 6                                             # draws 5
    end_with_refill(kit, g, ["imp-familiar"])
    assert "The dragon draws 3 cube(s)" in drawn(g)


def test_ts08_ghost_cube(kit):
    """TS-08 (D5, D7, H5, E3): a drawn ghost hurts every live player (own cube, else a black cube
    from the bank) but not an escaped one, then goes back to the Clank! area. (The other drawn
    cube is black: it only goes to the bank.)"""
    g = kit.game(3)
    green, red, blue = 0, 1, 2
    st = g.state
    b = g.player(blue)
    b.status, b.room = "escaped", None
    kit.area(g, green, 0)
    kit.area(g, red, 0)
    kit.area(g, blue, 0)
    st.bank["ghost"] -= 1
    st.clank_area["ghost"] = 1
    r = g.player(red)
    st.bag[str(red)] = r.cubes                                   # Red: no cube in the supply
    r.cubes = 0
    st.bag["black"] -= 2
    st.bank["black"] = 2
    script_bag(g, ["ghost", "black"])
    end_with_refill(kit, g, ["imp-familiar"])
    assert g.player(green).damage == ["own"]
    assert r.damage == ["black"]
    assert b.damage == []
    assert st.clank_area.get("ghost") == 1 and st.bag.get("ghost", 0) == 0
    assert st.bank["ghost"] == 4
    assert st.bank["black"] == 2                                 # 2 - 1 (Red) + 1 (drawn)


def test_d7_ghost_goes_back_into_the_bag_at_the_next_attack(kit):
    """D7: a ghost in the Clank! area joins the bag at every attack; negative Clank! cannot remove it."""
    g = kit.game(2)
    st = g.state
    st.bank["ghost"] -= 1
    st.clank_area["ghost"] = 1
    kit.hand(g, 0, ["sneak-attack"])
    g.apply("play sneak-attack")
    assert st.clank_area["ghost"] == 1
    g.apply("end")
    kit.hand(g, 1, [])
    script_bag(g, ["black", "black"])
    end_with_refill(kit, g, ["imp-familiar"])
    assert st.bag.get("ghost") == 1 and st.clank_area.get("ghost", 0) == 0


def test_h5_neutral_marker_when_supply_and_bank_are_empty(kit):
    """H5 DEFAULT: a ghost hit with no cube in the supply and none in the bank: a neutral marker."""
    g = kit.game(2)
    st = g.state
    p = g.player(1)
    kit.area(g, 1, 0)
    st.bag[str(1)] = p.cubes
    p.cubes = 0
    st.bank["ghost"] -= 1
    st.clank_area["ghost"] = 1
    script_bag(g, ["ghost", "1"])
    end_with_refill(kit, g, ["imp-familiar"])
    assert p.damage == ["neutral", "own"]
    kit.hand(g, 1, ["bard", "stumble"])                          # made 2 Clank!: heal 2
    kit.area(g, 1, 0)
    g.apply("play stumble")
    p.cubes += 1
    st.bag["1"] -= 1
    g.apply("play bard")
    assert p.damage == []                                        # H6: neutral markers vanish


def test_d6_h7_knocked_out_during_an_attack_is_out_for_the_rest(kit):
    """D6, H7: a player knocked out by a drawn cube is out at once; later cubes of theirs go back
    to the supply and cause no damage."""
    g = kit.game(2)
    kit.damage(g, 1, 9)
    kit.area(g, 1, 2)
    kit.area(g, 0, 0)
    script_bag(g, ["1", "1"])
    end_with_refill(kit, g, ["imp-familiar"])
    p = g.player(1)
    assert p.status == "knocked_out" and len(p.damage) == 10
    assert p.cubes == 30 - 10 and g.state.bag.get("1", 0) == 0     # the 2nd cube came back
    assert g.state.current == 0                                  # seat 1 takes no turn (E3, E4)


def test_d9_empty_bag_ends_the_game(kit):
    """D9, E5: after an attack leaves the bag empty the game ends; live players are knocked out."""
    g = kit.game(2)
    kit.bag(g, {"black": 2})
    kit.area(g, 0, 0)
    kit.area(g, 1, 0)
    end_with_refill(kit, g, ["imp-familiar"])
    assert g.over
    assert all(p.status == "knocked_out" for p in g.state.players)


def test_d9_drawn_ghosts_do_not_count_as_in_the_bag(kit):
    """D9: a ghost drawn goes back to the Clank! area, so a bag holding only it ends the game."""
    g = kit.game(2)
    st = g.state
    kit.bag(g, {"ghost": 1})
    kit.area(g, 0, 0)
    kit.area(g, 1, 0)
    end_with_refill(kit, g, ["imp-familiar"])
    assert g.over and st.clank_area.get("ghost") == 1


def test_d10_rage_moves_up_and_stays_on_the_last_space(kit):
    """D10: artifacts, Dragon Eggs and Adventurers move the marker up; never past the last space."""
    g = kit.game(2)
    st = g.state
    start = st.rage
    g.take_token(0, "dragon-egg")
    st.pools["minor"].remove("dragon-egg")
    g.take_token(0, "adventurer")
    st.pools["prisoner"].remove("adventurer")
    g.run()
    assert st.rage == start + 2
    last = len(g.ruleset.setup["rage_track"]["draws"]) - 1
    st.rage = last
    g.rage(1)
    assert st.rage == last


# ==========================================================================================
# D12, E4, TS-23
# ==========================================================================================
def test_d12_knocked_out_on_own_turn(kit):
    """D12: the turn ends at once: no end-of-turn effects, no new hand, no escape; the play area
    goes to the discard pile; the row is refilled and the next player starts."""
    g = kit.game(3)
    st = g.state
    p = g.player(0)
    kit.hand(g, 0, ["burgle", "burgle", "stumble"])
    g.apply("play burgle")
    g.take_token(0, "magic-spring")
    st.pools["minor"].remove("magic-spring")
    g.run()
    p.artifacts.append("artifact-20")
    st.artifact_stack.remove("artifact-20")
    st.turn.escaping = True
    kit.row(g, [None, *QUIET_ROW[1:]])
    kit.deck_top(g, ["lute"])
    kit.damage(g, 0, 9)
    g.damage(0, 1)                                               # an effect knocks her out
    g.run()
    assert p.status == "knocked_out" and p.room == "st-a.crypt"
    assert p.play == [] and "burgle" in p.discard
    assert sorted(p.hand) == ["burgle", "stumble"]               # no new 5-card hand
    assert "mastery" not in p.tokens
    assert not any("trash" in line for line in g.log)
    assert st.row[0] == "lute"
    assert st.current == 1 and g.decision()["kind"] == "main"


def test_e4_out_players_turn_is_a_cube_draw(kit):
    """E4: an out player's turn: 6 cubes in a 2-player game, ignoring rage and Danger; no refill."""
    g = kit.game(2)
    knock_out(g, 1)
    g.state.rage = 6
    kit.row(g, ["corrupt-advisor", "wishing-well", *QUIET_ROW[2:]])
    kit.hand(g, 0, [])
    row = list(g.state.row)
    g.apply("end")
    assert "The dragon draws 6 cube(s)" in drawn(g)
    assert g.state.row == row and g.state.current == 0


def test_e4_three_players_draw_four(kit):
    """E4: with 3 or more players an out player's turn draws 4."""
    g = kit.game(3)
    knock_out(g, 1)
    kit.hand(g, 0, [])
    kit.row(g, QUIET_ROW)
    g.apply("end")
    assert "The dragon draws 4 cube(s)" in drawn(g)
    assert g.state.current == 2


def test_ts23_escape_timing(kit):
    """TS-23 (E1, A18, D1, D6, E4): after entering the Crypt with an artifact Red may still acquire
    but not move; at the end of the turn the pawn is removed and a Mastery token taken before the
    refill, so the attack that refill triggers cannot hurt her; her later turns are cube draws."""
    g = kit.game(3)
    red, green = 0, 1
    p = g.player(red)
    p.artifacts.append("artifact-10")
    g.state.artifact_stack.remove("artifact-10")
    kit.pawn(g, red, "st-a.gate")
    kit.hand(g, red, ["explore", "explore", "sidestep"])
    g.apply("play sidestep")
    g.apply("move st-a#0 0")                                     # gate -> crypt
    assert p.room == "st-a.crypt" and g.state.turn.escaping
    g.apply("play explore")
    g.apply("play explore")
    assert [a for a in g.legal_actions() if a.kind in ("move", "teleport", "explore", "portal")] == []
    g.apply("reserve explore")                                   # acquiring is still allowed
    kit.area(g, red, 1)
    kit.area(g, green, 0)
    kit.area(g, 2, 0)
    kit.row(g, [None, *QUIET_ROW[1:]])
    kit.deck_top(g, ["imp-familiar"])
    script_bag(g, [str(red), "black"])
    g.apply("end")
    log = g.log
    i_escape = max(i for i, line in enumerate(log) if "escapes" in line)
    i_refill = max(i for i, line in enumerate(log) if "Imp Familiar enters" in line)
    assert i_escape < i_refill
    assert p.status == "escaped" and p.room is None and p.tokens == ["mastery"]
    assert p.damage == [] and p.cubes == 30 - g.state.bag.get("0", 0)
    assert g.state.current == green
    kit.end_turn(g)                                              # green
    kit.end_turn(g)                                              # seat 2
    assert "The dragon draws 4 cube(s)" in drawn(g)              # Red's turn: E4
    assert g.state.current == green
    # Green holds no artifact: the Crypt is closed to her
    kit.pawn(g, green, "st-a.gate")
    kit.pool(g, green, boots=1)
    with pytest.raises(IllegalAction):
        g.apply("move st-a#0 0")


def test_e3_escaped_players_make_no_clank_and_take_no_damage(kit):
    """E3: "each player" Clank! and ghosts skip out players."""
    g = kit.game(3)
    knock_out(g, 2)
    area = g.state.clank_area.get("2", 0)
    end_with_refill(kit, g, ["skeleton-priest"])
    assert g.state.clank_area.get("2", 0) == area


# ==========================================================================================
# H - health
# ==========================================================================================
def test_h1_h7_meter_of_ten_knocks_out(kit):
    """H1, H7: the meter holds 10; the 10th damage knocks the player out at once."""
    g = kit.game(2)
    assert g.health == 10
    kit.damage(g, 1, 8)
    g.damage(1, 1)
    assert g.player(1).status == "live"
    g.damage(1, 1)
    assert g.player(1).status == "knocked_out" and len(g.player(1).damage) == 10


def test_h2_h3_dragon_damage_uses_the_drawn_cube_other_damage_the_supply(kit):
    """H2: a drawn cube is itself the damage marker (the supply is untouched); H3: other damage
    takes a cube from the supply."""
    g = kit.game(2)
    p = g.player(1)
    kit.area(g, 1, 1)
    kit.area(g, 0, 0)
    cubes = p.cubes
    script_bag(g, ["1", "black"])
    end_with_refill(kit, g, ["imp-familiar"])
    assert p.damage == ["own"] and p.cubes == cubes
    g.damage(1, 1)
    assert p.cubes == cubes - 1 and p.damage == ["own", "own"]


def test_h6_healing_most_recent_first_and_markers_return(kit):
    """H6: heal removes the most recent markers: own cubes to the supply, black cubes to the bank."""
    g = kit.game(2)
    p = g.player(0)
    st = g.state
    p.damage = ["own", "black", "own"]
    p.cubes -= 2
    st.bag["black"] -= 1
    cubes, bank = p.cubes, st.bank["black"]
    assert g.heal(0, 2) == 2
    assert p.damage == ["own"] and p.cubes == cubes + 1 and st.bank["black"] == bank + 1
    assert g.heal(0, 5) == 1 and p.damage == []                  # healing beyond damage is wasted


def test_h4_voluntary_damage_limits(kit):
    """H4: taking N damage voluntarily needs N cubes and must leave the meter below 10."""
    g = kit.game(2)
    assert g.can_take_damage(0, 9)
    kit.damage(g, 0, 5)
    assert g.can_take_damage(0, 4) and not g.can_take_damage(0, 5)
    p = g.player(0)
    g.state.bag["0"] = p.cubes - 1
    p.cubes = 1
    assert g.can_take_damage(0, 1) and not g.can_take_damage(0, 2)


# ==========================================================================================
# D11 - an effect that makes the dragon attack (fixture card)
# ==========================================================================================
FIXTURE_CARDS = """
- id: fx-alarm
  name: Alarm Bell
  kind: dungeon
  type: item
  count: 1
  cost: {skill: 1}
  points: 0
  text: "The dragon attacks."
  play: [dragon_attack]
"""


@pytest.fixture(scope="module")
def alarm_pack(tmp_path_factory) -> str:
    """A directory pack with one card whose play text is "the dragon attacks" (D11)."""
    d = tmp_path_factory.mktemp("alarmpack")
    (d / "pack.yaml").write_text('id: alarm\nname: Alarm\nversion: "1.0"\nrequires: [catacombs]\n'
                                 "files: [cards.yaml]\n")
    (d / "cards.yaml").write_text(FIXTURE_CARDS)
    return str(d)


def test_d11_an_effect_runs_a_full_attack_at_once(kit, alarm_pack):
    """D11: "the dragon attacks" runs D5 in full at that moment: rage draw number + Danger."""
    g = kit.game(2, extra_packs=[alarm_pack])
    kit.row(g, ["corrupt-advisor", *QUIET_ROW[1:]])             # 1 Danger card
    g.state.rage = 0                                             # draws 2 (+1 Danger)
    kit.area(g, 0, 0)
    kit.area(g, 1, 2)
    kit.hand(g, 0, ["fx-alarm", "burgle"])
    script_bag(g, ["1", "black", "1"])
    g.apply("play fx-alarm")
    assert "The dragon draws 3 cube(s)" in drawn(g)
    assert g.player(1).damage == ["own", "own"]
    assert g.state.current == 0 and g.decision()["kind"] == "main"   # the turn goes on
    assert g.player(0).hand == ["burgle"]


def test_d6_d12_knocked_out_by_an_attack_on_own_turn_the_attack_still_finishes(
        kit, alarm_pack, invariants):
    """D6, D12: the current player knocked out by the first cube of an attack she set off: the
    turn ends, but the cubes already drawn are all resolved (the others still take damage)."""
    g = kit.game(2, extra_packs=[alarm_pack])
    kit.row(g, QUIET_ROW)
    assert g.ruleset.setup["rage_track"]["draws"][g.state.rage] == 3
    kit.damage(g, 0, 9)
    kit.area(g, 0, 1)
    kit.area(g, 1, 1)
    kit.hand(g, 0, ["fx-alarm", "burgle"])
    checker = invariants(g)
    checker.check(g, "before")
    script_bag(g, ["0", "1", "black"])
    g.apply("play fx-alarm")
    assert g.player(0).status == "knocked_out"
    assert g.player(1).damage == ["own"]                         # the second cube still hit
    assert g.state.current == 1 and g.decision()["kind"] == "main"
    checker.check(g, "after the attack")


# ==========================================================================================
# attack_begins: decisions before the first cube; attacks that spare a seat's cubes
# ==========================================================================================
def test_attack_begins_is_announced_before_the_clank_area_goes_into_the_bag(kit):
    """D5: ``attack_begins`` comes first, and a decision its listener queues (a reaction
    window) is answered while the Clank! area is still untouched and no cube is drawn."""
    g = kit.game(2)
    kit.area(g, 1, 2)
    seen = []

    def listener(game, event):
        seen.append((event["seat"], event["cubes"], dict(game.state.clank_area), sum(game.state.bag.values())))
        game.ask_later({"kind": "may", "seat": 1, "body": [], "label": "brace yourself"})

    g.registry.listeners.setdefault("attack_begins", []).append(listener)
    try:
        bag, area = sum(g.state.bag.values()), dict(g.state.clank_area)
        g.dragon_attack(3)
        g.run()
        assert g.decision()["kind"] == "may" and g.current_player == 1
        assert g.state.clank_area == area and sum(g.state.bag.values()) == bag
        g.apply("no")
        assert seen == [(0, 3, area, bag)]
        assert "The dragon draws 3 cube(s)" in drawn(g)
    finally:
        g.registry.listeners["attack_begins"].remove(listener)


def test_an_attack_that_spares_a_seat_returns_its_cubes_harmlessly(kit):
    """An attack of exactly N cubes that spares a seat (a character's own forced attack): that
    seat's drawn cubes go back to its supply, the others' hurt as usual (D6)."""
    g = kit.game(2)
    kit.bag(g, {"black": 2, "0": 2, "1": 2})
    script_bag(g, ["0", "1", "black", "0"])
    supply0, supply1 = g.player(0).cubes, g.player(1).cubes
    g.dragon_attack(4, spare=[0])
    g.run()
    assert g.player(0).damage == [] and g.player(0).cubes == supply0 + 2
    assert g.player(1).damage == ["own"] and g.player(1).cubes == supply1
    assert "harmless" in "\n".join(g.log)


def test_row_card_revealed_is_announced_for_each_refilled_slot(kit):
    """D2: each card revealed into an empty slot at the end of a turn is announced with its
    slot and the player ending the turn; what a listener queues comes after the Arrive texts."""
    g = kit.game(2)
    seen = []
    g.registry.listeners.setdefault("row_card_revealed", []).append(
        lambda game, e: seen.append((e["seat"], e["card"], e["slot"])))
    try:
        end_with_refill(kit, g, ["bard", "swindle"])
    finally:
        g.registry.listeners["row_card_revealed"].pop()
    assert seen == [(0, "bard", 0), (0, "swindle", 1)]


# ==========================================================================================
# What the next draws take (read by front ends: the table's Dragon panel)
# ==========================================================================================
def test_the_outlook_says_what_an_attack_draws_and_it_draws_that(kit):
    """D5b, C4: the rage space's number plus one cube per Danger card in the row, and the
    attack that follows draws exactly that many."""
    g = kit.game(2)
    g.state.rage = 2                                            # draws 3
    kit.row(g, ["corrupt-advisor", "wishing-well", *QUIET_ROW[2:]])
    seen = g.view(0).dragon_outlook()
    assert (seen.rage_draw, seen.danger, seen.attack) == (3, 2, 5)
    assert seen == g.dragon_outlook()                           # a view reads the game's
    kit.hand(g, 0, [])
    kit.row(g, [None, "corrupt-advisor", "wishing-well", *QUIET_ROW[3:]])
    kit.deck_top(g, ["imp-familiar"])
    before = g.dragon_outlook()
    g.apply("end")
    assert f"The dragon draws {before.attack} cube(s)" in drawn(g)


def test_the_outlook_counts_the_clank_area_into_the_bag(kit):
    """D5a, D9: the Clank! area goes into the bag before a draw, so a bag of 2 black cubes and a
    ghost, with 1 cube in the area, holds 4 when the next draw begins (a ghost still in the bag
    keeps it from being empty): a draw of 4 may leave it empty and end the game, one of 3 cannot."""
    g = kit.game(2)
    kit.bag(g, {"black": 2, "ghost": 1})
    kit.area(g, 0, 1)
    kit.area(g, 1, 0)
    seen = g.dragon_outlook()
    assert (seen.bag, seen.counting) == (4, 4)
    assert seen.may_empty(4) and not seen.may_empty(3)


def test_the_outlook_says_what_an_out_players_turn_draws(kit):
    """E4: 6 cubes in a 2-player game, 4 with more players, ignoring rage and Danger."""
    two, three = kit.game(2), kit.game(3)
    two.state.rage = 6
    kit.row(two, ["corrupt-advisor", "wishing-well", *QUIET_ROW[2:]])
    assert two.dragon_outlook().out_turn == 6 and two.dragon_outlook().attack == 7
    assert three.dragon_outlook().out_turn == 4
    knock_out(two, 1)
    kit.hand(two, 0, [])
    kit.row(two, QUIET_ROW)
    two.apply("end")
    assert "The dragon draws 6 cube(s)" in drawn(two)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_d5_an_attack_draws_its_cubes_as_drawing_them_one_by_one_would(seed):
    """D5b: an attack draws its cubes together (the bag's keys sorted and its total counted once),
    each cube exactly as drawing them one after the other from a seeded bag: the same cubes, the
    same bag left and the same generator state, whatever the bag holds."""
    from clank import new_game
    from clank.game import dragon

    one, many = new_game(["catacombs"], 4, seed), new_game(["catacombs"], 4, seed)
    for g in (one, many):
        g.state.bag = {"black": 5, "0": seed, "1": 0, "2": 3, "3": 7 - seed}
    n = sum(one.state.bag.values()) - 1
    assert dragon._draw_cubes(many, n) == [dragon._draw_cube(one) for _ in range(n)]
    assert many.state.bag == one.state.bag and many.state.rng == one.state.rng
