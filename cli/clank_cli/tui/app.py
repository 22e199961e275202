"""The full-screen table of ``clank play``: fixed panels, stable keys, bots at a pace the
player controls, hot-seat hand-offs, help and inspection. Every action is saved as it is
applied, as in line mode.

The app holds the game to apply actions, but everything it draws comes from one seat's view:
the human deciding now (``view(seat)``), or a spectator's view (``view(None)``) while bots play
a hot-seat game or nobody plays.
"""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from clank.actions import Action
from clank.api import Game
from clank.faults import PackFault, blame
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from clank_cli import render, routes
from clank_cli.play import FAULT, bot_choice
from clank_cli.records import save_document, write_json
from clank_cli.seats import Seat, make_bots
from clank_cli.tui import asking, panels, screens
from clank_cli.tui.fingerprint import fingerprint
from clank_cli.tui.keys import (
    ALL_OPTIONS,
    GROUP_KEYS,
    MOVE,
    ORIENT_KINDS,
    HandLetters,
    KeyMap,
    answer_keys,
    main_keys,
)
from clank_cli.tui.layout import COMPACT, CSS, REGULAR, SMALL, layout_for, too_small_words
from clank_cli.tui.mapscreen import MapScreen

FINISHED, QUIT = "finished", "quit"
STOP, FLOW, FAST = "stop", "flow", "fast"
WATCH_MODES = (STOP, FLOW, FAST)
WATCH_WORDS = {STOP: "stop after each turn", FLOW: "flow", FAST: "fast"}
TITLES = {REGULAR: {"map": "Dungeon (tab: the whole map, routes and legend)", "actions": "Your move (? help)"},
          COMPACT: {"map": "Dungeon (tab: whole map)", "actions": "Your move (? help)"}}
"""Panel titles that differ by layout."""


def settle_heap() -> None:
    """Move everything alive now (the packs' content, the registry, the game) out of the
    garbage collector's sight: a full collection during play then never walks it, which
    spared redraws pauses of up to 50 ms. Call it once the game is built, before the table
    runs."""
    gc.freeze()


class Panel(Static):
    """A fixed panel of the table; when its size changes, the table draws it anew."""

    def on_resize(self, _event: Any) -> None:
        """Tell the table (the map and the hand are drawn for their panel's size)."""
        app = self.app
        if isinstance(app, TableApp):
            app.panel_resized()


