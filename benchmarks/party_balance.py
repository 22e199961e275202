"""Balance figures of the Adventuring Party pack (issue 8; expansions-design.md 7), measured on
the games ``clank simulate`` plays (same seeds, same bot seeding):

    python benchmarks/party_balance.py --players 6 --games 1000 --seed 1
    python benchmarks/party_balance.py --players 4 --games 600 --seed 1 -o characters=on

prints mean rounds, aborted games, games that ended because the dungeon deck could not refill
the row, React and Arrive Choice totals (and the games where each happened), the characters'
power counters, and with characters each character's games, wins and win rate.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from clank.api import new_game
from clank_cli.seats import assign_seats, make_bots, parse_options
from clank_cli.simulate import MAX_ACTIONS

DECK_OUT = "The dungeon deck cannot refill the row"
POWERS = ("conscriptions", "find_rewards", "carnage_advances", "spells_cast", "behaviour_flips",
          "forced_attacks", "cogwheels_removed")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--packs", default="catacombs,party")
    ap.add_argument("-o", "--option", action="append", default=[])
    args = ap.parse_args(argv)
    options = parse_options(args.option)
    packs = args.packs.split(",")
    rounds, aborted, deck_out = [], 0, 0
    stats: Counter = Counter()
    games_with: Counter = Counter()
    char_games: Counter = Counter()
    char_wins: Counter = Counter()
    for i in range(args.games):
        seed = args.seed + i
        game = new_game(packs, args.players, seed, options)
        seats = assign_seats(args.players, 0, [args.bot])
        bots = make_bots(game, seats)
        steps = 0
        while not game.over:
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat)))
            steps += 1
            if steps > MAX_ACTIONS:
                raise RuntimeError(f"seed {seed} did not end")
        rounds.append(game.state.round)
        aborted += game.state.aborted
        deck_out += any(line.startswith(DECK_OUT) for line in game.log)
        per_game: Counter = Counter()
        for p in game.state.players:
            per_game.update({k: v for k, v in p.stats.items() if k in ("react_plays", "arrive_choices", *POWERS)})
        stats.update(per_game)
        games_with.update({k: 1 for k, v in per_game.items() if v})
        winners = game.winners() if any(s["total"] > 0 for s in game.scores()) else []
        for p in game.state.players:
            cid = p.ext.get("party", {}).get("character")
            if cid:
                char_games[cid] += 1
                char_wins[cid] += p.seat in winners
    n = args.games
    print(f"{n} games, {args.players} players, packs {args.packs}, options {options}, bot {args.bot}, seed {args.seed}")
    print(f"mean rounds {statistics.fmean(rounds):.2f}; aborted {aborted}; "
          f"ended by the dungeon deck {deck_out} ({deck_out / n:.1%})")
    for key in ("react_plays", "arrive_choices", *POWERS):
        if stats[key] or key in ("react_plays", "arrive_choices"):
            print(f"  {key}: {stats[key]} in all, in {games_with[key]} games ({games_with[key] / n:.1%})")
    for cid in sorted(char_games):
        print(f"  {cid:10s} games {char_games[cid]:4d}  wins {char_wins[cid]:4d}  "
              f"win rate {char_wins[cid] / char_games[cid]:.1%}")


if __name__ == "__main__":
    main()
