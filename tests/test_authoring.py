"""Editor support, the generated authoring guide and the walkthrough pack (issue 3, points 3-5).

- ``clank.content.schema_export``: the exported schemas are valid draft-07, reference each other by
  relative file name only, give every property a title and a description, and an editor-style
  validation of the base pack's YAML (ruamel, a reference registry rooted at the export
  directory, no network) finds nothing;
- ``clank.guides.authoring``: ``docs/authoring.md`` is what the registry renders today (the freshness
  check), covers every registration, and every example it shows is valid;
- ``docs/walkthrough.md`` shows the files of ``tests/walkthrough_pack`` exactly; the pack
  validates, its content reaches the game, its mistakes are reported as the page says, the
  installable variant's op works, and bots finish games with both.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import clank_catacombs
import pytest
from clank import new_game
from clank.content.schema_export import export_schemas, modeline, schema_filename, undocumented_properties
from clank.content.schemas import COMBINATORS, CONTROL_OPS, compose_schemas, make_validators, schema_uri
from clank.content.validate import parse_feature, validate_pack_dirs
from clank.guides.authoring import (
    COMBINATOR_EXAMPLES,
    CONTROL_EXAMPLES,
    GUIDE_PACKS,
    condition_example,
    feature_example,
    guide_registry,
    icon_example,
    main,
    op_example,
    render_guide,
    to_yaml,
)
from clank.plugin import hookimpl
from clank.plugins import PackHooks, find_pack
from clank.registry import Registry
from clank.testing import check_game, playout, set_hand
from clank_cli.main import app
from jsonschema import Draft7Validator
from referencing import Registry as RefRegistry
from referencing import Resource
from referencing.exceptions import NoSuchResource
from referencing.jsonschema import DRAFT7
from ruamel.yaml import YAML
from typer.main import get_command
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDE = DOCS / "authoring.md"
WALKTHROUGH = DOCS / "walkthrough.md"
WALK = Path(__file__).resolve().parent / "walkthrough_pack"
DIR_PACK = WALK / "dragonbane"
INSTALLABLE = WALK / "clank-dragonbane"
PKG = INSTALLABLE / "clank_dragonbane"
BASE_DATA = Path(clank_catacombs.__file__).resolve().parent / "data"
MOVED = ("cards.yaml", "tiles.yaml", "tokens.yaml")
"""Files of the directory pack that part 2 of the walkthrough moves into the installable one."""
STALE = "docs/authoring.md is stale: run `python -m clank.guides.authoring > docs/authoring.md`"


def _load_dragonbane() -> ModuleType:
    """Import the installable variant's package as ``clank_dragonbane``, whatever the import mode."""
    if "clank_dragonbane" in sys.modules:
        return sys.modules["clank_dragonbane"]
    spec = importlib.util.spec_from_file_location("clank_dragonbane", PKG / "__init__.py",
                                                  submodule_search_locations=[str(PKG)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MODULES: dict[str, ModuleType] = {"catacombs": clank_catacombs}
WITH_HOARD: dict[str, ModuleType] = {"catacombs": clank_catacombs, "dragonbane": _load_dragonbane()}


def _registry(modules: dict[str, ModuleType]) -> Registry:
    return PackHooks([find_pack(pid, modules) for pid in modules]).build_registry()


@pytest.fixture(scope="module")
def registry() -> Registry:
    """The registry of the core and the base pack (what docs/authoring.md documents)."""
    return guide_registry(GUIDE_PACKS, MODULES)


@pytest.fixture(scope="module")
def hoard_registry() -> Registry:
    """The registry with the installable walkthrough pack's ``hoard`` op."""
    return _registry(WITH_HOARD)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, registry: Registry) -> Path:
    directory = tmp_path_factory.mktemp("schemas")
    export_schemas(registry, directory)
    return directory


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to open a network connection fails the test."""
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"network access attempted: {args}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


# ==========================================================================================
# helpers: schema walking, editor-style validation, YAML
# ==========================================================================================
def _schema_nodes(node: Any) -> Iterator[dict[str, Any]]:
    """Every subschema (a dict in a schema position), found independently of the exporter."""
    if isinstance(node, dict):
        yield node
        for key, value in node.items():
            if key in ("properties", "patternProperties", "definitions") and isinstance(value, dict):
                for sub in value.values():
                    yield from _schema_nodes(sub)
            elif key in ("enum", "const", "examples", "default", "required"):
                continue
            elif isinstance(value, (dict, list)):
                yield from _schema_nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _schema_nodes(value)


def _refs(node: Any) -> Iterator[str]:
    for sub in _schema_nodes(node):
        if isinstance(sub.get("$ref"), str):
            yield sub["$ref"]


def editor_validator(directory: Path, kind: str) -> Draft7Validator:
    """A validator as an editor builds one: the schema file is opened from ``directory`` and
    every reference is resolved from the files next to it, never from anywhere else."""
    base = directory.resolve().as_uri() + "/"

    def retrieve(uri: str) -> Resource:
        if not uri.startswith(base):
            raise NoSuchResource(ref=uri)
        path = directory / uri[len(base):]
        return Resource.from_contents(json.loads(path.read_text(encoding="utf-8")), default_specification=DRAFT7)

    refs = RefRegistry(retrieve=retrieve)  # type: ignore[call-arg]
    return Draft7Validator({"$ref": base + schema_filename(kind)}, registry=refs)


def load_yaml(path: Path) -> Any:
    return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


def file_kinds(pack_dir: Path) -> dict[str, str]:
    """File name -> content kind, as the pack's manifest says (parts included)."""
    manifest = load_yaml(pack_dir / "pack.yaml")
    entries = list(manifest.get("files", []))
    for part in (manifest.get("parts") or {}).values():
        entries += part.get("files", [])
    kinds = {"pack.yaml": "pack"}
    for entry in entries:
        if isinstance(entry, dict):
            kinds[entry["path"]] = entry["kind"]
        else:
            kinds[entry] = re.split(r"[-_.]", entry, maxsplit=1)[0]
    return kinds


def editor_errors(schema_dir: Path, pack_dir: Path) -> dict[str, list[str]]:
    """Validate every YAML file of a pack against the exported schemas, as an editor would."""
    kinds = file_kinds(pack_dir)
    assert set(kinds) == {p.name for p in pack_dir.glob("*.yaml")}, "every YAML file has a kind"
    out = {}
    for name, kind in sorted(kinds.items()):
        validator = editor_validator(schema_dir, kind)
        out[name] = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(load_yaml(pack_dir / name))]
    return out


