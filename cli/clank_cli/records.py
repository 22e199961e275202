"""Game records and save files on disk: writing them atomically, reading them back safely.

A *record* is :func:`clank.game_record` plus ``actions_sha256`` (the SHA-256 of its action
texts, one per line: a record cut back or edited is refused) and ``final_state_sha256`` (the
SHA-256 of :func:`clank.testing.state_json` after the last recorded action; an autosave
between two bot actions may leave it out). A *save file* wraps a record
with the seats' roles so ``clank play --resume`` knows who plays what::

    {"format": "clank-save/1", "engine": "0.1.0", "over": false,
     "record": {...}, "seats": [{"seat": 0, "role": "human"}, {"seat": 1, "role": "bot", "bot": "greedy"}]}

Both are written with sorted keys and no timestamps, so the same game gives the same bytes.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clank
from clank.api import (
    ACTIONS_DIGEST_KEY,
    RECORD_FORMAT,
    STATE_DIGEST_KEY,
    Game,
    SetupError,
    actions_digest,
    installed_packs,
    locate_packs,
    state_digest,
)

__all__ = ["actions_digest", "state_digest"]   # re-exported: the CLI's modules and tests use them from here

from clank_cli.seats import Seat

SAVE_FORMAT = "clank-save/1"
DIGEST_KEY = STATE_DIGEST_KEY
ACTIONS_KEY = ACTIONS_DIGEST_KEY


class RecordError(ValueError):
    """A record or save file is missing, corrupt, or does not replay."""


def record_of(game: Game, digest: bool = True) -> dict[str, Any]:
    """The game record with the digest of its actions, and of the state it leads to unless
    ``digest`` is False."""
    record = clank.game_record(game, digests=True)
    if not digest:
        del record[DIGEST_KEY]
    return record


def save_document(game: Game, seats: list[Seat], digest: bool = True) -> dict[str, Any]:
    """What ``clank play`` writes: the record plus the seats' roles.

    The digest costs a full serialisation of the state, so autosaves between two bot actions
    may leave it out; a save a session ends with always has it.
    """
    return {"format": SAVE_FORMAT, "engine": clank.__version__, "over": game.over,
            "record": record_of(game, digest), "seats": [s.to_json() for s in seats]}


def dump_json(data: Any) -> str:
    """Deterministic JSON text (sorted keys, one item per line, trailing newline)."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically: a crash never leaves half a save file, and two sessions writing
    the same file never share a temporary file (each has its own, flushed to disk before it
    replaces the save)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dump_json(data))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class LoadedRecord:
    """A record read from disk; ``seats`` is set when it came from a save file."""

    record: dict[str, Any]
    seats: list[Seat] | None
    path: Path

    @property
    def digest(self) -> str | None:
        """The recorded final-state digest, if any."""
        value = self.record.get(DIGEST_KEY)
        return value if isinstance(value, str) else None


_FIELDS: dict[str, type] = {"packs": list, "players": int, "seed": int, "actions": list}
_SIMULATION_KEYS = {"seed", "rounds", "players", "final_state_sha256"}
"""The keys of a line of ``clank simulate --out`` (one JSON object per game)."""


def is_simulation_output(text: str) -> bool:
    """Whether a file's text is ``clank simulate --out`` output: JSON lines, each a game's
    result (its first line is enough to tell)."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        row = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(row, dict) and _SIMULATION_KEYS <= set(row)


def simulation_message(path: Path) -> str:
    """Why a simulation output file is refused where a save or record is expected."""
    return (f"{path}: this is simulation output (clank simulate --out: one JSON line per game, its "
            f"result only), not a save file or game record; to see one of its games, play it again "
            f"with clank play --humans 0 --seed SEED and the same --players, --bot and --packs, "
            f"and --save FILE")
_KIND_WORDS: dict[type, str] = {list: "a list", int: "an integer"}


def read_record_file(path: Path) -> LoadedRecord:
    """Read a record or a save file; raises :class:`RecordError` with a clear reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if is_simulation_output(text):
            raise RecordError(simulation_message(path)) from None
        raise RecordError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: expected a JSON object (a game record or a save file)")
    if "format" not in data and _SIMULATION_KEYS <= set(data):
        raise RecordError(simulation_message(path))
    seats: list[Seat] | None = None
    if data.get("format") == SAVE_FORMAT:
        try:
            seats = [Seat.from_json(s) for s in data.get("seats") or []]
        except ValueError as exc:
            raise RecordError(f"{path}: corrupt save file: {exc}") from None
        data = data.get("record")
        if not isinstance(data, dict):
            raise RecordError(f"{path}: corrupt save file: no game record inside")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"{path}: not a clank game record or save file "
                          f"(format {data.get('format')!r}; expected {RECORD_FORMAT!r} or {SAVE_FORMAT!r})")
    for key, kind in _FIELDS.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"{path}: corrupt game record: field {key!r} is missing or not {_KIND_WORDS[kind]}")
    if not all(isinstance(a, str) for a in data["actions"]) or not all(isinstance(p, str) for p in data["packs"]):
        raise RecordError(f"{path}: corrupt game record: 'packs' and 'actions' must be lists of text")
    if seats is not None and sorted(s.seat for s in seats) != list(range(data["players"])):
        raise RecordError(f"{path}: corrupt save file: seats do not match {data['players']} players")
    return LoadedRecord(data, seats, path)


