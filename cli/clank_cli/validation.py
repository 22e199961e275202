"""What ``clank validate`` checks: installed pack ids, pack directories and single content files,
each with the registry of the code it needs.

- **Packs** (installed ids and directories) given on one command line are checked together,
  as one game would load them: ids must be unique across them, references may point into
  any of them, ``requires``, ``conflicts`` and ``engine`` are judged over the whole set. A
  pack's ops, conditions and features come from code, so the registry is built from the
  *installed* packs of the set and the installed packs they require (transitively), whose
  content is validated alongside so references into them resolve; only the problems of the
  packs named on the command line are reported. A directory whose manifest id is an installed
  pack (a working copy) is validated with that pack's installed code.
- **A single file** inside a pack directory is checked as part of its pack (so its references
  are judged), and only its own problems are reported; a file outside any pack is checked on
  its own, with the registry of every installed pack: schema, duplicate ids, geometry and
  features, but not references into other files. Its kind comes from its name
  (``cards.yaml``, ``cards-promos.yaml``, ``cards--anything.yaml``).

No code is ever loaded from a directory: only installed packs' code runs. Problems are
content (exit 1); a pack that cannot be found or imported, or a broken schema, is the
environment (:class:`~clank.plugins.PackLoadError`, exit 3); a path that does not exist is a
usage error (exit 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.api import (
    PackCodeError,
    PackFault,
    PackLoadError,
    Registry,
    dependency_order,
    find_pack,
    installed_packs,
    is_path,
    registry_for,
)
from clank.content import (
    FILE_KINDS,
    MANIFEST,
    ContentError,
    ContentMemo,
    Overlay,
    PackData,
    Problem,
    check_all_schemas,
    check_file,
    check_pack_dirs,
    file_kind,
    load_yaml_file,
    peek_id,
    sort_problems,
)

from clank_cli.errors import UsageError

INSTALLED, DIRECTORY, FILE = "installed", "directory", "file"
_PATH_SUFFIXES = (".yaml", ".yml", ".json")
_CODE_RULES = {"unknown-op", "unknown-condition", "unknown-feature", "unknown-icon", "unknown-quantity"}


class BrokenSchemaError(PackLoadError):
    """The composed content schemas are not valid schemas (exit code 3, like a pack that fails to load)."""


@dataclass
class Target:
    """One thing named on the command line, and what it is validated with."""

    spec: str
    kind: str                       # installed | directory | file
    pack_id: str                    # the pack (for a file: its pack, or "" when it stands alone)
    path: Path                      # the pack's content directory, or the file
    code_packs: list[str] = field(default_factory=list)    # installed packs whose code builds the registry
    with_packs: list[str] = field(default_factory=list)    # other packs validated alongside, as given
    content_kind: str = ""          # for a file: the kind of content it holds

    def describe(self) -> str:
        """One line saying what the target is."""
        if self.kind == FILE:
            where = f"file of pack {self.pack_id!r}, checked as part of its pack" if self.pack_id else (
                "file outside any pack, checked on its own: references to other files are not judged "
                "(validate its pack directory for those)")
            return f"{self.spec}: {self.content_kind or 'unknown kind'} {where}"
        label = "installed pack" if self.kind == INSTALLED else "directory pack"
        return f"{self.spec}: {label} {self.pack_id!r} at {self.path}"

    def to_json(self) -> dict[str, Any]:
        """The target as shown by ``--format json``."""
        return {"spec": self.spec, "kind": self.kind, "id": self.pack_id or None, "path": str(self.path),
                "content_kind": self.content_kind or None, "code": self.code_packs,
                "with": self.with_packs}


@dataclass
class Result:
    """Problems found in every target (sorted, duplicates removed) and the files read."""

    targets: list[Target]
    problems: list[Problem]
    by_target: dict[str, list[Problem]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    packs: list[str] = field(default_factory=list)          # the packs a game of the targets loads, in order
    play: dict[str, Any] | None = None                      # what ``--play`` found (clank_cli.playcheck)
    code_faults: list[PackFault] = field(default_factory=list)   # faults of the named packs' code
    content: list[PackData] = field(default_factory=list)   # the packs read, as read (what an editor completes)

    @property
    def errors(self) -> int:
        """How many problems are errors."""
        return sum(p.is_error for p in self.problems)

    @property
    def warnings(self) -> int:
        """How many problems are warnings."""
        return sum(not p.is_error for p in self.problems)

    def failed(self, strict: bool = False) -> bool:
        """Whether the content is invalid (any error; any warning too when ``strict``)."""
        return self.errors > 0 or (strict and self.warnings > 0)


# -- reading manifests without judging them (the validator does that) -----------------------

def _manifest(directory: Path, overlay: Overlay | None = None) -> dict[str, Any]:
    try:
        data, _ = load_yaml_file(directory / MANIFEST, overlay=overlay)
    except ContentError:
        return {}
    return data if isinstance(data, dict) else {}


def _requires(directory: Path, overlay: Overlay | None = None) -> list[str]:
    """The packs a manifest requires, to load their code and content alongside (``requires:
    catacombs``, a string, is read as one: the schema reports it, the rest is still checked)."""
    req = _manifest(directory, overlay).get("requires")
    if isinstance(req, str):
        return [req]
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


def _data_dir(pack_id: str) -> Path:
    src = find_pack(pack_id)   # raises PackLoadError for an unknown or broken pack
    if src.data_dir is None:
        raise PackLoadError(f"pack {pack_id!r} has no content directory")
    return Path(str(src.data_dir))


# -- registries ---------------------------------------------------------------------------

class Registries:
    """Registries by the packs whose code builds them (built and checked once per command, or
    once per session of the language server, which keeps one); ``memo`` keeps, for the next
    validation in the process, what a validation of packs found (a server that validates the
    same packs after each keystroke gives one)."""

    def __init__(self, memo: ContentMemo | None = None) -> None:
        self._cache: dict[tuple[str, ...], Registry] = {}
        self.memo = memo

    def get(self, packs: Sequence[str]) -> Registry:
        """The registry of the core plus ``packs``; raises :class:`BrokenSchemaError` when the
        schemas composed with it are broken."""
        key = tuple(packs)
        if key not in self._cache:
            registry = registry_for([find_pack(p) for p in packs])
            try:
                faults = check_all_schemas(registry)
            except (ValueError, KeyError, TypeError, OSError) as exc:   # a bundled file unreadable or corrupt
                faults = [f"cannot read the bundled schemas: {exc}"]
            if faults:
                raise BrokenSchemaError("the content schemas are broken, so nothing can be validated:\n  "
                                        + "\n  ".join(faults))
            self._cache[key] = registry
        return self._cache[key]


# -- planning -----------------------------------------------------------------------------

def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.startswith(".") or spec.lower().endswith(_PATH_SUFFIXES)


def _classify(spec: str) -> str:
    path = Path(spec)
    if path.is_file():
        return FILE
    if path.is_dir() and not (spec in installed_packs() and not is_path(spec)):
        return DIRECTORY   # a bare installed id names the pack, not a project directory of that name
    if _looks_like_path(spec):
        raise UsageError(f"{spec}: no such file or directory", "TARGET")
    return INSTALLED


@dataclass
class _PackSet:
    """Packs checked together: the targets, what they require, the code that knows them."""

    targets: list[Target]
    dirs: list[Path]                      # every content directory, dependency order
    code: list[str]                       # installed packs whose code builds the registry
    ids: set[str]                         # ids of the targets (whose problems are reported)
    shown: dict[str, str]                 # each directory as the command line gave it: its path, or a pack id
    labels: dict[str, str]                # installed packs' directories -> how problems name them


def _pack_set(targets: list[Target], overlay: Overlay | None = None) -> _PackSet:
    """Resolve the requirements of pack targets: local targets first, then installed packs."""
    installed = set(installed_packs())
    local: dict[str, Path] = {}
    for t in targets:
        local.setdefault(t.pack_id, t.path)
    required: dict[str, Path] = {}

    def visit(pid: str) -> None:
        if pid in local or pid in required or pid not in installed:
            return   # a target, already seen, or missing: the validator reports a missing one
        required[pid] = _data_dir(pid)
        for req in sorted(_requires(required[pid])):
            visit(req)

    for t in targets:
        for req in sorted(_requires(t.path, overlay)):
            visit(req)
    entries = [(t.pack_id, t.path) for t in targets] + list(required.items())
    reqs = {str(d): _requires(d, overlay) for _, d in entries}
    ordered = dependency_order(entries, lambda e: str(e[1]), lambda e: [
        str(local.get(r) or required.get(r)) for r in reqs[str(e[1])] if r in local or r in required])
    ids_in_order = list(dict.fromkeys(pid for pid, _ in ordered))
    code = [pid for pid in ids_in_order if pid in installed]
    shown = {str(d): pid for pid, d in required.items()}
    shown.update({str(t.path): t.pack_id if t.kind == INSTALLED else str(t.path) for t in targets})
    labels = {str(d): f"installed pack {pid!r}" for pid, d in required.items()}
    labels.update({str(t.path): f"installed pack {t.pack_id!r}" for t in targets if t.kind == INSTALLED})
    return _PackSet(targets, [d for _, d in ordered], code, {t.pack_id for t in targets}, shown, labels)


def _pack_target(spec: str, kind: str, overlay: Overlay | None = None) -> Target:
    if kind == INSTALLED:
        return Target(spec, INSTALLED, spec, _data_dir(spec))
    path = Path(spec)
    return Target(spec, DIRECTORY, peek_id(path, overlay) if (path / MANIFEST).is_file() else path.name, path)


def _path_spec(directory: Path) -> str:
    """A directory as ``--packs`` takes it: a path, never a bare name (which names an installed pack)."""
    text = str(directory)
    return text if is_path(text) else f"./{text}"


def _within(file: str, directory: Path) -> bool:
    return Path(file).is_relative_to(directory)


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return str(a) == str(b)


# -- validating ---------------------------------------------------------------------------

def _check_packs(pset: _PackSet, registries: Registries,
                 overlay: Overlay | None = None) -> tuple[list[Problem], list[str], list[PackData]]:
    registry = registries.get(pset.code)
    checked = check_pack_dirs(pset.dirs, registry, pset.labels, installed_packs(), overlay, registries.memo)
    problems = [p for p in checked.problems if p.pack in pset.ids]
    files = [f for f in checked.files if any(_within(f, t.path) for t in pset.targets)]
    for t in pset.targets:
        t.code_packs = list(pset.code)
        t.with_packs = [pset.shown[str(d)] for d in pset.dirs if d != t.path]
    return problems, files, checked.packs


def _check_file(target: Target, registries: Registries) -> tuple[list[Problem], list[str]]:
    path = target.path
    pack_dir = path.parent
    if (pack_dir / MANIFEST).is_file():
        pset = _pack_set([Target(str(pack_dir), DIRECTORY, peek_id(pack_dir), pack_dir)])
        registry = registries.get(pset.code)
        checked = check_pack_dirs(pset.dirs, registry, pset.labels, installed_packs())
        if any(_same_file(f, path) for f in checked.files):
            target.pack_id = peek_id(pack_dir)
            target.content_kind = file_kind(path, _kinds(registry)) or ""
            if path.name == MANIFEST:
                target.content_kind = "pack"
            target.code_packs = list(pset.code)
            target.with_packs = [pset.shown[str(d)] for d in pset.dirs if d != pack_dir]
            own = [p for p in checked.problems if _same_file(p.file, path)]
            return own, [str(path)]
    code = _ordered_installed(installed_packs())
    registry = registries.get(code)
    kind = file_kind(path, _kinds(registry))
    target.content_kind = kind or ""
    target.code_packs = code
    checked = check_file(path, kind or _name_head(path), registry)
    return checked.problems, checked.files


def _kinds(registry: Registry) -> set[str]:
    return set(FILE_KINDS) | {k for k in registry.content_schemas if "." not in k}


def _name_head(path: Path) -> str:
    return path.name.split(".")[0].split("--")[0]


def _ordered_installed(ids: Iterable[str]) -> list[str]:
    """Installed packs after the packs they require (so registration follows dependencies)."""
    ids = sorted(ids)
    dirs = {pid: _data_dir(pid) for pid in ids}
    return dependency_order(ids, lambda p: p, lambda p: _requires(dirs[p]))


def _code_notes(targets: list[Target], problems: list[Problem]) -> list[str]:
    """Say so when a directory pack ships Python code that validation never runs."""
    notes = []
    installed = set(installed_packs())
    for t in targets:
        if t.kind != DIRECTORY or t.pack_id in installed:
            continue
        if not any(p.rule in _CODE_RULES and p.pack == t.pack_id for p in problems):
            continue
        code_beside = [t.path / "pyproject.toml", t.path / "__init__.py", t.path.parent / "__init__.py"]
        if any(f.is_file() for f in code_beside):   # a project, or the data directory of a package
            notes.append(f"note: {t.spec} comes with Python code, which validation never runs: install the pack "
                         f"(pip install -e ...) so the ops and features its code registers are known")
    return notes


def validate(specs: Sequence[str], overlay: Overlay | None = None, registries: Registries | None = None) -> Result:
    """Validate every target; content problems are returned, and the faults of a named installed
    pack's code (a misspelt hook, a callback taking the wrong parameters, a name registered
    twice), each at its line in the pack's code: its content is then not checked.

    ``overlay`` holds unsaved text read instead of the files of pack targets (an editor's
    buffers: ``clank lsp``); ``registries`` keeps the registries built between calls.

    Raises :class:`~clank.plugins.PackLoadError` (exit 3) when a pack cannot be found or
    imported, a pack the targets require has faults in its code, or the schemas are broken;
    :class:`~clank_cli.errors.UsageError` (exit 2) for a path that does not exist.
    """
    kinds = [(spec, _classify(spec)) for spec in specs]
    try:
        return _validate(kinds, overlay, registries or Registries())
    except PackCodeError as exc:
        named = {spec if kind == INSTALLED else peek_id(Path(spec)) for spec, kind in kinds
                 if kind == INSTALLED or (Path(spec) / MANIFEST).is_file()}
        if not set(exc.packs) <= named:
            raise
        return _code_faults(kinds, exc)


def _code_faults(kinds: list[tuple[str, str]], exc: PackCodeError) -> Result:
    """The result of validating packs whose code has faults: those faults, as problems."""
    problems = sort_problems(f.problem() for f in exc.faults)
    targets = [Target(spec, kind, spec if kind == INSTALLED else peek_id(Path(spec)) if kind == DIRECTORY else "",
                      Path(spec)) for spec, kind in kinds]
    note = (f"note: the code of {', '.join(repr(p) for p in exc.packs)} must load before its content can be "
            f"validated: fix the faults above, then validate again")
    return Result(targets, problems, {t.spec: [p for p in problems if p.pack == t.pack_id] for t in targets},
                  [], [note], code_faults=list(exc.faults))


def _validate(kinds: list[tuple[str, str]], overlay: Overlay | None, registries: Registries) -> Result:
    targets: list[Target] = []
    for spec, kind in kinds:
        targets.append(Target(spec, FILE, "", Path(spec)) if kind == FILE else _pack_target(spec, kind, overlay))
    everything: list[Problem] = []
    files: list[str] = []
    packs = [t for t in targets if t.kind != FILE]
    game_packs: list[str] = []
    content: list[PackData] = []
    if packs:
        pset = _pack_set(packs, overlay)
        found, read, content = _check_packs(pset, registries, overlay)
        everything += found
        files += read
        game_packs = [pset.shown[str(d)] if str(d) in pset.labels else _path_spec(d) for d in pset.dirs]
    by_target: dict[str, list[Problem]] = {t.spec: [p for p in everything if p.pack == t.pack_id] for t in packs}
    for t in targets:
        if t.kind == FILE:
            found, read = _check_file(t, registries)
            by_target[t.spec] = sort_problems(found)
            everything += found
            files += read
    problems = sort_problems(everything)
    return Result(targets, problems, by_target, list(dict.fromkeys(files)), _code_notes(targets, problems), game_packs,
                  content=content)
