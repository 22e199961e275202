"""One legend, consistent with the map in every view (the terminal's, the SVG's, the help's),
and the SVG picture of a game of two dungeons: each glyph means one thing; the ladder ends
carry the ladder's letter, the menus' "ladder C"; numbers never run together; the Depths are
marked; the haunted tile's ☠ is in every legend; the Underworld has its heading; tile titles and
pawns are never under a marker; legend texts are never cut; ``render --text`` ends its drawing
before it says what it wrote."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from clank import Game, new_game
from clank.mapdraw import draw_map, legend, map_svg
from clank.testing import BusyBot
from clank_cli.main import app
from typer.testing import CliRunner

ALL = ["catacombs", "underworld", "party"]


def _underworld_game(actions: int = 400, seed: int = 3) -> Game:
    """A 2-seat base + Underworld game played by bots until a ladder links the two dungeons."""
    game = new_game(["catacombs", "underworld"], 2, seed, {"max_rounds": 40})
    bots = [game.registry.bots["greedy"].factory(seed), BusyBot(seed + 1)]
    while not game.over and len(game.state.history) < actions:
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def test_every_glyph_has_one_meaning_and_every_feature_and_icon_one_glyph() -> None:
    """No symbol with two meanings (F fate/footprint, T tower/toll, L lock/lyre): over every
    tunnel icon and every feature of every tile of the three packs, a glyph means one thing."""
    game = new_game(ALL, 4, 1)
    entries = legend(game.view(None))
    meanings: dict[str, set[str]] = {}
    for glyph, _style, meaning in entries:
        meanings.setdefault(glyph, set()).add(meaning.split(":")[0])
    doubled = {g: m for g, m in meanings.items() if len(m) > 1 and g and not g.isdigit()}   # pawns: by colour
    assert doubled == {}
    by_glyph = {g: m for g, _s, m in entries}
    assert by_glyph["F"].startswith("footprint") and by_glyph["L"].startswith("lock")
    assert by_glyph["♪"].startswith("magic lyre") and by_glyph["Φ"].startswith("fate room")
    assert by_glyph["Δ"].startswith("tower") and by_glyph["¢"].startswith("toll booth")
    assert not any(g in ("T", "A", "C") for g in by_glyph)          # no letter left to fall back to


def test_the_full_legend_explains_the_tiles_marks_before_any_is_placed() -> None:
    """☠ (a haunted tile) and ▼ (the Depths) are in the legend of every view from the start."""
    glyphs = {g for g, _s, _m in legend(new_game(["catacombs"], 2, 0).view(0))}
    assert {"☠", "▼"} <= glyphs


def test_every_view_of_a_map_speaks_the_one_legend() -> None:
    """What the SVG legend and the terminal drawing's legend say of a glyph is what the full
    legend (the help's, the map screen's) says."""
    game = _underworld_game()
    view = game.view(None)
    full = {g: m for g, _s, m in legend(view)}
    svg = map_svg(view)
    shown = re.findall(r'<g class="legend-entry"[^>]*>.*?>([^<]+)</text>\s*<text[^>]*>(.*?)</text></g>', svg)
    assert len(shown) > 10
    for glyph, meaning in shown:
        glyph, words = unescape(glyph), " ".join(re.sub(r"<[^>]+>", " ", unescape(meaning)).split())
        if glyph in full and not glyph.isdigit():          # a pawn's glyph is its number, told by its colour
            assert words == full[glyph], glyph
    from clank.mapdraw import model as mapmodel
    from clank.mapdraw.text import TextMap, short

    drawing = TextMap(mapmodel.build(view), view, 160, 70)
    drawing.draw()
    told = [(g, m) for glyphs, _s, m in drawing.entries() for g in glyphs.split(",") if g and not g.isdigit()]
    assert len(told) > 10
    for glyph, meaning in told:
        assert glyph in full and short(full[glyph]) == meaning, (glyph, meaning)


def test_a_ladder_shows_its_letter_at_both_ends_as_the_menus_name_it() -> None:
    """U32: the ladder to slot C is ``≈C`` at its Depths end and at its Underworld end, and the
    room's mark says "ladder C"; the chute's links share one mark (``≈ABCDE``)."""
    game = _underworld_game(600)
    view = game.view(None)
    svg = map_svg(view)
    links = [lk for lk in view.links if lk.get("to_slot") and lk["kind"] == "ladder"]
    assert links
    for link in links:
        slot = link["to_slot"][1]
        far = view.slot_room(*link["to_slot"])
        for room in (link["a"], far):
            if room is None:
                continue
            drawn = re.search(rf'data-room="{re.escape(room)}".*?</g>', svg, re.S)
            assert drawn is not None and f"≈{slot}" in drawn.group(0)
        from clank.labels import room_state
        assert any(mark.startswith(f"ladder {slot}") for mark in room_state(view, link["a"]))


def test_two_numbers_never_run_together_and_a_count_is_written_small() -> None:
    """◆10,10 (two artifacts of 10), never ◆1010; the idols left as ☺³, never read with a pawn's
    number beside it (☺3 2)."""
    game = new_game(["catacombs"], 2, 0)
    room = next(r for r in game.placed_rooms() if game.room_has(r, "crypt"))
    game.room(room)["artifacts"] = ["artifact-10", "artifact-10"]
    game.changed()
    text = draw_map(game.view(None), width=140, height=60).plain
    assert "10,10" in text and "1010" not in text
    assert "☺³" in text


def test_the_svg_of_two_dungeons_has_headings_fits_a_page_and_cuts_no_legend_text() -> None:
    game = _underworld_game()
    svg = map_svg(game.view(None))
    assert re.search(r'class="region-heading"[^>]*>Catacombs<', svg)
    assert re.search(r'class="region-heading"[^>]*>Underworld<', svg)
    width, height = (int(v) for v in re.search(r'<svg[^>]*width="(\d+)" height="(\d+)"', svg).groups())
    assert height <= 1400 and width <= 2600                 # one landscape page, not 1,788 px tall
    legend_text = re.search(r'<g data-key="legend" id="legend"[^>]*>(.*?)</svg>', svg, re.S).group(1)
    assert "…" not in legend_text
    # every tile title is drawn after (above) every tunnel mark
    assert svg.rindex('class="icon"') < svg.index('class="tile-title"')


def test_no_tunnel_marker_sits_on_a_pawn() -> None:
    """Icons on a tunnel leave the room box and the pawns' row under it (each region's
    elements are drawn in its own coordinates: compared region by region)."""
    import xml.etree.ElementTree as ET

    from clank.mapdraw.svg import PAWN_ROW

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(map_svg(_underworld_game().view(None)).split("\n", 1)[1])
    icons: dict[str, list[tuple[float, float]]] = {}
    pawns: dict[str, list[tuple[float, float]]] = {}
    for group in root.iter(f"{ns}g"):
        if group.get("class") != "region":
            continue
        for found, kind in ((icons, "icon"), (pawns, "pawn")):
            found.setdefault(group.get("data-region"), []).extend(
                (float(c.get("cx")), float(c.get("cy"))) for g in group.iter(f"{ns}g") if g.get("class") == kind
                for c in g.iter(f"{ns}circle"))
    assert sum(map(len, pawns.values())) >= 1 and sum(map(len, icons.values())) > 10 and PAWN_ROW > 0
    for region, spots in pawns.items():
        for px, py in spots:
            assert all((px - ix) ** 2 + (py - iy) ** 2 >= 12 ** 2 for ix, iy in icons.get(region, ())), (px, py)


def test_render_text_ends_the_drawing_before_saying_what_it_wrote(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert CliRunner().invoke(app, ["play", "--humans", "0", "--players", "2", "--seed", "1", "-o",
                                    "max_rounds=3", "--save", str(save)]).exit_code == 0
    result = CliRunner().invoke(app, ["render", str(save), "--svg", str(tmp_path / "g.svg"), "--text",
                                      "--width", "100"])
    assert result.exit_code == 0, result.output
    assert re.search(r"\nwrote .*g\.svg: the dungeon after", result.output)
    assert result.output.index("wrote") > result.output.index("P1")


@pytest.mark.parametrize("packs", [["catacombs"], ["catacombs", "underworld"]])
def test_the_map_legend_speaks_words(packs: list[str]) -> None:
    """No rule id, snake_case name or card name in parentheses in any legend meaning."""
    for glyph, _style, meaning in legend(new_game(packs, 2, 0).view(None)):
        assert not re.search(r"\b(?!P[1-6]\b)[A-Z]{1,2}\d+\b|\b[a-z]+_[a-z_]+\b", meaning), (glyph, meaning)


def test_a_feature_no_renderer_draws_takes_a_free_letter_and_the_packs_words() -> None:
    """A pack without a render hook: its feature's letter is one no icon or other feature uses,
    and its legend says the feature's ``meaning`` (else its doc without rule ids)."""
    from types import SimpleNamespace

    from clank.mapdraw.symbols import Glyphs
    from clank.plugin import RoomFeatureDef, Symbol

    features = {"lantern": RoomFeatureDef("lantern", "Lights the way (R99).", meaning="see one tile further"),
                "lodge": RoomFeatureDef("lodge", "A lodge (Ogre Merchant, K8).")}
    renderer = SimpleNamespace(map_icon=lambda view, name: Symbol("L", "", "lock") if name == "lock" else None,
                               map_feature=lambda view, room, name, arg: None)
    view = SimpleNamespace(registry=SimpleNamespace(renderers=[renderer], room_features=features,
                                                    tunnel_icons={"lock": None}),
                           ruleset=SimpleNamespace(tiles={}), memo=lambda key, make: make())
    glyphs = Glyphs(view)
    lantern, lodge = glyphs.feature("t.a", "lantern", None), glyphs.feature("t.b", "lodge", None)
    assert lantern.glyph not in ("L", lodge.glyph) and lodge.glyph != "L"
    assert lantern.meaning == "lantern: see one tile further"
    assert lodge.meaning == "lodge: a lodge"


def test_the_helps_legend_gives_the_row_marks_glyphs_the_map_does_not_use() -> None:
    """The help's legend is the map's plus the dungeon row's marks: ☠ is the haunted tile only,
    a Danger card in the row is marked otherwise."""
    import io

    from clank_cli.tui.panels import DANGER_MARK, DRAGON_MARK
    from clank_cli.tui.screens import help_body
    from rich.console import Console

    view = new_game(ALL, 4, 1).view(0)
    map_glyphs = {g for g, _s, _m in legend(view)}
    assert DANGER_MARK not in map_glyphs and DRAGON_MARK not in map_glyphs
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(help_body(view))
    lines = console.export_text().splitlines()
    skulls = [line for line in lines if "☠" in line]
    assert len(skulls) == 1 and "haunted tile" in skulls[0]
    assert any(DANGER_MARK in line and "Danger card" in line for line in lines)
