"""The Python API: build a game from pack ids, play it, record and replay it.

>>> from clank import new_game
>>> game = new_game(["catacombs"], players=3, seed=7)
>>> actions = game.legal_actions()
>>> game.apply(actions[0])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from clank.content import cache as content_cache
from clank.content import overrides as content_overrides
from clank.content.packdata import MANIFEST, PackData
from clank.content.problems import ContentError
from clank.faults import PackFault, blame
from clank.game import setup as setup_mod
from clank.game.engine import Game
from clank.game.ruleset import Ruleset
from clank.game.scoring import best_artifacts
from clank.game.setup import SetupError
from clank.plugins import (
    PackCodeError,
    PackHooks,
    PackLoadError,
    PackSource,
    find_pack,
    installed_packs,
    is_path,
)
from clank.registry import Registry, RegistryError

T = TypeVar("T")
OVERRIDES = content_overrides.OPTION
"""The game option of content overrides (:mod:`clank.content.overrides`)."""
_CACHE: dict[tuple, Ruleset] = {}


def registry_for(sources: Sequence[PackSource]) -> Registry:
    """What the packs' code registers (ops, features, options, bots ...), without loading
    their content: the registry ``clank packs show`` and ``clank validate`` read."""
    return PackHooks(list(sources)).build_registry()


def split_packs(packs: str | Sequence[str]) -> list[str]:
    """``"catacombs,./mypack"`` or a list → a list of pack specs (ids or directories)."""
    if packs is None:
        raise ValueError("name the packs to load (e.g. 'catacombs')")
    if isinstance(packs, str):
        packs = packs.split(",")
    return [p.strip() for p in packs if p.strip()]


def load_packs(specs: Sequence[str], parts: Sequence[str] = (),
               modules: dict[str, ModuleType] | None = None) -> tuple[PackHooks, Registry, list[PackData]]:
    """Find, register and load the content of packs; raises PackLoadError or ContentError.

    ``modules`` maps pack ids to already imported pack modules, bypassing entry points
    (tests register exactly the packs they need). A successful load is kept in the
    compiled-content cache (:mod:`clank.content.cache`) and read back in later processes while
    the packs' files, the engine and Python stay the same; the packs' code registers in every
    process all the same.
    """
    sources: list[PackSource] = [find_pack(s, modules) for s in specs]
    seen: dict[str, str] = {}
    for spec, src in zip(specs, sources, strict=True):
        if src.id in seen:
            raise PackLoadError(f"pack {src.id!r} is given twice ({seen[src.id]!r} and {spec!r})")
        seen[src.id] = spec
    for src in sources:
        if src.data_dir is None:
            raise PackLoadError(f"pack {src.id!r} has no content directory")
    key = content_cache.key_material(sources, parts)
    cached = content_cache.read(key) if key is not None else None
    if cached is not None and sorted(cached.order) == sorted(seen):
        by_id = {src.id: src for src in sources}
        hooks = PackHooks([by_id[pid] for pid in cached.order])
        return hooks, hooks.build_registry(), cached.packs
    hooks, registry, datas, sources = _load(sources, parts)
    if key is not None:
        content_cache.write(key, content_cache.CachedContent([src.id for src in sources], datas))
    return hooks, registry, datas


def _load(sources: list[PackSource],
          parts: Sequence[str]) -> tuple[PackHooks, Registry, list[PackData], list[PackSource]]:
    """Load packs for real: manifests, dependency order, the packs' hooks, every content file
    read and checked (YAML and schemas are imported here only)."""
    from clank.content.validate import check_manifests, load_pack_dirs

    manifests = {src.id: _manifest(src) for src in sources}
    sources = dependency_order(sources, lambda s: s.id, lambda s: manifests[s.id].get("requires"))
    refused = [p for p in check_manifests([Path(str(s.data_dir)) for s in sources]) if p.is_error]
    if refused:   # engine version, requires, conflicts: before any pack code is registered
        raise ContentError(refused)
    hooks = PackHooks(sources)
    registry = hooks.build_registry()
    dirs = [Path(str(src.data_dir)) for src in sources]
    datas = load_pack_dirs(dirs, registry, _parts_by_pack(sources, manifests, parts), installed_packs())
    datas = dependency_order(datas, lambda d: d.id, lambda d: d.manifest.get("requires"))
    return hooks, registry, datas, sources


def _manifest(src: PackSource) -> dict[str, Any]:
    """A pack's manifest as plain data ({} when unreadable: the loader reports why)."""
    from clank.content.yamlload import load_yaml_file

    try:
        manifest, _ = load_yaml_file(Path(str(src.data_dir)) / MANIFEST)
    except ContentError:
        return {}
    return manifest if isinstance(manifest, dict) else {}


