"""Which packs a scenario plays with, and where a pack keeps its scenarios.

A pack keeps its scenario files in a folder ``scenarios/`` beside its content: next to
``pack.yaml`` in a directory pack, next to the ``data/`` folder in an installed pack's package
(``clank_catacombs/scenarios/``). A scenario that names no ``packs`` plays with the pack it
belongs to, after the packs that pack requires.
"""

from __future__ import annotations

from pathlib import Path

from clank import plugins
from clank.api import find_pack, is_path, pack_sources
from clank.content import MANIFEST, peek_id
from clank.plugins import PackLoadError

SCENARIO_DIR = "scenarios"
"""The folder of a pack's scenario files."""


def scenario_dir(spec: str) -> Path:
    """The scenario folder of a pack given as an installed id or a directory (it may not exist).

    Raises :class:`~clank.plugins.PackLoadError` when the pack cannot be found.
    """
    src = find_pack(spec)
    data = Path(str(src.data_dir))
    if src.module is not None:
        return data.parent / SCENARIO_DIR
    return data / SCENARIO_DIR


def owner_spec(folder: Path) -> str | None:
    """The pack a scenario folder belongs to, as a spec: its installed id when an installed pack
    keeps its data there, else the pack directory's path; None when no pack holds it.

    The pack's directory is the folder's parent (``pack.yaml`` in it) or, in an installed
    pack's layout, the parent's ``data/``.
    """
    folder = folder.resolve()
    for data in (folder.parent, folder.parent / "data"):
        if (data / MANIFEST).is_file():
            pack_id = peek_id(data)
            entry = plugins.installed_packs().get(pack_id)
            if entry is not None and _data_dir_of(pack_id) == data:
                return pack_id
            return str(data)
    return None


def _data_dir_of(pack_id: str) -> Path | None:
    try:
        return Path(str(find_pack(pack_id).data_dir)).resolve()
    except PackLoadError:
        return None


def with_requirements(specs: list[str]) -> list[str]:
    """``specs`` after the packs their manifests require, as specs a game loads (installed ids,
    directories as absolute paths). Raises :class:`~clank.plugins.PackLoadError`."""
    return [str(Path(str(s.data_dir)).resolve()) if s.module is None else s.id for s in pack_sources(specs)]


def resolve_spec(spec: str, base: Path) -> str:
    """A pack spec written in a scenario file: a directory is relative to the file's folder."""
    if is_path(spec):
        return str((base / spec).resolve())
    return spec


__all__ = ["SCENARIO_DIR", "owner_spec", "resolve_spec", "scenario_dir", "with_requirements"]
