"""The greedy bot: a heuristic that plays to win.

Each turn it plays its whole hand, takes an artifact when it stands by one, then heads by the
cheapest known path to the nearest artifact (or to unexplored edges when none is known), and,
once it carries an artifact, back to the Crypt. On the way it opens locked rewards, marks
wayshrines, buys crowns and backpacks, fights monsters with spare Swords and spends its Skill
on the best card it can afford. It manages Clank!: once its cubes pile up in the Clank! area it
uses devices that remove them and prefers quiet cards to noisy ones, and it heals with devices
and potions when hurt. It never looks ahead by cloning, so it is fast.

It plans along tunnels, portals and links (ladders, chutes: tunnels no tile draws); a link toward
an empty slot of a region of slots is taken to lead next to the rooms whose tunnels face that
slot. Other packs teach it what their things are worth through three values this pack declares
and folds with the deciding seat's view (never the game):

- ``greedy_goals``: rooms worth heading for, ``{room: bonus}`` (0: as good as an artifact; a
  bonus of N is worth N Boots of detour);
- ``greedy_costs``: rooms that cost something to enter, ``{room: extra Boots}`` (a fight on entry);
- ``greedy_explore``: whether exploring a region may find what the bot looks for (True);
- ``greedy_action``: the main action to take now, before moving (None: the bot's own choice);
- ``greedy_answer``: the answer to a pending decision (None: the bot's own choice);
- ``greedy_card_values``: what each card is worth in a deck, ``{card id: worth}`` (folded once
  per ruleset).
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Set
from typing import Any

from clank.plugin import Action

from clank_catacombs import features, greedy_routes

MARKET_PREFERENCE = ("crown", "backpack", "blood-amulet", "burglars-kit")
CLANK_PILE = 4          # own cubes in the Clank! area that make removing them worth a device
GOALS, ACTION, ANSWER = "greedy_goals", "greedy_action", "greedy_answer"
COSTS, EXPLORE = "greedy_costs", "greedy_explore"
VALUES = "greedy_card_values"


def fold(view, name: str, value: Any, **context: Any) -> Any:
    """Fold the modifiers packs registered for one of the greedy bot's values, with the view."""
    fns = view.registry.modifiers.get(name)
    if fns:
        for fn in fns:
            value = fn(view, value, **context)
    return value


def register(registry) -> None:
    """Declare the values other packs may modify to teach the greedy bot."""
    registry.add_modifiable(GOALS, "The greedy bot: rooms worth heading for, {room: bonus in Boots} (the "
                            "modifier receives the deciding seat's view as `game`).", ("seat",))
    registry.add_modifiable(COSTS, "The greedy bot: rooms that cost something to enter, {room: extra Boots} "
                            "(the view as `game`).", ("seat",))
    registry.add_modifiable(EXPLORE, "The greedy bot: whether exploring a region may find what it looks for "
                            "(True; the view as `game`).", ("seat", "region"))
    registry.add_modifiable(ACTION, "The greedy bot: the main action to take now, before it moves, or None "
                            "(`acts`: the legal actions; the view as `game`).", ("seat", "acts"))
    registry.add_modifiable(ANSWER, "The greedy bot: its answer to a pending decision, or None (`decision`, "
                            "`acts`; the view as `game`).", ("decision", "acts"))
    registry.add_modifiable(VALUES, "The greedy bot: what each card is worth in a deck, {card id: worth} "
                            "(about its cost in Skill); folded once per ruleset, the view as `game`.")


