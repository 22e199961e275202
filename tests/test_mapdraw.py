"""The map renderer (issue 9): one model, a terminal drawing and SVG, against fixed positions.

Snapshots of the terminal drawing live in ``tests/snapshots/map-*.txt`` (plain text, styles
left out). After a deliberate change of the drawing, rewrite them and review the diff::

    CLANK_UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/test_mapdraw.py

Positions are built with the scenario toolkit (tiles placed where the test says), so they do
not depend on a bot's play.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import clank_catacombs
import pytest
from clank import new_game
from clank.game.state import PlacedTile
from clank.mapdraw import draw_map, legend, map_svg, map_window, room_label
from clank.mapdraw.model import build
from clank.mapdraw.tileart import build_art
from clank.testing import knock_out, place, put_pawn
from rich.cells import cell_len

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOTS = Path(__file__).parent / "snapshots"
MODULES = {"catacombs": clank_catacombs}
UPDATE = os.environ.get("CLANK_UPDATE_SNAPSHOTS") == "1"
SVG = "{http://www.w3.org/2000/svg}"
SIZES = [(60, 24), (100, 35), (160, 50)]


def start_position():
    """A new four-player game: the start tile and four pawns in the Crypt."""
    return new_game(["catacombs"], players=4, seed=1, modules=MODULES)


def mid_position():
    """Six tiles round the start tile: one-way tunnels, a haunted tile, a covered lock,
    wayshrine marks, pawns on three tiles and a knocked-out one."""
    g = new_game(["catacombs"], players=4, seed=11, modules=MODULES)
    for tile, x, y, rot in (("su-4", 1, 0, 0), ("su-1", -1, 0, 1), ("de-07", 1, 1, 2), ("de-20", 0, 2, 0),
                            ("su-6", -1, 1, 3), ("de-08", 0, -1, 0)):
        place(g, tile, x, y, rot)
    put_pawn(g, 0, "su-4.reliquary")
    put_pawn(g, 1, "de-07.stacks")
    put_pawn(g, 2, "st-a.crypt")
    knock_out(g, 3, "de-20.pool")
    g.state.covered.append("su-1#1#0")          # the lock of the Lantern Market's portal tunnel
    g.room("st-a.niche")["marks"] = [1, 2]       # the wayshrine, marked by P2 and P3
    g.changed()
    return g


def plain(text) -> str:
    return text.plain


def snapshot(name: str, actual: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE or not path.exists():
        path.write_text(actual, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{path.name} differs: rewrite with CLANK_UPDATE_SNAPSHOTS=1 and review the diff"


# ==========================================================================================
# Snapshots
# ==========================================================================================
@pytest.mark.parametrize("width,height", SIZES)
def test_mid_game_drawing_matches_its_snapshot(width, height):
    g = mid_position()
    snapshot(f"map-mid-{width}x{height}", plain(draw_map(g.view(0), width=width, height=height)) + "\n")


def test_start_drawing_matches_its_snapshot():
    g = start_position()
    snapshot("map-start-60x24", plain(draw_map(g.view(0), width=60, height=24)) + "\n")


# ==========================================================================================
# What the drawing shows
# ==========================================================================================
@pytest.mark.parametrize("width,height", [*SIZES, (40, 14), (200, 60)])
@pytest.mark.parametrize("position", [start_position, mid_position])
def test_the_drawing_fits_its_panel(position, width, height):
    text = plain(draw_map(position().view(0), width=width, height=height))
    lines = text.split("\n")
    assert len(lines) <= height
    assert max(cell_len(line) for line in lines) <= width


@pytest.mark.parametrize("width,height", SIZES)
def test_no_internal_ids_or_raw_feature_text(width, height):
    """Issue 9 item 1: `artifact plus=2`, "marked by P1 ⏎ P4 @P1", `[D]`, room ids never show."""
    g = mid_position()
    text = plain(draw_map(g.view(0), width=width, height=height))
    for leak in (r"\b(st|su|de)-\d*[a-z0-9]*[.#]", r"\bst-[ab]\b", r"\b(su|de)-\d\d?\b", "plus=", "=", "@P",
                 r"\[D\]", "_", "marked by"):
        assert not re.search(leak, text), f"{leak!r} in the drawing"


def test_room_labels_are_what_a_player_says():
    view = mid_position().view(0)
    assert room_label(view, "su-4.reliquary") == "Dustveil Reliquary"
    assert room_label(view, "su-4.nave") == "Nave of the Dustveil Reliquary"
    assert room_label(view, "st-a.crypt") == "The Crypt"
    assert room_label(view, "st-a.grotto") == "Grotto of the Crypt Gate"
    assert room_label(view, "de-13.scriptorium") == "Scriptorium of Ash"
    for tile in view.ruleset.tiles.values():
        for local in tile.rooms:
            label = room_label(view, f"{tile.id}.{local}")
            assert tile.id not in label and "_" not in label and "." not in label


def test_every_tunnel_of_every_tile_is_drawn_with_its_icons_at_every_size():
    """Each tile, each turn, the compact and the large cells: every tunnel gets a line, every
    icon and one-way arrow a cell of its own (what it costs is on the map)."""
    g = start_position()
    view = g.view(0)
    for tdef in view.ruleset.tiles.values():
        for rot in range(4 if tdef.rotatable else 1):
            model = _one_tile_model(g, tdef.id, rot)
            tile = model.tiles[-1]
            for pw, ph in ((16, 6), (20, 6), (24, 9), (30, 9)):
                art = build_art(tile, pw, ph)
                assert not art.unrouted, (tdef.id, rot, pw, ph)
                assert set(art.routed) == {t.index for t in tile.tunnels}
                icons = sorted(w[1:] for w in art.glyphs.values() if w[0] == "icon")
                assert icons == sorted((t.index, k) for t in tile.tunnels for k in range(len(t.icons)))
                arrows = sorted(w[1] for w in art.glyphs.values() if w[0] == "arrow")
                assert arrows == sorted(t.index for t in tile.tunnels if t.one_way)


def _one_tile_model(g, tile_id, rot):
    """The map model with only that tile placed (through a preview of a fake move)."""
    g2 = new_game(["catacombs"], players=2, seed=1, modules=MODULES)
    g2.state.tiles = [PlacedTile(tile_id, 0, 0, rot, g2.ruleset.tiles[tile_id].region)]
    g2.changed()
    return build(g2.view(0))


def test_the_icons_drawn_are_the_geometrys():
    """The terminal drawing carries exactly the icons of the placed tiles' tunnels (covered
    ones muted), and the legend says what each glyph means."""
    g = mid_position()
    text = draw_map(g.view(0), width=200, height=80)
    legend_at = text.plain.index("\n1 P1")
    drawn = [span for span in _glyph_cells(text, legend_at) if span[0] in "FML"]
    expected = sum(1 for t in g.state.tiles for tun in g.ruleset.tiles[t.tile].tunnels for _ in tun.icons)
    assert len(drawn) == expected
    assert sum(1 for ch, style in drawn if ch == "L" and style == "dim") == 1      # the covered lock
    assert "M monster" in text.plain and "F footprint" in text.plain
    arrows = sum(text.plain[:legend_at].count(a) for a in "↑→↓←")
    one_way = sum(1 for t in g.state.tiles for tun in g.ruleset.tiles[t.tile].tunnels if tun.one_way)
    assert arrows == one_way


def _glyph_cells(text, end):
    out = []
    for span in text.spans:
        if span.start >= end:
            continue
        chunk = text.plain[span.start:span.end]
        if len(chunk) == 1:
            out.append((chunk, str(span.style)))
    return out


def test_pawns_exit_open_edges_and_contents_are_drawn():
    g = mid_position()
    text = draw_map(g.view(0), width=160, height=50)
    plain_text = text.plain
    styles = {(text.plain[s.start:s.end], str(s.style)) for s in text.spans}
    assert ("1", "bold black on dodger_blue1") in styles and ("2", "bold black on green3") in styles
    assert ("4", "strike bold dark_orange") in styles            # knocked out
    assert ("⌂", "bold green") in styles                          # the exit
    assert "?" in plain_text and "unexplored" in plain_text
    assert "☠" in plain_text                                      # the haunted tile
    assert "Dustveil" in plain_text and "Reliquary" in plain_text and "Crypt" in plain_text
    assert ("•", "bold green3") in styles and ("•", "bold magenta2") in styles    # the wayshrine marks


def test_the_preview_draws_the_discovered_tile_turned_and_its_destination():
    g = _orienting_game()
    view = g.view(g.current_player)
    actions = [a for a in view.legal_actions() if a.kind in ("orient", "place")]
    assert actions
    tile = g.ruleset.tiles[view.moving_tile]
    seen = set()
    for action in actions:
        text = plain(draw_map(view, width=160, height=50, preview=action))
        assert "new: " + tile.name[:6] in text or "new:" in text
        seen.add(text)
        svg = ET.fromstring(map_svg(view, preview=action))
        previews = [g_ for g_ in svg.iter(f"{SVG}g") if g_.get("data-preview") == "true"]
        assert [p.get("data-tile") for p in previews] == [view.moving_tile]
    assert len(seen) == len({a.args[0] for a in actions})         # each turn drawn differently
    assert tile.name not in plain(draw_map(view, width=160, height=50))   # not without a preview


def _orienting_game():
    g = new_game(["catacombs"], players=2, seed=3, modules=MODULES)
    bots = [g.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]
    for _ in range(400):
        if g.decision()["kind"] == "orient":
            return g
        seat = g.current_player
        g.apply(bots[seat].choose(g.view(seat)))
    pytest.fail("no tile was discovered")


def test_hidden_information_never_appears():
    """Tiles still in the stack and other seats' face-down tokens are not on anyone's map."""
    g = mid_position()
    view = g.view(0)
    text = plain(draw_map(view, width=200, height=80)) + map_svg(view)
    placed = {t.tile for t in g.state.tiles}
    for tile in g.state.stacks["catacombs"]:
        name = g.ruleset.tiles[tile].name
        if not any(g.ruleset.tiles[p].name == name for p in placed):
            assert name not in text, name
    orienting = _orienting_game()
    other = orienting.view(1 - orienting.current_player)
    action = orienting.legal_actions()[0]
    drawn = plain(draw_map(other, width=160, height=50, preview=action))
    assert "new:" in drawn                      # the revealed tile is public ...
    model = build(other, action)
    assert model.destination is None            # ... where each turn leads is the decider's


def test_a_pack_without_map_glyphs_is_drawn_with_generic_ones():
    """The tiny test pack registers no map glyphs: its tunnel icon and rooms still show, with
    a legend built from the registered docs."""
    g = new_game(["mini"], players=2, seed=0, modules={"mini": _minipack()})
    text = plain(draw_map(g.view(0), width=100, height=35))
    entries = legend(g.view(0))
    assert ("M", "", "mud: costs an extra Boot") in entries
    assert ("m", "dim", "moth: a piece on the map") in entries       # the piece, drawn in its room
    assert "m moth" in text and "E exit" in text and "M mud" in text


def _minipack():
    import importlib.util
    import sys

    if "clank_test_minipack" not in sys.modules:
        spec = importlib.util.spec_from_file_location("clank_test_minipack", ROOT / "tests" / "minipack" / "__init__.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return sys.modules["clank_test_minipack"]


def test_the_renderer_names_no_base_game_component():
    """clank.mapdraw is generic: what the base game's things look like is its pack's."""
    banned = re.compile(r"lockpick|ghost|crystal|crypt|haunted|prisoner|tourmaline|mastery|idol|wayshrine|"
                        r"multi_artifact|footprint|\block\b", re.I)
    for path in sorted((ROOT / "core" / "clank" / "mapdraw").glob("*.py")):
        code = re.sub(r'""".*?"""', "", path.read_text(encoding="utf-8"), flags=re.S)
        code = re.sub(r"#.*", "", code)
        assert not banned.search(code), f"{path.name}: {banned.search(code).group(0)}"


# ==========================================================================================
# SVG
# ==========================================================================================
def test_svg_shows_every_tile_tunnel_icon_pawn_and_the_legend():
    g = mid_position()
    root = ET.fromstring(map_svg(g.view(0)))
    assert root.tag == f"{SVG}svg"
    tiles = {e.get("data-tile") for e in root.iter(f"{SVG}g") if e.get("class") == "tile"}
    assert tiles == {t.tile for t in g.state.tiles}
    tunnels = {(e.get("data-tile"), int(e.get("data-tunnel"))): e for e in root.iter(f"{SVG}path")
               if e.get("class") == "tunnel"}
    expected = {(t.tile, i): tun for t in g.state.tiles for i, tun in enumerate(g.ruleset.tiles[t.tile].tunnels)}
    assert set(tunnels) == set(expected)
    icons = {}
    for e in root.iter(f"{SVG}g"):
        if e.get("class") == "icon":
            icons.setdefault((e.get("data-tile"), int(e.get("data-tunnel"))), []).append(e.get("data-icon"))
    assert icons == {k: list(t.icons) for k, t in expected.items() if t.icons}
    arrows = {(e.get("data-tile"), int(e.get("data-tunnel"))) for e in root.iter(f"{SVG}g")
              if e.get("class") == "one-way"}
    assert arrows == {k for k, t in expected.items() if t.one_way}
    covered = [e for e in root.iter(f"{SVG}g") if e.get("class") == "icon" and e.get("data-covered") == "true"]
    assert [(e.get("data-tile"), e.get("data-icon")) for e in covered] == [("su-1", "lock")]
    pawns = sorted(int(e.get("data-seat")) for e in root.iter(f"{SVG}g") if e.get("class") == "pawn")
    assert pawns == [0, 1, 2, 3]
    legend_group = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "legend")
    words = " ".join("".join(t.itertext()) for t in legend_group.iter(f"{SVG}text"))
    for meaning in ("monster", "footprint", "lock", "one-way", "portal", "unexplored", "the exit", "P1", "P4"):
        assert meaning in words, meaning
    rooms = {e.get("data-room"): e.get("data-label") for e in root.iter(f"{SVG}g") if e.get("class") == "room"}
    assert rooms["su-4.reliquary"] == "Dustveil Reliquary"
    assert len(rooms) == sum(len(g.ruleset.tiles[t.tile].rooms) for t in g.state.tiles)
    opens = [e for e in root.iter(f"{SVG}g") if e.get("class") == "open-edge"]
    assert len(opens) == len(build(g.view(0)).open_edges) > 0


def test_svg_from_kept_drawings_and_layouts_is_what_a_fresh_drawing_gives():
    """A game (tiles discovered and turned, pawns moving, icons paid for), drawn after every
    action for each seat and a spectator, with the deciding seat's destinations highlighted and
    each orientation previewed: what the kept elements and tunnel bends give, and what a
    spectator's drawing with a memo of the game gives, equal drawings made from nothing."""
    from clank.api import bot_seed
    from clank.labels import move_destination
    from clank.mapdraw import MapMemo, map_scene
    from clank.mapdraw import svg as svg_module

    def fresh(view, preview=None, highlight=None) -> str:
        svg_module.clear_caches()
        return svg_module.render_svg(build(view, preview, highlight), view)

    g = new_game(["catacombs"], players=2, seed=7, modules=MODULES)
    bots = [g.ruleset.registry.make_bot("random", bot_seed(7, s)) for s in range(2)]
    memo = MapMemo()
    previews = reused = 0
    while not g.over and len(g.state.history) < 80:
        seat = g.current_player
        view = g.view(seat)
        acts = view.legal_actions()
        reach = sorted({r for a in acts if a.kind == "move" and (r := move_destination(view, seat, a))})
        for who, highlight in ((seat, reach), (1 - seat, None), (None, None)):
            assert map_svg(g.view(who), highlight=highlight) == fresh(g.view(who), highlight=highlight)
        kept_model = memo.model
        assert map_scene(g.view(None), memo=memo).document() == fresh(g.view(None))
        reused += memo.model is kept_model
        for a in acts:
            if a.kind in ("orient", "place"):
                previews += 1
                assert map_svg(view, preview=a) == fresh(view, preview=a)
                assert map_scene(view, preview=a, memo=memo).document() == fresh(view, preview=a)
        g.apply(bots[seat].choose(view))
    assert previews > 0 and len(g.state.tiles) > 3 and reused > 20


