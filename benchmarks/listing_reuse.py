"""How much of a listing of the legal actions a kept listing could reuse (issue 10, option 2).

The random-steps workload of ``compare_catanatron.py`` (four players, the base game, a random
player: list the legal actions, apply one at random) is played, and each listing of the main
decision is taken apart into the parts :func:`clank.game.turn.legal` puts together: the plays,
each open market, the moves, the room's actions, the abilities and each pack action kind. Each
part is timed, and compared with the same part of the seat's previous listing in the same turn.

What it prints, per part: its share of the listing's time, how often it came out the same as
the part before it, and how often what the core knows the part reads (its key, below) was the
same; then the share of a step that listing takes (against applying the chosen action). A part
can be reused only when something tells that it would come out the same:

- "saved, perfect": share × same output, summed: what a listing kept from step to step could
  save with a change detector that knows exactly and costs nothing. The ceiling of option 2.
- "saved, keyed": the core's parts reused when their key is the same, the packs' parts (whose
  reads the core cannot know) as in the perfect column, detectors still free. An optimistic
  bound of a kept listing keyed on what each part reads.

The third bound pays for making the core's parts' keys (timed), the packs' still free.
Reusing a keyed part whose output differed would be wrong; those are counted ("wrong"): a key
that misses a read. Nothing here changes the engine; a check that the parts put together are
exactly the listing guards the mirror.

    python benchmarks/listing_reuse.py --steps 20000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from clank import new_game
from clank.game import markets, movement, turn

PACKS = ["catacombs"]
PLAYERS = 4


def parts(game: Any) -> list[tuple[str, list[Any], float]]:
    """The main decision's listing taken apart as :func:`turn.legal` builds it (no tile waiting
    for its orientation): (part name, its actions, the seconds it took)."""
    st = game.state
    seat = st.current
    p = st.players[seat]
    rs = game.ruleset
    clock = time.perf_counter
    out: list[tuple[str, list[Any], float]] = []
    t = clock()
    plays = list(dict.fromkeys(map(rs.play_actions.__getitem__, p.hand))) if p.hand else []
    out.append(("plays", plays, clock() - t))
    for market, _ in rs.open_market_appliers:
        t = clock()
        found = markets.scan(game, seat, market, None)
        out.append((f"market {market.name}", list(found), clock() - t))
    t = clock()
    moves = movement.legal_moves(game, seat)
    out.append(("moves", moves, clock() - t))
    t = clock()
    room = turn.room_actions(game, seat) if p.room is not None else []
    out.append(("room actions", room, clock() - t))
    t = clock()
    abilities = turn.abilities(game, seat) if p.play and not rs.ability_cards.isdisjoint(p.play) else []
    out.append(("abilities", abilities, clock() - t))
    for kind in rs.action_kinds:
        t = clock()
        found = kind.enumerate(game, seat)
        out.append((f"kind {kind.name}", list(found), clock() - t))
    return out


def keys(game: Any) -> dict[str, tuple[Any, ...]]:
    """What the core's own parts read, as far as the core knows (the packs' modifiers and
    conditions may read more): the hand for the plays; the row or the reserve, the pool and the
    turn's flags for the two core markets; the room, the resources a move spends, the
    teleports, the flags, the placed tiles and the damage for the moves."""
    st = game.state
    p = st.players[st.current]
    pool = tuple(sorted(p.pool.items()))
    flags = tuple(sorted(st.turn.flags))
    return {
        "plays": tuple(p.hand),
        "market row": (tuple(st.row), pool, flags),
        "market reserve": (tuple(st.reserve.items()), pool, flags),
        "moves": (p.room, p.pool.get("boots", 0), p.pool.get("swords", 0), p.pool.get("lockpicks", 0),
                  tuple(p.teleports), flags, len(st.tiles), len(p.damage)),
    }


def measure(steps: int, seed: int) -> dict[str, dict[str, Any]]:
    """Play ``steps`` random steps; per part: seconds spent, listings, listings equal to the
    seat's previous one in the same turn, listings whose key was (and of those, whose output
    was not)."""
    rng = random.Random(seed)
    spent: dict[str, float] = defaultdict(float)
    listed: dict[str, int] = defaultdict(int)
    same: dict[str, int] = defaultdict(int)
    keyed: dict[str, int] = defaultdict(int)
    wrong: dict[str, int] = defaultdict(int)
    applying = keying = 0.0
    keyed_parts: set[str] = set()         # the parts keys() gives a key
    done = 0
    game_seed = seed
    while done < steps:
        game = new_game(PACKS, PLAYERS, game_seed)
        before: dict[str, list[Any]] = {}
        key_before: dict[str, tuple[Any, ...]] = {}
        turn_of_before = -1
        while not game.over and done < steps:
            st = game.state
            if st.decision is None:
                taken = parts(game)
                listing = [a for _, acts, _ in taken for a in acts]
                if not st.players[st.current].hand:
                    listing.append(turn.END)
                assert listing == game.legal_actions(), "the parts are no longer what legal() lists"
                if st.turn_no != turn_of_before:
                    before, key_before, turn_of_before = {}, {}, st.turn_no
                t = time.perf_counter()
                now = keys(game)
                keying += time.perf_counter() - t
                keyed_parts.update(now)
                for name, acts, seconds in taken:
                    spent[name] += seconds
                    listed[name] += 1
                    if before.get(name) == acts:
                        same[name] += 1
                    if name in now and key_before.get(name) == now[name]:
                        keyed[name] += 1
                        wrong[name] += before[name] != acts
                    before[name] = acts
                key_before = now
            action = rng.choice(game.legal_actions())     # listed (and kept) before the clock starts
            t = time.perf_counter()
            game.apply(action)
            applying += time.perf_counter() - t
            done += 1
        game_seed += 1
    figures = {name: {"seconds": spent[name], "listed": listed[name], "same": same[name],
                      "keyed": keyed[name] if name in keyed_parts else None, "wrong": wrong[name]}
               for name in spent}
    figures[APPLY] = {"seconds": applying}
    figures[KEYING] = {"seconds": keying}
    return figures


APPLY, KEYING = "applying", "keying"
"""The keys of :func:`measure`'s figures that hold the seconds spent applying the actions (of
the main decision and of every other decision alike) and making the core's parts' keys."""


def report(figures: dict[str, dict[str, Any]]) -> tuple[float, float]:
    """Print each part's share of the listing's time, how often it repeated and how often its
    key did, and what listing is of a step; return the share of the listing saved at most,
    perfect and keyed."""
    applying, keying = figures[APPLY]["seconds"], figures[KEYING]["seconds"]
    figures = {name: f for name, f in figures.items() if name not in (APPLY, KEYING)}
    total = sum(f["seconds"] for f in figures.values())
    perfect = keyed = 0.0
    print(f"{'part':<16} {'time share':>10} {'same output':>12} {'same key':>9} {'wrong':>6} "
          f"{'saved, perfect':>15} {'saved, keyed':>13}")
    for name, f in sorted(figures.items(), key=lambda kv: -kv[1]["seconds"]):
        share = f["seconds"] / total
        repeat = f["same"] / f["listed"]
        by_key = repeat if f["keyed"] is None else (f["keyed"] - f["wrong"]) / f["listed"]
        perfect += share * repeat
        keyed += share * by_key
        key_text = "-" if f["keyed"] is None else f"{f['keyed'] / f['listed']:.1%}"
        print(f"{name:<16} {share:>10.1%} {repeat:>12.1%} {key_text:>9} {f['wrong']:>6} "
              f"{share * repeat:>15.1%} {share * by_key:>13.1%}")
    checked = keyed - keying / total
    print(f"a listing kept from step to step saves at most {perfect:.1%} of listing with a perfect, free "
          f"detector; {keyed:.1%} keyed on what the core's parts read, {checked:.1%} once making those "
          f"keys is paid ({keying / total:.1%} of listing; the packs' parts' keys still free)")
    share = total / (total + applying)
    print(f"listing the main decision's actions is {share:.1%} of a step here (the rest: applying); a kept "
          f"listing makes a step at most {1 / (1 - share * perfect):.2f}x faster (perfect), "
          f"{1 / (1 - share * keyed):.2f}x (keyed), {1 / (1 - share * checked):.2f}x (keyed, keys paid)")
    return perfect, keyed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report(measure(args.steps, args.seed))


if __name__ == "__main__":
    main()
