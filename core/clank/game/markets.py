"""Markets: every place where something is bought, used or fought for a price (DESIGN §3).

A market (:class:`~clank.registry.MarketDef`) says what it offers a seat now and how a paid
offer is handed over; this module turns each affordable way to pay each offer into a legal
action and pays it. Prices go through the ``market_price`` modifier where a market asks for
it, and every payment through :meth:`~clank.game.table.Table.payments` (the
``payment_options`` modifiers, currencies that pay like another). When a price may be paid in
more than one way from the pool (gold, or a resource a pack says pays like gold), the player is asked which
(the decision :data:`PAY`), since each leaves a different pool; the market's ``take`` is handed
what was spent (``Payment.spent``) so its log line says it. A pack's own purchase outside a
market (an effect that takes an item at a set price) asks the same way through
:func:`pay_then` (``game.pay_then``): the decision waits with the name of a registered step
and its plain data, which runs once the price is paid. The core registers two markets itself,
the dungeon row (A1, A3, A4) and the reserve (A2, A5); packs add boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from clank.actions import Action, act
from clank.game.offers import OfferList
from clank.registry import MarketDef, Offer, Payment

if TYPE_CHECKING:
    from clank.game.ruleset import Ruleset
    from clank.game.table import Table
    from clank.registry import Registry

ROW, RESERVE = "row", "reserve"
ROW_VERBS = ("buy", "use", "fight")
RESERVE_VERBS = ("reserve", "fight-reserve")
PAY = "pay"
"""The decision asking how to pay a price that the pool can pay in several ways (its answers:
``pay 0``, ``pay 1`` ..., the resource asked for first). Its data: ``seat``, ``item`` (what is
paid for, a card or token id, named in the prompt) or ``for`` (the prompt's end in words: "to
move to the Fee Hall"), ``cost`` and ``splits`` (each way, as the resources it spends), and
what follows the payment: ``market`` and ``action`` (a market's offer, handed over), or
``then`` and ``data`` (a pack's step, :func:`pay_then`), or neither (the ``pay`` op: only the
spending)."""


def actions(game: Table, seat: int, market: MarketDef) -> list[Action]:
    """The actions of every affordable way to pay every offer of one market."""
    acts: list[Action] = []
    list_markets(game, seat, ((market, None),), False, acts, [])
    return acts


def buy(game: Table, seat: int, market: MarketDef, action: Action) -> None:
    """Carry out a legal market action: pay its payment (asking how, when the pool can pay it in
    several ways), then the market hands the offer over."""
    offer, pay = scan(game, seat, market, action)
    if game.ruleset.substitutes:
        splits = game.pay_splits(seat, pay.cost)
        if len(splits) > 1:
            game.ask({"kind": PAY, "seat": seat, "market": market.name, "action": str(action),
                      "item": offer.item, "cost": dict(pay.cost), "splits": splits})
            return
    _hand_over(game, seat, market, offer, pay, game.pay(seat, pay.cost))


def _hand_over(game: Table, seat: int, market: MarketDef, offer: Offer, pay: Payment, spent: dict[str, int]) -> None:
    if pay.after is not None:
        pay.after(game, seat)
    market.take(game, seat, offer, pay._replace(spent=spent))


# -- how to pay: the resource asked for, or what pays like it (``pays_as``) ----------------------
def _item_name(game: Table, item: str) -> str:
    for defs in (game.ruleset.cards, game.ruleset.tokens):
        found = defs.get(item)
        if found is not None:
            return found.name
    return item


def _pay_prompt(game: Table, d: dict[str, Any]) -> str:
    purpose = d.get("for") or (f"for {_item_name(game, d['item'])}" if d.get("item") else "")
    return f"how do you pay {game.spent_text(d['cost'])}{' ' + purpose if purpose else ''}?"


def _pay_legal(game: Table, d: dict[str, Any]) -> list[Action]:
    return [act(PAY, i) for i in range(len(d["splits"]))]


def pay_words(game: Any, d: dict[str, Any], action: Action) -> str:
    """An answer in words: what it spends and what it leaves (``"6 gold and 1 undercoin
    (leaves 0 gold, 2 undercoins)"``); ``game`` the game or a seat's view."""
    split = d["splits"][int(action.args[0])]
    pool = game.player(d["seat"]).pool
    left = ", ".join(game.resource_text(res, pool.get(res, 0) - split.get(res, 0))
                     for res in {r: 0 for s in d["splits"] for r in s})
    return f"pay {game.spent_text(split)} (leaves {left})"


def _pay_resolve(game: Table, d: dict[str, Any], action: Action) -> None:
    seat = d["seat"]
    spent = d["splits"][int(action.args[0])]
    if "then" in d:                   # a pack's purchase: its step carries on with what was spent
        game.spend(seat, spent)
        _carry_on(game, seat, d["then"], d["data"], spent)
        return
    if "market" not in d:             # a cost an effect asks for (the ``pay`` op): only the spending
        game.spend(seat, spent)
        say_paid(game, seat, d["cost"], spent)
        return
    market = game.registry.markets[d["market"]]
    offer, pay = scan(game, seat, market, Action.parse(d["action"]))    # nothing changed since it was asked
    game.spend(seat, spent)
    _hand_over(game, seat, market, offer, pay, spent)


def say_paid(game: Table, seat: int, cost: dict[str, int], spent: dict[str, int]) -> None:
    """Log what a cost an effect asked for really spent, when it is not the cost itself (what
    pays like the resource asked for stood in): ``"Ann pays 2 undercoins."``."""
    if {res: n for res, n in spent.items() if n} != {res: n for res, n in cost.items() if n}:
        game.say(f"{game.name(seat)} pays {game.spent_text(spent)}.", seat)


# -- a pack's purchase outside a market: pay, asking how when it matters, then its step ---------
def pay_then(game: Table, seat: int, cost: dict[str, int], step: str, data: dict[str, Any], item: str = "",
             purpose: str = "") -> None:
    """Pay ``cost`` (already checked with :meth:`~clank.game.table.Table.can_pay`), then run the
    registered step ``step`` with ``data`` and ``"spent"`` (what was spent, by resource). When
    several ways to pay leave different pools (:meth:`~clank.game.table.Table.pay_splits`),
    the seat is asked first (:data:`PAY`: "how do you pay 7 gold for <item's name>?", or
    ``purpose`` in place of "for ...") and the step runs once it answers; otherwise it pays at
    once and the step runs now. ``data`` waits in the decision: plain JSON data only."""
    if step not in game.registry.steps:
        raise KeyError(f"pay_then: no step {step!r} is registered (registry.add_step)")
    cost = {res: int(n) for res, n in cost.items()}
    if game.ruleset.substitutes:
        splits = game.pay_splits(seat, cost)
        if len(splits) > 1:
            d = {"kind": PAY, "seat": seat, "item": item, "cost": cost, "splits": splits, "then": step,
                 "data": dict(data)}
            if purpose:
                d["for"] = purpose
            game.ask(d)
            return
    _carry_on(game, seat, step, data, game.pay(seat, cost))


def _carry_on(game: Table, seat: int, step: str, data: dict[str, Any], spent: dict[str, int]) -> None:
    game.registry.steps[step].run(game, seat, {**data, "spent": dict(spent)})


def scan(game: Table, seat: int, market: MarketDef, want: Action | None) -> Any:
    """The offer and payment of the market action ``want`` (``KeyError`` when it is not one
    now), or with ``want`` None every affordable action, as :func:`list_markets` lists them
    (the hot path of legal actions: no object is made for what the seat cannot afford). A
    market no way to pay applies to, whose offers each ask one resource at most (an
    :class:`OfferList` with prices), is read by its prices alone, to list as to apply."""
    if want is None:
        return actions(game, seat, market)
    offers = market.offers(game, seat)
    if not offers:
        return []
    st = game.state
    pool = st.players[seat].pool
    rs = game.ruleset
    flags = st.turn.flags
    # no way to pay applies: none without a flag, and no flag that enables one is set
    wayless = market.name in rs.plain_wayless_markets and (not flags or rs.market_way_flags[market.name].isdisjoint(flags))
    if wayless and type(offers) is OfferList and offers.prices is not None:
        get = pool.get                   # each price one resource at most: compared as they stand
        for offer, (action, res, n) in zip(offers, offers.prices, strict=True):
            if action == want and get(res, 0) >= n:
                return offer, Payment(offer[1])
        raise KeyError(f"{want} is not an action of the {market.name} market now")
    return _scan_ways(game, seat, market, want, offers)


def list_markets(game: Table, seat: int, markets_how: Iterable[tuple[MarketDef, Any]], orienting: bool,
                 acts: list[Action], how: list[Any]) -> None:
    """:func:`scan` of several markets for their actions, appended to ``acts`` and each one's
    applier (``markets_how``: (market, applier) pairs) to ``how``; while ``orienting``, only
    the markets open then (``while_orienting``). What every market's listing reads of the game
    is looked up once: the main decision lists the open markets at every listing."""
    st = game.state
    pool = st.players[seat].pool
    get = pool.get
    rs = game.ruleset
    flags = st.turn.flags
    plain, way_flags = rs.plain_wayless_markets, rs.market_way_flags
    for market, applier in markets_how:
        if orienting and not market.while_orienting:
            continue
        offers = market.offers(game, seat)
        if not offers:
            continue
        name = market.name
        if type(offers) is OfferList and offers.prices is not None and name in plain and (
                not flags or way_flags[name].isdisjoint(flags)):
            for action, res, n in offers.prices:     # scan's short path, to list (a loop: no comprehension's frame)
                if get(res, 0) >= n:
                    acts.append(action)
                    how.append(applier)
            continue
        found = _scan_ways(game, seat, market, None, offers)
        if found:
            acts += found
            how += [applier] * len(found)


def _scan_ways(game: Table, seat: int, market: MarketDef, want: Action | None, offers: Any) -> Any:
    """:func:`scan` of a market's ``offers`` (not empty) the general way: each price through
    :meth:`~clank.game.table.Table.can_pay`, then each way to pay it."""
    st = game.state
    pool = st.players[seat].pool
    rs = game.ruleset
    flags = st.turn.flags
    out: list[Action] = []
    subs = rs.substitutes
    ways_of = (rs.market_ways if flags else rs.market_plain_ways)[market.name]
    for offer in offers:
        action, cost, item, purpose, _ = offer
        for res, n in cost.items():      # can_pay, inlined
            if pool.get(res, 0) < n and n > 0 and (res not in subs or not game.can_pay(seat, {res: n})):
                break
        else:
            if want is None:
                out.append(action)
            elif want == action:
                return offer, Payment(cost)
        ways = ways_of.get(purpose)
        if ways is None:
            ways = ways_of[purpose] = tuple(w for w in rs.payment_ways(market.name, purpose)
                                            if flags or w.flag is None)
        if not ways:
            continue
        for way in ways:                 # the ways usable now: no flag, or their flag is set
            if way.flag is not None and way.flag not in flags:
                continue
            for pay in way.ways(game, seat, cost, item):
                if game.can_pay(seat, pay.cost):
                    tagged = Action(action.kind, (*action.args, pay.tag))
                    if want is None:
                        out.append(tagged)
                    elif want == tagged:
                        return offer, pay
    if want is not None:
        raise KeyError(f"{want} is not an action of the {market.name} market now")
    return out


Price = tuple[Action, str, int]
"""An offer's price when it asks for one resource at most, and none that something else may
pay: ``(the offer's action, the resource, how much)`` (a free offer: ``(action, "", 0)``)."""


def price_of(offer: Offer, substitutes: Mapping[str, Any]) -> Price | None:
    """The :data:`Price` of an offer, or None when its price is not that simple."""
    need = [(res, n) for res, n in offer[1].items() if n > 0]
    if len(need) > 1 or (need and need[0][0] in substitutes):
        return None
    return (offer[0], *need[0]) if need else (offer[0], "", 0)


# -- the dungeon row: acquire (A1), use a device (A3), fight a monster (A4) --------------------
def _row_verb(cdef: Any) -> str:
    return "fight" if cdef.type == "monster" else "use" if cdef.type == "device" else "buy"


def row_offer(ruleset: Any, cdef: Any, slot: int) -> tuple[Offer, bool, Price | None]:
    """A card's offer in a row slot, whether it has a condition (a monster's ``fight_if``, a
    device's ``use_if``) and its :data:`Price`."""
    verb = _row_verb(cdef)
    conditional = (verb == "fight" and cdef.fight_if is not None) or (verb == "use" and cdef.use_if is not None)
    offer = Offer(act(verb, slot), cdef.cost, cdef.id, verb, slot)
    return offer, conditional, price_of(offer, ruleset.substitutes)


def row_offers(game: Table, seat: int) -> list[Offer]:
    """Each card of the row: acquire, use or fight it at its cost; a monster's ``fight_if``
    and a device's ``use_if`` must hold (A3, A4). Made once per row: the game keeps the last
    row's offers with the row they were made for (``row_memo``: a row seldom comes again in
    another game); a row with such conditions keeps one offer list per outcome of its tests,
    which are asked anew each time, in the row's order."""
    row = game.state.row
    memo = game.row_memo
    if memo is not None and memo[0] == row:
        found = memo[1]
    else:
        found = _row_entry(game.ruleset, row)
        game.row_memo = (list(row), found)
    offers, tests, variants = found
    if not tests:
        return offers
    outcome = 0
    for bit, test in tests:
        if test(game, seat):
            outcome |= bit
    kept = variants.get(outcome)
    if kept is None:
        kept = variants[outcome] = _row_variant(offers, tests, outcome)
    return kept


RowEntry = tuple[OfferList, tuple[tuple[int, Any], ...], dict[int, OfferList]]
"""A row's offers as :func:`row_offers` keeps them: every card's offer, the conditions some of
them have (one bit each, in the row's order) and the offer list of each outcome of those."""


def _row_entry(ruleset: Ruleset, row: list[str | None]) -> RowEntry:
    made = ruleset.row_slot_offers
    cards = ruleset.cards
    offers: list[Offer] = []
    prices: list[Price | None] = []
    tests: list[tuple[int, Any]] = []
    for slot, card in enumerate(row):    # one loop: a row changes a few times a turn
        if card is not None:
            entry = made.get((card, slot))
            if entry is None:
                entry = made[(card, slot)] = row_offer(ruleset, ruleset.cards[card], slot)
            offer, conditional, price = entry
            if conditional:
                tests.append((1 << len(offers), _row_test(cards[offer.item], offer.purpose)))
            offers.append(offer)
            prices.append(price)
    return OfferList(offers, None if None in prices else prices), tuple(tests), {}


def _row_test(cdef: Any, purpose: str) -> Any:
    """The condition a row offer of a card must meet: ``fight_if`` to fight it, ``use_if`` to use it."""
    return cdef.fight_if if purpose == "fight" else cdef.use_if


def _row_variant(offers: OfferList, tests: tuple[tuple[int, Any], ...], outcome: int) -> OfferList:
    """The offers of a row whose conditions came out as ``outcome`` (a bit per test, set when it held)."""
    failed = 0
    for bit, _ in tests:
        failed |= bit
    failed &= ~outcome
    prices = offers.prices
    kept, kept_prices = [], []
    for i, offer in enumerate(offers):   # one loop: a row's outcome is new a few times a turn
        if not failed & (1 << i):
            kept.append(offer)
            if prices is not None:
                kept_prices.append(prices[i])
    return OfferList(kept, None if prices is None else kept_prices)


def row_take(game: Table, seat: int, offer: Offer, _pay: Payment) -> None:
    """The paid row card leaves its slot, which stays empty until the end of turn (A19)."""
    st = game.state
    card, cdef = offer.item, game.ruleset.cards[offer.item]
    st.row[offer.data] = None
    if offer.purpose == "buy":
        game.say(f"{game.name(seat)} acquires {cdef.name}.", seat)
        game.gain_card(seat, card)
    elif offer.purpose == "use":
        game.say(f"{game.name(seat)} uses {cdef.name}.", seat)
        st.dungeon_discard.append(card)
        game.emit("card_used", seat=seat, card=card)
        game.push(cdef.effects.get("use", ()), seat, card)
    else:
        game.say(f"{game.name(seat)} defeats {cdef.name}.", seat)
        st.dungeon_discard.append(card)
        game.bump(seat, "monsters_defeated")
        game.emit("monster_defeated", seat=seat, card=card, where=ROW)
        game.push(cdef.effects.get("defeat", ()), seat, card)


def row_explain(game: Table, seat: int, action: Action) -> str | None:
    """Why a row action is refused."""
    if action.kind not in ROW_VERBS:
        return None
    try:
        card = game.state.row[int(action.args[0])]
    except (IndexError, ValueError):
        return "no such dungeon row slot"
    if card is None:
        return "that row slot is empty until the end of turn (A19)"
    return _price_text(game, seat, card)


# -- the reserve: acquire the top card of a stack (A2), fight the Goblin (A5) ------------------
def reserve_offers(game: Table, seat: int) -> list[Offer]:
    """Each non-empty reserve stack; a reserve monster is fought and stays (A5, INV-11). While
    no stack has a condition (``fight_if``), the list depends on the stacks' counts alone: the
    game keeps the last one with the counts it was made for (read it, never change it)."""
    reserve = game.state.reserve
    key = tuple(reserve.items())
    memo = game.reserve_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    offers = reserve_stacks(game.ruleset)
    listed, prices = [], []
    conditional = False
    for card, left in key:               # one loop: the reserve's counts change a few times a turn
        if left > 0:
            offer, fight_if, price = offers[card]
            listed.append(offer)
            prices.append(price)
            conditional = conditional or fight_if is not None
    if not conditional:
        out = OfferList(listed, None if None in prices else prices)
        game.reserve_memo = (key, out)
        return out
    return [offer for offer, fight_if, _ in (offers[card] for card, left in key if left > 0)
            if fight_if is None or fight_if(game, seat)]


RESERVE_STACKS = ("markets", "reserve stacks")
"""The key of :func:`reserve_stacks` in the ruleset's cache."""


def reserve_stacks(ruleset: Ruleset) -> dict[str, tuple[Offer, Any, Price | None]]:
    """Every card's reserve offer (:func:`reserve_offer`) by card id, made once per ruleset and
    kept in its cache."""
    found = ruleset.cache.get(RESERVE_STACKS)
    if found is None:
        found = ruleset.cache[RESERVE_STACKS] = {
            cid: reserve_offer(c, ruleset.substitutes) for cid, c in ruleset.cards.items()}
    return found


def reserve_offer(cdef: Any, substitutes: Mapping[str, Any]) -> tuple[Offer, Any, Price | None]:
    """A reserve card's offer (a reserve monster is fought), with the card's ``fight_if`` and
    the offer's :data:`Price`."""
    monster = cdef.type == "monster"
    offer = Offer(act("fight-reserve" if monster else "reserve", cdef.id), cdef.cost, cdef.id,
                  "fight" if monster else "buy")
    return offer, cdef.fight_if, price_of(offer, substitutes)


def reserve_take(game: Table, seat: int, offer: Offer, _pay: Payment) -> None:
    """A reserve monster is defeated and stays; a reserve card leaves its stack."""
    card, cdef = offer.item, game.ruleset.cards[offer.item]
    if offer.purpose == "fight":
        game.say(f"{game.name(seat)} defeats the {cdef.name}.", seat)
        game.emit("monster_defeated", seat=seat, card=card, where=RESERVE)
        game.push(cdef.effects.get("defeat", ()), seat, card)
        return
    game.state.reserve[card] -= 1
    game.say(f"{game.name(seat)} acquires {cdef.name}.", seat)
    game.gain_card(seat, card)


def reserve_explain(game: Table, seat: int, action: Action) -> str | None:
    """Why a reserve action is refused."""
    if action.kind not in RESERVE_VERBS:
        return None
    card = action.args[0] if action.args else ""
    if card not in game.state.reserve:
        return f"{card!r} is not in the reserve"
    if game.state.reserve[card] <= 0:
        return f"the {card} stack is empty (A2)"
    return _price_text(game, seat, card)


def _price_text(game: Table, seat: int, card: str) -> str:
    cdef = game.ruleset.cards[card]
    if cdef.fight_if is not None and not cdef.fight_if(game, seat):
        return f"{cdef.name} cannot be fought here (A4)"
    if cdef.use_if is not None and not cdef.use_if(game, seat):
        return f"{cdef.name} cannot be used here (A3)"
    need = ", ".join(f"{n} {r}" for r, n in cdef.cost.items())
    have = ", ".join(f"{n} {r}" for r, n in sorted(game.player(seat).pool.items()) if n)
    return f"{cdef.name} costs {need}; you have {have or 'nothing'}"


def register(registry: Registry) -> None:
    """Register the core's two markets, the dungeon row and the reserve, and the decision of
    how to pay a price the pool can pay in several ways."""
    registry.add_decision_kind(PAY, _pay_legal, _pay_resolve, "choose how to pay a price that a resource paying "
                               "like another may pay in part", prompt=_pay_prompt, label=pay_words)
    registry.add_market(MarketDef(ROW, row_offers, row_take, "The dungeon row: acquire, use or fight (A1, A3, A4).",
                                  explain=row_explain))
    registry.add_market(MarketDef(RESERVE, reserve_offers, reserve_take,
                                  "The reserve: acquire the top card of a stack, fight its monster (A2, A5).",
                                  explain=reserve_explain))
