"""What ``clank pack new`` and ``clank schema export`` do: a new pack from templates, and the
registry whose ops and features the exported schemas describe.

A scaffold is a data-only directory pack (``pack.yaml``, ``cards.yaml``, ``tokens.yaml``,
``tiles.yaml``, ``scenarios/NAME.yaml`` with a rule test of each sample, a README, the JSON
Schemas of its files and ``.vscode/settings.json`` that starts ``clank lsp``), or with ``installable`` a
pip-installable project whose package carries the same YAML plus one hook that registers a
new effect op. The templates are the files of ``clank_cli/templates``; ``{{key}}`` marks a
value filled in here. The pack is built in a hidden sibling directory and renamed into place
at the end, so a failure never leaves half a pack behind.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import ModuleType

from clank.api import PackLoadError, PackSource, Registry, installed_packs, pack_sources, registry_for
from clank.content import export_schemas, modeline
from clank.guides.authoring import VSCODE_SETTINGS
from clank.scenarios import SCENARIO_DIR

PACK_ID = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")
"""A new pack's id: a lower-case letter, then letters and digits, words joined by one dash or
underscore (a valid ``pack_id`` that also makes valid card ids and a Python module name)."""
ANY_PACK_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
"""Any pack id the engine accepts (``common.schema.json#/definitions/pack_id``)."""
MAX_ID_LENGTH = 40
BASE_PACK = "catacombs"
"""The pack whose room features, tunnel icons and token pools the sample content uses."""
DATA_KINDS = ("pack", "cards", "tokens", "tiles")
"""The YAML files of a scaffold, by kind (``<kind>.yaml``, schema ``<kind>.schema.json``); one
without the base game adds ``setup`` (see :func:`data_kinds`)."""
SCENARIO_FILE = "{id}.yaml"
"""The scaffold's scenario file, in ``clank.scenarios.SCENARIO_DIR`` beside ``pack.yaml`` (beside
``data/`` in an installable pack's package): one scenario per sample card, token and tile, written
when the pack requires the base game, whose game they play."""
SCHEMA_DIR = "schemas"
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


class ScaffoldError(Exception):
    """The pack cannot be created (the directory exists, the id is taken): CLI exit code 1."""


class InvalidName(ValueError):
    """The requested name is not a valid pack id: CLI exit code 2 (usage)."""


@dataclass
class NewPack:
    """What :func:`new_pack` made."""

    pack_id: str
    root: Path                          # the directory created, ``PARENT/NAME``
    data_dir: Path                      # the directory holding pack.yaml
    schema_dir: Path
    installable: bool
    module: str | None = None           # the import name of an installable pack
    op: str | None = None               # the effect op its hook registers
    requires: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)   # every file written, under ``root``


# ------------------------------------------------------------------------------------------
# names
# ------------------------------------------------------------------------------------------
def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new pack's id, or None when it can."""
    if len(name) > MAX_ID_LENGTH:
        return f"{name!r} is too long (at most {MAX_ID_LENGTH} characters)"
    if not PACK_ID.match(name):
        return (f"{name!r} is not a valid pack id: use lower-case letters and digits, starting with a "
                "letter, words joined by single dashes or underscores (my-pack, lanterns2)")
    return None


def module_name(pack_id: str) -> str:
    """The import name of an installable pack: ``my-pack`` → ``clank_my_pack``."""
    return "clank_" + pack_id.replace("-", "_")


def data_kinds(base: bool) -> tuple[str, ...]:
    """The YAML files of a scaffold: with the base game its token joins the base game's Minor
    Secrets; without it, a pool of its own, which its ``setup.yaml`` declares (``token_pools``)."""
    return DATA_KINDS if base else (*DATA_KINDS, "setup")


def _title(pack_id: str) -> str:
    return " ".join(word.capitalize() for word in re.split(r"[-_]", pack_id))


# ------------------------------------------------------------------------------------------
# registries: the code of installed packs and what they require
# ------------------------------------------------------------------------------------------
def build_registry(sources: Sequence[PackSource]) -> Registry:
    """The registry of the core plus the code of ``sources`` (directory packs add nothing)."""
    return registry_for(sources)


def schema_registry(specs: Sequence[str] | None = None,
                    modules: dict[str, ModuleType] | None = None) -> tuple[Registry, list[str]]:
    """The registry ``clank schema export`` describes, and the ids of the packs in it.

    ``specs`` None: every installed pack. Otherwise the given packs and what they require.
    """
    if specs is None:
        specs = list(installed_packs())
    sources = pack_sources(specs, modules)
    return build_registry(sources), [s.id for s in sources]


