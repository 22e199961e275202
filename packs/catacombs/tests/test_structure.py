"""The structure the base game's rules need of tiles, tile stacks and the market board (issue 37
point 3), stated by the pack through ``clank_check_content`` and checked on the content of a
directory pack that requires it: which tiles are in the Depths (R12, X13), tile stacks whose
parts can be carried out and that reach the Depths (S5), Crowns highest first (K5), and the
start tile's Crypt (the core's rule on ``start_feature``, S15).

Each ``corpus/structure-*`` pack holds mistakes of one class; the ``# expect:`` lines at the top
of its manifest say where each is reported and the words its message says
(:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import check_corpus_pack, content_problems, expected_problems

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(CORPUS.glob("structure-*"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_each_structural_mistake_is_reported_at_its_item_in_the_authors_words(case: Path) -> None:
    check_corpus_pack(case, ["catacombs"])


def test_the_corpus_covers_every_rule_the_pack_states() -> None:
    rules = {expected.rule for case in CASES for expected in expected_problems(case)}
    assert {"depths-stack", "tile-stack", "crown-order", "start-tile"} <= rules


def test_the_base_game_keeps_every_rule() -> None:
    assert content_problems(["catacombs"]) == []
