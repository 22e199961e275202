"""A pack's fault at the web table (issue 38, point 3): the action that failed changes nothing,
the game is marked as stopped by the pack's fault on every page, its creator reads the fault
(the pack's file, line and error), and the other games play on."""

from __future__ import annotations

from pathlib import Path

from clank.testing import pack_module, state_json

from .conftest import create_game

TESTS = Path(__file__).resolve().parents[1]


fp = pack_module(TESTS / "faultpack" / "__init__.py", "clank_test_faultpack")
PACKS = ["catacombs", "frosty"]


def read_fault(web, game: str, token: str):
    return web.post(f"/api/games/{game}/fault", json={"token": token})


def test_a_fault_in_a_packs_code_stops_that_game_only_and_its_creator_reads_it(monkeypatch, make_web, seat_conn):
    fp.install(monkeypatch, "feature")
    web = make_web()
    made = create_game(web, PACKS, ["human", "human"], seed=1, options=dict(fp.OPTIONS))
    other = create_game(web, ["catacombs"], ["human", "human"], seed=1)
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    p2 = seat_conn(web, made["game"], made["seats"][1]["token"])
    page = seat_conn(web, made["game"], None, mode="html")
    room = web.hall().rooms[made["game"]]
    before = state_json(room.game)

    answer = p1.act("room frost_vent warm")
    assert answer["type"] == "error" and answer["code"] == "pack-fault"
    assert "a fault in the code of the pack 'frosty' stopped this game" in answer["message"]
    assert state_json(room.game) == before and room.version == 0          # nothing changed, nothing stored
    told = p2.next("state")
    assert told["stopped"] == answer["message"] and not told["deciding"] and told["version"] == 0
    page.next("state")
    assert "stopped this game" in page.page.text("status")
    refused = p1.act("play burgle")
    assert refused["type"] == "error" and refused["code"] == "stopped"

    creator = read_fault(web, made["game"], made["creator_token"])
    assert creator.status_code == 200
    fault = creator.json()["fault"]
    assert "error[pack-fault]: pack 'frosty', room feature 'frost_vent' (apply): KeyError: 'frost'" in fault
    assert "faultpack/__init__.py:" in fault
    assert read_fault(web, made["game"], made["seats"][0]["token"]).status_code == 403   # a player is not the creator
    assert web.get("/health").json()["stopped"] == [made["game"]]

    o1 = seat_conn(web, other["game"], other["seats"][0]["token"])
    assert o1.act("play burgle")["type"] == "ack"                           # the other games play on


def test_a_bots_fault_stops_the_game_and_names_the_bot(monkeypatch, make_web, seat_conn):
    fp.install(monkeypatch, "bot")
    web = make_web()
    made = create_game(web, PACKS, ["wild", "human"], seed=1, options=dict(fp.OPTIONS))
    watcher = seat_conn(web, made["game"], made["seats"][1]["token"])
    state = watcher.state
    while not state["stopped"]:
        state = watcher.next("state")
    assert state["version"] == 0
    fault = read_fault(web, made["game"], made["creator_token"]).json()["fault"]
    assert "pack 'frosty', bot 'wild' (choose): IndexError" in fault
