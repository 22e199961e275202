"""The market (K1-K9): the market board bought from in a market room, from anywhere once
(Golden Flute), or at a set price (Ogre Merchant); Coupons and Grand Theft as ways to pay.

The board is a room-bound market of the core's market machinery: the core pays each offer
(the plain price, or a way to pay this pack registers: the Coupon, Grand Theft's lockpick)
and hands it over with :func:`take`.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Action, MarketDef, Offer, Payment, Registry, act

BOARD = "market"
PACK = "catacombs"
_REMOTE = "remote_market"      # turn ext: the price of one purchase from anywhere (Golden Flute)
THEFT = "lockpick_payment"    # turn flag: Grand Theft's lockpick payment is still unused


def source_board(game, seat) -> str:
    """K8: the board card effects buy from; other packs may redirect it (``market_board`` modifier)."""
    return game.modify("market_board", BOARD, seat=seat)


def sale(game, item: str) -> dict[str, Any]:
    """What an item's ``market`` key says: price, purchase condition, purchase effect."""
    return game.token_defs[item].ext["market"] or {"price": 7, "buy": (), "requires": None}


def _terms(game) -> dict[str, tuple[bool, Any, int]]:
    """Per item: whether it counts as a crown, its purchase condition and its printed price
    (filled as items are met; what a token is and its ``market`` key are content: kept once
    per ruleset)."""
    return game.memo((PACK, "market-terms"), dict)


def _item_terms(game, item: str) -> tuple[bool, Any, int]:
    terms = _terms(game)
    found = terms.get(item)
    if found is None:
        sold = sale(game, item)
        found = terms[item] = ("crown" in game.token_defs[item].counts_as, sold["requires"], int(sold["price"]))
    return found


def offered(game, seat, board: str = BOARD) -> list[str]:
    """Items the player may buy now, one per kind, crowns top first (K5), conditions checked (K3)."""
    items = game.market.get(board, [])
    if not items:
        return []
    kinds = game.memo((PACK, "market-kinds"), dict)
    key = tuple(items)
    found = kinds.get(key)
    if found is None:
        if len(kinds) > 10_000:
            kinds.clear()
        found = kinds[key] = _kinds(game, items)
    out = []
    for item, requires in found:       # a loop, not a comprehension (listed at every decision)
        if requires is None or requires(game, seat):
            out.append(item)
    return out


def _kinds(game, items: list[str]) -> tuple[tuple[str, Any], ...]:
    """A board's items one per kind, in the board's order, and only its first crown (K5), with
    their purchase conditions: what :func:`offered` checks (a board's contents name them)."""
    out: list[tuple[str, Any]] = []
    crown_seen = False
    for item in items:
        crown, requires, _ = _item_terms(game, item)
        if crown:
            if crown_seen:
                continue
            crown_seen = True
        if all(item != kept for kept, _ in out):
            out.append((item, requires))
    return tuple(out)


def price(game, item: str, seat: int | None = None) -> int:
    """K1: the printed price (7), after the ``market_price`` modifiers of loaded packs."""
    printed = _item_terms(game, item)[2]
    if not game.registry.modifiers.get("market_price"):
        return printed
    return int(game.modify("market_price", printed, item=item, seat=seat))


def board_offers(game, seat, verb: list[str], base_price: int | None = None, board: str = BOARD):
    """Offers ``verb + [item]`` for every item of a board the player may buy now (each offer
    made once per ruleset and handed out again: read it, never change it)."""
    made = game.memo((PACK, "market-offers"), dict)
    verb_key = tuple(verb)
    for item in offered(game, seat, board):
        cost = price(game, item, seat) if base_price is None else base_price
        key = (verb_key, item, cost, board)
        offer = made.get(key)
        if offer is None:
            if len(made) > 10_000:
                made.clear()
            offer = made[key] = Offer(act(*verb, item), {"gold": cost}, item, "buy", board)
        yield offer


def take(game, seat, offer: Offer, payment: Payment) -> None:
    """Hand over a paid item; its purchase effect resolves (K9)."""
    hand_over(game, seat, offer.item, offer.data, payment.paid)


def hand_over(game, seat, item: str, board: str, spent: dict[str, int]) -> None:
    """The item leaves ``board`` for the seat, the log saying what was ``spent``; its purchase
    effect resolves (K9)."""
    game.market[board].remove(item)
    tdef = game.token_defs[item]
    game.say(f"{game.name(seat)} buys {game.article(tdef.name)} for {game.spent_text(spent)}.")
    game.take_token(seat, item)
    game.push(sale(game, item)["buy"], seat, item)


# -- the market room (K1, R7) ------------------------------------------------------------------
def room_offers(game, seat):
    return board_offers(game, seat, ["room", "market"])


# -- Golden Flute: one purchase from anywhere at a set price -----------------------------------
def op_remote_market(ctx, args: dict) -> None:
    ctx.game.turn.ext[_REMOTE] = int(args.get("price", 5))


def remote_offers(game, seat):
    cost = game.turn.ext.get(_REMOTE)
    if cost is None:
        return ()
    return board_offers(game, seat, ["remote-buy"], int(cost), source_board(game, seat))


def remote_take(game, seat, offer: Offer, payment: Payment) -> None:
    game.turn.ext.pop(_REMOTE)
    take(game, seat, offer, payment)


# -- Ogre Merchant: take an item at a set price ------------------------------------------------
TAKE_PAID = "take_item_paid"
"""The step that hands over an item taken at a set price once it is paid (``game.pay_then``:
gold and what pays like gold may leave a choice of how to pay, asked first)."""