def test_a_memo_redraws_what_a_render_hook_reads_when_it_changes():
    """A room's glyphs come from the packs' render hooks; the memo reuses a hook's answer only
    while every value the hook read is the same: a room's state changed outside any action (a
    token put there) is drawn at the next drawing, and so is a change only a hook reads."""
    from clank.mapdraw import MapMemo, map_scene

    g = mid_position()
    memo = MapMemo()
    room = next(r for r in g.placed_rooms() if not g.state.rooms.get(r))
    before = map_scene(g.view(None), memo=memo).document()
    assert map_scene(g.view(None), memo=memo).document() == before
    g.state.rooms[room] = {"marks": [1]}           # a wayshrine mark of P2's, drawn by the pack's map_room
    after = map_scene(g.view(None), memo=memo).document()
    assert after != before and "wayshrine mark: P2" in after


def test_a_tile_turned_or_moved_gets_its_own_tunnel_bends():
    """The bends kept for a layout are not reused for another: each turn of a tile whose lines
    bend round rooms, and the tile moved, draws as a fresh drawing does."""
    from clank.mapdraw import svg as svg_module

    g = mid_position()
    tile = next(t for t in g.state.tiles if t.tile == "de-07")
    for x, y, rot in ((1, 1, 1), (1, 1, 2), (1, 1, 3), (2, 1, 2)):
        map_svg(g.view(0))  # the layout before the change is kept
        tile.x, tile.y, tile.rot = x, y, rot
        g.changed()
        kept = map_svg(g.view(0))
        svg_module.clear_caches()
        assert kept == svg_module.render_svg(build(g.view(0)), g.view(0)), (x, y, rot)


