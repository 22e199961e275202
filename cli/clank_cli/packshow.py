"""What ``clank packs show PACK`` shows: every id a pack defines or registers.

A pack's content ids (its cards, tokens, tiles, and the entries of content kinds packs add)
come from its YAML, every optional part included; what its code registers (room features,
ops, conditions, quantities, tunnel icons, teleport kinds, resources, bots, action and
decision kinds) comes from the registry, built as ``clank validate`` builds it: the core plus
the installed packs of the pack and of the packs it requires. A directory pack runs no code,
so it registers nothing unless it is the working copy of an installed pack. ``all_sources``
adds what the core and the required packs register, each entry with the pack it comes from.

Content problems are reported by ``clank validate``; here they only decide the exit code
(the listing of a pack with errors may be incomplete).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.api import PackCodeError, Registry, find_pack, registry_for
from clank.content import ALL_PARTS, PackData, Problem, as_dict, as_list, new_context, read_pack
from rich import box
from rich.table import Table
from rich.text import Text

from clank_cli import validation
from clank_cli.errors import UsageError

CONTENT_KINDS = ("cards", "tokens", "tiles")
"""The core's content kinds whose entries have ids, in display order (kinds packs add follow)."""
REGISTRY_SECTIONS: tuple[tuple[str, str], ...] = (
    ("room_features", "room features"), ("ops", "ops"), ("conditions", "conditions"),
    ("quantities", "quantities"), ("tunnel_icons", "tunnel icons"), ("teleport_kinds", "teleport kinds"),
    ("resources", "resources"), ("bots", "bots"), ("action_kinds", "action kinds"),
    ("decision_kinds", "decision kinds"), ("markets", "markets"), ("cube_kinds", "cube kinds"),
    ("steps", "queue steps"), ("events", "events"), ("stats", "statistics"), ("flags", "turn flags"),
    ("options", "game options"), ("modifiables", "modifiable values"),
)
"""``(Registry attribute, title)`` of each kind of thing code registers, in display order; each
attribute maps names to definitions that carry the ``pack`` registering them."""


@dataclass
class Entry:
    """One id: where a content entry is written, or which pack registered a definition."""

    id: str
    pack: str | None = None
    file: str | None = None
    line: int | None = None
    part: str | None = None
    doc: str = ""
    looks_back: bool | str = False              # a condition: whether and how it looks back (C11a)

    def to_json(self) -> dict[str, Any]:
        """The entry for ``--format json`` (content: file, line, part; registrations: pack, doc;
        conditions: ``looks_back``, false, true or "room")."""
        if self.file is not None:
            return {"id": self.id, "file": self.file, "line": self.line, "part": self.part}
        out: dict[str, Any] = {"id": self.id, "pack": self.pack, "doc": self.doc}
        if self.looks_back is not False:
            out["looks_back"] = self.looks_back
        return out


@dataclass
class Section:
    """One kind of id and its entries, sorted."""

    key: str
    title: str
    entries: list[Entry]


@dataclass
class PackView:
    """Everything ``clank packs show`` prints about one pack."""

    spec: str
    pack_id: str
    kind: str                                   # installed | directory
    path: Path
    manifest: dict[str, Any]
    code: list[str]                             # installed packs whose code built the registry
    sections: list[Section]
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        """How many of the pack's content problems are errors."""
        return sum(p.is_error for p in self.problems)

    def to_json(self) -> dict[str, Any]:
        """The whole view as one JSON-ready mapping."""
        m = self.manifest
        parts = as_dict(m.get("parts"))
        return {
            "spec": self.spec, "id": self.pack_id, "kind": self.kind, "path": str(self.path),
            "name": m.get("name"), "version": m.get("version"),
            "requires": [r for r in as_list(m.get("requires")) if isinstance(r, str)],
            "parts": sorted(parts), "code": self.code,
            "ok": self.errors == 0, "errors": self.errors, "warnings": len(self.problems) - self.errors,
            "ids": {s.key: [e.to_json() for e in s.entries] for s in self.sections},
        }


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def content_sections(pack: PackData) -> list[Section]:
    """The ids of the pack's cards, tokens, tiles and of the list kinds packs add, with where each is."""
    parts = {seg.file: seg.part for segs in pack._segments.values() for seg in segs}
    kinds = [*CONTENT_KINDS, *sorted(k for k, v in pack.extra.items() if isinstance(v, list))]
    out = []
    for kind in kinds:
        entries = []
        for i, entry in enumerate(as_list(pack.content(kind))):
            eid = as_dict(entry).get("id")
            if isinstance(eid, str):
                file, line, _ = pack.where(kind, (i, "id"))
                entries.append(Entry(eid, file=file, line=line, part=parts.get(file)))
        out.append(Section(kind, kind.replace("_", " "), sorted(entries, key=lambda e: e.id)))
    return out


