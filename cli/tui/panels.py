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
from clank.cli import mapping, render
from clank.cli.seats import Seat
from clank.cli.tui.keys import GROUP_TITLES, KeyMap
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

PLAYER_COLOURS = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
TURN_RESOURCES = ("skill", "swords", "boots")


def colour(seat: int) -> str:
    """The colour of a seat's pawn, name and cubes."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def name_text(view: Any, seat: int, seats: Sequence[Seat] | None = None) -> Text:
    """A seat's name in its colour (``P2 (greedy)``)."""
    return Text(render.seat_name(view, seat, seats), style=colour(seat))


def map_panel(view: Any, width: int, height: int, preview: Action | None = None,
              seat: int | None = None) -> Text:
    """The dungeon map; when ``seat`` is deciding its turn, the rooms it can move to now are
    highlighted (route planning at a glance)."""
    highlight = None
    if seat is not None and view.deciding and view.pending() is None:
        rooms = (render.move_destination(view, seat, a) for a in view.legal_actions())
        highlight = sorted({r for r in rooms if r})
    return mapping.draw_map(view, width=width, height=height, preview=preview, highlight=highlight)


def players_panel(view: Any, seats: Sequence[Seat] | None) -> Table:
    """One line per player: where, gold, health, Clank! cubes, artifacts, cards, what packs add."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, show_header=True, header_style="dim")
    for col in ("player", "hp", "gold", "clank", "art", "cards", "where"):
        table.add_column(col, no_wrap=True, overflow="ellipsis", ratio=1 if col == "where" else None)
    for p in view.players:
        mark = "▶" if p.seat == view.current else " "
        room = p.room or p.ko_room
        where = mapping.room_label(view, room).removeprefix("the ") if room else "-"
        if p.status == "escaped":
            where = "escaped"
        elif p.status == "knocked_out":
            where = "knocked out"
        deck = p.deck if isinstance(p.deck, int) else len(p.deck)
        hurt = len(p.damage)
        hp = Text(f"{view.health - hurt}", style="red" if view.health - hurt <= 3 else "")
        name = Text(mark) + Text(view.name(p.seat), style=colour(p.seat))
        if seats and seats[p.seat].is_human:
            name.append("*", style="bold")
        extra = [m.text for m in render._marks(view, "player", p.seat)]
        place = Text(where)
        if extra:
            place.append(" · " + ", ".join(extra), style="cyan")
        arts = ",".join(str(view.ruleset.tokens[a].value) for a in p.artifacts) or "-"
        table.add_row(name, hp, Text(str(p.gold), style="yellow"),
                      Text(f"{view.clank_area.get(str(p.seat), 0)}/{p.cubes}"),
                      Text(arts, style="yellow" if p.artifacts else ""), f"{deck}/{len(p.discard)}", place)
    return table


def dragon_panel(view: Any) -> Text:
    """The Clank! area, the bag and the rage track."""
    out = Text()
    out.append("Clank! area ", style="bold")
    parts = []
    for key, n in sorted(view.clank_area.items()):
        if n:
            if key.isdigit():
                parts.append(Text(f"{view.name(int(key))}:{n}", style=colour(int(key))))
            else:
                parts.append(Text(f"{key}:{n}", style="white"))
    out.append_text(Text(" ").join(parts) if parts else Text("empty", style="dim"))
    draws = view.setup.get("rage_track", {}).get("draws", [])
    draw = draws[view.rage] if 0 <= view.rage < len(draws) else "?"
    out.append("  bag ", style="bold")
    out.append(f"{view.bag_total}")
    out.append("\nrage ", style="bold")
    track = Text()
    for i, n in enumerate(draws):
        track.append(f"{n}", style="bold white on red" if i == view.rage else "red" if i < view.rage else "dim")
        track.append(" ")
    out.append_text(track)
    danger = sum(1 for c in view.row if c and view.ruleset.cards[c].danger)
    out.append(f" → the dragon draws {draw}" + (f" +{danger} danger" if danger else ""), style="red")
    out.append(f"\nround {view.round}, dungeon deck {view.dungeon_deck_size}", style="dim")
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
            name.append(" ⚠", style="red")
        if cdef.danger:
            name.append(" ☠", style="red")
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


def hand_panel(view: Any, seat: int | None, hand: Sequence[tuple[str, str]], keymap: KeyMap | None) -> Text:
    """The seat's hand with each card's letter and text, its pool and play area; a spectator
    sees how many cards each hand holds."""
    out = Text()
    if seat is None:
        for p in view.players:
            n = p.hand if isinstance(p.hand, int) else len(p.hand)
            out.append(f"{view.name(p.seat)}: {n} cards in hand  ", style=colour(p.seat))
        return out
    p = view.player(seat)
    live = keymap.keys if keymap else {}
    for letter, card in hand:
        cdef = view.ruleset.cards.get(card)
        style = "bold cyan" if letter in live else "dim"
        out.append(f"[{letter}] " if letter else "    ", style=style)
        out.append(cdef.name if cdef else card, style="bold" if letter in live else "")
        if cdef and cdef.text:
            out.append(f"  {cdef.text}", style="dim")
        out.append("\n")
    if not hand:
        out.append("(no cards in hand)\n", style="dim")
    pool = {res: p.pool.get(res, 0) for res in TURN_RESOURCES}
    pool.update({k: v for k, v in p.pool.items() if k not in pool})
    out.append("pool ", style="bold")
    out.append(", ".join(render.resource_words(r, n) for r, n in pool.items()), style="cyan")
    if p.teleports:
        out.append(f", {len(p.teleports)} teleport{'s' if len(p.teleports) > 1 else ''}", style="cyan")
    if p.play:
        out.append("\nplayed ", style="bold")
        out.append(", ".join(render.card_name(view, c) for c in p.play), style="dim")
    held = Counter(render.token_name(view, t) for t in p.tokens)
    if held:
        out.append("\nheld ", style="bold")
        out.append(", ".join(f"{n} ×{k}" if k > 1 else n for n, k in held.items()), style="yellow")
    return out


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
    groups (moves, reserve, room, end) with how many choices each holds."""
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
    out.append("   ")
    groups = []
    for key, acts in keymap.keys.items():
        title = keymap.titles.get(key) or GROUP_TITLES.get(key)
        if title:
            t = Text()
            t.append(f"[{key}]", style="bold cyan")
            t.append(f" {title}" + (f" ({len(acts)})" if len(acts) > 1 else ""))
            groups.append(t)
    orient = [a for acts in keymap.keys.values() for a in acts if a.kind in ("orient", "place")]
    if orient:
        out.append("\n")
        for a in orient:
            out.append(f"[{int(a.args[0]) + 1}] ", style="bold cyan")
            out.append(render.action_label(view, a) + "\n")
        out.append("←/→ preview each placement on the map", style="dim")
    out.append("\n")
    out.append_text(Text("  ").join(groups))
    out.append("   hand [a-k]  row [1-6]", style="dim")
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
