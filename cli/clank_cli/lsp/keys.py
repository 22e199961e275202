"""Completion of mapping keys from the schemas composed with the loaded packs.

Where a key is being typed, the path of the mapping it belongs to is read from the lines above
(each line less indented opens the mapping or list item holding the next: ``- id: ...`` an entry,
``cost:`` a key), then followed through the file's schema (``items``, ``properties``,
``additionalProperties``, references inside the file). The keys of that mapping not written yet
are offered, each with its description. Where the path leaves the file's schema (into the effect
language, say) nothing is offered here: op names are.
"""

from __future__ import annotations

import re
from typing import Any

from lsprotocol import types as lsp

_ITEM = re.compile(r"^(\s*)-\s+")
_KEY = re.compile(r"^(\s*)([\w-]+):\s*(#.*)?$")
_ANY_KEY = re.compile(r"^\s*(?:-\s+)?([\w-]+):")

Path = list[str | int]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def key_path(lines: list[str], row: int, before: str) -> tuple[Path, int] | None:
    """The path of the mapping a key typed after ``before`` (the line up to the word) belongs to,
    and the column of that mapping's keys; None when the cursor is not where a key starts."""
    item = _ITEM.match(before)
    if item is not None and before[item.end():].strip() == "":
        path: Path = [0]          # a new entry of a list: its first key
        column = item.end()
        found = _indent(before)
    elif before.strip() == "":
        path, column = [], len(before)
        found = column
    else:
        return None
    for line in reversed(lines[:row]):
        if found == 0:
            break
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        here = _indent(line)
        opens = _ITEM.match(line)
        if opens is not None and opens.end() == found and here < found:
            path.insert(0, 0)     # the entry whose first key is beside its dash
            found = here
        elif here < found:
            key = _KEY.match(line)
            if key is None:
                return None       # a flow collection, or a value that holds nothing typed below it
            path.insert(0, key.group(2))
            found = here
    return path, column


def _resolve(schema: Any, root: dict[str, Any]) -> Any:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return target
    return schema


def mapping_schema(root: dict[str, Any], path: Path) -> dict[str, Any] | None:
    """The schema of the mapping at ``path`` in a file whose schema is ``root`` (None when the
    path leaves what the file's schema says by itself)."""
    schema: Any = root
    for part in path:
        schema = _resolve(schema, root)
        if not isinstance(schema, dict):
            return None
        if isinstance(part, int):
            schema = schema.get("items")
        else:
            props = schema.get("properties") or {}
            schema = props.get(part, schema.get("additionalProperties"))
    schema = _resolve(schema, root)
    return schema if isinstance(schema, dict) and isinstance(schema.get("properties"), dict) else None


def _key_column(line: str) -> int:
    item = _ITEM.match(line)
    return item.end() if item else _indent(line)


def written_keys(lines: list[str], row: int, column: int, new_entry: bool) -> set[str]:
    """The keys already written in the mapping whose keys are at ``column``, around ``row``."""
    keys = set()
    code = [(r, line) for r, line in enumerate(lines) if r != row and line.strip() and not line.lstrip().startswith("#")]
    above = [] if new_entry else [(r, line) for r, line in reversed(code) if r < row]
    for _, line in above:
        indent = _indent(line)
        if indent > column:
            continue              # inside a value of the mapping
        if indent < column and _key_column(line) != column:
            break                 # the line that opens the mapping
        if found := _ANY_KEY.match(line):
            keys.add(found.group(1))
        if indent < column:
            break                 # the entry's first key, beside its dash
    for _, line in ((r, line) for r, line in code if r > row):
        if _indent(line) < column:
            break                 # the mapping, or the entry, ends
        if _indent(line) == column and (found := _ANY_KEY.match(line)):
            keys.add(found.group(1))
    return keys


def complete_keys(schema: dict[str, Any] | None, lines: list[str], row: int, before: str,
                  typed: str) -> list[lsp.CompletionItem]:
    """The keys the schema allows where the cursor is, not written yet, that start with ``typed``."""
    if schema is None:
        return []
    where = key_path(lines, row, before)
    if where is None:
        return []
    path, column = where
    mapping = mapping_schema(schema, path)
    if mapping is None:
        return []
    written = written_keys(lines, row, column, new_entry=_ITEM.match(before) is not None)
    items = []
    for name, sub in mapping["properties"].items():
        if name.startswith(typed) and name not in written:
            doc = sub.get("description") if isinstance(sub, dict) else None
            items.append(lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Property, insert_text=f"{name}: ",
                                            detail="key", documentation=doc if isinstance(doc, str) else None))
    return items


def key_at(lines: list[str], row: int, start: int) -> Path | None:
    """The path of the key written at column ``start`` of line ``row`` (``[0, "cost", "skill"]``),
    its own name last; None when no block mapping key starts there (a value, a flow mapping)."""
    line = lines[row] if row < len(lines) else ""
    name = re.match(r"([\w-]+):(\s|$)", line[start:])
    where = key_path(lines, row, line[:start]) if name else None
    if name is None or where is None:
        return None
    return [*where[0], name.group(1)]


def key_schema(root: dict[str, Any], path: Path) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The schema of the mapping holding the key ``path`` ends with, and the key's own (None
    when the file's schema does not name that key there)."""
    mapping = mapping_schema(root, path[:-1])
    sub = mapping["properties"].get(path[-1]) if mapping is not None else None
    return (mapping, _resolve(sub, root)) if mapping is not None and isinstance(sub, dict) else None
