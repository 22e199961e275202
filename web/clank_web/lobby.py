"""What a game may be made of, and a new game's specification from the lobby's form.

The lobby offers every installed pack and the directory packs the server was started with
(a browser picks among these by id and never names a path), the game options those packs
declare (``Registry.add_option``, as ``clank packs show`` lists them) and the registered bots.
:func:`parse_spec` turns a form (or a JSON body) into a :class:`GameSpec`, refusing anything
the catalogue does not offer with a reason a person can act on; the engine then checks the
rest when the game is set up (player counts, option values).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.api import find_pack, installed_packs, is_path, registry_for

HUMAN = "human"
MAX_PLAYERS = 6
MAX_TIMER = 3600


class SpecError(ValueError):
    """A lobby request the server refuses; the message says why."""


@dataclass(frozen=True)
class PackChoice:
    """A pack the lobby offers: its id, what a game loads it by (an id, or the directory's
    path), its version and whether it is installed or a directory."""

    id: str
    spec: str
    version: str
    kind: str


@dataclass(frozen=True)
class OptionChoice:
    """A game option a pack declares."""

    name: str
    doc: str
    pack: str


@dataclass
class Catalogue:
    """Everything the lobby offers."""

    packs: list[PackChoice]
    options: list[OptionChoice]
    bots: list[tuple[str, bool, str]]  # name, takes a parameter, doc

    def pack(self, pack_id: str) -> PackChoice | None:
        """The offered pack with this id."""
        return next((p for p in self.packs if p.id == pack_id), None)


def catalogue(pack_dirs: Sequence[str] = ()) -> Catalogue:
    """The installed packs and ``pack_dirs``, with the options and bots their code declares."""
    choices: list[PackChoice] = []
    sources = []
    for pack_id in installed_packs():
        src = find_pack(pack_id)
        sources.append(src)
        choices.append(PackChoice(src.id, pack_id, src.version, "installed"))
    for folder in pack_dirs:
        path = str(Path(folder).resolve())
        src = find_pack(path)
        sources.append(src)
        choices.append(PackChoice(src.id, path, _manifest_version(Path(path)), "directory"))
    registry = registry_for(sources)
    options = [
        OptionChoice(o.name, o.doc, o.pack) for o in sorted(registry.options.values(), key=lambda o: o.name)
    ]
    bots = [(name, bool(b.param), b.doc) for name, b in sorted(registry.bots.items())]
    return Catalogue(choices, options, bots)


def _manifest_version(folder: Path) -> str:
    """A directory pack's ``version:`` line (for the lobby's listing only)."""
    try:
        for line in (folder / "pack.yaml").read_text(encoding="utf-8").splitlines():
            if line.startswith("version:"):
                return line.split(":", 1)[1].strip().strip("'\"")
    except OSError:
        return ""
    return ""


@dataclass
class GameSpec:
    """A new game: what it loads, who sits where, and its options.

    ``seats``: per seat ``"human"`` or a bot spec (``"greedy"``, ``"mcts:200"``); ``timer``:
    seconds a human seat may take per decision before a bot decides for it (0: no timer)."""

    packs: list[str]
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    names: list[str] | None = None
    timer: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The specification as stored."""
        return {
            "packs": self.packs,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "names": self.names,
            "timer": self.timer,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSpec:
        """A stored specification back."""
        return cls(
            list(data["packs"]),
            int(data["players"]),
            int(data["seed"]),
            dict(data.get("options") or {}),
            list(data["seats"]),
            data.get("names"),
            float(data.get("timer") or 0),
        )


def portable_record(record: dict[str, Any]) -> dict[str, Any]:
    """A game record as the server publishes it: a directory pack is named by its id (its
    version stays under ``versions``), never by the path this server loaded it from, and listed
    under ``directory_packs``, so that ``clank replay --pack-dir DIR`` replays it on any machine
    that has the pack (and says which pack is missing where none is given)."""
    folders = [Path(spec).name for spec in record["packs"] if is_path(spec)]
    if not folders:
        return record
    packs = [Path(spec).name if is_path(spec) else spec for spec in record["packs"]]
    return {**record, "packs": packs, "directory_packs": folders}


def option_value(text: str) -> Any:
    """An option's value as typed: JSON when it reads as JSON (``3``, ``true``, ``["promos"]``),
    else the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _int(value: Any, what: str, low: int, high: int) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise SpecError(f"{what} must be a whole number (got {str(value)[:40]!r})") from None
    if not low <= number <= high:
        raise SpecError(f"{what} must be between {low} and {high} (got {number})")
    return number


def parse_spec(form: Mapping[str, Any], packs_chosen: Sequence[str], cat: Catalogue) -> GameSpec:
    """A :class:`GameSpec` from the lobby's fields: ``packs_chosen`` (pack ids), ``players``,
    ``seed`` (empty: random), ``seat0`` ... (``human`` or a bot name), ``budget0`` ... (a bot's
    parameter, e.g. the iterations of ``mcts``), ``option:NAME`` (empty: not set), ``timer``."""
    if not packs_chosen:
        raise SpecError("choose at least one pack")
    specs = []
    for pack_id in packs_chosen:
        choice = cat.pack(str(pack_id))
        if choice is None:
            raise SpecError(
                f"the server offers no pack {str(pack_id)[:40]!r} "
                f"(offered: {', '.join(p.id for p in cat.packs)})"
            )
        specs.append(choice.spec)
    players = _int(form.get("players", 2), "players", 1, MAX_PLAYERS)
    raw_seed = str(form.get("seed") or "").strip()
    seed = _int(raw_seed, "seed", 0, 2**31 - 1) if raw_seed else secrets.randbelow(1_000_000)
    bots = {name: takes for name, takes, _ in cat.bots}
    seats = []
    for seat in range(players):
        kind = str(form.get(f"seat{seat}") or HUMAN).strip()
        if kind == HUMAN:
            seats.append(HUMAN)
            continue
        if kind not in bots:
            raise SpecError(f"seat {seat + 1}: no bot named {kind[:40]!r} (bots: {', '.join(bots)})")
        budget = str(form.get(f"budget{seat}") or "").strip()
        seats.append(f"{kind}:{budget}" if budget and bots[kind] else kind)
    options: dict[str, Any] = {}
    declared = {o.name for o in cat.options}
    for key, value in form.items():
        if not key.startswith("option:") or str(value).strip() == "":
            continue
        name = key[len("option:") :]
        if name not in declared:
            raise SpecError(f"no loaded pack declares the option {name[:40]!r}")
        options[name] = option_value(str(value).strip())
    if isinstance(options.get("parts"), str):
        options["parts"] = [p.strip() for p in options["parts"].split(",") if p.strip()]
    timer = float(_int(form.get("timer") or 0, "timer (seconds)", 0, MAX_TIMER))
    return GameSpec(specs, players, seed, options, seats, None, timer)
