"""Lint: content that is legal but likely wrong, reported as warnings (``clank validate --strict``
makes them fail).

Each finding is a :class:`~clank.content.problems.Problem` of severity ``warning`` at the file and
line to look at:

- ``reused-anchor``: a YAML anchor defined twice in a file (the aliases after the second take its
  value, silently);
- ``file-loaded-twice``: a manifest lists a content file twice (in ``files`` and again in a part,
  or twice in one list): it is read once, so one of the listings is a slip;
- ``near-pack-id``, ``near-id``: a pack id a letter or two from another loaded or installed
  pack's id, and a card, token or tile id written like another pack's (``river_lamp`` beside
  ``river-lamp``): a typo, or a copy meant to replace the other;
- ``unreachable-card``, ``unreachable-token``, ``unreachable-tile``: content that can never reach
  a game (:mod:`clank.content.lint_reach`);
- ``unread-option``: an option nothing reads (a slot region's ``side_option`` with one start tile
  to choose from, an optional part that loads no file).

:func:`lint` runs them all; :func:`clank.content.validate` calls it once, after the other checks,
when a game loads packs too (the same findings, kept as each pack's ``warnings``).
"""

from __future__ import annotations

import difflib
from pathlib import Path

from clank.content.checks_refs import IdIndex
from clank.content.lint_reach import check_reach
from clank.content.packdata import LIST_KINDS, PackData, as_dict, as_list
from clank.content.packread import Context, manifest_file_entries
from clank.content.problems import Problem

LINT_RULES = {
    "reused-anchor": "a YAML anchor defined twice in one file",
    "file-loaded-twice": "a content file listed twice in a manifest",
    "near-pack-id": "a pack id a letter or two from another pack's id",
    "near-id": "a card, token or tile id written like another pack's id",
    "unreachable-card": "a card no deck, reserve, market or effect ever holds",
    "unreachable-token": "a token setup never deals",
    "unreachable-tile": "a tile no stack or start slot ever holds",
    "unread-option": "an option nothing reads",
}
"""Every lint rule and what it finds (the guide and ``docs/content-format.md`` list them)."""
NEAR_PACK_ID = 0.85
"""How alike two pack ids must be (``difflib`` ratio) to be told apart by a warning."""


def lint(ctx: Context, packs: list[PackData], index: IdIndex | None, *, references: bool = True) -> None:
    """Every lint check over ``packs`` (given in dependency order, as they merge); warnings go to
    ``ctx``. ``references`` off (a pack read without the packs it requires) leaves out what needs
    the whole set: ids near other packs' and what reaches a game. Without an ``index`` (a single
    file checked on its own, in a stand-in pack) only what one file shows is looked at."""
    for pack in packs:
        reused_anchors(ctx, pack)
        unread_options(ctx, pack)
        if index is not None:
            files_loaded_twice(ctx, pack)
    if index is None:
        return
    near_pack_ids(ctx, packs, list(ctx.installed))
    if references and not ctx.unresolved and index.complete:   # else what reaches a game is not known
        near_ids(ctx, packs, index)
        check_reach(ctx, packs, index)


def _warning(pack: PackData, kind: str, path: tuple[str | int, ...], rule: str, message: str,
             key: bool = False) -> Problem:
    return pack.problem(kind, path, rule, message, severity="warning", key=key)


def reused_anchors(ctx: Context, pack: PackData) -> None:
    """``reused-anchor``: an anchor name defined a second time in one file (YAML lets the later
    ``&name`` stand for every alias after it, which is rarely what the author meant)."""
    for segments in pack._segments.values():
        for seg in segments:
            for name, before, again in getattr(seg.locator, "reused_anchors", ()):
                ctx.problems.append(Problem(
                    seg.file, again[0], again[1], "warning", "reused-anchor",
                    f"anchor &{name} is defined again (first at line {before[0]}): every *{name} after "
                    f"this line takes this value, the ones before it the first: give each anchor its own name",
                    "$", pack.id))


def files_loaded_twice(ctx: Context, pack: PackData) -> None:
    """``file-loaded-twice``: a file the manifest lists twice (``files`` and a part, two parts, or
    twice in one list), every optional part counted; reported at the second listing."""
    if not pack.manifest:
        return
    seen: dict[Path, tuple[str | int, ...]] = {}
    for rel, mpath in manifest_file_entries(ctx, pack):
        path = (pack.directory / rel).resolve()
        first = seen.get(path)
        if first is None:
            seen[path] = mpath
            continue
        if first[:2] == mpath[:2] or (first[:1] == mpath[:1] == ("files",)):
            where = f"twice {_listing(pack, mpath)}"
        else:
            where = f"{_listing(pack, first)} and again {_listing(pack, mpath)}"
        ctx.problems.append(_warning(pack, "pack", mpath, "file-loaded-twice",
                                     f"{rel} is loaded twice: listed {where}; it is read once, so remove "
                                     f"one listing"))


