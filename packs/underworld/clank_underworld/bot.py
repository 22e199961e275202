"""What the greedy bot values in the Underworld (filled in below)."""

from __future__ import annotations


def register_reactions(registry) -> None:
    return None
