"""Tokens (G1-G34): secrets, prisoners, market items (K1-K5), artifacts, idols, mastery.

Tokens are taken through the API: Major Secrets with a Locked Trunk, Minor Secrets with a
Scavenger, prisoners with a Riot (each rigged to draw a known token). Scores come from
``game.scores()`` lines, with an artifact held so the player is eligible (E7).
"""

from __future__ import annotations

import pytest
from clank import IllegalAction

# -- taking tokens through cards ------------------------------------------------------------


def take_major(t, token: str) -> None:
    """Take a known Major Secret with a Locked Trunk."""
    t.next_token("major", token)
    t.use("locked-trunk", slot=5)


def take_minor(t, token: str) -> None:
    """Take a known Minor Secret by acquiring a Scavenger."""
    t.next_token("minor", token)
    t.buy("scavenger", slot=5)


def free(t, token: str) -> None:
    """Free a known prisoner by acquiring a Riot."""
    t.next_token("prisoner", token)
    t.buy("riot", slot=5)


# -- Major Secrets --------------------------------------------------------------------------


def test_catacombs_map_allows_moving_against_arrows(make):
    """Catacombs Map (G15, A10): its holder may move against one-way arrows; 5 VP."""
    b = make(options={"start_side": "B"})
    b.at("st-b.idols")
    b.res(boots=1)
    assert "st-b.cave" not in " ".join(b.legal())            # cave -> idols is one way
    take_major(b, "catacombs-map")
    assert "catacombs-map" in b.me.tokens
    b.res(boots=1)
    move = next(a for a in b.legal() if a.startswith("move "))
    b.do(move)
    assert b.me.room in ("st-b.cave", "st-b.hall")
    assert b.score()["Catacombs Map"] == 5


def test_chalice(t):
    """Chalice (G16): kept, 7 VP, not an artifact."""
    take_major(t, "chalice")
    assert "chalice" in t.me.tokens and "chalice" not in t.me.artifacts
    assert t.score()["Chalice"] == 7


def test_greater_skill_boost(t):
    """Greater Skill Boost (G17): +5 Skill at once, then out of the game."""
    take_major(t, "greater-skill-boost")
    assert t.pool("skill") == 5
    assert "greater-skill-boost" not in t.me.tokens
    assert "greater-skill-boost" in t.game.state.token_box


def test_greater_treasure_worth_5_gold(t):
    """Greater Treasure (G18, G1): counts as 5 gold at the end, or is cashed for 5 gold."""
    take_major(t, "greater-treasure")
    assert t.score()["gold"] == 5
    assert "cash greater-treasure" in t.legal()
    t.do("cash greater-treasure")
    assert t.me.gold == 5 and "greater-treasure" not in t.me.tokens
    assert t.score()["gold"] == 5


def test_potion_of_greater_healing(t):
    """Potion of Greater Healing (G19, T14): kept until used on your turn: heal 2, then gone."""
    take_major(t, "potion-of-greater-healing")
    t.hurt(3)
    assert "token potion-of-greater-healing" in t.legal()
    t.do("token potion-of-greater-healing")
    assert len(t.me.damage) == 1 and "potion-of-greater-healing" not in t.me.tokens


def test_locked_chest_room(t):
    """A14, R6: a chest costs a lockpick, gives a Major Secret, and can be opened only once."""
    t.tile("su-4", 1, 0)
    t.next_token("major", "chalice")
    t.at("su-4.vault")
    t.do("room locked_chest")
    assert "chalice" in t.me.tokens and t.me.pool.get("lockpicks", 0) == 2
    assert "room locked_chest" not in t.legal()


