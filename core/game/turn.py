"""The turn: main actions of the current player (DP2), end of turn (D1), the next turn (T1,
E4), and the system steps that run them through the effect queue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from clank.actions import Action, act
from clank.game import dragon, movement
from clank.game.state import ESCAPED, TurnState

if TYPE_CHECKING:
    from clank.game.engine import Game

MOVE_KINDS = ("move", "portal", "explore", "teleport")


# ==========================================================================================
# Main decision: listing, applying and explaining actions
# ==========================================================================================
def prompt(game: Game) -> str:
    """What the current player is doing."""
    if game.state.turn.ext.get("move"):
        tile = game.ruleset.tiles[game.state.turn.ext["move"]["tile"]]
        return f"orient {tile.name} (or pause to play cards first, X8)"
    return f"{game.name(game.state.current)}'s turn"


def legal(game: Game) -> list[Action]:
    """DP2: every legal main action of the current player, in a fixed order."""
    st = game.state
    seat = st.current
    p = game.player(seat)
    orienting = bool(st.turn.ext.get("move"))
    out: list[Action] = []
    if orienting:
        out.extend(movement.orient_actions(game))
    seen: set[str] = set()
    for card in p.hand:
        if card not in seen:
            seen.add(card)
            out.append(act("play", card))
    out.extend(row_actions(game, seat))
    out.extend(reserve_actions(game, seat))
    if not orienting:
        out.extend(movement.legal_moves(game, seat))
    out.extend(room_actions(game, seat))
    for kind in game.ruleset.registry.action_kinds.values():
        out.extend(kind.enumerate(game, seat))
    if not orienting and not p.hand:
        out.append(Action("end"))
    return out


def apply(game: Game, action: Action) -> None:
    """Carry out a legal main action."""
    seat = game.state.current
    k = action.kind
    if k == "play":
        play_card(game, seat, action.args[0])
    elif k in ("buy", "use", "fight"):
        row_action(game, seat, action)
    elif k in ("reserve", "fight-reserve"):
        reserve_action(game, seat, action)
    elif k in MOVE_KINDS:
        movement.apply_move(game, seat, action)
    elif k in ("orient", "place"):
        movement.apply_orient(game, action)
    elif k == "end":
        end_turn(game)
    elif k == "room":
        feature, room, arg = _room_feature(game, seat, action.args[0])
        feature.apply(game, seat, room, arg, action)
    else:
        game.ruleset.registry.action_kinds[k].apply(game, seat, action)


def explain(game: Game, action: Action) -> str:
    """Why a main action is refused."""
    st = game.state
    p = game.player(st.current)
    k = action.kind
    if k == "end":
        return "you must play every card in your hand first (T4)" if p.hand else "you are in the middle of a move"
    if k == "play":
        return "that card is not in your hand" if action.args[:1] and action.args[0] not in p.hand else "not now"
    if k in MOVE_KINDS:
        if st.turn.escaping:
            return "you entered the Crypt: your pawn moves no further this turn (A18, E1)"
        if st.turn.exhausted and k != "teleport":
            return "you are exhausted by a Crystal Cave: no more Boots this turn (R4)"
        if st.turn.ext.get("move"):
            return "finish placing the discovered tile first (X8)"
        return "you cannot pay for that move, or it leads nowhere you may enter (A6-A11, H4)"
    if k in ("buy", "use", "fight", "reserve", "fight-reserve"):
        return _explain_row(game, action)
    if k in ("orient", "place"):
        return "that orientation is not allowed (X6-X10)"
    if k == "room":
        return "that room action is not available here"
    kind = game.ruleset.registry.action_kinds.get(k)
    if kind and kind.explain:
        return kind.explain(game, st.current, action)
    return f"unknown or unavailable action {k!r}"


def _explain_row(game: Game, action: Action) -> str:
    st = game.state
    p = game.player(st.current)
    if action.kind in ("reserve", "fight-reserve"):
        card = action.args[0] if action.args else ""
        if card not in st.reserve:
            return f"{card!r} is not in the reserve"
        if st.reserve[card] <= 0:
            return f"the {card} stack is empty (A2)"
    else:
        try:
            slot = int(action.args[0])
            card = st.row[slot]
        except (IndexError, ValueError):
            return "no such dungeon row slot"
        if card is None:
            return "that row slot is empty until the end of turn (A19)"
    cdef = game.ruleset.cards[card]
    if cdef.fight_if is not None and not cdef.fight_if(game, st.current):
        return f"{cdef.name} cannot be fought here (A4)"
    need = ", ".join(f"{n} {r}" for r, n in cdef.cost.items())
    have = ", ".join(f"{n} {r}" for r, n in sorted(p.pool.items()))
    return f"{cdef.name} costs {need}; you have {have or 'nothing'}"


# -- cards ---------------------------------------------------------------------------------
def play_card(game: Game, seat: int, card: str) -> None:
    """T4: move the card to the play area and resolve its play effect."""
    p = game.player(seat)
    p.hand.remove(card)
    p.play.append(card)
    cdef = game.ruleset.cards[card]
    game.say(f"{game.name(seat)} plays {cdef.name}.")
    game.emit("card_played", seat=seat, card=card)
    game.push(cdef.effects.get("play", ()), seat, card)


def can_pay(game: Game, seat: int, cost: dict[str, int]) -> bool:
    """Whether the pool and supply cover a card cost (skill, swords, boots, gold, lockpicks)."""
    p = game.player(seat)
    for res, n in cost.items():
        have = p.gold if res == "gold" else p.lockpicks if res == "lockpicks" else p.pool.get(res, 0)
        if have < n:
            return False
    return True


def pay(game: Game, seat: int, cost: dict[str, int]) -> None:
    """Spend a cost (already checked)."""
    for res, n in cost.items():
        game.gain(seat, res, -n) if res in ("gold", "lockpicks") else _spend(game, seat, res, n)


def _spend(game: Game, seat: int, res: str, n: int) -> None:
    p = game.player(seat)
    p.pool[res] = p.pool.get(res, 0) - n


def _alt_payment(game: Game) -> dict[str, Any] | None:
    return game.state.turn.ext.get("alt_payment")


def row_actions(game: Game, seat: int) -> list[Action]:
    """A1, A3, A4: acquire, use or fight cards of the dungeon row."""
    out: list[Action] = []
    cards = game.ruleset.cards
    alt = _alt_payment(game)
    for slot, card in enumerate(game.state.row):
        if card is None:
            continue
        cdef = cards[card]
        verb = "fight" if cdef.type == "monster" else "use" if cdef.type == "device" else "buy"
        if verb == "fight" and cdef.fight_if is not None and not cdef.fight_if(game, seat):
            continue
        if can_pay(game, seat, cdef.cost):
            out.append(act(verb, slot))
        if (alt and verb in alt["for"]
                and game.player(seat).lockpicks >= alt["amount"] + cdef.cost.get("lockpicks", 0)
                and can_pay(game, seat, {r: n for r, n in cdef.cost.items() if r not in ("skill", "lockpicks")})):
            out.append(act(verb, slot, "alt"))
    return out


def row_action(game: Game, seat: int, action: Action) -> None:
    """Acquire, use or fight a row card; the slot stays empty until end of turn (A19)."""
    st = game.state
    slot = int(action.args[0])
    card = st.row[slot]
    cdef = game.ruleset.cards[card]
    if len(action.args) > 1 and action.args[1] == "alt":
        alt = st.turn.ext.pop("alt_payment")
        game.gain(seat, "lockpicks", -alt["amount"])
        pay(game, seat, {r: n for r, n in cdef.cost.items() if r not in ("skill",)})
    else:
        pay(game, seat, cdef.cost)
    st.row[slot] = None
    if action.kind == "buy":
        game.say(f"{game.name(seat)} acquires {cdef.name}.")
        game.gain_card(seat, card)
    elif action.kind == "use":
        game.say(f"{game.name(seat)} uses {cdef.name}.")
        st.dungeon_discard.append(card)
        game.push(cdef.effects.get("use", ()), seat, card)
    else:
        game.say(f"{game.name(seat)} defeats {cdef.name}.")
        st.dungeon_discard.append(card)
        game.bump(seat, "monsters_defeated")
        game.push(cdef.effects.get("defeat", ()), seat, card)


def reserve_actions(game: Game, seat: int) -> list[Action]:
    """A2, A5: acquire the top card of a reserve stack, or fight a reserve monster."""
    out = []
    for card, left in game.state.reserve.items():
        cdef = game.ruleset.cards[card]
        if left <= 0 or not can_pay(game, seat, cdef.cost):
            continue
        if cdef.fight_if is not None and not cdef.fight_if(game, seat):
            continue
        out.append(act("fight-reserve" if cdef.type == "monster" else "reserve", card))
    return out


def reserve_action(game: Game, seat: int, action: Action) -> None:
    """Acquire from (or fight in) the reserve; a reserve monster stays (A5, INV-11)."""
    card = action.args[0]
    cdef = game.ruleset.cards[card]
    pay(game, seat, cdef.cost)
    if action.kind == "fight-reserve":
        game.say(f"{game.name(seat)} defeats the {cdef.name}.")
        game.push(cdef.effects.get("defeat", ()), seat, card)
        return
    game.state.reserve[card] -= 1
    game.say(f"{game.name(seat)} acquires {cdef.name}.")
    game.gain_card(seat, card)


# -- room features -------------------------------------------------------------------------
def room_actions(game: Game, seat: int) -> list[Action]:
    """In-room actions of the features of the player's room (take artifact, open, buy, mark ...)."""
    room = game.player(seat).room
    if room is None:
        return []
    out: list[Action] = []
    feats = game.ruleset.registry.room_features
    for name, arg in game.room_features(room):
        fdef = feats.get(name)
        if fdef is not None and fdef.actions is not None:
            out.extend(fdef.actions(game, seat, room, arg))
    return out