def test_legend_lists_icons_features_and_pawns():
    view = mid_position().view(0)
    entries = legend(view)
    glyphs = {g for g, _, _ in entries}
    assert {"F", "M", "L", "?", "◎", "→", "⌂"} <= glyphs
    assert [m for g, _, m in entries if g == "1"][0] == "P1's pawn"
    assert all(isinstance(style, str) for _, style, _ in entries)


def test_a_second_region_and_its_links_are_drawn_beside_the_first():
    """An expansion's second area is another region with its own grid (never touching the
    catacombs), joined by links no tile draws: both regions are drawn, each titled, and each
    link's two ends carry the same numbered mark."""
    g = mid_position()
    g.state.tiles.append(PlacedTile("su-3", 0, 0, 0, "underworld"))
    g.changed()
    g.add_link("de-07.carrel", "su-3.bazaar", kind="ladder")
    g.changed()
    view = g.view(0)
    text = plain(draw_map(view, width=200, height=80))
    assert "Catacombs" in text and "Underworld" in text
    assert text.count("≈1") == 3                   # both ends, and the legend
    model = build(view)
    assert model.regions == ["catacombs", "underworld"]
    assert any("ladder 1" in s.meaning for s in model.rooms["su-3.bazaar"].contents)
    root = ET.fromstring(map_svg(view))
    links = [e for e in root.iter(f"{SVG}path") if e.get("class") == "link"]
    assert [e.get("data-kind") for e in links] == ["ladder"]
    tiles = [e.get("data-tile") for e in root.iter(f"{SVG}g") if e.get("class") == "tile"]
    assert tiles.count("su-3") == 1 and len(tiles) == len(g.state.tiles)
    small = plain(draw_map(view, width=60, height=24))
    assert max(cell_len(line) for line in small.split("\n")) <= 60


