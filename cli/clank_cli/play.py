"""A game in the terminal: humans type their choices, bots play their seats, every action is
saved so an interrupted game can be resumed.

:class:`Session` drives one game; it reads lines through a function it is given (standard
input by default) and prints through rich consoles, so tests can run it headless.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

from clank.actions import Action
from clank.api import Game, new_game
from clank.faults import PackFault, blame, bot_fault
from rich.console import Console
from rich.text import Text

from clank_cli import render
from clank_cli.errors import UsageError
from clank_cli.records import read_record_file, replay_record, save_document, write_json
from clank_cli.seats import Seat, assign_seats, make_bots, resolve_bots

FINISHED, QUIT, EOF, INTERRUPTED, FAULT = "finished", "quit", "eof", "interrupted", "fault"
DEFAULT_SAVE = Path("clank-save.json")
HELP = "type the number of an action (or its text), ? to show everything again, q to save and quit"
REDRAW_ALL, REDRAW_CHANGED = "all", "changed"
REDRAWS = (REDRAW_CHANGED, REDRAW_ALL)
"""Line mode's redraw before each decision: only the parts of the table that changed since the
last one (the default; the log is printed as it happens), or the whole table."""


def read_stdin_line(prompt: str) -> str | None:
    """Print ``prompt`` and read one line from standard input; None at end of input (or when
    there is no standard input at all: a closed stream)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        line = sys.stdin.readline() if sys.stdin is not None else ""
    except (ValueError, OSError):      # closed or unreadable: the same as the end of input
        line = ""
    return None if line == "" else line.rstrip("\r\n")


@dataclass
class Outcome:
    """How a session stopped: ``finished``, ``quit`` (q), ``eof`` (end of input), ``interrupted``
    or ``fault`` (a pack's code failed: ``fault`` says how)."""

    reason: str
    saved_to: Path | None
    fault: PackFault | None = None

    def message(self) -> str:
        """What to tell the player about the save file."""
        where = self.saved_to
        if self.reason == FAULT:
            if where is None:
                return "the game was not saved (--save FILE keeps a game that a pack's fault stops)"
            return (f"the game is saved in {where}, up to the action the pack failed in; after fixing the "
                    f"pack, resume it with: clank play --resume {where}")
        if self.reason == FINISHED:
            return (f"game record saved to {where}; check it with: clank replay {where}" if where
                    else "game over (not saved: use --save FILE to keep a record)")
        what = {QUIT: "quit", EOF: "end of input", INTERRUPTED: "interrupted"}[self.reason]
        if where is None:
            return f"{what} (not saved: use --save FILE)"
        return f"{what}: game saved to {where}; resume with: clank play --resume {where}"


@dataclass
class PlayTable:
    """A game ready to play: who sits where, where it is saved, and notes for the player."""

    game: Game
    seats: list[Seat]
    save_path: Path | None
    notes: list[str] = field(default_factory=list)


def _seats(players: int, humans: int, bot: str | None, game: Game, notes: list[str]) -> list[Seat]:
    if humans > players:
        raise UsageError(f"{humans} humans do not fit in {players} seats", "--humans")
    names, note = resolve_bots(game.ruleset.registry, bot)
    if note and humans < players:
        notes.append(f"note: {note}")
    return assign_seats(players, humans, names)


def new_table(packs: list[str], players: int | None, humans: int | None, bot: str | None, seed: int,
              options: dict[str, Any], save: Path | None) -> PlayTable:
    """Set up a new game: 4 players and 1 human unless told; saved to ``clank-save.json`` when a human plays.

    Raises the engine's errors (:class:`~clank.game.setup.SetupError` for an unsupported player
    count) and :class:`~clank_cli.errors.UsageError` for impossible seats or unknown bots.
    """
    players = 4 if players is None else players
    humans = 1 if humans is None else humans
    if humans > players:
        raise UsageError(f"{humans} humans do not fit in {players} seats", "--humans")
    game = new_game(packs, players, seed, options)
    notes: list[str] = []
    seats = _seats(players, humans, bot, game, notes)
    save_path = save if save is not None or humans == 0 else DEFAULT_SAVE
    return PlayTable(game, seats, save_path, notes)


