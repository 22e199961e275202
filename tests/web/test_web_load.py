"""Many games at once over real WebSockets (``benchmarks/web_load.py``): every game ends in the
state ``clank simulate`` reaches on the same seed. A few games in the fast suite, a hundred in
the slow tier; the figures the script prints are reported, never asserted."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


def test_concurrent_games_over_websockets_end_as_clank_simulate_ends_them():
    figures, differ = load_benchmark().run(games=4, seed=20, db=None, options={})
    assert differ == []
    assert len(figures.digests) == 4 and figures.actions > 0 and len(figures.latencies) == figures.actions
    print(figures.report())


@pytest.mark.slow
def test_a_hundred_concurrent_games_end_as_clank_simulate_ends_them():
    figures, differ = load_benchmark().run(games=100, seed=1, db=None, options={})
    assert differ == [] and len(figures.digests) == 100
    print(figures.report())