def test_A14_a_lock_asks_how_to_pay_when_something_pays_like_a_lockpick(tmp_path):
    """A14, R6: with a lockpick and a resource that pays like one, opening a chest asks which is
    spent (the question says what it opens, each answer what it leaves); the answer is spent,
    the chest opens and the log says what paid when it was not the lockpick. With one way to
    pay (lockpicks alone, as in every shipped game) nothing is asked: see test_locked_chest_room."""
    from clank import new_game
    from clank.labels import action_label, prompt_text
    from clank.testing import next_tokens, place, put_pawn, resource_pack, set_pool

    keys = resource_pack(tmp_path, "keys", "skeleton_keys", "lockpicks", ("skeleton key", "skeleton keys"))
    game = new_game(["catacombs", "keys"], 2, 0, modules={"keys": keys})
    seat = game.state.current
    place(game, "su-4", 1, 0)
    put_pawn(game, seat, "su-4.vault")
    next_tokens(game, "major", ["chalice"])
    set_pool(game, seat, lockpicks=1, skeleton_keys=1)
    game.apply("room locked_chest")
    view = game.view(seat)
    assert view.pending()["kind"] == "pay" and prompt_text(view) == "how do you pay 1 lockpick to open the chest?"
    assert [action_label(view, a) for a in game.legal_actions()] == [
        "pay 1 lockpick (leaves 0 lockpicks, 1 skeleton key)", "pay 1 skeleton key (leaves 1 lockpick, 0 skeleton keys)"]
    assert "chalice" not in game.player(seat).tokens
    game.apply("pay 1")
    me = game.player(seat)
    assert "chalice" in me.tokens and (me.pool["lockpicks"], me.pool["skeleton_keys"]) == (1, 0)
    assert any(line.endswith("pays 1 skeleton key.") for line in game.log[-3:]), game.log[-3:]
    assert "room locked_chest" not in [str(a) for a in game.legal_actions()]


# -- Minor Secrets --------------------------------------------------------------------------


def test_dragon_egg(t):
    """Dragon Egg (G20, D10): rage +1 at once; kept for 3 VP."""
    rage = t.game.state.rage
    take_minor(t, "dragon-egg")
    assert t.game.state.rage == rage + 1
    assert t.score()["Dragon Egg"] == 3


def test_lockpick_token(t):
    """Lockpick (G21): +1 lockpick, the token is removed."""
    take_minor(t, "lockpick-token")
    assert t.me.pool.get("lockpicks", 0) == 4 and "lockpick-token" not in t.me.tokens


def test_magic_spring_trashes_at_end_of_turn(t):
    """Magic Spring (G22, D1 step 0): at the end of the turn trash a card from play area or discard."""
    take_minor(t, "magic-spring")
    assert "magic-spring" not in t.me.tokens
    t.play("stumble")
    seat = t.seat
    t.hand()
    t.do("end")
    assert t.kind() == "pick" and t.game.decision()["seat"] == seat
    assert "pick play stumble" in t.legal()
    t.do("pick play stumble")
    assert "stumble" in t.game.state.box
    assert t.game.state.current != seat


@pytest.mark.parametrize("token,check", [
    ("potion-of-healing", lambda t: len(t.me.damage) == 1),
    ("potion-of-swiftness", lambda t: t.pool("boots") == 1),
    ("potion-of-strength", lambda t: t.pool("swords") == 2),
])
def test_minor_potions(t, token, check):
    """Potions (G23-G25, T14): kept until used once on your turn, then removed."""
    take_minor(t, token)
    t.hurt(2)
    assert token in t.me.tokens
    t.do(f"token {token}")
    assert check(t) and token not in t.me.tokens
    assert f"token {token}" not in t.legal()


def test_potion_usable_while_orienting_a_tile(t):
    """T14: a token may be used in the middle of a move, while a discovered tile waits (X8)."""
    take_minor(t, "potion-of-swiftness")
    t.at("st-a.idols")
    t.res(boots=1)
    t.do(next(a for a in t.legal() if a.startswith("explore ")))
    assert t.kind() == "orient"
    assert "token potion-of-swiftness" in t.legal()


def test_puzzle_box_swapped_in_wayshrine(t):
    """Puzzle Box (G26): kept until you enter a Wayshrine room, then swapped for a Major Secret."""
    take_minor(t, "puzzle-box")
    assert "puzzle-box" in t.me.tokens
    t.next_token("major", "chalice")
    t.res(boots=1)
    t.do("move st-a#1 0")
    assert t.me.room == "st-a.niche"
    assert "puzzle-box" not in t.me.tokens and "chalice" in t.me.tokens


def test_treasure_worth_2_gold(t):
    """Treasure (G27, G1): counts as 2 gold, or is cashed for 2 gold."""
    take_minor(t, "treasure")
    assert t.score()["gold"] == 2
    t.do("cash treasure")
    assert t.me.gold == 2


