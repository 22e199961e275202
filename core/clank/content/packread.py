"""Reading a pack directory: its manifest, the optional parts it switches on, its files.

:func:`read_pack` reads a directory into a :class:`~clank.content.packdata.PackData` and checks each
file against its schema on the way; what it finds goes to the :class:`Context`, which the
``clank.checks_*`` modules then add to. Nothing in a directory is executed, and no path
leaves it.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator

from clank.content import cache as content_cache
from clank.content.locator import JsonPath
from clank.content.memo import Composed, ContentMemo
from clank.content.overlay import Overlay, is_file, overlay_text
from clank.content.packdata import MANIFEST, PackData, Segment, as_dict, as_list
from clank.content.problems import ContentError, Problem, did_you_mean, format_path
from clank.content.schemas import FILE_KINDS, FastCheck, compose_schemas, make_validators, schema_problems
from clank.content.yamlload import load_yaml_bytes, load_yaml_file, read_yaml_bytes
from clank.registry import Registry

ALL_PARTS = "*"
"""In ``enabled_parts``: switch every optional part on (``-name`` switches one off)."""


@dataclass
class Context:
    """What every check needs: the registry, the validators, and where problems go."""

    registry: Registry
    validators: dict[str, Draft7Validator]
    setup_properties: dict[str, Any] = field(default_factory=dict)   # the composed setup schema's keys
    schemas_digest: str = ""       # of the composed schemas: part of each checked file's cache key
    fast: FastCheck | None = None  # passes valid files quickly (jsonschema then says what is wrong)
    installed: tuple[str, ...] = ()   # installed packs' ids, which a pack id near one is told apart from
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)          # every file read (or refused), in order
    unresolved: set[str] = field(default_factory=set)      # packs whose requirements are missing
    overlay: Overlay | None = None   # unsaved text read instead of files (clank.content.overlay)
    memo: ContentMemo | None = None  # what earlier validations in this process keep (clank.content.memo)

    @property
    def kinds(self) -> set[str]:
        """Every content kind a file may hold: the core's and those packs register."""
        return set(FILE_KINDS) | {k for k in self.validators if k not in ("common", "effect", "condition")}


def new_context(registry: Registry, memo: ContentMemo | None = None) -> Context:
    """A fresh context with the schemas composed from ``registry`` (composed once per registry
    when a ``memo`` keeps them, which the context then uses for every file it reads)."""
    if memo is not None:
        memo.begin()   # a context is made for each validation
        composed = memo.composed(registry, lambda reg: _compose(reg, digest=True))
    else:
        composed = _compose(registry, digest=content_cache.enabled())
    return Context(registry, composed.validators, composed.setup_properties, composed.digest, composed.fast,
                   memo=memo)


def _compose(registry: Registry, *, digest: bool) -> Composed:
    schemas = compose_schemas(registry)
    return Composed(schemas, make_validators(schemas), schemas["setup"].get("properties") or {},
                    content_cache.schemas_digest(schemas) if digest else "", FastCheck(schemas))


def _file_kind(entry: Any, known: set[str]) -> tuple[str | None, str | None]:
    """(path, kind) of a manifest file entry; kind None when it cannot be told."""
    if isinstance(entry, dict):
        path, kind = entry.get("path"), entry.get("kind")
        return (path if isinstance(path, str) else None), (kind if isinstance(kind, str) else None)
    if not isinstance(entry, str):
        return None, None
    stem = Path(entry).name.split(".")[0]
    if stem in known:
        return entry, stem
    head = re.split(r"[-_.]", stem, maxsplit=1)[0]
    return entry, head if head in known else None


_HOLDS = {
    "pack": "the pack's manifest: its id, name and version at least",
    "cards": "a list of cards (write [] for none)",
    "tiles": "a list of tiles (write [] for none)",
    "tokens": "a list of tokens (write [] for none)",
    "setup": "a mapping of setup keys (rage_track, starting_deck ...)",
}


def empty_file_message(kind: str, validator: Draft7Validator) -> str:
    """What to say about an empty file of ``kind``: what such a file holds."""
    what = _HOLDS.get(kind)
    if what is None:
        shape = validator.schema.get("type") if isinstance(validator.schema, dict) else None
        what = {"array": "a list (write [] for none)", "object": "a mapping"}.get(str(shape), "data")
    return f"the file is empty: {MANIFEST if kind == 'pack' else f'a {kind} file'} holds {what}"


