"""The Underworld's rooms, economy and scoring (RULES.md U0, U2-U25, U35-U38, U41) and the worked
examples TS-29, TS-31, TS-32, TS-36 and TS-37, through the public API."""

from __future__ import annotations

from clank.plugin import HIDDEN

HUB = "uw-start-a"
GATE, LAIR, LYRE, LIBRARY, ROOST, PRISON = (f"{HUB}.{r}" for r in ("gate", "lair", "lyre", "library", "roost", "prison"))


def test_U0_what_no_source_gives_is_data_marked_provisional(u):
    """U0: the layouts, the 50 cards, counts and authored values are configuration (data marked
    provisional), not code."""
    rs = u.game.ruleset
    assert all(t.provisional for t in rs.tiles.values() if t.id.startswith(("uw", "ud")))
    assert all(c.data.get("provisional") for c in rs.cards.values() if c.pack == "underworld")
    assert sum(c.count for c in rs.cards.values() if c.pack == "underworld") == 50
    assert len({c.id for c in rs.cards.values() if c.pack == "underworld"}) == 32


# -- U2-U6: the Guardian and the enhancers ----------------------------------------------------

def test_U2_entering_the_lair_means_3_swords_or_2_damage(u):
    """U2: entering while the Guardian is there: defeat it with 3 Swords or take 2 damage."""
    u.at(GATE)
    u.res(boots=1, swords=3)
    u.move_to(LAIR)
    assert u.kind() == "uw_fight" and u.legal() == ["fight", "endure"]
    u.do("endure")
    assert len(u.me.damage) == 2 and u.room(LAIR)["guardian"]


def test_U3_staying_costs_nothing_a_later_fight_is_possible_and_entry_needs_one_option(u):
    """U3: no more damage for staying; fight it later while there; with fewer than 3 Swords and 2
    damage not legally takeable (H4), no entry."""
    u.hurt(8)
    u.at(GATE)
    u.res(boots=1, swords=2)
    assert not any(a.startswith("move ") and "#10" in a for a in u.legal())     # gate-lair
    reason = u.game.may_enter(u.seat, LAIR)
    assert reason and "U3" in reason
    u.res(swords=3)
    u.move_to(LAIR)
    assert u.legal() == ["fight"]
    u.do("fight")
    assert not u.room(LAIR).get("guardian")


def test_U4_the_defeater_takes_the_2x_enhancer_and_the_trophy_outside_the_carry_limit(u):
    """U4: two separate optional rewards; the trophy raises rage, counts as an artifact (escape,
    eligibility) but not toward the limit; a declined trophy leaves the game."""
    u.at(LAIR)
    u.res(swords=3)
    rage = u.game.state.rage
    u.do("room guardian fight")
    assert u.kind() == "guardian_reward" and u.legal() == ["both", "enhancer", "trophy", "neither"]
    u.do("both")
    assert "guardian-trophy" in u.me.artifacts and "enhancer-2x" in u.me.tokens
    assert u.game.state.rage == rage + 1
    assert u.game.carried_artifacts(u.seat) == 0 and u.game.scores()[u.seat]["eligible"]
    assert u.me.stats["guardian_defeated"] == 1


def test_U4_declined_rewards_leave_the_game_without_rage(make):
    """U4, U5 defaults: a declined trophy and a declined 2× leave the game; no rage change."""
    u = make()
    u.at(LAIR)
    u.res(swords=3)
    rage = u.game.state.rage
    u.do("room guardian fight", "neither")
    assert u.game.state.rage == rage and not u.me.artifacts
    assert {"guardian-trophy", "enhancer-2x"} <= set(u.game.state.token_box)
    assert u.room(LAIR)["enhancers"] == ["enhancer-1-5x", "enhancer-1-5x"]


def test_U5_a_1_5x_enhancer_only_after_the_defeat_one_per_player(u):
    """U5: no 1.5× before the defeat; afterwards any other player in the lair may take one (any
    time in their turn, optional); nobody holds two enhancers."""
    u.at(LAIR)
    assert not any(a.startswith("room enhancers") for a in u.legal())
    u.res(swords=3)
    u.do("room guardian fight", "both")
    assert not any(a.startswith("room enhancers") for a in u.legal())        # holds the 2x
    u.end()
    other = u.game.state.current
    u.seat = other
    u.hand()
    u.at(LAIR)
    assert u.legal().count("room enhancers enhancer-1-5x") == 1
    u.do("room enhancers enhancer-1-5x")
    assert "enhancer-1-5x" in u.me.tokens and not any(a.startswith("room enhancers") for a in u.legal())