class GreedyBot:
    """A fast heuristic bot; ``seed`` only breaks ties deterministically."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._taught: tuple[Any, frozenset[str]] = (None, frozenset())

    def _told(self, game, name: str) -> bool:
        """Whether some pack modifies one of the bot's values (looked up once per ruleset)."""
        mods = game.registry.modifiers
        if self._taught[0] is not mods:
            self._taught = (mods, frozenset(n for n in (ACTION, ANSWER) if mods.get(n)))
        return name in self._taught[1]

    # -- entry point -------------------------------------------------------------------------
    def choose(self, game) -> Action:
        """The action for the deciding seat; ``game`` is that seat's view (a SeatView)."""
        pending = game.pending()       # None: the main decision
        if pending is None:
            play = self._hand_first(game)
            if play is not None:       # known without listing every legal action
                return play
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if pending is None:
            return self._main(game, acts)
        if pending["kind"] == "orient":
            return self._orient(game, acts)
        return self._answer(game, pending, acts)

    @staticmethod
    def _hand_first(game) -> Action | None:
        """The main decision's choice while cards are in hand, as :meth:`_main` makes it from
        the legal actions: the first card in hand is played (every card in hand may be played,
        T4), unless an artifact lies in the seat's room (taking it comes first; then None)."""
        me = game.me
        hand = me.hand
        if not hand:
            return None
        room = me.room
        if room is not None:
            here = game.rooms.get(room)
            if here and here.get("artifacts"):
                return None
        return game.play_action(hand[0])      # Action("play", (card,)), made once per card

    # -- pending decisions -------------------------------------------------------------------
    def _answer(self, game, pending: dict[str, Any], acts: list[Action]) -> Action:
        """The answer to a pending decision (``pending``: its data, as ``view.pending()`` gives it)."""
        if self._told(game, ANSWER):
            told = fold(game, ANSWER, None, decision=game.decision(), acts=acts)
            if told is not None and told in acts:
                return told
        kinds = {a.kind for a in acts}
        if "yes" in kinds:
            return Action("yes")
        kind = pending["kind"]
        if kind == "pick":
            purpose = pending.get("purpose")
            picks = [a for a in acts if a.kind == "pick"]
            if purpose in ("trash", "discard"):
                for pref in ("stumble", "burgle"):
                    for a in picks:
                        if a.args[1] == pref:
                            return a
                if purpose == "discard" or pending.get("optional"):
                    return Action("done") if Action("done") in acts else picks[0]
                return picks[0]
            return Action("done") if Action("done") in acts else acts[0]
        if kind == "marble_reward":
            return Action("gold", ()) if Action("gold") in acts else acts[0]
        if kind == "rotate_tile":
            return acts[1] if len(acts) > 1 else acts[0]
        return acts[0]

    def _orient(self, game, acts: list[Action]) -> Action:
        # one loop, no comprehension or key lambda (asked at every tile placed)
        best: Action | None = None
        best_key: tuple[int, int] | None = None
        for a in acts:
            kind = a.kind
            if kind == "play":
                return a
            if kind == "orient" or kind == "place":
                # prefer preventing as much damage as possible, then the first orientation
                key = (int(a.args[1]) if kind == "orient" else -1, -int(a.args[0]))
                if best_key is None or key > best_key:
                    best, best_key = a, key
        return best if best is not None else acts[0]

    # -- main decision -----------------------------------------------------------------------
    def _main(self, game, acts: list[Action]) -> Action:
        by_kind: defaultdict[str, list[Action]] = defaultdict(list)    # read with get and in only
        for a in acts:
            by_kind[a.kind].append(a)
        seat = game.seat
        p = game.me
        rooms = by_kind.get("room", [])
        for a in rooms:
            if a.args[0] == "artifact":
                return a
        if "play" in by_kind:          # the first card in hand, as _hand_first plays it
            return by_kind["play"][0]
        tokens = by_kind.get("token")
        tok = self._token(game, seat, tokens) if tokens else None
        if tok is not None:
            return tok
        if self._told(game, ACTION):
            told = fold(game, ACTION, None, seat=seat, acts=acts)
            if told is not None and told in acts:
                return told
        for a in rooms:
            if a.args[0] in ("locked_chest", "locked_cell", "locked_tome", "wayshrine"):
                return a
        buys = [a for a in rooms if a.args[0] == "market"] if rooms else []
        buy = self._market(game, buys + by_kind.get("remote-buy", [])) if buys or "remote-buy" in by_kind else None
        if buy is not None:
            return buy
        move = self._move(game, seat, by_kind)
        if move is not None:
            return move
        fight = self._fight(game, by_kind.get("fight", []) + by_kind.get("fight-reserve", []), p)
        if fight is not None:
            return fight
        uses = by_kind.get("use")
        device = self._device(game, seat, uses) if uses else None
        if device is not None:
            return device
        buy = self._buy(game, seat, by_kind.get("buy", []) + by_kind.get("reserve", []))
        if buy is not None:
            return buy
        if "end" in by_kind:
            return by_kind["end"][0]
        return acts[0]

    @staticmethod
    def _token(game, seat, tokens: list[Action]) -> Action | None:
        p = game.player(seat)
        for a in tokens:
            tdef = game.token_defs[a.args[0]]
            heals = _heals(game, tdef)
            if heals and not p.damage:
                continue
            return a
        return None

    @staticmethod
    def _market(game, buys: list[Action]) -> Action | None:
        for pref in MARKET_PREFERENCE:
            for a in buys:
                item = a.args[1] if a.kind == "room" else a.args[0]
                if item.startswith(pref):
                    return a
        return None

    @staticmethod
    def _fight(game, fights: list[Action], p) -> Action | None:
        if not fights:
            return None
        cards = game.card_defs
        row = game.row

        def worth(a: Action) -> int:
            card = a.args[0] if a.kind == "fight-reserve" else row[int(a.args[0])]
            return cards[card].cost.get("swords", 0)

        return max(fights, key=worth)

    @staticmethod
    def _device(game, seat: int, uses: list[Action]) -> Action | None:
        """Manage Clank! and health with devices: remove Clank! once cubes pile up, heal when hurt."""
        own = game.clank_area.get(str(seat), 0)
        hurt = len(game.me.damage)
        for a in uses:
            cdef = game.card_defs[game.row[int(a.args[0])]]
            if (_clank_delta(game, cdef, "use") < 0 and own >= CLANK_PILE) or (
                    "heal" in _effect_text(game, cdef, "use") and hurt >= 3):
                return a
        return None

    def _buy(self, game, seat: int, buys: list[Action]) -> Action | None:
        if not buys:
            return None
        values = _card_values(game)
        row = game.row
        own = game.clank_area.get(str(seat), 0)
        cards = game.card_defs
        deltas = game.memo(_CLANK_DELTAS, dict)
        best: Action | None = None
        top = 0.0
        for a in buys:                 # a loop, no worth() call or list per purchase
            card = a.args[0] if a.kind == "reserve" else row[int(a.args[0])]
            v = values.get(card, 0.0) + (0.5 if len(a.args) < 2 else -1.0)
            # manage Clank!: with cubes piling up, noisy cards lose and quiet ones gain
            if own >= 3:
                cdef = cards[card]
                delta = _clank_delta(game, cdef, "play", deltas) + _clank_delta(game, cdef, "acquire", deltas)
                if delta < 0:
                    v += 1.0
                elif delta > 0:
                    v -= 1.5
            if v > top:
                best, top = a, v
        return best                    # the first of the best worth above 0, as max gives

    # -- movement ----------------------------------------------------------------------------
    def _move(self, game, seat: int, by_kind: dict[str, list[Action]]) -> Action | None:
        moves = by_kind.get("move", []) + by_kind.get("explore", []) + by_kind.get("portal", []) \
            + by_kind.get("teleport", [])
        if not moves:
            return None
        room = game.me.room
        dist = _plan(game, seat, room)
        best: Action | None = None
        best_key: tuple | None = None
        here = dist.get(room, 99.0)
        routes = _routes_by_key(game, room) if room is not None else {}
        for a in moves:
            kind = a.kind
            r = routes.get(a.args[0]) if kind == "move" else None
            d = dist.get(r.to[1]) if r is not None else _destination_distance(game, a, dist, routes)
            if d is None or d >= here:
                continue
            prevent = int(a.args[-1]) if kind == "move" or kind == "portal" else 0
            key = (d, -prevent)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best


