"""Pending decisions in the middle of an effect: choose an option, accept a "may", pick cards,
use a reaction. Each is a plain dict in the state (``{"kind", "seat", "src", ...}``); the
deciding seat may be any seat, on any seat's turn. Packs add kinds via the registry
(:meth:`~clank.registry.Registry.add_decision_kind`); the core's own kinds are registered the
same way (see :func:`register`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank.actions import Action, act

if TYPE_CHECKING:
    from clank.game.table import Table
    from clank.registry import Registry

REACT_STEP = "react_offer"


def prompt(game: Table, d: dict[str, Any]) -> str:
    """A sentence saying what the decision is about."""
    pdef = game.registry.decision_kinds.get(d["kind"])
    if pdef is not None and pdef.prompt is not None:
        return pdef.prompt(game, d)
    return d.get("prompt") or (pdef.doc if pdef else d["kind"])


def legal(game: Table, d: dict[str, Any]) -> list[Action]:
    """Legal answers to a pending decision, in a deterministic order."""
    return game.registry.decision_kinds[d["kind"]].legal(game, d)


def resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    """Carry out the answer to a decision (already checked legal)."""
    game.registry.decision_kinds[d["kind"]].resolve(game, d, action)


def _source_name(game: Table, d: dict[str, Any]) -> str:
    src = d.get("src", "")
    card = game.ruleset.cards.get(src)
    if card is not None:
        return card.name
    token = game.ruleset.tokens.get(src)
    if token is not None:
        return token.name
    if "." in src and src.partition(".")[0] in game.ruleset.tiles:       # a room's feature asks
        return game.room_label(src)
    return src


# -- choose one (or n) of several options (C10) ----------------------------------------------
def _choose_prompt(game: Table, d: dict[str, Any]) -> str:
    return f"{_source_name(game, d)}: choose one of {len(d['labels'])} options"


def _choose_legal(game: Table, d: dict[str, Any]) -> list[Action]:
    return [act("option", i) for i in range(len(d["labels"]))]


def _choose_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    seat = d["seat"]
    i = int(action.args[0])
    remaining = d.get("remaining", 1) - 1
    if remaining > 0 and len(d["labels"]) > 1:
        rest: dict[str, Any] = {key: d[key][:i] + d[key][i + 1:] for key in ("labels", "bodies", "numbers") if key in d}
        game.ask_later({**d, **rest, "remaining": remaining})
    game.push(tuple(d["bodies"][i]), seat, d.get("src", ""))


# -- may: yes or no -------------------------------------------------------------------------
def _may_prompt(game: Table, d: dict[str, Any]) -> str:
    return f"{_source_name(game, d)}: do you want to {d['label']}?"


def _yes_no(game: Table, d: dict[str, Any]) -> list[Action]:
    return [Action("yes"), Action("no")]


def _may_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    if action.kind == "yes":
        game.push(tuple(d["body"]), d["seat"], d.get("src", ""))


# -- pick cards: trash, discard, put on top of the deck ------------------------------------
def _pick_prompt(game: Table, d: dict[str, Any]) -> str:
    verb = {"topdeck": "put on top of your deck"}.get(d["purpose"], d["purpose"])
    return f"{_source_name(game, d)}: {verb} a card ({d['count']} left)"


def _pick_legal(game: Table, d: dict[str, Any]) -> list[Action]:
    acts = [act("pick", zone, card) for zone, card in pick_candidates(game, d)]
    if d.get("optional") or d.get("picked", 0) >= d.get("min", d["count"]) or not acts:
        acts.append(Action("done"))
    return acts


def pick_candidates(game: Table, d: dict[str, Any]) -> list[tuple[str, str]]:
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


def _pick_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    seat = d["seat"]
    if action.kind == "done":
        if d["purpose"] == "discard" and d.get("picked", 0) >= d["count"] and d.get("then"):
            game.push(tuple(d["then"]), seat, d.get("src", ""))
        return
    zone, card = action.args
    p = game.player(seat)
    purpose = d["purpose"]
    if purpose == "trash":
        game.trash_card(seat, card, zone)      # logged by the primitive
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


def ask_pick(game: Table, seat: int, src: str, purpose: str, zones: list[str], count: int, *,
             card: str | None = None, optional: bool = False, minimum: int | None = None,
             then: tuple[int, ...] = ()) -> None:
    """Ask a player to pick ``count`` cards from ``zones`` (trash, discard, topdeck); nothing
    is asked when no card qualifies."""
    d = {"kind": "pick", "seat": seat, "src": src, "purpose": purpose, "zones": list(zones),
         "count": count, "card": card, "optional": optional,
         "min": count if minimum is None else minimum, "picked": 0, "then": list(then)}
    if not pick_candidates(game, d):
        return
    game.ask(d)


# -- reactions: a card played from hand to answer an event (White Tourmaline ...) ------------
def reacting_cards(game: Table, seat: int, event: str) -> list[str]:
    """Distinct cards in the seat's hand that react to ``event``, sorted."""
    cards = game.ruleset.cards
    return sorted({c for c in game.player(seat).hand
                   if (react := cards[c].react) is not None and react["on"] == event})


