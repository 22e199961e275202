"""Safe loading of one content YAML file, keeping where every value came from.

:func:`load_yaml_file` reads a file with ruamel.yaml in round-trip mode (which keeps line and
column of every node and refuses duplicate keys), projects the tree onto plain JSON types
(``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``; dates become ISO
strings, mapping keys become strings) and returns it with a :class:`Locator`.

A syntax error is told in the author's words where it can be fixed (an unclosed quote or bracket
where it opens, a key out of line, a value that needs quotes ...: see
:mod:`clank.content.yamlhints`), never in the parser's. Hostile
input is refused early and cheaply, never executed: files over 512 KiB (refused before
they are read), binary files, text that is not UTF-8, alias bombs, nesting deeper than 64,
more than 20 000 values, and any tag outside YAML's standard scalar and collection tags. The
checks (:class:`_Guard`) look at each parser event in turn, and a refusal stops the parse before
anything is constructed, so the time to refuse is bounded by the limits, not by the input. Each
refusal is a :class:`~clank.content.problems.Problem` raised inside a
:class:`~clank.content.problems.ContentError`.

Two parsers: libyaml through ``ruamel.yaml.clib`` (a dependency on CPython) and ruamel's
pure-Python parser, whose problems and positions are the reference. libyaml reads the file's
events for the checks, then parses and composes it, and the plain data and positions are read
straight from its nodes (ruamel's constructor reads only the rarer scalars), about seven times
faster than the pure parser; it keeps only clean files (no alias, anchor, tab, directive, merge
key, empty value, refusal or error), for which both give the same data and positions (libyaml reads
some text with a tab or an anchor that the pure parser refuses, ``key:<tab>value``, ``{&a: 1}``). Anything else, and
every file where libyaml is missing, is parsed once by the pure parser, checked event by event as
its composer takes them.

Loaded files are remembered by content (a hash of their bytes), so a process that reads the
same pack twice (a test suite, a validator checking a pack with the packs it requires) parses
it once; callers always get their own copy of the data.
"""

from __future__ import annotations

import copy
import datetime as _dt
import hashlib
import io
import re
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import Composer
from ruamel.yaml.constructor import DuplicateKeyError, RoundTripConstructor
from ruamel.yaml.error import ReusedAnchorWarning, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    NodeEvent,
    ScalarEvent,
)
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.parser import RoundTripParser
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarbool import ScalarBoolean
from ruamel.yaml.scanner import Scanner

from clank.content.locator import JsonPath, Locator, Pos
from clank.content.overlay import Overlay, overlay_text
from clank.content.problems import ContentError, Problem
from clank.content.yamlhints import explain_syntax_error, odd_indentation
from clank.content.yamlhints_block import duplicate_key
from clank.content.yamlhints_indicators import undefined_alias

try:    # libyaml through ruamel.yaml.clib: the fast path for clean files (see _load_fast)
    from _ruamel_yaml import CParser
except ImportError:   # pragma: no cover - the pure-Python path does everything alone
    CParser = None

MAX_BYTES = 512 * 1024
"""Largest content file read, in bytes (twenty times the base game's largest file, 25 kB)."""
MAX_DEPTH = 64
"""Deepest nesting of collections allowed."""
MAX_NODES = 20_000
"""Most values (scalars, collections, aliases) one file may hold; seven times the base game's
largest file. It bounds the time a file under :data:`MAX_BYTES` can take to parse."""
MAX_DIGITS = 4000
"""Longest number read (Python refuses to convert integers of more than 4300 digits)."""
_NUMBER = re.compile(r"[-+]?(0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?)")
ALIAS_BUDGET = 10_000
"""How many nodes alias expansions may add to a document, in total."""
MAX_PROBLEMS = 50
"""A file stops being scanned after this many refusals."""

_CACHE_SIZE = 64
_CACHE_MAX_BYTES = 256 * 1024
_cache: OrderedDict[tuple[str, bytes], tuple[Any, Locator]] = OrderedDict()

