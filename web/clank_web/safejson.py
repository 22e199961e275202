"""JSON that comes from outside (WebSocket messages, HTTP bodies, option values typed in the
lobby): its nesting depth is measured before it is parsed, so no input reaches a parser's
recursion limit, and anything that is not JSON is refused as ``malformed``."""

from __future__ import annotations

import re
from typing import Any

import orjson

from clank_web.refusal import Refusal

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects accepted (the protocol's messages need 2, a new
game's JSON 3)."""
_STRUCTURE = re.compile(rb'"(?:[^"\\]|\\.?)*(?:"|\Z)|[\[\]{}]', re.DOTALL)
"""A JSON text's strings (skipped whole; one left open runs to the end of the text, so no start
is ever tried twice and the scan stays linear whatever the quotes and backslashes) and
brackets."""


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` in ``raw`` (brackets inside strings
    do not count): a linear scan that never recurses, skipped when ``raw`` holds too few
    brackets to nest that deep."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    level = 0
    for token in _STRUCTURE.finditer(raw):
        char = token.group()[:1]
        if char in (b"[", b"{"):
            level += 1
            if level > limit:
                return True
        elif char in (b"]", b"}"):
            level -= 1
    return False


def loads(raw: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) → value; :class:`~clank_web.refusal.Refusal` ``malformed`` for
    anything that is not JSON (bad UTF-8, a lone surrogate, ``NaN``, a number out of range) or
    that nests deeper than :data:`MAX_DEPTH`, which is checked before the text is parsed."""
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError:
            raise Refusal("malformed", "not JSON: the text is not valid UTF-8") from None
    if too_deep(raw):
        raise Refusal("malformed", f"not accepted: JSON nested deeper than {MAX_DEPTH} levels")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise Refusal("malformed", f"not JSON: {str(exc)[:120]}") from None