def resume_table(path: Path, humans: int | None, bot: str | None, save: Path | None) -> PlayTable:
    """Replay a save file (or a bare record) to continue it; raises :class:`RecordError`.

    The seats come from the save file; ``humans`` or ``bot`` reassign them (a bare record has
    no seats: one human unless told). The game keeps saving to the same file unless ``save``.
    """
    loaded = read_record_file(path)
    game = replay_record(loaded)
    n = len(game.state.history)
    notes = [f"resumed {path}: seed {game.state.config['seed']}, {n} action{'' if n == 1 else 's'} replayed"]
    seats = loaded.seats
    if seats is None or humans is not None or bot is not None:
        keep = sum(s.is_human for s in seats) if seats else 1
        seats = _seats(len(game.state.players), keep if humans is None else humans, bot, game, notes)
    return PlayTable(game, seats, save or path, notes)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold back Ctrl-C (SIGINT) inside the block and raise it as ``KeyboardInterrupt`` once
    the block is done: applying an action and saving the result are never cut in half.
    Outside the main thread signals cannot be caught, and the block simply runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


class Session:
    """One game being played: seats, bots, the save file, and the consoles to talk through."""

    def __init__(self, game: Game, seats: Sequence[Seat], save_path: Path | None, out: Console, err: Console,
                 read_line: Callable[[str], str | None] = read_stdin_line, start: int = 0,
                 redraw: str = REDRAW_CHANGED) -> None:
        self.game = game
        self.seats = list(seats)
        self.save_path = save_path
        self.out = out
        self.err = err
        self.read_line = read_line
        self.redraw = redraw
        self.bots: dict[int, Any] = make_bots(game, self.seats, start)
        self._log_seen = len(game.log)
        self._shown: dict[tuple[int, str], str] = {}     # (seat, part) -> its text when last printed

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> Outcome:
        """Play until the game ends, a human quits, or input ends; save after every action."""
        game = self.game
        try:
            while not game.over:
                seat = game.current_player
                assert seat is not None
                if self.seats[seat].is_human:
                    answer = self._ask_human(seat)
                    if isinstance(answer, str):
                        return Outcome(answer, self.save())
                    action = answer
                else:
                    action = bot_choice(game, self.bots, self.seats, seat)
                with interrupts_deferred():             # an action is applied whole, then saved
                    game.apply(action)
                    nxt = game.current_player
                    self.save(digest=nxt is None or self.seats[nxt].is_human)
                self._print_new_log()
        except KeyboardInterrupt:
            return Outcome(INTERRUPTED, self.save())
        except Exception as exc:
            fault = blame(exc, game.registry)
            if fault is None:
                raise
            return Outcome(FAULT, self.save() if fault.restored is not False else self.save_path, fault)
        return Outcome(FINISHED, self.save())

    def save(self, digest: bool = True) -> Path | None:
        """Write the save file (record + seats), if this session has one.

        ``digest=False`` leaves out the final-state digest (an autosave between bot actions).
        """
        if self.save_path is not None:
            write_json(self.save_path, save_document(self.game, self.seats, digest))
        return self.save_path

    # -- humans ----------------------------------------------------------------------------
    def _ask_human(self, seat: int) -> Action | str:
        game = self.game
        actions = game.legal_actions()
        self._show(seat, actions)
        while True:
            line = self.read_line(f"{game.name(seat)}> ")
            if line is None:
                self.out.print()
                return EOF
            text = line.strip()
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                return QUIT
            if text in ("?", "help"):
                self._show(seat, actions, everything=True)
                continue
            chosen = self._match(text, actions)
            if isinstance(chosen, Action):
                return chosen
            self.err.print(chosen, markup=False, style="red")
            self.err.print(HELP, markup=False, style="dim")

    def _match(self, text: str, actions: Sequence[Action]) -> Action | str:
        """The action a line names (its number, its text as the menu shows it, whole or up to its
        cost, in any case, or its machine text), or why it names none."""
        if text.isdigit():
            i = int(text)
            if 1 <= i <= len(actions):
                return actions[i - 1]
            return f"there is no action {i}: choose 1-{len(actions)}"
        view = self.game.view(self.game.current_player)
        found = match_label(text, actions, lambda a: render.action_label(view, a))
        if isinstance(found, Action):
            return found
        if found:
            return f"{text!r} names {len(found)} actions: {', '.join(found)}; type its number"
        try:
            action = Action.parse(text)
        except ValueError:
            return "empty action"
        if action in actions:
            return action
        lowered = [a for a in actions if str(a).casefold() == text.casefold()]
        if len(lowered) == 1:
            return lowered[0]
        return f"not legal now: {self.game.explain(action)}"

    def _show(self, seat: int, actions: Sequence[Action], everything: bool = False) -> None:
        """The table before a human decides: every part of it (``everything``, or with
        ``redraw="all"``), else the parts that changed since this seat last saw them, then always
        the prompt and the actions."""
        self.out.print()
        parts = render.decision_parts(self.game.view(seat), seat, self.seats, actions)
        same = []
        for name, part in parts:
            if self.redraw == REDRAW_CHANGED and name == "log" and (seat, name) in self._shown and not everything:
                continue                       # the log is printed as it happens
            text = self._plain(part)
            if everything or self.redraw == REDRAW_ALL or self._shown.get((seat, name)) != text or name == "decide":
                self.out.print(part)
            else:
                same.append(render.PART_NAMES.get(name, name))
            self._shown[(seat, name)] = text
        if same:
            self.out.print(Text(f"    (unchanged: {', '.join(same)}; ? shows everything)", style="dim"))
        self._log_seen = len(self.game.log)

    def _plain(self, part: Any) -> str:
        """A part of the table as plain text, to tell whether it changed."""
        console = Console(width=self.out.width, file=StringIO(), color_system=None)
        with console.capture() as captured:
            console.print(part)
        return captured.get()

    # -- bots and the log ------------------------------------------------------------------
    def _print_new_log(self) -> None:
        """Each new log line once (a bot's action is told by the log, not printed again)."""
        new = self.game.log[self._log_seen:]
        self._log_seen = len(self.game.log)
        for entry in new:
            self.out.print(Text(f"    {entry}", style="dim"))


