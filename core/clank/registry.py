"""The registry: everything packs contribute at build time, gathered once per ruleset.

Packs fill a :class:`Registry` through the ``clank_register_*`` hooks (see
:mod:`clank.hookspecs`); the engine then reads plain dictionaries in the hot path, never the
plugin manager. Every ``add_*`` method records which pack registered the entry and refuses a
name registered twice, so behaviour never depends on install order.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from clank.actions import Action
    from clank.callbacks import (
        ActionApply,
        ActionExplain,
        ActionLabel,
        ActionLister,
        ArgCompiler,
        BoardLines,
        Bot,
        BotFactory,
        ConditionTest,
        CubeDrawn,
        DecisionLabel,
        DecisionLegal,
        DecisionPrompt,
        DecisionResolve,
        FeatureActions,
        FeatureApply,
        FeatureLabel,
        FeatureMayEnter,
        FeaturePlaced,
        FeatureTrigger,
        FeatureUnavailable,
        KeyGlyphs,
        KeyLines,
        Listener,
        MapFeature,
        MapIcon,
        MarketExplain,
        MarketOffers,
        MarketTake,
        Modifier,
        OpLabel,
        OpRun,
        PaymentDone,
        PaymentWays,
        PieceMark,
        PlayerLines,
        QuantityCount,
        RoomNamer,
        Scorer,
        StepRun,
        TeleportTargets,
        Tiebreaker,
    )

from clank.actionforms import CONTEXTS as FORM_CONTEXTS
from clank.actionforms import form_problem
from clank.faults import Origin, PackFault, Where, caller_outside, did_you_mean, known
from clank.signatures import bot_class_problem, signature_problem

JSON = dict[str, Any]
_HERE = (__file__, PackFault.__init__.__code__.co_filename)
"""Frames of the registry and of the faults module: a refusal points past them, at the pack's call."""


class RegistryError(PackFault, ValueError):
    """A pack registered something twice or something malformed: a :class:`~clank.faults.PackFault`
    at the pack's registering line, naming the pack, the name and the nearest valid one."""

    def __init__(self, message: str, *, pack: str = "", item: str = "", where: Where | None = None,
                 fix: str = "", rule: str = "registry") -> None:
        super().__init__(pack, item, message, where=where, fix=fix, rule=rule)


# ==========================================================================================
# Definitions
# ==========================================================================================
@dataclass(frozen=True, slots=True)
class OpDef:
    """An effect operation.

    ``run(ctx, args)`` performs it; ``ctx`` is an :class:`clank.game.effects.EffectContext`.
    ``schema`` is the JSON Schema of the op's arguments; ``doc`` and ``example`` feed the
    authoring guide. ``compile(arg, compiler)`` may pre-process arguments once at load time.
    ``refs`` names registered things the argument refers to (see :meth:`Registry.add_op`).
    ``label(arg, name) -> str``: the op with its argument in a player's words, as a choice's
    option or a "may" question names it (``{"gain": {"gold": 2}}`` → ``"gain 2 gold"``;
    ``name(id)``: a card's or token's printed name); without one, the op's name and its
    argument's values in words.
    """

    name: str
    run: OpRun
    schema: JSON
    doc: str = ""
    example: Any = None
    pack: str = ""
    compile: ArgCompiler | None = None
    label: OpLabel | None = None


@dataclass(frozen=True, slots=True)
class ConditionDef:
    """A condition usable in ``if`` ops, ``choose`` options, ``fight_if`` and points.

    ``test(game, seat, arg) -> bool``. ``looks_back`` (``False``, ``True`` or ``"room"``): in a
    card's ``play`` and ``defeat`` effects the condition also holds when it held at an earlier
    moment of the turn (C11 default (a); see :meth:`Registry.add_condition`).
    """

    name: str
    test: ConditionTest
    schema: JSON
    doc: str = ""
    example: Any = None
    pack: str = ""
    looks_back: bool | str = False


@dataclass(frozen=True, slots=True)
class QuantityDef:
    """A countable quantity of a player (``artifacts``, ``secret_tomes`` ...).

    ``count(game, seat) -> int``.
    """

    name: str
    count: QuantityCount
    doc: str = ""
    pack: str = ""


class Entry(NamedTuple):
    """The move being paid when a room is entered: Swords left after preventing tunnel damage,
    and the tunnel damage that will be taken (see :attr:`RoomFeatureDef.may_enter`)."""

    swords: int
    damage: int


@dataclass(slots=True)
class RoomFeatureDef:
    """What a room feature does. Every callback is optional.

    - ``on_place(game, room_id, arg)``: the tile holding the room was placed (X11).
    - ``on_enter(game, seat, room_id, arg)``: a pawn entered the room (A12).
    - ``on_turn_start(game, seat, room_id, arg)``: a turn starts with the pawn here (T3).
    - ``actions(game, seat, room_id, arg) -> list[Action]``: in-room actions now legal.
    - ``apply(game, seat, room_id, arg, action)``: perform one of those actions.
    - ``may_enter(game, seat, room_id, arg, entry) -> str | None``: a reason the pawn may not
      enter. ``entry`` is the :class:`Entry` of the move being paid (Swords left, damage taken)
      or ``None`` when the pawn arrives otherwise (teleport, effect).
    - ``arg_schema``: JSON Schema of the feature's argument (``artifact(plus=1)`` → ``{plus: 1}``).
    - ``counts_as``: other feature names this one answers to in conditions and ``room_has``.
    - ``example``: the feature as a tile writes it in a room's ``features`` (``"artifact(plus=1)"``),
      shown in the authoring guide.
    - ``label(arg) -> str``: the feature as a player reads it on the map and in menus, given
      its argument (``reward_gold(2)`` → ``"2 gold"``); default: its name in words, then the
      argument's values.
    - ``unavailable(view, seat, room_id, arg) -> str | None``: why the feature's in-room action
      is not offered to the seat standing there now (``"you already carry an artifact"``), asked
      with that seat's view and shown beside the actions; ``None`` when it is offered, or
      nothing needs saying.
    - ``meaning``: what the feature does, in a player's words, for the map's legend and the
      help (``"heal 1 on entering, once a turn"``); default: the first sentence of ``doc``
      without its rule ids.
    """

    name: str
    doc: str = ""
    arg_schema: JSON | None = None
    on_place: FeaturePlaced | None = None
    on_enter: FeatureTrigger | None = None
    on_turn_start: FeatureTrigger | None = None
    actions: FeatureActions | None = None
    apply: FeatureApply | None = None
    may_enter: FeatureMayEnter | None = None
    counts_as: tuple[str, ...] = ()
    pack: str = ""
    example: str | None = None
    label: FeatureLabel | None = None
    unavailable: FeatureUnavailable | None = None
    meaning: str = ""


