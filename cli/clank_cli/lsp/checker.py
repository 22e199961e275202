"""One pack validated as ``clank validate`` does, with the editor's unsaved text.

:class:`PackChecker` keeps the registries built from the installed packs' code between checks,
and a :class:`~clank.content.memo.ContentMemo` of what each check found: after a keystroke only
the changed file is parsed and checked against its schema and only its entries are walked for
references; the checks across files then run over the kept parts, so the problems are those of
a full ``clank validate``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from clank.api import PackLoadError
from clank.content import ContentMemo, Overlay, PackData, Problem, overlay_key
from clank.scenarios import load_file

from clank_cli.errors import UsageError
from clank_cli.validation import Registries, validate


@dataclass
class PackReport:
    """What checking a pack found: its problems by file (:func:`overlay_key` of each), the files
    it read, the packs as read (the pack and those it requires) and why it could not be checked
    at all (``fault``, an environment problem)."""

    directory: Path
    files: list[str] = field(default_factory=list)
    problems: dict[str, list[Problem]] = field(default_factory=dict)
    content: list[PackData] = field(default_factory=list)
    fault: str | None = None


class PackChecker:
    """Validates packs with unsaved text, the registries of the packs' code built once."""

    def __init__(self) -> None:
        self.registries = Registries(ContentMemo())

    def check(self, directory: Path, overlay: Overlay) -> PackReport:
        """Validate the pack in ``directory`` (and the packs it requires, as ``clank validate``
        does); its problems are those ``clank validate DIRECTORY`` prints."""
        report = PackReport(directory)
        try:
            result = validate([str(directory)], overlay, self.registries)
        except (PackLoadError, UsageError) as exc:   # a pack fails to load; the directory is gone
            report.fault = exc.message if isinstance(exc, UsageError) else str(exc)
            return report
        by_file: dict[str, list[Problem]] = defaultdict(list)
        for problem in result.problems:
            by_file[overlay_key(problem.file)].append(problem)
        report.problems = dict(by_file)
        report.files = [overlay_key(f) for f in result.files]
        report.content = result.content
        return report

    def check_scenarios(self, path: Path, overlay: Overlay) -> tuple[list[Problem], str | None]:
        """The problems ``clank pack test`` finds in a scenario file before it runs it (YAML, its
        schema, the ids it names, the packs it plays), with its unsaved text; and why it could not
        be checked at all (an environment problem)."""
        try:
            return load_file(path, label=str(path), overlay=overlay).problems, None
        except PackLoadError as exc:
            return [], str(exc)
