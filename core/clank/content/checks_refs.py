"""Ids, names and what refers to them: duplicate ids, unknown cards, tokens, tiles and stacks, and
every other name content writes for something defined elsewhere.

:func:`index_ids` indexes what the packs loaded together define in their data (the cards, tiles
and tokens, the token kinds, the token pools and regions of the setups, the slots of each slot
region) and reports an id defined twice; :func:`check_refs` judges every reference
:mod:`clank.content.refwalk` finds against that index, or against the registry for the names code
defines (room features, statistics, events, turn flags ...). References may point into any pack of
the set, so these checks run over all the packs at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank.content.locator import JsonPath
from clank.content.packdata import LIST_KINDS, PackData, as_dict, as_list
from clank.content.packread import Context, file_kind
from clank.content.problems import did_you_mean
from clank.content.refwalk import Ref, entry_refs, setup_refs

BASE_STACKS = ("start", "surface", "depths")
"""Tile stacks every pack may use; a setup's ``tile_stacks`` add more."""
CORE_POOLS = ("artifact", "market")
"""Token pools the core itself deals (the artifact stack, the market board); a setup's
``token_pools`` declare the others."""
CORE_REGION = "catacombs"
"""The region a tile lies in when it names none; a setup's ``tile_stacks`` and ``regions`` add more."""

_ID_KIND = {"cards": "card", "tiles": "tile", "tokens": "token"}


@dataclass
class IdIndex:
    """Ids of every loaded card, token and tile, with where each was first defined."""

    ids: dict[str, dict[str, tuple[PackData, int]]] = field(
        default_factory=lambda: {"cards": {}, "tiles": {}, "tokens": {}})
    token_kinds: set[str] = field(default_factory=set)   # what cards and tokens say they count as
    pools: set[str] = field(default_factory=lambda: set(CORE_POOLS))    # the core's and the setups' token_pools
    regions: set[str] = field(default_factory=lambda: {CORE_REGION})     # setups' tile_stacks and regions
    slots: dict[str, set[str]] = field(default_factory=dict)            # region -> its slots (setup regions)
    stacks: set[str] = field(default_factory=set)                       # the tiles' stacks
    tile_regions: set[str] = field(default_factory=lambda: {CORE_REGION})   # slot regions, the tiles' regions
    joined_pools: set[str] = field(default_factory=set)                 # the pools tokens join
    referenced: dict[str, set[str]] = field(                             # ids something names (check_refs)
        default_factory=lambda: {"card": set(), "token": set(), "tile": set()})
    complete: bool = True    # every optional part of every pack is on: what reaches a game can be judged
    off_kinds: set[str] = field(default_factory=set)   # kinds of the files of the optional parts left off

    def entry(self, table: str, eid: str) -> dict | None:
        """The card, tile or token ``eid`` as written (None when unknown or not a mapping)."""
        found = self.ids[table].get(eid)
        if found is None:
            return None
        entry = found[0].content(table)[found[1]]
        return entry if isinstance(entry, dict) else None


def _setups(setup: dict) -> list[dict]:
    """A setup and the setups of its ``by_players`` (what they define counts too)."""
    return [setup, *(s for s in as_dict(setup.get("by_players")).values() if isinstance(s, dict))]


def index_names(index: IdIndex, pack: PackData) -> None:
    """What a pack's setup defines: token pools, regions and their slots."""
    for setup in _setups(pack.setup):
        index.pools.update(k for k in as_dict(setup.get("token_pools")) if isinstance(k, str))
        index.regions.update(k for k in as_dict(setup.get("tile_stacks")) if isinstance(k, str))
        for name, region in as_dict(setup.get("regions")).items():
            index.regions.add(name)
            index.tile_regions.add(name)
            index.slots.setdefault(name, set()).update(as_dict(as_dict(region).get("slots")))
    for tile in pack.tiles:
        for key, names in (("stack", index.stacks), ("region", index.tile_regions)):
            value = as_dict(tile).get(key)
            if isinstance(value, str):
                names.add(value)
    for token in pack.tokens:
        pool = as_dict(token).get("pool")
        if isinstance(pool, str):
            index.joined_pools.add(pool)


