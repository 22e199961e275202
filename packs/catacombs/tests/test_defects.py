"""Rules defects found by outside testing (issue 11 items 1-4), each with the rule it breaks."""

from __future__ import annotations

import clank_catacombs
from clank import Game
from clank.testing import arranged_game, dungeon_top, set_hand

MODULES = {"catacombs": clank_catacombs}


def _setup_with_row(first_six: list[str], players: int = 2, seed: int = 0) -> Game:
    """A game whose setup row is dealt from ``first_six`` (S14)."""
    return arranged_game(["catacombs"], players, seed, modules=MODULES,
                         arrange=lambda g: dungeon_top(g, first_six))


def test_setup_row_arrive_clank_is_not_turn_one_clank():
    """Issue 11 item 1 (S19, C3, C11b): the setup row's Arrive texts resolve before the first
    turn and their Clank! is not Clank! the first player made on turn 1: Stumble + Lute then
    pay 2 gold (Lute's own +1 and the Stumble), not 3."""
    g = _setup_with_row(["archoverlord", "swindle", "pillage", "payoff", "bard", "flamboyance"])
    assert "archoverlord" in g.state.row
    assert g.state.turn.stats.get("clank_made", 0) == 0
    assert all(p.stats.get("clank_made", 0) == 0 for p in g.state.players)
    p = g.player(g.state.current)
    set_hand(g, p.seat, ["lute", "stumble"])
    gold = p.gold
    g.apply("play stumble")
    g.apply("play lute")
    assert p.gold - gold == 2


def test_waystone_stays_available_while_in_a_wayshrine(t):
    """Issue 11 item 2 (Waystone; C8, C9): its trash-and-teleport stays available while the
    player is in a Wayshrine room that turn, not only at the moment the condition first holds;
    not using it at once keeps it available."""
    t.tile("su-3", -1, 0)
    t.play("waystone")                                 # played in the Crypt: not available
    assert "ability waystone" not in t.legal()
    t.at("st-a.niche")                                 # later this turn: in a Wayshrine
    assert "ability waystone" in t.legal()
    t.hand("burgle")
    t.play("burgle")                                   # doing something else first ...
    assert "ability waystone" in t.legal()             # ... it is still there
    t.do("ability waystone")
    assert "teleport wayshrine su-3.shrine" in t.legal()


def test_marble_guardian_with_no_tile_does_nothing(t):
    """Issue 11 item 3 (X12; content-facts open question: "Dusty Map/Marble Guardian then do
    nothing"): no tile can be placed, so no reward at all (it used to pay 2 gold)."""
    t.game.state.stacks["catacombs"] = []
    t.fight("marble-guardian")
    assert t.me.gold == 0 and t.kind() == "main"


def test_declining_one_tourmaline_offers_the_other(t):
    """Issue 11 item 4 (D7, C10): with White and Black Tourmaline in hand, declining the first
    offer to prevent a ghost's damage offers the second."""
    st = t.game.state
    other = (t.seat + 1) % 2
    t.game.player(other).hand = ["black-tourmaline", "white-tourmaline"]
    st.clank_area = {}
    st.bag = {"ghost": 1, "black": 1}
    st.rage = 0
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")
    t.end()
    offered = []
    while t.kind() == "react" and t.game.decision()["seat"] == other:
        offered.append(t.game.state.decision["card"])
        t.do("no" if len(offered) == 1 else "yes")
    assert offered == ["black-tourmaline", "white-tourmaline"]
    p = t.game.player(other)
    assert p.damage == [] and "white-tourmaline" in p.discard and "black-tourmaline" in p.hand
