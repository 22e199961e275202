"""``clank pack new`` and ``clank schema export``: a new pack validates, plays and simulates,
and editors can check its files with the exported schemas (issue 3, points 2, 3 and 5).

Installing a scaffolded pack into the project's environment is too heavy for a test: the
installable scaffold's module is imported from its directory and handed to the engine
(``modules=``), or stands behind a fake entry point where the CLI must find it "installed".
"""

from __future__ import annotations

import json
import re
import types
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import clank_catacombs
import pytest
from clank import new_game
from clank.api import load_packs
from clank.content.validate import validate_pack_dirs
from clank.plugins import PackHooks, find_pack
from clank.testing import set_hand
from clank_cli import scaffold, validation
from clank_cli.main import app
from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7
from ruamel.yaml import YAML
from typer.testing import CliRunner

BASE = {"catacombs": clank_catacombs}
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")
KINDS = ("pack", "cards", "tokens", "tiles")
FAST_PLAY = ["--humans", "0", "--players", "2", "--bot", "random", "--option", "max_rounds=25"]


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CLI runner working in ``tmp_path``, so ``./NAME`` reads as the README says."""
    monkeypatch.chdir(tmp_path)
    return CliRunner()


class _EntryPoint:
    """Just enough of an entry point for :func:`clank.plugins.find_pack`."""

    def __init__(self, name: str, module: ModuleType) -> None:
        self.name, self.module, self._mod, self.dist = name, module.__name__, module, None

    def load(self) -> ModuleType:
        return self._mod


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``installed(pack_id, module)``: make the CLI see a pack as if ``pip install -e`` ran."""
    from clank import plugins

    real = plugins.installed_packs
    extra: dict[str, Any] = {}

    def fake() -> dict[str, Any]:
        return dict(sorted({**real(), **extra}.items()))

    for mod in (plugins, validation, scaffold):
        monkeypatch.setattr(mod, "installed_packs", fake)

    def install(pack_id: str, module: ModuleType) -> None:
        extra[pack_id] = _EntryPoint(pack_id, module)

    yield install


def _yaml_files(made: scaffold.NewPack) -> list[Path]:
    return [made.data_dir / f"{kind}.yaml" for kind in KINDS]


def _local_registry(directory: Path) -> Registry:
    """Every schema file of ``directory``, under its ``$id``, its file URI and its bare name,
    so relative ``$ref`` resolve the way an editor resolves them; nothing is fetched."""
    resources = []
    for path in sorted(directory.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(contents, default_specification=DRAFT7)
        for uri in {contents.get("$id"), path.resolve().as_uri(), path.name} - {None}:
            resources.append((uri, resource))
    return Registry().with_resources(resources)


def _editor_errors(yaml_file: Path) -> list[str]:
    """Validate one YAML file against the schema its modeline names, as an editor would."""
    first = yaml_file.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{yaml_file} has no modeline"
    schema_file = (yaml_file.parent / match.group(1)).resolve()
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    schema.setdefault("$id", schema_file.as_uri())
    validator = Draft7Validator(schema, registry=_local_registry(schema_file.parent))
    data = json.loads(json.dumps(YAML(typ="safe", pure=True).load(yaml_file)))
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


# ==========================================================================================
# data-only pack: new -> validate -> play and simulate
# ==========================================================================================
def test_new_data_pack_validates_and_its_content_plays(runner: CliRunner, tmp_path: Path) -> None:
    """The scaffold's card joins the dungeon deck (S10) and its tile the Depths stack (S5)."""
    result = runner.invoke(app, ["pack", "new", "lanterns"])
    assert result.exit_code == 0, result.output
    root = tmp_path / "lanterns"
    assert {p.name for p in root.iterdir()} == {"pack.yaml", "cards.yaml", "tokens.yaml", "tiles.yaml",
                                                "README.md", "schemas", "scenarios", ".vscode"}
    assert "./lanterns/README.md" in result.output or "lanterns/README.md" in result.output

    checked = runner.invoke(app, ["validate", "--strict", "./lanterns"])
    assert checked.exit_code == 0, checked.output
    assert "0 errors" in checked.output

    game = new_game(["catacombs", str(root)], players=2, seed=3, modules=BASE)
    st = game.state
    assert (st.dungeon_deck + st.row).count("lanterns-lamplighter") == 2
    assert "lanterns-01" in st.stacks["catacombs"]
    assert "lanterns-oil-flask" in game.ruleset.tokens

    simulated = runner.invoke(app, ["simulate", "--packs", "catacombs,./lanterns", "--games", "20",
                                    "--players", "2"])
    assert simulated.exit_code == 0, simulated.output
    assert "20 games" in simulated.output

    save = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "--packs", "catacombs,./lanterns", "--seed", "2", "--save", str(save),
                                 *FAST_PLAY])
    assert played.exit_code == 0, played.output
    assert json.loads(save.read_text())["record"]["packs"] == ["catacombs", "./lanterns"]


