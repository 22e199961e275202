"""Movement: Boots along tunnels (A6-A10), portals (A11), links, teleports (C8, T13),
discovery of new tiles with the orientation decision (X2-X14), and entering rooms (A12).

Slot regions (:class:`~clank.dungeon.SlotRegion`) are discovered into their slots: a tile
there has one orientation, so the decision only says how many Swords prevent damage (or that
the move cannot go on). A link may lead to a slot instead of a room (``to_slot`` of
:meth:`~clank.game.table.Table.add_link`): while the slot is empty, following it discovers the
region's next tile into the slot and enters that tile's room showing the link's feature
(``explore link:KEY``, or a teleport to the target ``slot:REGION:SLOT:FEATURE``).

What a tunnel costs comes from its icons' registered costs (:class:`~clank.registry.TunnelIconDef`);
whether a pawn may enter a room from its features' ``may_enter``; whether it may move at all
from the ``may_move`` modifiers; whether it may go against an arrow from the ``ignore_one_way``
modifiers. Nothing here names a pack's component.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank.actions import Action, act
from clank.dungeon import DELTA, OPPOSITE, Geometry, Route, Segment, segment, slot_edge
from clank.game import lookback
from clank.game.cost import Cost
from clank.game.ruleset import READS_COVERED, READS_FLAGS
from clank.game.state import KNOCKED_OUT, LIVE, PlacedTile
from clank.registry import Entry

if TYPE_CHECKING:
    from clank.game.ruleset import Ruleset
    from clank.game.table import Table

BOOTS_MOVE = "boots"
"""The ``kind`` the ``may_move`` modifiers are asked about for a move paid with Boots."""
TELEPORT_MOVE = "teleport"
"""The ``kind`` the ``may_move`` modifiers are asked about for a teleport."""


# -- costs ---------------------------------------------------------------------------------
def _add_icon(game: Table, cost: Cost, idef, icon_id: str) -> None:
    if idef.cost_ignored_by and game.has_flag(idef.cost_ignored_by):
        pass
    elif idef.covers:
        if icon_id not in game.state.covered:
            cost.add(idef.cost)
            cost.cover.append(icon_id)
    elif idef.cost:
        cost.add(idef.cost)
    if idef.damage and not (idef.damage_ignored_by and game.has_flag(idef.damage_ignored_by)):
        cost.damage += idef.damage


def path_cost(game: Table, geo: Geometry, segments, cost: Cost | None = None) -> Cost:
    """Add up the icons of every tile tunnel on a path (A7 footprints, A8 monsters, A9 locks, A10)."""
    return _priced(game, geo, segments, cost)[0]


def _priced(game: Table, geo: Geometry, segments, cost: Cost | None = None) -> tuple[Cost, int]:
    """:func:`path_cost`, and what its icons read of the game: :data:`READS_COVERED` when one
    has a cost a payment covers, :data:`READS_FLAGS` when a turn flag cancels one's cost or
    damage (0: nothing, the price is the same always)."""
    cost = cost or Cost()
    reads = 0
    icons = game.registry.tunnel_icons
    reading = game.ruleset.icon_reads
    defs = geo.defs
    for seg in segments:
        tdef = defs[seg.tile]
        t = tdef.tunnels[seg.tunnel]
        if t.one_way and not seg.forward:
            cost.against = True
        if t.icons:
            ids = tdef.icon_ids[seg.tunnel]       # "tile#tunnel#i", made once per tile
            for i, name in enumerate(t.icons):
                if name in reading:
                    reads |= reading[name]
                _add_icon(game, cost, icons[name], ids[i])
    return cost, reads


def route_cost(game: Table, geo: Geometry, route: Route) -> Cost:
    """What following a route of ``geo`` costs now (as :func:`path_cost`). Remembered: for good
    on the route (``Route.fixed``) and for every route along the same tunnels
    (``Ruleset.fixed_costs``) when no icon on it reads the game, else on the route with the
    covered icons and turn flags it was priced for (``Route.priced``: a flag may cancel icon
    damage), which any game sharing the route may read while those of them its icons read are
    as they were (a route without a lock is not priced again when a lock elsewhere is covered).
    Read it, never change it: equal costs are one object, shared by every game of the ruleset."""
    fixed = route.fixed
    if fixed is not None:
        return fixed
    st = game.state
    priced = route.priced
    if priced is not None:
        seen, shared, reads = priced
        if (reads == READS_COVERED or seen[1] == st.turn.flags) and (reads == READS_FLAGS or seen[0] == st.covered):
            return shared
    else:
        known = game.ruleset.fixed_costs.get(route.segments)     # another route along the same tunnels
        if known is not None:
            route.fixed = known
            return known
    cost, reads = _priced(game, geo, route.segments)
    # equal costs are one object (most tunnels cost 1 Boot): kept per ruleset, never changed
    shared = game.ruleset.cache.setdefault(
        ("route-cost", *cost.resources.items(), "|", *cost.cover, "|", cost.damage, cost.against), cost)
    if reads:
        seen = game.cost_reads             # one copy of the covered icons and flags, shared by the routes priced for them
        if seen is None or seen[1] != st.turn.flags or seen[0] != st.covered:
            seen = game.cost_reads = (list(st.covered), list(st.turn.flags))
        route.priced = (seen, shared, reads)
    else:
        route.fixed = shared
        fixed_costs = game.ruleset.fixed_costs
        if len(fixed_costs) > 100_000:
            fixed_costs.clear()
        fixed_costs[route.segments] = shared
    return shared


def prevent_options(game: Table, seat: int, damage: int) -> list[int]:
    """How many damage points Swords may prevent so the rest can legally be taken (A8, H4)."""
    if damage == 0 and not game.registry.modifiers.get("tunnel_damage"):
        return [0]              # nothing to prevent, and no damage taken can be refused (H4)
    swords = game.state.players[seat].pool.get("swords", 0)
    out = []
    for k in range(min(damage, swords) + 1):
        if game.can_take_damage(seat, game.modify("tunnel_damage", damage - k, seat=seat, paying=False)):
            out.append(k)
    return out


def may_enter(game: Table, seat: int, room_id: str, entry: Entry | None = None) -> str | None:
    """A reason the pawn may not enter the room, or None (A18, U-M8).

    ``entry`` describes the move being paid (Swords left after prevention, tunnel damage
    taken); ``None`` when the pawn arrives otherwise. Each feature's ``may_enter`` is asked.
    """
    for check, arg in game.ruleset.entry_checks(room_id):
        why = check(game, seat, room_id, arg, entry)
        if why:
            return why
    return None


def entry_options(game: Table, seat: int, room_id: str, damage: int) -> list[int]:
    """Sword preventions (A8, H4) after which the pawn may still enter the room (U-M8)."""
    options = prevent_options(game, seat, damage)
    if not game.ruleset.entry_checks(room_id):
        return options
    swords = game.player(seat).pool.get("swords", 0)
    return [k for k in options
            if not may_enter(game, seat, room_id, Entry(
                swords - k, game.modify("tunnel_damage", damage - k, seat=seat, paying=False)))]


def may_move(game: Table, seat: int, kind: str) -> str | None:
    """A reason the seat may not make a move of ``kind`` (``boots`` or ``teleport``) now, or
    None: an escaping pawn moves no further (E1); the ``may_move`` modifiers may refuse."""
    if game.state.turn.escaping and seat == game.state.current:
        return "you are escaping: your pawn moves no further this turn (A18, E1)"
    return game.modify("may_move", None, seat=seat, kind=kind)


def ignores_arrows(game: Table, seat: int) -> bool:
    """Whether normal movement may go against one-way arrows (the ``ignore_one_way`` modifiers)."""
    return bool(game.modify("ignore_one_way", False, seat=seat))


def _affordable(game: Table, seat: int, cost: Cost, teleport: bool) -> bool:
    if teleport:
        return True
    if cost.against and not ignores_arrows(game, seat):
        return False
    return game.can_pay(seat, cost.resources)


# -- enumerating moves ---------------------------------------------------------------------
def legal_moves(game: Table, seat: int) -> list[Action]:
    """Boots moves, portal moves, explorations and teleports open to the current player."""
    p = game.state.players[seat]
    if p.room is None or (game.state.turn.escaping and seat == game.state.current):
        return []
    geo = game._geometry                   # game.geometry, without its property's call when made
    if geo is None:
        geo = game.geometry
    out: list[Action] = []
    boots = p.pool.get("boots", 0)
    if boots > 0 and may_move(game, seat, BOOTS_MOVE) is None:
        # entering without damage, where no feature checks the entry, needs no prevention choice
        plain_entry = not game.registry.modifiers.get("tunnel_damage")
        rs = game.ruleset
        entry_checks = rs.entry_checks
        for r in geo.routes_from(p.room):
            kind = r.to[0]
            if kind == "room":
                cost = r.fixed or route_cost(game, geo, r)
                res = cost.resources           # Boots alone: affordable with as many Boots
                if (not cost.against or ignores_arrows(game, seat)) and (
                        (len(res) == 1 and boots >= res["boots"]) or game.can_pay(seat, res)):
                    if plain_entry and not cost.damage and not entry_checks(r.to[1]):
                        out.append(rs.plain_moves.get(r.key) or _plain_move(rs, r.key))
                    else:
                        key = r.key
                        for k in entry_options(game, seat, r.to[1], cost.damage):
                            out.append(Action("move", (key, str(k))))
            elif kind == "open":
                if not discovery_ok(game, r.to):
                    continue
                cost = r.fixed or route_cost(game, geo, r)
                if _affordable(game, seat, cost, False) and prevent_options(game, seat, cost.damage):
                    out.append(rs.explores.get(r.key) or _explore(rs, r.key))
            elif kind == "portal":
                for ex in geo.portal_exits():
                    if ex.segments[0] == _reverse_first(r):
                        continue
                    cost = path_cost(game, geo, ex.segments, path_cost(game, geo, r.segments))
                    if _affordable(game, seat, cost, False):
                        for k in entry_options(game, seat, ex.to[1], cost.damage):
                            out.append(act("portal", r.key, ex.key, k))
        if game.state.links:
            for key, dest, cost in link_routes(game, p.room):
                if _affordable(game, seat, cost, False):
                    out.extend(act("move", key, k) for k in entry_options(game, seat, dest, cost.damage))
            for key, _target, cost in link_openings(game, p.room):
                if _affordable(game, seat, cost, False) and prevent_options(game, seat, cost.damage):
                    out.append(act("explore", key))
    if p.teleports and may_move(game, seat, TELEPORT_MOVE) is None:
        for kind in sorted(set(p.teleports)):
            for target in teleport_targets(game, seat, kind):
                out.append(act("teleport", kind, target))
    return out


def _plain_move(rs: Ruleset, key: str) -> Action:
    """``move KEY 0`` (no damage to prevent), made once per route key and ruleset."""
    found = rs.plain_moves[key] = Action("move", (key, "0"))
    return found


def _explore(rs: Ruleset, key: str) -> Action:
    """``explore KEY``, made once per route key and ruleset."""
    found = rs.explores[key] = Action("explore", (key,))
    return found


def _link_cost(game: Table, link: dict[str, Any]) -> Cost:
    cost = Cost()
    icons = game.registry.tunnel_icons
    for i, name in enumerate(link["icons"]):
        _add_icon(game, cost, icons[name], f"{link['key']}#{i}")
    return cost


def link_dest(game: Table, link: dict[str, Any]) -> str | None:
    """The far room of a link: its ``b`` room, or for a link to a slot the room showing its
    feature on the tile in that slot (None while the slot is empty)."""
    target = link.get("to_slot")
    if not target:
        return link["b"]
    region, slot, feature = target
    return game.geometry.slot_room(region, slot, feature, game.ruleset.room_feature_set)


def link_routes(game: Table, room: str | None) -> list[tuple[str, str, Cost]]:
    """Links (tunnels no tile draws, U-M3) leaving a room: (route key, destination, cost).
    A one-way link is never followed backwards, whatever lets a pawn go against arrows."""
    out = []
    for link in game.state.links:
        far = link_dest(game, link)
        if far is None:
            continue
        if link["a"] == room:
            dest = far
        elif far == room and not link["one_way"]:
            dest = link["a"]
        else:
            continue
        out.append((f"link:{link['key']}", dest, _link_cost(game, link)))
    return out


def link_openings(game: Table, room: str | None) -> list[tuple[str, str, Cost]]:
    """Links leaving a room toward an empty slot that may be discovered now: (route key, the
    teleport target ``slot:REGION:SLOT:FEATURE``, cost)."""
    out = []
    for link in game.state.links:
        target = link.get("to_slot")
        if not target or link["a"] != room or link_dest(game, link) is not None:
            continue
        region, slot, feature = target
        if slot_discoverable(game, region, slot):
            out.append((f"link:{link['key']}", f"slot:{region}:{slot}:{feature}", _link_cost(game, link)))
    return out


def _reverse_first(r: Route) -> Segment:
    s = r.segments[-1]
    return segment(s.tile, s.tunnel, not s.forward)


def discovery_ok(game: Table, to: tuple) -> bool:
    """Whether the open edge ``to`` can be explored: a tile is left in its region's stack (X12)
    and no ``discovery_ok`` listener refuses the cell (or slot) beyond it (Fixed Dimensions, U23)."""
    _, x, y, side, _idx, region = to
    edge = slot_edge(to)
    if edge is not None:
        return slot_discoverable(game, region, edge[0])
    dx, dy = DELTA[side]
    return cell_discoverable(game, region, x + dx, y + dy)


def cell_discoverable(game: Table, region: str, x: int, y: int) -> bool:
    """Whether a tile may be discovered into the empty cell ``(x, y)`` of a region now."""
    if not stack_for(game, region):
        return False
    if not game.registry.listeners.get("discovery_ok"):   # nobody asked: no question event made
        return True
    return game.ask_listeners("discovery_ok", region=region, x=x, y=y, slot="")


def slot_discoverable(game: Table, region: str, slot: str) -> bool:
    """Whether a tile may be discovered into a slot of a slot region now: the slot is empty, a
    tile is left in the region's stack and no ``discovery_ok`` listener refuses."""
    if not stack_for(game, region) or game.geometry.in_slot(region, slot) is not None:
        return False
    x, y = game.ruleset.regions[region].slots[slot]
    return game.ask_listeners("discovery_ok", region=region, x=x, y=y, slot=slot)


