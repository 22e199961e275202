"""What a YAML parser stopped at, as facts the hints can read, and how to show text in a message.

ruamel.yaml's errors (:class:`~ruamel.yaml.error.MarkedYAMLError` and its subclasses) carry a
*problem* ("expected ',' or ']', but got '}'"), a *context* ("while parsing a flow sequence")
and two marks: where the problem is, and where the thing being read began (the ``[`` of the
flow sequence, the quote of a string). :class:`Slip` holds them with the text, its lines and,
on demand, the tokens ruamel's scanner reads from the text, so the hints
(:mod:`clank.content.yamlhints` and the modules it calls) can see what stands around the place
the parser gave up. The functions below show text in a message: a short excerpt in backticks, a
value in quotes.
"""

from __future__ import annotations

import bisect
import io
import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeGuard

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.tokens import (
    FlowMappingEndToken,
    FlowMappingStartToken,
    FlowSequenceEndToken,
    FlowSequenceStartToken,
    ScalarToken,
    Token,
)

Hint = tuple[str, int, int]
"""A message and the 1-based line and column it belongs at."""

OPENERS = {FlowSequenceStartToken: "[", FlowMappingStartToken: "{"}
CLOSERS = {FlowSequenceEndToken: "]", FlowMappingEndToken: "}"}
CLOSER_OF = {"[": "]", "{": "}"}
OPENER_OF = {"]": "[", "}": "{"}
_FOUND = re.compile(r"""but (?:found|got) \(?(['"])(.*?)\1""")
_COMMENT = re.compile(r"(?:^|\s)#")


LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What YAML (and ruamel's marks) count as the end of a line."""


def split_lines(text: str) -> tuple[list[str], list[int]]:
    """The lines of ``text`` as YAML counts them (without their line breaks), and the index
    each starts at: a mark's 0-based ``line`` indexes both."""
    lines, starts, start = [], [0], 0
    for m in LINE_BREAK.finditer(text):
        lines.append(text[start:m.start()])
        start = m.end()
        starts.append(start)
    lines.append(text[start:])
    return lines, starts


class Slip:
    """One YAML syntax error and the text it was found in.

    ``at`` is the problem's mark (0-based ``line``, ``column`` and ``index``), ``opened`` the
    context's (where the collection, string or key being read began); either may be None.
    """

    def __init__(self, exc: MarkedYAMLError, text: str) -> None:
        self.exc = exc
        self.text = text
        self.problem = " ".join(str(exc.problem or "").split())
        self.context = " ".join(str(exc.context or "").split())
        self.at = exc.problem_mark
        self.opened = exc.context_mark
        self.lines, self.starts = split_lines(text)
        self._seen: list[Token] = []
        self._scanner: Iterator[Token] | None = None

    @property
    def index(self) -> int:
        """Where the problem is in the text (the context's place when it has none)."""
        mark = self.at or self.opened
        return min(mark.index, len(self.text)) if mark is not None else 0

    def says(self, *words: str) -> bool:
        """Whether the problem or the context holds any of ``words``."""
        return any(w in self.problem or w in self.context for w in words)

    def found(self) -> str | None:
        """What the parser found where it gave up, as it names it (``]``, ``<scalar>``,
        ``<block mapping start>`` ...), when the problem says."""
        m = _FOUND.search(self.problem)
        return m.group(2) if m else None

    def char(self, index: int) -> str:
        """The character at ``index`` ('' past the end)."""
        return self.text[index] if 0 <= index < len(self.text) else ""

    def line(self, number: int) -> str:
        """The text of the 0-based line ``number`` ('' past the end), without its line break."""
        return self.lines[number] if 0 <= number < len(self.lines) else ""

    def indent(self, number: int) -> int:
        """How many blanks start the 0-based line ``number``."""
        line = self.line(number)
        return len(line) - len(line.lstrip())

    def line_of(self, index: int) -> int:
        """The 0-based line ``index`` is on."""
        return bisect.bisect_right(self.starts, index) - 1

    def col_of(self, index: int) -> int:
        """The 0-based column of ``index``."""
        return index - self.starts[self.line_of(index)]

    def hint(self, message: str, index: int) -> Hint:
        """``message`` placed at ``index``."""
        return message, self.line_of(index) + 1, self.col_of(index) + 1

    def place(self, index: int, line: int | None = None) -> str:
        """Where ``index`` is, as a message names it: ``col 7`` on ``line`` (0-based), else ``line 4 col 7``."""
        n = self.line_of(index)
        return f"col {self.col_of(index) + 1}" if n == line else f"line {n + 1} col {self.col_of(index) + 1}"

    def tokens(self) -> Iterator[Token]:
        """The tokens ruamel's scanner reads from the text, in order, up to the first error of the
        scanner (a parser's error does not stop it: a ``}`` where a ``]`` belongs is still a
        token). They are read as far as asked, once."""
        i = 0
        while i < len(self._seen) or self._read_one():
            yield self._seen[i]
            i += 1

    def _read_one(self) -> bool:
        if self._scanner is None:
            self._scanner = iter(YAML(typ="safe", pure=True).scan(io.StringIO(self.text)))
        try:
            self._seen.append(next(self._scanner))
        except (StopIteration, YAMLError):   # the tokens before the scanner's own error are what the hints read
            self._scanner = iter(())
            return False
        return True

    def tokens_before(self, index: int) -> list[Token]:
        """The tokens that start before ``index``."""
        return list(itertools.takewhile(lambda t: t.start_mark.index < index, self.tokens()))

    def token_at(self, index: int) -> Token | None:
        """The first token that starts at ``index`` or after it."""
        return next((t for t in self.tokens() if t.start_mark.index >= index), None)

    def content_before(self, index: int) -> Token | None:
        """The last token before ``index`` that has text of its own (not the scanner's marks of
        where blocks and keys start and end, which take no room)."""
        for token in reversed(self.tokens_before(index)):
            if token.end_mark.index > token.start_mark.index:
                return token
        return None

    def open_brackets(self, index: int) -> list[Token]:
        """The ``[`` and ``{`` tokens still open at ``index``, outermost first (a closer closes
        the innermost, whichever bracket it is)."""
        stack: list[Token] = []
        for token in self.tokens_before(index):
            if type(token) in OPENERS:
                stack.append(token)
            elif type(token) in CLOSERS and stack:
                stack.pop()
        return stack

    def closing(self, opener: Token) -> Token | None:
        """The bracket token that closes ``opener`` (the next closer at its depth), if any."""
        depth = 0
        for token in self.tokens():
            if token.start_mark.index <= opener.start_mark.index:
                continue
            if type(token) in OPENERS:
                depth += 1
            elif type(token) in CLOSERS:
                if depth == 0:
                    return token
                depth -= 1
        return None

    def content_end(self, number: int) -> int:
        """The index just after the last character of 0-based line ``number`` that is not a
        comment or trailing space."""
        if not 0 <= number < len(self.lines):
            return len(self.text)
        start, line = self.starts[number], self.lines[number]
        m = _COMMENT.search(line)
        return start + len(line[:m.start() if m else len(line)].rstrip())

    def edited(self, start: int, end: int, new: str) -> str:
        """The line of ``start``, without its indentation and comment, with ``text[start:end]``
        replaced by ``new``: an excerpt around the change, to show a fix."""
        n = self.line_of(start)
        line_start, line = self.starts[n], self.line(n)
        cut = max(self.content_end(n) - line_start, end - line_start)
        indent = self.indent(n)
        fixed = line[indent:start - line_start] + new + line[end - line_start:cut]
        return excerpt(fixed, start - line_start - indent)

    def last_content_line(self, before: int) -> int:
        """The last 0-based line before line ``before`` holding more than blanks and comments
        (-1 when there is none)."""
        for n in range(min(before, len(self.lines)) - 1, -1, -1):
            stripped = self.lines[n].strip()
            if stripped and not stripped.startswith("#"):
                return n
        return -1


def flow_brackets(text: str, start: int) -> list[tuple[str, int]]:
    """The brackets of ``text`` from ``start`` on (each with its index), read as YAML reads them inside brackets: not
    those in quoted strings or comments. (Once a bracket is closed with the wrong kind, the
    scanner's tokens no longer follow the author's brackets: it counts brackets, not kinds.)"""
    found: list[tuple[str, int]] = []
    quote = ""
    i, n = start, len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == quote:
                if quote == "'" and text.startswith("'", i + 1):
                    i += 1
                else:
                    quote = ""
            elif c == "\\" and quote == '"':
                i += 1
        elif c in "[]{}":
            found.append((c, i))
        elif c in "'\"" and (i == 0 or text[i - 1] in " \t\n[{,:"):
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] in " \t\n\r,[{"):
            end = LINE_BREAK.search(text, i)
            i = n if end is None else end.start()
            continue
        i += 1
    return found


