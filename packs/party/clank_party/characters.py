"""Characters (P17, P18; expansions-design.md 5.9): six boards, each with its own 10-card deck.

With ``characters=on`` every player drafts one when setup is done, in reverse turn order (the
boards lie face up in an order the game's generator shuffled); ``characters=ID,ID,...`` hands
them out by seat in turn order. A character is a token its player holds (pool ``character``);
its ``character`` key is the board: the power, the deck and the numbers. Taking one swaps the
player's starting deck for the character's (5 Burgle, 2 Stumble, 3 unique cards) and draws a
new hand; the ``game_cards`` modifier tells the core's conservation check. The board's state is
public, in ``player.ext["party"]``.

- Agnet: conscription tokens; a companion she acquires may go on top of her deck (``conscript``).
- D'allan: his first dragon egg, artifact, crown and Monkey Idol are Finds; ``find_gold`` and
  ``find_reward`` (a Find's reward; the artifact's: buy market items from anywhere this turn).
- Garignar: the first Monster card he defeats each turn turns the carnage wheel: its reward.
- Lenara: ``mana`` (at most 10); spells, each once per turn (action ``spell NAME [TARGET]``).
- Whiskers: ``flip_behaviour`` flips a face-up behaviour token for its resource; all three face
  down at the end of his turn: a dragon attack of exactly 4 cubes that spares his own cubes.
- MonkeyBot Prime: a dragon attack that damages him removes a cogwheel; each of his turns he
  gains every revealed reward.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from clank.plugin import Action, MarketDef, Offer, Registry, act

from clank_party import labels
from clank_party.options import PACK, character_choice, game_options

POOL = "character"
DRAFT = "draft"
MARKET_ANYWHERE = "market_anywhere"      # turn flag: D'allan's artifact Find (buy market items anywhere)
BLUE = ("item", "companion", "gem")
SPELL_ORDER = ("transfigure", "duplicate", "levitate")
RESOURCES = {"skill": "Skill", "swords": "Sword", "boots": "Boot"}


# ==========================================================================================
# Boards: data, state
# ==========================================================================================
def _compile(value: Any, compiler: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    out = dict(value)
    if "finds" in value:
        out["finds"] = [{"name": f["name"], "match": dict(f["match"]), "reward": compiler.effect(f["reward"])}
                        for f in value["finds"]]
    for key in ("carnage", "cogwheels"):
        if key in value:
            out[key] = [compiler.effect(ops) for ops in value[key]]
    return out


def board(game, seat: int) -> dict[str, Any] | None:
    """The pack's state of a seat that plays a character (``None`` otherwise)."""
    data = game.player(seat).ext.get(PACK)
    return data if data and "character" in data else None


def spec(game, seat: int) -> dict[str, Any] | None:
    """The character board (compiled data) of a seat, if it plays one."""
    b = board(game, seat)
    return game.token_defs[b["character"]].ext["character"] if b else None


def character_board(game, seat: int) -> dict[str, Any]:
    """:func:`board` of a seat known to play a character (its ``power`` was just asked)."""
    b = board(game, seat)
    assert b is not None, f"seat {seat} plays no character"
    return b


def character_spec(game, seat: int) -> dict[str, Any]:
    """:func:`spec` of a seat known to play a character."""
    s = spec(game, seat)
    assert s is not None, f"seat {seat} plays no character"
    return s


def power(game, seat: int) -> str | None:
    s = spec(game, seat)
    return s["power"] if s else None


def active(game) -> bool:
    """Whether the game uses characters."""
    return bool(game.pools.get(POOL)) or any(board(game, s) for s in range(len(game.players)))


# ==========================================================================================
# The draft and the decks (P17)
# ==========================================================================================
def setup_characters(game, event: dict[str, Any]) -> None:
    """When setup is done: hand the characters out, or queue the draft (reverse turn order)."""
    if POOL not in game.pools:
        return
    n, first = game.seat_count, game.first_player
    turn_order = [(first + i) % n for i in range(n)]
    chosen = character_choice(game_options(game).get("characters"), n)
    if isinstance(chosen, list):
        for seat, cid in zip(turn_order, chosen, strict=True):
            assign(game, seat, cid)
        return
    game.say("The players draft their characters, the last player first.")
    game.ask_seats(list(reversed(turn_order)), {"kind": DRAFT, "prompt": "choose your character (P17)"})


