"""Go to definition of an id (in the pack's files or an installed pack's data) and find its
references in the files of the pack being edited."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from clank.content import Overlay
from lsprotocol import types as lsp

from clank_cli.lsp.catalog import Definition
from clank_cli.lsp.diagnostics import utf16_column
from clank_cli.lsp.documents import text_lines, uri_of


def definition_location(definition: Definition, overlay: Overlay) -> lsp.Location:
    """Where the id's ``id:`` value is written."""
    lines = text_lines(definition.file, overlay)
    row = definition.line - 1
    line = lines[row] if row < len(lines) else ""
    start = utf16_column(line, definition.col - 1)
    end = utf16_column(line, min(len(line), definition.col - 1 + len(definition.id)))
    if line[definition.col - 1:definition.col - 1 + 1] in ("'", '"'):
        start, end = start + 1, end + 1
    return lsp.Location(uri_of(definition.file), lsp.Range(lsp.Position(row, start), lsp.Position(row, end)))


def references(word: str, files: Iterable[str], overlay: Overlay) -> list[lsp.Location]:
    """Every place ``word`` is written as a whole word (an id between signs, not a part of a
    longer id) in ``files``, their unsaved text when the editor has it."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    found = []
    for file in files:
        if Path(file).suffix.lower() not in (".yaml", ".yml"):
            continue
        for row, line in enumerate(text_lines(file, overlay)):
            code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
            for match in pattern.finditer(code):
                found.append(lsp.Location(uri_of(file), lsp.Range(
                    lsp.Position(row, utf16_column(line, match.start())), lsp.Position(row, utf16_column(line, match.end())))))
    return found
