"""Blue-banner dungeon cards (items, companions, gems) and the promos, played through the API.

Each test names the card and the rules it exercises: C2 acquire, C3 arrive, C4 danger, C5/C6
discard, C8 teleport, C9 trash, C10 choices, C11 order independence (a conditional play
effect is watched for the rest of the turn and fires once).
"""

from __future__ import annotations

import pytest
from clank import IllegalAction

# ---------------------------------------------------------------------------------------------
# Cost 1
# ---------------------------------------------------------------------------------------------


def test_empurror_choice_remove_clank(t):
    """Empurror (C10): without an artifact exactly one of three options; -2 Clank! here."""
    t.play("empurror")
    assert t.kind() == "choose"
    assert len(t.game.legal_actions()) == 3
    t.do("option 0")
    assert t.clank() == 1 and t.me.gold == 0


def test_empurror_choice_gold(t):
    """Empurror (C10): picking the gold option gives 1 gold and nothing else."""
    t.play("empurror")
    t.do("option 1")
    assert t.me.gold == 1 and t.clank() == 3


def test_empurror_choice_ignore_exhaustion(t):
    """Empurror (R4, C10): the third option lets Boots be spent after entering a Crystal Cave."""
    t.at("st-a.gate")
    t.play("empurror")
    t.do("option 2")
    t.res(boots=2)
    t.do("move st-a#3 0")
    assert t.me.room == "st-a.grotto"
    assert any(a.startswith("move ") for a in t.legal())


def test_empurror_with_artifact_gives_all_three(t):
    """Empurror: holding an artifact gives all three effects, no choice asked."""
    t.me.artifacts.append("artifact-5")
    t.play("empurror")
    assert t.kind() == "main"
    assert t.clank() == 1 and t.me.gold == 1
    t.at("st-a.gate")
    t.res(boots=2)
    t.do("move st-a#3 0")
    assert any(a.startswith("move ") for a in t.legal())


def test_empurror_artifact_taken_later_gives_the_rest(t):
    """Empurror (C11): picked gold, then took an artifact this turn: the other two follow, once."""
    t.tile("su-4", 1, 0)
    t.at("su-4.reliquary")
    t.play("empurror")
    t.do("option 1")
    assert t.me.gold == 1 and t.clank() == 3
    t.do("room artifact artifact-5")
    assert t.me.gold == 1 and t.clank() == 1
    assert "ignore_exhaustion" in t.game.state.turn.flags


def test_golden_flute_buys_one_item_remotely_for_5(t):
    """Golden Flute (K8): +1 gold, +1 Clank!, then one market item for 5 gold from anywhere."""
    t.res(gold=4)
    t.play("golden-flute")
    assert t.me.gold == 5 and t.clank() == 4
    assert "remote-buy burglars-kit" in t.legal()
    t.do("remote-buy burglars-kit")
    assert "burglars-kit" in t.me.tokens and t.me.gold == 0
    assert t.me.pool.get("lockpicks", 0) == 5                       # K4: the kit's purchase effect
    t.res(gold=20)
    assert not [a for a in t.legal() if a.startswith("remote-buy")]   # only one purchase


def test_golden_flute_needs_5_gold(t):
    """Golden Flute: with less than 5 gold no remote purchase is offered."""
    t.play("golden-flute")
    assert not [a for a in t.legal() if a.startswith("remote-buy")]


def test_payoff_gains_3_skill_and_is_trashed(t):
    """Payoff (C9): +3 Skill, then the card leaves the game."""
    t.play("payoff")
    assert t.pool("skill") == 3
    assert "payoff" not in t.me.play and "payoff" in t.game.state.box


def test_rebel_scribe_alone_draws_nothing(t):
    """Rebel Scribe: +1 Skill; with no other companion, no draw."""
    t.play("rebel-scribe")
    assert t.pool("skill") == 1 and t.me.hand == []


def test_rebel_scribe_companion_played_first(t):
    """Rebel Scribe (C11): another companion already in play: draw 1 at once."""
    t.play("expert-guide", "rebel-scribe")
    assert len(t.me.hand) == 1


def test_rebel_scribe_companion_played_later(t):
    """Rebel Scribe (C11, TS-03): the draw happens when a second companion is played later, once."""
    t.play("rebel-scribe")
    assert t.me.hand == []
    t.play("expert-guide")
    assert len(t.me.hand) == 1
    t.hand()
    t.play("bandit")
    assert t.me.hand == []


def test_waystone_in_wayshrine_trash_and_teleport(t):
    """Waystone (C8, C9): in a Wayshrine, may trash it for a teleport to another Wayshrine."""
    t.tile("su-3", -1, 0)
    t.at("st-a.niche")
    t.play("waystone")
    assert t.pool("boots") == 1
    assert "ability waystone" in t.legal()
    t.do("ability waystone")
    assert "waystone" in t.game.state.box and "ability waystone" not in t.legal()
    assert "teleport wayshrine su-3.shrine" in t.legal()
    t.do("teleport wayshrine su-3.shrine")
    assert t.me.room == "su-3.shrine"


def test_waystone_not_used_stays_in_play(t):
    """Waystone: not using it keeps the card and gives no teleport."""
    t.tile("su-3", -1, 0)
    t.at("st-a.niche")
    t.play("waystone")
    assert "waystone" in t.me.play and t.me.teleports == []


def test_waystone_outside_wayshrine_only_boot(t):
    """Waystone: elsewhere it is just +1 Boot."""
    t.play("waystone")
    assert t.pool("boots") == 1 and t.kind() == "main" and t.me.teleports == []
    assert "ability waystone" not in t.legal()


