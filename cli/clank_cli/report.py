"""Reporters for ``clank validate``: the checker finds problems, a reporter prints them.

- ``text``: one line per problem, ``file:line:col: severity[rule]: message (at $.path)``;
  with ``-v``, the offending source line under each problem with a caret at the column (on
  stderr, so stdout stays one parsable line per problem);
- ``json``: one JSON document (``ok``, ``files`` checked, ``problems`` ...) for tools;
- ``github``: GitHub Actions workflow commands, so problems annotate the pull request.

Problems go to stdout; the summary line, notes and ``-v`` details (source lines, what each
target was validated with) go to stderr, each stream flushed line by line so they interleave
in order on a terminal or in ``2>&1``. Source lines are shown with control characters replaced, so a hostile file cannot
drive the terminal.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from clank.content import MAX_BYTES, Problem
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from clank_cli.console import plural
from clank_cli.validation import Result

FORMATS = ("text", "json", "github")
NO_SOURCE_RULES = frozenset({"binary-file", "file-too-large", "unreadable", "missing-manifest", "missing-pack"})
"""Problems whose file is not shown line by line (not text, too big, or not there)."""
_WIDTH = 160
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def problem_text(problem: Problem) -> Text:
    """A problem's line, its severity coloured (never parsed as markup)."""
    line = Text(problem.format_text())
    head = f"{problem.file}:{problem.line}:{problem.col}: "
    line.stylize("red" if problem.is_error else "yellow", len(head), len(head) + len(problem.severity))
    return line


# -- source lines (-v) --------------------------------------------------------------------

class SourceLines:
    """The lines of the files problems point into, read once each (text files only)."""

    def __init__(self) -> None:
        self._files: dict[str, list[str] | None] = {}

    def line(self, file: str, number: int) -> str | None:
        """Line ``number`` (1-based) of ``file``, or None when it cannot be shown."""
        if file not in self._files:
            self._files[file] = self._read(file)
        lines = self._files[file]
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]

    @staticmethod
    def _read(file: str) -> list[str] | None:
        path = Path(file)
        try:
            if not path.is_file() or path.stat().st_size > MAX_BYTES:
                return None
            data = path.read_bytes()
        except OSError:
            return None
        if b"\x00" in data:
            return None
        text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
        return [line.removesuffix("\r") for line in text.split("\n")]


def _printable(text: str) -> str:
    """The line with tabs as one space and control or bidi characters as U+FFFD (same width per char)."""
    return "".join(" " if c == "\t" else "\ufffd" if unicodedata.category(c) == "Cc" or c in _BIDI else c
                   for c in text)


