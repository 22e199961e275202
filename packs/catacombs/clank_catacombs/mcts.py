"""The ``mcts`` bot: information-set MCTS (``clank.plugin.IsmctsBot``) on the greedy bot.

``mcts`` (200 iterations per decision), ``mcts:N`` (N iterations) or ``mcts:Xms`` (X
milliseconds of wall time per decision). Each iteration deals the hidden information again
consistently with the seat's view (``clank.plugin.determinise``), walks the tree of the seat's
own decisions in the rest of its turn, lets the greedy bot finish the turn for everyone
(the dragon's attack at its end included), and evaluates the position:

- per seat, an estimate of its final score: the points it holds, plus, for a live seat, the
  Mastery token and the best artifact it may still take (value against the Boots between its
  pawn, the artifact's room and the Crypt), weighted by its chance to get out alive (its health
  left against the turns that walk takes and the dragon's threat: its cubes' share of the bag
  and the Clank! area, the rage track's draws, more attacks once someone is out);
- the value of a position: a logistic of its estimate minus the best other seat's.

The greedy bot's choice is the prior (``PRIOR`` of it, 0.3) and the rollout policy; playing a card from
hand (the greedy bot plays its whole hand first) is not searched. It reads the view only: the
determinisation hides from it everything the seat may not see.
"""

from __future__ import annotations

import math
from typing import Any

from clank.plugin import LIVE, Action, IsmctsBot, eligible, parse_budget, score_lines

from clank_catacombs import greedy

DEFAULT_ITERATIONS = 200
MASTERY = 20.0            # the Mastery token an escaping seat takes (E1)
BOOTS_PER_TURN = 3.0      # how far a turn's walk goes, roughly
ATTACKS_PER_TURN = 0.35   # dragon attacks per turn while nobody is out (dragon icons in the row)
SCALE = 10.0              # points of estimate difference that make a position clearly better
EXPLORE_VALUE = 8.0       # what an unexplored edge promises (an artifact, on average)
TIME_COST = 0.7          # points a Boot of walk left costs (the others get out first, the dragon grows)
DECK_WEIGHT = 0.3         # points per unit of a card's worth (the greedy bot's) early in the game
PRIOR, EXPLORATION, MARGIN = 0.3, 1.0, 0.01


class MctsBot(IsmctsBot):
    """IsmctsBot with the greedy bot as its prior and rollout policy and :func:`evaluate`."""

    def __init__(self, seed: int = 0, budget: str | int | None = None) -> None:
        self._greedy = greedy.GreedyBot(seed)
        self._graphs: dict[tuple, _Graph] = {}
        super().__init__(seed, parse_budget(budget, DEFAULT_ITERATIONS), self._greedy.choose, self._evaluate,
                         autoplay=_autoplay, prior=PRIOR, c=EXPLORATION, margin=MARGIN)

    def _evaluate(self, game, seat: int) -> float:
        key = (tuple((t.tile, t.rot) for t in game.tiles), tuple(game.covered), tuple(game.turn.flags),
               tuple(k for k, v in game.stacks.items() if v), len(game.links))
        graph = self._graphs.get(key)
        if graph is None:
            if len(self._graphs) > 256:
                self._graphs.clear()
            graph = self._graphs[key] = _Graph(game)
        return evaluate(game, seat, graph)


def _autoplay(view, action: Action) -> bool:
    """Playing a card from hand is not searched (the greedy bot plays its hand first)."""
    return action.kind == "play"


# -- the evaluation ------------------------------------------------------------------------------
def evaluate(game, seat: int, graph: _Graph | None = None) -> float:
    """The value of a whole (determinised) game for ``seat``: 0 (lost) to 1 (won)."""
    if game.over:
        win = game.winners()
        return 1.0 if seat in win and len(win) == 1 else 0.5 if seat in win else 0.0
    if graph is None:
        graph = _Graph(game)
    ests = [estimate(game, s, graph) for s in range(len(game.players))]
    mine = ests[seat]
    other = max((e for s, e in enumerate(ests) if s != seat), default=0.0)
    return 1.0 / (1.0 + math.exp(-(mine - other) / SCALE))


