"""The Adventuring Party's corpus of broken content (issue 37): each pack of ``corpus/`` holds one
mistake an author extending the Party makes (a misspelt pool, a Party market item put on the market
board, a starting card given as a reserve stack, a starting card no character's deck holds),
reported where the ``# expect:`` lines at the top of its manifest say, in the words they quote
(:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import check_corpus_pack

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted([*CORPUS.glob("setup-*"), *CORPUS.glob("lint-*")])
"""The cases of names in setup files and of the lint (``structure-*`` are ``test_structure.py``'s)."""


@pytest.mark.parametrize("pack", CASES, ids=lambda p: p.name)
def test_each_corpus_pack_holds_its_mistakes(pack: Path) -> None:
    check_corpus_pack(pack, ["catacombs", "party"])