def manifest_requires(src: PackSource) -> list[str]:
    """The pack ids a pack's manifest ``requires`` (empty when unreadable: the loader says why)."""
    if src.data_dir is None:
        return []
    req = _manifest(src).get("requires")
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


def pack_sources(specs: Sequence[str], modules: dict[str, ModuleType] | None = None) -> list[PackSource]:
    """Find packs and, transitively, the packs their manifests require; requirements first.

    ``specs`` are pack ids or directories (as ``--packs`` takes them); a required pack must
    be installed (or given in ``modules``). Raises :class:`~clank.plugins.PackLoadError`.
    Directory packs are listed too, but they bring no code (they are never imported).
    """
    order: list[PackSource] = []
    seen: set[str] = set()

    def visit(spec: str, wanted_by: str | None) -> None:
        key = str(Path(spec).resolve()) if is_path(spec) and not (modules and spec in modules) else spec
        if key in seen:
            return
        seen.add(key)
        try:
            src = find_pack(spec, modules)
        except PackLoadError as exc:
            if wanted_by is None:
                raise
            raise PackLoadError(f"pack {wanted_by!r} requires {spec!r}: {exc}") from None
        seen.add(src.id)
        for req in sorted(manifest_requires(src)):
            visit(req, src.id)
        order.append(src)

    for spec in specs:
        visit(spec, None)
    return order


def dependency_order(items: Sequence[T], id_of: Callable[[T], str],
                     requires_of: Callable[[T], Any]) -> list[T]:
    """Items after the items they require, ties by id: never install or command-line order."""
    by_id = {id_of(i): i for i in items}
    out: list[T] = []
    seen: set[str] = set()

    def visit(item: T) -> None:
        if id_of(item) in seen:
            return
        seen.add(id_of(item))
        reqs = requires_of(item)
        for req in sorted(r for r in reqs if isinstance(r, str)) if isinstance(reqs, list) else ():
            if req in by_id:
                visit(by_id[req])
        out.append(item)

    for pid in sorted(by_id):
        visit(by_id[pid])
    return out


def _parts_by_pack(sources: Sequence[PackSource], manifests: dict[str, dict[str, Any]],
                   parts: Sequence[str]) -> dict[str, list[str]]:
    """Give each optional part name to the packs whose manifest declares it.

    ``pack:part`` names one pack; a bare name that no loaded pack declares goes to every pack,
    so the loader reports it as an unknown part.
    """
    declared: dict[str, set[str]] = {}
    for src in sources:
        found = manifests[src.id].get("parts")
        declared[src.id] = set(found) if isinstance(found, dict) else set()
    out: dict[str, list[str]] = {src.id: [] for src in sources}
    for name in parts:
        pack, sep, part = name.partition(":")
        if sep and pack in out:
            out[pack].append(part)
            continue
        bare = name.removeprefix("-")
        owners = [pid for pid, names in declared.items() if bare in names] or list(out)
        for pid in owners:
            out[pid].append(name)
    return out


def build_ruleset(packs: str | Sequence[str], options: dict[str, Any] | None = None,
                  modules: dict[str, ModuleType] | None = None) -> Ruleset:
    """Load and compile the packs once per process (YAML and schemas stay out of the hot path).

    Two options shape the content itself: ``parts`` (the packs' optional parts) and
    ``overrides`` (cards changed or left out without editing files, see
    :mod:`clank.content.overrides`; a mistake in them raises
    :class:`~clank.content.overrides.OverrideError`, a ``ValueError``). Overrides are applied to
    the loaded content after the compiled-content cache, which keeps only what the files say.
    """
    specs = split_packs(packs)
    options = dict(options or {})
    parts = _parts_of(options)
    changes = options.get(OVERRIDES)
    overrides = content_overrides.canonical(changes) if changes else ""
    key = (tuple(specs), parts, overrides, tuple(sorted((k, id(m)) for k, m in (modules or {}).items())))
    rs = _CACHE.get(key)
    if rs is None:
        hooks, registry, datas = load_packs(specs, parts, modules)
        if overrides:
            datas = content_overrides.apply_overrides(datas, registry, changes)
        try:
            rs = Ruleset(registry, datas, {"parts": list(parts),
                                           **({OVERRIDES: json.loads(overrides)} if overrides else {})})
        except Exception as exc:      # a pack's compile callback failed: the pack fails to load
            fault = blame(exc, registry)
            if fault is None:
                raise
            raise PackCodeError([fault]) from exc
        rs.specs = specs
        rs.hooks = hooks
        _CACHE[key] = rs
    return rs


