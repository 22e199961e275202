"""What a balance run was asked, and its answers in plain lines.

A :class:`Question` names what differs between the setups: cards changed (``--set``) or matched
by hand (``--card A=B``), cards left out (``--without``), seats whose bot changed. Each gets a
verdict line built from the figures, e.g.::

    Dragon Egg at cost 6: holders' win rate -4.1 pts [-6.0, -2.2] (significant), 20,000 paired games

and one overall line always follows. The intervals of these lines are the ones ``--precision``
watches. Without a setup B (nothing to compare), the lines name the cards outside the band.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from clank_cli.lab.figures import card_column, unit_of
from clank_cli.lab.report import BalanceReport, Estimate, QuestionDoc, VerdictLine


@dataclass(frozen=True)
class CardQuestion:
    """A card compared across the setups: its id in A, its id in B, and how it changed."""

    card: str
    card_b: str
    change: str = ""


@dataclass(frozen=True)
class Question:
    """What differs between setup A and setup B."""

    cards: tuple[CardQuestion, ...] = ()
    without: tuple[str, ...] = ()
    seats: tuple[tuple[int, str, str], ...] = ()     # (seat, bot in A, bot in B)
    watch: tuple[str, ...] = field(default=())       # band mode: cards whose intervals --precision watches

    def as_json(self) -> QuestionDoc:
        """The question as the report's JSON states it."""
        return {"cards": [{"card": c.card, "card_b": c.card_b, "change": c.change} for c in self.cards],
                "without": list(self.without), "seats": [{"seat": s + 1, "a": a, "b": b} for s, a, b in self.seats]}


def describe_change(changes: dict[str, Any]) -> str:
    """``{"cost": 6}`` -> ``at cost 6``; other keys ``with points 2, play [...]``."""
    parts = []
    for key, value in changes.items():
        shown = value if isinstance(value, (int, str)) else json.dumps(value, separators=(", ", ": "))
        parts.append(f"{'at ' if key == 'cost' else ''}{key} {shown}")
    text = ", ".join(parts)
    return text if text.startswith("at ") else f"with {text}" if text else ""


def shown(value: float, unit: str, signed: bool = False) -> str:
    """A figure as the lines write it: rates in percent (points of percent for differences)."""
    scale = 100 if unit == "rate" else 1
    return f"{value * scale:+.1f}" if signed else f"{value * scale:.1f}"


def interval_text(est: Estimate, unit: str, signed: bool) -> str:
    """``-4.1 pts [-6.0, -2.2]`` (a difference) or ``31.2% [29.0, 33.4]`` (a value)."""
    value = shown(est["value"], unit, signed)
    suffix = {"rate": " pts" if signed else "%", "rounds": " rounds"}.get(unit, "")
    if "lo" not in est:
        return f"{value}{suffix}"
    return f"{value}{suffix} [{shown(est['lo'], unit, signed)}, {shown(est['hi'], unit, signed)}]"


def _line(text: str, column: str, est: Estimate | None, games: int) -> VerdictLine:
    """A verdict on one difference: the text, and the interval ``--precision`` judges."""
    if est is None:
        return {"text": f"{text}: no data (never taken in either setup), {games:,} paired games",
                "column": column, "significant": False, "width": None}
    unit = unit_of(column)
    significant = bool(est.get("significant"))
    word = "significant" if significant else "no significant difference"
    width = round(est["hi"] - est["lo"], 6) if "lo" in est else None
    return {"text": f"{text} {interval_text(est, unit, True)} ({word}), {games:,} paired games",
            "column": column, "significant": significant, "value": est["value"],
            "lo": est.get("lo"), "hi": est.get("hi"), "width": width}


def comparison_lines(question: Question, report: BalanceReport, names: dict[str, str]) -> list[VerdictLine]:
    """The verdict lines of a comparison, from the report's figures."""
    games = report["games"]
    cards = {c["card"]: c for c in report["cards"]}
    overall = {o["figure"]: o for o in report["overall"]}
    lines = []
    for q in question.cards:
        label = names.get(q.card, q.card)
        if q.card_b != q.card:
            label = f"{label} (A) against {names.get(q.card_b, q.card_b)} (B)"
        if q.change:
            label = f"{label} {q.change}"
        entry = cards.get(q.card)
        diff = entry["diff"]["holders_win_rate"] if entry is not None and "diff" in entry else None
        lines.append(_line(f"{label}: holders' win rate", card_column(q.card, "holders_win_rate"), diff, games))
    for seat, bot_a, bot_b in question.seats:
        key = f"win_rate:P{seat + 1}"
        lines.append(_line(f"P{seat + 1} as {bot_b} instead of {bot_a}: win rate", key,
                           overall[key]["diff"], games))
    lead = "Overall (B - A)"
    if question.without:
        lead = "Without " + ", ".join(names.get(c, c) for c in question.without)
    lines.append(_line(f"{lead}: mean score", "mean_score", overall["mean_score"]["diff"], games))
    lines.append(_line(f"{lead}: game length", "rounds", overall["rounds"]["diff"], games))
    return lines


def band_lines(report: BalanceReport) -> list[VerdictLine]:
    """Without a setup B: one line per card asked about (``--card``) and per card outside the band
    of setup A (none: one line saying so)."""
    fences = report["band"].get("a")
    asked = {q["card"] for q in report["question"]["cards"]}
    lines: list[VerdictLine] = []
    for card in report["cards"]:
        place = card.get("band")
        if place not in ("above", "below") and card["card"] not in asked:
            continue
        est = card["a"]["holders_win_rate"]
        column = card_column(card["card"], "holders_win_rate")
        if place is None or fences is None or est is None or "lo" not in est:
            lines.append({"text": f"{card['name']}: {card['a']['holders']} holders in {report['games']:,} games, too "
                                  f"few to judge against the band", "column": column, "significant": False,
                          "width": None})
            continue
        band = f"the band [{shown(fences['lo'], 'rate')}, {shown(fences['hi'], 'rate')}]"
        lines.append({"text": f"{card['name']}: holders' win rate {interval_text(est, 'rate', False)}, "
                              f"{place} {band}, {report['games']:,} games",
                      "column": column, "significant": place != "within",
                      "value": est["value"], "lo": est["lo"], "hi": est["hi"], "width": round(est["hi"] - est["lo"], 6)})
    if fences is None:
        lines.append({"text": "too few cards were taken often enough to draw the band", "column": None,
                      "significant": False, "width": None})
    elif not any(line["significant"] for line in lines):
        lines.append({"text": f"every card's holders' win rate is within the band [{shown(fences['lo'], 'rate')}%, "
                              f"{shown(fences['hi'], 'rate')}%], {report['games']:,} games",
                      "column": None, "significant": False, "width": None})
    return lines
