"""What each thing on the map looks like: glyphs from the packs' render hooks
(:class:`~clank.registry.Symbol`), generic glyphs for what no pack describes, and the
colours of each semantic style in the terminal (rich styles) and in SVG.

The core's own things (portals, one-way arrows, open edges, pawns, links) have glyphs here;
the packs' tunnel icons, room features, room contents and tile notes come from their
``RenderDef.map_*`` callbacks. Nothing here names a pack's component.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from clank.mapdraw.memo import MapMemo, key_of
from clank.registry import Mark, Symbol

_RULE_REFS = re.compile(r"\s*\((?:[^()]*?,\s*)?(?!P\d)[A-Z]{1,2}-?\d+[^)]*\)")
"""A parenthesis holding a rule id, with what comes before it in the parenthesis (``(Ogre
Merchant, K8)``): what a doc says for authors, never a player's word."""

# -- colours -----------------------------------------------------------------------------
PLAYER_COLOURS = ("dodger_blue1", "green3", "magenta2", "dark_orange", "cyan3", "orchid")
"""Rich colour names of the seats, in seat order (six seats at most in any pack)."""
PLAYER_HEX = ("#1f77ff", "#1a9e1a", "#c828c8", "#e07000", "#009e9e", "#9c5fd7")
"""The same colours for SVG."""

RICH_STYLES = {
    "treasure": "bold yellow",
    "danger": "bold red",
    "exit": "bold green",
    "market": "bold magenta",
    "magic": "bold bright_magenta",
    "heal": "bold bright_red",
    "resource": "bold cyan",
    "muted": "dim",
    "portal": "bold bright_magenta",
    "unexplored": "bold bright_cyan",
    "arrow": "bold",
    "line": "",
    "border": "bright_black",
    "preview": "bold bright_yellow",
    "title": "italic",
    "highlight": "reverse bold",
    "room": "bold",
}
"""Semantic style → rich style (the terminal)."""

SVG_COLOURS = {
    "treasure": "#b8860b",
    "danger": "#c0392b",
    "exit": "#1e8449",
    "market": "#8e44ad",
    "magic": "#7d3c98",
    "heal": "#e74c3c",
    "resource": "#117a8b",
    "muted": "#999999",
    "portal": "#7d3c98",
    "unexplored": "#117a8b",
    "arrow": "#222222",
    "line": "#4a4036",
    "border": "#8c7a5b",
    "preview": "#d4a017",
    "": "#222222",
}
"""Semantic style → SVG fill colour."""


