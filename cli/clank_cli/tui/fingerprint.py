"""What a panel's renderable shows, as a value that compares equal when two renderables would
draw the same: the table repaints a panel only when its fingerprint changed.

Rich's :class:`~rich.text.Text` (its characters, spans and wrapping), :class:`~rich.table.Table`
(its columns' settings and every cell), :class:`~rich.console.Group` and strings are known;
a renderable with a ``fingerprint()`` method gives its own (:mod:`clank_cli.tui.fit`); any other
renderable gets a fingerprint of its own identity, so it is always repainted.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _style(style: Any) -> Hashable:
    return str(style) if style is not None else None


def fingerprint(renderable: Any) -> Hashable:
    """A hashable value equal for renderables that draw the same (see the module)."""
    if isinstance(renderable, str):
        return ("str", renderable)
    if isinstance(renderable, Text):
        return ("text", renderable.plain, _style(renderable.style), renderable.justify, renderable.overflow,
                renderable.no_wrap, tuple((s.start, s.end, _style(s.style)) for s in renderable.spans))
    own = getattr(renderable, "fingerprint", None)
    if callable(own):
        return ("own", type(renderable).__name__, own())
    if isinstance(renderable, Group):
        return ("group", tuple(fingerprint(r) for r in renderable.renderables))
    if isinstance(renderable, Table):
        columns = tuple((fingerprint(c.header), c.width, c.ratio, c.no_wrap, c.overflow, c.justify,
                         _style(c.style), tuple(fingerprint(cell) for cell in c._cells))
                        for c in renderable.columns)
        return ("table", renderable.show_header, renderable.expand, str(renderable.padding),
                renderable.box is None, _style(renderable.header_style), columns)
    return ("object", id(renderable))


__all__ = ["fingerprint"]