def _draft_legal(game, d: dict[str, Any]) -> list[Action]:
    return [act("character", c) for c in reversed(game.pools.get(POOL, []))]


def _draft_resolve(game, d: dict[str, Any], action: Action) -> None:
    assign(game, d["seat"], action.args[0])


def assign(game, seat: int, cid: str) -> None:
    """``seat`` takes the character ``cid``: its board, and its deck instead of the starting deck."""
    game.pools[POOL].remove(cid)
    game.take_token(seat, cid)
    sp = game.token_defs[cid].ext["character"]
    b = game.player(seat).ext.setdefault(PACK, {})
    b["character"] = cid
    pw = sp["power"]
    if pw == "agnet":
        b["conscription"] = int(sp.get("conscription", 4))
    elif pw == "dallan":
        b["finds"] = {}
    elif pw == "garignar":
        b["carnage"] = 0
    elif pw == "lenara":
        b["mana"] = int((sp.get("mana") or {}).get("start", 0))
    elif pw == "whiskers":
        b["up"] = list(sp.get("behaviours", RESOURCES))
    elif pw == "monkeybot":
        b["covered"] = len(sp.get("cogwheels", ()))
    _swap_deck(game, seat, sp["deck"])
    game.say(f"{game.name(seat)} plays {game.token_defs[cid].name}.")


def _swap_deck(game, seat: int, deck: dict[str, int]) -> None:
    """P17: the character's 10 cards replace the starting deck; a new hand is drawn."""
    p = game.player(seat)
    cards = p.hand + p.deck
    for cid, n in (game.setup.get("starting_deck") or {}).items():
        for _ in range(int(n)):
            if cid in cards:
                cards.remove(cid)
    cards += [cid for cid, n in deck.items() for _ in range(int(n))]
    p.hand = []
    p.deck = cards
    game.rng.shuffle(p.deck)
    game.draw(seat, int(game.setup.get("hand_size", 5)))


def game_cards(game, counter: Counter) -> Counter:
    """Character decks replace the starting decks of the seats that play one."""
    if not active(game):
        return counter
    counter = counter.copy()
    start = game.setup.get("starting_deck") or {}
    for seat in range(len(game.players)):
        sp = spec(game, seat)
        if sp is None:
            continue
        for cid, n in start.items():
            counter[cid] -= int(n)
        for cid, n in sp["deck"].items():
            counter[cid] += int(n)
    return +counter


# ==========================================================================================
# Agnet: conscription
# ==========================================================================================
def agnet_acquires(game, event: dict[str, Any]) -> None:
    seat, card = event["seat"], event["card"]
    if power(game, seat) != "agnet" or game.card_defs[card].type != "companion":
        return
    if character_board(game, seat)["conscription"] > 0:
        name = game.card_defs[card].name
        game.ask_later({"kind": "conscript", "seat": seat, "src": card, "card": card,
                        "prompt": f"spend a conscription token to put {name} on top of your deck?"})


def _conscript_legal(game, d: dict[str, Any]) -> list[Action]:
    return [Action("yes"), Action("no")]


def _conscript_resolve(game, d: dict[str, Any], action: Action) -> None:
    seat, card = d["seat"], d["card"]
    p = game.player(seat)
    if action.kind != "yes" or card not in p.discard:
        return
    p.discard.reverse()
    p.discard.remove(card)
    p.discard.reverse()
    p.deck.append(card)
    character_board(game, seat)["conscription"] -= 1
    game.bump(seat, "conscriptions")
    game.say(f"{game.name(seat)} conscripts {game.card_defs[card].name}: it goes on top of the deck.")


def op_topdeck_companion(ctx, _arg: Any) -> None:
    """Inspire: you may put one companion from your play area on top of your deck."""
    cards = ctx.game.card_defs
    if any(cards[c].type == "companion" for c in ctx.player.play):
        ctx.ask({"kind": "topdeck_companion", "prompt": "put a companion from your play area on top of your deck?"})


def _topdeck_legal(game, d: dict[str, Any]) -> list[Action]:
    cards = game.card_defs
    play = game.player(d["seat"]).play
    return [act("pick", "play", c) for c in dict.fromkeys(play) if cards[c].type == "companion"] + [Action("done")]


