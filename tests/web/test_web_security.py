"""Bad input at the table: forged, stale and malformed actions, wrong and guessed tokens, a
spectator acting, oversized and too many messages, a deleted game. Each is refused with a
clear message (an HTTP-like status, and a 4xxx close code where the conversation ends) and
the game's state never changes. And what a seat is sent: read the bytes, find no other seat's
secrets in them."""

from __future__ import annotations

import json

import pytest
from clank.api import state_digest
from clank.testing import edit, give_token
from starlette.websockets import WebSocketDisconnect

from .conftest import create_game


def unchanged(client, game_id: str):
    """A check that the game did not move: same version, same state digest."""
    room = client.hall().rooms[game_id]
    before = (room.version, state_digest(room.game))
    return lambda: (room.version, state_digest(room.game)) == before


def two_people(web, seat_conn, packs=("catacombs",), seed=1):
    made = create_game(web, list(packs), ["human", "human"], seed=seed)
    tokens = [s["token"] for s in made["seats"]]
    return made["game"], [seat_conn(web, made["game"], t) for t in tokens]


def test_the_deciding_seat_acts_and_everyone_sees_the_new_state(web, seat_conn):
    game, (p1, p2) = two_people(web, seat_conn)
    assert p1.welcome["seat"] == 0 and p1.state["deciding"] and not p2.state["deciding"]
    assert p2.state["actions"] == []  # the legal actions go to the decider only
    first = p1.state["actions"][0]
    assert first["label"].startswith("play ") and first["text"].startswith("play ")
    assert p1.act(first["text"]) == {"type": "ack", "version": 1}
    assert p2.next("state")["version"] == 1


def test_acting_for_another_seat_is_refused_and_nothing_changes(web, seat_conn):
    game, (p1, p2) = two_people(web, seat_conn)
    same = unchanged(web, game)
    answer = p2.act(p1.state["actions"][0]["text"])  # P1's legal action, sent by P2
    assert answer["status"] == 403 and answer["code"] == "not-your-decision"
    assert "P1's decision" in answer["message"]
    assert same()


def test_an_action_from_a_previous_state_is_refused(web, seat_conn):
    game, (p1, _) = two_people(web, seat_conn)
    old = p1.state["version"]
    p1.act(p1.state["actions"][0]["text"])
    same = unchanged(web, game)
    answer = p1.act(p1.state["actions"][0]["text"], version=old)  # chosen on the old state
    assert answer["status"] == 409 and answer["code"] == "stale"
    assert same()


def test_an_illegal_action_is_refused_with_the_engines_reason(web, seat_conn):
    game, (p1, _) = two_people(web, seat_conn)
    same = unchanged(web, game)
    answer = p1.act("end")
    assert answer["status"] == 422 and "you must play every card in your hand first" in answer["message"]
    answer = p1.act("teleport nowhere at-all")
    assert answer["status"] == 422
    assert same()


def test_a_spectator_cannot_act(web, seat_conn):
    game, (p1, _) = two_people(web, seat_conn)
    watcher = seat_conn(web, game, None)
    assert watcher.welcome["seat"] is None and watcher.state["actions"] == []
    same = unchanged(web, game)
    answer = watcher.act(p1.state["actions"][0]["text"])
    assert answer["status"] == 403 and answer["code"] == "spectator"
    assert same()


@pytest.mark.parametrize("token", ["guessed-token", "A" * 43, "", "x" * 5000])
def test_a_wrong_or_guessed_token_is_refused_and_the_socket_closed(web, seat_conn, token):
    made = create_game(web, ["catacombs"], ["human", "human"])
    same = unchanged(web, made["game"])
    with web.websocket_connect(f"/ws/{made['game']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token, "mode": "data"}))
        if token == "":  # no token: a spectator
            assert json.loads(ws.receive_text())["seat"] is None
            return
        answer = json.loads(ws.receive_text())
        assert answer["status"] in (401, 413)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code in (4401, 4413)
    assert same()


def test_a_token_opens_only_its_own_game(web, seat_conn):
    one = create_game(web, ["catacombs"], ["human", "human"])
    other = create_game(web, ["catacombs"], ["human", "human"], seed=2)
    with web.websocket_connect(f"/ws/{other['game']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": one["seats"][0]["token"]}))
        assert json.loads(ws.receive_text())["code"] == "bad-token"


