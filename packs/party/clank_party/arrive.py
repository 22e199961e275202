"""Arrive Choice (P16; expansions-design.md 5.7): when the card arrives in the dungeon row,
every live player decides in turn.

``arrive: [arrive_choice: {options: [...]}]``: one option (take it or decline) or two (pick
one). The order starts with the player about to take a turn (the refill at the end of a
turn), or with the current player when the card arrives during a turn, and goes clockwise;
each player sees the earlier choices. An option guarded by ``if`` (``can_pay``,
``can_take_damage``, ``reserve_has`` ...) that does not hold cannot be picked; a player with
no option to pick is not asked and nothing happens to them. Out players make no choice.
"""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, act

from clank_party.options import PACK

ASK_STEP = "party_arrive_choice"
DECISION = "arrive_choice"
DECLINE = "decline"


def _compile(arg: dict[str, Any], compiler: Any) -> dict[str, Any]:
    options = []
    for opt in arg["options"]:
        cond = compiler.condition(opt["if"]) if "if" in opt else None
        options.append([opt["label"], None if cond is None else cond.index, list(compiler.effect(opt["do"]))])
    return {"options": options, "single": len(options) == 1}


def order(game) -> list[int]:
    """Who chooses, in order: from the player about to take a turn (between turns) or the
    current player (during a turn, and at setup: the first player), clockwise, live only."""
    current = game.current
    start = (current + 1) % game.seat_count if game.turn.phase == "end" else current
    return game.clockwise_live(start)


def op_arrive_choice(ctx, args: dict[str, Any]) -> None:
    game, card = ctx.game, ctx.src
    seats = order(game)
    ext = game.ext.setdefault(PACK, {})
    arrival = ext["arrivals"] = ext.get("arrivals", 0) + 1
    game.emit("arrive_choice_opened", card=card, seats=list(seats), arrival=arrival)
    for seat in reversed(seats):
        game.push_step(ASK_STEP, seat, {"card": card, "arrival": arrival, **args})


def feasible(game, seat: int, options: list) -> list[int]:
    """The options ``seat`` can carry out in full now (P16: the others cannot be picked)."""
    held = game.compiled_condition
    return [i for i, (_, cond, _) in enumerate(options) if cond is None or held(cond)(game, seat)]


def _step_ask(game, seat: int, data: dict[str, Any]) -> None:
    card = game.card_defs[data["card"]]
    if not game.is_live(seat):
        return
    options = data["options"]
    ok = feasible(game, seat, options)
    if not ok:
        game.say(f"{game.name(seat)} cannot choose anything for {card.name}.")
        return
    labels = [options[i][0] for i in ok]
    bodies = [options[i][2] for i in ok]
    if data["single"]:
        labels.append(DECLINE)
        bodies.append([])
        ok = [*ok, len(options)]             # decline: the place after the card's options
    # numbers: each listed option's place in the card's list (learning environments key it so)
    game.ask({"kind": DECISION, "seat": seat, "src": data["card"], "labels": labels, "bodies": bodies,
              "numbers": ok, "arrival": data["arrival"],
              "prompt": f"{card.name} arrives: {' or '.join(labels)}?"})


def _legal(game, d: dict[str, Any]) -> list:
    return [act("option", i) for i in range(len(d["labels"]))]


def _resolve(game, d: dict[str, Any], action) -> None:
    seat, i = d["seat"], int(action.args[0])
    choice = d["labels"][i]
    game.bump(seat, "arrive_choices")
    name = game.card_defs[d["src"]].name
    game.say(f"{game.name(seat)} ({name}): {'declines' if choice == DECLINE else choice}.")
    game.emit("arrive_choice_made", seat=seat, card=d["src"], choice=choice, arrival=d["arrival"])
    game.push(tuple(d["bodies"][i]), seat, d["src"])


def _prompt(game, d: dict[str, Any]) -> str:
    return d["prompt"]


def _label(view, d: dict[str, Any], action) -> str:
    choice = d["labels"][int(action.args[0])]
    return "decline" if choice == DECLINE else choice


OPTION = {
    "type": "object", "required": ["label", "do"], "additionalProperties": False,
    "properties": {
        "label": {"title": "label", "description": "The option as a player reads it.", "type": "string"},
        "if": {"title": "if", "description": "The option can be picked only while this holds (P16: an option "
                                             "that cannot be carried out in full).",
               "$ref": "condition.schema.json#/definitions/condition"},
        "do": {"title": "ops", "description": "What choosing it does, for the player choosing.",
               "$ref": "effect.schema.json#/definitions/effect"},
    },
}


def register_ops(registry: Registry) -> None:
    registry.add_op("arrive_choice", op_arrive_choice,
                    {"type": "object", "required": ["options"], "additionalProperties": False,
                     "properties": {"options": {"title": "options", "description": "One option (take it or "
                                                "decline) or two (pick one).", "type": "array",
                                                "minItems": 1, "maxItems": 2, "items": OPTION}}},
                    "ARRIVE CHOICE (P16), in an `arrive` effect: every live player in turn, from the player "
                    "about to take a turn (or the current player during a turn), picks an option they can "
                    "carry out; with one option they may decline.",
                    {"arrive_choice": {"options": [{"label": "pay 1 gold", "if": {"can_pay": {"gold": 1}},
                                                    "do": [{"pay": {"gold": 1}}]},
                                                   {"label": "make 1 Clank!", "do": [{"clank": 1}]}]}},
                    compile=_compile)


def register_actions(registry: Registry) -> None:
    registry.add_step(ASK_STEP, _step_ask, "P16: one player's Arrive Choice (skipped when they can pick nothing).")
    registry.add_decision_kind(DECISION, _legal, _resolve, "choose for a card arriving in the row (P16)",
                               prompt=_prompt, label=_label)
    registry.add_action_forms(DECISION, "option <card> <0..2>")


def register_reactions(registry: Registry) -> None:
    registry.add_event("arrive_choice_opened", "An Arrive Choice card arrived: the live players who choose, "
                       "in order (P16).", ("card", "seats", "arrival"))
    registry.add_event("arrive_choice_made", "A player made an Arrive Choice (`choice`: the option's label, "
                       "or decline).", ("seat", "card", "choice", "arrival"))
    registry.add_stat("arrive_choices", "Arrive Choices made (P16).")
