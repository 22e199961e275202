"""The structure layer: the rules each pack states about the shape of its own content kinds.

After the schemas and the names, the core calls every implementation of the
``clank_check_content`` hook (:mod:`clank.hookspecs`) with a :class:`ContentView` of the content
of every pack loaded together and a :class:`Report` that records a problem at an item's file and
line. The core knows no pack's components: the Underworld says what a slot tile needs, the
Party where an Arrive Choice can trigger, the base game what its tile stacks must hold.

The view is read-only and typed: items by kind and id, each with its pack and where it is
written, the setup merged as a game merges it and each pack's own, and helpers that read what
the core already understands (the ops an item uses, the room features of a tile, its ports,
the player counts the packs support). An item in which an earlier layer found an error is left
out of the view, so a check reads values that passed their schema and whose names resolve
(a setup key likewise); a pack whose requirements are missing is left out whole.

A check that raises is a fault of its pack, reported as one problem at the pack's line of code
rather than a traceback. The pass is cheap: the view is built once for every check, items
lazily, and an op walk only for the items a check asks about.
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from clank.content.checks_features import parse_feature
from clank.content.locator import JsonPath
from clank.content.packdata import PackData, as_dict, parse_json_path
from clank.content.problems import SEVERITIES, Problem
from clank.content.setupmerge import merge_setup
from clank.registry import ContentCheckDef

if TYPE_CHECKING:   # clank.plugin exports the view: importing it must not load the validator
    from clank.content.packread import Context

RULE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
"""What a rule id looks like: ``slot-region``, ``arrive-choice-place``."""
SETUP = "setup"
DEFAULT_PLAYERS = (2, 4)
"""The player counts a game takes when no loaded pack's setup says (``players: {min, max}``)."""


@dataclass(frozen=True, slots=True)
class OpUse:
    """An op written in an item's effects: its ``name`` and where (``at``, a path inside the
    item that ends at the op's name, ``("play", 1, "arrive_choice")``, or at the op itself when
    it is written bare, ``("play", 2)`` for ``- react_play``)."""

    name: str
    at: JsonPath

    @property
    def trigger(self) -> str:
        """The item's key whose effect holds the op (``play``, ``arrive``, ``react``, ``defeat`` ...)."""
        return str(self.at[0]) if self.at else ""


@dataclass(frozen=True, slots=True)
class FeatureUse:
    """A room feature written on a tile: the ``room`` id, the feature's ``name`` and parsed
    ``arg`` (``"ladder(C)"`` → ``ladder``, ``"C"``), and ``at``, the path of the feature string
    inside the tile (``("rooms", "ladder", "features", 0)``)."""

    room: str
    name: str
    arg: Any
    at: JsonPath


class ContentItem:
    """One entry of content as the structure layer sees it: a card, tile or token (or an entry
    of a list kind a pack registers), or one pack's setup (``kind`` ``setup``, ``id`` the pack).

    ``data`` is the entry as written (a read-only mapping; treat what it holds as read-only
    too); ``pack`` the id of the pack that defines it; :attr:`where` its file, line and column.
    """

    __slots__ = ("_index", "_pack", "data", "id", "kind")

    def __init__(self, kind: str, item_id: str, pack: PackData, index: int | None, data: Mapping[str, Any]) -> None:
        self.kind = kind
        self.id = item_id
        self.data: Mapping[str, Any] = MappingProxyType(data)
        self._pack = pack
        self._index = index

    @property
    def pack(self) -> str:
        """The id of the pack that defines the item."""
        return self._pack.id

    def path(self, at: Sequence[str | int] = ()) -> JsonPath:
        """``at`` (a path inside the item) as a path into its pack's merged content of the kind."""
        return tuple(at) if self._index is None else (self._index, *at)

    @property
    def where(self) -> tuple[str, int, int]:
        """``(file, line, col)`` where the item is written."""
        return self._pack.where(self.kind, self.path())

    def get(self, key: str, default: Any = None) -> Any:
        """``data.get(key, default)``."""
        return self.data.get(key, default)

    def __repr__(self) -> str:
        return f"ContentItem({self.kind!r}, {self.id!r}, pack={self.pack!r})"


