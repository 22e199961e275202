"""The fingerprint of ``benchmarks/fingerprint.py``: the check that a change meant only to be faster
(a cache, the compiled build of ``benchmarks/compiled.py``) plays exactly as before. It is only
worth anything if the same game always gives the same hash and another game another one (DESIGN
§5: a game is deterministic from its packs, options, seed and actions)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _fingerprint_module():
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "benchmarks" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
