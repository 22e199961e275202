"""Bots on the server: quick bots in a thread, search bots in worker processes, seeded per
decision so a restarted server plays on as it would have; the optional turn timer hands a slow
person's decision to a bot."""

from __future__ import annotations

from clank import new_game
from clank.api import bot_seed
from clank_web.bots import BotRunner, choose_here, choose_in_worker

from .conftest import create_game


def test_a_bot_decision_depends_on_the_game_the_seat_and_the_moment_only():
    game = new_game(["catacombs"], players=2, seed=3)
    first = choose_here(game, 0, "random")
    assert first == choose_here(game.clone(), 0, "random")
    expected = game.ruleset.registry.make_bot("random", bot_seed(3, 0, 0)).choose(game.view(0))
    assert first == str(expected)
    assert choose_in_worker(["catacombs"], 2, {}, game.to_json(), 0, "greedy") == choose_here(
        game, 0, "greedy"
    )


def test_search_bots_play_whole_games_in_worker_processes(web, seat_conn):
    made = create_game(web, ["catacombs"], ["mcts:3", "random"], seed=2, options={"max_rounds": 2})
    watcher = seat_conn(web, made["game"], None)
    while not watcher.state["over"]:
        watcher.next("state")
    runner = web.hall().bots
    assert isinstance(runner, BotRunner) and runner._processes is not None  # the search ran elsewhere


def test_a_person_whose_timer_runs_out_has_a_bot_decide_for_them(web, seat_conn):
    made = create_game(web, ["catacombs"], ["human", "human"], seed=1, timer=1)
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    assert p1.state["deciding"] and p1.state["version"] == 0
    moved = p1.next("state")  # nobody clicked: after a second, a bot did
    assert moved["version"] == 1
    assert web.hall().rooms[made["game"]].seats[0].kind == "human"  # the seat stays the person's