def read_file(ctx: Context, pack: PackData, path: Path, kind: str, part: str | None = None) -> None:
    """Read one file of ``kind`` into ``pack`` (lists extend, mappings merge), checking its schema."""
    file = str(path)
    ctx.files.append(file)
    checked = _checked(ctx, path, file, kind)
    if kind == "pack" and isinstance(checked.data, dict):
        pack.manifest = checked.data   # first: the pack id every problem of the pack carries comes from it
    ctx.problems.extend(Problem(p.file, p.line, p.col, p.severity, p.rule, p.message, p.path, pack.id)
                        for p in checked.problems)
    if checked.refused or checked.locator is None:
        return
    data, loc = checked.data, checked.locator
    segs = pack._segments.setdefault(kind, [])
    if kind == "pack":
        segs.append(Segment(kind, file, loc, data))
        return
    target = pack.content(kind)
    if isinstance(data, list):
        start = len(target) if isinstance(target, list) else 0
        segs.append(Segment(kind, file, loc, data, start, part))
        if target is None:
            pack.extra[kind] = list(data)
        elif isinstance(target, list):
            target.extend(data)
        return
    segs.append(Segment(kind, file, loc, data, 0, part))
    if isinstance(data, dict):
        if target is None:
            pack.extra[kind] = dict(data)
            return
        if isinstance(target, dict):
            for key, value in data.items():
                if key in target:
                    line, col = loc.key((key,))
                    ctx.problems.append(Problem(file, line, col, "error", "duplicate-key",
                                                f"{kind} key {key!r} is already set in another file",
                                                format_path((key,)), pack.id))
                else:
                    target[key] = value
    elif data is not None and kind not in pack.extra:
        pack.extra[kind] = data


def _checked(ctx: Context, path: Path, file: str, kind: str) -> content_cache.CheckedFile:
    """A file read and checked against the schema of ``kind`` (problems name no pack): from the
    checked-file cache when its bytes, name, kind and the schemas are those of a stored check
    (a check of an overlay's unsaved text is not stored); first from the context's memo, which
    keeps every check it saw, unsaved text included."""
    try:
        raw = read_yaml_bytes(path, file, ctx.overlay)
    except ContentError as exc:
        return content_cache.CheckedFile(None, None, exc.problems, refused=True)
    if ctx.memo is None:
        return _check_bytes(ctx, path, file, kind, raw)
    key = ctx.memo.file_key(file, kind, raw, ctx.schemas_digest)
    entry = ctx.memo.checked(key)
    if entry is None:
        entry = _check_bytes(ctx, path, file, kind, raw)
        ctx.memo.keep_checked(key, entry)
    return entry


def _check_bytes(ctx: Context, path: Path, file: str, kind: str, raw: bytes) -> content_cache.CheckedFile:
    """A file's bytes parsed and checked against the schema of ``kind``, through the disk cache."""
    key = content_cache.file_key(file, kind, raw, ctx.schemas_digest) if ctx.schemas_digest else None
    entry = content_cache.read_checked(key)
    if entry is not None:
        return entry
    try:
        data, loc = load_yaml_bytes(raw, file)
    except ContentError as exc:
        entry = content_cache.CheckedFile(None, None, exc.problems, refused=True)
    else:
        if data is None:   # nothing but blank lines and comments
            problems = [Problem(file, 1, 1, "error", "empty-file", empty_file_message(kind, ctx.validators[kind]))]
        elif ctx.fast is not None and ctx.fast.passes(kind, data):
            problems = []
        else:
            problems = schema_problems(ctx.validators[kind], data, loc)
        entry = content_cache.CheckedFile(data, loc, problems)
    if overlay_text(ctx.overlay, path) is None:   # unsaved text is not kept: the next keystroke changes it
        content_cache.write_checked(key, entry)
    return entry


def _selected_parts(ctx: Context, pack: PackData, enabled: Collection[str] | None) -> list[str]:
    parts = as_dict(pack.manifest.get("parts"))
    wanted = set(enabled or ())
    chosen = []
    for name, part in parts.items():
        default = isinstance(part, dict) and part.get("default") is True
        on = (default or name in wanted or ALL_PARTS in wanted) and f"-{name}" not in wanted
        if on:
            chosen.append(name)
    for name in sorted(wanted - {ALL_PARTS}):
        bare = name.removeprefix("-")
        if bare not in parts:
            ctx.problems.append(pack.problem("pack", ("parts",) if parts else (), "unknown-part",
                                             f"pack {pack.id!r} has no optional part {bare!r}"
                                             + did_you_mean(bare, parts)))
    return chosen


