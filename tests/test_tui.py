"""The full-screen table driven headless by Textual's pilot (issue 9): a whole game with a
human seat whose keys are pressed for legal actions, hot-seat hand-off, help and inspection,
the confirmation before ending a turn with resources unspent, stable keys."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from clank.actions import Action
from clank.api import new_game
from clank.testing import set_pool
from clank_cli.seats import assign_seats
from clank_cli.tui import screens
from clank_cli.tui.app import FINISHED, TableApp
from clank_cli.tui.keys import HandLetters, main_keys
from rich.console import Console

pytestmark = pytest.mark.timeout(300)


def run(coro):
    return asyncio.run(coro)


def text_of(renderable) -> str:
    """What a panel or page shows, as plain text."""
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def wait_until(pilot, done, tries: int = 2000) -> None:
    """Pause until ``done()`` holds (the table has handled a key and drawn what follows)."""
    for _ in range(tries):
        if done():
            return
        await pilot.pause()
    raise AssertionError("the table did not get there")


def keys_are_current(app: TableApp) -> bool:
    """Whether the table's keys stand for the legal actions of the position now (it has
    drawn the latest position)."""
    km = app.keymap
    if km is None:
        return False
    shown = {a for acts in km.keys.values() for a in acts}
    return shown == set(app.game.legal_actions())


async def press_for(app: TableApp, pilot, action: Action) -> None:
    """Press the keys that choose ``action`` on the table (as a person would)."""
    km = app.keymap
    assert km is not None, "the table shows no keys while a human decides"
    key = km.key_of(action)
    assert key is not None, action
    history = app.game.state.history
    before = len(history)

    def moved_on() -> bool:
        return len(history) > before or isinstance(app.screen, screens.Chooser | screens.Confirm)

    await pilot.press(key if key != " " else "space")
    await wait_until(pilot, moved_on)
    if isinstance(app.screen, screens.Chooser):
        sym = app.screen.symbols[[a for _, a in app.screen.entries].index(action)]
        await pilot.press(sym)
        await wait_until(pilot, lambda: len(history) > before or isinstance(app.screen, screens.Confirm))
    if isinstance(app.screen, screens.Confirm):
        await pilot.press("y")
        await wait_until(pilot, lambda: len(history) > before)


async def drive(app: TableApp, pilot, rng: random.Random, max_steps: int = 3000) -> int:
    """Play the human seats by keys until the game ends; returns the steps taken."""
    steps = 0
    while steps < max_steps:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, screens.HandOff):
            await pilot.press("enter")
            continue
        if isinstance(screen, screens.TextScreen):       # the final scores
            assert app.game.over
            await pilot.press("escape")
            await pilot.pause()
            return steps
        if isinstance(screen, screens.Confirm):           # out of the dungeon: skip to the end
            await pilot.press("n")
            continue
        if app.waiting:
            await pilot.press("space")
            continue
        seat = app.game.current_player
        if seat is None or not app.seats[seat].is_human or not keys_are_current(app):
            continue
        actions = app.game.legal_actions()
        choice = [a for a in actions if a.kind != "end"] if len(actions) > 1 and rng.random() < 0.7 else actions
        await press_for(app, pilot, rng.choice(choice))
        steps += 1
    raise AssertionError("the game did not end")


@pytest.fixture
def quick_pilot(monkeypatch):
    """The pilot waits for the app to go idle in steps of 20 ms (Textual's granularity); a
    game of a few hundred key presses spends most of its time there. The tests wait for what
    they expect themselves (:func:`wait_until`), so a 2 ms step is enough."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002, raising=False)


def test_a_whole_game_by_keys_against_bots(quick_pilot) -> None:
    async def main() -> None:
        game = new_game(["catacombs"], 2, 21, {"max_rounds": 6})
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0, watch="fast")
        async with app.run_test(size=(100, 35)) as pilot:
            steps = await drive(app, pilot, random.Random(4))
            assert steps > 10
        assert game.over and app.return_value == FINISHED
    run(main())


@pytest.mark.parametrize(("packs", "players", "rounds"), [
    (["catacombs", "underworld"], 2, 4),
    (["catacombs", "party", "underworld"], 5, 2),
])
def test_expansion_games_by_keys_against_bots(quick_pilot, packs, players, rounds) -> None:
    """The table draws the Underworld (a region of slots) and five seats: a short game with
    the expansions is played to its end by keys (issues 7, 8, 9)."""
    async def main() -> None:
        game = new_game(packs, players, 3, {"max_rounds": rounds})
        app = TableApp(game, assign_seats(players, 1, ["greedy"]), None, delay=0, watch="fast")
        async with app.run_test(size=(100, 35)) as pilot:
            await drive(app, pilot, random.Random(2))
        assert game.over and app.return_value == FINISHED
    run(main())


