"""Running a simulation for ``clank simulate``: one progress bar over every worker, rows written
to ``--out`` in seed order as soon as they are known, and a clean stop on Ctrl-C.

Ctrl-C stops the workers (terminated, never waited for) and keeps, in ``--out``, the
*finished prefix*: the rows of games ``0 .. k-1`` when each of them had finished, which are
exactly the bytes ``--games k`` writes with the same arguments. A game that finished after one
still running is left out (a rerun plays it again), so an interrupted file is always the
start of the complete one. The summary is computed from the rows, the same for any backend
(only the games per second vary).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, TextIO

from clank.cli.simjobs import Backend, SimPlan, sigint_ignored
from clank.cli.simulate import row_json
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@dataclass
class RunResult:
    """What a run gave: the rows in seed order, how long it took, whether Ctrl-C stopped it."""

    rows: list[dict[str, Any]]
    seconds: float
    interrupted: bool


def run(plan: SimPlan, backend: Backend, out: TextIO | None, console: Console) -> RunResult:
    """Play the plan with ``backend``, writing each row to ``out`` in seed order; a Ctrl-C ends
    the run early (``interrupted``) with the finished prefix written. Errors of a game pass
    through, after the workers are stopped."""
    rows: list[dict[str, Any]] = []
    interrupted = False
    start = time.perf_counter()
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=False) as bar:
        task = bar.add_task("games", total=plan.games)
        stream = backend.rows(plan, lambda n: bar.advance(task, n))
        try:
            for row in stream:
                rows.append(row)
                if out is not None:
                    out.write(row_json(row))
        except KeyboardInterrupt:
            interrupted = True
        finally:
            with sigint_ignored():   # stopping the workers is not interrupted by a second Ctrl-C
                stream.close()
    return RunResult(rows, time.perf_counter() - start, interrupted)
