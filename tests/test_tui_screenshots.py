"""The pictures of the terminal table in docs/playing.md, taken by Textual's pilot: an
Underworld game at 120×40 and the same position at 80×24 (the compact layout), after the
human seat has played three of its five cards by their keys (the two left keep their letters).

``make screenshot-table`` (``CLANK_SCREENSHOT=1``) writes them to docs/; without it the test
takes them and checks what they show, and that docs/playing.md shows the files.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from clank.api import new_game
from clank_cli.seats import assign_seats
from clank_cli.tui.app import TableApp

ROOT = Path(__file__).resolve().parents[1]
SHOTS = {(120, 40): "table-120x40.svg", (80, 24): "table-80x24.svg"}
SEED, ACTIONS = 11, 71
"""Greedy bots play 71 actions of seed 11: the human seat P1 starts a turn on a ladder of the
Underworld."""
PLAYED = "ade"

pytestmark = pytest.mark.timeout(120)


def position():
    game = new_game(["catacombs", "underworld"], 2, SEED, {})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]
    for _ in range(ACTIONS):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    assert game.current_player == 0 and game.decision()["kind"] == "main"
    return game


async def shoot(size: tuple[int, int]) -> tuple[str, TableApp]:
    """The table after P1 plays the cards ``a``, ``d`` and ``e`` by their keys."""
    game = position()
    app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
    async with app.run_test(size=size) as pilot:
        for _ in range(100):
            await pilot.pause()
            if app.keymap is not None:
                break
        for letter in PLAYED:
            await pilot.press(letter)
            for _ in range(100):
                await pilot.pause()
                if letter not in (x for x, _ in app.hand.slots):
                    break
        await pilot.pause()
        return app.export_screenshot(title=f"clank play ({size[0]}×{size[1]})"), app


@pytest.mark.parametrize("size", sorted(SHOTS))
def test_the_pictures_of_the_table_in_the_docs(size):
    svg, app = asyncio.run(shoot(size))
    assert [x for x, _ in app.hand.slots] == ["b", "c"] and app.keymap is not None
    for words in ("Your", "move", "Dragon", "attack", "draws", "[m]", "[b]", "[c]"):
        assert words in svg
    path = ROOT / "docs" / SHOTS[size]
    if os.environ.get("CLANK_SCREENSHOT"):
        path.write_text(svg, encoding="utf-8")
    assert path.is_file(), "make screenshot-table takes the pictures"
    assert f"({SHOTS[size]})" in (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
