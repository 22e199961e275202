"""No request of any shape gives a 500, and no socket is dropped without a close frame.

Hypothesis sends the HTTP API and the WebSocket whatever it likes: JSON of any shape and type
(deep nesting, huge numbers, odd types where text or numbers belong), bodies that are not
JSON or not UTF-8, forms, unknown and malformed game ids. Every HTTP answer must be below 500;
every socket message must be answered (an error or a pong) or end the conversation with a
close frame whose code says why (4xxx). JSON nested deeper than the limit is refused before it
is parsed, as ``malformed``."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from clank_web.safejson import too_deep
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from .conftest import create_game

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30) | st.sampled_from(["human", "greedy", "mcts:50", "catacombs", "mcts:1e9", "../x"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)
"""Any JSON value."""

fields = st.sampled_from(["packs", "players", "seed", "seats", "options", "timer", "token", "seat", "bot", "type",
                          "action", "version", "mode"])
bodies = st.dictionaries(fields, json_values, max_size=6) | json_values
"""JSON bodies: objects of the API's own fields with values of any type, or any JSON at all."""


def deep(n: int) -> str:
    return "[" * n + "]" * n


raw_texts = st.sampled_from([
    deep(2000), '{"a":' * 3000 + "1" + "}" * 3000, "1" * 5000, "-" + "9" * 400, "1e999999", "NaN", "[1,]",
    '{"packs": ["catacombs"], "players": ' + "9" * 5000 + "}", '"\\ud800"', "{}", "", "null", '{"seats": "human"}',
]) | st.text(max_size=200)
"""Texts that are not quite JSON, or JSON at its edges."""

raw_bytes = st.binary(max_size=200) | st.sampled_from([b"\xff\xfe\xfd", b'{"packs": ["\xc3\x28"]}', b"\x00" * 10])


def no_500(answer: Any) -> None:
    assert answer.status_code < 500, (answer.status_code, answer.text[:300])


@pytest.fixture
def game(web) -> dict[str, Any]:
    return create_game(web, ["catacombs"], ["human", "human"], seed=3)


@FUZZ
@given(body=bodies, path=st.sampled_from(["create", "takeover", "delete", "fault", "record", "page"]),
       which=st.sampled_from(["real", "unknown", "odd"]))
@example(body={"packs": ["catacombs"], "players": 2, "options": {"max_rounds": 1e300}}, path="create", which="real")
@example(body={"packs": ["catacombs"], "options": {"parts": [[[]]]}}, path="create", which="real")
@example(body={"token": None, "seat": 10**20, "bot": "mcts:1000000000000"}, path="takeover", which="real")
def test_no_json_body_or_path_gives_a_500(web, game, body, path, which):
    game_id = {"real": game["game"], "unknown": "nosuchgame", "odd": "..%2F%00%20x" * 5}[which]
    if path == "create":
        no_500(web.post("/api/games", json=body))
    elif path in ("takeover", "delete", "fault"):
        if isinstance(body, dict) and "token" in body and which == "real" and path != "delete":
            body = {**body, "token": game["creator_token"]}
        no_500(web.post(f"/api/games/{game_id}/{path}", json=body))
    elif path == "record":
        no_500(web.get(f"/g/{game_id}/record"))
    else:
        no_500(web.get(f"/g/{game_id}", headers={"accept": "text/html"}))


@FUZZ
@given(text=raw_texts, raw=raw_bytes, path=st.sampled_from(["/api/games", "/takeover", "/games"]))
def test_no_body_that_is_not_json_or_not_utf8_gives_a_500(web, game, text, raw, path):
    url = f"/api/games/{game['game']}/takeover" if path == "/takeover" else path
    for content in (text.encode("utf-8", "surrogatepass"), raw):
        answer = web.post(url, content=content, headers={"content-type": "application/json"})
        no_500(answer)
        if path != "/games" and answer.status_code == 400:
            assert answer.json()["code"] in ("malformed", "refused", "no-game", "not-creator")
    no_500(web.post("/games", content=raw, headers={"content-type": "multipart/form-data; boundary=x"}))


