"""The log tells every change a player can see, once, in a player's words (issue 9 item 5):
effects logged by the table's primitives whichever op or pack made them."""

from __future__ import annotations

from clank.testing import place


def test_archoverlord_arrival_makes_every_player_clank_in_the_log(t):
    """C3: Archoverlord's Arrive text: every player makes 1 Clank!, each on a line."""
    t.safe_row()
    t.game.state.row[0] = None
    t.deck_next("archoverlord")
    t.end()
    log = t.game.log
    i = log.index("Archoverlord enters the dungeon row.")
    assert {"P1 makes 1 Clank!", "P2 makes 1 Clank!"} <= set(log[i + 1:])


def test_wishing_well_draws_are_logged_on_its_line(t):
    """A3: using the Wishing Well draws 2 cards; the log says so on the use line."""
    t.row_slot("wishing-well")
    t.res(gold=4, skill=0)
    t.do("use 0")
    assert "P1 uses Wishing Well: draws 2 cards." in t.game.log


def test_room_gold_reward_is_logged(t):
    """R9: a room's gold reward is logged when it is paid."""
    place(t.game, "su-4", -1, 1)
    t.game.enter_room(t.seat, "su-4.nave")
    assert t.game.log[-1] == "P1 gains 1 gold."


def test_card_effects_join_the_line_of_the_play(t):
    t.play("burgle")
    assert t.game.log[-1] == "P1 plays Burgle: gains 1 Skill."
