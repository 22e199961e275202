"""Bots-only games in bulk: one result row per game, and the statistics over them.

Game ``i`` uses seed ``seed + i``; each bot is seeded from the game seed and its seat
(:func:`clank.api.bot_seed`), so ``clank play --humans 0 --seed S`` replays game S of a
simulation exactly. Rows hold no timings, so the same arguments give byte-identical output.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from clank.api import best_artifacts, new_game
from clank.faults import blame, error_text, trace_text
from clank.playcheck import GameFault, check_play
from clank.plugin import ESCAPED, KNOCKED_OUT
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from clank_cli.play import bot_choice
from clank_cli.records import state_digest
from clank_cli.render import winner_seat
from clank_cli.seats import Seat, make_bots

MAX_ACTIONS = 200_000
"""A safety net: a game still running after this many actions is an engine bug."""
FAILURE = "failure"
"""The key of a row that holds no result but why its game failed (:func:`failure_row`): it is
never written to ``--out``."""


class RunawayGame(RuntimeError):
    """A simulated game did not end (the round cap should have stopped it)."""


CARD_EVENTS = {"card_gained": "acquired", "card_played": "played", "card_used": "used",
               "monster_defeated": "defeated"}
"""Events counted per card by ``--card-stats``, and the column each one feeds."""


class CardUsage:
    """Counts, per card id, how often it was acquired, played, used and defeated (an observer)."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter] = {}

    def __call__(self, game: Any, event: dict[str, Any]) -> None:
        what = CARD_EVENTS.get(event["event"])
        if what is not None:
            self.counts.setdefault(event["card"], Counter())[what] += 1

    def as_json(self) -> dict[str, dict[str, int]]:
        """``{card: {acquired, played, used, defeated}}``, sorted, zeros left out."""
        return {card: {k: c[k] for k in sorted(c) if c[k]} for card, c in sorted(self.counts.items())}


def play_one(packs: Sequence[str], players: int, seed: int, options: dict[str, Any],
             seats: Sequence[Seat], card_stats: bool = False, check: bool = False) -> dict[str, Any]:
    """Play one bots-only game and return its result row (JSON-ready, deterministic): per player
    the score by source (``points``, as the end-of-game table shows it) and the ``counters``
    packs contribute (their declared statistics); with ``card_stats`` the row also holds
    ``cards``: what happened to each card. With ``check`` every action is checked as
    ``clank validate --play`` checks it (:mod:`clank.playcheck`); the first failure raises
    :class:`~clank.playcheck.GameFault`."""
    game = new_game(list(packs), players, seed, options)
    usage = CardUsage()
    if card_stats:
        game.observers.append(usage)
    if check:
        fault = check_play(game, make_bots(game, seats))
        if fault is not None:
            raise GameFault(fault)
    else:
        play_to_end(game, make_bots(game, seats), seed, seats=seats)
    scores = {s["seat"]: s for s in game.scores()}
    rows = []
    for p in game.state.players:
        best = best_artifacts(game, p.seat)
        points: dict[str, int] = {}
        for source, value in scores[p.seat]["lines"]:
            points[source] = points.get(source, 0) + value
        rows.append({"seat": p.seat, "bot": seats[p.seat].bot, "score": scores[p.seat]["total"],
                     "eligible": scores[p.seat]["eligible"], "escaped": p.status == ESCAPED,
                     "knocked_out": p.status == KNOCKED_OUT, "artifact": best[0] if best else None,
                     "points": points, "counters": counters(game, p.seat)})
    row: dict[str, Any] = {"seed": seed, "rounds": game.state.round, "aborted": game.state.aborted,
           "winner": winner_seat(game), "actions": len(game.state.history),
           "final_state_sha256": state_digest(game), "players": rows}
    if card_stats:
        row["cards"] = usage.as_json()
    return row