@dataclass(slots=True)
class TunnelIconDef:
    """What a tunnel icon costs or does when a pawn moves through it (A6-A10).

    - ``cost``: resources each such icon adds to a move (a footprint: ``{"boots": 1}``).
      ``extra_boots`` is a shorthand for ``cost={"boots": n}``.
    - ``covers``: paying the icon's cost covers it for good, for everyone (a lock covered with
      a lockpick, A9); an uncovered icon must be paid, a covered one costs nothing.
    - ``damage``: damage each icon deals, preventable by Swords (a monster: 1, A8).
    - ``damage_ignored_by``: a turn flag that cancels the icon's damage.
    - ``cost_ignored_by``: a turn flag that cancels the icon's cost.
    Teleports ignore every icon (C8).
    - ``example``: a tunnel carrying the icon, as a tile writes it (``{"ends": [...], "icons": [...]}``),
      shown in the authoring guide.
    """

    name: str
    doc: str = ""
    extra_boots: int = 0
    damage: int = 0
    cost: dict[str, int] = field(default_factory=dict)
    covers: bool = False
    damage_ignored_by: str | None = None
    pack: str = ""
    example: JSON | None = None
    cost_ignored_by: str | None = None

    def __post_init__(self) -> None:
        if self.extra_boots:
            self.cost = {"boots": self.extra_boots, **{k: v for k, v in self.cost.items() if k != "boots"}}


@dataclass(frozen=True, slots=True)
class ResourceDef:
    """A resource. ``turn`` resources (skill, swords, boots) vanish at the end of a turn; the
    others are kept (gold, and what packs add). ``pays_as``: a kept resource that may be spent
    wherever this other resource is asked for (the primary one is spent first).
    ``label``: singular and plural as a log line writes them (``("Boot", "Boots")``)."""

    name: str
    turn: bool
    doc: str = ""
    pack: str = ""
    pays_as: str | None = None
    label: tuple[str, str] = ("", "")

    def text(self, n: int) -> str:
        """``"2 Boots"``, ``"1 lockpick"``."""
        one, many = self.label
        return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True, slots=True)
class TeleportKindDef:
    """A kind of held teleport: ``targets(game, seat) -> list[room_id]``.

    ``adjacent`` is the core kind; packs add more (e.g. to a player's room in the Depths).
    """

    name: str
    targets: TeleportTargets
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class BotDef:
    """A bot: ``factory(seed: int) -> Bot``; a bot has ``choose(view) -> Action``, where
    ``view`` is the :class:`clank.game.view.SeatView` of the seat that decides.

    A bot with a ``param`` (what it means, in words) is also named ``name:VALUE``
    (``mcts:200``, ``mcts:50ms``), and is then made by ``factory(seed, VALUE)``, the value as
    text; the factory raises ``ValueError`` on a value it refuses."""

    name: str
    factory: BotFactory
    doc: str = ""
    pack: str = ""
    param: str = ""


def split_bot_spec(spec: str) -> tuple[str, str | None]:
    """``"mcts:200"`` → ``("mcts", "200")``; ``"greedy"`` → ``("greedy", None)``."""
    name, sep, value = spec.partition(":")
    return name.strip(), (value.strip() if sep else None)


@dataclass(frozen=True, slots=True)
class ActionKindDef:
    """A pack-defined kind of turn action (use a token, cash a token ...).

    ``enumerate(game, seat) -> list[Action]`` lists legal actions of the kind during the
    current player's main decision; ``apply(game, seat, action)`` performs one.
    ``explain(game, seat, action) -> str`` gives the reason an action is refused.
    ``while_orienting``: also offered while the player orients a discovered tile (X8).
    ``label(view, action) -> str``: the action as a menu shows it to a player, in words
    (``"trade the Chalice for 7 gold"``), read from the deciding seat's
    :class:`~clank.game.view.SeatView`; never the action's text, never a rule id. Without it
    front ends word the action from its arguments' names.
    """

    name: str
    enumerate: ActionLister
    apply: ActionApply
    explain: ActionExplain | None = None
    doc: str = ""
    pack: str = ""
    while_orienting: bool = True
    label: ActionLabel | None = None


@dataclass(frozen=True, slots=True)
class DecisionKindDef:
    """A kind of pending decision (a pause in the middle of an effect).

    ``legal(game, decision) -> list[Action]`` and ``resolve(game, decision, action)``;
    ``prompt(game, decision) -> str`` says what is being decided (default: the ``prompt`` key
    of the decision, else ``doc``).
    ``label(view, decision, action) -> str``: one answer as a menu shows it to a player, in
    words (``"replace Skeleton in slot 3"``), read from the deciding seat's
    :class:`~clank.game.view.SeatView`; never the action's text, never a rule id. Without it
    front ends word the answer from its arguments' names.
    """

    name: str
    legal: DecisionLegal
    resolve: DecisionResolve
    doc: str = ""
    pack: str = ""
    prompt: DecisionPrompt | None = None
    label: DecisionLabel | None = None


class Offer(NamedTuple):
    """Something a market offers a seat now: the action that takes it (without a payment
    tag), its price, and what it is (``item``: a card or token id) and why (``purpose``:
    ``buy``, ``use``, ``fight`` ...). ``data`` is passed back to the market's ``take``."""

    action: Action
    cost: dict[str, int]
    item: str = ""
    purpose: str = "buy"
    data: Any = None


