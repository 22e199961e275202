"""A pack's faults, reported like content faults: one line naming the pack, the registered item
(or hook), the pack's own ``file:line`` and the fix.

A *fault* is a mistake in a pack's Python code, found when the pack registers (a misspelt
hook name or argument, a callback that takes the wrong parameters, a name registered twice)
or while a game is played (an exception raised by a room feature, an op, a bot ...). Its text
form reads like a content problem::

    frosty/__init__.py:14:9: error[pack-fault]: pack 'frosty', room feature 'frost_vent' (on_enter): KeyError: 'frost'; fix: correct the pack's code at that line (--debug shows the engine's traceback)

:func:`blame` finds, in an exception's traceback, the registered callback that was running
(the innermost one a pack registered) and the innermost line of that pack's own code: nothing
is recorded or wrapped on the hot path, the work is done on the fault path only. The engine's
traceback is shown only with ``clank --debug`` or ``CLANK_DEBUG=1`` (:func:`debug`).
"""

from __future__ import annotations

import functools
import os
import sys
import traceback
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FrameType, TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from clank.registry import Registry

DEBUG_ENV = "CLANK_DEBUG"
"""The environment variable that shows the engine's traceback with a fault (``clank --debug``
sets it, so worker processes see it too)."""
ENGINE_DIR = str(Path(__file__).resolve().parent)
"""The engine's own code (``clank``): its frames are never a pack's."""
CORE_PACK = "core"
"""The name the engine's own plugin registers under: its faults are the engine's, not a pack's."""
RUNTIME_FIX = "correct the pack's code at that line (--debug shows the engine's traceback)"
"""The fix of a fault raised while a pack's code ran."""


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to ``word`` (a misspelling of it), or None."""
    import difflib

    names = sorted(set(candidates))
    word = str(word)
    found = difflib.get_close_matches(word, names, n=1, cutoff=0.5 if len(word) <= 3 else 0.6)   # "s3" ~ "s1"
    if not found:         # "c" for "C": difflib sees no likeness in a different case
        found = [n for n in names if n.lower() == word.lower()][:1]
    return found[0] if found else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or an empty string."""
    found = nearest(word, candidates)
    return f" (did you mean {found!r}?)" if found else ""


def debug() -> bool:
    """Whether the engine's traceback is wanted with a fault (``CLANK_DEBUG`` set and not 0)."""
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def shown_path(file: str) -> str:
    """A file as a message shows it: relative to the working directory when inside it."""
    try:
        return str(Path(file).resolve().relative_to(Path.cwd()))
    except (ValueError, OSError):
        return file


class Where(NamedTuple):
    """A place in a pack's code: file, 1-based line and column (0: unknown)."""

    file: str
    line: int
    col: int = 0

    def text(self) -> str:
        """``file:line:col`` (``file:line`` when the column is unknown)."""
        tail = f":{self.col}" if self.col else ""
        return f"{shown_path(self.file)}:{self.line}{tail}"