# ---------------------------------------------------------------------------------------------
# Cost 2
# ---------------------------------------------------------------------------------------------


def test_flamboyance_without_clank(t):
    """Flamboyance: draw 1; no +2 Skill with less than 2 Clank! made."""
    t.play("flamboyance")
    assert len(t.me.hand) == 1 and t.pool("skill") == 0


def test_flamboyance_clank_made_later(t):
    """Flamboyance (C11): two Clank! made after playing it still give +2 Skill, once."""
    t.play("flamboyance")
    t.hand()
    t.play("stumble", "stumble")
    assert t.pool("skill") == 2
    t.play("stumble")
    assert t.pool("skill") == 2


def test_flamboyance_counts_gross_clank(t):
    """Flamboyance (C11b): Clank! cancelled by pending negative Clank! still counts as made."""
    t.play("sneak-attack", "sneak-attack")     # removes my 3 cubes, 1 pending
    t.play("smash-and-grab")                   # +2 Clank!: cancelled 1, places 1
    t.hand()
    t.play("flamboyance")
    assert t.pool("skill") == 2


def test_imp_familiar_gain_lockpick(t):
    """Imp Familiar (C10): +1 lockpick."""
    t.play("imp-familiar")
    assert t.kind() == "choose"
    t.do("option 0")
    assert t.me.pool.get("lockpicks", 0) == 4


def test_imp_familiar_pay_lockpick_draw_2(t):
    """Imp Familiar (C10): give a lockpick to draw 2."""
    t.play("imp-familiar")
    t.do("option 1")
    assert t.me.pool.get("lockpicks", 0) == 2 and len(t.me.hand) == 2


def test_imp_familiar_no_lockpick_no_choice(t):
    """Imp Familiar: with no lockpick the paying option is not offered."""
    t.res(lockpicks=0)
    t.play("imp-familiar")
    assert t.kind() == "main" and t.me.pool.get("lockpicks", 0) == 1


def test_pillage_without_gold(t):
    """Pillage: +2 Swords, +1 Boot; no draw without 3 gold gained."""
    t.play("pillage")
    assert t.pool("swords") == 2 and t.pool("boots") == 1 and t.me.hand == []


def test_pillage_gold_gained_later(t):
    """Pillage (C11): 3 gold gained later in the turn draws 1."""
    t.play("pillage")
    t.play("swindle")
    assert len(t.me.hand) == 1


def test_pillage_gold_held_is_not_gold_gained(t):
    """Pillage: gold held from earlier turns does not count."""
    t.res(gold=10)
    t.play("pillage")
    assert t.me.hand == []


def test_remove_traps_replaces_a_row_card(t):
    """Remove Traps: +1 Skill +2 Swords; a row card goes to the dungeon discard, the deck refills it."""
    t.safe_row()
    t.deck_next("rose-quartz")
    t.play("remove-traps")
    assert t.pool("skill") == 1 and t.pool("swords") == 2
    assert t.kind() == "replace_row"
    t.do("slot 1")
    assert t.game.state.row[1] == "rose-quartz"
    assert t.game.state.dungeon_discard[-1] == "swindle"


def test_remove_traps_replacement_dragon_icon_ignored(t):
    """Remove Traps (D4): the replacement's dragon icon never causes an attack."""
    t.safe_row()
    t.deck_next("rose-quartz")
    t.play("remove-traps")
    t.do("slot 1")
    before = dict(t.game.state.clank_area)
    t.end()
    assert t.game.state.clank_area == before     # no attack: the area was not emptied


def test_remove_traps_replacement_arrives(t):
    """Remove Traps (C3): a replacement with Arrive text resolves it."""
    t.safe_row()
    t.deck_next("skeleton-priest")
    t.play("remove-traps")
    t.do("slot 0")
    assert t.clank() == 4 and t.clank(1) == 3


def test_shadow_walk_trashes_a_burgle(t):
    """Shadow Walk (C9): +1 Boot, trash a Burgle from play area or discard pile."""
    t.me.discard.append("burgle")
    t.play("burgle", "shadow-walk")
    assert t.pool("boots") == 1
    assert t.kind() == "pick"
    assert set(t.legal()) == {"pick play burgle", "pick discard burgle"}
    t.do("pick discard burgle")
    assert "burgle" not in t.me.discard and t.game.state.box == ["burgle"]


def test_shadow_walk_without_burgle(t):
    """Shadow Walk: nothing to trash, nothing asked."""
    t.play("shadow-walk")
    assert t.kind() == "main" and t.game.state.box == []


# ---------------------------------------------------------------------------------------------
# Cost 3
# ---------------------------------------------------------------------------------------------


def test_astral_projection_marks_remote_wayshrine(t):
    """Astral Projection (R11, C11): with 6 Skill produced this turn, mark a Wayshrine from afar."""
    t.play("astral-projection")
    assert t.kind() == "main"
    t.play("lightstick", "burgle")                   # 2 + 3 + 1 = 6 Skill
    assert t.kind() == "remote_mark"
    t.do("mark st-a.niche")
    assert t.me.gold == 1 and t.game.state.rooms["st-a.niche"]["marks"] == [t.seat]
    assert t.me.room == "st-a.crypt"


def test_astral_projection_skill_not_enough(t):
    """Astral Projection: 5 Skill produced is not enough."""
    t.play("astral-projection", "lightstick")
    assert t.kind() == "main" and t.me.gold == 0


