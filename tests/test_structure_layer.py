"""The structure layer of validation (issue 37 point 3): ``clank_check_content`` implementations
are gathered with the registry (core first, packs in dependency order), called after the schemas
and the names with a read-only view of the content of every pack loaded together, and what they
report lands at the offending item's line; a check that raises is its pack's fault, at its line
of code. The core's own rules: the player counts a setup names (S1, P), the start tile's room
with the start feature (S15).

Tests build their packs with ``modules=`` (nothing depends on which packs are installed).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import clank_catacombs
import pytest
from clank.api import load_packs, registry_for
from clank.content.problems import ContentError
from clank.plugin import ContentItem, ContentView, Report
from clank.plugins import PackSource, find_pack
from clank.testing import write_pack

BASE = {"catacombs": clank_catacombs}
CARD = """- id: lantern
  name: Lantern
  kind: dungeon
  type: item
  count: 1
  cost: {skill: 2}
  play: [gain: {boots: 1}, {if: {has_artifact: true}, then: [draw: 1]}]
"""


def checker_pack(tmp_path: Path, name: str, body: str) -> ModuleType:
    """An installable pack module ``name`` (no content of its own) whose code is ``body``."""
    folder = tmp_path / name
    (folder / "data").mkdir(parents=True)
    pack_id = name.removeprefix("clank_")
    (folder / "data" / "pack.yaml").write_text(f'id: {pack_id}\nname: {pack_id}\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                               "requires: [catacombs]\nfiles: []\n", encoding="utf-8")
    source = ("from pathlib import Path\nfrom clank.plugin import hookimpl\n\n\n@hookimpl\n"
              "def clank_pack_data_dir():\n    return Path(__file__).parent / 'data'\n\n\n" + body)
    (folder / "__init__.py").write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def problems(specs: list[str], modules: dict[str, ModuleType]) -> list:
    with pytest.raises(ContentError) as err:
        load_packs(specs, modules=modules)
    return err.value.problems


def test_implementations_are_gathered_with_the_registry_in_dependency_order(tmp_path):
    mine = checker_pack(tmp_path, "clank_t_order", "@hookimpl\ndef clank_check_content(content, report):\n"
                        "    pass\n")
    reg = registry_for([find_pack("catacombs", BASE), PackSource("t_order", mine.clank_pack_data_dir(), mine)])
    assert [c.pack for c in reg.content_checks] == ["core", "catacombs", "t_order"]
    assert reg.content_checks[-1].argnames == ("content", "report")


def test_a_check_sees_items_and_reports_at_the_line_of_one(tmp_path):
    """The view gives the directory pack's card with its pack and place; the report lands at the
    op the check names, at its key."""
    seen: dict = {}
    mine = checker_pack(tmp_path, "clank_t_seen", "SEEN = {}\n\n@hookimpl\ndef clank_check_content(content, report):\n"
                        "    SEEN['view'] = content\n"
                        "    card = content.get('cards', 'lantern')\n"
                        "    if card is not None:\n"
                        "        use = content.ops(card, 'draw')[0]\n"
                        "        report(card, 'a lantern never draws', rule='dark-lantern', at=use.at, key=True)\n")
    pack = write_pack(tmp_path, "lamps", {"cards.yaml": CARD}, requires=("catacombs", "t_seen"))
    found = problems(["catacombs", "t_seen", str(pack)], {**BASE, "t_seen": mine})
    assert [(p.rule, Path(p.file).name, p.line, p.col, p.pack) for p in found] == [
        ("dark-lantern", "cards.yaml", 7, 62, "lamps")]
    assert found[0].message == "a lantern never draws" and found[0].path == "$[0].play[1].then[0].draw"
    seen = mine.SEEN["view"]
    card = seen.get("cards", "lantern")
    assert isinstance(seen, ContentView) and isinstance(card, ContentItem)
    assert (card.pack, card.where[1:], seen.packs) == ("lamps", (1, 3), ("catacombs", "t_seen", "lamps"))
    assert [u.name for u in seen.ops(card)] == ["gain", "draw"] and seen.ops(card, "trash") == []
    with pytest.raises(TypeError):
        card.data["name"] = "Torch"                 # read-only


def test_an_item_an_earlier_layer_refused_is_left_out_of_the_view(tmp_path):
    mine = checker_pack(tmp_path, "clank_t_clean", "IDS = []\n\n@hookimpl\ndef clank_check_content(content):\n"
                        "    IDS.extend(c.id for c in content.items('cards') if c.pack == 'bad')\n")
    bad = CARD + CARD.replace("lantern", "candle").replace("Lantern", "Candle").replace("gain:", "gian:")
    pack = write_pack(tmp_path, "bad", {"cards.yaml": bad}, requires=("catacombs", "t_clean"))
    found = problems(["catacombs", "t_clean", str(pack)], {**BASE, "t_clean": mine})
    assert {p.rule for p in found} == {"unknown-op"}
    assert mine.IDS == ["lantern"]                   # the candle's unknown op keeps it out


def test_the_view_merges_the_setups_and_knows_the_player_counts(tmp_path):
    mine = checker_pack(tmp_path, "clank_t_setup", "GOT = {}\n\n@hookimpl\ndef clank_check_content(content, report):\n"
                        "    GOT['hand'] = content.setup['hand_size']\n"
                        "    GOT['market'] = list(content.setup['market_board'])\n"
                        "    GOT['counts'] = content.seat_counts\n"
                        "    GOT['setups'] = [s.id for s in content.setups()]\n")
    pack = write_pack(tmp_path, "bigger", {"setup.yaml": "hand_size: 6\nmarket_board: [backpack]\n"},
                      requires=("catacombs", "t_setup"))
    load_packs(["catacombs", "t_setup", str(pack)], modules={**BASE, "t_setup": mine})
    assert mine.GOT["hand"] == 6 and mine.GOT["market"][0] == "backpack" and len(mine.GOT["market"]) == 6
    assert mine.GOT["counts"] == range(2, 5) and mine.GOT["setups"] == ["catacombs", "bigger"]


def test_a_check_that_raises_is_its_packs_fault_at_its_line_of_code(tmp_path):
    mine = checker_pack(tmp_path, "clank_t_crash", "@hookimpl\ndef clank_check_content(content, report):\n"
                        "    return content.items('cards')[99]\n")
    pack = write_pack(tmp_path, "victim", {"cards.yaml": CARD}, requires=("catacombs", "t_crash"))
    found = problems(["catacombs", "t_crash", str(pack)], {**BASE, "t_crash": mine})
    assert [(p.rule, p.file, p.line) for p in found] == [("pack-fault", mine.__file__, 12)]
    assert "pack 't_crash' failed while checking the structure of the content: IndexError" in found[0].message


def test_a_report_with_a_malformed_rule_id_is_the_packs_fault(tmp_path):
    mine = checker_pack(tmp_path, "clank_t_rule", "@hookimpl\ndef clank_check_content(content, report):\n"
                        "    report(content.setups()[0], 'x', rule='Bad Rule')\n")
    pack = write_pack(tmp_path, "plain", {"cards.yaml": CARD}, requires=("catacombs", "t_rule"))
    found = problems(["catacombs", "t_rule", str(pack)], {**BASE, "t_rule": mine})
    assert found[0].rule == "pack-fault" and "rule id 'Bad Rule': lower-case words joined by dashes" in found[0].message
    with pytest.raises(TypeError, match="takes a ContentItem"):
        Report([])("cards", "x", rule="r")


def test_by_players_names_only_player_counts_the_loaded_packs_support(tmp_path):
    """S1: the base game takes 2-4 players; an entry for 5 is never used, and its message says
    which pack makes 5 players possible (the setup's own hint)."""
    pack = write_pack(tmp_path, "fives", {"setup.yaml": 'by_players:\n  "5": {hand_size: 6}\n'
                                          'seat_resources: {"5": {gold: 1}}\n'})
    found = problems(["catacombs", str(pack)], BASE)
    assert [(p.rule, p.line, p.col) for p in found] == [("player-count", 2, 3), ("player-count", 3, 18)]
    assert found[0].message == ("the by_players entry for 5 players is never used: the loaded packs support 2-4 "
                                "players (5-6 players need the Adventuring Party rules: load the `party` pack)")
    assert found[1].message.startswith("seat 5 never plays: a game of the loaded packs has at most 4 players")


def test_a_player_count_written_as_a_word_says_it_is_a_number(tmp_path):
    pack = write_pack(tmp_path, "words", {"setup.yaml": "by_players:\n  five: {hand_size: 6}\n"})
    found = problems(["catacombs", str(pack)], BASE)
    assert [(p.rule, p.line, p.col) for p in found] == [("bad-key", 2, 3)]
    assert "a seat count, as a number" in found[0].message


def test_the_shipped_base_game_passes_the_core_rules():
    load_packs(["catacombs"], modules=BASE)
