"""The core's own plugin: generic ops, conditions, quantities, resources, events, the turn's
steps and decisions, the dungeon row and reserve markets, the core score lines and the random
bot. It registers through the same hooks and registry methods any pack uses.

These are mechanisms of the whole Clank! family (zones, resources, Clank!, damage, the
dragon), never a pack's content.
"""

from __future__ import annotations

import re
from typing import Any

from clank.actions import Action
from clank.content import core_structure
from clank.game import decisions, dragon, markets, movement, scoring, setup, turn
from clank.hookspecs import hookimpl
from clank.rng import Rng, seed_state

INT = {"type": "integer"}
ZONES = {"type": "array", "items": {"enum": ["hand", "play", "discard", "deck"]}, "minItems": 1}
EFFECT = {"$ref": "effect.schema.json#/definitions/effect"}


def _arg(schema: dict, title: str, description: str) -> dict:
    """An argument schema with the title and description editors and the authoring guide show."""
    return {"title": title, "description": description, **schema}


# -- the ops in words (their labels: choice options, "may" questions) ------------------------
def amount(n: Any, one: str, many: str | None = None) -> str:
    """``amount(1, "card")`` → ``"1 card"``, ``amount(2, "card")`` → ``"2 cards"``."""
    return f"{n} {one if int(n) == 1 else (many or one + 's')}"


def resources_words(cost: dict[str, Any]) -> str:
    """``{"gold": 2, "boots": 1}`` → ``"2 gold, 1 boot"``."""
    return ", ".join(amount(n, r[:-1] if r.endswith("s") and not r.endswith("ss") else r, r).replace("_", " ")
                     for r, n in cost.items())


_ZONES = {"play": "your play area", "discard": "your discard pile", "hand": "your hand", "deck": "your deck"}


def _zones(zones: Any) -> str:
    return " or ".join(_ZONES.get(str(z), str(z)) for z in (zones if isinstance(zones, list) else [zones]))


def _plain_sentence(doc: str) -> str:
    """A registered doc as a player reads it: its first sentence, without parentheses (rule
    ids, card names)."""
    text = re.sub(r"\s*\([^)]*\)", "", doc).strip()
    return re.split(r"(?<=[a-z])\.\s", text)[0].rstrip(".")


def label_trash(arg: Any, name) -> str:
    arg = arg or {}
    n = int(arg.get("count", 1))
    what = name(arg["card"]) if arg.get("card") else amount(n, "card") if n != 1 else "a card"
    if arg.get("card") and n != 1:
        what = f"{n} × {what}"
    return (f"trash {'up to ' if arg.get('up_to') else ''}{what} from "
            f"{_zones(arg.get('from', ['play', 'discard']))}")


def label_gain_card(arg: Any, name) -> str:
    card, to = (arg, "discard") if isinstance(arg, str) else (arg["card"], arg.get("to", "discard"))
    where = {"hand": " into your hand", "deck": " on top of your deck"}.get(to, "")
    return f"gain {name(card)}{where}"


def label_clank(n: Any, _name) -> str:
    return f"make {amount(n, 'Clank!', 'Clank!')}" if int(n) >= 0 else f"remove {amount(-int(n), 'Clank!', 'Clank!')}"


# -- ops -----------------------------------------------------------------------------------
def op_gain(ctx, args: dict[str, int]) -> None:
    for res, n in args.items():
        ctx.game.gain(ctx.seat, res, int(n))


def op_clank(ctx, n: int) -> None:
    ctx.game.clank(ctx.seat, int(n))


def op_draw(ctx, n: int) -> None:
    ctx.game.draw(ctx.seat, int(n))


def op_heal(ctx, n: int) -> None:
    ctx.game.heal(ctx.seat, int(n))


def op_damage(ctx, n: int) -> None:
    ctx.game.damage(ctx.seat, int(n))


def op_rage(ctx, n: int) -> None:
    ctx.game.rage(int(n))


