"""The types of the functions a pack registers: one :class:`~typing.Protocol` per kind of
callable that a registration method of the ``Registry`` (or a definition it takes) accepts.

Each protocol says how the engine calls the function: its parameters, in order, and what it
does with the result. Parameters are positional-only (``/``), so an implementation may name
them as it likes (``room`` or ``room_id``, ``_arg`` for an argument it ignores); the engine
never passes them by keyword. A result the engine ignores is typed ``object``: a function
typed ``-> None`` fits, and so does one that happens to return something.

``game`` is the pack-facing ``clank.plugin.Game`` (the engine's table), ``view`` a
:class:`~clank.game.view.SeatView` (one seat's view, without hidden information), ``seat`` a
seat number, ``room`` a room id (``"tile.room"``), ``arg`` the argument content gives (a
feature's ``name(argument)``, an op's or a condition's value, already compiled when the op
registered a ``compile``).

An editor or a type checker (mypy, pyright) reads these from ``clank.plugin``: annotate a
callback with its protocol's parameter types, or pass it straight to the registry and let the
checker compare it with the protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:
    from clank.actions import Action
    from clank.dungeon import TileDef
    from clank.game.effects import EffectContext
    from clank.game.view import SeatView
    from clank.plugin import Game
    from clank.registry import Entry, Mark, Offer, Payment, Symbol

# ==========================================================================================
# Effects: ops, conditions, quantities and what compiles them
# ==========================================================================================
class CompiledCondition(Protocol):
    """A condition compiled once at load (``compiler.condition(data)``): ``cond(game, seat)``
    tells whether it holds for the seat now. ``index`` numbers it, so game state can name it
    (a pending choice whose options are guarded): ``game.compiled_condition(index)`` gives it
    back."""

    index: int

    def __call__(self, game: Game, seat: int, /) -> bool: ...


class EffectCompiler(Protocol):
    """What a ``compile`` function receives: it compiles nested effects and conditions of an
    argument once, at load (``add_op(..., compile=...)``, ``add_content_key(..., compile=...)``)."""

    def effect(self, ops: list[Any] | None) -> tuple[int, ...]:
        """Compile a list of ops (YAML data) into a compiled effect: the addresses that
        ``game.push(effect, seat, src)`` or ``ctx.push(effect)`` queue."""
        ...

    def condition(self, data: Any) -> CompiledCondition:
        """Compile a condition mapping (``{hurt: true}``, ``{all: [...]}``) into a test."""
        ...


class OpLabel(Protocol):
    """``OpDef.label(arg, name)``: the op with its argument in a player's words (``"gain 2
    gold"``, ``"trash Burgle"``), as a choice's option or a "may" question shows it; ``name(id)``
    gives the printed name of a card or token id. Reads no game."""

    def __call__(self, arg: Any, name: Callable[[str], str], /) -> str: ...


class OpRun(Protocol):
    """An effect op (``add_op``): ``run(ctx, arg)`` performs it for ``ctx.seat``; ``arg`` is the
    op's value in content (after ``compile``, when the op has one). The result is ignored."""

    def __call__(self, ctx: EffectContext, arg: Any, /) -> object: ...


class ArgCompiler(Protocol):
    """Pre-processes content once at load (an op's argument, a content key's value):
    ``compile(value, compiler)`` returns what is kept (nested effects compiled with
    ``compiler.effect``, conditions with ``compiler.condition``)."""

    def __call__(self, value: Any, compiler: EffectCompiler, /) -> Any: ...


class ConditionTest(Protocol):
    """A condition (``add_condition``): ``test(game, seat, arg)`` tells whether it holds for the
    seat now, ``arg`` being its value in content (``{hurt: true}`` gives ``True``). Called while
    legal actions are listed: it must not change the game."""

    def __call__(self, game: Game, seat: int, arg: Any, /) -> bool: ...


class QuantityCount(Protocol):
    """A countable quantity (``add_quantity``): ``count(game, seat)`` for points ``{per: ...}``
    and ``count_at_least``."""

    def __call__(self, game: Game, seat: int, /) -> int: ...


