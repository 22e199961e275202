"""The Underworld's corpus of broken content (issue 37): each pack of ``corpus/`` holds one
mistake an author extending the Underworld makes (a misspelt stack, pool or region in a setup, an
Underworld market item on the base market board, a slot region's start tile of another region, a
catacombs stack given anew without the Underworld Depths tiles), reported where its manifest's
header says, in the words it says (:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import check_corpus_pack, corpus_packs

CORPUS = Path(__file__).parent / "corpus"


@pytest.mark.parametrize("pack", corpus_packs(CORPUS), ids=lambda p: p.name)
def test_each_corpus_pack_holds_its_one_mistake(pack: Path) -> None:
    check_corpus_pack(pack, ["catacombs", "underworld"])
