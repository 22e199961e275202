"""``clank validate`` end to end (issue 3, points 1 and 5): the corpus of broken files and packs,
output formats, ``--strict``, ``-v``, exit codes, hostile input refused after bounded work (parser
events counted, nothing constructed; ``pytest-timeout`` only guards against a hang), manifest
enforcement when loading, and the promise that a directory pack's code never runs.

The CLI sees exactly the packs a test installs (a fake entry-point table), so the results do
not depend on which packs happen to be installed in the environment.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import clank_catacombs
import pytest
from clank import new_game
from clank.api import load_packs
from clank.content import schemas
from clank.content.problems import ContentError
from clank.content.yamlload import MAX_BYTES, MAX_DEPTH, MAX_NODES
from clank_cli import validation
from clank_cli.main import app
from typer.testing import CliRunner

if TYPE_CHECKING:
    from conftest import YamlWork  # the yaml_work fixture

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
PACKS = CORPUS / "packs"
MINIPACK = HERE / "minipack"
CATACOMBS_DATA = Path(clank_catacombs.clank_pack_data_dir())
EXPECT_FILE = re.compile(r"^# expect: (error|warning)\[([a-z-]+)\] (\d+):(\d+)")
EXPECT_PACK = re.compile(r"^# expect: (error|warning)\[([a-z-]+)\] (\S+) (\d+):(\d+)")
WITH = re.compile(r"^# with: (.+)$")
HANG_GUARD = 60
"""Seconds after which a test counts as hung: a guard, never a measure of speed (issue 11 item 18)."""
PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<rule>[a-z-]+)\]: ")

CORPUS_FILES = sorted([*CORPUS.glob("*--*.yaml"), *CORPUS.glob("yaml/*--*.yaml")])
CORPUS_PACKS = sorted(d for d in PACKS.iterdir()
                      if d.is_dir() and any(f.read_bytes().startswith(b"# expect: ") for f in d.glob("*.yaml")))


class _EntryPoint:
    """Just enough of an entry point for :func:`clank.plugins.find_pack`."""

    def __init__(self, name: str, module: ModuleType | None, error: Exception | None = None) -> None:
        self.name, self._mod, self._error = name, module, error
        self.module = module.__name__ if module else f"clank_{name}"
        self.dist = None

    def load(self) -> ModuleType:
        if self._error is not None:
            raise self._error
        assert self._mod is not None
        return self._mod


def _minipack() -> ModuleType:
    """The tiny test pack's module (as tests/test_minipack.py imports it)."""
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    spec = importlib.util.spec_from_file_location("clank_test_minipack", MINIPACK / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, _EntryPoint], None]]:
    """The CLI sees ``catacombs`` installed, plus whatever ``installed(id, entry_point)`` adds."""
    from clank import plugins

    table: dict[str, Any] = {"catacombs": _EntryPoint("catacombs", clank_catacombs)}

    def fake() -> dict[str, Any]:
        return dict(sorted(table.items()))

    monkeypatch.setattr(plugins, "installed_packs", fake)
    monkeypatch.setattr(validation, "installed_packs", fake)

    def install(pack_id: str, entry: _EntryPoint) -> None:
        table[pack_id] = entry

    yield install


@pytest.fixture
def runner(installed: Any) -> CliRunner:
    return CliRunner()


def _problems(stdout: str) -> list[tuple[str, str, str, int, int]]:
    """``(severity, rule, file, line, col)`` of every problem line printed."""
    out = []
    for line in stdout.splitlines():
        m = PROBLEM.match(line)
        if m:
            out.append((m["sev"], m["rule"], m["file"], int(m["line"]), int(m["col"])))
    return out


def _check_reported(stdout: str, severity: str, rule: str, file: str, line: int, col: int) -> None:
    found = _problems(stdout)
    errors = [p for p in found if p[0] == "error"]
    if severity == "error":
        assert errors == [(severity, rule, file, line, col)], stdout
    else:
        assert errors == [] and (severity, rule, file, line, col) in found, stdout
    assert f"{file}:{line}:{col}: {severity}[{rule}]: " in stdout