def index_ids(ctx: Context, packs: list[PackData]) -> IdIndex:
    """Index every card, tile and token id of ``packs`` and the names their setups define; an
    id defined twice is an error."""
    index = IdIndex()
    for pack in packs:
        for name, part in as_dict(pack.manifest.get("parts")).items():
            if name not in pack.parts:
                index.complete = False
                kinds = (as_dict(e).get("kind") or file_kind(str(as_dict(e).get("path", e)), ctx.kinds)
                         for e in as_list(as_dict(part).get("files")))
                index.off_kinds |= {k for k in kinds if isinstance(k, str)}
    for pack in packs:
        index_names(index, pack)
        for kind in LIST_KINDS:
            table = index.ids[kind]
            for i, entry in enumerate(pack.content(kind)):
                eid = as_dict(entry).get("id")
                if not isinstance(eid, str):
                    continue
                for value in [*as_list(as_dict(entry).get("counts_as")),
                              *as_list(as_dict(entry).get("counts_as_at_end"))]:
                    if isinstance(value, str):
                        index.token_kinds.add(value)
                if eid in table:
                    first, j = table[eid]
                    where = first.place(*first.where(kind, (j, "id")))
                    ctx.problems.append(pack.problem(kind, (i, "id"), "duplicate-id",
                                                     f"duplicate {_ID_KIND[kind]} id {eid!r} "
                                                     f"(first defined at {where})"))
                else:
                    table[eid] = (pack, i)
    return index


_REGISTERED = {
    "feature": ("room feature", lambda reg: reg.room_features),
    "stat": ("statistic", lambda reg: reg.stats),
    "event": ("event", lambda reg: reg.events),
    "teleport_kind": ("teleport kind", lambda reg: reg.teleport_kinds),
    "quantity": ("quantity", lambda reg: reg.quantities),
    "cube_kind": ("cube kind", lambda reg: {"black", *reg.cube_kinds}),
    "resource": ("resource", lambda reg: reg.resources),
    "flag": ("turn flag", lambda reg: reg.flags),
}
"""Reference kinds checked against what the loaded packs register: kind -> (words, names)."""
_DEFINED_BY_DATA: dict[str, tuple[str, str, str]] = {
    "token_kind": ("token kind", "token_kinds", "unknown {words} {name!r}"),
    "pool": ("token pool", "pools", "unknown {words} {name!r}"),
    "region": ("region", "regions", "unknown {words} {name!r}"),
    "stack": ("stack", "stacks", "no tile is in stack {name!r}: a part built from it would be empty"),
    "tile_region": ("region", "tile_regions",
                    "no tile lies in region {name!r} and no setup lays it out as slots: its stack would "
                    "never be drawn from"),
    "joined_pool": ("pool", "joined_pools", "no token joins pool {name!r}: the pool would stay empty"),
}
"""Reference kinds checked against what the content of the loaded packs defines: kind -> (words,
the :class:`IdIndex` field holding the names, the message)."""
_SETUP_BUILDS = {"stack": "tiles", "tile_region": "tiles", "joined_pool": "tokens"}
"""What a setup builds from content (a stack from tiles, a pool from tokens), and the kind of
content it is built from: not judged when a part holding files of that kind is off in this game
(``clank validate`` switches every part on)."""
_TABLES = {"card": "cards", "token": "tokens", "tile": "tiles"}
"""The content table of each id reference kind."""
_WHERE_WORDS = {"pool": "tokens of pool", "kind": "cards of kind", "stack": "tiles of stack",
                "region": "tiles of region"}


