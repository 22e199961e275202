"""Undercoins and what they pay for (RULES.md U21, U35-U37, G1, G35-G46, G58): a resource kept
between turns that pays wherever gold is asked for, the toll a turn begun below costs, toll-booth
tunnels, undercoin rooms, the Undercoin Cache, and tokens that act at every turn start.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, RoomFeatureDef, TunnelIconDef, act

from clank_underworld.common import UNDERCOINS, below, in_play, loose_and_cached

TOLL_FLAG = "ignore_toll_booths"
TOLL_CLANK = 2            # U35: the Clank! a player without undercoins makes instead


def pay_undercoin(game, seat: int) -> bool:
    """Pay 1 undercoin to the bank, exchanging an Undercoin Cache first if no loose one is held
    (G40, default U35); False when the seat holds neither."""
    p = game.player(seat)
    if p.pool.get(UNDERCOINS, 0) < 1:
        cache = next((t for t in sorted(p.tokens) if game.token_defs[t].ext["worth_undercoins"]), None)
        if cache is None:
            return False
        exchange(game, seat, cache)
    game.pay(seat, {UNDERCOINS: 1})
    return True


def exchange(game, seat: int, token: str) -> None:
    """An Undercoin Cache goes back to the box for its undercoins (G1, G40)."""
    p = game.player(seat)
    p.tokens.remove(token)
    game.token_box.append(token)
    game.gain(seat, UNDERCOINS, game.token_defs[token].ext["worth_undercoins"])
    game.say(f"{game.name(seat)} exchanges {game.article(game.token_defs[token].name)}.")


# -- the toll at turn start (U35) --------------------------------------------------------------
def _toll(game, event: dict[str, Any]) -> None:
    """A live player who begins a turn in the Underworld pays 1 undercoin, or makes 2 Clank! if
    they hold none; it comes before any other start-of-turn effect (``turn_starting``)."""
    seat = event["seat"]
    if not in_play(game) or not below(game, seat):
        return
    game.bump(seat, "underworld_turns")
    if pay_undercoin(game, seat):
        game.bump(seat, "tolls_paid")
        game.say(f"{game.name(seat)} pays the Underworld toll (1 undercoin).")
    else:
        game.say(f"{game.name(seat)} has no undercoin for the toll: {TOLL_CLANK} Clank!.")
        game.clank(seat, TOLL_CLANK, log=False)      # the line above says it


def _first_game_coin(game, _event: dict[str, Any]) -> None:
    """U21: the first-game suggestion, as an option: each player starts with 1 undercoin."""
    if in_play(game) and game.options.get("first_game_coin"):
        for p in game.players:
            p.pool[UNDERCOINS] = p.pool.get(UNDERCOINS, 0) + 1


def op_pay_toll(ctx, args: dict) -> None:
    """Toll Collector: pay 1 undercoin (a Cache counts), else make the Clank! given."""
    if not pay_undercoin(ctx.game, ctx.seat):
        ctx.game.clank(ctx.seat, int(args.get("clank", 1)))


# -- undercoin rooms (U37) ---------------------------------------------------------------------
def undercoin_enter(game, seat: int, room: str, arg: Any) -> None:
    if game.claim_room_reward(seat, room):
        game.gain(seat, UNDERCOINS, int(arg or 1))          # logged by the gain itself


# -- the Undercoin Cache: exchange it whenever you like (G40) ----------------------------------
def exchange_actions(game, seat: int) -> list:
    toks = game.token_defs
    return [act("exchange", t) for t in sorted({t for t in game.player(seat).tokens
                                                if toks[t].ext["worth_undercoins"]})]


def exchange_apply(game, seat: int, action) -> None:
    exchange(game, seat, action.args[0])


# -- tokens acting at every turn start, and while below (G36, G46) -----------------------------
def _each_turn(game, event: dict[str, Any]) -> None:
    """Boots of the Wind: 1 Boot at the start of each of its holder's turns (after the toll)."""
    seat = event["seat"]
    toks = game.token_defs
    for t in sorted(game.player(seat).tokens):
        if toks[t].ext["each_turn"]:
            game.push(toks[t].ext["each_turn"], seat, t)
    _below_bonus(game, seat)