def first_hint(slip: Slip, checks: Sequence[Callable[[Slip], Hint | None]]) -> Hint | None:
    """The hint of the first of ``checks`` that knows the slip, None when none does."""
    for check in checks:
        hint = check(slip)
        if hint is not None:
            return hint
    return None


def bracket(token: Any) -> str:
    """The bracket a flow token is (``[``, ``]``, ``{`` or ``}``), '' for other tokens."""
    return OPENERS.get(type(token)) or CLOSERS.get(type(token)) or ""


def is_quoted(token: Any) -> TypeGuard[ScalarToken]:
    """Whether ``token`` is a string written in quotes."""
    return isinstance(token, ScalarToken) and token.style in ("'", '"')


def excerpt(text: str, focus: int = 0, limit: int = 60) -> str:
    """``text`` in backticks, cut to about ``limit`` characters around index ``focus``."""
    text = text.strip("\r\n")
    if len(text) > limit:
        start = max(0, min(focus - limit // 2, len(text) - limit))
        end = start + limit
        text = ("…" if start > 0 else "") + text[start:end].strip() + ("…" if end < len(text) else "")
    return f"`{text}`"


def quoted(value: str) -> str:
    """``value`` written as a YAML string in quotes: double quotes when nothing in it needs an
    escape there, else single quotes when it holds no ``'``, else double quotes with escapes."""
    if '"' not in value and "\\" not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return json.dumps(value, ensure_ascii=False)


def spaces(n: int) -> str:
    """``1 space``, ``4 spaces``."""
    return f"{n} space" + ("" if n == 1 else "s")


def char_name(char: str) -> str:
    """A character as a message names it: ``a tab``, ``the end of the file``, ``]``."""
    names = {"\t": "a tab", "": "the end of the file", "\n": "the end of the line", "\r": "the end of the line",
             " ": "a space", "'": "a ' quote", '"': 'a " quote', "`": "a backtick (`)"}
    return names.get(char, f"`{char}`")
