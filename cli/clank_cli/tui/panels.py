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
from clank_cli.tui.fit import Fit, Tail
from clank_cli.tui.hand import CardRow, HandView
from clank_cli.tui.keys import ALL_OPTIONS, GROUP_TITLES, ORIENT_KINDS, KeyMap

TURN_RESOURCES = ("skill", "swords", "boots")
NARROW = 50
"""Panels narrower than this (a 100-column terminal's right column) show the short forms."""
DRAGON_MARK = "⚠"
"""The mark of a row card with a dragon icon (an attack when it enters the row)."""
DANGER_MARK = "✸"
"""The mark of a Danger card in the row (the map's ☠ is a haunted tile: no glyph means two things)."""


def colour(seat: int) -> str:
    """The colour of a seat's pawn, name and cubes: the map's colour of that seat, so a
    pawn and its player's line match."""
    return f"bold {seat_colour(seat)}"


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


def players_lines(view: Any, seats: Sequence[Seat] | None, rows: int) -> Text:
    """The compact table's players: ``▶P1* 9hp 3g 2/25 art 7`` a player a row, two a row when
    the panel has fewer rows than players (the map shows where each pawn is)."""
    cells = []
    for p in view.players:
        hp = view.health - len(p.damage)
        cell = Text("▶" if p.seat == view.current else " ")
        cell.append(view.name(p.seat), style=colour(p.seat))
        if seats and seats[p.seat].is_human:
            cell.append("*", style="bold")
        cell.append(f" {hp}hp", style="red" if hp <= 3 else "")
        cell.append(f" {p.gold}g", style="yellow")
        cell.append(f" {view.clank_area.get(str(p.seat), 0)}/{p.cubes}")
        if p.status != "live":
            cell.append(" " + where_words(view, p.seat, True), style="dim")
        elif p.artifacts:
            cell.append(" art " + ",".join(str(view.ruleset.tokens[a].value) for a in p.artifacts), style="yellow")
        cells.append(cell)
    per_row = 1 if len(cells) <= max(1, rows) else 2
    out = Text(no_wrap=True, overflow="ellipsis")
    for i in range(0, len(cells), per_row):
        if i:
            out.append("\n")
        out.append_text(Text("  ").join(cells[i:i + per_row]))
    return out


def dragon_panel(view: Any, rows: int = 4) -> Text:
    """What the dragon will do, from the engine's outlook (:meth:`~clank.game.table.Table.dragon_outlook`):
    the Clank! area (``P1:3 P4:1``); what the next attack draws (the rage track's number plus
    Danger) and, once a player is out, what an out player's turn draws (E4); the bag, with a
    warning when it runs low (an empty bag ends the game, D9); the rage track (with ``rows`` of
    4 or more). Lines never wrap (a narrow panel cuts them with an ellipsis)."""
    outlook = view.dragon_outlook()
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("Clank! ", style="bold")
    parts = []
    for key, n in sorted(view.clank_area.items()):
        if n:
            name = view.name(int(key)) if key.isdigit() else key
            parts.append(Text(f"{name}:{n}", style=colour(int(key)) if key.isdigit() else "white"))
    out.append_text(Text(" ").join(parts) if parts else Text("none in the area", style="dim"))
    draw = min(outlook.attack, outlook.bag)
    out.append("\nattack draws ", style="red")
    out.append(str(draw), style="bold red")
    if draw < outlook.attack:
        out.append(" (all the bag holds)", style="red")
    else:
        out.append(f": rage {outlook.rage_draw}" + (f" + {outlook.danger} danger" if outlook.danger else ""),
                   style="red")
    anyone_out = not view.over and any(p.status != "live" for p in view.players)
    biggest = max(outlook.attack, outlook.out_turn if anyone_out else 0)
    area = outlook.bag - view.bag_total
    bag = Text(f"bag {view.bag_total}" + (f" (+{area} at the draw)" if area else ""), style="bold")
    if outlook.may_empty(biggest):
        bag = Text(f"⚠ bag {outlook.bag}: the next draw may empty it, ending the game (D9)", style="bold red")
    elif outlook.may_empty(2 * biggest):
        bag = Text(f"⚠ bag low ({outlook.bag}): an empty bag ends the game (D9)", style="bold yellow")
    out.append("\n")
    if anyone_out:
        out.append(f"out turns draw {outlook.out_turn} · ", style="red")
    out.append_text(bag)
    if rows >= 4:
        draws = view.setup.get("rage_track", {}).get("draws", [])
        out.append("\nrage ", style="bold")
        for i, n in enumerate(draws):
            out.append(f"{n}", style="bold white on red" if i == view.rage else "red" if i < view.rage else "dim")
            out.append(" ")
    return out


