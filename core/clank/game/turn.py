"""The turn: main actions of the current player (DP2), end of turn (D1), the next turn (T1,
E4), and the system steps that run them through the effect queue.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from clank.actions import Action
from clank.game import markets, movement
from clank.game.state import ESCAPED, LIVE, TurnState
from clank.game.table import SEAT_NAMES

if TYPE_CHECKING:
    from clank.callbacks import FeatureActions
    from clank.game.ruleset import Ruleset
    from clank.game.table import Table
    from clank.registry import MarketDef, Registry, RoomFeatureDef

MOVE_KINDS = ("move", "portal", "explore", "teleport")
END = Action("end")
Applier = Callable[["Table", int, Action], object]
"""What carries out a listed main action: ``applier(game, seat, action)``."""
RoomPlan = tuple[
    tuple["tuple[FeatureActions, Applier] | None", Any, tuple[tuple["MarketDef", Applier], ...]], ...]
"""For each feature of a room with in-room actions or markets: (when it has in-room actions, what
lists them and what carries them out; its argument; the markets it hosts with their appliers)."""


# ==========================================================================================
# Main decision: listing, applying and explaining actions
# ==========================================================================================
def prompt(game: Table) -> str:
    """What the current player is doing."""
    return f"{game.name(game.state.current)}'s turn"


def legal(game: Table, orienting: bool = False) -> tuple[list[Action], list[Applier]]:
    """DP2: every legal main action of the current player and, in a parallel list, what carries
    it out (``applier(game, seat, action)``), in a fixed order: plays, the markets (dungeon row,
    reserve, packs' boards), moves, the room's actions (room-bound markets with their feature),
    the packs' action kinds, and ``end`` once the hand is empty. While a discovered tile waits
    for its orientation (``orienting``, X8) there are no moves and no ``end``."""
    st = game.state
    seat = st.current
    p = st.players[seat]
    rs = game.ruleset
    turn_plan = rs.cache.get(Plan) or plan(rs)
    if p.hand:                         # one play per card in hand, first copies first
        # deduplicated by card id (a cached string hash) rather than by action (a tuple hashed anew):
        # one play action per card, so the same list, twice as fast
        acts: list[Action] = list(map(rs.play_actions.__getitem__, dict.fromkeys(p.hand)))
        how: list[Applier] = [apply_play] * len(acts)
    else:
        acts, how = [], []
    markets.list_markets(game, seat, turn_plan.open_markets, orienting, acts, how)
    if not orienting:
        moves = movement.legal_moves(game, seat)
        if moves:
            acts += moves
            how += [movement.apply_move] * len(moves)
    if p.room is not None:
        room_actions(game, seat, orienting, acts, how, turn_plan)
    if p.play and not rs.ability_cards.isdisjoint(p.play):
        for action in abilities(game, seat):
            acts.append(action)
            how.append(_apply_ability)
    for kind in rs.action_kinds:
        if kind.while_orienting or not orienting:
            found = kind.enumerate(game, seat)
            if found:
                acts += found
                how += [kind.apply] * len(found)
    if not orienting and not p.hand:
        acts.append(END)
        how.append(_apply_end)
    return acts, how


def play_applier(game: Table, action: Action) -> Applier | None:
    """What carries out ``action`` when it plays a card of the current player's hand in the
    main decision, known without listing every legal action; None for anything else (the
    caller lists them and looks it up). It agrees with :func:`legal`, which lists a play for
    every card in hand before anything else (T4), so the first listed action equal to a play
    is always that play: half of a game's decisions are plays."""
    args = action.args
    if action.kind != "play" or type(args) is not tuple or len(args) != 1 or type(args[0]) is not str \
            or game.state.decision is not None:
        return None                    # listed plays are exactly Action("play", (card id,))
    st = game.state
    return apply_play if args[0] in st.players[st.current].hand else None


def apply_play(game: Table, seat: int, action: Action) -> None:
    """What carries out the play of a card in hand (``play CARD``, T4)."""
    play_card(game, seat, action.args[0])


def abilities(game: Table, seat: int) -> list[Action]:
    """``ability CARD`` for each card in the play area whose ability may be used now: once per
    copy per turn, while its condition holds (Waystone: while in a Wayshrine room)."""
    p = game.player(seat)
    cards = game.ruleset.cards
    used = game.state.turn.abilities_used
    out: list[Action] = []
    for card in dict.fromkeys(p.play):
        ability = cards[card].ability
        if ability is None or used.count(card) >= p.play.count(card):
            continue
        cond = ability[1]
        if cond is None or cond(game, seat):
            out.append(Action("ability", (card,)))
    return out


def _apply_ability(game: Table, seat: int, action: Action) -> None:
    card = action.args[0]
    cdef = game.ruleset.cards[card]
    assert cdef.ability is not None    # listed for cards with an ability only
    game.state.turn.abilities_used.append(card)
    game.say(f"{game.name(seat)} uses the ability of {cdef.name}.", seat)
    game.push(cdef.ability[2], seat, card)


def _apply_end(game: Table, seat: int, action: Action) -> None:
    end_turn(game)


def market_applier(market: MarketDef) -> Applier:
    """What carries out an action of ``market`` (pay, then hand over)."""
    return partial(_apply_market, market)


def _apply_market(market: MarketDef, game: Table, seat: int, action: Action) -> None:
    markets.buy(game, seat, market, action)


def explain(game: Table, action: Action) -> str:
    """Why a main action is refused."""
    st = game.state
    seat = st.current
    p = game.player(seat)
    k = action.kind
    if k == "end":
        return "you must play every card in your hand first (T4)" if p.hand else "you are in the middle of a move"
    if k == "play":
        return "that card is not in your hand" if action.args[:1] and action.args[0] not in p.hand else "not now"
    if k in MOVE_KINDS:
        if st.turn.move:
            return "finish placing the discovered tile first (X8)"
        why = movement.may_move(game, seat, movement.TELEPORT_MOVE if k == "teleport" else movement.BOOTS_MOVE)
        if why:
            return why
        return "you cannot pay for that move, or it leads nowhere you may enter (A6-A11, H4)"
    if k in ("orient", "place"):
        return "that orientation is not allowed (X6-X10)"
    for market in game.registry.markets.values():
        if market.explain is not None:
            why = market.explain(game, seat, action)
            if why:
                return why
    if k == "room":
        return _room_unavailable(game, seat, action) or "that room action is not available here"
    kind = game.registry.action_kinds.get(k)
    if kind and kind.explain:
        return kind.explain(game, seat, action)
    return f"unknown or unavailable action {k!r}"


# -- cards ---------------------------------------------------------------------------------
def play_card(game: Table, seat: int, card: str) -> None:
    """T4: move the card to the play area and resolve its play effect."""
    p = game.state.players[seat]
    p.hand.remove(card)
    p.play.append(card)
    cdef = game.ruleset.cards[card]
    game.say(f"{p.name or SEAT_NAMES[seat]} plays {cdef.name}.", seat)     # game.name(seat), written out
    game.emit("card_played", seat=seat, card=card)
    game.push(cdef.effects.get("play", ()), seat, card)


def _room_unavailable(game: Table, seat: int, action: Action) -> str | None:
    """What the room's feature named by a refused room action says of why it is not offered
    (its ``unavailable`` callback, asked with the game), if the seat stands in such a room."""
    room = game.player(seat).room
    fdef = game.registry.room_features.get(action.args[0]) if action.args else None
    if room is None or fdef is None or fdef.unavailable is None:
        return None
    for name, arg in game.room_features(room):
        if name == fdef.name:
            return fdef.unavailable(game, seat, room, arg)
    return None


# -- room features -------------------------------------------------------------------------
def room_actions(game: Table, seat: int, orienting: bool = False, acts: list[Action] | None = None,
                 how: list[Applier] | None = None, turn_plan: Plan | None = None) -> list[Action]:
    """In-room actions of the features of the player's room (take artifact, open, mark ...) and
    of the markets bound to those features, appended to ``acts`` (their appliers to ``how``)."""
    acts = [] if acts is None else acts
    how = [] if how is None else how
    room = game.state.players[seat].room
    if room is None:
        return acts
    if turn_plan is None:
        turn_plan = plan(game.ruleset)
    room_plan = turn_plan.rooms.get(room)   # Plan.room, its kept entry read without a call
    if room_plan is None:
        room_plan = turn_plan.room(game.ruleset, room)
    for acting, arg, bound in room_plan:
        if acting is not None:
            found = acting[0](game, seat, room, arg)
            if found:
                acts += found
                how += [acting[1]] * len(found)
        if bound:
            markets.list_markets(game, seat, bound, orienting, acts, how)
    return acts


def feature_applier(fdef: RoomFeatureDef, arg: Any) -> Applier:
    """What carries out an in-room action of a feature (with its argument in that room)."""
    return partial(_apply_feature, fdef, arg)


def _apply_feature(fdef: RoomFeatureDef, arg: Any, game: Table, seat: int, action: Action) -> None:
    room = game.player(seat).room
    assert fdef.apply is not None and room is not None    # listed only in a room, for a feature that acts
    fdef.apply(game, seat, room, arg, action)


class Plan:
    """What listing the main actions reads of a ruleset beside its tables, made once per ruleset
    (:func:`plan`) and kept in the ruleset's cache: what carries out each market's actions, the
    markets open everywhere and those bound to a room feature, and each room's :data:`RoomPlan`
    (made when the room is first listed)."""

    __slots__ = ("open_markets", "room_markets", "rooms")

    def __init__(self, registry: Registry) -> None:
        self.open_markets: tuple[tuple[MarketDef, Applier], ...] = tuple(
            (m, market_applier(m)) for m in registry.markets.values() if not m.feature)
        self.room_markets: dict[str, tuple[tuple[MarketDef, Applier], ...]] = {}
        for market in registry.markets.values():
            if market.feature:
                self.room_markets[market.feature] = (*self.room_markets.get(market.feature, ()),
                                                     (market, market_applier(market)))
        self.rooms: dict[str, RoomPlan] = {}

    def room(self, ruleset: Ruleset, room_id: str) -> RoomPlan:
        """The :data:`RoomPlan` of a room (made once)."""
        found = self.rooms.get(room_id)
        if found is None:
            tile, _, local = room_id.partition(".")
            feats = ruleset.registry.room_features
            made = []
            for name, arg in ruleset.tiles[tile].rooms[local]["features"]:
                fdef = feats.get(name)
                acting = (fdef.actions, feature_applier(fdef, arg)) \
                    if fdef is not None and fdef.actions is not None else None
                bound = self.room_markets.get(name, ())
                if acting is not None or bound:
                    made.append((acting, arg, bound))
            found = self.rooms[room_id] = tuple(made)
        return found


def plan(ruleset: Ruleset) -> Plan:
    """The ruleset's :class:`Plan`, made on first use and kept in its cache (under the key
    :class:`Plan`)."""
    found = ruleset.cache.get(Plan)
    if found is None:
        found = ruleset.cache[Plan] = Plan(ruleset.registry)
    return found


# -- orienting a discovered tile (X4-X10): a decision that lets the mover pause (X8) -------
def _orient_prompt(game: Table, d: dict[str, Any]) -> str:
    move = game.state.turn.move
    assert move is not None            # the orient decision waits on a move
    tile = game.ruleset.tiles[move["tile"]]
    return f"lay {tile.name}: choose how it turns (you may play cards first)"


def _orient_legal(game: Table, d: dict[str, Any]) -> list[Action]:
    return movement.orient_actions(game) + legal(game, orienting=True)[0]


def _orient_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    if action.kind in ("orient", "place"):
        movement.apply_orient(game, action)
        return
    acts, how = legal(game, orienting=True)
    game.ask_later(d)                  # back to the orientation once this action has resolved
    how[acts.index(action)](game, game.state.current, action)


# ==========================================================================================
# End of turn, next turn
# ==========================================================================================
def end_turn(game: Table) -> None:
    """D1: queue the end-of-turn steps."""
    st = game.state
    seat = st.current
    st.turn.phase = "end"
    game.say(f"{st.players[seat].name or SEAT_NAMES[seat]} ends the turn.")
    for step in reversed(END_STEPS):
        game.push_step(step, seat)


END_STEPS = ("end_effects", "cleanup", "turn_end", "refill", "attack_if", "next_turn")
"""D1-D3: what the end of a turn resolves, in order."""


def _on_knocked_out(game: Table, event: dict[str, Any]) -> None:
    """D12: a player knocked out on their own turn loses the rest of it at once: play area to
    discard, turn resources cleared; refill and attack still happen."""
    st = game.state
    seat = event["seat"]
    if seat != st.current or st.turn.phase != "main":
        return
    # D6: cubes an attack has already drawn are still resolved (for the other players)
    steps = game.registry.steps
    st.queue[:] = [t for t in st.queue if isinstance(t[0], str) and steps[t[0]].after_knock_out]
    st.decision = None
    st.turn.move = None
    st.turn.phase = "end"
    p = game.player(seat)
    p.discard.extend(p.play)
    p.play.clear()
    _clear_turn_resources(game, p)
    p.teleports.clear()
    p.pending_neg = 0
    st.queue.extend([step, seat, ""] for step in ("turn_end", "refill", "attack_if", "next_turn"))


def _clear_turn_resources(game: Table, p) -> None:
    """T6: unspent turn resources vanish; resources registered with ``turn=False`` stay."""
    res = game.registry.resources
    for name in list(p.pool):
        if name not in res or res[name].turn:
            del p.pool[name]


def _step_end_effects(game: Table, seat: int, _data: Any) -> None:
    tasks: list[Any] = game.state.turn.end_effects
    game.state.turn.end_effects = []
    for task in tasks[::-1]:        # (not reversed(): mypyc 2.4 fails to compile that loop)
        addrs, s, src = task
        game.push(tuple(addrs), s, src)


def _step_cleanup(game: Table, seat: int, _data: Any) -> None:
    """D1 steps 1 and 1a."""
    p = game.state.players[seat]
    p.discard.extend(p.play)
    p.discard.extend(p.hand)
    p.play.clear()
    p.hand.clear()
    _clear_turn_resources(game, p)
    p.teleports.clear()
    p.pending_neg = 0
    game.draw(seat, int(game.setup.get("hand_size", 5)), log=False)
    if game.state.turn.escaping and game.is_live(seat):
        p.status = ESCAPED
        p.room = None
        game.say(f"{game.name(seat)} escapes from the dungeon!")
        game.emit("escaped", seat=seat)


def _step_turn_end(game: Table, seat: int, _data: Any) -> None:
    """After the cleanup, before the refill: ``turn_end`` is announced."""
    game.emit("turn_end", seat=seat)


def _step_refill(game: Table, seat: int, _data: Any) -> None:
    """D2: refill the row; ``row_card_revealed`` is announced for each card; Arrive texts resolve
    in reveal order (C3), before what the listeners queued; note dragon icons (D4)."""
    st = game.state
    empty = []
    for i, c in enumerate(st.row):
        if c is None:
            empty.append(i)
    if len(st.dungeon_deck) < len(empty):
        game.say("The dungeon deck cannot refill the row: the game ends.")
        game.end_game(knock_out_live=True)
        return
    arrivals: list[tuple[tuple[int, ...], str]] = []
    for i in empty:
        card = st.dungeon_deck.pop()
        st.row[i] = card
        cdef = game.ruleset.cards[card]
        game.say(f"{cdef.name} enters the dungeon row.")
        if cdef.dragon_attack:
            st.turn.dragon_pending = True
        if "arrive" in cdef.effects:
            arrivals.append((cdef.effects["arrive"], card))
        game.emit("row_card_revealed", seat=seat, card=card, slot=i)
    for addrs, card in reversed(arrivals):
        game.push(addrs, seat, card)


def _step_attack_if(game: Table, seat: int, _data: Any) -> None:
    if game.state.turn.dragon_pending:
        game.state.turn.dragon_pending = False
        game.say("The dragon attacks!")
        game.dragon_attack(None)


def _step_next_turn(game: Table, seat: int, _data: Any) -> None:
    """T1, E4, E5: pass the turn clockwise; out players only draw cubes."""
    st = game.state
    if st.over:
        return
    for p in st.players:               # a loop, not all(): once a turn
        if p.status == LIVE:
            break
    else:
        game.end_game(knock_out_live=False)
        return
    n = len(st.players)
    nxt = (st.current + 1) % n
    if nxt == st.first:
        game.emit("round_end", round=st.round)
        st.round += 1
        cap = int(st.config.get("max_rounds", 0) or 0)
        if cap and st.round > cap:
            game.say(f"Round cap {cap} reached: the game is aborted.")
            st.aborted = True
            game.end_game(knock_out_live=False)
            return
    st.current = nxt
    st.turn_no += 1
    st.turn = TurnState()
    if st.players[nxt].status != LIVE:
        st.turn.phase = "out"
        game.push_step("next_turn", nxt)
        game.dragon_attack(game.out_player_draw())
        return
    start_turn(game)


def start_turn(game: Table) -> None:
    """T3: ``turn_starting`` is announced (what must come before anything else), then the start-of-turn
    benefits of the room (its features' ``on_turn_start``), then ``turn_start``."""
    st = game.state
    seat = st.current
    st.turn.phase = "main"
    p = st.players[seat]
    game.note_moment()                     # C11a: where the turn starts counts for it
    game.emit("turn_starting", seat=seat)
    if p.room is not None and p.status == LIVE:
        feats = game.registry.room_features
        for name, arg in game.room_features(p.room):
            fdef = feats.get(name)
            if fdef is not None and fdef.on_turn_start is not None:
                fdef.on_turn_start(game, seat, p.room, arg)
    game.emit("turn_start", seat=seat)


STEPS: dict[str, tuple[Callable[[Table, int, Any], None], str]] = {
    "end_effects": (_step_end_effects, "D1 step 0: the turn's 'at the end of this turn' effects."),
    "cleanup": (_step_cleanup, "D1 steps 1 and 1a: discard, draw a new hand, escape."),
    "turn_end": (_step_turn_end, "Announce turn_end (after the cleanup, before the refill)."),
    "refill": (_step_refill, "D2: refill the dungeon row; Arrive texts resolve."),
    "attack_if": (_step_attack_if, "D1 step 3: the dragon attacks if the refill showed its icon."),
    "next_turn": (_step_next_turn, "T1, E4: the next seat plays, or an out seat draws cubes."),
}


def register(registry: Registry) -> None:
    """Register the turn's steps, the orientation decision and the D12 listener."""
    for name, (fn, doc) in STEPS.items():
        registry.add_step(name, fn, doc)
    registry.add_step(movement.MOVE_PAID, movement.step_move_paid,
                      "A move goes on once the player chose how to pay its cost (A6-A10, U21).")
    registry.add_decision_kind(movement.ORIENT, _orient_legal, _orient_resolve,
                               "orient a discovered tile (X4-X10), or pause to play cards first (X8)",
                               prompt=_orient_prompt)
    registry.listen("knocked_out", _on_knocked_out)


__all__ = ["STEPS", "Plan", "end_turn", "explain", "legal", "plan", "prompt", "register", "start_turn"]