def _routes_by_key(game, room: str) -> dict[str, Any]:
    """The routes leaving a room by key (kept with the geometry while the room's routes are the
    same list)."""
    geo = game.geometry
    routes = geo.routes_from(room)
    derived = geo.derived
    kept = derived.get(_BY_KEY)
    if kept is None:
        kept = derived[_BY_KEY] = {}
    found = kept.get(room)
    if found is None or found[0] is not routes:
        by_key: dict[str, Any] = {}
        for r in routes:               # a loop, not a comprehension (remade at every tile placed)
            by_key[r.key] = r
        found = kept[room] = (routes, by_key)
    return found[1]


def _card_values(game) -> dict[str, float]:
    """A rough worth of each card for a deck (cost-based, Boots favoured; what packs say through
    ``greedy_card_values``), known once per ruleset."""
    return game.memo(("greedy-values",), lambda: _make_card_values(game))


def _make_card_values(game) -> dict[str, float]:
    values: dict[str, float] = {}
    for cid, c in game.card_defs.items():
        if c.type in ("monster", "device"):
            continue
        v = float(c.cost.get("skill", 0))
        text = str(c.data.get("play", ""))
        if "boots" in text:
            v += 1.5
        if "draw" in text:
            v += 1.0
        if isinstance(c.points, int):
            v += c.points * 0.3
        if cid == "secret-tome":
            v = 5.0
        values[cid] = v
    return fold(game, VALUES, values)


