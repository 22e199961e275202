"""The hand panel: every card with its key, whatever the panel's size.

What stays in sight, most important first: each card's key, its name, the pool line, the
cards' texts, what was played, what is held. A long name is cut before a key is; a card text
wraps under itself while the panel has rows to spare, else it is cut (``v`` shows every text);
when the panel has fewer rows than cards, the cards are laid out in columns (key and name).
The layout is made when the panel is drawn, at its width (:class:`HandView`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text

from clank_cli.tui.fingerprint import fingerprint
from clank_cli.tui.fit import emit, wrapped

KEY_WIDTH = 4
"""``[a]`` and a space."""
MIN_TEXT = 12
"""Fewer columns than this for a card's text: the texts are left out, the names get the row."""
GAP = 2


@dataclass(frozen=True)
class CardRow:
    """One card of the hand: its key (a card beyond the letters shows the group key that plays
    it, ``""`` while none does), its name and text, and whether its key plays it now."""

    key: str
    name: str
    text: str
    live: bool


class HandView:
    """The cards of a hand and the lines under them (pool first), laid out for ``height``
    rows (``None``: as many as they take)."""

    def __init__(self, cards: Sequence[CardRow], tail: Sequence[Text], height: int | None) -> None:
        self.cards, self.tail, self.height = list(cards), list(tail), height

    def fingerprint(self) -> Hashable:
        """What the panel shows."""
        return ("hand", tuple(self.cards), tuple(fingerprint(t) for t in self.tail), self.height)

    # -- the pieces of a row ------------------------------------------------------------------
    @staticmethod
    def _key(card: CardRow) -> Text:
        """``[a]`` when the key plays the card now; the letter alone, dim, while it does not (a
        question owns the keys): the card keeps it."""
        if card.live:
            return Text(f"[{card.key}] ", style="bold cyan")
        return Text(f" {card.key}  " if card.key else "    ", style="dim")

    @staticmethod
    def _name(card: CardRow, width: int) -> Text:
        name = Text(card.name, style="bold" if card.live else "")
        name.truncate(width, overflow="ellipsis", pad=True)
        return name

    def _head(self, card: CardRow, name_width: int) -> Text:
        """The key and the name (pieces styled apart: a styled first piece would colour the row)."""
        head = Text()
        head.append_text(self._key(card))
        head.append_text(self._name(card, name_width))
        return head

    def rows(self, console: Console, width: int) -> list[Text]:
        """The panel's rows at ``width`` (see the module)."""
        n, height = len(self.cards), self.height
        if n == 0:
            return [Text("(no cards in hand)", style="dim"), *self.tail][:height]
        if height is not None and n + 1 > height:
            return self._columns(width, height)
        room = None if height is None else height - n          # rows left for the tail and wrapping
        tail = self.tail if room is None else self.tail[:room]
        spare = None if room is None else room - len(tail)
        longest = max(len(c.name) for c in self.cards)
        name_w = min(longest, max(4, width - KEY_WIDTH - GAP - MIN_TEXT))
        text_w = width - KEY_WIDTH - name_w - GAP
        if text_w < MIN_TEXT:                                   # no room for texts: names only
            name_w, text_w = max(1, width - KEY_WIDTH), 0
        wrap = text_w > 0 and (spare is None or sum(
            len(wrapped(console, Text(c.text), text_w)) - 1 for c in self.cards) <= spare)
        out: list[Text] = []
        for card in self.cards:
            head = self._head(card, name_w)
            if not text_w or not card.text:
                out.append(head)
                continue
            text = Text(card.text, style="dim")
            lines = wrapped(console, text, text_w) if wrap else [text]
            for i, line in enumerate(lines):
                line.truncate(text_w, overflow="ellipsis")
                row = head if i == 0 else Text(" " * (KEY_WIDTH + name_w))
                row.append(" " * GAP)
                row.append_text(line)
                out.append(row)
        return out + list(tail)

    def _columns(self, width: int, height: int) -> list[Text]:
        """More cards than rows: keys and names in columns, then the pool line."""
        per = max(1, height - 1)
        cols = -(-len(self.cards) // per)
        col_w = max(KEY_WIDTH + 1, width // cols)
        grid = [Text() for _ in range(per)]
        for i, card in enumerate(self.cards):
            grid[i % per].append_text(self._head(card, max(1, col_w - KEY_WIDTH - 1)))
            grid[i % per].append(" ")
        return [row for row in grid if row.plain] + self.tail[:1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        width = options.max_width
        yield from emit(self.rows(console, width), console, width)


__all__ = ["CardRow", "HandView"]
