"""Saving a policy with the layout it was trained on, and refusing it on any other.

A policy reads observations and writes action indices; both mean something only under the
layout they were made for (:attr:`ClankAECEnv.layout_id`). :func:`save_policy` writes the
policy's arrays with a **manifest** of that layout: the layout id, the sizes, the seats, the
packs and their versions, a digest of every card, token and tile entry and of the setup, the
names the packs' code registers and the action forms. :func:`load_policy` gives the arrays back
only to an environment of the same layout; on any other it raises :class:`LayoutMismatch`,
whose message names what changed (a pack added, a card changed, the seat count, the sizes).

The file is a NumPy ``.npz`` archive (no pickled objects): one array per name, and the manifest
as JSON text under ``__clank_layout__``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from clank.rl.layout import LAYOUT_FORMAT

POLICY_FORMAT = 1
MANIFEST_KEY = "__clank_layout__"
REGISTERED = ("ops", "conditions", "room_features", "tunnel_icons", "resources", "teleport_kinds", "action_kinds",
              "decision_kinds", "markets", "cube_kinds", "events", "options")
"""The registry's tables whose names a manifest keeps (what the packs' code adds)."""
SHOWN = 4
"""Names listed in a message before "and N more"."""


class LayoutMismatch(ValueError):
    """A saved policy refused: the environment's layout is not the one it was trained on."""


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:12]


def _table(env: Any) -> Any:
    return env.unwrapped.table


def manifest(env: Any) -> dict[str, Any]:
    """The manifest of an environment's layout (either environment, wrapped or not)."""
    table = _table(env)
    rs = table.ruleset
    registry = rs.registry
    entries = {f"{kind} {name}": _digest(item.data) for kind, items in (("card", rs.cards), ("token", rs.tokens),
                                                                          ("tile", rs.tiles))
               for name, item in items.items()}
    return {"format": POLICY_FORMAT, "layout_id": table.layout_id, "layout_format": LAYOUT_FORMAT,
            "seats": table.players, "observation_size": int(table.encoder.size),
            "action_size": int(table.actions.size), "limits": dict(table.actions.limits),
            "packs": dict(rs.pack_versions), "entries": entries, "setup": _digest(rs.setup),
            "registered": {name: sorted(getattr(registry, name)) for name in REGISTERED},
            "forms": sorted(f"{f.context}: {f.form}" for f in registry.action_forms)}


def save_policy(path: str | Path, env: Any, params: Mapping[str, np.ndarray]) -> Path:
    """Write a policy's arrays (``params``: name → array) with the manifest of ``env``'s layout;
    returns the path written (NumPy adds ``.npz`` to a name without it)."""
    if MANIFEST_KEY in params:
        raise ValueError(f"{MANIFEST_KEY!r} is the manifest's name: call the array something else")
    path = Path(path)
    if path.suffix != ".npz":
        path = path.with_name(path.name + ".npz")
    arrays: dict[str, Any] = {name: np.asarray(value) for name, value in params.items()}
    arrays[MANIFEST_KEY] = np.array(json.dumps(manifest(env), sort_keys=True))
    np.savez(path, **arrays)
    return path


def load_policy(path: str | Path, env: Any) -> dict[str, np.ndarray]:
    """The arrays of a policy saved by :func:`save_policy`, if ``env`` has the layout it was
    trained on; :class:`LayoutMismatch` naming what changed if not."""
    with np.load(Path(path), allow_pickle=False) as data:
        if MANIFEST_KEY not in data:
            raise LayoutMismatch(f"{path}: no layout manifest: not a policy saved by clank.rl.save_policy")
        saved = json.loads(str(data[MANIFEST_KEY]))
        arrays = {name: data[name] for name in data.files if name != MANIFEST_KEY}
    check_layout(saved, env, str(path))
    return arrays


def check_layout(saved: Mapping[str, Any], env: Any, where: str = "the policy") -> None:
    """Refuse (:class:`LayoutMismatch`) an environment whose layout is not the manifest's."""
    now = manifest(env)
    if saved.get("layout_id") == now["layout_id"] and all(
            saved.get(k) == now[k] for k in ("observation_size", "action_size", "seats")):
        return
    changes = differences(saved, now)
    raise LayoutMismatch(f"{where} was trained on layout {saved.get('layout_id')}, this environment's is "
                         f"{now['layout_id']}: {'; '.join(changes) or 'the way layouts are derived changed'}. "
                         f"Train again on this environment, or load the policy where its packs, content and "
                         f"seats are as they were.")


def differences(saved: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """What changed from one manifest to another, in words, most telling first."""
    out: list[str] = []
    if saved.get("layout_format") != now["layout_format"]:
        out.append(f"the layout format went from {saved.get('layout_format')} to {now['layout_format']}")
    if saved.get("seats") != now["seats"]:
        out.append(f"{saved.get('seats')} seats then, {now['seats']} now")
    before, after = saved.get("packs", {}), now["packs"]
    out += [f"pack {p!r} {after[p]} added" for p in sorted(set(after) - set(before))]
    out += [f"pack {p!r} {before[p]} removed" for p in sorted(set(before) - set(after))]
    out += [f"pack {p!r} {before[p]} -> {after[p]}" for p in sorted(set(before) & set(after)) if before[p] != after[p]]
    out += _entry_changes(saved.get("entries", {}), now["entries"])
    if saved.get("setup") != now["setup"]:
        out.append("the setup changed")
    if saved.get("limits") != now["limits"]:
        out.append(f"the action limits went from {saved.get('limits')} to {now['limits']}")
    for table, names in now["registered"].items():
        old = saved.get("registered", {}).get(table, [])
        if old != names:
            out.append(f"{table.replace('_', ' ')}: {_names(set(names) - set(old), 'added')}"
                       f"{_names(set(old) - set(names), 'removed')}".rstrip(", "))
    if saved.get("forms") != now["forms"]:
        out.append(f"action forms: {_names(set(now['forms']) - set(saved.get('forms', [])), 'added')}"
                   f"{_names(set(saved.get('forms', [])) - set(now['forms']), 'removed')}".rstrip(", "))
    for key, what in (("observation_size", "observation size"), ("action_size", "action size")):
        if saved.get(key) != now[key]:
            out.append(f"{what} {saved.get(key)} -> {now[key]}")
    return out


def _entry_changes(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    out = []
    for kind in ("card", "token", "tile"):
        old = {k.split(" ", 1)[1]: v for k, v in before.items() if k.startswith(kind + " ")}
        new = {k.split(" ", 1)[1]: v for k, v in after.items() if k.startswith(kind + " ")}
        added, removed = set(new) - set(old), set(old) - set(new)
        changed = {k for k in set(old) & set(new) if old[k] != new[k]}
        for names, verb in ((added, "added"), (removed, "removed"), (changed, "changed")):
            if names:
                out.append(f"{kind}{'s' if len(names) > 1 else ''} {_list(names)} {verb}")
    return out


def _names(names: set[str], verb: str) -> str:
    return f"{_list(names)} {verb}, " if names else ""


def _list(names: set[str]) -> str:
    shown = sorted(names)[:SHOWN]
    more = len(names) - len(shown)
    return ", ".join(repr(n) for n in shown) + (f" and {more} more" if more else "")