# ==========================================================================================
# the corpus: one mistake per file or pack, each at its exact place
# ==========================================================================================
def test_the_corpus_covers_every_rule_of_issue_3() -> None:
    rules = set()
    for path in CORPUS_FILES:
        rules.add(EXPECT_FILE.match(path.read_bytes().split(b"\n", 1)[0].decode("ascii"))[2])
    for pack in CORPUS_PACKS:
        rules.add(EXPECT_PACK.match(_pack_header(pack)[0])[2])
    assert len(CORPUS_FILES) + len(CORPUS_PACKS) >= 45
    assert {
        "yaml-syntax", "duplicate-key", "unsafe-tag", "alias-bomb", "too-deep", "binary-file", "encoding",
        "unknown-key", "missing-key", "bad-type", "bad-value", "op-shape",
        "unknown-op", "unknown-condition", "unknown-feature", "unknown-icon", "unknown-quantity", "feature-arg",
        "unknown-card", "unknown-token", "unknown-tile", "duplicate-id", "duplicate-pack", "unknown-stack",
        "tunnel-end", "port-reused", "corner-tunnel", "portal-tunnel", "start-tile", "tile-cell", "room-id",
        "room-unreachable", "count-mismatch", "bad-index", "missing-requirement", "pack-conflict",
        "engine-version", "missing-file", "bad-path", "unknown-kind", "missing-manifest", "unlisted-file",
    } <= rules


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_corpus_file_through_clank_validate(runner: CliRunner, path: Path) -> None:
    m = EXPECT_FILE.match(path.read_bytes().split(b"\n", 1)[0].decode("ascii"))
    assert m, f"{path.name}: first line must be '# expect: error[rule] line:col -- why'"
    severity, rule, line, col = m[1], m[2], int(m[3]), int(m[4])
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == (1 if severity == "error" else 0), result.output
    _check_reported(result.stdout, severity, rule, str(path), line, col)
    if severity == "warning":
        assert runner.invoke(app, ["validate", "--strict", str(path)]).exit_code == 1


def _pack_header(pack: Path) -> list[str]:
    source = pack / "pack.yaml" if (pack / "pack.yaml").is_file() else sorted(pack.glob("*.yaml"))[0]
    return source.read_text(encoding="utf-8").splitlines()[:2]


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("pack", CORPUS_PACKS, ids=lambda p: p.name)
def test_corpus_pack_through_clank_validate(runner: CliRunner, pack: Path) -> None:
    first, second = _pack_header(pack)
    m = EXPECT_PACK.match(first)
    assert m, f"{pack.name}: first line must be '# expect: error[rule] FILE line:col -- why'"
    severity, rule, file, line, col = m[1], m[2], str(pack / m[3]), int(m[4]), int(m[5])
    extra = WITH.match(second)
    result = runner.invoke(app, ["validate", *(extra[1].split() if extra else []), str(pack)])
    assert result.exit_code == (1 if severity == "error" else 0), result.output
    _check_reported(result.stdout, severity, rule, file, line, col)


SAYS = re.compile(r"^# says: (.+?)\r?$", re.M)
"""A header line of a corpus file or pack: words the message of its one problem must hold."""


def _says(header: str) -> list[str]:
    return SAYS.findall(header)


def _header(case: Path) -> str:
    """The text whose first line states a corpus case: the file, or the pack's manifest (its first
    YAML file when it has none)."""
    if case.is_dir():
        case = case / "pack.yaml" if (case / "pack.yaml").is_file() else sorted(case.glob("*.yaml"))[0]
    return case.read_text(encoding="utf-8", errors="replace")


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("case", [p for p in [*CORPUS_FILES, *CORPUS_PACKS] if _says(_header(p))],
                         ids=lambda p: p.name)
def test_corpus_messages_say_the_authors_words(runner: CliRunner, case: Path) -> None:
    """Issue 37: each message is checked for its words, not only its place: the problem a corpus
    case states (its ``# expect:`` line) says every ``# says:`` line of its header."""
    header = _header(case)
    first = header.splitlines()[0]
    if case.is_dir():
        m = EXPECT_PACK.match(first)
        severity, rule, file, line, col = m[1], m[2], str(case / m[3]), m[4], m[5]
    else:
        m = EXPECT_FILE.match(first)
        severity, rule, file, line, col = m[1], m[2], str(case), m[3], m[4]
    out = runner.invoke(app, ["validate", str(case)]).stdout
    [reported] = [ln for ln in out.splitlines() if ln.startswith(f"{file}:{line}:{col}: {severity}[{rule}]: ")]
    for words in _says(header):
        assert words in reported, reported


NEW_RULES = {"unknown-pool", "unknown-stack", "unknown-region", "wrong-pool", "wrong-kind", "unknown-feature",
             "requires-itself", "bad-type", "bad-value", "missing-key", "yaml-syntax", "reused-anchor",
             "file-loaded-twice", "near-pack-id", "near-id", "unreachable-card", "unreachable-token",
             "unreachable-tile", "unread-option"}
