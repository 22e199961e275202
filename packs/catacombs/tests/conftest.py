"""Fixtures for the catacombs card and token tests: a fresh game and a small driver around it.

Every test starts from ``new_game(["catacombs"], players=2, seed=0)`` (seat 0 to play, pawns
in the Crypt of start tile A) and puts the game in a known position with the helpers of
:mod:`clank.testing`; everything after that goes through the public API (``game.apply``).
"""

from __future__ import annotations

from typing import Any

import pytest
from clank import Game, new_game
from clank.testing import place, put_pawn, set_hand, set_pool


class Table:
    """A game plus shortcuts for card tests; ``seat`` is the player whose turn it is."""

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        self.game: Game = new_game(["catacombs"], players=players, seed=seed, options=options)
        self.seat = self.game.state.current
        set_hand(self.game, self.seat, [])

    # -- looking --------------------------------------------------------------------------
    @property
    def me(self):
        """The current player's state."""
        return self.game.player(self.seat)

    def other(self, k: int = 1):
        """The state of the player ``k`` seats after the current one."""
        return self.game.player((self.seat + k) % len(self.game.state.players))

    def clank(self, seat: int | None = None) -> int:
        """A seat's cubes in the Clank! area."""
        return self.game.state.clank_area.get(str(self.seat if seat is None else seat), 0)

    def pool(self, res: str) -> int:
        """A turn resource of the current player."""
        return self.me.pool.get(res, 0)

    def kind(self) -> str:
        """The kind of the pending decision."""
        return self.game.decision()["kind"]

    def legal(self) -> list[str]:
        """The legal actions as text (after any direct state change a test made)."""
        self.game.changed()
        return [str(a) for a in self.game.legal_actions()]

    # -- arranging ------------------------------------------------------------------------
    def hand(self, *cards: str) -> None:
        """Replace the current player's hand."""
        set_hand(self.game, self.seat, list(cards))

    def deck_top(self, *cards: str) -> None:
        """Put cards on top of the current player's deck (the first is drawn first)."""
        self.me.deck.extend(reversed(cards))

    def row_slot(self, card: str, slot: int = 0) -> None:
        """Put ``card`` in a row slot; the card it replaces goes to the dungeon deck bottom."""
        st = self.game.state
        if card in st.dungeon_deck:
            st.dungeon_deck.remove(card)
        old = st.row[slot]
        if old is not None:
            st.dungeon_deck.insert(0, old)
        st.row[slot] = card
        self.game.changed()

    def deck_next(self, *cards: str) -> None:
        """Make ``cards`` the next cards the dungeon deck reveals (first listed first)."""
        st = self.game.state
        for c in cards:
            if c in st.dungeon_deck:
                st.dungeon_deck.remove(c)
        st.dungeon_deck.extend(reversed(cards))

    def safe_row(self) -> None:
        """A row of six plain cards with no dragon icon, Danger or Arrive text."""
        for i, card in enumerate(["lightstick", "swindle", "expert-guide", "bandit", "pillage", "payoff"]):
            self.row_slot(card, i)

    def next_token(self, pool: str, token: str) -> None:
        """Make ``token`` the next one drawn from a shuffled pool."""
        tokens = self.game.state.pools[pool]
        tokens.remove(token)
        tokens.append(token)

    def res(self, **resources: int) -> None:
        """Set turn resources and supply values of the current player."""
        set_pool(self.game, self.seat, **resources)

    def at(self, room: str, seat: int | None = None) -> None:
        """Put a pawn in a room without entering it."""
        put_pawn(self.game, self.seat if seat is None else seat, room)

    def tile(self, tile: str, x: int, y: int, rot: int = 0) -> None:
        """Place a tile on the grid."""
        place(self.game, tile, x, y, rot)

    def hurt(self, n: int, seat: int | None = None) -> None:
        """Put ``n`` own-cube damage markers on a health meter."""
        p = self.game.player(self.seat if seat is None else seat)
        p.damage.extend(["own"] * n)
        p.cubes -= n

    # -- acting ---------------------------------------------------------------------------
    def do(self, *actions: str) -> None:
        """Apply actions given as text (after any direct state change a test made)."""
        for a in actions:
            self.game.changed()
            self.game.apply(a)

    def play(self, *cards: str) -> None:
        """Play cards; each is put in hand first if it is not there."""
        for card in cards:
            if card not in self.me.hand:
                self.me.hand.append(card)
                self.game.changed()
            self.game.apply(f"play {card}")

    def buy(self, card: str, slot: int = 0) -> None:
        """Acquire ``card`` from the dungeon row, paying exactly its cost."""
        self.row_slot(card, slot)
        cost = self.game.ruleset.cards[card].cost
        self.res(skill=self.pool("skill") + cost.get("skill", 0))
        self.game.apply(f"buy {slot}")

    def use(self, card: str, slot: int = 0) -> None:
        """Use a device of the dungeon row, paying its cost."""
        self.row_slot(card, slot)
        cost = self.game.ruleset.cards[card].cost
        self.res(skill=self.pool("skill") + cost.get("skill", 0),
                 lockpicks=self.me.pool.get("lockpicks", 0) + cost.get("lockpicks", 0))
        self.game.apply(f"use {slot}")

    def fight(self, card: str, slot: int = 0) -> None:
        """Fight a monster of the dungeon row, paying its Swords."""
        self.row_slot(card, slot)
        self.res(swords=self.pool("swords") + self.game.ruleset.cards[card].cost.get("swords", 0))
        self.game.apply(f"fight {slot}")

    def end(self) -> None:
        """Play out the hand (none left) and end the turn."""
        self.hand()
        self.game.apply("end")

    def score(self, seat: int | None = None) -> dict[str, int]:
        """Score lines of a seat as a dict (eligibility is given an artifact if needed)."""
        s = self.seat if seat is None else seat
        p = self.game.player(s)
        if not p.artifacts:
            p.artifacts.append("artifact-10")
        sc = self.game.scores()[s]
        assert sc["eligible"]
        return dict(sc["lines"])


@pytest.fixture
def t() -> Table:
    """A fresh two-player game, seat 0 to play with an empty hand."""
    return Table()


@pytest.fixture
def make():
    """Build a :class:`Table` with other options (players, seed, parts)."""
    return Table
