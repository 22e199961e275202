"""The core runs a whole game with a tiny pack and without the catacombs pack (DESIGN §3)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from clank import new_game
from clank.testing import check_game, playout


def _load_minipack():
    """Import tests/minipack as a top-level module, whatever pytest's import mode."""
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    init = Path(__file__).parent / "minipack" / "__init__.py"
    spec = importlib.util.spec_from_file_location("clank_test_minipack", init)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MODULES = {"mini": _load_minipack()}


def test_contract_holds_with_only_the_tiny_pack():
    check_game(["mini"], players=2, seeds=[0, 1, 2], modules=MODULES)


def test_the_core_knows_no_base_game_content():
    game = new_game(["mini"], players=1, seed=0, modules=MODULES)
    reg = game.ruleset.registry
    assert set(reg.room_features) == {"exit", "treasure"}
    assert set(reg.tunnel_icons) == {"mud"}
    assert "crystal_cave" not in reg.room_features
    assert set(game.ruleset.cards) == {"step", "coin", "scout", "rat", "letter", "herald"}


def test_a_scripted_escape_with_the_tiny_pack_scores_the_treasure():
    """E1, E8 with pack-defined features: explore, take the treasure, walk out."""
    game = new_game(["mini"], players=1, seed=3, modules=MODULES)
    p = game.player(0)
    for _ in range(40):
        if game.over:
            break
        acts = [str(a) for a in game.legal_actions()]
        pick = next((a for a in acts if a.startswith("room treasure")), None) \
            or next((a for a in acts if a.startswith("play")), None) \
            or next((a for a in acts if a.startswith("orient")), None)
        if pick is None and p.artifacts:
            for room in ("home.door", "home.hall"):
                pick = pick or next((a for a in acts if a.startswith("move") and _leads_to(game, a, room)), None)
        if pick is None and not p.artifacts:
            pick = next((a for a in acts if a.startswith(("explore", "move"))), None)
        game.apply(pick or "end")
    assert p.status == "escaped"
    score = game.scores()[0]
    assert score["eligible"] and dict(score["lines"])["artifacts"] in (3, 8)


def _leads_to(game, action: str, room: str) -> bool:
    key = action.split()[1]
    here = game.player(game.state.current).room
    return any(r.key == key and r.to == ("room", room) for r in game.geometry.routes_from(here))


def test_random_playout_ends():
    game = new_game(["mini"], players=3, seed=5, modules=MODULES)
    bot = game.ruleset.registry.bots["random"].factory(5)
    assert playout(game, bot) > 0 and game.over


def test_a_pack_given_twice_is_refused():
    """DESIGN §2: pack ids are unique; naming one twice is an error, never a silent drop."""
    import pytest
    from clank.plugins import PackLoadError

    with pytest.raises(PackLoadError, match="given twice"):
        new_game(["mini", "mini"], players=1, seed=0, modules=MODULES)