def test_boots_of_the_ape_lord(t):
    """Boots of the Ape Lord: +3 Boots, +3 Clank!; no idol, a Crystal Cave exhausts."""
    t.at("st-a.gate")
    t.play("boots-of-the-ape-lord")
    assert t.pool("boots") == 3 and t.clank() == 6
    t.do("move st-a#3 0")
    assert not any(a.startswith("move ") for a in t.legal())


def test_boots_of_the_ape_lord_with_idol_ignores_exhaustion(t):
    """Boots of the Ape Lord (R4): holding a Monkey Idol, Crystal Caves do not exhaust."""
    t.me.tokens.append("monkey-idol")
    t.at("st-a.gate")
    t.play("boots-of-the-ape-lord")
    t.do("move st-a#3 0")
    assert any(a.startswith("move ") for a in t.legal())


def test_boots_of_the_ape_lord_golden_monkey_bot_counts(t):
    """Boots of the Ape Lord (G6): the Golden Monkey Bot counts as a Monkey Idol."""
    t.me.tokens.append("golden-monkey-bot")
    t.at("st-a.gate")
    t.play("boots-of-the-ape-lord")
    t.do("move st-a#3 0")
    assert any(a.startswith("move ") for a in t.legal())


def test_boots_of_the_ape_lord_idol_taken_later(t):
    """Boots of the Ape Lord (C11): an idol taken later this turn still lifts exhaustion."""
    t.at("st-a.gate")
    t.play("boots-of-the-ape-lord")
    t.do("move st-a#2 0")                            # the Monkey Shrine: take an idol
    assert "monkey-idol" in t.me.tokens
    t.do("move st-a#4 0")                            # footprint tunnel to the cave: 2 Boots
    assert t.me.room == "st-a.grotto"
    t.res(boots=1)
    assert any(a.startswith("move ") for a in t.legal())


def test_bard_heals_with_two_clank(t):
    """Bard (C11): +2 Skill, +1 Clank!; a second Clank! made this turn heals 2."""
    t.hurt(3)
    t.play("bard")
    assert t.pool("skill") == 2 and len(t.me.damage) == 3
    t.play("stumble")
    assert len(t.me.damage) == 1


def test_lie_in_wait_in_cave_now(t):
    """Lie in Wait (C11): already in a Crystal Cave: -2 Clank! at once."""
    t.at("st-a.grotto")
    t.play("lie-in-wait")
    assert t.pool("skill") == 2 and t.pool("swords") == 1 and t.clank() == 1


def test_lie_in_wait_cave_entered_later(t):
    """Lie in Wait (C11, TS-04): played first, the -2 Clank! comes on entering a cave, once."""
    t.at("st-a.gate")
    t.play("lie-in-wait")
    assert t.clank() == 3
    t.res(boots=1)
    t.do("move st-a#3 0")
    assert t.clank() == 1
    t.play("stumble", "stumble")
    assert t.clank() == 3


def test_lie_in_wait_cave_left_before_playing(t):
    """Lie in Wait (C11 default a): a cave visited earlier this turn counts even after leaving."""
    t.at("st-a.gate")
    t.res(boots=1)
    t.do("move st-a#3 0")
    t.me.teleports.append("adjacent")
    t.do("teleport adjacent st-a.gate")
    t.play("lie-in-wait")
    assert t.clank() == 1


def test_lie_in_wait_acquire_topdeck(t):
    """Lie in Wait (C2): when acquired it may go on top of the deck."""
    t.buy("lie-in-wait")
    assert t.kind() == "pick"
    t.do("pick discard lie-in-wait")
    assert t.me.deck[-1] == "lie-in-wait" and "lie-in-wait" not in t.me.discard


def test_lie_in_wait_acquire_topdeck_declined(t):
    """Lie in Wait (C2): declining leaves it in the discard pile."""
    t.buy("lie-in-wait")
    t.do("done")
    assert t.me.discard == ["lie-in-wait"]


def test_lightstick(t):
    """Lightstick: +3 Skill, +1 Clank!."""
    t.play("lightstick")
    assert t.pool("skill") == 3 and t.clank() == 4


def test_rebel_thief(t):
    """Rebel Thief (C11): +1 lockpick; another companion later draws 1."""
    t.play("rebel-thief")
    assert t.me.pool.get("lockpicks", 0) == 4 and t.me.hand == []
    t.play("scavenger")
    assert len(t.me.hand) == 1


def test_riot_play_without_three_prisoners(t):
    """Riot: +1 Sword, +1 Boot, +1 Clank!; no trash offer below 3 freed prisoners."""
    t.play("riot")
    assert t.pool("swords") == 1 and t.pool("boots") == 1 and t.clank() == 4
    assert t.kind() == "main"


def test_riot_play_with_three_prisoners_may_trash(t):
    """Riot (C9): with 3 prisoners freed this game, may trash a card from play or discard."""
    t.me.stats["prisoners_freed"] = 3
    t.me.discard.append("stumble")
    t.play("riot")
    assert t.kind() == "pick" and "done" in t.legal()
    t.do("pick discard stumble")
    assert t.game.state.box == ["stumble"]


def test_riot_acquire_frees_a_prisoner(t):
    """Riot (C2, G14): acquiring it frees 1 prisoner."""
    t.next_token("prisoner", "peasant")
    t.buy("riot")
    assert "peasant" in t.me.tokens and t.me.stats["prisoners_freed"] == 1


def test_riot_coupon_is_not_a_prisoner(t):
    """Riot (G5): a Coupon drawn from the prisoner stack is never counted as a prisoner."""
    t.next_token("prisoner", "coupon")
    t.buy("riot")
    assert "coupon" in t.me.tokens and t.me.stats.get("prisoners_freed", 0) == 0


