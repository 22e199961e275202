"""What ``clank packs list`` shows: installed packs (entry-point group ``clank.packs``) with their
manifest's name, version, description, requirements and optional parts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from clank.api import PackCodeError, PackLoadError, find_pack, installed_packs, pack_sources, registry_for
from clank.content import MANIFEST, ContentError, load_yaml_file
from rich import box
from rich.table import Table
from rich.text import Text


def _doc_line(module: Any) -> str:
    doc = (getattr(module, "__doc__", None) or "").strip()
    return doc.splitlines()[0] if doc else ""


def pack_info(pack_id: str) -> dict[str, Any]:
    """One installed pack's facts; ``error`` is set (and the rest may be missing) if it fails to load."""
    info: dict[str, Any] = {"id": pack_id}
    try:
        src = find_pack(pack_id)
    except PackLoadError as exc:
        return {**info, "error": str(exc)}
    info["module"] = src.module.__name__ if src.module else None
    try:
        registry_for(pack_sources([pack_id]))        # its code registers (with the packs it requires)
    except PackCodeError as exc:
        own = [f.line() for f in exc.faults if f.pack == pack_id]
        if own:
            return {**info, "error": "\n".join(own)}
    except PackLoadError:
        pass                                         # a required pack is missing: its own row says why
    if src.data_dir is None:
        return {**info, "error": f"pack {pack_id!r} has no content directory"}
    directory = Path(str(src.data_dir))
    try:
        manifest, _ = load_yaml_file(directory / MANIFEST)
    except ContentError as exc:
        return {**info, "error": str(exc)}
    if not isinstance(manifest, dict):
        return {**info, "error": f"{directory / MANIFEST}: not a mapping"}
    parts = manifest.get("parts") or {}
    info.update({
        "version": str(manifest.get("version", src.version or "")),
        "name": str(manifest.get("name", pack_id)),
        "description": str(manifest.get("description") or _doc_line(src.module)),
        "requires": list(manifest.get("requires") or []),
        "data_dir": str(directory),
        "parts": [{"id": name, "default": bool((p or {}).get("default", False)),
                   "description": str((p or {}).get("description", ""))}
                  for name, p in sorted(parts.items())] if isinstance(parts, dict) else [],
    })
    return info


def all_pack_infos() -> list[dict[str, Any]]:
    """Every installed pack, sorted by id."""
    return [pack_info(pid) for pid in installed_packs()]


def packs_table(infos: list[dict[str, Any]]) -> Table:
    """The packs as a table (text output)."""
    table = Table(box=box.SIMPLE_HEAD)
    for col in ("id", "version", "name", "description", "parts"):
        table.add_column(col, overflow="fold")
    for info in infos:
        if "error" in info:
            table.add_row(Text(info["id"]), "", Text("failed to load", style="red"), Text(info["error"]), "")
            continue
        parts = Text()
        for i, p in enumerate(info["parts"]):
            if i:
                parts.append("\n")
            parts.append(p["id"], style="bold")
            parts.append(" (on)" if p["default"] else " (off)")
            if p["description"]:
                parts.append(f": {p['description']}")
        desc = info["description"] + (f" Requires: {', '.join(info['requires'])}." if info["requires"] else "")
        table.add_row(Text(info["id"]), Text(info["version"]), Text(info["name"]), Text(desc), parts)
    return table
