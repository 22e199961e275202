"""Shared fixtures of the engine's rules and invariant tests.

Games are built from the ``catacombs`` pack only (named explicitly, so the tests never depend
on which other packs happen to be installed). Helpers that put a game in a known position
live on the :class:`Kit` object of the ``kit`` fixture; the whole-game invariant checker of
RULES.md Appendix 2 is :class:`InvariantChecker` (fixture ``invariants``).

Tests marked ``slow`` are skipped unless ``--runslow`` is given (or ``-m slow`` selects them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import clank_catacombs
import pytest
from clank import Action, Game, new_game
from clank.game.state import ESCAPED, KNOCKED_OUT, LIVE
from clank.testing import place, put_pawn, set_hand, set_pool

PACKS = ("catacombs",)
MODULES = {"catacombs": clank_catacombs}   # registered directly, never found by entry point


# ==========================================================================================
# slow tests
# ==========================================================================================
def pytest_addoption(parser: pytest.Parser) -> None:
    """``--runslow``: also run the tests marked ``slow``."""
    try:
        parser.addoption("--runslow", action="store_true", default=False,
                         help="run the tests marked slow (long whole-game property tests)")
    except ValueError:  # already added by another conftest
        pass


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests by default; ``--runslow`` or a ``-m`` naming ``slow`` keeps them."""
    if config.getoption("--runslow", default=False) or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: use --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# ==========================================================================================
