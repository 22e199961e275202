"""What one seat may see of a game (DESIGN §5): the view bots and front ends receive.

A :class:`SeatView` is a cheap read-only window on a game for one seat (or a spectator,
``seat=None``). It offers the public board, the seat's own cards and the public face of the
other players, the decision and its legal actions when that seat decides, and the rule helpers
a player may compute from public information. Hidden information is not reachable through
it: other hands, every deck's order, the dungeon deck, tile stacks, token pools, the bag's
contents, tokens held face down by others (``hidden: true``), the generator, the effect queue,
others' pending decisions, and what packs hide with the ``player_view`` and ``view`` modifiers.

:func:`view_dict` is the same view as plain JSON data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from clank.actions import Action
from clank.game import movement
from clank.game.state import PlacedTile, PlayerState, TurnState, copy_plain

if TYPE_CHECKING:
    from clank.dungeon import Geometry, TileDef
    from clank.game import engine
    from clank.game.effects import CompiledOp
    from clank.game.ruleset import CardDef, Ruleset, TokenDef
    from clank.registry import Registry

_new_tuple = tuple.__new__     # makes a named tuple from a tuple without its class's Python __new__
HIDDEN = "hidden"
"""What a face-down token of another seat shows as in a view."""
SHARED = ("name", "is_live", "clockwise_live", "room_features", "room_has", "room_name", "room_label", "room_state",
          "placed_rooms", "tile_of_room", "turn_stat", "has_flag", "modify", "artifact_limit", "carried_artifacts",
          "path_cost", "route_cost", "link_routes", "link_openings", "slot_layout", "empty_slots_next_to",
          "dragon_outlook", "resource_text", "spent_text", "article")
"""Rule helpers a view offers as they are (they read public information only): a seat's name,
whether it is live, a room's features, name (as a sentence says it, as a heading) and state, the
placed rooms and tiles, the current turn's statistics and flags, the packs' modifiers, the
artifact limit, what a path or link costs, the layout of a slot region and its empty slots,
what the dragon's next draws take, and resources in words."""
_SHARED = frozenset(SHARED)


def _player_fields(p: PlayerState) -> dict[str, Any]:
    """Every field of a seat's state, in a new dict, in the record's order. Written out: a dict
    display costs half of a loop over the field names, and :meth:`SeatView.public` runs at every
    step of a learning environment (a test holds the names to the fields)."""
    return {"seat": p.seat, "name": p.name, "status": p.status, "room": p.room, "deck": p.deck, "hand": p.hand,
            "play": p.play, "discard": p.discard, "cubes": p.cubes, "damage": p.damage, "pool": p.pool,
            "teleports": p.teleports, "pending_neg": p.pending_neg, "tokens": p.tokens, "artifacts": p.artifacts,
            "stats": p.stats, "ko_room": p.ko_room, "ext": p.ext}


class PublicPlayer:
    """The public face of another seat: everything but the hand's and deck's cards and the
    tokens it holds face down (counts are public)."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def gold(self) -> int:
        """Gold in the supply."""
        return self._data["pool"].get("gold", 0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return self._data


class PublicBoard(NamedTuple):
    """The public board as :meth:`SeatView.public_board` reads it in one call: the same values
    the view's properties of these names give (``health``: the health meter's capacity), plus
    the sizes of the tile stacks and token pools (whose contents are hidden)."""

    round: int
    rage: int
    current: int
    current_player: int | None
    decision_kind: str
    health: int
    bag_total: int
    dungeon_deck_size: int
    row: list[str | None]
    reserve: Mapping[str, int]
    dungeon_discard: list[str]
    clank_area: Mapping[str, int]
    bank: Mapping[str, int]
    stack_sizes: dict[str, int]
    """Tiles left in each region's stack."""
    pool_sizes: dict[str, int]
    """Tokens left in each shuffled pool."""
    tiles: list[Any]
    rooms: Mapping[str, dict[str, Any]]
    pieces: Mapping[str, dict[str, Any]]
    links: list[dict[str, Any]]
    market: Mapping[str, list[str]]
    artifact_stack: list[str]
    covered: list[str]


