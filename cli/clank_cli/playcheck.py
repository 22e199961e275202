"""``clank validate --play N``: play N short seeded games of the validated packs with the
invariant checks on, and report each failure as one problem line.

Game ``i`` has seed ``i``, the player counts the packs support in turn (2, 3, 4, 2 ... with the
base game; up to 6 with the Party), the random and greedy bots on alternate seats, and at most
:data:`ROUNDS` rounds; every action is checked (:func:`clank.playcheck.check_play`). A failure
is reported at the content item it involved (a card, token or tile of a pack being validated,
at its file and line), else at the line of the pack's code that raised, with the failing action
and the ``clank simulate ... --check`` command that replays that very game and stops at the
same failure.
"""

from __future__ import annotations

import functools
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from clank.api import build_ruleset, load_packs
from clank.content import MANIFEST, Problem, sort_problems
from clank.playcheck import PlayFault, play_checked

from clank_cli.seats import assign_seats, make_bots
from clank_cli.validation import INSTALLED, Result

ROUNDS = 20
"""The round cap of a checked game (the game option ``max_rounds``): short games."""
RULE = "play"
"""The rule id of a failure found in play."""
BOTS = ("random", "greedy")
"""The bots that play, on alternate seats (the greedy bot when a loaded pack registers it)."""
LIST_KINDS = ("cards", "tokens", "tiles")


@dataclass
class PlayRun:
    """What ``--play`` did: the games played and the faults found (each with its problem)."""

    packs: list[str]
    games: int
    rounds: int
    faults: list[PlayFault] = field(default_factory=list)
    replays: list[str] = field(default_factory=list)     # per fault: the command that replays its game
    located: list[Problem] = field(default_factory=list)  # per fault: where it is reported
    problems: list[Problem] = field(default_factory=list)  # one per distinct failure
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The run as ``clank validate --format json`` shows it (``play``)."""
        return {"games": self.games, "rounds": self.rounds, "packs": self.packs, "seeds": [0, self.games - 1],
                "failed": len(self.faults),
                "failures": [{**f.to_json(), "replay": r, "at": {"file": p.file, "line": p.line, "col": p.col,
                                                                  "path": p.path}}
                             for f, r, p in zip(self.faults, self.replays, self.located, strict=True)]}

    def note(self) -> str:
        """The line the summary adds: how many games, how many failed."""
        failed = f"{len(self.faults)} failed" if self.faults else "none failed"
        return (f"played {self.games} game{'s' if self.games != 1 else ''} with the invariant checks on (seeds 0-"
                f"{self.games - 1}, at most {self.rounds} rounds, bots {' and '.join(BOTS)}): {failed}")


def play_into(result: Result, games: int, rounds: int = ROUNDS) -> None:
    """``--play``: play the validated packs (when they are valid) and add what failed to
    ``result``: a problem per failure, a note with the count, the run under ``play`` in JSON."""
    targets = [t for t in result.targets if t.kind != "file"]
    if not targets:
        result.notes.append("--play: no pack to play (single files are validated on their own)")
        return
    if result.errors:
        result.notes.append("--play: not played, the content has errors (a game refuses invalid content): fix them "
                            "first")
        return
    where = next((str(t.path / MANIFEST) for t in targets if t.kind != INSTALLED), str(targets[0].path / MANIFEST))
    run = play(result.packs, games, [t.pack_id for t in targets], rounds, where)
    result.problems = sort_problems([*result.problems, *run.problems])
    for t in targets:
        result.by_target[t.spec] = sort_problems([*result.by_target.get(t.spec, []),
                                                  *(p for p in run.problems if p.pack == t.pack_id)])
    result.notes.append(run.note())
    result.play = run.to_json()


def play(packs: Sequence[str], games: int, targets: Sequence[str], rounds: int = ROUNDS,
         fallback: str = MANIFEST) -> PlayRun:
    """Play ``games`` checked games of ``packs`` (specs in load order, as ``--packs`` takes them);
    ``targets`` are the ids of the packs being validated, whose items a failure is reported at
    first; ``fallback`` is the file a failure that involves no item nor pack code points at."""
    start = time.perf_counter()
    run = PlayRun(list(packs), games, rounds)
    ruleset = build_ruleset(list(packs))
    spec = ruleset.setup.get("players") or {}
    low, high = int(spec.get("min", 2)), int(spec.get("max", 4))
    bots = [b for b in BOTS if b in ruleset.registry.bots] or ["random"]
    items = _items(packs)
    for seed in range(games):
        players = low + seed % (high - low + 1)
        names = [bots[(seat + seed) % len(bots)] for seat in range(players)]
        seats = assign_seats(players, 0, names)
        fault = play_checked(packs, players, seed, {"max_rounds": rounds},
                             functools.partial(make_bots, seats=seats))
        if fault is None:
            continue
        replay = replay_command(packs, fault, names, rounds)
        run.faults.append(fault)
        run.replays.append(replay)
        run.located.append(_problem(fault, replay, items, targets, fallback))
    run.problems = _grouped(run, items, targets, fallback)
    run.seconds = time.perf_counter() - start
    return run


def _grouped(run: PlayRun, items: dict[str, tuple[Any, str, int]], targets: Sequence[str],
             fallback: str) -> list[Problem]:
    """One problem per distinct failure (same place, kind and words), naming the games it ended
    and the replay command of the first."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i, (fault, at) in enumerate(zip(run.faults, run.located, strict=True)):
        groups.setdefault((at.file, at.line, at.col, fault.kind, fault.message), []).append(i)
    out = []
    for members in groups.values():
        first = run.faults[members[0]]
        seeds = ", ".join(str(run.faults[i].seed) for i in members)
        games = (f"in {len(members)} of {run.games} games (seeds {seeds})" if len(members) > 1
                 else f"in game {first.seed}")
        out.append(_problem(first, run.replays[members[0]], items, targets, fallback, games))
    return out


