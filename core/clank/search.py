"""Search bots: determinisations of a seat's view, and information-set MCTS over them.

A search bot receives what every bot receives, one seat's :class:`~clank.game.view.SeatView`,
and must not use what that seat may not see. :func:`determinise` turns the view into a whole
game the seat could be in: a copy of the game in which every hidden thing is dealt again at
random among the places the seat cannot tell apart (the perfect-recall assumption: a seat
knows *which* cards, tokens and tiles are hidden, from the public events it saw, but not
*where* each one is):

- its own deck's order;
- each other seat's hand and deck, dealt again from their cards together (the hand keeps its size);
- tokens other seats hold face down (``hidden: true``), mixed with the face-down tokens of the
  pool they come from;
- the dungeon deck's order;
- the tile stacks and the tiles removed unseen, mixed among tiles of the same source stack
  (the back of a tile shows its stack);
- every token pool's order;
- the random generator (so the dragon's draws from the bag, whose total is public, differ);
- what packs hide with the ``view`` and ``player_view`` modifiers: they deal it again with
  the ``determinise`` modifier (``fn(game, state, seat=, rng=) -> state``, the state of the
  copy, changed in place; one that moves tiles calls ``game.tiles_changed()``).

Each hidden group is put in a canonical (sorted) order before it is shuffled, so a
determinisation is a function of the view, those groups' contents and the seed: two games that
differ only in where hidden things are give the same determinisations.

:class:`IsmctsBot` is single-observer information-set Monte Carlo tree search: each iteration
draws a determinisation, walks a tree of the deciding seat's own decisions (other seats decide
by a policy), rolls out with that policy until a horizon of turns, and scores the position with
an evaluation. Packs supply the policy, the evaluation and which decisions are not worth a
search; the base pack registers the ``mcts`` bot built on its greedy bot.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from clank.actions import Action
from clank.rng import Rng, next_u64, seed_state

if TYPE_CHECKING:
    from clank.game.engine import Game
    from clank.game.view import SeatView

DETERMINISE = "determinise"
"""The modifiable value through which packs deal their own hidden data again."""


class _Holder:
    __slots__ = ("rng",)

    def __init__(self, state: int) -> None:
        self.rng = state


def determinise(view: SeatView, seed: int) -> Game:
    """A whole game consistent with what ``view``'s seat may know, its hidden information
    dealt again at random from ``seed`` (see the module's docstring for what is dealt again).

    The copy is independent of the game (a :meth:`~clank.game.engine.Game.clone`, about 60 µs),
    so a search may play it to any depth. ``view.seat`` None (a spectator) treats every hand
    as hidden.
    """
    game = view._game                    # the core's own access: the bot never holds the game
    seat = view.seat
    copy = game.clone()
    st = copy.state
    rng = Rng(_Holder(seed_state(seed)))

    def deal(items: list) -> None:
        items.sort()
        rng.shuffle(items)

    def deal_among(spots: list[tuple[list[str], int]]) -> None:
        """Deal again what lies at these places (each a list and an index in it) among them."""
        ids = [where[i] for where, i in spots]
        deal(ids)
        for (where, i), item in zip(spots, ids, strict=True):
            where[i] = item

    tokens = copy.ruleset.tokens
    # tokens held face down by others go back among the pools they came from
    hidden: dict[str, list[tuple[list[str], int]]] = {}
    for p in st.players:
        if p.seat == seat:
            deal(p.deck)
            continue
        cards = p.hand + p.deck
        deal(cards)
        n = len(p.hand)
        p.hand[:] = cards[:n]
        p.deck[:] = cards[n:]
        for i, t in enumerate(p.tokens):
            tdef = tokens.get(t)
            if tdef is not None and tdef.hidden:
                hidden.setdefault(tdef.pool, []).append((p.tokens, i))
    for pool, spread in sorted(hidden.items()):
        unseen = st.pools.get(pool, [])         # face-down tokens only: a face-up one would show
        deal_among(spread + [(unseen, i) for i, t in enumerate(unseen) if tokens[t].hidden])
    for name in sorted(st.pools):
        deal(st.pools[name])
    deal(st.dungeon_deck)
    # tiles: the stacks and the removed tiles, mixed among tiles of the same source stack
    tiles = copy.ruleset.tiles
    places: dict[str, list[tuple[list[str], int]]] = {}
    for name in sorted(st.stacks):
        stack = st.stacks[name]
        for i, t in enumerate(stack):
            places.setdefault(str(getattr(tiles.get(t), "stack", "")), []).append((stack, i))
    for i, t in enumerate(st.removed_tiles):
        places.setdefault(str(getattr(tiles.get(t), "stack", "")), []).append((st.removed_tiles, i))
    for _back, spots in sorted(places.items()):
        deal_among(spots)
    st.rng = seed_state(rng.below(1 << 62))
    copy.modify(DETERMINISE, st, seat=seat, rng=rng)
    copy._legal = None                   # the tiles did not move: their connectivity stays
    return copy


# -- budgets -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Budget:
    """How much a search may spend per decision: ``iterations``, or ``ms`` of wall time."""

    iterations: int = 0
    ms: float = 0.0

    def __str__(self) -> str:
        return f"{self.ms:g}ms" if self.ms else str(self.iterations)


def parse_budget(text: str | int | None, default: int = 200) -> Budget:
    """``"200"`` → 200 iterations, ``"50ms"`` → 50 milliseconds per decision (``None``: the
    default iterations). Raises ``ValueError`` on anything else."""
    if text is None or text == "":
        return Budget(iterations=default)
    s = str(text).strip().lower()
    try:
        if s.endswith("ms"):
            ms = float(s[:-2])
            if ms > 0 and math.isfinite(ms):
                return Budget(ms=ms)
        else:
            n = int(s)
            if n > 0:
                return Budget(iterations=n)
    except ValueError:
        pass
    raise ValueError(f"a search budget is a number of iterations (200) or of milliseconds (50ms), not {text!r}")


# -- the search ----------------------------------------------------------------------------------
class _Edge:
    __slots__ = ("n", "w", "avail", "prior", "child")

    def __init__(self, prior: float) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.prior = prior
        self.child: _Node | None = None


class _Node:
    __slots__ = ("edges", "n", "w")

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}
        self.n = 0
        self.w = 0.0


Policy = Callable[[Any], Action]
"""``policy(view) -> Action``: a fast bot's choice for the deciding seat of a view."""
Evaluate = Callable[[Any, int], float]
"""``evaluate(game, seat) -> float``: how good a (determinised, whole) game is for ``seat``,
from 0 (lost) to 1 (won)."""


class IsmctsBot:
    """Single-observer information-set MCTS for one seat (a bot: ``choose(view) -> Action``).

    Parameters:
    - ``seed``: the bot's seed; determinisations and nothing else are drawn from it, so the
      same seed and the same views give the same choices (with an iteration budget);
    - ``budget``: a :class:`Budget` (iterations, or milliseconds per decision);
    - ``policy``: the prior and the rollout policy (other seats decide by it everywhere);
    - ``evaluate``: the value of the position where a rollout stops;
    - ``autoplay(view, action) -> bool``: the policy's ``action`` is taken without a search
      (decisions that are not worth one); a decision with one legal action is never searched;
    - ``horizon``: rollouts stop once this many turns have ended after the decision's turn
      (1: at the end of the current turn, the dragon's attack included) or the game ends;
    - ``prior``: the share of the prior the policy's own choice gets (the rest is spread over
      the other actions); ``c``: the exploration constant (PUCT);
    - ``margin``: None, the most visited action is chosen; a number, the policy's own choice is
      kept unless an action visited at least ``min_share`` of the iterations has a mean value
      above it by more than ``margin`` (the best such action is then chosen).

    Each iteration: :func:`determinise` the view, walk the tree of this seat's decisions
    (PUCT over the actions available in that determinisation, each counted as available),
    expand one action, roll out with the policy, evaluate, back up. The most visited action
    of the root is chosen (or see ``margin``). ``stats`` counts decisions, searched decisions,
    iterations and search time.
    """

    def __init__(self, seed: int, budget: Budget, policy: Policy, evaluate: Evaluate, *,
                 autoplay: Callable[[Any, Action], bool] | None = None, horizon: int = 1,
                 prior: float = 0.5, c: float = 1.4, margin: float | None = None, min_share: float = 0.05,
                 max_steps: int = 400) -> None:
        self.rng = seed_state(seed)
        self.budget = budget
        self.policy = policy
        self.evaluate = evaluate
        self.autoplay = autoplay
        self.horizon = horizon
        self.prior = prior
        self.c = c
        self.margin = margin
        self.min_share = min_share
        self.max_steps = max_steps
        self.stats = {"decisions": 0, "searched": 0, "iterations": 0, "seconds": 0.0}
        self.last_iterations = 0

    def _seed(self) -> int:
        self.rng, v = next_u64(self.rng)
        return v

    def choose(self, view: SeatView) -> Action:
        """The action for the deciding seat of ``view``."""
        steps = self.steps(view)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def steps(self, view: SeatView) -> Generator[int, None, Action]:
        """:meth:`choose` one iteration at a time: a generator that yields the iterations done
        so far after each one and returns the chosen action (``StopIteration.value``).

        A caller that runs several searches in one process advances each in turn (a slice of
        iterations at a time), and drops a search it no longer needs by not advancing it: the
        same seed and views give the same choice however the iterations are spread (with an
        iteration budget; a time budget counts wall time from the first step)."""
        self.stats["decisions"] += 1
        self.last_iterations = 0
        acts = view.legal_actions()
        if len(acts) == 1:
            return acts[0]
        first = self.policy(view)
        if self.autoplay is not None and self.autoplay(view, first):
            return first
        started = time.perf_counter()
        root = _Node()
        seat = view.seat
        assert seat is not None            # a bot decides for a seat (a spectator's view decides nothing)
        turn0 = view._game.state.turn_no
        deadline = started + self.budget.ms / 1000.0 if self.budget.ms else 0.0
        n = 0
        while True:
            self._iterate(view, root, seat, turn0)
            n += 1
            if deadline:
                if time.perf_counter() >= deadline:
                    break
            elif n >= self.budget.iterations:
                break
            yield n
        self.last_iterations = n
        self.stats["searched"] += 1
        self.stats["iterations"] += n
        self.stats["seconds"] += time.perf_counter() - started
        return self._final(root, acts, first, n)

    def _final(self, root: _Node, acts: list[Action], first: Action, n: int) -> Action:
        edges = root.edges
        if self.margin is None:
            best = first
            best_key = (edges[first].n, 1) if first in edges else (-1, 1)
            for a in acts:
                e = edges.get(a)
                if e is not None and (e.n, 0) > best_key:
                    best, best_key = a, (e.n, 0)
            return best
        own = edges.get(first)
        bar = (own.w / own.n if own is not None and own.n else 0.0) + self.margin
        need = max(2, int(self.min_share * n))
        best = first
        for a in acts:
            e = edges.get(a)
            if e is not None and e.n >= need and e.w / e.n > bar:
                best, bar = a, e.w / e.n
        return best

    def _iterate(self, view: SeatView, root: _Node, seat: int, turn0: int) -> None:
        game = determinise(view, self._seed())
        stop_turn = turn0 + self.horizon
        st = game.state
        policy = self.policy
        node: _Node | None = root
        path: list[tuple[_Node, _Edge]] = []
        steps = 0
        while not st.over and st.turn_no < stop_turn and steps < self.max_steps:
            steps += 1
            who = game.current_player
            acts = game.legal_actions()
            if len(acts) == 1:
                game.apply(acts[0])
                continue
            v = game.view(who)
            choice = policy(v)
            if who != seat or node is None or (self.autoplay is not None and self.autoplay(v, choice)):
                game.apply(choice)
                continue
            action, edge = self._select(node, acts, choice)
            path.append((node, edge))
            game.apply(action)
            if edge.n == 0:
                node = None                  # expanded: the rest is the rollout
            else:
                if edge.child is None:
                    edge.child = _Node()
                node = edge.child
        value = self.evaluate(game, seat)
        for nd, e in path:
            nd.n += 1
            nd.w += value
            e.n += 1
            e.w += value

    def _select(self, node: _Node, acts: list[Action], choice: Action) -> tuple[Action, _Edge]:
        edges = node.edges
        rest = (1.0 - self.prior) / (len(acts) - 1)
        fpu = node.w / node.n if node.n else 0.5
        best: tuple[Action, _Edge] | None = None
        best_score = -1e18
        c = self.c
        for a in acts:
            e = edges.get(a)
            if e is None:
                e = edges[a] = _Edge(self.prior if a == choice else rest)
            e.avail += 1
            q = e.w / e.n if e.n else fpu
            score = q + c * e.prior * math.sqrt(e.avail) / (1 + e.n)
            if score > best_score:
                best, best_score = (a, e), score
        assert best is not None
        return best
