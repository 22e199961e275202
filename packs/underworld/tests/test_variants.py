"""The variants (RULES.md U22-U24, TS-34, TS-35): Fixed Dimensions and Mercy, with or without the
Underworld itself."""

from __future__ import annotations

import pytest
from clank.plugin import PlacedTile


def column(u, tiles=("de-01", "de-02", "de-03")) -> None:
    """Make the catacombs 5 cells tall: the start tile (y 0-1) and tiles at y 2, 3 and -1."""
    for tile, y in zip(tiles, (2, 3, -1), strict=True):
        u.place(tile, 0, y)


def test_U23_fixed_dimensions_refuses_a_discovery_outside_the_square(make):
    """U23: with 5×5 and the catacombs already 5 tall, no discovery south of the bottom row or north
    of the top; east and west still; the Underworld never counts."""
    u = make(fixed_dimensions=5)
    column(u)
    assert not u.game.discovery_ok("catacombs", 0, -2) and not u.game.discovery_ok("catacombs", 0, 4)
    assert u.game.discovery_ok("catacombs", 1, -1) and u.game.discovery_ok("catacombs", -1, 3)
    assert u.game.slot_discoverable("underworld", "A")
    free = make()
    column(free)
    assert free.game.discovery_ok("catacombs", 0, -2)


def test_TS34_fixed_space_orientations_that_lead_outside_are_illegal(make):
    """TS-34 (U23, X7, X8): exploring west from the bottom row, an orientation whose tunnel would
    carry the move south, outside the square, is illegal; one leading east or into a room is not."""
    u = make(fixed_dimensions=5)
    column(u)
    trial = PlacedTile("de-04", -1, -1, 0, "catacombs")
    assert not u.game.placement_ok(trial, ("open", -1, -1, "s", 1, "catacombs"))
    assert u.game.placement_ok(trial, ("open", -1, -1, "w", 1, "catacombs"))
    assert u.game.placement_ok(trial, ("room", "de-04.x"))
    # a whole move: explore west from a bottom-row room; every offered orientation stays inside
    u.at(next(r for r in u.game.placed_rooms() if r.startswith("de-03.")))
    u.res(boots=5, swords=5)
    explores = [a for a in u.legal() if a.startswith("explore de-03")]
    for action in explores:
        g = u.game.clone()
        g.apply(action)
        for o in g.view(u.seat).orientations():
            if o["passable"] and o["to"][0] == "open":
                y, side = o["to"][2], o["to"][3]
                assert not (side == "s" and y - 1 < -1) and not (side == "n" and y + 1 > 3)


def test_TS35_mercy_after_a_grave_robber_turns_the_only_exit_away(make):
    """TS-35 (U24, X15): a player on a tile (rooms with no other tunnel than toward the outside);
    a Grave Robber arrives and turns it 180°: its only joins to the dungeon now face undiscoverable
    edges. On that player's turn Mercy is available; the tile turns to an orientation with a way
    out, pawns on it turn with it; once there is a way out Mercy is no longer offered."""
    u = make(mercy="on")
    u.game.state.removed_tiles += u.game.state.stacks["catacombs"]
    u.game.state.stacks["catacombs"] = []          # no tile can be discovered anywhere
    u.place("de-01", 0, 2, 0)
    stuck = u.other
    u.at("de-01.throne", seat=stuck)
    u.game.state.dungeon_deck.insert(0, u.game.state.row[0])
    u.game.state.row[0] = None
    u.deck_next("grave-robber")
    u.end()
    assert next(t.rot for t in u.game.state.tiles if t.tile == "de-01") == 2
    assert u.game.state.current == stuck
    u.seat = stuck
    u.hand()
    assert "mercy 2" in u.legal()
    u.do("mercy 2")
    assert next(t.rot for t in u.game.state.tiles if t.tile == "de-01") == 0
    assert u.me.room == "de-01.throne"
    assert not any(a.startswith("mercy") for a in u.legal())
    u.res(boots=3)
    assert any(a.startswith("move") for a in u.legal())


def test_U24_mercy_is_for_the_stuck_once_per_turn_and_never_on_a_start_or_underworld_tile(make):
    """U24: structurally stuck only (any way off the tile: no Mercy); once per turn; never on either
    start tile or an Underworld tile (never turned)."""
    u = make(mercy="on")
    u.game.state.removed_tiles += u.game.state.stacks["catacombs"]
    u.game.state.stacks["catacombs"] = []
    u.place("de-01", 0, 2, 0)
    u.at("de-01.throne")
    assert not any(a.startswith("mercy") for a in u.legal())      # joined to the start tile
    u.game.state.tiles[-1].rot = 2
    u.game.tiles_changed()
    turns = [a for a in u.legal() if a.startswith("mercy")]
    assert "mercy 2" in turns and "mercy 1" not in turns
    u.do("mercy 2")
    u.game.state.tiles[-1].rot = 2
    u.game.tiles_changed()
    assert not any(a.startswith("mercy") for a in u.legal())      # once per turn
    for room in ("uw-start-a.lyre", "st-a.crypt"):
        v = make(mercy="on")
        v.game.state.removed_tiles += v.game.state.stacks["catacombs"] + v.game.state.stacks["underworld"]
        v.game.state.stacks["catacombs"] = []
        v.game.state.stacks["underworld"] = []
        v.at(room)
        assert not any(a.startswith("mercy") for a in v.legal())


def test_mercy_is_refused_without_the_option(u):
    """U24: Mercy is a variant: without ``mercy=on`` it is never offered, and refused in words."""
    with pytest.raises(Exception) as err:
        u.game.apply("mercy 1")
    assert "Mercy" in str(err.value) or "mercy" in str(err.value)


def test_the_variants_without_the_underworld_play_a_base_game(make):
    """U22: with the Underworld switched off (``parts=-area``) the base game plays, the variants on."""
    u = make(parts=["-area"], fixed_dimensions=5, mercy="on")
    assert "underworld" not in u.game.state.stacks and len(u.game.state.pools["fate"] if "fate" in
                                                          u.game.state.pools else []) == 0
    from clank.testing import check_game
    check_game(["catacombs", "underworld"], players=2, seeds=(3,),
               options={"parts": ["-area"], "fixed_dimensions": 5, "mercy": "on"})
