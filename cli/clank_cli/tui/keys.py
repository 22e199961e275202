"""Stable keys for legal actions: a key names *what* an action does, never its position in
the list of legal actions, so keys do not shift after each play.

- hand cards: a letter each (``a``..``k``, then ``s``, ``x``, ``z``), kept by the card for
  the whole turn; a card drawn during the turn takes a letter no card had this turn;
- the dungeon row: its slot number (``1``..``6``), while the main decision is asked;
- moves: ``m`` opens the destinations, each keyed by a letter in the order of their names;
- the reserve ``r``, actions in the room ``t``, tokens and abilities ``u``, end the turn ``n``;
- while a discovered tile is laid, the decision owns the digits: ``1``..``4`` turn it 0°, 90°,
  180°, 270°, and the row's cards join the reserve under ``r``;
- answers to a decision in the middle of an effect: ``1``..``9`` (``y``/``n`` for yes/no), and
  nothing else (the hand and the row are not live while a question is asked);
- ``o``: every option of the decision in a list, when the actions panel cannot show them all.

A key that stands for a group (``m``, ``r``, ``t``, ``u``) never acts at once: several actions
open a chooser, a single one is confirmed first (:data:`GROUP_KEYS`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from clank.actions import Action

HAND_LETTERS = "abcdefghijksxz"
"""Letters of hand cards, in the order the cards came into the hand (``s``, ``x``, ``z`` after
``k``: the other letters are the table's commands)."""
MOVE, RESERVE, ROOM, OTHER, END = "m", "r", "t", "u", "n"
ALL_OPTIONS = "o"
"""Lists every option of the decision asked now (when the actions panel cannot show them all)."""
GROUP_KEYS = (MOVE, RESERVE, ROOM, OTHER)
"""Keys that stand for a group of actions: a chooser, or a confirmation of the only one."""
MOVE_KINDS = ("move", "portal", "explore", "teleport")
ROW_KINDS = ("buy", "use", "fight")
RESERVE_KINDS = ("reserve", "fight-reserve")
ORIENT_KINDS = ("orient", "place")
GROUP_TITLES = {MOVE: "move", RESERVE: "reserve", ROOM: "here", OTHER: "use", END: "end turn"}
ANSWER_SYMBOLS = "123456789" + "abcdefghijklpswxz"
"""Keys of a decision's answers, in the order the rules list them."""
CHOOSER_SYMBOLS = "abcdefghijklmnoprstuvwxyz" + "0123456789" + "ABCDEFGHIJKLMNOPRSTUVWXYZ"
"""Keys of a chooser's entries (``q`` is left out: it closes screens)."""


class HandLetters:
    """Letters for the cards of one hand, kept by each card while it stays in hand: playing
    ``b`` leaves ``c`` on its card. A card that comes into the hand takes a letter no card had
    this turn (the letters of played cards are not dealt again while fresh ones remain).
    Letters are dealt anew when the turn (or the seat) changes."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self.slots: list[tuple[str, str]] = []       # (letter, card)
        self._dealt: set[str] = set()                # letters given this turn

    def take(self, letter: str) -> None:
        """The card with ``letter`` left the hand (it was played): its letter goes with it."""
        self.slots = [(x, c) for x, c in self.slots if x != letter]

    def update(self, turn_key: tuple[int, int], hand: Sequence[str]) -> list[tuple[str, str]]:
        """The (letter, card) pairs of ``hand`` now; ``turn_key`` (turn number, seat) starts anew."""
        if turn_key != self._key:
            self._key = turn_key
            self.slots = []
            self._dealt = set()
        want = Counter(hand)
        kept: list[tuple[str, str]] = []
        have: Counter[str] = Counter()
        for letter, card in self.slots:
            if have[card] < want[card]:
                kept.append((letter, card))
                have[card] += 1
        held = {letter for letter, _ in kept}
        fresh = [x for x in HAND_LETTERS if x not in held and x not in self._dealt]
        free = fresh + [x for x in HAND_LETTERS if x not in held and x in self._dealt]
        for card in hand:
            if have[card] < want[card]:
                letter = free.pop(0) if free else ""
                kept.append((letter, card))
                self._dealt.add(letter)
                have[card] += 1
        self.slots = kept
        return list(kept)


@dataclass
class KeyMap:
    """Which actions each key stands for now (a key with several actions opens a chooser)."""

    keys: dict[str, list[Action]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)

    def add(self, key: str, action: Action, title: str = "") -> None:
        """File ``action`` under ``key``."""
        self.keys.setdefault(key, []).append(action)
        if title and key not in self.titles:
            self.titles[key] = title

    def key_of(self, action: Action) -> str | None:
        """The key an action is filed under (the first, for a card whose copies each have a letter)."""
        return next((k for k, acts in self.keys.items() if action in acts), None)


def main_keys(actions: Sequence[Action], hand: Sequence[tuple[str, str]], orienting: bool) -> KeyMap:
    """Keys of the main decision (and of the orientation decision, which allows playing first).
    Every copy of a playable card has its own letter, each playing that card."""
    km = KeyMap()
    plays = {a.args[0]: a for a in actions if a.kind == "play" and a.args}
    for letter, card in hand:
        if letter and card in plays:
            km.add(letter, plays[card])
    for a in actions:
        k = a.kind
        if k == "play" and km.key_of(a) is not None:
            continue                       # played by its letters
        if k in ORIENT_KINDS and orienting:
            km.add(str(int(a.args[0]) + 1), a)
        elif k in ROW_KINDS and a.args and a.args[0].isdigit():
            if orienting:                  # the digits turn the tile: the row waits under r
                km.add(RESERVE, a, "row and reserve")
            else:
                km.add(str(int(a.args[0]) + 1), a)
        elif k in MOVE_KINDS:
            km.add(MOVE, a, "move")
        elif k in RESERVE_KINDS:
            km.add(RESERVE, a, "row and reserve" if orienting else "reserve")
        elif k == "end":
            km.add(END, a, "end turn")
        elif k in ("room", "remote-buy", "item") or k.startswith("market"):
            km.add(ROOM, a, "here")
        else:
            km.add(OTHER, a, "use")
    return km


def answer_keys(actions: Sequence[Action]) -> KeyMap:
    """Keys of a decision in the middle of an effect: ``y``/``n`` when it is yes or no, else
    :data:`ANSWER_SYMBOLS` in the order the rules list the answers."""
    km = KeyMap()
    if {a.kind for a in actions} <= {"yes", "no"}:
        for a in actions:
            km.add("y" if a.kind == "yes" else "n", a)
        return km
    for sym, a in zip(ANSWER_SYMBOLS, actions, strict=False):
        km.add(sym, a)
    return km


def chooser_symbols(n: int) -> str:
    """Keys of the entries of a chooser: ``a``, ``b`` ..., then digits and capitals."""
    return CHOOSER_SYMBOLS[:n]