def _room_feature(game: Game, seat: int, name: str):
    room = game.player(seat).room
    for fname, arg in game.room_features(room):
        if fname == name:
            return game.ruleset.registry.room_features[fname], room, arg
    raise KeyError(name)


# ==========================================================================================
# End of turn, next turn
# ==========================================================================================
def end_turn(game: Game) -> None:
    """D1: queue the end-of-turn steps."""
    st = game.state
    seat = st.current
    st.turn.ext["phase"] = "end"
    game.say(f"{game.name(seat)} ends the turn.")
    for step in reversed(("end_effects", "cleanup", "refill", "attack_if", "next_turn")):
        game.push_step(step, seat)


def knocked_out_on_own_turn(game: Game) -> None:
    """D12: the turn ends at once; play area to discard; refill and attack still happen."""
    st = game.state
    seat = st.current
    # D6: cubes an attack has already drawn are still resolved (for the other players)
    st.queue[:] = [t for t in st.queue if isinstance(t[0], str) and t[0] in dragon.STEPS and t[0] != "attack"]
    st.decision = None
    st.turn.ext.pop("move", None)
    st.turn.ext["phase"] = "end"
    p = game.player(seat)
    p.discard.extend(p.play)
    p.play.clear()
    _clear_turn_resources(game, p)
    p.teleports.clear()
    p.pending_neg = 0
    st.queue.extend([step, seat, ""] for step in ("refill", "attack_if", "next_turn"))


