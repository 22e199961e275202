"""Load and validate content packs given as directories: schema first, then meaning.

A pack directory holds ``pack.yaml`` (the manifest) and one YAML file per content kind
(``cards.yaml``, ``tiles.yaml``, ``tokens.yaml``, ``setup.yaml`` and kinds packs register).
Loading reads data only: nothing in a directory pack is ever executed.

Every problem is collected before anything is refused: :func:`load_pack_dir` and
:func:`load_pack_dirs` raise one :class:`~clank.problems.ContentError` holding all of them,
:func:`validate_pack_dirs` returns them. Checks after the schema: duplicate ids (within and
across packs), references to unknown cards, tokens, tiles, features and stacks, tile geometry
(tunnel ends, ports, corners, portals, start tile fields, reachability), counts against the
manifest's ``expect``, and what the manifests demand of the whole set of packs: the engine
version (``engine``), the packs each ``requires`` and ``conflicts`` with.

:func:`check_manifests` runs the manifest checks alone, before any pack code is registered,
so a game refuses an incompatible pack with a clear message rather than a crash in its hooks.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from clank.problems import ContentError, Problem, did_you_mean, format_path, has_errors, sort_problems
from clank.registry import Registry
from clank.schemas import FILE_KINDS, compose_schemas, load_schema, make_validators, schema_problems
from clank.yamlload import JsonPath, Locator, load_yaml_file
from jsonschema import Draft7Validator
from jsonschema.exceptions import SchemaError
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

LIST_KINDS = ("cards", "tiles", "tokens")
"""Content kinds whose files are lists of entries with an ``id``."""
ALL_PARTS = "*"
"""In ``enabled_parts``: switch every optional part on (``-name`` switches one off)."""
MANIFEST = "pack.yaml"
BASE_STACKS = ("start", "surface", "depths")
"""Tile stacks every pack may use; setup ``stacks`` add more."""
START_CELLS = {"L": (0, 0), "U": (0, 1)}
"""Cells of a tile with ``stack: start`` and no ``cells`` key: lower ``L``, upper ``U``."""
_DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
_CORNERS = {frozenset(p) for p in (("n2", "e1"), ("e2", "s1"), ("s2", "w1"), ("w2", "n1"))}
_FEATURE = re.compile(r"^([a-z_][a-z0-9_]*)(?:\((.*)\))?$")
_ID_KIND = {"cards": "card", "tiles": "tile", "tokens": "token"}
_KNOWN_REFS: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    ("op", "gain_card"): ((), "card"),
    ("op", "trash"): (("card",), "card"),
    ("condition", "card_in_zones"): (("card",), "card"),
}
"""References the core's documented ops hold, for packs whose schemas carry no ``x-ref``."""