def _below_bonus(game, seat: int) -> None:
    """Haunted Myrmidon: once a turn, the first moment its holder is in the Underworld (the turn
    it is freed too), its effect resolves (default G36)."""
    if seat != game.current or not in_play(game) or not below(game, seat):
        return
    done = game.turn.ext.setdefault("below_bonus", [])
    toks = game.token_defs
    for t in game.player(seat).tokens:
        if toks[t].ext["below_each_turn"] and t not in done:
            done.append(t)
            game.push(toks[t].ext["below_each_turn"], seat, t)


def _entered(game, event: dict[str, Any]) -> None:
    _below_bonus(game, event["seat"])


def _taken(game, event: dict[str, Any]) -> None:
    if game.token_defs[event["token"]].ext["below_each_turn"]:
        _below_bonus(game, event["seat"])


# -- scoring (U21) -------------------------------------------------------------------------------
def undercoin_points(game, seat: int) -> list[tuple[str, int]]:
    """``undercoins``: 1 point each, an Undercoin Cache counting 4."""
    if not in_play(game):
        return []
    return [(UNDERCOINS, loose_and_cached(game, seat))]


# -- registration --------------------------------------------------------------------------------
def _compile_effect(value: Any, compiler: Any) -> tuple[int, ...]:
    return compiler.effect(value) if value else ()


EFFECT = {"$ref": "effect.schema.json#/definitions/effect"}


def register_resources(registry: Registry) -> None:
    registry.add_resource(UNDERCOINS, False, "Undercoins: kept between turns, pay exactly like gold, 1 point "
                          "each; the Underworld's toll and toll booths take them (U21).",
                          pays_as="gold", label=("undercoin", "undercoins"))


def register_content(registry: Registry) -> None:
    key = registry.add_content_key
    key("tokens", "worth_undercoins", {"title": "worth undercoins", "type": "integer", "minimum": 0}, default=0,
        doc="The token counts as this many undercoins and may be exchanged for them at any time (G40).")
    key("tokens", "each_turn", {"title": "at each turn start", **EFFECT}, default=None, compile=_compile_effect,
        doc="Ops resolved at the start of each of the holder's turns, after the toll (Boots of the Wind, G46).")
    key("tokens", "below_each_turn", {"title": "each turn below", **EFFECT}, default=None, compile=_compile_effect,
        doc="Ops resolved once per turn of the holder, the first moment they are in the Underworld (G36).")


def register_ops(registry: Registry) -> None:
    registry.add_op("pay_toll", op_pay_toll,
                    {"type": "object", "additionalProperties": False,
                     "properties": {"clank": {"title": "Clank!", "type": "integer", "minimum": 0,
                                              "description": "Clank! made by a player holding no undercoin."}}},
                    "Pay 1 undercoin to the bank (a Cache counts), else make the Clank! given (Toll Collector).",
                    {"pay_toll": {"clank": 1}})


def features() -> list[RoomFeatureDef]:
    return [RoomFeatureDef("reward_undercoin", "Entering gains the undercoins shown, once per turn (U37).",
                           arg_schema={"type": "integer", "minimum": 1}, on_enter=undercoin_enter,
                           example="reward_undercoin(1)")]


def icons() -> list[TunnelIconDef]:
    return [TunnelIconDef("toll", "Toll booth: moving through it with Boots costs 1 undercoin more, with no "
                          "Clank! instead; teleports ignore it, and so does a player with the turn flag "
                          "ignore_toll_booths (U36).", cost={UNDERCOINS: 1}, cost_ignored_by=TOLL_FLAG,
                          example={"ends": ["ladder", "mint"], "icons": ["toll"]})]


def register_actions(registry: Registry) -> None:
    registry.add_action_kind("exchange", exchange_actions, exchange_apply,
                             doc="Exchange an Undercoin Cache for its undercoins (G40).")
    registry.add_action_forms("turn", "exchange <token>")


def register_reactions(registry: Registry) -> None:
    registry.add_flag(TOLL_FLAG, "Toll booths cost nothing this turn (Ferry Pole, U36).")
    for name, doc in (("underworld_turns", "Turns begun in the Underworld (U35)."),
                      ("tolls_paid", "Turn-start tolls paid with an undercoin (U35).")):
        registry.add_stat(name, doc)
    registry.listen("turn_starting", _toll)
    registry.listen("setup_done", _first_game_coin)
    registry.listen("turn_start", _each_turn)
    registry.listen("entered_room", _entered)
    registry.listen("token_taken", _taken)


def register_scoring(registry: Registry) -> None:
    registry.add_scorer(undercoin_points)

