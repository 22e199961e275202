"""The lobby and the pages: what a game may be made of, creating one from the form, the links,
the record a finished game publishes (the JSON ``clank replay`` reads), escaping of pack text,
and ``clank serve`` without its extra."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
from clank_web import serve
from clank_web.lobby import SpecError, SpecRequest, catalogue, parse_spec

from .conftest import HEXPACK, create_game


def test_the_lobby_offers_every_installed_pack_the_servers_directory_packs_options_and_bots(web):
    page = web.get("/").text
    for pack in ("catacombs", "underworld", "party", "hexpack"):
        assert f'value="{pack}"' in page
    for option in ("max_rounds", "mercy", "characters", "underworld_side"):
        assert f'name="option:{option}"' in page
    for bot in ("random", "greedy", "mcts"):
        assert f'<option value="{bot}"' in page
    headers = web.get("/").headers
    assert "script-src 'self'" in headers["content-security-policy"]


def test_the_lobby_lists_each_option_under_its_pack_and_offers_only_the_chosen_packs_options(web):
    """Each option sits in its pack's group (the game's own options in one always offered); a
    pack's group is hidden and disabled (its fields are not sent) unless the pack is chosen,
    and a form sent back with an error shows the groups of the packs it chose."""
    import html.parser

    class Groups(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.groups: dict[str, dict] = {}
            self.current: str | None = None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "fieldset" and "pack-options" in (a.get("class") or ""):
                self.current = a["data-pack"]
                self.groups[self.current] = {"hidden": "hidden" in a, "disabled": "disabled" in a, "options": []}
            elif tag == "input" and self.current and (a.get("name") or "").startswith("option:"):
                self.groups[self.current]["options"].append(a["name"][len("option:"):])

        def handle_endtag(self, tag):
            if tag == "fieldset":
                self.current = None

    def groups(page: str) -> dict[str, dict]:
        parser = Groups()
        parser.feed(page)
        return parser.groups

    shown = groups(web.get("/").text)              # a new form: the base game is chosen
    assert "max_rounds" in shown["core"]["options"] and not shown["core"]["hidden"]
    assert {"mercy", "underworld_side"} <= set(shown["underworld"]["options"])
    assert {"characters", "party_cards"} <= set(shown["party"]["options"])
    assert shown["underworld"]["hidden"] and shown["underworld"]["disabled"] and shown["party"]["hidden"]
    assert not any("mercy" in g["options"] for name, g in shown.items() if name != "underworld")
    answer = web.post("/games", data={"pack": ["catacombs", "underworld"], "players": "9"})
    back = groups(answer.text)                      # refused (9 players): the form comes back as it was sent
    assert answer.status_code == 400 and not back["underworld"]["hidden"] and not back["underworld"]["disabled"]
    assert back["party"]["hidden"] and back["party"]["disabled"]
    refused = web.post("/api/games", json={"packs": ["catacombs"], "players": 2, "seats": ["human", "human"],
                                           "options": {"mercy": True}})
    assert refused.status_code == 400 and "unknown game option 'mercy'" in refused.json()["message"]


def test_a_game_is_created_from_the_form_with_a_secret_link_per_person_and_a_bot_seat(web):
    answer = web.post(
        "/games",
        data={
            "pack": ["catacombs", "underworld"],
            "players": "3",
            "seed": "9",
            "seat0": "human",
            "seat1": "greedy",
            "seat2": "human",
            "option:max_rounds": "40",
        },
    )
    assert answer.status_code == 200
    links = re.findall(r'href="(http://testserver/g/([\w-]+)#seat=([\w-]+))"', answer.text)
    assert len(links) == 2 and "bot: greedy" in answer.text
    game_id = links[0][1]
    room = web.hall().rooms[game_id]
    assert room.spec.packs == ["catacombs", "underworld"] and room.spec.options == {"max_rounds": 40}
    assert [s.kind for s in room.seats] == ["human", "bot", "human"]
    stored = web.hall().store.load_game(game_id)
    assert all(links[0][2] not in (s.token_hash or "") for s in stored.seats)  # only hashes are kept
    assert web.get(f"/g/{game_id}").status_code == 200


@pytest.mark.parametrize(
    ("form", "packs", "says"),
    [
        ({"players": "2"}, [], "choose at least one pack"),
        ({"players": "2"}, ["../../etc"], "offers no pack"),
        ({"players": "9"}, ["catacombs"], "players must be between 1 and 6"),
        ({"players": "2", "seat1": "deep-blue"}, ["catacombs"], "no bot named 'deep-blue'"),
        (
            {"players": "2", "option:mercey": "on"},
            ["catacombs"],
            "no loaded pack declares the option 'mercey'",
        ),
    ],
)
def test_the_lobby_refuses_what_it_does_not_offer(form, packs, says):
    with pytest.raises(SpecError, match=re.escape(says)):
        parse_spec(SpecRequest.from_form(form, packs), catalogue([str(HEXPACK)]))


def test_the_form_and_the_json_api_are_read_by_one_parser():
    """The same game asked for by the lobby's form (text fields) and by the JSON API (typed
    values) gives the same specification; a text option is read as typed on the command line."""
    cat = catalogue([str(HEXPACK)])
    form = SpecRequest.from_form(
        {"players": "3", "seed": "9", "seat0": "human", "seat1": "mcts", "budget1": "50", "seat2": "greedy",
         "option:max_rounds": "40", "option:parts": "promos", "timer": "30"},
        ["catacombs"],
    )
    body = SpecRequest.from_json({"packs": ["catacombs"], "players": 3, "seed": 9, "seats": ["human", "mcts:50", "greedy"],
                                  "options": {"max_rounds": 40, "parts": "promos"}, "timer": 30})
    assert parse_spec(form, cat) == parse_spec(body, cat)
    spec = parse_spec(body, cat)
    assert spec.seats == ["human", "mcts:50", "greedy"] and spec.options == {"max_rounds": 40, "parts": ["promos"]}
    with pytest.raises(SpecError, match="'seats' must be a list"):
        SpecRequest.from_json({"packs": ["catacombs"], "seats": {"0": "human"}})
    with pytest.raises(SpecError, match="seed must be a whole number"):
        parse_spec(SpecRequest.from_json({"packs": ["catacombs"], "seed": 1e30}), cat)


def test_a_refused_setup_comes_back_to_the_lobby_with_the_engines_reason(web):
    answer = web.post("/games", data={"pack": "catacombs", "players": "6", "seat0": "human"})
    assert answer.status_code == 400
    assert "could not be created" in answer.text and "2-4" in answer.text


def test_a_finished_games_record_is_what_clank_replay_reads(web, seat_conn, tmp_path):
    made = create_game(web, ["catacombs"], ["random", "greedy"], seed=4, options={"max_rounds": 3})
    spectator = seat_conn(web, made["game"], None)
    while not spectator.state["over"]:
        spectator.next("state")
    answer = web.get(f"/g/{made['game']}/record")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    path = tmp_path / "record.json"
    path.write_text(answer.text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "clank_cli.main", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "final state identical" in done.stdout


def replay_cli(path, *args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "clank_cli.main", "replay", str(path), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def test_a_record_with_a_directory_pack_names_it_by_id_and_replays_where_the_pack_is_given(
    web, seat_conn, tmp_path
):
    """The record names the directory pack by its id and version, never by the server's path;
    elsewhere (another directory, the pack copied there), ``clank replay`` says which pack it
    needs, and replays the game to the same final state once it is given with --pack-dir."""
    made = create_game(web, ["catacombs", "hexpack"], ["random", "greedy"], seed=6, options={"max_rounds": 3})
    spectator = seat_conn(web, made["game"], None)
    while not spectator.state["over"]:
        spectator.next("state")
    answer = web.get(f"/g/{made['game']}/record")
    record = answer.json()
    assert record["packs"] == ["catacombs", "hexpack"] and record["directory_packs"] == ["hexpack"]
    assert record["versions"]["hexpack"] == "0.0.1" and str(HEXPACK.parent) not in answer.text
    elsewhere = tmp_path / "another-machine"
    shutil.copytree(HEXPACK, elsewhere / "packs" / "hexpack")
    path = elsewhere / "game.json"
    path.write_text(answer.text, encoding="utf-8")
    missing = replay_cli(path, cwd=elsewhere)
    assert missing.returncode != 0
    assert "directory pack 'hexpack' (version 0.0.1)" in missing.stderr and "--pack-dir" in missing.stderr
    done = replay_cli(path, "--pack-dir", "packs/hexpack", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert "final state identical" in done.stdout


def test_an_older_record_naming_the_servers_path_replays_with_the_pack_given(tmp_path):
    """A record of an earlier server named the directory pack by its absolute path there: it
    still replays where that path exists, and elsewhere with the pack given by --pack-dir."""
    from clank.api import game_record, new_game

    game = new_game(["catacombs", str(HEXPACK)], 2, 3, {"max_rounds": 2})
    bots = [game.ruleset.registry.make_bot("random", s) for s in range(2)]
    while not game.over:
        game.apply(bots[game.current_player].choose(game.view(game.current_player)))
    record = game_record(game, digests=True)
    assert record["packs"][1] == str(HEXPACK)  # as the server wrote it
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert "final state identical" in replay_cli(path).stdout
    record["packs"][1] = "/srv/clank/packs/hexpack"  # a path of another machine
    path.write_text(json.dumps(record), encoding="utf-8")
    assert replay_cli(path).returncode != 0
    shutil.copytree(HEXPACK, tmp_path / "mine" / "hexpack")
    done = replay_cli(path, "--pack-dir", str(tmp_path / "mine" / "hexpack"))
    assert done.returncode == 0 and "final state identical" in done.stdout, done.stderr


def test_an_unfinished_games_record_is_not_published(web):
    made = create_game(web, ["catacombs"], ["human", "human"])
    answer = web.get(f"/g/{made['game']}/record")
    assert answer.status_code == 409 and "every action" in answer.json()["message"]


def test_pack_text_is_escaped_in_every_fragment(web, seat_conn):
    made = create_game(web, ["catacombs", "hexpack"], ["human", "human"], seed=1)
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"], mode="html")
    html = "".join(p1.state["html"].values())
    assert "Hex Lantern" in html
    assert "<script>window.pwned" not in html and "<img src=x" not in html and "<b onmouseover" not in html
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in html
    labels = json.dumps(p1.state["actions"])
    assert "Hex Lantern" in labels  # the data mode sends text: the page inserts it as text


def test_clank_serve_names_the_extra_it_needs(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else real(name, *a)
    )
    assert "pip install 'clank-engine[web]'" in serve.missing_dependency()
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a)
    )
    assert "clank-engine[postgres]" in serve.missing_dependency("postgresql://x@y/z")
    assert serve.missing_dependency("sqlite:///x") is None


def test_the_map_names_reachable_rooms_and_previews_each_orientation_of_a_discovered_tile(web, seat_conn):
    """The map is the same for every seat; the rooms a move reaches are named by the deciding
    seat's actions (``room``: the page marks them, and a click plays the move) and are on the
    map; while a discovered tile is laid, the page asks for each orientation and receives the
    operations that add the tile, turned that way, to the map (a few elements, not another map);
    another seat, or an action that lays no tile, gets no preview."""
    import copy
    import random

    made = create_game(web, ["catacombs"], ["human", "human"], seed=3)
    seats = [seat_conn(web, made["game"], s["token"], mode="html") for s in made["seats"]]
    rng = random.Random(3)
    seen_moves = seen_orient = False
    for _ in range(400):
        deciding = next(s for s in seats if s.state["deciding"])
        state = deciding.state
        assert deciding.page.write("map") == seats[1 - state["seat"]].page.write("map")
        kinds = {a["kind"] for a in state["actions"]}
        if kinds & {"orient", "place"}:
            texts = [a["text"] for a in state["actions"] if a["preview"]]
            tile = web.hall().rooms[made["game"]].game.state.turn.move["tile"]
            for text in texts:
                deciding.send({"type": "preview", "action": text, "version": state["version"]})
                answer = deciding.next("preview")
                assert answer["action"] == text and answer["version"] == state["version"]
                shown = copy.deepcopy(deciding.page)
                for op in answer["diff"]:
                    shown.apply(op)
                drawn = shown.write("map")
                assert f'data-tile="{tile}"' in drawn and 'data-preview="true"' in drawn
                assert f'data-tile="{tile}"' not in deciding.page.write("map")
                assert len(json.dumps(answer["diff"])) < 12_000
            other = seats[1 - state["seat"]]
            other.send({"type": "preview", "action": texts[0], "version": state["version"]})
            assert other.next("error")["code"] == "no-preview"
            deciding.send({"type": "preview", "action": texts[0], "version": state["version"] - 1})
            assert deciding.next("error")["code"] == "stale-preview"
            seen_orient = True
        else:
            deciding.send({"type": "preview", "action": state["actions"][0]["text"], "version": state["version"]})
            assert deciding.next("error")["code"] == "no-preview"
        rooms = {a["room"] for a in state["actions"] if a["room"]}
        for room in rooms:
            assert f'data-room="{room}"' in deciding.page.write("map")
        seen_moves = seen_moves or bool(rooms)
        if seen_moves and seen_orient:
            return
        explore = [a for a in state["actions"] if a["kind"] == "explore"]
        choice = explore[0] if explore else rng.choice(state["actions"])
        seat = seats[state["seat"]]
        seat.act(choice["text"])
        for other in seats:
            if other is not seat:
                other.next("state")
    raise AssertionError(f"no move ({seen_moves}) or no discovered tile ({seen_orient}) in 400 actions")


def test_a_page_that_applies_the_changes_shows_what_a_new_page_is_sent_whole(web, seat_conn):
    """After each action a page receives the operations that change what it shows (a card
    played changes a few elements; the map only when something on it changed); a page that
    applies them shows, part for part, what a page that joins then receives whole, for the
    deciding seat, the other and a spectator. The messages stay small."""
    made = create_game(web, ["catacombs"], ["human", "human"], seed=2)
    tokens = [s["token"] for s in made["seats"]]
    pages = [seat_conn(web, made["game"], t, mode="html") for t in [*tokens, None]]
    parts = set(pages[0].state["html"])
    assert {"map", "hand", "actions", "log", "status", "players", "row", "supply"} <= parts
    sizes: list[int] = []
    map_untouched = 0
    for _ in range(60):
        mover = next(p for p in pages[:2] if p.state["deciding"])
        before = len(mover.raw)
        mover.act(mover.state["actions"][0]["text"])
        sizes.extend(len(text.encode()) for text in mover.raw[before:] if text.startswith('{"type":"state"'))
        for other in pages:
            if other is not mover:
                other.next("state")
        for token, page in zip([*tokens, None], pages, strict=True):
            assert "html" not in page.state and isinstance(page.state["diff"], list)
            map_untouched += not any(op[1][0] == "map" for op in page.state["diff"])
            fresh = seat_conn(web, made["game"], token, mode="html")
            for part in parts:
                assert fresh.page.write(part) == page.page.write(part), part
            fresh.close()
    assert map_untouched > 0
    assert sum(sizes) / len(sizes) < 5_000, sizes


def test_clank_serve_refuses_a_pack_dir_that_is_no_pack(tmp_path):
    done = subprocess.run([sys.executable, "-m", "clank_cli.main", "serve", "--pack-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a pack directory (no pack.yaml)" in done.stderr


def test_clank_serve_refuses_an_unknown_sqlite_sync(tmp_path):
    done = subprocess.run([sys.executable, "-m", "clank_cli.main", "serve", "--sqlite-sync", "off",
                           "--db", f"sqlite:///{tmp_path / 'g.sqlite3'}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--sqlite-sync off: choose one of normal, full" in done.stderr


def test_a_server_process_collects_cyclic_garbage_seldom_and_never_walks_what_it_started_with():
    import gc

    from clank_web import serve

    before = gc.get_threshold()
    try:
        serve.tune_gc()
        assert gc.get_threshold() == serve.GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_server_process_tunes_its_collector_once_the_application_has_loaded_what_it_serves(tmp_path):
    """``clank serve`` hands ``create_app`` the collector's tuning as ``started``: it runs once,
    after the hall has started and the packs' catalogue is loaded (what it freezes includes them)."""
    import warnings

    from clank_web.app import create_app
    from clank_web.config import ServerConfig

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # the test client's own deprecation notice, as the fixtures do
        from starlette.testclient import TestClient
    calls = []
    app = create_app(ServerConfig(f"sqlite:///{tmp_path / 'g.sqlite3'}"), started=lambda: calls.append(1))
    assert calls == []
    with TestClient(app) as client:
        assert calls == [1]
        assert client.get("/health").status_code == 200
    assert calls == [1]
