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

Encoding writes into a zeroed ``array("f")`` that NumPy then shares without copying.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
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
        self._zeros = bytes(4 * self.size)
        self._scalar_pos = tuple(self._pos["scalars"][name] for name in SCALARS)
        self._stack_pos = tuple(self._pos["stacks"][s] for s in self.stacks)
        self._pool_pos = tuple(self._pos["pools"][p] for p in self.pools)
        self._row_pos = [{c: self._pos["row"][f"{slot}:{c}"] for c in cards} for slot in range(self.row_size)]
        self._counts_pos = {self._pos[f"p{p}.counts"]["damage"]: tuple(self._pos[f"p{p}.counts"][c] for c in COUNTS)
                            for p in range(players)}

    def encode(self, view: Any) -> np.ndarray:
        """The vector of one seat's view (``game.view(seat)``)."""
        pos = self._pos
        n, me = self.players, view.seat
        buf = array("f", self._zeros)
        scalars = self._scalar_pos
        for where, value in zip(scalars, (view.round, view.rage, view.bag_total, view.dungeon_deck_size,
                                          len(view.artifact_stack), len(view.covered), view.deciding, view.health),
                                strict=True):
            buf[where] = value
        decision = view.decision()
        found = pos["decision"].get(decision["kind"])
        if found is not None:
            buf[found] = 1.0
        if decision.get("seat") is not None:
            buf[pos["decider"][str((decision["seat"] - me) % n)]] = 1.0
        buf[pos["turn_of"][str((view.current - me) % n)]] = 1.0
        area = pos["clank_area"]
        for kind, count in view.clank_area.items():
            where = area.get(str((int(kind) - me) % n) if kind.isdigit() else kind)
            if where is not None:
                buf[where] += count
        _put(buf, pos["bank"], view.bank.items())
        for where, stack in zip(self._stack_pos, self.stacks, strict=True):
            buf[where] = view.stack_size(stack)
        for where, pool in zip(self._pool_pos, self.pools, strict=True):
            buf[where] = view.pool_size(pool)
        row = self._row_pos
        for slot, cid in enumerate(view.row[: self.row_size]):
            if cid is not None:
                buf[row[slot][cid]] = 1.0
        _put(buf, pos["reserve"], view.reserve.items())
        _add(buf, pos["dungeon_discard"], view.dungeon_discard)
        for items in view.market.values():
            _add(buf, pos["market"], items)
        _add(buf, pos["artifact_stack"], view.artifact_stack)
        self._rooms(buf, view)
        tiles = pos["tiles"]
        for placed in view.tiles:
            buf[tiles[placed.tile]] = 1.0
        _add(buf, pos["hand"], view.me.hand)
        for rel in range(n):
            self._player(buf, view.public((me + rel) % n), self._seat_pos[rel])
        return np.frombuffer(buf, dtype=np.float32)

    def _rooms(self, buf: array, view: Any) -> None:
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
                        buf[map_tokens[t]] += 1
                        buf[room_tokens[room]] += 1
                        buf[room_value[room]] += token_value[t]
        for piece in view.pieces.values():
            where = room_pieces.get(piece.get("room"))
            if where is not None:
                buf[where] += 1

    def _player(self, buf: array, p: Mapping[str, Any], pos: dict[str, dict[str, int]]) -> None:
        room = p["room"] if p["room"] is not None else p["ko_room"]
        where = pos["room"].get(room) if room is not None else None
        if where is not None:
            buf[where] = 1.0
            features = pos["room_features"]
            for feature in self._room_features[room]:
                buf[features[feature]] = 1.0
        status = pos["status"].get(p["status"])
        if status is not None:
            buf[status] = 1.0
        hand, deck, artifacts = p["hand"], p["deck"], p["artifacts"]
        counts = self._counts_pos[pos["counts"]["damage"]]
        token_value = self._token_value
        for where, value in zip(counts, (len(p["damage"]), p["cubes"], hand if isinstance(hand, int) else len(hand),
                                         deck if isinstance(deck, int) else len(deck), p["pending_neg"],
                                         sum(token_value.get(a, 0) for a in artifacts)), strict=True):
            buf[where] = value
        _put(buf, pos["pool"], p["pool"].items())
        _add(buf, pos["teleports"], p["teleports"])
        tokens = pos["tokens"]
        hidden = tokens[HIDDEN]
        for t in p["tokens"]:
            buf[tokens.get(t, hidden)] += 1
        for t in artifacts:
            buf[tokens.get(t, hidden)] += 1
        _add(buf, pos["play"], p["play"])
        _add(buf, pos["discard"], p["discard"])

    def describe(self, vector: np.ndarray) -> dict[str, dict[str, float]]:
        """The non-zero numbers of a vector by section and entry: ``{"p0.pool": {"gold": 3.0}, ...}``."""
        out: dict[str, dict[str, float]] = {}
        for name, s in self.sections.items():
            part = {e: float(vector[s.start + i]) for i, e in enumerate(self.entries[name]) if vector[s.start + i]}
            if part:
                out[name] = part
        return out


def _seats(players: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(players))


def _put(buf: array, index: Mapping[str, int], items: Iterable[tuple[str, Any]]) -> None:
    for name, value in items:
        where = index.get(name)
        if where is not None:
            buf[where] = value


def _add(buf: array, index: Mapping[str, int], items: Iterable[str]) -> None:
    for item in items:
        buf[index[item]] += 1