def replay_to(loaded: LoadedRecord, at: int | None, pack_dirs: list[str] | None = None) -> Game:
    """Replay a record's first ``at`` actions (all when None); raises :class:`RecordError` when
    ``at`` is out of range, when the action list is not the one the record's digest says (an
    edited save), or when the record does not replay. The final-state digest is left to the
    caller (:func:`state_digest`): a picture of the game is still worth drawing when it
    differs."""
    actions = loaded.record["actions"]
    at = len(actions) if at is None else at
    if not 0 <= at <= len(actions):
        raise RecordError(f"{loaded.path}: --at {at} is out of range: the record holds {len(actions)} "
                          f"action{'' if len(actions) == 1 else 's'} (use 0 to {len(actions)})")
    recorded = loaded.record.get(ACTIONS_KEY)
    if isinstance(recorded, str) and recorded != actions_digest(actions):
        raise RecordError(f"{loaded.path}: the save was changed after it was written: its "
                          f"{len(actions)} actions are not the ones it recorded")
    cut = {k: v for k, v in loaded.record.items() if k not in (DIGEST_KEY, ACTIONS_KEY)}
    cut["actions"] = actions[:at]
    return replay_record(LoadedRecord(cut, loaded.seats, loaded.path), verify=False, pack_dirs=pack_dirs)


def _check_directory_packs(loaded: LoadedRecord, pack_dirs: list[str]) -> None:
    """A record that names the directory packs it was played with (``directory_packs``: the
    web table's records) needs each one installed or given with ``--pack-dir``: say which."""
    named = loaded.record.get("directory_packs")
    if not isinstance(named, list):
        return
    found = set(locate_packs(loaded.record["packs"], pack_dirs)) - set(loaded.record["packs"])
    given = {Path(p).name for p in found}
    installed = set(installed_packs())
    versions = loaded.record.get("versions") or {}
    for pack in named:
        if isinstance(pack, str) and pack not in given and pack not in installed:
            version = f" (version {versions[pack]})" if isinstance(versions.get(pack), str) else ""
            raise RecordError(f"{loaded.path}: the game was played with the directory pack {pack!r}{version}: "
                              f"give its directory with --pack-dir DIR")


def replay_record(loaded: LoadedRecord, verify: bool = True, pack_dirs: list[str] | None = None) -> Game:
    """Replay a record to its last action; raises :class:`RecordError` if it does not replay,
    or (``verify``) if its action list or its final state does not match the digests it
    recorded (a save file edited or cut back by hand). ``pack_dirs``: directory packs given
    for the record's packs (``--pack-dir``; :func:`clank.api.locate_packs`).

    Pack and setup errors (:class:`~clank.plugins.PackLoadError`, :class:`SetupError`) pass
    through for the caller's exit codes.
    """
    actions = loaded.record["actions"]
    recorded = loaded.record.get(ACTIONS_KEY)
    if verify and isinstance(recorded, str) and recorded != actions_digest(actions):
        raise RecordError(f"{loaded.path}: the save was changed after it was written: its "
                          f"{len(actions)} actions are not the ones it recorded")
    _check_directory_packs(loaded, pack_dirs or [])
    try:
        game = clank.replay(loaded.record, pack_dirs or [])
    except SetupError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise RecordError(f"{loaded.path}: the record does not replay: {exc}") from None
    if verify and loaded.digest is not None and loaded.digest != state_digest(game):
        raise RecordError(f"{loaded.path}: the save was changed after it was written: replaying its "
                          f"{len(actions)} actions does not give the state it recorded")
    return game
