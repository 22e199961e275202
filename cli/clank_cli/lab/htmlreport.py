"""The balance report as one HTML page: the verdicts, the tables and the plots, inline SVG drawn
with matplotlib (the extra ``lab``). No script, no network, nothing but the page.

The same report gives the same bytes: the SVGs are drawn without a date (``metadata``), with a
fixed ``svg.hashsalt`` for the ids matplotlib makes, and text kept as text (``svg.fonttype
none``: no glyph paths that depend on the fonts installed). Each plot is a ``<figure>`` with an
id, and the artists that carry data have ids of their own (``gid``), which a browser test finds.
"""

from __future__ import annotations

import io
import json
from html import escape
from typing import TYPE_CHECKING, Any

from clank_cli.lab.report import BalanceReport, Estimate, card_figure, card_side, overall_side
from clank_cli.lab.textreport import figure_name
from clank_cli.lab.verdicts import interval_text

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

RC: dict[RcKeyType, Any] = {"svg.hashsalt": "clank-balance", "svg.fonttype": "none", "font.family": "DejaVu Sans",
                           "font.size": 9, "axes.spines.top": False, "axes.spines.right": False}
"""matplotlib settings of every plot (deterministic SVG, text as text)."""
COLOURS = {"a": "#4c72b0", "b": "#dd8452"}
"""Setup A's and setup B's colour."""
STYLE = """body{font-family:DejaVu Sans,Arial,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 20px}td,th{padding:3px 8px;border-bottom:1px solid #ddd;
text-align:right}td:first-child,th:first-child{text-align:left}.sig{font-weight:bold}
figure{margin:12px 0}figcaption{font-size:13px;color:#555}.verdict{margin:2px 0}"""


def _svg(fig: Any) -> str:
    """A figure as inline SVG (the XML declaration and doctype left out)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _side_name(report: BalanceReport, side: str) -> str:
    return f"{side.upper()}: {', '.join(report['setups'][side]['packs'])}"


def distribution_plot(report: BalanceReport, key: str, title: str, xlabel: str) -> str:
    """Scores or game lengths of each setup, as counts by value (bars side by side)."""
    fig = _figure(6.4, 3.2)
    ax = fig.add_subplot()
    sides = list(report["setups"])
    width = 0.8 / len(sides)
    for i, side in enumerate(sides):
        counts = report["distributions"][side]["scores" if key == "scores" else "rounds"]
        xs = [int(k) + (i - (len(sides) - 1) / 2) * width for k in counts]
        bars = ax.bar(xs, list(counts.values()), width=width, color=COLOURS[side], label=_side_name(report, side))
        _tag(bars, f"{key}-{side}")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("players" if key == "scores" else "games")
    ax.legend(frameon=False)
    return _svg(fig)


def seat_plot(report: BalanceReport) -> str:
    """Each seat's win rate per setup, with its interval."""
    fig = _figure(6.4, 3.0)
    ax = fig.add_subplot()
    sides = list(report["setups"])
    seats = [o for o in report["overall"] if o["figure"].startswith("win_rate:")]
    width = 0.8 / len(sides)
    for i, side in enumerate(sides):
        xs = [j + (i - (len(sides) - 1) / 2) * width for j in range(len(seats))]
        ests = [overall_side(o, side) for o in seats]
        values = [100 * (0 if e is None else e["value"]) for e in ests]
        errs = _errors(ests)
        bars = ax.bar(xs, values, width=width, color=COLOURS[side], label=_side_name(report, side),
                      yerr=errs, capsize=3)
        _tag(bars, f"seats-{side}")
    ax.set_xticks(range(len(seats)), [o["figure"].split(":")[1] for o in seats])
    ax.set_ylabel("win rate (%)")
    ax.set_title("Win rate by seat (95% intervals)")
    ax.legend(frameon=False)
    return _svg(fig)


def _tag(bars: Any, prefix: str) -> None:
    """Give each bar an id ``PREFIX-i`` (its SVG group), for readers and tests to find the data."""
    for i, patch in enumerate(bars.patches):
        patch.set_gid(f"{prefix}-{i}")


def _errors(estimates: list[Estimate | None]) -> list[list[float]]:
    """matplotlib's ``yerr``/``xerr``: distances below and above each value, in percent."""
    low, high = [], []
    for est in estimates:
        if est is None or "lo" not in est:
            low.append(0.0)
            high.append(0.0)
        else:
            low.append(100 * max(0.0, est["value"] - est["lo"]))
            high.append(100 * max(0.0, est["hi"] - est["value"]))
    return [low, high]


