"""What :class:`clank_web.present.Pages` keeps across states (parts, their elements, players'
rows, the hand's lines, the supply's words ...) is never stale: at every state of whole games
each seat's parts are, markup for markup, the parts a new ``Pages`` with nothing kept builds from
the same state, and a page that applied every change shows what a page that joins now shows."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from clank.api import bot_seed, new_game
from clank_web.present import Pages
from clank_web.storage import StoredSeat

from .pagedom import Page


@dataclass
class Table:
    """What ``Pages`` reads of a game room (as ``benchmarks/web_pages.py``)."""

    game: Any
    seats: list[StoredSeat]
    id: str = "g1"
    version: int = 0
    stopped: str | None = None
    state_cache: dict[Any, Any] = field(default_factory=dict)


def _markups(pages: Pages, table: Table, seat: int | None, skip_map: bool) -> dict[str, str]:
    return {part: node.markup() for part, node in pages.parts(table, seat).items()
            if not (skip_map and part == "map")}


@pytest.mark.parametrize(("packs", "seed"), [(["catacombs"], 4), (["catacombs", "underworld", "party"], 7)])
def test_the_kept_parts_are_those_built_afresh_at_every_state(packs: list[str], seed: int) -> None:
    game = new_game(packs, 2, seed, {"max_rounds": 12})
    table = Table(game, [StoredSeat(0, "human"), StoredSeat(1, "human")])
    pages = Pages()
    seen = {seat: Page() for seat in (0, 1, None)}
    for seat, page in seen.items():
        page.receive(json.loads(pages.payload(table, seat, "html")))
    bots = [game.ruleset.registry.make_bot("random", bot_seed(seed, p)) for p in range(2)]
    steps = 0
    while not game.over:
        decider = game.current_player
        game.apply(bots[decider].choose(game.view(decider)))
        table.version += 1
        table.state_cache.clear()
        steps += 1
        for seat, page in seen.items():
            page.receive(json.loads(pages.update(table, seat, "html")))
        fresh_table = Table(game, table.seats, version=table.version)
        fresh = Pages()
        check_map = steps % 25 == 0 or game.over      # the map afresh costs most: now and then
        for seat in seen:
            assert _markups(pages, table, seat, not check_map) == _markups(fresh, fresh_table, seat, not check_map), \
                f"seat {seat}, step {steps}"
    for seat, page in seen.items():
        joined = Page()
        joined.receive(json.loads(Pages().payload(Table(game, table.seats), seat, "html")))
        for part in joined.parts:
            assert page.write(part) == joined.write(part), f"seat {seat}, part {part}"


def test_a_seat_handed_to_a_bot_or_a_stopped_game_is_shown_though_the_game_did_not_move() -> None:
    """What the room says of its seats (human or bot) and whether it is stopped is read again at
    every state: kept parts follow it as they follow the game."""
    game = new_game(["catacombs"], 2, 5, {})
    table = Table(game, [StoredSeat(0, "human"), StoredSeat(1, "human")])
    pages = Pages()
    for seat in (0, 1, None):
        pages.payload(table, seat, "html")
    for change in (lambda: table.seats.__setitem__(1, StoredSeat(1, "bot", "greedy")),
                   lambda: setattr(table, "stopped", "stopped: the server is going down")):
        before = {seat: _markups(pages, table, seat, True) for seat in (0, 1, None)}
        change()
        table.version += 1
        table.state_cache.clear()
        for seat in (0, 1, None):
            json.loads(pages.update(table, seat, "html"))
            now = _markups(pages, table, seat, True)
            assert now == _markups(Pages(), Table(game, table.seats, stopped=table.stopped), seat, True)
            assert now["status"] != before[seat]["status"]


def test_a_row_cards_words_are_kept_per_ruleset_and_are_those_of_the_card() -> None:
    """What a card of the dungeon row shows is content alone, kept in the ruleset's cache: the
    words of each card as made afresh, and a ruleset of other packs keeps its own."""
    from clank_web.present import _card, _row_card

    base = new_game(["catacombs"], 2, 1).view(None)
    for card in base.ruleset.cards:
        assert _row_card(base, card) == tuple(_card(base, card).items()) == _row_card(base, card)
    card = next(iter(base.ruleset.cards))
    other = new_game(["catacombs", "underworld", "party"], 2, 1).view(None)
    assert other.ruleset is not base.ruleset
    assert _row_card(other, card) == tuple(_card(other, card).items())
    assert ("clank_web", "row card", card) in base.ruleset.cache


def test_a_seat_updated_now_and_then_is_shown_the_state_of_now() -> None:
    """As a server sends a seat that does not decide a state only now and then: the deciding
    seat's pages alone do not make its row as the others see it (made on first use), and seat 1,
    sent a state only every seventh action when it does not decide, shows what a page that joins
    now shows."""
    game = new_game(["catacombs"], 2, 9, {})
    table = Table(game, [StoredSeat(0, "human"), StoredSeat(1, "human")])
    pages = Pages()
    later = Page()
    later.receive(json.loads(pages.payload(table, 1, "html")))
    pages.payload(table, 0, "html")
    bots = [game.ruleset.registry.make_bot("random", bot_seed(9, p)) for p in range(2)]
    for step in range(60):
        decider = game.current_player
        game.apply(bots[decider].choose(game.view(decider)))
        table.version += 1
        table.state_cache.clear()
        text = pages.update(table, decider, "html")
        assert decider not in table.state_cache["shared"]["rows"]
        if decider == 1:                         # what seat 1's pages are sent, they show
            later.receive(json.loads(text))
        if step % 7 == 6:
            later.receive(json.loads(pages.update(table, 1, "html")))
            joined = Page()
            joined.receive(json.loads(Pages().payload(Table(game, table.seats), 1, "html")))
            for part in joined.parts:
                assert later.write(part) == joined.write(part), f"step {step}, part {part}"
