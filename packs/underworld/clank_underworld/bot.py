"""What the greedy bot (the base game's) values in the Underworld, taught through the values the
base pack declares for it (``greedy_goals``, ``greedy_costs``, ``greedy_explore``,
``greedy_action``, ``greedy_answer``, ``greedy_card_values``): every function here receives the
deciding seat's view, never the game.

Goals: the lyre, the Guardian (with Swords to fight it, more so with an artifact to enhance), a
1.5× enhancer, the imps' library, the prison, a fate room, undercoin rooms, harpies (with
Swords) and Underworld markets worth a purchase; so the bot goes down a ladder or a chute when
such a goal is near, and, once its goals are done, its base plan takes it back up to the Crypt
(ladders up, the return portal). Actions: take the lyre, fight the Guardian and harpies, take an
enhancer, buy what is worth it. Answers: keep the fate card worth most now, fight rather than
take damage, take both of the Guardian's rewards, tax the row's priciest cards. Cards: those
that give Swords are worth more in a deck (the Guardian asks 3, a harpy 2).
"""

from __future__ import annotations

from typing import Any

from clank.plugin import LIVE, Action

from clank_underworld.common import REGION, below, mine

# what a fate card is roughly worth when kept (conditional ones are estimated in _fate_value)
FATE_FLAT = {"fate-temperance": 4, "fate-tower": 5, "fate-judgement": 3, "fate-hanged-man": 6,
             "fate-chariot": 3, "fate-star": 3, "fate-devil": 3, "fate-wheel-of-fortune": 6,
             "fate-emperor": 4}
ITEM_PREFERENCE = ("jesters-cap", "gauntlets-of-destiny", "uw-blood-amulet", "river-boat", "boots-of-the-wind")


def _owned(view) -> list[str]:
    p = view.me
    return [*p.deck, *p.hand, *p.play, *p.discard]


def _escaping(view) -> bool:
    p = view.me
    return bool(p.artifacts) and (view.carried_artifacts(view.seat) >= view.artifact_limit(view.seat)
                                  or len(p.damage) >= 5 or view.rage >= 4)


STAY = 2            # turns begun below after which the bot seeks nothing more there
HEALTHY = 3         # damage up to which the bot goes after the Underworld's goals
# bonuses (in Boots of detour) of the small goals, sought only with an undercoin for the toll
IMPS, PRISON, HARPY, FATE, COIN = 1.5, 1.5, 2.0, 2.0, 1.0
LYRE = 4.0          # the lyre, for a bot with no artifact yet
SCALE = {2: 1.75, 3: 1.25}  # with fewer rivals the Underworld is roomier: its goals weigh more
LYRE_BELOW = 6      # damage up to which a bot already below still goes for the lyre
SWORD_CARD = 1.0    # what a card is worth more in a deck, per Sword it gives (greedy_card_values)


def goals(view, found: dict[str, float], seat: int) -> dict[str, float]:
    """Rooms worth a detour, with their bonus in Boots."""
    if view.slot_layout(REGION) is None:
        return found
    p = view.me
    swords = p.pool.get("swords", 0)
    escaping = _escaping(view) or len(p.damage) > HEALTHY or p.stats.get("underworld_turns", 0) >= STAY
    coins = p.pool.get("undercoins", 0) + sum(view.token_defs[t].ext["worth_undercoins"] for t in p.tokens)
    minor = not escaping and coins > 0          # small goals only with the toll in hand
    has_art = bool(p.artifacts)
    fate_used = mine(p).get("fate_room_used")
    fates = sum(1 for t in p.tokens if "fate_card" in view.token_defs[t].counts_as)
    fate_room = 1 + view.counts_as(seat, "gauntlets")
    out = dict(found)
    scale = SCALE.get(len(view.players), 1.0)
    lyre_contested = _lyre_contested(view, seat)
    here_below = below(view, seat)

    def want(room: str, bonus: float) -> None:
        out[room] = max(out.get(room, -99.0), bonus * scale)

    for room, state in view.rooms.items():
        if not state:
            continue
        if state.get("guardian") and swords >= 3:
            want(room, 5.0 if has_art else 4.0)       # an enhancer for the artifact, or one to escape with
        if state.get("lyre") and view.carried_artifacts(seat) < view.artifact_limit(seat) and not has_art \
                and len(p.damage) <= (LYRE_BELOW if here_below else HEALTHY) and not lyre_contested:
            want(room, LYRE)                          # a 16-point artifact
        if not minor:
            continue
        if (not state.get("guardian") and state.get("enhancers") and not view.counts_as(seat, "enhancer")
                and any(view.token_defs[t].ext["enhancer"] != 2 for t in state["enhancers"])):
            want(room, 3.0 if has_art else 1.5)
        if state.get("imps") and not mine(p).get("library_visited") and not view.counts_as(seat, "imp"):
            want(room, IMPS)
        if state.get("prisoner"):
            want(room, PRISON)
        if state.get("harpy") and swords >= 2:
            want(room, HARPY)
    if minor:
        for room in view.placed_rooms():
            if view.room_has(room, "fate") and not fate_used and fates < fate_room:
                want(room, FATE)
            elif view.room_has(room, "reward_undercoin") and room not in view.turn.rewards:
                want(room, COIN)
    return out


def _lyre_contested(view, seat: int) -> bool:
    """Whether a rival with no artifact is already below (the lyre's one taker, most likely):
    a bot that follows it down and finds the lyre gone is far from every other artifact."""
    return any(other.seat != seat and other.status == LIVE and not other.artifacts and below(view, other.seat)
               for other in view.players)


