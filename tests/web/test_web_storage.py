"""The web table's storage on both backends (an SQLite file; a PostgreSQL server the test setup
starts): migrations, a game's rows, actions committed one at a time and in order; the tables of
several processes on one database (servers and heartbeats, leases on the database's clock,
presence) and the notifications a transaction sends."""

from __future__ import annotations

import json
import time

import pytest
from clank_web.migrations import current, upgrade
from clank_web.storage import OVER, SPECTATORS, Append, StorageConflict, Store, StoredGame, StoredSeat


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
    assert current(store.engine) == "0002"
    store.migrate()  # a second start changes nothing
    assert current(store.engine) == "0002"


def test_a_database_of_the_first_schema_is_upgraded_with_its_games_timers(db_url: str):
    """A database made by the first revision keeps its games; the second revision copies each
    game's turn timer out of its specification (the processes find the games they must run)."""
    older = Store(db_url)
    upgrade(older.engine, "0001")
    with older.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO games (id, created_at, spec, creator_hash, status, actions_count, state_digest, digest_at) "
            "VALUES ('old', 1.0, ?, 'c', 'active', 0, 'd', 0)" if older.engine.dialect.name == "sqlite" else
            "INSERT INTO games (id, created_at, spec, creator_hash, status, actions_count, state_digest, digest_at) "
            "VALUES ('old', 1.0, %s, 'c', 'active', 0, 'd', 0)",
            (json.dumps({"packs": ["catacombs"], "players": 2, "seed": 1, "seats": ["human", "human"], "timer": 30}),),
        )
    older.migrate()
    assert current(older.engine) == "0002"
    assert older.unleased_games() == ["old"]  # a game with a timer: the server must run it
    older.close()


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


@pytest.mark.parametrize("limit", [2, 500])
def test_a_group_commit_stores_every_games_action_and_digest_in_one_transaction(store: Store, monkeypatch,
                                                                                 limit: int):
    """Several games' actions committed together (in statements of ``limit`` games): each game's
    count moves on, a digest given replaces the stored one (and its place), none keeps it, and a
    game that ends is over."""
    import clank_web.storage as storage

    monkeypatch.setattr(storage, "BATCH_LIMIT", limit)
    games = ("g1", "g2", "g3", "g4", "g5")
    for g in games:
        store.create_game(a_game(g))
    store.append_actions([Append("g1", 0, "play burgle", "d1", False), Append("g2", 0, "end", None, False),
                          Append("g3", 0, "play stumble", None, True), Append("g4", 0, "play burgle", "d4", True),
                          Append("g5", 0, "end", None, False)], origin="A")
    store.append_actions([Append("g2", 1, "play burgle", "e2", False), Append("g1", 1, "end", None, False)])
    back = {g.id: g for g in store.load_games()}
    assert [back[g].actions for g in games] == [
        ["play burgle", "end"], ["end", "play burgle"], ["play stumble"], ["play burgle"], ["end"]]
    assert [(back[g].state_digest, back[g].digest_at) for g in games] == [
        ("d1", 1), ("e2", 2), ("d0", 0), ("d4", 1), ("d0", 0)]
    assert [back[g].status for g in games] == ["active", "active", OVER, OVER, "active"]


def test_a_group_commit_binds_every_text_as_given(store: Store):
    """The group commit's statements are the driver's own SQL: an action's text is bound, never
    written into the statement, whatever it holds (quotes, a percent sign, a question mark)."""
    texts = ["say 'it''s'", "pay 100% now?", 'a "quoted" ; DROP TABLE games; --', "%s ? :x %(y)s"]
    for k in range(len(texts)):
        store.create_game(a_game(f"g{k}"))
    store.append_actions([Append(f"g{k}", 0, text, None, False) for k, text in enumerate(texts)])
    back = {g.id: g for g in store.load_games()}
    assert [back[f"g{k}"].actions for k in range(len(texts))] == [[text] for text in texts]


@pytest.mark.parametrize("limit", [2, 500])
def test_a_group_commit_with_one_game_out_of_order_writes_nothing_for_any(store: Store, monkeypatch, limit: int):
    """One game whose count moved (another process committed first) refuses the whole group: no
    game's count moves and no action is added, whichever statement held it."""
    import clank_web.storage as storage

    monkeypatch.setattr(storage, "BATCH_LIMIT", limit)
    for g in ("g1", "g2", "g3"):
        store.create_game(a_game(g))
    store.append_action("g3", 0, "play burgle", "d1", over=False)
    with pytest.raises(StorageConflict):
        store.append_actions([Append("g1", 0, "end", None, False), Append("g2", 0, "end", "x", True),
                              Append("g3", 0, "play stumble", None, False)])
    back = {g.id: g for g in store.load_games()}
    assert [back[g].actions for g in ("g1", "g2", "g3")] == [[], [], ["play burgle"]]
    assert [back[g].status for g in ("g1", "g2", "g3")] == ["active", "active", "active"]
    assert back["g2"].state_digest == "d0"


def test_a_seat_handed_to_a_bot_loses_its_token_and_a_deleted_game_is_gone(store: Store):
    store.create_game(a_game("g1"))
    store.create_game(a_game("g2"))
    store.append_action("g2", 0, "play burgle", "d1", over=False)
    store.set_seat("g1", 0, "bot", "random")
    assert store.load_game("g1").seats[0] == StoredSeat(0, "bot", "random", None)
    store.delete_game("g2")
    assert [g.id for g in store.load_games()] == ["g1"]


