"""The structure the Underworld's rules need of tiles (issue 37 point 3), stated by the pack
through ``clank_check_content`` and checked on the tiles of a directory pack that requires it:
a slot tile's region, its ports, its ladder room and that it never turns or lies in the Depths
(U26, U27, U32, §2.2), the ends and letters of ladders (U28, U32), where chutes may be (U33,
G43) and the hub's sides.

Each ``corpus/structure-*`` pack holds mistakes of one class; the ``# expect:`` lines at the top
of its manifest say where each is reported and the words its message says
(:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clank.testing import check_corpus_pack, content_problems, expected_problems

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(CORPUS.glob("structure-*"))
PACKS = ["catacombs", "underworld"]


def validate(*args: str) -> subprocess.CompletedProcess:
    """``clank validate`` of this interpreter's environment (the installed packs' code)."""
    return subprocess.run([sys.executable, "-m", "clank_cli.main", "validate", *args], capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_each_structural_mistake_is_reported_at_its_item_in_the_authors_words(case: Path) -> None:
    check_corpus_pack(case, PACKS)


def test_the_corpus_covers_every_rule_the_pack_states() -> None:
    rules = {expected.rule for case in CASES for expected in expected_problems(case)}
    assert {"slot-region", "slot-rotatable", "slot-depths", "slot-ports", "unknown-port", "slot-ladder",
            "ladder-end", "ladder-letter", "chute-place", "hub-side"} <= rules


def test_clank_validate_of_a_directory_pack_applies_the_installed_packs_rules() -> None:
    """The case authors hit: ``clank validate DIR`` of a pack that requires the Underworld reports
    the Underworld's rules at the directory pack's lines (text and JSON)."""
    case = CORPUS / "structure-slot-region"
    result = validate(str(case))
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{case / 'tiles.yaml'}:4:3: error[slot-region]: tile 'uw-90' is in stack 'underworld'" in result.stdout
    data = json.loads(validate("--format", "json", str(case)).stdout)
    assert {p["rule"] for p in data["problems"]} == {"slot-region"}


def test_the_shipped_content_keeps_every_rule() -> None:
    """The Underworld's own tiles (and the base game's and the Party's) break no structural rule."""
    assert [p.format_text() for p in content_problems(["catacombs", "underworld", "party"])] == []