def registry_sections(registry: Registry, owners: set[str]) -> list[Section]:
    """What the packs in ``owners`` registered (``core`` for the core's own), by kind."""
    out = []
    for attr, title in REGISTRY_SECTIONS:
        table = getattr(registry, attr, None)
        if not isinstance(table, dict):
            continue
        entries = [Entry(name, pack=getattr(d, "pack", "") or None, doc=_first_line(getattr(d, "doc", "") or ""),
                         looks_back=getattr(d, "looks_back", False))
                   for name, d in table.items() if getattr(d, "pack", None) in owners]
        out.append(Section(attr, title, sorted(entries, key=lambda e: e.id)))
    return out


def show(spec: str, all_sources: bool = False) -> PackView:
    """Look a pack up (an installed id or a directory) and gather its ids.

    Raises :class:`~clank_cli.errors.UsageError` (exit 2) for a file or a path that does not exist and
    :class:`~clank.plugins.PackLoadError` (exit 3) for a pack that cannot be found or imported.
    """
    if Path(spec).is_file():
        raise UsageError(f"{spec} is a file: give an installed pack id or a pack directory", "PACK")
    try:
        result = validation.validate([spec])
    except UsageError as exc:
        raise exc.for_option("PACK") from None
    if result.code_faults:                   # the pack's code fails to load: nothing to list (exit 3)
        raise PackCodeError(result.code_faults)
    target = result.targets[0]
    registry = registry_for([find_pack(p) for p in target.code_packs])
    pack = read_pack(new_context(registry), target.path, [ALL_PARTS])
    owners = {"core", *target.code_packs} if all_sources else {target.pack_id}
    notes = []
    if target.pack_id not in target.code_packs:
        notes.append(f"note: {spec} is a directory pack: the engine runs no code from it, so it registers "
                     "nothing itself" + ("" if all_sources else " (--all lists what the core and the packs it "
                                         "requires register)"))
    return PackView(spec, target.pack_id, target.kind, target.path, pack.manifest, list(target.code_packs),
                    content_sections(pack) + registry_sections(registry, owners), list(result.problems), notes)


def view_table(view: PackView) -> Table:
    """The ids as a table (text output): one row per kind, its count and its ids."""
    m = view.manifest
    title = f"{view.pack_id} {m.get('version', '')}".strip()
    if isinstance(m.get("name"), str):
        title += f": {m['name']}"
    table = Table(box=box.SIMPLE_HEAD, title=Text(title), title_justify="left")
    table.add_column("kind", no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("ids", overflow="fold")
    for section in view.sections:
        ids = Text()
        for i, entry in enumerate(section.entries):
            if i:
                ids.append(", ")
            ids.append(entry.id)
            origin = entry.part if entry.file is not None else (entry.pack if entry.pack != view.pack_id else None)
            if origin:
                ids.append(f" ({origin})", style="dim")
            if entry.looks_back is not False:
                ids.append(" (looks back)", style="dim")
        table.add_row(Text(section.title), str(len(section.entries)), ids)
    return table