class Payment(NamedTuple):
    """One way to pay an offer: what is spent, a ``tag`` that the action text carries (``""``
    for the plain price), and ``after(game, seat)`` run once it is paid (a coupon leaves the
    supply, a once-per-turn option is used up). ``spent``: filled in by the engine before the
    market's ``take`` runs, what the seat actually spent (``{"gold": 6, "undercoins": 1}`` for a
    price of 7 gold paid partly with what pays like gold), for the log to say."""

    cost: dict[str, int]
    tag: str = ""
    after: PaymentDone | None = None
    spent: dict[str, int] | None = None

    @property
    def paid(self) -> dict[str, int]:
        """What the seat paid: ``spent`` once the engine filled it in, else the price (``cost``)."""
        return self.spent if self.spent is not None else self.cost


@dataclass(frozen=True, slots=True)
class ActionFormDef:
    """The shape of some actions a pack's code lists (:mod:`clank.actionforms`): a ``form``
    (``"keep <token:fate>"``) in a ``context``: ``turn`` (actions of the main decision),
    ``payment`` (a tag a way to pay adds) or a decision kind (its answers)."""

    context: str
    form: str
    pack: str = ""
    where: Where | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PaymentOptionDef:
    """Another way to pay an offer: ``ways(game, seat, cost, item) -> list[Payment]`` (extra
    payments besides the plain price; the core keeps those the seat can afford). Asked only for
    offers of the named ``markets`` and ``purposes`` (empty: all)."""

    ways: PaymentWays
    markets: frozenset[str] = frozenset()
    purposes: frozenset[str] = frozenset()
    pack: str = ""
    flag: str | None = None     # asked only while this turn flag is set

    def applies(self, market: str, purpose: str) -> bool:
        """Whether to ask it about an offer of ``market`` for ``purpose``."""
        return (not self.markets or market in self.markets) and (not self.purposes or purpose in self.purposes)


@dataclass(frozen=True, slots=True)
class MarketDef:
    """A place where things are bought: the dungeon row, the reserve, a market board ...

    ``offers(game, seat) -> Iterable[Offer]`` lists what the seat may take now (price before
    payment options); ``take(game, seat, offer, payment)`` hands it over once the core has paid
    it (``payment``: the :class:`Payment` used).
    The core turns each affordable payment of each offer into a legal action: the plain price
    and the ways to pay packs register (:meth:`Registry.add_payment_option`), each paid with
    any currency a pack registers (``pays_as``). ``feature``: a room-bound market, offered only while the pawn
    is in a room showing that feature, its actions listed with the room's. ``while_orienting``:
    offered while a tile is being oriented (X8). ``explain(game, seat, action) -> str | None``
    says why one of its actions is refused (None: not one of its actions).
    """

    name: str
    offers: MarketOffers
    take: MarketTake
    doc: str = ""
    pack: str = ""
    feature: str | None = None
    while_orienting: bool = True
    explain: MarketExplain | None = None


@dataclass(frozen=True, slots=True)
class CubeKindDef:
    """A kind of cube that goes into the dragon bag besides the players' and the black ones.

    - ``on_draw(game, seat)``: what drawing one does during an attack (``seat``: the current
      player); it may queue steps (:meth:`Table.push_step`).
    - ``returns_to``: where a drawn cube goes after the attack: ``"clank_area"`` (it goes into
      the bag again at the next attack) or ``"bank"``.
    - ``in_bag_counts``: whether cubes of the kind left in the bag keep the bag from being
      empty (D9).
    - ``label``: how a log line names a drawn cube.
    """

    name: str
    doc: str = ""
    on_draw: CubeDrawn | None = None
    returns_to: str = "bank"
    in_bag_counts: bool = True
    label: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class StepDef:
    """A system step of the effect queue: ``run(game, seat, data)``. Steps let a rule that
    spans several moments (an attack, a reaction window) pause for a decision between them."""

    name: str
    run: StepRun
    doc: str = ""
    pack: str = ""
    after_knock_out: bool = False   # still resolves when the current player is knocked out (D6, D12)


@dataclass(frozen=True, slots=True)
class EventDef:
    """An event packs may listen to: its payload keys (besides ``event``) and when it fires."""

    name: str
    doc: str = ""
    payload: tuple[str, ...] = ()
    pack: str = ""
    question: bool = False   # listeners answer (return False to refuse); see hooks.md


@dataclass(frozen=True, slots=True)
class OptionDef:
    """A game option a pack reads (``max_rounds``, ``mercy`` ...): ``new_game`` refuses an
    option no loaded pack declares, so a misspelt one is an error, never silently ignored."""

    name: str
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class StatDef:
    """A statistic the game counts per player and per turn (``clank_made`` ...)."""

    name: str
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class ContentCheckDef:
    """A pack's ``clank_check_content`` implementation, gathered when the registry is built:
    ``function(content, report)`` states the structural rules of the pack's content kinds
    (see :mod:`clank.content.checks_structure`); ``argnames`` are the arguments it takes (an
    implementation may take fewer than the spec)."""

    pack: str
    function: Callable[..., Any]
    argnames: tuple[str, ...] = ("content", "report")
    call: Callable[..., Any] | None = None
    """How the engine calls it: through the plugin manager (keywords ``content`` and ``report``),
    so hook wrappers apply; None calls ``function`` directly."""


@dataclass(frozen=True, slots=True)
class FlagDef:
    """A turn flag a pack's code reads (``ignore_exhaustion`` ...), which content may set with
    the ``turn_flag`` op: a flag no loaded pack declares is an error in the content naming it."""

    name: str
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class ModifiableDef:
    """A value packs may modify: who folds it, what the value is and the context keywords
    modifiers receive (``fn(game, value, **context) -> value``)."""

    name: str
    doc: str = ""
    context: tuple[str, ...] = ()
    pack: str = ""