def test_malformed_messages_are_refused_and_the_conversation_goes_on(web, seat_conn):
    game, (p1, _) = two_people(web, seat_conn)
    same = unchanged(web, game)
    for bad in [
        "{not json",
        "[1, 2]",
        json.dumps({"type": "dance"}),
        json.dumps({"type": "act", "action": 7, "version": 0}),
        json.dumps({"type": "act", "action": "end", "version": "0"}),
    ]:
        p1.send(bad)
        answer = p1.next("error")
        assert answer["status"] == 400, bad
    assert same()
    assert p1.act(p1.state["actions"][0]["text"])["type"] == "ack"  # still connected, still playing


def test_an_oversized_message_closes_the_socket_with_4413(web, seat_conn):
    game, (p1, _) = two_people(web, seat_conn)
    same = unchanged(web, game)
    p1.send(json.dumps({"type": "act", "action": "play burgle", "version": 0, "pad": "x" * 10_000}))
    assert p1.next("error")["status"] == 413
    with pytest.raises(WebSocketDisconnect) as closed:
        p1.next()
    assert closed.value.code == 4413
    assert same()


def test_too_many_messages_are_refused(make_web, seat_conn):
    web = make_web(rate=1.0, burst=3)
    made = create_game(web, ["catacombs"], ["human", "human"])
    p2 = seat_conn(web, made["game"], made["seats"][1]["token"])
    for _ in range(5):
        p2.send({"type": "ping"})
    answers = [p2.next() for _ in range(5)]
    assert [a["type"] for a in answers].count("pong") == 3
    assert any(a.get("status") == 429 for a in answers)


def test_a_deleted_game_refuses_everything(web, seat_conn):
    made = create_game(web, ["catacombs"], ["human", "human"])
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    assert web.post(f"/api/games/{made['game']}/delete", json={"token": "guess"}).status_code == 403
    assert web.post(f"/api/games/{made['game']}/delete", json={"token": made["creator_token"]}).json()["ok"]
    assert p1.next("error")["code"] == "deleted"
    with pytest.raises(WebSocketDisconnect) as closed:          # and its socket is closed
        p1.next()
    assert closed.value.code == 4404
    with web.websocket_connect(f"/ws/{made['game']}") as ws:
        answer = json.loads(ws.receive_text())
        assert answer["status"] == 404
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4404
    assert web.get(f"/g/{made['game']}").status_code == 404
    assert made["game"] not in web.hall().rooms


def test_only_the_creator_hands_a_seat_to_a_bot_which_then_plays_it(web, seat_conn):
    made = create_game(web, ["catacombs"], ["human", "human"], options={"max_rounds": 2})
    url = f"/api/games/{made['game']}/takeover"
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"])
    assert (
        web.post(url, json={"token": made["seats"][0]["token"], "seat": 1, "bot": "random"}).status_code
        == 403
    )
    assert web.post(url, json={"token": made["creator_token"], "seat": 1, "bot": "nobot"}).status_code == 400
    for seat in (0, 1):
        assert (
            web.post(url, json={"token": made["creator_token"], "seat": seat, "bot": "random"}).status_code
            == 200
        )
    while not p1.next("state")["over"]:  # both seats are bots' now: the game plays on to its end
        assert not p1.state["deciding"]
    answer = p1.act("end")
    assert answer["status"] == 409  # the game is over: nothing more is accepted


def test_an_action_the_database_refuses_is_not_applied_and_play_goes_on(web, seat_conn, monkeypatch):
    """A commit that fails answers 503 and leaves the game exactly as it was (the action was
    applied to the game, so the server puts it back by replaying the stored actions); the same
    action is then accepted once the database takes it, and a restart's replay agrees."""
    game, (p1, p2) = two_people(web, seat_conn)
    for _ in range(3):  # a few actions in, so that putting back is a replay, not a fresh game
        mover, other = (p1, p2) if p1.state["deciding"] else (p2, p1)
        assert mover.act(mover.state["actions"][0]["text"])["type"] == "ack"
        other.next("state")
    p = p1 if p1.state["deciding"] else p2
    same = unchanged(web, game)
    store = web.hall().store
    real = store.append_actions

    def refuse(appends):
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_actions", refuse)
    choice = p.state["actions"][-1]["text"]
    answer = p.act(choice)
    assert answer["status"] == 503 and answer["code"] == "not-stored" and "nothing changed" in answer["message"]
    assert same()
    monkeypatch.setattr(store, "append_actions", real)
    assert p.act(choice)["type"] == "ack"
    room = web.hall().rooms[game]
    replayed = web.hall().new_game(room.spec)
    for text in store.load_games()[0].actions:
        replayed.apply(text)
    assert state_digest(replayed) == state_digest(room.game)


