"""The ``clank`` command: play, simulate, list, show, create and test packs, validate content, export
schemas, print the authoring and hooks guides, replay records, draw the dungeon of a save.

Commands are thin: Typer parses the options, and a plain function of :mod:`clank_cli.commands`
(importable without Typer) does the work, calling the engine through the modules next to this one
and handing the results to a renderer or reporter. Its early stops
(:class:`~clank_cli.errors.UsageError`, :class:`~clank_cli.errors.CommandExit`) become Typer's
here. Data goes to stdout; diagnostics and progress to stderr. Exit codes: 0 ok, 1 invalid content
or input, 2 usage, 3 environment (a pack failed to load).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import clank
import typer
from typer.core import TyperCommand

from clank_cli.commands import DEFAULT_PACKS
from clank_cli.errors import CommandExit, UsageError

if TYPE_CHECKING:
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


@contextmanager
def _typer_errors() -> Iterator[None]:
    """A command's early stops as Typer's: a usage error (exit 2, naming the option) and an exit code."""
    try:
        yield
    except UsageError as exc:
        raise typer.BadParameter(exc.message, param_hint=exc.option or None) from None
    except CommandExit as exc:
        raise typer.Exit(exc.code) from None


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
class Redraw(StrEnum):
    """Line mode's redraw before each decision (``clank_cli.play.REDRAWS``)."""

    changed = "changed"
    all = "all"


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
    redraw: Redraw = typer.Option(Redraw.changed, "--redraw", help="Line mode, before each decision: print only "
                                  "the parts of the table that changed (the default; ? shows everything), or all "
                                  "of it."),
    pace: float | None = typer.Option(None, "--pace", min=0.0, metavar="SECONDS",
                                      help="The table plays the bots' turns on without a key press, this many "
                                      "seconds between two moves (w changes it while playing)."),
) -> None:
    """Play a full game in the terminal against bots or hot-seat; every action is saved.

    On a terminal the game is a full-screen table (press ? for help); with --plain, or when
    input or output is not a terminal (pipes, scripts), it runs in line mode with the same
    action texts."""
    from clank_cli.commands.play import play as run

    with _typer_errors():
        run(packs=packs, players=players, humans=humans, bot=bot, seed=seed, save=save, resume=resume,
            options=option, plain=plain, redraw=redraw.value, pace=pace)


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
    from clank_cli.commands.simulate import SimulateRequest
    from clank_cli.commands.simulate import simulate as run

    request = SimulateRequest(games, players, packs, bot, seed, out, tuple(option or ()), card_stats, plot, check,
                              keep_going, resume)
    with _typer_errors():
        run(request, lambda: _backend(jobs, ray))


# ==========================================================================================
# balance
# ==========================================================================================
@app.command(cls=_RayAddressOptional, short_help="Compare two setups on paired games, with 95% intervals.")
def balance(
    packs: str | None = typer.Option(None, "--packs", help="Setup A's packs: " + PACKS_HELP),
    against: str | None = typer.Option(None, "--against", help="Setup B's packs (default: A's), e.g. "
                                       "catacombs,./mypack-v2 to compare two versions of a pack."),
    set_: list[str] | None = typer.Option(None, "--set", metavar="CARD.KEY=VALUE",
                                          help="Change a card in setup B (repeatable): sneak-attack.cost=6, "
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
    from clank_cli.commands.balance import BalanceRequest
    from clank_cli.commands.balance import balance as run

    request = BalanceRequest(packs, against, tuple(set_ or ()), tuple(without or ()), tuple(card or ()), bots, bots_b,
                             players, games, seed, tuple(option or ()), precision, batch, resamples, report, json_out,
                             html_out, show_cards)
    with _typer_errors():
        run(request, lambda: _backend(jobs, ray))


def _backend(jobs: int | None, ray: str | None) -> Backend:
    """Where simulate and balance play their games: one process, local worker processes, or Ray."""
    from clank_cli.commands.backends import backend

    with _typer_errors():
        return backend(jobs, ray)


# ==========================================================================================
# packs list
# ==========================================================================================
@packs_app.command("list", short_help="List the installed packs.")
def packs_list(as_json: bool = typer.Option(False, "--json", help="Print JSON for tools.")) -> None:
    """List installed packs with id, version, name, description and optional parts."""
    from clank_cli.commands.packs import packs_list as run

    with _typer_errors():
        run(as_json)


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
    from clank_cli.commands.packs import packs_show as run

    with _typer_errors():
        run(pack, fmt.value, all_sources)


# ==========================================================================================
# pack new
# ==========================================================================================
def _pack_name(value: str) -> str:
    from clank_cli.commands.packs import pack_name_problem

    problem = pack_name_problem(value)
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
    from clank_cli.commands.packs import pack_new as run

    with _typer_errors():
        run(name, installable, parent, requires)


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
    from clank_cli.commands.packs import pack_test as run

    with _typer_errors():
        run(pack, verbose)


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
    from clank_cli.commands.packs import schema_export as run

    with _typer_errors():
        run(directory, packs)


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
    from clank_cli.commands import guides

    with _typer_errors():
        guides.authoring(output, packs)


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
    from clank_cli.commands import guides

    with _typer_errors():
        guides.hooks(output, packs)


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
    from clank_cli.commands.validate import validate as run

    with _typer_errors():
        run(targets, fmt.value, strict, verbose, play)


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
    from clank_cli.commands.replay import replay as run

    with _typer_errors():
        run(file, step, plain, pack_dir)


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
    from clank_cli.commands.render import render

    with _typer_errors():
        render(file, svg, text, at, seat, width, height, pack_dir)


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
    sqlite_sync: str = typer.Option("normal", "--sqlite-sync", help="How an SQLite file is synced to disk: normal "
                                    "(an action survives the server being killed; a power cut may lose the last "
                                    "ones) or full (a sync to disk at each commit: it survives a power cut too)."),
    watch_interval: float = typer.Option(0.1, "--watch-interval", min=0, help="While actions come faster than "
                                         "this (seconds), a page that only watches gets one update with the latest "
                                         "state per interval (0: one per action)."),
) -> None:
    """Serve the web table: a lobby to create games (packs, players, options, bots), seat links to
    invite players, the table in the browser, every game saved after each action.

    Needs the extra 'web' (make install installs it; pip install 'clank-engine[web]')."""
    from clank_cli.commands.serve import serve as run

    with _typer_errors():
        run(host, port, db, pack_dir or (), bot_delay, rate, workers=workers, max_bot_budget=max_bot_budget,
            search_workers=search_workers, lease=lease, poll=poll, sqlite_sync=sqlite_sync,
            watch_interval=watch_interval)


# ==========================================================================================
# lsp
# ==========================================================================================
@app.command(short_help="Run the language server of content packs (for editors, over stdio).")
def lsp() -> None:
    """Run the language server of content packs over stdio: an editor starts it to check a pack
    as it is typed, with the problems of clank validate (docs/authoring.md, "In your editor").

    Needs the extra 'lsp' (make install installs it; pip install 'clank-engine[lsp]')."""
    from clank_cli.commands.lsp import lsp as run

    with _typer_errors():
        run()


def main() -> None:
    """Entry point of the ``clank`` command."""
    app(prog_name="clank")


if __name__ == "__main__":  # pragma: no cover
    main()
