"""Search bots in worker processes: every game's search advanced in turn, a slice at a time.

A search bot's decision (``mcts``: a tenth of a second to the server's cap) runs off the
server's process, in one of a few worker processes (``ServerConfig.search_workers``). A worker
holds every search it was given and advances each in turn for :data:`SLICE` seconds (the
bot's :meth:`~clank.search.IsmctsBot.steps`, one iteration at a time), so a game whose bot
searches long shares the worker with the others instead of holding it: a short search
finishes within a few slices whatever else is searching. A new search goes to the worker with
the fewest. A search the server no longer needs (its game deleted, its seat handed to another
bot or a person: the awaiting task is cancelled) is dropped at the next slice.

A worker ends with the server, however the server ends: it asks the kernel for SIGKILL when
its parent dies (``PR_SET_PDEATHSIG`` on Linux), notices the end of its pipe (the parent's end
closes when the parent dies), and checks between slices that its parent is still the process
that started it. A search's bot is held to the server's budget cap there too (a game stored
before the cap was lowered).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Generator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from clank_web.budget import BudgetCap
from clank_web.parentdeath import signal_on_parent_death

log = logging.getLogger("clank_web")
SLICE = 0.02
"""Seconds a worker advances one search before it turns to the next."""
IDLE_WAKE = 1.0
"""Seconds an idle worker waits for work before it checks that its parent lives."""


class SearchEnded(RuntimeError):
    """The worker process running a search ended before the search did (the decision is asked
    again)."""


# -- the worker process ----------------------------------------------------------------------
def die_with_parent(parent: int) -> None:
    """Linux: have the kernel kill this process when its parent dies (``PR_SET_PDEATHSIG``); a
    parent that died before the request leaves this process orphaned, so it ends at once."""
    signal_on_parent_death(signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)


@dataclass
class _Search:
    """A search a worker holds: its steps, and what to name when it fails."""

    steps: Generator[Any, None, Any]
    registry: Any
    spec: str


def _begin(task: tuple[Any, ...], cap: BudgetCap, rulesets: dict[str, Any]) -> _Search:
    """A search of ``task`` = (packs, players, options, state, seat, spec) from the game's saved
    state (the packs of each configuration are loaded once per worker)."""
    import orjson
    from clank.api import Game, configure_game

    packs, players, options, state, seat, spec = task
    key = orjson.dumps([packs, players, options], option=orjson.OPT_SORT_KEYS).decode()
    if key not in rulesets:
        rulesets[key] = configure_game(packs, players, options)[0]
    ruleset = rulesets[key]
    game = Game.from_json(ruleset, state)
    return _Search(_steps(game, seat, spec, cap), ruleset.registry, spec)


def _steps(game: Any, seat: int, spec: str, cap: BudgetCap) -> Generator[Any, None, Any]:
    """The bot's decision one step at a time (a bot that cannot be stepped decides in one): the
    bot is made, seeded and held to the cap inside, so its pack's faults surface as the
    search's."""
    from clank.api import bot_seed
    from clank.search import Budget

    bot = game.ruleset.registry.make_bot(spec, bot_seed(int(game.state.config["seed"]), seat,
                                                         len(game.state.history)))
    if isinstance(getattr(bot, "budget", None), Budget):
        bot.budget = cap.hold(bot.budget)
    view = game.view(seat)
    if hasattr(bot, "steps"):
        return (yield from bot.steps(view))
    return bot.choose(view)


def _failure(job: int, exc: Exception, registry: Any, spec: str) -> tuple[Any, ...]:
    """What a worker answers for a search that raised: the pack's fault, or the error's words."""
    from clank.faults import bot_fault

    fault = bot_fault(exc, registry, spec) if registry is not None else None
    if fault is not None:
        return ("fault", job, fault)
    return ("error", job, f"{type(exc).__name__}: {exc}")


def _advance(search: _Search, seconds: float) -> Any:
    """Advance ``search`` for ``seconds``; its action once it is done, else None."""
    deadline = time.perf_counter() + seconds
    try:
        while time.perf_counter() < deadline:
            next(search.steps)
    except StopIteration as done:
        return str(done.value)
    return None