def card_values(view, values: dict[str, float]) -> dict[str, float]:
    """Swords matter more below (the Guardian asks 3, a harpy 2): cards that give them are worth
    ``SWORD_CARD`` more each Sword."""
    if view.slot_layout(REGION) is None or not SWORD_CARD:
        return values
    out = dict(values)
    for cid in out:
        out[cid] += SWORD_CARD * _swords_given(view.card_defs[cid].data.get("play"))
    return out


def _swords_given(play: Any) -> int:
    """The Swords a card's play effect gains outright (its plain ``gain`` steps)."""
    steps = play if isinstance(play, list) else [play]
    return sum(int(step["gain"].get("swords", 0)) for step in steps
               if isinstance(step, dict) and isinstance(step.get("gain"), dict))


def costs(view, found: dict[str, float], seat: int) -> dict[str, float]:
    """Rooms whose entry means a fight the bot cannot win now cost the damage it would take."""
    if view.slot_layout(REGION) is None:
        return found
    swords = view.me.pool.get("swords", 0)
    out = dict(found)
    for room, state in view.rooms.items():
        if state.get("guardian") and swords < 3:
            out[room] = out.get(room, 0.0) + 4.0
        elif state.get("harpy") and swords < 2:
            out[room] = out.get(room, 0.0) + 2.0
    return out


def explore(view, worth: bool, seat: int, region: str) -> bool:
    """No artifact waits to be discovered in the Underworld (the lyre is on its start tile)."""
    return worth and region != REGION


def action(view, chosen: Action | None, seat: int, acts: list[Action]) -> Action | None:
    """Take the lyre, fight the Guardian or a harpy, take an enhancer, buy a worthwhile item."""
    if chosen is not None:
        return chosen
    rooms = {a.args[0]: a for a in acts if a.kind == "room"}
    for key in ("lyre", "guardian", "enhancers", "harpy"):
        if key in rooms:
            return rooms[key]
    buys = {a.args[1]: a for a in acts if a.kind == "room" and a.args[0] == "underworld-market" and len(a.args) == 2}
    stumbles = _owned(view).count("stumble")
    for item in ITEM_PREFERENCE:
        if item in buys and (item != "jesters-cap" or stumbles >= 2):
            return buys[item]
    lamp = next((a for a in acts if a.kind == "room" and a.args[:2] == ("market", "river-lamp")), None)
    if lamp is not None and not any(a.kind == "room" and a.args[0] == "market" and a.args[1].startswith(("crown", "backpack"))
                                    for a in acts):
        return lamp
    return None


def _fate_value(view, card: str) -> float:
    seat = view.seat
    p = view.me
    owned = _owned(view)
    cards = view.card_defs
    if card in FATE_FLAT:
        return FATE_FLAT[card]
    if card == "fate-fool":
        return 10.0 if owned.count("stumble") == 2 else 0.0
    if card == "fate-magician":
        return min(12, 3 * sum(1 for c in owned if cards[c].type == "gem"))
    if card == "fate-high-priestess":
        return min(12, 3 * view.counts_as(seat, "secret_tome"))
    if card == "fate-empress":
        return 6.0 if view.counts_as(seat, "crown") else 2.0
    if card == "fate-hierophant":
        return 2.0 * p.stats.get("wayshrines_marked", 0)
    if card == "fate-lovers":
        return min(10, 2 * sum(1 for c in owned if cards[c].type == "companion"))
    if card == "fate-strength":
        return 2.0 * view.counts_as(seat, "harpy_trophy") + (4.0 if "guardian-trophy" in p.artifacts else 0.0)
    if card == "fate-hermit":
        return 7.0 if len(owned) <= 14 else 0.0
    if card == "fate-justice":
        return min(12, 2 * sum(1 for t in p.tokens if view.token_defs[t].data.get("prisoner")))
    if card == "fate-death":
        return min(10, 2 * p.stats.get("cards_trashed", 0))
    if card == "fate-moon":
        return min(10, p.pool.get("undercoins", 0))
    if card == "fate-sun":
        return min(8, p.gold // 3)
    if card == "fate-world":
        return 3.0 * sum(1 for k in ("monkey_idol", "crown", "secret_tome", "harpy_trophy") if view.counts_as(seat, k))
    return 2.0


def answer(view, chosen: Action | None, decision: dict[str, Any], acts: list[Action]) -> Action | None:
    if chosen is not None:
        return chosen
    kind = decision["kind"]
    if kind == "fate_keep":
        return max((a for a in acts if a.kind == "keep"), key=lambda a: _fate_value(view, a.args[0]), default=None)
    if kind == "fate_cross":
        best, best_gain = Action("none"), 0.0
        for a in acts:
            if a.kind == "keep":
                gain = _fate_value(view, a.args[0])
            elif a.kind == "swap":
                gain = _fate_value(view, a.args[1]) - _fate_value(view, a.args[0]) - 1.0
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best
    if kind == "uw_fight":
        return Action("fight") if Action("fight") in acts else None
    if kind == "guardian_reward":
        return Action("both") if Action("both") in acts else Action("trophy")
    if kind == "imp_tax":
        row = view.row
        slots = [a for a in acts if a.kind == "slot"]
        if slots:
            return max(slots, key=lambda a: sum(view.card_defs[row[int(a.args[0])]].cost.values()))
    return None


def register_reactions(registry) -> None:
    registry.add_modifier("greedy_goals", goals)
    registry.add_modifier("greedy_costs", costs)
    registry.add_modifier("greedy_explore", explore)
    registry.add_modifier("greedy_action", action)
    registry.add_modifier("greedy_answer", answer)
    registry.add_modifier("greedy_card_values", card_values)