_STD = "tag:yaml.org,2002:"
SAFE_TAGS = frozenset({"!"} | {_STD + t for t in
                              ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")})
"""Explicit tags that may appear in content; any other tag is refused as ``unsafe-tag``."""


def _problem(file: str, rule: str, message: str, line: int = 1, col: int = 1) -> Problem:
    return Problem(file, line, col, "error", rule, message)


def _line_col(data: bytes, offset: int) -> Pos:
    """1-based line and (character) column of a byte offset."""
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, col


def _text_line_col(text: str, index: int) -> Pos:
    start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - start + 1


def load_yaml_file(path: Path | str, label: str | None = None,
                   overlay: Overlay | None = None) -> tuple[Any, Locator]:
    """Load one YAML file safely; return ``(plain_json_data, locator)``.

    ``label`` is the file name used in problems (default: ``str(path)``); the file's text is
    taken from ``overlay`` when it holds it (:mod:`clank.content.overlay`). Raises
    :class:`ContentError` when the file cannot be read or is refused.
    """
    path = Path(path)
    file = label if label is not None else str(path)
    return load_yaml_bytes(read_yaml_bytes(path, file, overlay), file)


def read_yaml_bytes(path: Path, file: str, overlay: Overlay | None = None) -> bytes:
    """The bytes of a content file (at most :data:`MAX_BYTES` + 1 are read), or of the text
    ``overlay`` holds for it; raises :class:`ContentError` when it is not a regular file, too
    large or unreadable."""
    text = overlay_text(overlay, path)
    if text is not None:
        return text.encode("utf-8", errors="surrogatepass")   # a lone surrogate: an encoding problem
    try:
        if not path.is_file():
            raise ContentError([_problem(file, "unreadable", "not a regular file")])
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ContentError([_problem(file, "file-too-large",
                                         f"file is {size} bytes; content files are limited to {MAX_BYTES}")])
        with path.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ContentError([_problem(file, "unreadable", f"cannot read file: {exc.strerror or exc}")]) from None
    return data


def load_yaml_bytes(data: bytes, file: str) -> tuple[Any, Locator]:
    """Load YAML from bytes (same checks as :func:`load_yaml_file`)."""
    if len(data) > MAX_BYTES:
        raise ContentError([_problem(file, "file-too-large",
                                     f"file is over {MAX_BYTES} bytes; content files are limited to that")])
    nul = data.find(b"\x00")
    if nul >= 0:
        raise ContentError([_problem(file, "binary-file",
                                     "file contains NUL bytes: not a text file (UTF-16? save it as UTF-8)",
                                     *_line_col(data, nul))])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError([_problem(file, "encoding", f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
                                     *_line_col(data, exc.start))]) from None
    if len(data) > _CACHE_MAX_BYTES:
        return load_yaml_text(text.removeprefix("\ufeff"), file)
    key = (file, hashlib.blake2b(data, digest_size=20).digest())
    hit = _cache.get(key)
    if hit is None:
        hit = load_yaml_text(text.removeprefix("\ufeff"), file)
        _cache[key] = hit
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return copy.deepcopy(hit[0]), hit[1]


class _GuardedYAML(YAML):
    """ruamel's round-trip loader with the guard its parser and composer report to."""

    guard: _Guard

class _AliasComposer(Composer):
    """A composer that gives each alias a node of its own, placed where the alias is written.

    ruamel hands back the anchored node itself for an alias, so a value reached through
    ``*lamp`` would be located at ``&lamp``. The alias's node is a shallow copy of the anchored
    one (it shares its children) whose marks are the alias's; :attr:`twins` holds their ids.
    """

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.twins: set[int] = set()

    def get_single_node(self) -> Any:
        """The document's node; refused here, before anything is constructed, when the guard
        recorded problems that did not stop the scan (unsafe tags)."""
        node = super().get_single_node()
        if self.loader.guard.problems:
            raise _Refused
        return node

    def compose_node(self, parent: Any, index: Any) -> Any:
        """Compose the next node; an alias gets its own node at the alias's position."""
        if not self.parser.check_event(AliasEvent):
            return super().compose_node(parent, index)
        event = self.parser.peek_event()
        twin = copy.copy(super().compose_node(parent, index))
        twin.start_mark, twin.end_mark = event.start_mark, event.end_mark
        self.twins.add(id(twin))
        return twin


class _Unreadable(Exception):
    """A value the constructor could not read (``2024-13-45`` resolves as a date and is none)."""

    def __init__(self, node: Any, exc: Exception) -> None:
        super().__init__(str(exc))
        self.node, self.reason = node, exc

    def problem(self, file: str) -> Problem:
        """The problem at the value's place, saying what it was read as and how to keep it text."""
        node, mark = self.node, self.node.start_mark
        value = str(node.value) if isinstance(node, ScalarNode) else ""
        kind = str(node.tag).rsplit(":", 1)[-1] if node.tag else "value"
        read_as = {"timestamp": "a date", "int": "a whole number", "float": "a number", "bool": "true or false"}.get(
            kind, f"a {kind}")
        shown = f"`{value}` reads as {read_as}" if value else f"this reads as {read_as}"
        return _problem(file, "yaml-syntax", f"{shown} and is not one ({self.reason}): put it in quotes if it is "
                                             f"text (\"{value}\")", mark.line + 1, mark.column + 1)


class _CollectionKey(Exception):
    """A key written as a ``{...}`` or ``[...]`` that holds another one (it cannot be compared)."""

    def __init__(self, node: Any) -> None:
        super().__init__("a key holds a collection")
        self.node = node

    def problem(self, file: str) -> Problem:
        """The problem at the key's place, saying what to write instead."""
        mark = self.node.start_mark
        return _problem(file, "yaml-syntax", "this `{...}` or `[...]` is used as a key (a `:` follows it): a key "
                                             "is a name; remove that `:`, or put the key in quotes",
                        mark.line + 1, mark.column + 1)


class _AliasConstructor(RoundTripConstructor):
    """A round-trip constructor that remembers which collections were built from an alias."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.aliased: set[int] = set()

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        """Construct ``node``; note the result when ``node`` stands for an alias. A scalar that
        cannot be read (a date with a 13th month) raises :class:`_Unreadable` at its place."""
        try:
            data = super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            raise _Unreadable(node, exc) from None
        if id(node) in getattr(self.loader.composer, "twins", ()) and isinstance(data, (CommentedMap, CommentedSeq)):
            self.aliased.add(id(data))
        return data

    def check_mapping_key(self, node: Any, key_node: Any, mapping: Any, key: Any, value: Any) -> bool:
        """ruamel's check of a repeated key; a key holding a nested collection (``{a: [1]}: 2``),
        which cannot be compared, raises :class:`_CollectionKey` at its place."""
        try:
            return bool(super().check_mapping_key(node, key_node, mapping, key, value))
        except TypeError:
            raise _CollectionKey(key_node) from None


def load_yaml_text(text: str, file: str) -> tuple[Any, Locator]:
    """Load YAML from text: refuse hostile input, then load and project to plain JSON."""
    problems = [_problem(file, "yaml-syntax", message, line, col)
                for message, line, col in odd_indentation(text, MAX_PROBLEMS)]
    deep = _deep_brackets(text)
    if not problems and deep is not None:   # short: fast, at the true place
        problems = _prescan(text[:deep], file)
    if problems:
        raise ContentError(problems)
    if CParser is not None:
        fast = _load_fast(text, file)
        if fast is not None:
            return fast
    yaml = _GuardedYAML(typ="rt")
    yaml.Parser, yaml.Composer, yaml.Constructor = _GuardedParser, _AliasComposer, _AliasConstructor
    yaml.Scanner = Scanner           # content's comments are not kept: the plain scanner skips them
    yaml.allow_duplicate_keys = False
    guard = yaml.guard = _Guard(file, text)
    try:
        with warnings.catch_warnings():   # a reused anchor is the lint's to report, at its line
            warnings.simplefilter("ignore", ReusedAnchorWarning)
            tree = yaml.load(text)
    except _Refused:
        raise ContentError(guard.problems) from None
    except YAMLError as exc:
        raise ContentError([*guard.problems, _yaml_error(file, exc, text)]) from None
    except (_Unreadable, _CollectionKey) as exc:
        raise ContentError([exc.problem(file)]) from None
    except (ValueError, OverflowError) as exc:   # pragma: no cover - values are read by construct_object
        raise ContentError([_problem(file, "yaml-syntax", f"a value cannot be read: {exc}")]) from None
    locator = Locator(file)
    locator.reused_anchors = guard.reused
    if isinstance(tree, (CommentedMap, CommentedSeq)):   # the document starts at its first key or item
        locator._values[()] = _own(tree, locator, ())
    return _project(tree, (), locator, yaml.constructor.aliased), locator


_LIBYAML = () if CParser is None else (CParser,)


class _FastLoader(*_LIBYAML, RoundTripConstructor, VersionedResolver):  # type: ignore[misc]
    """libyaml's parser and composer (in C) with ruamel's resolver, and ruamel's round-trip
    constructor for the few scalars :func:`_direct` does not read itself."""

    processing_version = (1, 2)
    """The YAML version the resolver reads plain scalars by: 1.2, as the pure loader does for a
    document without a ``%YAML`` directive (a document with one is left to it). ruamel's own
    property finds that out anew, through two caught exceptions, for every scalar."""

    def __init__(self, text: str) -> None:
        CParser.__init__(self, text)
        self._parser = self._composer = self
        RoundTripConstructor.__init__(self, loader=self)
        self.allow_duplicate_keys = False
        self.comment_handling = None
        VersionedResolver.__init__(self, version=None, loadumper=self)


class _NotPlain(Exception):
    """A node :func:`_direct` leaves to the pure-Python loader (see there)."""


_STR, _INT, _BOOL, _NULL, _MAP, _SEQ = (_STD + t for t in ("str", "int", "bool", "null", "map", "seq"))
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)")
"""A decimal integer ``int()`` reads as ruamel does (a ``+``, underscores, leading zeros or another base: ruamel reads it)."""
_KEY_TAGS = frozenset({_STR, _INT, _BOOL, _NULL, _STD + "float", _STD + "timestamp"})
"""Tags of the mapping keys :func:`_direct` reads (``<<``, a merge key, is not one)."""


def _direct(loader: _FastLoader, root: Any, file: str) -> tuple[Any, Locator]:
    """A composed document as plain JSON data with its :class:`Locator`, read straight from
    libyaml's nodes: what ruamel's round-trip constructor followed by :func:`_project` gives,
    without building the round-trip tree first (most of the loader's time).

    Strings, decimal integers, ``true``, ``false`` and nulls are read here; any other scalar (a
    float, a date, ``0x1F``, ``TRUE``) by ruamel's constructor, projected by :func:`_scalar`.
    Positions are the nodes' start marks, where the round-trip tree keeps them. A value left
    empty (the two parsers place it differently), a key that is a collection, a merge key
    (``<<``), a tag other than ``!!map`` or ``!!seq`` on a collection, or a key equal to an
    earlier one (ruamel's duplicate) raises :class:`_NotPlain`.
    """
    locator = Locator(file)
    values, keys = locator._values, locator._keys
    construct = loader.construct_object

    def at(node: Any) -> Pos:   # 1-based, from libyaml's 0-based start mark
        mark = node.start_mark
        return mark.line + 1, mark.column + 1

    def tag(node: Any) -> str | None:
        ctag = node.ctag
        return ctag.suffix if ctag is not None and ctag.handle is None else None

    def scalar(node: Any) -> Any:
        kind, text = tag(node), node.value
        if kind == _STR:
            return text
        if kind == _INT and _DECIMAL.fullmatch(text):
            return int(text)
        if kind == _NULL:
            if not text and not node.style:   # nothing written: libyaml places it after the colon or
                raise _NotPlain               # dash, the pure parser at the next token
            return None
        if kind == _BOOL and text in ("true", "false"):
            return text == "true"
        return _scalar(construct(node, deep=True))

    def build(node: Any, path: JsonPath) -> Any:
        if isinstance(node, ScalarNode):
            return scalar(node)
        if isinstance(node, MappingNode) and tag(node) == _MAP:
            out: dict[str, Any] = {}
            seen: set[Any] = set()
            for key_node, value_node in node.value:
                key_tag = tag(key_node) if isinstance(key_node, ScalarNode) else None
                if key_tag not in _KEY_TAGS:
                    raise _NotPlain
                raw = key_node.value if key_tag == _STR else construct(key_node, deep=True)
                if raw in seen:
                    raise _NotPlain
                seen.add(raw)
                key = raw if type(raw) is str else _key_str(raw)
                sub = (*path, key)
                keys[sub] = at(key_node)
                values[sub] = at(value_node)
                out[key] = build(value_node, sub)
            return out
        if isinstance(node, SequenceNode) and tag(node) == _SEQ:
            items = []
            for i, child in enumerate(node.value):
                sub = (*path, i)
                values[sub] = at(child)
                items.append(build(child, sub))
            return items
        raise _NotPlain

    if root is None:
        return None, locator
    if not isinstance(root, ScalarNode):   # the document starts at its first key or item
        values[()] = at(root)
    return build(root, ()), locator


def _load_fast(text: str, file: str) -> tuple[Any, Locator] | None:
    """Load a clean file with libyaml, about seven times faster than the pure-Python loader;
    None for anything else, which the pure-Python loader then loads or refuses with the
    problems and positions it always gives: a syntax error, a refusal of the guard (checked
    here first on libyaml's events, so the work stays bounded), a duplicate key or a value
    that cannot be read, an alias (the pure composer places a value reached through an alias
    at the alias), an anchor or a tab (where libyaml reads some text the pure parser refuses:
    ``key:<tab>value``, ``{&a: 1}``), a ``%YAML`` or ``%TAG`` directive, or what :func:`_direct`
    leaves."""
    if "\t" in text:
        return None
    guard = _Guard(file, text)
    try:
        events = CParser(text)
        while events.check_event():
            event = events.get_event()
            if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None or not guard.see(event) or (
                    isinstance(event, DocumentStartEvent) and (event.version or event.tags)):
                return None
        if guard.problems:
            return None
        loader = _FastLoader(text)
        data, locator = _direct(loader, loader.get_single_node(), file)
        locator.reused_anchors = guard.reused
        return data, locator
    except (YAMLError, ValueError, OverflowError, _NotPlain):
        return None


def _yaml_error(file: str, exc: YAMLError, text: str) -> Problem:
    """The problem of a YAML error, in the author's words (see :mod:`clank.content.yamlhints`)."""
    if isinstance(exc, ReaderError):
        line, col = _text_line_col(text, exc.position)
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        return _problem(file, "encoding", f"character U+{code:04X} is not allowed in YAML", line, col)
    if isinstance(exc, DuplicateKeyError) and exc.problem_mark is not None:
        mark, start = exc.problem_mark, exc.context_mark
        message = duplicate_key(str(exc.problem or ""), text, mark.line, mark.column, start.line if start else 0)
        return _problem(file, "duplicate-key", message, mark.line + 1, mark.column + 1)
    return _problem(file, "yaml-syntax", *explain_syntax_error(exc, text))


_FLOW_CHARS = re.compile(r"""[\[\]{}"'#\n]""")


def _deep_brackets(text: str) -> int | None:
    """Where flow brackets first nest deeper than :data:`MAX_DEPTH` (the end of that bracket), if they do.

    ruamel's scanner spends about a second on the first thousand ``[`` of a run (it keeps each
    as a possible simple key), so deep runs of brackets are found first by counting brackets
    outside quotes, comments and block-context plain text (inside flow collections a plain
    scalar cannot hold brackets); the event scan then only reads the text up to there. Flow
    nesting is never deeper than the real nesting, so this never refuses anything by itself.
    """
    depth = 0
    quote = ""
    i, n = 0, len(text)
    while i < n:
        m = _FLOW_CHARS.search(text, i)
        if m is None:
            break
        c, i = m.group(), m.end()
        if quote:
            if c == quote and not (quote == '"' and _escaped(text, i - 1)):
                if quote == "'" and text.startswith("'", i):   # '' inside single quotes
                    i += 1
                    continue
                quote = ""
            continue
        if c in "[{":
            if depth == 0 and not _starts_value(text, m.start()):
                continue   # a bracket inside a plain scalar of block context: text, not nesting
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c in "\"'":
            start = m.start()
            if start == 0 or text[start - 1] in " \t\n[{,:-?":   # a quote only where a scalar may start
                quote = c
        elif c == "#":
            if m.start() == 0 or text[m.start() - 1] in " \t\n":
                end = text.find("\n", i)
                i = n if end < 0 else end
    return None


def _starts_value(text: str, index: int) -> bool:
    """Whether ``text[index]`` begins a node in block context (after ``key:``, ``-``, ``?`` or at a line start)."""
    j = index - 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j < 0 or text[j] in ":-?\n"


def _escaped(text: str, index: int) -> bool:
    backslashes = 0
    while index - 1 - backslashes >= 0 and text[index - 1 - backslashes] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


class _Guard:
    """The hostile-input checks of one file, made on each parser event in stream order:
    unsafe tags, deep nesting, floods of values, overlong numbers and alias bombs. Nothing needs
    to be constructed for them, so the work before a refusal is bounded by the limits.

    :meth:`see` records a refusal in :attr:`problems` and returns False when the scan must stop
    there (too deep, too many values, an alias bomb, an undefined alias, an overlong number);
    unsafe tags are recorded and the scan goes on, up to :data:`MAX_PROBLEMS` of them."""

    def __init__(self, file: str, text: str = "") -> None:
        self.file, self.text = file, text
        self.problems: list[Problem] = []
        self.sizes: list[int] = []              # expanded node count of each open collection
        self.open_anchors: list[str | None] = []
        self.anchors: dict[str, int] = {}       # anchor -> expanded size of its node
        self.anchored_at: dict[str, Pos] = {}   # anchor -> where it was (last) defined
        self.reused: list[tuple[str, Pos, Pos]] = []   # an anchor defined again: (name, before, again)
        self.added = 0                          # nodes added by alias expansions so far
        self.nodes = 0

    def _refuse(self, rule: str, message: str, mark: Any) -> bool:
        self.problems.append(_problem(self.file, rule, message, mark.line + 1, mark.column + 1))
        return False

    def see(self, event: Any) -> bool:
        """Check one event; False when a structural refusal ends the scan."""
        if not isinstance(event, NodeEvent):
            if isinstance(event, CollectionEndEvent):
                size = self.sizes.pop()
                anchor = self.open_anchors.pop()
                if anchor is not None:
                    self.anchors[anchor] = size
                if self.sizes:
                    self.sizes[-1] += size
            return True
        self.nodes += 1
        if self.nodes > MAX_NODES:
            return self._refuse("too-many-nodes",
                                f"more than {MAX_NODES} values in one file: split it into several files",
                                event.start_mark)
        if isinstance(event, AliasEvent):
            return self._alias(event)
        assert isinstance(event, ScalarEvent | CollectionStartEvent)   # the other kinds of node event
        tag = event.tag
        if tag is not None and str(tag) not in SAFE_TAGS:
            shown = str(tag).replace(_STD, "!!", 1)
            self._refuse("unsafe-tag", f"tag {shown} is not allowed: content is plain data", event.start_mark)
            if len(self.problems) >= MAX_PROBLEMS:
                return False
        if event.anchor is not None:
            self._anchored(event.anchor, event.start_mark)
        if isinstance(event, CollectionStartEvent):
            if len(self.sizes) >= MAX_DEPTH:
                return self._refuse("too-deep", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            self.sizes.append(1)
            self.open_anchors.append(event.anchor)
            return True
        value = event.value                     # a scalar
        if (not event.style and len(value) > MAX_DIGITS    # plain: None from ruamel, "" from libyaml
                and _NUMBER.fullmatch(value) and str(tag or "") in ("", "!")):
            return self._refuse("yaml-syntax", f"a number of {len(value)} digits is too long to read "
                                               f"(at most {MAX_DIGITS}); quote it if it is text", event.start_mark)
        if event.anchor is not None:
            self.anchors[event.anchor] = 1
        if self.sizes:
            self.sizes[-1] += 1
        return True

    def _anchored(self, name: str, mark: Any) -> None:
        """Note where an anchor is defined, and each time a name is defined again (YAML lets a
        later ``&name`` replace the earlier for the aliases after it: legal, and a likely slip)."""
        here = (mark.line + 1, mark.column + 1)
        before = self.anchored_at.get(name)
        if before is not None:
            self.reused.append((name, before, here))
        self.anchored_at[name] = here

    def _alias(self, event: Any) -> bool:
        name = event.anchor
        if name in self.open_anchors:
            return self._refuse("alias-bomb", f"alias *{name} refers to a collection that contains it",
                                event.start_mark)
        if name not in self.anchors:
            return self._refuse("yaml-syntax", undefined_alias(name, self.text, event.start_mark.index),
                                event.start_mark)
        self.added += self.anchors[name]
        if self.added > ALIAS_BUDGET:
            return self._refuse("alias-bomb", f"aliases expand to more than {ALIAS_BUDGET} nodes; "
                                              "write the data out instead", event.start_mark)
        if self.sizes:
            self.sizes[-1] += self.anchors[name]
        return True


class _Refused(Exception):
    """Raised inside the parser when the guard stops the scan (its problems say why)."""


class _GuardedParser(RoundTripParser):
    """The round-trip parser with a :class:`_Guard` looking at each event the composer takes
    (the loader's ``guard``), so a file is parsed once, checked as it goes."""

    def move_token_comment(self, token: Any, nt: Any = None, empty: Any = False) -> None:
        """Nothing to move: the plain scanner the loader uses gathers no comments."""

    def get_event(self) -> Any:
        """The next event, once the guard has passed it."""
        event = super().get_event()
        if not self.loader.guard.see(event):
            raise _Refused
        return event


def _prescan(text: str, file: str) -> list[Problem]:
    """The guard's refusals for ``text``, from a walk over its events alone (nothing composed
    or constructed; linear in the text, stopping at the first structural refusal). Used on the
    text before a run of brackets too deep to scan cheaply (see :func:`_deep_brackets`)."""
    guard = _Guard(file, text)
    try:
        for event in YAML(typ="rt").parse(io.StringIO(text)):
            if not guard.see(event):
                break
    except YAMLError as exc:
        guard.problems.append(_yaml_error(file, exc, text))
    return guard.problems


def _key_str(key: Any) -> str:
    """Project a mapping key onto a JSON object key."""
    if isinstance(key, (bool, ScalarBoolean)):
        return "true" if key else "false"
    if key is None:
        return "null"
    if isinstance(key, (_dt.date, _dt.datetime)):
        return key.isoformat()
    if isinstance(key, int):
        return str(int(key))
    if isinstance(key, float):
        return repr(float(key))
    return str(key)


def _scalar(value: Any) -> Any:
    """Project a round-trip scalar (``ScalarInt``, ``ScalarBoolean``, dates ...) onto JSON."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, (bool, ScalarBoolean)):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()
    return str(value)


def _pos(lc_call: Any, *args: Any) -> Pos | None:
    try:
        line, col = lc_call(*args)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return line + 1, col + 1


def _own(node: Any, loc: Locator, path: JsonPath) -> Pos:
    """A collection's own position (its first key or item), when the parent gave none."""
    line, col = getattr(node.lc, "line", None), getattr(node.lc, "col", None)
    return (line + 1, col + 1) if line is not None and col is not None else loc.value(path)


def _project(node: Any, path: JsonPath, loc: Locator, aliased: set[int], quiet: bool = False) -> Any:
    """Turn a round-trip tree into plain JSON data, recording positions in ``loc``.

    A collection reached through an alias (its id in ``aliased``) is written, at this path, where
    the alias is: the alias's position is recorded for it, and nothing below it is (``quiet``),
    so every path inside falls back to the alias.
    """
    if isinstance(node, CommentedMap):
        if not quiet:
            loc._values[path] = loc._values.get(path) or _own(node, loc, path)
        here = loc.value(path)
        quiet = quiet or id(node) in aliased
        out: dict[str, Any] = {}
        for k, v in node.items():
            key = _key_str(k)
            sub = (*path, key)
            if not quiet:
                loc._keys[sub] = _pos(node.lc.key, k) or here
                pos = _pos(node.lc.value, k)
                if pos is not None:
                    loc._values[sub] = pos
            out[key] = _project(v, sub, loc, aliased, quiet)
        return out
    if isinstance(node, CommentedSeq):
        if not quiet:
            loc._values[path] = loc._values.get(path) or _own(node, loc, path)
        quiet = quiet or id(node) in aliased
        items = []
        for i, v in enumerate(node):
            sub = (*path, i)
            pos = None if quiet else _pos(node.lc.item, i)
            if pos is not None:
                loc._values[sub] = pos
            items.append(_project(v, sub, loc, aliased, quiet))
        return items
    return _scalar(node)