def op_add_cubes(ctx, args: dict[str, int]) -> None:
    """Cubes of registered kinds from the bank to the Clank! area (none left: nothing)."""
    for kind, n in args.items():
        moved = ctx.game.add_cubes(kind, int(n))
        if moved:
            ctx.game.say(f"{moved} {kind.replace('_', ' ')} cube{'' if moved == 1 else 's'} join the Clank! area.")


def op_teleport(ctx, arg: Any) -> None:
    kind = arg["to"] if isinstance(arg, dict) else arg
    ctx.player.teleports.append(kind)
    ctx.game.tell(ctx.seat, "gains a teleport")


def op_trash_this(ctx, _arg: Any) -> None:
    p = ctx.player
    for zone in ("play", "hand", "discard"):
        if ctx.src in getattr(p, zone):
            ctx.game.trash_card(ctx.seat, ctx.src, zone)
            return


def op_trash(ctx, args: dict[str, Any]) -> None:
    count = int(args.get("count", 1))
    optional = bool(args.get("optional")) or bool(args.get("up_to"))
    decisions.ask_pick(ctx.game, ctx.seat, ctx.src, "trash", args.get("from", ["play", "discard"]), count,
                       card=args.get("card"), optional=optional,
                       minimum=0 if optional else count)


def op_discard_for(ctx, args: tuple) -> None:
    count, then = args
    decisions.ask_pick(ctx.game, ctx.seat, ctx.src, "discard", ["hand"], count, optional=True,
                       minimum=count, then=then)


def _compile_discard_for(arg: dict, compiler) -> tuple:
    return int(arg.get("count", 1)), compiler.effect(arg.get("then"))


def op_gain_card(ctx, arg: Any) -> None:
    card, to = (arg, "discard") if isinstance(arg, str) else (arg["card"], arg.get("to", "discard"))
    st = ctx.game.state
    if st.reserve.get(card, 0) > 0:
        st.reserve[card] -= 1
        ctx.game.say(f"{ctx.game.name(ctx.seat)} gains {ctx.game.ruleset.cards[card].name}.")
        ctx.game.gain_card(ctx.seat, card, to=to)


def op_pay(ctx, cost: dict[str, int]) -> None:
    """Spend resources, if the seat has them all (what pays like them counts); else nothing.
    When the pool can pay in several ways (gold, or what pays like gold), the player chooses;
    when what was spent is not the cost itself, the log says what it was."""
    cost = {res: int(n) for res, n in cost.items()}
    if not ctx.game.can_pay(ctx.seat, cost):
        return
    splits = ctx.game.pay_splits(ctx.seat, cost)
    if len(splits) > 1:
        ctx.ask({"kind": markets.PAY, "item": ctx.src, "cost": cost, "splits": splits})
    else:
        markets.say_paid(ctx.game, ctx.seat, cost, ctx.game.pay(ctx.seat, cost))


def op_turn_flag(ctx, flag: str) -> None:
    ctx.game.set_flag(flag)


def op_topdeck_option(ctx, _arg: Any) -> None:
    """The acquired card may go on top of the deck instead of the discard pile."""
    if ctx.src in ctx.player.discard:
        decisions.ask_pick(ctx.game, ctx.seat, ctx.src, "topdeck", ["discard"], 1, card=ctx.src,
                           optional=True, minimum=0)


def op_dragon_attack(ctx, _arg: Any) -> None:
    ctx.game.dragon_attack(None)


RESOURCES = (
    ("skill", True, "Skill: acquire cards, use devices (C1)", ("Skill", "Skill")),
    ("swords", True, "Swords: fight monsters, prevent tunnel damage (A4, A8)", ("Sword", "Swords")),
    ("boots", True, "Boots: move along tunnels (A6)", ("Boot", "Boots")),
    ("gold", False, "Gold: kept between turns, spent at markets, 1 VP each (T7)", ("gold", "gold")),
)


def op_discard_this(ctx, _arg: Any) -> None:
    p = ctx.player
    if ctx.src in p.hand:
        p.hand.remove(ctx.src)
        p.discard.append(ctx.src)
        ctx.game.tell(ctx.seat, f"discards {ctx.game.ruleset.cards[ctx.src].name}")