"""The rules issue 37 adds or rewords; each has a corpus case whose words are checked."""


def test_every_rule_of_issue_37_has_a_corpus_case_with_its_words() -> None:
    from clank.content.lint import LINT_RULES

    said = set()
    for case in [*CORPUS_FILES, *CORPUS_PACKS]:
        header = _header(case)
        if _says(header):
            said.add(re.search(r"\[([a-z-]+)\]", header.splitlines()[0])[1])
    assert set(LINT_RULES) <= NEW_RULES
    assert NEW_RULES - said == set()


LOADS_AS_ENVIRONMENT_ERROR = {"no-manifest"}
"""Corpus packs a game cannot even find (no pack.yaml: ``PackLoadError``, exit 3), so only
``clank validate`` reports them at a line."""


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("pack", [p for p in CORPUS_PACKS if p.name not in LOADS_AS_ENVIRONMENT_ERROR],
                         ids=lambda p: p.name)
def test_loading_a_corpus_pack_for_a_game_finds_what_validate_finds(pack: Path) -> None:
    """Issue 11 item 5: validate and load apply one check. Whatever ``clank validate`` reports
    for a corpus pack (its ``# expect:`` line), loading the same pack for a game refuses it with
    the same rule at the same file, line and column; a warning lets it load, with the warning."""
    first, second = _pack_header(pack)
    m = EXPECT_PACK.match(first)
    assert m
    severity, expected = m[1], (m[2], str(pack / m[3]), int(m[4]), int(m[5]))
    extra = WITH.match(second)
    specs = ["catacombs", *[s for s in (extra[1].split() if extra else []) if s != "catacombs"], str(pack)]
    if severity == "error":
        with pytest.raises(ContentError) as exc:
            load_packs(specs, ("*",), modules={"catacombs": clank_catacombs})
        assert expected in [(p.rule, p.file, p.line, p.col) for p in exc.value.problems], str(exc.value)
    else:
        _, _, datas = load_packs(specs, ("*",), modules={"catacombs": clank_catacombs})
        assert expected in [(p.rule, p.file, p.line, p.col) for d in datas for p in d.warnings]


def test_ids_are_suggested_when_misspelt(runner: CliRunner) -> None:
    out = runner.invoke(app, ["validate", *(str(PACKS / n) for n in (
        "ref-gain-card", "ref-op-argument", "ref-reserve", "ref-market-board", "unknown-stack"))]).stdout
    for hint in ("unknown card id 'secret-tom' (did you mean 'secret-tome'?)",
                 "unknown card id 'stumbel' (did you mean 'stumble'?)",
                 "unknown card id 'explor' (did you mean 'explore'?)",
                 "unknown token id 'backpak' (did you mean 'backpack'?)",
                 "unknown tile stack 'depth' (did you mean 'depths'?)"):
        assert hint in out


@pytest.mark.parametrize(("pack", "message"), [
    ("ref-token-pool", "unknown token pool 'minro' (did you mean 'minor'?)"),
    ("ref-per-turn-stat", "unknown statistic 'clank_mdae' (did you mean 'clank_made'?)"),
    ("ref-turn-flag", "unknown turn flag 'ignore_exhuastion' (did you mean 'ignore_exhaustion'?)"),
    ("ref-tile-region", "unknown region 'catacomb' (did you mean 'catacombs'?)"),
    ("ref-setup-resource", "unknown resource 'lockpiks' (did you mean 'lockpicks'?)"),
    ("ref-bank-cube-kind", "unknown cube kind 'gohst' (did you mean 'ghost'?)"),
    ("expect-pool", "expected 1 for tokens_by_pool.minro, found 0 (did you mean 'minor'?)"),
    ("ref-pool", "unknown token pool 'minro' (did you mean 'minor'?)"),
])
def test_names_defined_elsewhere_are_suggested_when_misspelt(runner: CliRunner, pack: str, message: str) -> None:
    """Issue 30 item 2: a name content writes for what a pack defines (a pool, a statistic, a turn
    flag, a region, a resource, a cube kind) is checked, at its line, with the nearest defined one:
    by code (the registry) or by data (the setups of the packs loaded with it)."""
    out = runner.invoke(app, ["validate", str(PACKS / pack)]).stdout
    assert message in out, out


