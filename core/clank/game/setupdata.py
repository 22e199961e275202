"""Merging the setup data of several packs: :mod:`clank.content.setupmerge`, where the content
checks read it too (the names stay importable from here)."""

from clank.content.setupmerge import ADDITIVE_SETUP, effective_setup, merge_setup

__all__ = ["ADDITIVE_SETUP", "effective_setup", "merge_setup"]
