"""The game contract (clank.testing.check_game) holds with the Party: random playouts end, legal
actions are deterministic and offered to the deciding seat's view, JSON round trips (and the
check of a loaded state) are exact in the middle of React windows, Arrive Choices and drafts,
clones are independent, the same seed and actions give the same game."""

from __future__ import annotations

import pytest
from clank.testing import check_game

from .conftest import MODULES, PACKS


@pytest.mark.parametrize(("players", "options"), [
    (6, {}), (5, {"characters": "on"}), (3, {"party_cards": "on", "cloaks": 1, "characters": "on"})])
def test_check_game_with_the_party(players, options):
    check_game(list(PACKS), players=players, seeds=(0,), options=options, modules=MODULES)
