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


def test_paced_seats_in_two_client_processes_reading_the_browsers_messages_end_as_clank_simulate():
    """The benchmark's other ways to load the server: the browser's messages (``html`` mode,
    the changes of the table), seats that think before acting, two client processes; a page
    receives a few kilobytes an action."""
    figures, differ = load_benchmark().run(
        games=2, seed=7, db=None, options={"max_rounds": 3}, mode="html", think=(0.001, 0.003), clients=2
    )
    assert differ == [] and len(figures.digests) == 2
    assert len(figures.latencies) == figures.actions > 0 and figures.client_cpu > 0
    assert len(figures.shown) == figures.actions and 0 < figures.page_bytes < 5_000     # what changed, not the table


@pytest.mark.slow
def test_a_hundred_concurrent_games_end_as_clank_simulate_ends_them():
    figures, differ = load_benchmark().run(games=100, seed=1, db=None, options={})
    assert differ == [] and len(figures.digests) == 100
    print(figures.report())
