"""Token rules (G1, T14): using a "during your turn" token, cashing a gold-value token,
prisoners (counted when freed, G14), lasting abilities (the Catacombs Map, G15) and tokens
triggered by entering a room (the Mystery Box, G26).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, act

from clank_catacombs import labels

IGNORE_ONE_WAY = "ignore_one_way"


def use_actions(game, seat):
    held = game.player(seat).tokens
    if not held:
        return []
    toks = game.token_defs
    seen = []
    for t in held:
        if toks[t].use and t not in seen and (toks[t].use_if is None or toks[t].use_if(game, seat)):
            seen.append(t)
    if not seen:                       # most tokens held are not used (listed at every decision)
        return []
    return [act("token", t) for t in sorted(seen)]


def use_apply(game, seat, action):
    token = action.args[0]
    game.player(seat).tokens.remove(token)
    game.token_box.append(token)
    game.say(f"{game.name(seat)} uses {game.article(game.token_defs[token].name)}.", seat)
    game.push(game.token_defs[token].use, seat, token)


def cash_actions(game, seat):
    held = game.player(seat).tokens
    if not held:
        return []
    toks = game.token_defs
    worth = set()                      # a loop: listed at every decision, most tokens held are worth no gold
    for t in held:
        if toks[t].worth_gold:
            worth.add(t)
    return [act("cash", t) for t in sorted(worth)] if worth else []


def cash_apply(game, seat, action):
    token = action.args[0]
    game.player(seat).tokens.remove(token)
    game.token_box.append(token)
    game.say(f"{game.name(seat)} trades {game.article(game.token_defs[token].name)}.", seat)
    game.gain(seat, "gold", game.token_defs[token].worth_gold)


# -- prisoners (G2-G14) ----------------------------------------------------------------------
def is_prisoner(tdef: Any) -> bool:
    """A prisoner: the token's ``prisoner`` key, else whether it comes from the prisoner pool
    (the Coupon is in that pool but is never a prisoner, G5)."""
    flag = tdef.ext["prisoner"]
    return tdef.pool == "prisoner" if flag is None else bool(flag)


def _count_prisoner(game, event: dict[str, Any]) -> None:
    if is_prisoner(game.token_defs[event["token"]]):
        game.bump(event["seat"], "prisoners_freed")


# -- lasting abilities (G15) -----------------------------------------------------------------
def _ignores_arrows(game, value: bool, seat: int) -> bool:
    if value:
        return value
    toks = game.token_defs
    for t in game.player(seat).tokens:     # a loop, not any(): asked for every move listed against an arrow
        if IGNORE_ONE_WAY in toks[t].ext["grants"]:
            return True
    return False


# -- tokens triggered by entering a room (G26) ------------------------------------------------
def _on_enter(game, event: dict[str, Any]) -> None:
    seat, room = event["seat"], event["room"]
    p = game.player(seat)
    toks = game.token_defs
    for t in list(p.tokens):
        trig = toks[t].ext["on_enter_feature"]
        if trig and game.room_has(room, trig[0]) and t in p.tokens:
            p.tokens.remove(t)
            game.token_box.append(t)
            game.push(trig[1], seat, t)


def _compile_on_enter(value: Any, compiler: Any) -> tuple[str, tuple[int, ...]] | None:
    if value is None:
        return None
    return value["feature"], compiler.effect(value.get("do"))


# -- registration --------------------------------------------------------------------------
def register_content(registry: Registry) -> None:
    registry.add_content_key("tokens", "prisoner", {"title": "prisoner", "type": "boolean"},
                             doc="Counts as a freed prisoner when taken (default: tokens of the prisoner pool).")
    registry.add_content_key("tokens", "grants",
                             {"title": "grants", "type": "array",
                              "items": {"enum": [IGNORE_ONE_WAY]}},
                             default=(), compile=lambda v, _c: tuple(v or ()),
                             doc="Lasting abilities the holder gains: ignore_one_way (normal moves may go "
                                 "against one-way arrows, G15).")
    registry.add_content_key("tokens", "on_enter_feature",
                             {"title": "on entering a feature", "type": "object", "required": ["feature", "do"],
                              "additionalProperties": False,
                              "properties": {
                                  "feature": {"title": "feature", "description": "A registered room feature name.",
                                              "type": "string", "pattern": "^[a-z_][a-z0-9_]*$", "x-ref": "feature"},
                                  "do": {"title": "ops", "description": "Ops resolved on entering.",
                                         "$ref": "effect.schema.json#/definitions/effect"}}},
                             compile=_compile_on_enter,
                             doc="The token leaves and its ops resolve the next time its holder enters a room "
                                 "with the feature (G26).")


def register_actions(registry: Registry) -> None:
    registry.add_action_kind("token", use_actions, use_apply, doc="Use a token during your turn (T14).",
                             label=labels.token_label)
    registry.add_action_kind("cash", cash_actions, cash_apply, doc="Exchange a gold-value token for gold (G1).",
                             label=labels.cash_label)
    registry.add_action_forms("turn", "token <token>", "cash <token>")


def register_reactions(registry: Registry) -> None:
    registry.add_stat("prisoners_freed", "Prisoners freed (G14; never the Coupon).")
    registry.listen("token_taken", _count_prisoner)
    registry.listen("entered_room", _on_enter)
    registry.add_modifier("ignore_one_way", _ignores_arrows)
