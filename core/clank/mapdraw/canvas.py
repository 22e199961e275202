"""A character canvas: glyphs with rich styles, and line bits that merge into box-drawing
characters (two borders meeting make ``┬``, a tunnel through a border ``┼``)."""

from __future__ import annotations

from rich.text import Text

BOX = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 3: "└", 9: "┘", 6: "┌", 12: "┐",
       7: "├", 13: "┤", 14: "┬", 11: "┴", 15: "┼"}
"""Line bits (north 1, east 2, south 4, west 8) → box-drawing character."""


class Canvas:
    """A ``width`` × ``height`` grid of characters; writes outside it are ignored."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.chars: list[list[str | None]] = [[None] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]
        self.bits: list[list[int]] = [[0] * width for _ in range(height)]
        self.rank: list[list[int]] = [[0] * width for _ in range(height)]
        self.clip: tuple[int, int, int, int] | None = None

    def inside(self, x: int, y: int) -> bool:
        """Whether (x, y) is on the canvas (and in the clip rectangle, while one is set)."""
        if self.clip is not None:
            x0, y0, x1, y1 = self.clip
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return False
        return 0 <= x < self.width and 0 <= y < self.height

    def blank(self, x: int, y: int) -> bool:
        """Nothing drawn there yet (no glyph, no line)."""
        return self.inside(x, y) and self.chars[y][x] is None and not self.bits[y][x]

    def put(self, x: int, y: int, char: str, style: str = "") -> None:
        """A glyph (one column) over whatever is there."""
        if self.inside(x, y):
            self.chars[y][x] = char
            self.styles[y][x] = style

    def text(self, x: int, y: int, text: str, style: str = "") -> None:
        """A run of glyphs, one per column."""
        for i, ch in enumerate(text):
            self.put(x + i, y, ch, style)

    def line(self, x: int, y: int, bits: int, style: str = "", rank: int = 1) -> None:
        """Add line bits; the style of the highest ``rank`` drawn there wins."""
        if self.inside(x, y):
            self.bits[y][x] |= bits
            if rank >= self.rank[y][x]:
                self.rank[y][x] = rank
                if self.chars[y][x] is None:
                    self.styles[y][x] = style

    def rows_used(self) -> int:
        """How many rows hold anything (trailing empty rows left out)."""
        for y in range(self.height - 1, -1, -1):
            if any(c is not None for c in self.chars[y]) or any(self.bits[y]):
                return y + 1
        return 0

    def to_text(self, rows: int | None = None) -> Text:
        """The canvas as rich text, one line per row, trailing spaces removed."""
        out = Text(no_wrap=True, overflow="crop")
        rows = self.height if rows is None else rows
        for y in range(rows):
            chars, styles, bits = self.chars[y], self.styles[y], self.bits[y]
            line = [c if c is not None else BOX[bits[x]] for x, c in enumerate(chars)]
            end = len(line)
            while end and line[end - 1] == " ":
                end -= 1
            run_style: str | None = None
            run: list[str] = []
            for x in range(end):
                style = styles[x] if line[x] != " " else ""
                if style != run_style and run:
                    out.append("".join(run), style=run_style or None)
                    run = []
                run_style = style
                run.append(line[x])
            if run:
                out.append("".join(run), style=run_style or None)
            if y < rows - 1:
                out.append("\n")
        return out
