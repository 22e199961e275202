"""``clank validate``: content packs checked in layers, one problem per line with its position."""

from __future__ import annotations

from collections.abc import Sequence

from clank_cli import console as con
from clank_cli.errors import CommandExit


def validate(targets: Sequence[str], fmt: str = "text", strict: bool = False, verbose: bool = False,
             play: int = 0) -> None:
    """Validate the targets (installed pack ids, pack directories, content files), then play
    ``play`` short seeded games of them; report in ``fmt`` and stop with exit code 1 when the
    content is invalid (``strict``: warnings too)."""
    from clank_cli import validation
    from clank_cli.report import report

    with con.engine_errors():
        result = validation.validate(targets)
        if play:
            from clank_cli.playcheck import play_into

            play_into(result, play)
    report(result, fmt, con.stdout(), con.stderr(), strict=strict, verbose=verbose)
    if result.failed(strict):
        raise CommandExit(con.EXIT_INVALID)
