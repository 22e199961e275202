"""The word under the editor's cursor: an id, an op or another name (letters, digits, ``_``, ``-``)."""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from clank_cli.lsp.diagnostics import char_index, utf16_column

_WORD = re.compile(r"[\w-]+")


def word_at(lines: list[str], position: lsp.Position) -> tuple[str, lsp.Range] | None:
    """The word the cursor is in or just after, and its range; None on a blank or a sign."""
    if position.line >= len(lines):
        return None
    line = lines[position.line]
    cursor = char_index(line, position.character)
    for found in _WORD.finditer(line):
        if found.start() <= cursor <= found.end():
            start, end = found.span()
            return found.group(), lsp.Range(lsp.Position(position.line, utf16_column(line, start)),
                                            lsp.Position(position.line, utf16_column(line, end)))
    return None


def prefix_at(lines: list[str], position: lsp.Position) -> tuple[str, str]:
    """(the text of the line before the word being typed, the word typed so far)."""
    if position.line >= len(lines):
        return "", ""
    line = lines[position.line]
    before = line[:char_index(line, position.character)]
    typed = re.search(r"[\w-]*$", before)
    word = typed.group() if typed else ""
    return before[:len(before) - len(word)], word
