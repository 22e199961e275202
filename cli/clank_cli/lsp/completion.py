"""Completion of ids (cards, tokens, tiles, token pools and regions of every loaded pack and the
pack being typed), of the statistics and options packs declare, and of the names of ops and
conditions.

Where a value is written (after ``key:``, in a ``[...]`` list, after ``- ``) the ids and the
statistics and options are offered; where a list item or a mapping key starts (``- ``, ``{``, a
line's first word) the ops and conditions are, written with the arguments of their example in
the guide (``gain: {skill: 2, boots: 1}``). Each id says what it is and which pack defines it;
each op its guide text.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from clank_cli.lsp.catalog import Catalog, Definition

_VALUE = re.compile(r"(:\s+|[\[,]\s*|-\s+|:\s*['\"])$")
_KEY = re.compile(r"(^\s*|-\s+|[{,]\s*)$")


def id_item(definition: Definition) -> lsp.CompletionItem:
    """An id, with what it is and the pack defining it (and its name, if it has one)."""
    name = definition.entry.get("name")
    return lsp.CompletionItem(label=definition.id, kind=lsp.CompletionItemKind.Reference,
                              detail=definition.what + (f": {name}" if isinstance(name, str) else ""))


def _name_item(name: str, kind: str, catalog: Catalog) -> lsp.CompletionItem:
    """An op or condition, written with the arguments of its example (``draw: 1``)."""
    doc = catalog.docs.get(name)
    return lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Function, detail=kind,
                              insert_text=catalog.examples.get(name, name),
                              documentation=lsp.MarkupContent(lsp.MarkupKind.Markdown, doc) if doc else None)


def complete(before: str, typed: str, ids: dict[str, Definition], catalog: Catalog,
             ops: bool = True) -> list[lsp.CompletionItem]:
    """The completions of the word ``typed`` so far, ``before`` being the line before it (no op
    or condition names when ``ops`` is off: the cursor is where a content key goes)."""
    items: list[lsp.CompletionItem] = []
    if _VALUE.search(before):
        items += [id_item(d) for name, d in sorted(ids.items()) if name.startswith(typed)]
        items += [lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Constant, detail=what)
                  for name, what in catalog.names.items() if name.startswith(typed) and name not in ids]
    if ops and _KEY.search(before):
        items += [_name_item(n, "op", catalog) for n in catalog.ops if n.startswith(typed)]
        items += [_name_item(n, "condition", catalog) for n in catalog.conditions if n.startswith(typed)]
    return items
