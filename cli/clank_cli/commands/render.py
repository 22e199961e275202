"""``clank render``: the dungeon of a saved game or game record, as SVG or in the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from clank.mapdraw import draw_map, map_svg

from clank_cli import console as con
from clank_cli.records import RecordError, read_record_file, replay_to, state_digest


def render(file: Path, svg: Path | None = None, text: bool = False, at: int | None = None, seat: int | None = None,
           width: int | None = None, height: int = 60, pack_dirs: Sequence[str] = ()) -> None:
    """Draw the dungeon of ``file`` after its first ``at`` actions (default: all), as player
    ``seat`` sees it (1 for P1; default: a spectator): as SVG to ``svg``, and in the terminal
    with ``text`` or without ``svg`` (``width`` columns, default the terminal's, and at most
    ``height`` rows)."""
    out = con.stdout()
    with con.engine_errors(), con.interrupt_before_play():
        try:
            loaded = read_record_file(file)
            game = replay_to(loaded, at, list(pack_dirs))
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
    if text or svg is None:                # the drawing first: what is said of the file follows it on a line of its own
        out.print(draw_map(view, width=width or out.width, height=height), soft_wrap=True)
        out.file.flush()
    if svg is not None:
        title = f"{file.name}: the dungeon after {con.plural(done, 'action')} of {total}, round {game.state.round}"
        try:
            svg.write_text(map_svg(view, title=title), encoding="utf-8")
        except OSError as exc:
            raise con.fail(f"cannot write {svg}: {exc.strerror or exc}") from None
        con.say(f"wrote {svg}: the dungeon after {con.plural(done, 'action')} of {total}")
