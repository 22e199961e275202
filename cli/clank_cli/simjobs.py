"""Where simulated games are played: in this process, or in local worker processes.

A :class:`SimPlan` is everything needed to play game ``i`` of a simulation (plain, picklable
data); a backend plays the plan's games and yields their rows **in seed order**, calling
``progress(1)`` each time a game finishes, in whatever order games finish. Because a row
depends only on the plan and its seed (:func:`clank_cli.simulate.play_one`), every backend
gives the same rows, so ``--out`` has the same bytes for any ``--jobs`` (and with ``--ray``,
:mod:`clank_cli.simray`).

:class:`ProcessPool` uses :mod:`concurrent.futures` worker processes, *forked* where that is
safe (Linux, and no other thread in the command's process: the progress bar of
:mod:`clank_cli.simrun` draws from the main thread for this reason), else *spawned*. A forked
worker starts in milliseconds with the packs its parent loaded; a spawned one starts a fresh
interpreter and loads the packs itself (a third of a second with a warm compiled-content
cache). Workers ignore SIGINT: a Ctrl-C is the parent's to handle, which stops the workers
(terminated, not waited for). A worker that dies (killed, out of memory) breaks the pool: the
pool is replaced and the games it was playing are played again (:data:`RETRIES` times at most
each), so the rows, and the bytes of ``--out``, are those of an undisturbed run.
At most a few games per worker are in flight beyond the next row to yield, so memory stays
bounded however many games are asked for.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from rich.file_proxy import FileProxy

from clank_cli.seats import Seat

Progress = Callable[[int], None]
"""``progress(n)``: ``n`` more games finished."""
AHEAD = 4
"""Games in flight per worker beyond the next row to yield (keeps every worker busy)."""
RETRIES = 2
"""How many times a game is played again after its worker process died."""
T = TypeVar("T")


class Lost(Exception):
    """A task's worker died before it finished: ``ordered`` starts the task again."""


class WorkerDied(RuntimeError):
    """A worker process died every time a game was played again (the game itself kills it)."""


class Plan(Protocol):
    """What a backend plays: ``games`` games, game ``i`` from seed ``seed_of(i)``, each row a
    function of its seed alone. :class:`SimPlan` is ``clank simulate``'s; the balance lab's
    plays a pair of games per seed (:class:`clank_cli.lab.setups.PairPlan`). A plan is plain,
    picklable data: worker processes and Ray tasks receive it whole."""

    @property
    def games(self) -> int:
        """How many games the plan plays."""
        ...

    def seed_of(self, index: int) -> int:
        """The seed of game ``index`` (0-based)."""
        ...

    def play(self, seed: int) -> dict[str, Any]:
        """Play the game(s) of ``seed`` and return its row."""
        ...

    def load(self) -> None:
        """Load and compile the packs (once per process)."""
        ...

    def versions(self) -> dict[str, str]:
        """The engine's version and those of the packs, as this process loads them."""
        ...


@dataclass(frozen=True)
class SimPlan:
    """What to simulate: game ``i`` uses seed ``seed + i``, every game the same packs, options
    and seats."""

    packs: tuple[str, ...]
    players: int
    seed: int
    games: int
    seats: tuple[Seat, ...]
    options: dict[str, Any] = field(default_factory=dict)
    card_stats: bool = False
    check: bool = False           # every action checked (clank.playcheck): a failure raises GameFault

    def seed_of(self, index: int) -> int:
        """The seed of game ``index`` (0-based)."""
        return self.seed + index

    def play(self, seed: int) -> dict[str, Any]:
        """Play the game of ``seed`` and return its row (a :func:`~clank_cli.simulate.failure_row`
        when the game fails in a pack's code or the engine's)."""
        from clank.api import PackLoadError, SetupError
        from clank.playcheck import GameFault

        from clank_cli.simulate import failure_row, play_one

        try:
            return play_one(self.packs, self.players, seed, self.options, self.seats, self.card_stats, self.check)
        except (PackLoadError, SetupError, GameFault):   # the run stops (--check: at the first failure)
            raise
        except Exception as exc:   # noqa: BLE001 - the row says how it failed; the run goes on or stops
            return failure_row(seed, exc)

    def load(self) -> None:
        """Load and compile the packs (once per process; a worker does it when it starts)."""
        from clank.api import build_ruleset

        build_ruleset(list(self.packs), self.options)

    def versions(self) -> dict[str, str]:
        """The engine's version and those of the plan's packs, as this process loads them."""
        import clank
        from clank.api import build_ruleset

        return {"engine": clank.__version__, **build_ruleset(list(self.packs), self.options).pack_versions}


