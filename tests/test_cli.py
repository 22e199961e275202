"""The ``clank`` command line: play (bots-only, human, resume), simulate, packs, validate, replay.

Bots-only games use the core ``random`` bot on two players with a low round cap, so the
tests stay fast and do not depend on the catacombs pack's bot.
"""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import clank
import pytest
from clank import new_game
from clank.actions import Action
from clank.builtin import RandomBot
from clank.content.problems import Problem
from clank.plugins import find_pack
from clank_cli import render
from clank_cli.main import app
from clank_cli.report import github_line
from clank_cli.seats import assign_seats, bot_seed, parse_options
from rich.console import Console
from typer.testing import CliRunner

FAST = ["--players", "2", "--bot", "random", "--option", "max_rounds=25"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _actions(save: Path) -> list[str]:
    return json.loads(save.read_text())["record"]["actions"]


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"clank {clank.__version__}"


# -- play ---------------------------------------------------------------------------------
def test_play_bots_only_finishes_and_writes_a_record_that_replays(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "--humans", "0", "--seed", "4", "--save", str(save), *FAST])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert "total" in result.stdout and "artifacts" in result.stdout      # score lines by source (E8)
    doc = json.loads(save.read_text())
    assert doc["format"] == "clank-save/1" and doc["over"] is True
    assert [s["role"] for s in doc["seats"]] == ["bot", "bot"]
    assert doc["record"]["seed"] == 4 and len(doc["record"]["actions"]) > 10

    again = runner.invoke(app, ["replay", str(save)])
    assert again.exit_code == 0, again.output
    assert f"replayed {len(doc['record']['actions'])} actions: final state identical" in again.stdout


def test_play_reports_a_game_that_hits_the_round_cap_as_aborted(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--humans", "0", "--seed", "1", "--players", "2", "--bot", "random",
                                 "--option", "max_rounds=2"])
    assert result.exit_code == 0, result.output
    assert "aborted" in result.stdout and "no winner" in result.stdout


def test_play_human_with_empty_input_saves_and_exits_cleanly(runner: CliRunner, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "--seed", "9", *FAST], input="")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "end of input" in result.stderr and "--resume" in result.stderr
    save = tmp_path / "clank-save.json"                       # the default save file
    doc = json.loads(save.read_text())
    assert doc["seats"][0] == {"seat": 0, "role": "human"}
    assert doc["record"]["actions"] == []
    # what a human sees before deciding: map, players, row, supply, hand, numbered actions
    for heading in ("Dungeon: catacombs", "Players", "Dungeon row", "reserve:", "Clank! area:", "rage:",
                    "hand", "  1) play "):
        assert heading in result.stdout


