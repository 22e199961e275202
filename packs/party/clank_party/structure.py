"""The structure the Party's rules need of cards and characters, stated for ``clank validate``
(and every load of the packs) through ``clank_check_content``; it judges the Party's own
content and that of every pack that requires it (RULES.md P15-P17; expansions-design.md 5.7,
5.9).

- React (P15): ``react_play`` answers a React window from the card's ``react.do`` only; a card
  whose ``react.on`` is one of the Party's windows answers it with ``react_play``, from the
  hand, and is a card that can be in a hand (not a monster or a device, which stay in the row).
- Arrive Choice (P16): ``arrive_choice`` is written in a dungeon card's ``arrive`` effects,
  which resolve when the card arrives in the row; anywhere else (a card's ``play``, a reserve
  or starting card, a token) it never offers its choice.
- Characters (P17): a character's deck holds exactly 10 starting cards (5 Burgle, 2 Stumble and
  its 3 unique cards).
"""

from __future__ import annotations

from collections.abc import Mapping

from clank.plugin import ContentItem, ContentView, Report

from clank_party.arrive import DECISION as ARRIVE_CHOICE
from clank_party.react import WINDOWS

REACT_PLAY = "react_play"
DECK_SIZE = 10
"""Cards in a character's deck (P17): 5 Burgle, 2 Stumble, 3 unique cards."""
NEVER_IN_HAND = ("monster", "device")
"""Card types that stay in the dungeon row: they are defeated or used there, never held."""


def check(content: ContentView, report: Report) -> None:
    """Every structural rule of the module's docstring, over the content of every loaded pack."""
    for card in content.items("cards"):
        uses = content.ops(card, REACT_PLAY, ARRIVE_CHOICE)
        _react(report, card, uses)
        _arrive_choice(report, card, uses)
    for token in content.items("tokens"):
        for use in content.ops(token, REACT_PLAY, ARRIVE_CHOICE):
                report(token, f"{use.name} is written on cards: a token never arrives in the dungeon row nor sits in "
                       "a hand (P15, P16), so it does nothing here", rule=_rule(use.name), at=use.at, key=True)
        _character_deck(content, report, token)


def _rule(op: str) -> str:
    return "react-place" if op == REACT_PLAY else "arrive-choice-place"


def _react(report: Report, card: ContentItem, uses: list) -> None:
    """P15: where react_play works, and what a card answering a Party window needs."""
    for use in uses:
        if use.name == REACT_PLAY and use.at[:2] != ("react", "do"):
            report(card, f"react_play plays the card out of turn when its React window opens (P15): it works only in "
                   f"the card's react: {{on: WINDOW, do: [react_play]}}, never in its {use.trigger} effects",
                   rule="react-place", at=use.at, key=True)
    react = card.get("react")
    if not isinstance(react, Mapping) or react.get("on") not in WINDOWS:
        return
    window = react["on"]
    if card.get("type") in NEVER_IN_HAND:
        report(card, f"a {card.get('type')} stays in the dungeon row and is never in a hand, so its React ({window}) "
               "never triggers (P15): React cards are items, companions or gems", rule="react-place",
               at=("react", "on"))
    if react.get("from", "hand") != "hand":
        report(card, f"a React card is played from the hand (P15), not from the {react['from']}: leave out from, "
               "or write from: hand", rule="react-place", at=("react", "from"))
    do = react.get("do")
    if not (isinstance(do, list) and any(isinstance(op, Mapping) and REACT_PLAY in op or op == REACT_PLAY
                                         for op in do)):
        report(card, f"the Party's React window {window} is answered with react_play (P15: the card goes to your "
               "play area, you draw 1 card, its play text waits for your next turn): write do: [react_play]",
               rule="react-place", at=("react", "do"))


def _arrive_choice(report: Report, card: ContentItem, uses: list) -> None:
    """P16: an Arrive Choice resolves when a dungeon card arrives in the row."""
    for use in uses:
        if use.name != ARRIVE_CHOICE:
            continue
        if use.trigger != "arrive":
            report(card, f"arrive_choice offers every player its choice when the card arrives in the dungeon row "
                   f"(P16): in the card's {use.trigger} effects it never does; move it to arrive: [...]",
                   rule="arrive-choice-place", at=use.at, key=True)
        elif card.get("kind") != "dungeon":
            report(card, f"{card.id!r} is a {card.get('kind')} card, which never arrives in the dungeon row: its "
                   "Arrive Choice never happens (P16); only dungeon cards arrive", rule="arrive-choice-place",
                   at=use.at, key=True)


def _character_deck(content: ContentView, report: Report, token: ContentItem) -> None:
    """P17: a character's deck is 10 starting cards."""
    board = token.get("character")
    deck = board.get("deck") if isinstance(board, Mapping) else None
    if not isinstance(deck, Mapping):
        return
    size = sum(n for n in deck.values() if isinstance(n, int))
    if size != DECK_SIZE:
        listed = ", ".join(f"{n} {cid}" for cid, n in deck.items())
        report(token, f"character {token.id!r} has a deck of {size} cards ({listed}): a character's deck holds "
               f"exactly {DECK_SIZE}, 5 Burgle, 2 Stumble and its 3 unique cards (P17)", rule="character-deck",
               at=("character", "deck"))
    for cid in deck:
        card = content.get("cards", cid)
        if card is not None and card.get("kind") != "starter":
            report(token, f"{cid!r} is a {card.get('kind')} card: a character's deck holds starting cards (P17), "
                   "which start in the player's deck; write its unique cards with kind: starter",
                   rule="character-deck", at=("character", "deck", cid), key=True)