class Backend(Protocol):
    """Plays a plan's games; yields their rows in seed order."""

    def rows(self, plan: Plan, progress: Progress) -> Generator[dict[str, Any], None, None]:
        """Every game's row, in seed order; ``progress(1)`` as each game finishes. Closing the
        generator early stops whatever still runs."""
        ...


class Serial:
    """Every game in this process, one after the other (``--jobs 1``)."""

    name = "1 process"

    def rows(self, plan: Plan, progress: Progress) -> Generator[dict[str, Any], None, None]:
        """Every game's row, in seed order."""
        for i in range(plan.games):
            row = plan.play(plan.seed_of(i))
            progress(1)
            yield row


def default_jobs() -> int:
    """All cores: ``os.cpu_count()`` (1 when unknown)."""
    return os.cpu_count() or 1


def ordered(total: int, window: int, submit: Callable[[int], Any],
            wait_some: Callable[[list[Any]], list[Any]], result: Callable[[Any], T],
            progress: Progress) -> Iterator[T]:
    """Yield ``total`` results in index order from asynchronous tasks finishing in any order.

    ``submit(i)`` starts task ``i`` and returns its handle; ``wait_some(handles)`` blocks until
    at least one of them is done and returns the done ones; ``result(handle)`` gives its row (or
    raises the task's error; :class:`Lost` when its worker died: the task is submitted again).
    At most ``window`` tasks are started beyond the next to yield. Shared by the process pool
    and the Ray backend.
    """
    running: dict[int, Any] = {}
    done: dict[int, T] = {}
    started = emitted = 0
    while emitted < total:
        while started < total and started - emitted < window:
            running[started] = submit(started)
            started += 1
        finished = {id(h) for h in wait_some(list(running.values()))}
        for i in [i for i, h in running.items() if id(h) in finished]:
            try:
                done[i] = result(running.pop(i))
            except Lost:
                running[i] = submit(i)
                continue
            progress(1)
        while emitted in done:
            yield done.pop(emitted)
            emitted += 1


# -- local worker processes -----------------------------------------------------------------

_PLAN: Plan | None = None
_FAILED: BaseException | None = None


def _worker_start(plan: Plan) -> None:
    """In a worker, once: leave Ctrl-C to the parent, write to the command's own streams, load
    the packs (a forked worker finds them loaded; an error is kept and raised by the first game,
    so the parent reports it as it would its own)."""
    global _PLAN, _FAILED
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _unwrap_streams()
    _PLAN = plan
    try:
        plan.load()
    except Exception as exc:   # noqa: BLE001 - handed to the parent with the first game
        _FAILED = exc


def _worker_play(seed: int) -> dict[str, Any]:
    """In a worker: play one game of the plan it was started with."""
    if _FAILED is not None:
        raise _FAILED
    assert _PLAN is not None
    return _PLAN.play(seed)


