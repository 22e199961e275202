"""What waits in the Underworld's rooms (RULES.md U2-U10, U14-U20, G50-G55): the Guardian and
the artifact enhancers, the magic lyre, the Imp Assistants and their tome tax, the Underworld
Prison, harpies and the Harpy Matriarch, lakes and towers.

The pieces lie in their rooms' state (read with ``game.room_state(room)``, changed through
``game.room(room)``): ``guardian``, ``enhancers``, ``lyre``, ``imps``, ``harpy``, ``prisoner``
(token ids), so views show them and the check of a loaded state counts them
(``tokens_elsewhere``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from clank.plugin import Registry, RoomFeatureDef, act, points_value

from clank_underworld.common import UNDERCOINS, mine_to_write, q_harpy_trophies, trophies

GUARDIAN_SWORDS, GUARDIAN_DAMAGE = 3, 2    # U2
HARPY_SWORDS, HARPY_DAMAGE = 2, 1          # U16
FIGHT = "uw_fight"
REWARD = "guardian_reward"
TAX = "imp_tax"
ROOM_KEYS = ("guardian", "guardian_trophy", "harpy", "prisoner")
ROOM_LISTS = ("enhancers", "lyre", "imps")


def _take_all(game, pool: str) -> list[str]:
    tokens = game.pools.get(pool, [])
    out, tokens[:] = list(tokens), []
    return out


def _can_endure(game, seat: int, n: int, entry: Any) -> bool:
    """H4 after the move's own tunnel damage: the cubes, and the meter not filled."""
    p = game.player(seat)
    before = entry.damage if entry is not None else 0
    return p.cubes - before >= n and len(p.damage) + before + n < game.health


def _swords(game, seat: int, entry: Any) -> int:
    return entry.swords if entry is not None else game.player(seat).pool.get("swords", 0)


# -- fights on entry and later (U2, U3, U16) -------------------------------------------------
def _foe_may_enter(key: str, swords: int, damage: int, rule: str):
    def may_enter(game, seat, room, _arg, entry):
        if not game.room_state(room).get(key):
            return None
        if _swords(game, seat, entry) >= swords or _can_endure(game, seat, damage, entry):
            return None
        return f"you could neither fight it ({swords} Swords) nor take {damage} damage: you may not enter ({rule})"
    return may_enter


def _foe_enter(key: str, swords: int, damage: int):
    def on_enter(game, seat, room, _arg):
        if not game.room_state(room).get(key):
            return
        game.ask_later({"kind": FIGHT, "seat": seat, "room": room, "foe": key,
                        "prompt": f"fight it ({swords} Swords) or take {damage} damage"})
    return on_enter


def _fight_legal(game, d: dict[str, Any]) -> list:
    seat, room, foe = d["seat"], d["room"], d["foe"]
    if not game.room_state(room).get(foe) or game.player(seat).room != room or not game.is_live(seat):
        return [act("done")]
    swords, damage = (GUARDIAN_SWORDS, GUARDIAN_DAMAGE) if foe == "guardian" else (HARPY_SWORDS, HARPY_DAMAGE)
    out = []
    if game.player(seat).pool.get("swords", 0) >= swords:
        out.append(act("fight"))
    if game.can_take_damage(seat, damage):
        out.append(act("endure"))
    return out or [act("endure")]


def _fight_resolve(game, d: dict[str, Any], action) -> None:
    seat, room, foe = d["seat"], d["room"], d["foe"]
    if action.kind == "fight":
        defeat(game, seat, room, foe)
    elif action.kind == "endure":
        n = GUARDIAN_DAMAGE if foe == "guardian" else HARPY_DAMAGE
        game.say(f"{game.name(seat)} takes {n} damage from the {'Guardian' if foe == 'guardian' else 'harpy'}.")
        game.damage(seat, n, log=False)              # the line above says it


def defeat(game, seat: int, room: str, foe: str) -> None:
    """Pay the Swords and defeat the Guardian or the harpy of the room."""
    if foe == "guardian":
        game.pay(seat, {"swords": GUARDIAN_SWORDS})
        guardian_defeated(game, seat, room)
    else:
        game.pay(seat, {"swords": HARPY_SWORDS})
        harpy_defeated(game, seat, room)