def _topdeck_resolve(game, d: dict[str, Any], action: Action) -> None:
    if action.kind != "pick":
        return
    p = game.player(d["seat"])
    card = action.args[1]
    p.play.remove(card)
    p.deck.append(card)
    game.say(f"{game.name(d['seat'])} puts {game.card_defs[card].name} on top of the deck.")


# ==========================================================================================
# D'allan: Finds
# ==========================================================================================
def _matches(game, token: str, match: dict[str, Any]) -> bool:
    tdef = game.token_defs[token]
    if "token" in match and token != match["token"]:
        return False
    if "pool" in match and tdef.pool != match["pool"]:
        return False
    return not ("counts_as" in match and match["counts_as"] not in tdef.counts_as)


def dallan_finds(game, event: dict[str, Any]) -> None:
    seat, token = event["seat"], event["token"]
    if power(game, seat) != "dallan":
        return
    finds = character_board(game, seat)["finds"]
    for find in character_spec(game, seat)["finds"]:
        if find["name"] not in finds and _matches(game, token, find["match"]):
            finds[find["name"]] = token
            game.say(f"{game.name(seat)} puts the {game.token_defs[token].name} on the board as a Find.")
            return


def op_find_gold(ctx, n: int) -> None:
    """Collection: gain N gold for each Find on your board."""
    b = board(ctx.game, ctx.seat)
    if b and b.get("finds"):
        ctx.game.gain(ctx.seat, "gold", int(n) * len(b["finds"]))


def op_find_reward(ctx, _arg: Any) -> None:
    """Take the reward of one Find on your board (nothing without a Find)."""
    b = board(ctx.game, ctx.seat)
    if not b or not b.get("finds"):
        return
    names = [f["name"] for f in character_spec(ctx.game, ctx.seat)["finds"] if f["name"] in b["finds"]]
    if len(names) == 1:
        _take_find(ctx.game, ctx.seat, names[0], ctx.src)
    else:
        ctx.ask({"kind": "find_reward", "finds": names, "prompt": "take the reward of one of your Finds"})


def _take_find(game, seat: int, name: str, src: str) -> None:
    find = next(f for f in character_spec(game, seat)["finds"] if f["name"] == name)
    game.bump(seat, "find_rewards")
    game.say(f"{game.name(seat)} takes the reward of the {name} Find.")
    game.push(find["reward"], seat, src)


def _find_legal(game, d: dict[str, Any]) -> list[Action]:
    return [act("find", n) for n in d["finds"]]


def _find_resolve(game, d: dict[str, Any], action: Action) -> None:
    _take_find(game, d["seat"], action.args[0], d.get("src", ""))


def _anywhere_offers(game, seat: int) -> list[Offer]:
    """The artifact Find's reward: market items may be bought from anywhere this turn."""
    if not game.has_flag(MARKET_ANYWHERE) or seat != game.current:
        return []
    room_market = game.registry.markets.get("market")
    here = game.player(seat).room
    if room_market is None or (here is not None and game.room_has(here, "market")):
        return []
    return [Offer(act("market-anywhere", o.item), o.cost, o.item, o.purpose, o.data)
            for o in room_market.offers(game, seat)]


def _anywhere_take(game, seat: int, offer: Offer, payment: Any) -> None:
    game.registry.markets["market"].take(game, seat, offer, payment)


# ==========================================================================================
# Garignar: the carnage wheel
# ==========================================================================================
def garignar_defeats(game, event: dict[str, Any]) -> None:
    seat = event["seat"]
    if active(game):
        game.bump(seat, "monster_cards_defeated")
    if power(game, seat) != "garignar" or seat != game.current or game.has_flag("party_carnage"):
        return
    game.set_flag("party_carnage")
    wheel = character_spec(game, seat)["carnage"]
    b = character_board(game, seat)
    b["carnage"] = b["carnage"] % len(wheel) + 1
    game.bump(seat, "carnage_advances")
    game.say(f"{game.name(seat)}'s carnage token moves to space {b['carnage']}.")
    game.push(wheel[b["carnage"] - 1], seat, character_board(game, seat)["character"])


