"""``clank play``: set up or resume a game, then play it on the full-screen table or in line mode."""

from __future__ import annotations

import secrets
from pathlib import Path

from clank_cli import console as con
from clank_cli.commands import packs_or_default
from clank_cli.errors import CommandExit
from clank_cli.play import (
    FAULT,
    FINISHED,
    INTERRUPTED,
    REDRAW_CHANGED,
    Session,
    interactive_terminal,
    new_table,
    print_result,
    resume_table,
    run_table,
)
from clank_cli.records import RecordError
from clank_cli.seats import parse_options


def play(*, packs: str | None = None, players: int | None = None, humans: int | None = None,
         bot: str | None = None, seed: int | None = None, save: Path | None = None, resume: Path | None = None,
         options: list[str] | None = None, plain: bool = False, redraw: str = REDRAW_CHANGED,
         pace: float | None = None) -> None:
    """Play a game (a new one, or the one saved in ``resume``) to its end or until the player
    quits; every action is saved. The options are those of ``clank play`` (``options``: the
    ``key=value`` texts of ``--option``); ``plain`` plays in line mode (also the mode when
    standard input or output is not a terminal), where ``redraw`` says what is printed before
    each decision (:data:`clank_cli.play.REDRAWS`); ``pace`` (seconds) lets the full-screen
    table play the bots' turns on without a key press."""
    out, err = con.stdout(), con.stderr()
    with con.engine_errors(), con.interrupt_before_play():
        if resume is not None:
            for name, given in (("--packs", packs), ("--players", players), ("--seed", seed), ("--option", options)):
                if given:
                    con.say(f"note: {name} is ignored with --resume (the save file decides)")
            try:
                table = resume_table(resume, humans, bot, save)
            except RecordError as exc:
                raise con.fail(str(exc)) from None
        else:
            parsed = parse_options(options)
            if seed is None:
                seed = secrets.randbelow(1_000_000)
            con.say(f"seed {seed}")
            table = new_table(packs_or_default(packs), players, humans, bot, seed, parsed, save)
        for note in table.notes:
            con.say(note)
        game, seats = table.game, table.seats
        con.say("seats: " + ", ".join(f"{game.name(s.seat)} {s.label()}" for s in seats))
        if game.over:
            print_result(game, seats, out)
            con.say("this game is already over")
            return
        session = Session(game, seats, table.save_path, out, err, start=len(game.state.history), redraw=redraw)
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
        raise CommandExit(con.EXIT_ENV)
    if outcome.reason == FINISHED:
        print_result(game, seats, out)
    con.say(outcome.message())
    if outcome.reason == INTERRUPTED:
        raise CommandExit(con.EXIT_INTERRUPTED)
