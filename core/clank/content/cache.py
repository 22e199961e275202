"""The compiled-content cache: a successful load of packs, kept across processes.

Loading packs reads every YAML file of their data directories and checks each against JSON
Schemas composed from the registry: about a second for the base game, which every ``clank``
command and every worker process of a simulation would pay. :func:`clank.api.load_packs`
keeps what a successful load produced (the packs in dependency order and their validated
:class:`~clank.content.packdata.PackData`, warnings and positions included) in one file per
key, and reads it back instead of loading when the key matches. The registry is still built
by the packs' code in every process: only plain data is cached.

The key (:func:`key_material`) names everything the result depends on: the cache format, the
engine's version and the bytes of its own modules and schemas, the Python version, the
versions of ruamel.yaml and jsonschema, the selected optional parts, and for each pack its id,
version and data directory (resolved, and as given), the relative path and bytes of every
file in its data directory and of every Python file of its module. The file name is a digest
of the key, and the key itself is stored in the file and compared before anything else is
read: an entry is never trusted without its key matching. An entry that cannot be read, is
cut short or holds anything but the expected classes is ignored (the packs are loaded for
real and the entry written again). Entries are written atomically, so a concurrent reader
never sees half of one. Past :data:`KEEP` entries the least recently used are removed: each
checkout or environment has entries of its own (the key names the packs' directories), and
one in use is not pushed out by another's.

Only successful loads are cached: a load that finds an error raises
:class:`~clank.content.problems.ContentError` before anything is written, so problems always
come from a real load, with their file, line and column. ``clank validate`` never reads these.

Two smaller kinds of entry serve validation, a load included: each **checked file**
(:class:`CheckedFile`: a content file's data, positions and the problems its reading and schema
check found), keyed by the file's bytes, its name, its kind, the digest of the composed schemas
and the engine's sources, so a file that did not change is not parsed and checked again; and
**marks** of checks that passed (:func:`passed`, :func:`mark_passed`: the composed schemas found
sound), so they are not run again on the same inputs. Every other check runs each time.

Where: ``$CLANK_CACHE_DIR`` if set; else the user cache directory of ``platformdirs``
(``~/.cache/clank-engine`` on Linux); else ``$XDG_CACHE_HOME/clank-engine`` or
``~/.cache/clank-engine``. ``CLANK_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clank.content.locator import Locator
from clank.content.packdata import PackData
from clank.content.problems import Problem

if TYPE_CHECKING:
    from clank.plugins import PackSource

ENV_DIR = "CLANK_CACHE_DIR"
"""Environment variable: the directory the cache lives in (overrides the user cache directory)."""
ENV_OFF = "CLANK_NO_CACHE"
"""Environment variable: set to ``1`` (or any value but ``0`` and empty) to turn the cache off."""
FORMAT = 1
"""Version of the entry format; part of the key."""
MAGIC = b"clank-content-cache\n"
"""First bytes of every entry."""
KEEP = 32
"""Entries kept; the least recently used (read or written) are removed past that."""
SUBDIR = "content"
"""Where the entries go, inside the cache directory."""


FILES_SUBDIR = "files"
"""Where the entries of single checked files go, inside the cache directory."""
FILES_KEEP = 512
"""Checked-file entries kept; the least recently used are removed past that."""


@dataclass
class CheckedFile:
    """One content file read and checked against its schema: its data and locator (None when the
    file was refused), and the problems the reading and the schema found (no pack named)."""

    data: Any
    locator: Locator | None
    problems: list[Problem]
    refused: bool = False

    def well_formed(self) -> bool:
        """Whether the entry has the shape a check produces."""
        return (isinstance(self.problems, list) and all(isinstance(p, Problem) for p in self.problems)
                and (self.refused or isinstance(self.locator, Locator)))


@dataclass
class CachedContent:
    """What a successful load produced: pack ids in dependency order and their content."""

    order: list[str]
    packs: list[PackData]

    def well_formed(self) -> bool:
        """Whether the entry has the shape a load produces (a guard against a stale format)."""
        return (isinstance(self.order, list) and all(isinstance(i, str) for i in self.order)
                and isinstance(self.packs, list) and all(isinstance(p, PackData) for p in self.packs)
                and len(self.order) == len(self.packs))


# -- where ----------------------------------------------------------------------------------

def enabled() -> bool:
    """False when ``CLANK_NO_CACHE`` is set (to anything but ``0`` or empty)."""
    return os.environ.get(ENV_OFF, "") in ("", "0")


def cache_dir() -> Path:
    """The cache directory (see the module's docstring); it may not exist yet."""
    given = os.environ.get(ENV_DIR)
    if given:
        return Path(given).expanduser().absolute()
    try:
        import platformdirs
    except ImportError:   # pragma: no cover - a declared dependency; the fallback keeps it optional
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / "clank-engine"
    return Path(platformdirs.user_cache_dir("clank-engine", appauthor=False))


def entry_path(material: str) -> Path:
    """The file holding the entry of a key."""
    digest = hashlib.sha256(material.encode("utf-8")).hexdigest()
    return cache_dir() / SUBDIR / f"{digest}.pickle"


# -- the key --------------------------------------------------------------------------------

def _files(root: Path, suffixes: tuple[str, ...] | None = None) -> Iterator[Path]:
    """Regular files under ``root``, sorted, hidden names and ``__pycache__`` left out."""
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(names):
            if not name.startswith(".") and (suffixes is None or name.endswith(suffixes)):
                yield Path(here) / name


def _digest(roots: Sequence[Path], suffixes: tuple[str, ...] | None = None) -> str:
    """A digest of the relative path and bytes of every file under ``roots``."""
    h = hashlib.sha256()
    for root in roots:
        for path in _files(root, suffixes):
            data = path.read_bytes()
            h.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
            h.update(data)
    return h.hexdigest()


@cache
def engine_fingerprint() -> dict[str, str]:
    """The engine's version, a digest of its modules and schemas, and the libraries loading
    depends on (computed once per process)."""
    import clank

    roots: list[Path] = []
    for name in ("clank", "clank.schemas"):
        spec = find_spec(name)
        for where in (spec.submodule_search_locations or []) if spec else []:
            path = Path(where).resolve()
            if not any(path.is_relative_to(r) for r in roots):
                roots.append(path)
    h = hashlib.sha256()
    for root in roots:   # drawing the map is not part of loading content
        files = [p for p in _files(root, (".py", ".json")) if p.relative_to(root).parts[0] != "mapdraw"]
        for path in files:
            h.update(f"{path.relative_to(root).as_posix()}\0".encode())
            h.update(path.read_bytes())
    versions = {}
    for dist in ("ruamel.yaml", "jsonschema"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:   # pragma: no cover
            versions[dist] = "?"
    return {"engine": clank.__version__, "sources": h.hexdigest(), "python": sys.version,
            "implementation": sys.implementation.cache_tag or sys.implementation.name, **versions}


def _module_roots(source: PackSource) -> list[Path] | None:
    """The directories (or the file) of a pack's Python module; None when it has no file."""
    module = source.module
    if module is None:
        return []
    paths = list(getattr(module, "__path__", None) or [])
    if paths:
        return [Path(p).resolve() for p in paths]
    file = getattr(module, "__file__", None)
    return [Path(file).resolve()] if file else None


def _pack_key(source: PackSource) -> dict[str, Any] | None:
    data = Path(str(source.data_dir)).resolve()
    roots = _module_roots(source)
    if roots is None or not data.is_dir():
        return None
    code = []
    for root in roots:
        if root.is_file():
            code.append(hashlib.sha256(root.read_bytes()).hexdigest())
        else:
            code.append(_digest([root], (".py",)))
    # the directory as given too: the cached problems and positions name files as it spells them
    return {"id": source.id, "kind": source.kind, "version": source.version, "data_dir": str(data),
            "given": str(source.data_dir), "data": _digest([data]), "code": code}


def key_material(sources: Sequence[PackSource], parts: Sequence[str]) -> str | None:
    """The key of loading ``sources`` with ``parts`` selected, as text; None when the cache is
    off or a pack cannot be keyed (a module with no file behind it, a data directory that is
    not a plain directory, a file that cannot be read)."""
    if not enabled():
        return None
    try:
        packs = [_pack_key(s) for s in sources]
    except OSError:
        return None
    if any(p is None for p in packs):
        return None
    return json.dumps({"format": FORMAT, **engine_fingerprint(), "parts": list(parts), "packs": packs},
                      sort_keys=True)


# -- reading and writing --------------------------------------------------------------------

_ALLOWED = {
    ("clank.content.cache", "CachedContent"), ("clank.content.cache", "CheckedFile"),
    ("clank.content.packdata", "PackData"),
    ("clank.content.packdata", "Segment"), ("clank.content.locator", "Locator"),
    ("clank.content.problems", "Problem"), ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"),
    ("pathlib", "PurePosixPath"), ("pathlib", "PureWindowsPath"),
}
"""The only classes an entry may hold: anything else makes it corrupt, never code to run."""


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a content cache entry")
        return super().find_class(module, name)


def read(material: str) -> CachedContent | None:
    """The entry stored under ``material``; None when there is none, it is unreadable or
    corrupt, or its stored key differs. An entry read is marked used (its modification time
    set to now), so that entries other checkouts or environments write do not prune it while
    it is in use (see :func:`_prune`)."""
    content = _read_entry(entry_path(material), material)
    return content if isinstance(content, CachedContent) and content.well_formed() else None


def write(material: str, content: CachedContent) -> None:
    """Store an entry atomically (never raises: a cache that cannot be written is skipped)."""
    _write_entry(entry_path(material), material, content, KEEP)


def file_key(file: str, kind: str, data: bytes, schemas: str) -> str | None:
    """The key of one content file's check: its name as problems give it, its kind, its bytes and
    the digest of the schemas it is checked against (:func:`schemas_digest`); None when the cache
    is off."""
    if not enabled():
        return None
    return json.dumps({"format": FORMAT, **engine_fingerprint(), "file": file, "kind": kind, "schemas": schemas,
                       "bytes": hashlib.sha256(data).hexdigest()}, sort_keys=True)


def schemas_digest(schemas: Any) -> str:
    """A digest of composed schemas (what a file's check depends on besides its bytes)."""
    return hashlib.sha256(json.dumps(schemas, sort_keys=True, default=repr).encode("utf-8")).hexdigest()


def _file_entry_path(material: str) -> Path:
    digest = hashlib.sha256(material.encode("utf-8")).hexdigest()
    return cache_dir() / FILES_SUBDIR / f"{digest}.pickle"


def read_checked(material: str | None) -> CheckedFile | None:
    """The checked file stored under ``material`` (None when there is none or it cannot be trusted)."""
    if material is None:
        return None
    entry = _read_entry(_file_entry_path(material), material)
    return entry if isinstance(entry, CheckedFile) and entry.well_formed() else None


def write_checked(material: str | None, entry: CheckedFile) -> None:
    """Store a checked file (never raises)."""
    if material is not None:
        _write_entry(_file_entry_path(material), material, entry, FILES_KEEP)


MARKS_SUBDIR = "marks"
"""Where the marks of checks that passed go (a marked check is not run again)."""


def _mark_path(material: str) -> Path:
    return cache_dir() / MARKS_SUBDIR / f"{hashlib.sha256(material.encode('utf-8')).hexdigest()}.pickle"


def passed(what: str, digest: str) -> bool:
    """Whether the check ``what`` passed on the inputs ``digest`` stands for (and the cache is on)."""
    if not enabled():
        return False
    material = json.dumps({"format": FORMAT, **engine_fingerprint(), "check": what, "inputs": digest}, sort_keys=True)
    return _read_entry(_mark_path(material), material) is True


def mark_passed(what: str, digest: str) -> None:
    """Note that the check ``what`` passed on the inputs ``digest`` stands for (never raises)."""
    if enabled():
        material = json.dumps({"format": FORMAT, **engine_fingerprint(), "check": what, "inputs": digest},
                              sort_keys=True)
        _write_entry(_mark_path(material), material, True, KEEP)


def _read_entry(path: Path, material: str) -> Any:
    try:
        with path.open("rb") as fh:
            blob = fh.read()
    except OSError:
        return None
    key = material.encode("utf-8")
    head = MAGIC + len(key).to_bytes(8, "big") + key
    if not blob.startswith(head):
        return None
    try:
        content = _Unpickler(io.BytesIO(blob[len(head):])).load()
    except Exception:   # a corrupt entry can fail in any way: load the packs for real instead
        return None
    try:
        os.utime(path)
    except OSError:     # a read-only cache is still read; it is only pruned sooner
        pass
    return content


def _write_entry(path: Path, material: str, content: Any, keep: int) -> None:
    key = material.encode("utf-8")
    tmp: str | None = None
    try:
        blob = pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".entry-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + len(key).to_bytes(8, "big") + key + blob)
        os.replace(tmp, path)
        tmp = None
        _prune(path, keep)
    except (OSError, pickle.PickleError, TypeError, AttributeError, RecursionError):
        pass
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def _prune(newest: Path, keep: int = KEEP) -> None:
    """Keep ``newest`` and the ``keep - 1`` most recently used other entries of its directory (an
    entry's modification time is when it was last written or read)."""
    entries = []
    for path in newest.parent.glob("*.pickle"):
        if path == newest:
            continue
        try:
            entries.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    for _, _, path in sorted(entries, reverse=True)[max(keep - 1, 0):]:
        path.unlink(missing_ok=True)


def clear() -> int:
    """Remove every entry (loads and checked files); return how many were removed."""
    removed = 0
    for sub in (SUBDIR, FILES_SUBDIR, MARKS_SUBDIR):
        for path in (cache_dir() / sub).glob("*.pickle"):
            path.unlink(missing_ok=True)
            removed += 1
    return removed