def test_manifest_and_readme_state_what_the_pack_needs(tmp_path: Path) -> None:
    made = scaffold.new_pack("my_pack", tmp_path)
    manifest = YAML(typ="safe", pure=True).load(made.data_dir / "pack.yaml")
    assert manifest["id"] == "my_pack" and manifest["name"] == "My Pack"
    assert manifest["version"] == "0.1.0" and manifest["engine"] == ">=0.1"
    assert manifest["requires"] == ["catacombs"] and manifest["conflicts"] == []
    cards = YAML(typ="safe", pure=True).load(made.data_dir / "cards.yaml")
    assert [(c["id"], c["kind"], c["count"]) for c in cards] == [("my-pack-lamplighter", "dungeon", 2)]
    readme = (made.root / "README.md").read_text()
    for command in ("clank validate ./my_pack", "clank simulate --packs catacombs,./my_pack --games 20",
                    "clank play --packs catacombs,./my_pack", "clank schema export ./my_pack/schemas"):
        assert command in readme


def test_sample_tile_has_a_tunnel_on_every_port_and_corner_tunnels_only_at_corners(tmp_path: Path) -> None:
    """X2/X3 geometry (base-tiles.md §2): eight ports, each carrying exactly one tunnel."""
    made = scaffold.new_pack("geometry", tmp_path)
    (tile,) = YAML(typ="safe", pure=True).load(made.data_dir / "tiles.yaml")
    ports = {"n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2"}
    ends = [end for t in tile["tunnels"] for end in t["ends"] if end in ports]
    assert sorted(ends) == sorted(ports)
    corners = [set(t["ends"]) for t in tile["tunnels"] if set(t["ends"]) <= ports]
    assert corners and all(c in ({"n2", "e1"}, {"e2", "s1"}, {"s2", "w1"}, {"w2", "n1"}) for c in corners)
    assert tile["stack"] == "depths" and tile["depths"] is True


def test_without_the_base_game_the_sample_content_stays_plain_and_valid(runner: CliRunner,
                                                                        tmp_path: Path) -> None:
    result = runner.invoke(app, ["pack", "new", "plain", "--requires", ""])
    assert result.exit_code == 0, result.output
    manifest = YAML(typ="safe", pure=True).load(tmp_path / "plain" / "pack.yaml")
    assert manifest["requires"] == []
    assert "crystal_cave" not in (tmp_path / "plain" / "tiles.yaml").read_text()
    checked = runner.invoke(app, ["validate", "./plain"])
    assert checked.exit_code == 0, checked.output


