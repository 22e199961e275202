"""What each fixed panel of the table shows, read from one seat's view (never the game).

Every function returns a rich renderable sized for its panel; names and texts from content are
:class:`rich.text.Text`, never markup. Colours: each player has one; danger is red, treasure
yellow, resources cyan.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from clank.actions import Action
from clank.mapdraw.symbols import seat_colour
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from clank_cli import mapping, render
from clank_cli.seats import Seat
from clank_cli.tui.keys import GROUP_TITLES, KeyMap

TURN_RESOURCES = ("skill", "swords", "boots")
NARROW = 50
DRAGON_MARK = "⚠"
"""The mark of a row card with a dragon icon (an attack when it enters the row)."""
DANGER_MARK = "✸"
"""The mark of a Danger card in the row (the map's ☠ is a haunted tile: no glyph means two things)."""
"""Panels narrower than this (a 100-column terminal's right column) show the short forms."""


def colour(seat: int) -> str:
    """The colour of a seat's pawn, name and cubes: the map's colour of that seat, so a
    pawn and its player's line match."""
    return f"bold {seat_colour(seat)}"


def name_text(view: Any, seat: int, seats: Sequence[Seat] | None = None) -> Text:
    """A seat's name in its colour (``P2 (greedy)``)."""
    return Text(render.seat_name(view, seat, seats), style=colour(seat))


def map_panel(view: Any, width: int, height: int, preview: Action | None = None,
              seat: int | None = None) -> RenderableType:
    """The dungeon map, centred on the seat's pawn (or the tile being laid), with a one-line
    legend (two on tall panels; the whole legend is on the map screen and in help); when
    ``seat`` is deciding its turn, the rooms it can move to now are highlighted."""
    highlight = None
    if seat is not None and view.deciding and view.pending() is None:
        rooms = (render.move_destination(view, seat, a) for a in view.legal_actions())
        highlight = sorted({r for r in rooms if r})
    return mapping.draw_map(view, width=width, height=height, preview=preview, highlight=highlight,
                            legend_rows=2 if height >= 30 else 1)


def where_words(view: Any, seat: int, short: bool) -> str:
    """Where a player is: the room's name (its own name only when ``short``: the map prints
    that name, and the pawn shows which one), ``escaped``, ``knocked out`` or ``-``."""
    p = view.player(seat)
    if p.status == "escaped":
        return "escaped"
    if p.status == "knocked_out":
        return "knocked out"
    room = p.room or p.ko_room
    if not room:
        return "-"
    return view.room_label(room, short=short)


def players_panel(view: Any, seats: Sequence[Seat] | None, width: int = 80) -> Table:
    """One line per player: health, gold, Clank! cubes, artifacts, then where (the room's
    short name in a narrow panel), and when the panel is wide, cards and what packs add."""
    narrow = width < NARROW
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, show_header=True, header_style="dim")
    cols = ("player", "hp", "gold", "clank", "art", "where") if narrow else \
        ("player", "hp", "gold", "clank", "art", "cards", "where")
    for col in cols:
        table.add_column(col, no_wrap=True, overflow="ellipsis", ratio=1 if col == "where" else None)
    for p in view.players:
        mark = "▶" if p.seat == view.current else " "
        deck = p.deck if isinstance(p.deck, int) else len(p.deck)
        hurt = len(p.damage)
        hp = Text(f"{view.health - hurt}", style="red" if view.health - hurt <= 3 else "")
        name = Text(mark) + Text(view.name(p.seat), style=colour(p.seat))
        if seats and seats[p.seat].is_human:
            name.append("*", style="bold")
        place = Text(where_words(view, p.seat, narrow))
        extra = [m.text for m in render._marks(view, "player", p.seat)]
        if extra and not narrow:
            place.append(" · " + ", ".join(extra), style="cyan")
        arts = ",".join(str(view.ruleset.tokens[a].value) for a in p.artifacts) or "-"
        row = [name, hp, Text(str(p.gold), style="yellow"),
               Text(f"{view.clank_area.get(str(p.seat), 0)}/{p.cubes}"),
               Text(arts, style="yellow" if p.artifacts else "")]
        if not narrow:
            row.append(Text(f"{deck}/{len(p.discard)}"))
        table.add_row(*row, place)
    return table


