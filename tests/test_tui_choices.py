"""Choices with their meaning on the full-screen table, driven headless by Textual's pilot at
120x40 and 80x24: how to pay a price that gold or undercoins can pay (U13, U21) is asked, each
answer saying what it leaves, and answered by its key, at a market and for a pack's set-price
take (K8); a room whose action is not offered says
why to the player standing in it (U7: the lyre with an artifact held)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from clank.api import new_game
from clank.testing import put_pawn, set_hand, set_pool, write_pack
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


def answer_pay_by_key(game, size: tuple[int, int], before: tuple[str, ...], prompt: str, answer: str,
                      words: str) -> None:
    """Play ``before`` (to the pay question), check the table shows ``prompt`` and the answer
    ``answer`` in its ``words`` (what it spends, then what it leaves) by a key, and press it."""
    async def main() -> None:
        app = TableApp(game, assign_seats(2, 1, ["greedy"]), None, delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for text in before:
                game.apply(next(a for a in game.legal_actions() if str(a) == text))
            app.redraw()
            await pilot.pause()
            shown = panel_text(app, "actions")
            assert prompt in shown and words in shown
            key = app.keymap.key_of(next(a for a in game.legal_actions() if str(a) == answer))
            assert key is not None and f"[{key}] {words.partition(' (')[0]}" in shown
            await pilot.press(key)
            for _ in range(200):
                if game.decision()["kind"] != "pay":
                    break
                await pilot.pause()
    asyncio.run(main())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_U21_the_table_asks_how_to_pay_and_each_key_says_what_it_leaves(size: tuple[int, int]) -> None:
    game, seat = underworld_market_game()
    answer_pay_by_key(game, size, ("room underworld-market river-boat",), "how do you pay 7 gold for River Boat?",
                      "pay 1", "pay 5 gold and 2 undercoins (leaves 1 gold, 1 undercoin)")
    me = game.player(seat)
    assert (me.gold, me.pool.get("undercoins")) == (1, 1) and "river-boat" in me.tokens
    assert game.log[-1].endswith("for 5 gold and 2 undercoins.")


BROKER_CARDS = """\
- id: market-broker
  name: Market Broker
  kind: dungeon
  type: item
  count: 1
  cost: {skill: 2}
  points: 0
  text: "Take one market item for 7 gold."
  play: [take_market_item: {price: 7}]
"""


def set_price_take_game(packs: Path):
    """Seat 0 with 6 gold and 3 undercoins, a card taking a market item for 7 gold in hand
    (the catacombs pack's set-price take, K8): the take pays through ``game.pay_then``."""
    pack = write_pack(packs, "broker", {"cards.yaml": BROKER_CARDS})
    game = new_game(["catacombs", str(pack), "underworld"], 2, 0)
    seat = game.state.current
    st = game.state
    if "market-broker" in st.dungeon_deck:
        st.dungeon_deck.remove("market-broker")
    else:
        st.row[st.row.index("market-broker")] = None
    set_hand(game, seat, ["market-broker"])
    set_pool(game, seat, gold=6, undercoins=3)
    game.changed()
    return game, seat


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_U21_K8_the_table_asks_how_to_pay_a_set_price_take_in_words(size: tuple[int, int], tmp_path: Path) -> None:
    game, seat = set_price_take_game(tmp_path)
    answer_pay_by_key(game, size, ("play market-broker", "item backpack"), "how do you pay 7 gold for Backpack?",
                      "pay 2", "pay 4 gold and 3 undercoins (leaves 2 gold, 0 undercoins)")
    me = game.player(seat)
    assert (me.gold, me.pool.get("undercoins")) == (2, 0) and "backpack" in me.tokens
    assert any(line.endswith("buys a Backpack for 4 gold and 3 undercoins.") for line in game.log[-3:])


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
