"""The game state: plain data, serialisable to JSON and back without loss.

Everything that changes during a game lives here (the random generator's state included);
everything that does not (card definitions, compiled effects, registries) lives in the
:class:`clank.game.ruleset.Ruleset` shared by clones.
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

LIVE, ESCAPED, KNOCKED_OUT = "live", "escaped", "knocked_out"


@dataclass(slots=True)
class PlayerState:
    """One seat: cards, pawn, supply, health and resources (``game.player(seat)``).

    - ``status``: ``live``, ``escaped`` or ``knocked_out`` (N3); ``room``: where the pawn is
      (``ko_room``: where it lies once knocked out).
    - ``deck`` (top last), ``hand``, ``play`` (the play area), ``discard``: card ids.
    - ``cubes``: cubes in the personal supply; ``damage``: markers on the health meter
      (``own``, ``black``, ``neutral``).
    - ``pool``: every resource by name, the turn ones (skill, swords, boots) and the kept ones
      (gold, what packs add); ``gold`` reads ``pool["gold"]``.
    - ``teleports``: held teleport kinds (T13); ``pending_neg``: pending negative Clank! (T9).
    - ``tokens``, ``artifacts``: token ids held; ``stats``: whole-game statistics.
    - ``ext``: the packs' data for the seat, JSON-ready, keyed by pack id.
    """

    seat: int
    name: str = ""
    status: str = LIVE
    room: str | None = None
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    cubes: int = 30                      # cubes in the personal supply
    damage: list[str] = field(default_factory=list)   # markers: "own", "black", "neutral"
    pool: dict[str, int] = field(default_factory=dict)  # every resource: turn ones (skill ...) and kept ones (gold ...)
    teleports: list[str] = field(default_factory=list)  # held teleport kinds (T13)
    pending_neg: int = 0                 # pending negative Clank! (T9)
    tokens: list[str] = field(default_factory=list)     # token ids held (items, secrets ...)
    artifacts: list[str] = field(default_factory=list)  # artifact token ids held
    stats: dict[str, int] = field(default_factory=dict)  # whole-game statistics
    ko_room: str | None = None           # where the pawn lies if knocked out
    ext: dict[str, Any] = field(default_factory=dict)   # pack-namespaced state

    @property
    def gold(self) -> int:
        """Gold in the supply (a shortcut for ``pool["gold"]``)."""
        return self.pool.get("gold", 0)

    @gold.setter
    def gold(self, value: int) -> None:
        self.pool["gold"] = value


@dataclass(slots=True)
class TurnState:
    """What the current turn remembers; reset at every turn start (``game.turn``).

    ``phase`` (``main``, ``end``, ``out``), ``stats`` (``game.turn_stat``), ``flags``
    (``game.has_flag``), ``rewards`` (rooms whose reward was collected, R9), ``escaping`` (E1),
    ``move`` (a move waiting for a discovered tile's orientation, X8), ``dragon_pending`` (D4),
    ``prevented`` (damage reactions prevent, by seat), ``abilities_used``, ``watchers`` and
    ``held`` (C11), ``end_effects`` and the packs' ``ext``, reset with the rest.
    """

    phase: str = "main"                                # main | end | out
    stats: dict[str, int] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    rewards: list[str] = field(default_factory=list)   # rooms whose reward was collected (R9)
    escaping: bool = False                             # the pawn escapes at the end of this turn (E1)
    move: dict[str, Any] | None = None                 # a move waiting for a discovered tile's orientation
    dragon_pending: bool = False                       # the refill revealed a dragon-attack icon (D4)
    prevented: dict[str, int] = field(default_factory=dict)  # damage points reactions prevent, by seat
    abilities_used: list[str] = field(default_factory=list)  # cards in play whose ability was used
    watchers: list[list] = field(default_factory=list) # C11 watched conditions
    held: list[str] = field(default_factory=list)      # conditions that look back and held this turn (C11a)
    end_effects: list[list] = field(default_factory=list)  # "at end of this turn" tasks
    ext: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class PlacedTile:
    """A tile on the map: which tile, where, turned how far (quarter turns clockwise).

    In a slot region (:class:`~clank.dungeon.SlotRegion`) ``slot`` names the slot the tile
    fills and ``x, y`` is where that slot is drawn; on a grid ``slot`` is empty."""

    tile: str
    x: int
    y: int
    rot: int = 0
    region: str = "catacombs"
    slot: str = ""


@dataclass(slots=True)
class GameState:
    """The whole game."""

    config: dict[str, Any]
    rng: int = 0
    players: list[PlayerState] = field(default_factory=list)
    current: int = 0
    first: int = 0
    turn_no: int = 0
    round: int = 1
    over: bool = False
    aborted: bool = False
    dungeon_deck: list[str] = field(default_factory=list)
    row: list[str | None] = field(default_factory=list)
    dungeon_discard: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)        # trashed / removed cards
    reserve: dict[str, int] = field(default_factory=dict)
    clank_area: dict[str, int] = field(default_factory=dict)   # cubes by kind: seats "0".."5", packs' kinds
    bag: dict[str, int] = field(default_factory=dict)          # the same kinds and "black"
    bank: dict[str, int] = field(default_factory=dict)         # "black" and packs' cube kinds
    rage: int = 0
    rage_advances: int = 0
    stacks: dict[str, list[str]] = field(default_factory=dict)   # tile stacks by region/name
    removed_tiles: list[str] = field(default_factory=list)
    tiles: list[PlacedTile] = field(default_factory=list)
    rooms: dict[str, dict[str, Any]] = field(default_factory=dict)  # per-room mutable state
    covered: list[str] = field(default_factory=list)          # tunnel icons paid for good ("tile#tunnel#i")
    pieces: dict[str, dict[str, Any]] = field(default_factory=dict)  # non-player pieces on the map, by id
    links: list[dict[str, Any]] = field(default_factory=list)  # tunnels no tile draws (U-M2)
    artifact_stack: list[str] = field(default_factory=list)   # top first
    pools: dict[str, list[str]] = field(default_factory=dict) # token pools, top = last
    market: dict[str, list[str]] = field(default_factory=dict)  # board -> token ids (top first)
    token_box: list[str] = field(default_factory=list)
    queue: list[list] = field(default_factory=list)      # pending effect tasks
    decision: dict[str, Any] | None = None               # a pause in the middle of an effect
    turn: TurnState = field(default_factory=TurnState)
    log: list[str] = field(default_factory=list)
    history: list[str] = field(default_factory=list)     # every applied action, as text
    ext: dict[str, Any] = field(default_factory=dict)

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible copy of the whole state: what :func:`dataclasses.asdict` gives
        (equal, key for key and in the same order), made about ten times faster
        (:func:`plain_data`)."""
        return plain_data(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, owned: bool = False) -> GameState:
        """Rebuild a state from :meth:`to_dict` output; raises ``ValueError`` if malformed.
        The state is built from a copy of ``data`` unless ``owned`` says the caller gives
        ``data`` away (text it just parsed): then the state takes its lists and dicts."""
        try:
            if not owned:
                data = copy_plain(data)
            known = {f.name for f in fields(cls)}
            unknown = set(data) - known
            if unknown:
                raise ValueError(f"unknown state fields: {sorted(unknown)}")
            data["players"] = [PlayerState(**p) for p in data["players"]]
            data["turn"] = TurnState(**data["turn"])
            data["tiles"] = [PlacedTile(**t) for t in data["tiles"]]
            state = cls(**data)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed game state: {exc}") from exc
        _check_types(state, "state")
        return state

    def clone(self) -> GameState:
        """An independent deep copy, field by field: lists of text (decks, the log, the
        history) are copied flat, packs' free-form data (``ext``) and pending tasks deeply."""
        return _copy_dataclass(self)


# -- copying (a clone is a search bot's every step: it must be cheap) ----------------------------
_ATOMS = frozenset({str, int, float, bool, type(None)})


def copy_plain(value: Any) -> Any:
    """A deep copy of JSON-like data: dicts, lists and tuples whose leaves are text, numbers,
    booleans or ``None`` (a state dataclass inside is copied field by field; anything else
    by :func:`copy.deepcopy`)."""
    cls = value.__class__
    if cls in _ATOMS:
        return value
    if cls is list:
        return [v if v.__class__ in _ATOMS else copy_plain(v) for v in value]
    if cls is dict:
        return {k: v if v.__class__ in _ATOMS else copy_plain(v) for k, v in value.items()}
    if cls is tuple:
        return tuple(copy_plain(v) for v in value)
    if is_dataclass(cls):
        return _copy_dataclass(value)
    return copy.deepcopy(value)


def _copy_dataclass(obj: Any) -> Any:
    return _dataclass_copier(obj.__class__)(obj)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@functools.cache
def _dataclass_copier(cls: type) -> Callable[[Any], Any]:
    """The copy of one state dataclass, written out for its fields (as ``dataclasses`` writes
    ``__init__``): each field whose value may change in place copied, the others taken as they
    are. A frozen record (a pack's own, in ``ext``) is filled through ``object.__setattr__``."""
    frozen = cls.__dataclass_params__.frozen   # type: ignore[attr-defined]
    env: dict[str, Any] = {"new": cls.__new__, "cls": cls, "set_field": object.__setattr__}
    lines = ["def copy_one(obj):", "    out = new(cls)"]
    hints = _hints(cls)
    for i, name in enumerate(f.name for f in fields(cls)):
        copier = _copier(hints[name])        # None: the value is immutable, taken as it is
        value = f"obj.{name}"
        if copier is not None:
            env[f"copy_{i}"] = copier
            lines.append(f"    value = obj.{name}")
            value = f"None if value is None else copy_{i}(value)"
        lines.append(f"    set_field(out, {name!r}, {value})" if frozen else f"    out.{name} = {value}")
    lines.append("    return out")
    exec("\n".join(lines), env)      # field names are identifiers: dataclass fields must be
    return env["copy_one"]


def _atomic(hint: Any) -> bool:
    """Whether values declared as ``hint`` are immutable plain values (text, numbers, None)."""
    if hint in _ATOMS:
        return True
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return all(a in _ATOMS for a in typing.get_args(hint))
    return False


def _copy_lists(value: dict[Any, list[Any]]) -> dict[Any, list[Any]]:
    return {k: v.copy() for k, v in value.items()}


def _copy_records(value: list[Any]) -> list[Any]:
    return [_copy_dataclass(x) for x in value]


def _copy_dicts(value: dict[Any, dict[Any, Any]]) -> dict[Any, dict[Any, Any]]:
    return {k: copy_plain(v) if v else {} for k, v in value.items()}    # most rooms hold nothing


def _copier(hint: Any) -> Callable[[Any], Any] | None:
    """The cheapest correct copy for values declared as ``hint``."""
    if _atomic(hint):
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in args if a is not type(None)]
        return _copier(inner[0]) if len(inner) == 1 else copy_plain
    if origin is list and args and _atomic(args[0]):
        return list.copy
    if origin is list and args and is_dataclass(args[0]):
        return _copy_records
    if origin is dict and len(args) == 2 and _atomic(args[0]):
        value_origin, value_args = typing.get_origin(args[1]), typing.get_args(args[1])
        if _atomic(args[1]):
            return dict.copy
        if value_origin is list and value_args and _atomic(value_args[0]):
            return _copy_lists
        if value_origin is dict:
            return _copy_dicts
    if is_dataclass(hint):
        return _copy_dataclass     # its copier looked up when a value is copied: a record may hold its own kind
    return copy_plain