@dataclass(frozen=True, slots=True)
class ContentKeyDef:
    """A key a pack adds to a content kind (``tokens``, ``cards``, ``tiles``, ``setup``).

    Its ``schema`` joins the kind's schema (errors at the author's line); for ``cards``,
    ``tokens`` and ``tiles`` the value (or ``default`` when absent) is compiled once with
    ``compile(value, compiler)`` when given and kept in the definition's ``ext[key]``.
    """

    kind: str
    key: str
    schema: JSON
    default: Any = None
    compile: ArgCompiler | None = None
    doc: str = ""
    pack: str = ""


@dataclass(frozen=True, slots=True)
class RulesSectionDef:
    """A pack's section of the rules summary a front end shows (the table's help): a
    ``title`` (``"The Underworld"``) and ``lines``, each ``(rule ids, text)``: the ids a player
    looks the rule up by (``"U35"``, ``"U15-U18"``; may be empty) and the rule in a player's
    words. Front ends show the sections of the packs in play, in registration order."""

    title: str
    lines: tuple[tuple[str, str], ...]
    pack: str = ""


class Mark(NamedTuple):
    """A piece of text a renderer shows, with a semantic ``style`` (``treasure``, ``danger``,
    ``player:2``, ``muted`` ...) that each output maps to its own colours."""

    text: str
    style: str = ""


class Symbol(NamedTuple):
    """A thing as the map draws it: a short ``glyph`` (one to three columns: ``"M"``,
    ``"◆"``, ``"10"``), a semantic ``style`` as for :class:`Mark`, and its ``meaning`` in a
    player's words, which the map's legend shows (``"monster: 1 damage unless you spend a
    Sword"``). An empty glyph draws nothing.

    Semantic styles the map outputs know: ``treasure``, ``danger``, ``exit``, ``market``,
    ``magic``, ``heal``, ``resource``, ``muted`` and ``player:N`` (seat N's colour); any other
    style is drawn plain.
    """

    glyph: str
    style: str = ""
    meaning: str = ""


@dataclass(frozen=True, slots=True)
class RenderDef:
    """How a pack's things appear on screen (terminal and SVG). Every callback is optional
    and reads a :class:`~clank.game.view.SeatView`.

    Text for panels (lists of :class:`Mark`):

    - ``room(view, room_id) -> list[Mark]``: what lies in a room now (artifacts, marks ...).
    - ``tile(view, tile_id) -> list[Mark]``: notes on a placed tile (haunted ...).
    - ``player(view, seat) -> list[Mark]``: extra lines of a player's panel.
    - ``board(view) -> list[Mark]``: lines about shared boards (a market board ...).
    - ``piece(view, piece) -> Mark``: how a piece on the map is drawn.

    Glyphs for the map (:class:`Symbol`, whose ``meaning`` feeds the legend). The map asks
    the renderers in registration order and takes the first answer that is not ``None``;
    without one it draws a generic glyph (the name's first letter, the registered doc as
    its meaning), so a pack that registers a tunnel icon or a room feature is drawn even
    before it says how:

    - ``map_icon(view, name) -> Symbol | None``: a tunnel icon, by its registered name
      (``boot`` → ``Symbol("F", "resource", "footprint: 1 more Boot")``). A covered icon (paid
      for good) is drawn muted by the map itself.
    - ``map_feature(view, room_id, name, arg) -> Symbol | None``: a printed room feature
      (``("artifact", {"plus": 1})`` → ``Symbol("◆", "treasure", "artifact room")``); it may
      read the room's state (an opened lock drawn muted).
    - ``map_room(view, room_id) -> list[Symbol]``: what lies in a room now, as glyphs (an
      artifact's value, idols, marks); ``room`` stays the words a panel shows.
    - ``map_tile(view, tile_id) -> list[Symbol]``: glyphs on a placed tile (haunted).

    A viewer that draws one game again and again (the web table, once a state for every page)
    keeps each map hook's answer with the values it read of the game through ``view``, and asks
    again only when one of them changed (:class:`~clank.mapdraw.memo.MapMemo`): a hook reads the
    game through its view only, never through state of its own.

    Words:

    - ``room_name(tile, room) -> str | None``: how players name a room, as a heading writes
      it (``"Nave of the Sunken Chapel"``), given its :class:`~clank.dungeon.TileDef`
      and its id on the tile (``"nave"``); ``None`` leaves it to the room's ``name`` in the
      tile data and the generic rule (:mod:`clank.game.naming`). It reads no game: a name
      never changes, and the log, the menus and the map all use it.
    """

    name: str
    room: KeyLines | None = None
    tile: KeyLines | None = None
    player: PlayerLines | None = None
    board: BoardLines | None = None
    piece: PieceMark | None = None
    pack: str = ""
    map_icon: MapIcon | None = None
    map_feature: MapFeature | None = None
    map_room: KeyGlyphs | None = None
    map_tile: KeyGlyphs | None = None
    room_name: RoomNamer | None = None