def _fight_actions(key: str, swords: int):
    def actions(game, seat, room, _arg):
        if game.room_state(room).get(key) and game.player(seat).pool.get("swords", 0) >= swords:
            return [act("room", key, "fight")]
        return []
    return actions


def _fight_unavailable(key: str, swords: int, name: str):
    def unavailable(game, seat, room, _arg):
        have = game.player(seat).pool.get("swords", 0)
        if game.room_state(room).get(key) and have < swords:
            return f"fighting the {name} here takes {swords} Swords; you have {have}"
        return None
    return unavailable


def _fight_apply(key: str):
    def apply(game, seat, room, _arg, _action):
        defeat(game, seat, room, key)
    return apply


# -- the Guardian and the enhancers (U2-U6) --------------------------------------------------
def guardian_place(game, room: str, _arg: Any) -> None:
    tokens = _take_all(game, "guardian")
    if tokens:
        game.room(room)["guardian"] = tokens[0]


def enhancers_place(game, room: str, _arg: Any) -> None:
    toks = game.token_defs
    game.room(room)["enhancers"] = sorted(_take_all(game, "enhancer"), key=lambda t: -toks[t].ext["enhancer"])


def guardian_defeated(game, seat: int, room: str) -> None:
    """U4: the defeater may take the 2× enhancer and the Guardian as a trophy."""
    state = game.room(room)
    state["guardian_trophy"] = state.pop("guardian")     # until the defeater decides (U4)
    state["defeated_by"] = seat
    game.bump(seat, "guardian_defeated")
    game.say(f"{game.name(seat)} defeats Kerberos, the Underworld Guardian!")
    game.ask_later({"kind": REWARD, "seat": seat, "room": room,
                    "prompt": "take the ×2 enhancer and the Guardian trophy?"})


def _double(game, room: str) -> str | None:
    toks = game.token_defs
    return next((t for t in game.room_state(room).get("enhancers", []) if toks[t].ext["enhancer"] == 2), None)


def _reward_legal(game, d: dict[str, Any]) -> list:
    can_double = _double(game, d["room"]) is not None and not game.counts_as(d["seat"], "enhancer")
    return [act(x) for x in (("both", "enhancer") if can_double else ()) + ("trophy", "neither")]


def _reward_resolve(game, d: dict[str, Any], action) -> None:
    seat, room = d["seat"], d["room"]
    double = _double(game, room)
    if action.kind in ("both", "enhancer") and double:
        game.room(room)["enhancers"].remove(double)
        take_enhancer(game, seat, double)
    elif double:                                    # default U5(c): a declined 2× leaves the game
        game.room(room)["enhancers"].remove(double)
        game.token_box.append(double)
    trophy = game.room(room).pop("guardian_trophy")
    if action.kind in ("both", "trophy"):
        p = game.player(seat)
        p.artifacts.append(trophy)                  # an extra artifact outside the carry limit (U4)
        game.emit("token_taken", seat=seat, token=trophy)
        game.rage(1)
        game.say(f"{game.name(seat)} takes the Guardian as a trophy. The dragon grows angrier.")
    else:                                           # default U4(b): no rage change
        game.token_box.append(trophy)


def take_enhancer(game, seat: int, token: str) -> None:
    game.bump(seat, "enhancers")
    game.say(f"{game.name(seat)} takes the {game.token_defs[token].name}.")
    game.take_token(seat, token)


def enhancer_actions(game, seat: int, room: str, _arg: Any) -> list:
    """U5: after the defeat, any player in the room may take a 1.5× one, one enhancer each."""
    state = game.room(room)
    if state.get("guardian") or game.counts_as(seat, "enhancer"):
        return []
    toks = game.token_defs
    left = sorted({t for t in state.get("enhancers", []) if toks[t].ext["enhancer"] != 2})
    return [act("room", "enhancers", t) for t in left]


def enhancer_unavailable(game, seat: int, room: str, _arg: Any) -> str | None:
    """Why no enhancer is offered (U5)."""
    state = game.room_state(room)
    if not state.get("enhancers"):
        return None
    if state.get("guardian"):
        return "the enhancers are taken only once Kerberos is defeated"
    if game.counts_as(seat, "enhancer"):
        return "you hold an enhancer already: one per player"
    return None


def enhancer_apply(game, seat: int, room: str, _arg: Any, action) -> None:
    token = action.args[1]
    game.room(room)["enhancers"].remove(token)
    take_enhancer(game, seat, token)


