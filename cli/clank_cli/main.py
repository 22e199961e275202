"""The ``clank`` command: play, simulate, list, show, create and test packs, validate content, export
schemas, print the authoring and hooks guides, replay records, draw the dungeon of a save.

Commands are thin: they parse options, call the engine (through the modules next to this
one) and hand the results to a renderer or reporter. Data goes to stdout; diagnostics and
progress to stderr. Exit codes: 0 ok, 1 invalid content or input, 2 usage, 3 environment
(a pack failed to load).
"""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import clank
import typer
from typer.core import TyperCommand

from clank_cli import console as con

if TYPE_CHECKING:
    from collections.abc import Callable

    from clank_cli.simjobs import Backend

# Everything else is imported inside the command that needs it: `clank --help` loads neither the
# engine nor rich's tables (tests/test_cli_startup.py keeps it so). Help and usage errors are
# click's plain text (``rich_markup_mode=None``): typer's rich help panels would import rich's
# Markdown and traceback modules first, which more than doubles the time `clank --help` takes.
PLAIN_HELP: dict[str, Any] = {"rich_markup_mode": None, "no_args_is_help": True}

app = typer.Typer(name="clank", help="Play, simulate and check Clank! Catacombs games and content packs.",
                  add_completion=False, pretty_exceptions_show_locals=False, **PLAIN_HELP)
packs_app = typer.Typer(help="Installed content packs.", **PLAIN_HELP)
app.add_typer(packs_app, name="packs")
pack_app = typer.Typer(help="Create a new content pack, and test one with its scenario files.", **PLAIN_HELP)
app.add_typer(pack_app, name="pack")
schema_app = typer.Typer(help="JSON Schemas of the content files, for editors and tools.", **PLAIN_HELP)
app.add_typer(schema_app, name="schema")
docs_app = typer.Typer(help="Guides that come with the engine.", **PLAIN_HELP)
app.add_typer(docs_app, name="docs")

DEFAULT_PACKS = "catacombs"
"""The packs a game loads when ``--packs`` is not given (the base game)."""
PACKS_HELP = f"Comma-separated pack ids or pack directories (default: {DEFAULT_PACKS})."
OPTION_HELP = "A game option key=value (repeatable), e.g. max_rounds=50, parts=promos, first_player=1."
SAVE_HELP = "Save file (default clank-save.json when a human plays)."
"""Names ``clank_cli.play.DEFAULT_SAVE`` without importing the game (a test checks they agree)."""
REQUIRES_HELP = ("Packs the new pack requires, comma-separated or repeated (default catacombs; \"\" for none).")
"""Names ``clank_cli.scaffold.BASE_PACK`` without importing the scaffold (a test checks they agree)."""


def _version(value: bool) -> None:
    if value:
        typer.echo(f"clank {clank.__version__}")
        raise typer.Exit()


DEBUG_ENV = "CLANK_DEBUG"
"""Names ``clank.faults.DEBUG_ENV`` without importing the engine (a test checks they agree)."""


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Show the version and exit."),
          debug: bool = typer.Option(False, "--debug", help="With a pack's fault, also show the engine's "
                                     "traceback (as CLANK_DEBUG=1 does).")) -> None:
    """Play, simulate and check Clank! Catacombs games and content packs."""
    if debug:
        os.environ[DEBUG_ENV] = "1"     # worker processes see it too