def _unwrap_streams() -> None:
    """Point ``sys.stdout`` and ``sys.stderr`` back at the files the progress bar wrapped.

    While the bar runs on a terminal, rich replaces both streams with proxies that print through
    the bar's console (never a proxy of a proxy), and a forked worker inherits them: a warning
    printed in the worker would draw the worker's stale copy of the bar under it. The worker
    writes to the files themselves.
    """
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if isinstance(stream, FileProxy):
            setattr(sys, name, stream.rich_proxied_file)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while worker processes are started, so they inherit it ignored (POSIX):
    a Ctrl-C during their start-up never prints a traceback from a worker."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def start_method() -> str:
    """How :class:`ProcessPool` starts its workers: ``fork`` on Linux while this process runs no
    other thread (a fork copies only the calling thread, so a lock another one held would stay
    held in the worker), else ``spawn``. macOS and Windows always spawn: fork is unsafe with
    macOS's system libraries and does not exist on Windows."""
    if sys.platform.startswith("linux") and threading.active_count() == 1 \
            and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop at once: cancel what has not started, terminate the workers, reap them, and wait for
    the pool's manager thread to end (its pipes closed), so that nothing is left for Python's
    exit to wake: a thread still closing them then raced it ("Bad file descriptor" at exit)."""
    terminate = getattr(executor, "terminate_workers", None)   # Python 3.14+
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())
    manager = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(timeout=10)
    if manager is not None:
        manager.join(timeout=10)       # the workers are gone: it ends at once


@dataclass
class ProcessPool:
    """Games spread over ``jobs`` local worker processes (``--jobs N``)."""

    jobs: int

    @property
    def name(self) -> str:
        """How the games are played, for messages."""
        return f"{self.jobs} processes"

    def rows(self, plan: Plan, progress: Progress) -> Generator[dict[str, Any], None, None]:
        """Every game's row, in seed order; workers are stopped however this ends. A worker that
        dies breaks the pool: a new pool plays its games again (:class:`WorkerDied` when a game
        has lost its worker more than :data:`RETRIES` times)."""
        workers = max(1, min(self.jobs, plan.games))
        context = multiprocessing.get_context(start_method())

        def new_pool() -> ProcessPoolExecutor:
            return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_start,
                                       initargs=(plan,))

        pool = [new_pool()]                 # the current pool (replaced when a worker dies)
        started = [0]                       # submissions to the current pool
        running: dict[Future, tuple[ProcessPoolExecutor, int]] = {}   # future -> its pool, its seed
        lost: dict[int, int] = {}           # seed -> times its worker died
        in_flight: list[int] = []           # the seeds being played when the pool last broke

        def renew(owner: ProcessPoolExecutor, seed: int) -> None:
            """A new pool in place of ``owner``, broken (once for all of its games)."""
            if owner is pool[0]:
                in_flight[:] = sorted({seed, *(s for p, s in running.values() if p is owner)})
                owner.shutdown(wait=True, cancel_futures=True)
                pool[0], started[0] = new_pool(), 0

        def submit(i: int) -> Future:
            # the workers start here (spawned: one per submission; forked: all at the first one):
            # let them inherit SIGINT ignored
            seed = plan.seed_of(i)
            try:
                with sigint_ignored() if started[0] < workers else nullcontext():
                    future = pool[0].submit(_worker_play, seed)
            except BrokenProcessPool:       # a worker died since the last look: a new pool
                renew(pool[0], seed)
                with sigint_ignored():
                    future = pool[0].submit(_worker_play, seed)
            started[0] += 1
            running[future] = (pool[0], seed)
            return future

        def wait_some(futures: list[Future]) -> list[Future]:
            return list(wait(futures, return_when=FIRST_COMPLETED).done)

        def result(future: Future) -> dict[str, Any]:
            owner, seed = running.pop(future)
            try:
                return future.result()
            except BrokenProcessPool:
                renew(owner, seed)
                lost[seed] = lost.get(seed, 0) + 1
                if lost[seed] > RETRIES:    # which of the games kills it is not known: all are named
                    seeds = ", ".join(map(str, in_flight))
                    raise WorkerDied(f"a worker process died {lost[seed]} times while the games of seeds {seeds} "
                                     f"were played (a game that kills it, or the machine out of memory): replay "
                                     f"them one by one with --games 1 --seed S") from None
                raise Lost from None

        finished = False
        try:
            yield from ordered(plan.games, workers * AHEAD, submit, wait_some, result, progress)
            finished = True
        finally:
            if finished:
                pool[0].shutdown(wait=True)
            else:   # Ctrl-C, an error in a game, or the caller stopped reading
                _stop(pool[0])
