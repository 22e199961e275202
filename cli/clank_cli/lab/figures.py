"""Every figure of a balance run, per setup and as differences B - A, with 95% intervals.

Rows (:meth:`clank_cli.lab.setups.PairPlan.play`) become per-game columns
(:class:`~clank_cli.lab.stats.Columns`), one pair of numerator and denominator per figure:

overall
    ``win_rate:P1`` ... (a seat's share of the wins; tied winners share a win), ``score:P1`` ...
    (a seat's mean score), ``mean_score`` (every player), ``escape_rate``, ``knockout_rate``
    (per player), ``rounds`` (game length), ``no_winner_rate`` (games nobody won);
per card (dungeon and reserve cards)
    ``pick_rate`` (turns the card was taken over turns it was offered: the seat could take it,
    from the row or the reserve, at some decision of its turn), ``holders_win_rate`` (the share
    of the wins of the players who took it during the game), ``held_score`` (their mean score),
    ``holders_per_game``.

:func:`compute` resamples both setups together (paired) once and gives every figure its
interval; a difference is *significant* when its interval leaves out 0. The card *band* of a
setup is Tukey's fences of its cards' holders' win rates (cards with at least
:data:`BAND_MIN_HOLDERS` holders): such a card sits above (below) the band when its whole interval
lies above the upper (below the lower) fence; a card with fewer holders is not judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from clank_cli.lab import stats
from clank_cli.lab.report import Band, Distributions, Estimate
from clank_cli.lab.setups import WIN_UNITS

OVERALL = ("mean_score", "escape_rate", "knockout_rate", "rounds", "no_winner_rate")
"""Whole-game figures besides the per-seat ones."""
CARD_FIGURES = ("holders_win_rate", "pick_rate", "held_score", "holders_per_game")
"""Figures of each card."""
RATES = {"escape_rate", "knockout_rate", "no_winner_rate", "holders_win_rate", "pick_rate"}
"""Figures that are rates (shown in percent, differences in percentage points)."""
BAND_MIN_HOLDERS = 30
"""Cards with fewer holders over the run take no part in the band, and are not judged against it."""
DIGITS = 6
"""Decimals kept in the JSON (the figures are exact to far more; fewer digits read better)."""


@dataclass(frozen=True)
class CardInfo:
    """What the report says of a card: its name, pack, type and printed cost."""

    id: str
    name: str
    pack: str
    type: str
    cost: Mapping[str, int]


def unit_of(figure: str) -> str:
    """``rate`` (shown in percent), ``points`` or ``rounds`` or ``holders``."""
    base = figure.split(":")[-1] if figure.startswith("card:") else figure.split(":")[0]
    if base == "win_rate" or base in RATES:
        return "rate"
    return {"rounds": "rounds", "holders_per_game": "holders"}.get(base, "points")


def card_column(card: str, figure: str) -> str:
    """The column name of a card's figure."""
    return f"card:{card}:{figure}"


def side_columns(rows: Sequence[dict[str, Any]], side: str, players: int, cards: Sequence[str],
                 rename: Mapping[str, str] | None = None) -> stats.Columns:
    """The per-game columns of one setup (``side`` ``a`` or ``b``); ``rename`` maps this side's
    card ids to the ids they are compared under."""
    rename = rename or {}
    names = [f"win_rate:P{s + 1}" for s in range(players)] + [f"score:P{s + 1}" for s in range(players)]
    names += list(OVERALL)
    for card in cards:
        names += [card_column(rename.get(card, card), f) for f in CARD_FIGURES]
    index = {n: i for i, n in enumerate(names)}
    num = np.zeros((len(rows), len(names)))
    den = np.zeros((len(rows), len(names)))
    for g, row in enumerate(rows):
        game = row[side]
        ps = game["players"]
        for s, p in enumerate(ps):
            num[g, s], den[g, s] = p["win"], WIN_UNITS
            num[g, players + s], den[g, players + s] = p["score"], 1
        base = 2 * players
        num[g, base:base + 5] = (sum(p["score"] for p in ps), sum(p["escaped"] for p in ps),
                                 sum(p["knocked_out"] for p in ps), game["rounds"],
                                 int(not any(p["win"] for p in ps)))
        den[g, base:base + 5] = (len(ps), len(ps), len(ps), 1, 1)
        for card, (took, offered, picked) in game["cards"].items():
            at = index.get(card_column(rename.get(card, card), CARD_FIGURES[0]))
            if at is None:
                continue
            holders = sum(took)
            num[g, at:at + 4] = (sum(t * p["win"] for t, p in zip(took, ps, strict=True)), sum(picked),
                                 sum(t * p["score"] for t, p in zip(took, ps, strict=True)), holders)
            den[g, at:at + 4] = (holders * WIN_UNITS, sum(offered), holders, 1)
        for card in cards:     # a game where the card was never taken still counts for holders per game
            at = index[card_column(rename.get(card, card), CARD_FIGURES[0])]
            den[g, at + 3] = 1
    return stats.Columns(names, num, den)