def _clank_delta(game, cdef, trigger: str, deltas: dict | None = None) -> int:
    """The Clank! an effect adds (negative: removes), summed over its plain ``clank`` ops (known
    once per ruleset, in ``deltas``: the game's memo of them, looked up when not given)."""
    if deltas is None:
        deltas = game.memo(_CLANK_DELTAS, dict)
    found = deltas.get((cdef.id, trigger))
    if found is None:
        found = deltas[(cdef.id, trigger)] = _clank_in(cdef.data.get(trigger))
    return found


def _clank_in(node) -> int:
    """The Clank! the plain ``clank`` ops of an effect as content wrote it add up to."""
    if isinstance(node, list):
        return sum(_clank_in(n) for n in node)
    if isinstance(node, dict):
        return sum(v if k == "clank" and isinstance(v, int) else _clank_in(v) for k, v in node.items())
    return 0


def _effect_text(game, cdef, trigger: str) -> str:
    """The YAML of one of a card's effects as text (a cheap way to see what it does; known once
    per ruleset)."""
    texts = game.memo(_EFFECT_TEXTS, dict)
    found = texts.get((cdef.id, trigger))
    if found is None:
        found = texts[(cdef.id, trigger)] = str(cdef.data.get(trigger, ""))
    return found


def _heals(game, tdef) -> bool:
    """Whether a token's use heals (known once per ruleset)."""
    heals = game.memo(_HEALS, dict)
    found = heals.get(tdef.id)
    if found is None:
        found = heals[tdef.id] = any("heal" in str(game.compiled_op(x).source) for x in tdef.use)
    return found


_CLANK_DELTAS, _EFFECT_TEXTS, _HEALS = ("greedy-clank",), ("greedy-text",), ("greedy-heals",)


def _targets(game, seat: int) -> tuple[Set[str], bool]:
    """Rooms to head for, and whether open edges count as targets (exploring)."""
    p = game.me
    if p.artifacts and (len(p.damage) >= 5 or game.rage >= 4 or len(p.artifacts) >= game.artifact_limit(seat)):
        return _crypts(game), False
    taken = features.taken_from(game, seat)
    rooms: set[str] = set()
    for r, st in game.rooms.items():   # a loop, not a comprehension (asked at every plan)
        if st and st.get("artifacts") and r not in taken:     # most rooms keep no state
            rooms.add(r)
    if p.artifacts:
        rooms |= _crypts(game)
    return rooms, not rooms or not p.artifacts


