"""The Underworld's corpus of broken content (issue 37): each pack of ``corpus/`` holds one
mistake an author extending the Underworld makes (a misspelt stack, pool or region in a setup, an
Underworld market item on the base market board, a slot region's start tile of another region, a
catacombs stack given anew without the Underworld Depths tiles), reported where the ``# expect:`` lines
at the top of its manifest say, in the words they quote (:func:`clank.testing.check_corpus_pack`).
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
    check_corpus_pack(pack, ["catacombs", "underworld"])