def test_a_seat_receives_no_other_seats_secrets(web, seat_conn):
    """Another seat's hand, every deck's order, the dungeon deck, the fate deck and the fate
    cards another seat holds face down: none of their names or ids are in the bytes a seat or a
    spectator receives."""
    made = create_game(web, ["catacombs", "underworld"], ["human", "human"], seed=5)
    room = web.hall().rooms[made["game"]]
    game = room.game
    with edit(game) as state:  # give P2 a hand and a deck nobody else can see
        p2 = state.players[1]
        secret_cards = [c for c in state.dungeon_deck if c not in state.row][:8]
        for card in secret_cards:
            state.dungeon_deck.remove(card)
        p2.hand, p2.deck = secret_cards[:4], secret_cards[4:]
    tokens = game.ruleset.tokens
    face_down = [t for t in game.state.pools["fate"] if tokens[t].data.get("hidden")]  # held face down (U12)
    fate, second = face_down[0], face_down[1]
    give_token(game, 1, fate)
    give_token(game, 1, second)
    room._cache.clear()
    cards = game.ruleset.cards
    public = (
        set(game.state.row) | set(game.state.reserve) | set(game.player(0).hand) | set(game.player(0).deck)
    )
    hidden_cards = {c for c in [*secret_cards, *game.state.dungeon_deck[:20]] if c not in public}
    hidden = {
        *hidden_cards,
        *(cards[c].name for c in hidden_cards),
        fate,
        tokens[fate].name,
        second,
        tokens[second].name,
        *game.state.pools["fate"],
    }
    p1 = seat_conn(web, made["game"], made["seats"][0]["token"], mode="html")
    watcher = seat_conn(web, made["game"], None, mode="html")
    p2 = seat_conn(web, made["game"], made["seats"][1]["token"], mode="html")
    p1.act(p1.state["actions"][0]["text"])
    watcher.next("state")
    seen_by = {"P1": "".join(p1.raw), "spectator": "".join(watcher.raw)}
    for who, sent in seen_by.items():
        leaked = sorted(h for h in hidden if json.dumps(h)[1:-1] in sent)
        assert not leaked, f"{who} received {leaked}"
    own = "".join(p2.raw)
    assert all(cards[c].name in own for c in secret_cards[:4])  # the test can see a leak: P2 sees its hand


def test_the_map_every_page_shares_is_what_each_seats_own_view_draws(web, seat_conn):
    """The map is drawn once a state for every page of a game, from the spectator's view. What a
    page shows of it is, for every seat, exactly the map the engine draws from that seat's own
    view: nothing another seat may not see reaches it through the shared drawing, and nothing it
    may see is missing (an Underworld game: face-down fate cards, tile stacks, markets)."""
    import random

    from clank.mapdraw import map_scene
    from clank_web.present import map_part

    from .pagedom import Page

    made = create_game(web, ["catacombs", "underworld"], ["human", "human"], seed=5)
    room = web.hall().rooms[made["game"]]
    pages = [seat_conn(web, made["game"], s["token"], mode="html") for s in made["seats"]]
    rng = random.Random(5)
    for step in range(60):
        if step % 6 == 0:
            for seat, page in enumerate(pages):
                own = Page()
                own.receive({"html": {"map": map_part(map_scene(room.game.view(seat))).inner()}})
                assert page.page.write("map") == own.write("map"), (step, seat)
        mover = next(p for p in pages if p.state["deciding"])
        explore = [a for a in mover.state["actions"] if a["kind"] in ("explore", "orient")]
        mover.act((explore[0] if explore else rng.choice(mover.state["actions"]))["text"])
        for other in pages:
            if other is not mover:
                other.next("state")
    assert len(room.game.state.tiles) > 3
