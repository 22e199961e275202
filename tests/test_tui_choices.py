"""Choices with their meaning on the full-screen table, driven headless by Textual's pilot at
120x40 and 80x24: how to pay a price that gold or undercoins can pay (U13, U21) is asked, each
answer saying what it leaves, and answered by its key; a room whose action is not offered says
why to the player standing in it (U7: the lyre with an artifact held)."""

from __future__ import annotations

import asyncio
import io

import pytest
from clank.api import new_game
from clank.testing import put_pawn, set_hand, set_pool
from clank_cli.seats import assign_seats
from clank_cli.tui.app import TableApp
from rich.console import Console

pytestmark = pytest.mark.timeout(300)

SIZES = [(120, 40), (80, 24)]
LYRE = "uw-start-a.lyre"


def panel_text(app: TableApp, wid: str) -> str:
    """What a panel of the table shows now, as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.query_one(f"#{wid}").content)
    return " ".join(console.export_text().split())


def underworld_market_game():
    """Seat 0 at the Underworld market of a tile in slot A, with 6 gold and 3 undercoins."""
    game = new_game(["catacombs", "underworld"], 2, 0)
    seat = game.state.current
    game.state.stacks["underworld"].remove("uw-1")
    game.place_in_slot("uw-1", "underworld", "A", None)
    game.run()
    set_hand(game, seat, [])
    put_pawn(game, seat, "uw-1.market")
    set_pool(game, seat, gold=6, undercoins=3)
    game.changed()
    return game, seat


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_U21_the_table_asks_how_to_pay_and_each_key_says_what_it_leaves(size: tuple[int, int]) -> None:
    async def main() -> None:
        game, seat = underworld_market_game()
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            game.apply(next(a for a in game.legal_actions() if str(a) == "room underworld-market river-boat"))
            app.redraw()
            await pilot.pause()
            shown = panel_text(app, "actions")
            assert "how do you pay 7 gold for River Boat?" in shown
            assert "pay 5 gold and 2 undercoins (leaves 1 gold, 1 undercoin)" in shown
            key = app.keymap.key_of(next(a for a in game.legal_actions() if str(a) == "pay 1"))
            assert key is not None and f"[{key}] pay 5 gold and 2 undercoins" in shown
            await pilot.press(key)
            for _ in range(200):
                if game.decision()["kind"] != "pay":
                    break
                await pilot.pause()
            me = game.player(seat)
            assert (me.gold, me.pool.get("undercoins")) == (1, 1) and "river-boat" in me.tokens
            assert game.log[-1].endswith("for 5 gold and 2 undercoins.")
    asyncio.run(main())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_U7_the_lyre_room_says_why_it_offers_nothing(size: tuple[int, int]) -> None:
    async def main() -> None:
        game = new_game(["catacombs", "underworld"], 2, 0)
        seat = game.state.current
        set_hand(game, seat, [])
        game.player(seat).artifacts.append(game.state.artifact_stack.pop(0))
        put_pawn(game, seat, LYRE)
        game.changed()
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.redraw()
            await pilot.pause()
            assert not any(str(a).startswith("room lyre") for a in game.legal_actions())
            assert "you already carry an artifact, as many as you may" in panel_text(app, "actions")
    asyncio.run(main())