def export(registry: Registry, directory: Path) -> list[Path]:
    """Write the schemas composed with ``registry`` into ``directory`` (created if missing)."""
    return list(export_schemas(registry, directory))


# ------------------------------------------------------------------------------------------
# templates
# ------------------------------------------------------------------------------------------
def _template(name: str) -> str:
    return resources.files("clank_cli").joinpath("templates", f"{name}.tmpl").read_text(encoding="utf-8")


def render(name: str, values: dict[str, str]) -> str:
    """Fill the ``{{key}}`` marks of template ``name``; a mark without a value is a bug."""
    text = _template(name)
    missing = sorted({m for m in _PLACEHOLDER.findall(text) if m not in values})
    if missing:
        raise KeyError(f"template {name}: no value for {', '.join(missing)}")
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def _values(pack_id: str, requires: Sequence[str], base: bool, installable: bool,
            dependencies: Sequence[str], modeline_dir: str) -> dict[str, str]:
    """Everything the templates need, for one pack."""
    slug = pack_id.replace("_", "-")
    module = module_name(pack_id)
    op = module.removeprefix("clank_") + "_shout"
    title = _title(pack_id)
    if installable:
        card_text = "Make 2 Clank! and gain 2 gold, then draw 1 card."
        play = [f"{op}: {{clank: 2}}", "draw: 1"]
    else:
        card_text = "Gain 1 skill and 1 boot, then draw 1 card."
        play = ["gain: {skill: 1, boots: 1}", "draw: 1"]
    run_packs = [*requires, pack_id if installable else f"./{pack_id}"]
    values = {
        "id": pack_id, "slug": slug, "title": title, "module": module, "op": op,
        "description": f"{title}: a content pack made with clank pack new.",
        "requires": ", ".join(requires),
        "run_packs": ",".join(run_packs),
        "dependencies": ", ".join(f'"{d}"' for d in dependencies),
        "card_text": card_text,
        "card_play": "\n".join(f"    - {line}" for line in play),
        # the base game's features and icons; without it the sample tile stays plain
        "hall_features": "[crystal_cave]" if base else "[]",
        # keys the base game adds to tiles: its rooms are in the Depths, it is not haunted
        "tile_keys": "  depths: true\n  haunted: false\n" if base else "",
        "store_features": "[reward_minor_secret]" if base else "[]",
        "monster_icons": ", icons: [monster]" if base else "",
        "boot_icons": ", icons: [boot]" if base else "",
        "token_pool": "minor" if base else slug.replace("-", "_"),
        "token_pool_note": ("here `minor`,\n# the base game's minor secrets, found in rooms with a minor-secret reward"
                            if base else "here one of this pack's own"),
    }
    values["card_given"] = ", clank: 0, gold: 0" if installable else ""
    values["card_then"] = "clank: 2, gold: 2" if installable else "skill: 1, boots: 1"
    values["test_target"] = pack_id if installable else f"./{pack_id}"
    where = f"{module}/{SCENARIO_DIR}" if installable else SCENARIO_DIR
    values["scenario_row"] = (f"| `{where}/{SCENARIO_FILE.format(id=pack_id)}` | rule tests of the samples "
                              "(given/when/then), run by `clank pack test` |\n" if base else "")
    values["scenario_step"] = (f"   Test the rules: each scenario of `{where}/` sets up a position, plays actions and "
                               "checks what\n   the engine shows; a failure is reported at its file and line:\n\n"
                               f"       clank pack test {values['test_target']}\n\n" if base else "")
    for kind in data_kinds(False):
        values[f"modeline_{kind}"] = modeline(kind, modeline_dir)
    return values


def _dependencies(requires: Sequence[str]) -> list[str]:
    """The engine's distribution and those of the required packs (by their entry points)."""
    eps = installed_packs()
    out = ["clank-engine>=0.1"]
    for pack_id in requires:
        dist = getattr(eps.get(pack_id), "dist", None)
        name = getattr(dist, "name", None) or f"clank-{pack_id}"
        if name not in out:
            out.append(name)
    return out


