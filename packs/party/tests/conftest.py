"""Fixtures of the Party pack's tests: games with ``catacombs`` and ``party`` registered directly
(never found by entry point, so the tests do not depend on what is installed), a small driver
around a game, and the Party's invariants (expansions-design.md 6.3) for the fuzz tests.

Every test puts a game in a known position with the helpers of :mod:`clank.testing`, then
plays through the public API (``game.legal_actions()`` / ``game.apply``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import clank_catacombs
import clank_party
import pytest
from clank import Game, new_game
from clank.plugin import LIVE
from clank.testing import arranged_game, place, put_pawn, set_hand, set_pool, state_problems

PACKS = ("catacombs", "party")


# -- the slow tier: skipped unless --runslow or -m slow (as in the engine's tests/conftest.py) --
def pytest_addoption(parser: pytest.Parser) -> None:
    try:
        parser.addoption("--runslow", action="store_true", default=False,
                         help="run the tests marked slow (long whole-game property tests)")
    except ValueError:  # already added by another conftest
        pass


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow", default=False) or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: use --runslow")
    for item in items:
        if "slow" in item.keywords and "party" in str(item.fspath):
            item.add_marker(skip)
MODULES = {"catacombs": clank_catacombs, "party": clank_party}


def party_game(players: int = 6, seed: int = 0, **options: Any) -> Game:
    """A game of the base game with the Party pack loaded."""
    return new_game(list(PACKS), players=players, seed=seed, options=options, modules=MODULES)


def base_game(players: int = 4, seed: int = 0, **options: Any) -> Game:
    """The same game without the Party pack."""
    return new_game(["catacombs"], players=players, seed=seed, options=options, modules={"catacombs": clank_catacombs})


def arranged(players: int = 6, seed: int = 0, arrange=None, **options: Any) -> Game:
    """A Party game with ``arrange(game)`` run before setup deals (see ``clank.testing.arranged_game``)."""
    return arranged_game(list(PACKS), players, seed, options, MODULES, arrange)


def finish_setup(game: Game) -> None:
    """Answer whatever setup still asks (an opening-row Arrive Choice, a draft) with the first option."""
    while game.decision()["kind"] != "main":
        game.apply(game.legal_actions()[0])


class Table:
    """A game plus shortcuts; ``seat`` is whoever's turn it is now."""

    def __init__(self, players: int = 6, seed: int = 0, **options: Any) -> None:
        self.game = party_game(players, seed, **options)
        finish_setup(self.game)

    @property
    def seat(self) -> int:
        return self.game.state.current

    def p(self, seat: int | None = None):
        return self.game.player(self.seat if seat is None else seat)

    def other(self, k: int = 1) -> int:
        return (self.seat + k) % len(self.game.state.players)

    def legal(self) -> list[str]:
        self.game.changed()
        return [str(a) for a in self.game.legal_actions()]

    def kind(self) -> str:
        return self.game.decision()["kind"]

    def decider(self) -> int | None:
        return self.game.current_player

    def hand(self, seat: int, *cards: str) -> None:
        """Give a seat exactly these cards in hand (taken from its cards or the dungeon deck,
        the reserve or the row, so that card counts stay right); its other cards form the deck."""
        g = self.game
        p = g.player(seat)
        pool = p.hand + p.deck + p.discard
        p.hand, p.deck, p.discard = [], [], []
        for card in cards:
            if card in pool:
                pool.remove(card)
            else:
                take_card(g, card)
        p.deck = pool
        set_hand(g, seat, list(cards))

    def deck_top(self, seat: int, *cards: str) -> None:
        """Put cards on top of a seat's deck (the first listed drawn first), from the supply."""
        p = self.game.player(seat)
        for card in cards:
            if card in p.deck:
                p.deck.remove(card)
            else:
                take_card(self.game, card)
        p.deck.extend(reversed(cards))
        self.game.changed()

    def row(self, *cards: str | None) -> None:
        """Make the dungeon row exactly these cards (from the dungeon deck)."""
        st = self.game.state
        old = [c for c in st.row if c is not None]
        st.dungeon_deck[0:0] = old
        for c in cards:
            if c is not None:
                st.dungeon_deck.remove(c)
        st.row = list(cards) + [None] * (6 - len(cards)) if len(cards) < 6 else list(cards)
        self.game.changed()

    def quiet_row(self) -> None:
        """A row of plain base cards: no dragon icon, Danger or Arrive text."""
        self.row("lightstick", "swindle", "expert-guide", "bandit", "pillage", "payoff")

    def deck_next(self, *cards: str) -> None:
        """The next cards the dungeon deck reveals (first listed first)."""
        st = self.game.state
        for c in cards:
            st.dungeon_deck.remove(c)
        st.dungeon_deck.extend(reversed(cards))
        self.game.changed()

    def res(self, seat: int | None = None, **resources: int) -> None:
        set_pool(self.game, self.seat if seat is None else seat, **resources)

    def at(self, room: str, *seats: int) -> None:
        for s in seats or (self.seat,):
            put_pawn(self.game, s, room)

    def tile(self, tile: str, x: int, y: int, rot: int = 0) -> None:
        st = self.game.state
        if tile in st.removed_tiles:           # a Surface tile set aside at setup swaps with one in the stack
            stack = st.stacks["catacombs"]
            swap = next(t for t in stack if self.game.ruleset.tiles[t].stack == self.game.ruleset.tiles[tile].stack)
            stack[stack.index(swap)] = tile
            st.removed_tiles[st.removed_tiles.index(tile)] = swap
        place(self.game, tile, x, y, rot)

    def do(self, *actions: str) -> None:
        for a in actions:
            self.game.changed()
            self.game.apply(a)

    def play_out(self) -> None:
        """Play the current player's hand (first answers to every decision of that seat)."""
        g = self.game
        seat = self.seat
        while g.state.current == seat and (g.player(seat).hand or g.state.decision is not None):
            if g.state.decision is not None:
                g.apply(g.legal_actions()[0])
            else:
                g.apply(f"play {g.player(seat).hand[0]}")

    def end(self) -> None:
        """Empty the current player's hand and end the turn."""
        g = self.game
        p = g.player(self.seat)
        p.deck[0:0] = p.hand
        p.hand = []
        g.changed()
        g.apply("end")

    def decline_all(self) -> None:
        """Answer every pending decision of another seat with its last action (no / decline)."""
        while self.game.state.decision is not None and self.game.current_player != self.game.state.current:
            self.game.apply(self.game.legal_actions()[-1])


