"""Bots on the server: quick bots in a thread, search bots in worker processes that advance every
game's search in turn (a long search never starves a short one), seeded per decision so a
restarted server plays on as it would have; a search stops when its game is deleted or its
seat handed over; budgets over the server's cap are refused; the worker processes end with the
server, even when it is killed; the optional turn timer hands a slow person's decision to a bot."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest
from clank import new_game
from clank.api import bot_seed
from clank_web.bots import BotRunner, choose_here
from clank_web.budget import BudgetCap
from clank_web.lobby import SpecError, SpecRequest, catalogue, parse_spec
from clank_web.searchpool import SearchPool

from .conftest import HEXPACK, create_game, get_json, post_json


def a_searched_position(seed: int = 3):
    """A game some way in, where the ``mcts`` bot searches (not a card to play from hand)."""
    game = new_game(["catacombs"], players=2, seed=seed)
    rng = random.Random(1)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_bot_decision_depends_on_the_game_the_seat_and_the_moment_only():
    game = new_game(["catacombs"], players=2, seed=3)
    first = choose_here(game, 0, "random")
    assert first == choose_here(game.clone(), 0, "random")
    expected = game.ruleset.registry.make_bot("random", bot_seed(3, 0, 0)).choose(game.view(0))
    assert first == str(expected)


def test_a_search_in_a_worker_process_chooses_as_the_bot_does_here():
    """The worker advances a search a slice at a time; with an iteration budget it chooses what
    the same bot chooses in one go (the same seed, the same view)."""
    game = a_searched_position()
    seat = game.current_player

    async def in_worker() -> str:
        pool = SearchPool(1, BudgetCap.parse())
        try:
            return await pool.choose(["catacombs"], 2, {}, game.to_json(), seat, "mcts:60")
        finally:
            pool.close()

    assert asyncio.run(in_worker()) == choose_here(game, seat, "mcts:60")


def test_a_long_search_does_not_starve_a_short_one_and_a_dropped_search_stops():
    """One worker process: while a game's bot searches for 3 seconds, another game's short search
    is answered within a few slices; cancelling the long one (its game deleted) frees the
    worker at once."""
    game = a_searched_position()
    seat = game.current_player

    async def run() -> tuple[float, float, bool]:
        pool = SearchPool(1, BudgetCap.parse("5000,3000ms"))
        try:
            await pool.choose(["catacombs"], 2, {}, game.to_json(), seat, "mcts:5")  # the worker is up
            long = asyncio.create_task(pool.choose(["catacombs"], 2, {}, game.to_json(), seat, "mcts:3000ms"))
            await asyncio.sleep(0.5)
            started = time.perf_counter()
            await pool.choose(["catacombs"], 2, {}, game.to_json(), seat, "mcts:20")
            short = time.perf_counter() - started
            still_searching = not long.done()
            long.cancel()
            with pytest.raises(asyncio.CancelledError):
                await long
            started = time.perf_counter()
            await pool.choose(["catacombs"], 2, {}, game.to_json(), seat, "mcts:20")
            return short, time.perf_counter() - started, still_searching
        finally:
            pool.close()

    short, after, still_searching = asyncio.run(run())
    assert still_searching            # the long search was under way all along
    assert short < 1.0                # 20 iterations (about 10 ms) shared with it, not queued behind it
    assert after < 1.0                # the dropped search no longer takes the worker's time


def test_search_bots_play_whole_games_in_worker_processes(web, seat_conn):
    made = create_game(web, ["catacombs"], ["mcts:3", "random"], seed=2, options={"max_rounds": 2})
    watcher = seat_conn(web, made["game"], None)
    while not watcher.state["over"]:
        watcher.next("state")
    runner = web.hall().bots
    assert isinstance(runner, BotRunner) and runner.search.pids()  # the search ran elsewhere


def test_the_server_caps_bot_budgets_when_a_game_is_created_and_when_a_seat_is_handed_over(web):
    answer = web.post("/api/games", json={"packs": ["catacombs"], "players": 2, "seats": ["mcts:1000000000000", "human"]})
    assert answer.status_code == 400 and answer.json()["code"] == "refused"
    message = answer.json()["message"]
    assert "seat 1: the bot 'mcts:1000000000000' asks for 1000000000000 iterations a decision" in message
    assert "over this server's cap of 5000 iterations or 2000ms a decision (clank serve --max-bot-budget)" in message
    form = web.post("/games", data={"pack": "catacombs", "players": "2", "seat0": "mcts", "budget0": "60000ms"})
    assert form.status_code == 400 and "asks for 60000ms a decision" in form.text
    made = create_game(web, ["catacombs"], ["human", "mcts:5000"])  # at the cap: accepted
    url = f"/api/games/{made['game']}/takeover"
    refused = web.post(url, json={"token": made["creator_token"], "seat": 0, "bot": "mcts:9999"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad-bot"
    assert "asks for 9999 iterations a decision, over this server's cap" in refused.json()["message"]
    assert web.hall().rooms[made["game"]].seats[0].kind == "human"  # nothing changed


def test_a_budget_cap_reads_as_a_bots_budget():
    assert BudgetCap.parse("300") == BudgetCap(300, 2000.0)
    assert BudgetCap.parse("1500ms, 800") == BudgetCap(800, 1500.0)
    with pytest.raises(ValueError, match="a search budget is a number of iterations"):
        BudgetCap.parse("lots")
    cat = catalogue([str(HEXPACK)])
    with pytest.raises(SpecError, match="asks for 301 iterations a decision, over this server's cap of 300"):
        parse_spec(SpecRequest(["catacombs"], 2, 1, ["mcts:301"]), cat, BudgetCap.parse("300"))


def wait_for(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


@pytest.mark.parametrize("how", ["deleted", "handed over"])
def test_a_search_stops_when_its_game_is_deleted_or_its_seat_handed_over(make_web, seat_conn, how):
    web = make_web(max_bot_budget="5000,5000ms")
    made = create_game(web, ["catacombs"], ["mcts:5000ms", "mcts:5000ms"], seed=4)
    pool = web.hall().bots.search

    def jobs() -> set[int]:  # list(): the server's loop thread may change the dict meanwhile
        return {job for worker in list(pool.workers) for job in list(worker.jobs)}

    seen: dict[int, float] = {}

    def searching_for_a_while() -> bool:  # a searched decision (2 s), not a card played at once
        now = time.monotonic()
        for job in jobs():
            seen.setdefault(job, now)
        return any(now - seen[job] > 0.3 for job in jobs())

    wait_for(searching_for_a_while)
    running = jobs()
    if how == "deleted":
        web.post(f"/api/games/{made['game']}/delete", json={"token": made["creator_token"]})
    else:
        seat = web.hall().rooms[made["game"]].game.current_player
        web.post(f"/api/games/{made['game']}/takeover", json={"token": made["creator_token"], "seat": seat,
                                                              "bot": "greedy"})
    # dropped at once, not after its 5 seconds (once handed over, the greedy bot plays and the other
    # seat's search may start: only the searches running before are watched)
    wait_for(lambda: not (jobs() & running), 2.0)


def test_a_person_whose_timer_runs_out_has_a_bot_decide_for_them(web, seat_conn):
    made = create_game(web, ["catacombs"], ["human", "human"], seed=1, timer=1)
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    assert p1.state["deciding"] and p1.state["version"] == 0
    moved = p1.next("state")  # nobody clicked: after a second, a bot did
    assert moved["version"] == 1
    assert web.hall().rooms[made["game"]].seats[0].kind == "human"  # the seat stays the person's


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (dead, not yet reaped by its new parent) counts as ended
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_search_worker_processes_end_when_the_server_is_killed(server_factory, tmp_path):
    """kill -9 of the server: its search worker notices (the kernel's parent-death signal, the
    pipe's end, its parent's id) and ends instead of running on as an orphan."""
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}", "--max-bot-budget", "5000,2000ms")
    status, _ = post_json(server.base + "/api/games", {"packs": ["catacombs"], "players": 2, "seed": 4,
                                                      "seats": ["mcts:2000ms", "mcts:2000ms"]})
    assert status == 201
    workers: list[int] = []

    def searching() -> bool:
        health = get_json(server.base + "/health")[1]
        workers[:] = health["search_workers"]
        return bool(health["searching"])

    wait_for(searching)
    assert workers and all(alive(pid) for pid in workers)
    server.kill()
    wait_for(lambda: not any(alive(pid) for pid in workers), 10.0)