def _dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a mapping, else an empty one (checks run on malformed data too)."""
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    """``value`` when it is a list, else an empty one."""
    return value if isinstance(value, list) else []


# -- the loaded pack ------------------------------------------------------------------------

@dataclass
class _Segment:
    """One loaded file of a pack: its data, where it is, and where its entries start."""

    kind: str
    file: str
    locator: Locator
    data: Any
    start: int = 0
    part: str | None = None


@dataclass
class PackData:
    """The content of one pack directory, validated.

    ``cards``, ``tiles`` and ``tokens`` are the entries of every file of that kind in
    manifest order (parts included when enabled); ``setup`` merges the setup files;
    ``extra`` maps each pack-registered content kind to its data (lists concatenated,
    mappings merged); ``info`` holds counts (``dungeon_cards``, ``tiles_by_stack`` ...).
    :meth:`where` locates any value in its file.
    """

    directory: Path
    manifest: dict[str, Any]
    cards: list[dict[str, Any]] = field(default_factory=list)
    tiles: list[dict[str, Any]] = field(default_factory=list)
    tokens: list[dict[str, Any]] = field(default_factory=list)
    setup: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)
    parts: tuple[str, ...] = ()
    warnings: list[Problem] = field(default_factory=list)
    _segments: dict[str, list[_Segment]] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str:
        """The pack id (the directory name when the manifest has none)."""
        pid = self.manifest.get("id")
        return pid if isinstance(pid, str) else self.directory.name

    @property
    def files(self) -> dict[str, list[str]]:
        """Kind -> the files of that kind that were loaded."""
        return {k: [s.file for s in segs] for k, segs in self._segments.items()}

    def content(self, kind: str) -> Any:
        """The data of a kind: ``cards``/``tiles``/``tokens``/``setup``/``pack`` or an extra kind."""
        if kind == "pack":
            return self.manifest
        if kind in LIST_KINDS or kind == "setup":
            return getattr(self, kind)
        return self.extra.get(kind)

    def _locate(self, kind: str, path: Sequence[str | int]) -> tuple[_Segment | None, JsonPath]:
        path = tuple(path)
        segs = self._segments.get(kind, [])
        if not segs:
            return None, path
        if path and isinstance(path[0], int):
            for seg in segs:
                if isinstance(seg.data, list) and seg.start <= path[0] < seg.start + len(seg.data):
                    return seg, (path[0] - seg.start, *path[1:])
        elif path:
            for seg in segs:
                if isinstance(seg.data, dict) and path[0] in seg.data:
                    return seg, path
        return segs[0], path

    def where(self, file_kind: str, json_path: Sequence[str | int] | str) -> tuple[str, int, int]:
        """``(file, line, col)`` of a value: ``where("cards", (3, "play", 0))``.

        ``json_path`` indexes the pack's merged content (``cards[3]`` is the fourth card of
        the pack, whichever file it is in); a string such as ``"$[3].play[0]"`` works too.
        """
        path = parse_json_path(json_path) if isinstance(json_path, str) else tuple(json_path)
        seg, local = self._locate(file_kind, path)
        if seg is None:
            return str(self.directory / MANIFEST), 1, 1
        line, col = seg.locator.value(local)
        return seg.file, line, col

    def problem(self, kind: str, path: Sequence[str | int], rule: str, message: str,
                severity: str = "error", key: bool = False) -> Problem:
        """A :class:`Problem` located at ``path`` of ``kind`` (at its key when ``key``)."""
        seg, local = self._locate(kind, path)
        if seg is None:
            return Problem(str(self.directory / MANIFEST), 1, 1, severity, rule, message, "$", self.id)
        line, col = seg.locator.key(local) if key else seg.locator.value(local)
        return Problem(seg.file, line, col, severity, rule, message, format_path(local), self.id)


def parse_json_path(text: str) -> JsonPath:
    """``"$[3].play[0]"`` -> ``(3, "play", 0)``."""
    out: list[str | int] = []
    for m in re.finditer(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]", text):
        name, index, quoted = m.groups()
        out.append(int(index) if index is not None else (name if name is not None else quoted))
    return tuple(out)


def parse_feature(text: str) -> tuple[str, Any]:
    """Parse a room feature string: ``"artifact(plus=1)"`` -> ``("artifact", {"plus": 1})``.

    ``"reward_gold(2)"`` -> ``("reward_gold", 2)``; ``"crypt"`` -> ``("crypt", None)``;
    ``"x()"`` -> ``("x", {})``; several positional values give a list. Values are integers,
    ``true``/``false`` or words. Raises ``ValueError`` on malformed text.
    """
    m = _FEATURE.match(text.strip())
    if not m:
        raise ValueError(f"malformed room feature {text!r}: write name or name(argument)")
    name, raw = m.group(1), m.group(2)
    if raw is None:
        return name, None
    if not raw.strip():
        return name, {}
    parts = [p.strip() for p in raw.split(",")]
    if all("=" in p for p in parts):
        out: dict[str, Any] = {}
        for part in parts:
            key, _, value = part.partition("=")
            key = key.strip()
            if not re.fullmatch(r"[a-z_][a-z0-9_]*", key) or key in out:
                raise ValueError(f"malformed room feature {text!r}: bad or repeated argument name {key!r}")
            out[key] = _feature_value(value.strip(), text)
        return name, out
    if any("=" in p for p in parts):
        raise ValueError(f"malformed room feature {text!r}: do not mix name=value and plain values")
    values = [_feature_value(p, text) for p in parts]
    return name, values[0] if len(values) == 1 else values


def _feature_value(raw: str, text: str) -> Any:
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if raw in ("true", "false"):
        return raw == "true"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", raw):
        return raw
    raise ValueError(f"malformed room feature {text!r}: bad value {raw!r}")


# -- reading one directory ------------------------------------------------------------------

@dataclass
class _Context:
    """What every check needs: the registry, the validators, and where problems go."""

    registry: Registry
    validators: dict[str, Draft7Validator]
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)          # every file read (or refused), in order
    unresolved: set[str] = field(default_factory=set)      # packs whose requirements are missing

    @property
    def kinds(self) -> set[str]:
        return set(FILE_KINDS) | {k for k in self.validators if k not in ("common", "effect", "condition")}


def _context(registry: Registry) -> _Context:
    return _Context(registry, make_validators(compose_schemas(registry)))


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


def _read_file(ctx: _Context, pack: PackData, path: Path, kind: str, part: str | None = None) -> None:
    file = str(path)
    ctx.files.append(file)
    try:
        data, loc = load_yaml_file(path, file)
    except ContentError as exc:
        ctx.problems.extend(Problem(p.file, p.line, p.col, p.severity, p.rule, p.message, p.path, pack.id)
                            for p in exc.problems)
        return
    ctx.problems.extend(schema_problems(ctx.validators[kind], data, loc, pack=pack.id))
    segs = pack._segments.setdefault(kind, [])
    if kind == "pack":
        segs.append(_Segment(kind, file, loc, data))
        return
    target = pack.content(kind)
    if isinstance(data, list):
        start = len(target) if isinstance(target, list) else 0
        segs.append(_Segment(kind, file, loc, data, start, part))
        if target is None:
            pack.extra[kind] = list(data)
        elif isinstance(target, list):
            target.extend(data)
        return
    segs.append(_Segment(kind, file, loc, data, 0, part))
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


def _selected_parts(ctx: _Context, pack: PackData, enabled: Collection[str] | None) -> list[str]:
    parts = _dict(pack.manifest.get("parts"))
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


def _file_entries(ctx: _Context, pack: PackData, parts: list[str]) -> list[tuple[str, str, JsonPath]]:
    """(relative path, kind, manifest path) of each content file to read.

    The manifest path of a part's file starts with ``("parts", name)``.
    """
    m = pack.manifest
    entries: list[tuple[Any, JsonPath]] = []
    if isinstance(m.get("files"), list):
        entries += [(e, ("files", i)) for i, e in enumerate(m["files"])]
    else:
        for name in sorted(ctx.kinds - {"pack"}):
            for suffix in (".yaml", ".yml"):
                if (pack.directory / f"{name}{suffix}").is_file():
                    entries.append((f"{name}{suffix}", ()))
    part_table = _dict(m.get("parts"))
    for name in parts:
        files = _list(_dict(part_table.get(name)).get("files"))
        entries += [(e, ("parts", name, "files", i)) for i, e in enumerate(files)]
    out: list[tuple[str, str, JsonPath]] = []
    known = ctx.kinds - {"pack"}
    for entry, mpath in entries:
        rel, kind = _file_kind(entry, known)
        if rel is None:
            continue
        if kind is None and not (pack.directory / rel).is_file():
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


def _safe_path(ctx: _Context, pack: PackData, rel: str, mpath: JsonPath) -> Path | None:
    root = pack.directory.resolve()
    candidate = pack.directory / rel
    if Path(rel).is_absolute() or ".." in Path(rel).parts or not candidate.resolve().is_relative_to(root):
        ctx.problems.append(pack.problem("pack", mpath, "bad-path",
                                         f"{rel!r} is outside the pack directory"))
        return None
    if not candidate.is_file():
        near = [p.name for p in pack.directory.glob("*.y*ml")]
        ctx.problems.append(pack.problem("pack", mpath, "missing-file",
                                         f"file {rel!r} does not exist" + did_you_mean(rel, near)))
        return None
    return candidate


def _read_pack(ctx: _Context, directory: Path, enabled: Collection[str] | None) -> PackData:
    """Read a pack directory into a :class:`PackData`; problems go to ``ctx``."""
    pack = PackData(directory=directory, manifest={})
    manifest = directory / MANIFEST
    if not directory.is_dir():
        ctx.problems.append(Problem(str(directory), 1, 1, "error", "missing-pack",
                                    "not a directory", "$", directory.name))
        return pack
    if manifest.is_file():
        _read_file(ctx, pack, manifest, "pack")
        seg = pack._segments.get("pack")
        if seg and isinstance(seg[0].data, dict):
            pack.manifest = seg[0].data
    else:
        ctx.problems.append(Problem(str(manifest), 1, 1, "error", "missing-manifest",
                                    f"no {MANIFEST} in the pack directory", "$", directory.name))
    pack.parts = tuple(_selected_parts(ctx, pack, enabled))
    entries = _file_entries(ctx, pack, list(pack.parts))
    seen: set[Path] = set()
    for rel, kind, mpath in entries:
        path = _safe_path(ctx, pack, rel, mpath)
        if path is None or path.resolve() in seen:
            continue
        seen.add(path.resolve())
        _read_file(ctx, pack, path, kind, str(mpath[1]) if mpath[:1] == ("parts",) else None)
    _check_unlisted(ctx, pack, seen)
    return pack


def _check_unlisted(ctx: _Context, pack: PackData, seen: set[Path]) -> None:
    if not isinstance(pack.manifest.get("files"), list):
        return
    listed = set(seen)
    for part in _dict(pack.manifest.get("parts")).values():
        for entry in _list(_dict(part).get("files")):
            rel, _ = _file_kind(entry, set())
            if isinstance(rel, str):
                listed.add((pack.directory / rel).resolve())
    for kind in sorted(ctx.kinds - {"pack"}):
        path = pack.directory / f"{kind}.yaml"
        if path.is_file() and path.resolve() not in listed:
            ctx.problems.append(pack.problem("pack", ("files",), "unlisted-file",
                                             f"{path.name} is in the pack directory but not in files",
                                             severity="warning"))


# -- walking effects and conditions ---------------------------------------------------------

Ref = tuple[str, str, JsonPath]   # (kind: card|token|tile, id, path)


def _refs_in_args(value: Any, schema: Any, path: JsonPath, reg: Registry, depth: int = 0) -> Iterator[Ref]:
    """References inside a registered op's or condition's arguments, found through its schema."""
    if not isinstance(schema, dict) or depth > 16:
        return
    target = schema.get("x-ref")
    if isinstance(target, str) and isinstance(value, str):
        yield target, value, path
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if ref.endswith("#/definitions/effect"):
            yield from _refs_in_effect(value, path, reg)
        elif ref.endswith("#/definitions/condition"):
            yield from _refs_in_condition(value, path, reg)
    if isinstance(value, dict):
        props = schema.get("properties")
        for key, sub in value.items():
            sub_schema = props.get(key) if isinstance(props, dict) and key in props else schema.get("additionalProperties")
            yield from _refs_in_args(sub, sub_schema, (*path, key), reg, depth + 1)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, sub in enumerate(value):
            yield from _refs_in_args(sub, schema["items"], (*path, i), reg, depth + 1)
    for combo in ("anyOf", "oneOf", "allOf"):
        for branch in _list(schema.get(combo)):
            yield from _refs_in_args(value, branch, path, reg, depth + 1)
    for branch in ("then", "else"):
        yield from _refs_in_args(value, schema.get(branch), path, reg, depth + 1)


def _known_ref(what: str, name: str, arg: Any, path: JsonPath) -> Iterator[Ref]:
    rule = _KNOWN_REFS.get((what, name))
    if rule is None:
        return
    keys, kind = rule
    value = arg
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    if isinstance(value, str):
        yield kind, value, (*path, *keys)


def _refs_in_effect(ops: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """Every card/token/tile reference in an effect (a list of ops)."""
    if not isinstance(ops, list):
        return
    for i, op in enumerate(ops):
        p = (*path, i)
        if isinstance(op, dict) and "if" in op:
            yield from _refs_in_condition(op["if"], (*p, "if"), reg)
            yield from _refs_in_effect(op.get("then"), (*p, "then"), reg)
            yield from _refs_in_effect(op.get("else"), (*p, "else"), reg)
        elif isinstance(op, dict) and len(op) == 1:
            ((name, arg),) = op.items()
            yield from _refs_in_op(name, arg, (*p, name), reg)


def _refs_in_op(name: str, arg: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if name in ("choose", "choose_n"):
        options = arg.get("options") if name == "choose_n" and isinstance(arg, dict) else arg
        base = (*path, "options") if name == "choose_n" else path
        for j, option in enumerate(_list(options)):
            yield from _refs_in_option(option, (*base, j), reg)
    elif name in ("may", "each_player", "each_other_player"):
        yield from _refs_in_effect(arg, path, reg)
    elif name == "per_turn" and isinstance(arg, dict):
        yield from _refs_in_effect(arg.get("each"), (*path, "each"), reg)
    elif name in reg.ops:
        found = list(_refs_in_args(arg, reg.ops[name].schema, path, reg))
        yield from found
        if not found:
            yield from _known_ref("op", name, arg, path)


def _refs_in_option(option: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(option, list):
        yield from _refs_in_effect(option, path, reg)
    elif isinstance(option, dict) and "do" in option:
        yield from _refs_in_condition(option.get("if"), (*path, "if"), reg)
        yield from _refs_in_effect(option.get("do"), (*path, "do"), reg)
    else:
        yield from _refs_in_single(option, path, reg)


def _refs_in_single(op: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(op, dict) and "if" in op:
        yield from _refs_in_condition(op["if"], (*path, "if"), reg)
        yield from _refs_in_effect(op.get("then"), (*path, "then"), reg)
        yield from _refs_in_effect(op.get("else"), (*path, "else"), reg)
    elif isinstance(op, dict) and len(op) == 1:
        ((name, arg),) = op.items()
        yield from _refs_in_op(name, arg, (*path, name), reg)


def _refs_in_condition(cond: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """Every reference inside a condition."""
    if not isinstance(cond, dict):
        return
    for name, arg in cond.items():
        p = (*path, name)
        if name in ("any", "all") and isinstance(arg, list):
            for i, sub in enumerate(arg):
                yield from _refs_in_condition(sub, (*p, i), reg)
        elif name == "not":
            yield from _refs_in_condition(arg, p, reg)
        elif name in reg.conditions:
            found = list(_refs_in_args(arg, reg.conditions[name].schema, p, reg))
            yield from found
            if not found:
                yield from _known_ref("condition", name, arg, p)


def _refs_in_points(points: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(points, dict) and "if" in points:
        yield from _refs_in_condition(points["if"], (*path, "if"), reg)


_CARD_EFFECTS = ("play", "acquire", "arrive", "use", "defeat")
_TOKEN_EFFECTS = ("take", "use")


def _entry_refs(kind: str, entry: dict[str, Any], path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """References held by one card or token."""
    if kind == "cards":
        for trig in _CARD_EFFECTS:
            yield from _refs_in_effect(entry.get(trig), (*path, trig), reg)
        react = entry.get("react")
        if isinstance(react, dict):
            yield from _refs_in_effect(react.get("do"), (*path, "react", "do"), reg)
        yield from _refs_in_condition(entry.get("fight_if"), (*path, "fight_if"), reg)
    elif kind == "tokens":
        for trig in _TOKEN_EFFECTS:
            yield from _refs_in_effect(entry.get(trig), (*path, trig), reg)
        market = entry.get("market")
        if isinstance(market, dict):
            yield from _refs_in_effect(market.get("buy"), (*path, "market", "buy"), reg)
            yield from _refs_in_condition(market.get("requires"), (*path, "market", "requires"), reg)
        enter = entry.get("on_enter_feature")
        if isinstance(enter, dict):
            yield from _refs_in_effect(enter.get("do"), (*path, "on_enter_feature", "do"), reg)
    yield from _refs_in_points(entry.get("points"), (*path, "points"), reg)


# -- tiles ----------------------------------------------------------------------------------

def _tile_cells(tile: dict[str, Any]) -> dict[str, tuple[int, int]] | None:
    """Cells of a multi-cell tile, or None for a square tile."""
    cells = tile.get("cells")
    if isinstance(cells, dict) and cells:
        return {k: (int(v[0]), int(v[1])) for k, v in cells.items()
                if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)}
    if tile.get("stack") == "start":
        return dict(START_CELLS)
    return None


def tile_ports(tile: dict[str, Any]) -> list[str]:
    """Every port of a tile: ``n1 ... w2`` on a square tile, ``U.n1 ...`` on a multi-cell one.

    A multi-cell tile has ports on the outer sides of each cell only.
    """
    cells = _tile_cells(tile)
    if cells is None:
        return [f"{s}{i}" for s in "nesw" for i in (1, 2)]
    taken = set(cells.values())
    out = []
    for name, (x, y) in cells.items():
        for side, (dx, dy) in _DELTA.items():
            if (x + dx, y + dy) not in taken:
                out += [f"{name}.{side}1", f"{name}.{side}2"]
    return out


def _check_features(ctx: _Context, pack: PackData, tile: dict[str, Any], path: JsonPath) -> None:
    rooms = tile.get("rooms")
    for rid, room in _dict(rooms).items():
        for j, text in enumerate(_list(_dict(room).get("features"))):
            if isinstance(text, str):
                _check_feature(ctx, pack, "tiles", (*path, "rooms", rid, "features", j), text)


def _check_feature(ctx: _Context, pack: PackData, kind: str, path: JsonPath, text: str) -> None:
    """A feature string names a registered room feature, with a valid argument."""
    try:
        name, arg = parse_feature(text)
    except ValueError as exc:
        ctx.problems.append(pack.problem(kind, path, "feature-syntax", str(exc)))
        return
    fdef = ctx.registry.room_features.get(name)
    if fdef is None:
        ctx.problems.append(pack.problem(kind, path, "unknown-feature", f"unknown room feature {name!r}"
                                         + did_you_mean(name, ctx.registry.room_features)))
        return
    if fdef.arg_schema is None:
        if arg is not None:
            ctx.problems.append(pack.problem(kind, path, "feature-arg", f"room feature {name!r} takes no argument"))
        return
    try:
        errors = sorted(Draft7Validator(fdef.arg_schema).iter_errors(arg), key=lambda e: list(e.path))
    except SchemaError:
        return
    for err in errors[:1]:
        shown = "no argument" if arg is None else f"argument {arg!r}"
        ctx.problems.append(pack.problem(kind, path, "feature-arg",
                                         f"room feature {name!r}: {shown} is invalid: {err.message}"))


def _check_tile(ctx: _Context, pack: PackData, tile: dict[str, Any], path: JsonPath) -> None:
    """Geometry of one tile: ends, ports, corners, portals, cells, start tile fields, reachability."""
    rooms = _dict(tile.get("rooms"))
    tunnels = _list(tile.get("tunnels"))
    ports = tile_ports(tile)
    cells = _tile_cells(tile)
    add = ctx.problems.append
    for rid, room in rooms.items():
        if rid == "portal" or rid in ports or re.fullmatch(r"[nesw][12]", rid):
            add(pack.problem("tiles", (*path, "rooms", rid), "room-id",
                             f"room id {rid!r} is reserved for a port or portal", key=True))
        cell = _dict(room).get("cell")
        if cells is None and cell is not None:
            add(pack.problem("tiles", (*path, "rooms", rid, "cell"), "tile-cell",
                             "only a multi-cell tile (the start tile) names a room's cell", key=True))
        elif cells is not None and cell not in cells:
            add(pack.problem("tiles", (*path, "rooms", rid), "tile-cell",
                             f"room {rid!r} needs a cell, one of {', '.join(sorted(cells))}", key=True))
    if tile.get("stack") == "start":
        for key in ("side", "depths_cells"):
            if key not in tile:
                add(pack.problem("tiles", path, "start-tile", f"a start tile needs {key!r}"))
        if tile.get("rotatable") is True:
            add(pack.problem("tiles", (*path, "rotatable"), "start-tile", "the start tile is not rotatable (X15)"))
    for i, cell in enumerate(tile.get("depths_cells") or []):
        if cells is None or cell not in cells:
            add(pack.problem("tiles", (*path, "depths_cells", i), "tile-cell", f"no cell {cell!r} on this tile"))
    used: dict[str, int] = {}
    edges: list[tuple[str, str, bool]] = []
    for i, tunnel in enumerate(tunnels):
        ends = _dict(tunnel).get("ends")
        if not (isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, str) for e in ends)):
            continue
        tpath = (*path, "tunnels", i)
        kinds = []
        for j, end in enumerate(ends):
            if end in rooms:
                kinds.append("room")
            elif end == "portal":
                kinds.append("portal")
            elif end in ports:
                kinds.append("port")
                if end in used:
                    add(pack.problem("tiles", (*tpath, "ends", j), "port-reused",
                                     f"port {end!r} already carries tunnel {used[end]} (each port carries one)"))
                else:
                    used[end] = i
            else:
                kinds.append("bad")
                add(pack.problem("tiles", (*tpath, "ends", j), "tunnel-end",
                                 f"tunnel end {end!r} is neither a room of the tile, a port nor 'portal'"
                                 + did_you_mean(end, [*rooms, *ports, "portal"])))
        a, b = ends
        if a == b:
            add(pack.problem("tiles", (*tpath, "ends"), "tunnel-end", f"tunnel joins {a!r} to itself"))
        elif "portal" in kinds and kinds != ["portal", "room"] and kinds != ["room", "portal"] and "bad" not in kinds:
            add(pack.problem("tiles", (*tpath, "ends"), "portal-tunnel", "a portal tunnel must lead to a room"))
        elif kinds == ["port", "port"] and not _is_corner(a, b):
            add(pack.problem("tiles", (*tpath, "ends"), "corner-tunnel",
                             f"{a}-{b} joins two ports that are not beside one corner"))
        if "bad" not in kinds:
            edges.append((a if kinds[0] == "room" else "", b if kinds[1] == "room" else "",
                          isinstance(tunnel, dict) and tunnel.get("one_way") is True))
    for port in ports:
        if port not in used:
            add(pack.problem("tiles", (*path, "tunnels"), "port-unused",
                             f"port {port} carries no tunnel: a discovery through it cannot be completed (X6)",
                             severity="warning"))
    _check_reachable(ctx, pack, path, list(rooms), edges)


def _is_corner(a: str, b: str) -> bool:
    ca, _, pa = a.rpartition(".")
    cb, _, pb = b.rpartition(".")
    return ca == cb and frozenset((pa, pb)) in _CORNERS


def _check_reachable(ctx: _Context, pack: PackData, path: JsonPath, rooms: list[str],
                     edges: list[tuple[str, str, bool]]) -> None:
    """Every room can be entered from outside the tile and left to it ("" is outside)."""
    forward: dict[str, set[str]] = {}
    backward: dict[str, set[str]] = {}
    for a, b, one_way in edges:
        forward.setdefault(a, set()).add(b)
        backward.setdefault(b, set()).add(a)
        if not one_way:
            forward.setdefault(b, set()).add(a)
            backward.setdefault(a, set()).add(b)

    def closure(graph: dict[str, set[str]]) -> set[str]:
        seen, todo = {""}, [""]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    entered, left = closure(forward), closure(backward)
    for rid in rooms:
        if rid not in entered or rid not in left:
            how = "entered from" if rid not in entered else "left to"
            ctx.problems.append(pack.problem("tiles", (*path, "rooms", rid), "room-unreachable",
                                             f"room {rid!r} cannot be {how} any tile edge or portal",
                                             severity="warning", key=True))


# -- checks over one pack and over all packs ------------------------------------------------

def _count(entry: dict[str, Any]) -> int:
    count = entry.get("count", 1)
    return count if isinstance(count, int) and not isinstance(count, bool) else 1


def _entries(pack: PackData, kind: str, core_only: bool) -> list[dict[str, Any]]:
    """Entries of a list kind; ``core_only`` leaves out optional parts that are off by default."""
    if not core_only:
        return [e for e in pack.content(kind) if isinstance(e, dict)]
    parts = _dict(pack.manifest.get("parts"))
    out: list[dict[str, Any]] = []
    for seg in pack._segments.get(kind, []):
        part = parts.get(seg.part) if seg.part else None
        if seg.part is None or (isinstance(part, dict) and part.get("default") is True):
            out += [e for e in _list(seg.data) if isinstance(e, dict)]
    return out


def _pack_info(pack: PackData, core_only: bool = False) -> dict[str, Any]:
    """Counts of a pack's content (``core_only``: without off-by-default parts, for ``expect``)."""
    cards = _entries(pack, "cards", core_only)
    by_kind: Counter[str] = Counter()
    for card in cards:
        by_kind[str(card.get("kind"))] += _count(card)
    deck = pack.setup.get("starting_deck")
    tiles_by_stack: Counter[str] = Counter(str(t.get("stack")) for t in _entries(pack, "tiles", core_only))
    tokens_by_pool: Counter[str] = Counter()
    for token in _entries(pack, "tokens", core_only):
        tokens_by_pool[str(token.get("pool"))] += _count(token)
    return {
        "cards": len(cards),
        "dungeon_cards": by_kind["dungeon"],
        "reserve_cards": by_kind["reserve"],
        "starter_cards": sum(v for v in _dict(deck).values() if isinstance(v, int)),
        "tiles": sum(tiles_by_stack.values()),
        "tiles_by_stack": dict(tiles_by_stack),
        "tokens": sum(tokens_by_pool.values()),
        "tokens_by_pool": dict(tokens_by_pool),
    }


