"""Files as the language server sees them: URIs, the pack each belongs to, the editor's text."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from clank.content import MANIFEST, Overlay, overlay_key
from clank.scenarios import SCENARIO_DIR, owner_spec
from pygls.uris import from_fs_path, to_fs_path

PACK_DEPTH = 3
"""How many directories above a file are searched for the ``pack.yaml`` of its pack."""


def path_of(uri: str) -> Path | None:
    """The file a ``file:`` URI names (None for any other scheme)."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def uri_of(path: Path | str) -> str:
    """The ``file:`` URI of a file."""
    return str(from_fs_path(str(path)))


def pack_dir_of(path: Path, overlay: Overlay) -> Path | None:
    """The pack directory ``path`` belongs to: the nearest directory above it holding a
    ``pack.yaml`` (on the disk or only in the editor), resolved; None outside any pack."""
    here = Path(overlay_key(path)).parent
    for directory in [here, *here.parents][:PACK_DEPTH + 1]:
        manifest = directory / MANIFEST
        if overlay_key(manifest) in overlay or manifest.is_file():
            return directory
    return None


def overlay_of(texts: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The overlay of the editor's open files, from ``(uri, text)`` pairs (``file:`` URIs only)."""
    overlay = {}
    for uri, text in texts:
        path = path_of(uri)
        if path is not None:
            overlay[overlay_key(path)] = text
    return overlay


def text_lines(path: str, overlay: Overlay) -> list[str]:
    """The lines of a file (its unsaved text when the editor has it), ends of lines removed;
    empty when it cannot be read."""
    text = overlay.get(overlay_key(path))
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
    return [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]


def is_scenario_file(path: Path) -> bool:
    """Whether ``path`` is a scenario file of a pack (in the ``scenarios/`` folder beside its data)."""
    return path.suffix.lower() in (".yaml", ".yml") and path.parent.name == SCENARIO_DIR \
        and owner_spec(path.parent) is not None
