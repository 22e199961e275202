"""Every command the README shows runs, with small arguments, and the README stays short.

The README's fenced blocks are read as a newcomer reads them: each line of a plain block is a
command (a trailing ``# comment`` is not part of it), each ``python`` block a program. The
commands of a section run in order in one temporary directory, as someone following the
section would type them (``clank pack new candles`` before ``clank validate ./candles``), with
the virtualenv of this test run standing for ``.venv/bin`` and their sizes made small
(``SMALL``). Interactive commands run with their input closed: they must start, then stop
cleanly at the end of input, with no traceback.

Two commands are not run here: ``make test`` (the command that runs this test) and ``make
bench-compare``, whose script is run with tiny arguments by the slow tier (it installs
catanatron in a virtualenv of its own first).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent

SMALL = [(r"--games \d+", "--games 2"), (r"mcts:\d+", "mcts:4"), (r"--players 4\b", "--players 2")]
"""Sizes a test makes small: (pattern, replacement) applied to every command."""
NOT_RUN_HERE = {"make test": "the command that runs this very test (CI runs it)",
                "make bench-compare": "run with tiny arguments by test_the_speed_command_measures"}


@dataclass
class Section:
    """A ``##`` section of the README: its title, its commands and its Python programs."""

    title: str
    commands: list[tuple[int, str]] = field(default_factory=list)    # (line, command)
    programs: list[tuple[int, str]] = field(default_factory=list)    # (first line, source)


def readme_sections() -> dict[str, Section]:
    """The README's sections with the commands and programs of their fenced blocks."""
    sections: dict[str, Section] = {}
    current = Section("")
    block: list[str] | None = None
    lang, start = "", 0
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        if block is None and line.startswith("## "):
            current = sections.setdefault(line[3:].strip(), Section(line[3:].strip()))
        elif line.startswith("```") and block is None:
            block, lang, start = [], line[3:].strip(), number + 1
        elif line.startswith("```"):
            if lang == "python":
                current.programs.append((start, "\n".join(block)))
            elif lang in ("", "sh", "bash", "console"):
                for offset, text in enumerate(block):
                    command = text.split(" # ")[0].strip() if " # " in text else text.strip()
                    if command and not command.startswith("#"):
                        current.commands.append((start + offset, command))
            block = None
        elif block is not None:
            block.append(line)
    return sections


def small(command: str) -> str:
    """The command with the sizes of ``SMALL`` made small."""
    for pattern, replacement in SMALL:
        command = re.sub(pattern, replacement, command)
    return command


def run_command(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run one README command in ``cwd`` with its input closed."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "120"}
    if command == "make serve":
        return serve_briefly(cwd, env)
    if command.startswith("make "):
        target = command.split()[1]
        # the Makefile's virtualenv is this run's, its install step is not remade, and what the
        # target writes (a save) lands in the temporary directory, never in the repository
        args = ["make", "-s", "-f", str(ROOT / "Makefile"), f"BIN={BIN}", "-o", ".venv/.installed-stamp", target]
    else:
        args = ["bash", "-c", small(command).replace(".venv/bin/", f"{BIN}/")]
    return subprocess.run(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=600)


def serve_briefly(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``make serve`` runs until stopped: start it on a free port with its games in ``cwd``, wait
    until it answers ``/health``, then stop it (SIGINT, as Ctrl-C); it must have served and
    stopped cleanly."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = ["make", "-s", "-f", str(ROOT / "Makefile"), f"BIN={BIN}", "-o", ".venv/.installed-stamp", "serve",
            f"PORT={port}", f"DB=sqlite:///{cwd / 'web.db'}"]
    server = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    health = ""
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as answer:
                    health = answer.read().decode()
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=60)
    code = 0 if health and server.returncode in (0, -signal.SIGINT, 130, 2) else 1
    return subprocess.CompletedProcess(args, code, out + health, err)


SECTIONS = readme_sections()
RUN = sorted(title for title, s in SECTIONS.items() if s.commands or s.programs)


def test_the_readme_is_short_and_speaks_to_a_newcomer():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    for word in ("issue", "session"):
        assert not re.search(rf"\b{word}s?\b", text, re.IGNORECASE), f"the README speaks of {word}s"
    quick = SECTIONS["Quick start"].commands
    assert [c for _, c in quick] == ["make play", "make test"], quick


@pytest.mark.parametrize("title", RUN)
def test_every_command_of_the_section_runs(title: str, tmp_path: Path):
    section = SECTIONS[title]
    for line, command in section.commands:
        if command in NOT_RUN_HERE:
            continue
        done = run_command(command, tmp_path)
        shown = f"README.md:{line}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert done.returncode == 0, shown
        assert "Traceback (most recent call last)" not in done.stdout + done.stderr, shown
    for line, source in section.programs:
        program = tmp_path / f"readme_{line}.py"
        program.write_text(small(source), encoding="utf-8")
        done = subprocess.run([sys.executable, str(program)], cwd=tmp_path, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, f"README.md:{line}: the program fails\n{done.stderr[-3000:]}"


def test_every_command_is_run_by_a_test():
    """A command added to the README is run by the test above, or named in NOT_RUN_HERE with
    the reason and the test that runs it instead."""
    shown = {c for s in SECTIONS.values() for _, c in s.commands}
    assert set(NOT_RUN_HERE) <= shown, "NOT_RUN_HERE names a command the README no longer shows"


@pytest.mark.slow
def test_the_speed_command_measures(tmp_path: Path):
    """``make bench-compare`` (the README's speed command) runs its script; here with tiny
    arguments: it installs catanatron in its own virtualenv, then measures both engines."""
    assert ("make bench-compare" in {c for _, c in SECTIONS["Speed"].commands})
    recipe = subprocess.run(["make", "-n", "-C", str(ROOT), "-o", ".venv/.installed-stamp", "bench-compare"],
                            capture_output=True, text=True, check=True).stdout
    assert "benchmarks/compare_catanatron.py" in recipe
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "compare_catanatron.py"), "--rounds", "1",
                           "--games", "1", "--steps", "200", "--clones", "5", "--live", "1"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "4-player games/s" in done.stdout and "catanatron" in done.stdout
