"""``clank simulate --jobs N`` (issue 10): the same bytes and the same summary for any number of
worker processes, rows in seed order, errors of a worker reported as the parent's, and Ctrl-C
stopping every worker while ``--out`` keeps the finished prefix.

Speed is never tested here (``benchmarks/`` measures it); the Ctrl-C test only waits until a
few games were written, however long that takes.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clank.plugins import PackLoadError
from clank_cli import simjobs, simrun
from clank_cli.main import app
from clank_cli.seats import assign_seats
from clank_cli.simulate import row_json
from rich.console import Console
from typer.testing import CliRunner

SMALL = ["--games", "5", "--players", "2", "--seed", "11"]


def simulate(tmp_path: Path, name: str, *args: str) -> tuple[bytes, list[str]]:
    """Run ``clank simulate`` in this process; the --out bytes and the summary lines (without
    the games per second, which vary; words only, as the table is as wide as its widest figure)."""
    out = tmp_path / name
    result = CliRunner().invoke(app, ["simulate", *SMALL, "--card-stats", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    summary = [" ".join(line.replace("─", "").split()) for line in result.stdout.splitlines() if "games/second" not in line]
    return out.read_bytes(), summary


def test_jobs_1_and_2_give_the_same_bytes_and_summary(tmp_path: Path) -> None:
    one = simulate(tmp_path, "one.jsonl", "--jobs", "1")
    two = simulate(tmp_path, "two.jsonl", "--jobs", "2")
    more = simulate(tmp_path, "more.jsonl", "--jobs", "7")       # more workers than games
    assert one == two == more
    seeds = [int(line.split(b'"seed": ')[1].split(b",")[0]) for line in one[0].splitlines()]
    assert seeds == [11, 12, 13, 14, 15]


def test_ordered_yields_in_index_order_whatever_finishes_first() -> None:
    """The reordering both parallel backends use: tasks finish last-first, rows come in order,
    progress counts every finished task, and no more than the window is ever started ahead."""
    started: list[int] = []
    ticks: list[int] = []

    def submit(i: int) -> int:
        started.append(i)
        assert i - len(out) < 3, "started beyond the window"
        return i

    def wait_some(handles: list[int]) -> list[int]:
        return [max(handles)]   # the latest started finishes first

    out: list[str] = []
    for row in simjobs.ordered(7, 3, submit, wait_some, lambda i: f"row {i}", ticks.append):
        out.append(row)
    assert out == [f"row {i}" for i in range(7)]
    assert started == list(range(7)) and sum(ticks) == 7


def test_a_worker_error_is_raised_in_the_parent() -> None:
    plan = simjobs.SimPlan(("no-such-pack",), 2, 0, 3, tuple(assign_seats(2, 0, ["random"])))
    with pytest.raises(PackLoadError, match="no-such-pack"):
        list(simjobs.ProcessPool(2).rows(plan, lambda n: None))


FORKED = """
import sys
from clank_cli import simjobs
from clank_cli.seats import assign_seats
from clank_cli.simulate import row_json
assert simjobs.start_method() == "fork", simjobs.start_method()
plan = simjobs.SimPlan(("catacombs",), 2, 11, 5, tuple(assign_seats(2, 0, ["greedy"])), card_stats=True)
plan.load()                     # as clank simulate does before its workers start
sys.stdout.write("".join(map(row_json, simjobs.ProcessPool(2).rows(plan, lambda n: None))))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_forked_workers_give_the_rows_of_one_process() -> None:
    """A fresh process runs no other thread, so its workers are forked, with the packs their
    parent loaded: the rows are those of games played one after the other here."""
    plan = simjobs.SimPlan(("catacombs",), 2, 11, 5, tuple(assign_seats(2, 0, ["greedy"])), card_stats=True)
    alone = "".join(map(row_json, simjobs.Serial().rows(plan, lambda n: None)))
    forked = subprocess.run([sys.executable, "-c", FORKED], capture_output=True, text=True, timeout=300)
    assert forked.returncode == 0, forked.stderr
    assert forked.stdout == alone and alone.count("\n") == 5


