"""A small learning agent for ``clank.rl``, NumPy only: a linear softmax policy over per-action
features, trained with REINFORCE against the ``random`` bot (docs/rl.md).

    python examples/rl_linear_agent.py                       # train 300 games, then play 200
    python examples/rl_linear_agent.py --train 300 --games 200 --seed 1 --save linear.npz
    python examples/rl_linear_agent.py --load linear.npz --games 200      # play a saved policy

Each legal action is described by a few numbers read from the learner's view: the action's
word in its context (its block of the action layout: turn:play, turn:buy, turn:move, choose:option
...), and for an action that moves
the pawn, the Swords it spends on monsters, how much closer it brings the pawn to the nearest room showing each room feature the
packs register (an artifact room, the exit ...), and which features the destination shows.
Every number is given twice, once while the learner holds no artifact and once while it holds
one, so one weight can pull toward artifacts and another toward the way out. The policy picks
an action with probability proportional to ``exp(theta . features)``; after each game every
choice it made is pushed toward or away by the final reward (+1 win, -1 loss, 0 tie) minus the
average reward so far. ``--save`` writes the weights with the layout they were trained on
(``rl.save_policy``); ``--load`` reads them back, refused by an environment of another layout.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from typing import Any

import numpy as np
from clank import rl

MOVES = ("move", "portal", "teleport")
FAR = 8
"""Distances are counted in tunnels and capped here (a room not on the map yet is this far)."""


class ActionFeatures:
    """Per-action features of the learner's legal actions (one row per action)."""

    def __init__(self, env: Any) -> None:
        table = env.unwrapped.table
        self.layout = table.actions
        self.words = sorted({word_of(b) for b in self.layout.blocks})
        self.word_at = {w: i for i, w in enumerate(self.words)}
        self.features = list(table.encoder.names["features"])
        w, f = len(self.words), len(self.features)
        self.half = w + 2 * f + 1
        self.size = 2 * self.half
        self._distances: tuple[Any, dict[str, dict[str, int]]] | None = None

    def _distance_table(self, view: Any) -> dict[str, dict[str, int]]:
        """For each room feature: tunnels from every placed room to the nearest room showing it
        (breadth first over the placed tunnels, both ways), kept while the map is unchanged."""
        geometry = view.geometry
        if self._distances is not None and self._distances[0] is geometry:
            return self._distances[1]
        rooms = view.placed_rooms()
        links: dict[str, set[str]] = {r: set() for r in rooms}
        for room in rooms:
            for route in geometry.routes_from(room):
                if route.to[0] == "room" and route.to[1] in links:
                    links[room].add(route.to[1])
                    links[route.to[1]].add(room)
        table: dict[str, dict[str, int]] = {}
        for feature in self.features:
            frontier = deque(r for r in rooms if any(f == feature for f, _ in view.room_features(r)))
            dist = {r: 0 for r in frontier}
            while frontier:
                room = frontier.popleft()
                for nxt in links[room]:
                    if nxt not in dist:
                        dist[nxt] = dist[room] + 1
                        frontier.append(nxt)
            table[feature] = dist
        self._distances = (geometry, table)
        return table

    def destinations(self, view: Any) -> dict[str, str]:
        """Where each tunnel leaving the learner's room leads (route key -> room)."""
        room = view.me.room
        if room is None:
            return {}
        out = {r.segments[0].key: r.to[1] for r in view.geometry.routes_from(room) if r.to[0] == "room"}
        for r in view.geometry.portal_exits():
            out.setdefault(r.segments[0].key, r.to[1])
        return out

    def __call__(self, env: Any, legal: list[int]) -> np.ndarray:
        inner = env.unwrapped
        view = inner.game.view(inner.learner)
        out = np.zeros((len(legal), self.size))
        base = self.half if view.me.artifacts else 0
        actions = inner.table.legal
        moving = any(actions[i].kind in MOVES for i in legal)
        table = self._distance_table(view) if moving else {}
        here = view.me.room
        dest_of = self.destinations(view) if moving else {}
        nwords = len(self.words)
        for row, index in enumerate(legal):
            out[row, base + self.word_at[word_of(self.layout.block_of(index))]] = 1.0
            action = actions[index]
            if action.kind in ("move", "portal", "orient") and action.args[-1].isdigit():
                out[row, base + self.half - 1] = int(action.args[-1]) / 3      # Swords spent on monsters
            if action.kind not in MOVES:
                continue
            dest = action.args[1] if action.kind == "teleport" else dest_of.get(action.args[1 if action.kind == "portal" else 0])
            if dest is None:
                continue
            for j, feature in enumerate(self.features):
                dist = table[feature]
                before, after = min(dist.get(here, FAR), FAR), min(dist.get(dest, FAR), FAR)
                out[row, base + nwords + j] = before - after
                out[row, base + nwords + len(self.features) + j] = 1.0 if after == 0 else 0.0
        return out


