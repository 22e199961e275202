"""What ``clank pack test PACK`` does: find a pack's scenario files, run them, report like pytest.

A report lists each file with one character per scenario (``.`` passed, ``F`` failed, ``x``
failed as its ``xfail`` mark expects, ``X`` passed although marked), then each failure with the
``file:line:col`` of what failed and what the engine showed instead, then one summary line.
Problems in a file (a typo in a key, an unknown id) are reported as errors, at their line, and
fail the run like failures do.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from clank import Action, Game
from clank.api import is_path, pack_sources, registry_for
from clank.content import MANIFEST
from clank.scenarios import (
    FAILED,
    PASSED,
    XFAILED,
    XPASSED,
    ScenarioFile,
    ScenarioResult,
    load_file,
    load_folder,
    results_ok,
    run_file,
    scenario_dir,
)

MARKS = {PASSED: ".", FAILED: "F", XFAILED: "x", XPASSED: "X"}
RULE = "=" * 30


@dataclass
class PackTest:
    """A run of a pack's scenarios: the files as loaded, each scenario's result, the time taken."""

    target: str
    folder: Path
    files: list[ScenarioFile] = field(default_factory=list)
    results: list[ScenarioResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Whether the run passes (exit code 0)."""
        return results_ok(self.files, self.results)

    def counts(self) -> Counter[str]:
        """Outcomes counted, with ``error`` for each file holding problems."""
        out = Counter(r.outcome for r in self.results)
        out["error"] = sum(1 for f in self.files if f.problems)
        return out


def action_label(game: Game, action: Action) -> str:
    """How the deciding seat reads an action at the table (a :data:`clank.scenarios.Labeller`):
    the engine's own table words, :func:`clank.labels.action_label`."""
    from clank.labels import action_label as label

    return label(game.view(game.current_player), action)


def find_scenarios(target: str) -> tuple[Path, list[Path] | None]:
    """The scenario folder of ``target`` (an installed pack id, a pack directory, or any other
    folder, read as a folder of scenario files) and, for a single file, that file. Raises
    ``PackLoadError`` for an unknown pack."""
    path = Path(target)
    if is_path(target) and path.is_file():
        return path.parent, [path]
    if is_path(target) and path.is_dir() and not (path / MANIFEST).is_file():
        return path, None
    return scenario_dir(target), None


def run(target: str) -> PackTest:
    """Load and run every scenario of ``target``."""
    start = time.perf_counter()
    folder, single = find_scenarios(target)
    if single is None and not (is_path(target) and not (Path(target) / MANIFEST).is_file()):
        registry_for(pack_sources([target]))    # the pack's code must load (PackCodeError), scenarios or not
    test = PackTest(target, folder)
    here = Path.cwd()
    if single is not None:
        test.files = [load_file(single[0], label=_relative(single[0], here))]
    elif folder.is_dir():
        test.files = load_folder(folder, relative_to=here)
    for loaded in test.files:
        test.results += run_file(loaded, action_label)
    test.seconds = time.perf_counter() - start
    return test


def _relative(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return str(path)


def report_lines(test: PackTest, verbose: bool = False) -> list[str]:
    """The report, line by line."""
    out = [f"{RULE} clank pack test {test.target} {RULE}",
           f"scenarios: {test.folder} ({len(test.files)} file(s), {len(test.results)} scenario(s))"]
    by_file: dict[str, list[ScenarioResult]] = {}
    for r in test.results:
        by_file.setdefault(r.scenario.file, []).append(r)
    for loaded in test.files:
        results = by_file.get(loaded.label, [])
        if verbose:
            out += [f"{r.scenario.nodeid} {r.outcome.upper()}" for r in results]
            out += [f"{loaded.label} ERROR"] if loaded.problems else []
        else:
            out.append(f"{loaded.label} {''.join(MARKS[r.outcome] for r in results)}{' E' if loaded.problems else ''}")
    errors = [f for f in test.files if f.problems]
    if errors:
        out += ["", f"{RULE} ERRORS {RULE}"]
        for loaded in errors:
            out += [f"_____ {loaded.label} _____", *(p.format_text() for p in loaded.problems)]
    failed = [r for r in test.results if not r.ok]
    if failed:
        out += ["", f"{RULE} FAILURES {RULE}"]
        for r in failed:
            out.append(f"_____ {r.scenario.nodeid} _____")
            if r.outcome == XPASSED:
                out.append(f"{r.scenario.file}:{r.scenario.line}: passed, but marked xfail: {r.scenario.xfail} "
                           "(remove the mark)")
            for failure in r.failures:
                out += failure.lines()
    if errors or failed:
        out += ["", f"{RULE} short test summary info {RULE}"]
        out += [f"ERROR {f.label}: {len(f.problems)} problem(s)" for f in errors]
        out += [f"{'XPASS' if r.outcome == XPASSED else 'FAILED'} {r.scenario.nodeid}" for r in failed]
    out.append(f"{RULE} {summary(test)} {RULE}")
    return out


def summary(test: PackTest) -> str:
    """``40 passed, 1 xfailed in 0.52s`` (pytest's closing words)."""
    counts = test.counts()
    words = [f"{counts[k]} {k}" for k in (FAILED, PASSED, XFAILED, XPASSED) if counts[k]]
    if counts["error"]:
        words.append(f"{counts['error']} error{'s' if counts['error'] > 1 else ''}")
    if not test.results and not counts["error"]:
        words.append("no scenarios ran")
    return f"{', '.join(words)} in {test.seconds:.2f}s"


__all__ = ["PackTest", "action_label", "find_scenarios", "report_lines", "run", "summary"]