# building positions
# ==========================================================================================
class Kit:
    """Scenario builders: a fresh game and helpers that put it in a known position."""

    packs = PACKS
    modules = MODULES

    def game(self, players: int = 2, seed: int = 0, extra_packs: Sequence[str] = (), **options: Any) -> Game:
        """A new base game; ``extra_packs`` adds directory packs (test fixtures)."""
        return new_game([*self.packs, *extra_packs], players=players, seed=seed, options=options,
                        modules=self.modules)

    # -- hands, row, pool ----------------------------------------------------------------
    def hand(self, game: Game, seat: int, cards: Sequence[str]) -> None:
        """Give a player exactly these cards in hand, taken from the player's own cards when
        possible, else from the dungeon deck, the reserve or the row, so that card
        conservation (INV-8) still holds. The player's other cards form the deck."""
        p = game.player(seat)
        pool = p.hand + p.deck + p.discard
        p.hand, p.deck, p.discard = [], [], []
        want = list(cards)
        for card in want:
            if card in pool:
                pool.remove(card)
            else:
                self._from_supply(game, card)
        p.deck = pool
        set_hand(game, seat, want)

    def _from_supply(self, game: Game, card: str) -> None:
        """Take one copy of ``card`` out of the dungeon deck / reserve / box (for conservation)."""
        st = game.state
        if card in st.dungeon_deck:
            st.dungeon_deck.remove(card)
        elif card in st.dungeon_discard:
            st.dungeon_discard.remove(card)
        elif card in st.reserve and st.reserve[card] > 0:
            st.reserve[card] -= 1
        elif card in st.row:
            st.row[st.row.index(card)] = None
        else:
            for p in st.players:
                for zone in (p.deck, p.discard):
                    if card in zone:
                        zone.remove(card)
                        return
            raise AssertionError(f"no spare copy of {card!r} to hand out")

    def row(self, game: Game, cards: Sequence[str | None]) -> None:
        """Make the dungeon row exactly ``cards`` (taken from the dungeon deck)."""
        st = game.state
        old = [c for c in st.row if c is not None]
        st.row = [None] * len(st.row)
        st.dungeon_deck[0:0] = old
        for c in cards:
            if c is not None:
                if c not in st.dungeon_deck:
                    raise AssertionError(f"{c!r} is not in the dungeon deck")
                st.dungeon_deck.remove(c)
        st.row = list(cards)
        game.changed()

    def deck_top(self, game: Game, cards: Sequence[str]) -> None:
        """Put dungeon cards on top of the dungeon deck; the first listed is drawn first."""
        st = game.state
        for c in cards:
            st.dungeon_deck.remove(c)
        st.dungeon_deck.extend(reversed(list(cards)))

    def pool(self, game: Game, seat: int, **resources: int) -> None:
        """Set turn resources and supply values (see :func:`clank.testing.set_pool`)."""
        set_pool(game, seat, **resources)

    def pawn(self, game: Game, seat: int, room: str) -> None:
        """Put a pawn in a room without entering it."""
        put_pawn(game, seat, room)

    def place(self, game: Game, tile: str, x: int, y: int, rot: int = 0) -> None:
        """Place a tile (placement effects resolve). A tile set aside at setup (S5) first swaps
        places with a tile of the same stack, so every tile stays in exactly one place."""
        st = game.state
        if tile in st.removed_tiles:
            kind = game.ruleset.tiles[tile].stack
            stack = st.stacks["catacombs"]
            swap = next(t for t in stack if game.ruleset.tiles[t].stack == kind)
            stack[stack.index(swap)] = tile
            st.removed_tiles[st.removed_tiles.index(tile)] = swap
        place(game, tile, x, y, rot)

    def clear_tiles(self, game: Game) -> None:
        """Remove every tile but the start tile (they go back to the top of the stack)."""
        st = game.state
        extra = [t for t in st.tiles if game.ruleset.tiles[t.tile].stack != "start"]
        for t in extra:
            st.tiles.remove(t)
            st.stacks["catacombs"].insert(0, t.tile)
        game.tiles_changed()
        game.changed()

    def stack_top(self, game: Game, tile: str) -> None:
        """Make ``tile`` the next tile drawn (from the stack or the removed tiles)."""
        st = game.state
        stack = st.stacks["catacombs"]
        if tile in stack:
            stack.remove(tile)
        elif tile in st.removed_tiles:
            kind = game.ruleset.tiles[tile].stack
            swap = next(t for t in stack if game.ruleset.tiles[t].stack == kind)
            stack.remove(swap)
            st.removed_tiles[st.removed_tiles.index(tile)] = swap
        stack.insert(0, tile)

    def damage(self, game: Game, seat: int, n: int) -> None:
        """Put ``n`` of the player's own cubes on its health meter."""
        p = game.player(seat)
        p.cubes -= n
        p.damage.extend(["own"] * n)
        game.changed()

    def area(self, game: Game, seat: int, n: int) -> None:
        """Move ``n`` cubes of a player from its supply to the Clank! area (net)."""
        p = game.player(seat)
        have = game.state.clank_area.get(str(seat), 0)
        p.cubes += have - n
        game.state.clank_area[str(seat)] = n

    def bag(self, game: Game, contents: dict[str, int]) -> None:
        """Make the dragon bag hold exactly ``contents``; spare black cubes go to the bank and
        player cubes come from (or go back to) their owners' supplies."""
        st = game.state
        for key, n in list(st.bag.items()):
            if key == "black":
                st.bank["black"] = st.bank.get("black", 0) + n
            elif key == "ghost":
                st.bank["ghost"] = st.bank.get("ghost", 0) + n
            else:
                game.player(int(key)).cubes += n
        st.bag = {}
        for key, n in contents.items():
            if key == "black":
                st.bank["black"] -= n
            elif key == "ghost":
                st.bank["ghost"] -= n
            else:
                game.player(int(key)).cubes -= n
            st.bag[key] = n
        game.changed()

    def play_all(self, game: Game) -> None:
        """Play every card of the current player's hand, answering decisions with the first option."""
        while game.player(game.state.current).hand or game.state.decision is not None:
            d = game.decision()
            if d["kind"] == "main":
                card = game.player(game.state.current).hand[0]
                game.apply(Action("play", (card,)))
            else:
                game.apply(game.legal_actions()[0])

    def end_turn(self, game: Game) -> None:
        """Play the hand out (first options) and end the turn."""
        self.play_all(game)
        game.apply("end")

    def acts(self, game: Game) -> list[str]:
        """The legal actions as text."""
        return [str(a) for a in game.legal_actions()]

    def kinds(self, game: Game, kind: str) -> list[str]:
        """The legal actions of one kind, as text."""
        return [str(a) for a in game.legal_actions() if a.kind == kind]


