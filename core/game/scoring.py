"""Final scores as lines by source (E7, E8) and the winner with its tie-break (E9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank.game.state import KNOCKED_OUT

if TYPE_CHECKING:
    from clank.game.engine import Game


def points_value(game: Game, seat: int, points: Any) -> int:
    """Evaluate a compiled points expression for a seat."""
    if isinstance(points, int):
        return points
    if points[0] == "if":
        _, cond, then, other = points
        return then if cond(game, seat) else other
    _, quantities, times = points
    qs = game.ruleset.registry.quantities
    return times * sum(qs[q].count(game, seat) for q in quantities)


def eligible(game: Game, seat: int) -> bool:
    """E7: no artifact, or knocked out in the Depths, scores 0."""
    p = game.player(seat)
    if not p.artifacts:
        return False
    return not (p.status == KNOCKED_OUT and game.in_depths(p.ko_room))


def score_lines(game: Game, seat: int) -> list[tuple[str, int]]:
    """Every source of points of a seat, before eligibility (E8)."""
    p = game.player(seat)
    toks = game.ruleset.tokens
    cards = game.ruleset.cards
    lines: list[tuple[str, int]] = []
    art = sum(points_value(game, seat, toks[a].points) for a in p.artifacts)
    lines.append(("artifacts", art))
    gold = p.gold + sum(toks[t].worth_gold for t in p.tokens)
    lines.append(("gold", gold))
    by_source: dict[str, int] = {}
    for t in p.tokens:
        v = points_value(game, seat, toks[t].points)
        if v:
            by_source[toks[t].name] = by_source.get(toks[t].name, 0) + v
    lines.extend(sorted(by_source.items()))
    card_vp = sum(points_value(game, seat, cards[c].points) for c in game.owned_cards(seat))
    lines.append(("cards", card_vp))
    for fn in game.ruleset.registry.scorers:
        lines.extend(fn(game, seat))
    return lines


def scores(game: Game) -> list[dict[str, Any]]:
    """Per seat: total, lines and eligibility."""
    out = []
    for seat in range(len(game.state.players)):
        lines = score_lines(game, seat)
        ok = eligible(game, seat)
        out.append({"seat": seat, "eligible": ok, "lines": lines,
                    "total": sum(v for _, v in lines) if ok else 0})
    return out


def best_artifacts(game: Game, seat: int) -> list[int]:
    """Artifact values held, best first (E9 tie-break)."""
    toks = game.ruleset.tokens
    return sorted((toks[a].value or points_value(game, seat, toks[a].points)
                   for a in game.player(seat).artifacts), reverse=True)


def winners(game: Game) -> list[int]:
    """E9: highest total; ties broken by the best artifact, then the next best; else shared.

    Nobody wins when every score is 0 (nobody escaped with an artifact or survived outside the Depths).
    """
    sc = scores(game)
    top = max(s["total"] for s in sc)
    if top <= 0:
        return []
    tied = [s["seat"] for s in sc if s["total"] == top]
    if len(tied) == 1:
        return tied
    extra = game.ruleset.registry.tiebreakers
    keys = {s: ([fn(game, s) for fn in extra], best_artifacts(game, s)) for s in tied}
    best = max(keys.values())
    return [s for s in tied if keys[s] == best]