def best_artifact(game, seat: int) -> int:
    toks = game.token_defs
    return max((toks[a].value or points_value(game, seat, toks[a].points) for a in game.player(seat).artifacts),
               default=0)


def factor(game, seat: int) -> Fraction:
    toks = game.token_defs
    found = [Fraction(str(toks[t].ext["enhancer"])) for t in game.player(seat).tokens if toks[t].ext["enhancer"]]
    return max(found, default=Fraction(1))


def enhanced_best(game, seat: int) -> int:
    """U6: the best artifact times the enhancer's factor, rounded up."""
    return math.ceil(best_artifact(game, seat) * factor(game, seat))


def enhancer_points(game, seat: int) -> list[tuple[str, int]]:
    if factor(game, seat) == 1:
        return []
    return [("enhancer", enhanced_best(game, seat) - best_artifact(game, seat))]


# -- the magic lyre (U7) -----------------------------------------------------------------------
def lyre_place(game, room: str, _arg: Any) -> None:
    game.room(room)["lyre"] = _take_all(game, "lyre")


def lyre_actions(game, seat: int, room: str, _arg: Any) -> list:
    lyre = game.room_state(room).get("lyre")
    if not lyre or game.carried_artifacts(seat) >= game.artifact_limit(seat):
        return []
    return [act("room", "lyre", lyre[0])]


def lyre_unavailable(game, seat: int, room: str, _arg: Any) -> str | None:
    """U7, P6: the lyre is an artifact: not taken with hands already full."""
    if not game.room_state(room).get("lyre"):
        return None
    limit = game.artifact_limit(seat)
    if game.carried_artifacts(seat) >= limit:
        what = "an artifact" if limit == 1 else f"{limit} artifacts"
        return f"the magic lyre is an artifact, and you already carry {what}, as many as you may"
    return None


def lyre_apply(game, seat: int, room: str, _arg: Any, action) -> None:
    token = action.args[1]
    game.room(room)["lyre"].remove(token)
    game.player(seat).artifacts.append(token)
    game.emit("token_taken", seat=seat, token=token)
    game.rage(1)
    game.say(f"{game.name(seat)} takes the magic lyre! The dragon grows angrier.")


# -- the Imp Assistants (U8-U10) --------------------------------------------------------------
def library_place(game, room: str, _arg: Any) -> None:
    toks = game.token_defs
    game.room(room)["imps"] = sorted(_take_all(game, "imp"), key=lambda t: -toks[t].value)   # ×4 on top


def library_enter(game, seat: int, room: str, _arg: Any) -> None:
    """U8: the first entry takes the top imp, unless you hold one; later entries give nothing."""
    me = mine_to_write(game.player(seat))
    if me.get("library_visited"):
        return
    me["library_visited"] = True
    imps = game.room(room).get("imps", [])
    if imps and not game.counts_as(seat, "imp"):
        imp = imps.pop(0)
        game.bump(seat, "imps")
        game.say(f"{game.name(seat)} must take the {game.token_defs[imp].name}.")
        game.take_token(seat, imp)


def _tome_tax(game, event: dict[str, Any]) -> None:
    """U9: a holder of an imp who gains a Secret Tome, or a card that counts as one, puts two
    dungeon row cards of their choice in the dungeon discard (all if fewer)."""
    seat, card = event["seat"], event["card"]
    if "secret_tome" not in game.card_defs[card].counts_as or not game.counts_as(seat, "imp"):
        return
    game.ask_later({"kind": TAX, "seat": seat, "left": 2, "src": card,
                    "prompt": "the imp's tax: put a dungeon row card in the dungeon discard"})


def _tax_legal(game, d: dict[str, Any]) -> list:
    return [act("slot", i) for i, c in enumerate(game.row) if c is not None] or [act("done")]


def _tax_resolve(game, d: dict[str, Any], action) -> None:
    if action.kind == "done":
        return
    row = game.row
    slot = int(action.args[0])
    card = row[slot]
    row[slot] = None
    game.dungeon_discard.append(card)
    game.say(f"The imp's tax: {game.card_defs[card].name} goes to the dungeon discard.")
    if d["left"] > 1 and any(c is not None for c in row):
        game.ask({**d, "left": d["left"] - 1})