def _crypts(game) -> frozenset[str]:
    """The placed rooms that show a crypt (kept with the geometry): of the rooms of every tile
    that show one (what a room shows is printed: known once per ruleset), those of a placed tile
    (a room id is ``tile.room``)."""
    geo = game.geometry
    derived = geo.derived
    found = derived.get(_CRYPTS)
    if found is None:
        placed = geo.placed
        found = derived[_CRYPTS] = frozenset(
            room for room in greedy_routes.crypt_rooms(game) if room.partition(".")[0] in placed)
    return found


def _payable(game, cost, lockpicks: int) -> bool:
    """Whether a path's price can be met: lockpicks for its uncovered locks, and whatever else
    besides Boots it asks for (a toll in another currency) out of the seat's supply."""
    res = cost.resources
    if len(res) == 1 and not cost.cover:           # Boots only: the common case
        return True
    if cost.cover and lockpicks < len(cost.cover):
        return False
    extra = {r: n for r, n in res.items() if r != "boots" and not (cost.cover and r == "lockpicks")}
    return not extra or game.can_pay(extra)


def _other_costs(game) -> bool:
    """Whether some tunnel icon asks for more than Boots and lockpicks (then paths are checked
    against the seat's supply); known once per ruleset."""
    return game.memo(("greedy-other-costs",), lambda: any(set(icon.cost) - {"boots", "lockpicks"}
                                                           for icon in game.registry.tunnel_icons.values()))


def _slot_faces(game, geo) -> dict[tuple[str, str], list[str]]:
    """For each empty slot of a region of slots: the placed rooms whose tunnels lead toward it."""
    faces: dict[tuple[str, str], list[str]] = {}
    for room in game.placed_rooms():
        for r in geo.routes_from(room):
            side = r.to[3] if r.to[0] == "open" else ""
            if len(side) > 1:
                faces.setdefault((r.to[5], side.partition(".")[0]), []).append(room)
    return faces


def _plan(game, seat: int, until: str | None = None) -> dict[str, float]:
    """Reverse Dijkstra: distance (in Boots, with penalties) from every known room to a target;
    packs' goals start below 0 by their bonus (``greedy_goals``). With ``until`` (a room), the
    search may stop once that room's distance is known: then every room nearer than it has its
    distance too, and any other entry is at least as far (what choosing a step needs).

    The route table and the distances are kept with the geometry (``geometry.derived``,
    dropped when a tile is placed or turned) for the covered icons and the turn flags they
    were made with (what route costs read: flags no tunnel icon names are left out), and under
    a key naming everything else they read: the seat's lockpicks (up to the most a lock asks
    for, :func:`greedy_routes.lockpicks_told`), whether it carries an
    artifact, which regions it would explore, its targets. Games whose paths ask for more than
    Boots and lockpicks, that have links, or whose packs teach the bot goals, extra costs or
    which regions are worth exploring are planned afresh each time (:func:`_graph`)."""
    rules = _rules(game)
    targets, explore = _targets(game, seat)
    goals = fold(game, GOALS, {}, seat=seat) if rules.goals else {}
    extra = fold(game, COSTS, {}, seat=seat) if rules.costs else {}
    everywhere, paying = rules.everywhere, rules.paying
    geo = game.geometry
    p = game.me
    lockpicks = p.pool.get("lockpicks", 0)
    has_art = bool(p.artifacts)
    if everywhere and not paying and not goals and not extra and not game.links:
        derived = geo.derived
        regions = derived.get(_REGIONS)
        if regions is None:
            regions = derived[_REGIONS] = tuple(sorted({t.region for t in geo.placed.values()}))
        flags = game.turn.flags
        covered = tuple(game.covered)
        costs_key = (covered, *[f for f in flags if f in rules.icon_flags]) if flags else (covered,)
        held = derived.get(greedy_routes.ROUTES)
        if held is None or held.costs_key != costs_key:
            held = derived[greedy_routes.ROUTES] = greedy_routes.route_table(game, geo, held, costs_key)
        lockpicks = greedy_routes.lockpicks_told(lockpicks)   # more than any lock asks for: the same search
        open_regions = _NOWHERE
        if explore:
            found = []
            for r in regions:          # a loop, not a generator (at every plan)
                if game.stack_size(r):
                    found.append(r)
            open_regions = frozenset(found)
        dist_key = (lockpicks, has_art, explore, open_regions, frozenset(targets))
        dists = held.dists
        search = dists.get(dist_key)
        if search is None:
            if len(dists) >= 8:                # each seat's plan or two at a time: stay small
                dists.clear()
            search = dists[dist_key] = greedy_routes.TableSearch(held.into, _starts(targets, goals, explore),
                                                    lockpicks, has_art, open_regions)
        return search.upto(until)
    edges, rev = _graph(game, geo, seat, explore, has_art, lockpicks, everywhere, paying)
    if extra:                        # rooms that cost something to enter (greedy_costs)
        edges = {a: [(b, c + extra.get(b, 0.0)) for b, c in outs] for a, outs in edges.items()}
        rev = reverse(edges)
    return shortest(rev, _starts(targets, goals, explore))