@pytest.fixture
def no_legal_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Recompute legal actions on every call: rules tests edit the state directly between
    actions, which the engine's per-action cache cannot notice."""
    original = Game.legal_actions

    def fresh(self: Game) -> list[Action]:
        self.changed()
        return original(self)

    monkeypatch.setattr(Game, "legal_actions", fresh)


@pytest.fixture
def kit() -> Kit:
    """Scenario builders (see :class:`Kit`)."""
    return Kit()


# ==========================================================================================
# invariants (RULES.md Appendix 2)
# ==========================================================================================
class InvariantChecker:
    """Checks the base-game invariants of Appendix 2 on a game, remembering what it saw before
    so that monotonic invariants (rage, statuses, ghost cubes, dungeon discard) can be checked.

    Call :meth:`check` after every action.
    """

    def __init__(self, game: Game) -> None:
        self.ruleset = game.ruleset
        self.players = len(game.state.players)
        self.prev: dict[str, Any] | None = None
        self.turns_seen = 0

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _in_flight(game: Game) -> Counter:
        """Cubes drawn by an attack whose resolution is paused at a decision (INV-1: "in hand")."""
        out: Counter = Counter()
        for addr, _seat, data in game.state.queue:
            if addr == "cube":
                out[data] += 1
            elif addr == "attack_end":
                out["ghost"] += list(data).count("ghost")
        # ghost cubes being resolved are counted by attack_end; don't count them twice
        out["ghost"] -= sum(1 for a, _s, d in game.state.queue if a == "cube" and d == "ghost")
        return out

    def check(self, game: Game, where: str = "") -> None:
        """Assert every invariant; ``where`` is added to failure messages."""
        try:
            self._check(game)
        except AssertionError as exc:
            tail = "\n".join(game.log[-12:])
            raise AssertionError(f"{where}: {exc}\n--- log tail ---\n{tail}") from None

    def _check(self, game: Game) -> None:
        self._check_rules(game)
        from clank.game import audit
        wrong = audit.problems(game)          # the core's own check of a loaded state agrees
        assert not wrong, f"audit: {wrong}"

    def _check_rules(self, game: Game) -> None:
        st = game.state
        rs = self.ruleset
        setup = getattr(game, "setup", rs.setup)      # the setup for this player count
        n = len(st.players)
        prev = self.prev
        health = int(setup.get("health", 10))
        in_flight = self._in_flight(game)

        # INV-1 player cubes
        marks: Counter = Counter()
        for rid, room in st.rooms.items():
            ms = room.get("marks", [])
            assert len(ms) <= 4, f"INV-16 wayshrine {rid} holds {len(ms)} marks"
            assert len(set(ms)) == len(ms), f"INV-16 wayshrine {rid} marked twice by one player"
            marks.update(ms)
        for p in st.players:
            k = str(p.seat)
            total = (p.cubes + st.clank_area.get(k, 0) + st.bag.get(k, 0) + p.damage.count("own")
                     + marks[p.seat] + in_flight[k])
            assert total == int(setup.get("cubes_per_player", 30)), f"INV-1 seat {p.seat} has {total} cubes"
            assert p.cubes >= 0, "INV-1 negative supply"
        # INV-2 black cubes
        black = (st.bag.get("black", 0) + st.bank.get("black", 0)
                 + sum(p.damage.count("black") for p in st.players) + in_flight["black"])
        assert black == 24, f"INV-2 {black} black cubes"
        assert "black" not in st.clank_area or st.clank_area["black"] == 0, "INV-2 black cube in Clank! area"
        # INV-3 ghosts
        ghosts = st.bank.get("ghost", 0) + st.clank_area.get("ghost", 0) + st.bag.get("ghost", 0) + in_flight["ghost"]
        assert ghosts == 5, f"INV-3 {ghosts} ghost cubes"
        if prev is not None:
            assert st.bank.get("ghost", 0) <= prev["bank_ghost"], "INV-3 a ghost returned to the bank"
        for key in list(st.clank_area) + list(st.bag):
            assert key in ("black", "ghost") or key.isdigit() and int(key) < n, f"unknown cube {key!r}"
            assert st.clank_area.get(key, 0) >= 0 and st.bag.get(key, 0) >= 0, "negative cube count"
        # INV-5/6 meters
        for p in st.players:
            assert set(p.damage) <= {"own", "black", "neutral"}, f"INV-5 odd marker on seat {p.seat}"
            assert 0 <= len(p.damage) <= health, f"INV-6 meter of seat {p.seat} holds {len(p.damage)}"
            if p.status == LIVE:
                assert len(p.damage) < health, f"INV-6 live seat {p.seat} has a full meter"
        # INV-7 rage
        track = setup["rage_track"]["draws"]
        assert 0 <= st.rage < len(track), "INV-7 rage off the track"
        if prev is not None:
            assert st.rage >= prev["rage"], "INV-7 rage decreased"

        # INV-8 card conservation
        expected: Counter = Counter()
        for c in rs.cards.values():
            expected[c.id] = c.count * n if c.kind == "starter" else c.count
        seen: Counter = Counter()
        seen.update(st.dungeon_deck)
        seen.update(c for c in st.row if c is not None)
        seen.update(st.dungeon_discard)
        seen.update(st.box)
        for cid, left in st.reserve.items():
            seen[cid] += left
        for p in st.players:
            for zone in (p.deck, p.hand, p.play, p.discard):
                seen.update(zone)
        diff = {c: (seen[c], expected[c]) for c in set(seen) | set(expected) if seen[c] != expected[c]}
        assert not diff, f"INV-8 card counts (seen, expected): {diff}"
        # INV-9 row
        assert len(st.row) <= 6 and sum(c is not None for c in st.row) <= 6, "INV-9 row over 6"
        # INV-11 goblin
        assert st.reserve.get("goblin") == 1, "INV-11 the Goblin left the reserve"
        # INV-13/14 resources
        for p in st.players:
            assert p.gold >= 0 and p.pool.get("lockpicks", 0) >= 0 and p.pending_neg >= 0, f"INV-13 seat {p.seat}"
            assert all(v >= 0 for v in p.pool.values()), f"INV-13 negative pool {p.pool} seat {p.seat}"
            if p.seat != st.current or st.over:
                turn_res = {r for r, rdef in game.registry.resources.items() if rdef.turn}
                assert not any(v for r, v in p.pool.items() if r in turn_res), \
                    f"INV-14 seat {p.seat} keeps {p.pool} off turn"
                assert not p.teleports and p.pending_neg == 0, f"INV-14 seat {p.seat} keeps teleports/pending"
                assert not p.play, f"INV-10 seat {p.seat} has cards in play off turn"
        # INV-15 wayshrine gold
        for p in st.players:
            assert p.stats.get("wayshrines_marked", 0) == marks[p.seat], "INV-15 marks and stats disagree"
        # INV-17 locks covered at most once; locked rewards
        assert len(set(st.covered)) == len(st.covered), "INV-17 a lock covered twice"
        # INV-18 once per room per turn
        assert len(set(st.turn.rewards)) == len(st.turn.rewards), "INV-18 a room paid twice this turn"

        # INV-19/20 artifacts
        arts = [t.id for t in rs.tokens.values() if t.pool == "artifact"]
        where: Counter = Counter(st.artifact_stack)
        for room in st.rooms.values():
            where.update(room.get("artifacts", []))
        for p in st.players:
            where.update(p.artifacts)
            limit = 1 + game.counts_as(p.seat, "backpack")
            carried = [a for a in p.artifacts if rs.tokens[a].data.get("carry_limit", True)]
            assert len(carried) <= limit, f"INV-20 seat {p.seat} holds {len(p.artifacts)} artifacts"
            rooms = p.ext.get("catacombs", {}).get("artifact_rooms", [])
            assert len(set(rooms)) == len(rooms), "P6 two artifacts from one room"
        assert where == Counter(arts), f"INV-19 artifacts {where}"
        values = [rs.tokens[a].value for a in st.artifact_stack]
        assert values == sorted(values), "INV-19 artifact stack out of order"
        # INV-21 rage advances
        taken = sum(len(p.artifacts) for p in st.players)
        taken += sum(1 for p in st.players for t in p.tokens if t in ("dragon-egg", "adventurer"))
        assert st.rage_advances == taken, f"INV-21 rage advanced {st.rage_advances}, taken {taken}"
        start = setup["rage_track"].get("start", {})
        r0 = int(start.get(str(n), start.get(n, 0)))
        assert st.rage == min(len(track) - 1, r0 + st.rage_advances), "INV-21 rage position"
        # INV-22 idols, INV-24 tokens
        tokens: Counter = Counter()
        for pool in st.pools.values():
            tokens.update(pool)
        for room in st.rooms.values():
            tokens.update(room.get("tokens", []))
        for p in st.players:
            tokens.update(p.tokens)
        for board in st.market.values():
            tokens.update(board)
        tokens.update(st.token_box)
        for t in rs.tokens.values():
            if t.pool == "artifact":
                continue
            want = n if t.pool == "mastery" else t.count
            assert tokens[t.id] == want, f"INV-24 token {t.id}: {tokens[t.id]} != {want}"
        idols = sum(1 for room in st.rooms.values() for t in room.get("tokens", []) if t == "monkey-idol")
        idols += sum(p.tokens.count("monkey-idol") for p in st.players) + st.pools.get("idol", []).count("monkey-idol")
        assert idols == 3, "INV-22 idols"
        # INV-23 market
        board = st.market.get("market", [])
        crowns = [t for t in ("crown-10", "crown-9", "crown-8") if t in board]
        assert crowns == ["crown-10", "crown-9", "crown-8"][3 - len(crowns):], "INV-23 crowns out of order"
        # INV-25 mastery
        escaped = [p for p in st.players if p.status == ESCAPED]
        held = sum(p.tokens.count("mastery") for p in st.players)
        assert held == len(escaped), f"INV-25 {held} mastery tokens, {len(escaped)} escaped"
        for p in escaped:
            assert p.tokens.count("mastery") == 1 and p.artifacts, "INV-25 escaped without artifact/mastery"

        # INV-26 tiles
        placed = [t.tile for t in st.tiles]
        stack = st.stacks.get("catacombs", [])
        in_hand = []                               # revealed tiles waiting for an orientation
        if st.turn.move:
            in_hand.append(st.turn.move["tile"])
        if st.decision and st.decision.get("kind") == "place_tile" and "tile" in st.decision:
            in_hand.append(st.decision["tile"])
        all_tiles = Counter(placed + stack + st.removed_tiles + in_hand)
        assert all(v == 1 for v in all_tiles.values()), "INV-26 a tile in two places"
        non_start = {t for t in rs.tiles if rs.tiles[t].stack != "start"}
        assert set(all_tiles) - non_start <= {t for t in rs.tiles if rs.tiles[t].stack == "start"}, "INV-26 odd tile"
        assert non_start <= set(all_tiles), "INV-26 tiles lost"
        assert len(st.removed_tiles) == 2, "INV-26 two Surface tiles are out of the game"
        cells: set = set()
        for t in st.tiles:
            for dx, dy in rs.tiles[t.tile].cells.values():
                c = (t.x + dx, t.y + dy, t.region)
                assert c not in cells, "INV-26 overlapping tiles"
                cells.add(c)
        for t in st.tiles:
            if rs.tiles[t.tile].stack == "start":
                continue
            assert any((t.x + dx, t.y + dy, t.region) in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))), \
                "INV-26 a tile shares no edge"
        # X13: the 4 Surface tiles are drawn before any Depths tile. (They are usually placed
        # first too, but a tile placed by a device during an orientation pause, X8, may be
        # placed before the Surface tile that waits for its orientation.)
        kinds = [rs.tiles[t].stack for t in stack]
        k = kinds.count("surface")
        assert kinds == ["surface"] * k + ["depths"] * (len(kinds) - k), "X13 stack out of order"
        depths = sum(1 for t in rs.tiles.values() if t.stack == "depths")
        assert k == 0 or len(kinds) - k == depths, "INV-26/X13 a Depths tile drawn before a Surface tile"
        # INV-27 pawns
        rooms_on_grid = {f"{t.tile}.{r}" for t in st.tiles for r in rs.tiles[t.tile].rooms}
        for p in st.players:
            if p.status == LIVE:
                assert p.room in rooms_on_grid, f"INV-27 live seat {p.seat} is not in a room ({p.room})"
            elif p.status == ESCAPED:
                assert p.room is None, "INV-27 an escaped pawn is on the board"
            else:
                assert p.ko_room is not None or st.over, "INV-27 knocked-out pawn lost"
        # INV-29 statuses, INV-12 and INV-30 out players
        for p in st.players:
            assert p.status in (LIVE, ESCAPED, KNOCKED_OUT), "INV-29 unknown status"
        if prev is not None:
            for p, (status, zones, area, dmg, ko_room) in zip(st.players, prev["players"], strict=True):
                if status != LIVE:
                    assert p.status == status, "INV-29 an out player changed status"
                    assert status != KNOCKED_OUT or p.ko_room == ko_room, "INV-27 a knocked-out pawn moved"
                    assert (p.deck, p.hand, p.play, p.discard) == zones, "INV-12 an out player's cards changed"
                    assert st.clank_area.get(str(p.seat), 0) <= area, "INV-30 an out player added Clank!"
                    assert len(p.damage) <= dmg, "INV-30 an out player took damage"
        # INV-31 ending
        live = [p for p in st.players if p.status == LIVE]
        assert st.over == (not live) or st.aborted, "INV-31 game over iff no live player"
        if st.over and not st.aborted:
            for s in game.scores():
                if not s["eligible"]:
                    assert s["total"] == 0, "INV-31 an ineligible player scored"
        # INV-32 bag
        if not st.over and st.decision is None and not st.queue:
            assert sum(st.bag.values()) > 0, "INV-32 empty bag in a running game"
        # INV-33 dungeon discard only grows
        if prev is not None:
            k = len(prev["discard"])
            assert st.dungeon_discard[:k] == prev["discard"], "INV-33 dungeon discard shrank"
        # INV-4: right after an attack (here: a new turn that has not acted yet) only ghosts wait
        new_lines = st.log[prev["log"]:] if prev is not None else []
        if (any(line.startswith("The dragon draws") for line in new_lines) and not st.over
                and st.turn_no != prev["turn_no"] and not st.turn.stats and st.decision is None):
            left = {k: v for k, v in st.clank_area.items() if k != "ghost" and v}
            assert not left, f"INV-4 player cubes left in the Clank! area after an attack: {left}"
        # INV-9, INV-10 at the start of a live player's turn
        if prev is not None and st.turn_no != prev["turn_no"] and not st.over:
            cur = st.players[st.current]
            if cur.status == LIVE:
                assert sum(c is not None for c in st.row) == 6, "INV-9/D3 row not full at turn start"
                owned = len(cur.deck) + len(cur.hand) + len(cur.discard)
                if not st.turn.stats and not cur.play:
                    assert len(cur.hand) == min(5, owned), "INV-10 hand size at turn start"
            self.turns_seen += 1

        self.prev = {
            "bank_ghost": st.bank.get("ghost", 0), "rage": st.rage, "turn_no": st.turn_no,
            "discard": list(st.dungeon_discard), "log": len(st.log),
            "players": [(p.status, (list(p.deck), list(p.hand), list(p.play), list(p.discard)),
                         st.clank_area.get(str(p.seat), 0), len(p.damage), p.ko_room) for p in st.players],
        }


