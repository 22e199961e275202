"""``setup_done`` listeners may queue decisions (a draft of characters) that every seat answers
before the first turn starts: the first turn's ``turn_start`` comes after them."""

from __future__ import annotations

import textwrap
from types import ModuleType

import clank_catacombs
from clank import new_game
from clank.plugin import act, hookimpl


def _pack(tmp_path, seen: list) -> dict:
    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text(textwrap.dedent("""\
        id: pick
        name: Pick
        version: 0.0.1
        engine: ">=0.1"
        requires: [catacombs]
        files: []
        """), encoding="utf-8")
    pack = ModuleType("pick")
    pack.clank_pack_data_dir = lambda: data

    def ask_everyone(game, event):
        seen.append("setup_done")
        game.ask_seats(list(reversed(range(len(game.state.players)))), {"kind": "pick_colour"})

    def turn_started(game, event):
        seen.append(f"turn_start {event['seat']}")

    @hookimpl
    def clank_register_actions(registry):
        registry.add_decision_kind("pick_colour", lambda g, d: [act("colour", "red"), act("colour", "blue")],
                                   lambda g, d, a: seen.append(f"seat {d['seat']} picks {a.args[0]}"),
                                   "pick a colour")

    @hookimpl
    def clank_register_reactions(registry):
        registry.listen("setup_done", ask_everyone)
        registry.listen("turn_start", turn_started)

    pack.clank_register_actions = clank_register_actions
    pack.clank_register_reactions = clank_register_reactions
    return {"catacombs": clank_catacombs, "pick": pack}


def test_decisions_queued_at_setup_done_come_before_the_first_turn(tmp_path):
    seen: list = []
    game = new_game(["catacombs", "pick"], players=3, seed=2, options={"first_player": 1},
                    modules=_pack(tmp_path, seen))
    asked = []
    while game.decision()["kind"] == "pick_colour":
        asked.append(game.current_player)
        assert game.state.turn.phase == "main" and not game.state.turn.stats
        game.apply("colour red")
    assert asked == [2, 1, 0]
    assert seen == ["setup_done", "seat 2 picks red", "seat 1 picks red", "seat 0 picks red", "turn_start 1"]
    assert game.decision()["kind"] == "main" and game.state.current == 1
