"""What a viewer that draws one game again and again keeps from one drawing to the next.

A render hook is a function of the view it is given. With a :class:`MapMemo`, each hook call
gets a :class:`ReadingView`, which notes every value the hook reads of the game (a method's
arguments and answer, an attribute's value, copied as plain data); the next drawing reuses
the answer when every value that call read is still the same, and asks the hook again when
one differs. What the map reads besides the hooks (tiles, pawns, pieces, paid icons, links,
stacks: :func:`clank.mapdraw.model.map_inputs`) is compared the same way, so a drawing whose
inputs are all unchanged reuses the whole model of the one before (most actions of a game
change nothing on the map: a card played). The memo keeps copies of those inputs
(:func:`plain_copy`) and compares the game's own values with them (``==`` runs in C); the reads
of a view's method that reads one of its attributes only (:data:`DERIVED`: ``room(id)`` reads
``rooms``) are skipped while that attribute equals the copy kept of it. When something changed,
:meth:`MapMemo.check` names the answers whose reads changed (each value compared once), so that
a rebuild asks only those again and makes anew only the tiles that show something new.

The ruleset's own data (card, token and tile definitions, room names, slot layouts) never
changes during a game and is not noted. A value that is not plain data (an object of the
engine) cannot be compared: a call that read one is asked again at every drawing.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

T = TypeVar("T")
STATIC = frozenset({"ruleset", "registry", "card_defs", "token_defs", "tile_defs", "tile_of_room", "seat", "room_label",
                    "room_name", "room_features", "room_has", "slot_layout"})
"""Attributes of a view that read the ruleset only: the same at every drawing of a game."""
DERIVED = {"room": "rooms"}
"""A view's methods whose answers are read from one of its attributes only (``room(id)`` is
``rooms.get(id) or {}``): while that attribute is equal to the copy kept of it, every call of the
method answers as before."""
_PLAIN = (str, int, float, bool, type(None))


class _Unknown:
    """A value that is not plain data: equal to nothing, so a call that read one is asked again."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0


def snapshot(value: Any) -> Any:
    """A copy of ``value`` as plain data (lists, dicts, tuples, sets of text and numbers), equal
    to the value while it is unchanged (compared with ``==``), or, when it is not plain data (an
    object whose insides could change unseen), a value equal to nothing."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, list):
        return [snapshot(v) for v in value]
    if isinstance(value, (dict, MappingProxyType)):
        return {k: snapshot(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return type(value)(*(snapshot(v) for v in value)) if hasattr(value, "_fields") else \
            tuple(snapshot(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return type(value)(snapshot(v) for v in value)
    return _Unknown()


def plain_copy(value: Any) -> Any:
    """A deep copy of ``value`` equal to it while it is unchanged: made in C (``marshal``) when
    it holds only built-in plain types, else :func:`snapshot`'s (whose objects that are not plain
    data are equal to nothing)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:                    # a type marshal refuses (a mapping proxy, a named tuple, an object)
        return snapshot(value)


def key_of(value: Any) -> Any:
    """A hashable form of plain data (an argument naming a hook call in a memo)."""
    if isinstance(value, _PLAIN):
        return value
    out: list[Any] = []                  # plain loops: a generator runs a frame of its own (a map is read per state)
    if isinstance(value, (list, tuple)):
        for v in value:
            out.append(key_of(v))
        return tuple(out)
    if isinstance(value, (dict, MappingProxyType)):
        for k, v in value.items():
            out.append((k, key_of(v)))
        return ("{}", tuple(out))
    if isinstance(value, (set, frozenset)):
        return frozenset(key_of(v) for v in value)
    return _Unknown()


Read = tuple[str, tuple[Any, ...] | None, Any]
"""One value a hook read: the view's attribute, the arguments it was called with (None: an
attribute read), and a copy of the value (:func:`snapshot`)."""