# ==========================================================================================
# The registry
# ==========================================================================================
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
    markets: dict[str, MarketDef] = field(default_factory=dict)
    payment_options: list[PaymentOptionDef] = field(default_factory=list)
    action_forms: list[ActionFormDef] = field(default_factory=list)
    cube_kinds: dict[str, CubeKindDef] = field(default_factory=dict)
    steps: dict[str, StepDef] = field(default_factory=dict)
    events: dict[str, EventDef] = field(default_factory=dict)
    stats: dict[str, StatDef] = field(default_factory=dict)
    flags: dict[str, FlagDef] = field(default_factory=dict)
    options: dict[str, OptionDef] = field(default_factory=dict)
    modifiables: dict[str, ModifiableDef] = field(default_factory=dict)
    content_keys: dict[tuple[str, str], ContentKeyDef] = field(default_factory=dict)
    renderers: list[RenderDef] = field(default_factory=list)
    rules_sections: list[RulesSectionDef] = field(default_factory=list)
    # event name -> listeners ``fn(game, event: dict)``, called in registration order
    listeners: dict[str, list[Listener]] = field(default_factory=dict)
    # extra JSON Schemas of content kinds packs add: kind -> schema
    content_schemas: dict[str, JSON] = field(default_factory=dict)
    # score contributions ``fn(game, seat) -> list[(source, points)]`` folded at game end
    scorers: list[Scorer] = field(default_factory=list)
    # tie-break keys ``fn(game, seat) -> comparable`` checked before the core's (E9, U-M20)
    tiebreakers: list[Tiebreaker] = field(default_factory=list)
    # value modifiers by name: ``fn(game, value, **context) -> value`` folded in order
    modifiers: dict[str, list[Modifier]] = field(default_factory=dict)
    # token "kinds" a token may count as (crown, monkey_idol, secret_tome ...)
    counts_as: set[str] = field(default_factory=set)
    # content a pack's code brings into a game by ways setup does not show: kind -> names
    content_reach: dict[str, set[str]] = field(default_factory=dict)
    # the packs' ``clank_check_content`` implementations, in the order registration runs
    content_checks: list[ContentCheckDef] = field(default_factory=list)
    current_pack: str = ""

    def __post_init__(self) -> None:
        # bookkeeping of the registration (not tables packs read): every callable registered,
        # with its pack and item, for the faults of play (clank.faults.blame); who registered
        # each name; where each listener and modifier was registered (checked by finish); and,
        # while PackHooks builds the registry, the refusals collected instead of raised
        self.origins: list[Origin] = []
        self.refusals: list[RegistryError] | None = None
        self._owners: dict[tuple[str, Any], str] = {}
        self._wired: list[tuple[str, str, Callable, str, Where | None]] = []

    # -- registration helpers -------------------------------------------------------------
    def _refuse(self, message: str, *, item: str = "", fix: str = "", rule: str = "registry",
                where: Where | None = None, pack: str | None = None) -> None:
        """Refuse what a pack registers: raised at once, or kept while the registry is built by
        :class:`~clank.plugins.PackHooks` (every refusal is then reported, each at its line)."""
        error = RegistryError(message, pack=self.current_pack if pack is None else pack, item=item,
                              where=where or caller_outside(_HERE), fix=fix, rule=rule)
        if self.refusals is None:
            raise error
        self.refusals.append(error)

    def _put(self, table: dict, name: Any, value: Any, what: str) -> bool:
        """Put a named entry into a table; a name registered twice is refused (False)."""
        key = (what, name)
        if name in table:
            prev = self._owners.get(key) or getattr(table[name], "pack", "") or "?"
            shown = repr(".".join(name) if isinstance(name, tuple) else name)
            self._refuse(f"{what} {shown} registered twice (by {prev!r} and {self.current_pack!r})",
                         item=f"{what} {shown}",
                         fix=f"give it another name (pack {prev!r} registered it first)" if prev != self.current_pack
                         else "register it once")
            return False
        self._owners[key] = self.current_pack
        table[name] = value
        return True

    def _note(self, what: str, name: Any, callbacks: dict[str, Any], keywords: tuple[str, ...] = ()) -> bool:
        """Check each callback's signature against the engine's call (:mod:`clank.signatures`),
        refusing a wrong one at the registering line, and remember each callable's origin.
        Returns whether every callback fits."""
        item = f"{what} {name!r}" if name is not None else what
        fits = True
        for role, fn in callbacks.items():
            if fn is None:
                continue
            problem = signature_problem(what, role, fn, keywords)
            if problem is not None:
                self._refuse(problem[0], item=item, fix=problem[1], rule="pack-signature")
                fits = False
            self.origins.append(Origin(self.current_pack, item, role, fn))
        return fits

    def add_op(self, name: str, run: OpRun, schema: JSON | None = None, doc: str = "",
               example: Any = None, compile: ArgCompiler | None = None, *, label: OpLabel | None = None) -> None:
        """Register an effect op ``name``: ``run(ctx, arg)`` with the JSON Schema of its argument,
        and ``label(arg, name) -> str``, how a player reads it with its argument (an option of a
        choice, a "may" question): ``"trash up to 2 cards"`` (``name(id)``: a card's or token's
        printed name).

        A string in the schema annotated ``"x-ref": KIND`` is checked as a reference to a
        registered thing (``stat``, ``event``, ``teleport_kind``, ``quantity``, ``feature``,
        ``resource``, ``cube_kind``, ``flag``) or to a thing content defines (``card``, ``token``,
        ``tile``, ``token_kind``, ``pool``, ``region``, ``slot`` with ``"x-region"``: a slot of
        that region); see :mod:`clank.content.refwalk`.
        """
        self._note("op", name, {"run": run, "compile": compile, "label": label})
        self._put(self.ops, name, OpDef(name, run, schema if schema is not None else {}, doc,
                                        example, self.current_pack, compile, label), "op")

    def add_condition(self, name: str, test: ConditionTest, schema: JSON | None = None, doc: str = "",
                      example: Any = None, *, looks_back: bool | str = False) -> None:
        """Register a condition ``name``: ``test(game, seat, arg) -> bool``.

        ``looks_back`` declares that, in a card's ``play`` and ``defeat`` effects, the condition
        counts when it held at any earlier moment of the turn of the seat whose turn it is, not
        only now (C11 default (a): "order does not affect obtaining the effect"). Declare it for
        a condition on the player's situation that can stop holding during a turn: ``"room"``
        when it reads only where the pawn is (the Depths, a room's features: the engine samples
        it when the turn starts and whenever the pawn's room changes), ``True`` when it reads
        more (what the player holds or has in play: sampled after every action too). Leave it
        off for a guard of what an op then uses (``can_pay``: the gold must be there when it is
        paid) and for a count that never falls within a turn (a turn statistic). Only such
        conditions that loaded content uses there are tracked (:mod:`clank.game.lookback`).
        """
        if looks_back not in (False, True, "room"):
            self._refuse(f"looks_back must be False, True or 'room', not {looks_back!r}",
                         item=f"condition {name!r}", fix="write looks_back=True, looks_back='room' or leave it out")
            looks_back = False
        self._note("condition", name, {"test": test})
        self._put(self.conditions, name, ConditionDef(name, test, schema if schema is not None else {},
                                                      doc, example, self.current_pack, looks_back), "condition")

    def add_quantity(self, name: str, count: QuantityCount, doc: str = "") -> None:
        """Register a countable quantity: ``count(game, seat) -> int``."""
        self._note("quantity", name, {"count": count})
        self._put(self.quantities, name, QuantityDef(name, count, doc, self.current_pack), "quantity")

    def add_room_feature(self, feature: RoomFeatureDef) -> None:
        """Register a room feature."""
        feature.pack = self.current_pack
        self._note("room feature", feature.name, {
            role: getattr(feature, role) for role in ("on_place", "on_enter", "on_turn_start", "actions", "apply",
                                                      "may_enter", "label", "unavailable")})
        if feature.may_enter is not None and _arity(feature.may_enter) == 4:
            four = feature.may_enter   # an older four-argument check: no entry context
            feature.may_enter = lambda game, seat, room, arg, entry, _f=four: _f(game, seat, room, arg)
        self._put(self.room_features, feature.name, feature, "room feature")

    def add_tunnel_icon(self, icon: TunnelIconDef) -> None:
        """Register a tunnel icon."""
        icon.pack = self.current_pack
        self._put(self.tunnel_icons, icon.name, icon, "tunnel icon")

    def add_resource(self, name: str, turn: bool, doc: str = "", *, pays_as: str | None = None,
                     label: tuple[str, str] | None = None) -> None:
        """Register a resource (``turn=True``: emptied at end of turn). Its statistic
        ``<name>_gained`` is registered with it."""
        label = label or (name[:-1] if name.endswith("s") else name, name)
        self._put(self.resources, name, ResourceDef(name, turn, doc, self.current_pack, pays_as, label),
                  "resource")
        self.stats.setdefault(f"{name}_gained", StatDef(f"{name}_gained", f"{label[1]} gained.",
                                                        self.current_pack))

    def add_teleport_kind(self, name: str, targets: TeleportTargets, doc: str = "") -> None:
        """Register a kind of teleport target: ``targets(game, seat) -> list[room_id]``."""
        self._note("teleport kind", name, {"targets": targets})
        self._put(self.teleport_kinds, name, TeleportKindDef(name, targets, doc, self.current_pack),
                  "teleport kind")

    def add_bot(self, name: str, factory: BotFactory, doc: str = "", param: str = "") -> None:
        """Register a bot: ``factory(seed) -> object with choose(view) -> Action``; with
        ``param`` (what its value means), ``name:VALUE`` makes ``factory(seed, VALUE)``."""
        if self._note("bot", name, {"factory": factory}):
            problem = (signature_problem("bot", "factory with a value", factory) if param else None) \
                or bot_class_problem(factory)
            if problem is not None:
                self._refuse(problem[0], item=f"bot {name!r}", fix=problem[1], rule="pack-signature")
        self._put(self.bots, name, BotDef(name, factory, doc, self.current_pack, param), "bot")

    def check_bot(self, spec: str) -> str | None:
        """Why a bot spec (``greedy``, ``mcts:200``) cannot make a bot, or None."""
        name, value = split_bot_spec(spec)
        bot = self.bots.get(name)
        if bot is None:
            return f"unknown bot {name!r} (available: {', '.join(sorted(self.bots)) or 'none'})"
        if value is not None:
            if not bot.param:
                return f"bot {name!r} takes no parameter (write {name!r})"
            try:
                bot.factory(0, value)      # type: ignore[call-arg]  # a bot with a param takes its value
            except ValueError as exc:
                return f"bot {name!r}: {exc}"
        return None

    def make_bot(self, spec: str, seed: int) -> Bot:
        """The bot a spec names (``greedy``, ``mcts:200``), seeded; ``ValueError`` if the spec
        is refused (see :meth:`check_bot`)."""
        problem = self.check_bot(spec)
        if problem is not None:
            raise ValueError(problem)
        name, value = split_bot_spec(spec)
        factory = self.bots[name].factory
        return factory(seed) if value is None else factory(seed, value)   # type: ignore[call-arg]  # (see check_bot)

    def add_action_kind(self, name: str, enumerate: ActionLister, apply: ActionApply,
                        explain: ActionExplain | None = None, doc: str = "", *,
                        while_orienting: bool = True, label: ActionLabel | None = None) -> None:
        """Register a kind of main-decision action (``label(view, action) -> str``: how a menu
        words one, see :class:`ActionKindDef`)."""
        self._note("action kind", name, {"enumerate": enumerate, "apply": apply, "explain": explain, "label": label})
        self._put(self.action_kinds, name,
                  ActionKindDef(name, enumerate, apply, explain, doc, self.current_pack, while_orienting, label),
                  "action kind")

    def add_decision_kind(self, name: str, legal: DecisionLegal, resolve: DecisionResolve, doc: str = "",
                          prompt: DecisionPrompt | None = None, label: DecisionLabel | None = None) -> None:
        """Register a kind of pending decision (``label(view, decision, action) -> str``: how a
        menu words one answer, see :class:`DecisionKindDef`)."""
        self._note("decision kind", name, {"legal": legal, "resolve": resolve, "prompt": prompt, "label": label})
        self._put(self.decision_kinds, name,
                  DecisionKindDef(name, legal, resolve, doc, self.current_pack, prompt, label), "decision kind")

    def add_market(self, market: MarketDef) -> None:
        """Register a market: what it offers whom, and how a paid offer is handed over."""
        self._note("market", market.name, {"offers": market.offers, "take": market.take, "explain": market.explain})
        self._put(self.markets, market.name,
                  MarketDef(market.name, market.offers, market.take, market.doc, self.current_pack,
                            market.feature, market.while_orienting, market.explain), "market")

    def add_payment_option(self, ways: PaymentWays, *, markets: Iterable[str] = (), purposes: Iterable[str] = (),
                           flag: str | None = None) -> None:
        """Offer another way to pay: ``ways(game, seat, cost, item) -> list[Payment]`` for offers
        of ``markets`` (names; empty: every market) made for ``purposes`` (``buy``, ``use``,
        ``fight``; empty: all), and only while the turn flag ``flag`` is set when one is given
        (a way a card grants for this turn). A Coupon, paying a lockpick instead of Skill ..."""
        markets = frozenset(markets)
        self._note("payment option", None, {"ways": ways})
        where = caller_outside(_HERE)
        self._wired.extend(("payment option", market, ways, self.current_pack, where) for market in sorted(markets))
        self.payment_options.append(PaymentOptionDef(ways, frozenset(markets), frozenset(purposes),
                                                     self.current_pack, flag))

    def add_action_forms(self, context: str, *forms: str) -> None:
        """Declare the shapes of actions the pack's code lists, so that a learning environment
        (:mod:`clank.rl`) gives each of them an index of its own: ``context`` is ``turn``
        (actions of the main decision: an action kind's, a market's, a room feature's), a
        decision kind (its answers) or ``payment`` (the tags a way to pay adds to an action);
        each form is the action's word, then one pattern per argument (``"keep <token:fate>"``,
        ``"room harpy fight"``, ``"put <-9..9> <-9..9>"``; see :mod:`clank.actionforms`). An
        action no form fits still gets an index: one of its context's spare indices, whose
        meaning is its rank in the listing, not the action."""
        where = caller_outside(_HERE)
        for form in forms:
            problem = form_problem(form)
            if problem is not None:
                self._refuse(problem, item=f"action form {form!r}", where=where,
                             fix="write the word, then a literal, {a|b}, <0..3> or a class such as <card> "
                                 "for each argument")
                continue
            self.action_forms.append(ActionFormDef(context, form, self.current_pack, where))

    def add_cube_kind(self, kind: CubeKindDef) -> None:
        """Register a kind of cube that goes into the dragon bag (``ghost`` ...)."""
        if kind.returns_to not in ("clank_area", "bank"):
            self._refuse(f"returns_to must be 'clank_area' or 'bank', not {kind.returns_to!r}"
                         + did_you_mean(kind.returns_to, ("clank_area", "bank")), item=f"cube kind {kind.name!r}",
                         fix="write returns_to='clank_area' (back into the bag) or 'bank'")
            return
        self._note("cube kind", kind.name, {"on_draw": kind.on_draw})
        self._put(self.cube_kinds, kind.name,
                  CubeKindDef(kind.name, kind.doc, kind.on_draw, kind.returns_to, kind.in_bag_counts,
                              kind.label or kind.name, self.current_pack), "cube kind")

    def add_step(self, name: str, run: StepRun, doc: str = "", *, after_knock_out: bool = False) -> None:
        """Register a system step of the effect queue: ``run(game, seat, data)`` (``data``:
        plain JSON data). ``after_knock_out``: a queued step of the kind still resolves when
        the current player is knocked out and loses the rest of the turn (the cubes of an
        attack already drawn, D6, D12)."""
        self._note("step", name, {"run": run})
        self._put(self.steps, name, StepDef(name, run, doc, self.current_pack, after_knock_out), "step")

    def add_event(self, name: str, doc: str = "", payload: Iterable[str] = (), *, question: bool = False) -> None:
        """Declare an event (so listeners, reactions and the validator can name it)."""
        self._put(self.events, name, EventDef(name, doc, tuple(payload), self.current_pack, question), "event")

    def add_stat(self, name: str, doc: str = "") -> None:
        """Declare a statistic a pack counts (``game.bump(seat, name)``)."""
        self._put(self.stats, name, StatDef(name, doc, self.current_pack), "statistic")

    def add_flag(self, name: str, doc: str = "") -> None:
        """Declare a turn flag the pack's code reads (``game.has_flag(name)``, a tunnel icon's
        ``cost_ignored_by`` ...): content setting a flag no loaded pack declares (``turn_flag:``)
        is an error at its line, with the nearest declared flag."""
        self._put(self.flags, name, FlagDef(name, doc, self.current_pack), "turn flag")

    def add_option(self, name: str, doc: str = "") -> None:
        """Declare a game option the pack reads: as ``config["options"][name]`` in
        ``clank_configure``, where the pack checks its value, and in play from
        ``game.options``. A game given an option no loaded pack declares is
        refused (``SetupError``, naming the nearest declared option)."""
        self._put(self.options, name, OptionDef(name, doc, self.current_pack), "game option")

    def add_content_key(self, kind: str, key: str, schema: JSON, *, default: Any = None,
                        compile: ArgCompiler | None = None, doc: str = "") -> None:
        """Add a key to a content kind (``cards``, ``tokens``, ``tiles``, ``setup``).

        The schema joins the kind's schema and the exported schemas; on ``cards``, ``tokens``
        and ``tiles`` the (compiled) value is kept in the definition's ``ext[key]``.
        """
        if kind not in ("cards", "tokens", "tiles", "setup"):
            self._refuse(f"unknown content kind {kind!r}" + did_you_mean(kind, ("cards", "tokens", "tiles", "setup")),
                         item=f"content key {key!r}", fix="add keys to cards, tokens, tiles or setup "
                         "(registry.add_content_schema registers a new kind of file)")
            return
        self._note("content key", f"{kind}.{key}", {"compile": compile})
        schema = {**schema, "description": schema.get("description", doc)} if doc else schema
        if self._put(self.content_keys, (kind, key),
                     ContentKeyDef(kind, key, schema, default, compile, doc, self.current_pack), "content key"):
            self._put(self.content_schemas, f"{kind}.{key}", schema, "content kind")

    def add_content_reach(self, kind: str, name: str) -> None:
        """Declare that the pack's code brings content into a game by a way setup does not show,
        so the validator's lint does not call it unreachable: a ``card``, ``token`` or ``tile`` id
        the code places itself, or a tile ``stack`` it draws from."""
        kinds = ("card", "token", "tile", "stack")
        if kind not in kinds:
            self._refuse(f"content reach {name!r}: kind must be card, token, tile or stack, not {kind!r}"
                         + did_you_mean(kind, kinds), item=f"content reach {name!r}",
                         fix="declare a card, token or tile id, or a tile stack")
            return
        self.content_reach.setdefault(kind, set()).add(name)

    def add_render(self, render: RenderDef) -> None:
        """Register how a pack's pieces, rooms, tiles, players and boards are drawn."""
        self._note("renderer", render.name, {f.name: getattr(render, f.name) for f in dataclasses.fields(render)
                                             if f.name not in ("name", "pack")})
        self.renderers.append(dataclasses.replace(render, pack=self.current_pack))

    def add_rules_section(self, title: str, lines: Iterable[tuple[str, str]]) -> None:
        """Add the pack's section to the rules summary front ends show (the table's help, which
        shows the sections of the packs in play): ``lines`` of ``(rule ids, text)``, the text in a
        player's words (``("U35", "Begin a turn in the Underworld: pay 1 undercoin, or make 2
        Clank! if you have none.")``). A pack may add several sections; a title used twice is
        refused."""
        rows = tuple(lines)
        bad = next((row for row in rows if not (isinstance(row, tuple) and len(row) == 2
                                                and all(isinstance(x, str) for x in row))), None)
        if not title or bad is not None or not rows:
            self._refuse(f"rules section {title!r}: " + ("needs a title" if not title else "has no lines"
                                                         if not rows else f"a line is not (rule ids, text): {bad!r}"),
                         item=f"rules section {title!r}", fix="give a title and lines of two strings each, "
                         "('R1', 'Entering a frost room deals 1 damage.')")
            return
        owner = next((s.pack for s in self.rules_sections if s.title == title), None)
        if owner is not None:
            self._refuse(f"rules section {title!r} registered twice (by {owner!r} and {self.current_pack!r})",
                         item=f"rules section {title!r}", fix="give the section another title")
            return
        self.rules_sections.append(RulesSectionDef(title, rows, self.current_pack))

    def listen(self, event: str, fn: Listener) -> None:
        """Call ``fn(game, event)`` whenever ``event`` is announced."""
        self._note("listener", f"of event {event!r}", {"": fn})
        self._wired.append(("listener", event, fn, self.current_pack, caller_outside(_HERE)))
        self.listeners.setdefault(event, []).append(fn)

    def add_scorer(self, fn: Scorer) -> None:
        """Contribute score lines ``fn(game, seat) -> [(source, points)]`` (E8)."""
        self._note("scorer", None, {"": fn})
        self.scorers.append(fn)

    def add_tiebreaker(self, fn: Tiebreaker) -> None:
        """Contribute a tie-break key ``fn(game, seat)``; higher wins; checked before the core's."""
        self._note("tiebreaker", None, {"": fn})
        self.tiebreakers.append(fn)

    def add_modifier(self, name: str, fn: Modifier) -> None:
        """Modify a named value (one declared with :meth:`add_modifiable`):
        ``fn(game, value, **context) -> value``, folded in registration order. Its signature is
        checked against the value's context keywords once every pack has registered."""
        self.origins.append(Origin(self.current_pack, f"modifier of {name!r}", "", fn))
        self._wired.append(("modifier", name, fn, self.current_pack, caller_outside(_HERE)))
        self.modifiers.setdefault(name, []).append(fn)

    def add_modifiable(self, name: str, doc: str = "", context: Iterable[str] = ()) -> None:
        """Declare a value this pack folds through ``game.modify(name, value, **context)``, so
        other packs may modify it (a modifier of an undeclared value is refused)."""
        self._put(self.modifiables, name, ModifiableDef(name, doc, tuple(context), self.current_pack),
                  "modifiable value")

    def add_content_schema(self, kind: str, schema: JSON) -> None:
        """Register the JSON Schema of a new content kind (file) a pack introduces, or of an
        extra key (``tokens.<key>``; prefer :meth:`add_content_key`, which also compiles it)."""
        self._put(self.content_schemas, kind, schema, "content kind")

    def finish(self) -> None:
        """Called once every pack has registered: check and complete what depends on the whole set.

        The ``gain`` op accepts every registered resource; a listener of an undeclared event,
        or a modifier of an undeclared value, is an error naming the pack, the name and the
        nearest declared one (a misspelt name would otherwise never be called); a modifier is
        checked against its value's context keywords.
        """
        gain = self.ops.get("gain")
        if gain is not None and isinstance(gain.schema.get("propertyNames"), dict):
            gain.schema["propertyNames"]["enum"] = sorted(self.resources)
        for kind, name, fn, pack, where in self._wired:
            if kind == "listener" and name not in self.events:
                self._refuse(f"no event is named {name!r}{did_you_mean(name, self.events)}",
                             item=f"listener of event {name!r}", pack=pack, where=where,
                             fix="listen to a declared event (registry.add_event declares a pack's own)")
            elif kind == "modifier" and name not in self.modifiables:
                self._refuse(f"no modifiable value is named {name!r}{did_you_mean(name, self.modifiables)}",
                             item=f"modifier of {name!r}", pack=pack, where=where,
                             fix="modify a declared value (registry.add_modifiable declares a pack's own)")
            elif kind == "modifier":
                context = self.modifiables[name].context
                problem = signature_problem("modifier", "", fn, context)
                if problem is not None:
                    self._refuse(problem[0], item=f"modifier of {name!r}", pack=pack, where=where,
                                 fix=problem[1], rule="pack-signature")
            elif kind == "payment option" and name not in self.markets:
                self._refuse(f"no market is named {name!r}{did_you_mean(name, self.markets)}",
                             item="payment option", pack=pack, where=where, fix="name registered markets in markets=...")
        contexts = (*FORM_CONTEXTS, *self.decision_kinds)
        for spec in self.action_forms:
            if spec.context not in contexts:
                self._refuse(f"action forms for {spec.context!r}, which is no decision kind"
                             f"{did_you_mean(spec.context, contexts)}", item=f"action form {spec.form!r}",
                             pack=spec.pack, where=spec.where,
                             fix="name 'turn', 'payment' or a registered decision kind")
        known(self)


def _arity(fn: Callable) -> int:
    try:
        return len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return -1
