"""``when``: each action of a scenario found among the legal actions of the moment.

An action is written as its text (the engine's, as a game record writes it, or the label a
player reads, matched without regard to case or spacing) or as ``kind: argument``
(``play: burgle``, ``acquire: rebel-scribe``, ``move: st-a.grotto``, ``answer: keep fate-sun``).
One that matches no legal action is refused with the engine's reason where it gives one and
the legal actions of the moment, nearest first.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from clank.actions import Action, IllegalAction
from clank.game.engine import Game

Labeller = Callable[[Game, Action], str]
"""What a player calls an action; by default :func:`table_label`."""
SHOWN = 8
"""How many legal alternatives a refusal lists."""


def table_label(game: Game, action: Action) -> str:
    """How the deciding seat reads an action at the table: :func:`clank.labels.action_label` of
    its view, the words every front end shows (the default :data:`Labeller`)."""
    from clank.labels import action_label

    return action_label(game.view(game.current_player), action)


class NotLegal(Exception):
    """The action matches no legal action: ``message`` and the alternatives to show."""

    def __init__(self, message: str, alternatives: list[str]) -> None:
        super().__init__(message)
        self.message = message
        self.alternatives = alternatives


def resolve(game: Game, item: Any, label: Labeller | None = None) -> Action:
    """The legal action ``item`` names now; raises :class:`NotLegal`."""
    legal = game.legal_actions()
    if isinstance(item, str):
        return _by_text(game, legal, item, label, labels=True)
    (kind, arg), = item.items()
    if kind in ("do", "answer"):
        return _by_text(game, legal, arg, label, labels=kind == "answer")
    if kind == "play":
        return _pick(game, legal, [a for a in legal if a == Action("play", (arg,))], f"play {arg}", label,
                     reason=_reason(game, f"play {arg}"))
    if kind == "move":
        return _pick(game, legal, _moves_to(game, legal, arg), f"move to {arg}", label)
    kinds = {"acquire": ("buy", "reserve"), "fight": ("fight", "fight-reserve"), "use": ("use", None)}[kind]
    return _pick(game, legal, _on_card(game, legal, kinds, arg), f"{kind} {arg}", label)


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _by_text(game: Game, legal: list[Action], text: str, label: Labeller | None, labels: bool) -> Action:
    wanted = _norm(text)
    for action in legal:
        if _norm(str(action)) == wanted:
            return action
    if labels:
        options = (game.state.decision or {}).get("labels")
        if isinstance(options, list):
            numbers = [i for i, words in enumerate(options) if _norm(str(words)) == wanted]
            if len(numbers) == 1 and Action("option", (str(numbers[0]),)) in legal:
                return Action("option", (str(numbers[0]),))
        if label is not None:
            hits = [a for a in legal if _norm(label(game, a)) == wanted]
            if len(hits) == 1:
                return hits[0]
    raise NotLegal(f"{text!r} is not a legal action now{_reason(game, text)}", _nearest(game, legal, text, label))


def _reason(game: Game, text: str) -> str:
    """The engine's reason for refusing ``text`` (on a copy of the game), when it gives one."""
    try:
        action = Action.parse(text)
    except ValueError:
        return ""
    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return f": {exc.reason}"
    except Exception:   # the copy may break in ways the real game never meets: no reason then
        return ""
    return ""


def _pick(game: Game, legal: list[Action], found: list[Action], what: str, label: Labeller | None,
          reason: str = "") -> Action:
    if found:
        return found[0]
    raise NotLegal(f"no legal action to {what} now{reason}", _nearest(game, legal, what, label))


def _on_card(game: Game, legal: list[Action], kinds: tuple[str, str | None], card: str) -> list[Action]:
    """Legal actions of ``kinds`` (row, reserve) on ``card``, the plain payment first."""
    row, reserve = kinds
    found = [a for a in legal if a.kind == row and a.args[0].isdigit() and _row_card(game, a.args[0]) == card]
    found += [a for a in legal if reserve is not None and a.kind == reserve and a.args[0] == card]
    return sorted(found, key=lambda a: len(a.args))


def _row_card(game: Game, slot: str) -> str | None:
    row = game.state.row
    i = int(slot)
    return row[i] if i < len(row) else None


def _moves_to(game: Game, legal: list[Action], room: str) -> list[Action]:
    """Legal moves that lead to ``room``, the one preventing the least tunnel damage first."""
    here = game.player(game.state.current).room
    if here is None:
        return []
    routes = {r.key: r.to[1] for r in game.geometry.routes_from(here) if r.to[0] == "room"}
    links = {key: dest for key, dest, _ in game.link_routes(here)}
    found = [a for a in legal if a.kind == "move" and (links.get(a.args[0]) or routes.get(a.args[0])) == room]
    return sorted(found, key=lambda a: int(a.args[-1]) if a.args[-1].isdigit() else 0)


def _nearest(game: Game, legal: list[Action], text: str, label: Labeller | None) -> list[str]:
    """The legal actions, nearest to ``text`` first (by their text and their label)."""
    wanted = _norm(text)

    def score(action: Action) -> float:
        words = [str(action)] + ([label(game, action)] if label is not None else [])
        return max(difflib.SequenceMatcher(None, wanted, _norm(w)).ratio() for w in words)

    ranked = sorted(legal, key=lambda a: -score(a))[:SHOWN]
    out = [str(a) + (f"  ({label(game, a)})" if label is not None else "") for a in ranked]
    if len(legal) > SHOWN:
        out.append(f"... and {len(legal) - SHOWN} more")
    return out


__all__ = ["Labeller", "NotLegal", "resolve"]