def row_panel(view: Any, keymap: KeyMap | None, texts: bool = True) -> Table:
    """The dungeon row: slot number (the key), card, cost, points and (with ``texts``) its text;
    the slots whose key acts now are bright. A slot lights only while its number stands for a
    row action (not while a question or a tile's turn owns the digits)."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, show_header=False)
    table.add_column("key", no_wrap=True, width=3)
    table.add_column("card", no_wrap=True, overflow="ellipsis", ratio=2 if not texts else None)
    table.add_column("cost", no_wrap=True)
    if texts:
        table.add_column("text", overflow="ellipsis", no_wrap=True, ratio=5)
    keys = keymap.keys if keymap else {}
    for slot, card in enumerate(view.row):
        key = str(slot + 1)
        if card is None:
            table.add_row(Text(f" {key}", style="dim"), Text("(empty until the end of the turn)", style="dim"),
                          *([""] * (2 if texts else 1)))
            continue
        cdef = view.ruleset.cards[card]
        live = any(a.kind not in ORIENT_KINDS for a in keys.get(key, ()))
        style = "bold" if live else "dim"
        name = Text(cdef.name, style=style + (" red" if cdef.type == "monster" else ""))
        if cdef.dragon_attack:
            name.append(f" {DRAGON_MARK}", style="red")
        if cdef.danger:
            name.append(f" {DANGER_MARK}", style="red")
        points = cdef.points if isinstance(cdef.points, int) else "*"
        cells = [Text(f"[{key}]" if live else f" {key}", style="bold cyan" if live else "dim"), name,
                 Text(render.cost_text(cdef.cost) + (f" {points}VP" if points else ""), style="cyan")]
        if texts:
            cells.append(Text(cdef.text, style="" if live else "dim"))
        table.add_row(*cells)
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


def hand_panel(view: Any, seat: int | None, hand: Sequence[tuple[str, str]], keymap: KeyMap | None,
               width: int | None = None, height: int | None = None) -> RenderableType:
    """The seat's hand, one card a row: its key, its name and its text (:mod:`~clank_cli.tui.hand`:
    keys always in sight, names cut before keys, columns when rows are short); then its pool,
    play area and what it holds. A spectator sees how many cards each hand holds. ``keymap``:
    the keys of the main decision (``None`` while a question owns the keys: no card is lit)."""
    del width                          # laid out when drawn, at the panel's width
    if seat is None:
        out = Text()
        for p in view.players:
            n = p.hand if isinstance(p.hand, int) else len(p.hand)
            out.append(f"{view.name(p.seat)}: {n} cards in hand  ", style=colour(p.seat))
        return out
    p = view.player(seat)
    live = keymap.keys if keymap else {}
    tail = []
    pool = {res: p.pool.get(res, 0) for res in TURN_RESOURCES}
    pool.update({k: v for k, v in p.pool.items() if k not in pool})
    line = Text("pool ", style="bold")
    line.append(", ".join(render.resource_words(r, n) for r, n in pool.items()), style="cyan")
    if p.teleports:
        line.append(f", {len(p.teleports)} teleport{'s' if len(p.teleports) > 1 else ''}", style="cyan")
    tail.append(line)
    if p.play:
        tail.append(Text.assemble(("played ", "bold"), (", ".join(render.card_name(view, c) for c in p.play), "dim")))
    held = Counter(render.token_name(view, t) for t in p.tokens)
    if held:
        tail.append(Text.assemble(("held ", "bold"), (", ".join(f"{n} ×{k}" if k > 1 else n for n, k in held.items()),
                                                       "yellow")))
    cards = view.ruleset.cards
    keys = [letter or playing_key(keymap, c) for letter, c in hand]
    rows = [CardRow(key, cards[c].name if c in cards else c, cards[c].text if c in cards else "", key in live)
            for key, (_, c) in zip(keys, hand, strict=True)]
    return HandView(rows, tail, height)


def playing_key(keymap: KeyMap | None, card: str) -> str:
    """The key that plays ``card`` now when it has no letter of its own (a hand with more cards
    than letters: the group key its play is filed under, ``u``); ``""`` when none does."""
    if keymap is None:
        return ""
    return next((key for key, acts in keymap.keys.items()
                 if any(a.kind == "play" and a.args and a.args[0] == card for a in acts)), "")


def log_panel(view: Any, lines: int) -> RenderableType:
    """The newest lines of the log, as many as fit ``lines`` rows once wrapped: the last line
    is always in sight (the whole log is one key away)."""
    out = Text()
    tail = view.log[-max(1, lines):]
    for i, line in enumerate(tail):
        out.append(line, style="" if i >= len(tail) - 3 else "dim")
        if i < len(tail) - 1:
            out.append("\n")
    return Tail(out, lines)


def log_line(view: Any) -> Text:
    """The newest line of the log on one row (the compact table)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("log ", style="bold")
    out.append(view.log[-1] if view.log else "-")
    return out


