"""The screens over the table: the hot-seat hand-off (it hides the previous hand), help,
inspection of cards and zones, the whole log, a confirmation, a chooser for keys that stand
for several actions, and the final scores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from clank.actions import Action
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from clank_cli import mapping, render
from clank_cli.tui import rules
from clank_cli.tui.keys import chooser_symbols
from clank_cli.tui.panels import DANGER_MARK, DRAGON_MARK

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("a-k", "play the hand card with that letter (a card keeps its letter all turn; a card drawn "
            "takes a letter not used this turn; after k: s, x, z)"),
    ("1-6", "act on that dungeon-row slot: acquire, use or fight"),
    ("m", "move: the destinations, by name, with their costs (one destination: asks first)"),
    ("r", "the reserve: acquire or fight (while laying a tile: the row's cards too)"),
    ("t", "act in your room: take an artifact, open a lock, buy at a market, mark a wayshrine"),
    ("u", "use a token or a card's ability (one only: asks first)"),
    ("n", "end your turn (asks first if Skill, Swords, Boots or teleports are unspent)"),
    ("1-4, ←/→, enter", "while laying a tile: its turn 0°-270°; or preview each placement on the map "
                        "and lay the one shown"),
    ("y/n, 1-9", "answer a question in the middle of an effect (the question owns these keys)"),
    ("o", "every option of the question or tile asked now, when the panel cannot show them all"),
    ("tab", "the whole map: room names, arrows pan (c centres, z overview), where you can go and what "
            "each way costs; a destination's key moves there; tab again: back to the table"),
    ("v", "inspect: every card's text, your deck, discard pile, secrets and tokens"),
    ("l", "the whole log"),
    ("space", "continue after another player's turn; p pauses or resumes the bots"),
    ("w", "how other turns are shown: stop after each turn, flow (at the pace of clank play --pace), "
          "or fast; the log shows every move"),
    ("?", "this help"),
    ("q", "save and quit (resume with clank play --resume FILE)"),
)


class TextScreen(ModalScreen[None]):
    """A scrollable page of text; any of ``escape``, ``q`` or the opening key closes it;
    ``at_end``: it opens at its end (the log: the newest line)."""

    BINDINGS = [Binding("escape,q,question_mark,v,l,enter,space", "dismiss", "close")]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 96%; height: 94%; border: round $accent; background: $surface; }
    """

    def __init__(self, title: str, body: RenderableType, *, at_end: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.at_end = at_end

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.title_text
            yield Static(self.body, id="page")

    def on_mount(self) -> None:
        """Arrows and page keys scroll the page; a log opens at its newest line."""
        scroll = self.query_one(VerticalScroll)
        scroll.focus()
        if self.at_end:
            self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_dismiss(self, result: Any = None) -> None:  # type: ignore[override]
        """Close the page."""
        self.dismiss(None)


def help_body(view: Any) -> RenderableType:
    """Keys, the map legend and the rules summary with rule ids: the rules of the engine,
    then a section for each pack in play (:meth:`~clank.registry.Registry.add_rules_section`)."""
    keys = Table(title="Keys", box=None, title_justify="left", show_header=False, padding=(0, 2))
    keys.add_column(style="bold cyan", no_wrap=True)
    keys.add_column()
    for k, what in KEYS_HELP:
        keys.add_row(k, what)
    legend = Table(title="Map legend", box=None, title_justify="left", show_header=False, padding=(0, 2))
    legend.add_column(no_wrap=True)
    legend.add_column()
    for glyph, style, meaning in mapping.legend(view):
        legend.add_row(Text(glyph, style=style), meaning)
    legend.add_row(Text(f"{DRAGON_MARK} {DANGER_MARK}", style="red"),
                   "in the dungeon row: a card with a dragon icon; a Danger card (one more cube per attack)")
    legend.add_row(Text("players"), "* a human; hp: health left; clank: cubes in the Clank! area/cubes in "
                   "supply; art: artifacts' values; cards (wide panels): deck/discard pile; where: the room "
                   "(its own name, as the map prints it, on narrow panels)")
    sections = [rules_table("Rules in short (ids of the rules reference)", rules.summary(view))]
    sections += [rules_table(section.title, section.lines) for section in view.registry.rules_sections]
    return Group(keys, Text(""), legend, *(part for table in sections for part in (Text(""), table)))


def rules_table(title: str, lines: Sequence[tuple[str, str]]) -> Table:
    """A section of the rules summary: rule ids, then the rule in a few words."""
    table = Table(title=title, box=None, title_justify="left", show_header=False, padding=(0, 2),
                  title_style="bold")
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for ids, text in lines:
        table.add_row(ids, text)
    return table


def inspect_body(view: Any, seat: int | None) -> RenderableType:
    """Every card in sight with its text; the seat's own deck, discard pile, play area,
    secrets, tokens and artifacts."""
    parts: list[RenderableType] = []
    cards = view.ruleset.cards
    if seat is not None:
        p = view.player(seat)
        mine = Table(title=f"{view.name(seat)}: your cards", box=None, title_justify="left", padding=(0, 2))
        mine.add_column("zone", style="bold", no_wrap=True)
        mine.add_column("cards")
        for zone, title in (("hand", "hand"), ("deck", "deck (order hidden)"), ("discard", "discard pile"),
                            ("play", "play area")):
            counts = Counter(render.card_name(view, c) for c in getattr(p, zone))
            mine.add_row(title, ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in sorted(counts.items())) or "-")
        owned = Counter(render.card_name(view, c) for c in (*p.deck, *p.hand, *p.discard, *p.play))
        mine.add_row("all owned", ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in sorted(owned.items())))
        toks = view.ruleset.tokens
        held = [(toks[t].name, toks[t].text) for t in p.tokens if t in toks]
        mine.add_row("secrets, tokens", "\n".join(f"{n}: {t}" if t else n for n, t in held) or "none")
        mine.add_row("artifacts", ", ".join(f"{toks[a].name} ({toks[a].value} points)" for a in p.artifacts)
                     or "none")
        parts += [mine, Text("")]
    seen: list[str] = []
    if seat is not None:
        p = view.player(seat)
        seen += [*p.hand, *p.play, *p.discard, *p.deck]
    seen += [c for c in view.row if c] + list(view.reserve)
    table = Table(title="Cards in sight (yours, the row, the reserve)", box=None, title_justify="left",
                  padding=(0, 2))
    for col in ("card", "type", "cost", "points", "text"):
        table.add_column(col, overflow="fold")
    for card in dict.fromkeys(seen):
        cdef = cards.get(card)
        if cdef is None:
            continue
        table.add_row(Text(cdef.name, style="bold"), cdef.type, render.cost_text(cdef.cost),
                      str(cdef.points), Text(cdef.text))
    parts.append(table)
    return Group(*parts)


