"""``clank simulate`` when a game fails or a worker dies (issue 38, point 3): the failing game's
seed and the command that replays it, the games already finished kept, ``--keep-going``,
``--resume`` of an interrupted ``--out`` file, and a killed ``--jobs`` worker replaced, each
run ending with the bytes an undisturbed run writes.

The failing pack is tests/faultpack's ``frosty`` whose op fails in the games of seeds 2, 6, 10
... (``seed % 4 == 2``), seen as installed; its games run in this process (``--jobs 1``: worker
processes may be spawned here, and would not see a pack installed by a test). The worker tests
run ``clank`` in processes of their own, with the base game.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from clank.testing import pack_module
from clank_cli import simjobs
from clank_cli.main import app
from clank_cli.seats import assign_seats
from clank_cli.simulate import row_json
from typer.testing import CliRunner

HERE = Path(__file__).parent
CLANK = Path(sys.executable).with_name("clank")


fp = pack_module(HERE / "faultpack" / "__init__.py", "clank_test_faultpack")
FROSTY = ["--packs", "catacombs,frosty", "--players", "2", "--bot", "random", "--option", "max_rounds=8",
          "--jobs", "1"]


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLANK_DEBUG", raising=False)
    return CliRunner()


def simulate(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, ["simulate", *args])


def healthy(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, games: int, name: str = "ref") -> bytes:
    """The bytes of an undisturbed run of ``games`` games from seed 0, the pack fixed."""
    fp.install(monkeypatch, None)
    out = tmp_path / f"{name}.jsonl"
    result = simulate(runner, "-n", str(games), "--seed", "0", *FROSTY, "--out", str(out))
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def test_a_failing_game_is_named_with_its_seed_and_the_command_that_replays_it(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fp.install(monkeypatch, "seed")
    out = tmp_path / "games.jsonl"
    result = simulate(runner, "-n", "6", "--seed", "0", *FROSTY, "--out", str(out))
    assert result.exit_code == 3, result.output
    said = result.stderr.splitlines()
    start = next(i for i, line in enumerate(said) if "error[pack-fault]" in line)
    report = said[start:]
    assert len(report) <= 5 and "Traceback" not in result.output
    assert "pack 'frosty', op 'frostbite' (run): KeyError: 'frost'" in report[0]
    assert "the game of seed 2 failed, so the run stopped (--keep-going plays the other games)" in report[1]
    replay = report[1].split("replay it alone: ")[1]
    assert replay == ("clank simulate --games 1 --seed 2 --players 2 --packs catacombs,frosty --bot random "
                      "--option max_rounds=8")
    assert f"kept the 2 games before it in {out}" in report[2] and "--resume" in report[2]
    kept = out.read_bytes()
    assert kept == healthy(runner, monkeypatch, tmp_path, 2)     # the games of seeds 0 and 1, as --games 2 writes
    fp.install(monkeypatch, "seed")
    again = simulate(runner, *shlex.split(replay)[2:], "--jobs", "1")    # the command replays the fault
    assert again.exit_code == 3 and "the game of seed 2 failed" in again.stderr


def test_keep_going_plays_the_other_games_and_names_the_failed_ones(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fp.install(monkeypatch, "seed")
    out = tmp_path / "games.jsonl"
    result = simulate(runner, "-n", "8", "--seed", "0", *FROSTY, "--out", str(out), "--keep-going")
    assert result.exit_code == 3, result.output
    assert "error: 2 of 8 games failed (seeds 2, 6); the other 6 were played" in result.stderr
    assert "replay it alone: clank simulate --games 1 --seed 2" in result.stderr
    assert "6 games, 2 players" in result.stdout                # the summary of the games played
    expected = [line for line in lines_of(healthy(runner, monkeypatch, tmp_path, 8))
                if b'"seed": 2,' not in line and b'"seed": 6,' not in line]
    assert lines_of(out.read_bytes()) == expected


def test_resume_after_the_fix_ends_with_the_bytes_of_an_undisturbed_run(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fp.install(monkeypatch, "seed")
    out = tmp_path / "games.jsonl"
    stopped = simulate(runner, "-n", "6", "--seed", "0", *FROSTY, "--out", str(out))
    assert stopped.exit_code == 3
    continue_with = shlex.split(stopped.stderr.split("continue with: ")[1].split("\n")[0])
    assert continue_with[-1] == "--resume" and continue_with[:2] == ["clank", "simulate"]
    fp.install(monkeypatch, None)                                  # the pack fixed
    resumed = runner.invoke(app, [*continue_with[1:], "--jobs", "1"])
    assert resumed.exit_code == 0, resumed.output
    assert f"resuming {out}: 2 games kept, 4 games to play" in resumed.stderr
    assert "6 games, 2 players" in resumed.stdout                  # the summary covers every game
    assert out.read_bytes() == healthy(runner, monkeypatch, tmp_path, 6)


def test_resume_drops_a_line_cut_short_and_refuses_a_file_of_other_arguments(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    full = healthy(runner, monkeypatch, tmp_path, 5)
    out = tmp_path / "cut.jsonl"
    cut = len(lines_of(full)[0]) + len(lines_of(full)[1]) + 40        # two rows and part of the third
    out.write_bytes(full[:cut])
    resumed = simulate(runner, "-n", "5", "--seed", "0", *FROSTY, "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert out.read_bytes() == full
    other = tmp_path / "other.jsonl"
    other.write_bytes(full[:cut])
    refused = simulate(runner, "-n", "5", "--seed", "0", *FROSTY, "--option", "max_rounds=9", "--out", str(other),
                       "--resume")
    assert refused.exit_code == 1
    assert "the game of seed 1 gives another row with these arguments" in refused.stderr
    assert other.read_bytes() == full[:cut]                          # left as it was
    wrong = simulate(runner, "-n", "5", "--seed", "3", *FROSTY, "--out", str(out), "--resume")
    assert wrong.exit_code == 1 and "holds the game of seed 0, not one of this run's games" in wrong.stderr
    assert simulate(runner, "-n", "5", "--resume").exit_code == 2      # nothing to resume without --out


def _children(pid: int) -> list[int]:
    """The child processes of ``pid``: the workers of a ``clank simulate`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _start(out: Path, games: int, jobs: str) -> subprocess.Popen:
    command = [str(CLANK), "simulate", "--games", str(games), "--players", "2", "--seed", "3", "--bot", "random",
               "--option", "max_rounds=8", "--out", str(out), "--jobs", jobs]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _wait_for_lines(proc: subprocess.Popen, out: Path, n: int) -> None:
    deadline = time.monotonic() + 120
    while not (out.exists() and out.read_bytes().count(b"\n") >= n):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)


def _reference(tmp_path: Path, games: int) -> bytes:
    out = tmp_path / "reference.jsonl"
    result = CliRunner().invoke(app, ["simulate", "--games", str(games), "--players", "2", "--seed", "3", "--bot",
                                      "random", "--option", "max_rounds=8", "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and kills processes")
def test_a_killed_worker_is_replaced_and_the_run_ends_with_the_same_bytes(tmp_path: Path) -> None:
    """kill -9 of one worker in the middle of a run: the pool is replaced, the games it was
    playing are played again, and --out ends as an undisturbed run's."""
    out = tmp_path / "games.jsonl"
    games = 300
    proc = _start(out, games, "2")
    try:
        _wait_for_lines(proc, out, 10)
        workers = _children(proc.pid)
        assert workers, "no worker process found"
        os.kill(workers[0], signal.SIGKILL)
        written_then = out.read_bytes().count(b"\n")
        stdout, stderr = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert written_then < games, "the run had ended before the kill: nothing was tested"
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr and "BrokenProcessPool" not in stderr
    assert f"wrote {games} games" in stderr
    assert out.read_bytes() == _reference(tmp_path, games)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="kills a process group")
def test_a_run_killed_outright_is_continued_by_resume(tmp_path: Path) -> None:
    """kill -9 of the whole run (its last line perhaps cut short): --resume ends the file with
    the bytes of an uninterrupted run."""
    out = tmp_path / "games.jsonl"
    games = 200
    proc = _start(out, games, "2")
    try:
        _wait_for_lines(proc, out, 5)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert out.read_bytes().count(b"\n") < games
    resumed = CliRunner().invoke(app, ["simulate", "--games", str(games), "--players", "2", "--seed", "3", "--bot",
                                       "random", "--option", "max_rounds=8", "--out", str(out), "--jobs", "1",
                                       "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert out.read_bytes() == _reference(tmp_path, games)


def test_a_lost_task_is_started_again_in_its_place() -> None:
    started: list[int] = []
    lost = {2}

    def submit(i: int) -> int:
        started.append(i)
        return i

    def result(i: int) -> str:
        if i in lost:
            lost.discard(i)
            raise simjobs.Lost
        return f"row {i}"

    rows = list(simjobs.ordered(5, 2, submit, lambda handles: [min(handles)], result, lambda n: None))
    assert rows == [f"row {i}" for i in range(5)] and started.count(2) == 2


KILLER = """
import os, signal, sys
from pathlib import Path
from clank_cli import simjobs
from clank_cli.seats import assign_seats
from clank_cli.simulate import row_json

MARK, ALWAYS = Path(sys.argv[1]), sys.argv[2] == "always"


class Killer(simjobs.SimPlan):
    def play(self, seed):
        if seed == 5 and (ALWAYS or not MARK.exists()):
            MARK.touch()
            os.kill(os.getpid(), signal.SIGKILL)      # the worker dies as a kill -9 kills it
        return super().play(seed)


assert simjobs.start_method() == "fork", simjobs.start_method()
plan = Killer(("catacombs",), 2, 3, 6, tuple(assign_seats(2, 0, ["random"])), {"max_rounds": 8})
plan.load()
try:
    sys.stdout.write("".join(map(row_json, simjobs.ProcessPool(2).rows(plan, lambda n: None))))
except simjobs.WorkerDied as exc:
    print("WorkerDied:", exc)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_a_game_that_kills_its_worker_every_time_is_named(tmp_path: Path) -> None:
    plan = simjobs.SimPlan(("catacombs",), 2, 3, 6, tuple(assign_seats(2, 0, ["random"])), {"max_rounds": 8})
    alone = "".join(map(row_json, simjobs.Serial().rows(plan, lambda n: None)))
    once = subprocess.run([sys.executable, "-c", KILLER, str(tmp_path / "once"), "once"], capture_output=True,
                          text=True, timeout=300)
    assert once.returncode == 0, once.stderr
    assert once.stdout == alone                                  # killed once: played again, same rows
    always = subprocess.run([sys.executable, "-c", KILLER, str(tmp_path / "always"), "always"], capture_output=True,
                            text=True, timeout=300)
    died = always.stdout
    assert died.startswith("WorkerDied: a worker process died 3 times while the games of seeds "), always.stderr
    assert "5" in died.split("seeds ")[1].split(" were")[0].split(", ")