# ==========================================================================================
# The part shown: focus, pan, detail, legend rows
# ==========================================================================================
def test_focus_pan_and_detail_choose_the_part_of_the_map_shown():
    view = mid_position().view(0)
    named = map_window(view, width=60, height=24, detail="named")
    assert named.named and not named.whole and (named.cols, named.rows) == (3, 2)
    low = map_window(view, width=60, height=24, detail="named", focus="de-20.pool")
    high = map_window(view, width=60, height=24, detail="named", focus="de-08.altar")
    assert low.row0 < high.row0                                 # each room's tile in sight
    (left, right), (up, down) = high.pan_range
    assert (up, down) == (-high.row0, 0) and (left, right) == (0, 0)
    panned = map_window(view, width=60, height=24, detail="named", focus="de-08.altar", pan=(5, -99))
    assert panned.pan == (0, up) and panned.row0 == 0           # clamped to the map
    text = plain(draw_map(view, width=60, height=24, detail="named", focus="de-08.altar", pan=(0, up)))
    assert "Pool" in text and "Altar" not in text
    assert plain(draw_map(view, width=60, height=24, detail="compact")).count("\n") < 24


def test_a_name_grows_over_the_straight_end_of_its_own_tunnel():
    """Cropped named cells are narrow: a name takes the blank cells and the straight line
    ending beside it rather than being cut ("Grotto", not "Grot…")."""
    view = mid_position().view(0)
    text = plain(draw_map(view, width=60, height=24, detail="named", focus="st-a.crypt"))
    assert "Crypt" in text and "Gate" in text and "Niche" in text and "Market" in text


