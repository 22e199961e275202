"""``clank render`` (the dungeon of a save or record, as SVG or in the terminal) and
``clank simulate --plot`` (issue 9), with their error cases; ``replay`` of simulation output."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from clank_cli.main import app
from typer.testing import CliRunner

SVG = "{http://www.w3.org/2000/svg}"
FAST = ["--players", "2", "--bot", "random", "--option", "max_rounds=6"]


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("render") / "game.json"
    result = CliRunner().invoke(app, ["play", "--humans", "0", "--seed", "4", "--save", str(path), *FAST])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _tiles(svg: Path) -> set[str]:
    root = ET.parse(svg).getroot()
    return {e.get("data-tile") for e in root.iter(f"{SVG}g") if e.get("class") == "tile"}


def test_render_writes_an_svg_of_the_saved_dungeon(runner, save, tmp_path):
    out = tmp_path / "map.svg"
    result = runner.invoke(app, ["render", str(save), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    actions = len(json.loads(save.read_text())["record"]["actions"])
    assert f"after {actions} actions of {actions}" in root.find(f"{SVG}title").text
    assert len(_tiles(out)) > 1
    assert any(e.get("id") == "legend" for e in root.iter(f"{SVG}g"))
    assert f"wrote {out}" in result.stderr
    assert result.stdout == ""                     # --svg alone prints no drawing


def test_render_at_an_earlier_action_shows_the_dungeon_then(runner, save, tmp_path):
    first, late = tmp_path / "first.svg", tmp_path / "late.svg"
    assert runner.invoke(app, ["render", str(save), "--at", "0", "--svg", str(first)]).exit_code == 0
    assert runner.invoke(app, ["render", str(save), "--svg", str(late)]).exit_code == 0
    assert len(_tiles(first)) == 1                 # the start tile only
    assert _tiles(first) < _tiles(late)


def test_render_text_prints_the_terminal_drawing(runner, save):
    result = runner.invoke(app, ["render", str(save), "--text", "--width", "100", "--height", "35"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.rstrip("\n").split("\n")
    assert len(lines) <= 35 and max(len(line) for line in lines) <= 100
    assert "unexplored" in result.stdout and "P1" in result.stdout
    seat = runner.invoke(app, ["render", str(save), "--seat", "2", "--width", "100"])
    assert seat.exit_code == 0, seat.output


@pytest.mark.parametrize("args,message", [
    (["--at", "100000"], "out of range"),
    (["--at", "-1"], "out of range"),
    (["--seat", "3"], "the game has 2 players"),
])
def test_render_refuses_out_of_range_numbers(runner, save, args, message):
    result = runner.invoke(app, ["render", str(save), *args])
    assert result.exit_code == 1
    assert message in result.stderr and "Traceback" not in result.output


def test_render_refuses_a_missing_or_corrupt_file(runner, tmp_path):
    missing = runner.invoke(app, ["render", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1 and "no such file" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "clank-save/1", "record": ', encoding="utf-8")
    corrupt = runner.invoke(app, ["render", str(bad)])
    assert corrupt.exit_code == 1 and "not JSON" in corrupt.stderr
    other = tmp_path / "other.json"
    other.write_text('{"format": "something"}', encoding="utf-8")
    wrong = runner.invoke(app, ["render", str(other)])
    assert wrong.exit_code == 1 and "not a clank game record" in wrong.stderr


def test_simulation_output_is_named_as_such_by_render_and_replay(runner, tmp_path):
    out = tmp_path / "games.jsonl"
    sim = runner.invoke(app, ["simulate", "--games", "2", "--players", "2", "--bot", "random", "--option",
                              "max_rounds=4", "--out", str(out)])
    assert sim.exit_code == 0, sim.output
    one = tmp_path / "one.jsonl"
    one.write_text(out.read_text().split("\n")[0] + "\n", encoding="utf-8")
    for command in ("render", "replay"):
        for path in (out, one):
            result = runner.invoke(app, [command, str(path)])
            assert result.exit_code == 1, (command, path)
            assert "simulation output" in result.stderr and "Extra data" not in result.stderr


def test_simulate_plot_writes_two_histograms(runner, tmp_path):
    plot = tmp_path / "plot.svg"
    result = runner.invoke(app, ["simulate", "--games", "4", "--players", "2", "--bot", "random", "--option",
                                 "max_rounds=4", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    root = ET.parse(plot).getroot()
    panels = [e for e in root.iter(f"{SVG}g") if e.get("class") == "panel"]
    assert [p.get("data-title") for p in panels] == ["Final scores (every player)", "Game length"]
    scores = sum(int(b.get("data-count")) for b in panels[0].iter(f"{SVG}rect") if b.get("class") == "bar")
    games = sum(int(b.get("data-count")) for b in panels[1].iter(f"{SVG}rect") if b.get("class") == "bar")
    assert (scores, games) == (8, 4)
    assert {s.get("data-series") for s in root.iter(f"{SVG}polyline")} == {"P1", "P2"}


def test_simulate_with_an_unsupported_player_count_fails_before_the_progress_bar(runner):
    result = runner.invoke(app, ["simulate", "--games", "3", "--players", "1"])
    assert result.exit_code == 1
    assert "not supported" in result.stderr and "simulating" not in result.output


def test_render_refuses_an_edited_save_and_warns_of_a_state_that_differs(runner, save, tmp_path):
    doc = json.loads(save.read_text())
    cut = json.loads(json.dumps(doc))
    cut["record"]["actions"] = cut["record"]["actions"][:-1]          # cut back by hand
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(cut), encoding="utf-8")
    result = runner.invoke(app, ["render", str(edited), "--svg", str(tmp_path / "e.svg")])
    assert result.exit_code == 1 and "changed after it was written" in result.stderr
    doc["record"]["final_state_sha256"] = "0" * 64
    differs = tmp_path / "differs.json"
    differs.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["render", str(differs), "--svg", str(tmp_path / "d.svg")])
    assert result.exit_code == 0 and "warning" in result.stderr and (tmp_path / "d.svg").exists()


def test_play_and_render_an_underworld_game(runner, tmp_path):
    """A game with the Underworld (a region of slots beside the catacombs grid) is watched,
    saved and rendered without error: text and SVG both show the Underworld."""
    path = tmp_path / "uw.json"
    result = runner.invoke(app, ["play", "--packs", "catacombs,underworld", "--humans", "0", "--seed", "3",
                                 "--players", "2", "--option", "max_rounds=5", "--save", str(path)])
    assert result.exit_code == 0, result.output
    text = runner.invoke(app, ["render", str(path), "--text", "--width", "100", "--height", "35"])
    assert text.exit_code == 0, text.output
    assert "Underworld" in text.output
    out = tmp_path / "uw.svg"
    assert runner.invoke(app, ["render", str(path), "--svg", str(out)]).exit_code == 0
    assert ET.parse(out).getroot().tag == f"{SVG}svg"
