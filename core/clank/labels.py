"""The words players read: actions, answers, costs, rooms, cards and prompts, from one seat's view.

Every front end (the terminal table, line mode, the web table) words the game through these
functions, so a move reads the same everywhere: ``action_label(view, action)`` says what an
action does (``"acquire Rebel Scribe (slot 3): 1 skill"``) and never shows its machine text
(room and route ids, slot numbers from 0) nor rule ids. Packs word their own actions,
decision answers and room features with the ``label`` hooks of their action and decision
kinds and of :class:`~clank.registry.RoomFeatureDef`. Everything reads a
:class:`~clank.game.view.SeatView` (what that seat may see) and returns plain strings: no
markup, nothing printed, nothing changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from clank.actions import Action
from clank.plugin import Mark
from clank.plugin import SeatView as Game

if TYPE_CHECKING:
    from clank.game.table import Table

SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
_RULE_REFS = re.compile(r"\s*\((?:[^()]*?,\s*)?(?!P\d)[A-Z]{1,2}-?\d[^)]*\)")
_RULE_REF_START = re.compile(r"\((?:[^()]*?,\s*)?(?!P\d)[A-Z]{1,2}-?\d")
"""The start of every rule id in brackets that ``_RULE_REFS`` removes, from its bracket: a text
without one has none (searched from a bracket, it is found several times faster)."""
_SENTENCE_END = re.compile(r"(?<=[a-z)])[.:;]\s+(?=[A-Z])")


def marks(game: Game, what: str, *args: Any) -> list[Mark]:
    """What the packs' render hooks say about a room (``"room"``), a tile, a player
    (``"player"``) or the shared boards (``"board"``): their :class:`~clank.plugin.Mark` s."""
    out: list[Mark] = []
    for rdef in game.registry.renderers:
        fn = getattr(rdef, what)
        if fn is not None:
            out.extend(fn(game, *args))
    return out


# ==========================================================================================
# Names
# ==========================================================================================
def card_name(game: Game, card: str) -> str:
    """A card's printed name (its id if unknown)."""
    cdef = game.ruleset.cards.get(card)
    return cdef.name if cdef else card


def token_name(game: Game, token: str) -> str:
    """A token's name (its id if unknown)."""
    tdef = game.ruleset.tokens.get(token)
    return tdef.name if tdef else token


def cost_text(cost: dict[str, int]) -> str:
    """``{"skill": 2, "swords": 1}`` → ``"2 skill, 1 sword"``; nothing → ``"free"``."""
    return ", ".join(resource_words(res, n) for res, n in cost.items() if n) or "free"


def feature_text(name: str, arg: Any, game: Game | None = None) -> str:
    """A room feature in words: the feature's ``label`` hook when it has one
    (``("reward_gold", 2)`` → ``"2 gold"``), else its name, then its argument's values."""
    fdef = game.registry.room_features.get(name) if game is not None else None
    if fdef is not None and fdef.label is not None:
        return fdef.label(arg)
    text = name.replace("_", " ")
    if isinstance(arg, dict):
        extra = " ".join(str(v) for v in arg.values() if v not in (0, None, False))
        return f"{text} {extra}" if extra else text
    return f"{text} {arg}" if arg not in (None, "") else text


def room_name(game: Game, room_id: str) -> str:
    """A room as a sentence names it (``"the nave of the Dustveil Reliquary"``): the engine's one
    name of the room, the same the log writes and the map labels."""
    return game.room_name(room_id)


def room_features(game: Game, room_id: str) -> str:
    """The printed features of a room, short (``"market, wayshrine"``): content alone (the
    tile's printed features, the features' ``label`` hooks), worded once for every game of the
    same packs (``game.memo``)."""
    return game.memo(("labels", "room-features", room_id), lambda: _room_features(game, room_id))


def _room_features(game: Game, room_id: str) -> str:
    try:
        feats = game.room_features(room_id)
    except (KeyError, ValueError):
        return ""
    return ", ".join(feature_text(n, a, game) for n, a in feats)


def room_state(game: Game, room_id: str) -> list[str]:
    """What lies in a room now, as the packs' render hooks say (artifacts, marks ...), and the
    pieces standing there."""
    out = [m.text for m in marks(game, "room", room_id)]
    for piece in game.pieces.values():
        if piece["room"] == room_id:
            drawn = [rdef.piece(game, piece) for rdef in game.registry.renderers if rdef.piece is not None]
            out.append(drawn[0].text if drawn else piece["kind"].replace("_", " "))
    return out