def test_hot_seat_hands_off_and_hides_the_previous_hand() -> None:
    async def main() -> None:
        game = new_game(["catacombs"], 2, 5, {"max_rounds": 3})
        app = TableApp(game, assign_seats(2, 2, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, screens.HandOff)    # even the first player gets the keyboard
            await pilot.press("enter")
            await pilot.pause()
            assert app.viewer == 0
            while game.current_player == 0:
                await press_for(app, pilot, game.legal_actions()[0])
            await pilot.pause()
            assert isinstance(app.screen, screens.HandOff)
            assert app.viewer is None                          # P1's hand is off the table
            hand = text_of(app.query_one("#hand").content)
            assert "[a]" not in hand
            await pilot.press("enter")
            await pilot.pause()
            assert app.viewer == 1
    run(main())


def test_help_inspection_and_log_screens() -> None:
    async def main() -> None:
        game = new_game(["catacombs"], 2, 3, {})
        game.player(0).tokens.append("magic-spring") if "magic-spring" in game.ruleset.tokens else None
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, screens.TextScreen)
            page = text_of(app.screen.body)
            assert "E7" in page and "Map legend" in page and "end your turn" in page
            await pilot.press("escape")
            await pilot.press("v")
            await pilot.pause()
            page = text_of(app.screen.body)
            assert "deck (order hidden)" in page and "Burgle" in page
            if "magic-spring" in game.ruleset.tokens:
                assert game.ruleset.tokens["magic-spring"].name in page
            await pilot.press("escape")
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, screens.TextScreen)
    run(main())


def test_ending_a_turn_with_resources_unspent_asks_first() -> None:
    async def main() -> None:
        game = new_game(["catacombs"], 2, 3, {})
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            while game.player(0).hand:
                await pilot.press(app.hand.slots[0][0])
                await pilot.pause()
            set_pool(game, 0, boots=2, skill=2, swords=0)
            game.changed()
            app.redraw()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, screens.Confirm)
            assert "2 boots" in app.screen.question and "2 skill" in app.screen.question
            await pilot.press("n")                   # no: the turn goes on
            await pilot.pause()
            assert game.state.current == 0 and game.legal_actions()
            await pilot.press("n")
            await pilot.press("y")
            await pilot.pause()
            assert game.state.turn_no > 0
    run(main())


def test_hand_letters_stay_with_their_cards() -> None:
    letters = HandLetters()
    slots = letters.update((1, 0), ["stumble", "burgle", "burgle", "sidestep", "burgle"])
    assert [x for x, _ in slots] == list("abcde")
    letters.take("c")
    slots = letters.update((1, 0), ["stumble", "burgle", "sidestep", "burgle"])
    assert slots == [("a", "stumble"), ("b", "burgle"), ("d", "sidestep"), ("e", "burgle")]
    slots = letters.update((1, 0), ["stumble", "burgle", "sidestep", "burgle", "explore"])
    assert slots[-1] == ("f", "explore")        # a drawn card takes a letter no card had this turn
    assert letters.update((2, 0), ["burgle"]) == [("a", "burgle")]


def test_row_keys_are_slot_numbers_and_moves_gather_under_m() -> None:
    game = new_game(["catacombs"], 2, 12, {})
    set_pool(game, 0, boots=3, skill=10, swords=3)
    game.changed()
    acts = game.legal_actions()
    km = main_keys(acts, [], orienting=False)
    for a in acts:
        if a.kind == "buy":
            assert km.key_of(a) == str(int(a.args[0]) + 1)
        if a.kind == "move":
            assert km.key_of(a) == "m"


def test_replay_steps_forward_back_and_jumps(tmp_path) -> None:
    from clank_cli.records import record_of
    from clank_cli.tui.replay import ReplayApp, step_lines

    game = new_game(["catacombs"], 2, 9, {"max_rounds": 2})
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(2)]
    for _ in range(30):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    record = record_of(game)
    lines = list(step_lines(record))
    assert lines[0].startswith("1. P1: play ")

    async def main() -> None:
        app = ReplayApp(record, None)
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            await pilot.press("right", "right")
            assert app.index == 2 and app.status.startswith("action 2 of 30")
            await pilot.press("left")
            assert app.index == 1
            await pilot.press("2", "5", "enter")
            assert app.index == 25
            assert app.game.state.history == game.state.history[:25]
            await pilot.press("q")
    run(main())