def test_scavenger(t):
    """Scavenger (C2): +2 Skill when played; acquiring it takes a Minor Secret."""
    t.next_token("minor", "treasure")
    t.buy("scavenger")
    assert "treasure" in t.me.tokens
    t.play("scavenger")
    assert t.pool("skill") == 2


def test_smash_and_grab(t):
    """Smash and Grab: +2 Clank!, draw 2."""
    t.play("smash-and-grab")
    assert t.clank() == 5 and len(t.me.hand) == 2


def test_sneak_attack(t):
    """Sneak Attack (T9, C2): +3 Swords, -2 Clank!; acquiring it gives +1 Sword."""
    t.buy("sneak-attack")
    assert t.pool("swords") == 1
    t.play("sneak-attack")
    assert t.pool("swords") == 4 and t.clank() == 1


def test_sneak_attack_pending_negative(t):
    """Sneak Attack (T9, TS-01): removal beyond my cubes becomes pending and cancels later Clank!."""
    t.play("sneak-attack", "sneak-attack")
    assert t.clank() == 0 and t.me.pending_neg == 1
    t.play("stumble")
    assert t.clank() == 0 and t.me.pending_neg == 0
    t.play("stumble")
    assert t.clank() == 1


def test_sudden_movement_play(t):
    """Sudden Movement: +1 Skill, +2 Boots."""
    t.play("sudden-movement")
    assert t.pool("skill") == 1 and t.pool("boots") == 2


def test_sudden_movement_arrive_lone_pawn_turns_tile(t):
    """Sudden Movement (C3, X15): on arrival a pawn alone on a square tile turns it."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market", seat=1)
    t.safe_row()
    t.row_slot("swindle", 0)
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("sudden-movement")
    t.end()
    assert t.kind() == "rotate_tile"
    assert t.game.decision()["seat"] == 1
    t.do("rotate 2")
    placed = next(p for p in t.game.state.tiles if p.tile == "su-1")
    assert placed.rot == 2


def test_sudden_movement_arrive_shared_tile_not_turned(t):
    """Sudden Movement (C3): two pawns on the same tile: nobody turns it; the start tile never turns."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market", seat=0)
    t.at("su-1.curios", seat=1)
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("sudden-movement")
    t.end()
    assert t.kind() == "main"


def test_swindle(t):
    """Swindle: +3 gold."""
    t.play("swindle")
    assert t.me.gold == 3


# ---------------------------------------------------------------------------------------------
# Cost 4
# ---------------------------------------------------------------------------------------------


def test_bandit(t):
    """Bandit (C2): acquire +1 Sword +1 Boot; play +1 Skill +1 Sword +1 Boot."""
    t.buy("bandit")
    assert t.pool("swords") == 1 and t.pool("boots") == 1
    t.play("bandit")
    assert (t.pool("skill"), t.pool("swords"), t.pool("boots")) == (1, 2, 2)


def test_charlatan_discard_to_draw(t):
    """Charlatan (C5, C6, TS-07): discarding Stumble draws 2 and makes no Clank!."""
    t.hand("charlatan", "stumble")
    t.do("play charlatan")
    assert t.kind() == "pick"
    t.do("pick hand stumble")
    assert "stumble" in t.me.discard and len(t.me.hand) == 2 and t.clank() == 3
    with pytest.raises(IllegalAction):
        t.do("end")                                   # T4: the drawn cards must be played


def test_charlatan_decline(t):
    """Charlatan (C6): no discard, no draw."""
    t.hand("charlatan", "stumble")
    t.do("play charlatan", "done")
    assert t.me.hand == ["stumble"]


def test_charlatan_last_card(t):
    """Charlatan (C6, TS-07): as the last card in hand nothing can be discarded, nothing drawn."""
    t.play("charlatan")
    assert t.kind() == "main" and t.me.hand == []


def test_corrupt_advisor(t):
    """Corrupt Advisor (C7): +2 Skill; every other player +1 Clank!."""
    t.play("corrupt-advisor")
    assert t.pool("skill") == 2 and t.clank(1) == 3 and t.clank() == 3


def test_corrupt_advisor_with_crown(t, make):
    """Corrupt Advisor: holding a Crown, every other player makes 2 Clank!."""
    t3 = make(players=3)
    t3.me.tokens.append("crown-10")
    t3.play("corrupt-advisor")
    assert t3.clank(1) == 2 + 2 and t3.clank(2) == 1 + 2


def test_corrupt_advisor_is_danger(t):
    """Corrupt Advisor (C4, D5b): in the row it adds one cube to every attack draw."""
    t.safe_row()
    t.row_slot("corrupt-advisor", 5)
    t.game.state.rage = 0                              # draws 2 + 1 Danger
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")
    t.end()
    assert any("draws 3 cube" in line for line in t.game.log)


def test_divining_rod(t):
    """Divining Rod (C11): +2 Skill; heals 1 once 6 Skill were produced this turn."""
    t.hurt(2)
    t.play("divining-rod")
    assert len(t.me.damage) == 2
    t.play("lightstick", "burgle")
    assert len(t.me.damage) == 1


def test_elven_sword(t):
    """Elven Sword: +2 Swords, draw 1."""
    t.play("elven-sword")
    assert t.pool("swords") == 2 and len(t.me.hand) == 1


def test_librarian_without_tome(t):
    """Librarian: +2 Skill, -2 Clank!; no Secret Tome, no draw."""
    t.play("librarian")
    assert t.pool("skill") == 2 and t.clank() == 1 and t.me.hand == []