def room_notes(game: Game, seat: int | None = None) -> list[str]:
    """Why what a player expects to do in the room where the seat stands is not offered now
    (``"Lyre: the magic lyre is an artifact, and you already carry an artifact ..."``): the
    ``unavailable`` callbacks of the room's features (:class:`~clank.registry.RoomFeatureDef`),
    on the seat's own turn only; ``seat`` defaults to the view's."""
    seat = game.seat if seat is None else seat
    if seat is None or game.over or game.current != seat:
        return []
    room = game.player(seat).room
    if room is None:
        return []
    out = []
    features = game.registry.room_features
    for name, arg in game.room_features(room):
        fdef = features.get(name)
        if fdef is None or fdef.unavailable is None:
            continue
        why = fdef.unavailable(game, seat, room, arg)
        if why:
            out.append(f"{feature_text(name, arg, game)}: {why}")
    return out


def _first_sentence(doc: str) -> str:
    text = _RULE_REFS.sub("", doc).strip()
    return _SENTENCE_END.split(text)[0].rstrip(".")


def _humanise(game: Game, arg: str) -> str:
    if arg in game.ruleset.cards:
        return card_name(game, arg)
    if arg in game.ruleset.tokens:
        return token_name(game, arg)
    if "." in arg and arg.partition(".")[0] in game.ruleset.tiles:
        return room_name(game, arg)
    return arg


# ==========================================================================================
# Action labels
# ==========================================================================================
def action_label(game: Game, action: Action) -> str:
    """What an action does, in a player's words (``"acquire Rebel Scribe (slot 3): 1 Skill"``).

    The words never show the action's machine text (room and route ids, slot numbers from 0)
    nor rule ids; packs word their own actions and answers with the ``label`` hooks of their
    action and decision kinds. The machine form (``str(action)``) is what saves and records
    keep; it is never needed to play.
    """
    try:
        detail = _describe(game, action)
    except Exception:  # a label must never stop a game: fall back to names only
        detail = None
    if not detail:
        words = [action.kind.replace("-", " ").replace("_", " ")]
        words += [_humanise(game, a) for a in action.args]
        detail = " ".join(words)
    return _without_rule_refs(detail)


def _describe(game: Game, action: Action) -> str | None:
    d = game.pending()
    if d is not None and d["kind"] != "orient":
        return _describe_answer(game, d, action)
    k, args = action.kind, action.args
    seat = game.current
    if k == "play":
        return f"play {card_name(game, args[0])}"
    if k == "ability":
        return f"use the ability of {card_name(game, args[0])}"
    if k in ("buy", "use", "fight"):
        slot = int(args[0])
        card = game.row[slot]
        assert card is not None            # a row action names a filled slot
        cdef = game.ruleset.cards[card]
        how = _payment_words(game, "row", k, seat, cdef.cost, card, args[1]) if len(args) > 1 else ""
        verb = {"buy": "acquire", "use": "use", "fight": "fight"}[k]
        return f"{verb} {cdef.name} (slot {slot + 1}): {cost_text(cdef.cost)}{how}"
    if k in ("reserve", "fight-reserve"):
        cdef = game.ruleset.cards[args[0]]
        verb = "fight" if k == "fight-reserve" else "acquire"
        return f"{verb} {cdef.name} from the reserve: {cost_text(cdef.cost)}"
    if k in ("move", "portal", "explore"):
        return _describe_move(game, seat, action)
    if k == "teleport":
        _kind, target = args
        if target.startswith("open:"):
            return f"teleport through the unexplored tunnel {_open_edge_words(game, target[5:])}"
        if target.startswith("slot:"):
            return f"teleport to a new tile in {slot_words(target)}"
        return f"teleport to {game.room_name(target)}" + _feature_suffix(game, target)
    if k in ("orient", "place"):
        return _describe_orient(game, action)
    if k == "end":
        return "end your turn"
    if k == "room":
        return _describe_room(game, seat, action)
    kind = game.registry.action_kinds.get(k)
    if kind is not None and kind.label is not None:
        return kind.label(game, action)
    if k == "token":
        tdef = game.ruleset.tokens[args[0]]
        return f"use {tdef.name}" + (f": {tdef.text}" if tdef.text else "")
    if k == "cash":
        tdef = game.ruleset.tokens[args[0]]
        return f"trade {tdef.name} for {tdef.worth_gold} gold"
    if k in ("remote-buy", "item"):
        return _describe_item(game, args)
    return None