# ==========================================================================================
# Lenara: mana and spells
# ==========================================================================================
def op_mana(ctx, n: int) -> None:
    """Gain N mana (Lenara; at most her board's maximum)."""
    b = board(ctx.game, ctx.seat)
    if b is None or "mana" not in b:
        return
    top = int((character_spec(ctx.game, ctx.seat).get("mana") or {}).get("max", 10))
    b["mana"] = min(top, b["mana"] + int(n))


def _copyable(game, card: str) -> bool:
    """A card whose play text Duplicate may copy (not one that trashes itself)."""
    addrs = game.card_defs[card].effects.get("play", ())
    return bool(addrs) and not any(game.compiled_op(a).name == "trash_this" for a in addrs)


def spell_actions(game, seat: int) -> list[Action]:
    if power(game, seat) != "lenara":
        return []
    b, sp = character_board(game, seat), character_spec(game, seat)
    used = game.turn.ext.get("party_spells", [])
    costs = sp.get("spells", {})
    p = game.player(seat)
    out: list[Action] = []
    for name in SPELL_ORDER:
        if name not in costs or name in used or b["mana"] < int(costs[name]):
            continue
        if name == "transfigure" and p.hand:
            out.append(act("spell", name))
        elif name == "duplicate":
            out += [act("spell", name, c) for c in dict.fromkeys(p.play) if _copyable(game, c)]
        elif name == "levitate":
            cards = game.card_defs
            out += [act("spell", name, i) for i, c in enumerate(game.row) if c and cards[c].type in BLUE]
    return out


def spell_apply(game, seat: int, action: Action) -> None:
    name = action.args[0]
    b = character_board(game, seat)
    b["mana"] -= int(character_spec(game, seat)["spells"][name])
    game.turn.ext.setdefault("party_spells", []).append(name)
    game.bump(seat, "spells_cast")
    cards = game.card_defs
    if name == "transfigure":
        game.say(f"{game.name(seat)} casts Transfigure.")
        game.push_step(DRAW_STEP, seat, 1)
        game.ask_pick(seat, b["character"], "discard", ["hand"], 1)
    elif name == "duplicate":
        card = action.args[1]
        game.say(f"{game.name(seat)} casts Duplicate on {cards[card].name}.")
        game.push(cards[card].effects["play"], seat, card)
    else:
        slot = int(action.args[1])
        card = game.row[slot]
        game.row[slot] = None
        game.say(f"{game.name(seat)} casts Levitate and acquires {cards[card].name} into the hand.")
        game.gain_card(seat, card, to="hand")


def spell_explain(game, seat: int, action: Action) -> str:
    if power(game, seat) != "lenara":
        return "only Lenara casts spells (P18)"
    return "not enough mana, already cast this turn, or no target for that spell (P18)"


DRAW_STEP = "party_draw"


def _step_draw(game, seat: int, n: Any) -> None:
    game.draw(seat, int(n))


# ==========================================================================================
# Whiskers: behaviour tokens and the forced attack
# ==========================================================================================
def op_flip_behaviour(ctx, n: int) -> None:
    """You may flip one face-up behaviour token to gain N of its resource (Whiskers)."""
    b = board(ctx.game, ctx.seat)
    if b is None or not b.get("up"):
        return
    ctx.ask({"kind": "behaviour_flip", "n": int(n), "prompt": f"flip a behaviour token to gain {n} of its resource?"})


def _flip_legal(game, d: dict[str, Any]) -> list[Action]:
    return [act("flip", r) for r in character_board(game, d["seat"])["up"]] + [Action("no")]


def _flip_resolve(game, d: dict[str, Any], action: Action) -> None:
    if action.kind != "flip":
        return
    seat, res = d["seat"], action.args[0]
    character_board(game, seat)["up"].remove(res)
    game.gain(seat, res, int(d["n"]))
    game.bump(seat, "behaviour_flips")
    game.say(f"{game.name(seat)} flips the {RESOURCES.get(res, res)} token: +{d['n']} {res}.")


def whiskers_ends(game, event: dict[str, Any]) -> None:
    seat = event["seat"]
    if power(game, seat) != "whiskers":
        return
    b, sp = character_board(game, seat), character_spec(game, seat)
    if b["up"]:
        return
    game.say(f"All of {game.name(seat)}'s behaviour tokens are face down: the dragon attacks!")
    game.bump(seat, "forced_attacks")
    b["up"] = list(sp.get("behaviours", RESOURCES))
    game.dragon_attack(int(sp.get("forced_attack", 4)), spare=[seat])