def _check_expect(ctx: _Context, pack: PackData) -> None:
    expect = pack.manifest.get("expect")
    if not isinstance(expect, dict):
        return
    info = _pack_info(pack, core_only=True)
    for key, want in expect.items():
        have = info.get(key)
        if isinstance(want, dict) and isinstance(have, dict):
            for sub, n in want.items():
                if have.get(sub, 0) != n:
                    ctx.problems.append(pack.problem("pack", ("expect", key, sub), "count-mismatch",
                                                     f"expected {n} for {key}.{sub}, found {have.get(sub, 0)}"))
        elif isinstance(want, int) and have is not None and have != want:
            ctx.problems.append(pack.problem("pack", ("expect", key), "count-mismatch",
                                             f"expected {want} {key.replace('_', ' ')}, found {have}"))


def _check_pack(ctx: _Context, pack: PackData) -> None:
    """Checks that need one pack only: tiles, features, counts."""
    for i, tile in enumerate(pack.tiles):
        if isinstance(tile, dict):
            _check_tile(ctx, pack, tile, (i,))
            _check_features(ctx, pack, tile, (i,))
    for i, token in enumerate(pack.tokens):
        enter = _dict(token).get("on_enter_feature")
        if isinstance(enter, dict) and isinstance(enter.get("feature"), str):
            _check_feature(ctx, pack, "tokens", (i, "on_enter_feature", "feature"), enter["feature"])
    for key in ("idols_in", "start_feature"):
        if isinstance(pack.setup.get(key), str):
            _check_feature(ctx, pack, "setup", (key,), pack.setup[key])
    rage = pack.setup.get("rage_track")
    if isinstance(rage, dict) and isinstance(rage.get("draws"), list) and isinstance(rage.get("start"), dict):
        for players, index in rage["start"].items():
            if isinstance(index, int) and index >= len(rage["draws"]):
                ctx.problems.append(pack.problem("setup", ("rage_track", "start", players), "bad-index",
                                                 f"start space {index} is past the last of {len(rage['draws'])} spaces"))
    pack.info = _pack_info(pack)
    _check_expect(ctx, pack)