def stack_for(game: Table, region: str) -> list[str]:
    """The tile stack a discovery in ``region`` draws from (X12: may be empty)."""
    return game.state.stacks.get(region, [])


def adjacent_targets(game: Table, seat: int) -> list[str]:
    """C8: rooms one tunnel away (icons and arrows ignored), via portals, or open edges (``open:KEY``)."""
    room = game.player(seat).room
    assert room is not None            # a pawn in the dungeon
    geo = game.geometry
    out: list[str] = []
    for r in geo.routes_from(room):
        if r.to[0] == "room":
            out.append(r.to[1])
        elif r.to[0] == "open" and discovery_ok(game, r.to):
            out.append(f"open:{r.key}")
        elif r.to[0] == "portal":
            out.extend(ex.to[1] for ex in geo.portal_exits() if ex.segments[0] != _reverse_first(r))
    if game.state.links:
        out.extend(dest for _, dest, _ in link_routes(game, room))
        out.extend(target for _, target, _ in link_openings(game, room))
    seen: set[str] = set()
    result = []
    for t in out:
        if t not in seen and t != room and (t.startswith(("open:", "slot:")) or not may_enter(game, seat, t)):
            seen.add(t)
            result.append(t)
    return result


def teleport_targets(game: Table, seat: int, kind: str) -> list[str]:
    """Where a held teleport of ``kind`` may take the player now (open edges as ``open:KEY``)."""
    tdef = game.registry.teleport_kinds.get(kind)
    if tdef is None:
        return []
    room = game.player(seat).room
    return [t for t in tdef.targets(game, seat)
            if t.startswith(("open:", "slot:")) or (t != room and not may_enter(game, seat, t))]