# ==========================================================================================
# the sample scenarios (issue 32): one per sample card, token and tile, passing out of the box
# ==========================================================================================
def test_a_new_data_pack_s_scenarios_pass_out_of_the_box(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(app, ["pack", "new", "lanterns"]).exit_code == 0
    scenarios = tmp_path / "lanterns" / "scenarios" / "lanterns.yaml"
    first = scenarios.read_text(encoding="utf-8").splitlines()[0]
    assert (scenarios.parent / MODELINE.match(first).group(1)).resolve().is_file()
    result = runner.invoke(app, ["pack", "test", "./lanterns"])
    assert result.exit_code == 0, result.output
    assert "lanterns/scenarios/lanterns.yaml ..." in result.stdout
    assert result.stdout.splitlines()[-1].startswith("=" * 30 + " 3 passed in ")
    assert "clank pack test ./lanterns" in (tmp_path / "lanterns" / "README.md").read_text(encoding="utf-8")


def test_a_sample_scenario_fails_when_the_card_changes(runner: CliRunner, tmp_path: Path) -> None:
    """The scenarios test the content: a card that gives 2 Boots instead of 1 fails its scenario,
    at the line of the Boots it expects."""
    assert runner.invoke(app, ["pack", "new", "wicks"]).exit_code == 0
    cards = tmp_path / "wicks" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("boots: 1}", "boots: 2}"), encoding="utf-8")
    result = runner.invoke(app, ["pack", "test", "./wicks"])
    assert result.exit_code == 1
    text = (tmp_path / "wicks" / "scenarios" / "wicks.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(text, 1) if "P1: {skill: 1, boots: 1, hand: [burgle]}" in row)
    assert (f"wicks/scenarios/wicks.yaml:{line}:27: error[expectation]: P1 boots: expected 1, the engine shows 2"
            in result.stdout)


def test_an_installable_pack_s_scenarios_pass_once_installed(runner: CliRunner, tmp_path: Path,
                                                             installed: Any) -> None:
    made = scaffold.new_pack("flares", tmp_path, installable=True)
    scenarios = made.root / "clank_flares" / "scenarios" / "flares.yaml"
    assert scenarios in made.files
    assert '"scenarios/*.yaml"' in (made.root / "pyproject.toml").read_text(encoding="utf-8")
    installed("flares", scaffold.import_pack_module(made.root))
    result = runner.invoke(app, ["pack", "test", "flares"])
    assert result.exit_code == 0, result.output
    assert " 3 passed in " in result.stdout


def test_without_the_base_game_no_scenario_is_written(tmp_path: Path) -> None:
    """The sample scenarios play a game of the base game; a pack without it gets none."""
    made = scaffold.new_pack("bare", tmp_path, requires=[])
    assert not (made.root / "scenarios").exists()
    assert "clank pack test" not in (made.root / "README.md").read_text(encoding="utf-8")


# ==========================================================================================
# installable pack: a new op by hook
# ==========================================================================================
def test_installable_pack_validates_and_plays_with_its_module(tmp_path: Path) -> None:
    made = scaffold.new_pack("lamps", tmp_path, installable=True)
    assert made.module == "clank_lamps" and made.op == "lamps_shout"
    pyproject = (made.root / "pyproject.toml").read_text()
    assert 'name = "clank-lamps"' in pyproject
    assert '[project.entry-points."clank.packs"]\nlamps = "clank_lamps"' in pyproject
    assert made.data_dir == made.root / "clank_lamps" / "data"

    module = scaffold.import_pack_module(made.root)
    modules = {**BASE, "lamps": module}
    _, registry, datas = load_packs(["catacombs", "lamps"], modules=modules)
    assert [d.id for d in datas] == ["catacombs", "lamps"]
    assert registry.ops["lamps_shout"].pack == "lamps"
    assert registry.ops["lamps_shout"].schema["required"] == ["clank"]
    problems = validate_pack_dirs([Path(str(find_pack("catacombs", BASE).data_dir)), made.data_dir], registry)
    assert problems == []

    game = new_game(["catacombs", "lamps"], players=2, seed=1, modules=modules)
    assert (game.state.dungeon_deck + game.state.row).count("lamps-lamplighter") == 2
    assert "lamps-01" in game.state.stacks["catacombs"]
    seat = game.state.current
    set_hand(game, seat, ["lamps-lamplighter"])
    player = game.player(seat)
    gold, area = player.gold, game.state.clank_area.get(str(seat), 0)
    game.apply("play lamps-lamplighter")
    assert player.gold == gold + 2
    assert game.state.clank_area.get(str(seat), 0) == area + 2


def test_installable_pack_code_is_typed_on_the_documented_surface(tmp_path: Path) -> None:
    """Issue 38: the generated module annotates every parameter and return (``ctx: EffectContext``,
    ``registry: Registry`` from ``clank.plugin``, never ``Any``), reads the game only through its
    documented members, and ships ``py.typed`` (so ``mypy --strict`` over it passes and catches a
    callback of the wrong shape where it is registered)."""
    import ast

    from clank.testing import surface_problems

    made = scaffold.new_pack("glows", tmp_path, installable=True)
    package = made.root / "clank_glows"
    tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    assert {f.name for f in functions} == {"shout", "clank_pack_data_dir", "clank_register_ops"}
    for fn in functions:
        assert fn.returns is not None, f"{fn.name} has no return annotation"
        for arg in fn.args.args:
            assert arg.annotation is not None and ast.unparse(arg.annotation) != "Any", f"{fn.name}({arg.arg})"
    params = {f.name: {a.arg: ast.unparse(a.annotation) for a in f.args.args} for f in functions}
    assert params["shout"] == {"ctx": "EffectContext", "args": "dict[str, int]"}
    assert params["clank_register_ops"] == {"registry": "Registry"}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "clank.plugin"
                for a in n.names}
    assert {"EffectContext", "Registry", "hookimpl"} <= imported
    assert surface_problems(package) == []
    assert (package / "py.typed").is_file() and package / "py.typed" in made.files
    assert '"py.typed"]' in (made.root / "pyproject.toml").read_text(encoding="utf-8")


