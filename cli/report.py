"""Reporters for ``clank validate``: the checker finds problems, a reporter prints them.

- ``text``: one line per problem, ``file:line:col: severity[rule]: message (at $.path)``;
- ``json``: one JSON document (``valid``, counts, targets, problems) for tools;
- ``github``: GitHub Actions workflow commands, so problems annotate the pull request.

Problems go to stdout; the summary line (and ``-v`` details) go to stderr.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from clank.cli.console import plural
from clank.cli.validation import Result
from clank.problems import Problem
from rich.console import Console
from rich.text import Text

FORMATS = ("text", "json", "github")


def problem_text(problem: Problem) -> Text:
    """A problem's line, its severity coloured (never parsed as markup)."""
    line = Text(problem.format_text())
    head = f"{problem.file}:{problem.line}:{problem.col}: "
    line.stylize("red" if problem.is_error else "yellow", len(head), len(head) + len(problem.severity))
    return line


def report_text(result: Result, out: Console) -> None:
    """Print every problem, one per line, in file/line/column order."""
    for p in result.problems:
        out.print(problem_text(p), soft_wrap=True)


def report_json(result: Result, out: Console, strict: bool = False) -> None:
    """Print one JSON document describing the whole validation."""
    doc = {"valid": not result.failed(strict), "strict": strict, "errors": result.errors,
           "warnings": result.warnings, "targets": [t.to_json() for t in result.targets],
           "problems": [p.to_json() for p in result.problems]}
    out.file.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")


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


def report_github(result: Result, out: Console) -> None:
    """Print one workflow command per problem."""
    for p in result.problems:
        out.file.write(github_line(p) + "\n")


def summary_line(result: Result, strict: bool = False) -> str:
    """``catacombs: valid`` or ``mypack: 2 errors, 1 warning: invalid``."""
    names = ", ".join(t.pack_id if t.kind != "file" else str(t.path) for t in result.targets)
    counts = f"{plural(result.errors, 'error')}, {plural(result.warnings, 'warning')}"
    verdict = "invalid" if result.failed(strict) else "valid"
    if strict and result.warnings and not result.errors:
        verdict += " (warnings count as errors with --strict)"
    return f"{names}: {counts}: {verdict}"


def report_details(result: Result, err: Console) -> None:
    """``-v``: what each target was validated with, and its own count of problems."""
    for t in result.targets:
        err.print(f"{t.spec}: {t.kind} {'file of kind' if t.kind == 'file' else 'pack'} {t.pack_id!r} at {t.path}",
                  markup=False, highlight=False, soft_wrap=True)
        err.print(f"  code of: core{''.join(', ' + c for c in t.code_packs)}", markup=False, highlight=False,
                  soft_wrap=True)
        if t.with_dirs:
            err.print("  validated with: " + ", ".join(str(d) for d in t.with_dirs), markup=False,
                      highlight=False, soft_wrap=True)
        found = result.by_target.get(t.spec, [])
        n_err = sum(p.is_error for p in found)
        err.print(f"  {plural(n_err, 'error')}, {plural(len(found) - n_err, 'warning')}", markup=False,
                  highlight=False, soft_wrap=True)


REPORTERS: dict[str, Callable[..., None]] = {"text": report_text, "github": report_github}


def report(result: Result, fmt: str, out: Console, err: Console, *, strict: bool = False,
           verbose: bool = False) -> None:
    """Print a validation result in ``fmt`` on ``out``, details and the summary on ``err``."""
    if verbose:
        report_details(result, err)
    if fmt == "json":
        report_json(result, out, strict)
    else:
        REPORTERS[fmt](result, out)
    style = "red" if result.failed(strict) else "green"
    err.print(summary_line(result, strict), markup=False, highlight=False, style=style, soft_wrap=True)