@dataclass
class _Index:
    """Ids of every loaded card, token and tile, with where each was first defined."""

    ids: dict[str, dict[str, tuple[PackData, int]]] = field(
        default_factory=lambda: {"cards": {}, "tiles": {}, "tokens": {}})


def _index_ids(ctx: _Context, packs: list[PackData]) -> _Index:
    index = _Index()
    for pack in packs:
        for kind in LIST_KINDS:
            table = index.ids[kind]
            for i, entry in enumerate(pack.content(kind)):
                eid = _dict(entry).get("id")
                if not isinstance(eid, str):
                    continue
                if eid in table:
                    first, j = table[eid]
                    file, line, col = first.where(kind, (j, "id"))
                    ctx.problems.append(pack.problem(kind, (i, "id"), "duplicate-id",
                                                     f"duplicate {_ID_KIND[kind]} id {eid!r} "
                                                     f"(first defined at {file}:{line}:{col})"))
                else:
                    table[eid] = (pack, i)
    return index


def _check_ref(ctx: _Context, index: _Index, pack: PackData, kind: str, ref: Ref, key: bool = False) -> None:
    target, rid, path = ref
    table_name = {"card": "cards", "token": "tokens", "tile": "tiles"}.get(target)
    if table_name is None or rid in index.ids[table_name]:
        return
    ctx.problems.append(pack.problem(kind, path, f"unknown-{target}", f"unknown {target} id {rid!r}"
                                     + did_you_mean(rid, index.ids[table_name]), key=key))


