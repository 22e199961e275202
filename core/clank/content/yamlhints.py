"""Saying what is wrong with YAML a person wrote, at the place they can fix it.

ruamel.yaml's syntax errors describe the parser's state ("while scanning a quoted scalar:
found unexpected end of stream") at the place it gave up, often the end of the file. The
functions here turn the common mistakes into a message an author can act on, at the place
the mistake is:

- :func:`odd_indentation`: a non-breaking space (or another Unicode space) in a line's
  indentation, usually pasted from a web page or a word processor. YAML sees it as text, so
  the line fails to parse or, worse, becomes part of a key;
- :func:`explain_syntax_error`: an unclosed quote or bracket, reported where it opens,
  including a quoted string that runs on over the lines after it until the next quote.
"""

from __future__ import annotations

import io
import re
import unicodedata

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.tokens import ScalarToken

_ODD_SPACES = "\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff"
_ODD_INDENT = re.compile(rf"^[ \t-]*([{_ODD_SPACES}])", re.M)
"""A line whose indentation (spaces, tabs and ``-`` indicators) runs into an unusual space."""
_SPACE_NAMES = {"\u00a0": "non-breaking space", "\u202f": "narrow non-breaking space",
                "\u200b": "zero-width space", "\ufeff": "zero-width no-break space (a byte order mark)"}
_ENTRY = re.compile(r"\n[ \t]*(?:- +)?[^\s:#\"'][^:\n]*:(?:[ \t]|$)", re.M)
"""A line inside a quoted string that looks like a ``key:`` entry of its own."""
_CLOSERS = {"[": "]", "{": "}"}

Hint = tuple[str, int, int]
"""A message and the 1-based line and column it belongs at."""


def _line_col(text: str, index: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - start + 1


def odd_indentation(text: str, limit: int) -> list[Hint]:
    """Every line (at most ``limit``) indented with a space YAML does not count as one."""
    found: list[Hint] = []
    for m in _ODD_INDENT.finditer(text):
        char = m.group(1)
        line, col = _line_col(text, m.start(1))
        name = _SPACE_NAMES.get(char) or unicodedata.name(char, "unusual space").lower()
        found.append((f"a {name} (U+{ord(char):04X}) is used as indentation at line {line} col {col}: "
                      "use ordinary spaces", line, col))
        if len(found) >= limit:
            break
    return found


def explain_syntax_error(exc: YAMLError, text: str) -> Hint | None:
    """A message at the right place for an unclosed quote or bracket; None for other errors."""
    if not isinstance(exc, MarkedYAMLError):
        return None
    context, problem, mark = str(exc.context or ""), str(exc.problem or ""), exc.context_mark
    at_end = "end of stream" in problem or "<stream end>" in problem
    if mark is not None and "quoted scalar" in context:
        quote = text[mark.index] if mark.index < len(text) else '"'
        return (f"unclosed quote: the string starting here with {quote} never ends (add the closing {quote})",
                mark.line + 1, mark.column + 1)
    if mark is not None and at_end and "flow" in context and mark.index < len(text):
        bracket = text[mark.index]
        if bracket in _CLOSERS:
            return (f"unclosed bracket: the {bracket} here is never closed (add the closing {_CLOSERS[bracket]})",
                    mark.line + 1, mark.column + 1)
    return _runaway_quote(text, exc.problem_mark.index, exc.problem_mark.line) if exc.problem_mark else None


def _runaway_quote(text: str, stop: int, line: int) -> Hint | None:
    """A quoted string ending on the error's (0-based) ``line`` that runs over lines looking
    like entries of their own.

    ``name: "Lamp`` without its closing quote takes the following lines as its text, up to the
    next quote, which it takes as its end; the parser fails just after, on that line.
    """
    suspect = None
    try:
        for token in YAML(typ="rt").scan(io.StringIO(text[:stop])):
            if (isinstance(token, ScalarToken) and token.style in ("'", '"')
                    and token.start_mark.line < token.end_mark.line == line
                    and _ENTRY.search(text, token.start_mark.index, token.end_mark.index)):
                suspect = token
    except YAMLError:
        pass   # the scan stops at the error: what it saw before is enough
    if suspect is None:
        return None
    quote = str(suspect.style)
    start, end = suspect.start_mark, suspect.end_mark
    return (f"unclosed quote: the string starting here with {quote} runs on to line {end.line + 1}, taking the "
            f"lines between as its text (add the closing {quote})", start.line + 1, start.column + 1)