def replay_command(packs: Sequence[str], fault: PlayFault, bots: Sequence[str], rounds: int) -> str:
    """The ``clank simulate`` command that plays the failed game again, with the same checks."""
    return shlex.join(["clank", "simulate", "--games", "1", "--seed", str(fault.seed), "--players",
                       str(fault.players), "--packs", ",".join(packs), "--bot", ",".join(bots),
                       "-o", f"max_rounds={rounds}", "--check", "--jobs", "1"])


def _items(packs: Sequence[str]) -> dict[str, tuple[Any, str, int]]:
    """Every card, token and tile id -> (its pack's data, kind, index), first definition kept."""
    _, _, datas = load_packs(list(packs))
    out: dict[str, tuple[Any, str, int]] = {}
    for data in datas:
        for kind in LIST_KINDS:
            for i, entry in enumerate(data.content(kind)):
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    out.setdefault(entry["id"], (data, kind, i))
    return out


def _problem(fault: PlayFault, replay: str, items: dict[str, tuple[Any, str, int]], targets: Sequence[str],
             fallback: str, games: str = "") -> Problem:
    """The fault as a problem: at the item it involved in a pack being validated, else at the
    line of pack code that raised, else at any item it involved, else at ``fallback``."""
    involved = [items[i] for i in fault.items if i in items]
    mine = [found for found in involved if found[0].id in targets]
    what = fault.describe() + (f" (raised at {fault.code[0]}:{fault.code[1]})" if fault.code is not None else "")
    message = (f"failed in play {games or f'in game {fault.seed}'}: {what}; replay game {fault.seed} "
               f"({fault.players} players): {replay}")
    owner = targets[0] if targets else None
    if mine or (involved and fault.code is None):
        data, kind, index = (mine or involved)[0]
        at = data.problem(kind, (index,), RULE, f"{kind[:-1]} {data.content(kind)[index]['id']!r}: {message}")
        return Problem(at.file, at.line, at.col, "error", RULE, at.message, at.path, data.id if mine else owner)
    if fault.code is not None:
        return Problem(fault.code[0], fault.code[1], 1, "error", RULE, message, "$", owner)
    return Problem(fallback, 1, 1, "error", RULE, message, "$", owner)
