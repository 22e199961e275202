"""A seat's view as a fixed-size vector of numbers, its layout derived from the loaded content.

Every number comes from the seat's :class:`~clank.game.view.SeatView` (``game.view(seat)``),
never from the game state, so nothing the seat may not see can reach it: other hands and every
deck's order are counts, tokens others hold face down count as ``hidden``, the bag is a total.
Seats are numbered from the observer: section ``p0.*`` is the observing seat, ``p1.*`` the next
seat clockwise, and so on, so one policy can play any seat.

The sections (:attr:`ObservationEncoder.sections`, each a name and a slice) follow from the
packs: a slot per card id in each card zone, per token id in each token place, per room id for
the pawns, per room feature, resource, teleport kind, cube kind, tile stack, token pool and decision kind the packs register (whole-game statistics are left out: a vector
of counters nobody plays by). A custom pack's cards, tokens, tiles and features
get their slots with no code of their own.

Encoding writes counts into a zeroed ``array("H")`` and other numbers into an ``array("f")``,
which NumPy adds without a Python loop.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

STATUSES = ("live", "escaped", "knocked_out")
SCALARS = ("round", "rage", "bag_total", "dungeon_deck", "artifact_stack_size", "covered_icons", "deciding",
           "health")
COUNTS = ("damage", "cubes", "hand", "deck", "pending_negative_clank", "artifact_value")
HIDDEN = "hidden"


class ObservationEncoder:
    """Encodes a seat's view of a game of ``players`` seats; :attr:`size` numbers, float32, all >= 0."""

    def __init__(self, ruleset: Any, names: Mapping[str, tuple[str, ...]], players: int) -> None:
        setup = ruleset.setup
        self.players = players
        self.names = names
        cards, tokens, rooms = names["cards"], names["tokens"], names["rooms"]
        self.stacks = tuple(sorted({*(setup.get("tile_stacks") or {}), *(t.region for t in ruleset.tiles.values())}))
        self.pools = tuple(sorted({*(setup.get("token_pools") or {}), *(t.pool for t in ruleset.tokens.values())}))
        self.cube_kinds = ("black", *names["cube_kinds"])
        self.row_size = int(setup.get("row_size", 6))
        self._token_value = {t: int(ruleset.tokens[t].value or 0) for t in tokens}
        room_features = {f"{t}.{r}": tuple(f for f, _ in data.get("features", ()) if f in names["features"])
                         for t, tile in ruleset.tiles.items() for r, data in tile.rooms.items()}
        per_seat: list[tuple[str, tuple[str, ...]]] = [
            ("room", rooms), ("room_features", names["features"]), ("status", STATUSES), ("counts", COUNTS),
            ("pool", names["resources"]), ("teleports", names["teleports"]),
            ("tokens", (*tokens, HIDDEN)), ("play", cards), ("discard", cards)]
        layout: list[tuple[str, tuple[str, ...]]] = [("scalars", SCALARS), ("decision", names["decisions"]),
            ("decider", _seats(players)), ("turn_of", _seats(players)),
            ("clank_area", (*_seats(players), *self.cube_kinds)), ("bank", self.cube_kinds),
            ("stacks", self.stacks), ("pools", self.pools),
            ("row", tuple(f"{slot}:{c}" for slot in range(self.row_size) for c in cards)),
            ("reserve", cards), ("dungeon_discard", cards), ("market", tokens), ("artifact_stack", tokens),
            ("map_tokens", tokens), ("room_tokens", rooms), ("room_value", rooms), ("room_pieces", rooms),
            ("tiles", names["tiles"]), ("hand", cards)]
        layout += [(f"p{p}.{name}", entries) for p in range(players) for name, entries in per_seat]
        self.sections: dict[str, slice] = {}
        self._pos: dict[str, dict[str, int]] = {}     # section -> entry -> absolute position
        start = 0
        for name, entries in layout:
            self.sections[name] = slice(start, start + len(entries))
            self._pos[name] = {e: start + i for i, e in enumerate(entries)}
            start += len(entries)
        self.size = start
        self.entries = {name: entries for name, entries in layout}
        self._seat_pos = [{name: self._pos[f"p{p}.{name}"] for name, _ in per_seat} for p in range(players)]
        self._room_features = room_features
        self._zeros_f, self._zeros_h = bytes(4 * self.size), bytes(2 * self.size)
        self._scalar_pos = tuple(self._pos["scalars"][name] for name in SCALARS)
        self._stack_pos = tuple(self._pos["stacks"][s] for s in self.stacks)
        self._pool_pos = tuple(self._pos["pools"][p] for p in self.pools)
        self._row_pos = [{c: self._pos["row"][f"{slot}:{c}"] for c in cards} for slot in range(self.row_size)]
        self._counts = [tuple(self._pos[f"p{p}.counts"][c] for c in COUNTS) for p in range(players)]
        self._stacks_at = tuple(zip(self._stack_pos, self.stacks, strict=True))
        self._pools_at = tuple(zip(self._pool_pos, self.pools, strict=True))

    def encode(self, view: Any) -> np.ndarray:
        """The vector of one seat's view (``game.view(seat)``)."""
        pos = self._pos
        n, me = self.players, view.seat
        ones = array("H", self._zeros_h)     # counts and one-hot marks (uint16: an overflow raises)
        vals = array("f", self._zeros_f)     # every other number
        (round_, rage, bag, deck, stack, covered, deciding, health) = self._scalar_pos
        vals[round_] = view.round
        vals[rage] = view.rage
        vals[bag] = view.bag_total
        vals[deck] = view.dungeon_deck_size
        vals[stack] = len(view.artifact_stack)
        vals[covered] = len(view.covered)
        vals[deciding] = view.deciding
        vals[health] = view.health
        found = pos["decision"].get(view.decision_kind)
        if found is not None:
            ones[found] = 1
        decider = view.current_player
        if decider is not None:
            ones[pos["decider"][str((decider - me) % n)]] = 1
        ones[pos["turn_of"][str((view.current - me) % n)]] = 1
        index = pos["clank_area"]
        for kind, count in view.clank_area.items():
            where = index.get(str((int(kind) - me) % n) if kind.isdigit() else kind)
            if where is not None:
                vals[where] += count
        index = pos["bank"]
        for kind, count in view.bank.items():
            if kind in index:
                vals[index[kind]] = count
        for where, stack_name in self._stacks_at:
            vals[where] = view.stack_size(stack_name)
        for where, pool in self._pools_at:
            vals[where] = view.pool_size(pool)
        row = self._row_pos
        for slot, cid in enumerate(view.row[: self.row_size]):
            if cid is not None:
                ones[row[slot][cid]] = 1
        index = pos["reserve"]
        for cid, size in view.reserve.items():
            vals[index[cid]] = size
        for where in map(pos["dungeon_discard"].__getitem__, view.dungeon_discard):
            ones[where] += 1
        index = pos["market"]
        for items in view.market.values():
            for where in map(index.__getitem__, items):
                ones[where] += 1
        for where in map(pos["artifact_stack"].__getitem__, view.artifact_stack):
            ones[where] += 1
        self._rooms(ones, vals, view)
        index = pos["tiles"]
        for placed in view.tiles:
            ones[index[placed.tile]] = 1
        for where in map(pos["hand"].__getitem__, view.me.hand):
            ones[where] += 1
        self._player(ones, vals, _Own(view.me), self._seat_pos[0], self._counts[0])   # its own state
        for rel in range(1, n):
            self._player(ones, vals, view.public((me + rel) % n), self._seat_pos[rel], self._counts[rel])
        return np.frombuffer(ones, dtype=np.uint16).astype(np.float32) + np.frombuffer(vals, dtype=np.float32)

    def _rooms(self, ones: array, vals: array, view: Any) -> None:
        """Tokens lying in rooms (any room-state value naming token ids) and pieces on the map."""
        pos = self._pos
        map_tokens, room_tokens, room_value, room_pieces = (
            pos["map_tokens"], pos["room_tokens"], pos["room_value"], pos["room_pieces"])
        token_value = self._token_value
        for room, data in view.rooms.items():
            if not data or room not in room_tokens:
                continue
            for item in data.values():
                for t in (item if isinstance(item, list) else (item,)):
                    if isinstance(t, str) and t in map_tokens:
                        ones[map_tokens[t]] += 1
                        ones[room_tokens[room]] += 1
                        vals[room_value[room]] += token_value[t]
        for piece in view.pieces.values():
            where = room_pieces.get(piece.get("room"))
            if where is not None:
                ones[where] += 1

    def _player(self, ones: array, vals: array, p: Any, pos: dict[str, dict[str, int]],
                counts: tuple[int, ...]) -> None:
        room = p["room"] if p["room"] is not None else p["ko_room"]
        where = pos["room"].get(room) if room is not None else None
        if where is not None:
            ones[where] = 1
            for where in map(pos["room_features"].__getitem__, self._room_features[room]):
                ones[where] = 1
        status = pos["status"].get(p["status"])
        if status is not None:
            ones[status] = 1
        hand, deck, artifacts = p["hand"], p["deck"], p["artifacts"]
        damage, cubes, hand_at, deck_at, pending, value = counts
        vals[damage] = len(p["damage"])
        vals[cubes] = p["cubes"]
        vals[hand_at] = hand if isinstance(hand, int) else len(hand)
        vals[deck_at] = deck if isinstance(deck, int) else len(deck)
        vals[pending] = p["pending_neg"]
        if artifacts:
            vals[value] = sum(map(self._token_value.__getitem__, artifacts))
        index = pos["pool"]
        for res, amount in p["pool"].items():
            if res in index:
                vals[index[res]] = amount
        for where in map(pos["teleports"].__getitem__, p["teleports"]):
            ones[where] += 1
        index = pos["tokens"]
        hidden = index[HIDDEN]
        for t in p["tokens"]:
            ones[index.get(t, hidden)] += 1
        for t in artifacts:
            ones[index.get(t, hidden)] += 1
        for where in map(pos["play"].__getitem__, p["play"]):
            ones[where] += 1
        for where in map(pos["discard"].__getitem__, p["discard"]):
            ones[where] += 1

    def describe(self, vector: np.ndarray) -> dict[str, dict[str, float]]:
        """The non-zero numbers of a vector by section and entry: ``{"p0.pool": {"gold": 3.0}, ...}``."""
        out: dict[str, dict[str, float]] = {}
        for name, s in self.sections.items():
            part = {e: float(vector[s.start + i]) for i, e in enumerate(self.entries[name]) if vector[s.start + i]}
            if part:
                out[name] = part
        return out


class _Own:
    """The observing seat's own state read as :meth:`SeatView.public` shows it (no copy: its deck
    as a count, as every view shows a deck)."""

    __slots__ = ("_p",)

    def __init__(self, p: Any) -> None:
        self._p = p

    def __getitem__(self, name: str) -> Any:
        return len(self._p.deck) if name == "deck" else getattr(self._p, name)


def _seats(players: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(players))