@FUZZ
@given(form=st.dictionaries(st.sampled_from(["pack", "players", "seed", "timer", "seat0", "budget0", "seat1",
                                             "option:max_rounds", "option:parts", "option:mercy", "x"]),
                            st.text(max_size=40) | st.sampled_from([deep(3000), "9" * 5000, "mcts", "catacombs"]),
                            max_size=8))
def test_no_lobby_form_gives_a_500(web, form):
    no_500(web.post("/games", data=form))


def test_json_nested_deeper_than_the_limit_is_refused_as_malformed_before_it_is_parsed(web, seat_conn, game):
    """2,000 levels in 4 KB (under the size limit): 400 ``malformed`` on the API, an error on the
    socket, which stays open."""
    for url in ("/api/games", f"/api/games/{game['game']}/takeover"):
        answer = web.post(url, content=deep(2000).encode(), headers={"content-type": "application/json"})
        assert answer.status_code == 400 and answer.json()["code"] == "malformed"
        assert "nested deeper than 16 levels" in answer.json()["message"]
    p1 = seat_conn(web, game["game"], game["seats"][0]["token"])
    p1.send('{"type": "act", "action": ' + deep(1900) + ', "version": 0}')
    refused = p1.next("error")
    assert refused["code"] == "malformed" and "nested deeper" in refused["message"]
    p1.send({"type": "ping"})
    assert p1.next("pong")["type"] == "pong"  # the conversation goes on


@pytest.mark.parametrize("raw", [
    b'"' + b'\\"' * 30_000 + b"[]" * 20,          # one string left open, full of escaped quotes
    b"[]" * 20 + b'"a\\' * 20_000,                # strings that each end in a lone backslash
    b'"' + b'\\"' * 30_000 + b"\\",              # an escape at the very end
])
def test_measuring_the_depth_of_a_body_full_of_quotes_and_backslashes_takes_one_pass(raw):
    """The depth scan skips strings in one pass whatever their quotes and backslashes: before,
    a 64 KB body of escaped quotes (under the size limit) held the server for a minute."""
    started = time.perf_counter()
    assert too_deep(raw) is False and len(raw) <= 64 * 1024
    assert time.perf_counter() - started < 2.0


def test_the_depth_scan_counts_the_brackets_json_counts():
    assert too_deep(b"[" * 17 + b"]" * 17) and not too_deep(b"[" * 16 + b"]" * 16)
    assert not too_deep(b'["' + b"[" * 40 + b'"]')                  # brackets inside a string
    assert too_deep(b'["\\""' + b"[" * 17)       # an escaped quote does not end the string...
    assert too_deep(b'["\\\\"' + b"[" * 16)       # ...the quote after an escaped backslash does
    assert not too_deep(b'["\\"' + b"[" * 20)    # brackets after a string left open do not count


socket_messages = st.one_of(
    bodies.map(json.dumps),
    raw_texts,
    raw_bytes,
    st.fixed_dictionaries({"type": st.just("act"), "action": json_values, "version": json_values}).map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["hello", "ping", "act"]), "token": json_values,
                           "mode": json_values}).map(json.dumps),
)


def answered_or_closed(ws: Any) -> str:
    """Read until the server answers or closes: ``"open"`` after an answer, ``"closed"`` after a
    close frame with a code that says why."""
    try:
        while True:
            message = json.loads(ws.receive_text())
            if message["type"] in ("error", "pong"):
                return "open"
    except WebSocketDisconnect as closed:
        assert 4000 <= closed.code < 5000 or closed.code == 1000, closed.code
        return "closed"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hello=socket_messages, messages=st.lists(socket_messages, max_size=4))
def test_no_socket_message_drops_the_socket_without_a_close_frame(web, game, hello, messages):
    """Any first message, then any messages: each is answered (an error, a pong, a state) or
    the conversation ends with a close frame; a ping after an answer is always answered."""
    with web.websocket_connect(f"/ws/{game['game']}") as ws:
        for message in [hello, *messages]:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            ws.send_text('{"type": "ping"}')
            if answered_or_closed(ws) == "closed":
                return
