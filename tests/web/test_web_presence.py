"""Who is connected at each seat: every page is told (a ``presence`` message) when a seat's page
opens or closes, over every server process of the database (each stores its connections; a
process that dies takes its pages' presence with it)."""

from __future__ import annotations

import json
import time

from websockets.sync.client import connect

from .conftest import FAST, create_game, post_json


def connected(message: dict) -> dict[str, object]:
    return {s["name"]: (s["connected"] if s["kind"] == "human" else s["bot"]) for s in message["seats"]}


def next_presence(seat, until) -> dict:
    """The presence messages a page receives, until one satisfies ``until``."""
    while True:
        message = seat.next("presence")
        if until(message):
            return message


def test_every_page_is_told_who_is_connected_at_each_seat(web, seat_conn):
    made = create_game(web, ["catacombs"], ["human", "human", "greedy"], seed=2)
    creator = seat_conn(web, made["game"], None)
    first = next_presence(creator, lambda m: m["watching"] == 1)
    assert connected(first) == {"P1": 0, "P2": 0, "P3": "greedy"}  # the creator sees who never came
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    assert connected(next_presence(creator, lambda m: connected(m)["P1"] == 1)) == {"P1": 1, "P2": 0, "P3": "greedy"}
    assert connected(next_presence(p1, lambda m: connected(m)["P1"] == 1))["P2"] == 0
    p2 = seat_conn(web, made["game"], made["seats"][1]["token"])
    next_presence(creator, lambda m: connected(m)["P2"] == 1)
    p2.close()
    assert connected(next_presence(creator, lambda m: connected(m)["P2"] == 0))["P1"] == 1
    web.post(f"/api/games/{made['game']}/takeover", json={"token": made["creator_token"], "seat": 1, "bot": "random"})
    assert connected(next_presence(p1, lambda m: connected(m)["P2"] == "random"))["P3"] == "greedy"


def presence_over(ws, until, seconds: float = 20) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "presence" and until(message):
            return message


def test_presence_counts_the_pages_of_every_process_and_forgets_a_killed_one(postgres, server_factory):
    """P1's page on A sees P2 connect on B; when B is killed with ``kill -9``, A forgets B's
    pages once B's heartbeat is old (``--lease`` seconds)."""
    db = postgres.new_database()
    a = server_factory(db, *FAST)
    b = server_factory(db, *FAST)
    status, made = post_json(a.base + "/api/games", {"packs": ["catacombs"], "players": 2, "seed": 1,
                                                     "seats": ["human", "human"]})
    assert status == 201
    hello = {"type": "hello", "mode": "data"}
    with connect(a.base.replace("http", "ws") + f"/ws/{made['game']}") as p1, \
            connect(b.base.replace("http", "ws") + f"/ws/{made['game']}") as p2:
        p1.send(json.dumps({**hello, "token": made["seats"][0]["token"]}))
        presence_over(p1, lambda m: connected(m) == {"P1": 1, "P2": 0})
        p2.send(json.dumps({**hello, "token": made["seats"][1]["token"]}))
        presence_over(p1, lambda m: connected(m) == {"P1": 1, "P2": 1})  # B's page, heard on A
        b.kill()
        presence_over(p1, lambda m: connected(m) == {"P1": 1, "P2": 0})
