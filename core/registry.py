"""The registry: everything packs contribute at build time, gathered once per game.

Packs fill a :class:`Registry` through the ``clank_register_*`` hooks; the engine then reads
plain dictionaries in the hot path, never the plugin manager.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


class RegistryError(ValueError):
    """A pack registered something twice or something malformed."""


@dataclass(frozen=True)
class OpDef:
    """An effect operation.

    ``run(ctx, args)`` performs it; ``ctx`` is an :class:`clank.game.effects.EffectContext`.
    ``schema`` is the JSON Schema of the op's arguments; ``doc`` and ``example`` feed the
    authoring guide. ``compile(arg, compiler)`` may pre-process arguments once at load time.
    """

    name: str
    run: Callable[..., Any]
    schema: JSON
    doc: str = ""
    example: Any = None
    pack: str = ""
    compile: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class ConditionDef:
    """A condition usable in ``if`` ops, ``choose`` options and points expressions.

    ``test(game, seat, arg) -> bool``.
    """

    name: str
    test: Callable[..., bool]
    schema: JSON
    doc: str = ""
    example: Any = None
    pack: str = ""


@dataclass(frozen=True)
class QuantityDef:
    """A countable quantity of a player (``artifacts``, ``secret_tomes`` ...).

    ``count(game, seat) -> int``.
    """

    name: str
    count: Callable[..., int]
    doc: str = ""
    pack: str = ""


@dataclass
class RoomFeatureDef:
    """What a room feature does. Every callback is optional.

    - ``on_place(game, room_id, arg)``: the tile holding the room was placed (X11).
    - ``on_enter(game, seat, room_id, arg)``: a pawn entered the room (A12).
    - ``on_turn_start(game, seat, room_id, arg)``: a turn starts with the pawn here (T3).
    - ``actions(game, seat, room_id, arg) -> list[Action]``: in-room actions now legal.
    - ``apply(game, seat, room_id, arg, action)``: perform one of those actions.
    - ``may_enter(game, seat, room_id, arg) -> str | None``: a reason the pawn may not enter.
    - ``arg_schema``: JSON Schema of the feature's argument (``artifact(plus=1)`` → ``{plus: 1}``).
    - ``example``: the feature as a tile writes it in a room's ``features`` (``"artifact(plus=1)"``),
      shown in the authoring guide.
    """

    name: str
    doc: str = ""
    arg_schema: JSON | None = None
    on_place: Callable[..., None] | None = None
    on_enter: Callable[..., None] | None = None
    on_turn_start: Callable[..., None] | None = None
    actions: Callable[..., list] | None = None
    apply: Callable[..., None] | None = None
    may_enter: Callable[..., str | None] | None = None
    counts_as: tuple[str, ...] = ()   # other feature names this one answers to in conditions
    pack: str = ""
    example: str | None = None


@dataclass
class TunnelIconDef:
    """What a tunnel icon costs or does when a pawn moves through it (A6-A10).

    - ``extra_boots``: Boots each such icon adds to a move (footprint = 1).
    - ``damage``: damage each icon deals, preventable by Swords (monster = 1).
    - ``lock``: the icon must be covered with a lockpick to pass (A9).
    - ``damage_ignored_by``: a turn flag that cancels the icon's damage.
    - ``example``: a tunnel carrying the icon, as a tile writes it (``{"ends": [...], "icons": [...]}``),
      shown in the authoring guide.
    """

    name: str
    doc: str = ""
    extra_boots: int = 0
    damage: int = 0
    lock: bool = False
    damage_ignored_by: str | None = None
    pack: str = ""
    example: JSON | None = None


@dataclass(frozen=True)
class ResourceDef:
    """A resource: ``turn`` resources (skill, swords, boots) vanish at end of turn."""

    name: str
    turn: bool
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True)
class TeleportKindDef:
    """A kind of held teleport: ``targets(game, seat) -> list[room_id]``.

    ``adjacent`` is the core kind; packs add more (e.g. to a player's room in the Depths).
    """

    name: str
    targets: Callable[..., list[str]]
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True)
class BotDef:
    """A bot: ``factory(seed: int) -> Bot``; a bot has ``choose(game) -> Action`` for the deciding seat."""

    name: str
    factory: Callable[..., Any]
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True)
class ActionKindDef:
    """A pack-defined kind of turn action (market buy, token use ...).

    ``enumerate(game, seat) -> list[Action]`` lists legal actions of the kind during the
    current player's main decision; ``apply(game, seat, action)`` performs one.
    ``explain(game, seat, action) -> str`` gives the reason an action is refused.
    """

    name: str
    enumerate: Callable[..., list]
    apply: Callable[..., None]
    explain: Callable[..., str] | None = None
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True)
class DecisionKindDef:
    """A pack-defined kind of pending decision (pause in the middle of an effect).

    ``legal(game, decision) -> list[Action]`` and ``resolve(game, decision, action)``.
    """

    name: str
    legal: Callable[..., list]
    resolve: Callable[..., None]
    doc: str = ""
    pack: str = ""


@dataclass
class Registry:
    """Everything the loaded packs contribute; built once, then read-only during play."""

    ops: dict[str, OpDef] = field(default_factory=dict)
    conditions: dict[str, ConditionDef] = field(default_factory=dict)
    quantities: dict[str, QuantityDef] = field(default_factory=dict)
    room_features: dict[str, RoomFeatureDef] = field(default_factory=dict)
    tunnel_icons: dict[str, TunnelIconDef] = field(default_factory=dict)
    resources: dict[str, ResourceDef] = field(default_factory=dict)
    teleport_kinds: dict[str, TeleportKindDef] = field(default_factory=dict)
    bots: dict[str, BotDef] = field(default_factory=dict)
    action_kinds: dict[str, ActionKindDef] = field(default_factory=dict)
    decision_kinds: dict[str, DecisionKindDef] = field(default_factory=dict)
    # event name -> listeners ``fn(game, event: dict)``, called in registration order
    listeners: dict[str, list[Callable[..., None]]] = field(default_factory=dict)
    # extra JSON Schemas of content kinds packs add: kind -> schema
    content_schemas: dict[str, JSON] = field(default_factory=dict)
    # score contributions ``fn(game, seat) -> list[(source, points)]`` folded at game end
    scorers: list[Callable[..., list]] = field(default_factory=list)
    # tie-break keys ``fn(game, seat) -> comparable`` checked before the core's (E9, U-M20)
    tiebreakers: list[Callable[..., Any]] = field(default_factory=list)
    # value modifiers by name: ``fn(game, value, **context) -> value`` folded in order
    modifiers: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    # token "kinds" a token may count as (crown, monkey_idol, secret_tome ...)
    counts_as: set[str] = field(default_factory=set)
    current_pack: str = ""

    # -- registration helpers -------------------------------------------------------------
    def _put(self, table: dict, name: str, value: Any, what: str) -> None:
        if name in table:
            prev = getattr(table[name], "pack", "?")
            raise RegistryError(f"{what} {name!r} registered twice (by {prev!r} and {self.current_pack!r})")
        table[name] = value

    def add_op(self, name: str, run: Callable, schema: JSON | None = None, doc: str = "",
               example: Any = None, compile: Callable | None = None) -> None:
        """Register an effect op ``name`` with its argument schema."""
        self._put(self.ops, name, OpDef(name, run, schema if schema is not None else {}, doc,
                                        example, self.current_pack, compile), "op")

    def add_condition(self, name: str, test: Callable, schema: JSON | None = None, doc: str = "",
                      example: Any = None) -> None:
        """Register a condition ``name``."""
        self._put(self.conditions, name, ConditionDef(name, test, schema if schema is not None else {},
                                                      doc, example, self.current_pack), "condition")

    def add_quantity(self, name: str, count: Callable, doc: str = "") -> None:
        """Register a countable quantity."""
        self._put(self.quantities, name, QuantityDef(name, count, doc, self.current_pack), "quantity")

    def add_room_feature(self, feature: RoomFeatureDef) -> None:
        """Register a room feature."""
        feature.pack = self.current_pack
        self._put(self.room_features, feature.name, feature, "room feature")

    def add_tunnel_icon(self, icon: TunnelIconDef) -> None:
        """Register a tunnel icon."""
        icon.pack = self.current_pack
        self._put(self.tunnel_icons, icon.name, icon, "tunnel icon")

    def add_resource(self, name: str, turn: bool, doc: str = "") -> None:
        """Register a resource (``turn=True``: emptied at end of turn)."""
        self._put(self.resources, name, ResourceDef(name, turn, doc, self.current_pack), "resource")

    def add_teleport_kind(self, name: str, targets: Callable, doc: str = "") -> None:
        """Register a kind of teleport target."""
        self._put(self.teleport_kinds, name, TeleportKindDef(name, targets, doc, self.current_pack),
                  "teleport kind")

    def add_bot(self, name: str, factory: Callable, doc: str = "") -> None:
        """Register a bot."""
        self._put(self.bots, name, BotDef(name, factory, doc, self.current_pack), "bot")

    def add_action_kind(self, name: str, enumerate: Callable, apply: Callable,
                        explain: Callable | None = None, doc: str = "") -> None:
        """Register a kind of main-decision action."""
        self._put(self.action_kinds, name,
                  ActionKindDef(name, enumerate, apply, explain, doc, self.current_pack), "action kind")

    def add_decision_kind(self, name: str, legal: Callable, resolve: Callable, doc: str = "") -> None:
        """Register a kind of pending decision."""
        self._put(self.decision_kinds, name,
                  DecisionKindDef(name, legal, resolve, doc, self.current_pack), "decision kind")

    def listen(self, event: str, fn: Callable) -> None:
        """Call ``fn(game, event)`` whenever ``event`` is announced."""
        self.listeners.setdefault(event, []).append(fn)

    def add_scorer(self, fn: Callable) -> None:
        """Contribute score lines ``fn(game, seat) -> [(source, points)]`` (E8)."""
        self.scorers.append(fn)

    def add_tiebreaker(self, fn: Callable) -> None:
        """Contribute a tie-break key ``fn(game, seat)``; higher wins; checked before the core's."""
        self.tiebreakers.append(fn)

    def add_modifier(self, name: str, fn: Callable) -> None:
        """Modify a named value (``market_price``, ``artifact_limit`` ...): ``fn(game, value, **ctx)``."""
        self.modifiers.setdefault(name, []).append(fn)

    def finish(self) -> None:
        """Called once every pack has registered: fill in schemas that depend on the whole set.

        The ``gain`` op accepts every registered resource, including those packs add.
        """
        gain = self.ops.get("gain")
        if gain is not None and isinstance(gain.schema.get("propertyNames"), dict):
            gain.schema["propertyNames"]["enum"] = sorted(self.resources)

    def add_content_schema(self, kind: str, schema: JSON) -> None:
        """Register the JSON Schema of a new content kind (file) a pack introduces."""
        self._put(self.content_schemas, kind, schema, "content kind")