# ==========================================================================================
# play
# ==========================================================================================
@app.command(short_help="Play a game in the terminal against bots or hot-seat.")
def play(
    packs: str | None = typer.Option(None, "--packs", help=PACKS_HELP),
    players: int | None = typer.Option(None, "--players", help="Number of players (default 4)."),
    humans: int | None = typer.Option(None, "--humans", min=0,
                                      help="Human seats, taken first (default 1; 0 to watch bots)."),
    bot: str | None = typer.Option(None, "--bot", help="Bot for the other seats (default greedy, else random); "
                                   "a comma-separated list gives one per seat in order."),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (default: random, and printed)."),
    save: Path | None = typer.Option(None, "--save", help=SAVE_HELP),
    resume: Path | None = typer.Option(None, "--resume", help="Continue the game saved in this file."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    plain: bool = typer.Option(False, "--plain", help="Line mode (numbered choices, one line typed each) instead "
                               "of the full-screen table; the default when input or output is not a terminal."),
    pace: float | None = typer.Option(None, "--pace", min=0.0, metavar="SECONDS",
                                      help="The table plays the bots' turns on without a key press, this many "
                                      "seconds between two moves (w changes it while playing)."),
) -> None:
    """Play a full game in the terminal against bots or hot-seat; every action is saved.

    On a terminal the game is a full-screen table (press ? for help); with --plain, or when
    input or output is not a terminal (pipes, scripts), it runs in line mode with the same
    action texts."""
    import secrets

    from clank.api import split_packs

    from clank_cli.play import (
        FAULT,
        FINISHED,
        INTERRUPTED,
        Session,
        interactive_terminal,
        new_table,
        print_result,
        resume_table,
        run_table,
    )
    from clank_cli.records import RecordError
    from clank_cli.seats import parse_options

    out, err = con.stdout(), con.stderr()
    with con.engine_errors(), con.interrupt_before_play():
        if resume is not None:
            for name, given in (("--packs", packs), ("--players", players), ("--seed", seed), ("--option", option)):
                if given:
                    con.say(f"note: {name} is ignored with --resume (the save file decides)")
            try:
                table = resume_table(resume, humans, bot, save)
            except RecordError as exc:
                raise con.fail(str(exc)) from None
        else:
            options = parse_options(option)
            if seed is None:
                seed = secrets.randbelow(1_000_000)
            con.say(f"seed {seed}")
            table = new_table(split_packs(packs or DEFAULT_PACKS), players, humans, bot, seed, options, save)
        for note in table.notes:
            con.say(note)
        game, seats = table.game, table.seats
        con.say("seats: " + ", ".join(f"{game.name(s.seat)} {s.label()}" for s in seats))
        if game.over:
            print_result(game, seats, out)
            con.say("this game is already over")
            return
        session = Session(game, seats, table.save_path, out, err, start=len(game.state.history))
        try:
            session.save()
        except OSError as exc:
            raise con.fail(f"cannot write the save file {table.save_path}: {exc.strerror or exc}") from None
        if plain or not interactive_terminal():
            outcome = session.run()
        else:
            outcome = run_table(game, seats, table.save_path, start=len(game.state.history), pace=pace)
    if outcome.reason == FAULT and outcome.fault is not None:
        con.report_faults([outcome.fault], outcome.message())
        raise typer.Exit(con.EXIT_ENV)
    if outcome.reason == FINISHED:
        print_result(game, seats, out)
    con.say(outcome.message())
    if outcome.reason == INTERRUPTED:
        raise typer.Exit(con.EXIT_INTERRUPTED)


# ==========================================================================================
# simulate
# ==========================================================================================
RAY_LOCAL = "local"
"""``--ray`` given without an address: a local Ray instance started for the run."""


class _RayAddressOptional(TyperCommand):
    """A command whose ``--ray`` may be given without a value (it then means ``local``).

    Click has no optional option values that Typer supports, so a bare ``--ray`` (last, or
    followed by another option) gets ``local`` inserted before parsing; an address never
    starts with ``-``.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        given = list(args)
        out: list[str] = []
        for i, arg in enumerate(given):
            out.append(arg)
            if arg == "--":
                out.extend(given[i + 1:])
                break
            if arg == "--ray" and (i + 1 == len(given) or given[i + 1].startswith("-")):
                out.append(RAY_LOCAL)
        return super().parse_args(ctx, out)


@app.command(cls=_RayAddressOptional, short_help="Play bots-only games and print statistics.")
def simulate(
    games: int = typer.Option(..., "--games", "-n", min=1, help="How many games to play."),
    players: int = typer.Option(4, "--players", help="Players per game."),
    packs: str | None = typer.Option(None, "--packs", help=PACKS_HELP),
    bot: str | None = typer.Option(None, "--bot", help="Bot for every seat (default greedy, else random); "
                                   "a comma-separated list gives one per seat in order."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; game i uses seed+i."),
    out: Path | None = typer.Option(None, "--out", help="Write one JSON line per game, in seed order "
                                    "(deterministic: the same bytes for any --jobs, and with --ray)."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    card_stats: bool = typer.Option(False, "--card-stats", help="Count, per card, how often it was acquired, "
                                    "played, used and defeated; print a table (and a `cards` key per --out line)."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores, "
                                    "os.cpu_count()); with --ray, the CPUs of a local Ray instance."),
    ray: str | None = typer.Option(None, "--ray", metavar="[ADDRESS]",
                                   help="Play the games on Ray: a local instance started for the run (no address, "
                                   "or 'local'), or the cluster at ADDRESS ('auto', HOST:PORT, ray://HOST:PORT). "
                                   "Needs pip install 'clank-engine[ray]'."),
    plot: Path | None = typer.Option(None, "--plot", help="Draw the score and game-length distributions "
                                     "as an SVG picture in this file."),
    check: bool = typer.Option(False, "--check", help="Check every action as clank validate --play does "
                               "(invariants, save and restore, clone): stop at the first failure and say where."),
    keep_going: bool = typer.Option(False, "--keep-going", help="Play on when a game fails (a pack's fault): "
                                    "the failed games are named at the end and left out of --out."),
    resume: bool = typer.Option(False, "--resume", help="Continue the --out file of an interrupted run with the "
                                "same arguments: its games are kept and the rest played (the file ends as an "
                                "uninterrupted run writes it)."),
) -> None:
    """Play bots-only games and print statistics; optionally write each game's result as JSON lines.

    Ctrl-C stops the workers and keeps the finished games in --out: the lines of the first k games,
    exactly what --games k writes (exit code 130); --resume continues it. A game that fails in a
    pack's code stops the run there, keeping the games before it, and is named with the command
    that replays it (exit code 3); --keep-going plays the others. A worker process that dies is
    replaced and its games played again.
    """
    from clank.api import build_ruleset, new_game, split_packs
    from clank.playcheck import GameFault

    from clank_cli import simjobs, simresume, simrun
    from clank_cli.plot import plot_svg
    from clank_cli.seats import assign_seats, parse_options, resolve_bots
    from clank_cli.simulate import card_table, summarise, summary_view

    if resume and out is None:
        raise typer.BadParameter("--resume continues the file of --out: give --out FILE", param_hint="--resume")
    options = parse_options(option)
    specs = split_packs(packs or DEFAULT_PACKS)
    with con.engine_errors(), con.interrupt_before_play("interrupted before any game was played"):
        ruleset = build_ruleset(specs, options)   # errors in the packs are reported here, before any worker starts
        names, note = resolve_bots(ruleset.registry, bot)
        if note:
            con.say(f"note: {note}")
        seats = assign_seats(players, 0, names)
        new_game(specs, players, seed, options)     # a refused setup fails now, before any progress bar
        plan = simjobs.SimPlan(tuple(specs), players, seed, games, tuple(seats), options, card_stats, check)
        kept = simresume.Kept(next_seed=seed)
        if resume and out is not None:
            try:
                kept = simresume.read_kept(out, seed, games)
                simresume.check_kept(kept, plan, out)
            except simresume.ResumeError as exc:
                raise con.fail(str(exc)) from None
            con.say(f"resuming {out}: {con.plural(len(kept.rows), 'game')} kept, "
                    f"{con.plural(seed + games - kept.next_seed, 'game')} to play")
        todo = simresume.remaining(plan, kept)
        backend = _backend(jobs, ray)
        try:
            if resume and out is not None and out.exists():
                with out.open("r+b") as cut:
                    cut.truncate(kept.size)          # a last line cut short by the interruption
            handle = out.open("a" if resume else "w", encoding="utf-8", newline="\n") if out is not None else None
        except OSError as exc:
            raise con.fail(f"cannot write {out}: {exc.strerror or exc}") from None
        try:
            result = simrun.run(todo, backend, handle, con.stderr(), keep_going=keep_going) if todo.games \
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
        if card_stats:
            con.stdout().print(card_table(rows, ruleset))
    if out is not None:
        con.say(f"wrote {con.plural(len(result.rows), 'game')} to {out}"
                + (f" (after the {len(kept.rows)} kept)" if resume else ""))
    if plot is not None and rows:
        done = len(rows)
        bots = ", ".join(dict.fromkeys(str(s.bot) for s in seats))
        title = f"{con.plural(done, 'game')}, {players} players, bots: {bots}, seeds {seed}-{rows[-1]['seed']}"
        try:
            plot.write_text(plot_svg(rows, title), encoding="utf-8")
        except OSError as exc:
            raise con.fail(f"cannot write {plot}: {exc.strerror or exc}") from None
        con.say(f"wrote the score and game-length distributions to {plot}")
    if result.failures:
        _report_failed_games(result, specs, players, seed, games, bot, option or [], out, card_stats, len(rows))
    if result.interrupted:
        done = len(rows)
        kept_words = f"games with seeds {seed}..{rows[-1]['seed']} finished" if done else "no game finished"
        con.say(f"interrupted after {done} of {con.plural(games, 'game')} ({kept_words}); the workers were stopped"
                + ("; continue with --resume" if out is not None else ""))
        raise typer.Exit(con.EXIT_INTERRUPTED)
    if result.failures:
        raise typer.Exit(con.EXIT_ENV if any(f["failure"]["pack"] for f in result.failures) else con.EXIT_INVALID)


def _report_failed_games(result: Any, specs: list[str], players: int, seed: int, games: int, bot: str | None,
                         options: list[str], out: Path | None, card_stats: bool, done: int) -> None:
    """The games that failed, at most four lines: the first one's fault, the command that replays
    it, and what was kept (and how to continue); with --debug, its traceback."""
    from clank.faults import debug

    from clank_cli.simresume import command, failure_lines

    first = result.failures[0]
    replay = command(specs, players, first["seed"], 1, bot, options)
    if out is None:
        kept = f"the {con.plural(done, 'game')} before it are summarised above" if result.stopped else ""
    else:
        again = command(specs, players, seed, games, bot, options, *(["--card-stats"] if card_stats else []),
                        "--out", str(out), *(["--keep-going"] if not result.stopped else []), "--resume")
        kept = (f"kept the {con.plural(done, 'game')} before it in {out}; after fixing the pack, continue with: "
                f"{again}") if result.stopped else ""
    for line in failure_lines(result.failures, result.stopped, done, games, replay, kept):
        if line:
            con.say(line, style="red" if "error" in line[:60] else None)
    if debug() and first["failure"]["trace"]:
        sys.stderr.write(first["failure"]["trace"])


# ==========================================================================================
# balance
# ==========================================================================================
@app.command(cls=_RayAddressOptional, short_help="Compare two setups on paired games, with 95% intervals.")
def balance(
    packs: str | None = typer.Option(None, "--packs", help="Setup A's packs: " + PACKS_HELP),
    against: str | None = typer.Option(None, "--against", help="Setup B's packs (default: A's), e.g. "
                                       "catacombs,./mypack-v2 to compare two versions of a pack."),
    set_: list[str] | None = typer.Option(None, "--set", metavar="CARD.KEY=VALUE",
                                          help="Change a card in setup B (repeatable): dragon-egg.cost=6, "
                                          "x.points=2, 'x.play=[gain: {skill: 5}]' (the value in YAML)."),
    without: list[str] | None = typer.Option(None, "--without", metavar="CARD",
                                             help="Leave a card out of setup B (repeatable)."),
    card: list[str] | None = typer.Option(None, "--card", metavar="CARD[=CARD_B]",
                                          help="A card of interest (repeatable): a verdict line compares it "
                                          "across the setups (CARD=CARD_B when B calls it otherwise); without "
                                          "a setup B, the cards whose intervals --precision watches."),
    bots: str | None = typer.Option(None, "--bots", help="Setup A's bots, one per seat in order, the last "
                                    "repeating (default greedy): greedy or mcts:50,greedy."),
    bots_b: str | None = typer.Option(None, "--bots-b", help="Setup B's bots (default: A's)."),
    players: int = typer.Option(4, "--players", help="Players per game."),
    games: int = typer.Option(1000, "--games", "-n", min=2, help="Paired games to play (the most, with --precision)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first pair; pair i uses seed+i in both setups."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP + " Applies to both setups."),
    precision: float | None = typer.Option(None, "--precision", min=0.0,
                                           help="Stop once every interval of a verdict line is narrower than "
                                           "this (percentage points for rates, points, rounds), checked every "
                                           "--batch games."),
    batch: int = typer.Option(200, "--batch", min=1, help="Games between two --precision checks."),
    resamples: int = typer.Option(2000, "--resamples", min=100, help="Bootstrap resamples of the games."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores); "
                                    "with --ray, the CPUs of a local Ray instance."),
    ray: str | None = typer.Option(None, "--ray", metavar="[ADDRESS]", help="Play on Ray, as clank simulate "
                                   "--ray does. Needs pip install 'clank-engine[ray]'."),
    report: Path | None = typer.Option(None, "--report", help="Write DIR/balance.html (plots) and "
                                       "DIR/balance.json (every figure)."),
    json_out: Path | None = typer.Option(None, "--json", help="Write every figure as JSON to this file."),
    html_out: Path | None = typer.Option(None, "--html", help="Write the HTML report to this file."),
    show_cards: bool = typer.Option(True, "--cards/--no-cards", help="Print the table of every card."),
) -> None:
    """Compare setup A with setup B on paired games: game i of each uses seed+i, the same seats
    and the same bot seeds. B differs by --set, --without, --against or --bots-b; with no
    difference, every card is checked against the band of the packs' cards instead.

    Prints each figure of both setups with its 95% interval (a paired bootstrap over the games),
    the differences B - A, per card the holders' win rate and pick rate, and a verdict line per
    question. The same arguments give the same numbers and the same bytes of JSON and HTML, for
    any --jobs and on Ray. See docs/balance-lab.md.
    """
    from clank_cli.lab import command, textreport
    from clank_cli.seats import parse_options

    request = command.Request(split_packs_or_default(packs), split_packs_or_default(against) if against else None,
                              list(set_ or []), list(without or []), list(card or []), bots, bots_b, players,
                              games, seed, parse_options(option), resamples)
    json_path, html_path = command.output_paths(report, json_out, html_out)
    with con.engine_errors(), con.interrupt_before_play("interrupted before any game was played"):
        try:
            plan, inputs, notes = command.prepare(request)
        except command.CardNotFound as exc:
            raise con.fail_each(exc.problems) from None
        for note in notes:
            con.say(f"note: {note}")
        backend = _backend(jobs, ray)
        outcome = command.run(plan, inputs, backend, precision, batch, con.stderr())
    if outcome.report is None:
        raise con.fail("too few games finished for any figure", con.EXIT_INTERRUPTED if outcome.interrupted
                       else con.EXIT_INVALID)
    con.stdout().print(textreport.render(outcome.report, show_cards))
    done = outcome.report["games"]
    rate = done / max(outcome.seconds, 1e-9)
    con.say(f"{done:,} {'paired ' if plan.b is not None else ''}games in {outcome.seconds:.1f} s "
            f"({rate:.{1 if rate >= 10 else 3}f} per second); stopped: {outcome.report['stopped']}")
    _write_balance_files(outcome.report, json_path, html_path)
    if outcome.interrupted:
        raise typer.Exit(con.EXIT_INTERRUPTED)


def split_packs_or_default(packs: str | None) -> list[str]:
    """``--packs`` as a list (the base game when not given)."""
    from clank.api import split_packs

    return split_packs(packs or DEFAULT_PACKS)


def _write_balance_files(report: dict[str, Any], json_path: Path | None, html_path: Path | None) -> None:
    """The JSON and HTML files of ``clank balance``; without the plotting library the HTML is
    left out, saying which extra gives it (exit 3 after the rest is written)."""
    from clank_cli.lab import command, textreport

    missing_html = html_path is not None and not command.html_available()
    for path, make in ((json_path, lambda: textreport.to_json(report)),
                       (None if missing_html else html_path, lambda: _balance_html(report))):
        if path is None:
            continue
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(make(), encoding="utf-8", newline="\n")
        except OSError as exc:
            raise con.fail(f"cannot write {path}: {exc.strerror or exc}") from None
        con.say(f"wrote {path}")
    if missing_html:
        raise con.fail(f"the HTML report needs matplotlib, which is not installed: {command.LAB_EXTRA}",
                       con.EXIT_ENV)


def _balance_html(report: dict[str, Any]) -> str:
    from clank_cli.lab.htmlreport import html_report

    return html_report(report)


def _backend(jobs: int | None, ray: str | None) -> Backend:
    """Where simulate plays its games: one process, local worker processes, or Ray."""
    from clank_cli import simjobs

    if ray is not None:
        from clank_cli import simray

        try:
            simray.import_ray()
        except simray.RayUnavailable as exc:
            raise con.fail(str(exc), con.EXIT_ENV) from None
        return simray.RayCluster(ray, jobs)
    jobs = jobs if jobs is not None else simjobs.default_jobs()
    return simjobs.Serial() if jobs == 1 else simjobs.ProcessPool(jobs)


# ==========================================================================================
# packs list
# ==========================================================================================
@packs_app.command("list", short_help="List the installed packs.")
def packs_list(as_json: bool = typer.Option(False, "--json", help="Print JSON for tools.")) -> None:
    """List installed packs with id, version, name, description and optional parts."""
    from clank_cli.packinfo import all_pack_infos, packs_table

    infos = all_pack_infos()
    if as_json:
        sys.stdout.write(json.dumps(infos, indent=2, sort_keys=True) + "\n")
    elif infos:
        con.stdout().print(packs_table(infos))
    else:
        con.say("no packs installed (entry-point group clank.packs)")
    broken = [i["id"] for i in infos if "error" in i]
    if broken:
        for info in infos:
            if "error" in info:
                con.say(f"error: {info['error']}", style="red")
        raise typer.Exit(con.EXIT_ENV)


# ==========================================================================================
# packs show
# ==========================================================================================
class ShowFormat(StrEnum):
    """Output formats of ``clank packs show``."""

    text = "text"
    json = "json"


@packs_app.command("show", short_help="List a pack's cards, tokens, tiles, features and ops.")
def packs_show(
    pack: str = typer.Argument(..., metavar="PACK", help="An installed pack id or a pack directory."),
    fmt: ShowFormat = typer.Option(ShowFormat.text, "--format", "-f", help="Output format."),
    all_sources: bool = typer.Option(False, "--all", help="Also list what the core and the packs it "
                                     "requires register, each with the pack it comes from."),
) -> None:
    """List a pack's ids: cards, tokens, tiles, and the room features, ops, conditions, quantities,
    tunnel icons, teleport kinds, resources, bots and decision kinds its code registers."""
    from clank_cli import packshow

    with con.engine_errors():
        view = packshow.show(pack, all_sources)
    if fmt == ShowFormat.json:
        sys.stdout.write(json.dumps(view.to_json(), indent=2, sort_keys=True) + "\n")
    else:
        con.stdout().print(packshow.view_table(view))
    for note in view.notes:
        con.say(note)
    if view.errors:
        for problem in view.problems:
            if problem.is_error:
                con.say(problem.format_text())
        raise con.fail(f"the pack's content is invalid ({con.plural(view.errors, 'error')}): the listing may "
                       f"be incomplete; clank validate {pack} says more")


# ==========================================================================================
# pack new
# ==========================================================================================
def _pack_name(value: str) -> str:
    from clank_cli import scaffold

    problem = scaffold.name_problem(value)
    if problem:
        raise typer.BadParameter(problem)
    return value


@pack_app.command("new", short_help="Create a content pack that validates and plays.")
def pack_new(
    name: str = typer.Argument(..., callback=_pack_name, metavar="NAME",
                               help="The pack id, also the directory's name (lower case: my-pack)."),
    installable: bool = typer.Option(False, "--installable",
                                     help="A pip-installable pack: pyproject.toml, a Python package with "
                                     "the YAML inside and an example hook registering a new effect op."),
    parent: Path = typer.Option(Path("."), "--dir", help="Where to create the pack's directory."),
    requires: list[str] | None = typer.Option(None, "--requires", help=REQUIRES_HELP),
) -> None:
    """Create a content pack that validates and plays: sample card, token and tile, schemas, README."""
    from clank_cli import scaffold

    wanted = [scaffold.BASE_PACK] if requires is None else [r for item in requires for r in item.split(",")]
    with con.engine_errors():
        try:
            made = scaffold.new_pack(name, parent, installable=installable, requires=wanted)
        except scaffold.InvalidName as exc:
            raise con.fail(str(exc), con.EXIT_USAGE) from None
        except (scaffold.ScaffoldError, OSError) as exc:
            raise con.fail(str(exc)) from None
    for path in made.files:
        typer.echo(str(path))
    kind = "installable pack" if made.installable else "data pack"
    con.say(f"created the {kind} {made.pack_id!r} in {made.root} ({con.plural(len(made.files), 'file')}); "
            f"next steps: {made.root / 'README.md'}")


# ==========================================================================================
# pack test
# ==========================================================================================
@pack_app.command("test", short_help="Run a pack's scenario files (given/when/then rule tests).")
def pack_test(
    pack: str = typer.Argument(..., metavar="PACK", help="An installed pack id or a pack directory (its "
                               "scenarios/*.yaml are run), or a scenario folder or file."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="One line per scenario, with its outcome."),
) -> None:
    """Run a pack's scenarios/*.yaml and report like pytest: each failure at the file:line of what
    failed, with what the engine showed instead. Exit code 0 when every scenario holds, 1 when one
    fails or a file has problems, 3 when the pack cannot be found."""
    from clank_cli import packtest

    with con.engine_errors():
        test = packtest.run(pack)
    typer.echo("\n".join(packtest.report_lines(test, verbose)))
    if not test.ok:
        raise typer.Exit(con.EXIT_INVALID)


@packs_app.command("new", hidden=True)
def packs_new(
    name: str = typer.Argument(..., callback=_pack_name, metavar="NAME"),
    installable: bool = typer.Option(False, "--installable"),
    parent: Path = typer.Option(Path("."), "--dir"),
    requires: list[str] | None = typer.Option(None, "--requires"),
) -> None:
    """The same as ``clank pack new``."""
    pack_new(name, installable, parent, requires)


# ==========================================================================================
# schema export
# ==========================================================================================
@schema_app.command("export", short_help="Write the JSON Schemas of every content kind.")
def schema_export(
    directory: Path = typer.Argument(..., metavar="DIR", help="Where to write the schemas (created if missing)."),
    packs: str | None = typer.Option(None, "--packs", help="Comma-separated pack ids or directories whose ops "
                                     "and features the schemas describe, with the packs they require "
                                     "(default: every installed pack)."),
) -> None:
    """Write the JSON Schemas of every content kind, composed with the packs' ops and features."""
    from clank.api import split_packs
    from clank.content import check_all_schemas

    from clank_cli import scaffold

    with con.engine_errors():
        registry, ids = scaffold.schema_registry(split_packs(packs) if packs is not None else None)
        faults = check_all_schemas(registry)
        if faults:
            for fault in faults:
                con.say(fault)
            raise con.fail(f"the packs registered broken schemas ({con.plural(len(faults), 'fault')})",
                           con.EXIT_ENV)
        try:
            written = scaffold.export(registry, directory)
        except OSError as exc:
            raise con.fail(f"cannot write the schemas to {directory}: {exc.strerror or exc}") from None
    for path in written:
        typer.echo(str(path))
    con.say(f"wrote {con.plural(len(written), 'schema')} to {directory} "
            f"(packs: {', '.join(ids) or 'none, the core only'})")


# ==========================================================================================
# docs authoring
# ==========================================================================================
@docs_app.command("authoring", short_help="Print the authoring guide.")
def docs_authoring(
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the guide to this file."),
    packs: str | None = typer.Option(None, "--packs", help="Comma-separated pack ids or directories to "
                                     "document, with the packs they require (default: every installed pack)."),
) -> None:
    """Print the authoring guide: every content key, effect op, condition, room feature and tunnel
    icon the installed packs provide, with an example of each (Markdown)."""
    from clank.guides.authoring import render_guide

    _write_guide(render_guide, packs, output, "the authoring guide")


def _write_guide(render: Callable[..., str], packs: str | None, output: Path | None, what: str) -> None:
    """Render a guide for the packs given (default: every installed pack) to OUTPUT or stdout."""
    from clank.api import split_packs
    from clank.guides.authoring import write_guide

    from clank_cli import scaffold

    with con.engine_errors():
        registry, _ = scaffold.schema_registry(split_packs(packs) if packs is not None else None)
        text = render(registry, shipped=True)
    try:
        write_guide(text, output)
    except OSError as exc:
        raise con.fail(f"cannot write {output}: {exc.strerror or exc}") from None
    if output is not None:
        con.say(f"wrote {what} to {output}")


# ==========================================================================================
# docs hooks
# ==========================================================================================
@docs_app.command("hooks", short_help="Print the hooks guide for a pack's Python code.")
def docs_hooks(
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the guide to this file."),
    packs: str | None = typer.Option(None, "--packs", help="Comma-separated pack ids or directories whose "
                                     "events and values to list, with the packs they require (default: every "
                                     "installed pack)."),
) -> None:
    """Print the hooks guide: every hook a pack's Python code may implement, every registry method,
    the events, questions and modifiable values the installed packs declare, and what
    clank.plugin exports, with examples (Markdown)."""
    from clank.guides import hookguide

    _write_guide(hookguide.render_guide, packs, output, "the hooks guide")


# ==========================================================================================
# validate
# ==========================================================================================
class Format(StrEnum):
    """Output formats of ``clank validate``."""

    text = "text"
    json = "json"
    github = "github"


@app.command(short_help="Validate content packs: each problem with its file and line.")
def validate(
    targets: list[str] = typer.Argument(..., metavar="TARGET",
                                        help="Installed pack ids, pack directories or single content files."),
    fmt: Format = typer.Option(Format.text, "--format", "-f", help="Output format."),
    strict: bool = typer.Option(False, "--strict", help="Warnings make the content invalid too."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Say what each target is validated with."),
    play: int = typer.Option(0, "--play", min=0, metavar="N", help="Then play N short seeded games of the packs "
                             "with the random and greedy bots and the invariant checks on; each failure is a "
                             "problem with its replay command (--play 20 is a good habit)."),
) -> None:
    """Validate content packs: schema, references and geometry, one problem per line with its position."""
    from clank_cli import validation
    from clank_cli.report import report

    with con.engine_errors():
        result = validation.validate(targets)
        if play:
            from clank_cli.playcheck import play_into

            play_into(result, play)
    report(result, fmt.value, con.stdout(), con.stderr(), strict=strict, verbose=verbose)
    if result.failed(strict):
        raise typer.Exit(con.EXIT_INVALID)


# ==========================================================================================
# replay
# ==========================================================================================
PACK_DIR_HELP = ("A directory pack the record was played with, found here (repeatable): it stands for the "
                 "recorded pack of the same id, or the recorded path that ends in its name.")


@app.command(short_help="Replay a game record and check its final state.")
def replay(file: Path = typer.Argument(..., help="A game record, or a save file of clank play."),
           step: bool = typer.Option(False, "--step", help="Step through the record on the full-screen table "
                                     "(→ next, ← back, digits + enter jump); with --plain or without a "
                                     "terminal, print each action and its log lines."),
           plain: bool = typer.Option(False, "--plain", help="With --step: print the steps as lines."),
           pack_dir: list[str] = typer.Option([], "--pack-dir", help=PACK_DIR_HELP)) -> None:
    """Replay a game record, print the final scores and check the final state against the record."""
    from clank_cli.play import interactive_terminal, print_result
    from clank_cli.records import RecordError, read_record_file, replay_record, state_digest

    out = con.stdout()
    with con.engine_errors():
        try:
            loaded = read_record_file(file)
            game = replay_record(loaded, verify=False, pack_dirs=pack_dir)    # compared below, with the scores
        except RecordError as exc:
            raise con.fail(str(exc)) from None
        if step:
            from clank_cli.tui import replay as stepper

            if plain or not interactive_terminal():
                for line in stepper.step_lines(loaded.record):
                    out.print(line, markup=False, highlight=False)
            else:
                stepper.ReplayApp(loaded.record, loaded.seats).run()
    n = len(loaded.record["actions"])
    if game.over:
        print_result(game, loaded.seats, out)
    else:
        d = game.decision()
        out.print(f"the game is still in progress after {n} actions: {d['prompt']}", markup=False)
    recorded = loaded.digest
    if recorded is None:
        out.print(f"replayed {n} actions (the file holds no final state to compare with)", markup=False)
    elif recorded == state_digest(game):
        out.print(f"replayed {n} actions: final state identical", markup=False)
    else:
        raise con.fail(f"replayed {n} actions: the final state differs from the recorded one")


# ==========================================================================================
# render
# ==========================================================================================
@app.command("render", short_help="Draw the dungeon of a saved game or game record.")
def render_cmd(
    file: Path = typer.Argument(..., metavar="SAVE", help="A save file of clank play, or a game record."),
    svg: Path | None = typer.Option(None, "--svg", help="Write the dungeon as an SVG picture to this file."),
    text: bool = typer.Option(False, "--text", help="Print the terminal drawing (the default without --svg)."),
    at: int | None = typer.Option(None, "--at", help="Show the dungeon after the first N actions "
                                  "(default: all of them)."),
    seat: int | None = typer.Option(None, "--seat", help="See the game as player S (1 for P1; default: "
                                    "a spectator, who sees what every player sees)."),
    width: int | None = typer.Option(None, "--width", min=20, help="Columns of the terminal drawing "
                                     "(default: the terminal's width)."),
    height: int = typer.Option(60, "--height", min=10, help="Rows the terminal drawing may take."),
    pack_dir: list[str] = typer.Option([], "--pack-dir", help=PACK_DIR_HELP),
) -> None:
    """Draw the dungeon of a saved game or game record: tiles, tunnels with their icons, pawns
    and a legend, as SVG (a browser shows it) or in the terminal."""
    from clank.mapdraw import draw_map, map_svg

    from clank_cli.records import RecordError, read_record_file, replay_to, state_digest

    out = con.stdout()
    with con.engine_errors(), con.interrupt_before_play():
        try:
            loaded = read_record_file(file)
            game = replay_to(loaded, at, pack_dir)
        except RecordError as exc:
            raise con.fail(str(exc)) from None
    total = len(loaded.record["actions"])
    if (at is None or at == total) and loaded.digest is not None and loaded.digest != state_digest(game):
        con.say(f"warning: {file}: replaying its {total} actions does not give the final state it recorded; "
                f"drawing the replayed game")
    players = len(game.state.players)
    if seat is not None and not 1 <= seat <= players:
        raise con.fail(f"--seat {seat}: the game has {players} players (use 1 to {players})")
    view = game.view(None if seat is None else seat - 1)
    done = total if at is None else at
    if svg is not None:
        title = f"{file.name}: the dungeon after {con.plural(done, 'action')} of {total}, round {game.state.round}"
        try:
            svg.write_text(map_svg(view, title=title), encoding="utf-8")
        except OSError as exc:
            raise con.fail(f"cannot write {svg}: {exc.strerror or exc}") from None
        con.say(f"wrote {svg}: the dungeon after {con.plural(done, 'action')} of {total}")
    if text or svg is None:
        out.print(draw_map(view, width=width or out.width, height=height))


# ==========================================================================================
# serve
# ==========================================================================================
@app.command(short_help="Serve the web table: play in browsers, together.")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    db: str | None = typer.Option(None, "--db", help="Database URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                                  "(default: an SQLite file in the user data directory)."),
    pack_dir: list[str] | None = typer.Option(None, "--pack-dir", help="A directory pack the lobby offers besides "
                                              "the installed packs (repeatable)."),
    bot_delay: float = typer.Option(0.4, "--bot-delay", min=0, help="Seconds a bot waits before it acts."),
    rate: float = typer.Option(20.0, "--rate", min=0.1, help="Messages per second a connection may send."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="Server processes on this port (more than "
                                "one needs a PostgreSQL --db)."),
    max_bot_budget: str = typer.Option("5000,2000ms", "--max-bot-budget", help="The most a search bot may spend "
                                       "on one decision: iterations and/or milliseconds (5000,2000ms)."),
    search_workers: int = typer.Option(1, "--search-workers", min=1, max=64, help="Processes that run search "
                                       "bots, per server process."),
    lease: float = typer.Option(10.0, "--lease", min=0.5, help="Seconds before another process takes over the "
                                "games of a server process that stopped answering."),
    poll: float = typer.Option(2.0, "--poll", min=0.1, help="Seconds between a process's looks at the database "
                               "(leases, games nobody runs, missed notifications)."),
) -> None:
    """Serve the web table: a lobby to create games (packs, players, options, bots), seat links to
    invite players, the table in the browser, every game saved after each action.

    Needs the extra 'web' (make install installs it; pip install 'clank-engine[web]')."""
    from clank_web import serve as web

    problem = web.missing_dependency(db or "")
    if problem is not None:
        raise con.fail(problem, con.EXIT_ENV)
    from clank_web.budget import BudgetCap
    from clank_web.config import ServerConfig
    from clank_web.dblock import DatabaseInUse, SqliteLock

    for folder in pack_dir or ():
        if not (Path(folder) / "pack.yaml").is_file():
            raise con.fail(f"--pack-dir {folder}: not a pack directory (no pack.yaml)", con.EXIT_USAGE)
    try:
        BudgetCap.parse(max_bot_budget)
    except ValueError as exc:
        raise con.fail(f"--max-bot-budget {max_bot_budget}: {exc}", con.EXIT_USAGE) from None
    config = ServerConfig(db or "", list(pack_dir or ()), rate=rate, burst=max(2, int(rate * 2)), bot_delay=bot_delay,
                          search_workers=search_workers, max_bot_budget=max_bot_budget, lease_seconds=lease,
                          poll_seconds=min(poll, lease / 2))
    problem = web.workers_problem(config, workers)
    if problem is not None:
        raise con.fail(problem, con.EXIT_USAGE)
    from clank_web.lobby import catalogue

    with con.engine_errors():
        catalogue(config.pack_dirs)     # a pack that fails to load stops the server before it starts
    try:
        hold = SqliteLock(config.database())   # an SQLite file already served by another process: refused
    except DatabaseInUse as exc:
        raise con.fail(str(exc), con.EXIT_ENV) from None
    con.say(f"clank serve: http://{host}:{port}/ (database: {config.database().split('@')[-1]}"
            f"{f'; {workers} processes' if workers > 1 else ''}); Ctrl-C stops it")
    try:
        web.run(config, host, port, workers)
    finally:
        hold.release()


# ==========================================================================================
# lsp
# ==========================================================================================
@app.command(short_help="Run the language server of content packs (for editors, over stdio).")
def lsp() -> None:
    """Run the language server of content packs over stdio: an editor starts it to check a pack
    as it is typed, with the problems of clank validate (docs/authoring.md, "In your editor").

    Needs the extra 'lsp' (make install installs it; pip install 'clank-engine[lsp]')."""
    try:
        from clank_cli.lsp.server import serve as serve_lsp
    except ImportError as exc:
        raise con.fail(f"clank lsp needs the extra 'lsp' ({exc.name or exc} is missing): "
                       "pip install 'clank-engine[lsp]'", con.EXIT_ENV) from None
    serve_lsp()


def main() -> None:
    """Entry point of the ``clank`` command."""
    app(prog_name="clank")


if __name__ == "__main__":  # pragma: no cover
    main()
