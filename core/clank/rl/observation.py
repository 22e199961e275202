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

How it is fast: an environment keeps an :class:`EncoderMemory` per seat, which holds that seat's
last vector and, for each **part** of it (the Clank! area, the row, the rooms, a seat's play
area ...), a copy of what the view showed for it then. The parts come in groups (the shared
board, read in one call with :meth:`~clank.game.view.SeatView.public_board`; each seat, read with
:meth:`~clank.game.view.SeatView.public`): a group whose data equals its copies (one comparison of
lists and dicts, which Python makes in C) is passed over; in any other, each part that changed
has its sections zeroed and written again. Between two looks of one seat only a few parts
change (a card played, a pool spent), so a step writes a few dozen numbers and copies the
vector out (a new array each time: a result is never reused).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

import numpy as np

from clank.rl.bounds import ContentBounds

STATUSES = ("live", "escaped", "knocked_out")
SCALARS = ("round", "rage", "bag_total", "dungeon_deck", "artifact_stack_size", "covered_icons", "deciding",
           "health")
COUNTS = ("damage", "cubes", "hand", "deck", "pending_negative_clank", "artifact_value")
HIDDEN = "hidden"
PER_SEAT = ("room", "room_features", "status", "counts", "pool", "teleports", "tokens", "play", "discard")
"""The sections of each seat, ``p0.room`` .. ``pN.discard``."""

BOARD = ("clank_area", "bank", "stacks", "pools", "reserve", "row", "dungeon_discard", "market", "artifact_stack",
         "tiles", "rooms", "pieces")
