"""The Adventuring Party's corpus of broken content (issue 37): each pack of ``corpus/`` holds one
mistake an author extending the Party makes (a misspelt pool, a Party market item put on the market
board, a starting card given as a reserve stack, a starting card no character's deck holds),
reported where its manifest's header says, in the words it says
(:func:`clank.testing.check_corpus_pack`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.testing import check_corpus_pack, corpus_packs

CORPUS = Path(__file__).parent / "corpus"


@pytest.mark.parametrize("pack", corpus_packs(CORPUS), ids=lambda p: p.name)
def test_each_corpus_pack_holds_its_one_mistake(pack: Path) -> None:
    check_corpus_pack(pack, ["catacombs", "party"])
