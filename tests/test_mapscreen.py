"""Planning a route from the map (issue 9: "every tunnel visible with its cost and icons,
one-way tunnels and the exit marked, on a 100×35 terminal without scrolling"): the full-screen
map on ``tab``, panned over a late game, the destinations and their costs, moving from it;
and the small panel of the table, centred on the pawn with a short legend."""

from __future__ import annotations

import asyncio

import pytest
from clank import mapdraw
from clank.api import new_game
from clank.mapdraw import text as maptext
from clank.mapdraw.model import build
from clank.mapdraw.tileart import tile_art
from clank.testing import set_pool
from clank_cli import routes
from clank_cli.seats import assign_seats
from clank_cli.tui.app import TableApp
from clank_cli.tui.mapscreen import MapScreen

pytestmark = pytest.mark.timeout(120)


def late_game(seed: int = 8, actions: int = 300):
    """A four-player greedy game after ``actions`` actions (22 tiles for seed 8), at a main
    decision of seat 0."""
    game = new_game(["catacombs"], 4, seed, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(4)]
    n = 0
    while not game.over and (n < actions or game.current_player != 0 or game.view(0).pending() is not None):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
        n += 1
    return game


@pytest.fixture(scope="module")
def late():
    return late_game()


def lines_of(widget) -> list[str]:
    return ["".join(seg.text for seg in widget.render_line(y)) for y in range(widget.size.height)]


async def open_map(app, pilot) -> MapScreen:
    await pilot.pause()
    await pilot.press("tab")
    await pilot.pause()
    assert isinstance(app.screen, MapScreen)
    await pilot.pause()
    return app.screen