def dragon_panel(view: Any) -> Text:
    """Three lines: the Clank! area (``P1:3 P4:1``); the bag and what an attack draws now;
    the rage track.
    Lines never wrap (a narrow panel cuts them with an ellipsis)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Clank! ", style="bold")
    parts = []
    for key, n in sorted(view.clank_area.items()):
        if n:
            name = view.name(int(key)) if key.isdigit() else key
            parts.append(Text(f"{name}:{n}", style=colour(int(key)) if key.isdigit() else "white"))
    out.append_text(Text(" ").join(parts) if parts else Text("none in the area", style="dim"))
    draws = view.setup.get("rage_track", {}).get("draws", [])
    draw = draws[view.rage] if 0 <= view.rage < len(draws) else "?"
    danger = sum(1 for c in view.row if c and view.ruleset.cards[c].danger)
    out.append("\nbag ", style="bold")
    out.append(f"{view.bag_total} · ")
    out.append("attack draws ", style="red")
    out.append(f"{draw}" + (f" +{danger} danger" if danger else ""), style="bold red")
    out.append("\nrage ", style="bold")
    for i, n in enumerate(draws):
        out.append(f"{n}", style="bold white on red" if i == view.rage else "red" if i < view.rage else "dim")
        out.append(" ")
    return out


def row_panel(view: Any, keymap: KeyMap | None) -> Table:
    """The dungeon row: slot number (the key), card, cost, points, text; actionable slots bright."""
    table = Table(box=None, padding=(0, 1), expand=True, show_header=False)
    table.add_column("key", no_wrap=True, width=3)
    table.add_column("card", no_wrap=True, overflow="ellipsis")
    table.add_column("cost", no_wrap=True)
    table.add_column("text", overflow="ellipsis", no_wrap=True, ratio=5)
    keys = keymap.keys if keymap else {}
    for slot, card in enumerate(view.row):
        key = str(slot + 1)
        if card is None:
            table.add_row(Text(key, style="dim"), Text("(empty until the end of the turn)", style="dim"), "", "")
            continue
        cdef = view.ruleset.cards[card]
        live = key in keys
        style = "bold" if live else "dim"
        name = Text(cdef.name, style=style + (" red" if cdef.type == "monster" else ""))
        if cdef.dragon_attack:
            name.append(f" {DRAGON_MARK}", style="red")
        if cdef.danger:
            name.append(f" {DANGER_MARK}", style="red")
        points = cdef.points if isinstance(cdef.points, int) else "*"
        table.add_row(Text(f"[{key}]" if live else f" {key}", style="bold cyan" if live else "dim"), name,
                      Text(render.cost_text(cdef.cost) + (f" {points}VP" if points else ""), style="cyan"),
                      Text(cdef.text, style="" if live else "dim"))
    return table


def supply_panel(view: Any) -> Text:
    """The reserve stacks and the packs' boards (the market)."""
    cards = view.ruleset.cards
    out = Text()
    out.append("reserve ", style="bold")
    out.append("; ".join(f"{cards[c].name} ×{n} ({render.cost_text(cards[c].cost)})"
                         for c, n in view.reserve.items()) or "-")
    for mark in render._marks(view, "board"):
        out.append("\n" + mark.text, style=render._style(mark))
    return out