_REGIONS, _CRYPTS, _BY_KEY = "greedy-regions", "greedy-crypts", "greedy-by-key"
_NOWHERE: frozenset[str] = frozenset()
class _Rules:
    """What the planner reads of the loaded packs, known once per ruleset (:func:`_rules`)."""

    __slots__ = ("goals", "costs", "everywhere", "paying", "icon_flags")

    def __init__(self, game) -> None:
        mods = game.registry.modifiers
        self.goals = bool(mods.get(GOALS))          # some pack teaches it goals (``greedy_goals``)
        self.costs = bool(mods.get(COSTS))          # ... rooms that cost something to enter
        self.everywhere = not mods.get(EXPLORE)     # no pack says a region is not worth exploring
        self.paying = _other_costs(game)            # some path asks for more than Boots and lockpicks
        self.icon_flags = greedy_routes.icon_flags(game)         # the only turn flags route costs read


def _rules(game) -> _Rules:
    """The planner's :class:`_Rules` of the game's packs."""
    return game.memo(("greedy-rules",), lambda: _Rules(game))


def _graph(game, geo, seat: int, explore: bool, has_art: bool, lockpicks: int, everywhere: bool,
           paying: bool) -> tuple[dict[str, list[tuple[str, float]]], dict[str, list[tuple[str, float]]]]:
    """The forward edges (room -> [(room, cost)]; open edges lead to the virtual sink
    ``@open``) and the same edges reversed."""
    explorable: dict[str, bool] = {}

    def worth_exploring(region: str) -> bool:
        found = explorable.get(region)
        if found is None:
            found = explorable[region] = bool(fold(game, EXPLORE, True, seat=seat, region=region))
        return found

    route_cost = game.route_cost
    room_has = game.room_has
    edges: dict[str, list[tuple[str, float]]] = {}
    portals = geo.portal_exits()
    has_links = bool(game.links)
    faces = _slot_faces(game, geo) if has_links else {}
    for room in game.placed_rooms():
        out = []
        for r in geo.routes_from(room):
            cost = route_cost(r)
            if cost.against:
                continue
            c = float(cost.boots) + 1.5 * cost.damage + (0.5 if cost.cover else 0.0)
            if cost.cover and lockpicks < len(cost.cover):
                continue
            if paying and len(cost.resources) > 1 and not _payable(game, cost, lockpicks):
                continue
            to = r.to
            if to[0] == "room":
                if room_has(to[1], "crypt") and not has_art:
                    continue
                out.append((to[1], c))
            elif to[0] == "open" and explore and game.stack_size(to[5]) and (everywhere or worth_exploring(to[5])):
                out.append(("@open", c))
            elif to[0] == "portal":
                for ex in portals:
                    if ex.origin != f"portal:{r.segments[-1].tile}#{r.segments[-1].tunnel}":
                        out.append((ex.to[1], c + 0.5))
        if has_links:
            for _key, dest, cost in game.link_routes(room):
                if _payable(game, cost, lockpicks):
                    out.append((dest, float(cost.boots) + 1.5 * cost.damage))
            for _key, target, cost in game.link_openings(room):
                _, region, slot, _feature = target.split(":")
                near = faces.get((region, slot), ())
                out += [(r, float(cost.boots) + 1.5) for r in near]   # about a tunnel away
                if explore and worth_exploring(region):
                    out.append(("@open", float(cost.boots)))
        edges[room] = out
    return edges, reverse(edges)