def log_body(view: Any) -> RenderableType:
    """The whole log, numbered."""
    return Text("\n".join(f"{i:>4}  {line}" for i, line in enumerate(view.log, 1)))


class HandOff(Screen["str | None"]):
    """Hot-seat: the table is covered until the next player presses a key, so the previous
    player's hand is never shown to them. It says who is called and why (``reason``: their
    turn, or a decision during another player's turn); enter, space or escape show the table,
    and any other key shows it and acts there too (the key is not swallowed: ``y`` answers a
    yes-or-no question at once)."""

    DEFAULT_CSS = """
    HandOff { align: center middle; }
    HandOff > Static { width: auto; max-width: 90%; padding: 1 4; border: heavy $accent; text-align: center; }
    """

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        text = Text.assemble(("Pass the keyboard to ", ""), (self.player_name, "bold"))
        if self.reason:
            text.append(f"\n\n{self.player_name} is called: ", style="")
            text.append(self.reason, style="bold yellow")
        text.append("\n\nenter when you are ready (or the key of what you want to do)", style="dim")
        yield Static(text, id="handoff")

    def on_key(self, event: Any) -> None:
        """Any key shows the table to the next player; a key other than enter, space or
        escape is handed on to the table."""
        event.stop()
        ch = event.character or ""
        passed = ch if ch.isprintable() and ch.strip() and event.key not in ("enter", "escape", "space") else None
        self.dismiss(passed)


class Confirm(ModalScreen[bool]):
    """A yes/no question (ending a turn with resources unspent)."""

    BINDINGS = [Binding("y,enter", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Static { width: 70; padding: 1 2; border: heavy $warning; background: $surface; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((self.question, "bold"), ("\n\n[y] yes   [n] no", "cyan")), id="confirm")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class Chooser(ModalScreen["Action | None"]):
    """The actions one key stands for (moves by destination, the reserve ...), each with a
    key (``symbols``: letters by default; the table's own keys when it lists the options of a
    question); escape goes back. A list longer than the screen scrolls (arrows, page keys) and
    its title says how many entries it holds."""

    DEFAULT_CSS = """
    Chooser { align: center middle; }
    Chooser > VerticalScroll { width: 90%; height: auto; max-height: 90%; border: heavy $accent;
                               background: $surface; padding: 0 1; }
    """

    def __init__(self, title: str, entries: Sequence[tuple[str, Action]],
                 on_preview: Callable[[Action | None], None] | None = None, *,
                 symbols: Sequence[str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.entries = list(entries)
        self.symbols = list(symbols) if symbols is not None else list(chooser_symbols(len(self.entries)))
        self.entries = self.entries[:len(self.symbols)]

    def compose(self) -> ComposeResult:
        text = Text()
        for sym, (label, _) in zip(self.symbols, self.entries, strict=False):
            text.append(f"[{sym}] ", style="bold cyan")
            text.append(label + "\n")
        text.append("escape: back", style="dim")
        with VerticalScroll() as box:
            box.border_title = f"{self.title_text} ({len(self.entries)}; ↑↓ scroll)" \
                if len(self.entries) > 8 else self.title_text
            yield Static(text, id="choices")

    def on_mount(self) -> None:
        """The list takes the arrows and page keys (a long list scrolls)."""
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: Any) -> None:
        """A key picks its entry; escape closes."""
        if event.key == "escape":
            event.stop()
            self.dismiss(None)
            return
        if event.character and event.character in self.symbols:
            event.stop()
            self.dismiss(self.entries[self.symbols.index(event.character)][1])
