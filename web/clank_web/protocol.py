"""The WebSocket protocol between a page (or any program) and the server.

One socket per seat link (or spectator) at ``/ws/GAME``. Every message is a JSON object with
a ``type``. The client speaks first::

    → {"type": "hello", "token": "SEAT-TOKEN" | null, "mode": "html" | "data"}
    ← {"type": "welcome", "game": ID, "seat": 0 | null, "name": "P1" | null}
    ← {"type": "state", "version": 12, "seat": 0, "deciding": true, "actions": [...], ...}
    → {"type": "act", "action": "play burgle", "version": 12}
    ← {"type": "ack", "version": 13}                 (only once the action is committed)
    ← {"type": "state", "version": 13, ...}          (to every connection of the game; in html
                                                      mode, the parts of the table that changed)
    → {"type": "ping"}   ← {"type": "pong"}
    → {"type": "preview", "action": "orient 1", "version": 13}
    ← {"type": "preview", "action": "orient 1", "version": 13, "diff": [...]}   (the map with the tile laid so)

A refusal is ``{"type": "error", "status": 4xx, "code": WORD, "message": TEXT}``; the state
never changes on a refusal. Refusals that end the conversation also close the socket with
``4000 + status``: a wrong or missing token where one was given (4401), a game that does not
exist or was deleted (4404), a message over the size limit (4413), a first message that is not
a hello (4400). The others leave it open: malformed JSON or an unknown type (400), acting for a
seat that is not deciding, or as a spectator, or for a seat a bot plays (403), a state version
that is not the current one (409: the action was chosen on an older state), an action that
is not legal now (422), too many messages (429).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

MODES = ("html", "data")
MAX_ACTION_TEXT = 200


class Refusal(Exception):
    """A message the server refuses: an HTTP-like ``status``, a ``code`` word, a message a
    person can read, and whether the socket closes (with ``4000 + status``)."""

    def __init__(self, status: int, code: str, message: str, close: bool = False) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.close = status, code, message, close

    @property
    def close_code(self) -> int:
        """The WebSocket close code of a refusal that ends the conversation."""
        return 4000 + self.status

    def to_json(self) -> dict[str, Any]:
        """The refusal as the error message sent to the client."""
        return {"type": "error", "status": self.status, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Hello:
    """A client's first message."""

    token: str | None
    mode: str


@dataclass(frozen=True)
class Act:
    """An action a client sends for its seat, chosen on state ``version``."""

    action: str
    version: int


@dataclass(frozen=True)
class Ping:
    """A keep-alive."""


@dataclass(frozen=True)
class Preview:
    """A page asks how the map looks with a discovered tile laid as ``action`` (one of its
    ``orient``/``place`` actions of state ``version``)."""

    action: str
    version: int


def decode(text: str | bytes | None, limit: int) -> dict[str, Any]:
    """A message's JSON object; :class:`Refusal` when it is too large, binary, not JSON or not
    an object with a ``type``."""
    if text is None:
        raise Refusal(400, "malformed", "binary messages are not part of the protocol: send JSON text")
    if isinstance(text, bytes):
        raise Refusal(400, "malformed", "binary messages are not part of the protocol: send JSON text")
    if len(text.encode("utf-8")) > limit:
        raise Refusal(413, "too-large", f"message larger than {limit} bytes", close=True)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise Refusal(400, "malformed", f"not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refusal(400, "malformed", "a message is a JSON object with a 'type'")
    return data


def parse_hello(data: dict[str, Any]) -> Hello:
    """The hello a conversation must open with."""
    if data.get("type") != "hello":
        raise Refusal(400, "no-hello", "the first message must be {'type': 'hello', ...}", close=True)
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise Refusal(400, "no-hello", "'token' must be text or null", close=True)
    mode = data.get("mode", "html")
    if mode not in MODES:
        raise Refusal(400, "no-hello", f"'mode' must be one of {', '.join(MODES)}", close=True)
    return Hello(token or None, mode)


def parse_message(data: dict[str, Any]) -> Act | Ping | Preview:
    """A message after the hello."""
    kind = data["type"]
    if kind == "ping":
        return Ping()
    if kind not in ("act", "preview"):
        raise Refusal(400, "malformed", f"unknown message type {kind[:40]!r} (expected 'act', 'preview' or 'ping')")
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
        raise Refusal(400, "malformed", "'action' must be an action's text")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refusal(400, "malformed", "'version' must be the version of the state the action was chosen on")
    return Act(action.strip(), version) if kind == "act" else Preview(action.strip(), version)


def encode(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON, its keys in order (``type`` first), text as UTF-8
    (orjson: a state with the table's HTML parts is tens of kilobytes)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