def test_minor_secret_room_once_per_turn(t):
    """R9: a minor-secret room pays once per turn; re-entering later in the turn gives nothing."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    n = len(t.game.state.pools["minor"])
    t.res(boots=3)
    t.do("move su-1#0 0")
    assert len(t.game.state.pools["minor"]) == n - 1
    t.do("move su-1#0 0", "move su-1#0 0")
    assert len(t.game.state.pools["minor"]) == n - 1


# -- Prisoners ------------------------------------------------------------------------------


def test_adventurer(t):
    """Adventurer (G2, D10): rage +1 at once; 3 VP."""
    rage = t.game.state.rage
    free(t, "adventurer")
    assert t.game.state.rage == rage + 1
    assert t.score()["Adventurer"] == 3


def test_barbarian(t):
    """Barbarian (G3): +2 Swords this turn; 2 VP."""
    free(t, "barbarian")
    assert t.pool("swords") == 2
    assert t.score()["Barbarian"] == 2


def test_cleric(t):
    """Cleric (G4): heal 1 at once; 2 VP."""
    t.hurt(2)
    free(t, "cleric")
    assert len(t.me.damage) == 1
    assert t.score()["Cleric"] == 2


def test_coupon_discount(t):
    """Coupon (G5, K7): takes 5 gold off one purchase, then leaves; never a prisoner; no VP."""
    free(t, "coupon")
    assert t.me.stats.get("prisoners_freed", 0) == 0
    assert "Discount Coupon" not in t.score()
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    t.res(gold=2)
    assert "room market backpack coupon" in t.legal()
    assert "room market backpack" not in t.legal()
    t.do("room market backpack coupon")
    assert t.me.gold == 0 and "backpack" in t.me.tokens and "coupon" not in t.me.tokens


def test_coupon_price_never_below_zero(t):
    """K7: the Coupon with a 5-gold remote price makes it free, no change given."""
    free(t, "coupon")
    t.play("golden-flute")
    t.res(gold=0)
    t.do("remote-buy burglars-kit coupon")
    assert t.me.gold == 0 and "burglars-kit" in t.me.tokens


def test_golden_monkey_bot(t):
    """Golden Monkey Bot (G6): counts as a Monkey Idol (Primatologist); scores 3, not 5."""
    free(t, "golden-monkey-bot")
    free(t, "primatologist")
    sc = t.score()
    assert sc["Golden Monkey Bot"] == 3 and sc["Primatologist"] == 5


def test_haunted_prisoner(t):
    """Haunted Prisoner (G7, D7): a ghost cube from the bank to the Clank! area; 3 VP."""
    ghosts = t.game.state.bank["ghost"]
    free(t, "haunted-prisoner")
    assert t.game.state.clank_area.get("ghost") == 1 and t.game.state.bank["ghost"] == ghosts - 1
    assert t.score()["Haunted Prisoner"] == 3


def test_haunted_prisoner_no_ghost_left(t):
    """Haunted Prisoner (R5 default): no ghost cube in the bank: nothing happens."""
    t.game.state.bank["ghost"] = 0
    free(t, "haunted-prisoner")
    assert t.game.state.clank_area.get("ghost", 0) == 0


def test_mayor(t):
    """Mayor (G8): 5 VP with a Mastery token, otherwise 0."""
    free(t, "mayor")
    assert t.score().get("Mayor", 0) == 0
    t.me.tokens.append("mastery")
    assert t.score()["Mayor"] == 5


def test_monk(t):
    """Monk (G9, TS-16): 1 VP per wayshrine mark placed."""
    free(t, "monk")
    assert t.score().get("Monk", 0) == 0
    t.at("st-a.niche")
    t.do("room wayshrine")
    t.tile("su-3", -1, 0)
    t.at("su-3.shrine")
    t.do("room wayshrine")
    assert t.me.gold == 1 + 2
    assert t.score()["Monk"] == 2


def test_peasant(t):
    """Peasant (G10): 2 VP."""
    free(t, "peasant")
    assert t.score()["Peasant"] == 2


def test_primatologist(t):
    """Primatologist (G11): 5 VP with a Monkey Idol, otherwise 0."""
    free(t, "primatologist")
    assert t.score().get("Primatologist", 0) == 0
    t.me.tokens.append("monkey-idol")
    assert t.score()["Primatologist"] == 5


@pytest.mark.parametrize("token,name", [("prince", "Prince"), ("princess", "Princess")])
def test_prince_and_princess(t, token, name):
    """Prince / Princess (G12): 5 VP with a Crown, otherwise 0."""
    free(t, token)
    assert t.score().get(name, 0) == 0
    t.me.tokens.append("crown-8")
    assert t.score()[name] == 5


def test_sorceress(t):
    """Sorceress (G13, C13): 5 VP with at least two Secret Tomes owned."""
    free(t, "sorceress")
    t.me.deck.append("secret-tome")
    assert t.score().get("Sorceress", 0) == 0
    t.me.discard.append("secret-tome")
    assert t.score()["Sorceress"] == 5


def test_warrior(t):
    """Warrior (G14): 1 VP per prisoner freed, itself included; the Coupon is no prisoner."""
    free(t, "warrior")
    assert t.score()["Warrior"] == 1
    free(t, "peasant")
    free(t, "coupon")
    assert t.score()["Warrior"] == 2


def test_brave_hero_with_prisoners_freed_through_cell(t):
    """Brave Hero (E8) with a cell (R6): 2 prisoners per lockpick count toward its 3."""
    t.tile("su-5", 1, 0)
    t.at("su-5.keep")
    t.next_token("prisoner", "peasant")
    t.next_token("prisoner", "cleric")
    t.do("room locked_cell")
    assert t.me.stats["prisoners_freed"] == 2
    t.me.deck.append("brave-hero")
    assert t.score()["cards"] == 0
    free(t, "barbarian")
    assert t.score()["cards"] == 5


# -- Market (K1-K5) -------------------------------------------------------------------------


@pytest.fixture
def shop(t):
    """Seat 0 in the Lantern Market with 50 gold."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    t.res(gold=50)
    return t


