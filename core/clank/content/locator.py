"""Where each value of a loaded YAML document sits in its file.

A :class:`Locator` is plain data (two dictionaries), kept apart from the YAML loader so that
code holding loaded content (a :class:`~clank.content.packdata.PackData`, the compiled-content
cache) needs neither ruamel.yaml nor the loader to be imported.
"""

from __future__ import annotations

from collections.abc import Sequence

JsonPath = tuple[str | int, ...]
"""A path into a document: mapping keys (strings) and sequence indices (ints)."""
Pos = tuple[int, int]
"""A 1-based (line, column)."""


class Locator:
    """Where each value of a loaded document sits in its file (1-based line, column).

    Paths are tuples of mapping keys (strings) and sequence indices (ints), as in
    ``jsonschema``'s ``error.absolute_path``. An unknown path falls back to its nearest known
    ancestor, so every path has a position.
    """

    def __init__(self, file: str) -> None:
        self.file = file
        self._values: dict[JsonPath, Pos] = {(): (1, 1)}
        self._keys: dict[JsonPath, Pos] = {}
        self.reused_anchors: list[tuple[str, Pos, Pos]] = []
        """Each anchor name defined again in the file: (name, where before, where again)."""

    def value(self, path: Sequence[str | int]) -> Pos:
        """Position of the value at ``path`` (or of its nearest located ancestor)."""
        p = tuple(path)
        while p not in self._values:
            p = p[:-1]
        return self._values[p]

    def key(self, path: Sequence[str | int]) -> Pos:
        """Position of the mapping key ending ``path``; the value's position otherwise."""
        p = tuple(path)
        return self._keys.get(p) or self.value(p)

    def has(self, path: Sequence[str | int]) -> bool:
        """True when ``path`` was located exactly (not through an ancestor)."""
        return tuple(path) in self._values