# ==========================================================================================
# Room features
# ==========================================================================================
class FeaturePlaced(Protocol):
    """``RoomFeatureDef.on_place(game, room, arg)``: the tile holding the room was placed (X11).
    The result is ignored."""

    def __call__(self, game: Game, room: str, arg: Any, /) -> object: ...


class FeatureTrigger(Protocol):
    """``RoomFeatureDef.on_enter`` and ``on_turn_start``: ``fn(game, seat, room, arg)`` when a
    pawn enters the room (A12) or a turn starts with the pawn there (T3). The result is ignored."""

    def __call__(self, game: Game, seat: int, room: str, arg: Any, /) -> object: ...


class FeatureActions(Protocol):
    """``RoomFeatureDef.actions(game, seat, room, arg)``: the in-room actions legal now, in a
    fixed order. Called while legal actions are listed: it must not change the game."""

    def __call__(self, game: Game, seat: int, room: str, arg: Any, /) -> list[Action]: ...


class FeatureApply(Protocol):
    """``RoomFeatureDef.apply(game, seat, room, arg, action)``: carry out one of the actions
    that ``actions`` listed. The result is ignored."""

    def __call__(self, game: Game, seat: int, room: str, arg: Any, action: Action, /) -> object: ...


class FeatureMayEnter(Protocol):
    """``RoomFeatureDef.may_enter(game, seat, room, arg, entry)``: a reason the pawn may not
    enter (A18), or ``None``. ``entry`` is the :class:`~clank.registry.Entry` of the move being
    paid, or ``None`` when the pawn arrives otherwise (teleport, effect). Must not change the
    game."""

    def __call__(self, game: Game, seat: int, room: str, arg: Any, entry: Entry | None, /) -> str | None: ...


class FeatureUnavailable(Protocol):
    """``RoomFeatureDef.unavailable(view, seat, room, arg)``: why the feature's in-room action
    is not offered to the seat standing in the room now (``"you already carry an artifact"``),
    or ``None`` when it is offered or there is nothing to say (nothing left to take). Asked
    with that seat's view (what a front end has: read the room's state, the seat's own pool
    and tokens, the artifact limit; the game itself when a refused action is explained), and
    shown to the player beside the actions. Must not change the game."""

    def __call__(self, view: SeatView | Game, seat: int, room: str, arg: Any, /) -> str | None: ...


class FeatureLabel(Protocol):
    """``RoomFeatureDef.label(arg)``: the feature as a player reads it, given its argument
    (``reward_gold(2)`` → ``"2 gold"``)."""

    def __call__(self, arg: Any, /) -> str: ...


# ==========================================================================================
# Turn actions, decisions, teleports, steps, cubes
# ==========================================================================================
class ActionLister(Protocol):
    """An action kind's ``enumerate(game, seat)``: its actions legal now during the current
    player's main decision, in a fixed order. Must not change the game."""

    def __call__(self, game: Game, seat: int, /) -> list[Action]: ...


class ActionApply(Protocol):
    """An action kind's ``apply(game, seat, action)``: carry out one of its actions. The result
    is ignored."""

    def __call__(self, game: Game, seat: int, action: Action, /) -> object: ...


class ActionExplain(Protocol):
    """An action kind's ``explain(game, seat, action)``: why the action is refused now, in words."""

    def __call__(self, game: Game, seat: int, action: Action, /) -> str: ...


class ActionLabel(Protocol):
    """An action kind's ``label(view, action)``: the action as a menu shows it to the deciding
    seat, in words (never the action's text, never a rule id)."""

    def __call__(self, view: SeatView, action: Action, /) -> str: ...


class DecisionLegal(Protocol):
    """A decision kind's ``legal(game, decision)``: the answers to the pending ``decision`` (its
    JSON-ready dict), never empty, in a fixed order. Must not change the game."""

    def __call__(self, game: Game, decision: dict[str, Any], /) -> list[Action]: ...


