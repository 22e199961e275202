"""The WebSocket: one conversation per seat link (or spectator), the protocol of
:mod:`clank_web.protocol`. The game room refuses in its own terms; here a refusal becomes an
error message, and one that ends the conversation also closes the socket with its close code
(every end of a conversation the server chooses comes with a close frame and a reason)."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from clank_web.connection import Connection
from clank_web.handlers.common import hall_of, room_of
from clank_web.protocol import (
    Act,
    Preview,
    close_code,
    decode,
    encode,
    parse_hello,
    parse_message,
    refusal_json,
)
from clank_web.ratelimit import TokenBucket
from clank_web.refusal import Refusal

HELLO_TIMEOUT = 15.0
"""Seconds a new connection has to say hello."""


async def socket(ws: WebSocket) -> None:
    """``WS /ws/GAME``: hello, then the game's states and the seat's actions."""
    await ws.accept()
    try:
        await converse(ws)
    except WebSocketDisconnect:
        return
    except Refusal as refusal:  # a refusal that ends the conversation
        with contextlib.suppress(Exception):
            await ws.send_text(encode(refusal_json(refusal)))
            await ws.close(close_code(refusal) or 4400, refusal.message[:120])


async def converse(ws: WebSocket) -> None:
    """The conversation: the hello (which seat, which mode), then every message until the page
    leaves."""
    config = hall_of(ws).config
    room = await room_of(ws)
    try:
        first = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
    except TimeoutError:
        raise Refusal("no-hello", "no hello within the time allowed") from None
    except KeyError:  # a binary first frame
        raise Refusal("no-hello", "the first message must be a JSON hello") from None
    hello = parse_hello(decode(first, config.max_message))
    seat = None
    if hello.token is not None:
        seat = room.seat_of(hello.token)
        if seat is None:
            raise Refusal(
                "bad-token",
                "this seat link is not valid for this game (a wrong, old or mistyped token): "
                "ask the game's creator for yours",
            )
    conn = Connection(ws.send_text, seat, hello.mode, close=ws.close)
    conn.push({"type": "welcome", "game": room.id, "seat": seat,
               "name": room.game.name(seat) if seat is not None else None})
    await room.join(conn)
    bucket = TokenBucket(config.rate, config.burst)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if room.deleted:
                raise Refusal("deleted", "this game was deleted")
            try:
                if not bucket.allow():
                    raise Refusal("too-fast", "too many messages: slow down (this one was ignored)")
                data = decode(message.get("text") if "text" in message else message.get("bytes"), config.max_message)
                parsed = parse_message(data)
                if isinstance(parsed, Act):
                    await room.act(seat, parsed.action, parsed.version, conn=conn)
                elif isinstance(parsed, Preview):
                    conn.push(await room.preview(seat, parsed.action, parsed.version))
                else:
                    conn.push({"type": "pong", "version": room.version})
            except Refusal as refusal:
                if close_code(refusal) is not None:
                    raise
                conn.push(refusal_json(refusal))
    finally:
        room.leave(conn)
        await conn.finish()