class TableApp(App[str]):
    """One game at the table. ``delay``: seconds between two bot actions when the watch mode
    flows (0 in tests); ``watch``: how other players' turns are shown (``stop`` after each
    turn, ``flow``, ``fast``). The layout follows the terminal's size (:mod:`~clank_cli.tui.layout`)."""

    CSS = CSS
    TITLE = "Clank! Catacombs"
    BINDINGS = [Binding("ctrl+c", "quit_game", "save and quit", priority=True),
                Binding("tab", "toggle_map", "the dungeon map", priority=True)]

    def __init__(self, game: Game, seats: Sequence[Seat], save_path: Path | None, *, delay: float = 0.35,
                 watch: str | None = None, start: int = 0) -> None:
        super().__init__()
        self.game = game
        self.seats = list(seats)
        self.save_path = save_path
        self.delay = delay
        self.humans = [s.seat for s in self.seats if s.is_human]
        self.watch_mode = watch or (STOP if self.humans else FLOW)
        self.bots = make_bots(game, self.seats, start)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.hand = HandLetters()
        self.keymap: KeyMap | None = None
        self.answers = False
        self.status = ""
        self.waiting = False          # stopped after another player's turn: space continues
        self.paused = False
        self.preview: int | None = None
        self.out_asked = False
        self._bot_pending = False
        self.redraws = 0
        self.table_layout = REGULAR
        self._map_key: tuple[Any, ...] | None = None
        self._shown: dict[str, Hashable] = {}      # panel id -> fingerprint of what it shows
        self._resize_pending = False
        self.fault: PackFault | None = None   # a pack's fault that stopped the game (the save is kept)

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield self._panel("map", TITLES[REGULAR]["map"])
                yield self._panel("row", "Dungeon row")
            with Vertical(id="right"):
                yield self._panel("players", "Players")
                yield self._panel("dragon", "Dragon")
                yield self._panel("crow", "Dungeon row")
                yield self._panel("supply", "Reserve and market")
                yield self._panel("log", "Log (l: all)")
        with Horizontal(id="bottom"):
            yield self._panel("hand", "Hand")
            yield self._panel("actions", TITLES[REGULAR]["actions"])
        yield Panel(id="logline")
        yield Static(id="toosmall")

    @staticmethod
    def _panel(wid: str, title: str) -> Static:
        panel = Panel(id=wid, classes="panel")
        panel.border_title = title
        return panel

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Run the table in the terminal (see :meth:`textual.app.App.run`), the heap settled
        first (:func:`settle_heap`)."""
        settle_heap()
        return super().run(*args, **kwargs)

    def on_mount(self) -> None:
        """Once the panels have their sizes, draw the table and let the game go on (drawing
        before the first layout would draw the map for a panel of no size, then again)."""
        self._fit_layout()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Any) -> None:
        """The terminal changed size: the layout may change (regular, compact, too small)."""
        if self._fit_layout(event.size):
            self.panel_resized()

    def _fit_layout(self, size: Any = None) -> bool:
        """Choose the layout for the terminal's size (classes on the table's screen); whether it
        changed."""
        width, height = size if size is not None else self.size
        layout = layout_for(width, height)
        table = self.screen_stack[0] if self.screen_stack else None
        players = self.query("#players")
        if table is None or not players:     # a resize before the panels are mounted
            return False
        table.set_class(layout == COMPACT, "-compact")
        table.set_class(layout == SMALL, "-small")
        if layout == SMALL:
            self.query_one("#toosmall", Static).update(too_small_words(width, height))
        seats = len(self.game.state.players)
        # a line per player: 5-6 seats need a taller panel (the compact one takes the room left)
        players.first().styles.height = None if layout == COMPACT else (seats + 3 if seats > 4 else 7)
        changed = layout != self.table_layout
        self.table_layout = layout
        return changed

    def panel_resized(self) -> None:
        """A panel changed size (the terminal did): draw the panels anew, once."""
        if not self._resize_pending:
            self._resize_pending = True
            self.call_after_refresh(self._redraw_after_resize)

    def _redraw_after_resize(self) -> None:
        self._resize_pending = False
        if self._shown:                      # not before the first drawing
            self.redraw()

    # -- drawing -----------------------------------------------------------------------------
    def view(self) -> Any:
        """What the table shows: the viewer's view (a spectator's when nobody is viewing)."""
        return self.game.view(self.viewer)

    def redraw(self) -> None:
        """Refresh the panels of the layout in use from the viewer's view (never scrolls: each
        panel is fixed). A panel is repainted only when what it shows changed (its
        fingerprint), and the map is drawn again only when the game, the preview or the panel's
        size changed."""
        self.redraws += 1
        view = self.view()
        seat = self.viewer
        self._compute_keys(view)
        if self.table_layout == SMALL:
            return
        compact = self.table_layout == COMPACT
        main = self.keymap if not self.answers else None       # a question owns the keys
        hand = self.hand.slots if seat is not None else []
        mp = self.query_one("#map", Static)
        width, height = max(20, mp.size.width or 60), max(3, mp.size.height or 12)
        preview = self._previewed()
        key = (len(self.game.state.history), width, height, preview, seat)
        if key != self._map_key:            # the map changes only with the game or the preview
            self._map_key = key
            self._show("map", panels.map_panel(view, width, height, preview, seat), TITLES[self.table_layout]["map"])
        if compact:
            self._show("crow", panels.row_panel(view, main, texts=False), f"Row (deck {view.dungeon_deck_size})")
            rows = self.query_one("#players", Static).size.height or len(view.players)
            self._show("players", panels.players_lines(view, self.seats, rows), f"Players (round {view.round})")
            self._show("dragon", panels.dragon_panel(view, rows=3))
            self._show("logline", panels.log_line(view))
        else:
            self._show("row", panels.row_panel(view, main), f"Dungeon row (deck {view.dungeon_deck_size})")
            pl = self.query_one("#players", Static)
            self._show("players", panels.players_panel(view, self.seats, pl.size.width or 80),
                       f"Players (round {view.round})")
            self._show("dragon", panels.dragon_panel(view))
            self._show("supply", panels.supply_panel(view))
            lg = self.query_one("#log", Static)
            self._show("log", panels.log_panel(view, max(1, lg.size.height or 8)))
        hp = self.query_one("#hand", Static)
        self._show("hand", panels.hand_panel(view, seat, hand, main, None, hp.size.height or None),
                   f"{view.name(seat)}: hand" if seat is not None else "Hands")
        ap = self.query_one("#actions", Static)
        self._show("actions", panels.actions_panel(view, seat, self.keymap, self.answers, self._status_line(),
                                                   ap.size.height or None, hints=not compact),
                   TITLES[self.table_layout]["actions"])
        if isinstance(self.screen, MapScreen):
            self.screen.show(view, seat, self.destinations(view), preview)

    def destinations(self, view: Any) -> list[routes.Destination]:
        """Where the viewer can go now (while it decides its main turn), with keys."""
        if self.keymap is None or self.answers or self._orientations():
            return []
        return routes.destinations(view, self.viewer)

    def _show(self, wid: str, renderable: Any, title: str | None = None) -> None:
        """Put ``renderable`` in panel ``wid`` unless it already shows the same (panels keep
        their size, so no layout pass is needed)."""
        widget = self.query_one(f"#{wid}", Static)
        mark = fingerprint(renderable)
        if self._shown.get(wid) != mark:
            self._shown[wid] = mark
            widget.update(renderable, layout=False)
        if title is not None and widget.border_title != title:
            widget.border_title = title

    def _status_line(self) -> str:
        if self.status:
            return self.status
        seat = self.game.current_player
        if seat is not None and not self.seats[seat].is_human:
            pace = f", {self.delay:g} s a move" if self.watch_mode == FLOW else ""
            return f"{self.game.name(seat)} is playing ({WATCH_WORDS[self.watch_mode]}{pace}; p pauses, w changes)"
        return ""

    def _compute_keys(self, view: Any) -> None:
        self.keymap, self.answers = None, False
        seat = self.viewer
        if seat is None or not view.deciding or self.waiting:
            return
        me = view.player(seat)
        slots = self.hand.update((view.round, view.current), list(me.hand))
        actions = view.legal_actions()
        d = view.pending()
        if d is None or d["kind"] == "orient":
            self.keymap = main_keys(actions, slots, orienting=d is not None)
        else:
            self.keymap, self.answers = answer_keys(actions), True

    def _orientations(self) -> list[Action]:
        if self.keymap is None:
            return []
        return [a for acts in self.keymap.keys.values() for a in acts if a.kind in ORIENT_KINDS]

    def _previewed(self) -> Action | None:
        options = self._orientations()
        if not options or self.preview is None:
            return None
        return options[self.preview % len(options)]

    # -- the game going on -------------------------------------------------------------------
    @contextmanager
    def stopped_by_faults(self) -> Iterator[None]:
        """A pack's fault in the block ends the table (``fault``); the save file holds the game
        as it was after the last action that succeeded."""
        try:
            yield
        except Exception as exc:
            fault = blame(exc, self.game.registry)
            if fault is None:
                raise
            self.fault = fault
            self.exit(FAULT)

    def advance(self) -> None:
        """What happens next: the scores, a human's decision (after a hand-off in hot-seat),
        a bot's next action, or a stop the player controls."""
        with self.stopped_by_faults():
            self._advance()

    def _advance(self) -> None:
        game = self.game
        if game.over:
            self.status = "The game is over."
            self.redraw()
            view = game.view(None)
            self._push(screens.TextScreen("Final scores (q to leave)", panels.scores_panel(view, self.seats)),
                             lambda _: self.exit(FINISHED))
            return
        seat = game.current_player
        assert seat is not None
        if self.seats[seat].is_human:
            self.status = ""
            if self.viewer != seat and len(self.humans) > 1:
                self.viewer = None
                self.redraw()
                self._push(screens.HandOff(game.name(seat), asking.call_reason(game, seat)),
                           lambda key: self._show_human(seat, key))
                return
            self._show_human(seat)
            return
        if self.humans and not self.out_asked and not any(game.is_live(s) for s in self.humans):
            self.out_asked = True
            self.redraw()
            self._push(screens.Confirm("You are out of the dungeon. Watch the remaining turns? "
                                             "(no: skip to the end)"), self._after_out)
            return
        if self.paused or self.waiting:
            self.redraw()
            return
        self.redraw()
        self._schedule_bot()

    def _show_human(self, seat: int, key: str | None = None) -> None:
        """Show the table to ``seat``; ``key``: the key that dismissed its hand-off, which then
        acts on the table as if pressed there (it is not swallowed)."""
        self.viewer = seat
        self.preview = None
        self.redraw()
        if key:
            self.handle_key(key, key)

    def _after_out(self, watch: bool | None) -> None:
        if watch:
            self.watch_mode = FLOW
            self.advance()
            return
        self.status = "skipping to the end ..."
        with self.stopped_by_faults():
            while self._bot_decides():
                self._bot_apply()
            self.save()
            self.advance()

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        delay = self.delay if self.watch_mode == FLOW else 0.0 if self.watch_mode == FAST else self.delay / 2
        if delay > 0:
            self.set_timer(delay, self._bot_step)
        else:
            self.call_later(self._bot_step)

    def _bot_decides(self) -> bool:
        """Whether a bot's seat decides now (the game goes on)."""
        seat = self.game.current_player
        return seat is not None and not self.seats[seat].is_human

    def _bot_apply(self) -> None:
        seat = self.game.current_player
        assert seat is not None            # a bot plays while the game goes on
        self.game.apply(bot_choice(self.game, self.bots, self.seats, seat))

    def _bot_step(self) -> None:
        self._bot_pending = False
        with self.stopped_by_faults():
            self._bot_turn()

    def _bot_turn(self) -> None:
        game = self.game
        if self.paused or self.waiting or not self._bot_decides():
            self.advance()
            return
        before = (game.state.turn_no, game.state.current)
        self._bot_apply()
        while (self.watch_mode == FAST and self._bot_decides()
               and (game.state.turn_no, game.state.current) == before):
            self._bot_apply()                 # fast: a bot's whole turn at once, one redraw
        nxt = game.current_player
        self.save(digest=nxt is None or self.seats[nxt].is_human)
        turned = (game.state.turn_no, game.state.current) != before
        if (turned and self.watch_mode == STOP and self.humans and nxt is not None
                and not self.seats[nxt].is_human and not game.over):
            self.waiting = True
            self.status = (f"{game.name(before[1])}'s turn is over. space: {game.name(game.state.current)}'s "
                           "turn; w: let the bots play on")
        self.advance()

    def save(self, digest: bool = True) -> None:
        """Write the save file (record and seats), if this game has one."""
        if self.save_path is not None:
            write_json(self.save_path, save_document(self.game, self.seats, digest))

    def play(self, action: Action) -> None:
        """Apply a human's action (already legal), save, and go on."""
        with self.stopped_by_faults():
            self._play(action)

    def _play(self, action: Action) -> None:
        seat = self.viewer
        self.game.apply(action)
        self.preview = None
        nxt = self.game.current_player
        self.save(digest=nxt is None or self.seats[nxt].is_human)
        if len(self.humans) > 1 and nxt != seat:
            self.viewer = None      # hot-seat: the hand leaves the screen with its turn
        self.advance()

    # -- keys --------------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        """Stable keys of the table (see :mod:`clank_cli.tui.keys`); commands after them."""
        if len(self.screen_stack) > 1:
            return
        if self.handle_key(event.character or "", event.key):
            event.stop()

    def handle_key(self, ch: str, key: str) -> bool:
        """Act on a key pressed at the table (``ch`` its character, ``key`` its name); whether
        the table used it. While the terminal is too small only ``q`` works."""
        if self.table_layout == SMALL:
            if ch == "q":
                self.quit_game()
            return ch == "q"
        km = self.keymap
        if km is not None and ch in km.keys:
            self._pick(ch, km.keys[ch])
            return True
        if km is not None and self._orientations() and key in ("left", "right", "enter"):
            self._orient_key(key)
            return True
        command = {"q": self.quit_game, "?": self.show_help, "v": self.show_inspect, "l": self.show_log,
                   "w": self.cycle_watch, "p": self.toggle_pause, " ": self.go_on,
                   ALL_OPTIONS: self.show_options}.get(ch)
        if command is None:
            return False
        command()
        return True

    def _orient_key(self, key: str) -> None:
        options = self._orientations()
        if key == "enter":
            chosen = self._previewed()
            if chosen is not None:
                self.play(chosen)
            return
        step = 1 if key == "right" else -1
        self.preview = (0 if self.preview is None and step == 1 else (self.preview or 0) + step) % len(options)
        self.redraw()

    def _pick(self, key: str, actions: list[Action]) -> None:
        """A key of the keymap: a card, a row slot or an answer acts at once; a group key
        (:data:`~clank_cli.tui.keys.GROUP_KEYS`) opens a chooser, or asks to confirm its only
        action (a move may hurt or discover a tile, a token is used up)."""
        view = self.view()
        if len(actions) == 1 and key not in GROUP_KEYS:
            if actions[0].kind == "play":
                self.hand.take(key)
            self._confirm_and_play(actions[0])
            return
        if len(actions) == 1 and self.viewer is not None:
            self._push(screens.Confirm(asking.confirm_question(view, self.viewer, actions[0])),
                       lambda yes: self.play(actions[0]) if yes else None)
            return
        entries = sorted(((render.action_label(view, a), a) for a in actions),
                         key=lambda e: e[0] if key == MOVE else "")
        title = {"m": "Move where?", "r": "The reserve", "t": "Here", "u": "Use"}.get(key, "Which one?")
        self._push(screens.Chooser(title, entries), lambda a: self._confirm_and_play(a) if a is not None else None)

    def show_options(self) -> None:
        """``o``: every option of the decision asked now in a list, each with its key on the
        table (the actions panel may not have rows for them all)."""
        km, view = self.keymap, self.view()
        if km is None:
            return
        listed = [(key, acts[0]) for key, acts in km.keys.items()
                  if self.answers or acts[0].kind in ORIENT_KINDS]
        if not listed:
            return
        entries = [(render.action_label(view, a), a) for _, a in listed]
        self._push(screens.Chooser("Every option", entries, symbols=[k for k, _ in listed]),
                   lambda a: self._confirm_and_play(a) if a is not None else None)

    def _confirm_and_play(self, action: Action) -> None:
        seat = self.viewer
        if action.kind == "end" and seat is not None:
            left = panels.unspent(self.view(), seat)
            if left:
                self._push(screens.Confirm(f"End your turn with {left} unspent? They will be lost."),
                                 lambda yes: self.play(action) if yes else None)
                return
        self.play(action)

    def _push(self, screen: Any, callback: Any = None) -> None:
        """Show a screen once the key that asked for it has been handled (so the same key
        press never reaches the new screen)."""
        self.call_later(self.push_screen, screen, callback)

    # -- commands ----------------------------------------------------------------------------
    def quit_game(self) -> None:
        """Save and leave (the game can be resumed)."""
        self.save()
        self.exit(QUIT)

    action_quit_game = quit_game

    def action_toggle_map(self) -> None:
        """Tab: the dungeon on the whole terminal (route planning), or back to the table."""
        if isinstance(self.screen, MapScreen):
            self.screen.dismiss(None)
            return
        if len(self.screen_stack) > 1:
            return
        view = self.view()
        self._push(MapScreen(view, self.viewer, self.destinations(view), self._previewed()), self._after_map)

    def _after_map(self, actions: list[Action] | None) -> None:
        if not actions:
            return
        if len(actions) == 1:
            self._confirm_and_play(actions[0])
            return
        view = self.view()
        entries = [(render.action_label(view, a), a) for a in actions]
        self._push(screens.Chooser("Which way?", entries),
                   lambda a: self._confirm_and_play(a) if a is not None else None)

    def show_help(self) -> None:
        """Keys, the map legend, the rules summary."""
        self._push(screens.TextScreen("Help (escape to close)", screens.help_body(self.view())))

    def show_inspect(self) -> None:
        """Every card in sight, and the viewer's own zones and secrets."""
        self._push(screens.TextScreen("Cards (escape to close)", screens.inspect_body(self.view(), self.viewer)))

    def show_log(self) -> None:
        """The whole log."""
        self._push(screens.TextScreen("Log (escape to close; the newest line last)", screens.log_body(self.view()),
                                      at_end=True))

    def cycle_watch(self) -> None:
        """Stop after each other turn → flow → fast → stop. Leaving ``stop`` while the table
        waits after a turn goes on at once: the bots play on, their moves in the log."""
        self.watch_mode = WATCH_MODES[(WATCH_MODES.index(self.watch_mode) + 1) % len(WATCH_MODES)]
        pace = f", {self.delay:g} s a move" if self.watch_mode == FLOW else ""
        self.status = f"other turns: {WATCH_WORDS[self.watch_mode]}{pace}"
        if self.waiting and self.watch_mode != STOP:
            self.waiting = False
            self.advance()
            return
        self.redraw()

    def toggle_pause(self) -> None:
        """Pause or resume the bots."""
        self.paused = not self.paused
        self.status = "paused: p or space resumes" if self.paused else ""
        self.advance()

    def go_on(self) -> None:
        """Continue after a stop (or a pause)."""
        if self.waiting or self.paused:
            self.waiting = self.paused = False
            self.status = ""
            self.advance()