def test_U6_the_best_artifact_is_multiplied_rounding_up_and_ties_compare_enhanced_values(u):
    """U6: best artifact × factor, rounded up (16×2 → +16; 15×1.5 → +8); a tie on points is broken
    by the enhanced best artifact, then the unmodified one."""
    g = u.game
    me, other = g.player(u.seat), g.player(u.other)
    me.artifacts[:] = ["magic-lyre"]
    g.state.rooms[LYRE]["lyre"].clear()
    me.tokens.append("enhancer-2x")
    g.state.rooms[LAIR]["enhancers"].remove("enhancer-2x")
    other.artifacts[:] = ["artifact-15"]
    g.state.artifact_stack.remove("artifact-15")
    other.tokens.append("enhancer-1-5x")
    g.state.rooms[LAIR]["enhancers"].remove("enhancer-1-5x")
    lines = {s["seat"]: dict(s["lines"]) for s in g.scores()}
    assert lines[u.seat]["enhancer"] == 16 and lines[u.other]["enhancer"] == 8
    from clank_underworld.denizens import enhanced_best
    assert (enhanced_best(g, u.seat), enhanced_best(g, u.other)) == (32, 23)


def test_TS29_guardian_fight_or_take_2(make):
    """TS-29 (U2-U5, H4, D10, INV-20): Red fights with 3 Swords and 1 artifact: ×2 and trophy,
    rage +1, and still no second artifact without a Backpack; Green (8 damage, < 3 Swords) may
    not enter; Blue (7 damage) enters and takes 2 (9), may take no 1.5× before the defeat, then
    one after Red's, and no second enhancer."""
    u = make(players=3)
    red, green, blue = u.seat, (u.seat + 1) % 3, (u.seat + 2) % 3
    g = u.game
    g.player(red).artifacts.append(g.state.artifact_stack.pop(0))
    u.hurt(8, seat=green)
    u.hurt(7, seat=blue)
    for s in (green, blue):
        u.at(GATE, seat=s)
    u.res(seat=green, swords=2)
    assert g.may_enter(green, LAIR)
    u.res(seat=blue, swords=0)
    assert g.may_enter(blue, LAIR) is None
    # Blue enters first (as if on its turn) and endures
    g.state.current = blue
    u.seat = blue
    u.res(boots=1)
    u.move_to(LAIR)
    u.do("endure")
    assert len(g.player(blue).damage) == 9
    assert not any(a.startswith("room enhancers") for a in u.legal())
    # Red's turn: enters and fights
    g.state.current = red
    u.seat = red
    u.at(GATE)
    u.res(boots=1, swords=3)
    rage = g.state.rage
    u.move_to(LAIR)
    u.do("fight", "both")
    assert g.state.rage == rage + 1 and "enhancer-2x" in g.player(red).tokens
    assert g.carried_artifacts(red) == 1 == g.artifact_limit(red)
    assert not any(a.startswith("room lyre") for a in u.legal())
    # Blue again: one 1.5x, not two
    g.state.current = blue
    u.seat = blue
    u.res(boots=0)
    u.do("room enhancers enhancer-1-5x")
    assert not any(a.startswith("room enhancers") for a in u.legal())
    assert len(g.player(blue).damage) == 9


# -- U7: the lyre -------------------------------------------------------------------------------

def test_U7_the_lyre_is_taken_only_in_its_room_as_an_artifact(u):
    """U7: a 16-point artifact taken only there: +1 rage, within the carry limit; nothing moves it."""
    u.at(LYRE)
    rage = u.game.state.rage
    assert "room lyre magic-lyre" in u.legal()
    u.do("room lyre magic-lyre")
    assert u.me.artifacts == ["magic-lyre"] and u.game.state.rage == rage + 1
    assert u.score()["artifacts"] == 16
    assert "magic-lyre" not in u.game.state.artifact_stack


