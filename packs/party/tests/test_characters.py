"""The six characters (P17, P18; expansions-design.md 5.9): each power and each unique card played
through the public API. Characters are handed out by seat (``characters=ID,ID``) so the seat
under test is known; the draft itself is in test_rules_p.py (P17)."""

from __future__ import annotations

from collections import Counter

import pytest
from clank.testing import give_token, script_bag, state_problems

from .conftest import Table


def hero(cid: str, other: str = "agnet", players: int = 2) -> Table:
    """A game where the first player plays ``cid`` (and the others other characters)."""
    rest = [c for c in ("agnet", "dallan", "garignar", "lenara", "whiskers", "monkeybot") if c not in (cid,)]
    names = [cid] + ([other] if other != cid else []) + [c for c in rest if c != other]
    t = Table(players, characters=",".join(names[:players]))
    assert t.seat == 0 and t.p().ext["party"]["character"] == cid
    return t


def board(t: Table, seat: int = 0) -> dict:
    return t.p(seat).ext["party"]


def test_character_decks_replace_the_starting_decks_and_cards_still_add_up():
    """P17: every seat's 10 cards are its character's; the core's conservation check (state_problems)
    still adds up (the game_cards modifier)."""
    t = Table(6, characters="agnet,dallan,garignar,lenara,whiskers,monkeybot")
    for seat in range(6):
        p = t.p(seat)
        deck = t.game.ruleset.tokens[board(t, seat)["character"]].ext["character"]["deck"]
        assert Counter(p.hand + p.deck + p.discard) == Counter(deck)
    assert state_problems(t.game) == []
    with pytest.raises(Exception, match="characters"):
        Table(3, characters="agnet,dallan")


# -- Agnet ---------------------------------------------------------------------------------
def test_agnet_conscripts_an_acquired_companion_onto_her_deck():
    """Agnet: acquiring a companion, she may spend a conscription token to put it on top of her
    deck instead of her discard pile."""
    t = hero("agnet")
    t.row("bandit", "swindle", "expert-guide", "lightstick", "pillage", "payoff")
    t.res(skill=4)
    t.do("buy 0")
    assert t.kind() == "conscript" and t.decider() == 0
    t.do("yes")
    assert t.p().deck[-1] == "bandit" and "bandit" not in t.p().discard
    assert board(t)["conscription"] == 3 and t.p().stats["conscriptions"] == 1


def test_agnet_is_not_asked_for_an_item():
    t = hero("agnet")
    t.row("swindle", "bandit", "expert-guide", "lightstick", "pillage", "payoff")
    t.res(skill=3)
    t.do("buy 0")
    assert t.kind() == "main" and "swindle" in t.p().discard


def test_agnet_cards_inspire_rally_cry_muster():
    """Inspire (+1 Skill; at the end of the turn a companion from play on top of the deck),
    Rally Cry (+1 Skill +1 Sword; with a companion in play draw 1), Muster (+1 Skill +1 Boot)."""
    t = hero("agnet")
    t.hand(0, "inspire", "rally-cry", "muster", "bandit")
    t.do("play bandit", "play inspire", "play muster")
    hand = len(t.p().hand)
    t.do("play rally-cry")
    assert len(t.p().hand) == hand and t.p().pool["skill"] == 4 and t.p().pool["boots"] == 2
    t.p().deck[0:0] = t.p().hand
    t.p().hand = []
    t.game.changed()
    t.do("end")
    assert t.kind() == "topdeck_companion" and "pick play bandit" in t.legal()
    t.do("pick play bandit")
    assert "bandit" in t.p(0).hand


# -- D'allan ---------------------------------------------------------------------------------
def test_dallan_finds_and_their_rewards():
    """D'allan: his first crown, idol, egg and artifact are Finds; Collection pays a gold per
    Find, Exhibit and Competition give one Find's reward (egg: -2 Clank!; crown: no Crystal Cave
    exhaustion; idol: trash a Burgle; artifact: buy market items from anywhere this turn)."""
    t = hero("dallan")
    for token in ("crown-10", "dragon-egg"):
        give_token(t.game, 0, token)
        t.game.emit("token_taken", seat=0, token=token)
    assert board(t)["finds"] == {"crown": "crown-10", "egg": "dragon-egg"}
    give_token(t.game, 0, "crown-9")
    t.game.emit("token_taken", seat=0, token="crown-9")
    assert board(t)["finds"]["crown"] == "crown-10"
    t.res(gold=0)
    t.hand(0, "collection", "exhibit", "competition")
    t.do("play collection")
    assert t.p().gold == 2
    t.game.state.clank_area["0"] = t.game.state.clank_area.get("0", 0) + 2
    t.p().cubes -= 2
    before = t.game.state.clank_area["0"]
    t.do("play exhibit")
    assert t.kind() == "find_reward"
    t.do("find egg")
    assert t.game.state.clank_area["0"] == before - 2 and t.p().stats["find_rewards"] == 1
    t.do("play competition", "find crown")
    assert t.game.has_flag("ignore_exhaustion") and t.p().pool["swords"] == 1