def _words(text: str) -> str:
    return " ".join(text.casefold().split())


def match_label(text: str, actions: Sequence[Action], label: Callable[[Action], str]) -> Action | list[str]:
    """The action whose menu text a typed line names, in any case and spacing: the whole label
    (``Play Burgle``), or the label up to its cost (``acquire rebel scribe (slot 3)``). Returns
    the action, or the labels of the actions it could name (none: an empty list)."""
    want = _words(text)
    labels = [(a, label(a)) for a in actions]
    whole = [a for a, lab in labels if _words(lab) == want]
    if len(whole) == 1:
        return whole[0]
    head = [(a, lab) for a, lab in labels if _words(lab.split(": ", 1)[0]) == want]
    if len(head) == 1:
        return head[0][0]
    return [lab for _, lab in (head or [(a, label(a)) for a in whole])]


def bot_choice(game: Game, bots: dict[int, Any], seats: Sequence[Seat], seat: int) -> Action:
    """The action the bot of ``seat`` chooses from its view; a fault of a pack's bot (or of
    what it calls) raised as that pack's :class:`~clank.faults.PackFault`."""
    try:
        return bots[seat].choose(game.view(seat))
    except Exception as exc:
        fault = bot_fault(exc, game.registry, seats[seat].bot or "")
        if fault is None:
            raise
        raise fault from exc


def interactive_terminal() -> bool:
    """Whether both standard input and output are terminals (else line mode is used)."""
    try:
        return sys.stdin is not None and sys.stdout is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (ValueError, AttributeError):     # a closed stream
        return False


def run_table(game: Game, seats: Sequence[Seat], save_path: Path | None, start: int = 0,
              pace: float | None = None) -> Outcome:
    """Play in the full-screen table (:mod:`clank_cli.tui`) until the game ends or the player
    quits; every action is saved as it is applied. ``pace``: the bots' turns flow on without a
    key press, that many seconds between two moves (``None``: the table stops after each)."""
    from clank_cli.tui.app import FLOW, TableApp  # Textual loads only for the full-screen table

    if pace is None:
        app = TableApp(game, seats, save_path, start=start)
    else:
        app = TableApp(game, seats, save_path, start=start, delay=pace, watch=FLOW)
    result = app.run()
    if app.fault is not None:
        return Outcome(FAULT, save_path, app.fault)
    return Outcome(FINISHED if result == FINISHED else QUIT, save_path)


def print_result(game: Game, seats: Sequence[Seat] | None, out: Console) -> None:
    """Final scores with their lines by source, then the winner(s) (or why there is none)."""
    view = game.view(None)
    out.print(render.scores_table(view, seats))
    out.print(render.result_text(view, seats))
