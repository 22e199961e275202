"""A loaded content pack, and where in its files each of its values was written.

:class:`PackData` holds the content of one pack directory merged across its files. Each
file read is kept as a segment (its data, locator and the index its entries start at), so
:meth:`PackData.where` and :meth:`PackData.problem` can take a path into the merged content
back to a file, line and column. Reading a directory into a ``PackData`` is
:mod:`clank.content.packread`'s job; the checks are in the ``clank.checks_*`` modules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.content.locator import JsonPath, Locator
from clank.content.problems import Problem, format_path

LIST_KINDS = ("cards", "tiles", "tokens")
"""Content kinds whose files are lists of entries with an ``id``."""
MANIFEST = "pack.yaml"
"""The manifest's file name in a pack directory."""


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a mapping, else an empty one (checks run on malformed data too)."""
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    """``value`` when it is a list, else an empty one."""
    return value if isinstance(value, list) else []


@dataclass
class Segment:
    """One loaded file of a pack: its data, where it is, and where its entries start."""

    kind: str
    file: str
    locator: Locator
    data: Any
    start: int = 0
    part: str | None = None


@dataclass
class PackData:
    """The content of one pack directory, validated.

    ``cards``, ``tiles`` and ``tokens`` are the entries of every file of that kind in
    manifest order (parts included when enabled); ``setup`` merges the setup files;
    ``extra`` maps each pack-registered content kind to its data (lists concatenated,
    mappings merged); ``info`` holds counts (``dungeon_cards``, ``tiles_by_stack`` ...).
    :meth:`where` locates any value in its file. ``label`` names a pack its caller did not give
    as a directory (``installed pack 'catacombs'``): other packs' problems then name it so,
    rather than by the directory it happens to be installed in (see :meth:`place`).
    """

    directory: Path
    manifest: dict[str, Any]
    cards: list[dict[str, Any]] = field(default_factory=list)
    tiles: list[dict[str, Any]] = field(default_factory=list)
    tokens: list[dict[str, Any]] = field(default_factory=list)
    setup: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)
    parts: tuple[str, ...] = ()
    warnings: list[Problem] = field(default_factory=list)
    label: str | None = None
    _segments: dict[str, list[Segment]] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str:
        """The pack id (the directory name when the manifest has none)."""
        pid = self.manifest.get("id")
        return pid if isinstance(pid, str) else self.directory.name

    @property
    def files(self) -> dict[str, list[str]]:
        """Kind -> the files of that kind that were loaded."""
        return {k: [s.file for s in segs] for k, segs in self._segments.items()}

    def content(self, kind: str) -> Any:
        """The data of a kind: ``cards``/``tiles``/``tokens``/``setup``/``pack`` or an extra kind."""
        if kind == "pack":
            return self.manifest
        if kind in LIST_KINDS or kind == "setup":
            return getattr(self, kind)
        return self.extra.get(kind)

    def _locate(self, kind: str, path: Sequence[str | int]) -> tuple[Segment | None, JsonPath]:
        path = tuple(path)
        segs = self._segments.get(kind, [])
        if not segs:
            return None, path
        if path and isinstance(path[0], int):
            for seg in segs:
                if isinstance(seg.data, list) and seg.start <= path[0] < seg.start + len(seg.data):
                    return seg, (path[0] - seg.start, *path[1:])
        elif path:
            for seg in segs:
                if isinstance(seg.data, dict) and path[0] in seg.data:
                    return seg, path
        return segs[0], path

    def where(self, file_kind: str, json_path: Sequence[str | int] | str) -> tuple[str, int, int]:
        """``(file, line, col)`` of a value: ``where("cards", (3, "play", 0))``.

        ``json_path`` indexes the pack's merged content (``cards[3]`` is the fourth card of
        the pack, whichever file it is in); a string such as ``"$[3].play[0]"`` works too.
        """
        path = parse_json_path(json_path) if isinstance(json_path, str) else tuple(json_path)
        seg, local = self._locate(file_kind, path)
        if seg is None:
            return str(self.directory / MANIFEST), 1, 1
        line, col = seg.locator.value(local)
        return seg.file, line, col

    def place(self, file: str, line: int, col: int) -> str:
        """A position in this pack as another pack's problem names it: ``file:line:col`` as the
        file was given, or with a ``label``, ``installed pack 'x', cards.yaml:3:7``."""
        if self.label is None:
            return f"{file}:{line}:{col}"
        try:
            rel = Path(file).relative_to(self.directory).as_posix()
        except ValueError:
            rel = Path(file).name
        return f"{self.label}, {rel}:{line}:{col}"

    @property
    def shown(self) -> str:
        """The pack as messages name it: its ``label``, or its directory as given."""
        return self.label if self.label is not None else str(self.directory)

    def problem(self, kind: str, path: Sequence[str | int], rule: str, message: str,
                severity: str = "error", key: bool = False) -> Problem:
        """A :class:`Problem` located at ``path`` of ``kind`` (at its key when ``key``)."""
        seg, local = self._locate(kind, path)
        if seg is None:
            return Problem(str(self.directory / MANIFEST), 1, 1, severity, rule, message, "$", self.id)
        line, col = seg.locator.key(local) if key else seg.locator.value(local)
        return Problem(seg.file, line, col, severity, rule, message, format_path(local), self.id)


def parse_json_path(text: str) -> JsonPath:
    """``"$[3].play[0]"`` -> ``(3, "play", 0)``."""
    out: list[str | int] = []
    for m in re.finditer(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]", text):
        name, index, quoted = m.groups()
        out.append(int(index) if index is not None else (name if name is not None else quoted))
    return tuple(out)

