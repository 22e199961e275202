"""A balance report on the terminal (rich tables and the verdict lines), fitted to its width, and
as JSON.

A table that is too wide for the terminal is never squashed into cut cells (``Rime… 21.…``): its
intervals first go under their values (two lines a row), then the least needed columns are left
out, in the order of :data:`CARD_DROP_ORDER`, and a line under the table names them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from clank_cli.lab.report import BalanceReport, CardEntry, Estimate, card_figure, card_side, overall_side
from clank_cli.lab.verdicts import interval_text

FIGURE_NAMES = {"mean_score": "mean score (every player)", "escape_rate": "escape rate",
                "knockout_rate": "knock-out rate", "rounds": "game length (rounds)",
                "no_winner_rate": "games without a winner"}
"""How the tables name the overall figures."""
DEFAULT_WIDTH = 80
"""The width a report is fitted to when none is given."""
CARD_DROP_ORDER = ("pick B - A", "pick B", "pick A", "cost", "holders B", "holders A", "win rate B")
"""The card table's columns left out first when the terminal is too narrow (the card, its
holders' win rate, the difference and the band stay)."""


def figure_name(figure: str) -> str:
    """``win_rate:P1`` -> ``P1 win rate``."""
    if ":" in figure:
        what, seat = figure.split(":")
        return f"{seat} {'win rate' if what == 'win_rate' else 'mean score'}"
    return FIGURE_NAMES.get(figure, figure)


Cell = Callable[[bool], Text]
"""A table cell, drawn with its interval on one line or (``True``) under its value."""


def _estimate(est: Estimate | None, unit: str, signed: bool = False) -> Cell:
    """An estimate with its interval; stacked, the interval on a line under the value."""
    def draw(stacked: bool) -> Text:
        if est is None:
            return Text("-")
        text = interval_text(est, unit, signed)
        return Text(text.replace(" [", "\n[", 1) if stacked else text,
                    style="bold" if signed and est.get("significant") else "")
    return draw


def _text(text: str, style: str = "") -> Cell:
    return lambda stacked: Text(text, style=style)


@dataclass(frozen=True)
class Heading:
    """A column of a report table: its title, and whether it holds words (left, never wrapped)
    rather than figures (right)."""

    title: str
    words: bool = False


def _table(title: str, headings: Sequence[Heading], rows: Sequence[Sequence[Cell]], stacked: bool) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    for heading in headings:
        table.add_column(heading.title, justify="left" if heading.words else "right", no_wrap=heading.words)
    for row in rows:
        table.add_row(*(cell(stacked) for cell in row))
    return table


def _width_of(table: Table) -> int:
    """The columns ``table`` takes when nothing in it is wrapped or cut."""
    console = Console(width=10_000)
    return Measurement.get(console, console.options, table).maximum


def fitted(title: str, headings: Sequence[Heading], rows: Sequence[Sequence[Cell]], width: int,
           drop_order: Sequence[str] = ()) -> tuple[Table, list[str]]:
    """The widest form of a table that fits ``width`` columns: intervals on one line, then under
    their values, then without the columns of ``drop_order`` in turn; and the titles of the
    columns left out."""
    for stacked in (False, True):
        table = _table(title, headings, rows, stacked)
        if _width_of(table) <= width:
            return table, []
    left_out: list[str] = []
    keep = list(range(len(headings)))
    for name in drop_order:
        at = next((i for i in keep if headings[i].title == name), None)
        if at is None:
            continue
        keep.remove(at)
        left_out.append(name)
        table = _table(title, [headings[i] for i in keep], [[row[i] for i in keep] for row in rows], True)
        if _width_of(table) <= width:
            break
    return table, left_out