def _check_ref(ctx: Context, index: IdIndex, pack: PackData, kind: str, ref: Ref, key: bool = False,
               registered_only: bool = False) -> None:
    target, rid, path = ref
    target, _, where = target.partition("?")
    if registered_only and target not in _REGISTERED:
        return
    table_name = _TABLES.get(target)
    if table_name is not None:
        index.referenced[target].add(rid)
        if rid not in index.ids[table_name]:
            ctx.problems.append(pack.problem(kind, path, f"unknown-{target}", f"unknown {target} id {rid!r}"
                                             + did_you_mean(rid, index.ids[table_name]), key=key))
        elif where:
            _check_where(ctx, index, pack, kind, (target, rid, path), where, key)
        return
    if target in _REGISTERED:
        words, names = _REGISTERED[target]
        known = names(ctx.registry)
        message = f"unknown {words} {rid!r}"
    elif target in _DEFINED_BY_DATA:
        if _SETUP_BUILDS.get(target) in index.off_kinds:
            return      # the tiles or tokens may be in a part that is off in this game
        words, field_name, text = _DEFINED_BY_DATA[target]
        known = getattr(index, field_name)
        message = text.format(words=words, name=rid)
    elif target.startswith("slot:"):
        region = target.partition(":")[2]
        known = index.slots.get(region, set())
        if rid not in known:    # a letter is near no other: the slots are few, name them
            hint = did_you_mean(rid, known) or f" (its slots: {', '.join(sorted(known))})"
            ctx.problems.append(pack.problem(kind, path, "unknown-slot",
                                             f"unknown slot {rid!r} of region {region!r}" + hint, key=key))
        return
    else:
        return
    if rid not in known:
        rule = "unknown-" + {"tile_region": "region", "joined_pool": "pool"}.get(target, target).replace("_", "-")
        ctx.problems.append(pack.problem(kind, path, rule, message + did_you_mean(rid, known), key=key))


def _check_where(ctx: Context, index: IdIndex, pack: PackData, kind: str, ref: Ref, where: str, key: bool) -> None:
    """The entry a reference names holds what its place takes (``x-where``: a market board takes
    tokens of ``pool: market``, a reserve cards of ``kind: reserve``)."""
    target, rid, path = ref
    field_name, _, wanted = where.partition("=")
    entry = index.entry(_TABLES[target], rid) or {}
    have = entry.get(field_name)
    if have is None or str(have) == wanted:
        return     # not written: the schema reports a missing key, a default is the engine's
    place = format_place(path)
    if field_name == "pool":
        message = (f"{place} takes tokens of pool {wanted!r} only: token {rid!r} is of pool {have!r}, "
                   f"and setup would leave it out")
    else:
        words = _WHERE_WORDS.get(field_name, f"{target}s with {field_name}")
        message = (f"{place} takes {words} {wanted!r}: {target} {rid!r} is of {field_name} {have!r} "
                   f"(name a {wanted} {target} here, or change its {field_name})")
    ctx.problems.append(pack.problem(kind, path, f"wrong-{field_name}", message, key=key))


def format_place(path: JsonPath) -> str:
    """The setup key a path is under, as an author names it (``market_board``, ``by_players 5:
    reserve``)."""
    if len(path) >= 3 and path[0] == "by_players":
        return f"`{path[2]}` (by_players {path[1]})"
    return f"`{path[0]}`" if path else "this place"


def check_refs(ctx: Context, packs: list[PackData], index: IdIndex, registered_only: bool = False) -> None:
    """Every id a card, token or the setup refers to is defined; ``start_tiles`` are start tiles;
    every name that refers to something registered (a room feature, statistic, event, teleport
    kind, quantity, cube kind, resource, turn flag) is registered, and every name of what content
    defines (a token kind, token pool, region, a region's slot) is defined by some pack of the set.
    ``registered_only``: judge only the registered names (a single file on its own).

    A pack whose ``requires`` are not all loaded is skipped: its ids may be in the pack it lacks.
    """
    for pack in packs:
        if pack.id in ctx.unresolved:   # what it refers to may be in the pack it lacks
            continue
        for kind in ("cards", "tokens", "tiles"):
            for i, entry in enumerate(pack.content(kind)):
                if isinstance(entry, dict):
                    for target, rid, path in _refs_of(ctx, kind, entry):
                        _check_ref(ctx, index, pack, kind, (target, rid, (i, *path)), registered_only=registered_only)
        for ref, key in setup_refs(pack.setup, ctx.setup_properties):
            _check_ref(ctx, index, pack, "setup", ref, key, registered_only=registered_only)
        if registered_only:
            continue
        _check_region_starts(ctx, index, pack)
        for i, tid in enumerate(pack.setup.get("start_tiles") or []):
            tile = index.entry("tiles", tid) if isinstance(tid, str) else None
            if tile is not None and tile.get("stack") != "start":
                ctx.problems.append(pack.problem("setup", ("start_tiles", i), "start-tile",
                                                 f"tile {tid!r} is not in the start stack"))


