"""What hovering a name shows: an op's, condition's, room feature's or tunnel icon's section of
the authoring guide; for an id, the entry (a card's name, cost, text) and the pack it comes from."""

from __future__ import annotations

from typing import Any

from clank_cli.lsp.catalog import ID_KINDS, Catalog, Definition


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{v} {k}" for k, v in value.items())
    return str(value)


def describe(definition: Definition) -> str:
    """Markdown of an id's entry: its name, what and where it is, then cost, points and text."""
    entry = definition.entry
    name = entry.get("name")
    lines = [f"**{name}**" if isinstance(name, str) else f"**{definition.id}**",
             f"{ID_KINDS[definition.kind]} `{definition.id}` of pack `{definition.pack}`"]
    facts = [f"{key}: {_inline(entry[key])}" for key in ("kind", "type", "cost", "points", "count", "pool", "stack")
             if key in entry]
    if facts:
        lines.append(" · ".join(facts))
    text = entry.get("text")
    if isinstance(text, str) and text:
        lines.append(f"> {text}")
    return "\n\n".join(lines)


def hover_text(word: str, ids: dict[str, Definition], catalog: Catalog) -> str | None:
    """The Markdown shown for ``word``, or None when it names nothing known."""
    if word in ids:
        return describe(ids[word])
    return catalog.docs.get(word)
