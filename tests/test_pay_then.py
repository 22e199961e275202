"""A pack's purchase outside a market asks how to pay as a market does (U13, U21, K8): the
catacombs pack's set-price take (``take_market_item`` with a price, here on a test card) pays
through ``game.pay_then``, so with gold and undercoins that could both pay the player is asked
(the decision ``pay``), each answer spends what it says, the item is handed over and the log
says what was spent; with one way to pay nothing is asked; a wrong answer is refused and
changes nothing; the question survives save, load and clone; the web table shows it in words
(the terminal table: tests/test_tui_choices.py)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from clank import Game, IllegalAction, new_game
from clank.labels import action_label, prompt_text
from clank.testing import (
    assert_refused,
    give_token,
    set_hand,
    set_pool,
    state_json,
    state_problems,
    write_pack,
)

BROKER = "market-broker"
CARDS = f"""\
- id: {BROKER}
  name: Market Broker
  kind: dungeon
  type: item
  count: 1
  cost: {{skill: 2}}
  points: 0
  text: "Take one market item for 7 gold."
  play: [take_market_item: {{price: 7}}]
"""
SPLITS = [{"gold": 6, "undercoins": 1}, {"gold": 5, "undercoins": 2}, {"gold": 4, "undercoins": 3}]
WORDS = ["pay 6 gold and 1 undercoin (leaves 0 gold, 2 undercoins)",
         "pay 5 gold and 2 undercoins (leaves 1 gold, 1 undercoin)",
         "pay 4 gold and 3 undercoins (leaves 2 gold, 0 undercoins)"]


@pytest.fixture(scope="module")
def broker_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data pack with one card that takes a market item for 7 gold (Ogre Merchant's op with a price)."""
    return write_pack(tmp_path_factory.mktemp("packs"), "broker", {"cards.yaml": CARDS})


def broker_game(pack: Path, gold: int, undercoins: int, underworld: bool = True,
                tokens: tuple[str, ...] = ()) -> tuple[Game, int]:
    """Seat to play with the Market Broker played (its take_item question open), the pool and
    the tokens given."""
    game = new_game(["catacombs", str(pack), *(["underworld"] if underworld else [])], 2, 0)
    seat = game.state.current
    st = game.state
    if BROKER in st.dungeon_deck:                   # the one copy goes to the hand (counts stay right)
        st.dungeon_deck.remove(BROKER)
    else:
        st.row[st.row.index(BROKER)] = None
    set_hand(game, seat, [BROKER])
    set_pool(game, seat, gold=gold, **({"undercoins": undercoins} if underworld else {}))
    for token in tokens:
        give_token(game, seat, token)
    game.apply(f"play {BROKER}")
    assert game.decision()["kind"] == "take_item"
    return game, seat


def asked(pack: Path) -> tuple[Game, int]:
    """The pay question of a Backpack taken for 7 gold, with 6 gold and 3 undercoins."""
    game, seat = broker_game(pack, 6, 3)
    game.apply("item backpack")
    assert game.decision()["kind"] == "pay"
    return game, seat


def test_U21_a_set_price_take_asks_how_to_pay_in_words(broker_pack: Path) -> None:
    """U13, U21, K8: 7 gold asked, 6 gold and 3 undercoins held: three ways, each saying what it
    spends and leaves; the take's own answers say the price."""
    game, seat = broker_game(broker_pack, 6, 3)
    view = game.view(seat)
    assert "take Backpack for 7 gold" in [action_label(view, a) for a in game.legal_actions()]
    game.apply("item backpack")
    view = game.view(seat)
    assert view.pending()["splits"] == SPLITS
    assert prompt_text(view) == "how do you pay 7 gold for Backpack?"
    assert [str(a) for a in game.legal_actions()] == ["pay 0", "pay 1", "pay 2"]
    assert [action_label(view, a) for a in game.legal_actions()] == WORDS
    assert "backpack" not in game.player(seat).tokens            # nothing handed over yet


@pytest.mark.parametrize("answer", [0, 1, 2])
def test_U21_each_answer_spends_what_it_says_and_hands_the_item_over(broker_pack: Path, answer: int) -> None:
    """U21: the answer chosen is what leaves the pool, the Backpack is the player's (K4: its
    purchase effect too), and the log says what was spent."""
    game, seat = asked(broker_pack)
    on_board = game.state.market["market"].count("backpack")
    game.apply(f"pay {answer}")
    me = game.player(seat)
    spent = SPLITS[answer]
    assert (me.gold, me.pool["undercoins"]) == (6 - spent["gold"], 3 - spent["undercoins"])
    assert "backpack" in me.tokens and game.state.market["market"].count("backpack") == on_board - 1
    u = spent["undercoins"]
    said = f"for {spent['gold']} gold and {u} undercoin{'s' if u > 1 else ''}."
    assert any(line.endswith(f"buys a Backpack {said}") for line in game.log[-3:]), game.log[-3:]
    assert game.decision()["kind"] == "main" and not state_problems(game)