def _clear_turn_resources(game: Game, p) -> None:
    """T6: unspent turn resources vanish; resources a pack registers with ``turn=False`` stay."""
    res = game.ruleset.registry.resources
    for name in list(p.pool):
        if name not in res or res[name].turn:
            del p.pool[name]


def _step_end_effects(game: Game, seat: int, _data: Any) -> None:
    tasks = game.state.turn.end_effects
    game.state.turn.end_effects = []
    for addrs, s, src in reversed(tasks):
        game.push(tuple(addrs), s, src)


def _step_cleanup(game: Game, seat: int, _data: Any) -> None:
    """D1 steps 1 and 1a."""
    p = game.player(seat)
    p.discard.extend(p.play)
    p.discard.extend(p.hand)
    p.play.clear()
    p.hand.clear()
    _clear_turn_resources(game, p)
    p.teleports.clear()
    p.pending_neg = 0
    game.draw(seat, int(game.setup.get("hand_size", 5)))
    if game.state.turn.escaping and game.is_live(seat):
        p.status = ESCAPED
        p.room = None
        game.say(f"{game.name(seat)} escapes from the dungeon!")
        game.emit("escaped", seat=seat)


def _step_refill(game: Game, seat: int, _data: Any) -> None:
    """D2: refill the row; Arrive texts resolve in reveal order (C3); note dragon icons (D4)."""
    st = game.state
    empty = [i for i, c in enumerate(st.row) if c is None]
    if len(st.dungeon_deck) < len(empty):
        game.say("The dungeon deck cannot refill the row: the game ends.")
        end_game(game, knock_out_live=True)
        return
    arrivals: list[tuple[tuple[int, ...], str]] = []
    for i in empty:
        card = st.dungeon_deck.pop()
        st.row[i] = card
        cdef = game.ruleset.cards[card]
        game.say(f"{cdef.name} enters the dungeon row.")
        if cdef.dragon_attack and not st.turn.ext.get("ignore_dragon", {}).get(str(i)):
            st.turn.ext["dragon"] = True
        if "arrive" in cdef.effects:
            arrivals.append((cdef.effects["arrive"], card))
    for addrs, card in reversed(arrivals):
        game.push(addrs, seat, card)


