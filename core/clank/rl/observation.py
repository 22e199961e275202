"""A seat's view as a fixed-size vector of numbers, its layout derived from the loaded content.

Every number comes from the seat's :class:`~clank.game.view.SeatView` (``game.view(seat)``),
never from the game state, so nothing the seat may not see can reach it: other hands and every
deck's order are counts, tokens others hold face down count as ``hidden``, the bag is a total.
Seats are numbered from the observer: section ``p0.*`` is the observing seat, ``p1.*`` the next
seat clockwise, and so on, so one policy can play any seat.

The sections (:attr:`ObservationEncoder.sections`, each a name and a slice) follow from the
packs: a slot per card id in each card zone, per token id in each token place, per room id for
the pawns, per room feature, resource, teleport kind, cube kind, tile stack, token pool and
decision kind the packs register (whole-game statistics are left out: counters nobody plays
by). A custom pack's cards, tokens, tiles and features get their slots with no code of their own.

Encoding writes counts into an ``array("H")`` and other numbers into an ``array("f")``, which
NumPy adds without a Python loop. An environment keeps an :class:`EncoderMemory` per seat: a card
or token zone equal to what it was at that seat's last look (a list comparison) is not counted
again, which makes the encoding of a seat's successive views cheap.
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
        self._stacks_at = tuple((self._pos["stacks"][s], s) for s in self.stacks)
        self._pools_at = tuple((self._pos["pools"][p], p) for p in self.pools)
        self._row_pos = [{c: self._pos["row"][f"{slot}:{c}"] for c in cards} for slot in range(self.row_size)]
        self._counts = [tuple(self._pos[f"p{p}.counts"][c] for c in COUNTS) for p in range(players)]
        widths = {s.stop - s.start for s in self.sections.values()}
        self._zero_runs = {w: array("H", bytes(2 * w)) for w in widths}

    def memory(self) -> EncoderMemory:
        """A memory for encoding one seat's views one after the other (see :meth:`encode`)."""
        return EncoderMemory(self._zeros_h)

    def encode(self, view: Any, memory: EncoderMemory | None = None) -> np.ndarray:
        """The vector of one seat's view (``game.view(seat)``).

        With a ``memory`` (:meth:`memory`, one per seat), the card and token zones that equal
        what they were at that memory's last encoding (compared as lists) are not counted again:
        the result is the same vector, made faster when little changed between two looks."""
        memory = memory if memory is not None else self.memory()
        ones = memory.ones                   # the zones' counts, kept between looks (uint16: overflow raises)
        vals = array("f", self._zeros_f)     # every other number and mark, written afresh
        marks: list[int] = []
        memory.marks = marks
        pos = self._pos
        n, me = self.players, view.seat
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
            marks.append(found)
        decider = view.current_player
        if decider is not None:
            marks.append(pos["decider"][str((decider - me) % n)])
        marks.append(pos["turn_of"][str((view.current - me) % n)])
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
        index = pos["reserve"]
        for cid, size in view.reserve.items():
            vals[index[cid]] = size
        row = view.row
        if memory.seen.get("row") != row:
            self._clear(ones, "row")
            for slot, cid in enumerate(row[: self.row_size]):
                if cid is not None:
                    ones[self._row_pos[slot][cid]] += 1
            memory.seen["row"] = list(row)
        self._zone(memory, "dungeon_discard", view.dungeon_discard)
        market = view.market
        if memory.seen.get("market") != market:
            self._clear(ones, "market")
            index = pos["market"]
            for items in market.values():
                for where in map(index.__getitem__, items):
                    ones[where] += 1
            memory.seen["market"] = {board: list(items) for board, items in market.items()}
        self._zone(memory, "artifact_stack", view.artifact_stack)
        self._zone(memory, "hand", view.me.hand)
        self._rooms(marks, vals, view)
        index = pos["tiles"]
        marks += [index[placed.tile] for placed in view.tiles]
        self._player(memory, vals, _own(view.me), 0)      # what the seat sees of itself
        for rel in range(1, n):
            self._player(memory, vals, view.public((me + rel) % n), rel)
        for where in marks:
            vals[where] += 1
        out = np.frombuffer(vals, dtype=np.float32)      # a new buffer each time: the result is never reused
        out += np.frombuffer(ones, dtype=np.uint16)
        return out

    def _clear(self, ones: array, section: str) -> None:
        s = self.sections[section]
        ones[s.start: s.stop] = self._zero_runs[s.stop - s.start]

    def _zone(self, memory: EncoderMemory, section: str, items: list[str]) -> None:
        """Count a zone's items into its section, unless they are what they were last time."""
        if memory.seen.get(section) == items:
            return
        ones = memory.ones
        self._clear(ones, section)
        for where in map(self._pos[section].__getitem__, items):
            ones[where] += 1
        memory.seen[section] = list(items)

    def _rooms(self, marks: list[int], vals: array, view: Any) -> None:
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
                        marks.append(map_tokens[t])
                        marks.append(room_tokens[room])
                        vals[room_value[room]] += token_value[t]
        for piece in view.pieces.values():
            where = room_pieces.get(piece.get("room"))
            if where is not None:
                marks.append(where)

    def _player(self, memory: EncoderMemory, vals: array, p: Any, rel: int) -> None:
        """One seat (``rel`` seats after the observer) as the observer sees it."""
        pos, marks = self._seat_pos[rel], memory.marks
        prefix = f"p{rel}."
        room = p["room"] if p["room"] is not None else p["ko_room"]
        where = pos["room"].get(room) if room is not None else None
        if where is not None:
            marks.append(where)
            marks += map(pos["room_features"].__getitem__, self._room_features[room])
        status = pos["status"].get(p["status"])
        if status is not None:
            marks.append(status)
        hand, deck, artifacts = p["hand"], p["deck"], p["artifacts"]
        damage, cubes, hand_at, deck_at, pending, value = self._counts[rel]
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
        self._zone(memory, prefix + "teleports", p["teleports"])
        held = [*p["tokens"], *artifacts]
        key = prefix + "tokens"
        if memory.seen.get(key) != held:
            ones = memory.ones
            self._clear(ones, key)
            index = pos["tokens"]
            hidden = index[HIDDEN]
            for t in held:
                ones[index.get(t, hidden)] += 1
            memory.seen[key] = held
        self._zone(memory, prefix + "play", p["play"])
        self._zone(memory, prefix + "discard", p["discard"])

    def describe(self, vector: np.ndarray) -> dict[str, dict[str, float]]:
        """The non-zero numbers of a vector by section and entry: ``{"p0.pool": {"gold": 3.0}, ...}``."""
        out: dict[str, dict[str, float]] = {}
        for name, s in self.sections.items():
            part = {e: float(vector[s.start + i]) for i, e in enumerate(self.entries[name]) if vector[s.start + i]}
            if part:
                out[name] = part
        return out


class EncoderMemory:
    """What :meth:`ObservationEncoder.encode` keeps between two encodings of one seat's views:
    the zones' counts and each zone's items as they were; ``marks`` is the encoding's list of
    one-hot marks and other counts made afresh each time."""

    __slots__ = ("marks", "ones", "seen")

    def __init__(self, zeros: bytes) -> None:
        self.ones = array("H", zeros)
        self.marks: list[int] = []
        self.seen: dict[str, Any] = {}


def _own(p: Any) -> dict[str, Any]:
    """The observing seat's own state as :meth:`SeatView.public` shows a seat (the fields read
    here; its deck as a count, as every view shows a deck), without copying its zones."""
    return {"room": p.room, "ko_room": p.ko_room, "status": p.status, "hand": p.hand, "deck": len(p.deck),
            "artifacts": p.artifacts, "damage": p.damage, "cubes": p.cubes, "pending_neg": p.pending_neg,
            "pool": p.pool, "teleports": p.teleports, "tokens": p.tokens, "play": p.play, "discard": p.discard}


def _seats(players: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(players))
