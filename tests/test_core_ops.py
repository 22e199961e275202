"""Generic ops and conditions of the core used by packs' cards (C2, T8, H4, A2): paying
resources, gaining a reserve card into another zone, and the conditions that guard options
a player may not be able to carry out (can_pay, can_take_damage, reserve_has)."""

from __future__ import annotations

import pytest
from clank.plugin import EffectContext


def _run(game, seat: int, ops: list) -> None:
    """Compile and run an effect for ``seat`` (what a card's text does)."""
    addrs = game.ruleset.compiler.effect(ops)
    game.ruleset.program = game.ruleset.compiler.program
    game.push(addrs, seat, "")
    game.run()


def _test(game, seat: int, cond: dict) -> bool:
    return game.ruleset.compiler.condition(cond)(game, seat)


def test_pay_spends_what_the_player_has_and_nothing_otherwise(kit):
    g = kit.game(2)
    g.gain(0, "gold", 3)
    _run(g, 0, [{"pay": {"gold": 2}}])
    assert g.player(0).gold == 1
    _run(g, 0, [{"pay": {"gold": 2}}])
    assert g.player(0).gold == 1


def test_gain_card_into_the_hand_or_on_top_of_the_deck(kit):
    g = kit.game(2)
    p = g.player(0)
    hand, before = len(p.hand), g.state.reserve["explore"]
    _run(g, 0, [{"gain_card": {"card": "mercenary", "to": "hand"}}, {"gain_card": {"card": "explore", "to": "deck"}}])
    assert len(p.hand) == hand + 1 and p.hand[-1] == "mercenary" and p.deck[-1] == "explore"
    assert g.state.reserve["explore"] == before - 1
    _run(g, 0, [{"gain_card": "secret-tome"}])
    assert p.discard[-1] == "secret-tome"


@pytest.mark.parametrize(("cond", "want"), [
    ({"can_pay": {"gold": 2}}, True), ({"can_pay": {"gold": 3}}, False),
    ({"can_take_damage": 1}, True), ({"can_take_damage": 10}, False),
    ({"reserve_has": "mercenary"}, True), ({"reserve_has": "goblin"}, True)])
def test_conditions_guarding_what_a_player_can_carry_out(kit, cond, want):
    g = kit.game(2)
    g.gain(1, "gold", 2)
    assert _test(g, 1, cond) is want
    if "reserve_has" in cond:
        g.state.reserve[cond["reserve_has"]] = 0
        assert _test(g, 1, cond) is False


def test_effect_context_is_the_contract_an_op_receives(kit):
    g = kit.game(2)
    assert EffectContext(g, 1, "").player is g.player(1)


def test_the_testing_state_problems_reports_a_broken_state(kit):
    """``clank.testing.state_problems``: empty for a game as set up, in words for a lost cube."""
    from clank.testing import state_problems

    g = kit.game(3)
    assert state_problems(g) == []
    g.player(2).cubes -= 1
    assert any("cubes in all" in line for line in state_problems(g))


def test_pay_asks_how_when_what_pays_like_gold_could_stand_in() -> None:
    """C2, U21: the pay op with gold and a resource that pays like gold (undercoins) in the pool
    asks the player which to spend; with only one way it pays at once (the resource asked for
    first, then what stands in)."""
    from clank import new_game
    from clank.labels import action_label

    g = new_game(["catacombs", "underworld"], 2, 0)
    p = g.player(0)
    p.pool.update(gold=1, undercoins=2)
    g.changed()
    _run(g, 0, [{"pay": {"gold": 2}}])
    d = g.view(0).pending()
    assert d is not None and d["kind"] == "pay" and d["splits"] == [{"gold": 1, "undercoins": 1}, {"undercoins": 2}]
    assert [action_label(g.view(0), a) for a in g.legal_actions()] == [
        "pay 1 gold and 1 undercoin (leaves 0 gold, 1 undercoin)", "pay 2 undercoins (leaves 1 gold, 0 undercoins)"]
    g.apply("pay 1")
    assert (p.gold, p.pool["undercoins"]) == (1, 0)
    assert g.log[-1].endswith("pays 2 undercoins.")            # what stood in for the gold is said
    _run(g, 0, [{"pay": {"gold": 1}}])          # one way only: no question
    assert g.decision()["kind"] == "main" and p.gold == 0
    assert not g.log[-1].endswith("pays 1 gold.")               # the cost itself: the option's words said it
    p.pool["undercoins"] = 1
    _run(g, 0, [{"pay": {"gold": 1}}])          # one way, not gold: said
    assert g.log[-1].endswith("pays 1 undercoin.") and p.pool["undercoins"] == 0


def test_a_gain_from_an_empty_stack_is_not_logged(kit):
    """C2: an empty reserve stack gives nothing, and the log says nothing of it."""
    g = kit.game(2)
    g.state.reserve["secret-tome"] = 0
    before = list(g.log)
    _run(g, 0, [{"gain_card": "secret-tome"}])
    assert g.log == before and "secret-tome" not in g.player(0).discard
    g.state.reserve["secret-tome"] = 1
    _run(g, 0, [{"gain_card": "secret-tome"}])
    assert g.log[-1] == "P1 gains Secret Tome."