class DecisionResolve(Protocol):
    """A decision kind's ``resolve(game, decision, action)``: carry out the answer; the effect
    queue then resumes. The result is ignored."""

    def __call__(self, game: Game, decision: dict[str, Any], action: Action, /) -> object: ...


class DecisionPrompt(Protocol):
    """A decision kind's ``prompt(game, decision)``: what is being decided, in words."""

    def __call__(self, game: Game, decision: dict[str, Any], /) -> str: ...


class DecisionLabel(Protocol):
    """A decision kind's ``label(view, decision, action)``: one answer as a menu shows it to the
    deciding seat, in words."""

    def __call__(self, view: SeatView, decision: dict[str, Any], action: Action, /) -> str: ...


class TeleportTargets(Protocol):
    """A teleport kind's ``targets(game, seat)``: the rooms a held teleport of the kind may take
    the seat to now. Must not change the game."""

    def __call__(self, game: Game, seat: int, /) -> list[str]: ...


class StepRun(Protocol):
    """A system step of the effect queue (``add_step``): ``run(game, seat, data)``, ``data`` the
    plain JSON data it was queued with (``game.push_step(name, seat, data)``). The result is
    ignored."""

    def __call__(self, game: Game, seat: int, data: Any, /) -> object: ...


class CubeDrawn(Protocol):
    """A cube kind's ``on_draw(game, seat)``: what drawing one during an attack does (``seat``:
    the current player). The result is ignored."""

    def __call__(self, game: Game, seat: int, /) -> object: ...


# ==========================================================================================
# Markets and payments
# ==========================================================================================
class MarketOffers(Protocol):
    """A market's ``offers(game, seat)``: what the seat may take now, each an
    :class:`~clank.registry.Offer` priced before payment options. Must not change the game."""

    def __call__(self, game: Game, seat: int, /) -> Iterable[Offer]: ...


class MarketTake(Protocol):
    """A market's ``take(game, seat, offer, payment)``: hand over an offer the core has paid with
    ``payment``. The result is ignored."""

    def __call__(self, game: Game, seat: int, offer: Offer, payment: Payment, /) -> object: ...


class MarketExplain(Protocol):
    """A market's ``explain(game, seat, action)``: why one of its actions is refused now, or
    ``None`` when the action is not one of its own."""

    def __call__(self, game: Game, seat: int, action: Action, /) -> str | None: ...


class PaymentWays(Protocol):
    """``add_payment_option(ways)``: ``ways(game, seat, cost, item)`` lists other ways to pay
    ``cost`` for ``item`` (a card or token id) besides the plain price; the core keeps those the
    seat can afford. Must not change the game."""

    def __call__(self, game: Game, seat: int, cost: dict[str, int], item: str, /) -> Iterable[Payment]: ...


class PaymentDone(Protocol):
    """``Payment.after(game, seat)``: runs once the payment is made (a coupon leaves the supply).
    The result is ignored."""

    def __call__(self, game: Game, seat: int, /) -> object: ...


# ==========================================================================================
# Events, modifiers, scoring
# ==========================================================================================
class Listener(Protocol):
    """``registry.listen(event, fn)``: ``fn(game, event)`` each time the event is announced;
    ``event`` is the dict ``{"event": name, **payload}`` (its type for the core's events:
    ``EVENT_PAYLOADS[name]``). A question's listener returns ``False`` to refuse (and must not
    change the game); any other result is ignored."""

    def __call__(self, game: Game, event: Any, /) -> object: ...


Modifier: TypeAlias = Callable[..., Any]
"""``registry.add_modifier(name, fn)``: ``fn(game, value, **context) -> value``, the value folded
and the context keywords its modifiable value declares (``seat`` ...). Each value has context
keywords of its own, so a modifier names the ones it reads (``def limit(game, value, seat)``):
no single protocol describes them all, hence a plain callable type. Must not change the game."""


class Scorer(Protocol):
    """``add_scorer(fn)``: ``fn(game, seat)`` gives the seat's score lines, ``(source, points)``
    pairs, folded after the core's (E8)."""

    def __call__(self, game: Game, seat: int, /) -> Iterable[tuple[str, int]]: ...


