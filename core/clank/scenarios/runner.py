"""Running scenarios: build the ``given`` game, play each ``when``, check each ``then``.

A scenario stops at its first action that is not legal, or after the first ``then`` with a
mismatch (later steps would start from a position the author did not mean); every mismatch of
that ``then`` is reported. An exception the engine raises while playing is a failure at the
action's line, never a traceback in a report.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from clank.actions import IllegalAction
from clank.game.engine import Game
from clank.scenarios import arrange, expect
from clank.scenarios.actions import Labeller, NotLegal, resolve, table_label
from clank.scenarios.loader import load_file
from clank.scenarios.model import Failure, Scenario, ScenarioFailed, ScenarioFile, ScenarioResult, Where

PATTERN = "*.yaml"
"""The scenario files of a folder."""


def scenario_files(folder: Path | str) -> list[Path]:
    """The scenario files of a folder (``*.yaml``, also in sub-folders), sorted."""
    return sorted(p for p in Path(folder).rglob(PATTERN) if p.is_file())


def run_scenario(scenario: Scenario, label: Labeller | None = None) -> ScenarioResult:
    """Run one scenario; ``label`` names actions as a player reads them (for ``when`` texts that
    are labels, and in the alternatives a refusal lists)."""
    label = label or table_label
    start = time.perf_counter()
    result = ScenarioResult(scenario)
    try:
        game = arrange.build(scenario)
    except arrange.GivenError as exc:
        result.failures = [exc.failure]
    else:
        result.failures = _play(game, scenario, label)
    result.seconds = time.perf_counter() - start
    return result


def _play(game: Game, scenario: Scenario, label: Labeller | None) -> list[Failure]:
    for step in scenario.steps:
        log_from = len(game.log)
        for item, where in step.when:
            failure = _act(game, item, where, label)
            if failure is not None:
                return [failure]
        failures = expect.check(game, step.then, step.then_at, log_from)
        if failures:
            return failures
    return []


def _act(game: Game, item: object, where: Where, label: Labeller | None) -> Failure | None:
    try:
        action = resolve(game, item, label)
    except NotLegal as exc:
        return Failure(where.problem("illegal-action", exc.message),
                       ("legal now, nearest first:", *(f"  {a}" for a in exc.alternatives)))
    try:
        game.apply(action)
    except IllegalAction as exc:
        return Failure(where.problem("illegal-action", f"{str(action)!r} was refused: {exc.reason}"))
    except Exception as exc:   # an engine defect: reported at the action, the run goes on
        return Failure(where.problem("engine-error", f"the engine failed on {str(action)!r}: "
                                                     f"{type(exc).__name__}: {exc}"))
    return None


def run_file(loaded: ScenarioFile, label: Labeller | None = None) -> list[ScenarioResult]:
    """Run every scenario of a loaded file (its problems are the caller's to report)."""
    return [run_scenario(s, label) for s in loaded.scenarios]


def load_folder(folder: Path | str, *, default_packs: Sequence[str] | None = None,
                relative_to: Path | None = None) -> list[ScenarioFile]:
    """Load every scenario file of a folder; file names in problems are relative to
    ``relative_to`` when they lie under it."""
    return [load_file(path, default_packs=default_packs, label=_label(path, relative_to))
            for path in scenario_files(folder)]


def _label(path: Path, base: Path | None) -> str:
    if base is not None:
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            pass
    return str(path)


def check(scenario: Scenario, label: Labeller | None = None) -> ScenarioResult:
    """Run a scenario and raise :class:`~clank.scenarios.model.ScenarioFailed` unless its
    outcome lets a run pass (what a test calls)."""
    result = run_scenario(scenario, label)
    if not result.ok:
        raise ScenarioFailed(result)
    return result


def results_ok(files: Iterable[ScenarioFile], results: Iterable[ScenarioResult]) -> bool:
    """Whether a run passes: no problem in any file and every result ok."""
    return not any(f.problems for f in files) and all(r.ok for r in results)


__all__ = ["PATTERN", "check", "load_folder", "results_ok", "run_file", "run_scenario", "scenario_files"]