def take_card(game: Game, card: str) -> None:
    """Take one copy of ``card`` out of the dungeon deck, the row, the dungeon discard or the
    reserve (so that card conservation holds when a test hands it to a player)."""
    st = game.state
    if card in st.dungeon_deck:
        st.dungeon_deck.remove(card)
    elif card in st.row:
        st.row[st.row.index(card)] = None
    elif card in st.dungeon_discard:
        st.dungeon_discard.remove(card)
    elif st.reserve.get(card, 0) > 0:
        st.reserve[card] -= 1
    else:
        raise AssertionError(f"no spare copy of {card!r}")


@pytest.fixture
def t() -> Table:
    """A six-player Party game, setup answered, the first player to play."""
    return Table()


@pytest.fixture
def table():
    """Build a :class:`Table` with other settings: ``table(players, seed, **options)``."""
    return Table


# ==========================================================================================
# The Party's invariants (expansions-design.md 6.3), checked after every action of a fuzz game
# ==========================================================================================
class PartyInvariants:
    """The core's own invariant check (``clank.testing.state_problems``: conservation of cards, tokens
    and cubes, ranges, statuses, the carry limit, tiles) plus the Party's:

    - no player holds two artifacts taken from the same room; artifacts held <= 1 + Backpacks;
    - React: a card played out of turn resolves nothing before its owner's next turn starts,
      each such play draws exactly one card (none when deck and discard are empty), and no React
      play happens on one's own turn; a card resolves once, at its owner's turn start;
    - Arrive Choice: the players asked for one arrival are distinct, live, in the stated order
      (clockwise from the stated first player), each asked once;
    - dungeon deck: 100 cards, + 35 with the Party cards;
    - rage never goes down; the dungeon row is full when a live player's turn starts; out
      players' cards never change; Mastery tokens held = players escaped.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.waiting: Counter = Counter()      # (seat, card) played out of turn, not yet resolved
        self.opened: dict[int, list[int]] = {}
        self.asked: dict[int, list[int]] = {}
        self.reacts = self.arrivals = 0
        self.prev: dict[str, Any] | None = None
        self.errors: list[str] = []
        game.observers.append(self.observe)
        cards = game.ruleset.cards
        self.deck_size = sum(c.count for c in cards.values() if c.kind == "dungeon")
        party_cards = sum(c.count for c in cards.values() if c.kind == "dungeon" and c.pack == "party")
        assert self.deck_size == 100 + party_cards and party_cards in (0, 35), "dungeon deck: 100 (+ 35 Party cards)"

    def observe(self, game: Game, event: dict[str, Any]) -> None:
        name = event["event"]
        st = game.state
        if name == "react_played":
            self.reacts += 1
            p = game.player(event["seat"])
            if event["seat"] == st.current:
                self.errors.append(f"seat {event['seat']} reacted on its own turn")
            if event["drew"] != 1 and (p.deck or p.discard):
                self.errors.append(f"a React play drew {event['drew']} cards")
            if event["card"] not in p.play:
                self.errors.append("a React card played out of turn is not in its owner's play area")
            self.waiting[(event["seat"], event["card"])] += 1
        elif name == "react_resolved":
            key = (event["seat"], event["card"])
            if self.waiting[key] <= 0:
                self.errors.append(f"{key} resolved without a pending out-of-turn play")
            self.waiting[key] -= 1
            if event["seat"] != st.current:
                self.errors.append("a React card resolved on another player's turn")
        elif name == "card_played" and self.waiting[(event["seat"], event["card"])] > 0 \
                and event["seat"] != st.current:
            self.errors.append("a card played out of turn took effect before its owner's turn")
        elif name == "arrive_choice_opened":
            self.arrivals += 1
            seats = list(event["seats"])
            n = len(st.players)
            start = (st.current + 1) % n if st.turn.phase == "end" else st.current
            want = [(start + i) % n for i in range(n) if game.is_live((start + i) % n)]
            if seats != want:
                self.errors.append(f"Arrive Choice order {seats}, expected {want}")
            self.opened[event["arrival"]] = seats
            self.asked[event["arrival"]] = []
        elif name == "arrive_choice_made":
            if event["arrival"] not in self.opened:        # opened during setup, before this checker
                return
            asked = self.asked[event["arrival"]]
            if event["seat"] in asked:
                self.errors.append(f"seat {event['seat']} asked twice for one Arrive Choice")
            asked.append(event["seat"])
            order = self.opened[event["arrival"]]
            if [s for s in order if s in asked] != asked:
                self.errors.append(f"Arrive Choice answered out of order: {asked} (order {order})")

    def check(self, where: str = "") -> None:
        game = self.game
        st = game.state
        wrong = list(self.errors) + state_problems(game)
        self.errors.clear()
        toks = game.ruleset.tokens
        for p in st.players:
            rooms = p.ext.get("catacombs", {}).get("artifact_rooms", [])
            if len(set(rooms)) != len(rooms):
                wrong.append(f"P6: seat {p.seat} took two artifacts from one room")
            if p.status == LIVE and len(p.artifacts) > 1 + game.counts_as(p.seat, "backpack"):
                wrong.append(f"seat {p.seat} holds {len(p.artifacts)} artifacts")
            waiting = Counter(c for (s, c), k in self.waiting.items() if s == p.seat for _ in range(k))
            if any(Counter(p.play)[c] < k for c, k in waiting.items()) and p.status == LIVE:
                wrong.append(f"seat {p.seat}: a React card waiting for its turn left the play area")
        cards = (len(st.dungeon_deck) + sum(c is not None for c in st.row) + len(st.dungeon_discard)
                 + sum(1 for c in st.box if game.ruleset.cards[c].kind == "dungeon")
                 + sum(1 for p in st.players for z in (p.deck, p.hand, p.play, p.discard) for c in z
                       if game.ruleset.cards[c].kind == "dungeon"))
        if cards != self.deck_size:
            wrong.append(f"{cards} dungeon cards in the game, {self.deck_size} expected")
        held = sum(p.tokens.count("mastery") for p in st.players)
        if held != sum(p.status == "escaped" for p in st.players):
            wrong.append("Mastery tokens held differ from players escaped")
        if self.prev is not None:
            if st.rage < self.prev["rage"]:
                wrong.append("rage went down")
            for p, (status, zones) in zip(st.players, self.prev["players"], strict=True):
                if status != LIVE and (p.deck, p.hand, p.play, p.discard) != zones:
                    wrong.append(f"out seat {p.seat}'s cards changed")
            if st.turn_no != self.prev["turn_no"] and not st.over and game.is_live(st.current) \
                    and st.decision is None and not st.turn.stats:
                if sum(c is not None for c in st.row) != 6:
                    wrong.append("the row is not full at a turn start")
        self.prev = {"rage": st.rage, "turn_no": st.turn_no,
                     "players": [(p.status, (list(p.deck), list(p.hand), list(p.play), list(p.discard)))
                                 for p in st.players]}
        assert toks is not None
        if wrong:
            tail = "\n".join(game.log[-10:])
            raise AssertionError(f"{where}: {wrong}\n--- log tail ---\n{tail}")


@pytest.fixture
def party_invariants():
    """A factory: ``party_invariants(game)`` returns a :class:`PartyInvariants` watching it."""
    return PartyInvariants
