"""The highest value each number of an observation can take, derived from the content.

An observation counts things (cards of an id in a zone, tokens in a pool, cubes, tiles) or
marks one of several (the decision's kind, the room of a pawn). What is counted is finite in
the box: a card id has as many copies as its ``count`` (per seat for a starting card), or as the
setup for this seat count puts in the reserve; a token as its ``count`` (per seat in a pool
dealt per seat); cubes, tiles, tunnel icons and artifact values are summed from the content and
the setup in force (the setup merged for this seat count, read from a game just set up). What
nothing in the content bounds is ``inf``: the resources of a pool (gold has no cap), teleports
held, pending negative Clank!, the pieces packs put on the map, and the round when the game has
no round cap.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

INF = math.inf
ONE = ("decision", "decider", "turn_of", "row", "tiles")
"""Sections of marks: each number is 0 or 1."""
PER_SEAT_ONE = ("room", "room_features", "status")


class ContentBounds:
    """The bounds of a ruleset's observations at ``players`` seats; ``game``: a game of that
    ruleset just set up (its setup in force and starting zones)."""

    def __init__(self, ruleset: Any, players: int, game: Any, max_rounds: int) -> None:
        setup = game.setup
        state = game.state
        pools = setup.get("token_pools") or {}
        self.cards = {c: d.count * (players if d.kind == "starter" else 1) for c, d in ruleset.cards.items()}
        for card, n in _starting_cards(state).items():
            self.cards[card] = max(self.cards.get(card, 0), n)
        self.tokens = {t: d.count * (players if (pools.get(d.pool) or {}).get("per_player") else 1)
                       for t, d in ruleset.tokens.items()}
        self.all_cards = sum(self.cards.values())
        self.all_tokens = sum(self.tokens.values())
        self.token_worth = sum(n * int(ruleset.tokens[t].value or 0) for t, n in self.tokens.items())
        bank = {k: int(v) for k, v in (setup.get("bank") or {}).items()}
        self.per_seat_cubes = int(setup.get("cubes_per_player", 0))
        self.cubes = {"black": int(setup.get("black_cubes", 0)), **bank}
        self.all_cubes = sum(self.cubes.values()) + players * self.per_seat_cubes
        self.health = int(game.health)
        tiles = ruleset.tiles
        self.stacks = Counter(t.region for t in tiles.values())
        self.pools: Counter[str] = Counter()
        for token, n in self.tokens.items():
            self.pools[ruleset.tokens[token].pool] += n
        self.scalars = {"round": max_rounds or INF, "rage": len(setup["rage_track"]["draws"]) - 1,
                        "bag_total": self.all_cubes,
                        "dungeon_deck": sum(n for c, n in self.cards.items() if ruleset.cards[c].kind == "dungeon"),
                        "artifact_stack_size": self.all_tokens,
                        "covered_icons": sum(len(t.icons) for tile in tiles.values() for t in tile.tunnels),
                        "deciding": 1, "health": self.health}
        self.counts = {"damage": self.health, "cubes": self.per_seat_cubes, "hand": self.all_cards,
                       "deck": self.all_cards, "pending_negative_clank": INF, "artifact_value": self.token_worth}

    def section(self, name: str, entries: tuple[str, ...]) -> list[float]:
        """The bound of each entry of an observation section (:class:`ObservationEncoder` names them)."""
        seat_part = name.split(".", 1)[1] if name.startswith("p") and "." in name else None
        table: Mapping[str, float] | None = None
        if name in ONE or seat_part in PER_SEAT_ONE:
            return [1.0] * len(entries)
        if name == "scalars":
            table = self.scalars
        elif name in ("clank_area", "bank"):
            table = {**{e: self.per_seat_cubes for e in entries if e.isdigit()},
                     **{k: self.cubes.get(k, self.all_cubes) for k in entries if not k.isdigit()}}
        elif name == "stacks":
            return [float(self.stacks.get(e) or sum(self.stacks.values())) for e in entries]
        elif name == "pools":
            table = self.pools
        elif name in ("reserve", "dungeon_discard", "hand") or seat_part in ("play", "discard"):
            table = self.cards
        elif name in ("market", "artifact_stack", "map_tokens"):
            table = self.tokens
        elif seat_part == "tokens":
            table = {**self.tokens, "hidden": self.all_tokens}
        elif name == "room_tokens":
            return [float(self.all_tokens)] * len(entries)
        elif name == "room_value":
            return [float(self.token_worth)] * len(entries)
        elif seat_part == "counts":
            table = self.counts
        if table is None:                     # room_pieces, pN.pool, pN.teleports: nothing bounds them
            return [INF] * len(entries)
        return [float(table.get(e, 0)) for e in entries]


def _starting_cards(state: Any) -> Counter[str]:
    """Every card a game starts with, in all zones (the reserve as the setup for its seat count fills it)."""
    found: Counter[str] = Counter()
    for p in state.players:
        for zone in (p.hand, p.deck, p.discard, p.play):
            found.update(zone)
    found.update(state.dungeon_deck)
    found.update(c for c in state.row if c)
    found.update(state.dungeon_discard)
    for card, n in state.reserve.items():
        found[card] += n
    return found