def test_market_prices_and_offer(shop):
    """K1: items cost 7 gold; one crown offered at a time; the Amulet needs 5 damage (K3)."""
    offers = {a for a in shop.legal() if a.startswith("room market")}
    assert offers == {"room market backpack", "room market burglars-kit", "room market crown-10"}
    shop.do("room market backpack")
    assert shop.me.gold == 43


def test_market_only_in_market_room(t):
    """R7: no market purchase outside a Market room."""
    t.res(gold=50)
    assert not [a for a in t.legal() if a.startswith("room market")]


def test_market_needs_7_gold(shop):
    """K1: 6 gold is not enough."""
    shop.res(gold=6)
    assert not [a for a in shop.legal() if a.startswith("room market")]


def test_crowns_sold_10_9_8(shop):
    """K5, INV-23: crowns leave highest first; each scores its value."""
    shop.do("room market crown-10", "room market crown-9", "room market crown-8")
    assert [x for x in shop.me.tokens if x.startswith("crown")] == ["crown-10", "crown-9", "crown-8"]
    assert not [a for a in shop.legal() if "crown" in a]
    shop.res(gold=0)
    sc = shop.score()
    assert (sc["Crown (10)"], sc["Crown (9)"], sc["Crown (8)"]) == (10, 9, 8)


def test_blood_amulet_needs_5_damage(shop):
    """Blood Amulet (K3): sold only with at least 5 damage; heal 2 on purchase; 7 VP."""
    shop.hurt(4)
    assert "room market blood-amulet" not in shop.legal()
    shop.hurt(1)
    shop.do("room market blood-amulet")
    assert len(shop.me.damage) == 3
    assert shop.score()["Blood Amulet"] == 7


def test_burglars_kit(shop):
    """Burglar's Kit (K4): +2 lockpicks on purchase; 2 VP; several may be bought (K1)."""
    shop.do("room market burglars-kit", "room market burglars-kit")
    assert shop.me.pool.get("lockpicks", 0) == 7
    assert shop.score()["Burglar's Kit"] == 4


def test_market_stock_runs_out(shop):
    """K1, INV-23: two Backpacks in stock, then none."""
    shop.do("room market backpack", "room market backpack")
    assert "room market backpack" not in shop.legal()


