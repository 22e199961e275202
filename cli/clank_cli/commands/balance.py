"""``clank balance``: compare two setups on paired games, print the report, write its files.

The work itself is the balance lab's (:mod:`clank_cli.lab.command`); this module turns the
command's options into its request and its outcome into lines and files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from clank_cli import console as con
from clank_cli.commands import packs_or_default
from clank_cli.errors import CommandExit
from clank_cli.lab import command, textreport
from clank_cli.lab.report import BalanceReport
from clank_cli.seats import parse_options
from clank_cli.simjobs import Backend


@dataclass(frozen=True)
class BalanceRequest:
    """The options of ``clank balance``, as given."""

    packs: str | None = None
    against: str | None = None
    sets: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    bots: str | None = None
    bots_b: str | None = None
    players: int = 4
    games: int = 1000
    seed: int = 0
    options: tuple[str, ...] = ()
    precision: float | None = None
    batch: int = 200
    resamples: int = 2000
    report: Path | None = None
    json_out: Path | None = None
    html_out: Path | None = None
    show_cards: bool = True
    width: int | None = field(default=None)
    """Columns the terminal report may take (default: the terminal's width)."""


def balance(r: BalanceRequest, make_backend: Callable[[], Backend]) -> None:
    """Play the paired games (``make_backend`` gives where, once the setups are checked), print
    the report and write its files. Raises :class:`~clank_cli.errors.CommandExit` (130 when
    interrupted, 1 when too few games finished, 3 when the HTML report cannot be drawn) and
    :class:`~clank_cli.errors.UsageError` for a bad ``--bots``, ``--bots-b`` or ``--option``."""
    request = command.Request(packs_or_default(r.packs), packs_or_default(r.against) if r.against else None,
                              list(r.sets), list(r.without), list(r.cards), r.bots, r.bots_b, r.players,
                              r.games, r.seed, parse_options(r.options), r.resamples)
    json_path, html_path = command.output_paths(r.report, r.json_out, r.html_out)
    with con.engine_errors(), con.interrupt_before_play("interrupted before any game was played"):
        try:
            plan, inputs, notes = command.prepare(request)
        except command.CardNotFound as exc:
            raise con.fail_each(exc.problems) from None
        for note in notes:
            con.say(f"note: {note}")
        backend = make_backend()
        outcome = command.run(plan, inputs, backend, r.precision, r.batch, con.stderr())
    if outcome.report is None:
        raise con.fail("too few games finished for any figure", con.EXIT_INTERRUPTED if outcome.interrupted
                       else con.EXIT_INVALID)
    out = con.stdout()
    out.print(textreport.render(outcome.report, r.show_cards, width=r.width or out.width))
    done = outcome.report["games"]
    rate = done / max(outcome.seconds, 1e-9)
    con.say(f"{done:,} {'paired ' if plan.b is not None else ''}games in {outcome.seconds:.1f} s "
            f"({rate:.{1 if rate >= 10 else 3}f} per second); stopped: {outcome.report['stopped']}")
    write_files(outcome.report, json_path, html_path)
    if outcome.interrupted:
        raise CommandExit(con.EXIT_INTERRUPTED)


def write_files(report: BalanceReport, json_path: Path | None, html_path: Path | None) -> None:
    """The JSON and HTML files of ``clank balance``; without the plotting library the HTML is
    left out, saying which extra gives it (exit 3 after the rest is written)."""
    missing_html = html_path is not None and not command.html_available()
    for path, make in ((json_path, lambda: textreport.to_json(report)),
                       (None if missing_html else html_path, lambda: _html(report))):
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


def _html(report: BalanceReport) -> str:
    from clank_cli.lab.htmlreport import html_report

    return html_report(report)
