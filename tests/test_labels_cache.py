"""What the labels keep between calls (:mod:`clank.labels`): a room's printed features in words,
content alone, kept per ruleset (``game.memo``): the same words a fresh wording gives, in every
game of the same packs, and each ruleset its own (packs whose features word differently)."""

from __future__ import annotations

from clank import new_game
from clank.labels import _room_features, feature_text, room_features

ALL = ["catacombs", "underworld", "party"]


def test_a_rooms_features_in_words_are_those_of_its_tile_for_every_room_of_every_tile() -> None:
    view = new_game(ALL, 2, 1).view(None)
    rooms = [f"{tile}.{room}" for tile, tdef in view.ruleset.tiles.items() for room in tdef.rooms]
    assert rooms
    for room in rooms:
        words = ", ".join(feature_text(n, a, view) for n, a in view.room_features(room))
        assert room_features(view, room) == words == _room_features(view, room)
        assert room_features(view, room) == words          # the kept words, asked again
    assert room_features(view, "no-such-tile.nave") == ""


def test_each_ruleset_keeps_its_own_words() -> None:
    """The words are kept in the ruleset's cache: a game of other packs words its own rooms (a
    feature's ``label`` hook is a pack's), never those another ruleset kept."""
    base = new_game(["catacombs"], 2, 1).view(None)
    room = next(f"{t}.{r}" for t, tdef in base.ruleset.tiles.items() for r, rd in tdef.rooms.items()
                if rd["features"])
    said = room_features(base, room)
    assert said and ("labels", "room-features", room) in base.ruleset.cache
    key = ("labels", "room-features", room)
    base.ruleset.cache[key] = "stale words"         # the base ruleset's cache (shared by its games)
    try:
        other = new_game(ALL, 2, 1).view(None)
        assert other.ruleset is not base.ruleset
        assert room_features(other, room) == _room_features(other, room) != "stale words"
    finally:
        base.ruleset.cache[key] = said