class SeatView:
    """A read-only view of a game for one seat (``None``: a spectator)."""

    __slots__ = {"_game": "The game seen.", "seat": "The seat that sees (``None``: a spectator).",
                 "me": "This seat's own state, a ``PlayerState`` (read-only by convention); a spectator "
                       "has none (``AttributeError``)."}

    def __init__(self, game: engine.Game, seat: int | None) -> None:
        self._game = game
        self.seat = seat
        if seat is not None:            # a plain attribute: bots read it many times a decision
            self.me = game.state.players[seat]

    def __getattr__(self, name: str) -> Any:
        if name in _SHARED:              # rule helpers on public information: the game's own
            return getattr(self._game, name)
        if name == "me":
            raise AttributeError("a spectator has no seat")
        raise AttributeError(f"a seat's view has no {name!r}")

    def __dir__(self) -> list[str]:
        return sorted({*object.__dir__(self), *SHARED})

    # -- the decision -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._game.state.over

    @property
    def current_player(self) -> int | None:
        """The seat that decides now."""
        return self._game.current_player

    @property
    def deciding(self) -> bool:
        """Whether this view's seat decides now."""
        st = self._game.state               # the game's current_player, written out: bots ask at every decision
        d = st.decision
        return self.seat is not None and not st.over and self.seat == (st.current if d is None else d["seat"])

    def decision(self) -> dict[str, Any]:
        """The decision (its prompt and details only when this seat decides)."""
        d = self._game.decision()
        if self.deciding or d["kind"] == "over":
            return d
        return {"seat": d["seat"], "kind": d["kind"], "prompt": f"{self.name(d['seat'])} decides"}

    @property
    def decision_kind(self) -> str:
        """The kind of the decision now, whoever decides (public, as in :meth:`decision`)."""
        return self._game.decision_kind

    def pending(self) -> dict[str, Any] | None:
        """This seat's pending decision data (cards it may pick, options ...), if it decides one."""
        st = self._game.state
        d = st.decision
        return d if d is not None and self.seat is not None and not st.over and d["seat"] == self.seat else None

    def legal_actions(self) -> list[Action]:
        """The legal actions when this seat decides, else nothing."""
        game = self._game
        st = game.state
        d = st.decision
        if self.seat is None or st.over or self.seat != (st.current if d is None else d["seat"]):
            return []                       # (not deciding, as ``deciding`` says, written out)
        return game.legal_actions()

    # -- static data --------------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        """The compiled content, public but not part of the pack contract: packs read
        :attr:`card_defs`, :attr:`token_defs`, :attr:`tile_defs`, :meth:`compiled_op` and
        :meth:`memo`."""
        return self._game.ruleset

    @property
    def registry(self) -> Registry:
        """What the packs registered (read-only)."""
        return self._game.registry

    @property
    def card_defs(self) -> Mapping[str, CardDef]:
        """Every card the loaded packs define, by id (as ``game.card_defs``)."""
        return self._game.ruleset.cards

    @property
    def token_defs(self) -> Mapping[str, TokenDef]:
        """Every token the loaded packs define, by id (as ``game.token_defs``)."""
        return self._game.ruleset.tokens

    @property
    def tile_defs(self) -> Mapping[str, TileDef]:
        """Every tile the loaded packs define, by id (as ``game.tile_defs``)."""
        return self._game.ruleset.tiles

    def play_action(self, card: str) -> Action:
        """The action that plays ``card`` from the hand (made once per card and shared)."""
        return self._game.ruleset.play_actions[card]

    def compiled_op(self, address: int) -> CompiledOp:
        """One op of a compiled effect, by its address (as ``game.compiled_op``)."""
        return self._game.ruleset.program[address]

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value derived from the content alone, made once by ``make()`` for every game of the
        same packs (as ``game.memo``: never what this view sees of the board)."""
        cache = self._game.ruleset.cache       # written out: bots ask it many times a decision
        found = cache.get(key)
        if found is None:
            found = cache[key] = make()
        return found

    @property
    def setup(self) -> dict[str, Any]:
        """The setup in force for this player count."""
        return self._game.setup

    # -- the shared board ---------------------------------------------------------------------
    @property
    def current(self) -> int:
        """Whose turn it is."""
        return self._game.state.current

    @property
    def round(self) -> int:
        """The round number."""
        return self._game.state.round

    @property
    def turn(self) -> TurnState:
        """The current turn: flags, statistics, collected rewards, phase (public)."""
        return self._game.state.turn

    @property
    def row(self) -> list[str | None]:
        """The dungeon row."""
        return self._game.state.row

    @property
    def reserve(self) -> Mapping[str, int]:
        """Reserve stacks and their sizes."""
        return self._game.state.reserve

    @property
    def dungeon_deck_size(self) -> int:
        """Cards left in the dungeon deck."""
        return len(self._game.state.dungeon_deck)

    @property
    def dungeon_discard(self) -> list[str]:
        """The dungeon discard pile (public)."""
        return self._game.state.dungeon_discard

    @property
    def clank_area(self) -> Mapping[str, int]:
        """Cubes in the Clank! area by kind (a seat's under its number as text)."""
        return self._game.state.clank_area

    def clank_in_area(self, seat: int) -> int:
        """How many of ``seat``'s cubes are in the Clank! area (T8)."""
        return self._game.state.clank_area.get(str(seat), 0)

    @property
    def bag_total(self) -> int:
        """Cubes in the dragon bag (its contents are hidden)."""
        return sum(self._game.state.bag.values())

    @property
    def bank(self) -> Mapping[str, int]:
        """Cubes in the bank by kind."""
        return self._game.state.bank

    @property
    def rage(self) -> int:
        """The dragon marker's space on the rage track."""
        return self._game.state.rage

    @property
    def tiles(self) -> list[PlacedTile]:
        """Placed tiles."""
        return self._game.state.tiles

    def stack_size(self, region: str) -> int:
        """Tiles left in a region's stack."""
        return len(self._game.state.stacks.get(region, ()))

    def pool_size(self, pool: str) -> int:
        """Tokens left in a shuffled pool."""
        return len(self._game.state.pools.get(pool, ()))

    @property
    def rooms(self) -> Mapping[str, dict[str, Any]]:
        """Per-room state (artifacts, marks, opened locks ...)."""
        return self._game.state.rooms

    @property
    def covered(self) -> list[str]:
        """Tunnel icons paid for good."""
        return self._game.state.covered

    @property
    def links(self) -> list[dict[str, Any]]:
        """Links between rooms that no tile draws."""
        return self._game.state.links

    @property
    def pieces(self) -> Mapping[str, dict[str, Any]]:
        """Non-player pieces on the map."""
        return self._game.state.pieces

    @property
    def market(self) -> Mapping[str, list[str]]:
        """Market boards and the items on them."""
        return self._game.state.market

    @property
    def artifact_stack(self) -> list[str]:
        """The artifact stack, top first (public, S7)."""
        return self._game.state.artifact_stack

    @property
    def log(self) -> list[str]:
        """The event log."""
        return self._game.state.log

    @property
    def geometry(self) -> Geometry:
        """Connectivity of the placed tiles."""
        return self._game.geometry

    def slot_room(self, region: str, slot: str, feature: str) -> str | None:
        """The first room showing ``feature`` on the tile in ``slot`` of a slot region, or
        ``None`` (as ``game.slot_room``)."""
        return self._game.slot_room(region, slot, feature)

    def public_board(self) -> PublicBoard:
        """The public board and the decision's public facts as one record (:class:`PublicBoard`),
        read in one call: for readers that look at most of it many times a second (the learning
        environments of :mod:`clank.rl`). Its lists and dicts are the game's own, as the
        properties give them: read them, never change them."""
        game = self._game
        st = game.state
        stacks, pools = st.stacks, st.pools
        return _new_tuple(PublicBoard, (      # the record made without its __new__'s Python frame
            st.round, st.rage, st.current, game.current_player, game.decision_kind, game.health,
            sum(st.bag.values()), len(st.dungeon_deck), st.row, st.reserve, st.dungeon_discard, st.clank_area,
            st.bank, {region: len(tiles) for region, tiles in stacks.items()},
            {pool: len(tokens) for pool, tokens in pools.items()},
            st.tiles, st.rooms, st.pieces, st.links, st.market, st.artifact_stack, st.covered))

    # -- players ------------------------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        """How many seats the game has (without building each seat's face, as ``players`` does)."""
        return len(self._game.state.players)

    @property
    def players(self) -> list[PlayerState | PublicPlayer]:
        """Every seat as this view sees it."""
        return [self.player(s) for s in range(len(self._game.state.players))]

    def player(self, seat: int) -> PlayerState | PublicPlayer:
        """This seat's own state, or the :class:`PublicPlayer` face of another seat."""
        if seat == self.seat:
            return self._game.state.players[seat]
        return PublicPlayer(_public_player(self._game, seat, self.seat))

    def public(self, seat: int) -> Mapping[str, Any]:
        """What :meth:`player` shows of a seat, as a read-only mapping built without copying the
        seat's zones: the same keys and values (hand and deck as counts for every seat but this
        view's own hand, face-down tokens of others as ``"hidden"``, folded through the
        ``player_view`` modifiers), for readers that look at a few fields many times a second
        (the learning environments of :mod:`clank.rl`). Read it, never change it."""
        p = self._game.state.players[seat]
        return MappingProxyType(_redact_player(self._game, _player_fields(p), self.seat))

    # -- rule helpers on public information ----------------------------------------------------
    def room(self, room_id: str) -> Mapping[str, Any]:
        """A room's state (empty if nothing happened there)."""
        return self._game.state.rooms.get(room_id) or {}

    @property
    def health(self) -> int:
        """Health meter capacity."""
        return self._game.health

    def counts_as(self, seat: int, kind: str) -> int:
        """What counts as ``kind`` among a seat's visible tokens (and, for this seat, its cards)."""
        if seat == self.seat:
            return self._game.counts_as(seat, kind)
        toks = self._game.ruleset.tokens
        return sum(1 for t in self.player(seat).tokens if t in toks and kind in toks[t].counts_as)

    def can_pay(self, cost: dict[str, int]) -> bool:
        """Whether this seat's resources cover ``cost``."""
        return self.seat is not None and self._game.can_pay(self.seat, cost)

    def may_enter(self, room_id: str) -> str | None:
        """A reason this seat may not enter the room now, or None."""
        return None if self.seat is None else self._game.may_enter(self.seat, room_id)

    def orientations(self) -> list[dict[str, Any]]:
        """While this seat orients a discovered tile: where each orientation leads and what it
        costs (``rot``, ``to``, ``cost``, ``passable``); else nothing."""
        if not self.deciding or self._game.state.turn.move is None:
            return []
        return movement.orientation_outcomes(self._game)

    @property
    def moving_tile(self) -> str | None:
        """The tile a move is waiting to orient, if any (public: it was revealed)."""
        move = self._game.state.turn.move
        return move["tile"] if move else None

    @property
    def aborted(self) -> bool:
        """Whether the game stopped at its round cap."""
        return self._game.state.aborted

    @property
    def max_rounds(self) -> int:
        """The round cap (0: none)."""
        return int(self._game.state.config.get("max_rounds", 0) or 0)

    def scores(self) -> list[dict[str, Any]]:
        """The final scores (only once the game is over: before that, scores need hidden cards)."""
        if not self.over:
            raise ValueError("scores are known when the game is over")
        return self._game.scores()

    def winners(self) -> list[int]:
        """The winners (once the game is over)."""
        if not self.over:
            raise ValueError("winners are known when the game is over")
        return self._game.winners()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this view."""
        return view_dict(self._game, self.seat)


class StateView(SeatView):
    """A :class:`SeatView` of one state of the game, for a reader that looks at the same seats
    many times before the game changes (the web table builds every part of a page from one):
    :meth:`public` makes each seat's face once and gives the same mapping again, and
    :meth:`orientations` its outcomes once. Drop it when the game changes (its faces would be
    those of the state it was made in)."""

    __slots__ = {"_faces": "Each seat's public face, made on first use.",
                 "_orientations": "The orientations' outcomes, worked out on first use."}

    def __init__(self, game: engine.Game, seat: int | None) -> None:
        super().__init__(game, seat)
        self._faces: dict[int, Mapping[str, Any]] = {}
        self._orientations: list[dict[str, Any]] | None = None

    def orientations(self) -> list[dict[str, Any]]:
        """:meth:`SeatView.orientations`, worked out once for this view (the same list: read it,
        never change it); each orientation's label reads them."""
        if self._orientations is None:
            self._orientations = SeatView.orientations(self)
        return self._orientations

    def public(self, seat: int) -> Mapping[str, Any]:
        """:meth:`SeatView.public`, made once per seat for this view."""
        face = self._faces.get(seat)
        if face is None:
            face = self._faces[seat] = SeatView.public(self, seat)
        return face