def overall_table(report: BalanceReport, width: int = DEFAULT_WIDTH) -> tuple[Table, list[str]]:
    """Whole-game figures of each setup, and the differences (fitted to ``width``)."""
    sides = list(report["setups"])
    title = (f"{report['games']:,} {'paired ' if len(sides) > 1 else ''}games, seeds "
             f"{report['seed']}-{report['seed'] + report['games'] - 1}, 95% intervals")
    headings = [Heading("figure", words=True), *(Heading(side.upper()) for side in sides)]
    if len(sides) > 1:
        headings.append(Heading("B - A"))
    rows = []
    for entry in report["overall"]:
        cells = [_text(figure_name(entry["figure"]))]
        cells += [_estimate(overall_side(entry, side), entry["unit"]) for side in sides]
        if len(sides) > 1:
            cells.append(_estimate(entry.get("diff"), entry["unit"], signed=True))
        rows.append(cells)
    return fitted(title, headings, rows, width)


def _card_row(card: CardEntry, sides: list[str]) -> list[Cell]:
    cost = ", ".join(f"{v} {k}" for k, v in card["cost"].items() if v) or "-"
    cells = [_text(card["name"]), _text(cost)]
    for side in sides:
        figures = card_side(card, side)
        cells += [_text(str(figures["holders"])), _estimate(figures["holders_win_rate"], "rate")]
    diff = card.get("diff")
    if len(sides) > 1:
        cells.append(_estimate(None if diff is None else card_figure(diff, "holders_win_rate"), "rate", True))
    cells += [_estimate(card_side(card, side)["pick_rate"], "rate") for side in sides]
    if len(sides) > 1:
        cells.append(_estimate(None if diff is None else card_figure(diff, "pick_rate"), "rate", True))
    place = " / ".join(p for p in (card.get("band"), card.get("band_b")) if p) if len(sides) > 1 \
        else card.get("band") or ""
    cells.append(_text(place, "yellow" if "above" in place or "below" in place else ""))
    return cells


def cards_table(report: BalanceReport, width: int = DEFAULT_WIDTH) -> tuple[Table, list[str]]:
    """Each card: its holders' win rate and pick rate per setup (and the differences), the band
    (fitted to ``width``: the columns left out are returned)."""
    sides = list(report["setups"])
    titles = ["card", "cost"]
    for side in sides:
        titles += [f"holders {side.upper()}", f"win rate {side.upper()}"]
    if len(sides) > 1:
        titles.append("win rate B - A")
    titles += [f"pick {side.upper()}" for side in sides]
    if len(sides) > 1:
        titles.append("pick B - A")
    titles.append("band")
    headings = [Heading(t, words=t in ("card", "band")) for t in titles]
    rows = [_card_row(card, sides) for card in sorted(report["cards"], key=lambda c: c["name"])]
    return fitted("cards: holders' win rate and pick rate when offered (95% intervals)", headings, rows, width,
                  CARD_DROP_ORDER)


def verdict_text(report: BalanceReport) -> Text:
    """The verdict lines, significant ones in bold."""
    out = Text()
    for line in report["verdicts"]:
        out.append(line["text"] + "\n", style="bold" if line["significant"] else "")
    return out


def _left_out_note(left_out: list[str], width: int) -> Text:
    return Text(f"(left out to fit {width} columns: {', '.join(left_out)}; a wider terminal, or --json, "
                "shows every column)\n", style="dim")


def render(report: BalanceReport, cards: bool = True, width: int | None = None) -> RenderableType:
    """The whole report for the terminal, fitted to ``width`` columns (default 80)."""
    width = width or DEFAULT_WIDTH
    parts: list[RenderableType] = []
    tables = [overall_table(report, width)] + ([cards_table(report, width)] if cards else [])
    for table, left_out in tables:
        parts.append(table)
        if left_out:
            parts.append(_left_out_note(left_out, width))
    parts.append(verdict_text(report))
    return Group(*parts)


def to_json(report: BalanceReport) -> str:
    """The report as JSON text: sorted keys, the same bytes for the same report."""
    return json.dumps(report, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
