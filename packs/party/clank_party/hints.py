"""Teaching the base game's greedy bot what this pack adds, through the values its pack declares
(``greedy_answer``, ``greedy_action``): Arrive Choices, D'allan's Finds, Whiskers' tokens,
Inspire, Lenara's spells and D'allan's market from anywhere. Random bots need nothing; React
windows (the core's ``react`` decision: greedy says yes) and Agnet's conscription (yes/no)
need nothing either. Everything here reads the deciding seat's view."""

from __future__ import annotations

from typing import Any

from clank.plugin import Action, Registry

MARKET_PREFERENCE = ("crown", "backpack", "invisibility-cloak", "blood-amulet", "burglars-kit")


def _own_clank(view) -> int:
    return view.clank_area.get(str(view.seat), 0)


def _op_value(view, name: str, arg: Any) -> float:
    """A rough worth of one op for the deciding seat (Arrive Choice options)."""
    me = view.me
    hurt = len(me.damage)
    if name == "gain":
        worth = {"gold": 1.0, "lockpicks": 1.5, "skill": 0.8, "swords": 0.6, "boots": 0.8}
        return sum(worth.get(res, 0.5) * int(n) for res, n in arg.items())
    if name == "pay":
        return -1.0 * sum(int(n) for n in arg.values())
    if name == "clank":
        n = int(arg)
        return -n * (1.6 if _own_clank(view) >= 3 or view.rage >= 3 else 0.9) if n > 0 else -n * 0.5
    if name == "damage":
        return -int(arg) * (4.0 if hurt + int(arg) >= view.health - 3 else 1.5)
    if name == "heal":
        return min(int(arg), hurt) * 2.5
    if name == "gain_card":
        return 1.2
    return 0.0


def _body_value(view, body: list[int]) -> float:
    total = 0.0
    for addr in body:
        src = view.compiled_op(addr).source
        if isinstance(src, dict):
            (name, arg), = src.items()
            total += _op_value(view, name, arg)
    return total


def arrive_choice(view, actions: list[Action]) -> Action | None:
    d = view.pending() or {}
    bodies = d.get("bodies")
    if not bodies:
        return None
    best = max(actions, key=lambda a: (_body_value(view, bodies[int(a.args[0])]), -int(a.args[0])))
    return best


def find_reward(view, actions: list[Action]) -> Action | None:
    by = {a.args[0]: a for a in actions}
    if "idol" in by and ("burgle" in view.me.discard or "burgle" in view.me.play):
        return by["idol"]
    if "egg" in by and _own_clank(view) >= 2:
        return by["egg"]
    if "artifact" in by and view.me.gold >= 7:
        return by["artifact"]
    for name in ("egg", "idol", "crown", "artifact"):
        if name in by:
            return by[name]
    return None


def behaviour_flip(view, actions: list[Action]) -> Action | None:
    flips = [a for a in actions if a.kind == "flip"]
    if not flips:
        return None
    for res in ("boots", "skill", "swords"):
        for a in flips:
            if a.args[0] == res:
                return a
    return flips[0]


def topdeck_companion(view, actions: list[Action]) -> Action | None:
    picks = [a for a in actions if a.kind == "pick"]
    if not picks:
        return None
    cards = view.card_defs
    return max(picks, key=lambda a: cards[a.args[1]].cost.get("skill", 0))


def _card_worth(view, card: str) -> float:
    cdef = view.card_defs[card]
    return float(cdef.cost.get("skill", 0)) + (cdef.points if isinstance(cdef.points, int) else 0) * 0.5


def spell(view, actions: list[Action]) -> Action | None:
    """Lenara: Transfigure a Stumble away before playing it; once the hand is played, Levitate
    the best row card, else Duplicate the best card in play."""
    me = view.me
    by: dict[str, list[Action]] = {}
    for a in actions:
        by.setdefault(a.args[0], []).append(a)
    if "transfigure" in by and "stumble" in me.hand:
        return by["transfigure"][0]
    if me.hand:
        return None
    if "levitate" in by:
        best = max(by["levitate"], key=lambda a: _card_worth(view, view.row[int(a.args[1])]))
        if _card_worth(view, view.row[int(best.args[1])]) >= 4:
            return best
    if "duplicate" in by:
        return max(by["duplicate"], key=lambda a: _card_worth(view, a.args[1]))
    return None


def market_anywhere(view, actions: list[Action]) -> Action | None:
    for pref in MARKET_PREFERENCE:
        for a in actions:
            if a.args[0].startswith(pref):
                return a
    return None


ANSWERS = {"arrive_choice": arrive_choice, "find_reward": find_reward, "behaviour_flip": behaviour_flip,
           "topdeck_companion": topdeck_companion}
"""Decision kinds of this pack -> how the greedy bot answers them."""
ACTIONS = {"spell": spell, "market-anywhere": market_anywhere}
"""Main-action kinds of this pack -> which one the greedy bot takes (or None)."""


def greedy_answer(view, value: Any, decision: dict[str, Any], acts: list[Action]) -> Any:
    """The base game's greedy bot asks (its declared value ``greedy_answer``): this pack's
    decisions are answered here; another pack's answer is left alone."""
    advise = ANSWERS.get(decision.get("kind", ""))
    return value if value is not None or advise is None else advise(view, acts)


def greedy_action(view, value: Any, seat: int, acts: list[Action]) -> Any:
    """The base game's greedy bot asks (``greedy_action``, once its hand is played): Lenara's
    spells, D'allan's purchases from anywhere."""
    if value is not None:
        return value
    for kind, advise in ACTIONS.items():
        mine = [a for a in acts if a.kind == kind]
        pick = advise(view, mine) if mine else None
        if pick is not None:
            return pick
    return None


def register(registry: Registry) -> None:
    """Teach the base game's greedy bot through the values it declares (the catacombs pack,
    which this pack requires, declares them; a registry built without it gets nothing)."""
    for name, fn in (("greedy_answer", greedy_answer), ("greedy_action", greedy_action)):
        if name in registry.modifiables:
            registry.add_modifier(name, fn)