def word_of(block: Any) -> str:
    """An index's word in its context (``turn:play``, ``choose:option``, ``pick:spare``)."""
    return f"{block.context}:{block.word or 'spare'}"


def softmax(logits: np.ndarray) -> np.ndarray:
    z = np.exp(logits - logits.max())
    return z / z.sum()


def play(env: Any, feats: ActionFeatures, theta: np.ndarray, seed: int, rng: np.random.Generator,
         greedy: bool) -> tuple[float, list[tuple[np.ndarray, int]]]:
    """One game: the final reward and every (features, chosen row) of a decision with a choice."""
    obs, info = env.reset(seed=seed)
    choices: list[tuple[np.ndarray, int]] = []
    reward, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"]).tolist()
        if len(legal) == 1:
            pick = 0
        else:
            phi = feats(env, legal)
            logits = phi @ theta
            pick = int(np.argmax(logits)) if greedy else int(rng.choice(len(legal), p=softmax(logits)))
            choices.append((phi, pick))
        obs, reward, terminated, truncated, info = env.step(legal[pick])
        done = terminated or truncated
    return reward, choices


def train(games: int, seed: int = 1, lr: float = 3.0, packs: str = "catacombs", opponent: str = "random",
          env_seed: int = 10_000) -> np.ndarray:
    """REINFORCE with an average-reward baseline over ``games`` games (seeds ``env_seed`` on)."""
    env = rl.gym_env(packs, players=2, opponents=opponent)
    feats = ActionFeatures(env)
    theta = np.zeros(feats.size)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for i in range(games):
        reward, choices = play(env, feats, theta, env_seed + i, rng, greedy=False)
        advantage = reward - baseline
        baseline += (reward - baseline) / (i + 1)
        grad = np.zeros_like(theta)
        for phi, pick in choices:
            grad += phi[pick] - softmax(phi @ theta) @ phi
        theta += lr * advantage * grad / max(1, len(choices))
    return theta


def evaluate(theta: np.ndarray, games: int, packs: str = "catacombs", opponent: str = "random",
             first_seed: int = 1) -> dict[str, int]:
    """Play ``games`` games (seeds ``first_seed`` on, never those of training), greedy on the policy."""
    env = rl.gym_env(packs, players=2, opponents=opponent)
    feats = ActionFeatures(env)
    rng = np.random.default_rng(0)
    out = {"wins": 0, "losses": 0, "ties": 0}
    for i in range(games):
        reward, _ = play(env, feats, theta, first_seed + i, rng, greedy=True)
        out["wins" if reward > 0 else "losses" if reward < 0 else "ties"] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", type=int, default=300, help="training games")
    ap.add_argument("--games", type=int, default=200, help="evaluation games against the bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--packs", default="catacombs")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--save", help="write the trained weights with their layout (an .npz file)")
    ap.add_argument("--load", help="play weights saved by --save instead of training")
    args = ap.parse_args()
    env = rl.gym_env(args.packs, players=2, opponents=args.opponent)
    start = time.perf_counter()
    if args.load:
        try:
            theta = rl.load_policy(args.load, env)["theta"]
        except rl.LayoutMismatch as refused:                 # saved on another layout: say what changed
            raise SystemExit(f"error: {refused}") from None
        how = f"loaded from {args.load}"
    else:
        theta = train(args.train, args.seed, packs=args.packs, opponent=args.opponent)
        how = f"trained on {args.train} games in {time.perf_counter() - start:.0f} s"
    if args.save:
        print(f"saved to {rl.save_policy(args.save, env, {'theta': theta})}")
    result = evaluate(theta, args.games, args.packs, args.opponent)
    print(f"{how}; against {args.opponent} over {args.games} games: "
          f"{result['wins']} wins, {result['ties']} ties, {result['losses']} losses "
          f"(win rate {result['wins'] / args.games:.1%})")


if __name__ == "__main__":
    main()
