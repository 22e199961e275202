"""The Underworld's tokens and pieces (RULES.md G35-G58), each taken and used through the API:
Major Secrets with a Locked Trunk, Minor Secrets with a Scavenger, prisoners with a Riot (each
rigged to draw a known token), items at their markets."""

from __future__ import annotations

HUB = "uw-start-a"
GATE, LAIR, LYRE = f"{HUB}.gate", f"{HUB}.lair", f"{HUB}.lyre"


def take_major(u, token: str) -> None:
    u.next_token("major", token)
    u.use("locked-trunk", slot=5)


def take_minor(u, token: str) -> None:
    u.next_token("minor", token)
    u.buy("scavenger", slot=5)


def free(u, token: str) -> None:
    u.next_token("prisoner", token)
    u.buy("riot", slot=5)


# -- prisoners ------------------------------------------------------------------------------------

def test_G35_faithful_gains_an_undercoin_and_is_worth_1(u):
    """G35: +1 undercoin at once; 1 point."""
    free(u, "faithful")
    assert u.pool("undercoins") == 1 and u.score()["Faithful"] == 1
    assert u.me.stats["prisoners_freed"] == 1


def test_G36_haunted_myrmidon_adds_a_ghost_and_a_sword_each_turn_below(u):
    """G36: a ghost to the Clank! area at once; +1 Sword on each of its holder's turns in the
    Underworld, at the first moment there (the freeing turn too); 1 point."""
    u.at(GATE)
    ghosts = u.game.state.clank_area.get("ghost", 0)
    free(u, "haunted-myrmidon")
    assert u.game.state.clank_area.get("ghost", 0) == ghosts + 1
    assert u.pool("swords") == 1
    u.res(boots=1, swords=0)
    u.move_to(LYRE, prevent=0)
    assert u.pool("swords") == 0                      # once per turn
    assert u.score()["Haunted Myrmidon"] == 1


def test_G37_soul_elixir_raises_rage_is_no_prisoner_and_heals_2_below(u):
    """G37: rage +1 at once; never a prisoner (Warrior, Riot, Justice); used in the Underworld: heal 2."""
    rage = u.game.state.rage
    free(u, "soul-elixir")
    assert u.game.state.rage == rage + 1 and u.me.stats.get("prisoners_freed", 0) == 0
    u.hurt(3)
    assert "token soul-elixir" not in u.legal()
    u.at(GATE)
    u.do("token soul-elixir")
    assert len(u.me.damage) == 1 and "soul-elixir" not in u.me.tokens


# -- Major Secrets -----------------------------------------------------------------------------

def test_G38_book_of_the_dead_is_5_points_and_a_tome_at_game_end_only(u):
    """G38: 5 points; a Secret Tome for the Sorceress (Witch) at game end; no tax when gained."""
    u.give("imp-archivist")
    u.give("sorceress")
    u.me.discard.append("secret-tome")
    take_major(u, "book-of-the-dead")
    assert u.kind() == "main"
    assert u.game.counts_as(u.seat, "secret_tome") == 1
    lines = u.score()
    assert lines["Book of the Dead"] == 5 and lines["Sorceress"] == 5 and lines["Archivist Imp"] == 8


def test_G39_greater_potion_of_hope_heals_1_or_2_below_and_gains_a_boot(u):
    """G39: used on your turn: heal 1 (2 in the Underworld) and +1 Boot; then boxed."""
    take_major(u, "greater-potion-of-hope")
    u.hurt(3)
    u.do("token greater-potion-of-hope")
    assert len(u.me.damage) == 2 and u.pool("boots") == 1
    take_major(u, "greater-potion-of-hope")
    u.at(GATE)
    u.do("token greater-potion-of-hope")
    assert len(u.me.damage) == 0 and u.pool("boots") == 2


def test_G40_undercoin_cache_is_worth_4_undercoins(u):
    """G40: counts as 4 undercoins at the end, or is exchanged for 4 at any time."""
    take_major(u, "undercoin-cache")
    assert u.score()["undercoins"] == 4
    u.do("exchange undercoin-cache")
    assert u.pool("undercoins") == 4 and "undercoin-cache" not in u.me.tokens
    assert u.score()["undercoins"] == 4


