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
never changes on a refusal. The game room speaks in codes (:class:`~clank_web.refusal.Refusal`);
this module maps each code to its status (:data:`STATUS`) and says which end the
conversation, closing the socket with ``4000 + status`` (:data:`ENDS_CONVERSATION`): a wrong
or missing token where one was given (4401), a game that does not exist or was deleted (4404),
a message over the size limit (4413), a first message that is not a hello (4400). The others
leave it open: malformed JSON or an unknown type (400), acting for a seat that is not deciding,
or as a spectator, or for a seat a bot plays (403), a state version that is not the current
one (409: the action was chosen on an older state; ``stale-preview`` for a preview), an action
that is not legal now (422; ``no-preview``: a preview of no orientation the seat may choose),
too many messages (429).

JSON from outside is parsed by :func:`clank_web.safejson.loads` (WebSocket messages and HTTP
bodies alike): its nesting depth is measured before it is parsed, so no input reaches a
parser's recursion limit; anything that is not JSON, or too deep, is ``malformed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from clank_web.refusal import Refusal
from clank_web.safejson import loads

MODES = ("html", "data")
MAX_ACTION_TEXT = 200

STATUS: dict[str, int] = {
    "malformed": 400, "no-hello": 400, "refused": 400, "bad-bot": 400, "bad-seat": 400,
    "bad-token": 401,
    "not-creator": 403, "spectator": 403, "not-your-decision": 403, "bot-seat": 403,
    "no-game": 404, "deleted": 404,
    "stale": 409, "stale-preview": 409, "over": 409, "broken": 409, "stopped": 409, "not-over": 409,
    "too-large": 413,
    "illegal": 422, "no-preview": 422,
    "too-fast": 429,
    "pack-fault": 500,
    "not-stored": 503,
}
"""The HTTP-like status of each refusal's code."""
ENDS_CONVERSATION = frozenset({"no-hello", "bad-token", "no-game", "deleted", "too-large"})
"""Refusals after which a socket is closed (with ``4000 + status``)."""


def status(refusal: Refusal) -> int:
    """The HTTP status of a refusal (400 for a code this table does not list)."""
    return STATUS.get(refusal.code, 400)


def close_code(refusal: Refusal) -> int | None:
    """The close code of a refusal that ends a WebSocket conversation, else None."""
    return 4000 + status(refusal) if refusal.code in ENDS_CONVERSATION else None


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """The refusal as the error message sent to the client (socket or HTTP body)."""
    return {"type": "error", "status": status(refusal), "code": refusal.code, "message": refusal.message}


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
    """A message's JSON object; :class:`Refusal` when it is too large, binary, not JSON, too
    deep or not an object with a ``type``."""
    if text is None or isinstance(text, bytes):
        raise Refusal("malformed", "binary messages are not part of the protocol: send JSON text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise Refusal("too-large", f"message larger than {limit} bytes")
    data = loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refusal("malformed", "a message is a JSON object with a 'type'")
    return data


def parse_hello(data: dict[str, Any]) -> Hello:
    """The hello a conversation must open with."""
    if data.get("type") != "hello":
        raise Refusal("no-hello", "the first message must be {'type': 'hello', ...}")
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise Refusal("no-hello", "'token' must be text or null")
    mode = data.get("mode", "html")
    if mode not in MODES:
        raise Refusal("no-hello", f"'mode' must be one of {', '.join(MODES)}")
    return Hello(token or None, mode)


def parse_message(data: dict[str, Any]) -> Act | Ping | Preview:
    """A message after the hello."""
    kind = data["type"]
    if kind == "ping":
        return Ping()
    if kind not in ("act", "preview"):
        raise Refusal("malformed", f"unknown message type {kind[:40]!r} (expected 'act', 'preview' or 'ping')")
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
        raise Refusal("malformed", "'action' must be an action's text")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refusal("malformed", "'version' must be the version of the state the action was chosen on")
    return Act(action.strip(), version) if kind == "act" else Preview(action.strip(), version)


def encode(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON, its keys in order (``type`` first), text as UTF-8
    (orjson: a state with the table's HTML parts is tens of kilobytes)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
