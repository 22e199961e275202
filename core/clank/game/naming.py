"""How players name a room: one readable name, in the three forms the front ends and the log
need, from the room's id, its tile's name and what content or packs say.

A room id is ``TILE.ROOM`` (``t-7.nave``); players never see it. A room's *own name* is its
``name`` in the tile data, else the words of its id (``counting_house`` → ``counting
house``). Then:

- the room a tile is named after (the ``chapel`` of "Sunken Chapel", the ``gate`` of "The
  Iron Gate and Well") is called by the tile's name, cut after the matching word unless
  ``of``/``and`` follows: "Sunken Chapel", "The Iron Gate"; "Hall of Echoes" whole for its
  ``hall``;
- any other room by its own name and its tile's, with an article when the tile's name needs
  one: "Nave of the Sunken Chapel", "Nave of Glimmerhold" (one word), "Nave of Pilgrims'
  Rest" (a possessive), "Nave of the Iron Gate" (the tile's own "The").

A pack may word rooms itself: the first renderer's ``room_name(tile, room)`` callback
(:class:`~clank.registry.RenderDef`) that answers gives the full name. Names never change
during a game, so a :class:`~clank.game.ruleset.Ruleset` computes each once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

_LINKING = ("of", "and", "&")
_PUNCT = "'’,.:;!?"


class RoomName(NamedTuple):
    """A room's name in the forms players read it.

    - ``label``: as a heading or the map writes it: ``"Nave of the Sunken Chapel"``,
      ``"Sunken Chapel"``, ``"The Iron Gate"``;
    - ``short``: the room's own name, where space is short: ``"Nave"``, ``"Chapel"``;
    - ``sentence``: inside a sentence, with its article: ``"the nave of the Sunken Chapel"``,
      ``"the Sunken Chapel"``, ``"the Iron Gate"``.
    """

    label: str
    short: str
    sentence: str


def own_words(room_id: str) -> str:
    """A room's own name from its id: ``t-7.counting_house`` → ``"counting house"``."""
    local = room_id.partition(".")[2] or room_id
    return local.replace("_", " ").strip()


def capital(text: str) -> str:
    """The first letter in upper case, the rest as it is."""
    return text[:1].upper() + text[1:]


def _bare(word: str) -> str:
    w = word.lower().strip(_PUNCT)
    return w[:-2] if w.endswith(("'s", "’s")) else w


def eponym(tile_name: str, own: str) -> str | None:
    """The part of a tile's name that names the room ``own`` (``"Sunken Chapel"`` for
    ``chapel``), or None when the tile is not named after that room. A one-word own name
    matches a word of the tile's name, in the singular or the plural."""
    wanted = own.lower().split()
    if len(wanted) != 1:
        return None
    want = wanted[0]
    words = tile_name.split()
    for i, word in enumerate(words):
        w = _bare(word)
        if want in (w, w + "s") or w == want + "s":
            rest = [x.lower() for x in words[i + 1:]]
            return tile_name if rest and rest[0] in _LINKING else " ".join(words[: i + 1])
    return None


def tile_reference(tile_name: str) -> str:
    """A tile's name after "of": with an article unless it is one word, starts with a
    possessive ("Pilgrims' Rest") or has its own ("The Iron Gate" → "the Iron Gate")."""
    words = tile_name.split()
    if not words:
        return tile_name
    if words[0].lower() == "the":
        return "the " + " ".join(words[1:])
    if len(words) == 1 or words[0].endswith(("'", "’", "'s", "’s")):
        return tile_name
    return "the " + tile_name


def _sentence_of(label: str) -> str:
    return "the " + label[4:] if label[:4].lower() == "the " else "the " + label


def name_room(tile_name: str | None, room_id: str, given: str | None = None) -> RoomName:
    """The name of a room by the generic rule (see the module): ``tile_name`` is its tile's
    name (None when the tile is unknown), ``given`` the room's ``name`` in the tile data.
    A given name keeps its letters' case (``"Sunken Throne"`` stays a proper name); id words
    are common nouns (``"the nave of ..."``)."""
    own = (given or "").strip() or own_words(room_id)
    short = capital(own)
    if not tile_name:
        return RoomName(short, short, "the " + own)
    whole = eponym(tile_name.strip(), own)
    if whole is not None:
        return RoomName(whole, short, _sentence_of(whole))
    ref = tile_reference(tile_name.strip())
    return RoomName(f"{short} of {ref}", short, f"the {own} of {ref}")


def from_hook(label: str, room_id: str, given: str | None = None) -> RoomName:
    """A name a pack's ``room_name`` callback gave (a label), in all three forms."""
    own = (given or "").strip() or own_words(room_id)
    return RoomName(label, capital(own), _sentence_of(label))


def room_names(tiles: Any, renderers: Iterable[Any], room_id: str) -> RoomName:
    """The name of ``room_id`` given the ruleset's tiles (id → :class:`TileDef`) and the
    registry's renderers: a pack's ``room_name`` callback first, then the generic rule with
    the room's ``name`` from the tile data."""
    tile_id, _, local = room_id.partition(".")
    tdef = tiles.get(tile_id)
    raw = tdef.data.get("rooms") if tdef is not None and isinstance(tdef.data, dict) else None
    entry = raw.get(local) if isinstance(raw, dict) else None
    given = entry.get("name") if isinstance(entry, dict) and isinstance(entry.get("name"), str) else None
    if tdef is not None:
        for rdef in renderers:
            fn = getattr(rdef, "room_name", None)
            if fn is not None:
                label = fn(tdef, local)
                if label:
                    return from_hook(str(label), room_id, given)
    return name_room(tdef.name if tdef is not None else None, room_id, given)


__all__ = ["RoomName", "capital", "eponym", "from_hook", "name_room", "own_words", "room_names",
           "tile_reference"]
