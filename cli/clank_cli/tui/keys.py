"""Stable keys for legal actions: a key names *what* an action does, never its position in
the list of legal actions, so keys do not shift after each play.

- hand cards: a letter each (``a``..``k``), kept by the card for the whole turn;
- the dungeon row: its slot number (``1``..``6``);
- moves: ``m`` opens the destinations, each keyed by a letter in the order of their names;
- the reserve ``r``, actions in the room ``t``, tokens and abilities ``u``, end the turn ``n``;
- an orientation: ``1``..``4`` for 0°, 90°, 180°, 270°;
- answers to a decision in the middle of an effect: ``1``..``9`` (``y``/``n`` for yes/no).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from clank.actions import Action

HAND_LETTERS = "abcdefghijk"
"""Letters of hand cards, in the order the cards came into the hand."""
MOVE, RESERVE, ROOM, OTHER, END = "m", "r", "t", "u", "n"
MOVE_KINDS = ("move", "portal", "explore", "teleport")
ROW_KINDS = ("buy", "use", "fight")
RESERVE_KINDS = ("reserve", "fight-reserve")
GROUP_TITLES = {MOVE: "move", RESERVE: "reserve", ROOM: "here", OTHER: "use", END: "end turn"}


class HandLetters:
    """Letters for the cards of one hand, kept by each card while it stays in hand: playing
    ``b`` leaves ``c`` on its card. Letters are dealt again when the turn (or the seat) changes."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self.slots: list[tuple[str, str]] = []       # (letter, card)

    def take(self, letter: str) -> None:
        """The card with ``letter`` left the hand (it was played): its letter goes with it."""
        self.slots = [(x, c) for x, c in self.slots if x != letter]

    def update(self, turn_key: tuple[int, int], hand: Sequence[str]) -> list[tuple[str, str]]:
        """The (letter, card) pairs of ``hand`` now; ``turn_key`` (turn number, seat) starts anew."""
        if turn_key != self._key:
            self._key = turn_key
            self.slots = []
        want = Counter(hand)
        kept: list[tuple[str, str]] = []
        have: Counter[str] = Counter()
        for letter, card in self.slots:
            if have[card] < want[card]:
                kept.append((letter, card))
                have[card] += 1
        used = {letter for letter, _ in kept}
        free = [x for x in HAND_LETTERS if x not in used]
        for card in hand:
            if have[card] < want[card]:
                kept.append((free.pop(0) if free else "", card))
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
        """The key an action is filed under."""
        return next((k for k, acts in self.keys.items() if action in acts), None)


def main_keys(actions: Sequence[Action], hand: Sequence[tuple[str, str]], orienting: bool) -> KeyMap:
    """Keys of the main decision (and of the orientation decision, which allows playing first)."""
    km = KeyMap()
    letter_of: dict[str, str] = {}
    for letter, card in hand:
        letter_of.setdefault(card, letter)
    for a in actions:
        k = a.kind
        if k == "play" and a.args[0] in letter_of:
            km.add(letter_of[a.args[0]], a)
        elif k in ROW_KINDS and a.args and a.args[0].isdigit():
            km.add(str(int(a.args[0]) + 1), a)
        elif k in ("orient", "place") and orienting:
            km.add(str(int(a.args[0]) + 1), a)
        elif k in MOVE_KINDS:
            km.add(MOVE, a, "move")
        elif k in RESERVE_KINDS:
            km.add(RESERVE, a, "reserve")
        elif k == "end":
            km.add(END, a, "end turn")
        elif k in ("room", "remote-buy", "item") or k.startswith("market"):
            km.add(ROOM, a, "here")
        else:
            km.add(OTHER, a, "use")
    return km


def answer_keys(actions: Sequence[Action]) -> KeyMap:
    """Keys of a decision in the middle of an effect: ``y``/``n`` when it is yes or no, else
    ``1``..``9`` then ``a``..``z`` in the order the rules list the answers."""
    km = KeyMap()
    if {a.kind for a in actions} <= {"yes", "no"}:
        for a in actions:
            km.add("y" if a.kind == "yes" else "n", a)
        return km
    symbols = "123456789" + "abcdefghijklopswxz"
    for sym, a in zip(symbols, actions, strict=False):
        km.add(sym, a)
    return km


def chooser_symbols(n: int) -> str:
    """Keys of the entries of a chooser: ``a``, ``b`` ... (never digits, which pick row slots)."""
    return "abcdefghijklmnoprstuvwxyz"[:n]