def _payment_words(game: Game, market: str, purpose: str, seat: int, cost: dict[str, int], item: str,
                   tag: str) -> str:
    """How an action paid another way than the printed price pays (its ``tag``), from the ways
    to pay the packs register: ``", paying 1 lockpick instead"``."""
    for option in game.registry.payment_options:
        if not option.applies(market, purpose):
            continue
        try:
            ways = option.ways(game, seat, cost, item)   # type: ignore[arg-type]  # asked with the view (below)
        except Exception:  # a way to pay that needs more than the view: fall back to the tag
            continue
        for way in ways:
            if way.tag == tag:
                return f", paying {cost_text(way.cost)} instead"
    return f" ({tag.replace('_', ' ')} payment)"


def _describe_item(game: Game, args: Sequence[str]) -> str:
    item = game.ruleset.tokens.get(args[0])
    name = item.name if item else _humanise(game, args[0])
    coupon = f" using {token_name(game, args[1])}" if len(args) > 1 else ""
    return f"buy {name} from the market{coupon}" + (f": {item.text}" if item and item.text else "")


def _feature_suffix(game: Game, room_id: str) -> str:
    feats = room_features(game, room_id)
    state = room_state(game, room_id)
    parts = [p for p in (feats, "; ".join(state)) if p]
    return f" ({'; '.join(parts)})" if parts else ""


def resource_words(res: str, n: int) -> str:
    """``("boots", 2)`` → ``"2 boots"``, ``("swords", 1)`` → ``"1 sword"``."""
    word = res.replace("_", " ")
    if n == 1 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return f"{n} {word}"


def _cost_words(cost: Any, prevent: int | None) -> str:
    parts = [resource_words(res, n) for res, n in cost.resources.items() if n]
    if cost.damage:
        monsters = f"{cost.damage} monster{'s' if cost.damage != 1 else ''}"
        if prevent is not None:
            taken = cost.damage - prevent
            if prevent and taken:
                monsters += f" ({resource_words('swords', prevent)} spent, {taken} damage)"
            elif prevent:
                monsters += f" ({resource_words('swords', prevent)} spent, no damage)"
            else:
                monsters += f" ({taken} damage)"
        parts.append(monsters)
    if cost.against:
        parts.append("against the arrow")
    return ", ".join(parts)


PORT_PARTS = {("n", 0): "west", ("n", 1): "east", ("e", 0): "north", ("e", 1): "south",
              ("s", 0): "east", ("s", 1): "west", ("w", 0): "south", ("w", 1): "north"}


def open_edge_words(game: Game, key: str) -> str:
    """Where an unexplored tunnel leaves the map, from the current player's room: ``"north
    of Lantern Market (western tunnel)"``."""
    return _open_edge_words(game, key)


def region_words(region: str) -> str:
    """A region as a sentence names it: ``"underworld"`` → ``"the Underworld"``."""
    return "the " + region.replace("_", " ").replace("-", " ").title()


def slot_words(target: str) -> str:
    """A slot of a slot region, from a target ``slot:REGION:SLOT:FEATURE`` (or ``REGION:SLOT``):
    ``"slot A of the Underworld"``."""
    parts = target.split(":")
    if parts[0] == "slot":
        parts = parts[1:]
    region, slot = (parts + ["", ""])[:2]
    return f"slot {slot} of {region_words(region)}" if slot else region_words(region)


def _open_edge_words(game: Game, key: str) -> str:
    here = game.player(game.current).room
    assert here is not None            # an open edge is reached from the mover's room
    r = next((r for r in game.geometry.routes_from(here) if r.key == key), None)
    if r is None:
        return "beyond the edge of the map"
    _, x, y, side, idx, region = r.to
    if "." in str(side):               # toward an empty slot of a slot region (SLOT.PORT)
        slot = str(side).partition(".")[0]
        return f"toward the empty {slot_words(f'{region}:{slot}')}"
    tile = next((t for t in game.tiles for dx, dy in game.ruleset.tiles[t.tile].cells.values()
                 if (t.x + dx, t.y + dy) == (x, y) and t.region == region), None)
    name = game.ruleset.tiles[tile.tile].name if tile else "the map"
    part = PORT_PARTS.get((side, int(idx)))
    return f"{SIDE_NAMES.get(side, side)} of {name}" + (f" ({part}ern tunnel)" if part else "")


def move_destination(game: Game, seat: int, action: Action) -> str | None:
    """The room a ``move``/``portal`` action (or a link) takes the seat's pawn to, ``None`` for
    other actions (an ``explore`` leads to a tile nobody has seen yet)."""
    here = game.player(seat).room
    if action.kind not in ("move", "portal") or not action.args or here is None:
        return None
    if action.args[0].startswith("link:"):
        return next((x[1] for x in game.link_routes(here) if x[0] == action.args[0]), None)
    if action.kind == "portal":
        ex = next((e for e in game.geometry.portal_exits() if e.key == action.args[1]), None)
        return ex.to[1] if ex is not None and ex.to[0] == "room" else None
    key = action.args[0]
    for r in game.geometry.routes_from(here):    # a loop: a generator runs a frame of its own (a page's every move)
        if r.key == key:
            return r.to[1] if r.to[0] == "room" else None
    return None