def _setup_refs(setup: dict[str, Any]) -> Iterator[tuple[Ref, bool]]:
    deck = setup.get("starting_deck")
    for cid in _dict(deck):
        yield ("card", cid, ("starting_deck", cid)), True
    for cid in _dict(setup.get("reserve")):
        yield ("card", cid, ("reserve", cid)), True
    for key, target in (("reserve", "card"), ("artifact_order", "token"), ("market_board", "token"),
                        ("start_tiles", "tile")):
        values = setup.get(key)
        for i, value in enumerate(_list(values)):
            if isinstance(value, str):
                yield (target, value, (key, i)), False


def _check_refs(ctx: _Context, packs: list[PackData], index: _Index) -> None:
    reg = ctx.registry
    for pack in packs:
        if pack.id in ctx.unresolved:   # what it refers to may be in the pack it lacks
            continue
        for kind in ("cards", "tokens"):
            for i, entry in enumerate(pack.content(kind)):
                if isinstance(entry, dict):
                    for ref in _entry_refs(kind, entry, (i,), reg):
                        _check_ref(ctx, index, pack, kind, ref)
        for ref, key in _setup_refs(pack.setup):
            _check_ref(ctx, index, pack, "setup", ref, key)
        for i, tid in enumerate(pack.setup.get("start_tiles") or []):
            found = index.ids["tiles"].get(tid) if isinstance(tid, str) else None
            if found and isinstance(found[0].tiles[found[1]], dict) and found[0].tiles[found[1]].get("stack") != "start":
                ctx.problems.append(pack.problem("setup", ("start_tiles", i), "start-tile",
                                                 f"tile {tid!r} is not in the start stack"))