# ------------------------------------------------------------------------------------------
# the scaffold
# ------------------------------------------------------------------------------------------
def import_pack_module(root: Path, module: str | None = None) -> ModuleType:
    """Import the package of an installable pack project from its directory, uninstalled.

    For tests and for the scaffold itself (which imports the code it has just written to
    export schemas that know its op). The module is not added to ``sys.modules``. Loading a
    *directory pack* never does this: only code a user asks for explicitly is executed.
    """
    if module is None:
        found = sorted(p.parent.name for p in root.glob("clank_*/__init__.py"))
        if not found:
            raise PackLoadError(f"{root}: no clank_* package in this directory")
        module = found[0]
    init = root / module / "__init__.py"
    spec = importlib.util.spec_from_file_location(module, init, submodule_search_locations=[str(init.parent)])
    if spec is None or spec.loader is None:
        raise PackLoadError(f"{init}: cannot be imported")
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as exc:
        raise PackLoadError(f"{init} failed to import: {exc}") from exc
    return mod


def new_pack(name: str, parent: Path, *, installable: bool = False,
             requires: Sequence[str] = (BASE_PACK,)) -> NewPack:
    """Create the pack ``parent/name`` and return what was written.

    Raises :class:`InvalidName` (usage), :class:`ScaffoldError` (the directory exists, the id
    is taken) and :class:`~clank.plugins.PackLoadError` (a required pack is not installed).
    """
    problem = name_problem(name)
    if problem:
        raise InvalidName(problem)
    root = parent / name
    if root.exists() or root.is_symlink():
        raise ScaffoldError(f"{root} already exists: choose another name or --dir, nothing was overwritten")
    if name in installed_packs():
        raise ScaffoldError(f"a pack with id {name!r} is already installed: choose another name")
    requires = list(dict.fromkeys(r.strip() for r in requires if r.strip()))
    for req in requires:
        if not ANY_PACK_ID.match(req):
            raise InvalidName(f"--requires: {req!r} is not a pack id")
    if name in requires:
        raise InvalidName(f"pack {name!r} cannot require itself")
    sources = pack_sources(requires)            # before writing anything: PackLoadError if missing
    if name in {s.id for s in sources}:
        raise ScaffoldError(f"pack {name!r} is already required by {', '.join(requires)}: choose another name")
    base = BASE_PACK in {s.id for s in sources}

    parent.mkdir(parents=True, exist_ok=True)
    work = parent / f".{name}.partial-{secrets.token_hex(4)}"
    work.mkdir()                                # (mkdtemp would make it private to its owner)
    try:
        made = _write(work, name, requires, sources, base, installable)
        work.rename(root)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    made.root = root
    made.data_dir = root / made.data_dir
    made.schema_dir = root / made.schema_dir
    made.files = sorted(root / f for f in made.files)
    return made


def _write(work: Path, pack_id: str, requires: list[str], sources: list[PackSource], base: bool,
           installable: bool) -> NewPack:
    """Write the pack into ``work``; paths in the answer are relative to it."""
    module = module_name(pack_id) if installable else None
    data_rel = Path(module, "data") if module else Path(".")
    schema_rel = Path(SCHEMA_DIR)
    modeline_dir = Path(os.path.relpath(schema_rel, data_rel)).as_posix()
    modeline_dir = modeline_dir if modeline_dir.startswith(".") else f"./{modeline_dir}"
    values = _values(pack_id, requires, base, installable, _dependencies(requires), modeline_dir)
    written: list[Path] = []

    def put(rel: Path, text: str) -> None:
        path = work / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(rel)

    for kind in data_kinds(base):
        put(data_rel / f"{kind}.yaml", render(f"{kind}.yaml", values))
    if base:   # the sample scenarios play the sample content in a game of the base game
        scenarios = (Path(module) if module else Path(".")) / SCENARIO_DIR
        up = Path(os.path.relpath(schema_rel, scenarios)).as_posix()
        put(scenarios / SCENARIO_FILE.format(id=pack_id), render("scenarios.yaml", {**values,
                                                                      "modeline_scenario": modeline("scenario", up)}))
    put(Path("README.md"), render("README-installable.md" if installable else "README.md", values))
    put(Path(".vscode", "settings.json"), json.dumps(VSCODE_SETTINGS, indent=2) + "\n")
    code: list[PackSource] = []
    if module:
        put(Path("pyproject.toml"), render("pyproject.toml", values))
        put(Path(module, "__init__.py"), render("__init__.py", values))
        put(Path(module, "py.typed"), render("py.typed", values))
        mod = import_pack_module(work, module)
        code = [PackSource(pack_id, work / data_rel, mod)]
    schemas = export(build_registry([*sources, *code]), work / schema_rel)
    written.extend(Path(p).resolve().relative_to(work.resolve()) for p in schemas)
    return NewPack(pack_id, work, data_rel, schema_rel, installable, module,
                   values["op"] if installable else None, requires, written)
