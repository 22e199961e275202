"""The terminal table as a player reads it (issue 40, points 1-4, 9, 10), driven headless by
Textual's pilot at 120×40 and at 80×24 (the compact layout):

1. the hand's keys are always in sight, and a card keeps its letter for the whole turn;
2. the side log always shows the newest line, the ``l`` page opens at the end;
3. a decision owns the keys while it is asked, and a group key's only action is confirmed;
4. the Dragon panel shows what the engine says the next draws take, and warns when the bag
   runs low; the help summarises every rule that ends or changes a game, and each pack in play
   adds its section;
9. a hot-seat hand-off says why the seat is called and hands its key on; bots play on
   without a key press per turn, in the log;
10. at 80×24 the map around the pawn, the hand with keys, the decision and the newest log line;
    a prompt longer than its panel says how many more options there are; under 80×24 a
    message says what size is needed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from clank.api import new_game
from clank.testing import knock_out, set_hand, set_pool
from clank_cli.seats import assign_seats
from clank_cli.tui import screens
from clank_cli.tui.app import TableApp
from clank_cli.tui.fit import measure
from clank_cli.tui.keys import answer_keys

pytestmark = pytest.mark.timeout(120)

SIZES = [(120, 40), (80, 24)]
LONG_HAND = ["thirst-for-adventure", "boots-of-the-ape-lord", "astral-projection", "white-tourmaline",
             "black-tourmaline", "skeleton-warlock", "underworld-wraith"]


@pytest.fixture(autouse=True)
def quick_pilot(monkeypatch):
    """The pilot waits for the table to go idle in steps of 20 ms (Textual's granularity); the
    tests wait for what they expect themselves (:func:`settle`), so 2 ms steps are enough."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002, raising=False)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def screen_text(app: TableApp) -> str:
    """Every row of the terminal as it shows now."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def panel_text(app: TableApp, wid: str) -> list[str]:
    """The rows a panel of the table shows."""
    widget = app.query_one(f"#{wid}")
    return ["".join(seg.text for seg in widget.render_line(y)).rstrip() for y in range(widget.size.height)]


async def settle(pilot: Any, done: Callable[[], bool] = lambda: True, tries: int = 400) -> None:
    """Let the table handle what was pressed and draw, until ``done()`` holds."""
    await pilot.pause()
    for _ in range(tries):
        if done():
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError("the table did not get there")


def table(game: Any, humans: int = 1, **options: Any) -> TableApp:
    return TableApp(game, assign_seats(len(game.state.players), humans, ["greedy"]), None, delay=0, **options)


def main_decision_game(packs: tuple[str, ...] = ("catacombs", "underworld"), seed: int = 3) -> Any:
    game = new_game(list(packs), 2, seed, {})
    assert game.current_player == 0 and game.decision()["kind"] == "main"
    return game


# ==========================================================================================
# 1. The hand's keys
# ==========================================================================================
@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_a_long_hand_shows_its_key_and_names_are_cut_before_keys(size):
    game = main_decision_game(("catacombs", "underworld"))
    set_hand(game, 0, LONG_HAND)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: bool(app.hand.slots))
            rows = panel_text(app, "hand")
            letters = [x for x, _ in app.hand.slots]
            assert letters == list("abcdefg")
            for letter in letters:                                   # every key, whole, in sight
                assert sum(f"[{letter}]" in row for row in rows) == 1, rows
            cards = game.ruleset.cards
            for row in rows:
                if row.lstrip().startswith("["):
                    assert row.lstrip()[3] == " "                    # "[a] Name", never "[a]Na…"
            if size == (120, 40):                                   # room for whole names and a text
                for _, card in app.hand.slots:
                    assert any(cards[card].name in row for row in rows)
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_with_more_cards_than_letters_shows_the_key_that_plays_each_card(size):
    """Fifteen different cards, fourteen letters: the last card shows ``u``, the group key its
    play is filed under, and ``u`` asks before playing it."""
    from clank_cli.tui.keys import HAND_LETTERS

    game = main_decision_game(("catacombs",))
    cards = game.ruleset.cards
    plain = sorted(c.id for c in cards.values() if c.kind in ("dungeon", "starter") and c.type != "monster"
                   and c.effects.get("play"))[:len(HAND_LETTERS) + 1]
    set_hand(game, 0, plain)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: bool(app.hand.slots))
            rows = " ".join(panel_text(app, "hand"))
            assert all(f"[{x}]" in rows for x in HAND_LETTERS)
            assert app.hand.slots[-1] == ("", plain[-1]) and "[u]" in rows
            await pilot.press("u")
            await settle(pilot, lambda: isinstance(app.screen, screens.Confirm))
            assert app.screen.question.startswith(f"Play {cards[plain[-1]].name}")
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_a_card_keeps_its_letter_all_turn_and_a_drawn_card_takes_a_fresh_one(size):
    game = main_decision_game(("catacombs", "underworld"))
    set_hand(game, 0, ["burgle", "white-tourmaline", "stumble", "burgle", "sidestep"])
    game.player(0).deck.append("scramble")                               # the next card drawn

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: bool(app.hand.slots))
            assert app.hand.slots == [("a", "burgle"), ("b", "white-tourmaline"), ("c", "stumble"),
                                      ("d", "burgle"), ("e", "sidestep")]
            await pilot.press("d")                                     # the second Burgle, by its own letter
            await settle(pilot, lambda: "burgle" in game.player(0).play)
            await pilot.press("b")                                     # White Tourmaline draws a card
            await settle(pilot, lambda: "scramble" in game.player(0).hand)
            assert app.hand.slots == [("a", "burgle"), ("c", "stumble"), ("e", "sidestep"), ("f", "scramble")]
            rows = panel_text(app, "hand")
            assert any("[f]" in row and "Scramble" in row for row in rows)
            assert not any("[b]" in row or "[d]" in row for row in rows)
    run(main())


# ==========================================================================================
# 2. The log
# ==========================================================================================
LONG_LINE = ("P2 moves to the scriptorium of the Hall of Broken Kings through two monsters and a "
             "footprint (3 Boots, 2 Swords spent), line {}.")


@pytest.mark.parametrize("size", SIZES)
def test_the_log_always_shows_the_newest_line_and_the_log_page_opens_at_its_end(size):
    from textual.containers import VerticalScroll

    game = main_decision_game(("catacombs",), seed=5)
    game.state.log.extend(LONG_LINE.format(i) for i in range(1, 60))
    game.state.log.append("P2 ends the turn.")

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: bool(app.hand.slots))
            shown = panel_text(app, "log" if size == (120, 40) else "logline")
            assert shown[-1].strip().endswith("P2 ends the turn.")
            if size == (120, 40):
                assert "line 59. P2 ends the turn." in " ".join(shown)     # the one before, wrapped, too
            await pilot.press("l")
            await settle(pilot, lambda: isinstance(app.screen, screens.TextScreen))
            scroll = app.screen.query_one(VerticalScroll)
            await settle(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y > 0)
            assert "P2 ends the turn." in screen_text(app)
    run(main())


# ==========================================================================================
# 3. A decision owns the keys; a group key's only action is confirmed
# ==========================================================================================
def bots_play(game: Any, actions: int) -> Any:
    """Greedy bots play ``actions`` actions of ``game`` (a seeded, repeatable position)."""
    bots = [game.ruleset.registry.bots["greedy"].factory(s) for s in range(len(game.state.players))]
    for _ in range(actions):
        s = game.current_player
        game.apply(bots[s].choose(game.view(s)))
    return game


def tile_being_laid() -> Any:
    """Seat 0 has walked off the start tile's edge: the tile it discovered is being laid (X4),
    while it may still acquire row cards first (X8)."""
    game = new_game(["catacombs"], 2, 1, {})
    set_pool(game, 0, boots=9, skill=8, swords=3)
    game.apply("move st-a#1 0")
    game.apply("explore st-a#14")
    assert game.decision()["kind"] == "orient"
    assert any(a.kind == "buy" for a in game.legal_actions())
    return game


def lit_row_keys(app: TableApp) -> list[str]:
    wid = "row" if app.table_layout == "regular" else "crow"
    return [f"[{n}]" for n in range(1, 7) if any(f"[{n}]" in row for row in panel_text(app, wid))]


@pytest.mark.parametrize("size", SIZES)
def test_while_a_tile_is_laid_the_digits_turn_it_and_no_row_slot_lights_up(size):
    game = tile_being_laid()

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            assert lit_row_keys(app) == []
            assert "row and reserve" in app.keymap.titles.get("r", "")     # the row waits under r
            before = len(game.state.history)
            await pilot.press("2")
            await settle(pilot, lambda: len(game.state.history) > before)
            assert game.state.history[-1] == "orient 1 0"                   # laid at once, turned 90°
            assert not isinstance(app.screen, screens.Chooser)
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_a_question_owns_the_digits_and_the_panel_says_what_does_not_fit(size):
    """Replacing a row card (six answers keyed 1-6): no row slot and no hand card lights up;
    at 80×24 the answers that do not fit are counted, ``o`` lists them all with the same keys."""
    game = bots_play(new_game(["catacombs"], 2, 23, {}), 140)
    assert game.decision()["kind"] == "replace_row" and game.current_player == 0

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            assert app.answers and lit_row_keys(app) == []
            assert not any(row.lstrip().startswith("[") for row in panel_text(app, "hand"))
            actions = panel_text(app, "actions")
            if size == (80, 24):
                more = next(row for row in actions if "more" in row)
                assert more.strip().startswith("+") and "(o: all)" in more
                await pilot.press("o")
                await settle(pilot, lambda: isinstance(app.screen, screens.Chooser))
                assert app.screen.symbols == ["1", "2", "3", "4", "5", "6"]
                await pilot.press("escape")
                await settle(pilot, lambda: not isinstance(app.screen, screens.Chooser))
            else:
                assert all(any(f"[{n}]" in row for row in actions) for n in range(1, 7))
            second = game.legal_actions()[1]
            before = len(game.state.history)
            await pilot.press("2")
            await settle(pilot, lambda: len(game.state.history) > before)
            assert game.state.history[before] == str(second)
    run(main())


@pytest.mark.parametrize(("seed", "actions", "words"), [
    (6, 45, "You take 1 damage on the way."),
    (27, 181, "This discovers a new tile."),
])
@pytest.mark.parametrize("size", SIZES)
def test_m_with_one_destination_asks_first_when_it_hurts_or_discovers(size, seed, actions, words):
    game = bots_play(new_game(["catacombs"], 2, seed, {}), actions)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None and len(app.keymap.keys.get("m", [])) == 1)
            before = len(game.state.history)
            await pilot.press("m")
            await settle(pilot, lambda: isinstance(app.screen, screens.Confirm))
            assert words in app.screen.question
            await pilot.press("n")
            await settle(pilot, lambda: not isinstance(app.screen, screens.Confirm))
            assert len(game.state.history) == before                  # no: nothing happened
            await pilot.press("m")
            await settle(pilot, lambda: isinstance(app.screen, screens.Confirm))
            await pilot.press("y")
            await settle(pilot, lambda: len(game.state.history) > before)
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_u_drinking_the_only_potion_asks_first(size):
    game = bots_play(new_game(["catacombs"], 2, 2, {}), 78)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None and len(app.keymap.keys.get("u", [])) == 1)
            before = len(game.state.history)
            await pilot.press("u")
            await settle(pilot, lambda: isinstance(app.screen, screens.Confirm))
            assert app.screen.question.startswith("Use Potion of Healing")
            assert "Use Potion of Healing" in screen_text(app)            # the question is in sight
            await pilot.press("y")
            await settle(pilot, lambda: len(game.state.history) > before)
            assert game.state.history[-1] == "token potion-of-healing"
    run(main())


# ==========================================================================================
# 4. The dragon and the rules on screen
# ==========================================================================================
def dragon_rows(app: TableApp) -> list[str]:
    return panel_text(app, "dragon")


@pytest.mark.parametrize("size", SIZES)
def test_the_dragon_panel_shows_what_the_engine_says_the_next_draws_take(size):
    """D5b, C4: the rage track's number plus Danger; E4: what an out player's turn draws once
    a player is out (6 in a 2-player game)."""
    from clank.testing import set_row

    game = main_decision_game(("catacombs",), seed=5)
    set_row(game, ["corrupt-advisor", "wishing-well", "swindle", "pillage", "payoff", "bard"])

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            seen = game.dragon_outlook()
            assert seen.danger == 2
            rows = dragon_rows(app)
            assert f"attack draws {seen.attack}: rage {seen.rage_draw} + 2 danger" in rows
            assert not any("out turns" in row for row in rows)
            knock_out(game, 1)
            app.redraw()
            await settle(pilot)
            assert any(row.startswith("out turns draw 6 · bag") for row in dragon_rows(app)), dragon_rows(app)
    run(main())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("cubes", "words"), [(3, "⚠ bag 3: the next draw may empty it"),
                                              (5, "⚠ bag low (5)")])
def test_the_dragon_panel_warns_when_the_bag_runs_low(size, cubes, words):
    """D9: an empty bag after a draw ends the game; the panel warns within two draws of it."""
    game = main_decision_game(("catacombs",), seed=5)
    game.state.bag = {"black": cubes}
    game.state.clank_area = {}
    game.changed()

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            assert game.dragon_outlook().attack == 3
            assert any(row.startswith(words) for row in dragon_rows(app)), dragon_rows(app)
    run(main())


@pytest.mark.parametrize(("packs", "players", "sections", "absent"), [
    (("catacombs",), 2, ["Rooms, icons and tokens of the catacombs"], ["The Underworld", "The Adventuring Party"]),
    (("catacombs", "underworld"), 2, ["The Underworld"], ["The Adventuring Party"]),
    (("catacombs", "party", "underworld"), 5, ["The Underworld", "The Adventuring Party"], []),
])
@pytest.mark.parametrize("size", SIZES)
def test_the_help_summarises_the_rules_that_end_a_game_and_those_of_each_pack_in_play(size, packs, players,
                                                                                     sections, absent):
    """D9, E4, E5, D12 in the frame's summary (with this game's numbers); a section for each
    pack in play, none for the others."""
    game = new_game(list(packs), players, 4, {"max_rounds": 9})

    async def main() -> str:
        app = table(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None or game.current_player != 0)
            await pilot.press("question_mark")
            await settle(pilot, lambda: isinstance(app.screen, screens.TextScreen))
            return "\n".join(measure(app.screen.body, 160))

    page = run(main())
    flat = " ".join(page.split())
    for rid in ("D9", "E4", "E5", "D12", "H1, H7", "E7, E8"):
        assert rid in page
    assert f"the dragon draws {game.dragon_outlook().out_turn} cubes (in this game)" in flat
    assert "stops after round 9" in flat
    for title in sections:
        assert title in page
    for title in absent:
        assert title not in page
    if "underworld" in packs:
        for words in ("U35", "Toll", "undercoin", "Ladders", "Chutes", "The Guardian", "magic lyre", "Fate rooms",
                      "Harpies"):
            assert words in flat
    if "party" in packs:
        for words in ("P15", "React", "start of your next turn", "P16", "Arrive Choice"):
            assert words in flat


# ==========================================================================================
# 9. Hot-seat hand-offs and bots that play on
# ==========================================================================================
@pytest.mark.parametrize("size", SIZES)
def test_a_hand_off_says_it_is_your_turn_and_hands_its_key_on(size):
    game = new_game(["catacombs"], 2, 5, {})

    async def main() -> None:
        app = table(game, humans=2)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, screens.HandOff))
            words = screen_text(app)
            assert "Pass the keyboard to P1" in words and "P1 is called: your turn (round 1)" in words
            first = game.player(0).hand[0]
            await pilot.press("a")                           # dismisses the hand-off and plays card a
            await settle(pilot, lambda: len(game.state.history) == 1)
            assert game.state.history[0] == f"play {first}" and app.viewer == 0
    run(main())


@pytest.mark.parametrize(("seed", "actions", "why", "key"), [
    (1, 50, "choose for a card arriving in the row, during P1's turn", "1"),
    (2, 219, "use a card from hand to answer an event, during P3's turn", "y"),
])
@pytest.mark.parametrize("size", SIZES)
def test_a_hand_off_during_another_players_turn_says_why_and_the_key_answers(size, seed, actions, why, key):
    """P16 (an Arrive Choice) and P15 (a React) call a seat during another player's turn: the
    hand-off says so without naming a card of the called seat's hand, and the key pressed on it
    answers."""
    game = bots_play(new_game(["catacombs", "party"], 5, seed, {}), actions)
    assert game.current_player == 1 and game.state.current != 1
    hand = [game.ruleset.cards[c].name for c in game.player(1).hand]

    async def main() -> None:
        app = table(game, humans=5)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, screens.HandOff))
            words = " ".join(screen_text(app).replace("┃", " ").split())     # the words, wrapped or not
            assert f"P2 is called: {why}" in words
            assert not any(name in words for name in hand)
            assert app.keymap is None                            # nobody views the table yet
            expected = answer_keys(game.legal_actions()).keys[key][0]
            await pilot.press(key)
            await settle(pilot, lambda: len(game.state.history) > actions)
            assert game.state.history[actions] == str(expected)
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_with_a_pace_the_bots_play_on_without_a_key_and_their_moves_are_in_the_log(size):
    from textual.containers import VerticalScroll

    game = new_game(["catacombs"], 2, 5, {})
    set_hand(game, 0, [])

    async def main() -> None:
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0.001, watch="flow")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            await pilot.press("n")
            await settle(pilot, lambda: game.state.round == 2 and game.current_player == 0
                         and app.keymap is not None)
            assert not app.waiting
            if size == (120, 40):
                log = " ".join(" ".join(panel_text(app, "log")).split())
            else:                                                      # the log page, at its end
                await pilot.press("l")
                await settle(pilot, lambda: isinstance(app.screen, screens.TextScreen))
                scroll = app.screen.query_one(VerticalScroll)
                await settle(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
                log = " ".join(screen_text(app).replace("│", " ").split())
            assert "P2 ends the turn." in log
    run(main())


@pytest.mark.parametrize("size", SIZES)
def test_w_lets_the_bots_play_on_from_a_stop_after_a_turn(size):
    game = new_game(["catacombs"], 3, 5, {})
    set_hand(game, 0, [])

    async def main() -> None:
        app = TableApp(game, assign_seats(3, 1, ["greedy"]), None, delay=0.001)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            await pilot.press("n")
            await settle(pilot, lambda: app.waiting)                   # stopped after P2's turn
            assert "w: let the bots play on" in app.status
            words = " ".join(" ".join(panel_text(app, "actions")).split())  # in sight, wrapped or not
            assert "space: P3's turn; w: let the bots play on" in words
            await pilot.press("w")                                     # stop → flow
            await settle(pilot, lambda: game.state.round == 2 and game.current_player == 0
                         and app.keymap is not None)
    run(main())


def test_clank_play_pace_flows_the_bots_turns(monkeypatch, tmp_path):
    from clank_cli import play
    from clank_cli.commands import play as play_command
    from clank_cli.main import app as cli
    from typer.testing import CliRunner

    calls: list[dict[str, Any]] = []

    def fake_table(game, seats, save_path, start=0, pace=None):
        calls.append({"pace": pace})
        return play.Outcome(play.QUIT, save_path)

    # ``clank play`` runs clank_cli.commands.play, which holds its own names of these
    monkeypatch.setattr(play_command, "run_table", fake_table)
    monkeypatch.setattr(play_command, "interactive_terminal", lambda: True)
    result = CliRunner().invoke(cli, ["play", "--players", "2", "--seed", "1", "--pace", "0.2",
                                      "--save", str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    assert calls == [{"pace": 0.2}]


# ==========================================================================================
# 10. Small terminals
# ==========================================================================================
def test_at_80x24_the_compact_table_keeps_the_map_round_the_pawn_the_hand_the_decision_and_the_log():
    game = bots_play(new_game(["catacombs"], 4, 8, {}), 200)
    while game.current_player != 0 or game.view(0).pending() is not None:
        bots_play(game, 1)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            assert app.table_layout == "compact"
            drawn = app.query_one("#map").content
            legend = drawn.plain.rstrip("\n").count("\n")             # the legend's row, last
            rows = [drawn.plain[:sp.start].count("\n") for sp in drawn.spans
                    if str(sp.style).endswith("on dodger_blue1") and drawn.plain[sp.start:sp.end] == "1"]
            assert any(row < legend for row in rows)                    # P1's pawn is in sight
            mp = app.query_one("#map")
            assert mp.size.height >= 12 and mp.size.width >= 40
            words = screen_text(app)
            assert all(f"[{x}]" in words for x, _ in app.hand.slots)     # the hand, with its keys
            assert "P1's turn" in " ".join(panel_text(app, "actions"))   # the decision
            assert panel_text(app, "logline")[0].startswith(f"log {game.log[-1][:30]}")
            for hidden in ("row", "supply", "log"):                    # the regular panels are away
                assert not app.query_one(f"#{hidden}").display
    run(main())


def test_the_table_follows_the_terminal_and_says_what_size_it_needs_below_80x24():
    game = main_decision_game(("catacombs",), seed=5)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            assert app.table_layout == "regular"
            await pilot.resize_terminal(80, 24)
            await settle(pilot, lambda: app.table_layout == "compact")
            await pilot.resize_terminal(70, 20)
            await settle(pilot, lambda: app.table_layout == "small")
            words = " ".join(screen_text(app).split())
            assert "needs a terminal of at least 80×24" in words and "this one is 70×20" in words
            before = len(game.state.history)
            await pilot.press("a")                                     # no play while too small
            await settle(pilot)
            assert len(game.state.history) == before
            await pilot.resize_terminal(120, 40)
            await settle(pilot, lambda: app.table_layout == "regular")
            assert "[a]" in " ".join(panel_text(app, "hand"))
    run(main())


def test_the_replay_stepper_takes_the_compact_layout_at_80x24():
    from clank_cli.records import record_of
    from clank_cli.tui.replay import ReplayApp

    game = bots_play(new_game(["catacombs"], 2, 9, {"max_rounds": 2}), 20)

    async def main() -> None:
        app = ReplayApp(record_of(game), None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda: app.status.startswith("start of the game"))
            assert app.table_layout == "compact"
            await pilot.press("right", "right")
            await settle(pilot, lambda: app.index == 2)
            assert panel_text(app, "logline")[0].startswith("log ")
    run(main())


def test_a_resize_while_a_page_is_open_lays_the_table_out_for_the_new_size():
    game = main_decision_game(("catacombs",), seed=5)

    async def main() -> None:
        app = table(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: app.keymap is not None)
            await pilot.press("question_mark")
            await settle(pilot, lambda: isinstance(app.screen, screens.TextScreen))
            await pilot.resize_terminal(80, 24)
            await settle(pilot, lambda: app.table_layout == "compact")
            await pilot.press("escape")
            await settle(pilot, lambda: not isinstance(app.screen, screens.TextScreen))
            assert panel_text(app, "logline")[0].startswith("log ")
            assert any("[a]" in row for row in panel_text(app, "hand"))
    run(main())