class Tiebreaker(Protocol):
    """``add_tiebreaker(fn)``: ``fn(game, seat)`` gives a comparable key, higher wins (E9),
    checked before the core's."""

    def __call__(self, game: Game, seat: int, /) -> Any: ...


# ==========================================================================================
# Bots
# ==========================================================================================
class Bot(Protocol):
    """What a bot factory makes: ``choose(view)`` returns one of ``view.legal_actions()``."""

    def choose(self, view: SeatView, /) -> Action:
        """The action this bot takes in the view's decision."""
        ...


class BotFactory(Protocol):
    """``add_bot(name, factory)``: ``factory(seed)`` makes a seeded :class:`Bot` (a class whose
    ``__init__`` takes the seed fits). A bot registered with a ``param`` is also made by
    ``factory(seed, value)``, the value as text, and raises ``ValueError`` on one it refuses."""

    def __call__(self, seed: int, /) -> Bot: ...


# ==========================================================================================
# Render
# ==========================================================================================
class KeyLines(Protocol):
    """``RenderDef.room(view, room)`` and ``tile(view, tile)``: the lines (marks) a panel shows
    about a room or a placed tile."""

    def __call__(self, view: SeatView, key: str, /) -> list[Mark]: ...


class PlayerLines(Protocol):
    """``RenderDef.player(view, seat)``: extra lines of a player's panel."""

    def __call__(self, view: SeatView, seat: int, /) -> list[Mark]: ...


class BoardLines(Protocol):
    """``RenderDef.board(view)``: lines about shared boards (a market board ...)."""

    def __call__(self, view: SeatView, /) -> list[Mark]: ...


class PieceMark(Protocol):
    """``RenderDef.piece(view, piece)``: how a piece on the map is written (``piece``: its dict,
    ``{"id", "kind", "room", "owner", "data"}``)."""

    def __call__(self, view: SeatView, piece: dict[str, Any], /) -> Mark: ...


class MapIcon(Protocol):
    """``RenderDef.map_icon(view, name)``: the glyph of a tunnel icon, or ``None`` to leave it to
    another renderer."""

    def __call__(self, view: SeatView, name: str, /) -> Symbol | None: ...


class MapFeature(Protocol):
    """``RenderDef.map_feature(view, room, name, arg)``: the glyph of a printed room feature, or
    ``None`` to leave it to another renderer."""

    def __call__(self, view: SeatView, room: str, name: str, arg: Any, /) -> Symbol | None: ...


class KeyGlyphs(Protocol):
    """``RenderDef.map_room(view, room)`` and ``map_tile(view, tile)``: glyphs of what lies in a
    room now, or notes on a placed tile."""

    def __call__(self, view: SeatView, key: str, /) -> list[Symbol]: ...


class RoomNamer(Protocol):
    """``RenderDef.room_name(tile, room)``: how players name a room, given its tile's
    definition and its id on the tile, or ``None`` for the generic rule. Reads no game."""

    def __call__(self, tile: TileDef, room: str, /) -> str | None: ...


__all__ = [
    "ActionApply", "ActionExplain", "ActionLabel", "ActionLister", "ArgCompiler", "BoardLines", "Bot", "BotFactory",
    "CompiledCondition", "ConditionTest", "CubeDrawn", "DecisionLabel", "DecisionLegal", "DecisionPrompt",
    "DecisionResolve", "EffectCompiler", "FeatureActions", "FeatureApply", "FeatureLabel", "FeatureMayEnter",
    "FeatureUnavailable",
    "FeaturePlaced", "FeatureTrigger", "KeyGlyphs", "KeyLines", "Listener", "MapFeature", "MapIcon", "MarketExplain",
    "MarketOffers", "MarketTake", "Modifier", "OpLabel", "OpRun", "PaymentDone", "PaymentWays", "PieceMark", "PlayerLines",
    "QuantityCount", "RoomNamer", "Scorer", "StepRun", "TeleportTargets", "Tiebreaker",
]
