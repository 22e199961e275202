"""Seat and creator tokens: unguessable, stored only as hashes, compared in constant time.

A seat link carries a token (``secrets.token_urlsafe``, 32 random bytes) in its fragment
(``/g/GAME#seat=TOKEN``), which browsers never send to a server in a request line or a
Referer header; the page's script sends it over the WebSocket. The database keeps only its
SHA-256: a stolen database does not hand out seats.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh secret token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash was stored (constant-time comparison)."""
    if not token or not stored_hash or len(token) > 256:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_game_id() -> str:
    """A game's public id (it appears in spectator links): random, so games cannot be listed by
    counting."""
    return secrets.token_urlsafe(9)
