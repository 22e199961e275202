"""The contract between the engine and its packs: everything a pack may import.

A pack (built-in or third-party) imports ``clank.plugin`` and, for the public API, ``clank``;
nothing else of the engine (a ruff rule enforces it for the packs of this repository). What a
pack's callbacks receive is typed here:

- :class:`Game`: the game a callback receives, with the primitives every rule uses (resources,
  Clank!, cards, damage, tokens, rooms, pieces, events, the effect queue and decisions), what
  packs read of the content and the board (``card_defs``, ``row``, ``pools``, ``turn`` ...) and
  the rules packs call (``enter_room``, ``may_enter``, ``route_cost``, ``scores`` ...). It is the
  engine's table (:class:`clank.game.table.Table`); the whole game built on it (``clank.Game``:
  legal actions, apply, clone, save, views) is the public API of programs, and what a search
  bot gets from :func:`determinise`;
- :class:`EffectContext`: what an effect op receives;
- :class:`SeatView`: what a bot receives (one seat's view, no hidden information);
- what ``clank_check_content`` receives to state the structure of a pack's content:
  :class:`ContentView` (with :class:`ContentItem`, :class:`OpUse`, :class:`FeatureUse`) and
  :class:`Report`;
- the definitions a pack registers (:class:`RoomFeatureDef`, :class:`MarketDef` ...) and the
  content's definitions it reads (:class:`CardDef`, :class:`TokenDef`, :class:`TileDef` ...);
- the type of every function a pack registers (:class:`OpRun`, :class:`FeatureTrigger` ...:
  :mod:`clank.callbacks`);
- the payload of every core event (``TurnStartEvent`` ...), the names of the values the core
  lets packs modify (:data:`MODIFIERS`), the core's decision kinds and a player's statuses.

Only the documented members of these types are the contract (``docs/hooks.md``, "Reference"):
``game.state`` and ``game.ruleset`` are the engine's own, reachable but not part of it, and
:func:`clank.testing.surface_problems` finds a pack's uses of them. The hooks themselves are
specified, with their contracts, in :mod:`clank.hookspecs`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from clank.actions import Action, IllegalAction, act
from clank.callbacks import (
    ActionApply,
    ActionExplain,
    ActionLabel,
    ActionLister,
    ArgCompiler,
    BoardLines,
    Bot,
    BotFactory,
    CompiledCondition,
    ConditionTest,
    CubeDrawn,
    DecisionLabel,
    DecisionLegal,
    DecisionPrompt,
    DecisionResolve,
    EffectCompiler,
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
from clank.content.checks_structure import ContentItem, ContentView, FeatureUse, OpUse, Report
from clank.dungeon import Geometry, Route, SlotRegion, TileDef, TunnelDef
from clank.game.cost import Cost
from clank.game.dragon import DragonOutlook
from clank.game.effects import CompiledOp, Cond, EffectContext
from clank.game.ruleset import CardDef, TokenDef
from clank.game.scoring import eligible, points_value, score_lines
from clank.game.state import ESCAPED, KNOCKED_OUT, LIVE, GameState, PlacedTile, PlayerState, TurnState
from clank.game.table import Table as Game  # the pack-facing name of the table every callback receives
from clank.game.view import HIDDEN, PublicPlayer, SeatView
from clank.hookspecs import hookimpl
from clank.registry import (
    ActionKindDef,
    BotDef,
    ConditionDef,
    ContentKeyDef,
    CubeKindDef,
    DecisionKindDef,
    Entry,
    EventDef,
    FlagDef,
    Mark,
    MarketDef,
    ModifiableDef,
    Offer,
    OpDef,
    OptionDef,
    Payment,
    PaymentOptionDef,
    QuantityDef,
    Registry,
    RenderDef,
    ResourceDef,
    RoomFeatureDef,
    RulesSectionDef,
    StatDef,
    StepDef,
    Symbol,
    TeleportKindDef,
    TunnelIconDef,
)
from clank.search import Budget, IsmctsBot, determinise, parse_budget

# -- the core's decision kinds (``decision["kind"]``) ------------------------------------------
CHOOSE = "choose"
"""Choose one (or n) of several options of an effect (C10): answers ``option I``."""
MAY = "may"
"""Accept or decline an optional effect: ``yes`` / ``no``."""
PICK = "pick"
"""Pick cards to trash, discard or put on top of the deck: ``pick ZONE CARD`` / ``done``."""
REACT = "react"
"""Use a card from hand to answer an event (a reaction window): ``yes`` / ``no``."""
ORIENT = "orient"
"""Orient a discovered tile (``orient ROT PREVENT`` / ``place ROT``), or pause to act first (X8)."""
DECISION_KINDS = (CHOOSE, MAY, PICK, REACT, ORIENT)

# -- values the core folds through ``game.modify`` (``registry.add_modifier(NAME, fn)``) ------
ARTIFACT_LIMIT = "artifact_limit"
ARTIFACTS_CARRIED = "artifacts_carried"
ARTIFACT_STACK = "artifact_stack"
OWNED_CARDS = "owned_cards"
TUNNEL_DAMAGE = "tunnel_damage"
MAY_MOVE = "may_move"
IGNORE_ONE_WAY = "ignore_one_way"
SCORE_ELIGIBLE = "score_eligible"
VIEW = "view"
PLAYER_VIEW = "player_view"
DETERMINISE = "determinise"
CARDS_ELSEWHERE = "cards_elsewhere"
GAME_CARDS = "game_cards"
TOKENS_ELSEWHERE = "tokens_elsewhere"
CUBES_ELSEWHERE = "cubes_elsewhere"
TRASH_PILE = "trash_pile"
MODIFIERS = (ARTIFACT_LIMIT, ARTIFACTS_CARRIED, ARTIFACT_STACK, OWNED_CARDS, TUNNEL_DAMAGE, MAY_MOVE,
             IGNORE_ONE_WAY, SCORE_ELIGIBLE, VIEW, PLAYER_VIEW, DETERMINISE, CARDS_ELSEWHERE, TOKENS_ELSEWHERE, CUBES_ELSEWHERE,
             GAME_CARDS, TRASH_PILE)
"""The values the core declares (each documented by ``registry.modifiables[name]``)."""

# -- move kinds the ``may_move`` modifiers are asked about ----------------------------------
BOOTS_MOVE = "boots"
TELEPORT_MOVE = "teleport"


# -- event payloads (``fn(game, event)`` receives ``{"event": NAME, **payload}``) -------------
class Event(TypedDict):
    """Every event carries its name."""

    event: str


class SeatEvent(Event):
    """``turn_starting``, ``turn_start``, ``turn_end``, ``escaped``, ``knocked_out``: the seat
    concerned."""

    seat: int


class RoundEndEvent(Event):
    """``round_end``: the round that just ended."""

    round: int


class CardEvent(Event):
    """``card_played``, ``card_gained``: who, which card."""

    seat: int
    card: str


class MonsterDefeatedEvent(CardEvent):
    """``monster_defeated``: also where it was fought (``row`` or ``reserve``)."""

    where: str


class CardTrashedEvent(CardEvent):
    """``card_trashed``: also the zone it left."""

    zone: str


class RowCardRevealedEvent(CardEvent):
    """``row_card_revealed``: the player ending the turn, the card revealed, its row slot."""

    slot: int


class TokenTakenEvent(Event):
    """``token_taken``: who, which token (before its immediate text)."""

    seat: int
    token: str


class TileDiscoveredEvent(Event):
    """``tile_discovered``: who revealed which tile (before it is oriented)."""

    seat: int
    tile: str


class TilePlacedEvent(Event):
    """``tile_placed``: which tile, and who placed it (None at setup)."""

    tile: str
    seat: int | None


class EnteredRoomEvent(Event):
    """``entered_room``: whose pawn, which room (after the room's entry features)."""

    seat: int
    room: str


class AmountEvent(Event):
    """``tunnel_damage``, ``healed``: who, how much."""

    seat: int
    n: int


class AttackBeginsEvent(Event):
    """``attack_begins``: the current seat, and the fixed number of cubes the attack draws (None:
    the rage track's number plus Danger)."""

    seat: int
    cubes: int | None


class AttackDoneEvent(Event):
    """``attack_done``: the current seat, the cubes the attack drew."""

    seat: int
    drawn: list[str]


class ReactedEvent(Event):
    """``reacted``: who used which card, answering which reaction window."""

    seat: int
    card: str
    reaction: str


class PieceMovedEvent(Event):
    """``piece_moved``: a piece put on the map (``previous`` None), moved, or taken off
    (``room`` None)."""

    piece: str
    kind: str
    room: str | None
    previous: str | None


class PlacementQuestion(Event):
    """``placement_ok``: may ``tile`` (a :class:`PlacedTile`) go there, the move continuing to
    ``to``? Return False to forbid."""

    tile: PlacedTile
    to: Any


class DiscoveryQuestion(Event):
    """``discovery_ok``: may a tile be discovered into cell (``x``, ``y``) of ``region`` (or into
    ``slot`` of a slot region, drawn at ``x``, ``y``; ``slot`` is empty on a grid)? Return
    False to forbid."""

    region: str
    x: int
    y: int
    slot: str


EVENT_PAYLOADS: dict[str, type] = {
    "setup_done": Event, "game_over": Event,
    "turn_starting": SeatEvent, "turn_start": SeatEvent, "turn_end": SeatEvent, "escaped": SeatEvent, "knocked_out": SeatEvent,
    "round_end": RoundEndEvent, "card_played": CardEvent, "card_gained": CardEvent, "card_used": CardEvent,
    "monster_defeated": MonsterDefeatedEvent, "row_card_revealed": RowCardRevealedEvent,
    "card_trashed": CardTrashedEvent, "token_taken": TokenTakenEvent, "tile_discovered": TileDiscoveredEvent,
    "tile_placed": TilePlacedEvent, "entered_room": EnteredRoomEvent, "tunnel_damage": AmountEvent,
    "healed": AmountEvent, "attack_begins": AttackBeginsEvent, "attack_done": AttackDoneEvent, "reacted": ReactedEvent,
    "piece_moved": PieceMovedEvent, "placement_ok": PlacementQuestion, "discovery_ok": DiscoveryQuestion,
}
"""The payload type of every event the core declares."""

__all__ = [
    "ARTIFACTS_CARRIED", "ARTIFACT_LIMIT", "ARTIFACT_STACK", "BOOTS_MOVE", "CARDS_ELSEWHERE", "CHOOSE",
    "CUBES_ELSEWHERE", "DECISION_KINDS", "GAME_CARDS", "TOKENS_ELSEWHERE",
    "ESCAPED", "EVENT_PAYLOADS", "HIDDEN", "IGNORE_ONE_WAY", "KNOCKED_OUT", "LIVE", "MAY", "MAY_MOVE",
    "MODIFIERS", "ORIENT", "OWNED_CARDS", "PICK", "PLAYER_VIEW", "REACT", "SCORE_ELIGIBLE", "TELEPORT_MOVE",
    "TRASH_PILE", "TUNNEL_DAMAGE", "VIEW",
    "Action", "AmountEvent", "AttackBeginsEvent", "AttackDoneEvent", "CardEvent", "CardTrashedEvent", "ContentItem",
    "ContentKeyDef", "ContentView", "Cost", "FeatureUse", "OpUse", "Report",
    "CubeKindDef", "DiscoveryQuestion", "DragonOutlook", "EffectContext", "EnteredRoomEvent", "Entry", "Event", "EventDef",
    "Game", "GameState", "IllegalAction", "Mark", "MarketDef", "MonsterDefeatedEvent", "Offer", "Payment",
    "PieceMovedEvent",
    "PlacedTile", "PlacementQuestion", "PlayerState", "PublicPlayer", "ReactedEvent", "Registry",
    "RenderDef", "RoomFeatureDef", "RulesSectionDef", "RoundEndEvent", "RowCardRevealedEvent", "SeatEvent", "SeatView", "Symbol",
    "TileDiscoveredEvent",
    "TilePlacedEvent", "TokenTakenEvent", "TunnelIconDef", "act", "eligible", "hookimpl", "points_value", "score_lines",
    "IsmctsBot", "Budget", "determinise", "parse_budget", "DETERMINISE",
    # what the registry keeps (its tables, read through game.registry)
    "ActionKindDef", "BotDef", "ConditionDef", "DecisionKindDef", "FlagDef", "ModifiableDef", "OpDef", "OptionDef",
    "PaymentOptionDef", "QuantityDef", "ResourceDef", "StatDef", "StepDef", "TeleportKindDef",
    # the content and board a pack reads
    "CardDef", "CompiledOp", "Cond", "Geometry", "Route", "SlotRegion", "TileDef", "TokenDef", "TunnelDef", "TurnState",
    # the types of the functions a pack registers (clank.callbacks)
    "ActionApply", "ActionExplain", "ActionLabel", "ActionLister", "ArgCompiler", "BoardLines", "Bot", "BotFactory",
    "CompiledCondition", "ConditionTest", "CubeDrawn", "DecisionLabel", "DecisionLegal", "DecisionPrompt",
    "DecisionResolve", "EffectCompiler", "FeatureActions", "FeatureApply", "FeatureLabel", "FeatureMayEnter",
    "FeatureUnavailable", "OpLabel",
    "FeaturePlaced", "FeatureTrigger", "KeyGlyphs", "KeyLines", "Listener", "MapFeature", "MapIcon", "MarketExplain",
    "MarketOffers", "MarketTake", "Modifier", "OpRun", "PaymentDone", "PaymentWays", "PieceMark", "PlayerLines",
    "QuantityCount", "RoomNamer", "Scorer", "StepRun", "TeleportTargets", "Tiebreaker",
]
