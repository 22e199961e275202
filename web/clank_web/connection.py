"""One WebSocket conversation as the game room sees it: its seat, its mode, and the messages
sent to it, in order, without a slow reader ever holding up the room.

A message goes out at once when nothing waits before it: the socket's send does not wait while
its buffer has room, so it runs to its end in :meth:`Connection.push` (a task woken for every
message cost the server about a twentieth of its time under load, and the message one turn of
the event loop). A send that has to wait (the peer reads slowly), and every message after it,
are finished in order by the connection's own task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from clank_web.protocol import close_code, encode, refusal_json
from clank_web.refusal import Refusal


class _Unfinished:
    """A send that had to wait: the coroutine, and what it waits for."""

    __slots__ = ("send", "waiting")

    def __init__(self, send: Coroutine[Any, Any, Any], waiting: Any) -> None:
        self.send, self.waiting = send, waiting

    async def finish(self) -> None:
        """Run the send to its end (as a task would: each time what it waits for is done)."""
        send, waiting = self.send, self.waiting
        try:
            while True:
                if waiting is None:
                    await asyncio.sleep(0)
                else:
                    await asyncio.wait((waiting,))
                waiting = send.send(None)
        except StopIteration:
            return
        finally:
            send.close()            # when it did not end (the writer was cancelled): nothing runs on


Queued = str | tuple[int, str] | _Unfinished | None


class Connection:
    """One WebSocket conversation: its seat (None for a spectator), its mode, and its outgoing
    messages, sent at once while nothing waits before them, else in order by a task of its own."""

    def __init__(self, send: Callable[[str], Coroutine[Any, Any, Any]], seat: int | None, mode: str,
                 close: Callable[[int, str], Any] | None = None) -> None:
        self.seat, self.mode = seat, mode
        self._send, self._close = send, close
        self.queue: asyncio.Queue[Queued] = asyncio.Queue()
        self.closed = False
        self._held = False  # a send that had to wait is not finished: what follows waits its turn
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None or self.closed:
                if isinstance(item, _Unfinished):
                    item.send.close()
                return
            try:
                if isinstance(item, _Unfinished):
                    await item.finish()
                    self._held = False
                elif isinstance(item, tuple):  # close the socket with this code, after what was queued
                    self.closed = True
                    if self._close is not None:
                        await self._close(*item)
                    return
                else:
                    await self._send(item)
            except Exception:  # the peer is gone: stop writing, the reader cleans up
                self.closed = True
                return

    def push(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict is encoded as JSON): at once when nothing waits before it,
        else after what does."""
        if self.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        if self._held or not self.queue.empty():
            self.queue.put_nowait(text)
            return
        send = self._send(text)
        try:
            waiting = send.send(None)
        except StopIteration:
            return
        except Exception:  # the peer is gone: stop writing, the reader cleans up
            self.closed = True
            return
        self._held = True
        self.queue.put_nowait(_Unfinished(send, waiting))

    def shut(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` once the messages queued before are sent."""
        if not self.closed:
            self.queue.put_nowait((code, reason))

    async def finish(self) -> None:
        """Send what is queued, then stop the writer."""
        self.queue.put_nowait(None)
        try:
            await asyncio.wait_for(self.writer, 5)
        except (TimeoutError, asyncio.CancelledError):
            self.writer.cancel()

    def end(self, refusal: Refusal) -> None:
        """Tell the page why the conversation ends, then close the socket (the close code the
        refusal's code maps to: 4404 for a deleted game ...)."""
        self.push(refusal_json(refusal))
        self.shut(close_code(refusal) or 4400, refusal.message[:120])
