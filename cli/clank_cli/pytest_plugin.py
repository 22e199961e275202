"""The pytest plugin of scenario files: ``pytest --clank-scenarios DIR``.

Registered through the ``pytest11`` entry point of the engine's distribution, so installing
the engine is all a pack's CI needs. Each scenario of ``DIR/**/*.yaml`` is one test item,
named ``file::scenario``; a failure shows every mismatch at its ``file:line:col`` with what
the engine showed instead, a scenario marked ``xfail`` is a strict xfail, and a file whose
problems keep scenarios from running gets one failing item, ``file::problems``, listing them.
The option may be repeated; the folders are collected along with the usual test paths.

Nothing of the engine is imported until a scenario folder is asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _pytest._code.code import TerminalRepr

OPTION = "--clank-scenarios"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--clank-scenarios DIR``."""
    parser.getgroup("clank").addoption(
        OPTION, action="append", default=[], metavar="DIR",
        help="run the scenario files (*.yaml) of this folder as tests (repeatable): each scenario one item")


def _folders(config: pytest.Config) -> list[Path]:
    return [Path(d).resolve() for d in config.getoption("clank_scenarios") or []]


def pytest_configure(config: pytest.Config) -> None:
    """Collect the scenario folders along with the test paths."""
    for folder in _folders(config):
        if not folder.is_dir():
            raise pytest.UsageError(f"{OPTION} {folder}: not a folder")
        if str(folder) not in config.args:
            config.args.append(str(folder))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A ``*.yaml`` file under a scenario folder is a file of scenarios."""
    if file_path.suffix != ".yaml":
        return None
    folders = _folders(parent.config)
    if not any(file_path.resolve().is_relative_to(f) for f in folders):
        return None
    return ScenarioYamlFile.from_parent(parent, path=file_path)


class ScenarioYamlFile(pytest.File):
    """One scenario file: an item per scenario, and one for its problems if it has any."""

    def collect(self) -> Any:
        from clank.scenarios import load_file

        loaded = load_file(self.path, label=self._label())
        for scenario in loaded.scenarios:
            item = ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario)
            if scenario.xfail is not None:
                item.add_marker(pytest.mark.xfail(reason=scenario.xfail, strict=True, raises=AssertionError))
            yield item
        if loaded.problems:
            yield ProblemsItem.from_parent(self, name="problems", problems=loaded.problems)

    def _label(self) -> str:
        try:
            return self.path.resolve().relative_to(Path(self.config.rootpath).resolve()).as_posix()
        except ValueError:
            return str(self.path)


class _Item(pytest.Item):
    """An item of this plugin, with no fixtures, as a test function without arguments has:
    plugins that look at a test's arguments find none (pytest-lsp 1.0's wrapper of
    ``pytest_runtest_call`` fails on an item that has no ``funcargs`` at all)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.funcargs: dict[str, Any] = {}


class ScenarioItem(_Item):
    """One scenario, run through the engine."""

    def __init__(self, *, scenario: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        """Run the scenario; raise :class:`~clank.scenarios.ScenarioFailed` if it fails."""
        from clank.scenarios import ScenarioFailed, run_scenario

        from clank_cli.packtest import action_label

        result = run_scenario(self.scenario, action_label)
        if result.failures:
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | TerminalRepr:
        """The failures as the CLI prints them (no traceback: the scenario's lines say it all)."""
        from clank.scenarios import ScenarioFailed

        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.name}"


class ProblemsItem(_Item):
    """The problems of a scenario file (each at its line), as one failing test."""

    def __init__(self, *, problems: list[Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        raise ScenarioFileProblems("\n".join(p.format_text() for p in self.problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.problems[0].line - 1, "problems in the scenario file"


class ScenarioFileProblems(Exception):
    """A scenario file has problems (a typo in a key, an unknown id ...)."""