# -- Minor Secrets ------------------------------------------------------------------------------

def test_G41_darkiron_ingot_takes_3_off_at_an_underworld_market_or_is_worth_2(u):
    """G41: 3 less for one item at an Underworld market (never at a regular one); 2 points unused."""
    take_minor(u, "darkiron-ingot")
    assert u.score()["Darkiron Ingot"] == 2
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=4)
    assert not any("darkiron" in a for a in u.legal())
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.do("room underworld-market river-boat darkiron-ingot")
    assert u.me.gold == 0 and "darkiron-ingot" not in u.me.tokens


def test_G42_potion_of_hope_gives_a_sword_and_a_boot_below(u):
    """G42: +1 Sword, and +1 Boot in the Underworld; 1 point unused."""
    take_minor(u, "potion-of-hope")
    assert u.score()["Potion of Hope"] == 1
    u.do("token potion-of-hope")
    assert (u.pool("swords"), u.pool("boots")) == (1, 0)
    take_minor(u, "potion-of-hope")
    u.at(GATE)
    u.do("token potion-of-hope")
    assert (u.pool("swords"), u.pool("boots")) == (2, 1)


def test_G43_underworld_chute_becomes_a_chute_for_everyone_outside_the_underworld(u):
    """G43: once, outside the Underworld, not in the Crypt or a room with a chute: it stays in the
    room as a chute (down to any ladder room) for every player; 1 point unused."""
    take_minor(u, "underworld-chute")
    assert "token underworld-chute" not in u.legal()          # in the Crypt
    u.at(GATE)
    assert "token underworld-chute" not in u.legal()          # in the Underworld
    u.at("st-a.gate")
    u.do("token underworld-chute")
    assert u.room("st-a.gate")["chute_token"] == "underworld-chute"
    assert sum(1 for link in u.game.state.links if link["a"] == "st-a.gate") == 5
    u.at("st-a.gate", seat=u.other)
    u.res(boots=1)
    u.next_tile("uw-2")
    u.do(next(a for a in u.legal() if a.startswith("explore link:chute")))
    assert u.game.tile_of_room(u.me.room).region == "underworld"
    take_minor(u, "underworld-chute")
    u.at("st-a.gate")
    assert "token underworld-chute" not in u.legal()          # a chute is there already


# -- market items -------------------------------------------------------------------------------

def test_G44_river_lamp_gains_3_undercoins_and_is_worth_5(u):
    """G44: top row, regular market rooms: +3 undercoins on purchase; 5 points."""
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=7)
    u.do("room market river-lamp")
    assert u.pool("undercoins") == 3 and u.score()["River Lamp"] == 5


def test_G45_the_underworld_blood_amulet_needs_5_damage_and_heals_2(u):
    """G45: only with 5 damage; heal 2 on purchase; 7 points; only at an Underworld market."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=7)
    assert "room underworld-market uw-blood-amulet" not in u.legal()
    u.hurt(5)
    u.do("room underworld-market uw-blood-amulet")
    assert len(u.me.damage) == 3 and u.score()["Blood Amulet"] == 7


def test_G46_boots_of_the_wind_a_boot_now_and_at_each_turn_start_one_per_player(make):
    """G46: +1 Boot at once and at the start of each later turn; one per player; 1 point."""
    u = make()
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=14)
    u.do("room underworld-market boots-of-the-wind")
    assert u.pool("boots") == 1
    assert "room underworld-market boots-of-the-wind" not in u.legal()
    seat = u.seat
    u.end()
    u.seat = u.game.state.current
    u.end()
    assert u.game.state.current == seat and u.pool("boots", seat=seat) == 1


def test_G47_gauntlets_of_destiny_raise_the_fate_limit_to_2_then_draw(u):
    """G47: the limit becomes 2 first, then draw 3 keep 1 (a holder of one may keep a second); 6."""
    u.give("fate-temperance")
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=7)
    u.do("room underworld-market gauntlets-of-destiny")
    assert u.kind() == "fate_keep"
    u.do(u.legal()[0])
    assert sum(1 for t in u.me.tokens if t.startswith("fate-")) == 2
    assert u.score()["Gauntlets of Destiny"] == 6


def test_G48_jesters_cap_is_7_per_stumble_and_a_crown_but_not_for_crown_stock(u):
    """G48: 7 points per Stumble owned; a Crown for every rule (the Prince, The Empress) but the
    Crowns' stock."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=7)
    u.do("room underworld-market jesters-cap")
    assert u.game.owned_cards(u.seat).count("stumble") == 2        # the starting deck's
    u.give("prince")
    u.give("fate-empress")
    lines = u.score()
    assert lines["Jester's Cap"] == 14 and lines["Prince"] == 5 and lines["The Empress"] == 6
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=7)
    assert "room market crown-10" in u.legal()


