"""Continuing an interrupted ``clank simulate --out FILE`` (``--resume``), and the words for
games that failed.

An interrupted run leaves in ``--out`` the rows of a finished prefix of its games
(:mod:`clank_cli.simrun`), perhaps with a last line cut short when the process was killed while
writing. :func:`read_kept` keeps the complete rows (they must be games of this run, in seed
order) and :func:`check_kept` plays the last of them again to make sure the file was written
with the same arguments: the run then plays the games after it, appending, and the file ends
with the bytes an uninterrupted run writes.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_cli.simjobs import SimPlan
from clank_cli.simulate import FAILURE, row_json


class ResumeError(ValueError):
    """The ``--out`` file cannot be continued by this run (written by another, or damaged)."""


@dataclass
class Kept:
    """What an interrupted ``--out`` file holds: its complete rows in seed order, how many bytes
    they take (a line cut short after them is dropped), and the seed of the next game to play."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    size: int = 0
    next_seed: int = 0
    last_line: bytes = b""


def read_kept(path: Path, seed: int, games: int) -> Kept:
    """The rows an interrupted run of ``games`` games from ``seed`` left in ``path`` (none when
    the file does not exist); :class:`ResumeError` when a line is not one of its rows."""
    if not path.exists():
        return Kept(next_seed=seed)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ResumeError(f"cannot read {path}: {exc.strerror or exc}") from None
    size = data.rfind(b"\n") + 1             # the complete lines; a last line cut short is dropped
    kept = Kept(size=size, next_seed=seed)
    for n, line in enumerate(data[:size].splitlines(), 1):
        try:
            row = json.loads(line)
        except ValueError:
            raise ResumeError(f"{path}:{n}: not a line clank simulate writes: it cannot be continued") from None
        found = row.get("seed") if isinstance(row, dict) else None
        if not isinstance(found, int) or not kept.next_seed <= found < seed + games:
            raise ResumeError(f"{path}:{n}: holds the game of seed {found}, not one of this run's games after "
                              f"the lines before it (seeds {seed} to {seed + games - 1}, in order): was it written "
                              f"with another --seed or --games?")
        kept.rows.append(row)
        kept.next_seed = found + 1
        kept.last_line = line + b"\n"
    return kept


def check_kept(kept: Kept, plan: SimPlan, path: Path) -> None:
    """Play the last kept game again: its row must be the line the file holds (the same packs,
    players, bots, options and ``--card-stats``)."""
    if not kept.rows:
        return
    seed = kept.rows[-1]["seed"]
    again = plan.play(seed)
    if FAILURE in again or row_json(again).encode("utf-8") != kept.last_line:
        raise ResumeError(f"{path}: the game of seed {seed} gives another row with these arguments: the file was "
                          f"written with other packs, players, bots, options or --card-stats; resume it with "
                          f"the arguments that wrote it")


def remaining(plan: SimPlan, kept: Kept) -> SimPlan:
    """The plan of the games after the kept ones."""
    return dataclasses.replace(plan, seed=kept.next_seed, games=plan.seed + plan.games - kept.next_seed)


def command(packs: Sequence[str], players: int, seed: int, games: int, bot: str | None,
            options: Sequence[str], *extra: str) -> str:
    """The ``clank simulate`` command line of these arguments (quoted for a shell)."""
    words = ["clank", "simulate", "--games", str(games), "--seed", str(seed), "--players", str(players),
             "--packs", ",".join(packs)]
    if bot is not None:
        words += ["--bot", bot]
    for option in options:
        words += ["--option", option]
    return " ".join(shlex.quote(w) for w in [*words, *extra])


def failure_lines(failures: list[dict[str, Any]], stopped: bool, done: int, games: int, replay: str,
                  kept: str) -> list[str]:
    """What ``clank simulate`` says about failed games (at most four lines): the first one's
    fault, which games failed, how to replay the first alone, and what was kept."""
    first = failures[0]
    seed, line = first["seed"], first[FAILURE]["line"]
    if stopped:
        return [line, f"the game of seed {seed} failed, so the run stopped (--keep-going plays the other games); "
                      f"replay it alone: {replay}", kept]
    seeds = ", ".join(str(f["seed"]) for f in failures[:8]) + (" ..." if len(failures) > 8 else "")
    return [f"error: {len(failures)} of {games} games failed (seeds {seeds}); the other {done} were played",
            f"seed {seed}: {line}", f"replay it alone: {replay}", kept]
