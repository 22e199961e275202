"""What completion, hover and go to definition know: every id the loaded packs define (where,
and the entry itself), the ops and conditions the packs' code registers, and the authoring
guide's section of each name.

The installed packs are read once per session (every one, so that a pack may complete an id of
a pack it does not require yet: the Underworld's, say); the pack being edited is read again by
each check, with the editor's unsaved text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clank.api import installed_packs
from clank.content import PackData, new_context
from clank.guides.authoring import condition_example, op_example, render_guide, to_yaml

from clank_cli.lsp.checker import PackChecker
from clank_cli.lsp.guide import KeyRows, key_rows, named_sections
from clank_cli.lsp.opargs import arguments_of
from clank_cli.validation import validate

ID_KINDS = {"cards": "card", "tokens": "token", "tiles": "tile", "token_pools": "token pool", "regions": "region",
            "tile_stacks": "region"}
"""What an id names (content kinds whose entries have an id, then names a setup defines), and
what one is called."""
SETUP_NAMES = ("token_pools", "regions", "tile_stacks")
"""The setup's mappings whose keys are names content refers to (a region's tile stacks name it)."""


@dataclass(frozen=True)
class Definition:
    """Where an id is defined: its kind (``cards`` ..., ``token_pools``), pack, file and 1-based
    line and column of the ``id`` value (of a pool's or region's entry), and the entry."""

    kind: str
    id: str
    pack: str
    file: str
    line: int
    col: int
    entry: dict[str, Any] = field(hash=False, compare=False)

    @property
    def what(self) -> str:
        """``card of pack 'lamps'``."""
        return f"{ID_KINDS[self.kind]} of pack {self.pack!r}"


def definitions(packs: Iterable[PackData]) -> list[Definition]:
    """Every id the packs define (cards, tokens, tiles, then the token pools and regions of their
    setups), in pack and file order."""
    found = []
    for pack in packs:
        for kind in ("cards", "tokens", "tiles"):
            for index, entry in enumerate(pack.content(kind) or []):
                eid = entry.get("id") if isinstance(entry, dict) else None
                if isinstance(eid, str):
                    file, line, col = pack.where(kind, (index, "id"))
                    found.append(Definition(kind, eid, pack.id, file, line, col, entry))
        for kind in SETUP_NAMES:
            table = pack.setup.get(kind)
            for name, entry in table.items() if isinstance(table, dict) else ():
                at = pack.problem("setup", (kind, name), "", "", key=True)   # where its key is written
                found.append(Definition(kind, str(name), pack.id, at.file, at.line, at.col,
                                        entry if isinstance(entry, dict) else {}))
    return found


@dataclass
class Catalog:
    """The installed packs' ids and the names their code registers, with the guide's sections."""

    installed: list[Definition] = field(default_factory=list)
    ops: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)   # the statistics and game options packs declare: what each is
    docs: dict[str, str] = field(default_factory=dict)
    examples: dict[str, str] = field(default_factory=dict)   # an op's or condition's example, on one line
    schemas: dict[str, Any] = field(default_factory=dict)    # the composed schema of each content kind
    key_rows: KeyRows = field(default_factory=dict)          # the guide's key tables, row by heading and key
    arguments: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)   # op or condition: its arguments' schemas

    def ids(self, editing: Iterable[Definition]) -> dict[str, Definition]:
        """Every id by name: the edited pack's (as typed) first, then the installed packs'."""
        table: dict[str, Definition] = {}
        mine = list(editing)
        packs = {d.pack for d in mine}
        for definition in [*mine, *(d for d in self.installed if d.pack not in packs)]:
            table.setdefault(definition.id, definition)
        return table


def build_catalog(checker: PackChecker) -> Catalog:
    """Read every installed pack and render the guide of their registry (once per session)."""
    ids = sorted(installed_packs())
    if not ids:
        return Catalog()
    result = validate(ids, registries=checker.registries)
    code = result.targets[0].code_packs if result.targets else ids
    registry = checker.registries.get(code)
    examples: dict[str, str] = {}
    for name, example in [*((n, op_example(registry, n)) for n in registry.ops),
                          *((n, condition_example(registry, n)) for n in registry.conditions)]:
        text = to_yaml(example).strip() if example is not None else ""
        if text.startswith(name) and "\n" not in text:   # one line, the name first: ``gain: {skill: 2}``
            examples.setdefault(name, text)
    names = {**{name: f"option: {o.doc}" for name, o in registry.options.items()},
             **{name: f"statistic: {s.doc}" for name, s in registry.stats.items()}}
    guide = render_guide(registry, shipped=True)
    return Catalog(definitions(result.content), sorted(registry.ops), sorted(registry.conditions),
                   dict(sorted(names.items())), named_sections(guide), examples,
                   {kind: validator.schema for kind, validator in new_context(registry).validators.items()},
                   key_rows(guide), arguments_of(registry.ops, registry.conditions))