def test_librarian_tome_in_discard(t):
    """Librarian: a Secret Tome in the discard pile draws 2."""
    t.me.discard.append("secret-tome")
    t.play("librarian")
    assert len(t.me.hand) == 2


def test_librarian_tome_acquired_later(t):
    """Librarian (C11): a Secret Tome acquired later this turn still draws 2."""
    t.play("librarian")
    t.res(skill=7)
    t.do("reserve secret-tome")
    assert len(t.me.hand) == 2


def test_rebel_paladin_two_conditions(t):
    """Rebel Paladin (C11): draw 1 for another companion and 1 more for holding an artifact."""
    t.play("rebel-paladin")
    assert (t.pool("skill"), t.pool("swords")) == (1, 1) and t.me.hand == []
    t.play("bandit")
    assert len(t.me.hand) == 1
    t.hand()
    t.me.artifacts.append("artifact-5")          # taken later this turn
    t.play("burgle")
    assert len(t.me.hand) == 1
    t.hand()
    t.play("burgle")
    assert t.me.hand == []                       # each condition pays once


def test_skulker_ignores_tunnel_monsters(t):
    """Skulker (A8): +2 Boots; monster icons deal no damage this turn."""
    t.tile("de-19", 1, 1)
    t.at("st-a.grotto")
    t.play("skulker")
    assert t.pool("boots") == 2
    t.do("move st-a#8 0")
    assert t.me.room == "de-19.vigil" and t.me.damage == []


def test_tunnel_monster_hurts_without_skulker(t):
    """A8 control for Skulker: the same tunnel deals 1 damage without it."""
    t.tile("de-19", 1, 1)
    t.at("st-a.grotto")
    t.res(boots=1)
    t.do("move st-a#8 0")
    assert len(t.me.damage) == 1


def test_skulker_acquire_ignores_tunnel_monsters(t):
    """Skulker (C2): acquiring it also ignores monster icons this turn."""
    t.tile("de-19", 1, 1)
    t.at("st-a.grotto")
    t.buy("skulker")
    t.res(boots=1)
    t.do("move st-a#8 0")
    assert t.me.damage == []


@pytest.mark.parametrize("gem,points", [("smoky-quartz", 3), ("rose-quartz", 4), ("fiery-quartz", 5)])
def test_quartz_gems(t, gem, points):
    """Smoky / Rose / Fiery Quartz (C2): acquiring makes 2 Clank!; play -2 Clank!, draw 1; VP."""
    t.buy(gem)
    assert t.clank() == 5
    t.play(gem)
    assert t.clank() == 3 and len(t.me.hand) == 1
    assert t.game.ruleset.cards[gem].type == "gem"
    t.hand()
    t.me.play.clear()
    t.me.discard = [gem]
    assert t.score()["cards"] == points


def test_spectral_rider_teleports_between_haunted_tiles(t):
    """Spectral Rider (C8): on a haunted tile, may teleport to a room of another haunted tile."""
    t.tile("de-19", 1, 1)
    t.tile("de-20", -1, 1)
    t.at("de-19.vigil")
    t.play("spectral-rider")
    assert t.pool("skill") == 2 and t.pool("boots") == 1
    t.do("yes")
    targets = {a.split()[2] for a in t.legal() if a.startswith("teleport haunted_tile")}
    assert targets == {"de-20.pool", "de-20.reliquary", "de-20.spring"}
    t.do("teleport haunted_tile de-20.spring")
    assert t.me.room == "de-20.spring"


def test_spectral_rider_not_on_haunted_tile(t):
    """Spectral Rider: elsewhere no teleport is offered."""
    t.play("spectral-rider")
    assert t.kind() == "main" and t.me.teleports == []


@pytest.mark.parametrize("gem,points", [("white-tourmaline", 3), ("black-tourmaline", 5)])
def test_tourmaline_play_and_acquire(t, gem, points):
    """White / Black Tourmaline (C2): acquiring makes 2 Clank!; play draws 1."""
    t.buy(gem)
    assert t.clank() == 5
    t.play(gem)
    assert len(t.me.hand) == 1
    assert t.game.ruleset.cards[gem].points == points


@pytest.mark.parametrize("gem", ["white-tourmaline", "black-tourmaline"])
def test_tourmaline_prevents_ghost_damage(t, gem):
    """White / Black Tourmaline (D7): from the hand, discard it to prevent a ghost's damage, draw 1.

    The end-of-turn attack draws both cubes of the bag (a ghost and a black cube); the bag is
    then empty, so the game ends (D9) once the ghost has been resolved.
    """
    st = t.game.state
    seat, other = t.seat, (t.seat + 1) % 2
    t.game.player(other).hand = [gem, "burgle"]
    st.clank_area = {}
    st.bag = {"ghost": 1, "black": 1}
    st.rage = 0                                         # the attack draws 2
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")                          # a dragon icon: the dragon attacks
    t.end()
    assert t.kind() == "react" and t.game.decision()["seat"] == other
    t.do("yes")
    while t.kind() == "react":
        t.do("no")
    p = t.game.player(other)
    assert gem in p.discard and p.damage == [] and len(p.hand) == 2
    assert len(t.game.player(seat).damage) == 1
    assert t.game.over