def move_cost(game: Game, seat: int, action: Action) -> Any:
    """What a ``move``, ``portal`` or ``explore`` action's route costs (the engine's
    :class:`~clank.game.cost.Cost`: resources, monsters' damage, against an arrow), before
    any Sword is spent; None for other actions."""
    here = game.player(seat).room
    if action.kind not in ("move", "portal", "explore") or not action.args or here is None:
        return None
    if action.args[0].startswith("link:"):
        return next((x[2] for x in game.link_routes(here) if x[0] == action.args[0]), None)
    r = next((r for r in game.geometry.routes_from(here) if r.key == action.args[0]), None)
    if r is None:
        return None
    if action.kind == "portal":
        ex = next((e for e in game.geometry.portal_exits() if e.key == action.args[1]), None)
        return game.path_cost([*r.segments, *ex.segments]) if ex is not None else None
    return game.path_cost(r.segments)


def cost_words(cost: Any, prevent: int | None = None) -> str:
    """A route's cost in words: ``"2 boots, 1 monster"``; with ``prevent``, the Swords spent
    on its monsters and the damage left (``"1 monster (1 sword spent, no damage)"``)."""
    return _cost_words(cost, prevent)


def _describe_move(game: Game, seat: int, action: Action) -> str:
    geo = game.geometry
    here = game.player(seat).room
    assert here is not None            # a move starts in the mover's room
    if action.args[0].startswith("link:"):
        if action.kind == "explore":
            key, target, cost = next(x for x in game.link_openings(here) if x[0] == action.args[0])
            return f"explore: take the {_link_kind(game, key)} to a new tile in {slot_words(target)}: " \
                   f"{_cost_words(cost, None)}"
        key, dest, cost = next(x for x in game.link_routes(here) if x[0] == action.args[0])
        words = _cost_words(cost, int(action.args[1]))
        return f"move to {game.room_name(dest)}{_feature_suffix(game, dest)}: {words}"
    r = geo.route_from(here, action.args[0])
    if action.kind == "move":
        cost = game.path_cost(r.segments)
        return (f"move to {game.room_name(r.to[1])}{_feature_suffix(game, r.to[1])}: "
                f"{_cost_words(cost, int(action.args[1]))}")
    if action.kind == "portal":
        ex = next(e for e in geo.portal_exits() if e.key == action.args[1])
        cost = game.path_cost([*r.segments, *ex.segments])
        return (f"through the portal to {game.room_name(ex.to[1])}{_feature_suffix(game, ex.to[1])}: "
                f"{_cost_words(cost, int(action.args[2]))}")
    cost = game.path_cost(r.segments)
    return f"explore {_open_edge_words(game, action.args[0])}: {_cost_words(cost, None)} to get there"


def _link_kind(game: Game, route_key: str) -> str:
    """The kind of the link a route key names (``link:KEY``), in words (``"ladder"``)."""
    key = route_key.partition(":")[2]
    link = next((lk for lk in game.links if lk["key"] == key), None)
    return str(link.get("kind", "passage")).replace("_", " ") if link is not None else "passage"


def _describe_orient(game: Game, action: Action) -> str:
    moving = game.moving_tile
    tile = game.ruleset.tiles[moving].name if moving else "the new tile"
    rot = int(action.args[0])
    turned = f"{tile} turned {rot * 90}°" if rot else f"{tile} unturned"
    if action.kind == "place":
        return f"lay {turned}; no way on: you stay where you are"
    outcome = next((o for o in game.orientations() if o["rot"] == rot), None)
    if outcome is None:
        return f"lay {turned}"
    to = outcome["to"]
    where = (f"leads to {game.room_name(to[1])}{_feature_suffix(game, to[1])}" if to[0] == "room"
             else f"leads on to an unexplored edge ({SIDE_NAMES.get(to[3], to[3])})")
    return f"lay {turned}: {where}: {_cost_words(outcome['cost'], int(action.args[1]))}"


