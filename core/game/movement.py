"""Movement: Boots along tunnels (A6-A10), portals (A11), teleports (C8, T13), discovery of
new tiles with orientation choice (X2-X14), and entering rooms (A12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank.actions import Action, act
from clank.game.dungeon import DELTA, OPPOSITE, Geometry, Route, Segment
from clank.game.state import PlacedTile

if TYPE_CHECKING:
    from clank.game.engine import Game


# -- costs ---------------------------------------------------------------------------------
class Cost:
    """What a path costs: Boots, uncovered locks, monster damage, and whether it goes against an arrow."""

    __slots__ = ("boots", "locks", "damage", "against")

    def __init__(self) -> None:
        self.boots = 1
        self.locks: list[str] = []
        self.damage = 0
        self.against = False


def path_cost(game: Game, geo: Geometry, segments, cost: Cost | None = None) -> Cost:
    """Add up the icons of every tile tunnel on a path (A7 footprints, A8 monsters, A9 locks, A10)."""
    cost = cost or Cost()
    icons = game.ruleset.registry.tunnel_icons
    covered = game.state.covered_locks
    for seg in segments:
        t = geo.tunnel(seg)
        if t.one_way and not seg.forward:
            cost.against = True
        for i, name in enumerate(t.icons):
            idef = icons[name]
            cost.boots += idef.extra_boots
            if idef.lock:
                lock_id = f"{seg.tile}#{seg.tunnel}#{i}"
                if lock_id not in covered:
                    cost.locks.append(lock_id)
            if idef.damage and not (idef.damage_ignored_by and game.has_flag(idef.damage_ignored_by)):
                cost.damage += idef.damage
    return cost


def grants(game: Game, seat: int) -> set[str]:
    """Permanent abilities granted by held tokens (e.g. ``ignore_one_way``, G15)."""
    toks = game.ruleset.tokens
    out: set[str] = set()
    for t in game.player(seat).tokens:
        out.update(toks[t].data.get("grants", ()))
    return out


def prevent_options(game: Game, seat: int, damage: int) -> list[int]:
    """How many damage points Swords may prevent so the rest can legally be taken (A8, H4)."""
    swords = game.player(seat).pool.get("swords", 0)
    return [k for k in range(min(damage, swords) + 1)
            if game.can_take_damage(seat, game.modify("tunnel_damage", damage - k, seat=seat, paying=False))]


def may_enter(game: Game, seat: int, room_id: str, after: dict[str, int] | None = None) -> str | None:
    """A reason the pawn may not enter the room, or None (A18, U-M5).

    ``after`` describes the move being paid: ``{"swords": left after prevention, "damage":
    tunnel damage taken}``; features read it as ``game.entry_context`` (None: the current state).
    """
    feats = game.ruleset.registry.room_features
    game.entry_context = after
    try:
        for name, arg in game.room_features(room_id):
            fdef = feats.get(name)
            if fdef is not None and fdef.may_enter is not None:
                why = fdef.may_enter(game, seat, room_id, arg)
                if why:
                    return why
        return None
    finally:
        game.entry_context = None


def entry_options(game: Game, seat: int, room_id: str, damage: int) -> list[int]:
    """Sword preventions (A8, H4) after which the pawn may still enter the room (U-M5)."""
    swords = game.player(seat).pool.get("swords", 0)
    return [k for k in prevent_options(game, seat, damage)
            if not may_enter(game, seat, room_id, {
                "swords": swords - k,
                "damage": game.modify("tunnel_damage", damage - k, seat=seat, paying=False)})]


def _affordable(game: Game, seat: int, cost: Cost, teleport: bool) -> bool:
    p = game.player(seat)
    if teleport:
        return True
    if cost.against and "ignore_one_way" not in grants(game, seat):
        return False
    return p.pool.get("boots", 0) >= cost.boots and p.lockpicks >= len(cost.locks)


# -- enumerating moves ---------------------------------------------------------------------
def legal_moves(game: Game, seat: int) -> list[Action]:
    """Boots moves, portal moves, explorations and teleports open to the current player."""
    st = game.state
    p = game.player(seat)
    if p.room is None or st.turn.escaping:
        return []
    geo = game.geometry
    out: list[Action] = []
    exhausted = st.turn.exhausted and not game.has_flag("ignore_exhaustion")
    boots_ok = not exhausted and p.pool.get("boots", 0) > 0
    if boots_ok:
        for r in geo.routes_from(p.room):
            kind = r.to[0]
            if kind == "room":
                cost = path_cost(game, geo, r.segments)
                if _affordable(game, seat, cost, False):
                    out.extend(act("move", r.key, k) for k in entry_options(game, seat, r.to[1], cost.damage))
            elif kind == "open":
                if not discovery_ok(game, r.to):
                    continue
                cost = path_cost(game, geo, r.segments)
                if _affordable(game, seat, cost, False) and prevent_options(game, seat, cost.damage):
                    out.append(act("explore", r.key))
            elif kind == "portal":
                for ex in geo.portal_exits():
                    if ex.segments[0] == _reverse_first(r):
                        continue
                    cost = path_cost(game, geo, ex.segments, path_cost(game, geo, r.segments))
                    if _affordable(game, seat, cost, False):
                        out.extend(act("portal", r.key, ex.key, k)
                                   for k in entry_options(game, seat, ex.to[1], cost.damage))
        for key, dest, cost in link_routes(game, p.room):
            if _affordable(game, seat, cost, False):
                out.extend(act("move", key, k) for k in entry_options(game, seat, dest, cost.damage))
    for kind in sorted(set(p.teleports)):
        for target in teleport_targets(game, seat, kind):
            out.append(act("teleport", kind, target))
    return out


def link_routes(game: Game, room: str | None) -> list[tuple[str, str, Cost]]:
    """Links (tunnels no tile draws, U-M2) leaving a room: (route key, destination, cost)."""
    out = []
    icons = game.ruleset.registry.tunnel_icons
    for link in game.state.links:
        if link["a"] == room:
            dest = link["b"]
        elif link["b"] == room and not link["one_way"]:
            dest = link["a"]
        else:
            continue
        cost = Cost()
        for name in link["icons"]:
            idef = icons[name]
            cost.boots += idef.extra_boots
            if idef.damage and not (idef.damage_ignored_by and game.has_flag(idef.damage_ignored_by)):
                cost.damage += idef.damage
        out.append((f"link:{link['key']}", dest, cost))
    return out


def _reverse_first(r: Route) -> Segment:
    s = r.segments[-1]
    return Segment(s.tile, s.tunnel, not s.forward)


def discovery_ok(game: Game, to: tuple) -> bool:
    """Whether the open edge ``to`` can be explored: a tile is left in its region's stack (X12)
    and no ``discovery_ok`` listener refuses the cell (Fixed Space, U23)."""
    _, x, y, side, _idx, region = to
    if not stack_for(game, region):
        return False
    dx, dy = DELTA[side]
    for fn in game.ruleset.registry.listeners.get("discovery_ok", ()):
        if fn(game, {"event": "discovery_ok", "region": region, "x": x + dx, "y": y + dy}) is False:
            return False
    return True


def stack_for(game: Game, region: str) -> list[str]:
    """The tile stack a discovery in ``region`` draws from (X12: may be empty)."""
    return game.state.stacks.get(region, [])


def adjacent_targets(game: Game, seat: int) -> list[str]:
    """C8: rooms one tunnel away (icons and arrows ignored), via portals, or open edges (``open:KEY``)."""
    p = game.player(seat)
    geo = game.geometry
    out: list[str] = []
    for r in geo.routes_from(p.room):
        if r.to[0] == "room":
            out.append(r.to[1])
        elif r.to[0] == "open" and discovery_ok(game, r.to):
            out.append(f"open:{r.key}")
        elif r.to[0] == "portal":
            out.extend(ex.to[1] for ex in geo.portal_exits() if ex.segments[0] != _reverse_first(r))
    out.extend(dest for _, dest, _ in link_routes(game, p.room))
    seen: set[str] = set()
    result = []
    for t in out:
        if t not in seen and t != p.room and (t.startswith("open:") or not may_enter(game, seat, t)):
            seen.add(t)
            result.append(t)
    return result


def teleport_targets(game: Game, seat: int, kind: str) -> list[str]:
    """Where a held teleport of ``kind`` may take the player now."""
    if kind == "adjacent":
        return adjacent_targets(game, seat)
    tdef = game.ruleset.registry.teleport_kinds.get(kind)
    if tdef is None:
        return []
    room = game.player(seat).room
    return [t for t in tdef.targets(game, seat) if t != room and not may_enter(game, seat, t)]


# -- performing moves ----------------------------------------------------------------------
def apply_move(game: Game, seat: int, action: Action) -> None:
    """Carry out a ``move``, ``portal``, ``explore`` or ``teleport`` action (already legal)."""
    p = game.player(seat)
    geo = game.geometry
    routes = {r.key: r for r in geo.routes_from(p.room)}
    if action.kind == "move" and action.args[0].startswith("link:"):
        key, dest, cost = next(x for x in link_routes(game, p.room) if x[0] == action.args[0])
        _pay_and_go(game, seat, cost, int(action.args[1]), dest)
    elif action.kind == "move":
        r = routes[action.args[0]]
        _pay_and_go(game, seat, path_cost(game, geo, r.segments), int(action.args[1]), r.to[1])
    elif action.kind == "portal":
        r = routes[action.args[0]]
        ex = next(e for e in geo.portal_exits() if e.key == action.args[1])
        cost = path_cost(game, geo, ex.segments, path_cost(game, geo, r.segments))
        game.bump(seat, "portal_used")
        _pay_and_go(game, seat, cost, int(action.args[2]), ex.to[1])
    elif action.kind == "explore":
        r = routes[action.args[0]]
        _discover(game, seat, r, teleport=False)
    elif action.kind == "teleport":
        kind, target = action.args
        p.teleports.remove(kind)
        if target.startswith("open:"):
            _discover(game, seat, routes[target[5:]], teleport=True)
        else:
            game.say(f"{game.name(seat)} teleports to {game.room_name(target)}.")
            enter_room(game, seat, target)


def _pay_and_go(game: Game, seat: int, cost: Cost, prevent: int, room: str) -> None:
    p = game.player(seat)
    p.pool["boots"] = p.pool.get("boots", 0) - cost.boots
    p.pool["swords"] = p.pool.get("swords", 0) - prevent
    for lock in cost.locks:
        p.lockpicks -= 1
        game.state.covered_locks.append(lock)
    taken = game.modify("tunnel_damage", cost.damage - prevent, seat=seat, paying=True)
    extra = [f"{cost.boots} Boot{'s' if cost.boots != 1 else ''}"]
    if cost.locks:
        extra.append(f"{len(cost.locks)} lockpick{'s' if len(cost.locks) != 1 else ''}")
    if prevent:
        extra.append(f"{prevent} Sword{'s' if prevent != 1 else ''}")
    if taken > 0:
        extra.append(f"{taken} damage")
    game.say(f"{game.name(seat)} moves to {game.room_name(room)} ({', '.join(extra)}).")
    if taken > 0:
        game.damage(seat, taken)
        game.emit("tunnel_damage", seat=seat, n=taken)
    if game.is_live(seat):
        enter_room(game, seat, room)
    elif p.status == "knocked_out":
        p.ko_room = room   # E2: lies in the destination room
        p.room = room


# -- discovery -----------------------------------------------------------------------------
def _discover(game: Game, seat: int, route: Route, teleport: bool, segments: list | None = None) -> None:
    """X2-X3: reveal the top tile of the stack for the open edge the route reaches."""
    _, x, y, side, idx, region = route.to
    stack = stack_for(game, region)
    tile = stack.pop(0)
    dx, dy = DELTA[side]
    segs = segments if segments is not None else [(s.tile, s.tunnel, s.forward) for s in route.segments]
    game.state.turn.ext["move"] = {
        "seat": seat, "tile": tile, "x": x + dx, "y": y + dy, "region": region,
        "side": OPPOSITE[side], "idx": 3 - idx, "teleport": teleport,
        "segments": [[s[0], s[1], s[2]] for s in segs],
    }
    game.say(f"{game.name(seat)} discovers {game.ruleset.tiles[tile].name}.")
    game.emit("tile_discovered", seat=seat, tile=tile)


def _move_segments(move: dict[str, Any]) -> list[Segment]:
    return [Segment(s[0], s[1], s[2]) for s in move["segments"]]


def orientation_outcomes(game: Game) -> list[dict[str, Any]]:
    """For each orientation that completes the tunnel (X6): where the move leads and what it costs."""
    move = game.state.turn.ext["move"]
    seat = move["seat"]
    tdef = game.ruleset.tiles[move["tile"]]
    out = []
    for rot in range(4 if tdef.rotatable else 1):
        trial = PlacedTile(move["tile"], move["x"], move["y"], rot, move["region"])
        geo = Geometry(game.ruleset.tiles, [*game.state.tiles, trial])
        found = geo.tunnel_at_port(trial, "", move["side"], move["idx"])
        if found is None:
            continue
        cont = geo.trace(trial, found[0], found[1], "")
        segments = _move_segments(move) + list(cont.segments)
        cost = path_cost(game, geo, segments)
        res = {"rot": rot, "to": cont.to, "cost": cost, "segments": segments, "geo": geo}
        ok = (cont.to[0] == "room" or (cont.to[0] == "open" and discovery_ok(game, cont.to))) \
            and game_placement_ok(game, trial, cont.to)
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
                    game, seat, cont.to[1], {"swords": swords - k, "damage": cost.damage - k})
            else:
                res["prevent"] = prevent_options(game, seat, cost.damage) if passable else []
            res["passable"] = passable
        out.append(res)
    return out


def game_placement_ok(game: Game, placed: PlacedTile, to: tuple | None = None) -> bool:
    """Placement legality contributed by packs (Fixed Space, U23) via ``placement_ok`` listeners.

    ``to`` is where the move being made would continue on the new tile (a room or open edge).
    """
    for fn in game.ruleset.registry.listeners.get("placement_ok", ()):
        if fn(game, {"event": "placement_ok", "tile": placed, "to": to}) is False:
            return False
    return True


def orient_actions(game: Game) -> list[Action]:
    """X8-X10: safe orientations if any, else passable ones (forced damage), else any placement."""
    outcomes = orientation_outcomes(game)
    safe = [(o["rot"], k) for o in outcomes for k in o["prevent"]]
    if safe:
        return [act("orient", r, k) for r, k in safe]
    passable = [o for o in outcomes if o["passable"]]
    if passable:
        swords = game.player(game.state.turn.ext["move"]["seat"]).pool.get("swords", 0)
        return [act("orient", o["rot"], min(swords, o["cost"].damage)) for o in passable]
    return [act("place", o["rot"]) for o in outcomes] or [act("place", 0)]


def apply_orient(game: Game, action: Action) -> None:
    """Place the discovered tile and continue (or cancel) the move."""
    move = game.state.turn.ext.pop("move")
    seat = move["seat"]
    rot = int(action.args[0])
    outcome = next((o for o in orientation_outcomes_for(game, move) if o["rot"] == rot), None)
    place_tile(game, move["tile"], move["x"], move["y"], rot, move["region"], seat)
    if action.kind == "place" or outcome is None:
        game.say(f"{game.name(seat)} cannot pass and stays put (X9).")
        return
    prevent = int(action.args[1])
    if outcome["to"][0] == "open":
        game.state.turn.ext["move"] = move
        geo = game.geometry
        r = Route(game.player(seat).room, outcome["to"], tuple(outcome["segments"]))
        _discover(game, seat, r, move["teleport"], segments=[(s.tile, s.tunnel, s.forward) for s in r.segments])
        return
    if move["teleport"]:
        enter_room(game, seat, outcome["to"][1])
        return
    geo = game.geometry
    _pay_and_go(game, seat, path_cost(game, geo, outcome["segments"]), prevent, outcome["to"][1])


def orientation_outcomes_for(game: Game, move: dict[str, Any]) -> list[dict[str, Any]]:
    """:func:`orientation_outcomes` for a move record already removed from the turn."""
    game.state.turn.ext["move"] = move
    try:
        return orientation_outcomes(game)
    finally:
        game.state.turn.ext.pop("move", None)


def place_tile(game: Game, tile: str, x: int, y: int, rot: int, region: str, seat: int | None) -> None:
    """Put a tile on the grid and resolve its placement effects (X11)."""
    game.state.tiles.append(PlacedTile(tile, x, y, rot, region))
    game.tiles_changed()
    tdef = game.ruleset.tiles[tile]
    feats = game.ruleset.registry.room_features
    for local, room in tdef.rooms.items():
        rid = f"{tile}.{local}"
        game.room(rid)
        for name, arg in room["features"]:
            fdef = feats.get(name)
            if fdef is not None and fdef.on_place is not None:
                fdef.on_place(game, rid, arg)
    game.emit("tile_placed", tile=tile, seat=seat)


# -- entering rooms ------------------------------------------------------------------------
def enter_room(game: Game, seat: int, room_id: str) -> None:
    """A12: the pawn enters; room features and entry-triggered tokens resolve."""
    p = game.player(seat)
    p.room = room_id
    feats = game.ruleset.registry.room_features
    for name, arg in game.room_features(room_id):
        fdef = feats.get(name)
        if fdef is not None and fdef.on_enter is not None:
            fdef.on_enter(game, seat, room_id, arg)
            if not game.is_live(seat):
                return
    toks = game.ruleset.tokens
    for t in list(p.tokens):
        trig = toks[t].data.get("_on_enter")
        if trig and game.room_has(room_id, trig[0]) and t in p.tokens:
            p.tokens.remove(t)
            game.state.token_box.append(t)
            game.push(trig[1], seat, t)
    game.emit("entered_room", seat=seat, room=room_id)