# -- as plain data (a save, a digest, a view: what dataclasses.asdict gives, faster) ----------
_IS_ATOM = _ATOMS.__contains__


def plain_data(value: Any) -> Any:
    """``value`` as :func:`dataclasses.asdict` turns what a dataclass holds into plain data:
    every dataclass inside a ``dict`` of its fields, lists, tuples and dicts copied, anything
    else deep-copied; equal to it, in the same order. Lists and dicts of plain values (most of
    a state: cards, log lines, pools) are copied flat once their element types are checked in
    one pass, and each state dataclass has a converter written out for its fields."""
    cls = value.__class__
    if cls in _ATOMS:
        return value
    if cls is list:
        if all(map(_IS_ATOM, map(type, value))):
            return value.copy()
        return [plain_data(v) for v in value]
    if cls is dict:
        if all(map(_IS_ATOM, map(type, value.values()))) and all(map(_IS_ATOM, map(type, value))):
            return value.copy()
        return {plain_data(k): plain_data(v) for k, v in value.items()}
    if cls is tuple:
        return tuple(plain_data(v) for v in value)
    if is_dataclass(cls):
        return _record_dict(value)
    return _asdict_other(value)


def _record_dict(obj: Any) -> dict[str, Any]:
    return _dict_maker(obj.__class__)(obj)


