"""A fingerprint of how the engine plays: one hash over a fixed set of games, for checking that a
change meant to be only faster (a cache, a compiled build) plays exactly as before.

Each configuration is a game of given packs, seats, seed and bot (``random``: a seeded choice
among the legal actions; ``greedy``: the catacombs pack's bot) played to its end. The hash takes
in, at every step, the seat to act and each legal action's text, then the history, the log and
the final state's JSON. Run it before and after a change, or in two environments (a pure and a
compiled build), and compare the last line::

    python benchmarks/fingerprint.py            # one line per configuration, then the total
    python benchmarks/fingerprint.py --total    # the total only

It prints figures and asserts nothing; ``compare_catanatron.py --compiled`` refuses to measure a
compiled build whose fingerprint differs from the pure one.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

from clank import new_game

# packs, seats, seed, bot: every pack of this repository, alone and together, 2 to 6 seats
CONFIGS: list[tuple[tuple[str, ...], int, int, str]] = [
    (("catacombs",), 4, 1, "random"),
    (("catacombs",), 2, 2, "greedy"),
    (("catacombs",), 4, 3, "greedy"),
    (("catacombs", "underworld"), 3, 4, "random"),
    (("catacombs", "underworld"), 4, 5, "greedy"),
    (("catacombs", "party"), 5, 6, "random"),
    (("catacombs", "party"), 6, 7, "greedy"),
    (("catacombs", "underworld", "party"), 6, 8, "random"),
]

STEP_LIMIT = 5000   # a random game that has not ended by then is fingerprinted where it stands


def play(packs: tuple[str, ...], seats: int, seed: int, bot: str) -> tuple[str, int]:
    """The hex digest of one configuration's game, and the number of steps it took."""
    game = new_game(list(packs), seats, seed)
    digest = hashlib.sha256()
    rng = random.Random(seed)
    bots: list[Any] = []
    if bot != "random":
        factory = game.ruleset.registry.bots[bot].factory
        bots = [factory(seed * 16 + seat) for seat in range(seats)]
    steps = 0
    while not game.over and steps < STEP_LIMIT:
        seat = game.current_player
        legal = game.legal_actions()
        digest.update(f"{seat}|{'|'.join(map(str, legal))}\n".encode())
        game.apply(rng.choice(legal) if bot == "random" else bots[seat].choose(game.view(seat)))
        steps += 1
    digest.update("\n".join(game.state.history).encode())
    digest.update("\n".join(game.log).encode())
    digest.update(game.to_json().encode())
    return digest.hexdigest(), steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--total", action="store_true", help="print the total hash only")
    args = ap.parse_args()
    total = hashlib.sha256()
    for config in CONFIGS:
        digest, steps = play(*config)
        total.update(digest.encode())
        if not args.total:
            packs, seats, seed, bot = config
            print(f"{'+'.join(packs):28} {seats} seats seed {seed} {bot:6} {steps:5} steps {digest[:16]}")
    print(total.hexdigest())


if __name__ == "__main__":
    main()
