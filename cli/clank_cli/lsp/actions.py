"""The did-you-mean fixes of the validator's problems, as code actions.

A problem that names a misspelt word and proposes another ends ``(did you mean 'word'?)``; its
first quoted word is the one written (``unknown op 'drw' (did you mean 'draw'?)``). The fix
replaces that word where the diagnostic points (or, when the diagnostic covers something larger,
its first occurrence on the diagnostic's line) by the proposed one, keeping any quotes around it.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from clank_cli.lsp.diagnostics import SOURCE, char_index, utf16_column

_PROPOSAL = re.compile(r"\(did you mean '([^']+)'\?\)")
_WRITTEN = re.compile(r"'([^']+)'")


def proposal(message: str) -> tuple[str, str] | None:
    """(the word written, the word proposed) of a did-you-mean message, or None."""
    proposed = _PROPOSAL.search(message)
    if proposed is None:
        return None
    written = _WRITTEN.search(message[:proposed.start()])
    return (written.group(1), proposed.group(1)) if written else None


def _word_range(line: str, row: int, diagnostic: lsp.Diagnostic, word: str) -> lsp.Range | None:
    """Where ``word`` is on ``line``: inside the diagnostic's range (quotes aside), else its first
    occurrence on the line as a whole word."""
    start = char_index(line, diagnostic.range.start.character)
    end = char_index(line, diagnostic.range.end.character) if diagnostic.range.end.line == row else len(line)
    covered = line[start:end]
    if covered.strip("'\"") == word:
        start += len(covered) - len(covered.lstrip("'\""))
    else:
        found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line)
        if found is None:
            return None
        start = found.start()
    return lsp.Range(lsp.Position(row, utf16_column(line, start)), lsp.Position(row, utf16_column(line, start + len(word))))


def fixes(uri: str, lines: list[str], diagnostics: list[lsp.Diagnostic]) -> list[lsp.CodeAction]:
    """A quick fix for each of ``diagnostics`` (the server's own) that proposes a word."""
    actions = []
    for diagnostic in diagnostics:
        words = proposal(diagnostic.message) if diagnostic.source == SOURCE else None
        row = diagnostic.range.start.line
        if words is None or row >= len(lines):
            continue
        written, proposed = words
        where = _word_range(lines[row], row, diagnostic, written)
        if where is None:
            continue
        edit = lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(range=where, new_text=proposed)]})
        actions.append(lsp.CodeAction(title=f"Change '{written}' to '{proposed}'", kind=lsp.CodeActionKind.QuickFix,
                                      diagnostics=[diagnostic], edit=edit, is_preferred=True))
    return actions
