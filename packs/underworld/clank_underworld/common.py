"""What every part of the pack shares: names, where a pawn is, this pack's part of the state,
the conditions and quantities its cards and tokens use (U1, U21, G35-G58)."""

from __future__ import annotations

from typing import Any

from clank.plugin import BOOTS_MOVE, Registry

PACK = "underworld"
REGION = "underworld"            # the slot region of the Underworld (setup ``regions``)
SLOTS = ("A", "B", "C", "D", "E")
LADDER_UW = "ladder_uw"          # the room of an Underworld tile a ladder or chute leads to
UNDERCOINS = "undercoins"


def in_play(game) -> bool:
    """Whether the Underworld itself is in this game (the pack's ``area`` part is on)."""
    return game.slot_layout(REGION) is not None


def region_of(game, room: str | None) -> str | None:
    """The region a room lies in."""
    return None if room is None else game.tile_of_room(room).region


def below(game, seat: int) -> bool:
    """U1: the seat's pawn is in the Underworld (its start tile or an Underworld tile)."""
    room = game.player(seat).room
    return room is not None and game.tile_of_room(room).region == REGION


def mine(player: Any) -> dict[str, Any]:
    """This pack's part of a player's state, to read (public: nothing hidden is kept here)."""
    return player.ext.get(PACK) or {}


def mine_to_write(player: Any) -> dict[str, Any]:
    """This pack's part of a player's state, created if needed (only when something changes:
    reading a state never changes it)."""
    return player.ext.setdefault(PACK, {})


def holds(game, seat: int, token: str) -> bool:
    """Whether the seat holds a token (in its supply or among its artifacts)."""
    p = game.player(seat)
    return token in p.tokens or token in p.artifacts


def loose_and_cached(game, seat: int) -> int:
    """Undercoins a seat holds: loose ones plus what its Undercoin Caches are worth (G40)."""
    p = game.player(seat)
    toks = game.token_defs
    return p.pool.get(UNDERCOINS, 0) + sum(toks[t].ext["worth_undercoins"] for t in p.tokens)


def is_prisoner(tdef: Any) -> bool:
    """A prisoner for every rule that counts them: the base game's ``prisoner`` key, else the
    prisoner pool (the Coupon and the Soul Elixir lie in the pool but are not prisoners)."""
    flag = tdef.ext.get("prisoner")
    return tdef.pool == "prisoner" if flag is None else bool(flag)


def trophies(game, seat: int) -> list[str]:
    """Cards a seat keeps as trophies (the Harpy Matriarch, U18), outside its deck (to read)."""
    return mine(game.player(seat)).get("trophies", [])


def boat(game, seat: int) -> list[str]:
    """Cards under a seat's River Boat (G49) (to read)."""
    return mine(game.player(seat)).get("boat", [])


# -- conditions ----------------------------------------------------------------------------
def c_in_region(game, seat: int, region: str) -> bool:
    return region_of(game, game.player(seat).room) == region


def c_can_spend_boots(game, seat: int, want: Any) -> bool:
    return (game.modify("may_move", None, seat=seat, kind=BOOTS_MOVE) is None) == bool(want)


# -- quantities ----------------------------------------------------------------------------
def q_harpy_trophies(game, seat: int) -> int:
    """Harpy tokens held plus Matriarch cards kept (U18: it counts as one)."""
    cards = game.card_defs
    return game.counts_as(seat, "harpy_trophy") + sum(1 for c in trophies(game, seat)
                                                       if "harpy_trophy" in cards[c].counts_as)


def q_kinds_held(game, seat: int) -> int:
    """The World: Monkey Idol, Crown, Secret Tome, harpy trophy kinds held."""
    kinds = sum(1 for k in ("monkey_idol", "crown", "secret_tome") if game.counts_as(seat, k))
    return kinds + (1 if q_harpy_trophies(game, seat) else 0)


def q_gold_held(game, seat: int) -> int:
    """Gold and the gold value of tokens (undercoins are not gold, U21)."""
    p = game.player(seat)
    toks = game.token_defs
    return p.gold + sum(toks[t].worth_gold for t in p.tokens)


def _owned_type(kind: str):
    def count(game, seat: int) -> int:
        cards = game.card_defs
        return sum(1 for c in game.owned_cards(seat) if cards[c].type == kind)
    return count


def register_conditions(registry: Registry) -> None:
    add = registry.add_condition
    add("in_region", c_in_region, {"type": "string", "pattern": "^[a-z_][a-z0-9_]*$", "x-ref": "region"},
        "Your pawn is in this region (in_region: underworld, U1).", {"in_region": "underworld"},
        looks_back="room")
    add("can_spend_boots", c_can_spend_boots, {"type": "boolean"},
        "You may spend Boots now (not exhausted, R4).", {"can_spend_boots": True})
    q = registry.add_quantity
    q("undercoins_held", loose_and_cached, "Undercoins you hold (an Undercoin Cache counts 4).")
    q("gold_held", q_gold_held, "Gold you hold, with gold-value tokens (never undercoins).")
    q("harpy_trophies", q_harpy_trophies, "Harpy trophies you hold (the Harpy Matriarch counts, U18).")
    q("guardian_trophy", lambda g, s: int(holds(g, s, "guardian-trophy")), "1 if you hold the Guardian trophy.")
    q("prisoners_held", lambda g, s: sum(1 for t in g.player(s).tokens if is_prisoner(g.token_defs[t])),
      "Prisoners you hold (never a Coupon or a Soul Elixir).")
    q("companions", _owned_type("companion"), "Companion cards you own.")
    q("stumbles", lambda g, s: g.owned_cards(s).count("stumble"), "Stumble cards you own.")
    q("cards_owned", lambda g, s: len(g.owned_cards(s)), "Cards you own (the River Boat pile included).")
    q("cards_trashed", lambda g, s: g.player(s).stats.get("cards_trashed", 0), "Cards you trashed this game.")
    q("kinds_held", q_kinds_held, "How many of Monkey Idol, Crown, Secret Tome and harpy trophy you hold.")
