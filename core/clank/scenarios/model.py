"""What a scenario file holds once loaded, and what running a scenario found.

A :class:`Scenario` keeps its part of the file as plain data with the file's
:class:`~clank.content.locator.Locator`, so every key can be reported at its own line; a
:class:`Failure` is a :class:`~clank.content.problems.Problem` (``file:line:col: error[rule]:
message (at $.path)``) plus the lines saying what the engine showed instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank.content.locator import JsonPath, Locator
from clank.content.problems import Problem, format_path

PASSED, FAILED, XFAILED, XPASSED = "passed", "failed", "xfailed", "xpassed"
"""The outcomes of a scenario: it held; it did not; it did not and is marked ``xfail``; it held
although marked ``xfail`` (which fails a run: the mark is out of date)."""


@dataclass(frozen=True)
class Where:
    """A place in a scenario file: the file's locator and a JSON path inside it."""

    locator: Locator
    path: JsonPath

    def __truediv__(self, key: str | int) -> Where:
        return Where(self.locator, (*self.path, key))

    def problem(self, rule: str, message: str, *, key: bool = False) -> Problem:
        """A problem at this place (at the key itself with ``key``, else at its value)."""
        line, col = self.locator.key(self.path) if key else self.locator.value(self.path)
        return Problem(self.locator.file, line, col, "error", rule, message, format_path(self.path))

    @property
    def line(self) -> int:
        return self.locator.value(self.path)[0]


@dataclass(frozen=True)
class Step:
    """One when/then pair: the actions (each with its place) and the expectations' place."""

    when: list[tuple[Any, Where]]
    then: dict[str, Any]
    then_at: Where


@dataclass
class Scenario:
    """One scenario of a file, ready to run."""

    name: str
    file: str
    index: int                          # its position in the file's list
    at: Where                           # the scenario's mapping in the file
    packs: list[str]                    # pack specs the game loads (directories absolute)
    given: dict[str, Any]
    steps: list[Step]
    rules: list[str] = field(default_factory=list)
    xfail: str | None = None

    @property
    def line(self) -> int:
        """The line where the scenario starts."""
        return self.at.line

    @property
    def nodeid(self) -> str:
        """``file::name`` (as pytest names a test)."""
        return f"{self.file}::{self.name}"


@dataclass
class ScenarioFile:
    """A loaded file: its scenarios, and the problems that keep the file (or some of its
    scenarios) from running. A scenario with a problem is left out of ``scenarios``."""

    path: Path
    label: str
    scenarios: list[Scenario] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class Failure:
    """Why a scenario failed: where (a problem line) and what the engine showed instead."""

    problem: Problem
    shown: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The problem's line, then each line of what was shown, indented."""
        return [self.problem.format_text(), *(f"    {line}" for line in self.shown)]


@dataclass
class ScenarioResult:
    """What running one scenario found."""

    scenario: Scenario
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def outcome(self) -> str:
        """:data:`PASSED`, :data:`FAILED`, :data:`XFAILED` or :data:`XPASSED`."""
        if self.scenario.xfail is not None:
            return XFAILED if self.failures else XPASSED
        return FAILED if self.failures else PASSED

    @property
    def ok(self) -> bool:
        """Whether the outcome lets a run pass (passed, or failed as expected)."""
        return self.outcome in (PASSED, XFAILED)


class ScenarioFailed(AssertionError):
    """Raised by :func:`clank.scenarios.check` (and so by the pytest plugin) for a scenario that
    did not hold; its text is every failure with what the engine showed."""

    def __init__(self, result: ScenarioResult) -> None:
        self.result = result
        lines = [line for f in result.failures for line in f.lines()]
        if result.outcome == XPASSED:
            lines = [f"{result.scenario.file}:{result.scenario.line}: scenario {result.scenario.name!r} passed "
                     f"but is marked xfail ({result.scenario.xfail}): remove the mark"]
        super().__init__("\n".join(lines))