def test_dallan_artifact_find_buys_market_items_from_anywhere():
    t = hero("dallan")
    t.tile("de-01", 0, 2)
    t.at("de-01.throne")
    t.do(next(a for a in t.legal() if a.startswith("room artifact")))
    assert "artifact" in board(t)["finds"]
    t.res(gold=14)
    t.hand(0, "exhibit")
    t.do("play exhibit")
    buys = [a for a in t.legal() if a.startswith("market-anywhere")]
    assert "market-anywhere crown-10" in buys
    t.do("market-anywhere crown-10", "market-anywhere backpack")
    assert {"crown-10", "backpack"} <= set(t.p().tokens) and t.p().gold == 0


def test_P18_U21_market_items_from_anywhere_ask_how_to_pay_with_undercoins():
    """P18, U21: with the Underworld loaded too, a purchase from anywhere that gold or undercoins
    could pay asks how (each answer saying what it leaves) and the log says what was paid."""
    from clank import new_game
    from clank.labels import action_label, prompt_text
    from clank.testing import set_hand, set_pool

    game = new_game(["catacombs", "underworld", "party"], 2, 0)
    seat = game.state.current
    set_hand(game, seat, [])
    set_pool(game, seat, gold=6, undercoins=3)
    game.set_flag("market_anywhere")                  # what D'allan's artifact Find grants (P18)
    game.apply("market-anywhere backpack")
    view = game.view(seat)
    assert prompt_text(view) == "how do you pay 7 gold for Backpack?"
    assert action_label(view, game.legal_actions()[1]) == "pay 5 gold and 2 undercoins (leaves 1 gold, 1 undercoin)"
    game.apply("pay 1")
    me = game.player(seat)
    assert (me.gold, me.pool["undercoins"]) == (1, 1) and "backpack" in me.tokens
    assert game.log[-1].endswith("buys a Backpack for 5 gold and 2 undercoins.")


# -- Garignar ----------------------------------------------------------------------------------
def test_garignar_first_monster_card_each_turn_turns_the_carnage_wheel():
    """Garignar: the first Monster card he defeats each turn (the Goblin counts) moves the
    carnage token and gives that space's reward (space 1: +1 gold); the second does not;
    Trophy Hunter draws once a Monster card was defeated this turn."""
    t = hero("garignar")
    t.res(swords=4, gold=0)
    t.hand(0, "trophy-hunter", "bloodlust", "war-cry")
    t.do("fight-reserve goblin")
    assert board(t)["carnage"] == 1 and t.p().gold == 2            # the Goblin's 1 + space 1's 1
    t.do("fight-reserve goblin")
    assert board(t)["carnage"] == 1 and t.p().gold == 3
    hand = len(t.p().hand)
    t.do("play trophy-hunter")
    assert len(t.p().hand) == hand and t.p().stats["carnage_advances"] == 1
    t.do("play bloodlust", "play war-cry")
    assert t.p().pool["swords"] == 4 and t.p().pool["boots"] == 1


def test_garignar_wheel_goes_round():
    t = hero("garignar")
    board(t)["carnage"] = 6
    t.res(swords=2)
    t.do("fight-reserve goblin")
    assert board(t)["carnage"] == 1