def offer_reactions(game: Table, seat: int, event: str, label: str, **data: Any) -> None:
    """Open a reaction window now: offer ``seat`` each card in hand that reacts to ``event``,
    one after the other, until one is used (declining one offers the next). With
    ``repeat=True`` the window stays open after a use: once the card's reaction has resolved,
    the seat is offered the reacting cards it now holds again (declined ones excepted), so
    several cards, and a card the reaction drew, may answer the same event."""
    if game.is_live(seat) and reacting_cards(game, seat, event):
        game.push_step(REACT_STEP, seat, {"event": event, "label": label, "declined": [], **data})


def _step_react_offer(game: Table, seat: int, data: dict[str, Any]) -> None:
    if not game.is_live(seat):
        return
    left = [c for c in reacting_cards(game, seat, data["event"]) if c not in data["declined"]]
    if not left:
        return
    card = left[0]
    react = game.ruleset.cards[card].react
    assert react is not None           # a reacting card (reacting_cards)
    game.ask({"kind": "react", "seat": seat, "card": card, "src": card,
              "body": list(react["do"]), "window": data,
              "label": data["label"]})


def _react_prompt(game: Table, d: dict[str, Any]) -> str:
    return f"use {game.ruleset.cards[d['card']].name} to {d['label']}?"


def _react_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    if action.kind == "yes":
        if d["window"].get("repeat"):            # the window stays open once this reaction resolved
            game.push_step(REACT_STEP, d["seat"], d["window"])
        game.push(tuple(d["body"]), d["seat"], d["card"])
        game.emit("reacted", seat=d["seat"], card=d["card"], reaction=d["window"]["event"])
    else:
        window = {**d["window"], "declined": [*d["window"]["declined"], d["card"]]}
        game.push_step(REACT_STEP, d["seat"], window)


# -- the ask step: a decision queued behind other tasks --------------------------------------
def _step_ask(game: Table, seat: int, decision: dict[str, Any]) -> None:
    game.ask(decision)


def register(registry: Registry) -> None:
    """Register the core's decision kinds and the steps they use."""
    registry.add_decision_kind("choose", _choose_legal, _choose_resolve, "choose one of several options (C10)",
                               prompt=_choose_prompt)
    registry.add_decision_kind("may", _yes_no, _may_resolve, "accept or decline an optional effect",
                               prompt=_may_prompt)
    registry.add_decision_kind("pick", _pick_legal, _pick_resolve, "pick cards to trash, discard or put on top",
                               prompt=_pick_prompt)
    registry.add_decision_kind("react", _yes_no, _react_resolve, "use a card from hand to answer an event",
                               prompt=_react_prompt)
    registry.add_step("ask", _step_ask, "Pause for a decision queued behind earlier tasks.")
    registry.add_step(REACT_STEP, _step_react_offer, "Offer the next reacting card of a reaction window.")