def op_prevent(ctx, _arg: Any) -> None:
    """Prevent the pending damage of the event being reacted to (one point)."""
    ctx.game.prevent(ctx.seat)


def op_end_of_turn(ctx, body: tuple) -> None:
    """Resolve ``body`` at the end of this turn (D1 step 0)."""
    ctx.game.state.turn.end_effects.append([list(body), ctx.seat, ctx.src])


def op_draw_per(ctx, quantity: str) -> None:
    n = ctx.game.ruleset.registry.quantities[quantity].count(ctx.game, ctx.seat)
    ctx.game.draw(ctx.seat, n)


@hookimpl
def clank_register_resources(registry) -> None:
    for name, turn_only, doc, label in RESOURCES:
        registry.add_resource(name, turn_only, doc, label=label)


@hookimpl
def clank_register_content(registry) -> None:
    for name, doc in setup.OPTIONS:
        registry.add_option(name, doc)


@hookimpl
def clank_check_content(content, report) -> None:
    """The core's own setup keys: the player counts and seats they name are ones the loaded packs support,
    each start tile has a room with the start feature (S1, S15)."""
    core_structure.check(content, report)


@hookimpl
def clank_register_ops(registry) -> None:
    res = {"type": "object", "minProperties": 1,
           "propertyNames": {"enum": [r[0] for r in RESOURCES]},
           "additionalProperties": INT}
    add = registry.add_op

    def teleport_words(arg: Any, _name) -> str:
        kind = arg["to"] if isinstance(arg, dict) else arg
        tdef = registry.teleport_kinds.get(kind)
        where = _plain_sentence(tdef.doc) if tdef is not None and tdef.doc else str(kind).replace("_", " ")
        return f"gain a teleport: {where[:1].lower()}{where[1:]}"

    add("gain", op_gain, res, "Add resources: turn ones (skill, swords, boots) or kept ones (gold, and what packs add).",
        {"gain": {"skill": 2, "boots": 1}}, label=lambda arg, _name: f"gain {resources_words(arg)}")
    add("clank", op_clank, INT, "+N or -N Clank! (T8, T9).", {"clank": -2}, label=label_clank)
    add("draw", op_draw, {"type": "integer", "minimum": 1}, "Draw N cards (T10).", {"draw": 1},
        label=lambda n, _name: f"draw {amount(n, 'card')}")
    add("heal", op_heal, {"type": "integer", "minimum": 1}, "Heal N damage (H6).", {"heal": 1},
        label=lambda n, _name: f"heal {n}")
    add("damage", op_damage, {"type": "integer", "minimum": 1}, "Take N unpreventable damage (H3).",
        {"damage": 1}, label=lambda n, _name: f"take {n} damage")
    add("rage", op_rage, {"type": "integer", "minimum": 1}, "Move the dragon marker up N (D10).", {"rage": 1},
        label=lambda n, _name: f"the dragon's rage rises {n}")
    add("add_cubes", op_add_cubes,
        {"type": "object", "minProperties": 1, "propertyNames": {"x-ref": "cube_kind"},
         "additionalProperties": {"type": "integer", "minimum": 1}},
        "Move cubes of registered kinds from the bank to the Clank! area (none left: nothing).",
        {"add_cubes": {"black": 1}})
    add("teleport", op_teleport,
        {"oneOf": [{"type": "string", "x-ref": "teleport_kind"},
                   {"type": "object", "required": ["to"], "additionalProperties": False,
                    "properties": {"to": _arg({"type": "string", "x-ref": "teleport_kind"}, "kind",
                                              "The teleport kind (adjacent ...).")}}]},
        "Gain a held teleport of a kind (adjacent, or a kind a pack registers) (C8, T13).",
        {"teleport": "adjacent"}, label=teleport_words)
    add("trash_this", op_trash_this, {"type": "null"}, "Trash the card being played (C9).", "trash_this",
        label=lambda _arg, _name: "trash this card")
    add("trash", op_trash,
        {"type": "object", "additionalProperties": False,
         "properties": {"from": _arg(ZONES, "from", "The zones to pick from (default: play and discard)."),
                        "count": _arg({"type": "integer", "minimum": 1}, "count", "How many cards (default 1)."),
                        "up_to": _arg({"type": "boolean"}, "up to", "The player may trash fewer, even none."),
                        "optional": _arg({"type": "boolean"}, "optional", "The player may decline."),
                        "card": _arg({"type": "string", "x-ref": "card"}, "card", "Only copies of this card.")}},
        "Trash cards of the player's choice from the named zones (C9).",
        {"trash": {"from": ["play", "discard"], "count": 1}}, label=label_trash)
    add("discard_for", op_discard_for,
        {"type": "object", "required": ["then"], "additionalProperties": False,
         "properties": {"count": _arg({"type": "integer", "minimum": 1}, "count", "Cards to discard (default 1)."),
                        "then": _arg(EFFECT, "then", "Ops resolved only if the cards were discarded.")}},
        "Optionally discard cards from hand; the reward only if discarded (C5, C6).",
        {"discard_for": {"count": 1, "then": [{"draw": 2}]}}, compile=_compile_discard_for)
    add("gain_card", op_gain_card,
        {"oneOf": [{"type": "string", "x-ref": "card"},
                   {"type": "object", "required": ["card"], "additionalProperties": False,
                    "properties": {"card": _arg({"type": "string", "x-ref": "card"}, "card", "A reserve card."),
                                   "to": _arg({"enum": ["discard", "hand", "deck"]}, "to",
                                              "Where it goes: the discard pile (default), the hand, the top "
                                              "of the deck.")}}]},
        "Gain a card from the reserve (an empty stack gives nothing) into the discard pile, or into "
        "the hand or on top of the deck; its acquire text resolves (C2).",
        {"gain_card": "secret-tome"}, label=label_gain_card)
    add("pay", op_pay, {"type": "object", "minProperties": 1, "propertyNames": {"type": "string", "x-ref": "resource"},
                        "additionalProperties": {"type": "integer", "minimum": 1}},
        "Spend resources (gold ...; what pays like them counts), if the player has them all; else "
        "nothing is spent (guard an option with `can_pay`).", {"pay": {"gold": 2}},
        label=lambda cost, _name: f"pay {resources_words(cost)}")
    add("turn_flag", op_turn_flag, {"type": "string", "x-ref": "flag"},
        "Set a flag for the rest of the turn (ignore_exhaustion, ignore_tunnel_monsters ...).",
        {"turn_flag": "ignore_exhaustion"}, label=lambda flag, _name: f"this turn: {str(flag).replace('_', ' ')}")
    add("topdeck_option", op_topdeck_option, {"type": "null"},
        "Acquire only: the player may put the acquired card on top of the deck.", "topdeck_option",
        label=lambda _arg, _name: "put it on top of your deck")
    add("dragon_attack", op_dragon_attack, {"type": "null"}, "The dragon attacks now (D11).", "dragon_attack",
        label=lambda _arg, _name: "the dragon attacks")
    add("discard_this", op_discard_this, {"type": "null"}, "Reaction: discard this card from hand.",
        "discard_this")
    add("prevent", op_prevent, {"type": "null"}, "Reaction: prevent the damage being reacted to.", "prevent")
    add("end_of_turn", op_end_of_turn, EFFECT,
        "Resolve the listed ops at the end of this turn (D1 step 0).",
        {"end_of_turn": [{"trash": {"from": ["play", "discard"], "count": 1}}]},
        compile=lambda arg, c: c.effect(arg))
    add("draw_per", op_draw_per, {"type": "string", "x-ref": "quantity"}, "Draw one card per unit of a quantity.",
        {"draw_per": "artifacts"}, label=lambda q, _name: f"draw a card per {str(q).replace('_', ' ')}")