def card_plot(report: BalanceReport, figure: str, title: str, diff: bool = False) -> str:
    """Per card, one bar per setup with its interval (or the difference B - A with its
    interval), cards of interest named in bold; the band's fences as lines."""
    cards = sorted(report["cards"], key=lambda c: c["name"], reverse=True)
    interest = {q["card"] for q in report["question"]["cards"]}
    fig = _figure(7.0, max(2.5, 0.22 * len(cards) + 1.2))
    ax = fig.add_subplot()
    sides = ["diff"] if diff else list(report["setups"])
    height = 0.8 / len(sides)
    for i, side in enumerate(sides):
        ests = [card_figure(c["diff"] if diff else card_side(c, side), figure) for c in cards]
        ys = [j + (i - (len(sides) - 1) / 2) * height for j in range(len(cards))]
        values = [100 * (0 if e is None else e["value"]) for e in ests]
        colour = "#55a868" if diff else COLOURS[side]
        bars = ax.barh(ys, values, height=height, color=colour, xerr=_errors(ests), capsize=2,
                       label="B - A" if diff else _side_name(report, side))
        _tag(bars, f"cards-{figure}-{side}")
    if diff:
        ax.axvline(0, color="#333", linewidth=0.8)
    else:
        for side in sides:
            fences = report["band"].get(side)
            if fences:
                for edge in (fences["lo"], fences["hi"]):
                    ax.axvline(100 * edge, color=COLOURS[side], linestyle="--", linewidth=0.8)
    ax.set_yticks(range(len(cards)), [c["name"] for c in cards])
    for label, card in zip(ax.get_yticklabels(), cards, strict=True):
        if card["card"] in interest:
            label.set_fontweight("bold")
    ax.set_xlabel(("difference B - A (percentage points)" if diff else "percent") + ", 95% intervals")
    ax.set_title(title)
    ax.legend(frameon=False, loc="lower right")
    return _svg(fig)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(cell if cell.startswith("<td") else f"<td>{escape(cell)}</td>" for cell in row)
                   + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _cell(est: Estimate | None, unit: str, signed: bool = False) -> str:
    if est is None:
        return "-"
    text = escape(interval_text(est, unit, signed))
    return f'<td class="sig">{text}</td>' if signed and est.get("significant") else text


def overall_table(report: BalanceReport) -> str:
    """The whole-game figures as an HTML table."""
    sides = list(report["setups"])
    headers = ["figure", *[s.upper() for s in sides]] + (["B - A"] if len(sides) > 1 else [])
    rows = []
    for o in report["overall"]:
        row = [figure_name(o["figure"]), *[_cell(overall_side(o, s), o["unit"]) for s in sides]]
        if len(sides) > 1:
            row.append(_cell(o.get("diff"), o["unit"], signed=True))
        rows.append(row)
    return _table(headers, rows)


def cards_table(report: BalanceReport) -> str:
    """Every card's figures as an HTML table."""
    sides = list(report["setups"])
    headers = ["card", "pack", "cost"]
    for s in sides:
        headers += [f"holders {s.upper()}", f"holders' win rate {s.upper()}", f"pick rate {s.upper()}",
                    f"score when held {s.upper()}"]
    if len(sides) > 1:
        headers += ["win rate B - A", "pick rate B - A"]
    headers.append("band")
    rows = []
    for c in sorted(report["cards"], key=lambda c: c["name"]):
        row = [c["name"], c["pack"], ", ".join(f"{v} {k}" for k, v in c["cost"].items()) or "-"]
        for s in sides:
            figures = card_side(c, s)
            row += [str(figures["holders"]), _cell(figures["holders_win_rate"], "rate"),
                    _cell(figures["pick_rate"], "rate"), _cell(figures["held_score"], "points")]
        if len(sides) > 1:
            row += [_cell(c["diff"]["holders_win_rate"], "rate", True), _cell(c["diff"]["pick_rate"], "rate", True)]
        row.append(" / ".join(p for p in (c.get("band"), c.get("band_b")) if p))
        rows.append(row)
    return _table(headers, rows)


def html_report(report: BalanceReport) -> str:
    """The whole page."""
    import matplotlib

    sides = list(report["setups"])
    with matplotlib.rc_context(RC):
        plots = [
            ("plot-scores", distribution_plot(report, "scores", "Final scores (every player)", "points"),
             "How the final scores spread, per setup."),
            ("plot-rounds", distribution_plot(report, "rounds", "Game length", "rounds"),
             "How many rounds the games lasted, per setup."),
            ("plot-seats", seat_plot(report), "Each seat's share of the wins; tied winners share a win."),
            ("plot-cards", card_plot(report, "holders_win_rate", "Holders' win rate per card"),
             "The share of the wins of the players who took each card; dashed lines: the band (Tukey's fences)."),
        ]
        if len(sides) > 1:
            plots.append(("plot-card-diffs", card_plot(report, "holders_win_rate",
                                                       "Holders' win rate per card: B - A", diff=True),
                          "Each card's difference between the setups, in percentage points."))
    setups = "".join(f"<li><b>{s.upper()}</b>: packs {escape(', '.join(d['packs']))}; bots "
                     f"{escape(', '.join(d['bots']))}; options {escape(json.dumps(d['options'], sort_keys=True) if d['options'] else 'none')}"
                     f"</li>" for s, d in report["setups"].items())
    verdicts = "".join(f'<p class="verdict{" sig" if v["significant"] else ""}">{escape(v["text"])}</p>'
                       for v in report["verdicts"])
    figures = "".join(f'<figure id="{pid}">{svg}<figcaption>{escape(caption)}</figcaption></figure>'
                      for pid, svg, caption in plots)
    title = f"Balance report: {report['games']:,} {'paired ' if len(sides) > 1 else ''}games"
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1><ul>{setups}</ul>"
            f"<p>Seeds {report['seed']}-{report['seed'] + report['games'] - 1}; 95% intervals from a paired "
            f"bootstrap of the games ({report['resamples']:,} resamples); stopped: {escape(report['stopped'])}.</p>"
            f'<h2>Verdicts</h2><div id="verdicts">{verdicts}</div><h2>Overall</h2>{overall_table(report)}'
            f"<h2>Plots</h2>{figures}<h2>Cards</h2>{cards_table(report)}</body></html>\n")