def test_play_accepts_numbers_and_action_text_and_refuses_the_rest(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    game = new_game(["catacombs"], 2, 9, {"max_rounds": 25})
    first, second = game.legal_actions()[0], None
    game.apply(first)
    second = game.legal_actions()[-1]
    lines = ["99", "fly away", "1", "?", str(second), "q"]
    result = runner.invoke(app, ["play", "--seed", "9", "--save", str(save), *FAST], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "there is no action 99" in result.stderr
    assert "not legal now" in result.stderr
    assert _actions(save) == [str(first), str(second)]
    assert "game saved to" in result.stderr


def test_resume_replays_the_save_and_continues(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    first = runner.invoke(app, ["play", "--seed", "5", "--save", str(save), *FAST], input="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    before = _actions(save)
    assert len(before) == 2

    second = runner.invoke(app, ["play", "--resume", str(save)], input="1\nq\n")
    assert second.exit_code == 0, second.output
    assert "resumed" in second.stderr and "2 actions replayed" in second.stderr
    after = _actions(save)
    assert after[:2] == before and len(after) == 3
    assert runner.invoke(app, ["replay", str(save)]).exit_code == 0


def test_resume_of_a_corrupt_save_is_refused_without_traceback(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["play", "--resume", str(bad)])
    assert result.exit_code == 1
    assert "not JSON" in result.stderr and "Traceback" not in result.output


def test_five_players_without_party_are_refused_naming_the_party_pack(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "--players", "5", "--humans", "0", "--seed", "1"])
    assert result.exit_code == 1
    assert "party" in result.stderr


def test_usage_errors_exit_2(runner: CliRunner) -> None:
    assert runner.invoke(app, ["play", "--humans", "3", "--players", "2"]).exit_code == 2
    assert runner.invoke(app, ["play", "--humans", "0", "--bot", "nobody"]).exit_code == 2
    assert runner.invoke(app, ["play", "--humans", "0", "--option", "novalue"]).exit_code == 2
    assert runner.invoke(app, ["simulate"]).exit_code == 2          # --games is required


def test_an_unknown_pack_is_an_environment_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "--packs", "no-such-pack", "--humans", "0"])
    assert result.exit_code == 3
    assert "no-such-pack" in result.stderr


# -- simulate -----------------------------------------------------------------------------
def test_simulate_output_is_byte_identical_and_complete(runner: CliRunner, tmp_path: Path) -> None:
    outs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for out in outs:
        result = runner.invoke(app, ["simulate", "--games", "3", "--seed", "20", "--out", str(out), *FAST])
        assert result.exit_code == 0, result.output
        for stat in ("score mean", "standard deviation", "escape rate", "knock-out rate", "with an artifact",
                     "mean rounds", "aborted", "games/second", "wins"):
            assert stat in result.stdout
    assert outs[0].read_bytes() == outs[1].read_bytes()
    rows = [json.loads(line) for line in outs[0].read_text().splitlines()]
    assert [r["seed"] for r in rows] == [20, 21, 22]
    for row in rows:
        assert {"seed", "rounds", "aborted", "winner", "players"} <= set(row)
        assert len(row["players"]) == 2
        for p in row["players"]:
            assert {"seat", "bot", "score", "escaped", "knocked_out", "artifact"} <= set(p)
            assert p["bot"] == "random"
        if row["winner"] is not None:
            assert row["players"][row["winner"]]["score"] > 0


def test_simulate_game_matches_play_with_the_same_seed(runner: CliRunner, tmp_path: Path) -> None:
    """Bots are seeded from the game seed and seat: simulate's game S is play --seed S."""
    out, save = tmp_path / "sim.jsonl", tmp_path / "p.json"
    assert runner.invoke(app, ["simulate", "--games", "1", "--seed", "8", "--out", str(out), *FAST]).exit_code == 0
    assert runner.invoke(app, ["play", "--humans", "0", "--seed", "8", "--save", str(save), *FAST]).exit_code == 0
    row = json.loads(out.read_text())
    assert row["final_state_sha256"] == json.loads(save.read_text())["record"]["final_state_sha256"]


# -- packs, validate ----------------------------------------------------------------------
def test_packs_list_json_lists_catacombs(runner: CliRunner) -> None:
    result = runner.invoke(app, ["packs", "list", "--json"])
    assert result.exit_code == 0, result.output
    packs = {p["id"]: p for p in json.loads(result.stdout)}
    cat = packs["catacombs"]
    assert cat["version"] and cat["name"].startswith("Clank! Catacombs")
    assert "promos" in [part["id"] for part in cat["parts"]]


def test_validate_installed_catacombs_is_valid(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "catacombs"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "valid" in result.stderr


def _broken_copy(tmp_path: Path) -> tuple[Path, int, int]:
    """A copy of the catacombs data with the first ``gain:`` op misspelt ``gian:``; its line and column."""
    src = Path(str(find_pack("catacombs").data_dir))
    dst = tmp_path / "broken"
    shutil.copytree(src, dst)
    cards = dst / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.lstrip().startswith("- gain:"):
            col = line.index("gain:") + 1
            lines[i] = line.replace("gain:", "gian:", 1)
            cards.write_text("".join(lines), encoding="utf-8")
            return dst, i + 1, col
    raise AssertionError("no '- gain:' op found in cards.yaml")


def test_validate_points_at_the_misspelt_op(runner: CliRunner, tmp_path: Path) -> None:
    pack, line, col = _broken_copy(tmp_path)
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    expected = f"{pack / 'cards.yaml'}:{line}:{col}: error[unknown-op]: unknown op 'gian'"
    assert expected in result.stdout
    assert "did you mean 'gain'" in result.stdout
    assert len(result.stdout.splitlines()) == 1          # the pack's own ops are known: one problem only
    assert "1 error" in result.stderr


def test_validate_json_format_and_github_lines(runner: CliRunner, tmp_path: Path) -> None:
    pack, line, col = _broken_copy(tmp_path)
    result = runner.invoke(app, ["validate", str(pack), "--format", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["valid"] is False and doc["errors"] == 1
    assert doc["problems"][0]["rule"] == "unknown-op" and doc["problems"][0]["line"] == line
    problem = Problem("a,b.yaml", line, col, "warning", "some-rule", "50% done\nnext", "$[0]")
    assert github_line(problem) == (f"::warning file=a%2Cb.yaml,line={line},col={col},title=some-rule::"
                                    "50%25 done%0Anext (at $[0])")


def test_validate_a_directory_pack_with_the_code_of_the_packs_it_requires(runner: CliRunner, tmp_path: Path) -> None:
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: mine\nname: Mine\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\nfiles: [cards.yaml]\n")
    card = ("- id: lucky-find\n  name: Lucky Find\n  kind: dungeon\n  type: item\n  count: 1\n"
            "  cost: {skill: 2}\n  play: [OP: minor, gain: {skill: 1}]\n")
    (pack / "cards.yaml").write_text(card.replace("OP", "take_secret"))   # an op of the catacombs pack
    (pack / "cards.yaml").write_text(card.replace("OP", "take_secrt") + card.replace("lucky-find", "other")
                                     .replace("OP", "take_secret"))
    result = runner.invoke(app, ["validate", str(pack), "-v"])
    assert result.exit_code == 1
    assert "code of: core, catacombs" in result.stderr
    # only the misspelt op is reported: take_secret, an op of the catacombs pack, is known
    assert result.stdout.splitlines() == [
        f"{pack / 'cards.yaml'}:7:10: error[unknown-op]: unknown op 'take_secrt' (did you mean 'take_secret'?) "
        "(at $[0].play[0].take_secrt)"]


def test_validate_unknown_pack_exits_3(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "no-such-pack"])
    assert result.exit_code == 3
    assert "not installed" in result.stderr


# -- replay -------------------------------------------------------------------------------
def test_replay_refuses_corrupt_and_tampered_files(runner: CliRunner, tmp_path: Path) -> None:
    game = new_game(["catacombs"], 2, 3, {"max_rounds": 25})
    bot = RandomBot(3)
    for _ in range(30):
        game.apply(bot.choose(game.view(game.current_player)))
    from clank_cli.records import record_of
    record = record_of(game)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(good)])
    assert result.exit_code == 0 and "replayed 30 actions: final state identical" in result.stdout
    assert "in progress" in result.stdout

    cases = {
        "text.json": "not a record",
        "list.json": "[1, 2]",
        "format.json": json.dumps({**record, "format": "something-else"}),
        "seed.json": json.dumps({k: v for k, v in record.items() if k != "seed"}),
        "illegal.json": json.dumps({**record, "actions": [*record["actions"][:5], "fly", *record["actions"][5:]]}),
        "digest.json": json.dumps({**record, "final_state_sha256": "0" * 64}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 1, (name, result.output)
        assert result.stderr.startswith("error:"), (name, result.stderr)
        assert "Traceback" not in result.output


def test_a_misspelt_option_is_an_error_naming_the_nearest_one(runner) -> None:
    """``-o max_round=5`` is refused before any game is played (exit code 1, no traceback), with
    the option the user most likely meant, by ``simulate`` and ``play`` alike."""
    for command in (["simulate", "-n", "1", "--jobs", "1"], ["play", "--humans", "0", "--plain"]):
        result = runner.invoke(app, [*command, "-o", "max_round=5"])
        assert result.exit_code == 1, result.output
        assert "unknown game option 'max_round' (did you mean 'max_rounds'?)" in result.stderr
        assert "Traceback" not in result.output


# -- pieces -------------------------------------------------------------------------------
def test_option_parsing_and_seats() -> None:
    opts = parse_options(["max_rounds=50", "parts=promos,extra", "start_side=B", "flag=true"])
    assert opts == {"max_rounds": 50, "parts": ["promos", "extra"], "start_side": "B", "flag": True}
    seats = assign_seats(4, 1, ["greedy", "random"])
    assert [s.label() for s in seats] == ["human", "bot:greedy", "bot:random", "bot:random"]
    assert bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 2)


def test_every_legal_action_gets_a_readable_label_and_views_render() -> None:
    """Labels describe every action kind met in a random game in words, never showing the
    action's machine text (issue 9 item 6)."""
    game = new_game(["catacombs"], 2, 12, {"max_rounds": 20})
    bot = RandomBot(12)
    seen: set[str] = set()
    steps = 0
    while not game.over and steps < 400:
        for a in game.legal_actions():
            label = render.action_label(game.view(game.current_player), a)
            assert label and (not a.args or str(a) not in label) and "#" not in label, (a, label)
            if game.state.decision is None and a.kind != "end":
                assert render._describe(game.view(game.current_player), a), a          # a description, not the fallback
            seen.add(a.kind)
        if steps % 100 == 0:
            console = Console(file=StringIO(), width=100)
            console.print(render.decision_view(game.view(game.current_player), game.current_player, None, game.legal_actions()))
            assert "Dungeon row" in console.file.getvalue()
        game.apply(bot.choose(game.view(game.current_player)))
        steps += 1
    assert {"play", "move", "end"} <= seen


def test_move_and_buy_labels_name_the_room_and_the_cost() -> None:
    game = new_game(["catacombs"], 2, 12, {"max_rounds": 20})
    from clank.testing import set_pool
    set_pool(game, 0, boots=3, skill=10, swords=0)
    moves = [a for a in game.legal_actions() if a.kind == "move"]
    assert moves
    label = render.action_label(game.view(game.current_player), moves[0])
    assert label == "move to the Crypt Gate: 1 boot"
    buys = [a for a in game.legal_actions() if a.kind == "buy"]
    assert buys
    card = game.ruleset.cards[game.state.row[int(buys[0].args[0])]]
    slot = int(buys[0].args[0]) + 1
    assert render.action_label(game.view(game.current_player), buys[0]) == \
        f"acquire {card.name} (slot {slot}): {render.cost_text(card.cost)}"
    assert render.action_label(game.view(game.current_player), Action("end")) == "end your turn"


def test_names_with_brackets_are_printed_verbatim_not_as_markup() -> None:
    game = new_game(["catacombs"], 2, 1, {"max_rounds": 20}, names=["[red]Ann[/red]", "Bob [x]"])
    console = Console(file=StringIO(), width=120)
    console.print(render.decision_view(game.view(0), 0, assign_seats(2, 1, ["random"]), game.legal_actions()))
    text = console.file.getvalue()
    assert "[red]Ann[/red]" in text and "Bob [x]" in text


def test_simulate_card_stats_counts_what_happens_to_each_card(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 11 item 12: ``--card-stats`` counts, per card, acquisitions, plays, uses and defeats
    (a table, and a ``cards`` key per --out line); the counts agree with the games."""
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "--games", "3", "--players", "2", "--seed", "4", "--card-stats",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "cards over 3 games" in result.stdout and "acquired" in result.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    played = sum(c.get("played", 0) for r in rows for c in r["cards"].values())
    assert played > 0 and all("cards" in r for r in rows)
    assert any(c.get("acquired") for r in rows for c in r["cards"].values())
    plain = tmp_path / "plain.jsonl"
    runner.invoke(app, ["simulate", "--games", "3", "--players", "2", "--seed", "4", "--out", str(plain)])
    assert "cards" not in json.loads(plain.read_text().splitlines()[0])     # default output unchanged


def test_play_with_stdin_closed_starts_and_stops_cleanly(tmp_path) -> None:
    """Issue 9: `make play` run with standard input closed (a checker, a pipe) plays in line
    mode, stops at the end of input with the game saved, and prints no traceback."""
    import os
    import subprocess
    import sys

    for how in ("closed", "devnull"):
        proc = subprocess.run(
            [sys.executable, "-m", "clank_cli.main", "play", "--seed", "1", "--save", str(tmp_path / f"{how}.json")],
            stdin=subprocess.DEVNULL if how == "devnull" else None,
            preexec_fn=(lambda: os.close(0)) if how == "closed" else None,
            capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stdout + proc.stderr
        assert "end of input: game saved" in proc.stderr
        assert "play Burgle" in proc.stdout                 # the same words as the table's


import re  # noqa: E402

INTERNAL = re.compile(r"#\d|\b(st|su|de)-[a-z0-9]+\b|\([A-Z]{1,2}-?\d+[^)]*\)|\bcell \(|_")


def test_no_internal_ids_in_menus_or_the_log_over_a_bot_game():
    """Issue 9 item 6: every menu text of a whole bot game, and its log, are words: no tile,
    room or route ids, no rule ids, no snake_case names."""
    game = new_game(["catacombs"], 4, 3, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(4)]
    while not game.over:
        seat = game.current_player
        view = game.view(seat)
        assert not INTERNAL.search(render.prompt_text(view)), render.prompt_text(view)
        for action in view.legal_actions():
            label = render.action_label(view, action)
            assert not INTERNAL.search(label), (str(action), label)
        game.apply(bots[seat].choose(view))
    for line in game.log:
        assert not INTERNAL.search(line), line


def test_move_destinations_are_the_rooms_the_labels_name() -> None:
    """The table highlights where each move leads (render.move_destination); the room is the
    one the menu names, and applying the move puts the pawn there."""
    from clank.testing import set_pool
    from clank_cli.mapping import room_label
    game = new_game(["catacombs"], 2, 12, {"max_rounds": 20})
    set_pool(game, 0, boots=3, skill=10, swords=0)
    view = game.view(0)
    moves = [a for a in game.legal_actions() if a.kind == "move"]
    assert moves
    for move in moves:
        dest = render.move_destination(view, 0, move)
        assert dest is not None and room_label(view, dest) in render.action_label(view, move)
    assert render.move_destination(view, 0, next(a for a in game.legal_actions() if a.kind == "play")) is None
    dest = render.move_destination(view, 0, moves[0])
    game.apply(moves[0])
    while game.state.decision is not None and game.current_player == 0:
        game.apply(game.legal_actions()[0])
    assert game.player(0).room == dest


def test_line_mode_draws_each_way_a_discovered_tile_may_be_laid(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 9: the orientation decision shows one small drawing per candidate, as the table
    previews each, numbered as the actions are."""
    from clank_cli.records import save_document, write_json
    from clank_cli.seats import Seat

    game = new_game(["catacombs"], 2, 3, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]
    while game.decision()["kind"] != "orient":
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat)))
    seat = game.current_player
    seats = [Seat(s, "human") if s == seat else Seat(s, "bot", "greedy") for s in range(2)]
    save = tmp_path / "orient.json"
    write_json(save, save_document(game, seats, True))
    result = runner.invoke(app, ["play", "--resume", str(save)], input="q\n",
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    tile = game.ruleset.tiles[game.view(seat).moving_tile].name
    assert f"Laying {tile}: each way, drawn" in result.output
    actions = game.legal_actions()
    ways = [(i, a) for i, a in enumerate(actions, 1) if a.kind in ("orient", "place")]
    assert len(ways) >= 2
    out = " ".join(result.output.split())
    for number, action in ways:
        assert f"{number}) {' '.join(render.orientation_words(game.view(seat), action).split())}"[:20] in out
    assert result.output.count("new:") >= len(ways)            # the tile drawn in place, once per way