# -- conditions ----------------------------------------------------------------------------
def c_has_artifact(game, seat: int, want: Any) -> bool:
    return bool(game.player(seat).artifacts) == bool(want)


def c_holds(game, seat: int, kind: str) -> bool:
    return game.counts_as(seat, kind) > 0


def c_in_room_feature(game, seat: int, features: Any) -> bool:
    room = game.state.players[seat].room
    if room is None:
        return False
    shown = game.ruleset.room_feature_set(room)     # game.room_has, written out: a loop, not any()
    if not isinstance(features, list):
        return features in shown
    for feature in features:
        if feature in shown:
            return True
    return False


def c_turn_stat(game, seat: int, arg: dict) -> bool:
    return seat == game.state.current and game.turn_stat(arg["stat"]) >= int(arg["n"])


def c_game_stat(game, seat: int, arg: dict) -> bool:
    return game.player(seat).stats.get(arg["stat"], 0) >= int(arg["n"])


def c_card_in_zones(game, seat: int, arg: dict) -> bool:
    p = game.player(seat)
    card = arg["card"]
    for zone in arg.get("zones", ("play",)):       # a loop, not any(): sampled after actions (C11a)
        if card in getattr(p, zone):
            return True
    return False


def c_count_at_least(game, seat: int, arg: dict) -> bool:
    return game.registry.quantities[arg["count"]].count(game, seat) >= int(arg["n"])