class ContentView:
    """The content of every pack loaded together, for ``clank_check_content`` (read-only).

    - :attr:`packs`: the pack ids, in load order (a pack after those it requires);
    - :meth:`items` / :meth:`get`: the entries of a kind, and one by id;
    - :attr:`setup`: the setup merged as a game merges it (before any ``by_players`` entry);
      :meth:`setups`: each pack's own setup as an item, to report at one of its keys;
    - :meth:`ops`, :meth:`features`, :meth:`ports`: what an item's effects and a tile's rooms
      and edges hold, read as the core reads them;
    - :attr:`seat_counts`: the player counts the loaded packs support.
    """

    def __init__(self, packs: Sequence[PackData], ctx: Context) -> None:
        self._packs = [p for p in packs if p.id not in ctx.unresolved]
        self._ctx = ctx
        self._bad = _flawed(self._packs, ctx.problems)
        self._items: dict[str, tuple[ContentItem, ...]] = {}
        self._by_id: dict[str, dict[str, ContentItem]] = {}
        self._setup: Mapping[str, Any] | None = None

    @property
    def packs(self) -> tuple[str, ...]:
        """The ids of the packs in the view, in load order."""
        return tuple(p.id for p in self._packs)

    def items(self, kind: str) -> tuple[ContentItem, ...]:
        """Every entry of ``kind`` (``cards``, ``tiles``, ``tokens``, a list kind a pack registers)
        in load order, those with an error left out; for ``setup`` (and a mapping kind a pack
        registers) one item per pack that has one."""
        found = self._items.get(kind)
        if found is None:
            found = self._items[kind] = tuple(self._collect(kind))
        return found

    def _collect(self, kind: str) -> Iterator[ContentItem]:
        for pack in self._packs:
            data = pack.content(kind)
            bad = self._bad.get((pack.id, kind), set())
            if isinstance(data, list):
                for i, entry in enumerate(data):
                    if i not in bad and isinstance(entry, dict) and isinstance(entry.get("id"), str):
                        yield ContentItem(kind, entry["id"], pack, i, entry)
            elif isinstance(data, dict) and data:
                kept = {k: v for k, v in data.items() if k not in bad}
                yield ContentItem(kind, pack.id, pack, None, kept)

    def get(self, kind: str, item_id: str) -> ContentItem | None:
        """The entry of ``kind`` with this id (the first defined), or None."""
        table = self._by_id.get(kind)
        if table is None:
            table = self._by_id[kind] = {}
            for item in self.items(kind):
                table.setdefault(item.id, item)
        return table.get(item_id)

    def setups(self) -> tuple[ContentItem, ...]:
        """Each pack's own setup (``kind`` ``setup``, ``id`` the pack id): report at its keys."""
        return self.items(SETUP)

    @property
    def setup(self) -> Mapping[str, Any]:
        """The setups of every pack merged in load order, as a game merges them (mappings
        merge, ``market_board``, ``artifact_order``, ``start_tiles`` and ``reserve`` add up)."""
        if self._setup is None:
            merged: dict[str, Any] = {}
            for item in self.setups():
                merged = merge_setup(merged, dict(item.data))
            self._setup = MappingProxyType(merged)
        return self._setup

    @property
    def seat_counts(self) -> range:
        """The player counts a game of these packs takes (the merged setup's ``players``)."""
        spec = as_dict(self.setup.get("players"))
        low, high = spec.get("min", DEFAULT_PLAYERS[0]), spec.get("max", DEFAULT_PLAYERS[1])
        return range(low if isinstance(low, int) else DEFAULT_PLAYERS[0],
                     (high if isinstance(high, int) else DEFAULT_PLAYERS[1]) + 1)

    def ops(self, item: ContentItem, *names: str) -> list[OpUse]:
        """Every op written in the item's effects (its ``play``, ``arrive``, ``react.do``, a
        token's ``take`` and ``use``, the effects inside keys packs add ...), nested ops
        included, in the order written; with ``names``, only the ops of those names (an item
        that never writes one of them is passed over without walking its effects)."""
        if names and not _mentions(item.data, names):
            return []
        from clank.content.refwalk import entry_refs

        found = entry_refs(item.kind, dict(item.data), (), self._ctx.registry)
        return [OpUse(name, path) for kind, name, path in found
                if kind == "op" and (not names or name in names)]

    def features(self, tile: ContentItem) -> list[FeatureUse]:
        """Every room feature of a tile, parsed (a malformed one is left out: it was reported)."""
        out = []
        for room, spec in as_dict(tile.get("rooms")).items():
            for i, text in enumerate(as_dict(spec).get("features") or ()):
                try:
                    name, arg = parse_feature(text) if isinstance(text, str) else ("", None)
                except ValueError:
                    continue
                if name:
                    out.append(FeatureUse(room, name, arg, ("rooms", room, "features", i)))
        return out

    def ports(self, tile: ContentItem) -> list[str]:
        """The ports of a tile: ``n1 ... w2`` on a square one, ``U.n1 ...`` on a multi-cell one,
        the names it gives in ``ports`` (a tile of a slot region)."""
        from clank.content.checks_tiles import tile_ports

        return tile_ports(dict(tile.data))


