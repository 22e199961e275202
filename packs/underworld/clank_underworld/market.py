"""The Underworld Market Board (RULES.md U13, K7, K8, G41, G44-G49; expansions-design.md §3.8).

It replaces the base board: its top row is the base game's board (the regular items and the
River Lamps, sold in the catacombs' market rooms by the base game's market), its bottom row the
five Underworld items, sold only in Underworld market rooms (``underworld_market``), where
nothing else is sold. Items keep the base game's ``market`` key (price, condition, purchase
effect); the Coupon takes 5 off anywhere, a Darkiron Ingot 3 off at an Underworld market, both
on one purchase if you like. Card effects that give an item (Golden Flute, Ogre Merchant) give
Underworld items while you are in the Underworld (the base game's ``market_board`` modifier).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import MarketDef, Offer, Payment, Registry, RoomFeatureDef, act

from clank_underworld.common import below, boat, holds, in_play, mine_to_write

BOARD = "underworld"               # state.market key of the bottom row
MARKET = "underworld-market"       # the room-bound market selling it
POOL = "underworld_market"


def sale(game, item: str) -> dict[str, Any]:
    return game.token_defs[item].ext["market"] or {"price": 7, "buy": (), "requires": None}


def offered(game, seat: int) -> list[str]:
    """Items of the bottom row the seat may buy now, one per kind (purchase conditions checked)."""
    out: list[str] = []
    for item in game.market.get(BOARD, []):
        if item in out:
            continue
        requires = sale(game, item)["requires"]
        if requires is None or requires(game, seat):
            out.append(item)
    return out


def offers(game, seat: int):
    for item in offered(game, seat):
        price = int(game.modify("market_price", int(sale(game, item)["price"]), item=item, seat=seat))
        yield Offer(act("room", MARKET, item), {"gold": price}, item, "buy", BOARD)


def take(game, seat: int, offer: Offer, payment: Payment) -> None:
    item = offer.item
    game.market[BOARD].remove(item)
    tdef = game.token_defs[item]
    game.say(f"{game.name(seat)} buys {tdef.name} at the Underworld market for {game.spent_text(payment.paid)}.")
    game.take_token(seat, item)
    game.push(sale(game, item)["buy"], seat, item)


# -- ways to pay: the Coupon, the Darkiron Ingot, or both (K7, G41) ----------------------------
def _discounts(game, seat: int) -> list[tuple[str, int]]:
    toks = game.token_defs
    out = []
    for t in sorted(set(game.player(seat).tokens)):
        off = toks[t].ext.get("discount") or toks[t].ext["underworld_discount"]
        if off:
            out.append((t, int(off)))
    return out


def _spend(tokens: tuple[str, ...]):
    def after(game, seat) -> None:
        for t in tokens:
            game.player(seat).tokens.remove(t)
            game.token_box.append(t)
    return after


def discount_payments(game, seat: int, cost: dict[str, int], item: str) -> list[Payment]:
    """One Coupon and one Ingot at most, each alone or both together; floor 0."""
    gold = cost.get("gold", 0)
    if gold <= 0:
        return []
    found = _discounts(game, seat)
    coupons = [(t, n) for t, n in found if game.token_defs[t].ext.get("discount")]
    ingots = [(t, n) for t, n in found if game.token_defs[t].ext["underworld_discount"]]
    ways: list[tuple[tuple[str, ...], int]] = [((t,), n) for t, n in coupons + ingots]
    ways += [((c, i), cn + inn) for c, cn in coupons for i, inn in ingots]
    return [Payment({**cost, "gold": max(0, gold - off)}, "+".join(tokens), _spend(tokens)) for tokens, off in ways]


# -- Golden Flute, Ogre Merchant in the Underworld (K8) ---------------------------------------
def source_board(game, board: str, seat: int) -> str:
    return BOARD if in_play(game) and below(game, seat) else board


# -- the River Boat (G49) ----------------------------------------------------------------------
def trash_pile(game, pile: list[str], seat: int, card: str) -> list[str]:
    """Every card its holder trashes goes under the River Boat (still trashed: U38)."""
    return mine_to_write(game.player(seat)).setdefault("boat", []) if holds(game, seat, "river-boat") else pile


def owned(game, cards: list[str], seat: int) -> list[str]:
    """Cards under a River Boat count as their owner's at scoring (and whenever cards are counted)."""
    under = boat(game, seat)
    return cards + under if under else cards


def boat_cards(game, cards: list[str]) -> list[str]:
    return cards + [c for p in game.players for c in boat(game, p.seat)]


def boat_points(game, seat: int) -> list[tuple[str, int]]:
    under = boat(game, seat)
    return [("River Boat pile", len(under))] if under else []


def stock(game, _event: Any) -> None:
    """Setup: the five Underworld items go onto the bottom row of the board (U30)."""
    if not in_play(game):
        return
    items = game.pools.pop(POOL, [])
    order = ["uw-blood-amulet", "boots-of-the-wind", "gauntlets-of-destiny", "jesters-cap", "river-boat"]
    game.market[BOARD] = sorted(items, key=lambda t: (order.index(t) if t in order else len(order), t))


def features() -> list[RoomFeatureDef]:
    return [RoomFeatureDef("underworld_market", "An Underworld market: buy the Underworld items here, and "
                           "nothing else (U13); a Market room for cards' conditions (Ogre Merchant, K8).",
                           counts_as=("market",))]


def register_content(registry: Registry) -> None:
    registry.add_content_key("tokens", "underworld_discount", {"title": "Underworld discount", "type": "integer",
                                                               "minimum": 0}, default=0,
                             doc="Gold off one purchase at an Underworld market (a Darkiron Ingot, G41).")


def register(registry: Registry) -> None:
    registry.add_market(MarketDef(MARKET, offers, take, "The bottom row of the Underworld Market Board: the "
                                  "Underworld items, 7 gold or undercoins each, only in Underworld market rooms (U13).",
                                  feature="underworld_market"))
    registry.add_payment_option(discount_payments, markets=[MARKET], purposes=["buy"])
    registry.add_action_forms("payment", "coupon", "darkiron-ingot", "coupon+darkiron-ingot")
    registry.add_action_forms("turn", f"room {MARKET} <token> <payment?>")


def register_reactions(registry: Registry) -> None:
    registry.add_modifier("market_board", source_board)
    registry.add_modifier("trash_pile", trash_pile)
    registry.add_modifier("owned_cards", owned)
    registry.add_modifier("cards_elsewhere", boat_cards)
    registry.listen("setup_done", stock)


def register_scoring(registry: Registry) -> None:
    registry.add_scorer(boat_points)
