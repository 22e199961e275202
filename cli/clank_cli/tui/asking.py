"""The table's questions to a player, in words: what confirming an action says (what it
costs in health, that it discovers a tile), and why a hot-seat hand-off calls a seat (its
turn, or a decision during another player's turn: a reaction, a choice for a card arriving).

Everything reads one seat's view or the game's public decision; nothing here changes a game.
"""

from __future__ import annotations

import re
from typing import Any

from clank.actions import Action

from clank_cli import render

RULE_IDS = re.compile(r"\s*\([A-Z]{1,2}-?\d[^)]*\)")
"""A rule reference in parentheses (``(P16)``, ``(U2-U4)``), left out of what a player reads."""


def damage_on_the_way(view: Any, seat: int, action: Action) -> int:
    """The damage a move takes on its way (the monsters its Swords do not cover), 0 for other
    actions (:func:`clank.labels.move_cost`)."""
    cost = render.move_cost(view, seat, action)
    if cost is None or not cost.damage:
        return 0
    spent = int(action.args[1]) if len(action.args) > 1 and action.args[1].isdigit() else 0
    return max(0, cost.damage - spent)


def risks(view: Any, seat: int, action: Action) -> list[str]:
    """What cannot be taken back about an action, in words: damage on the way, discovering a
    tile."""
    out = []
    hurt = damage_on_the_way(view, seat, action)
    if hurt:
        out.append(f"You take {hurt} damage on the way.")
    if action.kind == "explore" or (action.kind == "teleport" and len(action.args) > 1
                                    and action.args[1].startswith("open:")):
        out.append("This discovers a new tile.")
    return out


def confirm_question(view: Any, seat: int, action: Action) -> str:
    """What the table asks before an action a group key stands for alone: the action in words,
    then its risks."""
    label = render.action_label(view, action)
    return "\n".join([label[:1].upper() + label[1:] + "?", *risks(view, seat, action)])


def call_reason(game: Any, seat: int) -> str:
    """Why a hand-off calls ``seat`` now, in words every player at the table may read (no card
    of the seat's hand is named): its turn, or what it decides during another player's turn
    (the decision kind's own words: ``"use a card from hand to answer an event during P1's
    turn"``)."""
    decision = game.decision()
    kind = decision.get("kind", "")
    current = game.state.current
    if kind == "main" and current == seat:
        return f"your turn (round {game.state.round})"
    kdef = game.registry.decision_kinds.get(kind)
    what = RULE_IDS.sub("", kdef.doc).strip() if kdef is not None and kdef.doc else "a decision"
    if current == seat:
        return f"your turn: {what}"
    return f"{what}, during {game.name(current)}'s turn"


__all__ = ["call_reason", "confirm_question", "damage_on_the_way", "risks"]
