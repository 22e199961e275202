"""Conformance tests of escape, game end and scoring (RULES.md E1-E9, R12, G-token values)
with the worked example TS-11 of Appendix 3.
"""

from __future__ import annotations

import pytest
from clank.testing import give_token as take
from clank.testing import script_bag
from clank_catacombs.depths import in_depths

pytestmark = pytest.mark.usefixtures("no_legal_cache")

QUIET_ROW = ["swindle", "pillage", "payoff", "bard", "lightstick", "elven-sword"]


def escape(g, seat: int) -> None:
    """Mark a player escaped with a Mastery token (a position set up directly)."""
    p = g.player(seat)
    p.status, p.room = "escaped", None
    take(g, seat, "mastery")


def lines(g, seat: int) -> dict[str, int]:
    """The score lines of a seat as a dict."""
    return dict(g.scores()[seat]["lines"])


def knocked_out_in(kit, room: str, artifact: bool):
    """TS-11 setting: Red (seat 0) holds 40 gold, a Crown (and the 20 artifact if ``artifact``);
    she is knocked out in ``room`` by the dragon; Blue already escaped, so the game ends."""
    g = kit.game(2)
    red = g.player(0)
    if artifact:
        take(g, 0, "artifact-20")
    take(g, 0, "crown-10")
    red.gold = 40
    escape(g, 1)
    take(g, 1, "artifact-5")
    kit.pawn(g, 0, room)
    kit.damage(g, 0, 9)
    kit.area(g, 0, 1)
    kit.hand(g, 0, [])
    kit.row(g, [None, *QUIET_ROW[1:]])
    kit.deck_top(g, ["imp-familiar"])
    script_bag(g, ["0", "black"])
    g.apply("end")
    assert red.status == "knocked_out" and red.ko_room == room
    assert g.over
    return g


def test_ts11_knocked_out_in_the_depths_scores_zero(kit):
    """TS-11 (E7, R12, H7): knocked out in a Depths room: 0, whatever she holds."""
    g = knocked_out_in(kit, "st-a.idols", artifact=True)   # upper half: Depths
    s = g.scores()[0]
    assert s["eligible"] is False and s["total"] == 0


def test_r12_which_rooms_are_in_the_depths(kit):
    """R12: Depths tiles and the start tile's upper half are in the Depths; the rest is not."""
    g = kit.game(2)
    assert in_depths(g, "de-15.spine") and not in_depths(g, "su-2.stalls")
    assert in_depths(g, "st-a.idols") and in_depths(g, "st-a.grotto")
    assert not in_depths(g, "st-a.gate") and not in_depths(g, "st-a.crypt")


def test_ts11_knocked_out_on_the_surface_scores_without_mastery(kit):
    """TS-11: knocked out in a Surface room holding an artifact: 20 + 40 + Crown, no Mastery."""
    g = knocked_out_in(kit, "st-a.gate", artifact=True)
    s = g.scores()[0]
    assert s["eligible"] is True
    assert s["total"] == 20 + 40 + 10
    assert lines(g, 0)["artifacts"] == 20 and lines(g, 0)["gold"] == 40
    assert "Mastery" not in lines(g, 0)


def test_ts11_knocked_out_on_the_surface_without_artifact_scores_zero(kit):
    """TS-11, E7: no artifact, no score."""
    g = knocked_out_in(kit, "st-a.gate", artifact=False)
    assert g.scores()[0]["total"] == 0
    assert g.winners() == [1]


def test_e1_e8_escaped_player_scores_mastery(kit):
    """E1, E8, G34: an escaped player's Mastery token is worth 20."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-12")
    assert lines(g, 0)["Mastery"] == 20
    assert g.scores()[0]["total"] == 32


def test_e8_all_sources_add_up(kit):
    """E8: artifacts + gold (and gold-value tokens) + token VP + card VP (deck, hand, discard)."""
    g = kit.game(2)
    escape(g, 0)
    p = g.player(0)
    take(g, 0, "artifact-15")
    p.gold = 3
    for t in ("treasure", "greater-treasure", "chalice", "catacombs-map", "dragon-egg",
              "backpack", "blood-amulet", "burglars-kit", "crown-9", "monkey-idol"):
        take(g, 0, t)
    p.deck.append("secret-tome")                                 # 7
    g.state.reserve["secret-tome"] -= 1
    p.hand.append("lute")                                        # 3
    g.state.dungeon_deck.remove("lute")
    p.discard.append("expert-guide")                             # 2
    g.state.dungeon_deck.remove("expert-guide")
    got = lines(g, 0)
    assert got["artifacts"] == 15
    assert got["gold"] == 3 + 2 + 5
    assert got["cards"] == 7 + 3 + 2
    tokens = 20 + 7 + 5 + 3 + 5 + 7 + 2 + 9 + 5
    assert g.scores()[0]["total"] == 15 + 10 + 12 + tokens


def test_c9_trashed_cards_do_not_score(kit):
    """C9, E8: a trashed card is in the box and scores nothing."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    p = g.player(0)
    p.discard.append("lute")
    g.state.dungeon_deck.remove("lute")
    before = lines(g, 0)["cards"]
    g.trash_card(0, "lute", "discard")
    assert lines(g, 0)["cards"] == before - 3