# -- the Underworld Prison (U14) ---------------------------------------------------------------
def prison_place(game, room: str, _arg: Any) -> None:
    token = game.draw_token("prisoner")
    if token:
        game.room(room)["prisoner"] = token


def prison_enter(game, seat: int, room: str, _arg: Any) -> None:
    token = game.room(room).pop("prisoner", None)
    if token:
        game.say(f"{game.name(seat)} frees the {game.token_defs[token].name} from the Underworld Prison.")
        game.take_token(seat, token)


# -- harpies and the Matriarch (U15-U18) ---------------------------------------------------------
def harpy_place(game, room: str, _arg: Any) -> None:
    token = game.draw_token("harpy")
    if token:
        game.room(room)["harpy"] = token


def harpy_defeated(game, seat: int, room: str) -> None:
    """U17: the harpy becomes a trophy; undercoins equal to the harpy trophies now held."""
    token = game.room(room).pop("harpy")
    game.bump(seat, "harpies_defeated")
    game.take_token(seat, token)
    n = q_harpy_trophies(game, seat)
    game.say(f"{game.name(seat)} defeats a harpy.", seat)
    game.gain(seat, UNDERCOINS, n)                   # joins the line: "...: gains 2 undercoins."
    me = mine_to_write(game.player(seat))
    me["harpy_coins"] = me.get("harpy_coins", 0) + n


def op_keep_as_trophy(ctx, _arg: Any) -> None:
    """U18 default: the defeated card leaves the dungeon discard for the defeater's trophies."""
    pile = ctx.game.dungeon_discard
    if ctx.src in pile:
        del pile[len(pile) - 1 - pile[::-1].index(ctx.src)]
        me = mine_to_write(ctx.player)
        me.setdefault("trophies", []).append(ctx.src)
        ctx.game.bump(ctx.seat, "harpies_defeated")
        me["harpy_coins"] = me.get("harpy_coins", 0) + 2


def trophy_points(game, seat: int) -> list[tuple[str, int]]:
    cards = game.card_defs
    out: dict[str, int] = {}
    for c in trophies(game, seat):
        out[cards[c].name] = out.get(cards[c].name, 0) + points_value(game, seat, cards[c].points)
    return sorted(out.items())


# -- lakes and towers (U19, U20) -----------------------------------------------------------------
def lake_enter(game, seat: int, room: str, _arg: Any) -> None:
    if game.claim_room_reward(seat, room):
        game.ask_pick(seat, room, "trash", ["play", "discard"], 1, optional=True, minimum=0)


def tower_turn_start(game, seat: int, room: str, _arg: Any) -> None:
    game.gain(seat, "boots", 1)
    game.say(f"{game.name(seat)} starts the turn in a tower: 1 Boot.")


# -- registration ---------------------------------------------------------------------------------
def room_tokens(game, tokens: list[str]) -> list[str]:
    """Tokens waiting in Underworld rooms (for the check of a loaded state)."""
    out = list(tokens)
    for state in game.rooms.values():
        out += [state[k] for k in (*ROOM_KEYS, "ladder_token", "chute_token") if state.get(k)]
        for k in ROOM_LISTS:
            out += state.get(k, ())
    return out


def carried(game, n: int, seat: int) -> int:
    """U4: the Guardian trophy does not count toward the artifact limit."""
    toks = game.token_defs
    return n - sum(1 for a in game.player(seat).artifacts if toks[a].ext["outside_carry_limit"])