def test_U7_the_lyre_needs_a_free_artifact_slot(u):
    """U7 default: it counts toward the carry limit."""
    u.me.artifacts.append(u.game.state.artifact_stack.pop(0))
    u.at(LYRE)
    assert not any(a.startswith("room lyre") for a in u.legal())
    # ... and the player standing there is told why (the feature's `unavailable` callback)
    from clank.labels import room_notes
    assert room_notes(u.game.view(u.seat)) == [
        "lyre: the magic lyre is an artifact, and you already carry an artifact, as many as you may"]
    assert room_notes(u.game.view(u.other)) == []                 # not the other seat's turn
    from clank import Action
    assert u.game.explain(Action.parse("room lyre magic-lyre")).startswith("the magic lyre is an artifact")
    u.me.artifacts.clear()
    u.game.changed()
    assert room_notes(u.game.view(u.seat)) == []                  # offered now: nothing to say


# -- U8-U10: the imps ---------------------------------------------------------------------------

def test_U8_the_first_entry_into_the_library_takes_the_top_imp(u):
    """U8: the first entry takes the top imp (×4); later entries give nothing; a holder gets none."""
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=2)
    u.move_to(LIBRARY)
    assert "imp-archivist" in u.me.tokens and u.room(LIBRARY)["imps"] == ["imp-inkpot", "imp-dogear"]
    u.move_to(LAIR)
    u.res(boots=1)
    u.move_to(LIBRARY)
    assert u.room(LIBRARY)["imps"] == ["imp-inkpot", "imp-dogear"]


def test_U9_each_tome_gained_by_an_imp_holder_sends_two_row_cards_to_the_dungeon_discard(u):
    """U9: a Secret Tome (or a card counting as one) gained: two row cards of the holder's choice
    go to the dungeon discard; the row waits for the end of the turn."""
    u.safe_row()
    u.give("imp-archivist")
    u.res(skill=7)
    u.do("reserve secret-tome")
    assert u.kind() == "imp_tax"
    u.do("slot 0", "slot 3")
    assert u.game.state.row[0] is None and u.game.state.row[3] is None
    assert u.game.state.dungeon_discard[-2:] == ["lightstick", "bandit"]
    u.give("book-of-the-dead")          # a tome at game end only: no tax when gained
    assert u.kind() == "main"


def test_U10_an_imp_scores_its_value_per_secret_tome_owned(u):
    """U10: value × Secret Tomes owned, the Book of the Dead counting at game end."""
    u.give("imp-inkpot")
    u.me.discard += ["secret-tome", "secret-tome"]
    u.give("book-of-the-dead")
    assert u.score()["Inkpot Imp"] == 9


def test_TS31_imp_helper(make):
    """TS-31 (U8-U10, C13, A19): the ×4 imp taken on first entry, nothing later, none for a holder;
    a tome opened: 2 row cards to the dungeon discard, the row at 4 until the refill; at the end
    2 Secret Tomes + the Book of the Dead + a Book of Wisdom: the imp scores 16."""
    u = make()
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=1)
    u.give("imp-dogear", seat=u.other)
    u.move_to(LIBRARY)
    assert "imp-archivist" in u.me.tokens
    u.safe_row()
    u.res(skill=7)
    u.do("reserve secret-tome", "slot 1", "slot 2")
    assert sum(c is not None for c in u.game.state.row) == 4
    u.me.discard += ["secret-tome", "book-of-wisdom"]
    u.give("book-of-the-dead")
    assert u.score()["Archivist Imp"] == 16


# -- U11, U12: fate rooms and cards ---------------------------------------------------------------

def _fate_room(u):
    u.slot("uw-6", "B")
    u.at("uw-6.tower")
    u.res(boots=3)


def test_U11_the_first_entry_into_a_fate_room_draws_3_keep_1_later_nothing(u):
    """U11: draw 3, keep 1, the others to the bottom; a later entry into any fate room does nothing;
    at the limit nothing is drawn."""
    _fate_room(u)
    pool = u.game.state.pools["fate"]
    for card in ("fate-moon", "fate-sun", "fate-world"):
        u.next_token("fate", card)
    u.move_to("uw-6.fate")
    assert u.kind() == "fate_keep"
    assert u.legal() == ["keep fate-world", "keep fate-sun", "keep fate-moon"]
    from clank.labels import action_label  # each choice shows the card's text
    view = u.game.view(u.seat)
    sun = u.game.token_defs["fate-sun"]
    assert action_label(view, u.game.legal_actions()[1]) == f"keep The Sun ({sun.text})"
    u.do("keep fate-sun")
    assert "fate-sun" in u.me.tokens and pool[:2] == ["fate-moon", "fate-world"]
    assert u.me.stats["fate_cards"] == 1
    u.move_to("uw-6.tower")
    u.move_to("uw-6.fate")
    assert u.kind() == "main" and len(pool) == 21