def _estimate(value: float, lo: float, hi: float) -> Estimate | None:
    if np.isnan(value):
        return None
    out: Estimate = {"value": round(float(value), DIGITS)}
    if not (np.isnan(lo) or np.isnan(hi)):
        out["lo"], out["hi"] = round(float(lo), DIGITS), round(float(hi), DIGITS)
    return out


def _difference(value: float, lo: float, hi: float) -> Estimate | None:
    out = _estimate(value, lo, hi)
    if out is not None and "lo" in out:
        out["significant"] = bool(out["lo"] > 0 or out["hi"] < 0)
    return out


@dataclass
class Estimates:
    """Point values and intervals of every column of each side, and of the differences."""

    names: list[str]
    sides: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]     # side -> (value, lo, hi)
    totals: dict[str, np.ndarray]                                     # side -> denominators summed
    diff: tuple[np.ndarray, np.ndarray, np.ndarray] | None

    def side(self, side: str, name: str) -> Estimate | None:
        """One figure of one side as JSON."""
        i = self.names.index(name)
        value, lo, hi = self.sides[side]
        return _estimate(value[i], lo[i], hi[i])

    def difference(self, name: str) -> Estimate | None:
        """One difference B - A as JSON (None without a setup B)."""
        if self.diff is None:
            return None
        i = self.names.index(name)
        value, lo, hi = self.diff
        return _difference(value[i], lo[i], hi[i])

    def total(self, side: str, name: str) -> float:
        """How much data a figure of a side stands on (its denominator summed)."""
        return float(self.totals[side][self.names.index(name)])


def estimate(columns: dict[str, stats.Columns], seed: int, resamples: int) -> Estimates:
    """Intervals for every column ``columns["a"]`` has (and the differences with ``columns["b"]``,
    column by column, when given), from one set of paired resamples."""
    a = columns["a"]
    names = list(a.names)
    sides = {"a": a}
    if "b" in columns:
        names = [n for n in a.names if n in set(columns["b"].names)]
        sides = {"a": a.take(names), "b": columns["b"].take(names)}
    games = sides["a"].num.shape[0]
    draws = stats.resampled(list(sides.values()), games, seed, resamples)
    out: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for (side, cols), values in zip(sides.items(), draws, strict=True):
        out[side] = (cols.point(), *stats.interval(values))
    diff = None
    if "b" in sides:
        diff = (out["b"][0] - out["a"][0], *stats.interval(draws[1] - draws[0]))
    return Estimates(names, out, {s: c.totals() for s, c in sides.items()}, diff)


def band(est: Estimates, side: str, cards: Sequence[str]) -> Band | None:
    """Tukey's fences of the cards' holders' win rates on one side (None with too few cards)."""
    values = [est.side(side, card_column(c, "holders_win_rate")) for c in cards
              if est.total(side, card_column(c, "holders_win_rate")) >= BAND_MIN_HOLDERS * WIN_UNITS]
    points = np.array([v["value"] for v in values if v is not None])
    if points.size < 4:
        return None
    q1, q3 = np.percentile(points, [25, 75])
    spread = 1.5 * (q3 - q1)
    return {"q1": round(float(q1), DIGITS), "q3": round(float(q3), DIGITS),
            "lo": round(float(q1 - spread), DIGITS), "hi": round(float(q3 + spread), DIGITS),
            "cards": int(points.size)}


def band_place(value: Estimate | None, fences: Band | None) -> str | None:
    """``above``, ``below`` or ``within`` the band (None when either is unknown)."""
    if value is None or fences is None or "lo" not in value:
        return None
    if value["lo"] > fences["hi"]:
        return "above"
    if value["hi"] < fences["lo"]:
        return "below"
    return "within"


def distributions(rows: Sequence[dict[str, Any]], side: str) -> Distributions:
    """Final scores (every player) and game lengths, as counts by value."""
    scores = Counter(p["score"] for r in rows for p in r[side]["players"])
    rounds = Counter(r[side]["rounds"] for r in rows)
    return {"scores": {str(k): scores[k] for k in sorted(scores)}, "rounds": {str(k): rounds[k] for k in sorted(rounds)}}
