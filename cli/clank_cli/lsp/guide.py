"""The authoring guide cut into the sections of the names it documents (ops, conditions, room
features, tunnel icons ...): what hovering a name shows."""

from __future__ import annotations

import re

_HEADING = re.compile(r"^(#{2,6}) (.*)$")
_NAMED = re.compile(r"^`([\w-]+)`$")


def named_sections(guide: str) -> dict[str, str]:
    """Each name the guide gives a heading of its own (``#### `draw```), with the Markdown of its
    section (up to the next heading as high); a name documented twice (an op and a condition)
    gets both sections."""
    sections: dict[str, list[str]] = {}
    current: tuple[str, int] | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            sections.setdefault(current[0], []).append("\n".join(lines).strip())

    for line in guide.splitlines():
        heading = _HEADING.match(line)
        if heading is None:
            if current is not None:
                lines.append(line)
            continue
        level = len(heading.group(1))
        if current is not None and level > current[1]:
            lines.append(line)   # a sub-heading of the section
            continue
        close()
        name = _NAMED.match(heading.group(2).strip())
        current, lines = ((name.group(1), level), [line]) if name else (None, [])
    close()
    return {name: "\n\n---\n\n".join(parts) for name, parts in sections.items()}


_TABLE_ROW = re.compile(r"^\|\s*`([\w.-]+)`\s*\|(.*)\|\s*$")
_PARENTHESIS = re.compile(r"\s*\(.*\)\s*$")

KeyRows = dict[tuple[str, str], list[str]]
"""The guide's key tables: (the heading above, lower case, without its parenthesis; the key,
dotted below the mapping the heading is about) -> the row's cells after the key."""


def key_rows(guide: str) -> KeyRows:
    """Each row of the guide's key tables (``| `cost` | mapping | yes | Skill to acquire. |``),
    under the heading it is written below (``card`` for ``#### Card``, ``setup`` for
    ``### Setup (`setup.yaml`)``)."""
    rows: KeyRows = {}
    heading = ""
    for line in guide.splitlines():
        found = _HEADING.match(line)
        if found is not None:
            heading = _PARENTHESIS.sub("", found.group(2)).strip().lower()
            continue
        row = _TABLE_ROW.match(line)
        if row is not None and heading:
            rows.setdefault((heading, row.group(1)), [cell.strip() for cell in row.group(2).split("|")])
    return rows