def test_legend_rows_and_a_row_of_tiles_before_the_legend():
    view = mid_position().view(0)
    one = plain(draw_map(view, width=60, height=24, legend_rows=1)).split("\n")
    assert "P1" in one[-1] and "P1" not in one[-2]
    assert "P1" not in plain(draw_map(view, width=60, height=24, legend_rows=0))
    # 15 rows: one row of compact tiles with a legend line, two without: the map wins
    tight = plain(draw_map(view, width=56, height=15, legend_rows=1))
    assert "P1" not in tight and map_window(view, width=56, height=15, legend_rows=1).rows == 2


def test_a_pawn_always_shows_even_in_a_crowded_compact_room():
    g = mid_position()
    put_pawn(g, 0, "st-a.niche")                     # a wayshrine with two marks
    put_pawn(g, 1, "st-a.niche")
    text = draw_map(g.view(0), width=60, height=24, detail="compact")
    pawns = {text.plain[s.start:s.end] for s in text.spans if " on " in str(s.style)}
    assert {"1", "2"} <= pawns


# ==========================================================================================
# A region of slots (the Underworld pack): named ports drawn facing the slots they join
# ==========================================================================================
def underworld_position():
    """A two-player Underworld game with tiles in slots A and C, a pawn on the hub."""
    import clank_underworld

    g = new_game(["catacombs", "underworld"], players=2, seed=3,
                 modules={"catacombs": clank_catacombs, "underworld": clank_underworld})
    for tile, slot in (("uw-1", "A"), ("uw-5", "C")):
        g.state.stacks["underworld"].remove(tile)
        g.place_in_slot(tile, "underworld", slot, None)
        g.run()
    g.changed()
    put_pawn(g, 0, next(r for r in g.placed_rooms() if r.startswith("uw-start")))
    return g


