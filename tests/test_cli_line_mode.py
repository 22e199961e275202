"""Line mode as a player reads it: the menu's own text is accepted in any case, the dungeon row
has one numbering in the table and the actions, and only what changed is printed again before
each decision (``--redraw changed``, the default; ``all`` prints the whole table)."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

from clank import new_game
from clank.actions import Action
from clank_cli import render
from clank_cli.main import app
from clank_cli.play import Session, match_label
from clank_cli.seats import assign_seats
from rich.console import Console
from typer.testing import CliRunner

FAST = ["--players", "2", "--bot", "random", "--option", "max_rounds=25"]


def _actions(save: Path) -> list[str]:
    return json.loads(save.read_text())["record"]["actions"]


def test_the_menus_own_text_is_accepted_in_any_case(tmp_path: Path) -> None:
    """`play Burgle` as the menu writes it (and `PLAY BURGLE`, and an acquire up to its cost)."""
    game = new_game(["catacombs"], 2, 9, {"max_rounds": 25})
    view = game.view(0)
    plays = [a for a in game.legal_actions() if a.kind == "play"]
    shown = render.action_label(view, plays[0])             # "play Burgle"
    assert shown.startswith("play ") and shown != str(plays[0])
    save = tmp_path / "s.json"
    result = CliRunner().invoke(app, ["play", "--seed", "9", "--save", str(save), *FAST],
                                input=f"{shown}\n{shown.upper()}\nq\n")
    assert result.exit_code == 0, result.output
    assert "not legal now" not in result.stderr
    assert _actions(save) == [str(plays[0]), str(plays[0])]         # the hand holds Burgle twice


def test_a_label_up_to_its_cost_names_the_action_and_an_ambiguous_one_is_refused_with_the_choices() -> None:
    actions = [Action("buy", ("2",)), Action("buy", ("2", "alt")), Action("end")]
    labels = {actions[0]: "acquire Rebel Scribe (slot 3): 1 skill",
              actions[1]: "acquire Rebel Scribe (slot 3): 1 skill, paying 1 lockpick instead",
              actions[2]: "end your turn"}
    assert match_label("End Your  Turn", actions, labels.__getitem__) == actions[2]
    assert match_label("ACQUIRE rebel scribe (slot 3): 1 skill", actions, labels.__getitem__) == actions[0]
    both = match_label("acquire rebel scribe (slot 3)", actions, labels.__getitem__)
    assert both == [labels[actions[0]], labels[actions[1]]]
    assert match_label("fly away", actions, labels.__getitem__) == []


def test_the_dungeon_row_is_numbered_1_to_6_in_the_table_as_in_the_actions() -> None:
    game = new_game(["catacombs"], 2, 3)
    view = game.view(0)
    console = Console(width=200, record=True, file=StringIO())
    console.print(render.row_table(view))
    slots = re.findall(r"^\s+(\d)\s", console.export_text(), re.M)
    assert slots == ["1", "2", "3", "4", "5", "6"]
    first = view.row[0]
    buy = next((a for a in game.legal_actions() if a.kind == "buy" and a.args[0] == "0"), Action("buy", ("0",)))
    assert first is not None and "(slot 1)" in render.action_label(view, buy)


def _session(redraw: str, script: list[str]) -> tuple[str, Session]:
    game = new_game(["catacombs"], 2, 4, {"max_rounds": 25})
    seats = assign_seats(2, 2, ["random"])
    lines = iter(script)
    out = Console(file=StringIO(), width=140)
    session = Session(game, seats, None, out, Console(file=StringIO()), read_line=lambda _p: next(lines),
                      redraw=redraw)
    session.run()
    return out.file.getvalue(), session


def test_redraw_changed_prints_only_what_changed_and_question_mark_shows_everything() -> None:
    """Playing one card changes the hand and the play area, not the map or the row: those are
    not printed again; `?` prints everything; `--redraw all` prints the whole table each time."""
    changed, _ = _session("changed", ["1", "?", "q"])
    everything, _ = _session("all", ["1", "?", "q"])
    assert changed.count("Dungeon row") == 2            # the first table, then `?`: not after the play
    assert everything.count("Dungeon row") == 3
    assert "unchanged: the map, the players, the dungeon row" in changed
    assert len(changed.splitlines()) < len(everything.splitlines())
    assert changed.count("to decide") == everything.count("to decide") == 3    # the prompt every time


def test_the_redraw_option_is_on_the_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "--seed", "9", "--save", str(tmp_path / "s.json"), "--redraw", "nope",
                                      *FAST])
    assert result.exit_code == 2 and "--redraw" in result.output
    result = CliRunner().invoke(app, ["play", "--seed", "9", "--save", str(tmp_path / "s.json"), "--redraw", "all",
                                      *FAST], input="1\n1\nq\n")
    assert result.exit_code == 0 and result.stdout.count("Dungeon row") == 3
