"""A balance report on the terminal (rich tables and the verdict lines) and as JSON."""

from __future__ import annotations

import json
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from clank_cli.lab.verdicts import interval_text

FIGURE_NAMES = {"mean_score": "mean score (every player)", "escape_rate": "escape rate",
                "knockout_rate": "knock-out rate", "rounds": "game length (rounds)",
                "no_winner_rate": "games without a winner"}
"""How the tables name the overall figures."""


def figure_name(figure: str) -> str:
    """``win_rate:P1`` -> ``P1 win rate``."""
    if ":" in figure:
        what, seat = figure.split(":")
        return f"{seat} {'win rate' if what == 'win_rate' else 'mean score'}"
    return FIGURE_NAMES.get(figure, figure)


def _cell(est: dict[str, Any] | None, unit: str, signed: bool = False) -> Text:
    if est is None:
        return Text("-")
    style = "bold" if signed and est.get("significant") else ""
    return Text(interval_text(est, unit, signed), style=style)


def overall_table(report: dict[str, Any]) -> Table:
    """Whole-game figures of each setup, and the differences."""
    sides = list(report["setups"])
    table = Table(title=f"{report['games']:,} {'paired ' if len(sides) > 1 else ''}games, seeds "
                        f"{report['seed']}-{report['seed'] + report['games'] - 1}, 95% intervals",
                  box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("figure")
    for side in sides:
        table.add_column(side.upper(), justify="right")
    if len(sides) > 1:
        table.add_column("B - A", justify="right")
    for entry in report["overall"]:
        cells = [_cell(entry[side], entry["unit"]) for side in sides]
        if len(sides) > 1:
            cells.append(_cell(entry["diff"], entry["unit"], signed=True))
        table.add_row(figure_name(entry["figure"]), *cells)
    return table


def cards_table(report: dict[str, Any]) -> Table:
    """Each card: its holders' win rate and pick rate per setup (and the differences), the band."""
    sides = list(report["setups"])
    table = Table(title="cards: holders' win rate and pick rate when offered (95% intervals)",
                  box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("card")
    table.add_column("cost", justify="right")
    for side in sides:
        table.add_column(f"holders {side.upper()}", justify="right")
        table.add_column(f"win rate {side.upper()}", justify="right")
    if len(sides) > 1:
        table.add_column("win rate B - A", justify="right")
    for side in sides:
        table.add_column(f"pick {side.upper()}", justify="right")
    if len(sides) > 1:
        table.add_column("pick B - A", justify="right")
    table.add_column("band")
    for card in sorted(report["cards"], key=lambda c: c["name"]):
        cells: list[Any] = [Text(card["name"]), ",".join(f"{v} {k}" for k, v in card["cost"].items()) or "-"]
        for side in sides:
            cells += [str(card[side]["holders"]), _cell(card[side]["holders_win_rate"], "rate")]
        if len(sides) > 1:
            cells.append(_cell(card["diff"]["holders_win_rate"], "rate", signed=True))
        cells += [_cell(card[side]["pick_rate"], "rate") for side in sides]
        if len(sides) > 1:
            cells.append(_cell(card["diff"]["pick_rate"], "rate", signed=True))
        place = " / ".join(p for p in (card.get("band"), card.get("band_b")) if p) if len(sides) > 1 \
            else card.get("band") or ""
        cells.append(Text(place, style="yellow" if "above" in place or "below" in place else ""))
        table.add_row(*cells)
    return table


def verdict_text(report: dict[str, Any]) -> Text:
    """The verdict lines, significant ones in bold."""
    out = Text()
    for line in report["verdicts"]:
        out.append(line["text"] + "\n", style="bold" if line["significant"] else "")
    return out


def render(report: dict[str, Any], cards: bool = True) -> RenderableType:
    """The whole report for the terminal."""
    parts: list[RenderableType] = [overall_table(report)]
    if cards:
        parts.append(cards_table(report))
    parts.append(verdict_text(report))
    return Group(*parts)


def to_json(report: dict[str, Any]) -> str:
    """The report as JSON text: sorted keys, the same bytes for the same report."""
    return json.dumps(report, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
