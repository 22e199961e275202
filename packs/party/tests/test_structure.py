"""The structure the Party's rules need of cards and characters (issue 37 point 3), stated by the
pack through ``clank_check_content`` and checked on the content of a directory pack that requires
it: where React and Arrive Choice can trigger (P15, P16), the size of a character's deck (P17),
and the player counts ``by_players`` and ``seat_resources`` name (the core's rule, judged
against the 2-6 players the Party makes possible).

Each ``corpus/structure-*`` pack holds mistakes of one class; the ``# expect:`` lines at the top
of its manifest say where each is reported and the words its message says
(:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import check_corpus_pack, expected_problems

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(CORPUS.glob("structure-*"))
PACKS = ["catacombs", "party"]


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_each_structural_mistake_is_reported_at_its_item_in_the_authors_words(case: Path) -> None:
    check_corpus_pack(case, PACKS)


def test_the_corpus_covers_every_rule_the_pack_states() -> None:
    rules = {expected.rule for case in CASES for expected in expected_problems(case)}
    assert {"arrive-choice-place", "react-place", "character-deck", "player-count", "bad-key"} <= rules