# -- Lenara ------------------------------------------------------------------------------------
def test_lenara_mana_and_her_three_spells():
    """Lenara: Channel (+1 Skill, 2 mana), Study (draw 1, 1 mana), Arcane Focus (+1 Boot, 1 mana;
    +1 Skill once a spell was cast); mana at most 10; Transfigure (3: discard a card, draw one),
    Duplicate (5: copy a play text), Levitate (7: a blue row card into the hand, free); each
    spell once per turn."""
    t = hero("lenara")
    board(t)["mana"] = 9
    t.hand(0, "channel", "stumble", "arcane-focus", "study")
    t.do("play channel")
    assert board(t)["mana"] == 10 and t.p().pool["skill"] == 1
    t.do("spell transfigure")
    assert t.kind() == "pick"
    t.do("pick hand stumble")
    assert "stumble" in t.p().discard and len(t.p().hand) == 3 and board(t)["mana"] == 7
    assert "spell transfigure" not in t.legal()
    t.do("play arcane-focus")
    assert t.p().pool["skill"] == 2 and board(t)["mana"] == 8
    t.do("spell duplicate channel")
    assert t.p().pool["skill"] == 3 and board(t)["mana"] == 5
    board(t)["mana"] = 7
    t.row("expert-guide", "swindle", "ogre-merchant", "lightstick", "pillage", "payoff")
    assert "spell levitate 2" not in t.legal()                    # monsters are not blue
    t.do("spell levitate 0")
    assert "expert-guide" in t.p().hand and t.game.state.row[0] is None and board(t)["mana"] == 0
    assert t.p().stats["spells_cast"] == 3


# -- Whiskers ----------------------------------------------------------------------------------
def test_whiskers_flips_behaviour_tokens_and_forces_an_attack_sparing_his_cubes():
    """Whiskers: Cattitude (+1 Skill; flip a token: +2 of its resource), Saunter (+1 Boot; flip:
    +1), Nine Lives (heal 1, -1 Clank!); all three face down at the end of his turn: before the
    refill the dragon draws exactly 4 cubes, his own go back harmlessly; the tokens turn up."""
    t = hero("whiskers", players=3)
    t.hand(0, "cattitude", "saunter", "nine-lives")
    t.do("play cattitude", "flip skill")
    assert t.p().pool["skill"] == 3
    t.do("play saunter", "flip boots")
    assert t.p().pool["boots"] == 2
    board(t)["up"] = []
    t.do("play nine-lives")
    t.quiet_row()
    t.game.state.clank_area = {}
    for s in range(3):
        t.p(s).cubes = 30
    t.game.state.bag = {"0": 2, "1": 2, "black": 20}
    for s in (0, 1):
        t.p(s).cubes -= 2
    t.game.state.bank["black"] = 4
    script_bag(t.game, ["0", "1", "0", "black"])
    t.end()
    log = "\n".join(t.game.log)
    assert "The dragon draws 4 cube(s)" in log and "harmless" in log
    assert t.p(0).damage == [] and t.p(1).damage == ["own"]
    assert board(t)["up"] == ["skill", "swords", "boots"] and t.p(0).stats["forced_attacks"] == 1


# -- MonkeyBot Prime ---------------------------------------------------------------------------
def test_monkeybot_loses_a_cogwheel_to_a_damaging_attack_and_gains_revealed_rewards():
    """MonkeyBot Prime: a dragon attack that damages him removes the leftmost cogwheel (one per
    attack); at the start of each of his turns he gains every revealed reward (the first: remove 1 Clank!).
    Overclock (+2 Skill, +1 Clank!), Servo Arm (+1 Sword, +1 Boot), Self-Repair (heal 1, draw 1)."""
    t = hero("monkeybot")
    t.game.state.bag = {"0": 3, "black": 21}
    t.p(0).cubes -= 3
    t.game.state.bank["black"] = 3
    t.game.state.clank_area = {k: v for k, v in t.game.state.clank_area.items() if k != "0"}
    t.p(0).cubes = 30 - 3
    script_bag(t.game, ["0", "0", "black"])
    t.game.dragon_attack(3)
    t.game.run()
    assert len(t.p().damage) == 2 and board(t)["covered"] == 6 and t.p().stats["cogwheels_removed"] == 1
    t.hand(0, "overclock", "servo-arm", "self-repair")
    t.do("play overclock", "play servo-arm", "play self-repair")
    assert (t.p().pool["skill"], t.p().pool["swords"], t.p().pool["boots"]) == (2, 1, 1)
    assert len(t.p().damage) == 1
    t.quiet_row()
    t.end()
    t.decline_all()
    area = t.game.state.clank_area
    area["0"] = area.get("0", 0) + 2
    t.p(0).cubes -= 2
    before = area["0"]
    t.end()
    t.decline_all()
    assert t.game.state.current == 0 and t.game.state.clank_area["0"] == before - 1   # one revealed: -1 Clank!
    board(t)["covered"] = 0                                                  # all seven revealed
    t.game.state.current = 1
    t.quiet_row()
    t.end()
    t.decline_all()
    assert t.p(0).pool["skill"] == 1 and t.p(0).pool["boots"] == 1