def _asdict_other(value: Any) -> Any:
    """:func:`plain_data` of what a state seldom holds, as ``asdict`` treats it: a named tuple
    field by field, a subclass of list, tuple or dict (a ``defaultdict`` with its factory) of
    its own type, anything else deep-copied."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[plain_data(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(plain_data(v) for v in value)
    if isinstance(value, dict):
        items = ((plain_data(k), plain_data(v)) for k, v in value.items())
        if isinstance(value, defaultdict):
            return type(value)(value.default_factory, items)
        return type(value)(items)
    return copy.deepcopy(value)


@functools.cache
def _dict_maker(cls: type) -> Callable[[Any], dict[str, Any]]:
    """The plain ``dict`` of one dataclass's fields, written out for them (as ``dataclasses``
    writes ``__init__``): a plain value taken as it is, anything else through :func:`plain_data`."""
    env: dict[str, Any] = {"plain": plain_data, "ATOMS": _ATOMS}
    lines = ["def to_dict(obj):"]
    items = []
    for i, name in enumerate(f.name for f in fields(cls)):
        lines.append(f"    v{i} = obj.{name}")
        items.append(f"{name!r}: v{i} if v{i}.__class__ in ATOMS else plain(v{i})")
    lines.append("    return {" + ", ".join(items) + "}")
    exec("\n".join(lines), env)      # field names are identifiers: dataclass fields must be
    return env["to_dict"]


# -- checking a loaded state (a corrupt save must fail at load, not later) -------------------
Check = Callable[[Any, str], None]
"""``check(value, path)``: raises ``ValueError`` naming ``path`` when ``value`` is not of a type."""


def _check_types(obj: Any, path: str) -> None:
    """Every field of a state dataclass holds a value of its annotated type (ValueError if not)."""
    kind: Any = type(obj)           # (a class is hashable: the cache's key)
    check = _checker(kind)
    if check is not None:
        check(obj, path)


@functools.cache
def _checker(hint: Any) -> Check | None:
    """The check of values declared as ``hint``, made once per type (None: anything goes).
    Lists and dicts of plain values are checked in one pass over their element types; the
    path of an element is only written when it is wrong."""
    if hint is Any:
        return None
    if isinstance(hint, type) and is_dataclass(hint):
        return _dataclass_checker(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        nullable = type(None) in args
        inner = _checker(next(a for a in args if a is not type(None)))

        def check_union(value: Any, path: str) -> None:
            if value is None and nullable:
                return
            if inner is not None:
                inner(value, path)
        return check_union
    base = origin or hint
    is_int = base is int

    def check_base(value: Any, path: str) -> None:
        if not isinstance(value, base) or (is_int and isinstance(value, bool)):
            raise ValueError(f"malformed game state: {path} should be {getattr(base, '__name__', base)}, "
                             f"not {type(value).__name__}")
    if base is list and args:
        return _list_checker(check_base, args[0])
    if base is dict and args:
        return _dict_checker(check_base, args[0], args[1])
    return check_base


def _dataclass_checker(cls: type) -> Check:
    hints = _hints(cls)
    found = [(f.name, _checker(hints[f.name])) for f in fields(cls)]
    checks = [(name, check) for name, check in found if check is not None]

    def check_dataclass(value: Any, path: str) -> None:
        if not isinstance(value, cls):
            raise ValueError(f"malformed game state: {path} is not a {cls.__name__}")
        for name, check in checks:
            check(getattr(value, name), f"{path}.{name}")
    return check_dataclass


def _exactly(hint: Any) -> Callable[[Iterable[Any]], bool]:
    """Whether every one of some values is exactly of the plain type ``hint`` (then they pass in
    one pass, with no path written); always False for any other hint."""
    if hint not in _ATOMS:
        return lambda values: False
    exact = {hint}
    return lambda values: {v.__class__ for v in values} <= exact


def _list_checker(check_base: Check, item_hint: Any) -> Check:
    item, all_plain = _checker(item_hint), _exactly(item_hint)

    def check_list(value: Any, path: str) -> None:
        check_base(value, path)
        if item is None or all_plain(value):
            return
        for i, v in enumerate(value):
            item(v, f"{path}[{i}]")
    return check_list


def _dict_checker(check_base: Check, key_hint: Any, value_hint: Any) -> Check:
    key, keys_plain = _checker(key_hint), _exactly(key_hint)
    val, values_plain = _checker(value_hint), _exactly(value_hint)

    def check_dict(value: Any, path: str) -> None:
        check_base(value, path)
        if key is not None and not keys_plain(value):
            for k in value:
                key(k, f"{path} key")
        if val is not None and not values_plain(value.values()):
            for k, v in value.items():
                val(v, f"{path}[{k!r}]")
    return check_dict


def check_references(state: GameState, ruleset: Any, steps: Collection[str]) -> None:
    """Every id a state names exists in ``ruleset`` and every seat and pending task is in range.

    ``steps`` are the names of the engine's system steps. Raises ``ValueError`` on the first
    problem (a corrupt or foreign save).
    """
    def need(ids: Any, table: Mapping[str, Any], what: str) -> None:
        for i in ids:
            if i is not None and i not in table:
                raise ValueError(f"corrupt save: unknown {what} {i!r}")

    n = len(state.players)
    if n == 0 or not (0 <= state.current < n and 0 <= state.first < n):
        raise ValueError("corrupt save: seats out of range")
    cards, tokens, tiles = ruleset.cards, ruleset.tokens, ruleset.tiles
    need([*state.dungeon_deck, *state.row, *state.dungeon_discard, *state.box, *state.reserve], cards, "card")
    need([t.tile for t in state.tiles] + state.removed_tiles
         + [t for stack in state.stacks.values() for t in stack], tiles, "tile")
    need([*state.artifact_stack, *state.token_box, *(t for pool in state.pools.values() for t in pool),
          *(t for board in state.market.values() for t in board)], tokens, "token")
    placed = {t.tile for t in state.tiles}
    for i, p in enumerate(state.players):
        if p.seat != i:
            raise ValueError(f"corrupt save: player {i} has seat {p.seat}")
        need([*p.deck, *p.hand, *p.play, *p.discard], cards, "card")
        need([*p.tokens, *p.artifacts], tokens, "token")
        for room in (p.room, p.ko_room):
            if room is None:
                continue
            tile, _, local = room.partition(".")
            if tile not in placed or local not in tiles[tile].rooms:
                raise ValueError(f"corrupt save: seat {i} is in an unknown room {room!r}")
    for task in state.queue:
        if not (isinstance(task, list) and len(task) == 3 and isinstance(task[1], int) and 0 <= task[1] < n):
            raise ValueError(f"corrupt save: malformed pending task {task!r}")
        addr = task[0]
        if isinstance(addr, str):
            if addr not in steps:
                raise ValueError(f"corrupt save: unknown step {addr!r}")
        elif not (isinstance(addr, int) and 0 <= addr < len(ruleset.program)):
            raise ValueError(f"corrupt save: bad effect address {addr!r}")
    need(state.turn.held, ruleset.looking_back, "condition held this turn")
    if state.decision is not None and not (isinstance(state.decision.get("seat"), int)
                                           and 0 <= state.decision["seat"] < n):
        raise ValueError("corrupt save: the pending decision names no seat")
    d = state.decision
    then = d.get("then") if d is not None and d.get("kind") == "pay" else None
    if then is not None and (not isinstance(then, str) or then not in steps):   # pay_then's step, by name
        raise ValueError(f"corrupt save: the pending decision carries on with an unknown step {then!r}")