def test_tourmaline_declined_takes_the_damage(t):
    """White Tourmaline (C10): the reaction is optional; declining it takes the ghost's damage."""
    st = t.game.state
    other = (t.seat + 1) % 2
    t.game.player(other).hand = ["white-tourmaline"]
    st.clank_area = {}
    st.bag = {"ghost": 1, "black": 1}
    st.rage = 0
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("rose-quartz")
    t.end()
    while t.kind() == "react":
        t.do("no")
    p = t.game.player(other)
    assert p.hand == ["white-tourmaline"] and len(p.damage) == 1


# ---------------------------------------------------------------------------------------------
# Cost 5
# ---------------------------------------------------------------------------------------------


def test_brave_hero_points(t):
    """Brave Hero (E8): +2 Skill +1 Sword +1 Boot; 5 VP only with 3 prisoners freed."""
    t.play("brave-hero")
    assert (t.pool("skill"), t.pool("swords"), t.pool("boots")) == (2, 1, 1)
    t.me.play.clear()
    t.me.deck = ["brave-hero"]
    t.me.discard = []
    t.me.stats["prisoners_freed"] = 2
    assert t.score()["cards"] == 0
    t.me.stats["prisoners_freed"] = 3
    assert t.score()["cards"] == 5


def test_curator_draws_per_artifact(t):
    """Curator: +2 Skill +1 Boot; draw 1 per artifact held."""
    t.me.artifacts.extend(["artifact-5", "artifact-7"])
    t.play("curator")
    assert t.pool("skill") == 2 and t.pool("boots") == 1 and len(t.me.hand) == 2


def test_curator_artifact_taken_later(t):
    """Curator (C11, T12): an artifact taken after playing it still draws 1, once."""
    t.play("curator")
    assert t.me.hand == []
    t.tile("su-4", 1, 0)
    t.at("su-4.reliquary")
    t.do("room artifact artifact-5")
    assert len(t.me.hand) == 1
    t.hand()
    t.play("burgle")
    assert t.me.hand == []


def test_curator_no_artifact(t):
    """Curator: no artifact, no draw."""
    t.play("curator")
    assert t.me.hand == []


def test_diversion_play_and_acquire(t):
    """Diversion (C2): +2 Skill; acquiring it frees 1 prisoner."""
    t.next_token("prisoner", "cleric")
    t.buy("diversion")
    assert "cleric" in t.me.tokens
    t.play("diversion")
    assert t.pool("skill") == 2


def test_diversion_arrive_returns_black_cubes(t):
    """Diversion (C3): on arrival 3 black cubes go from the bank back to the bag."""
    st = t.game.state
    st.bank["black"] = 5
    st.bag["black"] = 10
    t.safe_row()
    t.res(skill=3)
    t.do("buy 0")
    t.deck_next("diversion")
    t.end()
    assert st.bank["black"] == 2 and st.bag["black"] == 13


def test_expert_guide(t):
    """Expert Guide: +2 Skill, +2 Boots."""
    t.play("expert-guide")
    assert t.pool("skill") == 2 and t.pool("boots") == 2


def test_rebel_general(t):
    """Rebel General (C11, TS-03): +2 Skill +1 Sword +1 Boot; draws once when a companion joins."""
    t.play("expert-guide", "rebel-general")
    assert (t.pool("skill"), t.pool("swords"), t.pool("boots")) == (4, 1, 3)
    assert len(t.me.hand) == 1


def test_robbery_outside_market(t):
    """Robbery: +2 Swords, +2 gold; no teleport outside a Market."""
    t.play("robbery")
    assert t.pool("swords") == 2 and t.me.gold == 2 and t.me.teleports == []


def test_robbery_in_market_teleports(t):
    """Robbery (C8): in a Market room, a teleport to an adjacent room."""
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    t.play("robbery")
    assert t.me.teleports == ["adjacent"]
    assert "teleport adjacent su-1.curios" in t.legal()


def test_robbery_market_visited_earlier(t):
    """Robbery (C11 default a): a Market left earlier this turn still grants the teleport."""
    t.tile("su-1", 1, 0)
    t.at("su-1.curios")
    t.res(boots=2)
    t.do("move su-1#0 0")
    assert t.me.room == "su-1.market"
    t.do("move su-1#0 0")
    assert t.me.room == "su-1.curios"
    t.play("robbery")
    assert t.me.teleports == ["adjacent"]


def test_robbery_acquire_topdeck(t):
    """Robbery (C2): may go on top of the deck when acquired."""
    t.buy("robbery")
    t.do("pick discard robbery")
    assert t.me.deck[-1] == "robbery"


# ---------------------------------------------------------------------------------------------
# Cost 6+
# ---------------------------------------------------------------------------------------------


def test_crystal_compass(t):
    """Crystal Compass (R4): draw 2, and Crystal Caves do not exhaust this turn."""
    t.at("st-a.gate")
    t.play("crystal-compass")
    assert len(t.me.hand) == 2
    t.hand()
    t.res(boots=2)
    t.do("move st-a#3 0")
    assert any(a.startswith("move ") for a in t.legal())


def test_double_cross(t):
    """Double Cross (C2, C7): acquiring it makes every other player +2 Clank!; play +2 Skill -2 Clank!."""
    t.buy("double-cross")
    assert t.clank(1) == 4 and t.clank() == 3
    t.play("double-cross")
    assert t.pool("skill") == 2 and t.clank() == 1


def test_expensive_taste(t):
    """Expensive Taste (E8): +3 Skill +2 gold; 5 VP with a Crown and a gem card."""
    t.play("expensive-taste")
    assert t.pool("skill") == 3 and t.me.gold == 2
    t.me.play.clear()
    t.me.deck = ["expensive-taste"]
    t.me.discard = []
    t.me.gold = 0
    assert t.score()["cards"] == 0
    t.me.tokens.append("crown-8")
    assert t.score()["cards"] == 0
    t.me.deck.append("smoky-quartz")
    assert t.score()["cards"] == 5 + 3


