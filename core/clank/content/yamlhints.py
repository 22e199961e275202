"""Saying what is wrong with YAML a person wrote, at the place they can fix it.

ruamel.yaml's syntax errors describe the parser's state ("while scanning a quoted scalar:
found unexpected end of stream") at the place it gave up, often the end of the file. The
functions here turn the common mistakes into a message an author can act on, at the place
the mistake is:

- :func:`odd_indentation`: a non-breaking space (or another Unicode space) in a line's
  indentation, usually pasted from a web page or a word processor. YAML sees it as text, so
  the line fails to parse or, worse, becomes part of a key;
- :func:`explain_syntax_error`: an unclosed quote or bracket, reported where it opens (also a
  bracket left open at the end of its line, which the parser only notices on a later line), a
  quoted string that runs on over the lines after it until the next quote, and a key or list item
  indented off the line of its neighbours (which one, by how much).
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
    flow = _unclosed_flow(exc, text)
    if flow is not None:
        return flow
    runaway = _runaway_quote(text, exc.problem_mark.index, exc.problem_mark.line) if exc.problem_mark else None
    return runaway or _out_of_line(exc, text)


def _unclosed_flow(exc: MarkedYAMLError, text: str) -> Hint | None:
    """A ``[`` or ``{`` left open at the end of its line: the parser only fails on a later line
    (``expected ',' or ']'``), so it is reported where it opens, saying what to add."""
    mark, problem = exc.context_mark, exc.problem_mark
    if mark is None or problem is None or "flow" not in str(exc.context or "") or mark.index >= len(text):
        return None
    bracket = text[mark.index]
    if bracket not in _CLOSERS or problem.line <= mark.line:
        return None
    closer = _CLOSERS[bracket]
    end = text.find("\n", mark.index)
    line = text[mark.index:end if end >= 0 else len(text)].split(" #", 1)[0].rstrip()
    return (f"unclosed bracket: the {bracket} here is never closed: add {closer} at the end of the line "
            f"(`{line}{closer}`), or before the next entry on line {problem.line + 1}", mark.line + 1, mark.column + 1)


_KEY_LINE = re.compile(r"^( *)(- +)*([^\s#:\-][^:#]*?|-[^\s][^:#]*?):(?:\s|$)")
"""A line that starts a mapping entry (``key:``), maybe after list dashes."""
_BLOCK_ERRORS = ("expected <block end>", "mapping values are not allowed", "could not find expected ':'",
                 "expected <block mapping start>")


def _indent_of(line: str) -> tuple[int, int, str] | None:
    """(column of its list dash or -1, column of its key or -1, the key) of a line that starts a
    list item or a mapping entry; None for blank lines, comments and continued text."""
    stripped = line.lstrip(" ")
    dash = len(line) - len(stripped) if stripped.startswith("- ") or stripped == "-" else -1
    m = _KEY_LINE.match(line)
    if m is not None:
        return dash, len(line) - len(line.lstrip(" -")), m.group(3).strip()
    return (dash, -1, "") if dash >= 0 else None


def _out_of_line(exc: MarkedYAMLError, text: str) -> Hint | None:
    """A key or list item indented off the line of its neighbours: which one, and by how much. Only
    when the parser stopped where that line's key or item starts (or just after its key)."""
    problem = exc.problem_mark
    if problem is None or not any(e in str(exc.problem or "") for e in _BLOCK_ERRORS):
        return None
    lines = text.split("\n")
    number = problem.line
    here = _indent_of(lines[number]) if 0 <= number < len(lines) else None
    if here is None or problem.column not in (here[0], here[1], here[1] + len(here[2])):
        return None
    dash, key, name = here
    item = dash >= 0
    for n in range(number - 1, -1, -1):            # the nearest line above of the same kind
        above = _indent_of(lines[n])
        if above is None or (above[0] if item else above[1]) < 0:
            continue
        col, col_above = (dash, above[0]) if item else (key, above[1])
        if col == col_above:
            return None
        shown, other = ("this list item", "the list item") if item else (f"key {name!r}", f"{above[2]!r}")
        how = "more" if col > col_above else "less"
        fix = "line it up with the items of its list" if item else "line it up with the keys of its mapping"
        if col > col_above and not item:
            fix += f", or end {other} with a colon alone to start a mapping under it"
        return (f"{shown} is out of line: indented {how} ({_spaces(col)}) than {other} on line {n + 1} "
                f"({_spaces(col_above)}): {fix}", number + 1, col + 1)
    return None


def _spaces(n: int) -> str:
    return f"{n} space" + ("" if n == 1 else "s")


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
