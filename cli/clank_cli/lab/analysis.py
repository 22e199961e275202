"""From the rows of a balance run to its report: every figure, the band, the distributions and
the verdict lines, as one JSON-ready mapping (the same rows and arguments give the same mapping,
and so the same bytes of JSON and HTML).

:func:`precise_enough` is ``--precision``'s test at a batch boundary: it computes only the
intervals the verdict lines would judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clank_cli.lab import figures, verdicts
from clank_cli.lab.figures import CARD_FIGURES, OVERALL, CardInfo, Estimates, card_column
from clank_cli.lab.report import BalanceReport, Band, CardDiff, CardEntry, CardFigures, OverallEntry
from clank_cli.lab.setups import PairPlan
from clank_cli.lab.verdicts import Question

FORMAT = "clank-balance/1"
"""The report's format name."""


@dataclass(frozen=True)
class Inputs:
    """What the analysis needs besides the rows: the plan, the question, the cards of each setup
    (as the report names them) and the bootstrap's size."""

    plan: PairPlan
    question: Question
    cards: Mapping[str, Mapping[str, CardInfo]]     # side -> card id -> info
    resamples: int

    @property
    def sides(self) -> list[str]:
        """``a``, and ``b`` with a setup B."""
        return ["a"] if self.plan.b is None else ["a", "b"]

    def rename_b(self) -> dict[str, str]:
        """B's ids of the cards matched by hand, to A's."""
        return {q.card_b: q.card for q in self.question.cards if q.card_b != q.card}

    def columns(self, rows: Sequence[dict[str, Any]], only: Sequence[str] | None = None) -> dict[str, Any]:
        """Each side's per-game columns (``only``: just these cards, by A's ids)."""
        rename = self.rename_b()
        back = {v: k for k, v in rename.items()}
        out = {}
        for side in self.sides:
            cards = sorted(self.cards[side])
            if only is not None:
                wanted = set(only) if side == "a" else {back.get(c, c) for c in only}
                cards = [c for c in cards if c in wanted]
            out[side] = figures.side_columns(rows, side, self.plan.a.players, cards,
                                             rename if side == "b" else None)
        return out


def analyse(rows: Sequence[dict[str, Any]], inputs: Inputs, stopped: str) -> BalanceReport:
    """The whole report of a run (``stopped``: why it ended: ``games``, ``precision`` or
    ``interrupted``)."""
    plan = inputs.plan
    est = figures.estimate(inputs.columns(rows), plan.seed, inputs.resamples)
    sides = inputs.sides
    ids = [c for c in sorted(inputs.cards["a"]) if card_column(c, CARD_FIGURES[0]) in est.names]
    fences = {side: figures.band(est, side, ids) for side in sides}
    report: BalanceReport = {
        "format": FORMAT, "games": len(rows), "seed": plan.seed, "stopped": stopped,
        "resamples": inputs.resamples, "level": 0.95,
        "setups": {side: s.describe() for side, s in zip(sides, plan.setups, strict=True)},
        "question": inputs.question.as_json(),
        "overall": _overall(est, sides, plan.a.players),
        "cards": [_card(est, inputs, card, fences) for card in ids],
        "band": fences,
        "distributions": {side: figures.distributions(rows, side) for side in sides},
        "verdicts": [],
    }
    names = {cid: info.name for side in sides for cid, info in inputs.cards[side].items()}
    report["verdicts"] = (verdicts.comparison_lines(inputs.question, report, names) if plan.b is not None
                          else verdicts.band_lines(report))
    return report


def _overall(est: Estimates, sides: list[str], players: int) -> list[OverallEntry]:
    names = [f"win_rate:P{s + 1}" for s in range(players)] + [f"score:P{s + 1}" for s in range(players)]
    out = []
    for name in [*names, *OVERALL]:
        entry: OverallEntry = {"figure": name, "unit": figures.unit_of(name), "a": est.side("a", name)}
        if "b" in sides:
            entry["b"] = est.side("b", name)
            entry["diff"] = est.difference(name)
        out.append(entry)
    return out


def _card_figures(est: Estimates, side: str, card: str) -> CardFigures:
    """A card's figures on one side, and how many held it and how often it was offered."""
    def figure(name: str) -> Any:
        return est.side(side, card_column(card, name))

    return {"holders_win_rate": figure("holders_win_rate"), "pick_rate": figure("pick_rate"),
            "held_score": figure("held_score"), "holders_per_game": figure("holders_per_game"),
            "holders": int(round(est.total(side, card_column(card, "holders_win_rate")) / figures.WIN_UNITS)),
            "offered": int(est.total(side, card_column(card, "pick_rate")))}


def _card_diff(est: Estimates, card: str) -> CardDiff:
    return {"holders_win_rate": est.difference(card_column(card, "holders_win_rate")),
            "pick_rate": est.difference(card_column(card, "pick_rate")),
            "held_score": est.difference(card_column(card, "held_score")),
            "holders_per_game": est.difference(card_column(card, "holders_per_game"))}


def _band_place(side: CardFigures, fences: Band | None) -> str | None:
    """Where a card sits in the band; a card with few holders is not judged: its interval means little."""
    judged = side["holders"] >= figures.BAND_MIN_HOLDERS
    return figures.band_place(side["holders_win_rate"] if judged else None, fences)


def _card(est: Estimates, inputs: Inputs, card: str, fences: Mapping[str, Band | None]) -> CardEntry:
    info = inputs.cards["a"][card]
    a = _card_figures(est, "a", card)
    entry: CardEntry = {"card": card, "name": info.name, "pack": info.pack, "type": info.type,
                        "cost": dict(info.cost), "a": a, "band": _band_place(a, fences.get("a"))}
    if "b" in inputs.sides:
        b_id = {q.card: q.card_b for q in inputs.question.cards}.get(card, card)
        b = _card_figures(est, "b", card)
        entry["card_b"] = b_id
        entry["cost_b"] = dict(inputs.cards["b"][b_id].cost) if b_id in inputs.cards["b"] else None
        entry["b"] = b
        entry["diff"] = _card_diff(est, card)
        entry["band_b"] = _band_place(b, fences.get("b"))
    return entry


def precise_enough(rows: Sequence[dict[str, Any]], inputs: Inputs, precision: float) -> bool:
    """Whether every interval the verdict lines judge is narrower than ``precision`` (in the
    figure's unit: percentage points for rates, points, rounds)."""
    question = inputs.question
    if inputs.plan.b is None:
        cards = list(question.watch)
        columns = [card_column(c, "holders_win_rate") for c in cards]
    else:
        cards = [q.card for q in question.cards]
        columns = [card_column(c, "holders_win_rate") for c in cards]
        columns += [f"win_rate:P{s + 1}" for s, _, _ in question.seats] + ["mean_score", "rounds"]
    if not columns:
        return False
    cols = {side: c.take([n for n in columns if n in c.names]) for side, c in inputs.columns(rows, cards).items()}
    est = figures.estimate(cols, inputs.plan.seed, inputs.resamples)
    for name in columns:
        if name not in est.names:
            return False
        found = est.difference(name) if inputs.plan.b is not None else est.side("a", name)
        if found is None or "lo" not in found:
            return False
        scale = 100 if figures.unit_of(name) == "rate" else 1
        if (found["hi"] - found["lo"]) * scale >= precision:
            return False
    return True
