"""Merging the setup data of several packs, and the overrides for a player count (plain data:
the content checks read the merged setup, the game is set up from it)."""

from __future__ import annotations

from typing import Any


def effective_setup(setup: dict[str, Any], players: int) -> dict[str, Any]:
    """The merged setup with the overrides for this player count (``by_players: {"5": {...}}``)."""
    extra = (setup.get("by_players") or {}).get(str(players))
    return merge_setup(setup, extra) if extra else setup


# setup lists that packs extend rather than replace (DESIGN §3: packs add components)
ADDITIVE_SETUP = ("market_board", "artifact_order", "start_tiles", "reserve")


def merge_setup(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """Merge setup mappings: nested mappings merge, the lists of ``ADDITIVE_SETUP`` (and a
    reserve given as a mapping) add up, anything else is replaced."""
    out = dict(base)
    for key, value in extra.items():
        old = out.get(key)
        if key in ADDITIVE_SETUP and isinstance(old, list) and isinstance(value, list):
            out[key] = old + [v for v in value if v not in old]
        elif key == "reserve" and isinstance(old, list) and isinstance(value, dict):
            out[key] = {**{c: None for c in old}, **value}
        elif isinstance(old, dict) and isinstance(value, dict):
            out[key] = merge_setup(old, value)
        else:
            out[key] = value
    return out