def _check_stacks(ctx: _Context, packs: list[PackData]) -> None:
    stacks = set(BASE_STACKS)
    for pack in packs:
        by_region = _dict(pack.setup.get("tile_stacks"))
        stacks |= set(by_region)
        parts = [p for v in by_region.values() for p in _list(v)]
        for part in parts:
            if isinstance(part, dict):
                for key in ("stack", "add"):
                    value = part.get(key)
                    stacks |= {v for v in ([value] if isinstance(value, str) else _list(value))
                               if isinstance(v, str)}
    for pack in packs:
        if pack.id in ctx.unresolved:
            continue
        for i, tile in enumerate(pack.tiles):
            stack = _dict(tile).get("stack")
            if isinstance(stack, str) and stack not in stacks:
                ctx.problems.append(pack.problem("tiles", (i, "stack"), "unknown-stack",
                                                 f"unknown tile stack {stack!r}" + did_you_mean(stack, stacks)))


def _check_counts_as(ctx: _Context, packs: list[PackData]) -> None:
    known = ctx.registry.counts_as
    if not known:
        return
    for pack in packs:
        for kind in ("cards", "tokens"):
            for i, entry in enumerate(pack.content(kind)):
                for j, value in enumerate(_list(_dict(entry).get("counts_as"))):
                    if isinstance(value, str) and value not in known:
                        ctx.problems.append(pack.problem(kind, (i, "counts_as", j), "unknown-counts-as",
                                                         f"no pack registers the token kind {value!r}"
                                                         + did_you_mean(value, known), severity="warning"))


