"""The geometry kept across tile placements (:meth:`Geometry.grown`) is the geometry built afresh:
every placed room's routes and their costs, after every action of random games (a grid region
and a slot region)."""

from __future__ import annotations

import random

from clank import new_game
from clank.game.dungeon import Geometry
from clank.game.movement import path_cost

from .test_slot_regions import game as slot_game


def _same_as_fresh(game) -> None:
    kept = game.geometry
    fresh = Geometry(game.ruleset.tiles, game.state.tiles, game.ruleset.regions)
    for room in game.placed_rooms():
        ours, theirs = kept.routes_from(room), fresh.routes_from(room)
        assert [(r.to, r.segments) for r in ours] == [(r.to, r.segments) for r in theirs], room
        for r, f in zip(ours, theirs, strict=True):
            a, b = game.route_cost(r), path_cost(game, fresh, f.segments)
            assert (a.resources, a.cover, a.damage, a.against) == (b.resources, b.cover, b.damage, b.against)


def _play(game, seed: int, steps: int) -> int:
    rng = random.Random(seed)
    placed = len(game.state.tiles)
    for _ in range(steps):
        if game.over:
            break
        game.legal_actions()        # routes and costs are remembered before the next placement
        game.apply(rng.choice(game.legal_actions()))
        _same_as_fresh(game)
    return len(game.state.tiles) - placed


def test_grid_geometry_kept_across_placements_is_the_fresh_one():
    grown = sum(_play(new_game(["catacombs"], players=2, seed=seed), seed, 400) for seed in range(4))
    assert grown > 0


def test_slot_geometry_kept_across_placements_is_the_fresh_one():
    grown = sum(_play(slot_game(seed), seed, 300) for seed in range(4))
    assert grown > 0