def worker_main(conn: Connection, parent: int, cap: BudgetCap) -> None:
    """A worker process: take searches from ``conn`` (``("start", JOB, TASK)``, ``("drop",
    JOB)``, ``("stop",)``), advance them in turn a slice at a time, answer ``("done", JOB,
    ACTION)``, ``("fault", JOB, PackFault)`` or ``("error", JOB, TEXT)``; end when the parent
    does."""
    die_with_parent(parent)
    searches: dict[int, _Search] = {}
    turns: deque[int] = deque()
    dropped: set[int] = set()
    rulesets: dict[str, Any] = {}
    while os.getppid() == parent:
        try:
            wait = 0.0 if turns else IDLE_WAKE
            while conn.poll(wait):
                wait = 0.0
                message = conn.recv()
                if message[0] == "stop":
                    return
                job = message[1]
                if message[0] == "drop":
                    if searches.pop(job, None) is None:
                        dropped.add(job)
                elif job in dropped:
                    dropped.discard(job)
                else:
                    try:
                        searches[job] = _begin(message[2], cap, rulesets)
                        turns.append(job)
                    except Exception as exc:
                        conn.send(_failure(job, exc, None, message[2][-1]))
            while turns and turns[0] not in searches:
                turns.popleft()
            if not turns:
                continue
            job = turns.popleft()
            search = searches[job]
            try:
                action = _advance(search, SLICE)
            except Exception as exc:
                del searches[job]
                conn.send(_failure(job, exc, search.registry, search.spec))
                continue
            if action is None:
                turns.append(job)
            else:
                del searches[job]
                conn.send(("done", job, action))
        except (EOFError, OSError, BrokenPipeError):
            return


# -- the server's side -----------------------------------------------------------------------
class _Worker:
    """One worker process, its pipe, the searches it runs and a thread reading its answers."""

    def __init__(self, cap: BudgetCap, loop: asyncio.AbstractEventLoop) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a server with threads running
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=worker_main, args=(child, os.getpid(), cap), daemon=True, name="clank-search"
        )
        self.process.start()
        child.close()  # the worker's end lives in the worker only: its death reads as EOF here
        self.loop = loop
        self.jobs: dict[int, asyncio.Future[str]] = {}
        self.ended = False
        self._sending = threading.Lock()
        threading.Thread(target=self._read, daemon=True, name="clank-search-reader").start()

    def send(self, message: tuple[Any, ...]) -> None:
        """Send a message (from any thread, one at a time)."""
        with self._sending:
            self.conn.send(message)

    def _read(self) -> None:
        while True:
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                    self.loop.call_soon_threadsafe(self._end)
                return
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._answer, message)

    def _answer(self, message: tuple[Any, ...]) -> None:
        kind, job, value = message
        future = self.jobs.pop(job, None)
        if future is None or future.done():
            return
        if kind == "done":
            future.set_result(value)
        elif kind == "fault":
            future.set_exception(value)
        else:
            future.set_exception(RuntimeError(f"the search failed: {value}"))

    def _end(self) -> None:
        self.ended = True
        for future in self.jobs.values():
            if not future.done():
                future.set_exception(SearchEnded("the search worker process ended"))
        self.jobs.clear()

    def stop(self) -> None:
        """Ask the worker to end, then make sure it did."""
        with contextlib.suppress(OSError, ValueError):
            self.send(("stop",))
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2)
        with contextlib.suppress(OSError):
            self.conn.close()


class SearchPool:
    """Up to ``size`` worker processes (started when first needed) sharing every search."""

    def __init__(self, size: int, cap: BudgetCap) -> None:
        self.size, self.cap = max(1, size), cap
        self.workers: list[_Worker] = []
        self._jobs = itertools.count(1)

    def _worker(self) -> _Worker:
        self.workers = [w for w in self.workers if not w.ended]
        idle = min(self.workers, key=lambda w: len(w.jobs), default=None)
        if idle is None or (idle.jobs and len(self.workers) < self.size):
            idle = _Worker(self.cap, asyncio.get_running_loop())
            self.workers.append(idle)
        return idle

    async def choose(
        self, packs: list[str], players: int, options: dict[str, Any], state: str, seat: int, spec: str
    ) -> str:
        """The action the bot ``spec`` takes for ``seat`` in the saved game ``state``; a pack's
        fault raised as its :class:`~clank.faults.PackFault`, :class:`SearchEnded` if the worker
        died. Cancelling the awaiting task drops the search."""
        worker = self._worker()
        job = next(self._jobs)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        worker.jobs[job] = future
        try:
            await asyncio.to_thread(worker.send, ("start", job, (packs, players, options, state, seat, spec)))
            return await future
        except asyncio.CancelledError:
            worker.jobs.pop(job, None)
            if not worker.ended:
                asyncio.get_running_loop().run_in_executor(None, self._drop, worker, job)
            raise
        except (OSError, ValueError) as exc:  # the pipe broke: the worker is gone
            worker.jobs.pop(job, None)
            raise SearchEnded(f"the search worker process ended ({exc})") from None

    @staticmethod
    def _drop(worker: _Worker, job: int) -> None:
        with contextlib.suppress(OSError, ValueError):
            worker.send(("drop", job))

    def searching(self) -> int:
        """How many searches the server waits for now."""
        return sum(len(w.jobs) for w in self.workers)

    def pids(self) -> list[int]:
        """The worker processes' ids."""
        return [w.process.pid for w in self.workers if w.process.pid is not None and not w.ended]

    def close(self) -> None:
        """Stop every worker process."""
        for worker in self.workers:
            worker.stop()
        self.workers = []