def _parts_of(options: dict[str, Any]) -> tuple[str, ...]:
    parts = options.get("parts", ())
    return tuple(sorted([parts] if isinstance(parts, str) else parts))


def configure_game(packs: str | Sequence[str], players: int, options: dict[str, Any] | None = None,
                   modules: dict[str, ModuleType] | None = None) -> tuple[Ruleset, int, dict[str, Any]]:
    """The ruleset, player count and options a new game is set up with.

    An option no loaded pack declares (``Registry.add_option``) is refused with
    :class:`~clank.game.setup.SetupError`. The packs' ``clank_configure`` implementations may
    adjust or refuse the configuration (a ``ValueError`` becomes that error too) and may switch
    optional parts on or off (``options["parts"]``): the ruleset is then built with those parts.
    """
    options = dict(options or {})
    ruleset = build_ruleset(packs, options, modules)
    setup_mod.check_options(ruleset, options)                # a misspelt option is refused, never ignored
    built_with = _parts_of(options)
    config: dict[str, Any] = {"players": players, "options": options}
    try:
        ruleset.hooks.configure(config)                       # packs may adjust or refuse
    except ValueError as exc:
        raise setup_mod.SetupError(str(exc)) from exc
    players, configured = int(config["players"]), dict(config["options"])
    if _parts_of(configured) != built_with:                   # a pack switched parts on (or off)
        ruleset = build_ruleset(packs, configured, modules)
    return ruleset, players, configured


def new_game(packs: str | Sequence[str], players: int = 4, seed: int = 0,
             options: dict[str, Any] | None = None, names: list[str] | None = None,
             modules: dict[str, ModuleType] | None = None) -> Game:
    """Set up a new game (S1-S19) and run it to the first decision."""
    ruleset, players, options = configure_game(packs, players, options, modules)
    try:
        state = setup_mod.new_state(ruleset, players, seed, options, names)
        game = Game(ruleset, state)
        setup_mod.begin(game)
    except setup_mod.SetupError:
        raise
    except Exception as exc:
        fault = blame(exc, ruleset.registry)
        if fault is not None:                                       # a pack's code failed in setup
            raise fault from exc
        if isinstance(exc, (KeyError, TypeError, ValueError, IndexError)):   # setup data that cannot be played
            raise setup_mod.SetupError(f"the loaded packs cannot set up a game: {type(exc).__name__}: {exc}") from exc
        raise
    return game


RECORD_FORMAT = "clank-record/1"
ACTIONS_DIGEST_KEY = "actions_sha256"
STATE_DIGEST_KEY = "final_state_sha256"


