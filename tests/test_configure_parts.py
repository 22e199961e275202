"""``clank_configure`` may switch a pack's optional parts on (a part for some player counts only):
``new_game`` and ``clank.testing.arranged_game`` build the game with those parts, and the game's
record names them, so it replays."""

from __future__ import annotations

import textwrap
from types import ModuleType

import clank_catacombs
from clank import game_record, new_game, replay
from clank.plugin import hookimpl
from clank.testing import arranged_game


def _pack(tmp_path) -> dict:
    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text(textwrap.dedent("""\
        id: crowd
        name: Crowd
        version: 0.0.1
        engine: ">=0.1"
        requires: [catacombs]
        files: []
        parts:
          big:
            files: [cards.yaml]
            description: Cards only for three or more players.
        """), encoding="utf-8")
    (data / "cards.yaml").write_text(textwrap.dedent("""\
        - {id: crowd-cheer, name: Cheer, kind: dungeon, type: item, count: 4, cost: {skill: 1}, points: 0,
           play: [gain: {skill: 1}]}
        """), encoding="utf-8")
    pack = ModuleType("crowd")
    pack.clank_pack_data_dir = lambda: data

    @hookimpl
    def clank_configure(config):
        parts = list(config["options"].get("parts", []))
        if config["players"] >= 3 and "crowd:big" not in parts:      # idempotent: replays configure again
            config["options"]["parts"] = [*parts, "crowd:big"]

    pack.clank_configure = clank_configure
    return {"catacombs": clank_catacombs, "crowd": pack}


def test_configure_switches_a_part_on_for_a_player_count(tmp_path):
    mods = _pack(tmp_path)
    two = new_game(["catacombs", "crowd"], players=2, seed=3, modules=mods)
    three = new_game(["catacombs", "crowd"], players=3, seed=3, modules=mods)
    assert "crowd-cheer" not in two.ruleset.cards and "parts" not in two.state.config["options"]
    assert "crowd-cheer" in three.ruleset.cards
    assert three.state.config["options"]["parts"] == ["crowd:big"]
    deck = three.state.dungeon_deck + [c for c in three.state.row if c]
    assert deck.count("crowd-cheer") == 4 and len(deck) == 104
    arranged = arranged_game(["catacombs", "crowd"], players=3, seed=3, modules=mods)
    assert arranged.state.to_dict() == three.state.to_dict()


def test_a_configured_part_replays(tmp_path, monkeypatch):
    mods = _pack(tmp_path)
    game = new_game(["catacombs", "crowd"], players=3, seed=5, modules=mods)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    record = game_record(game)
    import clank.api as api
    real = api.new_game
    monkeypatch.setattr(api, "new_game", lambda *a, **k: real(*a, **{**k, "modules": mods}))
    again = replay(record)
    assert again.state.to_dict() == game.state.to_dict()
