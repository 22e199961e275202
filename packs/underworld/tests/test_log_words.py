"""The log says each thing once, in words (issue: doubled lines, articles): the harpy's damage,
the toll's Clank!, an undercoin room's and a harpy's undercoins each one line; what was paid."""

from __future__ import annotations

LAIR, ROOST, GATE = "uw-start-a.lair", "uw-start-a.roost", "uw-start-a.gate"


def _new_lines(u, before: int) -> list[str]:
    return u.game.log[before:]


def test_U16_the_harpys_damage_is_one_line(u):
    """U16: entering without Swords enough and enduring: one line says the damage and its source."""
    u.at(LAIR)
    u.room(LAIR).pop("guardian")
    u.res(boots=1, swords=1)
    u.move_to(ROOST)
    before = len(u.game.log)
    u.do("endure")
    lines = _new_lines(u, before)
    assert sum("damage" in line for line in lines) == 1, lines
    assert any(line.endswith("takes 1 damage from the harpy.") for line in lines)


def test_U17_a_harpys_undercoins_join_its_line(u):
    """U17: the defeat and the undercoins it pays are one line."""
    u.at(ROOST)
    u.res(swords=2)
    before = len(u.game.log)
    u.do("room harpy fight")
    lines = _new_lines(u, before)
    assert sum("undercoin" in line for line in lines) == 1, lines
    assert any(line.endswith("defeats a harpy: gains 1 undercoin.") for line in lines), lines


def test_U35_the_tolls_clank_is_one_line(make):
    """U35: no undercoin for the toll: one line says the 2 Clank! (never "makes 2 Clank!" again)."""
    v = make()
    v.at(GATE, seat=v.other)
    before = len(v.game.log)
    v.end()
    lines = _new_lines(v, before)
    assert sum("Clank!" in line and v.game.name(v.other) in line for line in lines) == 1, lines
    assert any("no undercoin for the toll: 2 Clank!" in line for line in lines)


def test_U37_an_undercoin_room_is_one_gain(u):
    """U37: entering the room gains its undercoin, said once, with the move."""
    u.slot("uw-4", "A")
    u.at("uw-4.lake")
    u.res(boots=3)
    before = len(u.game.log)
    u.move_to("uw-4.mint")
    lines = _new_lines(u, before)
    assert sum("undercoin" in line for line in lines) == 1, lines
    assert not any("picks up" in line or "(s)" in line for line in lines)


def test_articles_follow_the_name(u):
    """A log line's article fits the name: "an Undercoin Cache", "a Backpack"."""
    assert u.game.article("Undercoin Cache") == "an Undercoin Cache"
    assert u.game.article("Backpack") == "a Backpack"
    assert u.game.view(0).article("Invisibility Cloak") == "an Invisibility Cloak"
    u.give("undercoin-cache")
    before = len(u.game.log)
    u.do("exchange undercoin-cache")
    assert any("exchanges an Undercoin Cache" in line for line in _new_lines(u, before))
