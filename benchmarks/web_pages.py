"""Benchmark: what the web table's pages cost to build, in the process, without a server.

It plays ``--games`` two-player games at once (seeds ``seed ..``, every seat the engine's
``random`` bot, as ``benchmarks/web_load.py`` plays them), one action of each game in turn as a
closed loop of a server interleaves them, and after each action builds the state message of
every seat (:class:`clank_web.present.Pages`, the server's own code) in ``--mode html`` (the
browser's: the table's parts as changes) or ``data`` (programs'). It prints the CPU an action
that building took (the figure to compare between two versions of the table's code) and a
digest of every message every seat received: a change that must not change what the pages
receive leaves the digest as it was.

    python benchmarks/web_pages.py --games 100 --mode html
    python benchmarks/web_pages.py --games 100 --mode data
    python benchmarks/web_pages.py --games 10 --profile pages.prof   # cProfile of the building only
    python benchmarks/web_pages.py --games 100 --server-gc          # the collector tuned as a server tunes it

The CPU an action includes the cyclic garbage collector's pauses that fall while the messages are
built; with Python's thresholds (the default here) they are a sixth of it or so, while a server
process raises them (``clank_web.serve.tune_gc``): ``--server-gc`` does the same, for the figure
a server pays.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import time
from dataclasses import dataclass, field
from typing import Any

from clank.api import bot_seed, new_game
from clank_web.present import Pages
from clank_web.storage import StoredSeat

PLAYERS = 2


@dataclass
class Table:
    """What :class:`~clank_web.present.Pages` reads of a game room (``clank_web.tables.GameRoom``)."""

    game: Any
    seats: list[StoredSeat]
    id: str
    version: int = 0
    stopped: str | None = None
    state_cache: dict[Any, Any] = field(default_factory=dict)
    pages: Pages = field(default_factory=Pages)


def run(games: int, seed: int, mode: str, profile: cProfile.Profile | None = None) -> tuple[int, float, str]:
    """Play the games; (actions, CPU seconds building the messages, digest of every message)."""
    tables, bots, digests = [], [], []
    for s in range(seed, seed + games):
        game = new_game(["catacombs"], PLAYERS, s, {})
        table = Table(game, [StoredSeat(p, "human") for p in range(PLAYERS)], f"g{s}")
        digest = hashlib.sha256()
        for seat in range(PLAYERS):                       # each page joins: the whole table
            digest.update(table.pages.payload(table, seat, mode).encode())
        tables.append(table)
        bots.append([game.ruleset.registry.make_bot("random", bot_seed(s, p)) for p in range(PLAYERS)])
        digests.append(digest)
    actions, cpu = 0, 0.0
    going = list(range(games))
    while going:
        for i in going:
            table = tables[i]
            decider = table.game.current_player
            table.game.apply(bots[i][decider].choose(table.game.view(decider)))
            table.version += 1
            actions += 1
            start = time.process_time()
            if profile is not None:
                profile.enable()
            table.state_cache.clear()                     # as the room does at each change
            texts = [table.pages.update(table, seat, mode) for seat in range(PLAYERS)]
            if profile is not None:
                profile.disable()
            cpu += time.process_time() - start
            for text in texts:
                digests[i].update(text.encode())
        going = [i for i in going if not tables[i].game.over]
    whole = hashlib.sha256(b"".join(d.digest() for d in digests)).hexdigest()
    return actions, cpu, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("html", "data"), default="html")
    parser.add_argument("--profile", default=None, metavar="FILE", help="write a cProfile of the building to FILE")
    parser.add_argument("--server-gc", action="store_true",
                        help="tune the garbage collector as a server process does (clank_web.serve.tune_gc)")
    args = parser.parse_args()
    if args.server_gc:
        from clank_web.serve import tune_gc

        tune_gc()
    profile = cProfile.Profile() if args.profile else None
    actions, cpu, digest = run(args.games, args.seed, args.mode, profile)
    gc_words = ", the collector tuned as a server's" if args.server_gc else ""
    print(f"{args.games} games, {actions} actions, mode {args.mode}{gc_words}: {cpu / actions * 1000:.3f} ms CPU an action "
          f"building every seat's message; digest of every message {digest[:16]}")
    if profile is not None:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
