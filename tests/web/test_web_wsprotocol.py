"""The server's WebSocket protocol (``clank_web.wsprotocol``): it reads on while fewer than
``PAUSE_AT`` messages wait for the application, stops reading once that many wait, and reads
again once the application has taken them all (uvicorn's own protocol stops at one)."""

from __future__ import annotations

import asyncio

from clank_web import serve
from clank_web.wsprotocol import PAUSE_AT, WebSocketProtocol


class FakeTransport:
    def __init__(self) -> None:
        self.paused = False
        self.pauses = self.resumes = 0

    def pause_reading(self) -> None:
        self.paused, self.pauses = True, self.pauses + 1

    def resume_reading(self) -> None:
        self.paused, self.resumes = False, self.resumes + 1


def a_protocol() -> tuple[WebSocketProtocol, FakeTransport]:
    """The protocol's receiving half alone: its queue, its transport, a text frame arrived."""
    proto = WebSocketProtocol.__new__(WebSocketProtocol)
    transport = FakeTransport()
    proto.transport = transport  # type: ignore[assignment]
    proto.queue = asyncio.Queue()
    proto.read_paused = False
    proto.close_sent = False
    proto.curr_msg_data_type = "text"
    return proto, transport


def receive(proto: WebSocketProtocol, text: str) -> None:
    proto.frames = [text.encode()]
    proto.send_receive_event_to_app()


def test_one_message_at_a_time_never_stops_reading():
    async def play():
        proto, transport = a_protocol()
        for n in range(5):
            receive(proto, f'{{"n":{n}}}')
            assert (await proto.receive())["text"] == f'{{"n":{n}}}'
        return transport

    transport = asyncio.run(play())
    assert transport.pauses == transport.resumes == 0


def test_reading_stops_once_enough_wait_and_goes_on_once_all_are_taken():
    async def play():
        proto, transport = a_protocol()
        for n in range(PAUSE_AT + 2):                 # a burst in one read: every frame is queued
            receive(proto, str(n))
        assert transport.paused and transport.pauses == 1 and proto.read_paused
        taken = [(await proto.receive())["text"] for _ in range(PAUSE_AT + 1)]
        assert transport.paused                       # one still waits
        taken.append((await proto.receive())["text"])
        assert not transport.paused and transport.resumes == 1 and not proto.read_paused
        return taken

    assert asyncio.run(play()) == [str(n) for n in range(PAUSE_AT + 2)]


def test_the_server_runs_this_protocol(monkeypatch):
    import logging

    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: seen.update(settings))
    monkeypatch.setattr(logging, "basicConfig", lambda **settings: None)
    serve.run(serve.ServerConfig(), port=0)
    assert seen["ws"] is WebSocketProtocol