@pytest.mark.parametrize(("token", "setup", "points"), [
    ("mayor", [], 5),                                            # G8: holds the Mastery (escaped)
    ("primatologist", ["monkey-idol"], 5 + 5),                   # G11
    ("primatologist", ["golden-monkey-bot"], 5 + 3),             # G6: the Bot counts as an idol
    ("primatologist", [], 0),
    ("prince", ["crown-10"], 5 + 10),                            # G12
    ("princess", [], 0),
    ("peasant", [], 2),                                          # G10
])
def test_g_prisoner_values(kit, token, setup, points):
    """G6-G12: conditional prisoner values are evaluated on the final state."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    base = g.scores()[0]["total"]
    for t in setup:
        take(g, 0, t)
    take(g, 0, token)
    assert g.scores()[0]["total"] - base == points


def test_g8_mayor_without_mastery(kit):
    """G8: the Mayor is worth nothing without a Mastery token (knocked out on the surface)."""
    g = kit.game(2)
    p = g.player(0)
    p.status, p.ko_room = "knocked_out", "st-a.gate"
    take(g, 0, "artifact-5")
    take(g, 0, "mayor")
    assert g.scores()[0]["total"] == 5


def test_g13_sorceress_two_secret_tomes(kit):
    """G13, C13: 5 VP with two Secret Tomes owned (anywhere in the deck)."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    take(g, 0, "sorceress")
    p = g.player(0)
    p.deck.append("secret-tome")
    g.state.reserve["secret-tome"] -= 1
    assert lines(g, 0).get("Sorceress", 0) == 0
    p.discard.append("secret-tome")
    g.state.reserve["secret-tome"] -= 1
    assert lines(g, 0)["Sorceress"] == 5


def test_g14_warrior_counts_freed_prisoners_not_the_coupon(kit):
    """G14, G5: 1 VP per prisoner freed, itself included; the Coupon is never a prisoner."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    for t in ("warrior", "peasant", "coupon"):
        g.state.pools["prisoner"].remove(t)
        g.take_token(0, t)
    g.run()
    assert g.player(0).stats["prisoners_freed"] == 2
    assert lines(g, 0)["Warrior"] == 2


def test_g9_monk_counts_wayshrine_marks(kit):
    """G9, R11: the Monk is worth 1 per wayshrine mark placed."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    take(g, 0, "monk")
    kit.pawn(g, 0, "st-a.niche")
    g.player(0).status = "live"
    g.apply("room wayshrine")
    g.player(0).status = "escaped"
    assert lines(g, 0)["Monk"] == 1


def test_e9_highest_score_wins(kit):
    """E9: the highest total wins."""
    g = kit.game(3)
    for seat, art, gold in ((0, "artifact-10", 0), (1, "artifact-12", 5), (2, "artifact-5", 0)):
        escape(g, seat)
        take(g, seat, art)
        g.player(seat).gold = gold
    assert g.winners() == [1]


def test_e9_tie_broken_by_the_best_artifact(kit):
    """E9: on a tie the more valuable artifact wins."""
    g = kit.game(2)
    escape(g, 0)
    escape(g, 1)
    take(g, 0, "artifact-12")
    g.player(0).gold = 3
    take(g, 1, "artifact-15")
    assert g.scores()[0]["total"] == g.scores()[1]["total"]
    assert g.winners() == [1]


def test_e9_tie_then_next_best_artifact_then_shared(kit):
    """E9 DEFAULT: equal best artifacts -> the next best decides; all equal -> shared win."""
    g = kit.game(2)
    for seat in (0, 1):
        escape(g, seat)
        take(g, seat, "backpack")
    take(g, 0, "artifact-20")
    take(g, 0, "artifact-5")                                     # 25
    take(g, 1, "artifact-17")
    take(g, 1, "artifact-7")                                     # 24
    g.player(1).gold = 1
    assert g.scores()[0]["total"] == g.scores()[1]["total"]
    assert g.winners() == [0]
    g2 = kit.game(2)
    for seat in (0, 1):
        escape(g2, seat)
    take(g2, 0, "artifact-10")
    take(g2, 1, "artifact-7")
    g2.player(1).gold = 3
    assert g2.winners() == [0]                                   # 30 = 30: the 10 beats the 7
    g2.player(0).artifacts = []                                  # both without artifacts: 0 = 0
    g2.player(1).artifacts = []
    g2.player(1).gold = 0
    assert g2.winners() == []                                    # nobody scored: nobody wins


def test_e7_ineligible_player_scores_zero_even_with_points(kit):
    """E7, INV-31: no artifact at game end: 0, even with gold and tokens."""
    g = kit.game(2)
    p = g.player(0)
    p.status, p.ko_room = "knocked_out", "st-a.gate"
    p.gold = 30
    take(g, 0, "chalice")
    s = g.scores()[0]
    assert s["eligible"] is False and s["total"] == 0
    assert dict(s["lines"])["gold"] == 30                        # the lines are still reported


def test_e6_game_goes_on_after_an_escape(kit):
    """E6: no countdown: after an escape the others keep playing until everyone is out."""
    g = kit.game(2)
    escape(g, 0)
    take(g, 0, "artifact-5")
    kit.hand(g, 0, [])
    g.apply("end")
    assert not g.over and g.state.current == 1
    kit.end_turn(g)
    assert not g.over and g.state.current == 1                   # seat 0's turn was a cube draw


def test_e5_game_over_when_everyone_is_out(kit):
    """E5, INV-31: the game ends when no live player is left."""
    g = kit.game(2)
    escape(g, 1)
    take(g, 1, "artifact-5")
    p = g.player(0)
    take(g, 0, "artifact-7")
    kit.pawn(g, 0, "st-a.gate")
    kit.hand(g, 0, ["sidestep"])
    g.apply("play sidestep")
    g.apply("move st-a#0 0")
    g.apply("end")
    assert g.over and p.status == "escaped"
    assert g.legal_actions() == [] and g.current_player is None
    assert g.decision()["kind"] == "over"
    assert g.scores()[0]["total"] == 7 + 20 and g.winners() == [0]
