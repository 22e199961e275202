"""The shape of the ``clank`` command: Typer parses, a plain function of ``clank_cli.commands``
does the work (importable and callable without Typer), helpers raise the CLI's own errors and
name the option of the command that was run; the balance report is fitted to the terminal."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from clank.api import build_ruleset
from clank_cli.errors import CommandExit, UsageError
from clank_cli.main import app
from rich.console import Console
from typer.testing import CliRunner

CLI = Path(__file__).resolve().parents[1] / "cli" / "clank_cli"
COMMAND_MODULES = sorted(p.stem for p in (CLI / "commands").glob("*.py") if p.stem != "__init__")


def test_every_command_has_a_module_importable_without_typer() -> None:
    """Importing the commands' modules with Typer and click made unimportable still works."""
    modules = ", ".join(f"'clank_cli.commands.{m}'" for m in COMMAND_MODULES)
    code = ("import importlib, sys\nsys.modules['typer'] = None\nsys.modules['click'] = None\n"
            f"for m in [{modules}]:\n    importlib.import_module(m)\nprint('ok')")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
    assert {"play", "simulate", "balance", "packs", "guides", "validate", "replay", "render", "serve"} <= set(
        COMMAND_MODULES)


def test_only_the_typer_layer_imports_typer_or_click() -> None:
    """No helper raises a Typer error: only main.py imports typer (or click)."""
    offenders = []
    for path in CLI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] in ("typer", "click") for n in names) and path.name != "main.py":
                offenders.append(str(path.relative_to(CLI)))
    assert offenders == []


def test_balance_names_its_own_bots_option() -> None:
    """`clank balance --bots nope` blames --bots, the option it was given (not play's --bot)."""
    result = CliRunner().invoke(app, ["balance", "--bots", "nope", "--games", "2", "--jobs", "1"])
    assert result.exit_code == 2
    assert "Invalid value for --bots" in result.output and "unknown bot 'nope'" in result.output
    result = CliRunner().invoke(app, ["balance", "--bots-b", "nope", "--games", "2", "--jobs", "1"])
    assert result.exit_code == 2 and "Invalid value for --bots-b" in result.output


def test_the_plain_functions_stop_with_the_clis_own_errors(tmp_path: Path) -> None:
    from clank_cli.commands.render import render
    from clank_cli.commands.simulate import SimulateRequest, simulate
    from clank_cli.seats import parse_options, resolve_bots

    registry = build_ruleset(["catacombs"], {}).registry
    with pytest.raises(UsageError) as usage:
        resolve_bots(registry, "nope", "--bots")
    assert usage.value.option == "--bots" and "unknown bot 'nope'" in usage.value.message
    with pytest.raises(UsageError) as usage:
        parse_options(["max_rounds"])
    assert usage.value.option == "--option" and "expected key=value, got 'max_rounds'" in usage.value.message
    with pytest.raises(UsageError) as usage:
        simulate(SimulateRequest(games=1, resume=True), lambda: pytest.fail("no game should be played"))
    assert usage.value.option == "--resume"
    with pytest.raises(CommandExit) as stop:
        render(tmp_path / "missing.json")
    assert stop.value.code == 1


def _report(sides: int) -> dict:
    """A small balance report, as `clank balance --json` writes it."""
    est = {"value": 0.312345, "lo": 0.29, "hi": 0.334}
    diff = {"value": -0.041, "lo": -0.06, "hi": -0.022, "significant": True}
    figures = {"holders_win_rate": est, "pick_rate": est, "held_score": {"value": 31.2, "lo": 29.0, "hi": 33.4},
               "holders_per_game": {"value": 1.2}, "holders": 1234, "offered": 5678}
    names = ["Rime Serpent of the Deeps", "Boots of the Ape Lord", "Thirst for Adventure", "Goblin"]
    setups = {s: {"packs": ["catacombs"], "players": 4, "bots": ["greedy"] * 4, "options": {}} for s in "ab"[:sides]}
    cards = []
    for i, name in enumerate(names):
        card = {"card": f"c{i}", "name": name, "pack": "catacombs", "type": "dungeon",
                "cost": {"skill": 4, "lockpicks": 1}, "a": figures, "band": "within"}
        if sides == 2:
            card.update({"b": figures, "diff": {k: diff for k in figures if k not in ("holders", "offered")},
                         "band_b": "above", "card_b": f"c{i}", "cost_b": {"skill": 5}})
        cards.append(card)
    overall = [{"figure": f, "unit": "rate", "a": est, **({"b": est, "diff": diff} if sides == 2 else {})}
               for f in ("win_rate:P1", "score:P1", "mean_score", "rounds", "no_winner_rate")]
    return {"format": "clank-balance/1", "games": 20000, "seed": 1, "stopped": "games", "resamples": 2000,
            "level": 0.95, "setups": setups, "question": {"cards": [], "without": [], "seats": []},
            "overall": overall, "cards": cards, "band": {"a": None}, "distributions": {},
            "verdicts": [{"text": "Overall (B - A): mean score -4.1 pts", "column": None, "significant": True,
                          "width": None}]}


