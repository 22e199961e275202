"""The market (K1-K9): buying items in a market room, remotely (Golden Flute), or free (Ogre Merchant)."""

from __future__ import annotations

from clank.plugin import act

BOARD = "market"


def source_board(game, seat) -> str:
    """K8: the board card effects buy from; other packs may redirect it (``market_board`` modifier)."""
    return game.modify("market_board", BOARD, seat=seat)


def offered(game, seat, board: str = BOARD) -> list[str]:
    """Items the player may buy now, one per kind, crowns top first (K5), conditions checked (K3)."""
    toks = game.ruleset.tokens
    out: list[str] = []
    crown_seen = False
    for item in game.state.market.get(board, []):
        tdef = toks[item]
        if "crown" in tdef.counts_as:
            if crown_seen:
                continue
            crown_seen = True
        if item in out:
            continue
        if tdef.buy_if is not None and not tdef.buy_if(game, seat):
            continue
        out.append(item)
    return out


def price(game, item: str, seat: int | None = None) -> int:
    """K1: the printed price (7), after the ``market_price`` modifiers of loaded packs."""
    market = game.ruleset.tokens[item].market or {}
    return int(game.modify("market_price", int(market.get("price", 7)), item=item, seat=seat))


def coupons(game, seat) -> list[str]:
    """Held tokens that take gold off one purchase (G5, K7)."""
    toks = game.ruleset.tokens
    return sorted({t for t in game.player(seat).tokens if toks[t].data.get("discount")})


def purchase_actions(game, seat, verb: list[str], base_price: int | None = None, board: str = BOARD) -> list:
    """Purchase actions ``verb + [item, coupon?]`` for every affordable item of a board."""
    p = game.player(seat)
    out = []
    for item in offered(game, seat, board):
        cost = price(game, item, seat) if base_price is None else base_price
        if p.gold >= cost:
            out.append(act(*verb, item))
        for c in coupons(game, seat):
            if p.gold >= max(0, cost - game.ruleset.tokens[c].data["discount"]) and cost > 0:
                out.append(act(*verb, item, c))
    return out


def buy(game, seat, item: str, cost: int, coupon: str | None, board: str = BOARD) -> None:
    """Pay (with an optional coupon, K7) and take an item; its purchase effect resolves (K9)."""
    p = game.player(seat)
    if coupon:
        cost = max(0, cost - int(game.ruleset.tokens[coupon].data["discount"]))
        p.tokens.remove(coupon)
        game.state.token_box.append(coupon)
    p.gold -= cost
    game.state.market[board].remove(item)
    tdef = game.ruleset.tokens[item]
    game.say(f"{game.name(seat)} buys a {tdef.name} for {cost} gold.")
    game.take_token(seat, item)
    game.push(tdef.buy, seat, item)


def room_actions(game, seat, room, _arg):
    return purchase_actions(game, seat, ["room", "market"])


def room_apply(game, seat, room, _arg, action):
    item = action.args[1]
    buy(game, seat, item, price(game, item, seat), action.args[2] if len(action.args) > 2 else None)


# -- Golden Flute: one purchase from anywhere at a set price -----------------------------------
def remote_actions(game, seat):
    cost = game.state.turn.ext.get("remote_market")
    if cost is None:
        return []
    return purchase_actions(game, seat, ["remote-buy"], int(cost), source_board(game, seat))


def remote_apply(game, seat, action):
    cost = int(game.state.turn.ext.pop("remote_market"))
    buy(game, seat, action.args[0], cost, action.args[1] if len(action.args) > 1 else None,
        source_board(game, seat))


# -- Ogre Merchant: take an item at a set price ------------------------------------------------
def take_item_legal(game, d):
    return purchase_actions(game, d["seat"], ["item"], int(d["price"]), source_board(game, d["seat"])) \
        + [act("done")]


def take_item_resolve(game, d, action):
    if action.kind == "item":
        buy(game, d["seat"], action.args[0], int(d["price"]), action.args[1] if len(action.args) > 1 else None,
            source_board(game, d["seat"]))
