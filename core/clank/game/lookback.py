"""Conditions that look back: what held at an earlier moment of the turn (C11 default (a)).

A card's "if X" counts when X held at any moment of the turn, before or after the card is
played (C11, T12). The C11 watchers (:meth:`~clank.game.table.Table.watch`) grant what comes to
hold *after* the play; this module remembers what held *before* it. A condition registered with
``looks_back`` (:meth:`~clank.registry.Registry.add_condition`) and used in a card's ``play`` or
``defeat`` effect is compiled to "holds now, or its text is in ``turn.held``"
(:meth:`~clank.game.effects.Compiler.condition`); this module fills ``turn.held``.

The moments sampled, for the seat whose turn it is (while its pawn is live):

- the start of the turn (before ``turn_starting``, so before the Underworld's toll): every
  tracked condition;
- every time the pawn's room changes: the conditions registered ``looks_back="room"``. Each
  entry (a move, a portal, a teleport, a link such as a ladder or a chute, a discovered tile,
  an effect that moves the pawn) goes through :func:`~clank.game.movement.enter_room`, and the
  scenario toolkit's ``put_pawn`` samples too;
- after each action, once what it started has resolved or paused for a decision: the
  conditions registered ``looks_back=True``.

Why these are enough: a ``"room"`` condition is a function of the pawn's room alone (the Depths,
a haunted tile, a room's printed features, a region), which changes only when the pawn enters a
room; every room it passes through in the middle of an action (a teleport chain, a discovery
that continues into the next room, a ladder) is sampled as it enters, so sampling it after
actions as well would find nothing new, and its value in a room is worked out once per ruleset
(:meth:`~clank.game.ruleset.Ruleset.held_in_room`). A ``True`` condition reads what the player
holds or has in play, which changes through actions: after each one it is sampled. Not seen: a
``True`` condition that becomes true and false again inside one action; no card of the shipped
packs does that, and a pack whose rule does calls ``game.note_moment()`` in between.

Only the conditions that look back *and* that loaded content uses where C11 holds are sampled
(``ruleset.looking_back``), each until it has held once: content that uses none pays nothing.
After an action, a condition tracked by action is sampled only while a card that uses it could
still be played or fought this turn (:func:`relevant`): one the player owns, one in the dungeon
row or the reserve. Cards reach a player's hand only from there within a turn; a card that comes
into the row during the turn (Remove Traps replacing one) counts from that moment on, which is
the one case where a moment before it is not seen. This keeps the after-action sample to the few
conditions the player's cards and the row use (none in many turns).

What held is turn state (``turn.held``, the conditions' texts), so it is saved, cloned and
replayed with the game, and forgotten when the next turn starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clank.game.state import LIVE

if TYPE_CHECKING:
    from clank.game.table import Table


def note_moment(game: Table) -> None:
    """Record every tracked condition that holds now for the seat whose turn it is (the start of
    a turn, or a moment a pack's rule asks for)."""
    note_room(game)
    note_after_action(game)


def note_room(game: Table) -> None:
    """Record the conditions tracked by room that hold where the pawn of the seat whose turn it
    is stands (a room change)."""
    st = game.state
    p = st.players[st.current]
    if p.status != LIVE or not game.ruleset.looking_back_by_room:
        return
    found = game.ruleset.held_in_room(game, p.seat)
    if found:
        held = st.turn.held
        for key in found:
            if key not in held:
                held.append(key)


def note_after_action(game: Table) -> None:
    """Record the conditions that read more than the pawn's room and hold now (after an action),
    of those worth sampling (:func:`relevant`)."""
    if not game.ruleset.looking_back_by_action:
        return
    st = game.state
    memo = game.lookback_memo
    keys = memo[2] if memo is not None and memo[0] == st.turn_no and memo[1] == st.row else relevant(game)
    if keys and st.players[st.current].status == LIVE:
        seat, held, tracked = st.current, st.turn.held, game.ruleset.looking_back_by_action
        for key in keys:
            if key not in held and tracked[key](game, seat):
                held.append(key)


def relevant(game: Table) -> tuple[str, ...]:
    """The conditions tracked by action that a card could still use this turn: those a card of
    the seat whose turn it is (deck, hand, play area, discard pile), of the dungeon row or of the
    reserve uses in its ``play`` or ``defeat`` effect (or that something other than a card uses).
    Worked out once a turn; when the row changes, the cards new to it add theirs: a card leaves
    the player's cards, the row or the reserve only for the box, another player or the dungeon
    discard, never to be played this turn, so what was worth sampling stays so."""
    st = game.state
    rs = game.ruleset
    users, tracked = rs.looking_back_users, rs.looking_back_by_action
    memo = game.lookback_memo
    if memo is not None and memo[0] == st.turn_no:       # the row changed since
        seen = memo[1]
        cards = set()
        for card in st.row:                # loops: worked out at each turn and row change
            if card not in seen:
                cards.add(card)
        keys = memo[2]
        if cards:
            more = []
            for key in tracked:
                if key not in keys and not users[key].isdisjoint(cards):
                    more.append(key)
            if more:
                keys += tuple(more)
    else:
        cards = {*game.owned_cards(st.current), *st.row, *st.reserve, None}
        found = []
        for key in tracked:
            if not users[key].isdisjoint(cards):
                found.append(key)
        keys = tuple(found)
    game.lookback_memo = (st.turn_no, list(st.row), keys)
    return keys