def test_U12_a_hidden_fate_card_is_seen_only_by_its_owner(u):
    """U12: kept face down, visible to its owner; other seats see a hidden card."""
    _fate_room(u)
    u.next_token("fate", "fate-temperance")
    u.move_to("uw-6.fate")
    u.do("keep fate-temperance")
    assert "fate-temperance" in u.game.view(u.seat).me.tokens
    assert HIDDEN in u.game.view(u.other).player(u.seat).tokens
    assert "fate-temperance" not in str(u.game.view_dict(u.other))
    assert u.score()["Temperance"] == 4


def test_TS36_fate_rooms_and_judgement(make):
    """TS-36 (U11, U12, D11, G47): first entry: 3 drawn, 1 kept, 2 to the bottom; later nothing;
    the Gauntlets: 3 drawn, a second card kept; Judgement kept: revealed, the dragon attacks at
    once (rage and Danger), 5 points."""
    u = make()
    pool = u.game.state.pools["fate"]
    for card in ("fate-star", "fate-hermit", "fate-emperor"):
        u.next_token("fate", card)
    _fate_room(u)
    u.move_to("uw-6.fate")
    u.do("keep fate-emperor")
    assert pool[:2] == ["fate-star", "fate-hermit"]
    u.slot("uw-1", "C")
    u.at("uw-1.market")
    u.res(gold=7)
    u.next_token("fate", "fate-tower")
    u.do("room underworld-market gauntlets-of-destiny")
    assert u.kind() == "fate_keep"
    u.do("keep fate-tower")
    assert sum(1 for t in u.me.tokens if t.startswith("fate-")) == 2
    # Green keeps Judgement (a Hollow Judge's draw): revealed, an attack at once
    red = u.seat
    u.seat = u.game.state.current = u.other
    u.hand()
    u.next_token("fate", "fate-judgement")
    u.fight("hollow-judge")
    assert u.kind() == "fate_keep"
    u.do("keep fate-judgement")
    assert any(line.startswith("The dragon draws") for line in u.game.log[-4:])
    assert "fate-judgement" in u.game.view(red).player(u.seat).tokens        # revealed to all
    assert u.score()["Judgement"] == 5


# -- U13: the Underworld market ----------------------------------------------------------------------

def test_U13_underworld_items_only_in_underworld_market_rooms_and_only_them_there(u):
    """U13: in an Underworld market room only the Underworld items are offered; in a regular market
    room only the regular ones (and the River Lamp); undercoins pay like gold."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=3, undercoins=4)
    offered = {a.split()[2] for a in u.legal() if a.startswith("room underworld-market")}
    assert offered == {"boots-of-the-wind", "gauntlets-of-destiny", "jesters-cap", "river-boat"}
    assert not any(a.startswith("room market") for a in u.legal())
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    regular = {a.split()[2] for a in u.legal() if a.startswith("room market")}
    assert "river-lamp" in regular and "crown-10" in regular and "boots-of-the-wind" not in regular
    u.do("room market river-lamp")
    assert u.pool("undercoins") == 3 and u.me.gold == 0       # 7 = 3 gold + 4 undercoins, then +3


def test_K8_an_ogre_merchant_defeated_below_gives_an_underworld_item(u):
    """U13, K8: card effects that give a market item give Underworld items in the Underworld (an
    Underworld market room is a Market room for the Ogre Merchant's condition)."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.fight("ogre-merchant")
    choice = u.game.state.decision
    if choice is not None and choice["kind"] == "choose":
        u.do(next(f"option {i}" for i, label in enumerate(choice["labels"]) if "item" in label))
    items = [a.split()[1] for a in u.legal() if a.startswith("item ")]
    assert items and set(items) <= {"uw-blood-amulet", "boots-of-the-wind", "gauntlets-of-destiny",
                                    "jesters-cap", "river-boat"}


def test_TS37_underworld_market(make):
    """TS-37 (U13, K7, K8, G41, G46, G44): Boots of the Wind below, a Crown not; in a regular market
    a Crown and a River Lamp, no Boots of the Wind; a Golden Flute in the Underworld offers only
    Underworld items; an Ingot makes 4, with a Coupon 0; Boots of the Wind: 1 Boot now and 1 at
    each later turn start."""
    u = make()
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=7)
    assert "room underworld-market boots-of-the-wind" in u.legal()
    assert not any("crown" in a for a in u.legal())
    u.at("st-a.crypt")
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    assert "room market crown-10" in u.legal() and "room market river-lamp" in u.legal()
    assert not any("boots-of-the-wind" in a for a in u.legal())
    u.at("uw-1.ladder")
    u.play("golden-flute")
    flute = [a for a in u.legal() if a.startswith("remote-buy")]
    assert flute and all(a.split()[1] in ("boots-of-the-wind", "gauntlets-of-destiny", "jesters-cap", "river-boat")
                         for a in flute)
    u.at("uw-1.market")
    u.res(gold=4)
    u.give("darkiron-ingot")
    assert "room underworld-market boots-of-the-wind darkiron-ingot" in u.legal()
    u.res(gold=0)
    u.give("coupon")
    assert "room underworld-market boots-of-the-wind coupon+darkiron-ingot" in u.legal()
    u.do("room underworld-market boots-of-the-wind coupon+darkiron-ingot")
    assert u.pool("boots") == 1 and not {"coupon", "darkiron-ingot"} & set(u.me.tokens)
    u.end()
    u.game.state.current = u.seat
    from clank_underworld import economy
    economy._each_turn(u.game, {"seat": u.seat})
    u.game.run()
    assert u.pool("boots") == 1


