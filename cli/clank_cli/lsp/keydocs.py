"""What hovering a key of a content file shows: what the key is (its schema's title and
description), whether it is required (always, or in which cases), and its row of the authoring
guide's key tables (how the key is written, and the guide's words for it where they say more)."""

from __future__ import annotations

import re
from typing import Any

from clank.guides.authoring import conditionally_required

from clank_cli.lsp.guide import KeyRows
from clank_cli.lsp.keys import Path, key_schema, mapping_schema

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def _plain(cell: str) -> str:
    """A cell of the guide without its links (they point into the guide) nor its "(keys below)"."""
    return _LINK.sub(r"\1", cell).replace(" (keys below)", "").strip()


def _guide_row(root: dict[str, Any], path: Path, rows: KeyRows) -> list[str] | None:
    """The guide's row of the key: under the heading of the nearest mapping the guide has a
    table for (``card``), the key dotted below it (``cost.skill``)."""
    for depth in range(len(path) - 1, -1, -1):
        holder = mapping_schema(root, path[:depth]) if depth else root
        title = holder.get("title") if isinstance(holder, dict) else None
        below = path[depth:]
        if isinstance(title, str) and all(isinstance(p, str) for p in below):
            row = rows.get((title.lower(), ".".join(str(p) for p in below)))
            if row is not None:
                return row
    return None


def _required(mapping: dict[str, Any], name: str) -> str:
    if name in (mapping.get("required") or []):
        return "required"
    cases = conditionally_required(mapping).get(name)
    return "required " + "; or ".join(cases) if cases else "optional"


def key_hover(root: dict[str, Any] | None, path: Path, rows: KeyRows) -> str | None:
    """The Markdown shown for the key ``path`` ends with in a file of schema ``root`` (None when
    the schema does not name it there)."""
    found = key_schema(root, path) if root is not None else None
    if found is None:
        return None
    mapping, schema = found
    name = str(path[-1])
    title = schema.get("title")
    lines = [f"**`{name}`**" + (f" ({title})" if isinstance(title, str) and title != name else "")
             + f" · {_required(mapping, name)}"]
    description = schema.get("description")
    row = _guide_row(root or {}, path, rows)
    words = _plain(row[-1]) if row is not None and len(row) >= 3 else ""
    if words and words.rstrip(".") != str(description).rstrip("."):
        lines.append(words)           # the guide's words for this key (``play``: when played from hand)
    if isinstance(description, str) and description:
        lines.append(description)
    if row is not None and len(row) >= 3:
        lines.append(f"Written as: {_plain(row[0])}")
    return "\n\n".join(lines)