def test_floating_skull(t):
    """Floating Skull (C2, C8): acquiring gives a teleport; play +2 Skill +1 Sword, teleport with a Crown."""
    t.buy("floating-skull")
    assert t.me.teleports == ["adjacent"]
    t.play("floating-skull")
    assert t.pool("skill") == 2 and t.pool("swords") == 1 and t.me.teleports == ["adjacent"]
    t.tile("su-1", 1, 0)
    t.at("su-1.market")
    t.res(gold=7)
    t.do("room market crown-10")                       # C11: the Crown arrives later this turn
    assert t.me.teleports == ["adjacent", "adjacent"]


def test_grand_theft_lockpick(t):
    """Grand Theft (C10): +1 lockpick."""
    t.play("grand-theft")
    t.do("option 0")
    assert t.me.pool.get("lockpicks", 0) == 4


def test_grand_theft_pay_lockpick_instead_of_skill(t):
    """Grand Theft: once this turn, a lockpick pays for a row card instead of its Skill."""
    t.safe_row()
    t.play("grand-theft")
    t.do("option 1")
    assert "buy 2 alt" in t.legal()                   # Expert Guide, 5 Skill
    t.do("buy 2 alt")
    assert "expert-guide" in t.me.discard and t.me.pool.get("lockpicks", 0) == 2
    assert not [a for a in t.legal() if a.endswith(" alt")]


def test_grand_theft_lockpick_for_a_device(t):
    """Grand Theft: the lockpick can pay for using a device too."""
    t.row_slot("darkened-alcove", 0)
    t.play("grand-theft")
    t.do("option 1")
    t.do("use 0 alt")
    assert t.clank() == 1 and t.me.pool.get("lockpicks", 0) == 2


def test_grand_theft_acquire_topdeck(t):
    """Grand Theft (C2): may go on top of the deck when acquired."""
    t.buy("grand-theft")
    assert t.kind() == "pick"


def test_lute_counts_clank_before_and_after(t):
    """Lute (C11, C11b): 1 gold per Clank! made this turn, before and after; removal does not count."""
    t.play("stumble")
    t.play("lute")
    assert t.me.gold == 2 and len(t.me.hand) == 2
    t.hand()
    t.play("sneak-attack")
    assert t.me.gold == 2
    t.play("smash-and-grab")
    assert t.me.gold == 4


def test_souldrinker(t):
    """Souldrinker (C11): +4 Swords; heals 1 once a monster was defeated this turn."""
    t.hurt(2)
    t.play("souldrinker")
    assert t.pool("swords") == 4 and len(t.me.damage) == 2
    t.fight("skeleton")
    assert len(t.me.damage) == 1


def test_souldrinker_goblin_does_not_count(t):
    """Souldrinker (content-facts 3a: "a dungeon-row monster"): the reserve Goblin does not heal."""
    t.hurt(2)
    t.play("souldrinker")
    t.do("fight-reserve goblin")
    assert len(t.me.damage) == 2


def test_thirst_for_adventure(t):
    """Thirst for Adventure (C2, E8): +3 Boots on acquire and on play; 2 VP per artifact and idol."""
    t.buy("thirst-for-adventure")
    assert t.pool("boots") == 3
    t.play("thirst-for-adventure")
    assert t.pool("boots") == 6
    t.me.play.clear()
    t.me.deck = ["thirst-for-adventure"]
    t.me.discard = []
    t.me.artifacts.append("artifact-10")
    t.me.tokens.append("monkey-idol")
    assert t.score()["cards"] == 2 * 2


def test_blink_spell_adjacent(t):
    """Blink Spell (C8, C10): +3 Skill, then a teleport to an adjacent room."""
    t.play("blink-spell")
    assert t.pool("skill") == 3
    t.do("option 0")
    assert t.me.teleports == ["adjacent"]
    assert "teleport adjacent st-a.niche" in t.legal()


def test_blink_spell_to_player_in_depths(t):
    """Blink Spell (C8, R12): a teleport to the room of another player in the Depths."""
    t.at("st-a.idols", seat=1)                        # upper half of the start tile: Depths
    t.play("blink-spell")
    t.do("option 1")
    assert "teleport player_in_depths st-a.idols" in t.legal()
    t.do("teleport player_in_depths st-a.idols")
    assert t.me.room == "st-a.idols"


def test_blink_spell_player_not_in_depths(t):
    """Blink Spell: a player outside the Depths is no target."""
    t.at("st-a.gate", seat=1)
    t.play("blink-spell")
    t.do("option 1")
    assert not [a for a in t.legal() if a.startswith("teleport")]


# ---------------------------------------------------------------------------------------------
# Promos (option parts=["promos"])
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def p(make):
    """A game with the promo cards."""
    return make(options={"parts": ["promos"]})


def test_promos_in_deck(p, t):
    """The promos are shuffled into the dungeon deck only when enabled."""
    ids = p.game.state.dungeon_deck + [c for c in p.game.state.row if c]
    assert {"breakout", "dusty-map", "mister-wizkers"} <= set(ids)
    assert len(ids) == 103
    base = t.game.state.dungeon_deck + [c for c in t.game.state.row if c]
    assert len(base) == 100 and "breakout" not in base


