"""Unsaved text read in place of files: the overlay an editor gives the content loader.

An overlay maps a file (its resolved absolute path, :func:`overlay_key`) to the text an editor
holds for it. The loader reads a file's text from the overlay when it is there and from the disk
otherwise, so a pack is validated as it is typed, before it is saved; a file the overlay holds
exists for the loader even when it has never been written.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

Overlay = Mapping[str, str]
"""Unsaved text by file: :func:`overlay_key` of the file -> its text."""


def overlay_key(path: Path | str) -> str:
    """The key of ``path`` in an overlay: its resolved absolute path, as a string."""
    return os.path.realpath(path)


def overlay_text(overlay: Overlay | None, path: Path | str) -> str | None:
    """The text the overlay holds for ``path``, or None (read the disk)."""
    if not overlay:
        return None
    return overlay.get(overlay_key(path))


def is_file(path: Path, overlay: Overlay | None) -> bool:
    """Whether ``path`` is a file: one the overlay holds, or a regular file on the disk."""
    return overlay_text(overlay, path) is not None or path.is_file()
