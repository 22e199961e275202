"""The 50 Underworld dungeon cards (32 designs, expansions-design.md §3.11), each played, used,
fought or acquired through the API."""

from __future__ import annotations

HUB = "uw-start-a"
GATE = f"{HUB}.gate"


def below(u):
    u.at(GATE)


# -- blue cards ---------------------------------------------------------------------------------

def test_book_of_wisdom_counts_as_a_tome_and_its_gain_is_taxed(u):
    """Book of Wisdom: +2 Skill; counts as a Secret Tome (C13); gaining it triggers the imp tax."""
    u.safe_row()
    u.give("imp-inkpot")
    u.buy("book-of-wisdom", slot=5)
    assert u.kind() == "imp_tax"
    u.do("slot 0", "slot 1")
    u.me.discard.remove("book-of-wisdom")
    u.play("book-of-wisdom")
    assert u.pool("skill") == 2 and u.game.counts_as(u.seat, "secret_tome") == 1
    assert u.score()["cards"] >= 4


def test_grave_robber_gold_in_the_depths_and_turns_occupied_tiles_on_arrival(u):
    """Grave Robber: +2 Skill +1 gold, +1 gold in the Depths; Arrive: occupied square catacomb tiles
    turn 180° (never a start tile or an Underworld tile)."""
    u.play("grave-robber")
    assert (u.pool("skill"), u.me.gold) == (2, 1)
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.game.run()
    assert u.me.gold == 2                             # C11: met later in the turn, granted then
    u.hand()
    u.play("grave-robber")
    assert u.me.gold == 4
    u.at(GATE, seat=u.other)
    u.game.state.dungeon_deck.insert(0, u.game.state.row[0])
    u.game.state.row[0] = None
    u.deck_next("grave-robber")
    u.end()
    placed = {t.tile: t.rot for t in u.game.state.tiles}
    assert placed["ud-3"] == 2 and placed[HUB] == 0


def test_obol_gives_skill_and_an_undercoin(u):
    """Obol: +1 Skill, +1 undercoin."""
    u.play("obol")
    assert (u.pool("skill"), u.pool("undercoins")) == (1, 1)


def test_ferry_lantern_one_more_boot_below(u):
    """Ferry Lantern: +1 Boot; in the Underworld +1 more (met at any moment of the turn)."""
    u.play("ferry-lantern")
    assert u.pool("boots") == 1
    u.res(boots=1)
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.do(next(a for a in u.legal() if a.startswith("explore link:ladder")))
    assert u.pool("boots") == 1                       # C11: the condition met later grants it


def test_ashen_coin_gold_now_undercoins_when_trashed(u):
    """Ashen Coin: +3 gold; when trashed, +3 undercoins."""
    u.play("ashen-coin")
    assert u.me.gold == 3
    u.game.trash_card(u.seat, "ashen-coin", "play")
    u.game.run()
    assert u.pool("undercoins") == 3


def test_grave_offering_heals_2_when_trashed(u):
    """Grave Offering: +2 Skill; when trashed (Soul Well here), heal 2."""
    u.hurt(3)
    u.play("grave-offering")
    u.use("soul-well")
    u.do("pick play grave-offering")
    assert len(u.me.damage) == 0                      # 2 from the offering, 1 from the well


def test_bloodstone_draws_quiets_and_pays_4_undercoins_when_trashed(u):
    """Bloodstone: draw 1, -2 Clank!; acquired: +2 Clank!; when trashed, +4 undercoins."""
    u.buy("bloodstone", slot=5)
    assert u.clank() >= 2
    u.me.deck.append("burgle")
    u.play("bloodstone")
    assert "burgle" in u.me.hand
    u.game.trash_card(u.seat, "bloodstone", "play")
    u.game.run()
    assert u.pool("undercoins") == 4


def test_styx_opal_draws_and_quiets(u):
    """Styx Opal: draw 1, -2 Clank!; acquired: +2 Clank!."""
    before = u.clank()
    u.buy("styx-opal", slot=5)
    assert u.clank() == before + 2
    u.play("styx-opal")
    assert u.clank() == before


def test_harpy_hunter_draws_with_a_harpy_trophy(u):
    """Harpy Hunter: +2 Swords; with a harpy trophy, draw 1."""
    u.play("harpy-hunter")
    assert u.pool("swords") == 2 and u.me.hand == []
    u.hand()
    u.give("harpy")
    u.me.deck.append("burgle")
    u.play("harpy-hunter")
    assert "burgle" in u.me.hand


def test_harpy_feather_one_more_boot_with_two_trophies(u):
    """Harpy Feather: +1 Sword +1 Boot; with 2 harpy trophies (the Matriarch counts) +1 Boot."""
    u.give("harpy")
    u.me.ext.setdefault("underworld", {}).setdefault("trophies", []).append("harpy-matriarch")
    u.game.state.dungeon_deck.remove("harpy-matriarch")
    u.play("harpy-feather")
    assert (u.pool("swords"), u.pool("boots")) == (1, 2)