def features() -> list[RoomFeatureDef]:
    return [
        RoomFeatureDef("guardian", "Kerberos: entering while it is here, fight it (3 Swords) or take 2 damage; "
                       "no entry if you can do neither; fight it later while here (U2-U4).",
                       on_place=guardian_place, on_enter=_foe_enter("guardian", GUARDIAN_SWORDS, GUARDIAN_DAMAGE),
                       may_enter=_foe_may_enter("guardian", GUARDIAN_SWORDS, GUARDIAN_DAMAGE, "U3"),
                       actions=_fight_actions("guardian", GUARDIAN_SWORDS), apply=_fight_apply("guardian"),
                       unavailable=_fight_unavailable("guardian", GUARDIAN_SWORDS, "Guardian")),
        RoomFeatureDef("enhancers", "The artifact enhancers ×2, ×1.5, ×1.5: the ×2 for the Guardian's defeater, "
                       "then a ×1.5 for each of two other players here, one per player (U5).",
                       on_place=enhancers_place, actions=enhancer_actions, apply=enhancer_apply,
                       unavailable=enhancer_unavailable),
        RoomFeatureDef("lyre", "The magic lyre, a 16-point artifact chained here: take it only here (U7).",
                       on_place=lyre_place, actions=lyre_actions, apply=lyre_apply, unavailable=lyre_unavailable),
        RoomFeatureDef("imp_library", "The Forbidden Library: your first entry takes the top Imp Assistant "
                       "unless you hold one (U8).", on_place=library_place, on_enter=library_enter),
        RoomFeatureDef("underworld_prison", "The first player to enter frees its prisoner, no lockpick (U14).",
                       on_place=prison_place, on_enter=prison_enter),
        RoomFeatureDef("harpy", "A harpy from the bank when placed; entering while it is here, fight it "
                       "(2 Swords) or take 1 damage; no entry if you can do neither (U15-U17).",
                       on_place=harpy_place, on_enter=_foe_enter("harpy", HARPY_SWORDS, HARPY_DAMAGE),
                       may_enter=_foe_may_enter("harpy", HARPY_SWORDS, HARPY_DAMAGE, "U16"),
                       actions=_fight_actions("harpy", HARPY_SWORDS), apply=_fight_apply("harpy"),
                       unavailable=_fight_unavailable("harpy", HARPY_SWORDS, "harpy")),
        RoomFeatureDef("lake", "Entering: you may trash a card from your play area or discard pile, once "
                       "per turn (U19).", on_enter=lake_enter),
        RoomFeatureDef("tower", "Starting your turn here gains 1 Boot (U20).", on_turn_start=tower_turn_start),
    ]


def register_content(registry: Registry) -> None:
    key = registry.add_content_key
    key("tokens", "enhancer", {"title": "enhancer factor", "type": "number", "minimum": 1}, default=0,
        doc="An artifact enhancer: your best artifact counts this many times at the end, rounded up (U6).")
    key("tokens", "outside_carry_limit", {"title": "outside the carry limit", "type": "boolean"}, default=False,
        doc="An artifact that does not count toward the artifact limit (the Guardian trophy, U4).")


def register_ops(registry: Registry) -> None:
    registry.add_op("keep_as_trophy", op_keep_as_trophy, {"type": "null"},
                    "Defeat only: the card leaves the dungeon discard for your trophies (Harpy Matriarch, U18).",
                    "keep_as_trophy")


def register_actions(registry: Registry) -> None:
    registry.add_decision_kind(FIGHT, _fight_legal, _fight_resolve,
                               "fight the Guardian or a harpy on entering its room, or take its damage")
    registry.add_decision_kind(REWARD, _reward_legal, _reward_resolve,
                               "take the ×2 enhancer and the Guardian trophy (both, one, neither)")
    registry.add_decision_kind(TAX, _tax_legal, _tax_resolve, "the imp's tax: a row card to the dungeon discard")
    registry.add_action_forms(FIGHT, "fight", "endure", "done")
    registry.add_action_forms(REWARD, "both", "enhancer", "trophy", "neither")
    registry.add_action_forms(TAX, "slot <slot>", "done")
    registry.add_action_forms("turn", "room guardian fight", "room harpy fight", "room enhancers <token:enhancer>",
                              "room lyre <token:lyre>")


def register_reactions(registry: Registry) -> None:
    for name, doc in (("guardian_defeated", "The Underworld Guardian defeated (U4)."),
                      ("harpies_defeated", "Harpies (and the Harpy Matriarch) defeated (U17, U18)."),
                      ("enhancers", "Artifact enhancers taken (U5)."),
                      ("imps", "Imp Assistants taken (U8)."),
                      ("fate_cards", "Fate cards kept (U11).")):
        registry.add_stat(name, doc)
    registry.listen("card_gained", _tome_tax)
    registry.add_modifier("tokens_elsewhere", room_tokens)
    registry.add_modifier("artifacts_carried", carried)
    registry.add_modifier("cards_elsewhere", lambda game, cards: cards + [
        c for p in game.players for c in trophies(game, p.seat)])


def register_scoring(registry: Registry) -> None:
    registry.add_scorer(enhancer_points)
    registry.add_scorer(trophy_points)
    registry.add_tiebreaker(enhanced_best)
