"""React (P15; expansions-design.md 5.7): a card played from hand on another player's turn.

A React card says ``react: {on: WINDOW, do: [react_play]}``. The windows are events this pack
declares; it opens one for every other live player, in turn order after the current player
(between turns: from the player about to take a turn), right after what it answers happens:

- ``row_card_acquired``: a player acquired a card of the dungeon row (Eavesdrop);
- ``dragon_attack_begins``: a dragon attack begins, not an out player's draw (Duck and Cover);
- ``artifact_taken``: a player took an artifact (Opportunist);
- ``pawn_enters_your_room``: another pawn entered the reacting player's room (Shadow Tail);
- ``monster_arrives``: the refill revealed a Monster card (Sentry).

The core's reaction window (``game.offer_reactions(..., repeat=True)``) offers each React card
in hand; ``react_play`` moves it to its owner's play area and draws a replacement, and the
window is offered again (several cards may answer; a replacement may react too). A condition
stays armed for the rest of the turn: once more before the refill (at ``turn_end``) every
armed player is offered the cards that answer it. The card's text resolves at the start of
its owner's next turn (after what ``turn_start`` listeners of later packs do first, such as a
toll), in the order the cards were played; an owner who is out by then never resolves them.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry

from clank_party.options import PACK

WINDOWS = {
    "row_card_acquired": ("another player acquires a dungeon-row card", "a player acquired a card of the dungeon row"),
    "dragon_attack_begins": ("a dragon attack begins", "a dragon attack begins (not an out player's draw)"),
    "artifact_taken": ("another player takes an artifact", "a player took an artifact"),
    "pawn_enters_your_room": ("another pawn enters your room", "another player's pawn entered the reacting "
                                                               "player's room"),
    "monster_arrives": ("a Monster card arrives in the dungeon row", "the refill revealed a Monster card "
                                                                     "(between turns)"),
}
"""React windows: event -> (what a prompt says happened, what the event means)."""
ARMED = "party_armed"      # turn ext: [[event, seat], ...] conditions armed this turn


def active(game) -> bool:
    """Whether any card of the game answers a React window (the Party's cards are in play)."""
    return game.memo((PACK, "react"), lambda: any(c.react is not None and c.react["on"] in WINDOWS
                                                  for c in game.card_defs.values()))


def party_state(player: Any) -> dict[str, Any]:
    """This pack's part of a player's state (created when first written)."""
    return player.ext.setdefault(PACK, {})


def others_in_order(game, seat: int) -> list[int]:
    """Live seats other than ``seat``, in turn order starting after the current player (between
    turns that is the player about to take a turn)."""
    n, current = game.seat_count, game.current
    order = [(current + i) % n for i in range(1, n + 1)]
    return [s for s in order if s != seat and game.is_live(s)]


def label(game, event: str, card: str | None = None) -> str:
    """What a React prompt says: why the window is open, and that the card's text waits."""
    what = WINDOWS[event][0]
    return f"react ({what}): put it in play now, draw 1 card; its text waits for your next turn"


def open_window(game, event: str, seats: list[int]) -> None:
    """Arm ``event`` for these seats (in turn order) and offer each its React cards now."""
    armed = game.turn.ext.setdefault(ARMED, [])
    for seat in seats:
        if [event, seat] not in armed:
            armed.append([event, seat])
    for seat in reversed(seats):        # each window is pushed in front: the first seat is asked first
        game.offer_reactions(seat, event, label(game, event), repeat=True)


# -- the moments a React card answers --------------------------------------------------------
def on_card_gained(game, event: dict[str, Any]) -> None:
    if active(game) and game.card_defs[event["card"]].kind == "dungeon":
        open_window(game, "row_card_acquired", others_in_order(game, event["seat"]))


def on_attack_begins(game, event: dict[str, Any]) -> None:
    if active(game) and game.turn.phase != "out":
        open_window(game, "dragon_attack_begins", others_in_order(game, game.current))


def on_token_taken(game, event: dict[str, Any]) -> None:
    if active(game) and game.token_defs[event["token"]].pool == "artifact":
        open_window(game, "artifact_taken", others_in_order(game, event["seat"]))


def on_entered_room(game, event: dict[str, Any]) -> None:
    if not active(game):
        return
    mover, room = event["seat"], event["room"]
    seats = [s for s in others_in_order(game, mover)
             if s != game.current and game.player(s).room == room]
    if seats:
        open_window(game, "pawn_enters_your_room", seats)


def on_row_card_revealed(game, event: dict[str, Any]) -> None:
    if active(game) and game.card_defs[event["card"]].type == "monster":
        open_window(game, "monster_arrives", others_in_order(game, event["seat"]))


def last_window(game, event: dict[str, Any]) -> None:
    """Before the refill, every armed player may still react to what happened this turn."""
    armed = game.turn.ext.get(ARMED)
    if not armed:
        return
    order = others_in_order(game, game.current)
    pairs = sorted((order.index(s), list(WINDOWS).index(e), e, s) for e, s in armed if s in order)
    for _, _, ev, seat in reversed(pairs):
        game.offer_reactions(seat, ev, label(game, ev), repeat=True)


# -- playing a React card out of turn, resolving it at the owner's next turn -------------------
def op_react_play(ctx, _arg: Any) -> None:
    """React out of turn: the card goes from the hand to the play area, a replacement is drawn,
    and its text waits for its owner's next turn (P15)."""
    game, seat, card = ctx.game, ctx.seat, ctx.src
    p = ctx.player
    if card not in p.hand:
        return
    p.hand.remove(card)
    p.play.append(card)
    drew = game.draw(seat, 1)
    party_state(p).setdefault("deferred", []).append(card)
    game.bump(seat, "react_plays")
    name = game.card_defs[card].name
    game.say(f"{game.name(seat)} reacts with {name} and draws {'a card' if drew else 'nothing'}; "
             f"it takes effect on their next turn.")
    game.emit("react_played", seat=seat, card=card, drew=drew)


def resolve_deferred(game, event: dict[str, Any]) -> None:
    """At the start of its owner's turn a React card played out of turn resolves as if just
    played, in the order the cards were played; it is discarded at the end of that turn."""
    seat = event["seat"]
    p = game.player(seat)
    deferred = p.ext.get(PACK, {}).get("deferred")
    if not deferred:
        return
    party_state(p)["deferred"] = []
    left = list(p.play)
    due = []
    for card in deferred:
        if card in left:
            left.remove(card)
            due.append(card)
    cards = game.card_defs
    for card in due:
        game.say(f"{game.name(seat)}'s {cards[card].name} takes effect.")
        game.emit("react_resolved", seat=seat, card=card)
        game.emit("card_played", seat=seat, card=card)
    for card in reversed(due):
        game.push(cards[card].effects.get("play", ()), seat, card)


def register_ops(registry: Registry) -> None:
    registry.add_op("react_play", op_react_play, {"type": "null"},
                    "React (P15), in a card's `react: {on: WINDOW, do: [react_play]}`: put this card from "
                    "your hand into your play area and draw 1 card; its `play` text resolves at the start "
                    "of your next turn.", "react_play")


def register_reactions(registry: Registry) -> None:
    for name, (_, doc) in WINDOWS.items():
        registry.add_event(name, f"A React window (P15): {doc}. Cards whose `react.on` names it may be "
                           f"played out of turn.", ("seat",))
    registry.add_event("react_played", "A React card was played out of turn into its owner's play area "
                       "(`drew`: the replacement cards drawn, 0 or 1).", ("seat", "card", "drew"))
    registry.add_event("react_resolved", "A React card played out of turn resolves at the start of its "
                       "owner's turn.", ("seat", "card"))
    registry.add_stat("react_plays", "React cards played out of turn (P15).")
    registry.listen("card_gained", on_card_gained)
    registry.listen("attack_begins", on_attack_begins)
    registry.listen("token_taken", on_token_taken)
    registry.listen("entered_room", on_entered_room)
    registry.listen("row_card_revealed", on_row_card_revealed)
    registry.listen("turn_end", last_window)
    registry.listen("turn_start", resolve_deferred)
