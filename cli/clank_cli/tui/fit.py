"""Renderables that fit a panel of fixed height, laid out when they are drawn (when the panel's
width is known), so what matters most stays in sight:

- :class:`Tail`: the newest rows of a text (a log): the last line is always shown, wrapped
  lines included;
- :class:`Fit`: a prompt and its options: the head, then as many options as fit, and a last row
  saying how many more there are (and which key shows them all).

Each has a ``fingerprint()`` (:mod:`clank_cli.tui.fingerprint`): the table repaints a panel only
when it changed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text

from clank_cli.tui.fingerprint import fingerprint


def wrapped(console: Console, text: Text, width: int) -> list[Text]:
    """``text`` wrapped at ``width`` (each ``\\n`` starts a row)."""
    return list(text.wrap(console, max(1, width)))


def emit(rows: Sequence[Text], console: Console, width: int) -> Iterator[Segment]:
    """Segments of ``rows``, one row each, cut at ``width``."""
    for i, row in enumerate(rows):
        row = row.copy()
        row.truncate(width, overflow="ellipsis")
        yield from row.render(console)
        if i < len(rows) - 1:
            yield Segment.line()


class Tail:
    """The last rows of ``text`` that fit ``height`` once wrapped at the panel's width: the
    newest line is always in sight, however long the lines before it."""

    def __init__(self, text: Text, height: int) -> None:
        self.text, self.height = text, max(1, height)

    def fingerprint(self) -> Hashable:
        """What the tail shows (see the module)."""
        return ("tail", fingerprint(self.text), self.height)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        width = options.max_width
        rows = wrapped(console, self.text, width)
        yield from emit(rows[-self.height:], console, width)


class Fit:
    """A ``head`` (shown whole, wrapped), then ``options`` one after the other while they fit
    ``height``, then ``foot`` when every option fitted; otherwise the last row says how many
    options are left out and ``more`` (the key that shows them all)."""

    def __init__(self, head: Sequence[Text], options: Sequence[Text], foot: Sequence[Text], height: int | None,
                 more: str = "") -> None:
        self.head, self.options, self.foot = list(head), list(options), list(foot)
        self.height, self.more = height, more

    def fingerprint(self) -> Hashable:
        """What the panel shows (see the module)."""
        return ("fit", tuple(fingerprint(t) for t in (*self.head, *self.options, *self.foot)),
                len(self.head), len(self.options), self.height, self.more)

    def rows(self, console: Console, width: int) -> tuple[list[Text], int]:
        """The rows drawn at ``width`` and how many options were left out."""
        head = [r for t in self.head for r in wrapped(console, t, width)]
        options = [wrapped(console, t, width) for t in self.options]
        foot = [r for t in self.foot for r in wrapped(console, t, width)]
        every = head + [r for o in options for r in o] + foot
        if self.height is None or len(every) <= self.height:
            return every, 0
        rows = list(head)
        shown = 0
        for block in options:
            if len(rows) + len(block) > self.height - 1:
                break
            rows += block
            shown += 1
        left = len(options) - shown
        if left == 0:                      # every option fits, the foot does not: cut the foot
            return (rows + foot)[:self.height], 0
        words = f"+{left} more" + (f" ({self.more})" if self.more else "")
        return rows[:self.height - 1] + [Text(words, style="bold yellow")], left

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        width = options.max_width
        rows, _ = self.rows(console, width)
        yield from emit(rows, console, width)


def measure(renderable: Any, width: int) -> list[str]:
    """The rows ``renderable`` draws at ``width``, as plain text (for tests and checks)."""
    import io

    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


__all__ = ["Fit", "Tail", "emit", "measure", "wrapped"]
