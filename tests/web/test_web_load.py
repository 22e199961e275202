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


def test_the_pages_benchmark_builds_the_same_messages_each_run_and_counts_every_action():
    """``benchmarks/web_pages.py``: the digest of every message is that of the same games played
    again (what tells a faster build of the table from one that changed what pages receive), and
    the browser's messages are not the programs'."""
    pages = load_benchmark("web_pages")
    actions, cpu, html = pages.run(games=2, seed=5, mode="html")
    again = pages.run(games=2, seed=5, mode="html")
    data = pages.run(games=2, seed=5, mode="data")
    assert actions > 0 and cpu > 0 and again[0] == data[0] == actions
    assert again[2] == html != data[2]


@pytest.mark.slow
def test_a_hundred_concurrent_games_end_as_clank_simulate_ends_them():
    figures, differ = load_benchmark().run(games=100, seed=1, db=None, options={})
    assert differ == [] and len(figures.digests) == 100
    print(figures.report())


@pytest.mark.slow
def test_games_on_two_server_processes_of_one_postgresql_database_end_as_clank_simulate(postgres):
    """``--workers 2``: the seats of a game land on either process; every game still ends in the
    state ``clank simulate`` reaches (the benchmark's ``--workers``, which measures the capacity
    of several processes)."""
    figures, differ = load_benchmark().run(games=6, seed=30, db=postgres.new_database(), options={"max_rounds": 4},
                                           workers=2)
    assert differ == [] and len(figures.digests) == 6
    print(figures.report())


def test_repeated_runs_are_summed_up_by_their_medians():
    """``--repeat N`` prints the medians of the runs (one run is one sample of a machine whose
    speed moves), each run's p95 and throughput beside them."""
    bench = load_benchmark()
    runs = []
    for ms, seconds in ((10, 2.0), (30, 1.0), (20, 4.0)):
        figures = bench.Figures(games=1, actions=100, seconds=seconds, server_cpu=seconds / 10)
        figures.latencies = figures.shown = [ms / 1000] * 100
        runs.append(figures)
    said = bench.summary(runs)
    assert said.startswith("median of 3 runs: 50 actions/s, round trip p95 20.0 ms (to the new state: 20.0 ms)")
    assert "server CPU 2.00 ms an action" in said and "p95 of each run 10.0, 30.0, 20.0 ms" in said
    assert "actions/s 50, 100, 25" in said