@pytest.fixture
def invariants():
    """A factory: ``invariants(game)`` returns an :class:`InvariantChecker` for that game."""
    return InvariantChecker


def run_checked(game: Game, bot: Any, checker: InvariantChecker, max_steps: int = 20000,
                after: Iterable | None = None) -> int:
    """Play ``game`` to the end with ``bot``, checking invariants after every action."""
    checker.check(game, "setup")
    steps = 0
    while not game.over:
        action = bot.choose(game.view(game.current_player))
        game.apply(action)
        steps += 1
        checker.check(game, f"after action {steps} ({action})")
        assert steps < max_steps, "game did not end"
    return steps


@pytest.fixture
def play_checked():
    """``play_checked(game, bot, checker)`` plays to the end checking invariants each step."""
    return run_checked


# ==========================================================================================
# how much work loading YAML did (hostile input is refused after bounded work)
# ==========================================================================================
class YamlWork:
    """What the YAML loader did: parser events handed out by ruamel's pure-Python parser and by
    libyaml's (the fast path's first pass), nodes composed into a tree and objects constructed
    from it (in total and per file loaded), and files opened."""

    def __init__(self) -> None:
        self.events = 0
        self.composed = 0
        self.constructed = 0
        self.fast_events = 0
        self.opened = 0
        self.by_file: dict[str, list[int]] = {}   # file -> [events, composed, constructed, fast events]
        self.current = ""

    def reset(self) -> None:
        """Forget what was counted so far."""
        self.events = self.composed = self.constructed = self.fast_events = self.opened = 0
        self.by_file.clear()

    def events_of(self, file: str) -> int:
        """Parser events handed out while loading ``file`` (as its problems name it)."""
        return self.by_file.get(file, [0, 0, 0, 0])[0]

    def composed_of(self, file: str) -> int:
        """Nodes composed while loading ``file``."""
        return self.by_file.get(file, [0, 0, 0, 0])[1]

    def constructed_of(self, file: str) -> int:
        """Objects constructed while loading ``file``."""
        return self.by_file.get(file, [0, 0, 0, 0])[2]

    def fast_events_of(self, file: str) -> int:
        """libyaml's events handed out while loading ``file``."""
        return self.by_file.get(file, [0, 0, 0, 0])[3]