def test_the_map_screen_pans_to_every_tile_and_shows_the_seats_tile_whole(late):
    game = late.clone()
    view = game.view(0)
    assert len(game.state.tiles) >= 20

    async def main() -> None:
        app = TableApp(game, assign_seats(4, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            screen = await open_map(app, pilot)
            big = screen.query_one("#bigmap")
            width, height = big.content_region.width, big.content_region.height
            window = screen.window
            assert window is not None and window.named and not window.whole
            # the seat's own tile is in sight, whole, with every icon and arrow of its tunnels
            options = screen._options()
            how = maptext.View(options["focus"], options["pan"], options["detail"], options["legend_rows"])
            model = build(view, None, options["highlight"])
            drawing = maptext.TextMap(model, view, width, height, how)
            drawing.draw()
            tile = model.tiles_by_id[view.player(0).room.partition(".")[0]]
            ox, oy = drawing.origin(tile)
            f = drawing.fit
            art = tile_art(tile, f.pw, f.ph)
            assert 0 <= ox and ox + art.width <= width and 0 <= oy and oy + art.height <= height
            shown = lines_of(big)                                    # the drawing, inside the border
            tunnels = {t.index: t for t in tile.tunnels}
            assert not art.unrouted
            for (x, y), what in art.glyphs.items():
                ch = shown[oy + y][ox + x]
                if what[0] == "icon":
                    assert ch == tunnels[what[1]].icons[what[2]].symbol.glyph[:1]
                elif what[0] == "arrow":
                    assert ch in "↑→↓←"
            # panning reaches every placed tile
            seen: set[tuple[int, int]] = set()
            (left, right), (up, down) = window.pan_range
            for dx in range(left, right + 1):
                for dy in range(up, down + 1):
                    w = mapdraw.map_window(view, width=width, height=height, **{**options, "pan": (dx, dy)})
                    seen |= {(w.col0 + i, w.row0 + j) for i in range(w.cols) for j in range(w.rows)}
            sheet = maptext.arrange(model, False)
            for t in model.tiles:
                for cell in t.cells.values():
                    assert sheet.cell(t.region, *cell) in seen, t.name
            # the arrow keys pan, as far as the map goes and no further
            for _ in range(10):
                await pilot.press("right")
            assert screen.window.pan[0] == right
            await pilot.press("c")
            assert screen.window.pan == (0, 0)
            await pilot.press("tab")
            await pilot.pause()
            assert not isinstance(app.screen, MapScreen)
    asyncio.run(main())


def test_destinations_are_listed_with_their_costs_and_a_key_moves_there():
    game = new_game(["catacombs"], 2, 12, {})
    for _card in list(game.player(0).hand):
        game.apply(next(a for a in game.legal_actions() if a.kind == "play"))
    set_pool(game, 0, boots=3, swords=1)
    game.changed()
    view = game.view(0)
    dests = routes.destinations(view, 0)
    assert dests and all(d.key for d in dests)
    assert all("boot" in " ".join(d.costs) or "teleport" in " ".join(d.costs) for d in dests)
    target = next(d for d in dests if d.room and len(d.actions) == 1)

    async def main() -> None:
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            screen = await open_map(app, pilot)
            side = "\n".join(line.rstrip() for line in lines_of(screen.query_one("#side")))
            flat = " ".join(side.split())
            for d in dests:
                assert f"[{d.key}] {d.name}" in flat
            assert " ".join(target.words.split()) in flat
            big = "\n".join(lines_of(screen.query_one("#bigmap")))
            assert f"{target.key}:" in big                      # the key beside the room on the map
            await pilot.press(target.key)
            await pilot.pause()
            await pilot.pause()
        assert game.player(0).room == target.room
    asyncio.run(main())


def test_the_table_map_is_centred_on_the_pawn_with_a_short_legend(late):
    from clank_cli.tui.panels import map_panel

    view = late.view(0)
    drawn = map_panel(view, 56, 15, None, 0)
    lines = drawn.plain.split("\n")
    assert len(lines) <= 15 and max(len(line) for line in lines) <= 56
    assert not mapdraw.map_window(view, width=56, height=15, legend_rows=1).whole     # a crop ...
    pawn = [drawn.plain[sp.start:sp.end] for sp in drawn.spans if str(sp.style).endswith("on dodger_blue1")]
    assert pawn == ["1"]                                                               # ... round P1
    assert sum(1 for line in lines if " P1 " in f" {line} " and "P2" in line) <= 1      # one legend line


def test_the_replay_stepper_opens_the_map_too_and_a_resized_table_redraws():
    from clank_cli.records import record_of
    from clank_cli.tui.replay import ReplayApp

    game = new_game(["catacombs"], 2, 9, {"max_rounds": 2})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]
    for _ in range(20):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))

    async def main() -> None:
        app = ReplayApp(record_of(game), None)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            before = app._map_key
            await pilot.resize_terminal(160, 50)
            await pilot.pause()
            await pilot.pause()
            assert app._map_key != before and app._map_key[1] > before[1]      # drawn for the wider panel
            screen = await open_map(app, pilot)
            assert screen.dests == []                                          # nothing to move in a replay
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, MapScreen)
    asyncio.run(main())


def test_the_map_screen_of_a_seat_below_in_the_underworld():
    """With the Underworld: a seat standing below at its main decision opens the full-screen
    map, which draws both areas and lists the destinations (ladders and chutes included)."""
    game = new_game(["catacombs", "underworld"], 2, 2, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]

    def below(seat: int) -> bool:
        room = game.player(seat).room
        return room is not None and game.tile_of_room(room).region == "underworld"

    while not game.over and not (game.current_player == 0 and below(0) and game.view(0).pending() is None
                                 and game.decision()["kind"] == "main"):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    assert not game.over, "seed 2: seat 0 goes below"
    dests = routes.destinations(game.view(0), 0)

    async def main() -> None:
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            screen = await open_map(app, pilot)
            big = "\n".join(lines_of(screen.query_one("#bigmap")))
            side = " ".join(" ".join(lines_of(screen.query_one("#side"))).split())
            assert "Underworld" in big
            for d in dests:
                assert f"[{d.key}] {d.name}" in side
    asyncio.run(main())
