"""Load and validate content packs given as directories: schema first, then meaning.

A pack directory holds ``pack.yaml`` (the manifest) and one YAML file per content kind
(``cards.yaml``, ``tiles.yaml``, ``tokens.yaml``, ``setup.yaml`` and kinds packs register).
Loading reads data only: nothing in a directory pack is ever executed.

Every problem is collected before anything is refused: :func:`load_pack_dir` and
:func:`load_pack_dirs` raise one :class:`~clank.content.problems.ContentError` holding all of them,
:func:`validate_pack_dirs` returns them. Checks after the schema: duplicate ids (within and
across packs), references to unknown cards, tokens, tiles, features and stacks, tile geometry
(tunnel ends, ports, corners, portals, start tile fields, reachability), counts against the
manifest's ``expect``, what the manifests demand of the whole set of packs: the engine
version (``engine``), the packs each ``requires`` and ``conflicts`` with, and last the structure
each pack's rules need of the content (``clank_check_content``, :mod:`clank.content.checks_structure`).

:func:`check_manifests` runs the manifest checks alone, before any pack code is registered,
so a game refuses an incompatible pack with a clear message rather than a crash in its hooks.

This module is the entry point and runs the checks in order; the work is done by
:mod:`clank.content.packdata` (the loaded pack and where its values are), :mod:`clank.content.packread`
(reading a directory and its files), :mod:`clank.content.checks_tiles` (tile geometry),
:mod:`clank.content.checks_features` (room feature strings), :mod:`clank.content.refwalk` (finding the ids
content refers to), :mod:`clank.content.checks_refs` (duplicate and unknown ids, tile stacks) and
:mod:`clank.content.checks_manifest` (engine version, ``requires``, ``conflicts``, ``expect``).
Their public names used outside validation are re-exported here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from clank.content.checks_features import check_features, parse_feature
from clank.content.checks_manifest import (
    check_engine,
    check_expect,
    check_manifest_set,
    engine_satisfies,
    engine_version,
    pack_info,
)
from clank.content.checks_refs import BASE_STACKS, check_counts_as, check_refs, check_stacks, index_ids
from clank.content.checks_structure import check_structure
from clank.content.checks_tiles import START_CELLS, check_regions, check_tiles, tile_ports
from clank.content.lint import lint
from clank.content.memo import ContentMemo
from clank.content.overlay import Overlay
from clank.content.packdata import LIST_KINDS, MANIFEST, PackData, parse_json_path
from clank.content.packread import ALL_PARTS, Context, file_kind, new_context, peek_id, read_file, read_pack
from clank.content.problems import ContentError, Problem, did_you_mean, has_errors, sort_problems
from clank.registry import Registry


def _check_pack(ctx: Context, pack: PackData) -> None:
    """Checks that need one pack only: tiles, features, the rage track, counts."""
    check_tiles(ctx, pack)
    check_features(ctx, pack)
    rage = pack.setup.get("rage_track")
    if isinstance(rage, dict) and isinstance(rage.get("draws"), list) and isinstance(rage.get("start"), dict):
        for players, index in rage["start"].items():
            if isinstance(index, int) and index >= len(rage["draws"]):
                ctx.problems.append(pack.problem("setup", ("rage_track", "start", players), "bad-index",
                                                 f"start space {index} is past the last of {len(rage['draws'])} spaces"))
    pack.info = pack_info(pack)
    check_expect(ctx, pack)


def _check_all(ctx: Context, packs: list[PackData], *, references: bool = True) -> None:
    """Every check after reading, in order; ``references`` off skips unknown ids and stacks."""
    for pack in packs:
        _check_pack(ctx, pack)
    check_manifest_set(ctx, packs)
    index = index_ids(ctx, packs)
    if references:
        check_refs(ctx, packs, index)
        check_stacks(ctx, packs)
        check_regions(ctx, packs)
    check_counts_as(ctx, packs)
    if references:   # the structure each pack's rules need (clank_check_content), names resolved
        check_structure(ctx, packs)
    lint(ctx, packs, index, references=references)


def _finish(ctx: Context, packs: list[PackData]) -> None:
    """Raise every problem when one is an error; else give each pack its warnings."""
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
    ctx = new_context(registry)
    pack = read_pack(ctx, Path(dir), enabled_parts)
    requires = pack.manifest.get("requires")
    _check_all(ctx, [pack], references=not requires)
    if requires:   # a requirement is checked by load_pack_dirs, where the other packs are
        ctx.problems = [p for p in ctx.problems if p.rule != "missing-requirement"]
    _finish(ctx, [pack])
    return pack


def load_pack_dirs(dirs: Sequence[Path | str], registry: Registry,
                   enabled_parts: Mapping[str, Collection[str]] | None = None,
                   installed: Collection[str] = ()) -> list[PackData]:
    """Load several pack directories together (references checked across them).

    ``enabled_parts`` maps a pack id to its part selection (as in :func:`load_pack_dir`);
    ``installed`` names the installed packs (a pack id near one of them is warned about).
    Raises :class:`ContentError` with every problem of every pack.
    """
    ctx = new_context(registry)
    ctx.installed = tuple(sorted(installed))
    packs = []
    for d in dirs:
        directory = Path(d)
        wanted = (enabled_parts or {}).get(peek_id(directory), None)
        packs.append(read_pack(ctx, directory, wanted))
    _check_all(ctx, packs)
    _finish(ctx, packs)
    return packs


def recheck(ctx: Context, packs: list[PackData]) -> list[Problem]:
    """Run every check after reading again, on packs already read and then changed in memory
    (content overrides, :mod:`clank.content.overrides`); return the problems found, sorted.

    The packs' positions still point into their files, so a problem names the file and line of
    the entry it concerns.
    """
    ctx.problems = []
    _check_all(ctx, packs)
    return sort_problems(ctx.problems)


@dataclass
class Checked:
    """What a validation found: every problem (sorted), every file it read, in order, and the
    packs as read (their content and where each value is written: what an editor completes and
    jumps to; empty for a single file)."""

    problems: list[Problem]
    files: list[str]
    packs: list[PackData] = field(default_factory=list)


def check_pack_dirs(dirs: Sequence[Path | str], registry: Registry,
                    labels: Mapping[str, str] | None = None, installed: Collection[str] = (),
                    overlay: Overlay | None = None, memo: ContentMemo | None = None) -> Checked:
    """Validate pack directories together, every optional part on; never raises for bad content.

    The directories are checked as one game would load them: ids must be unique across
    them, references may point into any of them, and each manifest's ``requires``,
    ``conflicts`` and ``engine`` are judged against the whole set. ``labels`` names packs
    their caller did not give as directories (``{str(data_dir): "installed pack 'x'"}``), so
    problems that point into them name the pack, not where it is installed; ``installed`` names the
    installed packs (a pack id near one of them is warned about); ``overlay`` holds unsaved text
    read instead of the files on the disk (an editor's buffers, :mod:`clank.content.overlay`);
    ``memo`` keeps what this validation finds for the next one in this process, which then
    parses and walks only the files that changed (:mod:`clank.content.memo`).
    """
    ctx = new_context(registry, memo)
    ctx.installed = tuple(sorted(installed))
    ctx.overlay = overlay
    packs = [read_pack(ctx, Path(d), [ALL_PARTS], (labels or {}).get(str(d))) for d in dirs]
    _check_all(ctx, packs)
    return Checked(sort_problems(ctx.problems), list(dict.fromkeys(ctx.files)), packs)


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
    ctx = new_context(Registry())
    packs = []
    for d in dirs:
        directory = Path(d)
        pack = PackData(directory=directory, manifest={})
        if (directory / MANIFEST).is_file():
            read_file(ctx, pack, directory / MANIFEST, "pack")
        packs.append(pack)
    ctx.problems = []
    check_manifest_set(ctx, packs)
    return sort_problems(ctx.problems)


def check_file(path: Path | str, kind: str, registry: Registry) -> Checked:
    """Validate a single content file of ``kind`` on its own (no cross-file references).

    Runs the YAML safety checks, the schema and the checks that need that file only
    (duplicate ids, tile geometry, features, a manifest's ``engine``, an anchor defined twice). References to cards,
    tokens and tiles are not judged: they may live in other files.
    """
    ctx = new_context(registry)
    path = Path(path)
    if kind not in ctx.validators or kind in ("common", "effect", "condition"):
        known = sorted(ctx.kinds)
        return Checked([Problem(str(path), 1, 1, "error", "unknown-kind",
                                f"cannot tell the content kind of {path.name!r} from its name: name it "
                                f"<kind>.yaml or <kind>-<anything>.yaml, kind one of {', '.join(known)}"
                                + did_you_mean(kind, known))], [str(path)])
    pack = PackData(directory=path.parent, manifest={"id": path.parent.name})
    read_file(ctx, pack, path, kind)
    if kind == "pack":   # a manifest alone: only what it says about the engine can be judged
        seg = pack._segments.get("pack")
        if seg and isinstance(seg[0].data, dict) and seg[0].data:
            check_engine(ctx, pack)
    else:
        _check_pack(ctx, pack)
        check_refs(ctx, [pack], index_ids(ctx, [pack]), registered_only=True)
        check_counts_as(ctx, [pack])
    lint(ctx, [pack], None)        # what one file shows of the lint
    problems = sort_problems(Problem(p.file, p.line, p.col, p.severity, p.rule, p.message, p.path, None)
                             for p in ctx.problems)
    return Checked(problems, [str(path)])


def validate_file(path: Path | str, kind: str, registry: Registry) -> list[Problem]:
    """Validate a single content file of ``kind`` on its own; return the problems, sorted.

    See :func:`check_file`.
    """
    return check_file(path, kind, registry).problems


__all__ = ["ALL_PARTS", "BASE_STACKS", "LIST_KINDS", "MANIFEST", "START_CELLS", "Checked", "PackData",
           "check_file", "check_manifests", "check_pack_dirs", "engine_satisfies", "engine_version",
           "file_kind", "load_pack_dir", "load_pack_dirs", "parse_feature", "parse_json_path", "peek_id", "recheck", "tile_ports",
           "validate_file", "validate_pack_dirs"]