def test_G49_river_boat_keeps_trashed_cards_under_it_for_scoring(u):
    """G49: every card trashed after the purchase goes under it and counts as owned at the end;
    8 points + 1 per card (the rulebook's example: a Tome and 2 Stumbles: 11, Tome 7 + imp 4, The
    Fool 10)."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=7)
    u.do("room underworld-market river-boat")
    for card in ("secret-tome", "stumble", "stumble"):
        u.play(card) if card != "secret-tome" else u.me.play.append(card)
        u.game.trash_card(u.seat, card, "play")
    u.me.deck = [c for c in u.me.deck if c != "stumble"]
    u.me.discard = [c for c in u.me.discard if c != "stumble"]
    u.give("imp-archivist")
    u.give("fate-fool")
    lines = u.score()
    assert lines["River Boat"] + lines["River Boat pile"] == 11
    assert lines["Archivist Imp"] == 4 and lines["The Fool"] == 10 and lines["cards"] >= 7


# -- other pieces ------------------------------------------------------------------------------

def test_G50_harpy_tokens_are_trophies_six_of_them(u):
    """G50: six harpy tokens, one on the start tile at setup; a defeated one is a trophy."""
    assert len(u.game.state.pools["harpy"]) + 1 == 6
    u.at(f"{HUB}.roost")
    u.res(swords=2)
    u.do("room harpy fight")
    assert u.game.counts_as(u.seat, "harpy_trophy") == 1


def test_G51_the_guardian_trophy_lets_its_holder_escape(u):
    """G51 (U4): it counts as an artifact for escaping: the Crypt admits its holder."""
    u.at(LAIR)
    u.res(swords=3)
    u.do("room guardian fight", "trophy")
    u.at("st-a.gate")
    u.res(boots=1)
    u.move_to("st-a.crypt")
    assert u.game.state.turn.escaping


def test_G52_three_enhancers_one_per_player(u):
    """G52: ×2, ×1.5, ×1.5 in the lair; nobody holds two."""
    assert u.room(LAIR)["enhancers"] == ["enhancer-2x", "enhancer-1-5x", "enhancer-1-5x"]
    assert u.game.counts_as(u.seat, "enhancer") == 0


def test_G53_three_imps_one_per_player(u):
    """G53: ×4 on top, ×3, ×2; a holder takes none."""
    u.give("imp-dogear")
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=1)
    u.move_to(f"{HUB}.library")
    assert u.room(f"{HUB}.library")["imps"] == ["imp-archivist", "imp-inkpot"]


def test_G54_the_magic_lyre_is_a_16_point_artifact(u):
    """G54 (U7): 16 points, never in the artifact stack."""
    assert u.game.ruleset.tokens["magic-lyre"].value == 16
    assert "magic-lyre" not in u.game.state.artifact_stack


def test_G55_the_harpy_matriarch_is_a_dungeon_card_fought_with_boots(u):
    """G55 (U18): one copy in the dungeon deck, 3 Boots."""
    cdef = u.game.ruleset.cards["harpy-matriarch"]
    assert cdef.kind == "dungeon" and cdef.cost == {"boots": 3} and cdef.count == 1


def test_G56_twenty_two_fate_cards(u):
    """G56 (U11, U12): 22 fate cards, shuffled face down, their order hidden from every view."""
    assert len(u.game.state.pools["fate"]) == 22
    assert u.game.view_dict(u.seat)["pools"]["fate"] == 22


def test_G57_a_ladder_token_marks_a_ladder_room_whose_matching_room_exists(u):
    """G57: no effect, no points; it lies on the Underworld ladder room X once a Depths ladder
    room X exists."""
    u.slot("uw-3", "B")
    assert not u.room("uw-3.ladder").get("ladder_token")
    u.place("ud-2", 1, 0)
    assert u.room("uw-3.ladder")["ladder_token"] == "ladder-b"


def test_G58_undercoins_are_unlimited(u):
    """G58: the bank never runs out of undercoins."""
    u.res(undercoins=1000)
    u.play("obol")
    assert u.pool("undercoins") == 1001


# -- every fate card, kept through a fate draw -----------------------------------------------------

FATE = {   # card: (what is arranged before keeping it, its score line afterwards or None)
    "fate-fool": (None, 10),                      # the starting deck holds exactly two Stumbles
    "fate-magician": ("gems", 6),
    "fate-high-priestess": ("tomes", 6),
    "fate-empress": ("crown", 6),
    "fate-emperor": ("mastery", 8),
    "fate-hierophant": ("marks", 2),
    "fate-lovers": ("companions", 4),
    "fate-chariot": (None, 2),
    "fate-strength": ("harpies", 6),
    "fate-hermit": (None, 7),
    "fate-wheel-of-fortune": (None, None),
    "fate-justice": ("prisoners", 4),
    "fate-hanged-man": (None, 8),
    "fate-death": ("trashed", 4),
    "fate-temperance": (None, 4),
    "fate-devil": (None, None),
    "fate-tower": (None, 7),
    "fate-star": (None, 2),
    "fate-moon": ("undercoins", 5),
    "fate-sun": ("gold", 3),
    "fate-judgement": (None, 5),
    "fate-world": ("kinds", 6),
}


def _arrange(u, what):
    g, p = u.game, u.me
    if what == "gems":
        p.discard += ["styx-opal", "styx-opal"]
    elif what == "tomes":
        p.discard += ["secret-tome", "secret-tome"]
    elif what == "crown":
        u.give("crown-10")
    elif what == "mastery":
        u.give("mastery")
    elif what == "marks":
        p.stats["wayshrines_marked"] = 1
    elif what == "companions":
        p.discard += ["lost-soul", "tarot-reader"]
    elif what == "harpies":
        u.give("harpy")
        p.artifacts.append("guardian-trophy")
        g.state.rooms["uw-start-a.lair"].pop("guardian")
    elif what == "prisoners":
        u.give("cleric")
        u.give("faithful")
        u.give("soul-elixir")
    elif what == "trashed":
        p.stats["cards_trashed"] = 2
    elif what == "undercoins":
        u.res(undercoins=1)
        u.give("undercoin-cache")
    elif what == "gold":
        u.res(gold=7)
        u.give("treasure")
    elif what == "kinds":
        u.give("crown-10")
        u.give("harpy")


def test_every_fate_card_when_kept_and_at_the_end(make):
    """§3.6: each of the 22 fate cards, drawn and kept through a Hollow Judge's fate draw: revealed
    ones resolve at once, hidden ones stay face down; each scores as printed."""
    for card, (what, points) in FATE.items():
        u = make()
        _arrange(u, what)
        u.next_token("fate", card)
        rage, boots, gold, damage = u.game.state.rage, u.pool("boots"), u.me.gold, len(u.me.damage)
        secrets = len(u.game.state.pools["minor"]), len(u.game.state.pools["major"])
        attacks = sum(line.startswith("The dragon draws") for line in u.game.log)
        u.fight("hollow-judge")
        u.do(f"keep {card}")
        tdef = u.game.ruleset.tokens[card]
        assert card in u.me.tokens, card
        assert (card in str(u.game.view_dict(u.other))) == (not tdef.hidden), card
        if card == "fate-chariot":
            assert u.pool("boots") == boots + 2
        if card == "fate-star":
            assert len(u.me.damage) == 0
        if card == "fate-devil":
            assert u.me.gold == gold + 6 and u.clank() >= 3
        if card == "fate-tower":
            assert u.game.state.rage == rage + 1
        if card == "fate-hanged-man":
            assert len(u.me.damage) == damage + 2
        if card == "fate-judgement":
            assert sum(line.startswith("The dragon draws") for line in u.game.log) == attacks + 1
        if card == "fate-wheel-of-fortune":
            assert (len(u.game.state.pools["minor"]), len(u.game.state.pools["major"])) == (
                secrets[0] - 1, secrets[1] - 1)
        if points is not None:
            assert u.score()[tdef.name] == points, card


def test_the_hanged_man_is_kept_only_if_its_damage_could_be_taken(u):
    """The Hanged Man: kept only if its 2 damage could legally be taken now (H4)."""
    u.hurt(8)
    for card in ("fate-hanged-man",):
        u.next_token("fate", card)
    u.fight("hollow-judge")
    assert "keep fate-hanged-man" not in u.legal()


def test_hidden_fate_cards_are_shown_to_all_once_the_game_is_over(u):
    """U12: hidden until game end: once the game is over every view shows them."""
    u.give("fate-temperance")
    assert "fate-temperance" not in str(u.game.view_dict(u.other))
    u.game.end_game(knock_out_live=True)
    assert "fate-temperance" in str(u.game.view_dict(u.other))


def test_the_imps_taken_second_and_third_give_a_lockpick_and_a_secret_tome(make):
    """§3.5: the Inkpot Imp (×3) gives a lockpick when taken; the Dog-Ear Imp (×2) a Secret Tome
    from the reserve, which its tax then applies to."""
    u = make()
    u.room("uw-start-a.library")["imps"].remove("imp-archivist")
    u.game.state.token_box.append("imp-archivist")
    u.room("uw-start-a.lair").pop("guardian")
    u.at("uw-start-a.lair")
    u.res(boots=1, lockpicks=0)
    u.move_to("uw-start-a.library")
    assert "imp-inkpot" in u.me.tokens and u.pool("lockpicks") == 1
    v = make()
    v.room("uw-start-a.library")["imps"] = ["imp-dogear"]
    v.game.state.token_box += ["imp-archivist", "imp-inkpot"]
    v.room("uw-start-a.lair").pop("guardian")
    v.at("uw-start-a.lair")
    v.res(boots=1)
    v.move_to("uw-start-a.library")
    assert "secret-tome" in v.me.discard and v.kind() == "imp_tax"


def test_the_first_game_coin_option_gives_each_player_an_undercoin(make):
    """U21: the first-game suggestion as the option first_game_coin=on."""
    u = make(first_game_coin="on")
    assert all(p.pool.get("undercoins") == 1 for p in u.game.state.players)
    assert make().me.pool.get("undercoins", 0) == 0


# -- how to pay: gold or undercoins (U13, U21) ---------------------------------------------------

def pay_question(u) -> tuple[str, list[str]]:
    """The pay decision as the player reads it: its prompt and each answer's words."""
    from clank.labels import action_label, prompt_text

    view = u.game.view(u.seat)
    return prompt_text(view), [action_label(view, a) for a in u.game.legal_actions()]