def _file_entries(ctx: Context, pack: PackData, parts: list[str]) -> list[tuple[str, str, JsonPath]]:
    """(relative path, kind, manifest path) of each content file to read.

    The manifest path of a part's file starts with ``("parts", name)``.
    """
    entries = _listed(ctx, pack, parts)
    out: list[tuple[str, str, JsonPath]] = []
    known = ctx.kinds - {"pack"}
    for entry, mpath in entries:
        rel, kind = _file_kind(entry, known)
        if rel is None:
            continue
        if kind is None and not is_file(pack.directory / rel, ctx.overlay):
            _safe_path(ctx, pack, rel, mpath)   # says it is missing (or outside the pack)
            continue
        if kind is None:
            stem = Path(rel).name.split(".")[0]
            ctx.problems.append(pack.problem(
                "pack", mpath, "unknown-kind",
                f"cannot tell the content kind of {rel!r}: name it <kind>.yaml or <kind>-<anything>.yaml, "
                f"or write {{path: {rel}, kind: KIND}}" + did_you_mean(stem, known)))
            continue
        out.append((rel, kind, mpath))
    return out


def _listed(ctx: Context, pack: PackData, parts: Collection[str]) -> list[tuple[Any, JsonPath]]:
    """Each file entry the manifest lists (``files``, or without it the files named after a
    content kind, then the files of ``parts``), as written, with its manifest path."""
    m = pack.manifest
    entries: list[tuple[Any, JsonPath]] = []
    if isinstance(m.get("files"), list):
        entries += [(e, ("files", i)) for i, e in enumerate(m["files"])]
    else:
        for name in sorted(ctx.kinds - {"pack"}):
            for suffix in (".yaml", ".yml"):
                if is_file(pack.directory / f"{name}{suffix}", ctx.overlay):
                    entries.append((f"{name}{suffix}", ()))
    part_table = as_dict(m.get("parts"))
    for name in parts:
        files = as_list(as_dict(part_table.get(name)).get("files"))
        entries += [(e, ("parts", name, "files", i)) for i, e in enumerate(files)]
    return entries


def manifest_file_entries(ctx: Context, pack: PackData) -> list[tuple[str, JsonPath]]:
    """The relative path and manifest path of every file the manifest lists, every optional part
    included (whether it is on or not), in manifest order."""
    parts = list(as_dict(pack.manifest.get("parts")))
    out = []
    for entry, mpath in _listed(ctx, pack, parts):
        rel = _file_kind(entry, set())[0]
        if rel is not None:
            out.append((rel, mpath))
    return out


def _safe_path(ctx: Context, pack: PackData, rel: str, mpath: JsonPath) -> Path | None:
    root = pack.directory.resolve()
    candidate = pack.directory / rel
    if Path(rel).is_absolute() or ".." in Path(rel).parts or not candidate.resolve().is_relative_to(root):
        ctx.problems.append(pack.problem("pack", mpath, "bad-path",
                                         f"{rel!r} is outside the pack directory"))
        return None
    if not is_file(candidate, ctx.overlay):
        near = [p.name for p in pack.directory.glob("*.y*ml")]
        ctx.problems.append(pack.problem("pack", mpath, "missing-file",
                                         f"file {rel!r} does not exist" + did_you_mean(rel, near)))
        return None
    return candidate


def read_pack(ctx: Context, directory: Path, enabled: Collection[str] | None,
              label: str | None = None) -> PackData:
    """Read a pack directory into a :class:`PackData` (named ``label`` in other packs'
    problems, see :attr:`PackData.label`); problems go to ``ctx``."""
    pack = PackData(directory=directory, manifest={}, label=label)
    manifest = directory / MANIFEST
    if not directory.is_dir():
        ctx.problems.append(Problem(str(directory), 1, 1, "error", "missing-pack",
                                    "not a directory", "$", directory.name))
        return pack
    if is_file(manifest, ctx.overlay):
        read_file(ctx, pack, manifest, "pack")
    else:
        ctx.problems.append(Problem(str(manifest), 1, 1, "error", "missing-manifest",
                                    missing_manifest_message(directory), "$", directory.name))
    pack.parts = tuple(_selected_parts(ctx, pack, enabled))
    entries = _file_entries(ctx, pack, list(pack.parts))
    seen: set[Path] = set()
    for rel, kind, mpath in entries:
        path = _safe_path(ctx, pack, rel, mpath)
        if path is None or path.resolve() in seen:
            continue
        seen.add(path.resolve())
        read_file(ctx, pack, path, kind, str(mpath[1]) if mpath[:1] == ("parts",) else None)
    _check_unlisted(ctx, pack, seen)
    return pack


