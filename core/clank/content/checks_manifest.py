"""What a pack's manifest demands: the engine version, the other packs, its own counts.

:func:`check_manifest_set` judges the manifests of the packs loaded together: each
``engine`` specifier against this engine, pack ids loaded twice, the packs each
``requires`` (a pack missing one is marked unresolved, and its references are not judged)
and ``conflicts`` with. :func:`check_expect` compares the counts a manifest's ``expect``
states with the pack's content.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from clank.content.packdata import PackData, as_dict, as_list
from clank.content.packread import Context
from clank.content.problems import Problem, did_you_mean
from clank.content.schemas import load_schema


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


def check_engine(ctx: Context, pack: PackData) -> None:
    """The manifest's ``engine`` specifier admits this engine (a warning when it has none)."""
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


def check_manifest_set(ctx: Context, packs: list[PackData]) -> None:
    """Engine version, duplicate pack ids, ``requires`` and ``conflicts`` over the set of packs."""
    ids: dict[str, PackData] = {}
    for pack in packs:
        check_engine(ctx, pack)
        if pack.id in ids:
            ctx.problems.append(pack.problem("pack", ("id",), "duplicate-pack",
                                             f"pack {pack.id!r} is loaded twice (also from {ids[pack.id].shown})"))
        ids.setdefault(pack.id, pack)
    for pack in packs:
        for i, other in enumerate(as_list(pack.manifest.get("requires"))):
            if other == pack.id:
                ctx.problems.append(pack.problem(
                    "pack", ("requires", i), "requires-itself",
                    f"pack {pack.id!r} requires itself: a pack loads after the packs it requires, so "
                    f"remove {other!r} from requires"))
            elif isinstance(other, str) and other not in ids:
                ctx.unresolved.add(pack.id)
                ctx.problems.append(pack.problem(
                    "pack", ("requires", i), "missing-requirement",
                    f"pack {pack.id!r} requires pack {other!r}, which is not loaded: load it too, "
                    f"or install it" + did_you_mean(other, [k for k in ids if k != pack.id])))
        _check_cycle(ctx, pack, ids)
        for i, other in enumerate(as_list(pack.manifest.get("conflicts"))):
            if isinstance(other, str) and other in ids and other != pack.id:
                ctx.problems.append(pack.problem(
                    "pack", ("conflicts", i), "pack-conflict",
                    f"pack {pack.id!r} conflicts with pack {other!r}: they cannot be loaded together"))


def _requires(pack: PackData, ids: dict[str, PackData]) -> list[str]:
    """The loaded packs ``pack`` requires, itself left out (a pack that requires itself is said so apart)."""
    return [r for r in as_list(pack.manifest.get("requires")) if isinstance(r, str) and r in ids and r != pack.id]


def _cycle_from(start: str, ids: dict[str, PackData]) -> list[str] | None:
    """The shortest path of requirements from ``start`` back to it (``[start, ..., start]``), or None."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        nxt = []
        for pid in todo:
            for req in sorted(_requires(ids[pid], ids)):
                if req == start:
                    return [*paths[pid], start]
                if req not in paths:
                    paths[req] = [*paths[pid], req]
                    nxt.append(req)
        todo = nxt
    return None


def _check_cycle(ctx: Context, pack: PackData, ids: dict[str, PackData]) -> None:
    """Packs that require each other, through any number of others, have no order to load in: each
    is told at its ``requires`` entry that starts the cycle (``a cycle: a → b → a``)."""
    if ids.get(pack.id) is not pack:
        return
    cycle = _cycle_from(pack.id, ids)
    if cycle is None:
        return
    index = as_list(pack.manifest.get("requires")).index(cycle[1])
    ctx.problems.append(pack.problem(
        "pack", ("requires", index), "requires-cycle",
        f"a cycle: {' → '.join(cycle)}: a pack loads after the packs it requires, so packs that require "
        f"each other cannot load: remove one of these requirements"))


# -- counts against the manifest's expect --------------------------------------------------

def _count(entry: dict[str, Any]) -> int:
    """How many copies an entry stands for (its ``count``, 1 when absent or not an integer)."""
    count = entry.get("count", 1)
    return count if isinstance(count, int) and not isinstance(count, bool) else 1


def _entries(pack: PackData, kind: str, core_only: bool) -> list[dict[str, Any]]:
    """Entries of a list kind; ``core_only`` leaves out optional parts that are off by default."""
    if not core_only:
        return [e for e in pack.content(kind) if isinstance(e, dict)]
    parts = as_dict(pack.manifest.get("parts"))
    out: list[dict[str, Any]] = []
    for seg in pack._segments.get(kind, []):
        part = parts.get(seg.part) if seg.part else None
        if seg.part is None or (isinstance(part, dict) and part.get("default") is True):
            out += [e for e in as_list(seg.data) if isinstance(e, dict)]
    return out


def pack_info(pack: PackData, core_only: bool = False) -> dict[str, Any]:
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
        "starter_cards": sum(v for v in as_dict(deck).values() if isinstance(v, int)),
        "tiles": sum(tiles_by_stack.values()),
        "tiles_by_stack": dict(tiles_by_stack),
        "tokens": sum(tokens_by_pool.values()),
        "tokens_by_pool": dict(tokens_by_pool),
    }


def check_expect(ctx: Context, pack: PackData) -> None:
    """The counts a manifest's ``expect`` states match the pack's content (default parts only)."""
    expect = pack.manifest.get("expect")
    if not isinstance(expect, dict):
        return
    parts = as_dict(pack.manifest.get("parts"))
    if any(isinstance(p, dict) and p.get("default") is True and name not in pack.parts for name, p in parts.items()):
        return       # a default part is switched off: the counts it states are not those loaded
    info = pack_info(pack, core_only=True)
    for key, want in expect.items():
        have = info.get(key)
        if isinstance(want, dict) and isinstance(have, dict):
            for sub, n in want.items():
                if have.get(sub, 0) != n:
                    hint = did_you_mean(sub, have) if sub not in have else ""    # a misspelt pool or stack
                    ctx.problems.append(pack.problem("pack", ("expect", key, sub), "count-mismatch",
                                                     f"expected {n} for {key}.{sub}, found {have.get(sub, 0)}"
                                                     + hint))
        elif isinstance(want, int) and have is not None and have != want:
            ctx.problems.append(pack.problem("pack", ("expect", key), "count-mismatch",
                                             f"expected {want} {key.replace('_', ' ')}, found {have}"))