# -- performing moves ----------------------------------------------------------------------
def apply_move(game: Table, seat: int, action: Action) -> None:
    """Carry out a ``move``, ``portal``, ``explore`` or ``teleport`` action (already legal)."""
    p = game.state.players[seat]
    assert p.room is not None          # a move's actions are listed for a pawn in a room
    geo = game.geometry
    if action.kind == "move" and action.args[0].startswith("link:"):
        key, dest, cost = next(x for x in link_routes(game, p.room) if x[0] == action.args[0])
        _pay_and_go(game, seat, cost, int(action.args[1]), dest)
    elif action.kind == "move":
        r = geo.route_from(p.room, action.args[0])
        _pay_and_go(game, seat, route_cost(game, geo, r), int(action.args[1]), r.to[1])
    elif action.kind == "portal":
        r = geo.route_from(p.room, action.args[0])
        ex = next(e for e in geo.portal_exits() if e.key == action.args[1])
        cost = path_cost(game, geo, ex.segments, path_cost(game, geo, r.segments))
        game.bump(seat, "portal_used")
        _pay_and_go(game, seat, cost, int(action.args[2]), ex.to[1])
    elif action.kind == "explore" and action.args[0].startswith("link:"):
        _, target, cost = next(x for x in link_openings(game, p.room) if x[0] == action.args[0])
        discover_into_slot(game, seat, target, cost)
    elif action.kind == "explore":
        r = geo.route_from(p.room, action.args[0])
        _discover(game, seat, r, teleport=False)
    elif action.kind == "teleport":
        kind, target = action.args
        p.teleports.remove(kind)
        if target.startswith("open:"):
            _discover(game, seat, geo.route_from(p.room, target[5:]), teleport=True)
        elif target.startswith("slot:"):
            discover_into_slot(game, seat, target, None)
        else:
            game.say(f"{game.name(seat)} teleports to {game.room_name(target)}.", seat)
            enter_room(game, seat, target)