# -- U14: the Underworld Prison -------------------------------------------------------------------

def test_U14_the_first_player_entering_the_prison_frees_its_prisoner(u):
    """U14: no lockpick; its immediate text resolves; later entrants get nothing."""
    u.room(PRISON)["prisoner"] = "faithful"
    u.game.state.pools["prisoner"].remove("faithful")
    u.game.state.pools["prisoner"].append("cleric")
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=3)
    lockpicks = u.pool("lockpicks")
    u.move_to(PRISON)
    assert "faithful" in u.me.tokens and u.pool("undercoins") == 1 and u.pool("lockpicks") == lockpicks
    u.move_to(LAIR)
    u.move_to(PRISON)
    assert "prisoner" not in u.room(PRISON) and u.me.tokens.count("faithful") == 1


# -- U15-U18: harpies ------------------------------------------------------------------------------

def test_U15_a_harpy_is_placed_in_each_harpy_room_when_its_tile_is_placed(u):
    """U15: one in the start tile's roost at setup, one per harpy room of a new tile; none left:
    none placed."""
    u.slot("uw-3", "B")
    assert u.room("uw-3.eyrie")["harpy"] == "harpy"
    u.game.state.token_box += u.game.state.pools["harpy"]
    u.game.state.pools["harpy"].clear()
    u.slot("uw-5", "C")
    assert not u.room("uw-5.roost").get("harpy")


def test_U16_entering_a_harpy_room_means_2_swords_or_1_damage(u):
    """U16: fight (2 Swords) or take 1 damage; staying costs nothing; fight later; no entry when
    neither is possible."""
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=1, swords=1)
    u.move_to(ROOST)
    assert u.legal() == ["endure"]
    u.do("endure")
    assert len(u.me.damage) == 1 and u.room(ROOST)["harpy"]
    u.res(swords=2)
    u.do("room harpy fight")
    assert "harpy" in u.me.tokens and u.pool("undercoins") == 1


def test_TS32_harpy_coins_equal_to_trophies(make):
    """TS-32 (U15-U18, H4): 1, 2, the Matriarch's 2, then 4 undercoins; 9 damage and fewer than
    2 Swords: no entry; 5 damage: entry with 1 damage."""
    u = make()
    got = []
    for room in (ROOST, "uw-3.eyrie"):
        if room.startswith("uw-3"):
            u.slot("uw-3", "B")
        u.at(room)
        u.res(swords=2, undercoins=0)
        u.do("room harpy fight")
        got.append(u.pool("undercoins"))
    u.res(undercoins=0)
    u.fight("harpy-matriarch")
    got.append(u.pool("undercoins"))
    u.slot("uw-5", "C")
    u.at("uw-5.roost")
    u.res(swords=2, undercoins=0)
    u.do("room harpy fight")
    got.append(u.pool("undercoins"))
    assert got == [1, 2, 2, 4]
    assert u.me.stats["harpies_defeated"] == 4
    v = make()
    v.slot("uw-3", "B")
    v.hurt(9)
    v.at("uw-3.ladder")
    v.res(boots=1, swords=1)
    assert v.game.may_enter(v.seat, "uw-3.eyrie")
    w = make()
    w.slot("uw-3", "B")
    w.hurt(5)
    w.at("uw-3.ladder")
    w.res(boots=1, swords=0)
    w.move_to("uw-3.eyrie")
    w.do("endure")
    assert len(w.me.damage) == 6