def _hand_fits(view: Any, hand: Sequence[tuple[str, str]], width: int | None, height: int | None,
               extra: int) -> bool:
    """Whether the hand's card texts may wrap (under their card) and still leave the pool
    lines in sight."""
    if width is None or height is None:
        return True
    cards = view.ruleset.cards
    names = max((len(cards[c].name) if c in cards else len(c) for _, c in hand), default=0)
    text_w = max(8, width - 4 - names - 2)
    lines = sum(max(1, -(-len(cards[c].text if c in cards else "") // text_w)) for _, c in hand)
    return lines + extra <= height


def hand_panel(view: Any, seat: int | None, hand: Sequence[tuple[str, str]], keymap: KeyMap | None,
               width: int | None = None, height: int | None = None) -> RenderableType:
    """The seat's hand, one card a line: its letter, its name and its text in columns (the
    text wraps under itself while the panel has rows to spare, else it is cut: ``v`` shows
    every text); then its pool, play area and what it holds. A spectator sees how many cards
    each hand holds."""
    if seat is None:
        out = Text()
        for p in view.players:
            n = p.hand if isinstance(p.hand, int) else len(p.hand)
            out.append(f"{view.name(p.seat)}: {n} cards in hand  ", style=colour(p.seat))
        return out
    p = view.player(seat)
    live = keymap.keys if keymap else {}
    tail = Text()
    pool = {res: p.pool.get(res, 0) for res in TURN_RESOURCES}
    pool.update({k: v for k, v in p.pool.items() if k not in pool})
    tail.append("pool ", style="bold")
    tail.append(", ".join(render.resource_words(r, n) for r, n in pool.items()), style="cyan")
    if p.teleports:
        tail.append(f", {len(p.teleports)} teleport{'s' if len(p.teleports) > 1 else ''}", style="cyan")
    if p.play:
        tail.append("\nplayed ", style="bold")
        tail.append(", ".join(render.card_name(view, c) for c in p.play), style="dim")
    held = Counter(render.token_name(view, t) for t in p.tokens)
    if held:
        tail.append("\nheld ", style="bold")
        tail.append(", ".join(f"{n} ×{k}" if k > 1 else n for n, k in held.items()), style="yellow")
    if not hand:
        return Group(Text("(no cards in hand)", style="dim"), tail)
    wrap = _hand_fits(view, hand, width, height, 1 + tail.plain.count("\n"))
    cards = Table.grid(padding=(0, 2, 0, 0))
    cards.add_column(no_wrap=True)
    cards.add_column(no_wrap=True)
    cards.add_column(ratio=1, no_wrap=not wrap, overflow="fold" if wrap else "ellipsis")
    for letter, card in hand:
        cdef = view.ruleset.cards.get(card)
        on = letter in live
        cards.add_row(Text(f"[{letter}]" if letter else "", style="bold cyan" if on else "dim"),
                      Text(cdef.name if cdef else card, style="bold" if on else ""),
                      Text(cdef.text if cdef else "", style="dim"))
    return Group(cards, tail)


def log_panel(view: Any, lines: int) -> Text:
    """The last lines of the log (the whole log is one key away)."""
    out = Text()
    tail = view.log[-max(1, lines):]
    for i, line in enumerate(tail):
        out.append(line, style="" if i >= len(tail) - 3 else "dim")
        if i < len(tail) - 1:
            out.append("\n")
    return out


def actions_panel(view: Any, seat: int | None, keymap: KeyMap | None, answers: bool, status: str) -> Text:
    """The prompt and the keys open now: the answers of a decision one per line, else the
    groups (moves, reserve, room, end) with how many choices each holds, then a line of the
    other keys."""
    out = Text()
    if status:
        out.append(status + "\n", style="bold yellow")
    if keymap is None or seat is None or not view.deciding:
        return out
    out.append(render.prompt_text(view), style="bold")
    if answers:
        for key, acts in keymap.keys.items():
            out.append(f"\n[{key}] ", style="bold cyan")
            out.append(render.action_label(view, acts[0]))
        return out
    groups = []
    for key, acts in keymap.keys.items():
        title = keymap.titles.get(key) or GROUP_TITLES.get(key)
        if title:
            t = Text()
            t.append(f"[{key}] ", style="bold cyan")
            t.append(title + (f" ({len(acts)})" if len(acts) > 1 else "") + "  ")
            groups.append(t)
    orient = [a for acts in keymap.keys.values() for a in acts if a.kind in ("orient", "place")]
    for a in orient:
        out.append(f"\n[{int(a.args[0]) + 1}] ", style="bold cyan")
        out.append(render.orientation_words(view, a))
    if orient:
        out.append("\n←/→ preview each on the map, enter lays it", style="dim")
    if groups:
        out.append("\n")
        for g in groups:
            out.append_text(g)
    out.append_text(render.notes_text(view, seat))      # why an expected room action is not offered
    out.append("\nhand a-k · row 1-6 · tab map · ? help", style="dim")
    return out


def unspent(view: Any, seat: int) -> str:
    """What a seat would lose by ending its turn now (``"2 boots, 1 skill"``), or ``""``."""
    p = view.player(seat)
    res = view.registry.resources
    parts = [render.resource_words(r, n) for r, n in p.pool.items()
             if n and (r not in res or res[r].turn)]
    if p.teleports:
        parts.append(f"{len(p.teleports)} teleport{'s' if len(p.teleports) > 1 else ''}")
    return ", ".join(parts)


def scores_panel(view: Any, seats: Sequence[Seat] | None) -> RenderableType:
    """The final scores and the outcome."""
    return Group(render.scores_table(view, seats), render.result_text(view, seats))