def engine_version() -> str:
    """The version of the engine that manifests' ``engine`` specifiers are checked against."""
    from clank import __version__

    return __version__


def engine_satisfies(spec: str, version: str | None = None) -> bool:
    """Whether the engine ``version`` (default: this engine) satisfies ``spec``.

    ``spec`` is a PEP 440 specifier set: ``">=0.1"``, ``">=0.1,<2"``, ``"==0.1.*"``,
    ``"~=0.1"``. Pre-releases of the engine count as the release they lead to. Raises
    ``ValueError`` when ``spec`` is not a specifier.
    """
    try:
        spec_set = SpecifierSet(spec)
        have = Version(Version(version or engine_version()).base_version)
    except (InvalidSpecifier, InvalidVersion) as exc:
        raise ValueError(str(exc)) from None
    return spec_set.contains(have, prereleases=True)


@cache
def _engine_pattern() -> str:
    pattern: str = load_schema("pack")["properties"]["engine"]["pattern"]
    return pattern


def _check_engine(ctx: _Context, pack: PackData) -> None:
    if not pack.manifest:
        return   # no readable manifest: already reported
    spec = pack.manifest.get("engine")
    have = engine_version()
    if spec is None:
        major_minor = ".".join(have.split(".")[:2])
        anchor = next((k for k in ("version", "name", "id") if k in pack.manifest), None)
        found = pack.problem("pack", (anchor,) if anchor else (), "engine-version",
                             f"pack {pack.id!r} does not say which engine versions it works with: "
                             f"add engine: \">={major_minor}\"", severity="warning", key=True)
        ctx.problems.append(Problem(found.file, found.line, found.col, found.severity, found.rule,
                                    found.message, "$", found.pack))
        return
    if not isinstance(spec, str):
        return   # a schema error already
    try:
        ok = engine_satisfies(spec, have)
    except ValueError:
        if not re.search(_engine_pattern(), spec):
            return   # the schema's pattern already refused it, at the same place
        ctx.problems.append(pack.problem("pack", ("engine",), "engine-version",
                                         f"{spec!r} is not a version specifier: write e.g. \">=0.1\" "
                                         "or \">=0.1,<2\""))
        return
    if not ok:
        ctx.problems.append(pack.problem("pack", ("engine",), "engine-version",
                                         f"pack {pack.id!r} needs engine {spec}, but this engine is {have}"))


def _check_manifests(ctx: _Context, packs: list[PackData]) -> None:
    """Engine version, duplicate pack ids, ``requires`` and ``conflicts`` over the set of packs."""
    ids: dict[str, PackData] = {}
    for pack in packs:
        _check_engine(ctx, pack)
        if pack.id in ids:
            ctx.problems.append(pack.problem("pack", ("id",), "duplicate-pack",
                                             f"pack {pack.id!r} is loaded twice (also from {ids[pack.id].directory})"))
        ids.setdefault(pack.id, pack)
    for pack in packs:
        for i, other in enumerate(_list(pack.manifest.get("requires"))):
            if isinstance(other, str) and other not in ids:
                ctx.unresolved.add(pack.id)
                ctx.problems.append(pack.problem(
                    "pack", ("requires", i), "missing-requirement",
                    f"pack {pack.id!r} requires pack {other!r}, which is not loaded: load it too, "
                    f"or install it" + did_you_mean(other, ids)))
        for i, other in enumerate(_list(pack.manifest.get("conflicts"))):
            if isinstance(other, str) and other in ids and other != pack.id:
                ctx.problems.append(pack.problem(
                    "pack", ("conflicts", i), "pack-conflict",
                    f"pack {pack.id!r} conflicts with pack {other!r}: they cannot be loaded together"))


def _check_all(ctx: _Context, packs: list[PackData], *, references: bool = True) -> None:
    for pack in packs:
        _check_pack(ctx, pack)
    _check_manifests(ctx, packs)
    index = _index_ids(ctx, packs)
    if references:
        _check_refs(ctx, packs, index)
        _check_stacks(ctx, packs)
    _check_counts_as(ctx, packs)


def _finish(ctx: _Context, packs: list[PackData]) -> None:
    problems = sort_problems(ctx.problems)
    if has_errors(problems):
        raise ContentError(problems)
    for pack in packs:
        pack.warnings = [p for p in problems if p.pack == pack.id]


# -- public entry points --------------------------------------------------------------------

