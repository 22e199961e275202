"""What ``clank validate`` checks: each target (an installed pack id, a pack directory or a
single content file) with the registry of the code it needs.

A pack's ops, conditions and features come from code, so a data directory is validated with
the registry built from the *installed* packs its manifest ``requires`` (transitively), plus
the installed pack of the same id when the directory is a working copy of one. Those required
packs' content is validated alongside, so references into them resolve. No code is ever
loaded from the directory itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.plugins import PackHooks, PackLoadError, find_pack, installed_packs, is_path
from clank.problems import ContentError, Problem, sort_problems
from clank.registry import Registry
from clank.validate import MANIFEST, validate_file, validate_pack_dirs
from clank.yamlload import load_yaml_file

INSTALLED, DIRECTORY, FILE = "installed", "directory", "file"


@dataclass
class Target:
    """One thing to validate and what it is validated with."""

    spec: str
    kind: str                       # installed | directory | file
    pack_id: str
    path: Path
    code_packs: list[str] = field(default_factory=list)    # installed packs giving the registry
    with_dirs: list[Path] = field(default_factory=list)    # required packs' content, validated alongside

    def to_json(self) -> dict[str, Any]:
        """The target as shown by ``--format json``."""
        return {"spec": self.spec, "kind": self.kind, "id": self.pack_id, "path": str(self.path),
                "code": self.code_packs, "with": [str(d) for d in self.with_dirs]}


@dataclass
class Result:
    """Problems found in every target (sorted, duplicates removed)."""

    targets: list[Target]
    problems: list[Problem]
    by_target: dict[str, list[Problem]] = field(default_factory=dict)

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


def _data_dir(pack_id: str) -> Path:
    src = find_pack(pack_id)
    if src.data_dir is None:
        raise PackLoadError(f"pack {pack_id!r} has no content directory")
    return Path(str(src.data_dir))


def _requires(directory: Path) -> list[str]:
    """The ``requires`` of a pack directory's manifest (empty when unreadable: the validator says why)."""
    try:
        data, _ = load_yaml_file(directory / MANIFEST)
    except ContentError:
        return []
    req = data.get("requires") if isinstance(data, dict) else None
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


def _manifest_id(directory: Path) -> str:
    try:
        data, _ = load_yaml_file(directory / MANIFEST)
    except ContentError:
        return directory.name
    pid = data.get("id") if isinstance(data, dict) else None
    return pid if isinstance(pid, str) else directory.name


def _closure(requires: Sequence[str], local: dict[str, Path], installed: set[str],
             skip: str) -> list[tuple[str, Path, bool]]:
    """Packs required, transitively, requirements first: ``(id, content dir, installed?)``.

    A requirement is found among the directories given on the same command line (``local``)
    first, then among installed packs; one found nowhere is left for the validator to report.
    """
    order: list[tuple[str, Path, bool]] = []
    seen: set[str] = {skip}

    def visit(pid: str) -> None:
        if pid in seen or (pid not in local and pid not in installed):
            return
        seen.add(pid)
        directory = local[pid] if pid in local else _data_dir(pid)
        for req in sorted(_requires(directory)):
            visit(req)
        order.append((pid, directory, pid not in local))

    for pid in requires:
        visit(pid)
    return order


def plan(spec: str, local: dict[str, Path] | None = None) -> Target:
    """Resolve one command-line target; raises :class:`~clank.plugins.PackLoadError`.

    ``local`` maps the ids of pack directories given on the same command line to their paths,
    so one of them may satisfy another's ``requires``.
    """
    local = local or {}
    installed = set(installed_packs())
    path = Path(spec)
    if path.is_file():
        kind = path.name.split(".")[0].split("--")[0]
        return Target(spec, FILE, kind, path, code_packs=sorted(installed))
    if is_path(spec):
        if not (path / MANIFEST).is_file():
            raise PackLoadError(f"{spec}: not a pack directory (no {MANIFEST})")
        pid = _manifest_id(path)
        reqs = _closure(_requires(path), local, installed, skip=pid)
        code = [r for r, _, inst in reqs if inst] + ([pid] if pid in installed else [])
        return Target(spec, DIRECTORY, pid, path, code_packs=code, with_dirs=[d for _, d, _ in reqs])
    directory = _data_dir(spec)   # raises PackLoadError for an unknown id
    reqs = _closure(_requires(directory), {}, installed, skip=spec)
    return Target(spec, INSTALLED, spec, directory, code_packs=[*(r for r, _, _ in reqs), spec],
                  with_dirs=[d for _, d, _ in reqs])


class _Registries:
    """Registries by the set of packs whose code builds them (built once per command)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, ...], Registry] = {}

    def get(self, packs: Sequence[str]) -> Registry:
        """The registry of the core plus ``packs`` (in that order)."""
        key = tuple(packs)
        if key not in self._cache:
            self._cache[key] = PackHooks([find_pack(p) for p in packs]).build_registry()
        return self._cache[key]


def validate(specs: Sequence[str]) -> Result:
    """Validate every target; pack and registry failures raise (exit 3), content problems are returned."""
    local = {_manifest_id(Path(s)): Path(s) for s in specs
             if is_path(s) and (Path(s) / MANIFEST).is_file()}
    targets = [plan(s, local) for s in specs]
    registries = _Registries()
    everything: list[Problem] = []
    by_target: dict[str, list[Problem]] = {}
    for t in targets:
        registry = registries.get(t.code_packs)
        if t.kind == FILE:
            found = validate_file(t.path, t.pack_id, registry)
        else:
            found = validate_pack_dirs([*t.with_dirs, t.path], registry)
        by_target[t.spec] = sort_problems(found)
        everything.extend(found)
    return Result(targets, sort_problems(everything), by_target)