def state_digest(game: Game) -> str:
    """SHA-256 of the canonical JSON of the whole state (:func:`clank.testing.state_json`): two
    games are in the same state exactly when their digests are equal."""
    text = json.dumps(game.state.to_dict(), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def actions_digest(actions: Sequence[str]) -> str:
    """SHA-256 of a record's action texts, one per line."""
    return hashlib.sha256("\n".join(actions).encode("utf-8")).hexdigest()


def bot_seed(game_seed: int, seat: int, start: int = 0) -> int:
    """A bot's seed, derived from the game seed and its seat (and the action it starts at).

    ``start`` is 0 for a new game, so every front end that seats the same bots on the same
    seed plays the same game (``clank simulate``, ``clank play --humans 0``, ``clank serve``,
    the learning environments of :mod:`clank.rl`);
    a resumed game seeds its bots from the resume point.
    """
    key = f"{game_seed}:{seat}" if start == 0 else f"{game_seed}:{seat}:{start}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def content_hash(ruleset: Ruleset) -> str:
    """A digest of what a ruleset was built from: each pack's id and version, the optional
    parts, every card, token and tile entry, the merged setup, the packs' own content kinds,
    and the names the packs' code registers (ops, room features, decision kinds ...).

    Two rulesets with the same hash hold the same content, whatever machine or directory the
    packs were loaded from: what is derived from content (a learning environment's
    observation and action layouts, :mod:`clank.rl`) is versioned by it."""
    reg = ruleset.registry
    registered = {name: sorted(getattr(reg, name)) for name in (
        "ops", "conditions", "room_features", "tunnel_icons", "resources", "teleport_kinds", "action_kinds",
        "decision_kinds", "markets", "cube_kinds", "stats", "events", "options")}
    material = {"versions": ruleset.pack_versions, "parts": ruleset.options.get("parts", []),
                "cards": {k: v.data for k, v in ruleset.cards.items()},
                "tokens": {k: v.data for k, v in ruleset.tokens.items()},
                "tiles": {k: v.data for k, v in ruleset.tiles.items()},
                "setup": ruleset.setup, "extra": ruleset.extra, "registered": registered}
    text = json.dumps(material, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def game_record(game: Game, digests: bool = False) -> dict[str, Any]:
    """A game record: packs and versions, options, seed, players and every action, as text.

    With ``digests`` it also holds ``actions_sha256`` (:func:`actions_digest`: a record cut back
    or edited is refused by ``clank replay``) and ``final_state_sha256`` (:func:`state_digest`
    of the state after the last action, which ``clank replay`` checks)."""
    cfg = game.state.config
    record = {"format": RECORD_FORMAT, "packs": list(game.ruleset.specs),
              "versions": dict(game.ruleset.pack_versions), "players": cfg["players"], "seed": cfg["seed"],
              "options": cfg["options"], "names": [p.name for p in game.state.players],
              "actions": list(game.state.history)}
    if digests:
        record[ACTIONS_DIGEST_KEY] = actions_digest(record["actions"])
        record[STATE_DIGEST_KEY] = state_digest(game)
    return record


def locate_packs(specs: Sequence[str], pack_dirs: Sequence[str] = ()) -> list[str]:
    """The packs to load for a record's ``specs`` when some are directory packs given here
    (``clank replay --pack-dir DIR``): a recorded pack id that is a given directory's id (the
    web table records a directory pack by its id), or a recorded path whose last part is (a
    record made on another machine names its directory there), is loaded from the given
    directory; every other pack as recorded. Raises :class:`PackLoadError` for a given
    directory that holds no pack."""
    given: dict[str, str] = {}
    for folder in pack_dirs:
        path = str(Path(folder).resolve())
        given[find_pack(path).id] = path
    return [given.get(Path(spec).name if is_path(spec) else spec, spec) for spec in specs]


def replay(record: dict[str, Any], pack_dirs: Sequence[str] = ()) -> Game:
    """Replay a game record to its final state; raises ValueError if it does not replay.
    ``pack_dirs``: directory packs to load the record's packs from (:func:`locate_packs`)."""
    if record.get("format") != RECORD_FORMAT:
        raise ValueError("not a clank game record (format 'clank-record/1' expected)")
    game = new_game(locate_packs(record["packs"], pack_dirs), record["players"], record["seed"],
                    record.get("options"), record.get("names"))
    if record.get("versions") and record["versions"] != game.ruleset.pack_versions:
        raise ValueError(f"recorded with pack versions {record['versions']}, "
                         f"installed {game.ruleset.pack_versions}")
    for i, text in enumerate(record["actions"]):
        try:
            game.apply(text)
        except ValueError as exc:
            raise ValueError(f"action {i + 1} ({text!r}) does not replay: {exc}") from exc
    return game


__all__ = ["ACTIONS_DIGEST_KEY", "RECORD_FORMAT", "STATE_DIGEST_KEY", "ContentError", "Game", "PackCodeError",
           "PackFault", "PackLoadError", "PackSource", "Registry", "RegistryError", "SetupError", "actions_digest", "best_artifacts", "bot_seed",
           "build_ruleset", "configure_game", "content_hash", "dependency_order", "find_pack", "game_record",
           "installed_packs", "is_path", "load_packs", "locate_packs", "manifest_requires", "new_game", "pack_sources",
           "registry_for", "replay", "split_packs", "state_digest"]