def test_U21_a_price_payable_with_gold_or_undercoins_asks_how_and_logs_what_was_paid(u):
    """U13, U21: an item costs 7, paid with gold and/or undercoins; both score 1 point, but only
    undercoins pay tolls (U35, U36), so which are spent matters: the player is asked, each way
    saying what it leaves, and the log says what was paid (not "for 7 gold")."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=6, undercoins=3)
    u.do("room underworld-market river-boat")
    assert u.kind() == "pay"
    prompt, labels = pay_question(u)
    assert prompt == "how do you pay 7 gold for River Boat?"
    assert labels == [
        "pay 6 gold and 1 undercoin (leaves 0 gold, 2 undercoins)",
        "pay 5 gold and 2 undercoins (leaves 1 gold, 1 undercoin)",
        "pay 4 gold and 3 undercoins (leaves 2 gold, 0 undercoins)"]
    u.do("pay 2")
    assert (u.me.gold, u.pool("undercoins")) == (2, 0) and "river-boat" in u.me.tokens
    assert u.game.log[-1].endswith("buys River Boat at the Underworld market for 4 gold and 3 undercoins.")


def test_U21_one_way_to_pay_asks_nothing(u):
    """Without undercoins (or without gold enough to vary) there is nothing to choose."""
    u.slot("uw-1", "A")
    u.at("uw-1.market")
    u.res(gold=9, undercoins=0)
    u.do("room underworld-market river-boat")
    assert u.kind() == "main" and u.me.gold == 2
    assert u.game.log[-1].endswith("for 7 gold.")
    u.res(gold=0, undercoins=7)
    u.do("room underworld-market boots-of-the-wind")
    assert u.kind() == "main" and u.pool("undercoins") == 0
    assert any(line.endswith("buys Boots of the Wind at the Underworld market for 7 undercoins.")
               for line in u.game.log[-3:])


def test_U21_the_regular_market_asks_too_and_a_coupon_way_is_split_as_well(u):
    """K7, U21: at a regular market the undercoins pay like gold as well; the price after a
    Coupon is what is split."""
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=1, undercoins=7)
    u.do("room market backpack")
    view = u.game.view(u.seat)
    assert u.kind() == "pay" and "for Backpack" in view.decision()["prompt"]
    labels = [str(a) for a in u.game.legal_actions()]
    assert labels == ["pay 0", "pay 1"]
    u.do("pay 0")
    assert (u.me.gold, u.pool("undercoins")) == (0, 1)
    assert u.game.log[-1].endswith("buys a Backpack for 1 gold and 6 undercoins.")
    u.give("coupon")                                  # K7: 5 off; the 2 gold left are split as well
    u.res(gold=1, undercoins=2)
    u.do("room market backpack coupon")
    assert u.kind() == "pay" and u.game.view(u.seat).pending()["splits"] == [
        {"gold": 1, "undercoins": 1}, {"undercoins": 2}]
    u.do("pay 1")
    assert (u.me.gold, u.pool("undercoins")) == (1, 0) and "coupon" not in u.me.tokens
    assert u.game.log[-1].endswith("buys a Backpack for 2 undercoins.")


def test_U21_K8_golden_flute_asks_how_to_pay_its_set_price(u):
    """K8, U21: the Golden Flute's purchase from anywhere (5 gold) may be paid with gold and/or
    undercoins: asked, each answer saying what it spends and leaves; the log says what was paid."""
    u.res(gold=4, undercoins=3)
    u.play("golden-flute")                            # +1 gold: 5 gold, 3 undercoins
    u.do("remote-buy backpack")
    prompt, labels = pay_question(u)
    assert u.kind() == "pay" and prompt == "how do you pay 5 gold for Backpack?"
    assert labels == [
        "pay 5 gold (leaves 0 gold, 3 undercoins)",
        "pay 4 gold and 1 undercoin (leaves 1 gold, 2 undercoins)",
        "pay 3 gold and 2 undercoins (leaves 2 gold, 1 undercoin)",
        "pay 2 gold and 3 undercoins (leaves 3 gold, 0 undercoins)"]
    u.do("pay 2")
    assert (u.me.gold, u.pool("undercoins")) == (2, 1) and "backpack" in u.me.tokens
    assert u.game.log[-1].endswith("buys a Backpack for 3 gold and 2 undercoins.")
    assert not [a for a in u.legal() if a.startswith("remote-buy")]      # one purchase only


def test_U21_K8_golden_flute_with_one_way_to_pay_asks_nothing(u):
    """U21: with gold only the Flute's price is paid at once."""
    u.res(gold=6)
    u.play("golden-flute")
    u.do("remote-buy backpack")
    assert u.kind() == "main" and u.me.gold == 2 and "backpack" in u.me.tokens
    assert u.game.log[-1].endswith("buys a Backpack for 5 gold.")


def test_U21_K8_ogre_merchant_takes_its_item_free_so_nothing_is_asked(u):
    """K8, U21: Ogre Merchant's item is free (price 0): gold and undercoins held, there is no way
    to pay to choose; the item is handed over and the log says nothing was spent."""
    from clank.labels import action_label

    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=6, undercoins=3)
    u.fight("ogre-merchant")
    u.do("option 1")
    view = u.game.view(u.seat)
    assert u.kind() == "take_item" and "take Backpack" in [action_label(view, a) for a in u.game.legal_actions()]
    u.do("item backpack")
    assert u.kind() == "main" and "backpack" in u.me.tokens
    assert (u.me.gold, u.pool("undercoins")) == (6, 3)
    assert any(line.endswith("buys a Backpack for nothing.") for line in u.game.log[-3:])
