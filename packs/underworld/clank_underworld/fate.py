"""Fate rooms and the fate deck (RULES.md U11, U12, G47, G56; expansions-design.md §3.6).

Fate cards are tokens of the ``fate`` pool (its order is hidden from every view), held face
down (``hidden: true``: other seats see that a card is held, not which) unless the card is
revealed when kept. A fate draw takes the top cards into the deciding player's pending decision
(which only that player sees), the player keeps one if below the limit (1, 2 with the
Gauntlets of Destiny) and the others go to the bottom in draw order.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, RoomFeatureDef, act

from clank_underworld.common import mine_to_write

POOL = "fate"
KEEP, CROSS, DRAW = "fate_keep", "fate_cross", "fate_draw"


def limit(game, seat: int) -> int:
    """U12, G47: one fate card, two with the Gauntlets of Destiny."""
    return 1 + game.counts_as(seat, "gauntlets")


def held(game, seat: int) -> list[str]:
    """The fate cards a seat holds."""
    toks = game.token_defs
    return [t for t in game.player(seat).tokens if "fate_card" in toks[t].counts_as]


def may_keep(game, seat: int, card: str, room: int = 0) -> bool:
    """Below the limit (``room`` more places made free by a card given up), and the card's
    ``keep_if`` holds (The Hanged Man: only if its damage could be taken)."""
    if len(held(game, seat)) - room >= limit(game, seat):
        return False
    cond = game.token_defs[card].ext["keep_if"]
    return cond is None or cond(game, seat)


def _bottom(game, cards: list[str]) -> None:
    """Put cards on the bottom of the fate deck, the first drawn nearest the top."""
    game.pools.setdefault(POOL, [])[0:0] = list(reversed(cards))


def _step_draw(game, seat: int, data: dict[str, Any]) -> None:
    """A fate draw of ``n`` (``cross``: Fate's Crossroads, even at the limit)."""
    cross = bool(data.get("cross"))
    if not cross and len(held(game, seat)) >= limit(game, seat):
        game.say(f"{game.name(seat)} is at the fate card limit and draws nothing (U11).")
        return
    pool = game.pools.setdefault(POOL, [])
    drawn = [pool.pop() for _ in range(min(int(data.get("n", 3)), len(pool)))]
    if not drawn:
        return
    game.say(f"{game.name(seat)} draws {len(drawn)} fate card(s).")
    if cross:
        game.ask({"kind": CROSS, "seat": seat, "drawn": drawn, "src": data.get("src", ""),
                  "prompt": "keep a fate card, exchange one of yours, or keep none"})
    elif any(may_keep(game, seat, c) for c in drawn):
        game.ask({"kind": KEEP, "seat": seat, "drawn": drawn, "src": data.get("src", ""),
                  "prompt": "keep one fate card (the others go to the bottom)"})
    else:
        _bottom(game, drawn)
        game.say(f"{game.name(seat)} may keep none of them: they go to the bottom.")


def keep(game, seat: int, card: str) -> None:
    """Take a fate card: hidden ones stay face down, revealed ones resolve at once (U12)."""
    tdef = game.token_defs[card]
    game.bump(seat, "fate_cards")
    if tdef.hidden:
        game.say(f"{game.name(seat)} keeps a fate card face down.")
    else:
        game.say(f"{game.name(seat)} keeps {tdef.name} and reveals it.")
    game.take_token(seat, card)


def _keep_legal(game, d: dict[str, Any]) -> list:
    return [act("keep", c) for c in dict.fromkeys(d["drawn"]) if may_keep(game, d["seat"], c)]


def _keep_resolve(game, d: dict[str, Any], action) -> None:
    card = action.args[0]
    rest = list(d["drawn"])
    rest.remove(card)
    _bottom(game, rest)
    keep(game, d["seat"], card)


def _cross_legal(game, d: dict[str, Any]) -> list:
    seat = d["seat"]
    toks = game.token_defs
    out = [act("keep", c) for c in dict.fromkeys(d["drawn"]) if may_keep(game, seat, c)]
    for mine_ in dict.fromkeys(held(game, seat)):
        if toks[mine_].hidden:
            out += [act("swap", mine_, c) for c in dict.fromkeys(d["drawn"]) if may_keep(game, seat, c, room=1)]
    return out + [act("none")]


def _cross_resolve(game, d: dict[str, Any], action) -> None:
    seat = d["seat"]
    rest = list(d["drawn"])
    if action.kind == "none":
        _bottom(game, rest)
        return
    card = action.args[-1]
    rest.remove(card)
    if action.kind == "swap":
        given = action.args[0]
        game.player(seat).tokens.remove(given)
        rest.append(given)
        game.say(f"{game.name(seat)} gives up a fate card.")
    _bottom(game, rest)
    keep(game, seat, card)


# -- the choices in words: each card with its text (U12) ---------------------------------------
def _card_words(view, card: str) -> str:
    tdef = view.token_defs[card]
    return f"{tdef.name} ({tdef.text})" if tdef.text else tdef.name


def keep_label(view, d: dict[str, Any], action) -> str:
    """``keep The Sun (Revealed when kept: ...)``: what keeping a drawn card gives."""
    return f"keep {_card_words(view, action.args[0])}"


def cross_label(view, d: dict[str, Any], action) -> str:
    """Fate's Crossroads' answers: keep a drawn card, give up one of yours for it, or none,
    each drawn card with its text."""
    if action.kind == "none":
        return "keep none: both go to the bottom of the fate deck"
    if action.kind == "swap":
        given, card = action.args
        return f"give up {view.token_defs[given].name} for {_card_words(view, card)}"
    return keep_label(view, d, action)


# -- ops and the fate room -----------------------------------------------------------------------
def op_fate_draw(ctx, args: dict) -> None:
    """Draw N fate cards and keep one (only below the limit; at the limit nothing is drawn)."""
    ctx.game.push_step(DRAW, ctx.seat, {"n": int(args.get("n", 3)), "src": ctx.src})


def op_fate_exchange(ctx, _arg: Any) -> None:
    """Fate's Crossroads: draw 2 even at the limit; keep one, exchange a hidden one, or none."""
    ctx.game.push_step(DRAW, ctx.seat, {"n": 2, "cross": True, "src": ctx.src})


def fate_room_enter(game, seat: int, room: str, _arg: Any) -> None:
    """U11: the first entry into any fate room is a fate draw of 3 (used up even at the limit)."""
    me = mine_to_write(game.player(seat))
    if me.get("fate_room_used"):
        return
    me["fate_room_used"] = True
    game.push_step(DRAW, seat, {"n": 3, "src": room})


def pending_cards(game, tokens: list[str]) -> list[str]:
    """Fate cards drawn and waiting in a pending decision (for the check of a loaded state)."""
    d = game.pending_decision
    if d is not None and d.get("kind") in (KEEP, CROSS):
        return tokens + list(d["drawn"])
    return tokens


def reveal_at_the_end(game, data: dict[str, Any], seat: int | None, owner: int) -> dict[str, Any]:
    """U12: hidden fate cards stay private until the game is over, then every view shows them."""
    if game.over and isinstance(data.get("tokens"), list):
        data = {**data, "tokens": list(game.players[owner].tokens)}
    return data


def _compile_keep_if(value: Any, compiler: Any) -> Any:
    return compiler.condition(value) if value else None


def register_content(registry: Registry) -> None:
    registry.add_content_key("tokens", "keep_if", {"title": "keep if",
                                                   "$ref": "condition.schema.json#/definitions/condition"},
                             compile=_compile_keep_if,
                             doc="A fate card may be kept only while this holds (The Hanged Man).")


def register_ops(registry: Registry) -> None:
    registry.add_op("fate_draw", op_fate_draw,
                    {"type": "object", "additionalProperties": False,
                     "properties": {"n": {"title": "cards", "type": "integer", "minimum": 1,
                                          "description": "Fate cards drawn (default 3)."}}},
                    "Draw N fate cards, keep one if below your fate limit, the rest to the bottom (U11, G47).",
                    {"fate_draw": {"n": 2}})
    registry.add_op("fate_exchange", op_fate_exchange, {"type": "null"},
                    "Draw 2 fate cards even at your limit: keep one, exchange a hidden one you hold, or none "
                    "(Fate's Crossroads).", "fate_exchange")


def register_actions(registry: Registry) -> None:
    registry.add_decision_kind(KEEP, _keep_legal, _keep_resolve, "keep one of the fate cards drawn",
                               label=keep_label)
    registry.add_decision_kind(CROSS, _cross_legal, _cross_resolve,
                               "keep a fate card drawn, exchange a hidden one of yours for it, or none",
                               label=cross_label)
    registry.add_action_forms(KEEP, "keep <token:fate>")
    registry.add_action_forms(CROSS, "keep <token:fate>", "swap <token:fate> <token:fate>", "none")
    registry.add_step(DRAW, _step_draw, "A fate draw: the top fate cards into the player's decision (U11).")


def features() -> list[RoomFeatureDef]:
    return [RoomFeatureDef("fate", "Your first entry into any fate room: draw 3 fate cards, keep 1 (U11).",
                           on_enter=fate_room_enter)]