MOVE_PAID = "move_paid"
"""The step that finishes a move once its cost is paid, when the mover was first asked how to
pay it (a tunnel icon's gold, which what pays like gold may pay: ``game.pay_then``)."""


def _pay_and_go(game: Table, seat: int, cost: Cost, prevent: int, room: str) -> None:
    res = cost.resources
    subs = game.ruleset.substitutes
    if subs and not subs.keys().isdisjoint(res):     # something may stand in: ask how, when it matters
        game.pay_then(seat, res, MOVE_PAID, {"room": room, "prevent": prevent, "cover": list(cost.cover),
                                             "damage": cost.damage}, purpose=f"to move to {game.room_name(room)}")
        return
    _go(game, seat, game.pay(seat, res), cost.cover, cost.damage, prevent, room)


def step_move_paid(game: Table, seat: int, data: dict[str, Any]) -> None:
    """:data:`MOVE_PAID`: the move goes on with what was spent (``data``: the destination
    ``room``, the Swords that ``prevent`` damage, the icons the payment ``cover`` s, the
    ``damage`` of the path and what was ``spent``)."""
    _go(game, seat, data["spent"], data["cover"], data["damage"], data["prevent"], data["room"])


def _go(game: Table, seat: int, spent: dict[str, int], cover: list[str], damage: int, prevent: int,
        room: str) -> None:
    """The rest of a paid move: Swords spent to prevent damage, icons covered, the damage
    taken, the log line saying what was spent, and the pawn entering ``room``."""
    p = game.state.players[seat]
    p.pool["swords"] = p.pool.get("swords", 0) - prevent
    game.state.covered.extend(cover)
    taken = game.modify("tunnel_damage", damage - prevent, seat=seat, paying=True)
    extra = []
    for res, n in spent.items():
        if n:
            extra.append(game.resource_text(res, n))
    if prevent:
        extra.append(game.resource_text("swords", prevent))
    if taken > 0:
        extra.append(f"{taken} damage")
    paid = f" ({', '.join(extra)})" if extra else ""
    game.say(f"{game.name(seat)} moves to {game.room_name(room)}{paid}.", seat)
    if taken > 0:
        game.damage(seat, taken, log=False)
        game.emit("tunnel_damage", seat=seat, n=taken)
    if p.status == LIVE:
        enter_room(game, seat, room)
    elif p.status == KNOCKED_OUT:
        p.ko_room = room   # E2: lies in the destination room
        p.room = room


