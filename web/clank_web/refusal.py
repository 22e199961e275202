"""What the table refuses, in the game's terms: a code word and a sentence a person can read.

The game room, the hall and the lobby raise :class:`Refusal` with a code (``stale``,
``not-your-decision``, ``no-game`` ...) and say nothing of HTTP or WebSockets: the transport
(:mod:`clank_web.protocol`) maps each code to an HTTP status and, on a socket, to whether the
conversation ends and with which close code.
"""

from __future__ import annotations


class Refusal(Exception):
    """A request the table refuses: nothing changed. ``code`` is one of the words
    :data:`clank_web.protocol.STATUS` lists; ``message`` says why, in words a player can act on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message

    @property
    def sentence(self) -> str:
        """The message as a page shows it, on its own: with a capital letter."""
        return self.message[:1].upper() + self.message[1:]

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"