@pytest.mark.parametrize("sides", [1, 2])
@pytest.mark.parametrize("width", [80, 100, 200])
def test_the_balance_tables_fit_the_terminal_and_say_what_they_left_out(sides: int, width: int) -> None:
    """Point 13: nothing is cut (no `Rime… 21.…`): every card's whole name and every figure left
    is shown within the width, and any column left out is named."""
    from clank_cli.lab import textreport

    report = _report(sides)
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(textreport.render(report, width=width))
    text = console.export_text()
    assert max(len(line.rstrip()) for line in text.splitlines()) <= width
    assert "…" not in text
    for card in report["cards"]:
        assert card["name"] in text
    assert "31.2%" in text
    if sides == 2:
        assert "-4.1 pts" in text
    left_out = "left out to fit" in text
    if width == 200:
        assert not left_out and "pick A" in text and "holders A" in text
    if width == 80:       # this table cannot fit 80 columns whole: the pick rates go first, and are named
        assert left_out and f"left out to fit {width} columns: pick" in " ".join(text.split())
    if left_out:
        assert "a wider terminal, or --json, shows every column" in " ".join(text.split())


def test_the_report_types_match_the_json_a_run_writes(tmp_path: Path) -> None:
    """The TypedDicts of lab/report.py name every key of a real report (no more, no fewer)."""
    from typing import get_type_hints

    from clank_cli.lab import report as fmt

    out = tmp_path / "b.json"
    result = CliRunner().invoke(app, ["balance", "--games", "3", "--players", "2", "--seed", "1", "--jobs", "1",
                                      "--resamples", "100", "--set", "payoff.cost=3", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == set(get_type_hints(fmt.BalanceReport))
    assert set(data["cards"][0]) == set(get_type_hints(fmt.CardEntry))
    assert set(data["cards"][0]["a"]) == set(get_type_hints(fmt.CardFigures))
    assert set(data["overall"][0]) == set(get_type_hints(fmt.OverallEntry))
    assert set(data["verdicts"][0]) <= set(get_type_hints(fmt.VerdictLine))


def test_the_balance_examples_name_cards_of_the_base_game() -> None:
    """The card ids in `clank balance --help` and docs/balance-lab.md are cards (Dragon Egg is a
    token: `--set dragon-egg.cost=6` answered "unknown card"), save the one misspelt on purpose and
    those of a pack the guide writes."""
    import re

    doc = (CLI.parents[1] / "docs" / "balance-lab.md").read_text(encoding="utf-8")
    help_text = CliRunner().invoke(app, ["balance", "--help"], env={"COLUMNS": "200"}).output
    base_lines = [line for line in doc.splitlines() if "--packs" not in line]     # a pack of one's own aside
    named = {m for line in base_lines for m in re.findall(r"--(?:set|without) '?([a-z][a-z0-9-]*[a-z0-9])\b", line)}
    named |= set(re.findall(r"\(repeatable\): ([a-z][a-z0-9-]*)\.", help_text))
    misspelt = set(re.findall(r"error: unknown card '([a-z0-9-]+)'", doc))
    cards = build_ruleset(["catacombs"]).cards
    assert "sneak-attack" in named
    assert sorted(named - misspelt - {"x"} - set(cards)) == []