def op_take_market_item(ctx, args: dict) -> None:
    price_ = int(args.get("price", 0))
    if _item_actions(ctx.game, ctx.seat, price_):
        ctx.ask({"kind": "take_item", "price": price_, "prompt": "take a market item (or done)"})


def _item_actions(game, seat, price_: int) -> dict[Action, Any]:
    handlers: dict[Action, Any] = {}
    board = source_board(game, seat)
    for offer in board_offers(game, seat, ["item"], price_, board):
        for pay in game.payments(seat, offer.cost, BOARD, "buy", offer.item):
            action = offer.action if not pay.tag else Action(offer.action.kind, (*offer.action.args, pay.tag))
            handlers.setdefault(action, (offer, pay))
    return handlers


def take_item_legal(game, d):
    return list(_item_actions(game, d["seat"], int(d["price"]))) + [act("done")]


def take_item_resolve(game, d, action):
    """The chosen item at the set price (or its way to pay, a Coupon): the way to pay is used
    up now, the price is paid (asking how when gold and what pays like gold both could), then
    :data:`TAKE_PAID` hands the item over."""
    if action.kind != "item":
        return
    seat = d["seat"]
    offer, pay = _item_actions(game, seat, int(d["price"]))[action]
    if pay.after is not None:
        pay.after(game, seat)
    game.pay_then(seat, pay.cost, TAKE_PAID, {"item": offer.item, "board": offer.data}, item=offer.item)


def step_take_paid(game, seat: int, data: dict[str, Any]) -> None:
    """:data:`TAKE_PAID`: hand over the item paid for, saying what was spent."""
    hand_over(game, seat, data["item"], data["board"], data["spent"])


# -- ways to pay: the Coupon (G5, K7) and Grand Theft's lockpick ---------------------------------
def coupons(game, seat) -> list[str]:
    """Held tokens that take gold off one purchase (G5, K7)."""
    held = game.player(seat).tokens
    if not held:
        return []
    toks = game.token_defs
    found = set()                      # a loop: asked for every market item listed, seldom any coupon
    for t in held:
        if toks[t].ext["discount"]:
            found.add(t)
    return sorted(found)


def _spend_coupon(token: str):
    def after(game, seat) -> None:
        game.player(seat).tokens.remove(token)
        game.token_box.append(token)
    return after


def _coupon_payments(game, seat: int, cost: dict[str, int], item: str) -> list[Payment]:
    """A market item may be paid with a Coupon: its discount off the gold price (floor 0)."""
    gold = cost.get("gold", 0)
    if gold <= 0:
        return []
    held = coupons(game, seat)
    if not held:
        return []
    toks = game.token_defs
    return [Payment({**cost, "gold": max(0, gold - int(toks[c].ext["discount"]))}, c, _spend_coupon(c))
            for c in held]


def op_lockpick_payment(ctx, _arg) -> None:
    ctx.game.set_flag(THEFT)


def _use_theft(game, seat) -> None:
    game.clear_flag(THEFT)


def _theft_payments(game, seat: int, cost: dict[str, int], item: str) -> list[Payment]:
    """Grand Theft: once this turn, pay 1 lockpick instead of the Skill to acquire or use a row card."""
    alt = {r: n for r, n in cost.items() if r != "skill"}
    alt["lockpicks"] = alt.get("lockpicks", 0) + 1
    return [Payment(alt, "alt", _use_theft)]


# -- registration --------------------------------------------------------------------------
def _compile_sale(value: Any, compiler: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"price": int(value.get("price", 7)), "buy": compiler.effect(value.get("buy")),
            "requires": compiler.condition(value["requires"]) if value.get("requires") else None}


SALE_SCHEMA = {
    "title": "market", "type": "object", "required": ["price"], "additionalProperties": False,
    "properties": {
        "price": {"title": "price", "description": "Price in gold.", "type": "integer", "minimum": 0},
        "requires": {"title": "requires", "description": "The token may be bought only when this holds.",
                     "$ref": "condition.schema.json#/definitions/condition"},
        "buy": {"title": "on buy", "description": "Effect when bought.",
                "$ref": "effect.schema.json#/definitions/effect"},
    },
}


def register_content(registry: Registry) -> None:
    registry.add_content_key("tokens", "market", SALE_SCHEMA, compile=_compile_sale,
                             doc="The token is sold at the market: its price, a purchase condition, a purchase effect.")
    registry.add_content_key("tokens", "discount", {"title": "discount", "type": "integer", "minimum": 0},
                             default=0, doc="Gold off one market purchase (a Coupon, K7).")


def register(registry: Registry) -> None:
    registry.add_flag(THEFT, "Grand Theft's lockpick may pay a Skill cost this turn (K7).")
    registry.add_modifiable("market_price", "The gold price of a market item (K1: 7).", ("item", "seat"))
    registry.add_modifiable("market_board", "The board card effects buy items from (K8: the market).", ("seat",))
    registry.add_market(MarketDef(BOARD, room_offers, take, "The market board: items for 7 gold (K1, R7).",
                                  feature="market"))
    registry.add_market(MarketDef("remote-buy", remote_offers, remote_take,
                                  "One market item from anywhere, at the price an effect set (Golden Flute)."))
    registry.add_payment_option(_theft_payments, markets=["row"], purposes=["buy", "use"], flag=THEFT)
    registry.add_payment_option(_coupon_payments, markets=[BOARD, "remote-buy"], purposes=["buy"])
    registry.add_action_forms("payment", "alt", "coupon")
    registry.add_action_forms("turn", "room market <token> <payment?>", "remote-buy <token> <payment?>")
