"""Text views of a game for the terminal: the dungeon map, the panels a player decides from,
and the final scores. The words (action labels, costs, room and card names) come from
:mod:`clank.labels`, which every front end shares; they are re-exported here.

Everything here reads one seat's :class:`~clank.game.view.SeatView` (never the whole game:
a human sees what their seat may see) and returns rich renderables or strings; nothing prints
and nothing changes the game. What packs put on the map, the players' panels and the boards
comes from their render hooks (:class:`~clank.registry.RenderDef`). Text built from content
(names, card texts) is wrapped in :class:`rich.text.Text`, never parsed as markup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from clank.actions import Action
from clank.labels import (  # noqa: F401  (the CLI's modules and tests use these names from here)
    PORT_PARTS,
    SIDE_NAMES,
    ZONE_WORDS,
    _describe,
    action_label,
    card_name,
    cost_text,
    cost_words,
    feature_text,
    marks,
    move_cost,
    move_destination,
    open_edge_words,
    orientation_words,
    prompt_text,
    resource_words,
    result_words,
    room_features,
    room_name,
    room_notes,
    room_state,
    token_name,
    winner_seat,
)
from clank.mapdraw import draw_map
from clank.plugin import Mark
from clank.plugin import SeatView as Game
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from clank_cli.seats import Seat

STYLES = {"treasure": "yellow", "danger": "red", "muted": "dim", "resource": "cyan"}


def _marks(game: Game, what: str, *args: Any) -> list[Mark]:
    """What the packs' render hooks say (:func:`clank.labels.marks`)."""
    return marks(game, what, *args)


def _style(mark: Mark) -> str:
    if mark.style.startswith("player:"):
        return "bold"
    return STYLES.get(mark.style, "")


# ==========================================================================================
# Names
# ==========================================================================================
def seat_name(game: Game, seat: int, seats: Sequence[Seat] | None = None) -> str:
    """``P2`` or ``P2 (greedy)``; humans are marked ``(you)`` when there is only one."""
    name = game.name(seat)
    if not seats:
        return name
    s = seats[seat]
    if s.is_human:
        return f"{name} (you)" if sum(x.is_human for x in seats) == 1 else f"{name} (human)"
    return f"{name} ({s.bot})"


# ==========================================================================================
# Panels
# ==========================================================================================
class MapPanel:
    """The drawn dungeon (:func:`clank.mapdraw.draw_map`) as a rich renderable: it takes
    the width the console gives it when printed, and at most ``height`` rows."""

    def __init__(self, game: Game, height: int = 60, **options: Any) -> None:
        self.game, self.height, self.options = game, height, options

    def __rich_console__(self, console: Any, options: Any) -> Any:
        regions = list(dict.fromkeys(t.region for t in self.game.tiles))
        yield Text(f"Dungeon: {', '.join(regions) or 'no tiles yet'}", style="bold")
        yield draw_map(self.game, width=options.max_width, height=self.height, **self.options)


def dungeon_map(game: Game, **options: Any) -> RenderableType:
    """The dungeon as this seat sees it: tiles, rooms, tunnels with their icons, pawns, and a
    legend (``options``: ``preview``, ``highlight`` and ``height`` of the drawing)."""
    return MapPanel(game, **options)


def players_view(game: Game, seats: Sequence[Seat] | None = None) -> Group:
    """Every player: where, gold, health, cubes, Clank! in the area, artifacts, cards; then what
    the packs add (lockpicks ...) and tokens."""
    table = Table(title="Players", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False, padding=(0, 1),
                  caption="hp: damage/health; cards: deck/discard/owned", caption_justify="left")
    for col in ("player", "where", "gold", "hp", "cube", "clank", "art", "cards"):
        table.add_column(col, no_wrap=True, overflow="ellipsis")
    tokens = Text()
    for p in game.players:
        marker = "▶" if p.seat == game.current_player else " "
        room = p.room or p.ko_room
        where = room.partition(".")[2] if room else "-"
        if p.status == "escaped":
            where = "escaped"
        elif p.status == "knocked_out":
            where = f"KO {where}"
        deck = p.deck if isinstance(p.deck, int) else len(p.deck)
        hand = p.hand if isinstance(p.hand, int) else len(p.hand)
        table.add_row(
            Text(marker + seat_name(game, p.seat, seats)), Text(where), str(p.gold),
            f"{len(p.damage)}/{game.health}", str(p.cubes), str(game.clank_area.get(str(p.seat), 0)),
            ",".join(str(game.ruleset.tokens[a].value) for a in p.artifacts) or "-",
            f"{deck}/{len(p.discard)}/{deck + hand + len(p.play) + len(p.discard)}")
        extra = [m.text for m in _marks(game, "player", p.seat)]
        held = Counter(token_name(game, t) for t in p.tokens)
        if extra or held:
            tokens.append(f"{game.name(p.seat)}: ", style="bold")
            tokens.append("; ".join([*extra, *(f"{n}×{k}" if k > 1 else n for n, k in sorted(held.items()))]) + "\n")
    tokens.rstrip()
    return Group(table, tokens) if tokens else Group(table)