def test_U17_a_defeated_harpy_is_a_trophy_worth_its_undercoins(u):
    """U17: the token becomes a trophy (0 points) and pays undercoins equal to the trophies held."""
    u.at(ROOST)
    u.res(swords=2)
    u.do("room harpy fight")
    assert u.me.tokens.count("harpy") == 1 and u.score().get("Harpy", 0) == 0


def test_U18_the_harpy_matriarch_pays_2_and_counts_as_a_trophy_worth_5(u):
    """U18: 3 Boots, only below; exactly 2 undercoins; the card is a harpy trophy, 5 points, and
    not part of the deck."""
    u.at("st-a.crypt")
    u.row_slot("harpy-matriarch", 0)
    u.res(boots=3)
    assert "fight 0" not in u.legal()
    u.at(GATE)
    u.give("harpy")
    u.res(undercoins=0)
    u.do("fight 0")
    assert u.pool("undercoins") == 2 and "harpy-matriarch" not in u.game.state.dungeon_discard
    assert u.score()["Harpy Matriarch"] == 5
    assert "harpy-matriarch" not in u.game.owned_cards(u.seat)


# -- U19, U20: lakes and towers ---------------------------------------------------------------------

def test_U19_entering_a_lake_may_trash_a_card_once_per_turn(u):
    """U19: optional trash from the play area or discard pile, once per turn per lake."""
    u.slot("uw-4", "A")
    u.at("uw-4.mint")
    u.me.discard.append("stumble")
    u.res(boots=3)
    u.move_to("uw-4.lake")
    assert u.kind() == "pick" and "done" in u.legal()
    u.do("pick discard stumble")
    assert "stumble" in u.game.state.box
    u.move_to("uw-4.mint")
    u.me.discard.append("burgle")
    u.move_to("uw-4.lake")
    assert u.kind() == "main" and "burgle" in u.me.discard


def test_U20_starting_a_turn_in_a_tower_gains_a_boot(u):
    """U20: a turn begun in a tower: +1 Boot (after the toll)."""
    u.slot("uw-3", "B")
    nxt = u.other
    u.at("uw-3.tower", seat=nxt)
    u.res(seat=nxt, undercoins=1)
    u.end()
    assert u.game.state.current == nxt and u.pool("boots", seat=nxt) == 1 and u.pool("undercoins", seat=nxt) == 0


# -- U21: undercoins ---------------------------------------------------------------------------------

def test_U21_undercoins_pay_like_gold_score_1_each_and_are_not_gold(u):
    """U21: they pay market items and every gold cost, score 1 each, and are not gold for effects
    that count or gain gold."""
    u.res(undercoins=5, gold=0)
    assert u.score()["undercoins"] == 5
    assert u.game.ruleset.registry.quantities["gold"].count(u.game, u.seat) == 0
    u.play("pillage")
    assert u.me.hand == []
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(undercoins=7)
    u.do("room market crown-10")
    assert u.pool("undercoins") == 0 and "crown-10" in u.me.tokens


# -- U22-U25: variants, Lairs -------------------------------------------------------------------------

def test_U22_the_variants_are_options_usable_alone_together_or_without_the_underworld(make):
    """U22: Fixed Dimensions and Mercy are options of their own; with parts=-area the Underworld is
    off and the variants still work."""
    both = make(fixed_dimensions=5, mercy="on")
    assert both.game.state.config["options"]["fixed_dimensions"] == 5 and both.game.state.config["options"]["mercy"]
    bare = make(parts=["-area"], fixed_dimensions=6)
    assert "underworld" not in bare.game.ruleset.regions and len(bare.game.state.dungeon_deck) == 94
    import pytest
    with pytest.raises(ValueError):
        make(fixed_dimensions=7)