def reverse(edges: dict[str, list[tuple[str, float]]]) -> dict[str, list[tuple[str, float]]]:
    """The same edges, each from its end to its start."""
    rev: dict[str, list[tuple[str, float]]] = {}
    for a, outs in edges.items():
        for b, c in outs:
            rev.setdefault(b, []).append((a, c))
    return rev


def _starts(targets: Set[str], goals: dict[str, Any], explore: bool) -> dict[str, float]:
    """Where the reverse search starts, at what cost: the targets (0), the goals (below 0 by their
    bonus) and, when exploring, the open edges' sink."""
    start: dict[str, float] = dict.fromkeys(targets, 0.0)
    for t, bonus in goals.items():
        if -bonus < start.get(t, 1e9):
            start[t] = -float(bonus)
    if explore:
        start["@open"] = 2.0
    return start


def shortest(edges: dict[str, list[tuple[str, float]]], start: dict[str, float]) -> dict[str, float]:
    """Dijkstra: the least cost from the start nodes (each at its own starting cost) to every node
    the edges reach."""
    dist = dict(start)
    heap = [(d, n) for n, d in start.items()]
    heapq.heapify(heap)
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist.get(node, 1e9):
            continue
        for nxt, c in edges.get(node, ()):
            nd = d + c
            if nd < dist.get(nxt, 1e9):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def _destination_distance(game, a: Action, dist: dict[str, float], routes: dict[str, Any]) -> float | None:
    """Distance to the target from where a movement action leads (None if unknown); ``routes``:
    the routes leaving the seat's room by key."""
    if a.kind == "move":               # the common case: along a route to a room
        r = routes.get(a.args[0])
        if r is not None:
            return dist.get(r.to[1])
    if a.kind == "teleport":
        target = a.args[1]
        return dist.get("@open") if target.startswith(("open:", "slot:")) else dist.get(target)
    if a.args[0].startswith("link:"):
        if a.kind == "explore":
            opening = next((t for k, t, _ in game.link_openings(game.me.room) if k == a.args[0]), None)
            if opening is None:
                return None
            _, region, slot, _feature = opening.split(":")
            near = [dist[r] + 1.5 for r in _slot_faces(game, game.geometry).get((region, slot), ()) if r in dist]
            return min([*near, *([dist["@open"]] if "@open" in dist else [])], default=None)
        dest = next((d for k, d, _ in game.link_routes(game.me.room) if k == a.args[0]), None)
        return dist.get(dest) if dest else None
    r = routes.get(a.args[0])
    if r is None:
        return None
    if a.kind == "explore":
        return dist.get("@open")
    if a.kind == "portal":
        for ex in game.geometry.portal_exits():     # a loop, not a generator
            if ex.key == a.args[1]:
                return dist.get(ex.to[1])
        return None
    return dist.get(r.to[1])