YAML_SUFFIXES = (".yaml", ".yml")


def _check_unlisted(ctx: Context, pack: PackData, seen: set[Path]) -> None:
    """Warn about every YAML file of the pack directory that is never loaded (``unlisted-file``).

    Hidden files and subdirectories are left alone. With a ``files`` list the warning points at
    it; without one, at the file (only files named after a content kind are read then).
    """
    try:
        names = sorted(p.name for p in pack.directory.iterdir())
    except OSError:
        return
    def paths(entries: Any) -> set[Path]:
        rels = [_file_kind(entry, set())[0] for entry in as_list(entries)]
        return {(pack.directory / rel).resolve() for rel in rels if isinstance(rel, str)}

    in_parts: set[Path] = set()
    for part in as_dict(pack.manifest.get("parts")).values():
        in_parts |= paths(as_dict(part).get("files"))
    listed = seen | in_parts | paths(pack.manifest.get("files"))   # listed with an unknown kind: reported
    has_files = isinstance(pack.manifest.get("files"), list)
    known = sorted(ctx.kinds - {"pack"})
    for name in names:
        path = pack.directory / name
        if (name.startswith(".") or name == MANIFEST or not name.lower().endswith(YAML_SUFFIXES)
                or not path.is_file() or path.resolve() in listed):
            continue
        kind = _file_kind(name, set(known))[1]
        as_entry = name if kind else f"{{path: {name}, kind: KIND}}"
        if has_files:
            ctx.problems.append(pack.problem("pack", ("files",), "unlisted-file",
                                             f"{name} is in the pack directory but not in files, so it is never "
                                             f"loaded: add {as_entry} to files, or move it out of the pack directory",
                                             severity="warning"))
            continue
        loaded = sorted(p.name for p in seen - in_parts if p.parent == pack.directory.resolve())
        files = ", ".join([*loaded, as_entry])
        ctx.problems.append(Problem(
            str(path), 1, 1, "warning", "unlisted-file",
            f"{name} is never loaded: pack.yaml has no files list, so only files named after a content kind "
            f"are read ({', '.join(f'{k}.yaml' for k in known)}): list the pack's files in pack.yaml "
            f"(files: [{files}]) or move its entries into one of those" + did_you_mean(name.split(".")[0], known),
            "$", pack.id))


def missing_manifest_message(directory: Path) -> str:
    """Why ``directory`` (which has no ``pack.yaml``) is not a pack, and where a pack's data may be.

    The project directory of an installable pack holds its data in ``clank_NAME/data/``; any
    other directory may hold a pack one level down.
    """
    found = sorted(directory.glob(f"*/data/{MANIFEST}")) + sorted(directory.glob(f"*/{MANIFEST}"))
    if not found:
        return f"no {MANIFEST} in the pack directory"
    data = found[0].parent
    where = data.relative_to(directory).as_posix()
    if (directory / "pyproject.toml").is_file():
        return (f"no {MANIFEST} here: this is an installable pack project, its data is in {where}/: "
                f"validate {directory / where}, or install the pack (pip install -e {directory}) and "
                f"validate {peek_id(data)}")
    return f"no {MANIFEST} in the pack directory; {where}/ holds one: validate {directory / where}"


def file_kind(path: Path | str, kinds: Collection[str]) -> str | None:
    """The content kind of a file told from its name, as in a manifest's ``files``.

    ``cards.yaml`` and ``cards-promos.yaml`` hold cards, ``fate_cards.yaml`` holds
    ``fate_cards`` when that kind is among ``kinds``, ``pack.yaml`` is a manifest. None when
    the name does not tell.
    """
    name = Path(path).name
    if name == MANIFEST:
        return "pack"
    return _file_kind(name, set(kinds))[1]


def peek_id(directory: Path, overlay: Overlay | None = None) -> str:
    """The pack id a directory's manifest declares (its name when unreadable or not a string).

    The same id :attr:`PackData.id` gives once the directory is read, so the problems of a pack
    can be told by it before and after reading; ``overlay`` holds unsaved text to read instead
    of the manifest on the disk.
    """
    try:
        data, _ = load_yaml_file(directory / MANIFEST, overlay=overlay)
    except ContentError:
        return directory.name
    pid = as_dict(data).get("id")
    return pid if isinstance(pid, str) else directory.name