def play_to_end(game: Any, bots: dict[int, Any], seed: int,
                before: Callable[[Any, int, Any], None] | None = None, seats: Sequence[Seat] | None = None) -> None:
    """Let the bots decide, each from its seat's view, until the game ends; ``before(game,
    seat, action)`` sees each chosen action before it is applied (the balance lab watches the
    offers and picks). :class:`RunawayGame` past :data:`MAX_ACTIONS`. With ``seats``, a pack's
    fault in a bot is raised as its :class:`~clank.faults.PackFault` naming the bot."""
    steps = 0
    while not game.over:
        seat = game.current_player
        assert seat is not None
        action = bot_choice(game, bots, seats, seat) if seats is not None else bots[seat].choose(game.view(seat))
        if before is not None:
            before(game, seat, action)
        game.apply(action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise RunawayGame(f"game with seed {seed} did not end within {MAX_ACTIONS} actions")


def failure_row(seed: int, error: BaseException) -> dict[str, Any]:
    """The row of a game that failed: its seed and, under :data:`FAILURE`, the pack at fault
    (None: the engine), the fault's line and the engine's traceback (plain data: rows cross
    process boundaries)."""
    fault = blame(error)
    if fault is not None:
        return {"seed": seed, FAILURE: {"pack": fault.pack, "line": fault.line(), "trace": fault.trace}}
    return {"seed": seed, FAILURE: {"pack": None, "line": f"error: the engine failed: {error_text(error)}",
                                    "trace": trace_text(error)}}


def card_table(rows: Sequence[dict[str, Any]], ruleset: Any) -> RenderableType:
    """Per card of the dungeon deck and the reserve: how often it was acquired, played, used
    and defeated over the games, with the games where that happened at least once; cards that
    were never played or used are marked, so a pack author sees what the bots ignore."""
    total: dict[str, Counter] = {}
    games: dict[str, int] = Counter()
    for row in rows:
        for card, counts in row.get("cards", {}).items():
            total.setdefault(card, Counter()).update(counts)
            games[card] += 1
    table = Table(title=f"cards over {len(rows)} games", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("card", "acquired", "played", "used", "defeated", "games", "note"):
        table.add_column(col, justify="left" if col in ("card", "note") else "right")
    cards = ruleset.cards
    shown = sorted((c for c in cards.values() if c.kind in ("dungeon", "reserve")), key=lambda c: c.name)
    for cdef in shown:
        c = total.get(cdef.id, Counter())
        active = c["played"] + c["used"] + c["defeated"]
        note = "never acquired" if not c["acquired"] and cdef.type not in ("monster", "device") else \
            "never played" if cdef.type not in ("monster", "device") and not c["played"] else \
            "never used" if cdef.type == "device" and not active else \
            "never defeated" if cdef.type == "monster" and not active else ""
        table.add_row(Text(cdef.name), str(c["acquired"]), str(c["played"]), str(c["used"]), str(c["defeated"]),
                      str(games[cdef.id]), Text(note, style="yellow"))
    return table


def counters(game: Any, seat: int) -> dict[str, int]:
    """A player's whole-game statistics (the core's and those packs declare and count, such as
    ``prisoners_freed``), the non-zero ones, by name."""
    declared = game.registry.stats
    return {name: n for name, n in sorted(game.player(seat).stats.items()) if n and name in declared}


def row_json(row: dict[str, Any]) -> str:
    """One line of ``--out``: sorted keys, no spaces that vary."""
    return json.dumps(row, sort_keys=True) + "\n"


@dataclass
class Summary:
    """Statistics over simulated games."""

    games: int
    players: int
    score_mean: float
    score_stdev: float
    escape_rate: float
    knockout_rate: float
    escaped_with_artifact_rate: float
    scoring_rate: float
    rounds_mean: float
    aborted: int
    no_winner: int
    wins: dict[int, int]
    seat_scores: dict[int, float]
    seat_bots: dict[int, str]
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Throughput (not written to any file: it varies from run to run)."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def summarise(rows: Sequence[dict[str, Any]], seconds: float) -> Summary:
    """Aggregate result rows (at least one) into a :class:`Summary`."""
    players = [p for r in rows for p in r["players"]]
    n = len(players) or 1
    scores = [p["score"] for p in players]
    seats = sorted({p["seat"] for p in players})
    wins = Counter(r["winner"] for r in rows if r["winner"] is not None)
    return Summary(
        games=len(rows), players=len(rows[0]["players"]) if rows else 0,
        score_mean=statistics.fmean(scores) if scores else 0.0,
        score_stdev=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
        escape_rate=sum(p["escaped"] for p in players) / n,
        knockout_rate=sum(p["knocked_out"] for p in players) / n,
        escaped_with_artifact_rate=sum(p["escaped"] and p["artifact"] is not None for p in players) / n,
        scoring_rate=sum(p["score"] > 0 for p in players) / n,
        rounds_mean=statistics.fmean(r["rounds"] for r in rows) if rows else 0.0,
        aborted=sum(r["aborted"] for r in rows),
        no_winner=sum(r["winner"] is None for r in rows),
        wins={s: wins.get(s, 0) for s in seats},
        seat_scores={s: statistics.fmean(p["score"] for p in players if p["seat"] == s) for s in seats},
        seat_bots={p["seat"]: str(p["bot"]) for p in players},
        seconds=seconds,
    )


def summary_view(summary: Summary) -> RenderableType:
    """The summary as two tables: whole-simulation figures, then per seat."""
    s = summary
    overall = Table(title=f"{s.games} games, {s.players} players", box=box.SIMPLE_HEAD, title_justify="left")
    overall.add_column("statistic")
    overall.add_column("value", justify="right")
    for name, value in (
        ("score mean (all players)", f"{s.score_mean:.2f}"),
        ("score standard deviation", f"{s.score_stdev:.2f}"),
        ("escape rate", f"{s.escape_rate:.1%}"),
        ("knock-out rate", f"{s.knockout_rate:.1%}"),
        ("escaped with an artifact", f"{s.escaped_with_artifact_rate:.1%}"),
        ("scored > 0", f"{s.scoring_rate:.1%}"),
        ("mean rounds", f"{s.rounds_mean:.2f}"),
        ("aborted games (round cap)", str(s.aborted)),
        ("games without a winner", str(s.no_winner)),
        ("games/second", f"{s.games_per_second:.2f}"),
    ):
        overall.add_row(name, value)
    per_seat = Table(title="per seat", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "mean score"):
        per_seat.add_column(col, justify="right" if col not in ("bot",) else "left")
    for seat, wins in s.wins.items():
        per_seat.add_row(f"P{seat + 1}", Text(s.seat_bots.get(seat, "?")), str(wins), f"{wins / s.games:.1%}",
                         f"{s.seat_scores[seat]:.2f}")
    return Group(overall, per_seat)
