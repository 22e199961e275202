"""Teleport target kinds of base cards (C8, N5: card text overrides 'adjacent')."""

from __future__ import annotations


def _rooms(game):
    for t in game.state.tiles:
        for local in game.ruleset.tiles[t.tile].rooms:
            yield t.tile, f"{t.tile}.{local}"


def wayshrines(game, seat):
    """Waystone: from a wayshrine to another wayshrine."""
    here = game.player(seat).room
    if not game.room_has(here, "wayshrine"):
        return []
    return [r for _, r in _rooms(game) if game.room_has(r, "wayshrine") and r != here]


def haunted_tile(game, seat):
    """Spectral Rider: any room of another haunted tile."""
    here = game.player(seat).room
    tile = here.partition(".")[0] if here else None
    return [r for t, r in _rooms(game) if game.ruleset.tiles[t].haunted and t != tile]


def player_in_depths(game, seat):
    """Blink Spell: another player's room in the Depths."""
    out = []
    for p in game.state.players:
        if p.seat != seat and p.status == "live" and p.room and game.in_depths(p.room) and p.room not in out:
            out.append(p.room)
    return out