def source_snippet(problem: Problem, sources: SourceLines) -> list[Text]:
    """Two lines showing where ``problem`` is: the source line, and a caret under its column."""
    if problem.rule in NO_SOURCE_RULES:
        return []
    raw = sources.line(problem.file, problem.line)
    if raw is None:
        return []
    text = _printable(raw)
    col = max(1, min(problem.col, len(text) + 1))
    before, shown = "", text
    if len(text) > _WIDTH:   # a long line: a window around the column
        start = max(0, col - 1 - _WIDTH // 2)
        shown = text[start:start + _WIDTH]
        before = "…" if start else ""
        shown = before + shown + ("…" if start + _WIDTH < len(text) else "")
        col = col - start + len(before)
    gutter = str(problem.line)
    source = Text(f"  {gutter} | ", style="dim")
    source.append(shown)
    caret = Text(f"  {' ' * len(gutter)} | ", style="dim")
    caret.append(" " * cell_len(shown[:col - 1]) + "^", style="red" if problem.is_error else "yellow")
    return [source, caret]


# -- reporters ----------------------------------------------------------------------------

def at_level(problem: Problem, strict: bool) -> Problem:
    """The problem as this run counts it: with ``--strict`` a warning is an error."""
    return replace(problem, severity="error") if strict and not problem.is_error else problem


def report_text(result: Result, out: Console, err: Console | None = None, strict: bool = False) -> None:
    """Print every problem, one per line, in file/line/column order (a warning as an error with
    ``strict``); with ``err`` (``-v``), its source line and a caret under it there."""
    sources = SourceLines()
    for p in (at_level(p, strict) for p in result.problems):
        out.print(problem_text(p), soft_wrap=True)
        if err is not None:
            out.file.flush()
            for line in source_snippet(p, sources):
                err.print(line, soft_wrap=True)
            err.file.flush()


def json_document(result: Result, strict: bool = False) -> dict[str, object]:
    """The whole validation as one JSON-ready mapping (``valid`` repeats ``ok``). Each problem keeps
    the ``severity`` its check gave and says its ``level`` in this run (``error`` for a warning
    with ``strict``)."""
    ok = not result.failed(strict)
    doc: dict[str, object] = {"ok": ok, "valid": ok, "strict": strict, "errors": result.errors,
                              "warnings": result.warnings, "files": list(result.files),
                              "targets": [t.to_json() for t in result.targets],
                              "problems": [{**p.to_json(), "level": at_level(p, strict).severity}
                                           for p in result.problems]}
    if result.play is not None:      # --play: the games played and how each failure happened
        doc["play"] = result.play
    return doc


def report_json(result: Result, out: Console, strict: bool = False) -> None:
    """Print one JSON document describing the whole validation."""
    out.file.write(json.dumps(json_document(result, strict), indent=2, sort_keys=True) + "\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(problem: Problem) -> str:
    """``::error file=F,line=L,col=C,title=RULE::message (at $.path)``."""
    level = "error" if problem.is_error else "warning"
    props = ",".join(f"{k}={_escape_property(str(v))}" for k, v in (
        ("file", problem.file), ("line", problem.line), ("col", problem.col), ("title", problem.rule)))
    return f"::{level} {props}::{_escape_data(f'{problem.message} (at {problem.path})')}"


def report_github(result: Result, out: Console, strict: bool = False) -> None:
    """Print one workflow command per problem (a warning as an error with ``strict``)."""
    for p in result.problems:
        out.file.write(github_line(at_level(p, strict)) + "\n")


def summary_line(result: Result, strict: bool = False) -> str:
    """``catacombs: 0 errors, 0 warnings: valid`` or ``mypack: 2 errors, 1 warning: invalid``."""
    names = ", ".join(t.spec for t in result.targets)
    counts = f"{plural(result.errors, 'error')}, {plural(result.warnings, 'warning')}"
    verdict = "invalid" if result.failed(strict) else "valid"
    if strict and result.warnings and not result.errors:
        verdict += " (warnings count as errors with --strict)"
    return f"{names}: {counts}: {verdict} ({plural(len(result.files), 'file')} checked)"


def report_details(result: Result, err: Console) -> None:
    """``-v``: what each target is, what it was validated with, and its own count of problems."""
    def say(text: str) -> None:
        err.print(text, markup=False, highlight=False, soft_wrap=True)

    for t in result.targets:
        say(t.describe())
        say(f"  code of: core{''.join(', ' + c for c in t.code_packs)}")
        if t.with_packs:
            say("  validated with: " + ", ".join(t.with_packs))
        found = result.by_target.get(t.spec, [])
        n_err = sum(p.is_error for p in found)
        say(f"  {plural(n_err, 'error')}, {plural(len(found) - n_err, 'warning')}")


REPORTERS: dict[str, Callable[[Result, Console, bool], None]] = {"github": report_github}


def report(result: Result, fmt: str, out: Console, err: Console, *, strict: bool = False,
           verbose: bool = False) -> None:
    """Print a validation result in ``fmt`` on ``out``; details, notes and the summary on ``err``."""
    if verbose:
        report_details(result, err)
    if fmt == "json":
        report_json(result, out, strict)
    elif fmt == "text":
        report_text(result, out, err if verbose else None, strict)
    else:
        REPORTERS[fmt](result, out, strict)
    for note in result.notes:
        err.print(note, markup=False, highlight=False, soft_wrap=True)
    style = "red" if result.failed(strict) else "green"
    err.print(summary_line(result, strict), markup=False, highlight=False, style=style, soft_wrap=True)