def _public_player(game: engine.Game, owner: int, viewer: int | None) -> dict[str, Any]:
    """A copy of a seat's fields as ``viewer`` sees them (copied as plain data: a reader may
    keep or change it without touching the game)."""
    return _redact_player(game, copy_plain(_player_fields(game.state.players[owner])), viewer)


def _redact_player(game: engine.Game, p: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    p["deck"] = len(p["deck"])
    if p["seat"] != viewer:
        p["hand"] = len(p["hand"])
        toks = game.ruleset.tokens
        p["tokens"] = [HIDDEN if toks[t].hidden else t for t in p["tokens"]]
    return game.modify("player_view", p, seat=viewer, owner=p["seat"])


def view_dict(game: engine.Game, seat: int | None) -> dict[str, Any]:
    """The state without what ``seat`` may not see, as JSON data.

    Hidden: every deck's order and content (counts only), other players' hands and face-down
    tokens, the dungeon deck, tile stacks, token pools, the dragon bag's contents (its total is
    public), the random generator, the effect queue, others' pending decisions, the seed and
    the action history (its length only; the log is the public record).
    Packs hide their own data with the ``player_view`` (one player's data) and ``view`` (the
    whole view) modifiers.
    """
    full = game.state.to_dict()
    full["players"] = [_redact_player(game, p, seat) for p in full["players"]]
    full["dungeon_deck"] = len(full["dungeon_deck"])
    full["stacks"] = {k: len(v) for k, v in full["stacks"].items()}
    full["pools"] = {k: len(v) for k, v in full["pools"].items()}
    full["bag"] = {"total": sum(full["bag"].values())}
    full["removed_tiles"] = len(full["removed_tiles"])
    full["history"] = len(full["history"])   # answers to private decisions would show
    for key in ("rng", "queue"):
        full.pop(key)
    full["config"].pop("seed", None)    # with the seed and the history, replay would reveal all
    d = full["decision"]
    if d is not None and d.get("seat") != seat:
        full["decision"] = {"seat": d.get("seat"), "kind": d.get("kind")}
    return game.modify("view", full, seat=seat)
