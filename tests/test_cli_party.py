"""Terminal play with the Adventuring Party pack (issue 8): six seats fit the screen, a React
window is offered to a human seat on another seat's turn (and only then), an Arrive Choice asks
each human seat in turn. Skipped when the party pack is not installed."""

from __future__ import annotations

from io import StringIO

import clank_catacombs
import pytest
from clank import new_game
from clank_cli import render
from clank_cli.play import Session
from clank_cli.seats import assign_seats
from rich.console import Console

clank_party = pytest.importorskip("clank_party")
MODULES = {"catacombs": clank_catacombs, "party": clank_party}


def _game():
    from clank.testing import set_hand, set_pool

    game = new_game(["catacombs", "party"], 6, 0, {"max_rounds": 30}, modules=MODULES)
    st = game.state
    for card in ("eavesdrop", "eavesdrop", "rumour-of-treasure"):
        st.dungeon_deck.remove(card)
    set_hand(game, 0, ["eavesdrop"])
    set_hand(game, 1, ["eavesdrop", "burgle"])
    st.dungeon_deck[0:0] = [c for c in st.row if c]
    quiet = ["lightstick", "swindle", "expert-guide", "bandit", "pillage", "payoff"]
    for c in quiet:
        st.dungeon_deck.remove(c)
    st.row = quiet
    st.dungeon_deck.append("rumour-of-treasure")          # the refill reveals it
    set_pool(game, 0, skill=1)
    return game


def test_react_and_arrive_choice_reach_the_human_seats_in_order():
    game = _game()
    seats = assign_seats(6, 2, ["greedy"])
    asked: list[str] = []
    script = iter(["play eavesdrop", "buy 1", "yes", "end", "option 1", "option 0", "q"])

    def read(prompt: str) -> str:
        asked.append(prompt.strip())
        return next(script)

    out = Console(file=StringIO(), width=120)
    outcome = Session(game, seats, None, out, Console(file=StringIO()), read_line=read).run()
    text = out.file.getvalue()
    assert outcome.reason == "quit"
    # P1 plays its own Eavesdrop normally; P2 is offered its Eavesdrop on P1's turn only;
    # the Arrive Choice asks P2 (about to play) first, P1 (who ended the turn) last.
    assert asked == ["P1>", "P1>", "P2>", "P1>", "P2>", "P1>", "P2>"]
    assert "P2 (human) to decide on P1 (human)'s turn: use Eavesdrop" in text
    assert "2) gain 1 lockpick" in text
    assert game.player(1).pool.get("lockpicks") == 4 and game.player(0).gold >= 2
    assert "eavesdrop" in game.player(1).play


def test_six_seats_fit_the_players_panel():
    game = new_game(["catacombs", "party"], 6, 3, {}, modules=MODULES)
    console = Console(file=StringIO(), width=100)
    console.print(render.decision_view(game.view(0), 0, assign_seats(6, 1, ["greedy"]), game.legal_actions()))
    text = console.file.getvalue()
    assert all(f"P{n}" in text for n in range(1, 7)) and "purple" in text and "orange" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_the_full_screen_table_shows_six_players():
    """The table's players panel grows with the seats: at 6 players every seat has its line
    (the panel's four-player height would cut P5 and P6 off), at 35 rows too."""
    import asyncio

    from clank_cli.tui.app import TableApp

    async def main() -> None:
        game = new_game(["catacombs", "party"], 6, 4, {"max_rounds": 3}, modules=MODULES)
        app = TableApp(game, assign_seats(6, 1, ["greedy"]), None, delay=0, watch="fast")
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            panel = app.query_one("#players")
            assert panel.size.height >= 7                    # a header and six players
            shot = app.export_screenshot()
            assert all(f"P{n}" in shot for n in range(1, 7))
            app.exit()

    asyncio.run(main())


def test_the_market_board_counts_items_of_one_name_and_price_together():
    """At 5-6 players the Party's third Backpack joins the base game's two (P2): the board reads
    "Backpack ×3", one entry, as a player sees it, while each Crown keeps its own line."""
    game = new_game(["catacombs", "party"], 5, 0, {"max_rounds": 30}, modules=MODULES)
    board = game.state.market["market"]
    assert "backpack" in board and "backpack-party" in board
    text = render.supply_text(game.view(0)).plain
    line = next(ln for ln in text.splitlines() if ln.startswith("market board: "))
    assert "Backpack ×3 (7 gold)" in line and line.count("Backpack") == 1
    assert line.count("Crown (") == 4