def _step_attack_if(game: Game, seat: int, _data: Any) -> None:
    if game.state.turn.ext.get("dragon"):
        game.state.turn.ext["dragon"] = False
        game.say("The dragon attacks!")
        dragon.queue_attack(game, None)


def _step_next_turn(game: Game, seat: int, _data: Any) -> None:
    """T1, E4, E5: pass the turn clockwise; out players only draw cubes."""
    st = game.state
    if st.over:
        return
    if all(not game.is_live(s) for s in range(len(st.players))):
        end_game(game, knock_out_live=False)
        return
    n = len(st.players)
    nxt = (st.current + 1) % n
    if nxt == st.first:
        st.round += 1
        cap = int(st.config.get("max_rounds", 0) or 0)
        if cap and st.round > cap:
            game.say(f"Round cap {cap} reached: the game is aborted.")
            st.aborted = True
            end_game(game, knock_out_live=False)
            return
    st.current = nxt
    st.turn_no += 1
    st.turn = TurnState()
    if not game.is_live(nxt):
        st.turn.ext["phase"] = "out"
        setup = game.setup.get("out_player_draw", {"default": 4})
        count = int(setup.get("by_players", {}).get(str(n), setup.get("by_players", {}).get(n, setup.get("default", 4))))
        game.push_step("next_turn", nxt)
        dragon.queue_attack(game, count)
        return
    start_turn(game)


def start_turn(game: Game) -> None:
    """T3: start-of-turn benefits of the room and of packs."""
    st = game.state
    seat = st.current
    st.turn.ext["phase"] = "main"
    p = game.player(seat)
    if p.room is not None:
        feats = game.ruleset.registry.room_features
        for name, arg in game.room_features(p.room):
            fdef = feats.get(name)
            if fdef is not None and fdef.on_turn_start is not None:
                fdef.on_turn_start(game, seat, p.room, arg)
    game.emit("turn_start", seat=seat)


def end_game(game: Game, knock_out_live: bool) -> None:
    """E5: the game ends; with ``knock_out_live`` every live player is knocked out in place."""
    st = game.state
    if knock_out_live:
        for s in range(len(st.players)):
            if game.is_live(s):
                p = game.player(s)
                p.status = "knocked_out"
                p.ko_room = p.room
                game.say(f"{game.name(s)} is knocked out where they stand.")
    st.over = True
    st.queue.clear()
    st.decision = None
    game.say("The game is over.")


def _step_ask(game: Game, seat: int, data: Any) -> None:
    game.ask(data)


STEPS: dict[str, Callable[[Game, int, Any], None]] = {
    "end_effects": _step_end_effects,
    "cleanup": _step_cleanup,
    "refill": _step_refill,
    "attack_if": _step_attack_if,
    "next_turn": _step_next_turn,
    "ask": _step_ask,
    **dragon.STEPS,
}

__all__ = ["STEPS", "apply", "end_game", "explain", "legal", "prompt", "start_turn"]