def test_installable_pack_is_refused_by_data_only_validation_until_installed(
        runner: CliRunner, tmp_path: Path, installed: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before ``pip install -e`` the op is unknown at its line; afterwards every form validates."""
    made = scaffold.new_pack("torches", tmp_path, installable=True)
    monkeypatch.chdir(made.root)                    # where the README runs its commands
    data = "clank_torches/data"
    before = runner.invoke(app, ["validate", data])
    assert before.exit_code == 1
    line = next(i for i, text in enumerate((made.data_dir / "cards.yaml").read_text().splitlines(), 1)
                if "torches_shout" in text)
    assert f"cards.yaml:{line}:7: error[unknown-op]: unknown op 'torches_shout'" in before.output

    installed("torches", scaffold.import_pack_module(made.root))
    for target in ("torches", data):
        after = runner.invoke(app, ["validate", target])
        assert after.exit_code == 0, after.output
    # --jobs 1: the pack is "installed" in this process only, which worker processes cannot see
    simulated = runner.invoke(app, ["simulate", "--packs", "catacombs,torches", "--games", "20",
                                    "--players", "2", "--jobs", "1"])
    assert simulated.exit_code == 0, simulated.output


def test_validating_an_installable_project_says_where_its_data_is(runner: CliRunner, tmp_path: Path,
                                                                 installed: Any) -> None:
    """Issue 11 item 11: not only "no pack.yaml"; once installed, the bare id names the pack even
    beside a project directory of that name."""
    made = scaffold.new_pack("wicks", tmp_path, installable=True)
    result = runner.invoke(app, ["validate", "wicks"])
    assert result.exit_code == 1
    assert ("wicks/pack.yaml:1:1: error[missing-manifest]: no pack.yaml here: this is an installable pack "
            "project, its data is in clank_wicks/data/: validate wicks/clank_wicks/data, or install the pack "
            "(pip install -e wicks) and validate wicks") in result.stdout
    installed("wicks", scaffold.import_pack_module(made.root))
    after = runner.invoke(app, ["validate", "wicks"])
    assert after.exit_code == 0, after.output
    assert "wicks: 0 errors" in after.stderr and "4 files checked" in after.stderr


def test_installable_readme_says_to_install_before_validating(tmp_path: Path) -> None:
    made = scaffold.new_pack("candles", tmp_path, installable=True)
    readme = (made.root / "README.md").read_text()
    assert readme.index("cd candles") < readme.index("pip install -e .") < readme.index("clank validate candles")
    assert "clank simulate --packs catacombs,candles --games 20" in readme
    init = (made.root / "clank_candles" / "__init__.py").read_text()
    assert "def clank_pack_data_dir" in init and "def clank_register_ops" in init


@pytest.mark.parametrize("installable", [False, True], ids=["data", "installable"])
def test_scaffold_points_at_guides_an_installed_engine_has(tmp_path: Path, installable: bool) -> None:
    """Issue 11 item 11: no scaffold file names a docs/ path (a pip-installed engine has none);
    the README says how to get the authoring guide that comes with the engine."""
    made = scaffold.new_pack("wax", tmp_path, installable=installable)
    texts = {p: p.read_text(encoding="utf-8") for p in made.files if p.suffix in (".md", ".yaml", ".py", ".toml")}
    assert [p.name for p, text in texts.items() if "docs/" in text] == []
    assert "clank docs authoring -o authoring.md" in texts[made.root / "README.md"]


def test_clank_docs_authoring_prints_and_writes_the_guide(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 11 item 11: the authoring guide ships with the package: ``clank docs authoring``
    prints it for the installed packs (links to no page an installed engine lacks), ``-o`` writes it."""
    from clank.guides.authoring import render_guide

    registry, _ = scaffold.schema_registry()
    expected = render_guide(registry, shipped=True)
    printed = runner.invoke(app, ["docs", "authoring"])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout == expected
    assert "#### `take_secret`" in expected and "### Pack manifest (`pack.yaml`)" in expected
    assert re.findall(r"\]\((?!#)[^)]*\)", expected) == []          # no link but to its own sections
    written = runner.invoke(app, ["docs", "authoring", "-o", "guide.md"])
    assert written.exit_code == 0, written.output
    assert (tmp_path / "guide.md").read_text(encoding="utf-8") == expected
    assert runner.invoke(app, ["docs", "authoring", "-o", str(tmp_path / "no" / "guide.md")]).exit_code == 1
    assert runner.invoke(app, ["docs", "authoring", "--packs", "no-such-pack"]).exit_code == 3


# ==========================================================================================
# refusals
# ==========================================================================================
@pytest.mark.parametrize("name", ["Lanterns", "1st", "my pack", "a--b", "pack-", "../up", "x" * 41, "ünï"])
def test_an_invalid_name_is_a_usage_error_and_creates_nothing(runner: CliRunner, tmp_path: Path,
                                                             name: str) -> None:
    result = runner.invoke(app, ["pack", "new", name])
    assert result.exit_code == 2
    said = re.sub(r"[\s│]+", " ", result.output)
    assert "is not a valid pack id" in said or "is too long" in said
    assert list(tmp_path.iterdir()) == []


def test_an_existing_directory_is_never_overwritten(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep" / "notes.txt").write_text("mine")
    result = runner.invoke(app, ["pack", "new", "keep", "--installable"])
    assert result.exit_code == 1
    assert "already exists" in result.output
    assert [p.name for p in (tmp_path / "keep").iterdir()] == ["notes.txt"]
    assert (tmp_path / "keep" / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep"]


def test_the_id_of_an_installed_pack_is_refused(runner: CliRunner, tmp_path: Path, installed: Any) -> None:
    installed("catacombs", clank_catacombs)
    result = runner.invoke(app, ["pack", "new", "catacombs"])
    assert result.exit_code == 1
    assert "already installed" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_missing_required_pack_is_an_environment_error_and_leaves_nothing(runner: CliRunner,
                                                                            tmp_path: Path) -> None:
    result = runner.invoke(app, ["pack", "new", "orphan", "--requires", "catacombs,no-such-pack"])
    assert result.exit_code == 3
    assert "no-such-pack" in result.output
    assert list(tmp_path.iterdir()) == []


# ==========================================================================================
# editor support: modelines and exported schemas
# ==========================================================================================
@pytest.mark.parametrize("installable", [False, True])
def test_every_yaml_file_starts_with_a_modeline_naming_an_existing_schema(tmp_path: Path,
                                                                         installable: bool) -> None:
    made = scaffold.new_pack("beacon", tmp_path, installable=installable)
    for yaml_file in _yaml_files(made):
        first = yaml_file.read_text(encoding="utf-8").splitlines()[0]
        match = MODELINE.match(first)
        assert match, f"{yaml_file.name}: {first!r}"
        kind = yaml_file.stem
        assert match.group(1).endswith(f"/schemas/{kind}.schema.json")
        target = (yaml_file.parent / match.group(1)).resolve()
        assert target.is_file() and target.parent == made.schema_dir.resolve()
    assert made.schema_dir == made.root / "schemas"


def test_schema_export_writes_draft7_schemas_the_scaffold_validates_against(runner: CliRunner,
                                                                          tmp_path: Path) -> None:
    made = scaffold.new_pack("glow", tmp_path)
    out = tmp_path / "exported"
    result = runner.invoke(app, ["schema", "export", str(out), "--packs", "catacombs"])
    assert result.exit_code == 0, result.output
    listed = [Path(line) for line in result.stdout.splitlines() if line.strip()]
    written = sorted(out.glob("*.schema.json"))
    assert sorted(p.resolve() for p in listed) == [p.resolve() for p in written]
    assert {f"{kind}.schema.json" for kind in KINDS} <= {p.name for p in written}
    for path in written:
        Draft7Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))
    effect = (out / "effect.schema.json").read_text()
    assert '"take_secret"' in effect                 # an op of the catacombs pack

    for yaml_file in _yaml_files(made):
        assert _editor_errors(yaml_file) == [], yaml_file.name
    assert sorted(p.read_bytes() for p in written) == sorted(
        p.read_bytes() for p in made.schema_dir.glob("*.schema.json"))


def test_exported_schemas_catch_a_misspelt_argument_of_the_packs_own_op(tmp_path: Path) -> None:
    made = scaffold.new_pack("flare", tmp_path, installable=True)
    cards = made.data_dir / "cards.yaml"
    for yaml_file in _yaml_files(made):
        assert _editor_errors(yaml_file) == [], yaml_file.name
    cards.write_text(cards.read_text().replace("flare_shout: {clank: 2}", "flare_shout: {clonk: 2}"))
    errors = _editor_errors(cards)
    assert errors and any("clonk" in e or "clank" in e for e in errors)


def test_schema_export_without_packs_uses_the_installed_ones_and_unknown_packs_fail(runner: CliRunner,
                                                                                  tmp_path: Path) -> None:
    everything = runner.invoke(app, ["schema", "export", "all"])
    assert everything.exit_code == 0, everything.output
    assert (tmp_path / "all" / "cards.schema.json").is_file()
    missing = runner.invoke(app, ["schema", "export", "none", "--packs", "no-such-pack"])
    assert missing.exit_code == 3
    assert "no-such-pack" in missing.output


def test_schema_registry_follows_requires_to_the_code_of_installed_packs(tmp_path: Path) -> None:
    made = scaffold.new_pack("ember", tmp_path)
    registry, ids = scaffold.schema_registry([str(made.root)], modules=BASE)
    assert ids == ["catacombs", "ember"]
    assert "take_secret" in registry.ops
    assert PackHooks([]).build_registry().ops.keys() < registry.ops.keys()


def test_schema_export_refuses_a_pack_whose_op_schema_is_broken(runner: CliRunner, installed: Any) -> None:
    """Exit code 3: the environment is broken, not the author's content (STYLE.md)."""
    from clank.plugin import hookimpl

    broken = types.ModuleType("clank_broken_schema")

    @hookimpl
    def clank_register_ops(registry: Any) -> None:
        registry.add_op("wobble", lambda ctx, arg: None, {"type": "wobbly"}, "Does nothing.")

    broken.clank_register_ops = clank_register_ops  # type: ignore[attr-defined]
    broken.clank_pack_data_dir = hookimpl(lambda: None)  # type: ignore[attr-defined]
    installed("broken", broken)
    result = runner.invoke(app, ["schema", "export", "out", "--packs", "broken"])
    assert result.exit_code == 3
    assert "wobble" in result.output


def test_a_new_pack_starts_the_language_server_in_vs_code(tmp_path: Path) -> None:
    """``.vscode/settings.json`` has the Generic LSP Client start ``clank lsp`` for YAML files, as
    the authoring guide's "In your editor" shows; the YAML files keep their schema modelines."""
    from clank.guides.authoring import VSCODE_SETTINGS, render_guide

    for made in (scaffold.new_pack("wicks", tmp_path), scaffold.new_pack("flames", tmp_path, installable=True)):
        settings = made.root / ".vscode" / "settings.json"
        assert settings in made.files
        written = json.loads(settings.read_text(encoding="utf-8"))
        assert written["glspc.server.command"] == "clank" and written["glspc.server.commandArguments"] == ["lsp"]
        assert written == VSCODE_SETTINGS
        assert (made.data_dir / "cards.yaml").read_text(encoding="utf-8").startswith(
            "# yaml-language-server: $schema=")
    guide = render_guide(scaffold.build_registry([]))
    assert "## In your editor" in guide and '"glspc.server.command": "clank"' in guide