# -- discovery -----------------------------------------------------------------------------
ORIENT = "orient"
"""The decision kind of orienting a discovered tile (X4-X10)."""


def _discover(game: Table, seat: int, route: Route, teleport: bool, segments: list | None = None) -> None:
    """X2-X3: reveal the top tile of the stack for the open edge the route reaches, then ask
    the mover to orient it (the move waits in ``turn.move``)."""
    _, x, y, side, idx, region = route.to
    stack = stack_for(game, region)
    tile = stack.pop(0)
    segs = segments
    if segs is None:
        segs = []
        # loops, not comprehensions, here and below (at every tile discovered)
        for s in route.segments:
            segs.append((s.tile, s.tunnel, s.forward))
    edge = slot_edge(route.to)
    if edge is not None:            # into an empty slot: the tile lies as the slot says
        where = {"x": x, "y": y, "side": "", "idx": 0, "slot": edge[0], "port": edge[1]}
    else:
        dx, dy = DELTA[side]
        where = {"x": x + dx, "y": y + dy, "side": OPPOSITE[side], "idx": 3 - idx, "slot": "", "port": ""}
    listed = []
    for s in segs:
        listed.append([s[0], s[1], s[2]])
    game.state.turn.move = {
        "seat": seat, "tile": tile, **where, "region": region, "teleport": teleport, "segments": listed,
    }
    game.say(f"{game.name(seat)} discovers {game.ruleset.tiles[tile].name}.")
    game.emit("tile_discovered", seat=seat, tile=tile)
    game.ask({"kind": ORIENT, "seat": seat, "tile": tile})


