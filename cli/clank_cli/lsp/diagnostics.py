"""A validator's problem as an editor's diagnostic.

The validator places a problem at a line and column (1-based, in characters); the editor wants a
range (0-based, in UTF-16 code units, the protocol's default). The range covers the word the
problem starts at: a key, a plain scalar, a quoted string with its quotes, or a single
character when none starts there. The message, the rule id (the diagnostic's ``code``) and the
severity are the problem's own, as ``clank validate`` prints them; the JSON path goes in
``data``.
"""

from __future__ import annotations

from clank.content import Problem
from lsprotocol import types as lsp

SOURCE = "clank"
"""The diagnostics' source, which code actions recognise as their own."""
_STOPS = set(" \t,[]{}#")


def utf16_column(line: str, index: int) -> int:
    """The UTF-16 offset of character ``index`` of ``line``."""
    return len(line[:index].encode("utf-16-le")) // 2


def char_index(line: str, column: int) -> int:
    """The character index of UTF-16 offset ``column`` in ``line`` (clamped to the line)."""
    units = 0
    for index, char in enumerate(line):
        if units >= column:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def word_end(line: str, start: int) -> int:
    """Where the word starting at character ``start`` of ``line`` ends (exclusive); one past
    ``start`` when none starts there (a sign, a blank, the end of the line)."""
    if start >= len(line):
        return start + 1
    quote = line[start]
    if quote in "'\"":
        close = line.find(quote, start + 1)
        return close + 1 if close > 0 else len(line)
    end = start
    while end < len(line) and line[end] not in _STOPS:
        if line[end] == ":" and (end + 1 == len(line) or line[end + 1] in " \t"):
            break
        end += 1
    return end if end > start else start + 1


def problem_range(problem: Problem, lines: list[str]) -> lsp.Range:
    """The range of the word ``problem`` points at (a single character when there is none)."""
    row = max(problem.line - 1, 0)
    line = lines[row] if row < len(lines) else ""
    start = min(max(problem.col - 1, 0), len(line))
    end = word_end(line, start)   # one past the line when the problem is at its end
    end_column = utf16_column(line, min(end, len(line))) + max(0, end - len(line))
    return lsp.Range(lsp.Position(row, utf16_column(line, start)), lsp.Position(row, end_column))


def to_diagnostic(problem: Problem, lines: list[str]) -> lsp.Diagnostic:
    """The diagnostic of one problem, in the file whose lines are ``lines``."""
    severity = lsp.DiagnosticSeverity.Error if problem.is_error else lsp.DiagnosticSeverity.Warning
    return lsp.Diagnostic(range=problem_range(problem, lines), message=problem.message, severity=severity,
                          code=problem.rule, source=SOURCE, data={"path": problem.path})