def test_a_clone_sells_from_its_own_market_board(shop):
    """K1, K5: the board's offers are kept per board contents, so a clone that empties a stack
    or sells a crown lists its own board, and the game it was cloned from still offers its own."""
    shop.legal()
    copy = shop.game.clone()
    for action in ("room market backpack", "room market backpack", "room market crown-10"):
        copy.apply(action)
    listed = {str(a) for a in copy.legal_actions() if str(a).startswith("room market")}
    assert listed == {"room market burglars-kit", "room market crown-9"}
    assert {a for a in shop.legal() if a.startswith("room market")} == {
        "room market backpack", "room market burglars-kit", "room market crown-10"}


# -- Artifacts, Backpack, idols, mastery ----------------------------------------------------


@pytest.fixture
def vaults(t):
    """Two artifact rooms next to the start tile (artifacts 5 and 7)."""
    t.tile("su-4", 1, 0)
    t.tile("su-5", -1, 0)
    return t


def test_take_artifact_raises_rage(vaults):
    """A13, D10: taking an artifact moves the dragon up 1; the room is then empty."""
    t = vaults
    rage = t.game.state.rage
    t.at("su-4.reliquary")
    assert t.legal().count("room artifact artifact-5") == 1
    t.do("room artifact artifact-5")
    assert t.me.artifacts == ["artifact-5"] and t.game.state.rage == rage + 1
    assert not [a for a in t.legal() if a.startswith("room artifact")]


def test_artifact_limit_one(vaults):
    """A13: without a Backpack a second artifact cannot be taken."""
    t = vaults
    t.at("su-4.reliquary")
    t.do("room artifact artifact-5")
    t.at("su-5.strongroom")
    assert not [a for a in t.legal() if a.startswith("room artifact")]


def test_backpack_raises_artifact_limit(vaults):
    """Backpack (K2, G29): one more artifact may be carried; 5 VP."""
    t = vaults
    t.me.tokens.append("backpack")
    t.at("su-4.reliquary")
    t.do("room artifact artifact-5")
    t.at("su-5.strongroom")
    t.do("room artifact artifact-7")
    assert t.me.artifacts == ["artifact-5", "artifact-7"]
    sc = t.score()
    assert sc["artifacts"] == 12 and sc["Backpack"] == 5


def test_artifact_values(t):
    """G33, S7: artifacts score their printed value; the stack is 5, 7, 10, 12, 15, 17, 20."""
    assert t.game.state.artifact_stack == ["artifact-5", "artifact-7", "artifact-10", "artifact-12",
                                           "artifact-15", "artifact-17", "artifact-20"]
    t.me.artifacts.append("artifact-17")
    assert t.score()["artifacts"] == 17


def test_monkey_idol_taken_on_entry(t):
    """Monkey Idol (R9, R10, G28): entering the Monkey Shrine takes one idol; 5 VP; not an artifact."""
    t.at("st-a.gate")
    t.res(boots=1)
    t.do("move st-a#2 0")
    assert t.me.tokens == ["monkey-idol"] and t.me.artifacts == []
    assert len(t.game.state.rooms["st-a.idols"]["tokens"]) == 2
    assert t.score()["Monkey Idol"] == 5


def test_no_artifact_scores_zero(t):
    """E7: a player holding no artifact scores 0 whatever else they hold."""
    t.me.tokens.append("chalice")
    t.res(gold=30)
    sc = t.game.scores()[t.seat]
    assert not sc["eligible"] and sc["total"] == 0


def test_escape_takes_mastery(t):
    """Mastery (E1, G34): entering the Crypt with an artifact escapes at the end of the turn with 20 VP."""
    t.me.artifacts.append("artifact-5")
    t.at("st-a.gate")
    t.res(boots=1)
    t.do("move st-a#0 0")
    with pytest.raises(IllegalAction):
        t.do("move st-a#1 0")                  # A18: no further move after entering the Crypt
    seat = t.seat
    t.end()
    p = t.game.player(seat)
    assert p.status == "escaped" and "mastery" in p.tokens and p.room is None
    sc = t.game.scores()[seat]
    assert dict(sc["lines"])["Mastery"] == 20


def test_crypt_closed_without_artifact(t):
    """A18: without an artifact the Crypt cannot be entered."""
    t.at("st-a.gate")
    t.res(boots=1)
    assert "move st-a#0 0" not in t.legal()
