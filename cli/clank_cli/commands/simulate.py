"""``clank simulate``: bots-only games on every core or on Ray, their summary, the ``--out``
lines, the plot, and what to do about games that failed or a run that was interrupted."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from clank.api import build_ruleset, new_game
from clank.faults import debug
from clank.playcheck import GameFault

from clank_cli import console as con
from clank_cli import simjobs, simresume, simrun
from clank_cli.commands import packs_or_default
from clank_cli.errors import CommandExit, UsageError
from clank_cli.plot import plot_svg
from clank_cli.seats import assign_seats, parse_options, resolve_bots
from clank_cli.simjobs import Backend
from clank_cli.simulate import card_table, summarise, summary_view


@dataclass(frozen=True)
class SimulateRequest:
    """The options of ``clank simulate``, as given (``options``: the ``key=value`` texts of
    ``--option``)."""

    games: int
    players: int = 4
    packs: str | None = None
    bot: str | None = None
    seed: int = 0
    out: Path | None = None
    options: tuple[str, ...] = ()
    card_stats: bool = False
    plot: Path | None = None
    check: bool = False
    keep_going: bool = False
    resume: bool = False


def simulate(request: SimulateRequest, make_backend: Callable[[], Backend]) -> None:
    """Play the games (``make_backend`` gives where, once the packs have loaded), print the
    summary and write the files asked for. Raises :class:`~clank_cli.errors.CommandExit` with 130
    when interrupted, 3 or 1 when games failed, and :class:`~clank_cli.errors.UsageError` for
    ``--resume`` without ``--out``."""
    r = request
    out = r.out
    if r.resume and out is None:
        raise UsageError("--resume continues the file of --out: give --out FILE", "--resume")
    options = parse_options(r.options)
    specs = packs_or_default(r.packs)
    with con.engine_errors(), con.interrupt_before_play("interrupted before any game was played"):
        ruleset = build_ruleset(specs, options)   # errors in the packs are reported here, before any worker starts
        names, note = resolve_bots(ruleset.registry, r.bot)
        if note:
            con.say(f"note: {note}")
        seats = assign_seats(r.players, 0, names)
        new_game(specs, r.players, r.seed, options)     # a refused setup fails now, before any progress bar
        plan = simjobs.SimPlan(tuple(specs), r.players, r.seed, r.games, tuple(seats), options, r.card_stats, r.check)
        kept = simresume.Kept(next_seed=r.seed)
        if r.resume and out is not None:
            try:
                kept = simresume.read_kept(out, r.seed, r.games)
                simresume.check_kept(kept, plan, out)
            except simresume.ResumeError as exc:
                raise con.fail(str(exc)) from None
            con.say(f"resuming {out}: {con.plural(len(kept.rows), 'game')} kept, "
                    f"{con.plural(r.seed + r.games - kept.next_seed, 'game')} to play")
        todo = simresume.remaining(plan, kept)
        backend = make_backend()
        try:
            if r.resume and out is not None and out.exists():
                with out.open("r+b") as cut:
                    cut.truncate(kept.size)          # a last line cut short by the interruption
            handle = out.open("a" if r.resume else "w", encoding="utf-8", newline="\n") if out is not None else None
        except OSError as exc:
            raise con.fail(f"cannot write {out}: {exc.strerror or exc}") from None
        try:
            result = simrun.run(todo, backend, handle, con.stderr(), keep_going=r.keep_going) if todo.games \
                else simrun.RunResult([], 0.0, False)
        except simjobs.WorkerDied as exc:
            raise con.fail(f"{exc}; the games before it are kept" + (f" in {out}" if out else "")) from None
        except GameFault as exc:      # --check: the first failure, in words
            raise con.fail(f"game with seed {exc.fault.seed} failed: {exc.fault.describe()}"
                           + (f" (raised at {exc.fault.code[0]}:{exc.fault.code[1]})" if exc.fault.code else "")) from None
        finally:
            if handle is not None:
                handle.close()
    rows = kept.rows + result.rows
    if rows:
        con.stdout().print(summary_view(summarise(rows, result.seconds)))
        if r.card_stats:
            con.stdout().print(card_table(rows, ruleset))
    if out is not None:
        con.say(f"wrote {con.plural(len(result.rows), 'game')} to {out}"
                + (f" (after the {len(kept.rows)} kept)" if r.resume else ""))
    if r.plot is not None and rows:
        bots = ", ".join(dict.fromkeys(str(s.bot) for s in seats))
        title = (f"{con.plural(len(rows), 'game')}, {r.players} players, bots: {bots}, "
                 f"seeds {r.seed}-{rows[-1]['seed']}")
        try:
            r.plot.write_text(plot_svg(rows, title), encoding="utf-8")
        except OSError as exc:
            raise con.fail(f"cannot write {r.plot}: {exc.strerror or exc}") from None
        con.say(f"wrote the score and game-length distributions to {r.plot}")
    if result.failures:
        _report_failed_games(result, specs, r, len(rows))
    if result.interrupted:
        done = len(rows)
        kept_words = f"games with seeds {r.seed}..{rows[-1]['seed']} finished" if done else "no game finished"
        con.say(f"interrupted after {done} of {con.plural(r.games, 'game')} ({kept_words}); the workers were stopped"
                + ("; continue with --resume" if out is not None else ""))
        raise CommandExit(con.EXIT_INTERRUPTED)
    if result.failures:
        raise CommandExit(con.EXIT_ENV if any(f["failure"]["pack"] for f in result.failures) else con.EXIT_INVALID)


def _report_failed_games(result: simrun.RunResult, specs: list[str], r: SimulateRequest, done: int) -> None:
    """The games that failed, at most four lines: the first one's fault, the command that replays
    it, and what was kept (and how to continue); with --debug, its traceback."""
    first = result.failures[0]
    options = list(r.options)
    replay = simresume.command(specs, r.players, first["seed"], 1, r.bot, options)
    if r.out is None:
        kept = f"the {con.plural(done, 'game')} before it are summarised above" if result.stopped else ""
    else:
        again = simresume.command(specs, r.players, r.seed, r.games, r.bot, options,
                                  *(["--card-stats"] if r.card_stats else []), "--out", str(r.out),
                                  *(["--keep-going"] if not result.stopped else []), "--resume")
        kept = (f"kept the {con.plural(done, 'game')} before it in {r.out}; after fixing the pack, continue with: "
                f"{again}") if result.stopped else ""
    for line in simresume.failure_lines(result.failures, result.stopped, done, r.games, replay, kept):
        if line:
            con.say(line, style="red" if "error" in line[:60] else None)
    if debug() and first["failure"]["trace"]:
        sys.stderr.write(first["failure"]["trace"])