def test_slot_tiles_are_drawn_with_their_ports_facing_the_slots_they_join():
    """The Underworld's hub and slot tiles are drawn in their slots' places; each named port sits
    on the side facing the slot it joins (the hub's ports toward C below it, toward A above it),
    and only ports toward empty slots are marked unexplored (issue 7 terminal play, issue 9)."""
    from clank.mapdraw.model import slot_ports

    g = underworld_position()
    view = g.view(0)
    model = build(view)
    assert model.regions[0] == "catacombs" and "underworld" in model.regions
    hub = next(p for p in g.state.tiles if p.slot == "hub")
    ports = slot_ports(view, hub, g.ruleset.tiles[hub.tile])
    assert {ports[n][0] for n in ("C1", "C2", "B1", "D1")} == {"s"}
    assert {ports[n][0] for n in ("A1", "A2", "E1", "E2")} == {"n"}
    assert all(0 < at < 1 for _, _, at, _ in ports.values())
    joined_full = {n for n, (_, _, _, j) in ports.items() if j and j[0] in ("A", "C")}
    open_at = {(e.side, e.idx) for e in model.open_edges if e.cell == (hub.x, hub.y) and e.region == "underworld"}
    assert open_at and not open_at & {(ports[n][0], ports[n][1]) for n in joined_full}
    for width, height in [*SIZES, (200, 80)]:
        text = plain(draw_map(view, width=width, height=height))
        assert "Underworld" in text
        assert max(cell_len(line) for line in text.split("\n")) <= width
    root = ET.fromstring(map_svg(view))
    tiles = [e.get("data-tile") for e in root.iter(f"{SVG}g") if e.get("class") == "tile"]
    assert {"uw-1", "uw-5", hub.tile} <= set(tiles)