# ==========================================================================================
# schema export
# ==========================================================================================
def test_export_writes_one_schema_per_content_kind(tmp_path: Path, registry: Registry) -> None:
    """One per content kind, and the schema of scenario files (issue 32)."""
    written = export_schemas(registry, tmp_path / "new" / "schemas")      # the directory is created
    names = [p.name for p in written]
    assert names == sorted(names) and all(p.is_file() for p in written)
    assert set(names) == {schema_filename(k) for k in compose_schemas(registry)} | {"scenario.schema.json"}
    assert {"pack.schema.json", "cards.schema.json", "tiles.schema.json", "tokens.schema.json",
            "setup.schema.json", "effect.schema.json", "condition.schema.json", "common.schema.json"} <= set(names)


def test_exported_schemas_pass_check_schema(exported: Path) -> None:
    for path in sorted(exported.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft7Validator.check_schema(schema)
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#", path.name


def test_every_exported_property_has_a_title_and_a_description(exported: Path) -> None:
    """Walk every schema: each entry of ``properties`` / ``patternProperties`` is documented."""
    checked, missing = 0, []
    for path in sorted(exported.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        for node in _schema_nodes(schema):
            for key in ("properties", "patternProperties"):
                for name, sub in (node.get(key) or {}).items():
                    checked += 1
                    if not (isinstance(sub, dict) and str(sub.get("title", "")).strip()
                            and str(sub.get("description", "")).strip()):
                        missing.append(f"{path.name}: {key}/{name}")
        assert undocumented_properties(schema) == [], path.name
    assert checked > 200, f"only {checked} properties found: the walk is broken"
    assert not missing, f"properties without title or description: {missing}"


def test_op_arguments_get_their_docs_in_the_export(exported: Path) -> None:
    effect = json.loads((exported / "effect.schema.json").read_text(encoding="utf-8"))
    trash = effect["definitions"]["single_op"]["properties"]["trash"]
    assert trash["title"] == "trash" and trash["description"].startswith("Trash cards")
    assert trash["properties"]["count"]["description"] == "How many cards (default 1)."
    common = json.loads((exported / "common.schema.json").read_text(encoding="utf-8"))
    feature = common["definitions"]["feature"]
    assert re.match(feature["pattern"], "artifact(plus=1)") and re.match(feature["pattern"], "crypt")
    assert not re.match(feature["pattern"], "cryptt")


def test_references_are_relative_file_names_that_resolve_locally(exported: Path) -> None:
    names = {p.name for p in exported.glob("*.schema.json")}
    seen = 0
    for path in sorted(exported.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert not any("$id" in node for node in _schema_nodes(schema)), f"{path.name} keeps an $id"
        for ref in _refs(schema):
            seen += 1
            file, _, pointer = ref.partition("#")
            assert "://" not in ref, f"{path.name}: absolute reference {ref}"
            assert file == "" or file in names, f"{path.name}: {ref} names a file that was not exported"
            target = json.loads((exported / (file or path.name)).read_text(encoding="utf-8"))
            for part in filter(None, pointer.split("/")):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            assert isinstance(target, dict), f"{path.name}: {ref} does not point at a schema"
    assert seen > 30


def test_editor_style_validation_of_the_base_pack_finds_nothing(exported: Path, no_network: None) -> None:
    errors = editor_errors(exported, BASE_DATA)
    assert set(errors) >= {"pack.yaml", "cards.yaml", "tiles.yaml", "tokens.yaml", "setup.yaml", "promos.yaml"}
    assert errors == {name: [] for name in errors}


def test_editor_style_validation_catches_a_misspelt_op(exported: Path, tmp_path: Path, no_network: None) -> None:
    """The clean result above is not vacuous: the same validator sees a wrong op and argument."""
    broken = tmp_path / "cards.yaml"
    broken.write_text((DIR_PACK / "cards.yaml").read_text(encoding="utf-8")
                      .replace("gain:", "gian:").replace("draw: 1", "draw: 0"), encoding="utf-8")
    errors = list(editor_validator(exported, "cards").iter_errors(load_yaml(broken)))
    paths = {tuple(e.absolute_path) for e in errors}
    assert (0, "play", 0) in paths or (0, "play", 0, "gian") in paths, paths
    assert any(p[:3] == (0, "play", 1) for p in paths), paths


def test_pack_registrations_are_exported_and_documented(tmp_path: Path) -> None:
    """An op a pack registers without docs, a content kind of its own and an extra card key all
    come out documented, with relative references."""
    pack = ModuleType("clank_test_exporting")

    def clank_register_ops(registry: Registry) -> None:
        registry.add_op("shout", lambda ctx, args: None,
                        {"type": "object", "properties": {"volume": {"type": "integer"},
                                                          "then": {"$ref": "effect.schema.json#/definitions/effect"}}})

    def clank_register_conditions(registry: Registry) -> None:
        registry.add_content_schema("fate_cards", {
            "type": "array", "items": {"type": "object", "properties": {
                "id": {"$ref": "https://clank.invalid/schemas/common.schema.json#/definitions/card_id"},
                "draw": {"type": "integer"}}}})
        registry.add_content_schema("cards.fate", {"type": "boolean"})
        registry.add_condition("loud", lambda game, seat, arg: True,
                               {"type": "object", "properties": {"at_least": {"type": "integer"}}},
                               doc="You made noise.")

    pack.clank_register_ops = hookimpl(clank_register_ops)                  # type: ignore[attr-defined]
    pack.clank_register_conditions = hookimpl(clank_register_conditions)    # type: ignore[attr-defined]
    pack.clank_pack_data_dir = lambda: tmp_path              # type: ignore[attr-defined]
    reg = _registry({"catacombs": clank_catacombs, "exporting": pack})
    written = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in export_schemas(reg, tmp_path / "s")}
    shout = written["effect.schema.json"]["definitions"]["single_op"]["properties"]["shout"]
    assert shout["title"] == "shout" and shout["description"]
    assert shout["properties"]["volume"]["description"] == "Argument `volume` of the `shout` op."
    loud = written["condition.schema.json"]["definitions"]["condition"]["properties"]["loud"]
    assert loud["properties"]["at_least"]["description"] == "Argument `at_least` of the `loud` condition (You made noise)."
    fate = written["fate_cards.schema.json"]
    assert fate["items"]["properties"]["id"]["$ref"] == "common.schema.json#/definitions/card_id"
    assert written["cards.schema.json"]["definitions"]["card"]["properties"]["fate"]["description"]
    for name, schema in written.items():
        Draft7Validator.check_schema(schema)
        assert undocumented_properties(schema) == [], name


def test_modelines_of_the_walkthrough_files_point_at_the_exported_schemas(tmp_path: Path,
                                                                          hoard_registry: Registry) -> None:
    """Exported where the walkthrough says, the schema each file's first line names exists."""
    tree = tmp_path / "walk"
    shutil.copytree(WALK, tree, ignore=shutil.ignore_patterns("__pycache__"))
    export_schemas(hoard_registry, tree / "dragonbane" / "schemas")
    export_schemas(hoard_registry, tree / "clank-dragonbane" / "schemas")
    files = sorted(tree.rglob("*.yaml"))
    assert len(files) == 10
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        kind = "scenario" if path.parent.name == "scenarios" else file_kinds(path.parent)[path.name]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert m, f"{path}: no modeline"
        assert first == modeline(kind, m.group(1).rsplit("/", 1)[0])
        assert (path.parent / m.group(1)).resolve().is_file(), f"{path}: {m.group(1)} does not exist"


def test_editor_style_validation_of_the_walkthrough_pack(tmp_path: Path, hoard_registry: Registry,
                                                         no_network: None) -> None:
    export_schemas(hoard_registry, tmp_path)
    for pack_dir in (DIR_PACK, PKG / "data"):
        errors = editor_errors(tmp_path, pack_dir)
        assert errors == {name: [] for name in errors}, pack_dir


# ==========================================================================================
# the authoring guide
# ==========================================================================================
def test_authoring_guide_is_fresh(registry: Registry) -> None:
    """docs/authoring.md is exactly what the registered ops, features and schemas render."""
    expected = render_guide(registry)
    actual = GUIDE.read_text(encoding="utf-8") if GUIDE.exists() else ""
    if actual != expected:
        diff = next((i for i, (a, b) in enumerate(zip(actual.splitlines(), expected.splitlines(), strict=False))
                     if a != b), min(len(actual.splitlines()), len(expected.splitlines())))
        pytest.fail(f"{STALE} (first difference at line {diff + 1})", pytrace=False)


def test_the_regeneration_command_writes_the_guide(tmp_path: Path, registry: Registry,
                                                   capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """``python -m clank.guides.authoring`` prints the guide; ``-o`` writes it."""
    assert main(["--packs", ",".join(GUIDE_PACKS), "-o", str(tmp_path / "guide.md")]) == 0
    assert (tmp_path / "guide.md").read_text(encoding="utf-8") == render_guide(registry)
    assert main([]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == render_guide(registry)
    assert main(["--packs", "no-such-pack"]) == 3


def _headings(text: str, level: int) -> set[str]:
    return set(re.findall(rf"^{'#' * level} `([a-z_]+)`$", text, re.M))


def test_guide_covers_every_registration(registry: Registry) -> None:
    text = render_guide(registry)
    assert _headings(text, 4) >= set(registry.ops) | set(CONTROL_OPS) | set(registry.conditions) | set(COMBINATORS)
    assert _headings(text, 3) >= set(registry.room_features) | set(registry.tunnel_icons)
    for table in (registry.quantities, registry.resources, registry.teleport_kinds, registry.decision_kinds):
        missing = [name for name in table if f"| `{name}` |" not in text]
        assert not missing, missing
    for heading in ("### Pack manifest (`pack.yaml`)", "### Cards (`cards.yaml`)", "### Tiles (`tiles.yaml`)",
                    "### Tokens (`tokens.yaml`)", "### Setup (`setup.yaml`)"):
        assert heading in text


def test_guide_lists_every_field_of_every_content_kind(registry: Registry) -> None:
    """Each key of the manifest, card, tile, room, tunnel, token and setup schemas has a row."""
    text = render_guide(registry)
    schemas = compose_schemas(registry)
    shapes = [schemas["pack"], schemas["setup"], schemas["cards"]["definitions"]["card"],
              schemas["tokens"]["definitions"]["token"], *(schemas["tiles"]["definitions"][d]
                                                           for d in ("tile", "room", "tunnel"))]
    for shape in shapes:
        for name in shape["properties"]:
            assert re.search(rf"^\| `{name}` \| [^|]+ \| (yes|when [^|]+|with [^|]+)? *\| [^|]*\|$", text, re.M), name


def test_guide_shows_one_valid_example_of_everything(registry: Registry) -> None:
    """Every op, condition, feature and icon has exactly one example, and each example passes
    the same checks as content: the composed schemas, the feature parser and argument schema."""
    validators = make_validators(compose_schemas(registry))
    text = render_guide(registry)
    for name in sorted({*registry.ops, *CONTROL_OPS}):
        example = op_example(registry, name)
        assert example is not None, f"op {name!r} has no example"
        assert [e.message for e in validators["effect"].iter_errors([example])] == [], name
        assert (isinstance(example, str) and example == name) or name in example, name
    for name in sorted({*registry.conditions, *COMBINATORS}):
        example = condition_example(registry, name)
        assert isinstance(example, dict) and name in example, name
        assert [e.message for e in validators["condition"].iter_errors(example)] == [], name
    for name, fdef in sorted(registry.room_features.items()):
        example = feature_example(registry, name)
        assert example is not None, f"room feature {name!r} has no example"
        parsed, arg = parse_feature(example)
        assert parsed == name
        assert (arg is None) if fdef.arg_schema is None else Draft7Validator(fdef.arg_schema).is_valid(arg), name
    tunnel = validators["tiles"].evolve(schema={"$ref": schema_uri("tiles") + "#/definitions/tunnel"})
    for name in sorted(registry.tunnel_icons):
        example = icon_example(registry, name)
        assert name in example["icons"]
        assert [e.message for e in tunnel.iter_errors(example)] == [], name
        assert list(tunnel.iter_errors({**example, "icons": ["no_such_icon"]})), "the tunnel check is vacuous"
    sections = re.split(r"^#{3,4} ", text, flags=re.M)
    for section in sections:
        title = section.split("\n", 1)[0]
        if re.fullmatch(r"`[a-z_]+`", title) and "Example:" in section:
            assert section.count("```yaml") == 1, f"{title}: more than one example"


def test_every_yaml_block_of_the_guide_reads_back(registry: Registry) -> None:
    """The examples are rendered to YAML that reads back as the registered values."""
    for value in [*CONTROL_EXAMPLES.values(), *COMBINATOR_EXAMPLES.values(),
                  *(o.example for o in registry.ops.values()), *(c.example for c in registry.conditions.values()),
                  {"tunnels": [icon_example(registry, n) for n in registry.tunnel_icons]},
                  {"features": [feature_example(registry, n) for n in registry.room_features]},
                  {"pos": "n", "text": "yes: no", "n": [True, None, 180, "on"], "x": {}}]:
        for pairs in (True, False):
            assert YAML(typ="safe", pure=True).load(to_yaml([value], pairs)) == [value], value
    blocks = re.findall(r"^```yaml\n(.*?)^```", render_guide(registry), re.S | re.M)
    assert len(blocks) > 60
    for block in blocks:
        YAML(typ="safe", pure=True).load(block)


def test_guide_documents_a_pack_op_with_its_arguments(hoard_registry: Registry) -> None:
    """A third-party op appears with its doc, its argument table and its example."""
    text = render_guide(hoard_registry)
    section = text.split("#### `hoard`", 1)[1].split("\n#### ", 1)[0]
    assert "Gain gold for each of your cubes in the Clank! area, up to a cap." in section
    assert "*From the `dragonbane` pack.*" in section
    assert "| `gold` | integer ≥ 1 | yes | Gold gained for each of your cubes in the Clank! area. |" in section
    assert "| `max` | integer ≥ 1 |  | The most gold the op gives (no cap when left out). |" in section
    assert "```yaml\n- hoard: {gold: 1, max: 4}\n```" in section


# ==========================================================================================
# the walkthrough
# ==========================================================================================
FENCE = re.compile(r"^```(\w+)(?: (file|output)=(\S+))?\n(.*?)^```$", re.S | re.M)


def walkthrough_blocks() -> list[tuple[str, str | None, str | None, str]]:
    """(language, "file"/"output"/None, name, text) of every fenced block of the walkthrough."""
    return [(m.group(1), m.group(2), m.group(3), m.group(4))
            for m in FENCE.finditer(WALKTHROUGH.read_text(encoding="utf-8"))]


def test_walkthrough_code_blocks_are_the_files_of_the_walkthrough_pack() -> None:
    shown = {name: text for _, what, name, text in walkthrough_blocks() if what == "file"}
    assert shown, "the walkthrough shows no file"
    for name, text in shown.items():
        path = WALK / name
        assert path.is_file(), f"docs/walkthrough.md shows {name}, which is not in tests/walkthrough_pack"
        assert path.read_text(encoding="utf-8") == text, f"docs/walkthrough.md shows a different {name}"
    files = {p.relative_to(WALK).as_posix() for p in WALK.rglob("*")
             if p.is_file() and not any(part in ("__pycache__", "build", "schemas") or part.endswith(".egg-info")
                                        for part in p.relative_to(WALK).parts)}
    moved = {f"clank-dragonbane/clank_dragonbane/data/{name}" for name in MOVED}
    assert files - moved == set(shown), f"files the walkthrough does not show: {sorted(files - moved - set(shown))}"


def test_moved_files_change_only_their_modeline() -> None:
    """Part 2 moves three files unchanged but for the first line, as the page says."""
    text = WALKTHROUGH.read_text(encoding="utf-8")
    for name in MOVED:
        before = (DIR_PACK / name).read_text(encoding="utf-8").splitlines(keepends=True)
        after = (PKG / "data" / name).read_text(encoding="utf-8").splitlines(keepends=True)
        assert before[1:] == after[1:], name
        kind = name.removesuffix(".yaml")
        assert before[0].rstrip("\n") == modeline(kind, "./schemas")
        assert after[0].rstrip("\n") == modeline(kind, "../../schemas")
    assert modeline("cards", "../../schemas") in text


def test_walkthrough_pack_validates_clean(registry: Registry) -> None:
    problems = validate_pack_dirs([BASE_DATA, DIR_PACK], registry)
    assert [p.format_text() for p in problems] == []


def test_clank_validate_accepts_the_walkthrough_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(WALK)
    result = CliRunner().invoke(app, ["validate", "./dragonbane"])
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.stderr


def test_the_walkthrough_pack_plays_twenty_checked_games_as_the_page_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 6's habit: ``clank validate ./dragonbane --play 20`` plays twenty games with the checks on
    and ends with the line the page quotes (issue 37 point 7)."""
    monkeypatch.chdir(WALK)
    result = CliRunner().invoke(app, ["validate", "./dragonbane", "--play", "20"])
    assert result.exit_code == 0, result.output
    said = "played 20 games with the invariant checks on"
    assert said in result.stderr and result.stderr.split(said)[1].split("\n")[0].endswith("none failed")
    assert f"`{said}\n... none failed`" in WALKTHROUGH.read_text(encoding="utf-8")


def test_walkthrough_mistakes_are_reported_as_the_page_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The four mistakes the page makes on purpose give exactly the lines it prints."""
    shutil.copytree(DIR_PACK, tmp_path / "dragonbane")
    edits = {"cards.yaml": [("- gain: {skill: 1, swords: 1}", "- gian: {skill: 1, swords: 1}"),
                            ("companion_in_play: other}", "companion_in_play: others}")],
             "tiles.yaml": [("reward_gold(2)", "reward_gold(two)"), ("{ends: [s2, w1]}", "{ends: [s2, w2]}")]}
    for name, changes in edits.items():
        path = tmp_path / "dragonbane" / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["validate", "./dragonbane"])
    assert result.exit_code == 1
    (expected,) = [text for _, what, name, text in walkthrough_blocks() if what == "output" and name == "mistakes"]
    assert result.stdout.splitlines() == expected.splitlines()


def _page_output(name: str) -> list[str]:
    (text,) = [text for _, what, block, text in walkthrough_blocks() if what == "output" and block == name]
    return [re.sub(r" in [\d.]+s ", " in Xs ", line) for line in text.splitlines()]


def _pack_test(where: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    monkeypatch.chdir(where)
    result = CliRunner().invoke(app, ["pack", "test", "./dragonbane"])
    return result.exit_code, [re.sub(r" in [\d.]+s ", " in Xs ", line) for line in result.stdout.splitlines()]


def test_walkthrough_scenarios_pass_as_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 8: ``clank pack test ./dragonbane`` prints what the page prints (but the seconds)."""
    code, lines = _pack_test(WALK, monkeypatch)
    assert code == 0
    assert lines == _page_output("pack-test")


def test_walkthrough_wrong_claim_fails_as_the_page_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 8: expecting 2 Swords fails at the line and column of the 2, as the page shows."""
    shutil.copytree(DIR_PACK, tmp_path / "dragonbane")
    path = tmp_path / "dragonbane" / "scenarios" / "ember-squire.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("P1: {skill: 1, swords: 1, hand: []}") == 1
    path.write_text(text.replace("P1: {skill: 1, swords: 1, hand: []}", "P1: {skill: 1, swords: 2, hand: []}"),
                    encoding="utf-8")
    code, lines = _pack_test(tmp_path, monkeypatch)
    assert code == 1
    assert lines == _page_output("pack-test-fail")


def test_walkthrough_balance_check_prints_the_verdicts_the_page_shows(tmp_path: Path) -> None:
    """Step 9: ``clank balance`` on the Squire at 4 Skill prints the page's verdict lines (the
    lab is deterministic: the same arguments give the same figures on any machine)."""
    shutil.copytree(DIR_PACK, tmp_path / "dragonbane")
    (command,) = [text for lang, _, _, text in walkthrough_blocks() if lang == "console" and "clank balance" in text]
    args = shlex.split(command.strip().removeprefix("$ clank "))
    done = subprocess.run([str(Path(sys.executable).with_name("clank")), *args, "--jobs", "1"], cwd=tmp_path,
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "400"}, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    shown = [line for line in done.stdout.splitlines() if " paired games" in line and ":" in line]
    assert [" ".join(line.split()) for line in shown] == _page_output("balance")


def test_directory_pack_content_reaches_the_game() -> None:
    game = new_game(["catacombs", str(DIR_PACK)], players=2, seed=1, modules=MODULES)
    st = game.state
    assert game.ruleset.pack_versions["dragonbane"] == "0.1.0"
    dungeon = st.dungeon_deck + [c for c in st.row if c is not None]
    assert dungeon.count("ember-squire") == 2                                  # its card is in the dungeon deck
    assert "db-01" in st.stacks["catacombs"]                                   # its tile in the tile stack
    assert st.pools["minor"].count("ember-shard") == 2                         # its token in the minor pool


def test_directory_pack_simulated_games_finish(monkeypatch: pytest.MonkeyPatch) -> None:
    """``clank simulate --packs catacombs,./dragonbane`` as the page runs it (fewer games)."""
    monkeypatch.chdir(WALK)
    result = CliRunner().invoke(app, ["simulate", "--packs", "catacombs,./dragonbane", "--games", "3",
                                      "--players", "2", "--bot", "random", "--option", "max_rounds=40"])
    assert result.exit_code == 0, result.output
    assert "aborted games" in result.stdout
    for seed in (1, 2):
        game = new_game(["catacombs", str(DIR_PACK)], players=3, seed=seed, modules=MODULES)
        bot = game.ruleset.registry.bots["random"].factory(seed)
        assert playout(game, bot) > 0 and game.over


def test_installable_pack_validates_with_its_op_and_only_with_it(hoard_registry: Registry, registry: Registry) -> None:
    assert validate_pack_dirs([BASE_DATA, PKG / "data"], hoard_registry) == []
    without = validate_pack_dirs([BASE_DATA, PKG / "data"], registry)
    assert [(Path(p.file).name, p.line, p.col, p.rule) for p in without] == [("cards-hoard.yaml", 12, 7, "unknown-op")]


def test_a_misspelt_hoard_argument_gets_a_did_you_mean(tmp_path: Path, hoard_registry: Registry) -> None:
    """The page's claim: ``hoard: {gold: 1, mx: 4}`` is reported at its line with the fix."""
    shutil.copytree(PKG / "data", tmp_path / "data")
    path = tmp_path / "data" / "cards-hoard.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("max: 4", "mx: 4"), encoding="utf-8")
    problems = validate_pack_dirs([BASE_DATA, tmp_path / "data"], hoard_registry)
    assert [(p.line, p.rule, p.message) for p in problems] == [
        (12, "unknown-key", "unknown key 'mx' (did you mean 'max'?)")]


def test_hoard_op_gains_gold_per_cube_in_the_clank_area_up_to_the_cap() -> None:
    game = new_game(["catacombs", "dragonbane"], players=2, seed=3, modules=WITH_HOARD)
    assert game.ruleset.pack_versions["dragonbane"] == "0.2.0"
    assert "hoard" in game.ruleset.registry.ops
    st = game.state
    assert (st.dungeon_deck + [c for c in st.row if c]).count("hoard-diver") == 2
    seat = game.current_player
    p = game.player(seat)
    for in_area, gained in ((1, 2), (5, 4)):                 # 1 cube + the card's Clank! -> 2 gold; cap 4
        st.clank_area[str(seat)] = in_area
        gold = p.gold
        set_hand(game, seat, ["hoard-diver"])
        game.apply("play hoard-diver")
        assert p.gold - gold == gained
        assert f"scoops {gained} gold from the hoard" in game.log[-1]


def test_installable_pack_passes_the_game_self_test() -> None:
    check_game(["catacombs", "dragonbane"], players=2, seeds=[4], modules=WITH_HOARD)
    game = new_game(["catacombs", "dragonbane"], players=2, seed=5, modules=WITH_HOARD)
    bot = game.ruleset.registry.bots["greedy"].factory(5) if "greedy" in game.ruleset.registry.bots \
        else game.ruleset.registry.bots["random"].factory(5)
    assert playout(game, bot) > 0 and game.over


def test_installable_pack_project_file_registers_the_pack() -> None:
    project = tomllib.loads((INSTALLABLE / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["clank.packs"] == {"dragonbane": "clank_dragonbane"}
    assert project["tool"]["setuptools"]["package-data"]["clank_dragonbane"] == ["data/*.yaml"]
    manifest = load_yaml(PKG / "data" / "pack.yaml")
    assert project["project"]["version"] == WITH_HOARD["dragonbane"].__version__ == manifest["version"]


def test_walkthrough_commands_exist() -> None:
    """Every ``clank`` command the page runs exists with the options it uses."""
    root = get_command(app)
    lines = [line[2:] for lang, _, _, text in walkthrough_blocks() if lang == "console"
             for line in text.splitlines() if line.startswith("$ clank ")]
    assert len(lines) >= 8
    for line in lines:
        words = line.split()[1:]
        command = root
        while words and hasattr(command, "commands") and words[0] in command.commands:  # type: ignore[attr-defined]
            command = command.commands[words.pop(0)]  # type: ignore[attr-defined]
        assert command is not root and not hasattr(command, "commands"), f"unknown command: {line}"
        options = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
        used = {w for w in words if w.startswith("-")}
        assert used <= options, f"{line}: unknown options {sorted(used - options)}"


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_walkthrough_links_and_anchors_exist(registry: Registry) -> None:
    text = WALKTHROUGH.read_text(encoding="utf-8")
    guide = render_guide(registry)
    anchors = {_slug(h) for h in re.findall(r"^#+ (.*)$", guide, re.M)}
    links = re.findall(r"\]\(([\w.-]+\.md)(?:#([\w-]+))?\)", text)
    assert len(links) > 10
    for page, anchor in links:
        assert (DOCS / page).exists(), page
        if page == "authoring.md" and anchor:
            assert anchor in anchors, f"docs/walkthrough.md links to a missing section: {page}#{anchor}"
    for span in re.findall(r"`((?:tests|docs)/[\w/.-]+)`", text):
        assert (ROOT / span).exists(), span


def test_the_guide_shows_when_a_key_is_required() -> None:
    """Issue 37 point 5: keys required only in some cases (a schema's if/then/else and
    dependencies) say when, read from the schemas: a dungeon card needs type, count and cost."""
    from clank.guides.authoring import conditionally_required

    text = GUIDE.read_text(encoding="utf-8")
    for key in ("type", "count", "cost"):
        assert f"| `{key}` |" in text and re.search(
            rf"^\| `{key}` \| [^|]+ \| when `kind` is `dungeon` or `reserve` \|", text, re.M), key
    schema = {"properties": {"kind": {}, "swords": {}, "keep": {}, "stack": {}},
              "allOf": [{"if": {"properties": {"kind": {"const": "monster"}}}, "then": {"required": ["swords"]},
                         "else": {"required": ["kind"]}}],
              "dependencies": {"keep": ["stack"]}}
    assert conditionally_required(schema) == {"swords": ["when `kind` is `monster`"],
                                              "kind": ["unless `kind` is `monster`"], "stack": ["with `keep`"]}