def test_a_lease_is_held_by_one_process_until_it_expires_or_is_released(store: Store):
    """Leases are timed on the database's clock: another process cannot take a live one, takes
    an expired one, and renewing keeps it."""
    store.create_game(a_game("g1"))
    assert store.unleased_games() == ["g1"]  # a bot seat: the server must run it
    assert store.acquire_lease("g1", "A", 30)
    assert not store.acquire_lease("g1", "B", 30) and store.unleased_games() == []
    assert store.acquire_lease("g1", "A", 30)  # its holder may take it again
    assert store.renew_leases("A", 0.2) == {"g1"} and store.renew_leases("B", 30) == set()
    time.sleep(0.3)
    assert store.unleased_games() == ["g1"]
    assert store.acquire_lease("g1", "B", 30)  # A stopped renewing: B takes it over
    assert store.renew_leases("A", 30) == set()
    store.release_lease("g1", "B")
    assert store.acquire_lease("g1", "A", 30)
    store.append_action("g1", 0, "end", "d", over=True)
    assert store.unleased_games() == []  # a game over needs no server


@pytest.mark.parametrize("limit", [1, 500])
def test_presence_counts_the_live_processes_only_and_a_dead_one_is_reaped(store: Store, monkeypatch, limit: int):
    """Presence per seat sums the live processes' connections, for many games in one read (cut
    into queries of ``limit`` games)."""
    import clank_web.storage as storage

    monkeypatch.setattr(storage, "BATCH_LIMIT", limit)
    store.create_game(a_game("g1"))
    store.register_server("A", "host-a", 1)
    store.register_server("B", "host-b", 2)
    store.set_presence("g1", "A", {0: 1, SPECTATORS: 2})
    store.set_presence("g1", "B", {0: 1, 1: 1})
    store.create_game(a_game("g2"))
    store.set_presence("g2", "B", {1: 3})
    assert store.presence(["g1", "g2", "g3"], 30) == {"g1": {0: 2, 1: 1, SPECTATORS: 2}, "g2": {1: 3}}  # one query
    assert store.presence(["g1"], 30)["g1"] == {0: 2, 1: 1, SPECTATORS: 2}
    store.set_presence("g1", "B", {1: 1})  # B's page of seat 0 closed
    assert store.presence(["g1"], 30)["g1"] == {0: 1, 1: 1, SPECTATORS: 2}
    assert store.acquire_lease("g1", "B", 30)
    time.sleep(0.3)
    assert store.heartbeat("A") and not store.heartbeat("C")
    assert store.presence(["g1"], 0.2)["g1"] == {0: 1, SPECTATORS: 2}  # B has been silent too long
    assert store.reap_servers(0.2, "A") == ["B"]  # its presence and its leases go with it
    assert store.unleased_games() == ["g1", "g2"]
    assert store.presence(["g1", "g2"], 30) == {"g1": {0: 1, SPECTATORS: 2}}  # B held g2 alone
    store.end_server("A")
    assert store.presence(["g1"], 30) == {}


def test_a_committed_transaction_notifies_the_other_processes_and_a_refused_one_does_not(postgres):
    """PostgreSQL: each action's game, index and text reach every listening process once the
    transaction commits; a seat change and a deletion too; nothing of a transaction refused."""
    import psycopg

    url = postgres.new_database()
    store = Store(url)
    store.migrate()
    store.create_game(a_game("g1"))
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute("LISTEN clank_games")
        store.append_actions([Append("g1", 0, "play burgle", None, False)], origin="A")
        with pytest.raises(StorageConflict):
            store.append_actions([Append("g1", 0, "play stumble", None, False)], origin="A")
        store.set_seat("g1", 0, "bot", "greedy", origin="A")
        store.delete_game("g1", origin="B")
        heard = [json.loads(n.payload) for n in listener.notifies(timeout=2, stop_after=3)]
    assert heard == [
        {"o": "A", "k": "a", "g": [["g1", 0, "play burgle"]]},
        {"o": "A", "k": "s", "g": "g1"},
        {"o": "B", "k": "d", "g": "g1"},
    ]
    store.close()


def test_processes_starting_together_on_a_new_postgresql_database_migrate_one_after_the_other(postgres):
    """``clank serve --workers 4`` on an empty database: every process migrates at start; an
    advisory lock lets one create the schema while the others wait, then find it up to date."""
    from concurrent.futures import ThreadPoolExecutor

    url = postgres.new_database()
    stores = [Store(url) for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda s: s.migrate(), stores))  # raises if one of them failed
    assert {current(s.engine) for s in stores} == {"0002"}
    for s in stores:
        s.close()


@pytest.mark.parametrize(("sync", "level"), [("normal", 1), ("full", 2)])
def test_an_sqlite_file_keeps_its_write_ahead_log_synced_as_the_server_was_told(tmp_path, sync: str, level: int):
    from sqlalchemy import text

    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}", sync)
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == level
    store.close()


def test_an_unknown_sqlite_sync_is_refused_with_the_choices(tmp_path):
    with pytest.raises(ValueError, match="SQLite sync 'off': choose one of normal, full"):
        Store(f"sqlite:///{tmp_path / 'games.sqlite3'}", "off")
