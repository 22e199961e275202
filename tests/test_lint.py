"""The validator's lint (issue 37 point 6): legal but likely wrong content as warnings, read from the
setups merged as a game merges them; what a pack's code declares it brings into a game
(``Registry.add_content_reach``) is not called unreachable. The corpus cases of each rule, with
their words, are in ``tests/corpus/packs/lint-*`` (run by ``test_cli_validate.py``).
"""

from __future__ import annotations

from pathlib import Path

import clank_catacombs
import pytest
from clank.api import registry_for
from clank.content.validate import validate_pack_dirs
from clank.plugins import find_pack
from clank.registry import Registry, RegistryError
from clank.testing import write_pack

CATACOMBS = Path(clank_catacombs.clank_pack_data_dir())
LONE_GUARD = ("- id: lone-guard\n  name: Lone Guard\n  kind: reserve\n  type: companion\n  count: 4\n"
              "  cost: {skill: 3}\n  play: [gain: {swords: 1}]\n")
BOOTS = "- id: shiny-boots\n  name: Shiny Boots\n  pool: market\n  count: 1\n  market: {price: 7}\n"


def _registry() -> Registry:
    return registry_for([find_pack("catacombs")])


def _rules(pack: Path, registry: Registry | None = None) -> list[str]:
    return [p.rule for p in validate_pack_dirs([CATACOMBS, pack], registry or _registry()) if p.pack == pack.name]


def test_what_a_packs_code_brings_into_a_game_is_not_unreachable(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, "guards", {"cards.yaml": LONE_GUARD})
    assert _rules(pack) == ["unreachable-card"]
    registry = _registry()
    registry.add_content_reach("card", "lone-guard")    # e.g. a pack whose code deals it by a rule of its own
    assert _rules(pack, registry) == []


def test_a_content_reach_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(RegistryError, match="kind must be card, token, tile or stack"):
        Registry().add_content_reach("pool", "fate")


def test_a_market_item_a_player_count_puts_on_the_board_reaches_a_game(tmp_path: Path) -> None:
    """The merged setup of every player count a by_players entry changes is read."""
    alone = write_pack(tmp_path, "boots", {"tokens.yaml": BOOTS})
    assert _rules(alone) == ["unreachable-token"]
    at_four = write_pack(tmp_path, "boots-at-four", {"tokens.yaml": BOOTS.replace("shiny-boots", "fast-boots"),
                                                     "setup.yaml": 'by_players:\n  "4":\n    market_board: [fast-boots]\n'})
    assert _rules(at_four) == []


def test_a_reserve_card_a_setup_names_reaches_a_game(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, "guards", {"cards.yaml": LONE_GUARD, "setup.yaml": "reserve: [lone-guard]\n"})
    assert _rules(pack) == []


def test_nothing_is_called_unreachable_while_a_required_pack_is_missing(tmp_path: Path) -> None:
    """What reaches a game depends on the packs it requires: without them, the lint says nothing of it."""
    pack = write_pack(tmp_path, "guards", {"cards.yaml": LONE_GUARD}, requires=("catacombs", "elsewhere"))
    assert [p.rule for p in validate_pack_dirs([CATACOMBS, pack], _registry())] == ["missing-requirement"]