class ReadingView:
    """A seat's view as a render hook sees it, noting each value the hook reads (:data:`Read`)."""

    __slots__ = ("_view", "_reads")

    def __init__(self, view: Any, reads: list[Read]) -> None:
        self._view, self._reads = view, reads

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._view, name)
        if name in STATIC:
            return value
        if callable(value) and not isinstance(value, Mapping):
            reads = self._reads

            def read(*args: Any) -> Any:
                answer = value(*args)
                reads.append((name, args, snapshot(answer)))
                return answer

            return read
        self._reads.append((name, None, snapshot(value)))
        return value


def still(view: Any, reads: tuple[Read, ...]) -> bool:
    """Whether every value in ``reads`` is still the same in ``view``."""
    for name, args, seen in reads:
        value = getattr(view, name)
        if args is not None:
            value = value(*args)
        if value != seen:
            return False
    return True


Reads = tuple[tuple[str, tuple[tuple[tuple[Any, ...] | None, Any, tuple[Any, ...]], ...]], ...]
"""The reads of the kept answers grouped by the view's attribute: (attribute, ((arguments, value
seen, the keys of the answers that read it), ...)), so that a check looks each attribute up once
and each value once (:func:`group_reads`)."""


def group_reads(answers: Mapping[Any, tuple[Any, tuple[Read, ...]]]) -> Reads:
    """The reads of ``answers`` (key -> (answer, reads)) grouped by attribute (first-read order),
    each read once with the keys of the answers that made it."""
    groups: dict[str, dict[Any, tuple[tuple[Any, ...] | None, Any, list[Any]]]] = {}
    for key, (_, reads) in answers.items():
        for name, args, seen in reads:
            calls = groups.setdefault(name, {})
            try:
                call = calls.setdefault(args, (args, seen, []))
            except TypeError:                          # an argument that is not hashable
                call = calls[id(args)] = (args, seen, [])
            call[2].append(key)
    return tuple((name, tuple((args, seen, tuple(keys)) for args, seen, keys in calls.values()))
                 for name, calls in groups.items())


