"""Final scores as lines by source (E8), eligibility (E7) and the winner with its tie-break (E9).

The score is a fold: every registered scorer contributes lines ``(source, points)`` (the core's
own plugin registers artifacts, gold, token points and card points; packs add theirs), and
the ``score_eligible`` modifiers decide whether a seat scores at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank.game.table import Table


def points_value(game: Table, seat: int, points: Any) -> int:
    """Evaluate a compiled points expression for a seat: an integer; ``{if, then, else}``; or
    ``{per, times, div, max}``: the quantities added up, times ``times``, divided by ``div``
    rounding down, at most ``max``."""
    if isinstance(points, int):
        return points
    if points[0] == "if":
        _, cond, then, other = points
        return then if cond(game, seat) else other
    _, quantities, times, div, cap = points
    qs = game.registry.quantities
    value = times * sum(qs[q].count(game, seat) for q in quantities) // div
    return value if cap is None else min(value, cap)


def eligible(game: Table, seat: int) -> bool:
    """Whether a seat scores (E7): True unless a ``score_eligible`` modifier says otherwise."""
    return bool(game.modify("score_eligible", True, seat=seat))


def score_lines(game: Table, seat: int) -> list[tuple[str, int]]:
    """Every source of points of a seat, before eligibility (E8)."""
    lines: list[tuple[str, int]] = []
    for fn in game.registry.scorers:
        lines.extend(fn(game, seat))
    return lines


def scores(game: Table) -> list[dict[str, Any]]:
    """Per seat: total, lines and eligibility (counted as at game end: tokens'
    ``counts_as_at_end`` kinds apply)."""
    out = []
    game.scoring = True
    try:
        for seat in range(len(game.state.players)):
            lines = score_lines(game, seat)
            ok = eligible(game, seat)
            out.append({"seat": seat, "eligible": ok, "lines": lines,
                        "total": sum(v for _, v in lines) if ok else 0})
    finally:
        game.scoring = False
    return out


def best_artifacts(game: Table, seat: int) -> list[int]:
    """Artifact values held, best first (E9 tie-break)."""
    toks = game.ruleset.tokens
    return sorted((toks[a].value or points_value(game, seat, toks[a].points)
                   for a in game.player(seat).artifacts), reverse=True)


def winners(game: Table) -> list[int]:
    """E9: highest total; ties broken by the packs' tie-break keys, then the best artifact, then
    the next best; else shared. Nobody wins when every score is 0."""
    sc = scores(game)
    top = max(s["total"] for s in sc)
    if top <= 0:
        return []
    tied = [s["seat"] for s in sc if s["total"] == top]
    if len(tied) == 1:
        return tied
    extra = game.registry.tiebreakers
    keys = {s: ([fn(game, s) for fn in extra], best_artifacts(game, s)) for s in tied}
    best = max(keys.values())
    return [s for s in tied if keys[s] == best]


# -- the core's score lines (registered by the core plugin) -----------------------------------
def artifact_points(game: Table, seat: int) -> list[tuple[str, int]]:
    """``artifacts``: the points of every artifact held."""
    toks = game.ruleset.tokens
    return [("artifacts", sum(points_value(game, seat, toks[a].points) for a in game.player(seat).artifacts))]


def gold_points(game: Table, seat: int) -> list[tuple[str, int]]:
    """``gold``: gold held plus the gold value of tokens worth gold (1 point each)."""
    p = game.player(seat)
    toks = game.ruleset.tokens
    return [("gold", p.gold + sum(toks[t].worth_gold for t in p.tokens))]


def token_points(game: Table, seat: int) -> list[tuple[str, int]]:
    """One line per named token kind held that scores points."""
    toks = game.ruleset.tokens
    by_source: dict[str, int] = {}
    for t in game.player(seat).tokens:
        v = points_value(game, seat, toks[t].points)
        if v:
            by_source[toks[t].name] = by_source.get(toks[t].name, 0) + v
    return sorted(by_source.items())


def card_points(game: Table, seat: int) -> list[tuple[str, int]]:
    """``cards``: the points of every card owned (E8.4)."""
    cards = game.ruleset.cards
    return [("cards", sum(points_value(game, seat, cards[c].points) for c in game.owned_cards(seat)))]


CORE_SCORERS = (artifact_points, gold_points, token_points, card_points)