def test_U21_one_way_to_pay_asks_nothing(broker_pack: Path) -> None:
    """U21: gold only, undercoins only, or no resource that pays like gold loaded: one way, paid
    at once, the log saying what it was."""
    for gold, coins, said in ((9, 0, "7 gold"), (0, 7, "7 undercoins"), (7, 0, "7 gold")):
        game, seat = broker_game(broker_pack, gold, coins)
        game.apply("item backpack")
        me = game.player(seat)
        assert game.decision()["kind"] == "main" and "backpack" in me.tokens
        assert (me.gold, me.pool.get("undercoins", 0)) == (gold - 7 if gold >= 7 else 0, coins - 7 if coins else 0)
        assert any(line.endswith(f"buys a Backpack for {said}.") for line in game.log[-3:])
    game, seat = broker_game(broker_pack, 9, 0, underworld=False)
    game.apply("item backpack")
    assert game.decision()["kind"] == "main" and game.player(seat).gold == 2


def test_U21_a_coupon_is_used_up_and_the_price_it_leaves_is_split(broker_pack: Path) -> None:
    """K7, U21: a Coupon takes 5 off the set price; the 2 gold left may be paid with gold or
    undercoins, asked; the Coupon is gone once the way to pay is chosen."""
    game, seat = broker_game(broker_pack, 1, 2, tokens=("coupon",))
    game.apply("item backpack coupon")
    assert game.view(seat).pending()["splits"] == [{"gold": 1, "undercoins": 1}, {"undercoins": 2}]
    assert prompt_text(game.view(seat)) == "how do you pay 2 gold for Backpack?"
    assert "coupon" not in game.player(seat).tokens
    game.apply("pay 1")
    me = game.player(seat)
    assert (me.gold, me.pool["undercoins"]) == (1, 0) and "backpack" in me.tokens
    assert any(line.endswith("buys a Backpack for 2 undercoins.") for line in game.log[-3:])


def test_a_wrong_answer_is_refused_in_words_and_changes_nothing(broker_pack: Path) -> None:
    """An answer that is not one of the ways (or not an answer of this question) is refused,
    saying what is being decided; the game is as it was."""
    game, _ = asked(broker_pack)
    for wrong in ("pay 3", "item backpack", "pay -1", "end"):
        reason = assert_refused(game, wrong)
        assert reason == "seat 0 must first decide: how do you pay 7 gold for Backpack?"
    with pytest.raises(IllegalAction):
        game.apply("pay one")


def test_the_question_survives_save_load_and_clone(broker_pack: Path) -> None:
    """The question is data: saved mid-question (the step to carry on with, by name, and its
    plain data), loaded or cloned, each copy answers to the same game."""
    game, seat = asked(broker_pack)
    d = json.loads(game.to_json())["state"]["decision"]
    assert d["then"] == "take_item_paid" and d["data"] == {"item": "backpack", "board": "market"}
    loaded = Game.from_json(game.ruleset, game.to_json())
    clone = game.clone()
    for copy in (loaded, clone):
        assert [str(a) for a in copy.legal_actions()] == ["pay 0", "pay 1", "pay 2"]
        copy.apply("pay 2")
    game.apply("pay 2")
    assert state_json(loaded) == state_json(game) == state_json(clone)
    assert "backpack" in game.player(seat).tokens


def test_a_save_whose_question_carries_on_with_an_unknown_step_is_refused(broker_pack: Path) -> None:
    """A save (foreign or edited) whose pay question names a step no loaded pack registered is
    refused at load, naming the step, rather than failing when the question is answered."""
    game, _ = asked(broker_pack)
    data = json.loads(game.to_json())
    data.pop("sha256")                               # written by another tool: no digest
    data["state"]["decision"]["then"] = "take_itme_paid"
    with pytest.raises(ValueError, match="corrupt save: .*unknown step 'take_itme_paid'"):
        Game.from_json(game.ruleset, json.dumps(data))


def test_pay_then_names_a_step_that_is_not_registered(broker_pack: Path) -> None:
    """A pack that asks to carry on with a step nobody registered is told which, before anything is spent."""
    game, seat = asked(broker_pack)
    game.apply("pay 0")
    before = state_json(game)
    with pytest.raises(KeyError, match="pay_then: no step 'take_itme_paid' is registered"):
        game.pay_then(seat, {"gold": 0}, "take_itme_paid", {})
    assert state_json(game) == before


def test_the_web_table_shows_the_question_in_words(broker_pack: Path) -> None:
    """The web table's state message carries the prompt and each answer's words."""
    from clank_web.lobby import HUMAN
    from clank_web.present import state_message

    game, seat = asked(broker_pack)
    room = SimpleNamespace(game=game, id="g", version=1, stopped=False,
                           seats=[SimpleNamespace(kind=HUMAN, bot=None) for _ in game.state.players])
    message = state_message(room, seat)
    assert message["prompt"] == "how do you pay 7 gold for Backpack?"
    assert [a["label"] for a in message["actions"]] == WORDS
    assert [a["text"] for a in message["actions"]] == ["pay 0", "pay 1", "pay 2"]


def test_a_question_with_neither_item_nor_purpose_still_reads_as_words(broker_pack: Path) -> None:
    """pay_then without an item or a purpose asks "how do you pay 2 gold?" (never "for ?")."""
    game, seat = asked(broker_pack)
    game.apply("pay 0")
    set_pool(game, seat, gold=2, undercoins=1)
    game.pay_then(seat, {"gold": 2}, "take_item_paid", {"item": "crown-10", "board": "market"})
    assert prompt_text(game.view(seat)) == "how do you pay 2 gold?"
    game.apply("pay 0")
    me = game.player(seat)
    assert "crown-10" in me.tokens and (me.gold, me.pool["undercoins"]) == (0, 1)