class PackFault(Exception):
    """A pack's code failed: at load (``rule`` ``pack-hook``, ``pack-signature``, ``registry``)
    or during play (``pack-fault``).

    - ``pack``: the id of the pack at fault;
    - ``item``: what of it failed, in words (``"room feature 'frost_vent' (on_enter)"``,
      ``"hook clank_register_ops"``, ``"bot 'wild'"``);
    - ``message``: what went wrong (``"KeyError: 'frost'"``);
    - ``where``: the pack's own line (the registering call, the raising line), if known;
    - ``fix``: what to do about it;
    - ``error``: the underlying exception (also the ``__cause__``), when there is one;
    - ``restored``: during play, whether the game was put back as it was before the action
      that failed (None: no game was changed);
    - ``trace``: the engine's traceback as text (what ``--debug`` shows).
    """

    def __init__(self, pack: str, item: str, message: str, *, where: Where | None = None, fix: str = "",
                 rule: str = "pack-fault", error: BaseException | None = None, restored: bool | None = None,
                 trace: str = "") -> None:
        super().__init__(pack, item, message)
        self.pack, self.item, self.message, self.where, self.fix = pack, item, message, where, fix
        self.rule, self.error, self.restored, self.trace = rule, error, restored, trace

    def line(self) -> str:
        """The fault as one line: ``file:line:col: error[rule]: pack 'p', item: message; fix: ...``."""
        head = f"{self.where.text()}: " if self.where is not None else ""
        who = ", ".join(x for x in (f"pack {self.pack!r}" if self.pack else "", self.item) if x)
        fix = f"; fix: {self.fix}" if self.fix else ""
        return f"{head}error[{self.rule}]: {who + ': ' if who else ''}{self.message}{fix}"

    def __str__(self) -> str:
        return self.line()

    def problem(self) -> Any:
        """The fault as a content :class:`~clank.content.problems.Problem` (``clank validate``
        reports it with the content's problems): at the pack's line, the item as its path."""
        from clank.content.problems import Problem

        where = self.where or Where(self.pack, 1, 1)
        fix = f"; fix: {self.fix}" if self.fix else ""
        return Problem(shown_path(where.file), where.line, where.col or 1, "error", self.rule,
                       f"pack {self.pack!r}: {self.message}{fix}", self.item or "$", self.pack)

    def __reduce__(self) -> tuple[Any, ...]:
        """Faults cross process boundaries (simulation workers) without their exception object."""
        return (_rebuild, (self.pack, self.item, self.message, tuple(self.where) if self.where else None,
                           self.fix, self.rule, self.restored, self.trace or trace_text(self.error)))


def _rebuild(pack: str, item: str, message: str, where: tuple | None, fix: str, rule: str,
             restored: bool | None, trace: str) -> PackFault:
    return PackFault(pack, item, message, where=Where(*where) if where else None, fix=fix, rule=rule,
                     restored=restored, trace=trace)


def trace_text(error: BaseException | None) -> str:
    """An exception's traceback as text ("" for none)."""
    if error is None:
        return ""
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


