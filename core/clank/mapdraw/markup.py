"""Markup as a tree of keyed elements: the form in which the SVG map is drawn, so that a viewer
showing one drawing after another can replace only the elements that changed.

A :class:`Node` is an element whose children are keyed elements (its own attributes may
change: a region's ``transform``, the drawing's size); a :class:`Leaf` is an element given as
its markup, whose root element carries ``data-key``. Keys are unique among siblings and name
what an element shows (``r:de-07.altar``, ``t:de-07``), never where it happens to be in a list.

Elements are values: never changed once made (they are not frozen only because a frozen
dataclass is several times slower to make, and the web table makes many a second). Two elements
are equal only when they are the same object (a renderer keeps what it draws), which makes
comparing a drawing with the one before cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

ATTR_ESCAPES = {'"': "&quot;"}


@dataclass(slots=True, eq=False)
class Leaf:
    """An element given whole: ``markup`` is its text, its root element carrying
    ``data-key="KEY"``; it is replaced whole when it changes."""

    key: str
    markup: str


@dataclass(slots=True, eq=False)
class Node:
    """An element whose children are keyed (:class:`Node` or :class:`Leaf`), in the order they
    are drawn; ``attrs`` are its attributes besides ``data-key`` (values unescaped)."""

    key: str
    tag: str
    attrs: tuple[tuple[str, str], ...]
    children: tuple[Node | Leaf, ...]

    def open_tag(self) -> str:
        """``<tag data-key="KEY" name="value" ...>``."""
        attrs = "".join(f' {name}="{escape(value, ATTR_ESCAPES)}"' for name, value in self.attrs)
        return f'<{self.tag} data-key="{escape(self.key, ATTR_ESCAPES)}"{attrs}>'

    def inner(self) -> str:
        """The children's markup, one after another (no text between them)."""
        return "".join(markup(child) for child in self.children)

    def markup(self) -> str:
        """The element's whole markup."""
        return f"{self.open_tag()}{self.inner()}</{self.tag}>"


def markup(node: Node | Leaf) -> str:
    """The markup of a node or a leaf."""
    return node.markup if isinstance(node, Leaf) else node.markup()


def key_attr(key: str) -> str:
    """`` data-key="KEY"`` for a leaf's root element."""
    return f' data-key="{escape(key, ATTR_ESCAPES)}"'


__all__ = ["Leaf", "Node", "key_attr", "markup"]
