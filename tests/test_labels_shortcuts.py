"""The labels' shortcuts (:mod:`clank.labels`) give what the long way gives: a room's printed
features in words, content alone, kept per ruleset (``game.memo``: the same words a fresh wording
gives, each ruleset its own), and rule ids taken out of a text only where one may start (the same
text as the full pattern's replacing, whatever the text)."""

from __future__ import annotations

from clank import new_game
from clank.labels import _RULE_REFS, _room_features, _without_rule_refs, feature_text, room_features
from hypothesis import example, given, settings
from hypothesis import strategies as st

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


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("( ),;-PRMKSAZ0129a:."), max_size=30))
@example("lay the tile (R9): 2 boots")
@example("use the lodge (Ogre Merchant, K8) now")
@example("(P1, P2) and (T1-3)")
@example("move to the nave (market, 2 gold): 1 monster (1 sword spent, no damage)")
def test_rule_ids_are_taken_out_as_the_full_pattern_takes_them_out(text: str) -> None:
    assert _without_rule_refs(text) == _RULE_REFS.sub("", text)