def test_U25_lairs_and_lost_chambers_is_out_of_scope(u):
    """U25: Lairs & Lost Chambers is not a pack here: no Lair or Lost Chamber feature exists."""
    assert not {"lair", "lost_chamber"} & set(u.game.registry.room_features)


# -- U35-U38: toll, toll booths, undercoin rooms, "when you trash this" ----------------------------

def test_U35_a_turn_begun_below_pays_1_undercoin_else_2_clank_first_of_all(make):
    """U35: 1 undercoin to the bank; none held: +2 Clank!; a Cache is exchanged first; before any
    other start-of-turn effect; out players pay nothing."""
    u = make()
    nxt = u.other
    u.at(GATE, seat=nxt)
    u.res(seat=nxt, undercoins=2)
    u.end()
    assert u.pool("undercoins", seat=nxt) == 1 and u.game.player(nxt).stats["tolls_paid"] == 1
    v = make()
    v.at(GATE, seat=v.other)
    area = v.clank(v.other)
    v.end()
    assert v.clank(v.other) == area + 2
    w = make()
    w.at(GATE, seat=w.other)
    w.give("undercoin-cache", seat=w.other)
    w.end()
    assert w.pool("undercoins", seat=w.other) == 3 and "undercoin-cache" not in w.game.player(w.other).tokens


def test_U36_a_toll_booth_costs_an_undercoin_with_no_clank_instead(u):
    """U36: 1 undercoin per icon besides the Boots; none held: no move; teleports ignore it; the
    Ferry Pole waives it for the turn."""
    u.at(GATE)
    u.slot("uw-7", "E")
    u.at(LYRE)
    u.room(LYRE)["lyre"].clear()
    u.game.state.token_box.append("magic-lyre")
    u.res(boots=1, undercoins=0)
    assert "uw-7" not in " ".join(a for a in u.legal() if a.startswith("move"))
    u.res(undercoins=1)
    toll = [a for a in u.legal() if a.startswith("move uw-start-a#8")]
    assert toll
    u.do(toll[0])
    assert u.pool("undercoins") == 0
    u.at(LYRE)
    u.res(boots=1, undercoins=0)
    u.play("ferry-pole")
    assert [a for a in u.legal() if a.startswith("move uw-start-a#8")]


def test_U37_an_undercoin_room_pays_once_per_turn(u):
    """U37: entering gains its undercoin, once per room per turn."""
    u.slot("uw-4", "A")
    u.at("uw-4.lake")
    u.res(boots=3)
    u.move_to("uw-4.mint")
    assert u.pool("undercoins") == 1
    u.move_to("uw-4.lake")
    u.move_to("uw-4.mint")
    assert u.pool("undercoins") == 1


def test_U38_when_you_trash_this_resolves_whatever_trashes_it_river_boat_included(u):
    """U38: the card gives no way to trash itself; a lake, Magic Spring or a card does; sent under
    a River Boat it is still trashed."""
    u.play("ashen-coin")
    assert not any("ability" in a for a in u.legal())
    u.give("river-boat")
    u.slot("uw-4", "A")
    u.at("uw-4.mint")
    u.res(boots=1)
    u.move_to("uw-4.lake")
    u.do("pick play ashen-coin")
    assert u.pool("undercoins") == 3
    assert u.me.ext["underworld"]["boat"] == ["ashen-coin"] and "ashen-coin" in u.game.owned_cards(u.seat)
    assert u.score()["River Boat pile"] == 1


# -- U41: scoring ---------------------------------------------------------------------------------------

def test_U41_scoring_adds_undercoins_fate_enhancer_imp_trophies_and_items(u):
    """U41: undercoins, fate cards, the enhancer bonus, the imp, trophies and items, each a line."""
    g = u.game
    u.res(undercoins=3)
    u.give("fate-temperance")
    u.give("imp-archivist")
    g.player(u.seat).discard.append("secret-tome")
    u.give("enhancer-1-5x")
    u.me.artifacts.append("magic-lyre")
    g.state.rooms[LYRE]["lyre"].clear()
    u.give("harpy")
    u.give("river-lamp")
    lines = u.score()
    assert lines["undercoins"] == 3 and lines["Temperance"] == 4 and lines["Archivist Imp"] == 4
    assert lines["enhancer"] == 8 and lines["artifacts"] == 16 and lines["River Lamp"] == 5
