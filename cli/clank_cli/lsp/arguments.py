"""Completion inside the arguments of an op or condition: its argument names where a key of its
mapping is typed (``trash: {co`` or on a line below ``- trash:``), and where an argument's value
is typed the values it takes: ids of the kind it refers to (a card for ``gain_card``'s ``card``),
the statistics packs declare, or the words of its ``enum``.

What an op takes is read by :mod:`clank_cli.lsp.opargs` from the schema it was registered with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lsprotocol import types as lsp

from clank_cli.lsp.catalog import Catalog, Definition
from clank_cli.lsp.completion import id_item
from clank_cli.lsp.keys import written_keys

REF_KINDS = {"card": ("cards",), "token": ("tokens",), "tile": ("tiles",), "pool": ("token_pools",),
             "region": ("regions", "tile_stacks")}
"""The ids an argument's ``x-ref`` names, by the kind of the entries that define them."""

_FLOW_VALUE = re.compile(r"^\s*([\w-]+):\s*(\[.*)?$")
_BLOCK = re.compile(r"^(\s*)(?:([\w-]+):\s*(\[.*)?)?$")
_HOLDER = re.compile(r"^\s*(?:-\s+)?([\w-]+):\s*(#.*)?$")


@dataclass(frozen=True)
class InArguments:
    """Where the cursor is in an op's arguments: the op, the argument whose value is typed (None
    where an argument's name is), and the arguments already written."""

    op: str
    argument: str | None
    written: frozenset[str]


def _split_top(text: str) -> list[str]:
    """``text`` cut at its commas outside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    return [*parts, text[start:]]


def _open_brace(before: str) -> int | None:
    """The index of the innermost ``{`` not closed before the cursor."""
    opened: list[int] = []
    for index, char in enumerate(before):
        if char == "{":
            opened.append(index)
        elif char == "}" and opened:
            opened.pop()
    return opened[-1] if opened else None


def _in_flow(before: str, arguments: dict[str, dict[str, dict[str, Any]]]) -> InArguments | None:
    brace = _open_brace(before)
    holder = re.search(r"([\w-]+):\s*$", before[:brace]) if brace is not None else None
    if brace is None or holder is None or holder.group(1) not in arguments:
        return None
    *done, last = _split_top(before[brace + 1:])
    written = frozenset(m.group(1) for part in done if (m := re.match(r"\s*([\w-]+):", part)))
    if last.strip() == "":
        return InArguments(holder.group(1), None, written)
    value = _FLOW_VALUE.match(last)
    return InArguments(holder.group(1), value.group(1), written) if value else None


def _in_block(lines: list[str], row: int, before: str,
              arguments: dict[str, dict[str, dict[str, Any]]]) -> InArguments | None:
    at = _BLOCK.match(before)
    if at is None:
        return None
    column = len(at.group(1))
    for line in reversed(lines[:row]):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(line) - len(line.lstrip(" ")) >= column:
            continue
        holder = _HOLDER.match(line)
        if holder is None or holder.group(1) not in arguments or holder.start(1) >= column:
            return None           # not below an op's name: a key beside it, or another mapping
        written = frozenset(written_keys(lines, row, column, new_entry=False))
        return InArguments(holder.group(1), at.group(2), written)
    return None


def where_in_arguments(lines: list[str], row: int, before: str,
                       arguments: dict[str, dict[str, dict[str, Any]]]) -> InArguments | None:
    """The op whose argument mapping the cursor is in (flow ``{...}`` or block), or None."""
    return _in_flow(before, arguments) or _in_block(lines, row, before, arguments)


def _values(schema: dict[str, Any], typed: str, ids: dict[str, Definition],
            catalog: Catalog) -> list[lsp.CompletionItem]:
    """What an argument's value may be: ids of the kind it refers to, statistics, enum words."""
    items = schema.get("items")
    one = items if isinstance(items, dict) else schema
    ref, words = one.get("x-ref"), one.get("enum")
    found: list[lsp.CompletionItem] = []
    if ref in REF_KINDS:
        found += [id_item(d) for name, d in sorted(ids.items()) if d.kind in REF_KINDS[ref] and name.startswith(typed)]
    if ref == "stat":
        found += [lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Constant, detail=what)
                  for name, what in catalog.names.items() if what.startswith("statistic:") and name.startswith(typed)]
    if isinstance(words, list):
        found += [lsp.CompletionItem(label=str(w), kind=lsp.CompletionItemKind.EnumMember, detail="value")
                  for w in words if str(w).startswith(typed)]
    return found


def complete_arguments(lines: list[str], row: int, before: str, typed: str, ids: dict[str, Definition],
                       catalog: Catalog) -> list[lsp.CompletionItem] | None:
    """The completions inside an op's or condition's arguments: its argument names not written
    yet, or the values of the argument being written; None when the cursor is not in them (or
    the argument's value is one completion does not know, an effect say)."""
    where = where_in_arguments(lines, row, before, catalog.arguments)
    if where is None:
        return None
    takes = catalog.arguments[where.op]
    if where.argument is None:
        return [lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Field, insert_text=f"{name}: ",
                                   detail=f"argument of {where.op}",
                                   documentation=doc if isinstance(doc := sub.get("description"), str) else None)
                for name, sub in takes.items() if name.startswith(typed) and name not in where.written]
    schema = takes.get(where.argument)
    values = _values(schema, typed, ids, catalog) if schema is not None else []
    return values or None