def error_text(error: BaseException) -> str:
    """``KeyError: 'frost'``: the exception as one line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def frame_where(frame: FrameType, lineno: int | None = None) -> Where:
    """The place a frame is at (with its column, from the code's positions)."""
    code = frame.f_code
    line = lineno if lineno is not None else frame.f_lineno
    col = 0
    try:
        positions = list(code.co_positions())
        found = positions[frame.f_lasti // 2] if frame.f_lasti >= 0 else None
        if found is not None and found[0] == line and found[2] is not None:
            col = found[2] + 1
    except (AttributeError, IndexError, ValueError):
        pass
    return Where(code.co_filename, line or 0, col)


def caller_outside(files: Iterable[str], depth: int = 1) -> Where | None:
    """The innermost frame of the calling stack whose file is none of ``files``: the pack's
    line that called into the engine (a registering call)."""
    skip = set(files)
    frame: FrameType | None = sys._getframe(depth)
    while frame is not None and frame.f_code.co_filename in skip:
        frame = frame.f_back
    return frame_where(frame) if frame is not None else None


# ==========================================================================================
# Which pack's code was running
# ==========================================================================================
@dataclass(frozen=True)
class Origin:
    """A callable a pack registered: the pack, the item (``room feature 'x'``), the role of the
    callable in it (``on_enter``: empty for the item's one callable) and the callable."""

    pack: str
    item: str
    role: str
    fn: Any

    def label(self) -> str:
        """``room feature 'x' (on_enter)``."""
        return f"{self.item} ({self.role})" if self.role else self.item


def codes_of(fn: Any) -> Iterator[CodeType]:
    """The code objects that run when ``fn`` is called: a function's, a method's, a partial's,
    a callable object's ``__call__``, and for a class (a bot's factory) every method it defines
    outside the engine."""
    seen = 0
    while seen < 8:
        seen += 1
        inner = getattr(fn, "func", None)          # functools.partial
        if inner is not None and not isinstance(fn, type):
            fn = inner
            continue
        break
    if isinstance(fn, type):
        for klass in fn.__mro__:
            for value in vars(klass).values():
                value = getattr(value, "__func__", value)      # staticmethod, classmethod
                code = getattr(value, "__code__", None)
                if code is not None and not code.co_filename.startswith(ENGINE_DIR):
                    yield code
        return
    fn = getattr(fn, "__func__", fn)                   # a bound method
    code = getattr(fn, "__code__", None)
    if code is None and callable(fn):
        call = type(fn).__call__
        code = getattr(getattr(call, "__func__", call), "__code__", None)
    if code is not None:
        yield code


def in_files(file: str, files: set[str]) -> bool:
    """Whether ``file`` is one of ``files`` or inside one of them that is a directory (ends
    with the path separator)."""
    return any(file == f or (f.endswith(os.sep) and file.startswith(f)) for f in files)


def code_home(module_file: str) -> str:
    """Where a module keeps its code, as :func:`in_files` reads it: a package's directory (with
    the path separator) for its ``__init__.py``, else the module's file."""
    path = Path(module_file)
    return str(path.parent) + os.sep if path.name == "__init__.py" else str(path)


def module_files(fn: Any) -> set[str]:
    """Where a callable's pack keeps its code: the directory of its top-level package (or its
    module's file)."""
    name = getattr(fn, "__module__", None) or getattr(type(fn), "__module__", "")
    module = sys.modules.get(str(name).split(".")[0])
    file = getattr(module, "__file__", None)
    return {code_home(file)} if file else set()


class _Index:
    """Code objects of every callable packs registered, by code, and each pack's files."""

    def __init__(self, origins: list[Origin]) -> None:
        self.size = len(origins)
        self.by_code: dict[CodeType, list[Origin]] = {}
        self.files: dict[str, set[str]] = {}
        for origin in origins:
            files = self.files.setdefault(origin.pack, set())
            files |= module_files(origin.fn)
            methods = isinstance(origin.fn, type)        # a class (a bot): each method is a role
            for code in codes_of(origin.fn):
                named = Origin(origin.pack, origin.item, code.co_name, origin.fn) if methods else origin
                self.by_code.setdefault(code, []).append(named)
                files.add(code.co_filename)

    def in_pack(self, pack: str, file: str) -> bool:
        """Whether ``file`` is the code of ``pack`` (never the engine's)."""
        return not file.startswith(ENGINE_DIR) and in_files(file, self.files.get(pack, set()))


_KNOWN: list[weakref.ref[Any]] = []
INDEX_ATTRIBUTE = "_fault_index"


def known(registry: Registry) -> None:
    """Remember a finished registry, so :func:`blame` can search it when it is given none."""
    _KNOWN[:] = [r for r in _KNOWN if r() is not None and r() is not registry]
    _KNOWN.append(weakref.ref(registry))


def known_registries() -> list[Registry]:
    """Every registry this process finished and still holds."""
    return [r for r in (ref() for ref in _KNOWN) if r is not None]


def _index(registry: Registry) -> _Index:
    """The index of a registry's callables, built on the first fault (and again if it grew)."""
    found = registry.__dict__.get(INDEX_ATTRIBUTE)
    if found is None or found.size != len(registry.origins):
        found = _Index(registry.origins)
        registry.__dict__[INDEX_ATTRIBUTE] = found
    return found


def _frames(error: BaseException) -> list[tuple[FrameType, int]]:
    """The traceback's frames, outermost first."""
    out = []
    tb: TracebackType | None = error.__traceback__
    while tb is not None:
        out.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    return out


def innermost_where(error: BaseException, is_pack_file: Callable[[str], bool]) -> Where | None:
    """The innermost line of ``error``'s traceback in a file of the pack (``is_pack_file``)."""
    for frame, lineno in reversed(_frames(error)):
        if is_pack_file(frame.f_code.co_filename):
            return frame_where(frame, lineno)
    return None


def runtime_fault(pack: str, item: str, error: BaseException, where: Where | None,
                  restored: bool | None = None) -> PackFault:
    """The fault of a pack's code that raised ``error`` while it ran (its cause ``error``)."""
    fault = PackFault(pack, item, error_text(error), where=where, fix=RUNTIME_FIX, error=error,
                      restored=restored, trace=trace_text(error))
    fault.__cause__ = error
    return fault


def blame(error: BaseException, registry: Registry | None = None, *, hint: Origin | None = None,
          restored: bool | None = None) -> PackFault | None:
    """The pack at fault for ``error``, or None when it is the engine's (or nobody's) fault.

    The item is the innermost callable a pack (not the core) registered that was running when
    ``error`` was raised; without one, ``hint`` (what the caller knows it called: a bot); without
    that, the pack whose code the traceback passes through. The place is the innermost line of
    that pack's own code (the raising line, or the pack's call into the engine that raised).
    ``registry`` defaults to every registry this process built.
    """
    if isinstance(error, PackFault):
        return error
    registries = [registry] if registry is not None else known_registries()
    indexes = [_index(r) for r in registries]
    frames = _frames(error)
    origin: Origin | None = None
    index: _Index | None = None
    for frame, _ in reversed(frames):         # the innermost function a pack (not the core) registered
        for idx in indexes:
            found = [o for o in idx.by_code.get(frame.f_code, ()) if o.pack != CORE_PACK]
            if found:
                origin, index = _pick(found, frame), idx
                break
        if origin is not None:
            break
    if origin is None and hint is not None:
        origin, index = hint, next((i for i in indexes if hint.pack in i.files), indexes[0] if indexes else None)
    if origin is None:
        for frame, _ in reversed(frames):
            for idx in indexes:
                pack = next((p for p in idx.files if p != CORE_PACK and idx.in_pack(p, frame.f_code.co_filename)),
                            None)
                if pack is not None:
                    origin, index = Origin(pack, "", "", None), idx
                    break
            if origin is not None:
                break
    if origin is None or origin.pack == CORE_PACK or index is None:
        return None
    where = innermost_where(error, functools.partial(index.in_pack, origin.pack))
    return runtime_fault(origin.pack, origin.label(), error, where, restored)


def _pick(found: list[Origin], frame: FrameType) -> Origin:
    """The origin among several sharing one code (closures a factory made): the one whose
    function holds the frame's closure cells, else the first."""
    if len(found) == 1:
        return found[0]
    names = frame.f_code.co_freevars
    for origin in found:
        cells = getattr(getattr(origin.fn, "__func__", origin.fn), "__closure__", None) or ()
        if names and cells and all(frame.f_locals.get(n, _MISSING) is c.cell_contents
                                   for n, c in zip(names, cells, strict=False) if _filled(c)):
            return origin
    return found[0]


_MISSING = object()


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def fault_lines(faults: list[PackFault], limit: int = 4) -> list[str]:
    """At most ``limit`` fault lines, then one saying how many more there are."""
    lines = [f.line() for f in faults[:limit]]
    if len(faults) > limit:
        lines.append(f"... and {len(faults) - limit} more faults of the same packs (clank validate PACK lists them)")
    return lines


def first_line_of_def(code: CodeType) -> int:
    """The line of a function's ``def`` (its code starts at its first decorator)."""
    import linecache

    line = code.co_firstlineno
    for n in range(line, line + 20):
        text = linecache.getline(code.co_filename, n).lstrip()
        if text.startswith(("def ", "async def ")):
            return n
        if not text:
            break
    return line


def def_where(fn: Callable[..., Any]) -> Where | None:
    """Where a function is defined (its ``def`` line), if it is a function."""
    code = next(codes_of(fn), None) if not isinstance(fn, type) else None
    return Where(code.co_filename, first_line_of_def(code)) if code is not None else None


def bot_fault(error: BaseException, registry: Registry, spec: str) -> PackFault | None:
    """The pack's fault for ``error``, raised while the bot ``spec`` (``greedy``, ``mcts:200``)
    was made or chose: naming the bot (or the registered callback it called); None when it is
    the engine's."""
    name = spec.split(":", 1)[0]
    bot = registry.bots.get(name)
    hint = Origin(bot.pack, f"bot {name!r}", "choose", bot.factory) if bot is not None else None
    return blame(error, registry, hint=hint)
