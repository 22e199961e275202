"""``clank packs show PACK`` (issue 11 item 10): a pack's ids, from its content and from what its
code registers, as a table or as JSON, with the project's exit codes.

The CLI sees exactly the packs a test installs (a fake entry-point table), so the results do
not depend on which packs happen to be installed in the environment.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import clank_catacombs
import pytest
from clank.plugin import hookimpl
from clank_cli import validation
from clank_cli.main import app
from typer.testing import CliRunner

HERE = Path(__file__).parent
CATACOMBS_DATA = Path(clank_catacombs.clank_pack_data_dir())
MINIPACK = HERE / "minipack"
WALKTHROUGH = HERE / "walkthrough_pack" / "dragonbane"


class _EntryPoint:
    """Just enough of an entry point for :func:`clank.plugins.find_pack`."""

    def __init__(self, name: str, module: ModuleType) -> None:
        self.name, self._mod, self.module, self.dist = name, module, module.__name__, None

    def load(self) -> ModuleType:
        return self._mod


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, ModuleType], None]]:
    """The CLI sees ``catacombs`` installed, plus whatever ``installed(id, module)`` adds."""
    from clank import plugins

    table: dict[str, Any] = {"catacombs": _EntryPoint("catacombs", clank_catacombs)}

    def fake() -> dict[str, Any]:
        return dict(sorted(table.items()))

    monkeypatch.setattr(plugins, "installed_packs", fake)
    monkeypatch.setattr(validation, "installed_packs", fake)
    yield lambda pack_id, module: table.__setitem__(pack_id, _EntryPoint(pack_id, module))


@pytest.fixture
def runner(installed: Any) -> CliRunner:
    return CliRunner()


def _show(runner: CliRunner, *args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["packs", "show", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def _ids(doc: dict[str, Any], kind: str) -> list[str]:
    return [e["id"] for e in doc["ids"][kind]]


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line == text)


def test_an_installed_pack_shows_its_content_and_what_its_code_registers(runner: CliRunner) -> None:
    """Issue 11 item 10: every kind of id, the content's with file and line, the code's with its pack."""
    code, doc = _show(runner, "catacombs")
    assert code == 0 and doc["ok"] is True
    assert (doc["id"], doc["kind"], doc["code"], doc["parts"]) == ("catacombs", "installed", ["catacombs"], ["promos"])
    burgle = next(e for e in doc["ids"]["cards"] if e["id"] == "burgle")
    assert burgle == {"id": "burgle", "file": str(CATACOMBS_DATA / "cards.yaml"),
                      "line": _line_of(CATACOMBS_DATA / "cards.yaml", "- id: burgle"), "part": None}
    assert {e["part"] for e in doc["ids"]["cards"] if e["file"].endswith("promos.yaml")} == {"promos"}
    assert {"st-a", "de-01"} <= set(_ids(doc, "tiles")) and "monkey-idol" in _ids(doc, "tokens")
    assert "take_secret" in _ids(doc, "ops") and "gain" not in _ids(doc, "ops")     # its own only
    assert "crystal_cave" in _ids(doc, "room_features") and "monster" in _ids(doc, "tunnel_icons")
    assert _ids(doc, "bots") == ["greedy", "mcts"] and "place_tile" in _ids(doc, "decision_kinds")
    assert {"conditions", "quantities", "teleport_kinds", "resources", "action_kinds"} <= set(doc["ids"])
    assert {e["pack"] for kind in ("ops", "room_features") for e in doc["ids"][kind]} == {"catacombs"}
    assert _ids(doc, "cards") == sorted(_ids(doc, "cards"))


def test_all_adds_what_the_core_and_the_required_packs_register(runner: CliRunner) -> None:
    code, doc = _show(runner, "--all", "catacombs")
    assert code == 0
    ops = {e["id"]: e["pack"] for e in doc["ids"]["ops"]}
    assert ops["gain"] == "core" and ops["take_secret"] == "catacombs"
    assert {e["id"] for e in doc["ids"]["resources"]} >= {"skill", "boots", "swords", "gold"}
    assert {e["id"]: e["pack"] for e in doc["ids"]["options"]}["max_rounds"] == "core"     # game options
    table = " ".join(runner.invoke(app, ["packs", "show", "--all", "catacombs"]).stdout.split())   # unwrapped
    assert "gain (core)" in table and "take_secret (catacombs)" not in table   # the pack's own are unmarked


def test_the_table_has_a_row_per_kind_with_its_count(runner: CliRunner) -> None:
    result = runner.invoke(app, ["packs", "show", "catacombs"])
    assert result.exit_code == 0, result.output
    _, doc = _show(runner, "catacombs")
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert result.stdout.lstrip().startswith("catacombs ")
    for title in ("cards", "tokens", "tiles", "ops", "conditions", "quantities", "bots"):
        assert f"{title} " in rows[title] and f" {len(doc['ids'][title])} " in rows[title]
    assert "breakout (promos)" in result.stdout


def test_a_directory_pack_shows_its_content_and_registers_nothing(runner: CliRunner) -> None:
    result = runner.invoke(app, ["packs", "show", "--format", "json", str(WALKTHROUGH)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert (doc["id"], doc["kind"], doc["path"], doc["code"]) == ("dragonbane", "directory", str(WALKTHROUGH),
                                                                   ["catacombs"])
    assert (_ids(doc, "cards"), _ids(doc, "tokens"), _ids(doc, "tiles")) == (["ember-squire"], ["ember-shard"],
                                                                           ["db-01"])
    assert doc["ids"]["cards"][0] == {"id": "ember-squire", "file": str(WALKTHROUGH / "cards.yaml"), "line": 2,
                                      "part": None}
    assert all(doc["ids"][kind] == [] for kind in ("ops", "room_features", "bots", "decision_kinds"))
    assert "the engine runs no code from it" in result.stderr


def _minipack() -> ModuleType:
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    spec = importlib.util.spec_from_file_location("clank_test_minipack", MINIPACK / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_working_copy_of_an_installed_pack_shows_what_its_code_registers(runner: CliRunner,
                                                                            installed: Any) -> None:
    installed("mini", _minipack())
    for target in ("mini", str(MINIPACK / "data")):
        code, doc = _show(runner, target)
        assert code == 0, target
        assert _ids(doc, "room_features") == ["exit", "treasure"] and _ids(doc, "tunnel_icons") == ["mud"]
        assert _ids(doc, "cards") == ["coin", "herald", "letter", "rat", "scout", "step"]


def test_entries_of_a_content_kind_a_pack_adds_are_listed(runner: CliRunner, installed: Any,
                                                          tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text('id: fates\nname: Fates\nversion: "1"\nengine: ">=0.1"\n')
    (data / "fate_cards.yaml").write_text("- id: doom\n- id: bliss\n")

    @hookimpl
    def clank_register_ops(registry: Any) -> None:
        registry.add_content_schema("fate_cards", {"type": "array", "items": {
            "type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}})

    module = types.ModuleType("clank_fates")
    module.clank_register_ops = clank_register_ops   # type: ignore[attr-defined]
    module.clank_pack_data_dir = lambda: str(data)   # type: ignore[attr-defined]
    installed("fates", module)
    code, doc = _show(runner, "fates")
    assert code == 0
    assert _ids(doc, "fate_cards") == ["bliss", "doom"]
    assert doc["ids"]["fate_cards"][1]["line"] == 1


def test_invalid_content_is_listed_as_far_as_it_reads_and_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    pack = tmp_path / "rough"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: rough\nname: Rough\nversion: "1"\nengine: ">=0.1"\n')
    (pack / "cards.yaml").write_text("- id: a\n  name: A\n  kind: starter\n  play: [gian: 1]\n")
    (pack / "tokens.yaml").write_text("- id: [unclosed\n")
    result = runner.invoke(app, ["packs", "show", "--format", "json", str(pack)])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["errors"] == 2 and _ids(doc, "cards") == ["a"] and _ids(doc, "tokens") == []
    assert "error[unknown-op]" in result.stderr and "clank validate" in result.stderr


def test_usage_and_environment_errors(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)   # short paths: the usage box does not wrap them
    Path("cards.yaml").write_text("[]\n")
    file = runner.invoke(app, ["packs", "show", "cards.yaml"])
    assert file.exit_code == 2 and "is a file" in file.output
    missing = runner.invoke(app, ["packs", "show", "./nope"])
    assert missing.exit_code == 2 and "Invalid value for PACK" in missing.output
    unknown = runner.invoke(app, ["packs", "show", "no-such-pack"])
    assert unknown.exit_code == 3 and "not installed" in unknown.stderr
    assert runner.invoke(app, ["packs", "show", "--format", "xml", "catacombs"]).exit_code == 2
