"""What a game may be made of, and a new game's specification from the lobby's form.

The lobby offers every installed pack and the directory packs the server was started with
(a browser picks among these by id and never names a path), the game options those packs
declare (``Registry.add_option``, as ``clank packs show`` lists them) and the registered bots.
A request for a new game comes from the lobby's form or from the JSON API; each is read into
the same :class:`SpecRequest` (:meth:`SpecRequest.from_form`, :meth:`SpecRequest.from_json`),
and one parser, :func:`parse_spec`, turns it into a :class:`GameSpec`, refusing anything the
catalogue does not offer, or a bot budget over the server's cap, with a reason a person can act
on; the engine then checks the rest when the game is set up (player counts, option values).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.api import Registry, find_pack, installed_packs, is_path, registry_for

from clank_web.budget import BudgetCap, budget_problem
from clank_web.refusal import Refusal
from clank_web.safejson import loads

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
    registry: Registry | None = None  # every offered pack's registrations (its bots check their specs)

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
    return Catalogue(choices, options, bots, registry)


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
        return loads(text)
    except Refusal:
        return text


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise SpecError(f"{what} must be a whole number")
    text = str(value).strip() if not isinstance(value, int) else ""
    try:
        number = value if isinstance(value, int) else int(text)
    except ValueError:
        raise SpecError(f"{what} must be a whole number (got {text[:40]!r})") from None
    if not low <= number <= high:
        raise SpecError(f"{what} must be between {low} and {high} (got {number})")
    return number


@dataclass
class SpecRequest:
    """What a request for a new game asks for, before it is checked: the packs (ids), the player
    count, the seed (None or empty: random), each seat's ``"human"`` or bot spec (``"greedy"``,
    ``"mcts:200"``), the options (a text value is read as typed on the command line, any other
    value as it is) and the turn timer."""

    packs: list[str]
    players: Any = 2
    seed: Any = None
    seats: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    timer: Any = 0

    @classmethod
    def from_form(cls, form: Mapping[str, str], packs: Sequence[str]) -> SpecRequest:
        """The lobby's form: ``players``, ``seed``, ``timer``, ``seat0`` ... (``human`` or a bot
        name), ``budget0`` ... (a bot's parameter, e.g. the iterations of ``mcts``; ignored for a
        person), ``option:NAME`` (empty: not set)."""
        seats = []
        for seat in range(MAX_PLAYERS):
            kind = str(form.get(f"seat{seat}") or HUMAN).strip()
            budget = str(form.get(f"budget{seat}") or "").strip()
            seats.append(f"{kind}:{budget}" if budget and kind != HUMAN else kind)
        options = {key[len("option:"):]: value for key, value in form.items()
                   if key.startswith("option:") and str(value).strip() != ""}
        return cls(list(packs), form.get("players", 2), form.get("seed"), seats, options, form.get("timer") or 0)

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> SpecRequest:
        """The JSON API's body: ``packs`` (a list of ids), ``players``, ``seed``, ``seats`` (a
        list of ``"human"`` or bot specs), ``options`` (an object), ``timer``."""
        packs, seats, options = body.get("packs") or [], body.get("seats") or [], body.get("options") or {}
        if not isinstance(packs, list) or not all(isinstance(p, str) for p in packs):
            raise SpecError("'packs' must be a list of pack ids")
        if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
            raise SpecError("'seats' must be a list of 'human' or bot names ('greedy', 'mcts:200')")
        if not isinstance(options, dict):
            raise SpecError("'options' must be an object of option names and values")
        return cls(packs, body.get("players", 2), body.get("seed"), seats, options, body.get("timer") or 0)


def parse_spec(request: SpecRequest, cat: Catalogue, cap: BudgetCap | None = None) -> GameSpec:
    """The :class:`GameSpec` of a request, or :class:`SpecError` saying what the server does not
    offer: a pack, a bot, an option, a number out of range, a bot budget over ``cap``."""
    if not request.packs:
        raise SpecError("choose at least one pack")
    specs = []
    for pack_id in request.packs:
        choice = cat.pack(str(pack_id))
        if choice is None:
            raise SpecError(
                f"the server offers no pack {str(pack_id)[:40]!r} "
                f"(offered: {', '.join(p.id for p in cat.packs)})"
            )
        specs.append(choice.spec)
    players = _int(request.players, "players", 1, MAX_PLAYERS)
    raw_seed = request.seed if not isinstance(request.seed, str) else request.seed.strip()
    seed = _int(raw_seed, "seed", 0, 2**31 - 1) if raw_seed not in (None, "") else secrets.randbelow(1_000_000)
    kinds = request.seats[:players] + [HUMAN] * max(0, players - len(request.seats))
    seats = [_seat(seat, kind, cat, cap) for seat, kind in enumerate(kinds)]
    options: dict[str, Any] = {}
    declared = {o.name for o in cat.options}
    for name, value in request.options.items():
        if name not in declared:
            raise SpecError(f"no loaded pack declares the option {str(name)[:40]!r}")
        options[name] = option_value(value.strip()) if isinstance(value, str) else value
    if isinstance(options.get("parts"), str):
        options["parts"] = [p.strip() for p in options["parts"].split(",") if p.strip()]
    timer = float(_int(request.timer, "timer (seconds)", 0, MAX_TIMER))
    return GameSpec(specs, players, seed, options, seats, None, timer)


def _seat(seat: int, kind: str, cat: Catalogue, cap: BudgetCap | None) -> str:
    """A seat's ``"human"`` or bot spec, checked against the offered bots and the budget cap."""
    kind = kind.strip()
    if kind == HUMAN:
        return HUMAN
    name = kind.partition(":")[0]
    bots = {bot: takes for bot, takes, _ in cat.bots}
    if name not in bots:
        raise SpecError(f"seat {seat + 1}: no bot named {name[:40]!r} (bots: {', '.join(bots)})")
    problem = check_bot_spec(kind, cat.registry, cap)
    if problem is not None:
        raise SpecError(f"seat {seat + 1}: {problem}")
    return kind


def check_bot_spec(spec: str, registry: Registry | None, cap: BudgetCap | None) -> str | None:
    """Why a bot spec cannot play a seat of this server (an unknown bot, a parameter it refuses,
    a budget over ``cap``), or None."""
    if registry is None:
        return None
    try:
        problem = registry.check_bot(spec)
        if problem is None and cap is not None:
            problem = budget_problem(registry.make_bot(spec, 0), spec, cap)
    except Exception as exc:  # a pack's bot factory that fails on this parameter refuses it
        problem = f"the bot {spec[:60]!r} cannot be made ({type(exc).__name__}: {str(exc)[:200]})"
    return problem