def actions_panel(view: Any, seat: int | None, keymap: KeyMap | None, answers: bool, status: str,
                  height: int | None = None, hints: bool = True) -> RenderableType:
    """The prompt and the keys open now: the answers of a decision one per line, else the
    groups (moves, reserve, room, end) with how many choices each holds and the ways a
    discovered tile may turn; then (with ``hints``) a line of the other keys. With ``height``,
    options that do not fit are counted on the last row, with the key that lists them all
    (:class:`~clank_cli.tui.fit.Fit`)."""
    head: list[Text] = []
    if status:
        head.append(Text(status, style="bold yellow"))
    if keymap is None or seat is None or not view.deciding:
        return Fit(head, [], [], height)
    head.append(Text(render.prompt_text(view), style="bold"))
    options: list[Text] = []
    if answers:
        for key, acts in keymap.keys.items():
            options.append(Text.assemble((f"[{key}] ", "bold cyan"), render.action_label(view, acts[0])))
        return Fit(head, options, [], height, f"{ALL_OPTIONS}: all")
    groups = Text()
    for key, acts in keymap.keys.items():
        title = keymap.titles.get(key) or GROUP_TITLES.get(key)
        if title:
            groups.append(f"[{key}] ", style="bold cyan")
            groups.append(title + (f" ({len(acts)})" if len(acts) > 1 else "") + "  ")
    if groups.plain:
        head.append(groups)
    foot: list[Text] = []
    for a in (a for acts in keymap.keys.values() for a in acts if a.kind in ORIENT_KINDS):
        options.append(Text.assemble((f"[{int(a.args[0]) + 1}] ", "bold cyan"), render.orientation_words(view, a)))
    if options:
        foot.append(Text("←/→ preview each on the map, enter lays it", style="dim"))
    # why an expected room action is not offered, a row each
    foot += [line for line in render.notes_text(view, seat).split("\n") if line.plain]
    if hints:
        foot.append(Text("hand a-k · row 1-6 · tab map · ? help", style="dim"))
    return Fit(head, options, foot, height, f"{ALL_OPTIONS}: all")


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