PROXIED = """
import io, sys
from clank_cli import simjobs
from rich.console import Console
from rich.progress import Progress
assert simjobs.start_method() == "fork", simjobs.start_method()   # the workers inherit the patched plan
simjobs.SimPlan.load = lambda self: None
simjobs.SimPlan.play = lambda self, seed: {name: type(getattr(sys, name)).__name__ for name in ("stdout", "stderr")}
plan = simjobs.SimPlan((), 2, 0, 2, ())
with Progress(console=Console(file=io.StringIO(), force_terminal=True), auto_refresh=False):
    assert type(sys.stdout).__name__ == type(sys.stderr).__name__ == "FileProxy"   # the bar wraps both
    rows = list(simjobs.ProcessPool(2).rows(plan, lambda n: None))
print(rows)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_a_forked_worker_writes_to_the_streams_the_bar_wrapped() -> None:
    """A worker forked while the bar is on a terminal would print through the bar's proxies
    (drawing its stale copy of the bar); it writes to the files the bar wrapped."""
    found = subprocess.run([sys.executable, "-c", PROXIED], capture_output=True, text=True, timeout=120)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == str([{"stdout": "TextIOWrapper", "stderr": "TextIOWrapper"}] * 2)


def test_workers_are_forked_only_on_linux_and_without_other_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simjobs.threading, "active_count", lambda: 1)
    monkeypatch.setattr(simjobs.sys, "platform", "linux")
    assert simjobs.start_method() == "fork"
    monkeypatch.setattr(simjobs.threading, "active_count", lambda: 2)   # a fork copies one thread only
    assert simjobs.start_method() == "spawn"
    monkeypatch.setattr(simjobs.threading, "active_count", lambda: 1)
    for platform in ("darwin", "win32"):
        monkeypatch.setattr(simjobs.sys, "platform", platform)
        assert simjobs.start_method() == "spawn"


def test_the_progress_bar_starts_no_thread(tmp_path: Path) -> None:
    """Workers may be forked while the bar is shown: the bar must not draw from a thread."""
    seen: list[int] = []

    class Counting:
        def rows(self, plan: simjobs.SimPlan, progress: simjobs.Progress) -> Iterator[dict[str, Any]]:
            for i in range(plan.games):
                seen.append(threading.active_count())
                progress(1)
                yield {"seed": plan.seed_of(i)}

    plan = simjobs.SimPlan(("catacombs",), 2, 0, 3, tuple(assign_seats(2, 0, ["random"])))
    before = threading.active_count()
    with (tmp_path / "out.jsonl").open("w") as out:
        result = simrun.run(plan, Counting(), out, Console(file=io.StringIO(), force_terminal=True))
    assert [row["seed"] for row in result.rows] == [0, 1, 2] and seen == [before] * 3


def _session_alive(sid: int) -> list[int]:
    """Processes of a session (Linux /proc), e.g. workers left behind."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sends SIGINT to a process group and reads /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_the_workers_and_keeps_the_finished_prefix(tmp_path: Path, jobs: str) -> None:
    out = tmp_path / "games.jsonl"
    clank = Path(sys.executable).with_name("clank")
    command = [str(clank), "simulate", "--games", "100000", "--players", "2", "--seed", "3",
               "--out", str(out), "--jobs", jobs]
    # a session of its own, as a terminal's Ctrl-C reaches every process of the foreground group
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_bytes().count(b"\n") >= 3):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert "interrupted after" in stderr and "the workers were stopped" in stderr
    deadline = time.monotonic() + 10
    while _session_alive(proc.pid) and time.monotonic() < deadline:   # terminated workers are reaped
        time.sleep(0.05)
    assert _session_alive(proc.pid) == []
    kept = out.read_bytes()
    games = kept.count(b"\n")
    assert kept.endswith(b"\n") and f"{games} games, 2 players" in stdout
    reference = tmp_path / "reference.jsonl"
    result = CliRunner().invoke(app, ["simulate", "--games", str(games), "--players", "2", "--seed", "3",
                                      "--out", str(reference), "--jobs", "1"])
    assert result.exit_code == 0
    assert kept == reference.read_bytes()   # the finished prefix: what --games k writes


def test_ray_missing_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)   # import ray fails, as where it is not installed
    result = CliRunner().invoke(app, ["simulate", *SMALL, "--ray"])
    assert result.exit_code == 3
    assert "pip install 'clank-engine[ray]'" in result.output


@pytest.mark.parametrize(("args", "address"), [(["--ray"], "local"), (["--ray", "--jobs", "2"], "local"),
                                               (["--ray", "auto"], "auto"),
                                               (["--ray", "ray://head:10001", "--jobs", "3"], "ray://head:10001")])
def test_ray_address_is_optional(monkeypatch: pytest.MonkeyPatch, args: list[str], address: str) -> None:
    from clank_cli import main, simray

    seen = {}

    def backend(jobs: int | None, ray: str | None) -> simjobs.Serial:
        seen["ray"] = ray
        return simjobs.Serial()

    monkeypatch.setattr(main, "_backend", backend)
    result = CliRunner().invoke(app, ["simulate", *SMALL, *args])
    assert result.exit_code == 0, result.output
    assert seen["ray"] == address and simray.LOCAL == main.RAY_LOCAL
