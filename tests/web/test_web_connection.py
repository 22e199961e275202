"""A connection's outgoing messages (``clank_web.connection``): sent at once while nothing waits
before them; a send that has to wait (a peer reading slowly) holds every later message back
until it is done, so the page receives them in order; a peer gone stops the writing."""

from __future__ import annotations

import asyncio

from clank_web.connection import Connection


class Peer:
    """A socket's sending half: ``sent`` in order; while ``full`` is clear, a send waits."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.full = asyncio.Event()
        self.full.set()
        self.gone = False

    async def send(self, text: str) -> None:
        await self.full.wait()
        if self.gone:
            raise ConnectionResetError("the peer is gone")
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_a_message_is_sent_at_once_while_nothing_waits_before_it():
    async def play():
        peer = Peer()
        conn = Connection(peer.send, 0, "html", close=peer.close)
        conn.push("one")
        conn.push({"type": "ack", "version": 3})
        sent_at_once = list(peer.sent)                 # before the event loop ran anything
        await conn.finish()
        return sent_at_once

    assert asyncio.run(play()) == ["one", '{"type":"ack","version":3}']


def test_a_send_that_waits_holds_the_later_messages_back_and_all_arrive_in_order():
    async def play():
        peer = Peer()
        conn = Connection(peer.send, 0, "html", close=peer.close)
        conn.push("first")
        peer.full.clear()                              # the socket's buffer is full
        conn.push("second")                            # waits
        conn.push("third")                             # queued behind it
        await asyncio.sleep(0.01)
        held = list(peer.sent)
        peer.full.set()
        await asyncio.sleep(0.01)
        conn.push("fourth")
        conn.shut(4000, "bye")
        await asyncio.wait_for(conn.writer, 1)
        return held, peer.sent, peer.closed

    held, sent, closed = asyncio.run(play())
    assert held == ["first"]
    assert sent == ["first", "second", "third", "fourth"]
    assert closed == (4000, "bye")


def test_a_peer_gone_stops_the_writing_whether_the_send_was_at_once_or_waiting():
    async def at_once():
        peer = Peer()
        conn = Connection(peer.send, None, "data")
        peer.gone = True
        conn.push("lost")
        conn.push("not tried")
        await conn.finish()
        return conn.closed, peer.sent

    async def waiting():
        peer = Peer()
        conn = Connection(peer.send, None, "data")
        peer.full.clear()
        conn.push("waits")
        conn.push("behind")
        peer.gone = True
        peer.full.set()
        await asyncio.wait_for(conn.writer, 1)
        return conn.closed, peer.sent

    assert asyncio.run(at_once()) == (True, [])
    assert asyncio.run(waiting()) == (True, [])


def test_finishing_while_a_send_waits_ends_the_writer_without_running_it_on(monkeypatch):
    real_wait_for = asyncio.wait_for

    async def quick(task, timeout):                    # the writer's 5 s grace, shortened
        return await real_wait_for(task, 0.05)

    monkeypatch.setattr(asyncio, "wait_for", quick)

    async def play():
        peer = Peer()
        conn = Connection(peer.send, 1, "html")
        peer.full.clear()
        conn.push("never")
        await conn.finish()                            # gives up: the peer never reads
        return conn.writer.done(), peer.sent

    assert asyncio.run(play()) == (True, [])