def c_can_pay(game, seat: int, cost: dict) -> bool:
    return game.can_pay(seat, {res: int(n) for res, n in cost.items()})


def c_can_take_damage(game, seat: int, n: int) -> bool:
    return game.can_take_damage(seat, int(n))


def c_reserve_has(game, seat: int, card: str) -> bool:
    return game.state.reserve.get(card, 0) > 0


@hookimpl
def clank_register_conditions(registry) -> None:
    stat = {"type": "object", "required": ["stat", "n"], "additionalProperties": False,
            "properties": {"stat": _arg({"type": "string", "x-ref": "stat"}, "statistic",
                                        "A registered statistic (clank_made, cards_trashed ...)."),
                           "n": _arg(INT, "at least", "The value it must reach.")}}
    feat = {"oneOf": [{"type": "string", "x-ref": "feature"},
                      {"type": "array", "items": {"type": "string", "x-ref": "feature"}}]}
    add = registry.add_condition
    # looks_back (C11a): what the player is or has, which can stop holding within a turn; never a
    # guard of what an op then spends (can_pay, count_at_least, reserve_has, can_take_damage), nor
    # what never falls within a turn (a statistic; an artifact, never given up, A13)
    add("has_artifact", c_has_artifact, {"type": "boolean"}, "You hold at least one artifact.",
        {"has_artifact": True})
    add("holds", c_holds, {"type": "string", "x-ref": "token_kind"},
        "You hold a token (or own a card) that counts as this kind.", {"holds": "crown"}, looks_back=True)
    add("in_room_feature", c_in_room_feature, feat, "Your room shows one of these features.",
        {"in_room_feature": "market"}, looks_back="room")
    add("turn_stat_at_least", c_turn_stat, stat, "A statistic of this turn reached N (C11).",
        {"turn_stat_at_least": {"stat": "clank_made", "n": 2}})
    add("game_stat_at_least", c_game_stat, stat, "A whole-game statistic of yours reached N.",
        {"game_stat_at_least": {"stat": "cards_trashed", "n": 3}})
    add("card_in_zones", c_card_in_zones,
        {"type": "object", "required": ["card"], "additionalProperties": False,
         "properties": {"card": _arg({"type": "string", "x-ref": "card"}, "card", "The card id."),
                        "zones": _arg(ZONES, "zones", "Where to look (default: play).")}},
        "Such a card is in the named zones of yours.",
        {"card_in_zones": {"card": "secret-tome", "zones": ["play", "discard"]}}, looks_back=True)
    add("count_at_least", c_count_at_least,
        {"type": "object", "required": ["count", "n"], "additionalProperties": False,
         "properties": {"count": _arg({"type": "string", "x-ref": "quantity"}, "quantity",
                                     "A registered quantity (artifacts ...)."),
                        "n": _arg(INT, "at least", "The value it must reach.")}},
        "A quantity of yours reached N.", {"count_at_least": {"count": "damage", "n": 5}})
    add("can_pay", c_can_pay, {"type": "object", "minProperties": 1,
                               "propertyNames": {"type": "string", "x-ref": "resource"},
                               "additionalProperties": {"type": "integer", "minimum": 1}},
        "You have these resources (what pays like them counts).", {"can_pay": {"gold": 2}})
    add("can_take_damage", c_can_take_damage, {"type": "integer", "minimum": 1},
        "You could take N damage of your own choice: the cubes are in your supply and your meter "
        "would not fill (H4).", {"can_take_damage": 1})
    add("reserve_has", c_reserve_has, {"type": "string", "x-ref": "card"},
        "The reserve stack of this card is not empty.", {"reserve_has": "mercenary"})
    q = registry.add_quantity
    q("artifacts", lambda g, s: len(g.player(s).artifacts), "Artifacts you hold.")
    q("damage", lambda g, s: len(g.player(s).damage), "Damage on your health meter.")
    q("gold", lambda g, s: g.player(s).gold, "Gold you hold.")