class MapMemo:
    """The render hooks' answers of the last drawing of one game, with what each read, and the
    model drawn with them (:func:`clank.mapdraw.model.build` takes it as ``memo``). One memo
    belongs to one game and one seat's view (the web table draws every game's map from the
    spectator's view); a drawing with a preview or highlighted rooms reuses its answers but
    keeps neither its model nor new answers."""

    __slots__ = ("_answers", "_used", "_reads", "_sources", "_held", "_checked", "_stale", "inputs", "model", "shapes",
                 "tiles", "shown", "facings", "elements", "drawing", "moved_from")

    def __init__(self) -> None:
        self._answers: dict[tuple[Any, ...], tuple[Any, tuple[Read, ...]]] = {}
        self._used: dict[tuple[Any, ...], tuple[Any, tuple[Read, ...]]] = {}
        self._reads: Reads = ()
        self._sources: dict[str, Any] = {}
        """A copy of each :data:`DERIVED` attribute under which every kept read of its method holds."""
        self._held: set[str] = set()
        """The :data:`DERIVED` attributes whose copy the last :meth:`check` found (or took) equal to the view's."""
        self._checked: Any = None
        self._stale: set[Any] = set()
        self.inputs: Any = None
        """A copy (:func:`plain_copy`) of the inputs of the model kept (:func:`clank.mapdraw.model.map_inputs`)."""
        self.model: Any = None
        self.shapes: dict[Any, Any] = {}
        """Each placed tile's shape by its place (:func:`clank.mapdraw.model.build`: a tile's shape
        depends on its own place and turn only)."""
        self.tiles: dict[str, Any] = {}
        """Each tile of the model last kept, with what it showed (:func:`clank.mapdraw.model.build`
        reuses a tile that shows the same)."""
        self.shown: Any = None
        """What the rooms and tiles of the model last kept show besides the hooks' answers: the
        pawns, pieces and link marks by room, the paid icons by tile (a rebuild compares them to
        find the tiles to make anew)."""
        self.facings: Any = None
        """What each open edge of the model last kept faces (a tile laid closes those it fills)."""
        self.elements: dict[Any, Any] = {}
        """The SVG elements of each tile item of the model last drawn (:func:`clank.mapdraw.svg.scene`)."""
        self.drawing: tuple[Any, Any] | None = None
        """The model last drawn and its drawing (:func:`clank.mapdraw.map_scene` keeps it)."""
        self.moved_from: Any = None
        """The model the kept one was made from by moving pawns only (:meth:`follow`), else None.
        The drawing does not read it (:func:`clank.mapdraw.svg.updated_scene` redraws the changed
        tiles whatever changed them): it tells the tests and ``benchmarks/map_scene.py`` how the
        kept model was made."""

    def answer(self, view: Any, key: tuple[Any, ...], ask: Callable[[Any], T]) -> T:
        """The answer of a hook call (``key`` names the call with its plain arguments): the one
        kept when what it read is unchanged, else ``ask(reading_view)``'s. Right after
        :meth:`check` of the same view, a kept answer is reused unless the check found it stale."""
        kept = self._used.get(key)
        if kept is not None:
            return kept[0]
        kept = self._answers.get(key)
        if kept is not None and (key not in self._stale if self._checked is view else still(view, kept[1])):
            self._used[key] = kept
            return kept[0]
        reads: list[Read] = []
        answer = ask(ReadingView(view, reads))
        self._used[key] = (answer, tuple(reads))
        return answer

    def reuse(self, keys: Iterable[tuple[Any, ...]]) -> None:
        """Keep the kept answers of ``keys`` for the next drawing, as if they were asked for (the
        caller knows they are not stale; an answer asked for in this drawing stays)."""
        answers, used = self._answers, self._used
        for key in keys:
            kept = answers.get(key)
            if kept is not None and key not in used:
                used[key] = kept

    def check(self, view: Any) -> set[Any]:
        """The keys of the kept answers whose reads changed in ``view`` (each value compared once;
        a :data:`DERIVED` method's reads skipped while its attribute equals the copy kept, taken
        anew once they are found to hold). Until :meth:`uncheck`, :meth:`answer` of this view
        trusts it: ``view`` must not change meanwhile."""
        stale: set[Any] = set()
        held_sources: set[str] = set()
        self._used = {}                          # a drawing starts (one that failed left nothing to trust)
        sources = self._sources
        for name, calls in self._reads:
            source = DERIVED.get(name)
            whole = None
            if source is not None:
                whole = getattr(view, source, None)
                if whole is not None and whole == sources.get(source):
                    held_sources.add(source)
                    continue
            value = getattr(view, name)
            held = True
            for args, seen, keys in calls:
                if (value if args is None else value(*args)) != seen:
                    stale.update(keys)
                    held = False
            if held and source is not None and whole is not None:
                sources[source] = plain_copy(whole)
                held_sources.add(source)
        self._checked, self._stale, self._held = view, stale, held_sources
        return stale

    def uncheck(self) -> None:
        """End what :meth:`check` said (the view may change from now on)."""
        self._checked, self._stale = None, set()

    def follow(self, inputs: Any, model: Any) -> None:
        """Keep ``model`` (the kept one with its pawns moved as ``inputs`` say, made without asking
        a hook) with the kept answers; ``inputs``: the kept inputs with the pawns' new places (no
        value of the game's own: they are kept as they are)."""
        self.moved_from = self.model
        self.inputs, self.model = inputs, model

    def keep(self, inputs: Any, model: Any) -> None:
        """Keep the model just drawn and the answers it used (the others are dropped); ``inputs``:
        what it was made from, holding no value the game may change (copies). The copy of a
        :data:`DERIVED` attribute that the check before found equal to the view's stays (every
        answer kept read the same state); the others are dropped."""
        self._answers, self._used = self._used, {}
        self._sources = {source: copy for source, copy in self._sources.items() if source in self._held}
        self._held = set()
        self.inputs, self.model, self.moved_from = inputs, model, None
        self._reads = group_reads(self._answers)
        self.uncheck()

    def discard(self) -> None:
        """Forget the answers of a drawing that is not kept (a preview)."""
        self._used = {}
        self.uncheck()


__all__ = ["DERIVED", "STATIC", "MapMemo", "ReadingView", "Reads", "group_reads", "key_of", "plain_copy", "snapshot", "still"]