def orientation_words(game: Game, action: Action) -> str:
    """An orientation in a few words (the prompt names the tile): ``"90° → its landing: 2
    boots"``, ``"180° → unexplored edge (south): 2 boots"``."""
    rot = int(action.args[0])
    degrees = f"{rot * 90}°"
    if action.kind == "place":
        return f"{degrees}: no way on, you stay where you are"
    outcome = next((o for o in game.orientations() if o["rot"] == rot), None)
    if outcome is None:
        return degrees
    to = outcome["to"]
    if to[0] == "room":
        on_new = to[1].partition(".")[0] == game.moving_tile
        where = f"its {game.room_label(to[1], short=True).lower()}" if on_new else game.room_name(to[1])
    else:
        where = f"unexplored edge ({SIDE_NAMES.get(to[3], to[3])})"
    return f"{degrees} → {where}: {cost_words(outcome['cost'], int(action.args[1]))}"


def _describe_room(game: Game, seat: int, action: Action) -> str:
    feature, *rest = action.args
    if feature == "artifact" and rest:
        tdef = game.ruleset.tokens[rest[0]]
        return f"take the {tdef.value}-point artifact ({tdef.name})"
    if feature == "market" and rest:
        return _describe_item(game, rest)
    fdef = game.registry.room_features.get(feature)
    what = _first_sentence(fdef.doc) if fdef and fdef.doc else feature.replace("_", " ")
    return " ".join([what, *(_humanise(game, a) for a in rest)])


ZONE_WORDS = {"hand": "your hand", "discard": "your discard pile", "play": "your play area",
              "deck": "your deck"}


def _describe_answer(game: Game, d: dict[str, Any], action: Action) -> str | None:
    kind = d["kind"]
    dkind = game.registry.decision_kinds.get(kind)
    if dkind is not None and dkind.label is not None:
        return dkind.label(game, d, action)
    if action.kind == "option" and isinstance(d.get("labels"), list):     # choose, and packs' choices
        return str(d["labels"][int(action.args[0])])
    if kind == "may":
        return f"yes: {d.get('label', '')}" if action.kind == "yes" else "no"
    if kind == "react":
        card = card_name(game, d.get("card", ""))
        return f"use {card} to {d.get('label', '')}" if action.kind == "yes" else f"no, keep {card}"
    if kind == "pick":
        if action.kind == "done":
            return "pick no more"
        zone, card = action.args
        verb = {"topdeck": "put on top of your deck:"}.get(d["purpose"], d["purpose"])
        return f"{verb} {card_name(game, card)} from {ZONE_WORDS.get(zone, zone)}"
    return _describe_verb(game, action)


def _describe_verb(game: Game, action: Action) -> str | None:
    """Answers to pack-defined decisions without a label hook, worded from common verbs."""
    k, args = action.kind, action.args
    try:
        if k == "slot":
            card = game.row[int(args[0])]
            return f"{card_name(game, card)} (row slot {int(args[0]) + 1})" if card else None
        if k == "rotate":
            return f"turn the tile {int(args[0]) * 90}° clockwise"
        if k in ("yes", "no", "done"):
            return {"yes": "yes", "no": "no", "done": "done"}[k]
        if k == "enter":
            return f"enter {game.room_name(args[0])}"
    except (ValueError, IndexError):
        return None
    return None


def prompt_text(game: Game) -> str:
    """What the deciding seat is asked, without rule ids."""
    return _without_rule_refs(str(game.decision()["prompt"]))


def _without_rule_refs(text: str) -> str:
    """``text`` without its rule ids in brackets (a text without a bracket, or without the start of
    a rule id after one, has none: the pattern's replacing, which costs more than a label's
    making, is skipped)."""
    return _RULE_REFS.sub("", text) if "(" in text and _RULE_REF_START.search(text) else text


def winner_seat(game: Game | Table) -> int | None:
    """The first of ``game.winners()`` when its score is positive, else None (nobody scored);
    ``game`` a seat's view or the game."""
    if not game.over:
        return None
    wins = game.winners()
    if not wins:
        return None
    totals = {s["seat"]: s["total"] for s in game.scores()}
    return wins[0] if totals.get(wins[0], 0) > 0 else None


def result_words(game: Game, names: Sequence[str] | None = None) -> str:
    """The outcome in one sentence: the winner(s), nobody scored, or an aborted game; ``names``
    overrides the seats' names (``"P2 (greedy)"``)."""
    if game.aborted:
        return f"The game was aborted: the round cap ({game.max_rounds}) was reached; there is no winner."
    if winner_seat(game) is None:
        return "Nobody scored: there is no winner."
    wins = game.winners()
    total = next(s["total"] for s in game.scores() if s["seat"] == wins[0])
    who = " and ".join(names[w] if names else game.name(w) for w in wins)
    return f"{who} {'share the win' if len(wins) > 1 else 'wins'} with {total} points."