def _move_segments(move: dict[str, Any]) -> list[Segment]:
    out = []
    for s in move["segments"]:         # a loop, not a comprehension (at every orientation listed)
        out.append(segment(s[0], s[1], s[2]))
    return out


def orientation_outcomes(game: Table, move: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """For each orientation that completes the tunnel (X6): where the move leads and what it
    costs. ``move`` defaults to the move waiting in ``turn.move``."""
    move = move if move is not None else game.state.turn.move
    assert move is not None            # asked while a discovered tile waits
    seat = move["seat"]
    tdef = game.ruleset.tiles[move["tile"]]
    out = []
    slot = move.get("slot", "")
    trial = PlacedTile(move["tile"], move["x"], move["y"], 0, move["region"], slot)
    geo = game.geometry.with_tile(trial)       # one trial layout, the tile turned in it (cells stay)
    before = _move_segments(move)
    for rot in range(4 if tdef.rotatable and not slot else 1):
        trial.rot = rot
        found = (geo.tunnel_at_named_port(trial, move["port"]) if slot
                 else geo.tunnel_at_port(trial, "", move["side"], move["idx"]))
        if found is None:
            continue
        cont = geo.trace(trial, found[0], found[1], "")
        segments = [*before, *cont.segments]
        cost = path_cost(game, geo, segments)
        res = {"rot": rot, "to": cont.to, "cost": cost, "segments": segments}
        ok = (cont.to[0] == "room" or (cont.to[0] == "open" and discovery_ok(game, cont.to))) \
            and placement_ok(game, trial, cont.to)
        if move["teleport"]:
            passable = ok and (cont.to[0] == "open" or not may_enter(game, seat, cont.to[1]))
            res["passable"], res["prevent"] = passable, [0] if passable else []
        else:
            passable = ok and _affordable(game, seat, cost, False)
            if passable and cont.to[0] == "room":
                res["prevent"] = entry_options(game, seat, cont.to[1], cost.damage)
                swords = game.player(seat).pool.get("swords", 0)
                k = min(swords, cost.damage)
                passable = bool(res["prevent"]) or not may_enter(
                    game, seat, cont.to[1], Entry(swords - k, cost.damage - k))
            else:
                res["prevent"] = prevent_options(game, seat, cost.damage) if passable else []
            res["passable"] = passable
        out.append(res)
    return out


def placement_ok(game: Table, placed: PlacedTile, to: tuple | None = None) -> bool:
    """Placement legality contributed by packs (Fixed Dimensions, U23) via ``placement_ok``
    listeners. ``to`` is where the move being made would continue on the new tile."""
    if not game.registry.listeners.get("placement_ok"):   # nobody asked: no question event made
        return True
    return game.ask_listeners("placement_ok", tile=placed, to=to)


def orient_actions(game: Table) -> list[Action]:
    """X8-X10: safe orientations if any, else passable ones (forced damage), else any placement.
    The outcomes are remembered for :func:`apply_orient` of the action applied next."""
    outcomes = orientation_outcomes(game)
    game._orient_memo = (len(game.state.history), game.state.turn.move, outcomes)
    safe = []
    for o in outcomes:                 # loops, not comprehensions (at every tile discovered)
        for k in o["prevent"]:
            safe.append(act("orient", o["rot"], k))
    if safe:
        return safe
    passable = [o for o in outcomes if o["passable"]]
    if passable:
        move = game.state.turn.move
        assert move is not None
        swords = game.player(move["seat"]).pool.get("swords", 0)
        return [act("orient", o["rot"], min(swords, o["cost"].damage)) for o in passable]
    return [act("place", o["rot"]) for o in outcomes] or [act("place", 0)]


def apply_orient(game: Table, action: Action) -> None:
    """Place the discovered tile and continue (or cancel) the move."""
    move = game.state.turn.move
    assert move is not None            # the orient decision waits on a move
    seat = move["seat"]
    rot = int(action.args[0])
    seen = game._orient_memo       # listed with the legal actions just before this one was applied
    outcomes = seen[2] if seen is not None and seen[1] is move and seen[0] == len(game.state.history) - 1 \
        else orientation_outcomes(game, move)
    game._orient_memo = None
    outcome = None
    for o in outcomes:
        if o["rot"] == rot:
            outcome = o
            break
    game.state.turn.move = None
    place_tile(game, move["tile"], move["x"], move["y"], rot, move["region"], seat, move.get("slot", ""))
    if action.kind == "place" or outcome is None:
        game.say(f"{game.name(seat)} cannot pass and stays where they are.")
        return
    prevent = int(action.args[1])
    if outcome["to"][0] == "open":
        origin = game.player(seat).room
        assert origin is not None          # the mover's pawn stands where the move began
        r = Route(origin, outcome["to"], tuple(outcome["segments"]))
        _discover(game, seat, r, move["teleport"], segments=[(s.tile, s.tunnel, s.forward) for s in r.segments])
        return
    if move["teleport"]:
        enter_room(game, seat, outcome["to"][1])
        return
    _pay_and_go(game, seat, path_cost(game, game.geometry, outcome["segments"]), prevent, outcome["to"][1])


def discover_into_slot(game: Table, seat: int, target: str, cost: Cost | None) -> None:
    """Follow a link (``cost``; None for a teleport) to the empty slot of a slot region named by
    ``target`` (``slot:REGION:SLOT:FEATURE``): the region's next tile is revealed and placed
    into the slot, then the pawn enters that tile's room showing ``FEATURE``. If that room
    cannot be entered (or there is none), the tile stays, the move does not happen and costs
    nothing (X9)."""
    _, region, slot, feature = target.split(":")
    tile = stack_for(game, region).pop(0)
    x, y = game.ruleset.regions[region].slots[slot]
    game.say(f"{game.name(seat)} discovers {game.ruleset.tiles[tile].name}.")
    game.emit("tile_discovered", seat=seat, tile=tile)
    place_tile(game, tile, x, y, 0, region, seat, slot)
    room = game.geometry.slot_room(region, slot, feature, game.ruleset.room_feature_set)
    prevent = 0
    entry = None
    if cost is not None:
        prevent = min(game.player(seat).pool.get("swords", 0), cost.damage)
        entry = Entry(game.player(seat).pool.get("swords", 0) - prevent, cost.damage - prevent)
    if room is None or not game.is_live(seat) or may_enter(game, seat, room, entry):
        game.say(f"{game.name(seat)} cannot pass and stays put (X9).")
        return
    if cost is None:
        game.say(f"{game.name(seat)} teleports to {game.room_name(room)}.")
        enter_room(game, seat, room)
    else:
        _pay_and_go(game, seat, cost, prevent, room)


def place_tile(game: Table, tile: str, x: int, y: int, rot: int, region: str, seat: int | None,
               slot: str = "") -> None:
    """Put a tile on the map (into ``slot`` in a slot region) and resolve its placement
    effects (X11)."""
    game.state.tiles.append(PlacedTile(tile, x, y, rot, region, slot))
    game.tile_added()
    tdef = game.ruleset.tiles[tile]
    feats = game.registry.room_features
    for local, room in tdef.rooms.items():
        rid = f"{tile}.{local}"
        game.room(rid)
        for name, arg in room["features"]:
            fdef = feats.get(name)
            if fdef is not None and fdef.on_place is not None:
                fdef.on_place(game, rid, arg)
    game.emit("tile_placed", tile=tile, seat=seat)


# -- entering rooms ------------------------------------------------------------------------
def enter_room(game: Table, seat: int, room_id: str) -> None:
    """A12: the pawn enters; the room's features' entry triggers resolve in order (stopping
    if the pawn is knocked out), then ``entered_room`` is announced."""
    game.state.players[seat].room = room_id
    if seat == game.state.current and game.ruleset.looking_back_by_room:
        lookback.note_room(game)           # C11a: a room passed through counts for the turn
    feats = game.registry.room_features
    for name, arg in game.room_features(room_id):
        fdef = feats.get(name)
        if fdef is not None and fdef.on_enter is not None:
            fdef.on_enter(game, seat, room_id, arg)
            if not game.is_live(seat):
                return
    game.emit("entered_room", seat=seat, room=room_id)
