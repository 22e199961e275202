"""Running a simulation for ``clank simulate``: one progress bar over every worker, rows written
to ``--out`` in seed order as soon as they are known, and a clean stop on Ctrl-C.

The bar is drawn by the thread that runs the simulation, when games finish (at most every
:data:`REDRAW` seconds), never by a thread of rich's own: worker processes may be forked while
it runs (:func:`clank_cli.simjobs.start_method`).

Ctrl-C stops the run after the row it is waiting for (a second Ctrl-C at once), stops the
workers (terminated, never waited for) and keeps, in ``--out``, the
*finished prefix*: the rows of games ``0 .. k-1`` when each of them had finished, which are
exactly the bytes ``--games k`` writes with the same arguments. A game that finished after one
still running is left out (a rerun plays it again), so an interrupted file is always the
start of the complete one. The summary is computed from the rows, the same for any backend
(only the games per second vary).

A game that fails (a pack's fault, or the engine's) comes as a failure row, in its place in
seed order: it stops the run there, with the same finished prefix written, or with
``keep_going`` it is set aside (never written) and the run goes on.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

from clank_cli.simjobs import Backend, Plan, sigint_ignored
from clank_cli.simulate import FAILURE, row_json

REDRAW = 0.1
"""Least seconds between two drawings of the progress bar."""


@dataclass
class RunResult:
    """What a run gave: the rows in seed order, how long it took, whether Ctrl-C stopped it, the
    failure rows of the games that failed (:data:`~clank_cli.simulate.FAILURE`), and whether
    the first of them stopped the run."""

    rows: list[dict[str, Any]]
    seconds: float
    interrupted: bool
    failures: list[dict[str, Any]] = field(default_factory=list)
    stopped: bool = False


@contextmanager
def ctrl_c_requests_stop() -> Iterator[threading.Event]:
    """Within the block a first Ctrl-C only sets the returned event (the run stops after the
    row it is waiting for, never in the middle of writing a row or of the progress bar's
    drawing); a second one interrupts at once (KeyboardInterrupt). Outside the main thread
    signals cannot be handled: the event is never set."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def first(_signum: int, _frame: Any) -> None:
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    old = signal.signal(signal.SIGINT, first)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, old)


def advancer(bar: Progress, task: TaskID) -> Callable[[int], None]:
    """The backend's ``progress(n)``: advance ``task`` by ``n`` and draw the bar again when
    :data:`REDRAW` seconds have passed since it was last drawn (it is drawn once more when it
    stops)."""
    drawn = time.monotonic()

    def advance(n: int) -> None:
        nonlocal drawn
        bar.advance(task, n)
        now = time.monotonic()
        if now - drawn >= REDRAW:
            drawn = now
            bar.refresh()

    return advance


def run(plan: Plan, backend: Backend, out: TextIO | None, console: Console,
        enough: Callable[[list[dict[str, Any]]], bool] | None = None, label: str = "simulating",
        keep_going: bool = False) -> RunResult:
    """Play the plan with ``backend``, writing each row to ``out`` in seed order; a Ctrl-C ends
    the run early (``interrupted``) with the finished prefix written. ``enough(rows)``, asked
    after each row, ends it early too (not ``interrupted``): the balance lab's ``--precision``.
    A failed game stops the run (``stopped``) unless ``keep_going``. Other errors pass
    through, after the workers are stopped."""
    rows: list[dict[str, Any]] = []
    failures: list[dict[str, Any]] = []
    interrupted = stopped = False
    start = time.perf_counter()
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=False, auto_refresh=False) as bar:
        task = bar.add_task("games", total=plan.games)
        stream = backend.rows(plan, advancer(bar, task))
        try:
            with ctrl_c_requests_stop() as stop:
                for row in stream:
                    if FAILURE in row:
                        failures.append(row)
                        if not keep_going:
                            stopped = True
                            break
                    else:
                        rows.append(row)
                        if out is not None:
                            out.write(row_json(row))
                        if enough is not None and not stop.is_set() and enough(rows):
                            break
                    if stop.is_set():
                        interrupted = True
                        break
                else:
                    interrupted = stop.is_set()
        except KeyboardInterrupt:
            interrupted = True
        finally:
            with sigint_ignored():   # stopping the workers is not interrupted by a second Ctrl-C
                stream.close()
    return RunResult(rows, time.perf_counter() - start, interrupted, failures, stopped)