# ==========================================================================================
# MonkeyBot Prime: cogwheels
# ==========================================================================================
def monkey_attack_begins(game, event: dict[str, Any]) -> None:
    if not active(game):
        return
    seats = {str(s): len(game.player(s).damage) for s in range(len(game.players))
             if power(game, s) == "monkeybot" and game.is_live(s)}
    if seats:
        game.turn.ext["party_monkey"] = seats


def monkey_attack_done(game, event: dict[str, Any]) -> None:
    before = game.turn.ext.pop("party_monkey", None) if active(game) else None
    for key, had in (before or {}).items():
        seat = int(key)
        b = character_board(game, seat)
        if len(game.player(seat).damage) > had and b["covered"] > 0:
            b["covered"] -= 1
            game.bump(seat, "cogwheels_removed")
            game.say(f"The dragon knocks a cogwheel off {game.name(seat)}: a reward is revealed.")


def monkey_turn_start(game, event: dict[str, Any]) -> None:
    seat = event["seat"]
    if power(game, seat) != "monkeybot":
        return
    wheels = character_spec(game, seat)["cogwheels"]
    revealed = len(wheels) - character_board(game, seat)["covered"]
    for addrs in reversed(wheels[:revealed]):
        game.push(addrs, seat, character_board(game, seat)["character"])


# ==========================================================================================
# Registration
# ==========================================================================================
EFFECT = {"$ref": "effect.schema.json#/definitions/effect"}
CHARACTER_SCHEMA = {
    "title": "character board", "type": "object", "required": ["power", "deck"], "additionalProperties": False,
    "properties": {
        "power": {"title": "power", "description": "Which character's power the board has (P18).",
                  "enum": ["agnet", "dallan", "garignar", "lenara", "whiskers", "monkeybot"]},
        "deck": {"title": "deck", "description": "The character's 10 starting cards (P17), instead of the "
                 "setup's starting deck.", "type": "object",
                 "propertyNames": {"type": "string", "x-ref": "card"},
                 "additionalProperties": {"type": "integer", "minimum": 1}},
        "conscription": {"title": "conscription tokens", "description": "Agnet.", "type": "integer", "minimum": 0},
        "finds": {"title": "Finds", "description": "D'allan: what goes on the board as a Find, and its reward.",
                  "type": "array", "items": {
                      "type": "object", "required": ["name", "match", "reward"], "additionalProperties": False,
                      "properties": {
                          "name": {"type": "string"},
                          "match": {"type": "object", "additionalProperties": False, "minProperties": 1,
                                    "properties": {"token": {"type": "string", "x-ref": "token"},
                                                   "pool": {"type": "string", "x-ref": "pool"},
                                                   "counts_as": {"type": "string", "x-ref": "token_kind"}}},
                          "reward": EFFECT}}},
        "carnage": {"title": "carnage wheel", "description": "Garignar: the reward of each space, in order.",
                    "type": "array", "minItems": 1, "items": EFFECT},
        "mana": {"title": "mana", "description": "Lenara: the most mana her board holds, and her mana at the start.",
                 "type": "object", "additionalProperties": False,
                 "properties": {"max": {"type": "integer", "minimum": 1}, "start": {"type": "integer", "minimum": 0}}},
        "spells": {"title": "spells", "description": "Lenara: the mana each spell costs.", "type": "object",
                   "additionalProperties": False,
                   "properties": {name: {"type": "integer", "minimum": 0} for name in SPELL_ORDER}},
        "behaviours": {"title": "behaviour tokens", "description": "Whiskers: the resources of his tokens.",
                       "type": "array", "items": {"enum": list(RESOURCES)}},
        "forced_attack": {"title": "forced attack", "description": "Whiskers: cubes his forced attack draws.",
                          "type": "integer", "minimum": 1},
        "cogwheels": {"title": "cogwheels", "description": "MonkeyBot Prime: the rewards under the cogwheels, "
                      "left to right.", "type": "array", "items": EFFECT},
    },
}


def register_content(registry: Registry) -> None:
    registry.add_content_key("tokens", "character", CHARACTER_SCHEMA, compile=_compile,
                             doc="A character board (P17, P18): its power, its 10-card deck and its numbers.")


