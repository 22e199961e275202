"""Fixtures of the Underworld tests: a game with the base game and the Underworld, a small driver
around it, and the invariants of expansions-design.md §6.3 and RULES.md INV-34..36.

Every test starts from ``new_game(["catacombs", "underworld"], players=2, seed=0)`` (seat 0 to
play, pawns in the Crypt; the Underworld start tile in its hub slot) and puts the game in a known
position with the helpers of :mod:`clank.testing` and the driver; everything after that goes
through the public API (``game.apply``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from clank import Game, new_game
from clank.testing import put_pawn, set_hand, set_pool, state_problems

PACKS = ["catacombs", "underworld"]
HUB = "uw-start-a"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this pack's ``slow`` tests unless ``--runslow`` is given or ``-m`` names ``slow`` (as
    the engine's own tests do)."""
    if config.getoption("--runslow", default=False) or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: use --runslow")
    for item in items:
        if "slow" in item.keywords and "underworld" in str(item.fspath):
            item.add_marker(skip)


class UTable:
    """A game plus shortcuts; ``seat`` is the player whose turn it is."""

    def __init__(self, players: int = 2, seed: int = 0, **options: Any) -> None:
        self.game: Game = new_game(PACKS, players=players, seed=seed, options=options)
        self.seat = self.game.state.current
        set_hand(self.game, self.seat, [])

    # -- looking --------------------------------------------------------------------------
    @property
    def me(self):
        return self.game.player(self.seat)

    @property
    def other(self) -> int:
        return (self.seat + 1) % len(self.game.state.players)

    def pool(self, res: str, seat: int | None = None) -> int:
        return self.game.player(self.seat if seat is None else seat).pool.get(res, 0)

    def kind(self) -> str:
        return self.game.decision()["kind"]

    def legal(self) -> list[str]:
        self.game.changed()
        return [str(a) for a in self.game.legal_actions()]

    def room(self, rid: str) -> dict:
        return self.game.room(rid)

    def clank(self, seat: int | None = None) -> int:
        return self.game.state.clank_area.get(str(self.seat if seat is None else seat), 0)

    def score(self, seat: int | None = None) -> dict[str, int]:
        """Score lines of a seat (an artifact is given if it holds none, so that it scores)."""
        s = self.seat if seat is None else seat
        p = self.game.player(s)
        if not p.artifacts:
            p.artifacts.append(self.game.state.artifact_stack.pop(0))
        sc = self.game.scores()[s]
        assert sc["eligible"]
        out: dict[str, int] = {}
        for source, v in sc["lines"]:
            out[source] = out.get(source, 0) + v
        return out

    # -- arranging ------------------------------------------------------------------------
    def hand(self, *cards: str) -> None:
        set_hand(self.game, self.seat, list(cards))

    def res(self, seat: int | None = None, **resources: int) -> None:
        set_pool(self.game, self.seat if seat is None else seat, **resources)

    def at(self, room: str, seat: int | None = None) -> None:
        put_pawn(self.game, self.seat if seat is None else seat, room)

    def hurt(self, n: int, seat: int | None = None) -> None:
        p = self.game.player(self.seat if seat is None else seat)
        p.damage.extend(["own"] * n)
        p.cubes -= n
        self.game.changed()

    def take_tile(self, tile: str) -> None:
        """Take a tile out of wherever it waits (a stack, or out of the game), so that it can be
        placed with every tile still in one place."""
        st = self.game.state
        for stack in st.stacks.values():
            if tile in stack:
                stack.remove(tile)
                return
        st.removed_tiles.remove(tile)

    def slot(self, tile: str, slot: str) -> None:
        """Put an Underworld tile into a slot (its placement effects resolve)."""
        self.take_tile(tile)
        self.game.place_in_slot(tile, "underworld", slot, None)
        self.game.run()
        self.game.changed()

    def place(self, tile: str, x: int, y: int, rot: int = 0) -> None:
        """Place a catacomb tile (an Underworld Depths tile too) on the grid."""
        self.take_tile(tile)
        self.game.place_tile(tile, x, y, rot, "catacombs", None)
        self.game.run()
        self.game.changed()

    def next_tile(self, tile: str, region: str = "underworld") -> None:
        """Make ``tile`` the next tile of a region's stack (from its stack or out of the game)."""
        st = self.game.state
        stack = st.stacks[region]
        if tile in stack:
            stack.remove(tile)
        else:
            st.removed_tiles.remove(tile)
            st.removed_tiles.append(stack.pop())
        stack.insert(0, tile)

    def next_token(self, pool: str, token: str) -> None:
        """Make ``token`` the next one drawn from a pool."""
        tokens = self.game.state.pools[pool]
        tokens.remove(token)
        tokens.append(token)

    def give(self, token: str, seat: int | None = None) -> None:
        """A token from wherever it waits (a pool, a board, a room of the Underworld) into a
        supply, without its immediate text."""
        from clank.testing import give_token
        for room in self.game.state.rooms.values():
            for key in ("imps", "enhancers", "lyre"):
                if token in room.get(key, ()):
                    room[key].remove(token)
                    self.game.state.pools.setdefault("_given", []).append(token)
                    give_token(self.game, self.seat if seat is None else seat, token)
                    return
            for key in ("harpy", "prisoner", "guardian"):
                if room.get(key) == token:
                    room.pop(key)
                    self.game.state.pools.setdefault("_given", []).append(token)
                    give_token(self.game, self.seat if seat is None else seat, token)
                    return
        give_token(self.game, self.seat if seat is None else seat, token)

    def row_slot(self, card: str, slot: int = 0) -> None:
        st = self.game.state
        if card in st.dungeon_deck:
            st.dungeon_deck.remove(card)
        old = st.row[slot]
        if old is not None:
            st.dungeon_deck.insert(0, old)
        st.row[slot] = card
        self.game.changed()

    def deck_next(self, *cards: str) -> None:
        st = self.game.state
        for c in cards:
            if c in st.dungeon_deck:
                st.dungeon_deck.remove(c)
        st.dungeon_deck.extend(reversed(cards))

    def safe_row(self) -> None:
        """A row of six plain cards with no dragon icon, Danger or Arrive text."""
        for i, card in enumerate(["lightstick", "swindle", "expert-guide", "bandit", "pillage", "payoff"]):
            self.row_slot(card, i)

    # -- acting ---------------------------------------------------------------------------
    def do(self, *actions: str) -> None:
        for a in actions:
            self.game.changed()
            self.game.apply(a)

    def play(self, *cards: str) -> None:
        for card in cards:
            if card not in self.me.hand:
                self.me.hand.append(card)
                self.game.changed()
            self.game.apply(f"play {card}")

    def buy(self, card: str, slot: int = 0) -> None:
        self.row_slot(card, slot)
        self.res(skill=self.pool("skill") + self.game.ruleset.cards[card].cost.get("skill", 0))
        self.game.apply(f"buy {slot}")

    def use(self, card: str, slot: int = 0) -> None:
        self.row_slot(card, slot)
        self.res(skill=self.pool("skill") + self.game.ruleset.cards[card].cost.get("skill", 0))
        self.game.apply(f"use {slot}")

    def fight(self, card: str, slot: int = 0) -> None:
        self.row_slot(card, slot)
        cost = self.game.ruleset.cards[card].cost
        self.res(swords=self.pool("swords") + cost.get("swords", 0), boots=self.pool("boots") + cost.get("boots", 0))
        self.game.apply(f"fight {slot}")

    def end(self) -> None:
        self.hand()
        self.game.apply("end")

    def move_to(self, room: str, prevent: int = 0) -> None:
        """Make the legal move (tunnel or link) that leads to ``room``."""
        game = self.game
        here = self.me.room
        links = {key: dest for key, dest, _ in game.link_routes(here)}
        routes = {r.key: r.to[1] for r in game.geometry.routes_from(here) if r.to[0] == "room"}
        for a in game.legal_actions():
            if a.kind == "move" and int(a.args[1]) == prevent and (links.get(a.args[0]) or routes.get(a.args[0])) == room:
                game.apply(a)
                return
        raise AssertionError(f"no move to {room} from {here}: {self.legal()}")