# -- bots ----------------------------------------------------------------------------------
class RandomBot:
    """Uniform over legal actions, with its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = seed_state(seed)
        self._r = Rng(self)

    def choose(self, view) -> Action:
        """A uniformly random legal action of the deciding seat's view."""
        acts = view.legal_actions()
        return acts[self._r.below(len(acts))]


@hookimpl
def clank_register_bots(registry) -> None:
    registry.add_bot("random", RandomBot, "Uniformly random over the legal actions.")


# -- the turn, the dragon, decisions, markets, events, statistics, score lines ---------------
EVENTS = (
    ("setup_done", "Setup is complete, before the first turn starts; steps and decisions its listeners queue "
                   "(a draft) resolve before the first turn starts.", ()),
    ("turn_starting", "A live player's turn starts (T3), before the room's start-of-turn features: what "
                      "must be paid or done before anything else.", ("seat",)),
    ("turn_start", "A live player's turn starts (T3), after the room's start-of-turn features.", ("seat",)),
    ("turn_end", "A turn's cleanup is done (D1 step 1a), before the row is refilled.", ("seat",)),
    ("round_end", "The last seat of a round finished; the next round starts.", ("round",)),
    ("card_played", "A card was played from hand (T4), before its effect resolves.", ("seat", "card")),
    ("card_gained", "A card joined a player's cards, before its acquire text (C2).", ("seat", "card")),
    ("card_trashed", "A card went to the box (C9).", ("seat", "card", "zone")),
    ("card_used", "A device of the dungeon row was used (A3), before its effect.", ("seat", "card")),
    ("row_card_revealed", "A card was revealed into an empty row slot at the end of a turn (D2; `seat`: the "
                          "player ending the turn), before Arrive texts resolve.", ("seat", "card", "slot")),
    ("monster_defeated", "A monster card was defeated, in the row or the reserve (A4, A5), before its reward.",
     ("seat", "card", "where")),
    ("token_taken", "A token joined a player's supply, before its immediate text (G1).", ("seat", "token")),
    ("tile_discovered", "A tile was revealed by a move, before it is oriented (X3).", ("seat", "tile")),
    ("tile_placed", "A tile joined the dungeon, after its rooms' placement features (X11).", ("tile", "seat")),
    ("entered_room", "A pawn entered a room, after the room's entry features (A12).", ("seat", "room")),
    ("tunnel_damage", "A pawn took damage from tunnel icons while moving (A8).", ("seat", "n")),
    ("healed", "A player healed (H6).", ("seat", "n")),
    ("escaped", "A player escaped at the end of their turn (E1).", ("seat",)),
    ("knocked_out", "A player was knocked out (H7).", ("seat",)),
    ("attack_begins", "A dragon attack begins (D5, D11, an out player's draw), before the Clank! area goes into "
                      "the bag and any cube is drawn; what listeners queue (reaction windows) resolves first. "
                      "`cubes`: the fixed number it draws, or None for rage + Danger.", ("seat", "cubes")),
    ("attack_done", "A dragon attack's drawn cubes are resolved (D5).", ("seat", "drawn")),
    ("reacted", "A player used a reaction card (its effect is queued).", ("seat", "card", "reaction")),
    ("piece_moved", "A piece was put on the map, moved or taken off.", ("piece", "kind", "room", "previous")),
    ("game_over", "The game ended (E5).", ()),
)
QUESTIONS = (
    ("placement_ok", "May this tile go there? Return False to forbid it (Fixed Dimensions).", ("tile", "to")),
    ("discovery_ok", "May a tile be discovered into this empty cell (or empty slot of a slot region)? "
                     "Return False to forbid it.", ("region", "x", "y", "slot")),
)
MODIFIABLES = (
    ("artifact_limit", "How many artifacts a seat may carry (A13): setup `artifact_limit` (1).", ("seat",)),
    ("artifacts_carried", "How many held artifacts count against the limit (all of them).", ("seat",)),
    ("artifact_stack", "The artifact stack at setup, top first (S7: by value, then `artifact_order`).", ()),
    ("owned_cards", "The cards a seat owns at scoring and counting (deck, hand, play, discard).", ("seat",)),
    ("tunnel_damage", "Tunnel damage a move deals after Swords (`paying`: false while listing moves, "
                      "true when the move is paid).", ("seat", "paying")),
    ("may_move", "A reason the seat may not move now (`kind`: `boots` or `teleport`), or None.", ("seat", "kind")),
    ("ignore_one_way", "Whether the seat's normal moves may go against one-way arrows (false).", ("seat",)),
    ("score_eligible", "Whether the seat scores at all (E7; true).", ("seat",)),
    ("view", "The JSON view of the whole game for a seat (`seat`: None for a spectator).", ("seat",)),
    ("player_view", "One player's data in a view (`owner`) as the viewing `seat` may see it.", ("seat", "owner")),
    ("determinise", "A search bot's copy of the game (`clank.search.determinise`), the value being its state: "
                    "deal again, with `rng` (`below(n)`, `shuffle(list)`), what the pack hides from `seat` "
                    "through `view` and `player_view` (the core already dealt hands, decks, pools, tile stacks, "
                    "face-down tokens and the generator); change the state in place and return it.",
     ("seat", "rng")),
    ("cards_elsewhere", "Card ids packs keep outside the core's zones (for the conservation check of a "
                        "loaded state).", ()),
    ("game_cards", "Every card of the game, a Counter of card ids (the dungeon deck, the reserve stacks, the "
                   "starting decks): packs that put cards into the game or take some out after setup (a "
                   "character's own starting deck) say so, for the conservation check of a loaded state.", ()),
    ("tokens_elsewhere", "Token ids packs keep outside the core's places (in rooms ...).", ()),
    ("trash_pile", "Where a trashed card goes: the box (`state.box`), or another list of the state a pack "
                   "keeps (tell `cards_elsewhere` about it).", ("seat", "card")),
    ("cubes_elsewhere", "Cubes packs keep outside the core's places, by kind (a seat's \"0\" ...): "
                        "marks on the map ...", ()),
)
STATS = (
    ("clank_made", "Clank! made (gross, C11b)."),
    ("cards_trashed", "Cards trashed."),
    ("monsters_defeated", "Dungeon row monsters defeated."),
    ("portal_used", "Moves through a portal."),
)


@hookimpl
def clank_register_actions(registry) -> None:
    registry.add_teleport_kind("adjacent", movement.adjacent_targets,
                               "A room one tunnel away (icons and arrows ignored), through portals and links, "
                               "or an open edge to discover (C8).")
    turn.register(registry)
    setup.register(registry)
    dragon.register(registry)
    decisions.register(registry)


@hookimpl
def clank_register_market_rules(registry) -> None:
    markets.register(registry)


@hookimpl
def clank_register_reactions(registry) -> None:
    for name, doc, payload in EVENTS:
        registry.add_event(name, doc, payload)
    for name, doc, payload in QUESTIONS:
        registry.add_event(name, doc, payload, question=True)
    for name, doc in STATS:
        registry.add_stat(name, doc)
    for name, doc, context in MODIFIABLES:
        registry.add_modifiable(name, doc, context)


@hookimpl
def clank_register_scoring(registry) -> None:
    for fn in scoring.CORE_SCORERS:
        registry.add_scorer(fn)
