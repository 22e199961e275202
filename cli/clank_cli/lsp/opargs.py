"""The arguments an op or condition takes as a mapping, read from the JSON Schema it was
registered with: its ``properties``, or the ``propertyNames`` of a mapping such as ``gain``'s
(``{skill: 2}``), in the schema itself or in one of its ``oneOf``/``anyOf`` branches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def argument_schemas(schema: Any) -> dict[str, dict[str, Any]]:
    """The arguments an op's or condition's schema takes as a mapping: name -> its schema
    (empty when it takes none, or only a number, a string, a list)."""
    if not isinstance(schema, dict):
        return {}
    for branch in [schema, *(schema.get("oneOf") or []), *(schema.get("anyOf") or [])]:
        if not isinstance(branch, dict):
            continue
        props = branch.get("properties")
        if isinstance(props, dict) and props:
            return {str(name): sub if isinstance(sub, dict) else {} for name, sub in props.items()}
        names = branch.get("propertyNames")
        values = branch.get("additionalProperties")
        if isinstance(names, dict) and isinstance(names.get("enum"), list):
            return {str(name): values if isinstance(values, dict) else {} for name in names["enum"]}
    return {}


def arguments_of(*tables: Mapping[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """The arguments of each op or condition of ``tables`` (the registry's ``ops``, then its
    ``conditions``; an op's first when a condition has the same name) that takes a mapping."""
    taken: dict[str, dict[str, dict[str, Any]]] = {}
    for table in tables:
        for name, entry in table.items():
            if found := argument_schemas(entry.schema):
                taken.setdefault(name, found)
    return taken
