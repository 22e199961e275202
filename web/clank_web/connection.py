"""One WebSocket conversation as the game room sees it: its seat, its mode, and the messages
queued for it, written in order by a task of its own (a slow reader never holds up the room)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from clank_web.protocol import close_code, encode, refusal_json
from clank_web.refusal import Refusal


class Connection:
    """One WebSocket conversation: its seat (None for a spectator), its mode, and a queue of
    outgoing messages written in order by a task of its own."""

    def __init__(self, send: Callable[[str], Any], seat: int | None, mode: str,
                 close: Callable[[int, str], Any] | None = None) -> None:
        self.seat, self.mode = seat, mode
        self._send, self._close = send, close
        self.queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue()
        self.closed = False
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None or self.closed:
                return
            try:
                if isinstance(text, tuple):  # close the socket with this code, after what was queued
                    self.closed = True
                    if self._close is not None:
                        await self._close(*text)
                    return
                await self._send(text)
            except Exception:  # the peer is gone: stop writing, the reader cleans up
                self.closed = True
                return

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict is encoded as JSON)."""
        if not self.closed:
            self.queue.put_nowait(message if isinstance(message, str) else encode(message))

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