def register_ops(registry: Registry) -> None:
    registry.add_op("mana", op_mana, {"type": "integer", "minimum": 1},
                    "Lenara: gain N mana (at most her board's maximum).", {"mana": 2})
    registry.add_op("flip_behaviour", op_flip_behaviour, {"type": "integer", "minimum": 1},
                    "Whiskers: you may flip one face-up behaviour token to gain N of its resource.",
                    {"flip_behaviour": 2})
    registry.add_op("find_gold", op_find_gold, {"type": "integer", "minimum": 1},
                    "D'allan: gain N gold for each Find on your board.", {"find_gold": 1})
    registry.add_op("find_reward", op_find_reward, {"type": "null"},
                    "D'allan: take the reward of one Find on your board.", "find_reward")
    registry.add_op("topdeck_companion", op_topdeck_companion, {"type": "null"},
                    "Agnet's Inspire: you may put one companion from your play area on top of your deck.",
                    "topdeck_companion")


def register_markets(registry: Registry) -> None:
    registry.add_market(MarketDef("market-anywhere", _anywhere_offers, _anywhere_take,
                                  "D'allan's artifact Find: market items from anywhere, this turn (P18)."))
    registry.add_action_forms("turn", "market-anywhere <token> <payment?>")


def register_actions(registry: Registry) -> None:
    registry.add_decision_kind(DRAFT, _draft_legal, _draft_resolve, "choose your character (P17)",
                               label=labels.draft)
    registry.add_decision_kind("conscript", _conscript_legal, _conscript_resolve,
                               "Agnet: put the companion on top of your deck?", label=labels.conscript)
    registry.add_decision_kind("topdeck_companion", _topdeck_legal, _topdeck_resolve,
                               "Inspire: put a companion on top of your deck", label=labels.topdeck)
    registry.add_decision_kind("find_reward", _find_legal, _find_resolve, "D'allan: take a Find's reward",
                               label=labels.find_reward)
    registry.add_decision_kind("behaviour_flip", _flip_legal, _flip_resolve, "Whiskers: flip a behaviour token",
                               label=labels.behaviour_flip)
    registry.add_action_kind("spell", spell_actions, spell_apply, spell_explain,
                             "Lenara: cast a spell with mana, each once per turn (P18).", while_orienting=False,
                             label=labels.spell)
    registry.add_step(DRAW_STEP, _step_draw, "Draw cards (Transfigure, after its discard).")
    for kind, *forms in ((DRAFT, "character <token:character>"), ("conscript", "yes", "no"),
                         ("topdeck_companion", "pick play <card:companion>", "done"),
                         ("find_reward", "find {egg|artifact|crown|idol}"), ("behaviour_flip", "flip <resource>", "no"),
                         ("turn", "spell transfigure", "spell duplicate <card>", "spell levitate <slot>")):
        registry.add_action_forms(kind, *forms)


def register_reactions(registry: Registry) -> None:
    registry.add_flag(MARKET_ANYWHERE, "D'allan's artifact Find: market items may be bought anywhere this turn (P18).")
    registry.add_flag("party_carnage", "Garignar's carnage wheel moved this turn (P18).")
    for name, doc in (("conscriptions", "Agnet: companions put on top of the deck (P18)."),
                      ("find_rewards", "D'allan: Find rewards taken (P18)."),
                      ("carnage_advances", "Garignar: carnage wheel spaces moved (P18)."),
                      ("spells_cast", "Lenara: spells cast (P18)."),
                      ("behaviour_flips", "Whiskers: behaviour tokens flipped (P18)."),
                      ("forced_attacks", "Whiskers: dragon attacks he caused (P18)."),
                      ("cogwheels_removed", "MonkeyBot Prime: cogwheels knocked off (P18)."),
                      ("monster_cards_defeated", "Monster cards defeated, the Goblin included (characters).")):
        registry.add_stat(name, doc)
    registry.listen("setup_done", setup_characters)
    registry.listen("card_gained", agnet_acquires)
    registry.listen("token_taken", dallan_finds)
    registry.listen("monster_defeated", garignar_defeats)
    registry.listen("turn_end", whiskers_ends)
    registry.listen("attack_begins", monkey_attack_begins)
    registry.listen("attack_done", monkey_attack_done)
    registry.listen("turn_start", monkey_turn_start)
    registry.add_modifier("game_cards", game_cards)