def _listing(pack: PackData, mpath: tuple[str | int, ...]) -> str:
    """Where a manifest lists a file, in words: ``in files (line 6)``, ``in part 'promos' (line 9)``,
    ``as a file named after its kind`` (no ``files`` list)."""
    if not mpath:
        return "as a file named after its kind"
    line = pack.where("pack", mpath)[1]
    where = f"in part {mpath[1]!r}" if mpath[0] == "parts" else "in files"
    return f"{where} (line {line})"


def unread_options(ctx: Context, pack: PackData) -> None:
    """``unread-option``: an option whose value nothing reads: a slot region's ``side_option`` when
    the region has a single start tile to choose from, an optional part that loads no file."""
    for name, region in as_dict(pack.setup.get("regions")).items():
        region = as_dict(region)
        option, starts = region.get("side_option"), as_list(region.get("start_tiles"))
        if isinstance(option, str) and len(starts) < 2:
            ctx.problems.append(_warning(
                pack, "setup", ("regions", name, "side_option"), "unread-option",
                f"option {option!r} picks the side of the start tile of region {name!r}, but the region has "
                f"{len(starts) or 'no'} start tile{'' if len(starts) == 1 else 's'} to pick from: "
                f"list one per side in start_tiles, or drop side_option"))
    for name, part in as_dict(pack.manifest.get("parts")).items():
        if isinstance(part, dict) and not as_list(part.get("files")):
            ctx.problems.append(_warning(pack, "pack", ("parts", name), "unread-option",
                                         f"part {name!r} loads no file, so switching it on (parts={name}) "
                                         f"changes nothing: list its files", key=True))


def near_pack_ids(ctx: Context, packs: list[PackData], installed: list[str]) -> None:
    """``near-pack-id``: a pack id a letter or two from another loaded or installed pack's id
    (``underworlds`` beside ``underworld``): a typo in ``id``, or a copy of a pack that would be
    told apart from it by nothing but that letter."""
    loaded = {pack.id for pack in packs}
    others = sorted(loaded | set(installed))
    for pack in packs:
        if not isinstance(pack.manifest.get("id"), str):
            continue
        near = [o for o in others if o != pack.id and _near(pack.id, o)]
        if near:
            what = "loaded" if near[0] in loaded else "installed"
            ctx.problems.append(_warning(pack, "pack", ("id",), "near-pack-id",
                                         f"pack id {pack.id!r} is a letter or two from the {what} pack "
                                         f"{near[0]!r}: a typo? (requires and --packs tell packs apart "
                                         f"by id alone)"))


def _near(a: str, b: str) -> bool:
    if a.startswith((f"{b}-", f"{b}_")) or b.startswith((f"{a}-", f"{a}_")):
        return False     # ``underworld-extras``: named after the other on purpose
    return difflib.SequenceMatcher(None, a, b).ratio() >= NEAR_PACK_ID


def _normal(eid: str) -> str:
    """An id as it reads: case, ``_`` or ``-`` and a final ``s`` left out."""
    return eid.lower().replace("_", "-").removesuffix("s")


def near_ids(ctx: Context, packs: list[PackData], index: IdIndex) -> None:
    """``near-id``: a card, token or tile id that reads like one another pack defines
    (``river_lamp`` beside ``river-lamp``, ``Goblins`` beside ``goblin``)."""
    for table in LIST_KINDS:
        by_normal: dict[str, list[tuple[str, PackData]]] = {}
        for eid, (owner, _) in index.ids[table].items():
            by_normal.setdefault(_normal(eid), []).append((eid, owner))
        for pack in packs:
            for i, entry in enumerate(pack.content(table)):
                written = as_dict(entry).get("id")
                if not isinstance(written, str):
                    continue
                eid = written
                twins = [(o, p) for o, p in by_normal.get(_normal(eid), []) if o != eid and p is not pack]
                if twins:
                    other, owner = twins[0]
                    ctx.problems.append(_warning(pack, table, (i, "id"), "near-id",
                                                 f"{table[:-1]} id {eid!r} reads like {other!r} of pack "
                                                 f"{owner.id!r}: ids are told apart exactly, so they are "
                                                 f"two different {table}"))
