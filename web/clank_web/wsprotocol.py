"""The WebSocket protocol the server runs: uvicorn's sans-I/O one, which stops reading a socket
less often.

uvicorn stops reading a socket (``pause_reading``) as soon as one message waits for the
application, and reads again once the application has taken it. A page sends one message and
waits for the answer, so under load every message cost a pause and a resume: two ``epoll_ctl``
calls and the event loop's bookkeeping of its readers, about 4% of the server's time in a
closed loop of 100 games. :class:`WebSocketProtocol` stops reading only once
:data:`PAUSE_AT` messages wait: a page that sends faster than its room answers is still held
back (and the rate limit refuses the excess), with at most that many messages queued.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

PAUSE_AT = 2
"""Messages waiting for the application at which reading the socket stops (uvicorn's: 1)."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, reading on while fewer than :data:`PAUSE_AT`
    messages wait (it reads again, as before, once the application has taken every one)."""

    def send_receive_event_to_app(self) -> None:
        """Queue a received message for the application; stop reading once enough wait."""
        paused = self.read_paused
        self.read_paused = True                 # uvicorn's own method queues it without pausing
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = paused
        if not paused and self.queue.qsize() >= PAUSE_AT:
            self.read_paused = True
            self.transport.pause_reading()