@pytest.fixture
def yaml_work(monkeypatch: pytest.MonkeyPatch) -> YamlWork:
    """Count the loader's work (issue 11 item 18): every event ruamel's parser hands out (to a
    walk over the events or to the composer), every node its composer builds, every object its
    constructor makes (each also by the file being loaded), and every file opened through
    ``Path.open``."""
    from pathlib import Path

    from clank.content import yamlload
    from ruamel.yaml.composer import Composer
    from ruamel.yaml.constructor import BaseConstructor
    from ruamel.yaml.parser import Parser

    work = YamlWork()
    real_event, real_compose, real_open = Parser.get_event, Composer.compose_node, Path.open
    real_construct = BaseConstructor.construct_object
    real_load_text = yamlload.load_yaml_text

    def count(which: int) -> None:
        if which == 0:
            work.events += 1
        elif which == 1:
            work.composed += 1
        elif which == 2:
            work.constructed += 1
        else:
            work.fast_events += 1
        work.by_file.setdefault(work.current, [0, 0, 0, 0])[which] += 1

    def get_event(self: Parser) -> Any:
        count(0)
        return real_event(self)

    def compose_node(self: Composer, parent: Any, index: Any) -> Any:
        count(1)
        return real_compose(self, parent, index)

    def construct_object(self: BaseConstructor, node: Any, deep: bool = False) -> Any:
        count(2)
        return real_construct(self, node, deep)

    def open_(self: Path, *args: Any, **kwargs: Any) -> Any:
        work.opened += 1
        return real_open(self, *args, **kwargs)

    def load_text(text: str, file: str) -> Any:
        outer, work.current = work.current, file
        try:
            return real_load_text(text, file)
        finally:
            work.current = outer

    monkeypatch.setattr(Parser, "get_event", get_event)
    if yamlload.CParser is not None:       # libyaml's first pass over a file's events
        class CountingCParser(yamlload.CParser):
            def get_event(self) -> Any:
                count(3)
                return super().get_event()

        monkeypatch.setattr(yamlload, "CParser", CountingCParser)
    monkeypatch.setattr(Composer, "compose_node", compose_node)
    monkeypatch.setattr(BaseConstructor, "construct_object", construct_object)
    monkeypatch.setattr(Path, "open", open_)
    monkeypatch.setattr(yamlload, "load_yaml_text", load_text)
    return work