def hand_panel(game: Game, seat: int) -> RenderableType:
    """A player's hand (with card texts), play area, pool and held teleports."""
    p = game.player(seat)
    table = Table(title=Text(f"{game.name(seat)}: hand"), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("card")
    table.add_column("text", overflow="fold")
    for card, n in Counter(p.hand).items():
        label = card_name(game, card) + (f" ×{n}" if n > 1 else "")
        table.add_row(Text(label), Text(game.ruleset.cards[card].text if card in game.ruleset.cards else ""))
    lines = Text()
    lines.append("play area: ", style="bold")
    lines.append(", ".join(card_name(game, c) for c in p.play) or "-")
    pool = {res: p.pool.get(res, 0) for res in ("skill", "swords", "boots")}
    pool.update({k: v for k, v in p.pool.items() if k not in pool})
    lines.append("\npool: ", style="bold")
    lines.append(", ".join(resource_words(res, n) for res, n in pool.items()))
    lines.append(f"; teleports: {', '.join(t.replace('_', ' ') for t in p.teleports) or 'none'}")
    if seat == game.current and game.turn.flags:
        lines.append(f"; this turn: {', '.join(f.replace('_', ' ') for f in game.turn.flags)}", style="yellow")
    return Group(table, lines)


def row_table(game: Game) -> Table:
    """The dungeon row with slots, costs, points and texts; then reserve and market."""
    table = Table(title="Dungeon row", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("slot", "card", "type", "cost", "VP", "text"):
        table.add_column(col, overflow="fold")
    for slot, card in enumerate(game.row, 1):           # numbered 1-6, as the actions name the slots
        if card is None:
            table.add_row(str(slot), "(empty until end of turn)", "", "", "", "")
            continue
        cdef = game.ruleset.cards[card]
        flags = (" ⚠dragon" if cdef.dragon_attack else "") + (" danger" if cdef.danger else "")
        points = cdef.points if isinstance(cdef.points, int) else "*"
        table.add_row(str(slot), Text(cdef.name + flags), Text(cdef.type), Text(cost_text(cdef.cost)), str(points),
                      Text(cdef.text))
    return table


def supply_text(game: Game) -> Text:
    """Reserve stacks, the packs' boards, the Clank! area, the dragon's bag and rage."""
    cards = game.ruleset.cards
    out = Text()
    out.append("reserve: ", style="bold")
    out.append("; ".join(f"{cards[c].name} ×{n} ({cost_text(cards[c].cost)})" for c, n in game.reserve.items()) or "-")
    for mark in _marks(game, "board"):
        out.append(f"\n{mark.text}", style=_style(mark))
    area = ", ".join(f"{game.name(int(k)) if k.isdigit() else k} {n}" for k, n in sorted(game.clank_area.items()) if n)
    draws = game.setup.get("rage_track", {}).get("draws", [])
    draw = draws[game.rage] if 0 <= game.rage < len(draws) else "?"
    out.append("\nClank! area: ", style="bold")
    out.append(area or "empty")
    out.append("\ndragon bag: ", style="bold")
    out.append(f"{game.bag_total} cubes")
    out.append("\nrage: ", style="bold")
    out.append(f"space {game.rage + 1} of {len(draws)}, the dragon draws {draw} cube(s)")
    out.append(f"; dungeon deck {game.dungeon_deck_size} cards; round {game.round}")
    return out


def log_text(game: Game, lines: int = 10) -> Text:
    """The last lines of the event log."""
    tail = game.log[-lines:]
    out = Text()
    out.append("log:", style="bold")
    for line in tail:
        out.append(f"\n  {line}", style="dim")
    return out


def actions_text(game: Game, actions: Sequence[Action]) -> Text:
    """The numbered list of legal actions with readable labels."""
    out = Text()
    for i, a in enumerate(actions, 1):
        out.append(f"{i:>3}) ", style="bold cyan")
        out.append(action_label(game, a))
        if i < len(actions):
            out.append("\n")
    return out


class OrientationPreviews:
    """One small drawing per way a discovered tile may be laid (the compact map around it,
    the tile turned as that choice says), side by side as the console's width allows, each
    titled with its number in the list of actions and where it leads."""

    PREVIEW_HEIGHT = 13
    MIN_WIDTH = 34

    def __init__(self, game: Game, actions: Sequence[Action]) -> None:
        self.game = game
        self.choices = [(i, a) for i, a in enumerate(actions, 1) if a.kind in ("orient", "place")]

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if not self.choices:
            return
        per_row = max(1, min(len(self.choices), options.max_width // (self.MIN_WIDTH + 2)))
        width = max(self.MIN_WIDTH, options.max_width // per_row - 2)
        grid = Table.grid(padding=(0, 2, 1, 0))
        for _ in range(per_row):
            grid.add_column(width=width)
        cells: list[RenderableType] = []
        for number, action in self.choices:
            title = Text(f"{number}) ", style="bold cyan")
            title.append(orientation_words(self.game, action))
            drawing = draw_map(self.game, width=width, height=self.PREVIEW_HEIGHT, preview=action,
                               detail="compact", legend_rows=0)
            cells.append(Group(title, drawing))
        for i in range(0, len(cells), per_row):
            row = cells[i:i + per_row]
            grid.add_row(*row, *([""] * (per_row - len(row))))
        yield Text(f"Laying {self.game.ruleset.tiles[self.game.moving_tile].name}: each way, drawn",
                   style="bold") if self.game.moving_tile else Text("Each way, drawn", style="bold")
        yield grid


PART_NAMES = {"map": "the map", "players": "the players", "row": "the dungeon row", "supply": "the reserve and boards",
              "hand": "your hand", "log": "the log"}
"""The parts of the line-mode table that may be left out when they did not change, in words."""


def decision_parts(game: Game, seat: int, seats: Sequence[Seat] | None,
                   actions: Sequence[Action]) -> list[tuple[str, RenderableType]]:
    """The parts of :func:`decision_view`, named (``map``, ``players``, ``row``, ``supply``,
    ``hand``, ``log``, then ``decide``: the ways a tile may turn, the prompt, the actions and the
    room notes), so that line mode may print only those that changed."""
    header = Text()
    header.append(f"── {seat_name(game, seat, seats)} to decide", style="bold")
    if game.current != seat:                 # a decision on another seat's turn (a reaction, a choice)
        header.append(f" on {seat_name(game, game.current, seats)}'s turn", style="bold")
    header.append(": ", style="bold")
    header.append(prompt_text(game))
    decide: list[RenderableType] = []
    if any(a.kind in ("orient", "place") for a in actions):
        decide += [OrientationPreviews(game, actions), Text("")]
    decide += [header, actions_text(game, actions), notes_text(game, seat)]
    return [("map", dungeon_map(game)), ("players", players_view(game, seats)), ("row", row_table(game)),
            ("supply", Group(supply_text(game), Text(""))), ("hand", hand_panel(game, seat)),
            ("log", Group(log_text(game), Text(""))), ("decide", Group(*decide))]


def decision_view(game: Game, seat: int, seats: Sequence[Seat] | None, actions: Sequence[Action]) -> Group:
    """Everything a human decides from, top to bottom; while a discovered tile is laid, a
    small drawing of each way it may turn, above the numbered actions."""
    return Group(*(part for _, part in decision_parts(game, seat, seats, actions)))


def notes_text(game: Game, seat: int) -> Text:
    """Why something expected in the seat's room is not offered (:func:`clank.labels.room_notes`),
    a line each, under the actions."""
    out = Text()
    for note in room_notes(game, seat):
        out.append(f"\n  not offered: {note}", style="yellow")
    return out


# ==========================================================================================
# Scores
# ==========================================================================================
def scores_table(game: Game, seats: Sequence[Seat] | None = None) -> Table:
    """Score lines by source (rows) for every seat (columns), eligibility and totals."""
    scores = game.scores()
    sources: list[str] = []
    for s in scores:
        for src, _ in s["lines"]:
            if src not in sources:
                sources.append(src)
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("source")
    for s in scores:
        table.add_column(Text(seat_name(game, s["seat"], seats)), justify="right")
    for src in sources:
        row = [Text(src)]
        for s in scores:
            row.append(Text(str(sum(v for name, v in s["lines"] if name == src))))
        table.add_row(*row)
    table.add_row("status", *(Text(game.player(s["seat"]).status.replace("_", " ")) for s in scores))
    table.add_row("scores?", *("yes" if s["eligible"] else "no" for s in scores))
    table.add_row(Text("total", style="bold"), *(Text(str(s["total"]), style="bold") for s in scores))
    return table


def result_text(game: Game, seats: Sequence[Seat] | None = None) -> Text:
    """The outcome in one line (:func:`clank.labels.result_words`): winner(s), no winner, or an
    aborted game."""
    names = [seat_name(game, p.seat, seats) for p in game.players]
    style = "bold green" if not game.aborted and winner_seat(game) is not None else "yellow"
    return Text(result_words(game, names), style=style)
