"""The table's panels as a player reads them (issue 9 follow-up): a hand card's name apart
from its text, the dragon's lines, where each player is at 100×35, one colour per seat."""

from __future__ import annotations

import asyncio
import io

from clank.api import new_game
from clank.mapdraw.symbols import seat_colour
from clank.testing import put_pawn
from clank_cli.seats import assign_seats
from clank_cli.tui import panels
from clank_cli.tui.app import TableApp
from rich.console import Console


def lines_of(renderable, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def panel_lines(app: TableApp, wid: str) -> list[str]:
    """What a panel of the running table shows, line by line."""
    widget = app.query_one(f"#{wid}")
    return ["".join(seg.text for seg in widget.render_line(y)).rstrip() for y in range(widget.size.height)]


def test_a_hand_card_name_stands_apart_from_its_text():
    game = new_game(["catacombs"], 2, 3, {})
    view = game.view(0)
    hand = list(zip("abcde", view.me.hand, strict=False))
    lines = lines_of(panels.hand_panel(view, 0, hand, None, 56, 8), 56)
    for (_, card), line in zip(hand, lines, strict=False):
        cdef = view.ruleset.cards[card]
        at = line.index(cdef.name) + len(cdef.name)
        assert line[at:at + 2] == "  ", line                       # "Burgle  Gain 1 skill.", never "BurgleGain"
        assert cdef.text[:10] in line
    assert lines[len(hand)].startswith("pool ")


def test_long_card_texts_are_cut_rather_than_push_the_pool_out_of_the_panel():
    game = new_game(["catacombs"], 2, 3, {})
    view = game.view(0)
    long = next(c for c in view.ruleset.cards.values() if len(c.text) > 120)
    hand = [(x, long.id) for x in "abcde"]
    lines = lines_of(panels.hand_panel(view, 0, hand, None, 56, 8), 56)
    assert len(lines) <= 8 and lines[5].startswith("pool ")
    assert lines[0].endswith("…")


def test_dragon_panel_keeps_each_thing_on_its_own_line_and_fits_100_columns():
    async def main() -> None:
        game = new_game(["catacombs"], 4, 7, {})
        game.state.clank_area.update({"0": 3, "1": 2, "2": 1, "3": 4})
        game.changed()
        app = TableApp(game, assign_seats(4, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            lines = panel_lines(app, "dragon")
            width = app.query_one("#dragon").size.width
        outlook = game.dragon_outlook()
        assert lines[0] == "Clank! P1:3 P2:2 P3:1 P4:4"
        assert lines[1] == f"attack draws {outlook.attack}: rage {outlook.rage_draw}"
        assert lines[2] == f"bag {game.view(0).bag_total} (+10 at the draw)"
        assert lines[3].startswith("rage ")
        assert all(len(line) <= width for line in lines)
    asyncio.run(main())


def test_where_each_player_is_fits_at_100x35():
    async def main() -> None:
        game = new_game(["catacombs"], 4, 7, {})
        put_pawn(game, 1, "st-a.grotto")
        app = TableApp(game, assign_seats(4, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            lines = panel_lines(app, "players")
        assert lines[0].split()[-1] == "where"
        assert lines[2].endswith(" Grotto") and lines[1].endswith(" Crypt")
        assert not any("…" in line for line in lines)
    asyncio.run(main())


def test_a_seat_has_the_same_colour_on_the_map_and_in_the_panels():
    for seat in range(4):
        assert seat_colour(seat) in panels.colour(seat)
