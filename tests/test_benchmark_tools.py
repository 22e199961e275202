"""The fingerprint of ``benchmarks/fingerprint.py``: the check that a change meant only to be faster
(a cache, the compiled build of ``benchmarks/compiled.py``) plays exactly as before. It is only
worth anything if the same game always gives the same hash and another game another one (DESIGN
§5: a game is deterministic from its packs, options, seed and actions)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _benchmark_module(name: str):
    """A script of ``benchmarks/`` loaded as a module (the folder is no package)."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fingerprint_module():
    return _benchmark_module("fingerprint")


def test_fingerprint_repeats_for_the_same_game_and_differs_for_another():
    fp = _fingerprint_module()
    first, steps = fp.play(("catacombs",), 2, 11, "greedy")
    again, steps_again = fp.play(("catacombs",), 2, 11, "greedy")
    assert (first, steps) == (again, steps_again)
    assert steps > 0
    other, _ = fp.play(("catacombs",), 2, 12, "greedy")
    assert other != first
    randomly, _ = fp.play(("catacombs",), 2, 11, "random")
    assert randomly not in (first, other)


def test_fingerprint_covers_every_pack_and_seat_count():
    fp = _fingerprint_module()
    packs = {p for config in fp.CONFIGS for p in config[0]}
    seats = {config[1] for config in fp.CONFIGS}
    assert packs == {"catacombs", "underworld", "party"}
    assert seats == {2, 3, 4, 5, 6}
    assert {config[3] for config in fp.CONFIGS} == {"random", "greedy"}


def test_the_state_build_reads_the_same_annotations_from_the_source(tmp_path):
    """``compiled.py --state`` swaps state.py's ``_hints`` for one that reads the records'
    annotations from the source (mypyc erases them): the swap must still find its target, and
    the swapped-in reader must give what ``typing`` gives for every state record."""
    import dataclasses
    import typing

    import clank.game.state as state

    compiled = _benchmark_module("compiled")
    files = compiled.stage(tmp_path, state=True)
    assert compiled.STATE in files
    staged = (tmp_path / compiled.STATE).read_text()
    assert compiled.SOURCE_HINTS in staged and compiled.HINTS_FROM_TYPING not in staged
    namespace: dict = {}
    exec("import functools, typing\nfrom typing import Any\n" + compiled.SOURCE_HINTS, namespace)
    records = [v for v in vars(state).values()
               if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == state.__name__]
    assert {r.__name__ for r in records} >= {"PlayerState", "TurnState", "GameState", "PlacedTile"}
    for record in records:
        assert namespace["_hints"](record) == typing.get_type_hints(record), record.__name__


def test_the_map_benchmark_draws_every_kind_and_repeats_its_digest():
    """``benchmarks/map_scene.py``: its digest is the same for the same games (a change meant only
    to be faster is checked on it), and the games it plays make the map every way it is made."""
    bench = _benchmark_module("map_scene")
    counts, cost, digest = bench.run(2, 1, ["catacombs"], 2)
    assert all(counts[kind] > 0 for kind in bench.KINDS), counts
    assert all(cost[kind] >= 0 for kind in bench.KINDS)
    again, _, same = bench.run(2, 1, ["catacombs"], 2)
    assert (again, same) == (counts, digest)
    assert bench.run(1, 3, ["catacombs"], 2)[2] != digest
