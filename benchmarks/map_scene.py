"""Benchmark: what the web table's map costs an action, alone.

It plays the games ``benchmarks/web_pages.py`` plays (``--games`` games of ``random`` bots, seeds
``seed ..``, one action of each game in turn) and after each action draws the spectator's map
as the table does (:func:`clank.mapdraw.map_scene` with a :class:`~clank.mapdraw.MapMemo` per
game). It prints the CPU an action that drawing took, split by how each drawing was made: the
model kept (nothing on the map changed), pawns followed, tiles made anew (a render hook answered
anew), a tile laid; and a digest of every drawing's map markup (a change meant only to be faster
leaves it as it was). ``--bytecodes`` counts the Python bytecodes the drawings ran instead of
timing them (a figure that does not depend on the machine's load; the run is much slower).

    python benchmarks/map_scene.py --games 30
    python benchmarks/map_scene.py --games 10 --bytecodes
    python benchmarks/map_scene.py --games 10 --packs catacombs,underworld --players 3
    python benchmarks/map_scene.py --games 30 --profile map.prof      # cProfile of the drawings only
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clank.api import bot_seed, new_game
from clank.mapdraw import MapMemo, map_scene
from clank.mapdraw.markup import markup

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bytecodes import TRACER  # noqa: E402

KINDS = ("kept", "followed", "remade", "laid")
_TRACE: dict[str, Any] = {}
exec(TRACER, _TRACE)         # the project's bytecode counter: count[0], once sys.settrace(call) runs


def kind_of(memo: MapMemo, drawing_before: Any, tiles_before: int) -> str:
    """How the drawing just made was made (:data:`KINDS`)."""
    if drawing_before is not None and drawing_before[0] is memo.model:
        return "kept"
    if memo.moved_from is not None:
        return "followed"
    return "laid" if len(memo.model.tiles) > tiles_before else "remade"


def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, int]:
    """``fn(*args, **kwargs)`` and the bytecodes it ran (``bytecodes.TRACER``'s counter)."""
    before = _TRACE["count"][0]
    sys.settrace(_TRACE["call"])
    try:
        out = fn(*args, **kwargs)
    finally:
        sys.settrace(None)
    return out, _TRACE["count"][0] - before


def run(games: int, seed: int, packs: list[str], players: int, bytecodes: bool = False,
        profile: cProfile.Profile | None = None) -> tuple[dict[str, int], dict[str, float], str]:
    """Play the games; (drawings by kind, CPU seconds or bytecodes by kind, digest of every drawing)."""
    tables, bots, memos = [], [], []
    for s in range(seed, seed + games):
        game = new_game(packs, players, s, {})
        tables.append(game)
        bots.append([game.ruleset.registry.make_bot("random", bot_seed(s, p)) for p in range(players)])
        memos.append(MapMemo())
        map_scene(game.state_view(None), memo=memos[-1])          # the page joins: its first map
    counts = dict.fromkeys(KINDS, 0)
    cost = dict.fromkeys(KINDS, 0.0)
    digest = hashlib.sha256()
    going = list(range(games))
    while going:
        for i in going:
            game, memo = tables[i], memos[i]
            decider = game.current_player
            game.apply(bots[i][decider].choose(game.view(decider)))
            view = game.state_view(None)
            for s in range(view.seat_count):      # the seats' faces, which the table's other parts read too
                view.public(s)
            before, tiles_before = memo.drawing, len(memo.model.tiles)
            start, ran = time.process_time(), 0
            if profile is not None:
                profile.enable()
            scene, ran = counted(map_scene, view, memo=memo) if bytecodes else (map_scene(view, memo=memo), 0)
            if profile is not None:
                profile.disable()
            kind = kind_of(memo, before, tiles_before)
            counts[kind] += 1
            cost[kind] += ran if bytecodes else time.process_time() - start
            digest.update(markup(scene.map_node()).encode())
        going = [i for i in going if not tables[i].over]
    return counts, cost, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--packs", default="catacombs", help="packs, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bytecodes", action="store_true", help="count bytecodes instead of timing")
    parser.add_argument("--profile", default=None, metavar="FILE", help="write a cProfile of the drawings to FILE")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    counts, cost, digest = run(args.games, args.seed, args.packs.split(","), args.players, args.bytecodes, profile)
    actions = sum(counts.values())
    unit, scale = ("bytecodes", 1.0) if args.bytecodes else ("us CPU", 1e6)
    parts = ", ".join(f"{kind} {counts[kind] / actions:.1%} x {cost[kind] / max(1, counts[kind]) * scale:.0f}"
                      for kind in KINDS)
    print(f"{args.games} games, {actions} actions: {sum(cost.values()) / actions * scale:.1f} {unit} an action "
          f"drawing the map ({parts}); digest of every drawing {digest[:16]}")
    if profile is not None:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
