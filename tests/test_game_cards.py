"""The ``game_cards`` modifier: a pack that puts cards into the game after setup (a character's
own starting deck) says so, and a saved game still passes the conservation check at load."""

from __future__ import annotations

import textwrap
from types import ModuleType

import clank_catacombs
import pytest
from clank import Game, new_game
from clank.plugin import hookimpl


def _pack(tmp_path, declare: bool) -> dict:
    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text(textwrap.dedent("""\
        id: charm
        name: Charm
        version: 0.0.1
        engine: ">=0.1"
        requires: [catacombs]
        files: [cards.yaml]
        """), encoding="utf-8")
    (data / "cards.yaml").write_text(textwrap.dedent("""\
        - {id: lucky-charm, name: Lucky Charm, kind: starter, type: item, count: 1, cost: {}, points: 0,
           play: [gain: {skill: 2}]}
        """), encoding="utf-8")
    pack = ModuleType("charm")
    pack.clank_pack_data_dir = lambda: data

    def swap(game, event):          # seat 0 trades a Burgle for the charm
        p = game.player(0)
        zone = p.deck if "burgle" in p.deck else p.hand
        zone.remove("burgle")
        p.deck.append("lucky-charm")

    def cards(game, counter):
        counter = counter.copy()
        counter["burgle"] -= 1
        counter["lucky-charm"] += 1
        return counter

    @hookimpl
    def clank_register_reactions(registry):
        registry.listen("setup_done", swap)
        if declare:
            registry.add_modifier("game_cards", cards)

    pack.clank_register_reactions = clank_register_reactions
    return {"catacombs": clank_catacombs, "charm": pack}


@pytest.mark.parametrize("declare", [True, False])
def test_cards_a_pack_adds_are_declared_for_the_conservation_check(tmp_path, declare):
    game = new_game(["catacombs", "charm"], players=2, seed=1, modules=_pack(tmp_path, declare))
    if declare:
        back = Game.from_json(game.ruleset, game.to_json())
        assert back.state.to_dict() == game.state.to_dict()
    else:
        with pytest.raises(ValueError, match="lucky-charm"):
            Game.from_json(game.ruleset, game.to_json())
