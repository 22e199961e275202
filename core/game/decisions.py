"""Pending decisions in the middle of an effect: choose an option, accept a "may", pick cards,
use a reaction. Each is a plain dict in the state; packs add kinds via the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank.actions import Action, act

if TYPE_CHECKING:
    from clank.game.engine import Game


def prompt(game: Game, d: dict[str, Any]) -> str:
    """A sentence saying what the decision is about."""
    src = game.ruleset.cards.get(d.get("src", ""))
    src_name = src.name if src else d.get("src", "")
    kind = d["kind"]
    if kind == "choose":
        return f"{src_name}: choose one of {len(d['labels'])} options"
    if kind == "may":
        return f"{src_name}: do you want to {d['label']}?"
    if kind == "pick":
        return f"{src_name}: {d['purpose']} a card ({d['count']} left)"
    if kind == "react":
        return f"use {game.ruleset.cards[d['card']].name} to {d['label']}?"
    pdef = game.ruleset.registry.decision_kinds.get(kind)
    return d.get("prompt") or (pdef.doc if pdef else kind)


def legal(game: Game, d: dict[str, Any]) -> list[Action]:
    """Legal answers to a pending decision, in a deterministic order."""
    kind = d["kind"]
    if kind == "choose":
        return [act("option", i) for i in range(len(d["labels"]))]
    if kind in ("may", "react"):
        return [Action("yes"), Action("no")]
    if kind == "pick":
        acts = [act("pick", zone, card) for zone, card in pick_candidates(game, d)]
        if d.get("optional") or d.get("picked", 0) >= d.get("min", d["count"]) or not acts:
            acts.append(Action("done"))
        return acts
    return game.ruleset.registry.decision_kinds[kind].legal(game, d)


def resolve(game: Game, d: dict[str, Any], action: Action) -> None:
    """Carry out the answer to a decision (already checked legal)."""
    kind = d["kind"]
    seat = d["seat"]
    if kind == "choose":
        i = int(action.args[0])
        remaining = d.get("remaining", 1) - 1
        if remaining > 0 and len(d["labels"]) > 1:
            labels = d["labels"][:i] + d["labels"][i + 1:]
            bodies = d["bodies"][:i] + d["bodies"][i + 1:]
            game.push_step("ask", seat, "")
            game.state.queue[0][2] = {**d, "labels": labels, "bodies": bodies, "remaining": remaining}
        game.push(tuple(d["bodies"][i]), seat, d.get("src", ""))
    elif kind == "may":
        if action.kind == "yes":
            game.push(tuple(d["body"]), seat, d.get("src", ""))
    elif kind == "pick":
        _resolve_pick(game, d, action)
    elif kind == "react":
        if action.kind == "yes":
            game.push(tuple(d["body"]), seat, d["card"])
            game.state.turn.ext.setdefault("reacted", []).append(d["token"])
    else:
        game.ruleset.registry.decision_kinds[kind].resolve(game, d, action)


def pick_candidates(game: Game, d: dict[str, Any]) -> list[tuple[str, str]]:
    """(zone, card) pairs the player may pick, distinct, in a stable order."""
    p = game.player(d["seat"])
    out: list[tuple[str, str]] = []
    want = d.get("card")
    for zone in d["zones"]:
        seen = set()
        for card in getattr(p, zone):
            if card in seen or (want and card != want):
                continue
            seen.add(card)
            out.append((zone, card))
    return out


def _resolve_pick(game: Game, d: dict[str, Any], action: Action) -> None:
    seat = d["seat"]
    if action.kind == "done":
        if d["purpose"] == "discard" and d.get("picked", 0) >= d["count"] and d.get("then"):
            game.push(tuple(d["then"]), seat, d.get("src", ""))
        return
    zone, card = action.args
    p = game.player(seat)
    purpose = d["purpose"]
    if purpose == "trash":
        game.trash_card(seat, card, zone)
        game.say(f"{game.name(seat)} trashes {game.ruleset.cards[card].name}.")
    elif purpose == "discard":
        getattr(p, zone).remove(card)
        p.discard.append(card)
        game.say(f"{game.name(seat)} discards {game.ruleset.cards[card].name}.")
    elif purpose == "topdeck":
        getattr(p, zone).remove(card)
        p.deck.append(card)
    d = {**d, "count": d["count"] - 1, "picked": d.get("picked", 0) + 1}
    if d["count"] > 0 and pick_candidates(game, d):
        game.ask(d)
    elif purpose == "discard" and d["count"] <= 0 and d.get("then"):
        game.push(tuple(d["then"]), seat, d.get("src", ""))


def ask_pick(game: Game, seat: int, src: str, purpose: str, zones: list[str], count: int, *,
             card: str | None = None, optional: bool = False, minimum: int | None = None,
             then: tuple[int, ...] = ()) -> None:
    """Ask a player to pick ``count`` cards from ``zones`` (trash, discard, topdeck)."""
    d = {"kind": "pick", "seat": seat, "src": src, "purpose": purpose, "zones": list(zones),
         "count": count, "card": card, "optional": optional,
         "min": count if minimum is None else minimum, "picked": 0, "then": list(then)}
    if not pick_candidates(game, d):
        return
    game.ask(d)
