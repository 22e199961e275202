"""``clank replay SAVE --step``: step through a game record on the table.

Every position of the record is kept (a clone after each action), so stepping back is as
quick as stepping forward. Keys: → or space next, ← back, home and end, digits then enter to
jump to action N, s to see the table as another seat sees it (a record hides nothing, so each
seat's hand can be looked at), ? help, q quit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import clank
from clank.actions import Action
from clank.api import Game

from clank_cli import render
from clank_cli.seats import Seat
from clank_cli.tui import screens
from clank_cli.tui.app import TableApp


def positions(record: dict[str, Any]) -> Iterator[tuple[Game, Action | None]]:
    """The game before the first action, then after each action (with that action)."""
    game = clank.replay({**record, "actions": []})
    yield game.clone(), None
    for text in record["actions"]:
        action = Action.parse(text)
        game.apply(action)
        yield game.clone(), action


def step_lines(record: dict[str, Any]) -> Iterator[str]:
    """Plain ``--step``: for each action, ``N. P1: what it did`` and the log lines it wrote."""
    game = clank.replay({**record, "actions": []})
    seen = len(game.log)
    for i, text in enumerate(record["actions"], 1):
        action = Action.parse(text)
        seat = game.current_player
        assert seat is not None            # a recorded action was decided by a seat
        label = render.action_label(game.view(seat), action)
        game.apply(action)
        yield f"{i}. {game.name(seat)}: {label}"
        for line in game.log[seen:]:
            yield f"    {line}"
        seen = len(game.log)


class ReplayApp(TableApp):
    """The table, driven by a record instead of players."""

    def __init__(self, record: dict[str, Any], seats: Sequence[Seat] | None) -> None:
        steps = list(positions(record))
        self.games = [g for g, _ in steps]
        self.actions = [a for _, a in steps]
        first = self.games[0]
        seats = list(seats) if seats else [Seat(s, "human") for s in range(len(first.state.players))]
        super().__init__(first, seats, None, delay=0)
        self.humans = []
        self.index = 0
        self.typed = ""
        self.viewer = None

    def advance(self) -> None:
        """Nothing plays by itself in a replay."""
        self.redraw()

    def goto(self, index: int) -> None:
        """Show the position after action ``index`` (0: before the first)."""
        self.index = max(0, min(len(self.games) - 1, index))
        self.game = self.games[self.index]
        self.status = self._step_words()
        self.redraw()

    def _step_words(self) -> str:
        n = len(self.games) - 1
        if self.index == 0:
            return f"start of the game (0 of {n}): → next, ← back, digits + enter jump"
        before = self.games[self.index - 1]
        seat, action = before.current_player, self.actions[self.index]
        assert seat is not None and action is not None   # a position after the first follows an action
        label = render.action_label(before.view(seat), action)
        return f"action {self.index} of {n}: {before.name(seat)}: {label}"

    def on_mount(self) -> None:
        """Start at the beginning, once the panels have their sizes (laid out for the
        terminal's size, as the table is)."""
        self._fit_layout()
        self.call_after_refresh(self.goto, 0)

    def on_key(self, event: Any) -> None:
        """Stepping keys."""
        if len(self.screen_stack) > 1:
            return
        ch, key = event.character or "", event.key
        event.stop()
        if ch.isdigit():
            self.typed += ch
            self.status = f"jump to action {self.typed} (enter)"
            self.redraw()
        elif key == "enter" and self.typed:
            self.goto(int(self.typed))
            self.typed = ""
        elif key in ("right", "space") or ch == "l":
            self.goto(self.index + 1)
        elif key == "left" or ch == "h":
            self.goto(self.index - 1)
        elif key == "home":
            self.goto(0)
        elif key == "end":
            self.goto(len(self.games) - 1)
        elif ch == "s":
            n = len(self.game.state.players)
            self.viewer = 0 if self.viewer is None else None if self.viewer == n - 1 else self.viewer + 1
            self.redraw()
        elif ch == "?":
            self._push(screens.TextScreen("Help (escape to close)", screens.help_body(self.view())))
        elif ch == "v":
            self.show_inspect()
        elif ch == "q" or key == "escape":
            self.exit("quit")