@pytest.fixture
def u() -> UTable:
    """A fresh two-player game with the Underworld (front side), seat 0 to play, empty hand."""
    return UTable()


@pytest.fixture
def make():
    """Build a :class:`UTable` with other players, seed or options."""
    return UTable


# ==========================================================================================
# invariants (expansions-design.md §6.3, RULES.md INV-34..36)
# ==========================================================================================
class UnderworldChecker:
    """The invariants of an Underworld game after every action: the core's check of a state
    (cards, tokens, cubes, resources, tiles, artifacts within the limit) and the Underworld's."""

    def __init__(self, game: Game) -> None:
        self.players = len(game.state.players)
        self.prev: dict[str, Any] | None = None
        self.started_below: dict[int, tuple[int, int, int, int]] = {}

    def check(self, game: Game, where: str = "") -> None:
        try:
            wrong = state_problems(game)
            assert not wrong, f"audit: {wrong}"
            self._check(game)
        except AssertionError as exc:
            tail = "\n".join(game.log[-12:])
            raise AssertionError(f"{where}: {exc}\n--- log tail ---\n{tail}") from None

    def _check(self, game: Game) -> None:
        st = game.state
        rs = game.ruleset
        toks = rs.tokens
        # Areas: the start tile and at most 5 tiles, each in its own slot; never turned; no
        # catacomb tile in a slot, no Underworld tile on the grid
        below = [t for t in st.tiles if t.region == "underworld"]
        assert len(below) <= 6 and len({t.slot for t in below}) == len(below), "two tiles in one slot"
        assert all(t.rot == 0 for t in below), "an Underworld tile was turned"
        assert all(rs.tiles[t.tile].region == t.region for t in st.tiles), "a tile in the wrong region"
        assert sum(1 for t in below if t.slot == "hub") == 1, "the hub is not filled"
        # Tiles: catacomb stack + placed + out of the game = 28 + 6; Underworld 7 (+ start tile)
        cat = [t for t in rs.tiles.values() if t.region == "catacombs" and t.stack != "start"]
        seen = Counter(st.stacks["catacombs"] + st.removed_tiles
                       + [t.tile for t in st.tiles if t.region == "catacombs" and rs.tiles[t.tile].stack != "start"])
        if st.turn.move:
            seen[st.turn.move["tile"]] += 1
        if st.decision and st.decision.get("kind") == "place_tile" and "tile" in st.decision:
            seen[st.decision["tile"]] += 1
        assert sum(seen[t.id] for t in cat) == 34, "catacomb tiles do not add up to 28 + 6"
        ud_in = sum(1 for t in cat if t.stack == "underworld_depths" and t.id not in st.removed_tiles)
        su_in = sum(1 for t in cat if t.stack == "surface" and t.id not in st.removed_tiles)
        assert ud_in == 3 and su_in == 3, f"{ud_in} Underworld Depths and {su_in} Surface tiles in play"
        uw = [t for t in rs.tiles.values() if t.stack == "underworld"]
        placed_uw = sum(1 for t in below if rs.tiles[t.tile].stack == "underworld")
        moving = 1 if st.turn.move and rs.tiles[st.turn.move["tile"]].region == "underworld" else 0
        assert len(st.stacks["underworld"]) + placed_uw + moving == len(uw) == 7, "Underworld tiles lost"
        # Undercoins never negative; harpies 6; enhancers 3 (<= 1 each, 2x with the defeater);
        # imps 3 (<= 1 each); fate cards 22 (<= limit each); ghosts 5
        where: Counter = Counter()
        for pool in st.pools.values():
            where.update(pool)
        for p in st.players:
            where.update(p.tokens)
            where.update(p.artifacts)
        for room in st.rooms.values():
            for key in ("guardian", "guardian_trophy", "harpy", "prisoner"):
                if room.get(key):
                    where[room[key]] += 1
            for key in ("enhancers", "imps", "lyre"):
                where.update(room.get(key, ()))
        where.update(st.token_box)
        if st.decision and st.decision.get("kind") in ("fate_keep", "fate_cross"):
            where.update(st.decision["drawn"])
        assert where["harpy"] == 6, "harpy tokens"
        assert where["enhancer-2x"] + where["enhancer-1-5x"] == 3, "enhancers"
        assert sum(where[t] for t in ("imp-archivist", "imp-inkpot", "imp-dogear")) == 3, "imps"
        fate = [t.id for t in toks.values() if t.pool == "fate"]
        assert len(fate) == 22 and sum(where[t] for t in fate) == 22, "fate cards"
        ghosts = st.bank.get("ghost", 0) + st.clank_area.get("ghost", 0) + st.bag.get("ghost", 0)
        assert ghosts <= 5, "ghost cubes"
        lair = st.rooms.get(f"{game.state.tiles[0].tile}.lair", {}) if st.tiles[0].region == "underworld" else {}
        for p in st.players:
            assert p.pool.get("undercoins", 0) >= 0, "negative undercoins"
            held = [t for t in p.tokens if t != "hidden"]
            assert sum(1 for t in held if toks[t].ext["enhancer"]) <= 1, "INV-34 two enhancers"
            assert sum(1 for t in held if "imp" in toks[t].counts_as) <= 1, "INV-34 two imps"
            limit = 1 + sum(1 for t in held if "gauntlets" in toks[t].counts_as)
            assert sum(1 for t in held if "fate_card" in toks[t].counts_as) <= limit, "INV-34 fate limit"
            if "enhancer-2x" in held:
                assert lair.get("defeated_by") == p.seat, "INV-34 the 2x enhancer with another than the defeater"
            me = p.ext.get("underworld", {})
            wins = sum(1 for t in held if t == "harpy")
            expected = wins * (wins + 1) // 2 if not me.get("trophies") else None
            if expected is not None:
                assert me.get("harpy_coins", 0) == expected, "INV-35 harpy undercoins"
        if lair.get("guardian"):
            assert not any(t in ("enhancer-1-5x",) for p in st.players for t in p.tokens), \
                "a 1.5x enhancer left the lair before the Guardian's defeat"
        # Links: ladders lead to the ladder room of their slot; chutes are one way; at most one
        # chute per room and never in the Underworld
        chutes = Counter(link["a"] for link in st.links if link["kind"] == "chute")
        for room, n in chutes.items():
            assert n == 5, f"{room} has {n} chute links"
            assert rs.tiles[room.partition('.')[0]].region == "catacombs", "a chute in the Underworld"
        for link in st.links:
            if link["kind"] == "chute":
                assert link["one_way"], "a chute that goes up"
            if link["kind"] == "ladder":
                assert not link["one_way"] and link["to_slot"][1] in "ABCDE"
        # Toll: a live player who began a turn below paid 1 undercoin or made 2 Clank!
        if self.prev is not None and st.turn_no != self.prev["turn_no"] and not st.over:
            cur = st.players[st.current]
            if cur.status == "live" and cur.room and rs.tiles[cur.room.partition('.')[0]].region == "underworld" \
                    and not st.turn.stats.get("skill_gained") and self.prev["current"] != st.current:
                before = self.prev["undercoins"][st.current]
                paid = cur.stats.get("tolls_paid", 0) - self.prev["tolls"][st.current]
                made = cur.stats.get("clank_made", 0) - self.prev["clank"][st.current]
                assert paid == 1 or made >= 2 or before == 0, "the toll was neither paid nor made as Clank!"
        # Soul Elixirs never count as freed prisoners
        for p in st.players:
            taken = sum(1 for t in p.tokens if t == "soul-elixir")
            assert p.stats.get("prisoners_freed", 0) >= 0 and taken >= 0
        self.prev = {"turn_no": st.turn_no, "current": st.current,
                     "undercoins": [p.pool.get("undercoins", 0) for p in st.players],
                     "tolls": [p.stats.get("tolls_paid", 0) for p in st.players],
                     "clank": [p.stats.get("clank_made", 0) for p in st.players]}


def run_checked(game: Game, bots: list[Any], checker: UnderworldChecker, max_steps: int = 20000) -> int:
    """Play to the end, one bot per seat, checking the invariants after every action."""
    checker.check(game, "setup")
    steps = 0
    while not game.over:
        action = bots[game.current_player].choose(game.view(game.current_player))
        game.apply(action)
        steps += 1
        checker.check(game, f"after action {steps} ({action})")
        assert steps < max_steps, "game did not end"
    return steps


@pytest.fixture
def checked():
    """``checked(game, bots)``: play to the end checking the Underworld invariants each action."""
    def play(game: Game, bots: list[Any]) -> int:
        return run_checked(game, bots, UnderworldChecker(game))
    return play
