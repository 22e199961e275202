"""How menus word this pack's decisions and actions (the label hooks of decision and action
kinds): read from the deciding seat's view, in a player's words, never ids or rule numbers."""

from __future__ import annotations

from typing import Any

from clank.plugin import Action

SPELL_WORDS = {"transfigure": "discard a card from your hand, then draw one",
               "duplicate": "its play text again", "levitate": "into your hand, without paying skill"}
FIND_WORDS = {"egg": "remove 2 Clank!", "idol": "trash a Burgle", "crown": "no Crystal Cave exhaustion this turn",
              "artifact": "buy market items from anywhere this turn"}


def _first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".")


def draft(view, d: dict[str, Any], action: Action) -> str:
    tdef = view.token_defs[action.args[0]]
    return f"play {tdef.name}: {_first_sentence(tdef.text)}"


def conscript(view, d: dict[str, Any], action: Action) -> str:
    name = view.card_defs[d["card"]].name
    return f"spend a conscription token: {name} on top of your deck" if action.kind == "yes" \
        else f"no, {name} goes to your discard pile"


def topdeck(view, d: dict[str, Any], action: Action) -> str:
    if action.kind == "done":
        return "leave your companions in play"
    return f"put {view.card_defs[action.args[1]].name} on top of your deck"


def find_reward(view, d: dict[str, Any], action: Action) -> str:
    name = action.args[0]
    return f"the {name} Find: {FIND_WORDS.get(name, 'its reward')}"


def behaviour_flip(view, d: dict[str, Any], action: Action) -> str:
    if action.kind != "flip":
        return "keep your behaviour tokens face up"
    return f"flip the {action.args[0]} token: +{d['n']} {action.args[0]}"


def spell(view, action: Action) -> str:
    name = action.args[0]
    costs = {}
    me = view.me
    cid = me.ext.get("party", {}).get("character")
    if cid:
        costs = view.token_defs[cid].ext["character"].get("spells", {})
    head = f"cast {name.capitalize()} ({costs.get(name, '?')} mana)"
    if name == "duplicate":
        return f"{head}: {view.card_defs[action.args[1]].name}, {SPELL_WORDS[name]}"
    if name == "levitate":
        slot = int(action.args[1])
        return f"{head}: acquire {view.card_defs[view.row[slot]].name} (slot {slot + 1}) {SPELL_WORDS[name]}"
    return f"{head}: {SPELL_WORDS[name]}"
