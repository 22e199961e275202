"""``clank replay``: replay a game record, step through it, and check its final state."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from clank_cli import console as con
from clank_cli.play import interactive_terminal, print_result
from clank_cli.records import RecordError, read_record_file, replay_record, state_digest


def replay(file: Path, step: bool = False, plain: bool = False, pack_dirs: Sequence[str] = ()) -> None:
    """Replay ``file`` (a record or a save), print the final scores and check the final state
    against the recorded one (exit code 1 when they differ); ``step`` steps through it first
    (on the table, or as lines with ``plain`` or without a terminal)."""
    out = con.stdout()
    with con.engine_errors():
        try:
            loaded = read_record_file(file)
            game = replay_record(loaded, verify=False, pack_dirs=list(pack_dirs))   # compared below, with the scores
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
