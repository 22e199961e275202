"""The rules summary front ends show (the table's help): each pack adds its section through the
registry (``Registry.add_rules_section``), and every rule id a line cites exists in the rules
reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clank import new_game
from clank.registry import Registry, RegistryError
from clank_cli.tui import rules

ROOT = Path(__file__).resolve().parents[1]


def known_rule_ids() -> set[str]:
    """The ids of the rules reference: the base game's and the Underworld's lists, the Party's P1-P18."""
    ids = {f"P{n}" for n in range(1, 19)}
    for name in ("base_rule_ids.txt", "underworld_rule_ids.txt"):
        lines = (ROOT / "tests" / name).read_text(encoding="utf-8").splitlines()
        ids |= {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}
    return ids


def cited(ids: str) -> list[str]:
    """The rule ids a line cites: ``"U15-U18, A1"`` → U15, U16, U17, U18, A1."""
    out: list[str] = []
    for part in filter(None, (p.strip() for p in ids.split(","))):
        m = re.fullmatch(r"([A-Z]+)(\d+)(?:-([A-Z]+)?(\d+))?", part)
        assert m, f"not a rule id: {part!r}"
        first, last = int(m.group(2)), int(m.group(4) or m.group(2))
        out += [f"{m.group(1)}{n}" for n in range(first, last + 1)]
    return out


def test_each_shipped_pack_adds_a_section_and_every_id_it_cites_exists():
    game = new_game(["catacombs", "party", "underworld"], 5, 1)
    sections = {s.pack: s for s in game.registry.rules_sections}
    assert sorted(sections) == ["catacombs", "party", "underworld"]
    known = known_rule_ids()
    lines = [line for s in sections.values() for line in s.lines] + rules.summary(game.view(0))
    for ids, text in lines:
        assert text.endswith(".") and not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        missing = [rid for rid in cited(ids) if rid not in known]
        assert not missing, (ids, text)


def test_a_pack_without_the_party_shows_no_party_section():
    game = new_game(["catacombs", "underworld"], 2, 1)
    assert [s.title for s in game.registry.rules_sections] == ["Rooms, icons and tokens of the catacombs",
                                                                "The Underworld"]


@pytest.mark.parametrize(("title", "lines", "words"), [
    ("", [("X1", "A rule.")], "rules section '': needs a title"),
    ("Frost", [], "rules section 'Frost': has no lines"),
    ("Frost", [("X1",)], "rules section 'Frost': a line is not (rule ids, text): ('X1',)"),
    ("Frost", [("X1", 3)], "rules section 'Frost': a line is not (rule ids, text): ('X1', 3)"),
])
def test_a_section_that_is_not_title_and_lines_of_two_strings_is_refused(title, lines, words):
    registry = Registry()
    registry.current_pack = "frosty"
    with pytest.raises(RegistryError) as caught:
        registry.add_rules_section(title, lines)
    assert caught.value.pack == "frosty" and words in str(caught.value)
    assert "give a title and lines of two strings each" in caught.value.fix


def test_a_section_title_used_twice_is_refused_naming_both_packs():
    registry = Registry()
    registry.current_pack = "catacombs"
    registry.add_rules_section("Frost", [("", "Ice melts.")])
    registry.current_pack = "frosty"
    with pytest.raises(RegistryError) as caught:
        registry.add_rules_section("Frost", [("", "Snow falls.")])
    assert "rules section 'Frost' registered twice (by 'catacombs' and 'frosty')" in str(caught.value)
    assert [s.pack for s in registry.rules_sections] == ["catacombs"]