def test_seer_of_fates_draws_2_fate_cards_below_the_limit(u):
    """Seer of Fates: +2 Skill; a fate draw of 2, keep 1 (nothing at the limit)."""
    u.play("seer-of-fates")
    assert u.kind() == "fate_keep" and len(u.game.state.decision["drawn"]) == 2
    u.do(u.legal()[0])
    u.hand()
    u.play("seer-of-fates")
    assert u.kind() == "main" and len(u.game.state.pools["fate"]) == 21


def test_tarot_reader_gold_with_a_fate_card(u):
    """Tarot Reader: +2 Skill; holding a fate card, +2 gold."""
    u.play("tarot-reader")
    assert u.me.gold == 0
    u.give("fate-star")
    u.game.run()
    assert u.me.gold == 2                             # C11: holding one later in the turn


def test_ferry_pole_waives_toll_booths_for_the_turn(u):
    """Ferry Pole: +1 Skill +1 Boot; toll booths cost nothing this turn (the turn toll is another
    matter)."""
    u.slot("uw-1", "A")
    u.at("uw-1.ladder")
    u.res(undercoins=0)
    u.play("ferry-pole")
    u.move_to("uw-1.mint")
    assert u.me.room == "uw-1.mint" and u.pool("undercoins") == 1


def test_lost_soul_an_undercoin_below(u):
    """Lost Soul: +1 Boot; in the Underworld +1 undercoin."""
    u.play("lost-soul")
    assert u.pool("undercoins") == 0
    below(u)
    u.game.run()
    assert u.pool("undercoins") == 1                  # C11: in the Underworld later this turn


def test_toll_collector_arrival_takes_an_undercoin_or_clank_from_those_below(u):
    """Toll Collector: +2 Skill +1 gold; Arrive: each player below pays 1 undercoin, or makes 1
    Clank! holding none."""
    u.play("toll-collector")
    assert (u.pool("skill"), u.me.gold) == (2, 1)
    u.at(GATE)
    u.at(GATE, seat=u.other)
    u.res(undercoins=1)
    u.res(seat=u.other, undercoins=0)
    area = u.clank(u.other)
    u.game.state.dungeon_deck.insert(0, u.game.state.row[0])
    u.game.state.row[0] = None
    u.deck_next("toll-collector")
    seat = u.seat
    u.end()
    assert u.pool("undercoins", seat=seat) == 0                      # paid on arrival
    assert u.clank(u.other) >= area + 1 + 2                          # 1 on arrival, 2 for its own toll


def test_rope_ladder_teleports_along_a_ladder_either_way_or_down_a_chute(u):
    """Rope Ladder: +1 Skill +1 Boot and a teleport only along a ladder or down a chute."""
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.play("rope-ladder")
    targets = u.game.teleport_targets(u.seat, "link")
    assert targets == ["slot:underworld:C:ladder_uw"]
    u.next_tile("uw-2")
    u.do("teleport link slot:underworld:C:ladder_uw")
    assert u.me.room == "uw-2.ladder"
    u.hand()
    u.play("rope-ladder")
    assert u.game.teleport_targets(u.seat, "link") == ["ud-3.ladder"]


def test_river_water_draws_2_and_heals_below(u):
    """River Water: draw 2; in the Underworld heal 1."""
    u.hurt(2)
    u.me.deck += ["burgle", "burgle"]
    below(u)
    u.play("river-water")
    assert len(u.me.hand) == 2 and len(u.me.damage) == 1


def test_misers_urn_scores_1_per_2_undercoins_at_most_7(u):
    """Miser's Urn: +2 Skill; at the end 1 point per 2 undercoins held (round down, at most 7)."""
    u.me.discard.append("misers-urn")
    u.game.state.dungeon_deck.remove("misers-urn")
    u.res(undercoins=5)
    assert u.score()["cards"] == 2
    u.res(undercoins=40)
    assert u.score()["cards"] == 7


def test_dirge_one_more_sword_below(u):
    """Dirge: +2 Swords; in the Underworld +1 more."""
    below(u)
    u.play("dirge")
    assert u.pool("swords") == 3


def test_gravedigger_may_trash_from_the_discard_pile(u):
    """Gravedigger: +1 Skill +1 Boot; may trash a card of the discard pile."""
    u.me.discard.append("stumble")
    u.play("gravedigger")
    assert u.kind() == "pick" and "done" in u.legal()
    u.do("pick discard stumble")
    assert "stumble" in u.game.state.box


def test_ghostly_escort_one_more_boot_on_a_haunted_tile(u):
    """Ghostly Escort: +2 Skill +1 Boot; on a haunted tile (UW-2 here) +1 Boot."""
    u.slot("uw-2", "A")
    u.at("uw-2.mint")
    u.play("ghostly-escort")
    assert u.pool("boots") == 2


# -- devices ---------------------------------------------------------------------------------------