"""The shared board's parts, each written from one piece of view data."""
SEAT_PARTS = ("place", "pool", "teleports", "tokens", "play", "discard")
"""Each seat's parts (its counts are written every time)."""
_UNSEEN = object()
"""What a part was before its first encoding: equal to nothing."""
_TILE_ID = attrgetter("tile")
Writer = Callable[[memoryview, Any], Any]
"""Writes a part's sections afresh from its view data; returns the copy of it a memory keeps."""
Run = tuple[int, int, memoryview]
"""A section's start, stop and that many zeros (float32), to clear it with one slice assignment."""


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
        per_seat = dict(zip(PER_SEAT, (rooms, names["features"], STATUSES, COUNTS, names["resources"],
                                       names["teleports"], (*tokens, HIDDEN), cards, cards), strict=True))
        layout: list[tuple[str, tuple[str, ...]]] = [("scalars", SCALARS), ("decision", names["decisions"]),
            ("decider", _seats(players)), ("turn_of", _seats(players)),
            ("clank_area", (*_seats(players), *self.cube_kinds)), ("bank", self.cube_kinds),
            ("stacks", self.stacks), ("pools", self.pools),
            ("row", tuple(f"{slot}:{c}" for slot in range(self.row_size) for c in cards)),
            ("reserve", cards), ("dungeon_discard", cards), ("market", tokens), ("artifact_stack", tokens),
            ("map_tokens", tokens), ("room_tokens", rooms), ("room_value", rooms), ("room_pieces", rooms),
            ("tiles", names["tiles"]), ("hand", cards)]
        layout += [(f"p{p}.{name}", entries) for p in range(players) for name, entries in per_seat.items()]
        self.sections: dict[str, slice] = {}
        self._pos: dict[str, dict[str, int]] = {}     # section -> entry -> absolute position
        start = 0
        for name, entries in layout:
            self.sections[name] = slice(start, start + len(entries))
            self._pos[name] = {e: start + i for i, e in enumerate(entries)}
            start += len(entries)
        self.size = start
        self.entries = {name: entries for name, entries in layout}
        # (an ndarray exports the buffer protocol; numpy's stubs say so for Python 3.12+ only)
        self._runs: dict[str, Run] = {
            name: (s.start, s.stop, memoryview(np.zeros(s.stop - s.start, np.float32)))  # type: ignore[arg-type]
            for name, s in self.sections.items()}
        self._scalar_pos = tuple(self._pos["scalars"][name] for name in SCALARS)
        # the Clank! area by observer: a seat's cubes go to its place counted from the observer
        area = self._pos["clank_area"]
        self._clank_at = [{**{str(s): area[str((s - me) % players)] for s in range(players)},
                           **{k: area[k] for k in self.cube_kinds}} for me in range(players)]
        self._row_pos = [{c: self._pos["row"][f"{slot}:{c}"] for c in cards} for slot in range(self.row_size)]
        room_features = {f"{t}.{r}": tuple(f for f, _ in data.get("features", ()) if f in names["features"])
                         for t, tile in ruleset.tiles.items() for r, data in tile.rooms.items()}
        self._seats = [_SeatTable(self, rel, room_features) for rel in range(players)]
        self._board_writers = [self._board_parts(me) for me in range(players)]
        self._write_hand = self._count_writer("hand")

    def memory(self) -> EncoderMemory:
        """A memory for encoding one seat's views one after the other (see :meth:`encode`)."""
        return EncoderMemory(self.size, len(BOARD), [len(SEAT_PARTS)] * self.players)

    def encode(self, view: Any, memory: EncoderMemory | None = None) -> np.ndarray:
        """The vector of one seat's view (``game.view(seat)``), a new array.

        With a ``memory`` (:meth:`memory`, one per seat), the parts of the view equal to what they
        were at that memory's last encoding are not written again: the result is the same
        vector, made faster when little changed between two looks."""
        me = view.seat
        if memory is None:
            memory = self.memory()
        elif memory.seat != me:              # a memory of another seat's looks: start afresh
            memory.forget()
        memory.seat = me
        buf = memory.cells
        board = view.public_board()
        decider = board.current_player
        (round_, rage, bag, deck, stack, covered, deciding, health) = self._scalar_pos
        buf[round_] = board.round
        buf[rage] = board.rage
        buf[bag] = board.bag_total
        buf[deck] = board.dungeon_deck_size
        buf[stack] = len(board.artifact_stack)
        buf[covered] = len(board.covered)
        buf[deciding] = decider is not None and decider == me       # view.deciding
        buf[health] = board.health
        turn = (board.decision_kind, decider, board.current)
        if turn != memory.turn:
            memory.turn = self._write_turn(buf, turn, me)
        memory.board = _changed(buf, memory.board, self._board_writers[me],
                                (board.clank_area, board.bank, board.stack_sizes, board.pool_sizes, board.reserve,
                                 board.row, board.dungeon_discard, board.market, board.artifact_stack,
                                 list(map(_TILE_ID, board.tiles)), board.rooms, board.pieces))
        own = view.me
        if own.hand != memory.hand:
            memory.hand = self._write_hand(buf, own.hand)
        seats, seen = self._seats, memory.seats
        seen[0] = seats[0].encode(buf, seen[0], _own(own))          # what the seat sees of itself
        n = self.players
        for rel in range(1, n):
            seen[rel] = seats[rel].encode(buf, seen[rel], view.public((me + rel) % n))
        return memory.vector.copy()

    def _write_turn(self, buf: memoryview, turn: tuple[str, int | None, int], me: int) -> tuple:
        """The kind of the decision now, the seat deciding and the seat whose turn it is."""
        self._clear(buf, "decision", "decider", "turn_of")
        pos, n = self._pos, self.players
        kind, decider, current = turn
        found = pos["decision"].get(kind)
        if found is not None:
            buf[found] = 1
        if decider is not None:
            buf[pos["decider"][str((decider - me) % n)]] = 1
        buf[pos["turn_of"][str((current - me) % n)]] = 1
        return turn

    def _clear(self, buf: memoryview, *sections: str) -> None:
        for section in sections:
            start, stop, zeros = self._runs[section]
            buf[start:stop] = zeros

    # -- writers: each writes one part's sections afresh and returns the copy its memory keeps ---
    def _board_parts(self, me: int) -> tuple[Writer, ...]:
        """The writers of the shared board's parts, in :data:`BOARD` order, for observer ``me``."""
        pos = self._pos
        amounts, count = self._amounts_writer, self._count_writer
        return (amounts("clank_area", self._clank_at[me]), amounts("bank", pos["bank"]),
                amounts("stacks", pos["stacks"]), amounts("pools", pos["pools"]), amounts("reserve", pos["reserve"]),
                self._write_row, count("dungeon_discard"), self._write_market, count("artifact_stack"),
                self._write_tiles, self._write_rooms, self._write_pieces)

    def _count_writer(self, section: str) -> Writer:
        """Count a zone's items (ids of the section's entries) into the section."""
        start, stop, zeros = self._runs[section]
        at = self._pos[section].__getitem__

        def write(buf: memoryview, items: list[str]) -> list[str]:
            buf[start:stop] = zeros
            for where in map(at, items):
                buf[where] += 1
            return list(items)
        return write

    def _amounts_writer(self, section: str, index: Mapping[str, int]) -> Writer:
        """Write ``{name: amount}`` into a section (names it has no entry for are left out)."""
        start, stop, zeros = self._runs[section]

        def write(buf: memoryview, amounts: Mapping[str, int]) -> dict[str, int]:
            buf[start:stop] = zeros
            for name, amount in amounts.items():
                where = index.get(name)
                if where is not None:
                    buf[where] += amount
            return dict(amounts)
        return write

    def _write_row(self, buf: memoryview, row: list[str | None]) -> list[str | None]:
        self._clear(buf, "row")
        for slot, cid in enumerate(row[: self.row_size]):
            if cid is not None:
                buf[self._row_pos[slot][cid]] += 1
        return list(row)

    def _write_market(self, buf: memoryview, market: Mapping[str, list[str]]) -> dict[str, list[str]]:
        self._clear(buf, "market")
        index = self._pos["market"]
        for items in market.values():
            for where in map(index.__getitem__, items):
                buf[where] += 1
        return {board: list(items) for board, items in market.items()}

    def _write_tiles(self, buf: memoryview, placed: list[str]) -> list[str]:
        self._clear(buf, "tiles")
        index = self._pos["tiles"]
        for where in map(index.__getitem__, placed):
            buf[where] += 1
        return placed

    def _write_rooms(self, buf: memoryview, rooms: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Tokens lying in rooms: any room-state value naming token ids, or a list of them. The
        copy it returns holds what it read: each room's values, its lists copied."""
        self._clear(buf, "map_tokens", "room_tokens", "room_value")
        pos = self._pos
        map_tokens, room_tokens, room_value = pos["map_tokens"], pos["room_tokens"], pos["room_value"]
        token_value = self._token_value
        copies: dict[str, dict[str, Any]] = {}
        for room, data in rooms.items():
            copies[room] = copy = {}
            if not data:
                continue
            lying: list[str] = []
            for key, item in data.items():
                if isinstance(item, list):
                    copy[key] = list(item)
                    lying += item
                else:
                    copy[key] = item
                    lying.append(item)
            if room not in room_tokens:
                continue
            here, worth = room_tokens[room], room_value[room]
            for t in lying:
                if isinstance(t, str) and t in map_tokens:
                    buf[map_tokens[t]] += 1
                    buf[here] += 1
                    buf[worth] += token_value[t]
        return copies

    def _write_pieces(self, buf: memoryview, pieces: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Non-player pieces on the map, by room."""
        self._clear(buf, "room_pieces")
        room_pieces = self._pos["room_pieces"]
        for piece in pieces.values():
            room = piece.get("room")
            where = room_pieces.get(room) if room is not None else None
            if where is not None:
                buf[where] += 1
        return {k: dict(v) for k, v in pieces.items()}

    def high(self, bounds: ContentBounds) -> np.ndarray:
        """The highest value of each number (float32; ``inf`` where nothing in the content bounds
        it), section by section from :class:`~clank.rl.bounds.ContentBounds`."""
        out = np.zeros(self.size, dtype=np.float32)
        for name, s in self.sections.items():
            out[s] = bounds.section(name, self.entries[name])
        return out

    def describe(self, vector: np.ndarray) -> dict[str, dict[str, float]]:
        """The non-zero numbers of a vector by section and entry: ``{"p0.pool": {"gold": 3.0}, ...}``."""
        out: dict[str, dict[str, float]] = {}
        for name, s in self.sections.items():
            part = {e: float(vector[s.start + i]) for i, e in enumerate(self.entries[name]) if vector[s.start + i]}
            if part:
                out[name] = part
        return out


class _SeatTable:
    """Where one seat's sections lie, ``rel`` seats after the observer, and how they are written."""

    __slots__ = ("_keys", "counts", "encoder", "pos", "room_features", "token_value", "writers")

    def __init__(self, encoder: ObservationEncoder, rel: int, room_features: Mapping[str, tuple[str, ...]]) -> None:
        self.encoder = encoder
        self.token_value = encoder._token_value
        self.pos = pos = {name: encoder._pos[f"p{rel}.{name}"] for name in PER_SEAT}
        self.counts = tuple(pos["counts"][c] for c in COUNTS)
        features = pos["room_features"]
        self.room_features = {room: tuple(features[f] for f in found) for room, found in room_features.items()}
        count = encoder._count_writer
        self.writers = (self._write_place, encoder._amounts_writer(f"p{rel}.pool", pos["pool"]),
                        count(f"p{rel}.teleports"), self._write_tokens, count(f"p{rel}.play"),
                        count(f"p{rel}.discard"))
        self._keys = (f"p{rel}.room", f"p{rel}.room_features", f"p{rel}.status", f"p{rel}.tokens")

    def encode(self, buf: memoryview, seen: tuple, p: Mapping[str, Any]) -> tuple:
        """Write the seat (``p``: its public face as :meth:`SeatView.public` shows it); returns
        the copies of its parts (``seen``: the copies of the last encoding)."""
        hand, deck, artifacts = p["hand"], p["deck"], p["artifacts"]
        damage, cubes, hand_at, deck_at, pending, value = self.counts
        buf[damage] = len(p["damage"])
        buf[cubes] = p["cubes"]
        buf[hand_at] = hand if isinstance(hand, int) else len(hand)
        buf[deck_at] = deck if isinstance(deck, int) else len(deck)
        buf[pending] = p["pending_neg"]
        buf[value] = sum(map(self.token_value.__getitem__, artifacts)) if artifacts else 0
        room = p["room"]
        parts = ((p["ko_room"] if room is None else room, p["status"]), p["pool"], p["teleports"],
                 (p["tokens"], artifacts), p["play"], p["discard"])          # in SEAT_PARTS order
        return _changed(buf, seen, self.writers, parts)

    def _write_place(self, buf: memoryview, place: tuple[str | None, str]) -> tuple[str | None, str]:
        """Where the pawn is (or lies knocked out), what that room shows, and the seat's status."""
        room, status = place
        self.encoder._clear(buf, *self._keys[:3])
        pos = self.pos
        if room is not None and (where := pos["room"].get(room)) is not None:
            buf[where] = 1
            for feature in self.room_features[room]:
                buf[feature] = 1
        found = pos["status"].get(status)
        if found is not None:
            buf[found] = 1
        return place

    def _write_tokens(self, buf: memoryview, held: tuple[list[str], list[str]]) -> tuple[list[str], list[str]]:
        """Tokens and artifacts held; another seat's face-down tokens count as ``hidden``."""
        self.encoder._clear(buf, self._keys[3])
        index = self.pos["tokens"]
        hidden = index[HIDDEN]
        for group in held:
            for t in group:
                buf[index.get(t, hidden)] += 1
        return list(held[0]), list(held[1])


class EncoderMemory:
    """What :meth:`ObservationEncoder.encode` keeps between two encodings of one seat's views:
    the seat, its last vector (``vector``, float32, written through the memoryview ``cells``) and,
    for each part of it, a copy of the view data it was written from: ``turn`` (the decision),
    ``board`` (the shared board's parts, :data:`BOARD`), ``hand`` (the seat's own hand) and
    ``seats`` (each seat's parts, :data:`SEAT_PARTS`, counted from the observer)."""

    __slots__ = ("_sizes", "board", "cells", "hand", "seat", "seats", "turn", "vector")

    def __init__(self, size: int, board: int, seats: list[int]) -> None:
        self.seat: int | None = None
        self.vector = np.zeros(size, dtype=np.float32)
        # item writes through a memoryview cost less than through NumPy (an ndarray exports the
        # buffer protocol; numpy's stubs say so for Python 3.12+ only)
        self.cells = memoryview(self.vector)  # type: ignore[arg-type]
        self._sizes = (board, seats)
        self.forget()

    def forget(self) -> None:
        """Start afresh: every part is written at the next encoding."""
        board, seats = self._sizes
        self.turn: Any = _UNSEEN
        self.hand: Any = _UNSEEN
        self.board: tuple = (_UNSEEN,) * board
        self.seats: list[tuple] = [(_UNSEEN,) * parts for parts in seats]
        self.vector[:] = 0


def _changed(buf: memoryview, seen: tuple, writers: tuple[Writer, ...], parts: tuple) -> tuple:
    """Write again each part that differs from its copy in ``seen``; returns the copies now. Most
    looks change none of a group's parts: one comparison of the whole tuple finds it so."""
    if parts == seen:
        return seen
    copies = list(seen)
    for i in range(len(parts)):              # an index loop: cheaper than zip and enumerate here
        part = parts[i]
        if part != copies[i]:
            copies[i] = writers[i](buf, part)
    return tuple(copies)


def _own(p: Any) -> dict[str, Any]:
    """The observing seat's own state as :meth:`SeatView.public` shows a seat (the fields read
    here; its deck as a count, as every view shows a deck), without copying its zones."""
    return {"room": p.room, "ko_room": p.ko_room, "status": p.status, "hand": p.hand, "deck": len(p.deck),
            "artifacts": p.artifacts, "damage": p.damage, "cubes": p.cubes, "pending_neg": p.pending_neg,
            "pool": p.pool, "teleports": p.teleports, "tokens": p.tokens, "play": p.play, "discard": p.discard}


def _seats(players: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(players))