def test_breakout(p):
    """Breakout! (C11): +1 Skill/Sword/Boot; a prisoner freed this turn adds 3 gold and 1 Clank!."""
    p.play("breakout")
    assert (p.pool("skill"), p.pool("swords"), p.pool("boots")) == (1, 1, 1) and p.me.gold == 0
    p.next_token("prisoner", "peasant")
    p.buy("riot")
    assert p.me.gold == 3 and p.clank() == 4


def test_mister_wizkers_draws_after_marking(p):
    """Mister Wizkers (C11): a cube placed on the map this turn (a wayshrine mark) draws 1."""
    p.at("st-a.niche")
    p.play("mister-wizkers")
    assert p.me.hand == []
    p.do("room wayshrine")
    assert len(p.me.hand) == 1


def test_mister_wizkers_arrive(p):
    """Mister Wizkers (C3): on arrival 3 black cubes go back to the bag."""
    st = p.game.state
    st.bank["black"] = 3
    p.safe_row()
    p.res(skill=3)
    p.do("buy 0")
    p.deck_next("mister-wizkers")
    p.end()
    assert st.bank["black"] == 0


# ---------------------------------------------------------------------------------------------
# Printed data of every blue card (content-facts.md section 3a): type, copies, Skill cost,
# VP (None: conditional, tested above), dragon icon "D" and Danger "!".
# ---------------------------------------------------------------------------------------------
BLUE = [
    ("empurror", "companion", 1, 1, 1, ""),
    ("golden-flute", "item", 1, 1, 1, ""),
    ("payoff", "item", 2, 1, 0, ""),
    ("rebel-scribe", "companion", 1, 1, 1, ""),
    ("waystone", "item", 1, 1, 1, ""),
    ("flamboyance", "item", 2, 2, 1, ""),
    ("imp-familiar", "companion", 1, 2, 1, "D"),
    ("pillage", "item", 2, 2, 0, ""),
    ("remove-traps", "item", 2, 2, 1, ""),
    ("shadow-walk", "item", 2, 2, 1, ""),
    ("astral-projection", "item", 1, 3, 1, ""),
    ("boots-of-the-ape-lord", "item", 1, 3, 3, ""),
    ("bard", "companion", 2, 3, 1, ""),
    ("lie-in-wait", "item", 2, 3, 1, ""),
    ("lightstick", "item", 2, 3, 1, ""),
    ("rebel-thief", "companion", 1, 3, 2, ""),
    ("riot", "item", 2, 3, 0, ""),
    ("scavenger", "companion", 2, 3, 1, ""),
    ("smash-and-grab", "item", 2, 3, 2, ""),
    ("sneak-attack", "item", 2, 3, 1, ""),
    ("sudden-movement", "item", 2, 3, 1, ""),
    ("swindle", "item", 2, 3, 1, ""),
    ("bandit", "companion", 2, 4, 2, ""),
    ("charlatan", "companion", 2, 4, 2, ""),
    ("corrupt-advisor", "companion", 1, 4, 2, "D!"),
    ("divining-rod", "item", 1, 4, 2, ""),
    ("elven-sword", "item", 1, 4, 2, ""),
    ("librarian", "item", 1, 4, 1, ""),
    ("rebel-paladin", "companion", 1, 4, 1, ""),
    ("skulker", "companion", 1, 4, 1, ""),
    ("smoky-quartz", "gem", 1, 4, 3, "D"),
    ("spectral-rider", "companion", 1, 4, 2, ""),
    ("white-tourmaline", "gem", 2, 4, 3, "D"),
    ("brave-hero", "companion", 1, 5, None, ""),
    ("curator", "companion", 1, 5, 2, ""),
    ("diversion", "item", 1, 5, 2, ""),
    ("expert-guide", "companion", 2, 5, 2, ""),
    ("rebel-general", "companion", 1, 5, 2, ""),
    ("robbery", "item", 2, 5, 1, ""),
    ("rose-quartz", "gem", 2, 5, 4, "D"),
    ("black-tourmaline", "gem", 1, 6, 5, "D"),
    ("crystal-compass", "item", 1, 6, 3, ""),
    ("double-cross", "item", 1, 6, 3, ""),
    ("expensive-taste", "item", 1, 6, None, ""),
    ("fiery-quartz", "gem", 1, 6, 5, "D"),
    ("floating-skull", "companion", 1, 6, 2, ""),
    ("grand-theft", "item", 1, 6, 3, ""),
    ("lute", "item", 1, 6, 3, ""),
    ("souldrinker", "item", 1, 6, 3, ""),
    ("thirst-for-adventure", "item", 1, 7, None, "D"),
    ("blink-spell", "item", 1, 8, 3, "D"),
]


def test_blue_card_list_is_complete(t):
    """S2, DATA-4: 51 distinct blue cards, 71 copies."""
    cards = t.game.ruleset.cards
    blue = [c for c in cards.values() if c.kind == "dungeon" and c.type in ("item", "companion", "gem")]
    assert {c.id for c in blue} == {row[0] for row in BLUE}
    assert sum(c.count for c in blue) == 71


@pytest.mark.parametrize("card,typ,count,cost,points,flags", BLUE, ids=[row[0] for row in BLUE])
def test_blue_card_printed_data(t, card, typ, count, cost, points, flags):
    """C1, E8: banner type, copies, Skill cost, icons; fixed VP counted when owned at the end."""
    cdef = t.game.ruleset.cards[card]
    assert (cdef.type, cdef.count, cdef.cost, cdef.dragon_attack, cdef.danger) == (
        typ, count, {"skill": cost}, "D" in flags, "!" in flags)
    if points is not None:
        t.me.deck = [card]
        t.me.discard = []
        assert t.score()["cards"] == points
