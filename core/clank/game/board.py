"""What packs read of a game: the content's definitions, the seats and the turn, and the board.

:class:`Board` is the part of :class:`~clank.game.table.Table` (the pack-facing ``Game``) that
gives a pack's code what it would otherwise dig out of ``game.state`` and ``game.ruleset``,
which are the engine's own and not part of the contract (``docs/hooks.md``, "Reference").
Every member is a property or a short method that returns the game's own object, never a
copy, so reading it costs what reading the state costs:

- the definitions (:attr:`card_defs`, :attr:`token_defs`, :attr:`tile_defs` ...) are read-only
  mappings shared by every game of the ruleset;
- the board's piles, pools and boards (:attr:`row`, :attr:`pools`, :attr:`market` ...) are the
  state's own lists and dicts: a rule that moves things changes them in place, as the core does
  (a card leaving the row leaves ``None`` in its slot).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank.actions import Action
    from clank.callbacks import CompiledCondition
    from clank.dungeon import Geometry, TileDef
    from clank.game.effects import CompiledOp
    from clank.game.ruleset import CardDef, Ruleset, TokenDef
    from clank.game.state import GameState, PlacedTile, PlayerState, TurnState

_NOTHING_KEPT: Mapping[str, Any] = MappingProxyType({})
"""The state of a room nothing was kept in (read-only, shared)."""


class Board:
    """Read access to a game's content and board, for packs (the rule helpers and the changes
    are :class:`~clank.game.table.Table` 's)."""

    __slots__ = ()
    state: GameState
    ruleset: Ruleset
    # the three definition tables are the ruleset's own, set as plain attributes by the table
    # (rules read them in loops while legal actions are listed: no property call per read)

    if TYPE_CHECKING:
        @property
        def geometry(self) -> Geometry: ...    # the table's (clank.game.table.Table.geometry)

    # ======================================================================================
    # Content: what the packs define (never changes during a game)
    # ======================================================================================
    card_defs: Mapping[str, CardDef]
    """Every card the loaded packs define, by id (dungeon cards, the reserve's, the starting
    cards): its name, type, cost, points, compiled effects and the keys packs add (``ext``)."""
    token_defs: Mapping[str, TokenDef]
    """Every token the loaded packs define, by id (artifacts, secrets, market items, what
    packs add): its pool, points, effects and the keys packs add (``ext``)."""
    tile_defs: Mapping[str, TileDef]
    """Every tile the loaded packs define, by id, placed or not: its rooms and their
    features, tunnels, cells, stack and region."""

    def play_action(self, card: str) -> Action:
        """The action that plays ``card`` from the hand (T4), made once per card and shared."""
        return self.ruleset.play_actions[card]

    def compiled_op(self, address: int) -> CompiledOp:
        """One op of a compiled effect, by its address (an effect is a tuple of addresses:
        ``card_defs[id].effects["play"]``, ``token_defs[id].use``): its name, compiled argument
        and the op as content wrote it."""
        return self.ruleset.program[address]

    def compiled_condition(self, index: int) -> CompiledCondition:
        """A condition compiled at load, by its number (``cond.index`` of what
        ``compiler.condition`` returned): ``cond(game, seat)`` tells whether it holds now. Game
        state keeps the number, never the function (a pending choice's guarded options)."""
        return self.ruleset.conditions_by_index[index]     # type: ignore[return-value]  # numbered

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value derived from the content alone, made once by ``make()`` and kept for every
        game of the same packs (never game state: it must not depend on the board). ``key``
        starts with the pack's id: ``game.memo(("mypack", "heavy-cards"), lambda: ...)``."""
        cache = self.ruleset.cache
        found = cache.get(key)
        if found is None:
            found = cache[key] = make()
        return found

    # ======================================================================================
    # Seats, the turn and the game's options
    # ======================================================================================
    @property
    def players(self) -> list[PlayerState]:
        """Every seat's state, in seat order (hands, decks, pawn, supply, health, ``ext``)."""
        return self.state.players

    @property
    def seat_count(self) -> int:
        """How many seats the game has (2-6)."""
        return len(self.state.players)

    @property
    def current(self) -> int:
        """The seat whose turn it is (T1); on other seats' decisions too (see
        ``current_player`` for the seat that decides now)."""
        return self.state.current

    @property
    def first_player(self) -> int:
        """The seat that took the first turn (S17): rounds start with it."""
        return self.state.first

    @property
    def round(self) -> int:
        """The round number, from 1."""
        return self.state.round

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    @property
    def turn(self) -> TurnState:
        """What the current turn remembers (reset at each turn start, T1): its ``phase``
        (``main``, ``end``, ``out``), statistics, flags, rewards collected (R9), a move waiting
        for a discovered tile's orientation (``move``, X8) and the packs' ``ext``."""
        return self.state.turn

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options (``-o name=value``), each declared by a loaded pack
        (``registry.add_option``); read it with ``.get(name)``."""
        return self.state.config.get("options") or {}

    @property
    def pending_decision(self) -> dict[str, Any] | None:
        """The pause the game waits on, as data (``kind``, ``seat``, ``src`` and what its kind
        keeps), or ``None`` during a turn's main decision."""
        return self.state.decision

    @property
    def ext(self) -> dict[str, Any]:
        """The packs' game-wide data, JSON-ready, keyed by pack id (saved, cloned and replayed
        with the game)."""
        return self.state.ext

    # ======================================================================================
    # The dungeon row, the reserve, the markets
    # ======================================================================================
    @property
    def row(self) -> list[str | None]:
        """The dungeon row, slot by slot (S14, D2): card ids, ``None`` where a card left this turn."""
        return self.state.row

    @property
    def dungeon_deck(self) -> list[str]:
        """The dungeon deck, its top last (hidden from players: bots see only its size)."""
        return self.state.dungeon_deck

    @property
    def dungeon_discard(self) -> list[str]:
        """The dungeon discard pile (C12), the last card on top."""
        return self.state.dungeon_discard

    @property
    def reserve(self) -> dict[str, int]:
        """The reserve stacks (S13): card id -> cards left."""
        return self.state.reserve

    @property
    def market(self) -> dict[str, list[str]]:
        """The market boards: board -> the token ids for sale on it, top first."""
        return self.state.market

    # ======================================================================================
    # Tokens and cubes
    # ======================================================================================
    @property
    def artifact_stack(self) -> list[str]:
        """The artifacts waiting to be put in rooms, top first (S7)."""
        return self.state.artifact_stack

    @property
    def pools(self) -> dict[str, list[str]]:
        """The shuffled token pools (S8: secrets, prisoners, what packs add): pool -> token ids, the top last
        (``game.draw_token(pool)`` takes it)."""
        return self.state.pools

    @property
    def token_box(self) -> list[str]:
        """Tokens out of the game (spent, traded, returned to the box)."""
        return self.state.token_box

    @property
    def clank_area(self) -> dict[str, int]:
        """The Clank! area (T8): cubes by kind, a seat's under its number as text (``"0"``),
        the packs' cube kinds under their names."""
        return self.state.clank_area

    def clank_in_area(self, seat: int) -> int:
        """How many of ``seat``'s cubes are in the Clank! area (T8)."""
        return self.state.clank_area.get(str(seat), 0)

    @property
    def bag(self) -> dict[str, int]:
        """The dragon bag (D5): cubes by kind, as in :attr:`clank_area`, and ``black`` (hidden
        from players: bots see only its total)."""
        return self.state.bag

    @property
    def bank(self) -> dict[str, int]:
        """Cubes out of play by kind: ``black`` and the packs' cube kinds."""
        return self.state.bank

    @property
    def rage_space(self) -> int:
        """The dragon marker's space on the rage track (D10), 0 for the first; the setup's
        ``rage_track.draws[rage_space]`` cubes are drawn per attack."""
        return self.state.rage

    # ======================================================================================
    # Tiles, rooms and links
    # ======================================================================================
    @property
    def stacks(self) -> dict[str, list[str]]:
        """The tile stacks by region (or stack name), the next tile first (hidden from players)."""
        return self.state.stacks

    @property
    def tiles(self) -> list[PlacedTile]:
        """The placed tiles, in placement order: which tile, where, turned how far, in which
        region and slot. After turning one (``rot``), call ``game.tiles_turned``."""
        return self.state.tiles

    def placed_tile(self, tile: str) -> PlacedTile | None:
        """Where a tile lies, or ``None`` when it is not on the map."""
        for placed in self.state.tiles:
            if placed.tile == tile:
                return placed
        return None

    @property
    def rooms(self) -> dict[str, dict[str, Any]]:
        """Every room's state that something was kept in (artifacts, tokens, marks ...), by room
        id; ``game.room_state(room)`` reads one, ``game.room(room)`` gives one to change."""
        return self.state.rooms

    def room_state(self, room_id: str) -> Mapping[str, Any]:
        """What is kept in a room (artifacts, tokens, marks, opened locks ...), read-only: the
        room's own state, or an empty mapping for a room nothing was kept in. Reading it never
        changes the game, so it is what a ``may_enter``, a feature's ``actions``, a condition or
        anything else asked while legal actions are listed uses; ``game.room(room)`` is for
        changing a room's state (it makes the entry of a room that has none)."""
        return self.state.rooms.get(room_id, _NOTHING_KEPT)

    @property
    def links(self) -> list[dict[str, Any]]:
        """The links no tile draws (U-M2), as ``game.add_link`` made them: ``key``, ``a``, ``b``,
        ``icons``, ``one_way``, ``kind`` and ``to_slot`` for a link into a slot."""
        return self.state.links

    @property
    def covered(self) -> list[str]:
        """Tunnel icons paid for good (A9), as ``"tile#tunnel#icon"`` keys."""
        return self.state.covered

    def slot_room(self, region: str, slot: str, feature: str) -> str | None:
        """The first room showing ``feature`` on the tile in ``slot`` of a slot region, or
        ``None`` when the slot is empty or no room there shows it."""
        return self.geometry.slot_room(region, slot, feature, self.ruleset.room_feature_set)
