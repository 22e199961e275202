"""The digests a game stores on its way: every ``DIGEST_EVERY`` actions the digest of the state
is committed with the action that led to it, at a place in that cycle of the game's own (games
that started together and play at the same pace do not all serialise their whole state in the
same moment, which showed as a step in the closed loop's round trips), and a restart checks the
stored digest at the count stored beside it."""

from __future__ import annotations

import secrets

from clank.api import new_game, state_digest
from clank_web import tables
from sqlalchemy import text

from .conftest import Seat, _client, create_game


def test_the_place_of_a_games_digests_is_its_own_and_the_places_spread():
    ids = [secrets.token_urlsafe(9) for _ in range(512)]
    phases = [tables.digest_phase_of(game_id) for game_id in ids]
    assert phases == [tables.digest_phase_of(game_id) for game_id in ids]          # the same at every restart
    assert all(0 <= p < tables.DIGEST_EVERY for p in phases)
    assert len(set(phases)) > tables.DIGEST_EVERY // 2


def test_each_game_stores_its_digests_at_its_own_place_and_a_restart_checks_them(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "DIGEST_EVERY", 8)
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = _client(url)
    web = next(first)
    hall = web.hall()
    digested = []
    store_actions = hall.store.append_actions

    def noting(batch, origin=None):
        digested.extend(a for a in batch if a.digest is not None)
        return store_actions(batch, origin)

    monkeypatch.setattr(hall.store, "append_actions", noting)
    made = create_game(web, ["catacombs"], ["human", "human"], seed=3)
    game_id = made["game"]
    seats = [Seat(web, game_id, s["token"]) for s in made["seats"]]
    played = []
    for _ in range(20):
        acting = next(s for s in seats if s.state["deciding"])
        choice = acting.state["actions"][0]["text"]
        assert acting.act(choice)["type"] == "ack"
        played.append(choice)
        for s in seats:
            if s is not acting:
                s.next("state")
    for s in seats:
        s.close()
    for _ in first:                           # the server stops
        pass

    phase = tables.digest_phase_of(game_id)
    counts = [a.index + 1 for a in digested]
    assert counts == [n for n in range(1, 21) if (n + phase) % 8 == 0]              # two or three of them
    replay = new_game(["catacombs"], 2, 3)
    for n, choice in enumerate(played, start=1):
        replay.apply(choice)
        if n in counts:
            assert digested[counts.index(n)].digest == state_digest(replay)

    with hall.store.engine.begin() as conn:   # the file's last digest no longer matches its actions
        conn.execute(text("UPDATE games SET state_digest = 'not this state' WHERE id = :g"), {"g": game_id})
    second = _client(url)
    again = next(second)
    try:
        seat = Seat(again, game_id, made["seats"][0]["token"])     # the game is rebuilt when it is asked for
        assert again.get("/health").json()["broken"] == [game_id]
        refused = seat.act(seat.state["actions"][0]["text"])       # a choice it shows, refused
        assert refused["type"] == "error" and refused["code"] == "broken"
        assert f"first {counts[-1]} stored actions no longer give the state stored with them" in refused["message"]
        seat.close()
    finally:
        for _ in second:
            pass