def load_pack_dir(dir: Path | str, registry: Registry,
                  enabled_parts: Collection[str] | None = None) -> PackData:
    """Load one pack directory, or raise :class:`ContentError` with every problem found.

    ``enabled_parts`` names optional parts to switch on besides those with ``default: true``;
    ``"-name"`` switches a default part off and ``"*"`` switches all on. References to cards,
    tokens and tiles of other packs cannot be checked here when the pack ``requires`` others:
    use :func:`load_pack_dirs` for a whole game.
    """
    ctx = _context(registry)
    pack = _read_pack(ctx, Path(dir), enabled_parts)
    requires = pack.manifest.get("requires")
    _check_all(ctx, [pack], references=not requires)
    if requires:   # a requirement is checked by load_pack_dirs, where the other packs are
        ctx.problems = [p for p in ctx.problems if p.rule != "missing-requirement"]
    _finish(ctx, [pack])
    return pack


def load_pack_dirs(dirs: Sequence[Path | str], registry: Registry,
                   enabled_parts: Mapping[str, Collection[str]] | None = None) -> list[PackData]:
    """Load several pack directories together (references checked across them).

    ``enabled_parts`` maps a pack id to its part selection (as in :func:`load_pack_dir`).
    Raises :class:`ContentError` with every problem of every pack.
    """
    ctx = _context(registry)
    packs = []
    for d in dirs:
        directory = Path(d)
        wanted = (enabled_parts or {}).get(_peek_id(directory), None)
        packs.append(_read_pack(ctx, directory, wanted))
    _check_all(ctx, packs)
    _finish(ctx, packs)
    return packs


@dataclass
class Checked:
    """What a validation found: every problem (sorted) and every file it read, in order."""

    problems: list[Problem]
    files: list[str]


def check_pack_dirs(dirs: Sequence[Path | str], registry: Registry) -> Checked:
    """Validate pack directories together, every optional part on; never raises for bad content.

    The directories are checked as one game would load them: ids must be unique across
    them, references may point into any of them, and each manifest's ``requires``,
    ``conflicts`` and ``engine`` are judged against the whole set.
    """
    ctx = _context(registry)
    packs = [_read_pack(ctx, Path(d), [ALL_PARTS]) for d in dirs]
    _check_all(ctx, packs)
    return Checked(sort_problems(ctx.problems), list(dict.fromkeys(ctx.files)))


def validate_pack_dirs(dirs: Sequence[Path | str], registry: Registry) -> list[Problem]:
    """Validate pack directories with every optional part on; return all problems, sorted.

    Never raises for bad content: an empty list (or warnings only) means valid.
    """
    return check_pack_dirs(dirs, registry).problems


def check_manifests(dirs: Sequence[Path | str]) -> list[Problem]:
    """Check only the manifests of the pack directories a game would load together.

    Reads each ``pack.yaml`` and judges ``engine``, ``requires``, ``conflicts`` and duplicate
    ids over the set; no content file is read and no pack code is needed, so this runs before
    any pack's hooks are registered. Returns those problems only, sorted (warnings included);
    a manifest's other mistakes are left to the full check.
    """
    ctx = _context(Registry())
    packs = []
    for d in dirs:
        directory = Path(d)
        pack = PackData(directory=directory, manifest={})
        if (directory / MANIFEST).is_file():
            _read_file(ctx, pack, directory / MANIFEST, "pack")
            seg = pack._segments.get("pack")
            if seg and isinstance(seg[0].data, dict):
                pack.manifest = seg[0].data
        packs.append(pack)
    ctx.problems = []
    _check_manifests(ctx, packs)
    return sort_problems(ctx.problems)


def check_file(path: Path | str, kind: str, registry: Registry) -> Checked:
    """Validate a single content file of ``kind`` on its own (no cross-file references).

    Runs the YAML safety checks, the schema and the checks that need that file only
    (duplicate ids, tile geometry, features, a manifest's ``engine``). References to cards,
    tokens and tiles are not judged: they may live in other files.
    """
    ctx = _context(registry)
    path = Path(path)
    if kind not in ctx.validators or kind in ("common", "effect", "condition"):
        known = sorted(ctx.kinds)
        return Checked([Problem(str(path), 1, 1, "error", "unknown-kind",
                                f"cannot tell the content kind of {path.name!r} from its name: name it "
                                f"<kind>.yaml or <kind>-<anything>.yaml, kind one of {', '.join(known)}"
                                + did_you_mean(kind, known))], [str(path)])
    pack = PackData(directory=path.parent, manifest={"id": path.parent.name})
    _read_file(ctx, pack, path, kind)
    if kind == "pack":   # a manifest alone: only what it says about the engine can be judged
        seg = pack._segments.get("pack")
        if seg and isinstance(seg[0].data, dict) and seg[0].data:
            pack.manifest = seg[0].data
            _check_engine(ctx, pack)
    else:
        _check_pack(ctx, pack)
        _index_ids(ctx, [pack])
        _check_counts_as(ctx, [pack])
    problems = sort_problems(Problem(p.file, p.line, p.col, p.severity, p.rule, p.message, p.path, None)
                             for p in ctx.problems)
    return Checked(problems, [str(path)])


def validate_file(path: Path | str, kind: str, registry: Registry) -> list[Problem]:
    """Validate a single content file of ``kind`` on its own; return the problems, sorted.

    See :func:`check_file`.
    """
    return check_file(path, kind, registry).problems


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


def _peek_id(directory: Path) -> str:
    """The pack id a directory's manifest declares (its name when unreadable)."""
    try:
        data, _ = load_yaml_file(directory / MANIFEST)
    except ContentError:
        return directory.name
    pid = _dict(data).get("id")
    return pid if isinstance(pid, str) else directory.name


__all__ = ["ALL_PARTS", "Checked", "PackData", "check_file", "check_manifests", "check_pack_dirs",
           "engine_satisfies", "engine_version", "file_kind", "load_pack_dir", "load_pack_dirs", "parse_feature",
           "parse_json_path", "tile_ports", "validate_file", "validate_pack_dirs"]
