"""``clank simulate --ray`` (issue 10): the same JSONL bytes and summary as a local run on the same
seeds, on a local Ray instance started for the test.

Marked ``ray``: ``make test`` leaves these tests out (deselected); ``make test-ray`` installs
the optional extra (``pip install -e '.[ray]'``) and runs them. Where Ray cannot be imported
they are skipped, saying why.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from clank_cli.main import app
from typer.testing import CliRunner

pytestmark = pytest.mark.ray


@pytest.fixture
def ray() -> ModuleType:
    """The ``ray`` module; the test is skipped, saying why, where it cannot be imported."""
    return pytest.importorskip("ray", reason="Ray cannot be imported in this environment: pip install "
                               "'clank-engine[ray]' (make test-ray does) where Ray publishes wheels for this Python")

GAMES = ["--games", "6", "--players", "2", "--seed", "5", "--card-stats"]


def local_run(tmp_path: Path) -> tuple[bytes, list[str]]:
    out = tmp_path / "local.jsonl"
    result = CliRunner().invoke(app, ["simulate", *GAMES, "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes(), summary(result.stdout)


def summary(stdout: str) -> list[str]:
    """The printed summary without the games per second (which vary), each line's words only
    (the table's columns are as wide as its widest figure: 99.5 or 109.0 games/s)."""
    return [" ".join(line.replace("─", "").split()) for line in stdout.splitlines() if "games/second" not in line]


def test_ray_local_instance_gives_the_bytes_of_a_local_run(ray: ModuleType, tmp_path: Path) -> None:
    """``--ray local --jobs 2``: the command starts a two-CPU Ray instance and stops it after."""
    out = tmp_path / "ray.jsonl"
    clank = Path(sys.executable).with_name("clank")
    run = subprocess.run([str(clank), "simulate", *GAMES, "--ray", "local", "--jobs", "2", "--out", str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert (out.read_bytes(), summary(run.stdout)) == local_run(tmp_path)


def test_ray_started_by_the_caller_is_used_and_left_running(ray: ModuleType, tmp_path: Path) -> None:
    """A Ray instance the caller started (``ray.init(num_cpus=2)``) is joined, not stopped."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        out = tmp_path / "ray.jsonl"
        result = CliRunner().invoke(app, ["simulate", *GAMES, "--ray", "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert ray.is_initialized()
        assert (out.read_bytes(), summary(result.stdout)) == local_run(tmp_path)
    finally:
        ray.shutdown()


def test_ray_balance_gives_the_bytes_of_a_local_run(ray: ModuleType, tmp_path: Path) -> None:
    """``clank balance --ray`` plays the paired plan on Ray: the same JSON as ``--jobs 1``."""
    args = ["balance", "--games", "6", "--players", "2", "--seed", "5", "--set", "payoff.cost=4", "--no-cards"]
    clank = Path(sys.executable).with_name("clank")
    run = subprocess.run([str(clank), *args, "--ray", "local", "--jobs", "2", "--json", str(tmp_path / "ray.json")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    local = CliRunner().invoke(app, [*args, "--jobs", "1", "--json", str(tmp_path / "local.json")])
    assert local.exit_code == 0, local.output
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "local.json").read_bytes()
