"""A seat's view as a fixed-size vector of numbers, its layout derived from the loaded content.

Every number comes from the seat's :class:`~clank.game.view.SeatView` (``game.view(seat)``),
never from the game state, so nothing the seat may not see can reach it: other hands and every
deck's order are counts, tokens others hold face down count as ``hidden``, the bag is a total.
Seats are numbered from the observer: section ``p0.*`` is the observing seat, ``p1.*`` the next
seat clockwise, and so on, so one policy can play any seat.

The sections (:attr:`ObservationEncoder.sections`, each a name and a slice) follow from the
packs: a slot per card id in each card zone, per token id in each token place, per room id for
the pawns, per room feature, resource, teleport kind, cube kind, statistic, tile stack, token
pool and decision kind the packs register. A custom pack's cards, tokens, tiles and features
get their slots with no code of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

STATUSES = ("live", "escaped", "knocked_out")
SCALARS = ("round", "rage", "bag_total", "dungeon_deck", "artifact_stack_size", "covered_icons", "deciding",
           "health")


def _index(names: Iterable[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


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
        self._card, self._token, self._room = _index(cards), _index(tokens), _index(rooms)
        self._feature, self._resource = _index(names["features"]), _index(names["resources"])
        self._teleport, self._stat = _index(names["teleports"]), _index(names["stats"])
        self._decision = _index(names["decisions"])
        self._tiles = _index(names["tiles"])
        self._room_features = {room: tuple(f for f, _ in ruleset.tiles[room.split(".", 1)[0]].rooms[
            room.split(".", 1)[1]].get("features", ()) if f in self._feature) for room in rooms}
        self._token_value = {t: int(ruleset.tokens[t].value or 0) for t in tokens}
        layout: list[tuple[str, int]] = [(s, 1) for s in SCALARS]
        layout += [("decision", len(names["decisions"])), ("decider", players), ("turn_of", players),
                   ("clank_area", players + len(self.cube_kinds)), ("bank", len(self.cube_kinds)),
                   ("stacks", len(self.stacks)), ("pools", len(self.pools)),
                   ("row", self.row_size * len(cards)), ("reserve", len(cards)), ("dungeon_discard", len(cards)),
                   ("market", len(tokens)), ("artifact_stack", len(tokens)), ("map_tokens", len(tokens)),
                   ("room_tokens", len(rooms)), ("room_value", len(rooms)), ("room_pieces", len(rooms)),
                   ("tiles", len(names["tiles"])), ("hand", len(cards))]
        for p in range(players):
            layout += [(f"p{p}.room", len(rooms)), (f"p{p}.room_features", len(names["features"])),
                       (f"p{p}.status", len(STATUSES)), (f"p{p}.counts", 6),
                       (f"p{p}.pool", len(names["resources"])), (f"p{p}.teleports", len(names["teleports"])),
                       (f"p{p}.stats", len(names["stats"])), (f"p{p}.tokens", len(tokens) + 1),
                       (f"p{p}.play", len(cards)), (f"p{p}.discard", len(cards))]
        self.sections: dict[str, slice] = {}
        start = 0
        for name, width in layout:
            self.sections[name] = slice(start, start + width)
            start += width
        self.size = start
        self._at = {name: s.start for name, s in self.sections.items()}

    def encode(self, view: Any) -> np.ndarray:
        """The vector of one seat's view (``game.view(seat)``)."""
        out = np.zeros(self.size, dtype=np.float32)
        at = self._at
        me = view.seat
        n = self.players
        card, token = self._card, self._token
        out[at["round"]] = view.round
        out[at["rage"]] = view.rage
        out[at["bag_total"]] = view.bag_total
        out[at["dungeon_deck"]] = view.dungeon_deck_size
        out[at["artifact_stack_size"]] = len(view.artifact_stack)
        out[at["covered_icons"]] = len(view.covered)
        out[at["deciding"]] = 1.0 if view.deciding else 0.0
        out[at["health"]] = view.health
        decision = view.decision()
        out[at["decision"] + self._decision.get(decision["kind"], 0)] = 1.0
        if decision.get("seat") is not None:
            out[at["decider"] + (decision["seat"] - me) % n] = 1.0
        out[at["turn_of"] + (view.current - me) % n] = 1.0
        base = at["clank_area"]
        for kind, count in view.clank_area.items():
            if kind.isdigit():
                out[base + (int(kind) - me) % n] += count
            elif kind in self.cube_kinds:
                out[base + n + self.cube_kinds.index(kind)] += count
        base = at["bank"]
        for kind, count in view.bank.items():
            if kind in self.cube_kinds:
                out[base + self.cube_kinds.index(kind)] = count
        for i, stack in enumerate(self.stacks):
            out[at["stacks"] + i] = view.stack_size(stack)
        for i, pool in enumerate(self.pools):
            out[at["pools"] + i] = view.pool_size(pool)
        ncards = len(card)
        base = at["row"]
        for slot, cid in enumerate(view.row[: self.row_size]):
            if cid is not None:
                out[base + slot * ncards + card[cid]] = 1.0
        base = at["reserve"]
        for cid, size in view.reserve.items():
            if cid in card:
                out[base + card[cid]] = size
        _count(out, at["dungeon_discard"], card, view.dungeon_discard)
        for items in view.market.values():
            _count(out, at["market"], token, items)
        _count(out, at["artifact_stack"], token, view.artifact_stack)
        self._rooms(out, view)
        base = at["tiles"]
        tiles = self._tiles
        for placed in view.tiles:
            out[base + tiles[placed.tile]] = 1.0
        _count(out, at["hand"], card, view.me.hand)
        for rel in range(n):
            self._player(out, view, (me + rel) % n, f"p{rel}.")
        return out

    def _rooms(self, out: np.ndarray, view: Any) -> None:
        """Tokens lying in rooms (any room-state value naming token ids) and pieces on the map."""
        at, token, room_ix, value = self._at, self._token, self._room, self._token_value
        for room, data in view.rooms.items():
            r = room_ix.get(room)
            if r is None or not data:
                continue
            for item in data.values():
                for t in (item if isinstance(item, list) else (item,)):
                    if isinstance(t, str) and t in token:
                        out[at["map_tokens"] + token[t]] += 1
                        out[at["room_tokens"] + r] += 1
                        out[at["room_value"] + r] += value[t]
        for piece in view.pieces.values():
            r = room_ix.get(piece.get("room"))
            if r is not None:
                out[at["room_pieces"] + r] += 1

    def _player(self, out: np.ndarray, view: Any, seat: int, prefix: str) -> None:
        at = self._at
        p = view.player(seat)
        room = p.room if p.room is not None else p.ko_room
        r = self._room.get(room) if room is not None else None
        if r is not None:
            out[at[prefix + "room"] + r] = 1.0
            base = at[prefix + "room_features"]
            for feature in self._room_features[room]:
                out[base + self._feature[feature]] = 1.0
        if p.status in STATUSES:
            out[at[prefix + "status"] + STATUSES.index(p.status)] = 1.0
        hand = p.hand if isinstance(p.hand, int) else len(p.hand)
        deck = p.deck if isinstance(p.deck, int) else len(p.deck)
        base = at[prefix + "counts"]
        out[base: base + 6] = (len(p.damage), p.cubes, hand, deck, p.pending_neg,
                               sum(self._token_value.get(a, 0) for a in p.artifacts))
        base = at[prefix + "pool"]
        for res, amount in p.pool.items():
            i = self._resource.get(res)
            if i is not None and amount > 0:
                out[base + i] = amount
        _count(out, at[prefix + "teleports"], self._teleport, p.teleports)
        base = at[prefix + "stats"]
        for stat, value in p.stats.items():
            i = self._stat.get(stat)
            if i is not None and value > 0:
                out[base + i] = value
        base = at[prefix + "tokens"]
        hidden = base + len(self._token)
        for t in (*p.tokens, *p.artifacts):
            i = self._token.get(t)
            out[base + i if i is not None else hidden] += 1
        _count(out, at[prefix + "play"], self._card, p.play)
        _count(out, at[prefix + "discard"], self._card, p.discard)

    def describe(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector cut into its named sections."""
        return {name: vector[s] for name, s in self.sections.items()}


def _count(out: np.ndarray, base: int, index: Mapping[str, int], items: Iterable[str]) -> None:
    for item in items:
        i = index.get(item)
        if i is not None:
            out[base + i] += 1