def test_hidden_ladder_only_in_the_depths_to_any_ladder_room(u):
    """Hidden Ladder: usable only in the Depths (never from the Underworld): a teleport to any
    Underworld ladder room A-E, an empty slot discovered."""
    u.row_slot("hidden-ladder", 0)
    u.res(skill=3)
    assert "use 0" not in u.legal()
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.do("use 0")
    targets = u.game.teleport_targets(u.seat, "underworld_ladder_room")
    assert targets == [f"slot:underworld:{s}:ladder_uw" for s in "ABCDE"]
    u.do("teleport underworld_ladder_room slot:underworld:E:ladder_uw")
    assert u.game.tile_of_room(u.me.room).region == "underworld"


def test_fates_crossroads_draws_2_even_at_the_limit_and_may_exchange(u):
    """Fate's Crossroads: draw 2 even at the limit; keep one (below the limit), exchange a hidden
    one of yours, or none; the others to the bottom."""
    u.give("fate-temperance")
    u.next_token("fate", "fate-moon")
    u.next_token("fate", "fate-chariot")
    u.use("fates-crossroads")
    assert u.kind() == "fate_cross"
    assert "keep fate-chariot" not in u.legal()
    assert "swap fate-temperance fate-chariot" in u.legal() and "none" in u.legal()
    from clank.labels import action_label  # each choice with the card's text (U12)
    view = u.game.view(u.seat)
    words = {str(a): action_label(view, a) for a in u.game.legal_actions()}
    assert words["swap fate-temperance fate-chariot"] == ("give up Temperance for The Chariot (Revealed when "
                                                          "kept: gain 2 Boots. Worth 2 points.)")
    assert words["none"] == "keep none: both go to the bottom of the fate deck"
    u.do("swap fate-temperance fate-chariot")
    assert "fate-chariot" in u.me.tokens and "fate-temperance" not in u.me.tokens
    assert u.pool("boots") == 2                                   # the Chariot, revealed
    assert set(u.game.state.pools["fate"][:2]) == {"fate-moon", "fate-temperance"}


def test_ferry_crossing_gains_2_undercoins(u):
    """Ferry Crossing: used for 3 Skill: +2 undercoins."""
    u.use("ferry-crossing")
    assert u.pool("undercoins") == 2


def test_soul_well_trashes_and_heals(u):
    """Soul Well: trash a card from play or discard; heal 1."""
    u.hurt(1)
    u.me.discard.append("stumble")
    u.use("soul-well")
    u.do("pick discard stumble")
    assert "stumble" in u.game.state.box and not u.me.damage


# -- monsters --------------------------------------------------------------------------------------

def test_harpy_matriarch_3_boots_only_below_and_not_while_exhausted(u):
    """Harpy Matriarch: 3 Boots, only while in the Underworld and able to spend Boots (R4)."""
    u.row_slot("harpy-matriarch", 0)
    u.res(boots=3)
    assert "fight 0" not in u.legal()
    below(u)
    u.game.set_flag("exhausted")
    assert "fight 0" not in u.legal()
    u.game.clear_flag("exhausted")
    u.do("fight 0")
    assert u.pool("undercoins") == 2 and u.pool("boots") == 0


def test_shade_heals_and_gives_an_undercoin(u):
    """Shade: 2 Swords: heal 1, +1 undercoin."""
    u.hurt(1)
    u.fight("shade")
    assert not u.me.damage and u.pool("undercoins") == 1


def test_skeletal_boatman_gold_and_its_arrival_makes_those_below_clank(u):
    """Skeletal Boatman: 2 Swords: +2 gold; Arrive: each player below makes 1 Clank!."""
    u.fight("skeletal-boatman")
    assert u.me.gold == 2
    u.at(GATE, seat=u.other)
    area = u.clank(u.other)
    u.deck_next("skeletal-boatman")
    u.end()
    assert u.clank(u.other) >= area + 1


def test_harpy_swarm_3_undercoins_and_no_trophy(u):
    """Harpy Swarm: 3 Swords: +3 undercoins, not a harpy trophy; Danger."""
    u.fight("harpy-swarm")
    assert u.pool("undercoins") == 3 and u.game.counts_as(u.seat, "harpy_trophy") == 0
    assert u.game.ruleset.cards["harpy-swarm"].danger


def test_underworld_wraith_only_below(u):
    """Underworld Wraith: 3 Swords, only while in the Underworld: draw 1, +2 undercoins."""
    u.row_slot("underworld-wraith", 0)
    u.res(swords=3)
    assert "fight 0" not in u.legal()
    below(u)
    u.me.deck.append("burgle")
    u.do("fight 0")
    assert u.pool("undercoins") == 2 and u.me.hand == ["burgle"]


def test_hollow_judge_a_fate_draw_of_2(u):
    """Hollow Judge: 3 Swords: a fate draw of 2, keep 1 (below the limit)."""
    u.fight("hollow-judge")
    assert u.kind() == "fate_keep" and len(u.game.state.decision["drawn"]) == 2


def test_kerberos_whelp_draws_2_and_an_undercoin(u):
    """Kerberos Whelp: 4 Swords: draw 2, +1 undercoin."""
    u.me.deck += ["burgle", "burgle"]
    u.fight("kerberos-whelp")
    assert len(u.me.hand) == 2 and u.pool("undercoins") == 1
