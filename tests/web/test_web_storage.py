"""The web table's storage on both backends (an SQLite file; a PostgreSQL server the test setup
starts): migrations, a game's rows, actions committed one at a time and in order."""

from __future__ import annotations

import pytest
from clank_web.migrations import current
from clank_web.storage import OVER, StorageConflict, Store, StoredGame, StoredSeat


@pytest.fixture
def store(db_url: str):
    s = Store(db_url)
    s.migrate()
    yield s
    s.close()


def a_game(game_id: str = "g1") -> StoredGame:
    return StoredGame(
        game_id,
        {"packs": ["catacombs"], "players": 2, "seed": 4, "seats": ["human", "greedy"]},
        "c" * 64,
        [StoredSeat(0, "human", None, "a" * 64), StoredSeat(1, "bot", "greedy")],
        [],
        "d0",
    )


def test_migrations_bring_an_empty_database_to_the_newest_revision_and_are_idempotent(store: Store):
    assert current(store.engine) == "0001"
    store.migrate()  # a second start changes nothing
    assert current(store.engine) == "0001"


def test_a_game_comes_back_with_its_seats_and_actions_in_order(store: Store):
    store.create_game(a_game())
    for i, text in enumerate(["play burgle", "play stumble", "end"]):
        store.append_action("g1", i, text, f"d{i + 1}", over=i == 2)
    (back,) = store.load_games()
    assert back.actions == ["play burgle", "play stumble", "end"]
    assert back.state_digest == "d3" and back.status == OVER
    assert [(s.seat, s.kind, s.bot, s.token_hash) for s in back.seats] == [
        (0, "human", None, "a" * 64),
        (1, "bot", "greedy", None),
    ]
    assert back.spec["seats"] == ["human", "greedy"]


def test_an_action_out_of_order_is_refused_and_writes_nothing(store: Store):
    store.create_game(a_game())
    store.append_action("g1", 0, "play burgle", "d1", over=False)
    with pytest.raises(StorageConflict):
        store.append_action("g1", 0, "play stumble", "dx", over=False)  # a second action 0
    with pytest.raises(StorageConflict):
        store.append_action("g1", 5, "end", "dy", over=False)  # a gap
    with pytest.raises(StorageConflict):
        store.append_action("nope", 0, "end", "dz", over=False)  # no such game
    (back,) = store.load_games()
    assert back.actions == ["play burgle"] and back.state_digest == "d1"


def test_a_seat_handed_to_a_bot_loses_its_token_and_a_deleted_game_is_gone(store: Store):
    store.create_game(a_game("g1"))
    store.create_game(a_game("g2"))
    store.append_action("g2", 0, "play burgle", "d1", over=False)
    store.set_seat("g1", 0, "bot", "random")
    assert store.load_game("g1").seats[0] == StoredSeat(0, "bot", "random", None)
    store.delete_game("g2")
    assert [g.id for g in store.load_games()] == ["g1"]