class Report:
    """Records the problems a ``clank_check_content`` implementation finds, each at an item.

    ``report(item, message, rule="slot-region", at=("region",))`` records an error at the
    value ``at`` points to inside ``item`` (the item itself when ``at`` is empty); ``key=True``
    points at the mapping key instead (a misplaced key); ``severity="warning"`` records a
    warning (``clank validate --strict`` fails on it). The line printed is the one every check
    prints: ``file:line:col: error[rule]: message (at $.path)``.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self._problems = problems

    def __call__(self, item: ContentItem, message: str, *, rule: str, at: Sequence[str | int] = (),
                 key: bool = False, severity: str = "error") -> None:
        if not isinstance(item, ContentItem):
            raise TypeError(f"report() takes a ContentItem of the view, not {type(item).__name__}")
        if not RULE.match(rule):
            raise ValueError(f"rule id {rule!r}: lower-case words joined by dashes (slot-region)")
        if severity not in SEVERITIES:
            raise ValueError(f"severity {severity!r}: one of {', '.join(SEVERITIES)}")
        self._problems.append(item._pack.problem(item.kind, item.path(at), rule, message, severity, key))


def _mentions(value: Any, names: tuple[str, ...]) -> bool:
    """Whether ``value`` holds one of ``names`` as a mapping key or a string (any depth)."""
    todo = [value]
    while todo:
        here = todo.pop()
        kind = type(here)
        if kind is str:
            if here in names:
                return True
        elif kind is dict or kind is MappingProxyType:
            for key, sub in here.items():
                if key in names:
                    return True
                todo.append(sub)
        elif kind is list:
            todo.extend(here)
    return False


def _flawed(packs: Sequence[PackData], problems: Sequence[Problem]) -> dict[tuple[str, str], set[Any]]:
    """(pack, kind) -> the entries (indices, or top keys of a mapping kind) an error points into."""
    owner: dict[str, tuple[PackData, str, int]] = {}
    for pack in packs:
        for kind, segments in pack._segments.items():
            for seg in segments:
                owner[seg.file] = (pack, kind, seg.start)
    bad: dict[tuple[str, str], set[Any]] = {}
    for problem in problems:
        found = owner.get(problem.file) if problem.is_error else None
        if found is None:
            continue
        pack, kind, start = found
        path = parse_json_path(problem.path)
        if path and kind != "pack":
            bad.setdefault((pack.id, kind), set()).add(start + path[0] if isinstance(path[0], int) else path[0])
    return bad


def check_structure(ctx: Context, packs: Sequence[PackData]) -> None:
    """Run every ``clank_check_content`` implementation over the packs loaded together."""
    checks = ctx.registry.content_checks
    if not checks or not packs:
        return
    view = ContentView(packs, ctx)
    report = Report(ctx.problems)
    for check in checks:
        given = {"content": view, "report": report}
        try:
            if check.call is not None:
                check.call(**given)
            else:
                check.function(**{name: given[name] for name in check.argnames if name in given})
        except Exception as exc:   # a pack's fault: one line at its code, never a traceback
            ctx.problems.append(_fault(check, exc, packs[-1]))


def _fault(check: ContentCheckDef, exc: Exception, last: PackData) -> Problem:
    """The problem a crashed check is: at the innermost line of the check's own package that
    raised (else the innermost line of all)."""
    frames = traceback.extract_tb(exc.__traceback__)
    package = sys.modules.get(check.function.__module__.partition(".")[0])
    root = Path(package.__file__).parent if package is not None and package.__file__ else None
    own = [f for f in frames if root is not None and Path(f.filename).is_relative_to(root)]
    frame = own[-1] if own else (frames[-1] if frames else None)
    file, line = (frame.filename, frame.lineno or 1) if frame else ("<unknown>", 1)
    return Problem(file, line, 1, "error", "pack-fault",
                   f"pack {check.pack!r} failed while checking the structure of the content: "
                   f"{type(exc).__name__}: {exc}", "$", last.id)


__all__ = ["ContentItem", "ContentView", "FeatureUse", "OpUse", "Report",
           "check_structure"]