# ==========================================================================================
# The memo following pawns: a model and a drawing made from the one before
# ==========================================================================================
def _follow_whole_game(packs: list[str], players: int, seed: int, rounds: int = 40) -> tuple[int, int]:
    """Play a whole game of ``random`` bots, drawing the spectator's map with a memo after every
    action; at each, the kept model and its drawing equal a model and a drawing made from nothing.
    (drawings, drawings made by following pawns)."""
    from clank.api import bot_seed
    from clank.mapdraw import MapMemo, map_scene
    from clank.mapdraw import svg as svg_module

    g = new_game(packs, players=players, seed=seed, options={"max_rounds": rounds})
    bots = [g.ruleset.registry.make_bot("random", bot_seed(seed, s)) for s in range(players)]
    memo = MapMemo()
    drawings = followed = 0
    while True:
        view = g.state_view(None)
        before = memo.model
        drawn = map_scene(view, memo=memo)
        moved = memo.moved_from is not None and memo.moved_from is before and memo.model is not before
        fresh = build(view)
        assert memo.model.signature() == fresh.signature()
        assert drawn.document() == svg_module.render_svg(fresh, view)
        drawings += 1
        followed += moved
        if g.over:
            return drawings, followed
        g.apply(bots[g.current_player].choose(g.view(g.current_player)))


def test_the_map_following_pawns_equals_a_rebuilt_map_on_a_whole_game():
    """A move changes only the rooms a pawn left and entered: the memo's model follows it without
    a rebuild, and its drawing redraws only those rooms. On a whole game, after every action,
    what the memo gives equals a model and a drawing made from nothing (and most moves are
    followed, not rebuilt)."""
    drawings, followed = _follow_whole_game(["catacombs"], 2, 11)
    assert followed > 20 and drawings > 300


@pytest.mark.slow
@pytest.mark.parametrize(("packs", "players"), [(["catacombs", "underworld"], 2), (["catacombs", "party"], 5),
                                                (["catacombs"], 4)])
def test_the_map_following_pawns_equals_a_rebuilt_map_with_every_pack(packs, players):
    """The same with the expansions (slot regions, links, pieces, knocked-out pawns) and more seats."""
    for seed in (1, 2):
        drawings, followed = _follow_whole_game(packs, players, seed)
        assert followed > 10