def seat_colour(seat: int) -> str:
    """The rich colour of a seat."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def rich_style(style: str) -> str:
    """A semantic style as a rich style (``player:N`` → that seat's colour)."""
    if style.startswith("player:"):
        try:
            return f"bold {seat_colour(int(style[7:]))}"
        except ValueError:
            return ""
    return RICH_STYLES.get(style, "")


def svg_colour(style: str) -> str:
    """A semantic style as an SVG colour."""
    if style.startswith("player:"):
        try:
            return PLAYER_HEX[int(style[7:]) % len(PLAYER_HEX)]
        except ValueError:
            return SVG_COLOURS[""]
    return SVG_COLOURS.get(style, SVG_COLOURS[""])


def pawn_style(seat: int, knocked_out: bool = False) -> str:
    """A pawn: the seat's number on its colour; a knocked-out pawn struck through."""
    colour = seat_colour(seat)
    return f"strike bold {colour}" if knocked_out else f"bold black on {colour}"


# -- the core's own glyphs ---------------------------------------------------------------
PORTAL = Symbol("◎", "portal", "portal: walk in, come out at any other portal")
ONE_WAY = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
ONE_WAY_SYMBOL = Symbol("→", "arrow", "one-way tunnel: only in the arrow's direction")
UNEXPLORED = Symbol("?", "unexplored", "unexplored: the tunnel leads on to a tile nobody has found yet")
CLOSED = Symbol("×", "muted", "unexplored, but no tile is left to discover there")
LINK = Symbol("≈", "portal", "a passage no tile draws (the letter or number beside it pairs its two ends: "
              "the slot it leads to)")
MORE = Symbol("◂▸", "muted", "more map: that way (a larger window shows it all)")
PLAIN_ROOM = Symbol("·", "muted", "room: one with nothing printed in it")
COVERED = Symbol("", "muted", "dimmed icon: paid for good, it costs nothing now")


def first_sentence(doc: str) -> str:
    """The first sentence of a registered doc, without rule references."""
    text = _RULE_REFS.sub("", doc or "").strip()
    text = re.split(r"(?<=[a-z)])[.;]\s+(?=[A-Z])", text)[0]
    return text.rstrip(".").strip()


def _meaning(name: str, doc: str) -> str:
    words = name.replace("_", " ")
    sentence = first_sentence(doc)
    return f"{words}: {sentence[:1].lower()}{sentence[1:]}" if sentence else words


RoomAnswers = tuple[tuple[Symbol | None, ...], tuple[Symbol, ...]]
"""The render hooks' answers about a room: ``map_feature`` per printed feature, ``map_room``."""


@lru_cache(maxsize=4096)
def _tile_keys(tile_id: str, rooms: tuple[str, ...], icons: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The memo's keys of the answers about a tile, its rooms and its tunnels' icons."""
    return (("map_tile", tile_id), *(("room", r) for r in rooms), *dict.fromkeys(("map_icon", i) for i in icons))


def stale_places(keys: Iterable[tuple[Any, ...]]) -> tuple[set[str], set[str]] | None:
    """The rooms and tiles the memo's stale answers (:meth:`~clank.mapdraw.memo.MapMemo.check`)
    are about: (rooms, tiles); a piece's glyph is about no place (the pieces are compared room by
    room); None when an answer is about something every tile may show (a tunnel icon's glyph)."""
    rooms: set[str] = set()
    tiles: set[str] = set()
    for key in keys:
        kind = key[0]
        if kind in ("room", "map_room", "map_feature"):
            rooms.add(key[1])
        elif kind == "map_tile":
            tiles.add(key[1])
        elif kind != "piece":
            return None
    return rooms, tiles


class Glyphs:
    """The glyphs of one ruleset's things as one seat's view draws them (hook answers, with
    generic glyphs for what no renderer describes), asked once per name and remembered. With a
    :class:`~clank.mapdraw.memo.MapMemo`, a hook's answer of the drawing before is reused while
    what it read is unchanged."""

    def __init__(self, view: Any, memo: MapMemo | None = None) -> None:
        self.view = view
        self.memo = memo
        self.renderers = list(view.registry.renderers)
        self._icons: dict[str, Symbol] = {}
        self._fallback_letters: dict[tuple[str, str], str] = {}

    def _first(self, attr: str, *args: Any) -> Any:
        """The first renderer's answer that is not None (through the memo when there is one)."""
        if self.memo is None:
            return self._ask_first(self.view, attr, args)
        key = (attr, *(key_of(a) for a in args))
        return self.memo.answer(self.view, key, lambda view: self._ask_first(view, attr, args))

    def _ask_first(self, view: Any, attr: str, args: tuple[Any, ...]) -> Any:
        for rdef in self.renderers:
            fn = getattr(rdef, attr, None)
            if fn is not None:
                got = fn(view, *args)
                if got is not None:
                    return got
        return None

    def _every(self, attr: str, arg: str) -> list[Symbol]:
        """Every renderer's answer, one after another (through the memo when there is one)."""
        if self.memo is None:
            return self._ask_every(self.view, attr, arg)
        return self.memo.answer(self.view, (attr, arg), lambda view: self._ask_every(view, attr, arg))

    def _ask_every(self, view: Any, attr: str, arg: str) -> list[Symbol]:
        out: list[Symbol] = []
        for rdef in self.renderers:
            fn = getattr(rdef, attr, None)
            if fn is not None:
                out.extend(fn(view, arg))
        return out

    def _letter(self, kind: str, name: str, taken: Iterable[str]) -> str:
        """A letter of the name for what no renderer draws, never one that means something else on
        the map: the glyphs the renderers give icons and features, and the letters given already
        (to icons and features alike: one letter, one meaning)."""
        key = (kind, name)
        if key not in self._fallback_letters:
            used = set(taken) | self._hook_glyphs() | set(self._fallback_letters.values())
            letters = [c.upper() for c in name if c.isalpha()] + [c.lower() for c in name if c.isalpha()]
            self._fallback_letters[key] = next((c for c in letters if c not in used), name[:1] or "?")
        return self._fallback_letters[key]

    def _hook_glyphs(self) -> set[str]:
        """The first characters of the glyphs the renderers give every registered tunnel icon and
        every feature the loaded tiles print (worked out once per ruleset)."""
        def gather() -> set[str]:
            found: set[str] = set()
            for name in self.view.registry.tunnel_icons:
                sym = self._first("map_icon", name)
                if sym is not None and sym.glyph:
                    found.add(sym.glyph[0])
            for tdef in self.view.ruleset.tiles.values():
                for local, room in tdef.rooms.items():
                    for name, arg in room["features"]:
                        sym = self._first("map_feature", f"{tdef.id}.{local}", name, arg)
                        if sym is not None and sym.glyph:
                            found.add(sym.glyph[0])
            return found
        return set(self.view.memo(("mapdraw", "hook glyphs"), gather))

    def icon(self, name: str) -> Symbol:
        """A tunnel icon's glyph (the packs' ``map_icon``, else a letter of its name)."""
        sym = self._icons.get(name)
        if sym is None:
            sym = self._first("map_icon", name)
            if sym is None:
                idef = self.view.registry.tunnel_icons.get(name)
                taken = [s.glyph for n in self.view.registry.tunnel_icons if n != name
                         for s in [self._first("map_icon", n)] if s is not None]
                style = "danger" if idef is not None and idef.damage else ""
                sym = Symbol(self._letter("icon", name, taken), style, _meaning(name, idef.doc if idef else ""))
            self._icons[name] = sym
        return sym

    def feature(self, room_id: str, name: str, arg: Any) -> Symbol:
        """A room feature's glyph (the packs' ``map_feature``, else a letter of its name)."""
        sym = self._first("map_feature", room_id, name, arg)
        if sym is not None:
            return sym
        fdef = self.view.registry.room_features.get(name)
        if fdef is not None and fdef.meaning:          # the words the pack gave for players
            return Symbol(self._letter("feature", name, ()), "", f"{name.replace('_', ' ')}: {fdef.meaning}")
        return Symbol(self._letter("feature", name, ()), "", _meaning(name, fdef.doc if fdef else ""))

    def room(self, room_id: str) -> list[Symbol]:
        """What lies in a room now (every renderer's ``map_room``)."""
        return self._every("map_room", room_id)

    def room_answers(self, room_id: str, features: tuple[tuple[str, Any], ...]) -> RoomAnswers:
        """The hooks' answers about one room in one call (through the memo when there is one):
        each printed feature's ``map_feature`` answer (None: no renderer answered) and what
        lies there (``map_room``). :meth:`room_glyphs` turns them into glyphs."""
        if self.memo is None:
            return self._ask_room(self.view, room_id, features)
        return self.memo.answer(self.view, ("room", room_id),
                                lambda view: self._ask_room(view, room_id, features))

    def _ask_room(self, view: Any, room_id: str, features: tuple[tuple[str, Any], ...]) -> RoomAnswers:
        return (tuple(self._ask_first(view, "map_feature", (room_id, name, arg)) for name, arg in features),
                tuple(self._ask_every(view, "map_room", room_id)))

    def room_glyphs(self, room_id: str, features: tuple[tuple[str, Any], ...],
                    answers: RoomAnswers) -> tuple[list[Symbol], list[Symbol]]:
        """A room's feature glyphs (a generic one where no renderer answered) and contents, those
        with a glyph only, from :meth:`room_answers`."""
        feats = []
        for (name, _), sym in zip(features, answers[0], strict=True):
            if sym is None:
                fdef = self.view.registry.room_features.get(name)
                sym = Symbol(self._letter("feature", name, ()), "", _meaning(name, fdef.doc if fdef else ""))
            if sym.glyph:
                feats.append(sym)
        return feats, [s for s in answers[1] if s.glyph]

    def tile(self, tile_id: str) -> list[Symbol]:
        """Glyphs on a placed tile (every renderer's ``map_tile``)."""
        return self._every("map_tile", tile_id)

    def keep_tile(self, tile_id: str, rooms: tuple[str, ...], icons: tuple[str, ...]) -> None:
        """Keep the memo's answers about a tile (:meth:`tile`), its rooms (:meth:`room_answers`)
        and its tunnels' icons (:meth:`icon`) for the next drawing without asking for them: the
        caller reuses what it made of them, knowing none is stale (:func:`stale_places`)."""
        if self.memo is not None:
            self.memo.reuse(_tile_keys(tile_id, rooms, icons))

    def piece(self, piece: dict[str, Any]) -> Symbol:
        """A piece on the map: the packs' ``piece`` answer as a glyph: a :class:`Symbol` as it
        is, a :class:`Mark` of one or two characters as its glyph, a longer one by its first
        letter in lower case (capitals are the tunnel icons' and features' letters), with the
        mark's words as its meaning."""
        mark = self._first("piece", piece)
        if isinstance(mark, Symbol):
            return mark
        if isinstance(mark, Mark) and mark.text.strip():
            text, style = mark.text.strip(), mark.style or "danger"
        else:
            text, style = str(piece.get("kind", "piece")).replace("_", " "), "danger"
        return Symbol(text if len(text) <= 2 else text[:1].lower(), style, f"{text}: a piece on the map")
