"""The two setups of a balance question, the paired plan the backends play, and what each game
records.

A :class:`Setup` is packs, game options (content overrides included) and one bot per seat.
:class:`PairPlan` is a :class:`clank_cli.simjobs.Plan`: its game ``i`` is setup A's game and
setup B's game of seed ``seed + i``, the same seating and the same bot seeds (paired games), so
the local backends and Ray play it as they play ``clank simulate``'s plan and yield its rows in
seed order. A row holds per player the score, the share of the win, escape and knock-out, and per
card of the dungeon deck and the reserve, for each seat: whether the seat *took* it (acquired it,
defeated it if a monster, used it if a device), on how many of its turns it was *offered* (an
action taking it was legal at some decision of the turn) and on how many of those it was
*picked* (the seat took it from the row or the reserve that turn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank.api import new_game
from clank.plugin import ESCAPED, KNOCKED_OUT

from clank_cli.lab.report import SetupDoc
from clank_cli.seats import Seat, assign_seats, make_bots
from clank_cli.simulate import play_to_end

WIN_UNITS = 60
"""A win is worth this many units, shared among tied winners (60 divides evenly by 1-6), so every
per-game figure is an integer and the bootstrap's sums are exact in any order."""
ROW_VERBS = ("buy", "use", "fight")
"""Actions that take the dungeon-row card of slot ``args[0]`` (docs/api.md)."""
RESERVE_VERBS = ("reserve", "fight-reserve")
"""Actions that take the reserve card ``args[0]``."""
TAKE_EVENTS = ("card_gained", "monster_defeated", "card_used")
"""Events by which a seat takes a card: acquired, defeated (a monster), used (a device)."""
WATCHED_KINDS = ("dungeon", "reserve")
"""The cards the lab has figures for."""


@dataclass(frozen=True)
class Setup:
    """One side of a comparison: packs, game options and a bot per seat."""

    packs: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> list[Seat]:
        """The seats, every one a bot."""
        return assign_seats(self.players, 0, list(self.bots))

    def describe(self) -> SetupDoc:
        """The setup as the report's JSON names it."""
        return {"packs": list(self.packs), "players": self.players, "bots": list(self.bots),
                "options": self.options}


class CardWatch:
    """Per card and seat, in one game: taken, turns offered and turns picked (an observer of the
    game's events and of each action before it is applied)."""

    def __init__(self, game: Any) -> None:
        self.cards = {cid for cid, c in game.ruleset.cards.items() if c.kind in WATCHED_KINDS}
        self.players = len(game.state.players)
        self.took: dict[str, set[int]] = {}
        self.offered: dict[str, list[int]] = {}
        self.picked: dict[str, list[int]] = {}
        self._turn: tuple[int, int] | None = None
        self._offers: set[str] = set()
        self._picks: set[str] = set()
        self._seat = 0

    def event(self, game: Any, event: dict[str, Any]) -> None:
        """A game observer: record who took which card."""
        if event["event"] in TAKE_EVENTS and event.get("card") in self.cards and event.get("seat") is not None:
            self.took.setdefault(event["card"], set()).add(int(event["seat"]))

    def before(self, game: Any, seat: int, action: Any) -> None:
        """Before ``action`` of ``seat`` is applied: the cards it could take now, and the one it takes."""
        st = game.state
        turn = (st.round, st.current)
        if turn != self._turn:
            self._close_turn()
            self._turn, self._seat = turn, st.current
        if seat != st.current:
            return
        for legal in game.legal_actions():
            card = self._card_of(st, legal)
            if card is not None:
                self._offers.add(card)
        card = self._card_of(st, action)
        if card is not None:
            self._picks.add(card)

    def _card_of(self, st: Any, action: Any) -> str | None:
        if action.kind in ROW_VERBS:
            try:
                card = st.row[int(action.args[0])]
            except (IndexError, ValueError):
                return None
        elif action.kind in RESERVE_VERBS:
            card = action.args[0]
        else:
            return None
        return card if card in self.cards else None

    def _close_turn(self) -> None:
        for card in self._offers:
            self.offered.setdefault(card, [0] * self.players)[self._seat] += 1
        for card in self._picks & self._offers:
            self.picked.setdefault(card, [0] * self.players)[self._seat] += 1
        self._offers, self._picks = set(), set()

    def as_json(self) -> dict[str, list[list[int]]]:
        """``{card: [took, offered, picked]}``, each a list per seat; cards with nothing left out."""
        self._close_turn()
        zeros = [0] * self.players
        out = {}
        for card in sorted(set(self.took) | set(self.offered)):
            took = [int(s in self.took.get(card, ())) for s in range(self.players)]
            out[card] = [took, self.offered.get(card, zeros), self.picked.get(card, zeros)]
        return out


def play_side(setup: Setup, seed: int) -> dict[str, Any]:
    """Play one game of ``setup`` with ``seed`` and return what the lab records of it."""
    game = new_game(list(setup.packs), setup.players, seed, setup.options)
    watch = CardWatch(game)
    game.observers.append(watch.event)
    play_to_end(game, make_bots(game, setup.seats), seed, watch.before)
    winners = game.winners() if any(s["total"] > 0 for s in game.scores()) else []
    totals = {s["seat"]: s["total"] for s in game.scores()}
    players = [{"score": totals[p.seat], "win": WIN_UNITS // len(winners) if p.seat in winners else 0,
                "escaped": p.status == ESCAPED, "knocked_out": p.status == KNOCKED_OUT}
               for p in game.state.players]
    return {"rounds": game.state.round, "aborted": bool(game.state.aborted), "players": players,
            "cards": watch.as_json()}


@dataclass(frozen=True)
class PairPlan:
    """Game ``i``: setup A and setup B (when given) with seed ``seed + i`` (paired games)."""

    a: Setup
    b: Setup | None
    seed: int
    games: int

    def seed_of(self, index: int) -> int:
        """The seed of pair ``index`` (0-based)."""
        return self.seed + index

    def play(self, seed: int) -> dict[str, Any]:
        """Both games of ``seed``: ``{"seed", "a", "b"}`` (``b`` absent without a setup B)."""
        row = {"seed": seed, "a": play_side(self.a, seed)}
        if self.b is not None:
            row["b"] = play_side(self.b, seed)
        return row

    def load(self) -> None:
        """Load and compile both setups' packs (once per process)."""
        from clank.api import build_ruleset

        for setup in self.setups:
            build_ruleset(list(setup.packs), setup.options)

    def versions(self) -> dict[str, str]:
        """The engine's version and those of every pack either setup loads."""
        import clank
        from clank.api import build_ruleset

        out = {"engine": clank.__version__}
        for setup in self.setups:
            out.update(build_ruleset(list(setup.packs), setup.options).pack_versions)
        return out

    @property
    def setups(self) -> list[Setup]:
        """A, then B when given."""
        return [self.a] if self.b is None else [self.a, self.b]