def _refs_of(ctx: Context, kind: str, entry: dict[str, Any]) -> list[Ref]:
    """The references one entry holds, their paths relative to it (kept in the context's memo)."""
    def walk() -> list[Ref]:
        return list(entry_refs(kind, entry, (), ctx.registry))

    return walk() if ctx.memo is None else ctx.memo.entry_refs(ctx.registry, entry, walk)


def _check_region_starts(ctx: Context, index: IdIndex, pack: PackData) -> None:
    """A slot region's start tiles lie in that region (a tile of another region never fills its slots)."""
    for name, region in as_dict(pack.setup.get("regions")).items():
        for i, tid in enumerate(as_list(as_dict(region).get("start_tiles"))):
            tile = index.entry("tiles", tid) if isinstance(tid, str) else None
            if tile is not None and tile.get("region", CORE_REGION) != name:
                ctx.problems.append(pack.problem(
                    "setup", ("regions", name, "start_tiles", i), "wrong-region",
                    f"the start tiles of region {name!r} lie in it: tile {tid!r} is of region "
                    f"{tile.get('region', CORE_REGION)!r} (write region: {name} in the tile)"))


def known_stacks(packs: list[PackData]) -> set[str]:
    """The tile stacks a tile may name: the base stacks and every stack a setup's ``tile_stacks``
    parts name (``stack``, ``add``)."""
    stacks = set(BASE_STACKS)
    for pack in packs:
        by_region = as_dict(pack.setup.get("tile_stacks"))
        stacks |= set(by_region)
        for parts in by_region.values():
            for part in as_list(parts):
                stacks.update(part_stacks(part))
    return stacks


def part_stacks(part: Any) -> list[str]:
    """The tile stacks one ``tile_stacks`` part takes tiles from: its ``stack`` (a name or a list
    of names) and its ``add`` (names, or ``{stack, keep}``)."""
    names: list[str] = []
    for key in ("stack", "add"):
        value = as_dict(part).get(key)
        for v in [value] if isinstance(value, str) else as_list(value):
            v = as_dict(v).get("stack") if isinstance(v, dict) else v
            if isinstance(v, str):
                names.append(v)
    return names


def check_stacks(ctx: Context, packs: list[PackData]) -> None:
    """Every tile's ``stack`` is a base stack or one a setup's ``tile_stacks`` names (a slot
    region's start tiles, which setup places itself, may name their own)."""
    stacks = known_stacks(packs)
    starts: set[str] = set()
    for pack in packs:
        for region in as_dict(pack.setup.get("regions")).values():
            starts |= {t for t in as_list(as_dict(region).get("start_tiles")) if isinstance(t, str)}
    for pack in packs:
        if pack.id in ctx.unresolved:
            continue
        for i, tile in enumerate(pack.tiles):
            stack = as_dict(tile).get("stack")
            if isinstance(stack, str) and stack not in stacks and as_dict(tile).get("id") not in starts:
                ctx.problems.append(pack.problem("tiles", (i, "stack"), "unknown-stack",
                                                 f"unknown tile stack {stack!r}" + did_you_mean(stack, stacks)))


def check_counts_as(ctx: Context, packs: list[PackData]) -> None:
    """Every ``counts_as`` names a token kind some pack registers (a warning otherwise)."""
    known = ctx.registry.counts_as
    if not known:
        return
    for pack in packs:
        for kind in ("cards", "tokens"):
            for i, entry in enumerate(pack.content(kind)):
                for j, value in enumerate(as_list(as_dict(entry).get("counts_as"))):
                    if isinstance(value, str) and value not in known:
                        ctx.problems.append(pack.problem(kind, (i, "counts_as", j), "unknown-counts-as",
                                                         f"no pack registers the token kind {value!r}"
                                                         + did_you_mean(value, known), severity="warning"))
