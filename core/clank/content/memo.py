"""An in-memory layer over validation, for a process that validates the same packs again and again.

A language server checks a pack after each keystroke: one file has changed, the others have
not. :class:`ContentMemo`, given to :func:`clank.content.validate.check_pack_dirs`, keeps in
memory what the checks of unchanged files produced, so that the next validation redoes only
what the change touches:

- the **composed schemas** of each registry and their validators (composed once, not per check);
- each **checked file** (its data, positions and the problems its reading and schema check
  found), keyed by its name, kind, the digest of its bytes (the editor's unsaved text or the
  disk's) and the composed schemas: an unchanged file is neither parsed nor checked, nor read
  back from the disk cache;
- the **references** each card, token and tile holds (what the cross-file checks judge), kept
  with the entry they were found in: the ids are then looked up again on each check, so a
  reference to an id defined (or removed) in another file is judged anew, but an unchanged
  entry is not walked again.

Every check across files still runs on the whole set, over these kept parts, so the problems
are those of a full validation. What the memo keeps depends on a registry is keyed by it (and
holds it), so a validation with another registry never uses it. It stays small however long an editor
types: of each file only the :data:`VERSIONS_KEPT` texts last checked are kept (an undo finds
its check), of the files the :data:`FILES_KEPT` last read, and the references of the entries a
validation saw are dropped after the next validation that no longer sees them.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from jsonschema import Draft7Validator

    from clank.content.cache import CheckedFile
    from clank.content.refwalk import Ref
    from clank.content.schemas import FastCheck
    from clank.registry import Registry

FILES_KEPT = 512
"""Files whose checks are kept (the least recently read are dropped past that)."""
VERSIONS_KEPT = 3
"""Checks kept of each file (its texts last checked, each new keystroke one more)."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Lru(Generic[K, V]):
    """A mapping that forgets the least recently used key past ``size`` keys."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

    def values(self) -> list[V]:
        return list(self._items.values())


@dataclass(frozen=True)
class Composed:
    """The schemas composed from one registry and what validation builds from them."""

    schemas: dict[str, Any]
    validators: dict[str, Draft7Validator]
    setup_properties: dict[str, Any]
    digest: str
    fast: FastCheck


class ContentMemo:
    """What validations in one process keep for the next (see the module's docstring)."""

    def __init__(self) -> None:
        self._composed: dict[int, tuple[Registry, Composed]] = {}
        self._files: _Lru[tuple[str, str, str], _Lru[bytes, CheckedFile]] = _Lru(FILES_KEPT)
        self._refs: dict[tuple[int, int], tuple[Registry, Any, list[Ref]]] = {}      # seen by this validation
        self._refs_before: dict[tuple[int, int], tuple[Registry, Any, list[Ref]]] = {}   # by the one before

    def begin(self) -> None:
        """A validation starts: the references only the one before the last saw are dropped."""
        self._refs_before, self._refs = self._refs, {}

    def composed(self, registry: Registry, compose: Callable[[Registry], Composed]) -> Composed:
        """The composed schemas of ``registry``: made by ``compose`` the first time only."""
        kept = self._composed.get(id(registry))
        if kept is None or kept[0] is not registry:   # the registry held keeps its id from being reused
            kept = (registry, compose(registry))
            self._composed[id(registry)] = kept
        return kept[1]

    @staticmethod
    def file_key(file: str, kind: str, raw: bytes, schemas: str) -> tuple[str, str, bytes, str]:
        """The key of a file's check: its name, kind, the digest of its bytes and of the schemas."""
        return file, kind, hashlib.sha256(raw).digest(), schemas

    def checked(self, key: tuple[str, str, bytes, str]) -> CheckedFile | None:
        """The check kept under ``key`` (:meth:`file_key`), or None."""
        file, kind, digest, schemas = key
        versions = self._files.get((file, kind, schemas))
        return versions.get(digest) if versions is not None else None

    def keep_checked(self, key: tuple[str, str, bytes, str], entry: CheckedFile) -> None:
        """Keep a file's check under ``key`` (the oldest of its versions dropped past
        :data:`VERSIONS_KEPT`)."""
        file, kind, digest, schemas = key
        versions = self._files.get((file, kind, schemas))
        if versions is None:
            versions = _Lru(VERSIONS_KEPT)
            self._files.put((file, kind, schemas), versions)
        versions.put(digest, entry)

    def entry_refs(self, registry: Registry, entry: Any, walk: Callable[[], list[Ref]]) -> list[Ref]:
        """The references ``entry`` holds (their paths relative to it), walked by ``walk`` the
        first time this very entry (a part of a kept checked file) is seen with ``registry``."""
        key = (id(registry), id(entry))
        kept = self._refs.get(key) or self._refs_before.get(key)
        if kept is None or kept[0] is not registry or kept[1] is not entry:   # held: their ids are not reused
            kept = (registry, entry, walk())
        self._refs[key] = kept
        return kept[2]

    def sizes(self) -> dict[str, int]:
        """How many registries, file versions and entries are kept (for tests and benchmarks)."""
        return {"registries": len(self._composed), "versions": sum(len(v) for v in self._files.values()),
                "entries": len(self._refs) + len(self._refs_before.keys() - self._refs.keys())}