def estimate(game, seat: int, graph: _Graph) -> float:
    """A rough expected final score of a seat (see the module's docstring)."""
    p = game.player(seat)
    held = float(sum(v for _, v in score_lines(game, seat)))
    if p.status == LIVE:
        values = greedy._card_values(game)
        owned = (*p.deck, *p.hand, *p.play, *p.discard)
        held += DECK_WEIGHT * max(0.0, 1.0 - game.round / 12.0) * sum(values.get(c, 0.0) for c in owned)
    else:                                # escaped or knocked out: what it holds, if it scores
        return held if eligible(game, seat) else 0.0
    hp = game.health - len(p.damage)
    threat = _threat(game, seat)
    fwd = graph.forward(p.room)
    out = graph.to_exit
    if p.artifacts:
        d = out.get(p.room, 30.0)
        return (held + MASTERY) * _survive(d, hp, threat) - TIME_COST * d
    best = -TIME_COST * 60.0
    taken = set(greedy.features.taken_from(game, seat))
    tokens = game.token_defs
    for room, d_in in fwd.items():
        if room == "@open":
            value = EXPLORE_VALUE
            d_total = d_in + 4.0 + 4.0
        else:
            arts = (game.rooms.get(room) or {}).get("artifacts")
            if not arts or room in taken:
                continue
            value = float(max(tokens[a].value for a in arts))
            d_total = d_in + out.get(room, 30.0)
        e = (held + MASTERY + value) * _survive(d_total, hp, threat) - TIME_COST * d_total
        if e > best:
            best = e
    return best


def _threat(game, seat: int) -> float:
    """Expected damage per turn from the dragon."""
    bag, area = game.bag, game.clank_area
    key = str(seat)
    mine = bag.get(key, 0) + area.get(key, 0)
    total = sum(bag.values()) + sum(area.values())
    if total <= 0:
        return 0.0
    draws = game.setup["rage_track"]["draws"]
    cubes = ATTACKS_PER_TURN * float(draws[min(game.rage_space, len(draws) - 1)])
    out = sum(1 for p in game.players if p.status != "live")
    if out:                              # every turn of a seat that is out is an attack
        cubes += out * float(game.out_player_draw())
    return cubes * mine / total


def _survive(boots: float, hp: int, threat: float) -> float:
    """The chance to walk ``boots`` with ``hp`` health left under the dragon's ``threat``."""
    turns = boots / BOOTS_PER_TURN + 0.5
    margin = hp - 0.5 - turns * threat
    return 1.0 / (1.0 + math.exp(-margin / 1.2))


class _Graph:
    """The rooms of a game as a graph of Boots (damage and locks priced in), with ``@open``
    standing for every open edge worth exploring; distances to the Crypt computed once."""

    def __init__(self, game) -> None:
        geo = game.geometry
        route_cost = game.route_cost
        room_has = game.room_has
        portals = geo.portal_exits()
        edges: dict[str, list[tuple[str, float]]] = {}
        crypts = []
        for room in game.placed_rooms():
            if room_has(room, "crypt"):
                crypts.append(room)
            outs = []
            for r in geo.routes_from(room):
                cost = route_cost(r)
                if cost.against:
                    continue
                c = float(cost.boots) + 1.5 * cost.damage + (1.0 if cost.cover else 0.0)
                to = r.to
                if to[0] == "room":
                    outs.append((to[1], c))
                elif to[0] == "open" and game.stacks.get(to[5]):
                    outs.append(("@open", c))
                elif to[0] == "portal":
                    for ex in portals:
                        if ex.origin != f"portal:{r.segments[-1].tile}#{r.segments[-1].tunnel}":
                            outs.append((ex.to[1], c + 0.5))
            if game.links:
                for _key, dest, cost in game.link_routes(room):
                    outs.append((dest, float(cost.boots) + 1.5 * cost.damage))
            edges[room] = outs
        self.edges = edges
        self.to_exit = greedy.shortest(greedy.reverse(edges), dict.fromkeys(crypts, 0.0))

    def forward(self, room: str | None) -> dict[str, float]:
        """Distances from ``room`` to every room it reaches (and to ``@open``)."""
        return greedy.shortest(self.edges, {room: 0.0}) if room else {}


def factory(seed: int = 0, budget: Any = None) -> MctsBot:
    """The registered factory: ``mcts`` or ``mcts:200`` / ``mcts:50ms``."""
    return MctsBot(seed, budget)