def test_names_a_required_pack_defines_are_not_flagged(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 30 item 2: ``clank validate ./dirpack`` loads the packs it requires alongside, so the
    pools, regions and flags they define count as defined."""
    pack = tmp_path / "uses-base"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: uses-base\nname: Uses Base\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\n")
    (pack / "tokens.yaml").write_text("- id: lucky-charm\n  name: Lucky Charm\n  pool: prisoner\n  count: 1\n")
    (pack / "cards.yaml").write_text("- id: steady-boots\n  name: Steady Boots\n  kind: dungeon\n  type: item\n"
                                     "  count: 1\n  cost: {skill: 3}\n  play: [turn_flag: ignore_exhaustion, "
                                     "per_turn: {stat: prisoners_freed, each: [draw: 1]}]\n")
    result = runner.invoke(app, ["validate", "--strict", str(pack)])
    assert result.exit_code == 0 and "error[" not in result.output and "warning[" not in result.output, result.output


def test_a_file_inside_a_pack_is_checked_with_its_pack(runner: CliRunner) -> None:
    """References are judged (they need the pack), and only that file's problems are shown."""
    cards = PACKS / "ref-gain-card" / "cards.yaml"
    result = runner.invoke(app, ["validate", "-v", str(cards)])
    assert result.exit_code == 1
    assert _problems(result.stdout) == [("error", "unknown-card", str(cards), 7, 21)]
    assert "cards file of pack 'ref-gain-card', checked as part of its pack" in result.stderr
    alone = runner.invoke(app, ["validate", "-v", str(CORPUS / "cards--unknown-op.yaml")])
    assert "checked on its own: references to other files are not judged" in alone.stderr


# ==========================================================================================
# real content validates clean
# ==========================================================================================
def test_catacombs_validates_clean_as_installed_pack_and_as_directory(runner: CliRunner) -> None:
    for target in ("catacombs", str(CATACOMBS_DATA)):
        result = runner.invoke(app, ["validate", "--strict", target])
        assert result.exit_code == 0, result.output
        assert result.stdout == ""
        assert "0 errors, 0 warnings: valid" in result.stderr


MINIPACK_DIRS = sorted(p.parent for p in MINIPACK.rglob("pack.yaml"))


@pytest.mark.parametrize("directory", MINIPACK_DIRS, ids=lambda p: p.name)
def test_minipack_validates_clean_with_its_code(runner: CliRunner, installed: Any, directory: Path) -> None:
    """Without its code its features are unknown, and the CLI says why; installed, it is clean."""
    before = runner.invoke(app, ["validate", str(directory)])
    assert before.exit_code == 1
    assert {p[1] for p in _problems(before.stdout)} <= {"unknown-feature", "unknown-icon", "unknown-op"}
    assert "comes with Python code, which validation never runs" in before.stderr
    installed("mini", _EntryPoint("mini", _minipack()))
    for target in (str(directory), "mini"):
        result = runner.invoke(app, ["validate", "--strict", target])
        assert result.exit_code == 0, result.output
        assert "0 errors, 0 warnings" in result.stderr


# ==========================================================================================
# output formats, --strict, -v
# ==========================================================================================
def test_all_problems_of_all_targets_in_one_sorted_run(runner: CliRunner, tmp_path: Path) -> None:
    pack = tmp_path / "many"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: many\nname: Many\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\n")
    (pack / "cards.yaml").write_text("- id: a\n  name: A\n  kind: dungeon\n  type: item\n  count: 1\n"
                                     "  cost: {skill: 2}\n  play: [gian: {skill: 1}, gain_card: burgel]\n"
                                     "- id: a\n  name: B\n  kind: dungeon\n  type: itme\n  count: 1\n  cost: {}\n")
    (pack / "tiles.yaml").write_text("- id: t\n  name: T\n  stack: depths\n  rooms: {hall: {pos: c}}\n"
                                     "  tunnels: [{ends: [n1, hal]}]\n")
    (pack / "tokens.yaml").write_text("- id: t1\n  name: T1\n  pool: minor\n  count: 1\n  count: 2\n")
    bad_file = CORPUS / "cards--unknown-op.yaml"
    result = runner.invoke(app, ["validate", str(bad_file), str(pack)])
    assert result.exit_code == 1
    found = _problems(result.stdout)
    assert [(f, line, col) for _, _, f, line, col in found] == sorted((f, line, col) for _, _, f, line, col in found)
    got = [(Path(f).name, line, col, rule) for sev, rule, f, line, col in found if sev == "error"]
    assert sorted(got) == sorted([
        ("cards--unknown-op.yaml", 9, 7, "unknown-op"),
        ("cards.yaml", 7, 10, "unknown-op"),
        ("cards.yaml", 7, 39, "unknown-card"),
        ("cards.yaml", 8, 7, "duplicate-id"),
        ("cards.yaml", 11, 9, "bad-value"),
        ("tiles.yaml", 5, 25, "tunnel-end"),
        ("tokens.yaml", 5, 3, "duplicate-key"),
    ])
    assert "room-unreachable" in {rule for sev, rule, *_ in found if sev == "warning"}


def test_json_format_is_one_document(runner: CliRunner) -> None:
    pack = PACKS / "ref-gain-card"
    result = runner.invoke(app, ["validate", "--format", "json", str(pack)])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["errors"] == 1 and doc["warnings"] == 0
    assert doc["files"] == [str(pack / "pack.yaml"), str(pack / "cards.yaml")]
    assert doc["problems"] == [{
        "file": str(pack / "cards.yaml"), "line": 7, "col": 21, "severity": "error", "rule": "unknown-card",
        "message": "unknown card id 'secret-tom' (did you mean 'secret-tome'?)",
        "path": "$[0].play[0].gain_card", "pack": "ref-gain-card", "level": "error"}]
    assert doc["targets"][0]["code"] == ["catacombs"]
    clean = json.loads(runner.invoke(app, ["validate", "-f", "json", "catacombs"]).stdout)
    assert clean["ok"] is True and clean["problems"] == []
    assert {Path(f).name for f in clean["files"]} == {"pack.yaml", "setup.yaml", "cards.yaml", "tokens.yaml",
                                                      "tiles.yaml", "promos.yaml"}


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_json_format_uses_paths_as_given(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 item 11: no absolute path of this machine in the document of a relative directory
    pack; the installed pack it is validated with is named by its id, in ``with`` and in messages."""
    monkeypatch.chdir(tmp_path)
    pack = Path("mine")
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: mine\nname: Mine\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\n")
    (pack / "cards.yaml").write_text("- id: burgle\n  name: Burgle Again\n  kind: starter\n  type: item\n")
    result = runner.invoke(app, ["validate", "--format", "json", "./mine"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.stdout)
    assert doc["files"] == ["mine/pack.yaml", "mine/cards.yaml"]
    assert doc["targets"][0]["with"] == ["catacombs"] and doc["targets"][0]["path"] == "mine"
    [problem] = doc["problems"]
    assert problem["message"].startswith("duplicate card id 'burgle' (first defined at installed pack 'catacombs', "
                                         "cards.yaml:")
    assert [s for s in _strings(doc) if Path(s).is_absolute() or str(CATACOMBS_DATA) in s] == []


def test_github_format_annotates_each_problem(runner: CliRunner) -> None:
    path = CORPUS / "tiles--tunnel-end.yaml"
    result = runner.invoke(app, ["validate", "--format", "github", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"::warning file={path},line=10,col=5,title=port-unused::port s1 carries no tunnel: a discovery "
        "through it cannot be completed (X6) (at $[0].tunnels)",
        f"::error file={path},line=14,col=15,title=tunnel-end::tunnel end 's3' is neither a room of the tile, "
        "a port nor 'portal' (did you mean 's2'?) (at $[0].tunnels[4].ends[0])",
    ]


def test_an_unlisted_yaml_file_fails_with_strict(runner: CliRunner) -> None:
    """Issue 11 item 9: the warning about monsters.yaml makes --strict fail."""
    pack = str(PACKS / "unlisted-monsters")
    assert runner.invoke(app, ["validate", pack]).exit_code == 0
    strict = runner.invoke(app, ["validate", "--strict", pack])
    assert strict.exit_code == 1
    assert "monsters.yaml is never loaded" in strict.stdout


def test_strict_makes_warnings_fail(runner: CliRunner) -> None:
    path = str(CORPUS / "tiles--unreachable-room.yaml")
    assert runner.invoke(app, ["validate", path]).exit_code == 0
    strict = runner.invoke(app, ["validate", "--strict", "--format", "json", path])
    assert strict.exit_code == 1
    assert json.loads(strict.stdout)["ok"] is False
    assert "warnings count as errors with --strict" in strict.stderr


def test_verbose_shows_the_line_and_a_caret_under_the_column(runner: CliRunner) -> None:
    path = CORPUS / "cards--unknown-key-in-op-args.yaml"
    result = runner.invoke(app, ["validate", "-v", str(path)])
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()                     # stdout: still one line per problem
    assert line.startswith(f"{path}:8:41: error[unknown-key]: unknown key 'cards' (did you mean 'card'?)")
    source = path.read_text().splitlines()[7]
    lines = result.stderr.splitlines()
    at = lines.index(f"  8 | {source}")
    assert lines[at + 1] == "    | " + " " * 40 + "^"
    assert source[40:].startswith("cards")
    assert "code of: core, catacombs" in result.stderr


def test_verbose_never_echoes_control_characters(runner: CliRunner, tmp_path: Path) -> None:
    evil = tmp_path / "cards.yaml"
    evil.write_bytes(b"- id: x\n  name: \x1b[2J\x1b]0;pwned\x07\n")
    result = runner.invoke(app, ["validate", "-v", str(evil)])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "  2 |   name: \ufffd[2J" in result.stderr


# ==========================================================================================
# exit codes: 1 content, 2 usage, 3 environment
# ==========================================================================================
def test_usage_errors_exit_2(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    missing = runner.invoke(app, ["validate", "nope.yaml"])
    assert missing.exit_code == 2
    assert "no such file or directory" in missing.output
    assert runner.invoke(app, ["validate"]).exit_code == 2
    assert runner.invoke(app, ["validate", "--format", "xml", "catacombs"]).exit_code == 2


def test_a_pack_that_cannot_load_exits_3(runner: CliRunner, installed: Any) -> None:
    unknown = runner.invoke(app, ["validate", "no-such-pack"])
    assert unknown.exit_code == 3 and "not installed" in unknown.stderr
    installed("broken", _EntryPoint("broken", None, ImportError("No module named 'clank_broken'")))
    broken = runner.invoke(app, ["validate", "broken"])
    assert broken.exit_code == 3 and "failed to import" in broken.stderr


def test_a_broken_bundled_schema_exits_3(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    real = schemas.load_schema

    def invalid(name: str) -> dict[str, Any]:
        schema = real(name)
        if name == "tokens":
            schema["definitions"]["token"]["type"] = "wrong"
        return schema

    monkeypatch.setattr(schemas, "load_schema", invalid)
    result = runner.invoke(app, ["validate", str(CORPUS / "tokens--duplicate-id.yaml")])
    assert result.exit_code == 3
    assert "the content schemas are broken" in result.stderr and "tokens.schema.json" in result.stderr

    monkeypatch.setattr(schemas, "load_schema", real)
    text = schemas._bundled_text
    monkeypatch.setattr(schemas, "_bundled_text", lambda name: "{" if name == "tiles" else text(name))
    corrupt = runner.invoke(app, ["validate", "catacombs"])
    assert corrupt.exit_code == 3
    assert "cannot read the bundled schemas" in corrupt.stderr


# ==========================================================================================
# hostile input: refused after bounded work, and safely
# ==========================================================================================
def _alias_bomb() -> bytes:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 20)]
    return "\n".join(lines).encode()


HOSTILE: dict[str, tuple[Callable[[], bytes], str, int]] = {
    # case: (file content, rule, most parser events read before the refusal)
    "alias-bomb": (_alias_bomb, "alias-bomb", 3 + 5 * 12),          # refused in its fifth line of 20
    "deep-nesting": (lambda: b"- " + b"[" * 50_000 + b"]" * 50_000, "too-deep", MAX_DEPTH + 4),
    "deep-block-nesting": (lambda: "".join(f"{' ' * i}k{i}:\n" for i in range(500)).encode(), "too-deep",
                           2 * MAX_DEPTH + 3),
    "value-flood": (lambda: b"[" + b"0," * 100_000 + b"0]", "too-many-nodes", MAX_NODES + 3),
    "huge-file": (lambda: b"- id: x\n" + b"#" * MAX_BYTES, "file-too-large", 0),
    "binary": (lambda: bytes(range(256)) * 8, "binary-file", 0),
    "utf-16": (lambda: "- id: x\n".encode("utf-16"), "binary-file", 0),
    "latin-1": (lambda: "- name: Café\n".encode("latin-1"), "encoding", 0),
    "python-object": (lambda: b"- !!python/object/apply:os.system ['touch pwned']\n", "unsafe-tag", 12),
    "python-name": (lambda: b"- id: !!python/name:os.system ''\n", "unsafe-tag", 12),
    "local-tag": (lambda: b"- id: !Ref other\n", "unsafe-tag", 12),
}


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("case", sorted(HOSTILE), ids=str)
def test_hostile_input_is_refused_after_bounded_work(runner: CliRunner, tmp_path: Path, yaml_work: YamlWork,
                                                     case: str) -> None:
    """Issue 11 item 18: each refusal comes after a bounded number of parser events (the flood
    of 100 001 values at the limit of 20 000, the deep brackets at the 65th), with no more nodes
    composed than events read and before anything is constructed; the clock is left to
    ``benchmarks/bench.py``."""
    make, rule, most_events = HOSTILE[case]
    path = tmp_path / "cards.yaml"
    path.write_bytes(make())
    yaml_work.reset()
    result = runner.invoke(app, ["validate", "-v", str(path)])
    assert result.exit_code == 1, result.output
    assert [p[1] for p in _problems(result.stdout)] == [rule]
    assert not (tmp_path / "pwned").exists()
    assert yaml_work.events_of(str(path)) <= most_events
    assert yaml_work.fast_events_of(str(path)) <= most_events
    assert yaml_work.composed_of(str(path)) <= yaml_work.events_of(str(path))
    assert yaml_work.constructed_of(str(path)) == 0


@pytest.mark.timeout(HANG_GUARD)
def test_hostile_file_inside_a_pack_is_refused_and_the_rest_still_checked(runner: CliRunner,
                                                                          tmp_path: Path) -> None:
    pack = tmp_path / "hostile"
    pack.mkdir()
    (pack / "pack.yaml").write_text('id: hostile\nname: Hostile\nversion: "0.1.0"\nengine: ">=0.1"\n')
    (pack / "cards.yaml").write_bytes(_alias_bomb())
    (pack / "tokens.yaml").write_text("- id: t\n  name: T\n  pool: artifact\n  cuont: 1\n")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert [(Path(f).name, rule) for _, rule, f, _, _ in _problems(result.stdout)] == [
        ("cards.yaml", "alias-bomb"), ("tokens.yaml", "unknown-key")]


# ==========================================================================================
# a directory pack's code never runs
# ==========================================================================================
def _booby_trapped_pack(root: Path, marker: Path) -> Path:
    """A data pack whose directory also holds Python files that would create ``marker`` if imported."""
    pack = root / "trap"
    (pack / "clank_trap").mkdir(parents=True)
    payload = f"from pathlib import Path\nPath({str(marker)!r}).write_text('imported')\n"
    for name in ("__init__.py", "hooks.py", "conftest.py", "setup.py", "clank_trap/__init__.py"):
        (pack / name).write_text(payload)
    (pack / "pyproject.toml").write_text('[project]\nname = "clank-trap"\n[project.entry-points."clank.packs"]\n'
                                         'trap = "clank_trap"\n')
    (pack / "pack.yaml").write_text('id: trap\nname: Trap\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\nfiles: [cards.yaml]\n"
                                    "x-hooks: clank_trap\n")
    (pack / "cards.yaml").write_text("- id: trap-card\n  name: Trap Card\n  kind: dungeon\n  type: item\n"
                                     "  count: 1\n  cost: {skill: 2}\n  play: [draw: 1]\n")
    return pack


def test_validating_and_loading_a_directory_pack_never_imports_its_code(runner: CliRunner,
                                                                        tmp_path: Path) -> None:
    marker = tmp_path / "imported.txt"
    pack = _booby_trapped_pack(tmp_path, marker)
    result = runner.invoke(app, ["validate", "--strict", "-v", str(pack)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", str(pack / "cards.yaml"), str(pack / "pack.yaml")])
    assert result.exit_code == 0, result.output
    game = new_game(["catacombs", str(pack)], players=2, seed=1, modules={"catacombs": clank_catacombs})
    assert "trap-card" in game.ruleset.cards
    assert not marker.exists()
    assert not any(name == "clank_trap" or name.startswith("clank_trap.") for name in sys.modules)


# ==========================================================================================
# the manifest is enforced when a game loads packs (play, simulate)
# ==========================================================================================
def _pack(root: Path, name: str, lines: str) -> Path:
    pack = root / name
    pack.mkdir()
    (pack / "pack.yaml").write_text(f'id: {name}\nname: {name.title()}\nversion: "0.1.0"\n{lines}')
    return pack


@pytest.mark.parametrize(("lines", "rule", "message"), [
    ('engine: ">=99"\nrequires: [catacombs]\n', "engine-version", "needs engine >=99, but this engine is 0.1.0"),
    ('engine: ">=0.1"\nrequires: [catacombs, harbor]\n', "missing-requirement", "requires pack 'harbor'"),
    ('engine: ">=0.1"\nconflicts: [catacombs]\n', "pack-conflict", "conflicts with pack 'catacombs'"),
])
def test_loading_refuses_what_the_manifest_forbids(tmp_path: Path, lines: str, rule: str, message: str) -> None:
    pack = _pack(tmp_path, "strict", lines)
    with pytest.raises(ContentError) as exc:
        new_game(["catacombs", str(pack)], players=2, seed=0, modules={"catacombs": clank_catacombs})
    [p] = exc.value.problems
    assert (p.rule, p.file) == (rule, str(pack / "pack.yaml"))
    assert message in p.message


def test_simulate_and_play_refuse_an_incompatible_pack_with_its_line(runner: CliRunner, tmp_path: Path) -> None:
    pack = _pack(tmp_path, "future", 'engine: ">=99"\nrequires: [catacombs]\n')
    for command in (["simulate", "--games", "1"], ["play", "--humans", "0", "--bot", "random"]):
        result = runner.invoke(app, [*command, "--players", "2", "--packs", f"catacombs,{pack}"])
        assert result.exit_code == 1, result.output
        assert (f"{pack / 'pack.yaml'}:4:9: error[engine-version]: pack 'future' needs engine >=99, "
                "but this engine is 0.1.0") in result.stderr


# ==========================================================================================
# requirements in a cycle (issue 37 point 2)
# ==========================================================================================
def _cycle_packs(where: Path) -> tuple[Path, Path]:
    """Two directory packs that require each other (and the base game)."""
    dirs = []
    for pid, other in (("netherdeep", "nethertwo"), ("nethertwo", "netherdeep")):
        pack = where / pid
        pack.mkdir()
        (pack / "pack.yaml").write_text(f'id: {pid}\nname: {pid.title()}\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                        f"requires: [catacombs, {other}]\n")
        dirs.append(pack)
    return dirs[0], dirs[1]


def test_packs_that_require_each_other_are_a_cycle_at_their_requires(runner: CliRunner, tmp_path: Path) -> None:
    """Validated together, each pack of the cycle is told at the requires entry that starts it."""
    deep, two = _cycle_packs(tmp_path)
    result = runner.invoke(app, ["validate", str(deep), str(two)])
    assert result.exit_code == 1
    assert _problems(result.stdout) == [("error", "requires-cycle", str(deep / "pack.yaml"), 5, 23),
                                        ("error", "requires-cycle", str(two / "pack.yaml"), 5, 23)]
    assert "a cycle: netherdeep → nethertwo → netherdeep" in result.stdout
    assert "a cycle: nethertwo → netherdeep → nethertwo" in result.stdout


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["play", "--humans", "0", "--players", "2",
                                                                    "--plain"]], ids=["simulate", "play"])
def test_play_and_simulate_refuse_a_cycle_in_the_same_words(runner: CliRunner, tmp_path: Path,
                                                              command: list[str]) -> None:
    """No traceback, the validator's line and exit code 1 (invalid content)."""
    deep, two = _cycle_packs(tmp_path)
    result = runner.invoke(app, [*command, "--packs", f"catacombs,{deep},{two}"])
    assert result.exit_code == 1, result.output
    assert "error[requires-cycle]: a cycle: netherdeep → nethertwo → netherdeep" in result.output
    assert "Traceback" not in result.output


def test_installed_packs_that_require_each_other_are_a_cycle(installed: Any, runner: CliRunner,
                                                             tmp_path: Path) -> None:
    """Installed packs in a cycle (found through each other's requires) are reported the same way."""
    for pid, other in (("looper", "looptwo"), ("looptwo", "looper")):
        data = tmp_path / pid / "data"
        data.mkdir(parents=True)
        (data / "pack.yaml").write_text(f'id: {pid}\nname: {pid.title()}\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                        f"requires: [catacombs, {other}]\n")
        module = ModuleType(f"clank_{pid}")
        module.clank_pack_data_dir = lambda data=data: str(data)     # type: ignore[attr-defined]
        installed(pid, _EntryPoint(pid, module))
    result = runner.invoke(app, ["validate", "looper"])
    assert result.exit_code == 1
    assert "error[requires-cycle]: a cycle: looper → looptwo → looper" in result.stdout
