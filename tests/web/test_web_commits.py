"""Group commits (``Hall.commit``): actions that arrive while a group is being stored go
together into the next group, which the writer thread starts by itself, without waiting for the
event loop; each action learns its own outcome, and one game's conflict refuses no other's."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from clank_web.config import ServerConfig
from clank_web.hall import Hall
from clank_web.storage import Append, StorageConflict, Store, StoredGame, StoredSeat


@pytest.fixture
def hall(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'commits.sqlite3'}")
    store.migrate()
    for g in range(4):
        store.create_game(StoredGame(f"g{g}", {"packs": ["catacombs"]}, "h", [StoredSeat(0, "human")]))
    made = Hall(ServerConfig(), store)
    yield made
    made._writer.shutdown(wait=True)
    made.bots.close()
    store.close()


def stored_counts(store: Store) -> dict[str, int]:
    return {g: n for g, (n, _) in store.versions([f"g{g}" for g in range(4)]).items()}


def test_the_next_group_is_stored_while_the_event_loop_is_busy(hall, monkeypatch):
    """The first group holds the writer until released; the actions that came meanwhile are
    stored as one group while the event loop is blocked (no callback of the loop runs)."""
    release = threading.Event()
    groups: list[list[str]] = []
    store_actions = hall.store.append_actions

    def held(batch, origin=None):
        groups.append([a.game_id for a in batch])
        if len(groups) == 1:
            release.wait(5)
        store_actions(batch, origin)

    monkeypatch.setattr(hall.store, "append_actions", held)

    async def play():
        first = asyncio.ensure_future(hall.commit(Append("g0", 0, "a", None, False)))
        deadline = time.monotonic() + 5
        while not groups and time.monotonic() < deadline:
            await asyncio.sleep(0.005)                  # until the writer holds the first group
        rest = [asyncio.ensure_future(hall.commit(Append(f"g{g}", 0, "a", None, False))) for g in (1, 2, 3)]
        await asyncio.sleep(0)                          # each of them is waiting
        release.set()
        deadline = time.monotonic() + 5
        while len(groups) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)                            # the loop is blocked: no callback runs
        assert groups == [["g0"], ["g1", "g2", "g3"]]
        await asyncio.gather(first, *rest)

    asyncio.run(play())
    assert stored_counts(hall.store) == {"g0": 1, "g1": 1, "g2": 1, "g3": 1}


def test_a_conflict_refuses_only_its_own_action_in_a_group(hall):
    """g1's action is out of order: the group fails, each action is stored on its own, only g1's
    waiter hears of the conflict (and nothing of it is stored)."""

    async def play():
        outcomes = await asyncio.gather(
            *(hall.commit(Append(f"g{g}", 5 if g == 1 else 0, "a", None, False)) for g in range(4)),
            return_exceptions=True,
        )
        return outcomes

    outcomes = asyncio.run(play())
    assert [type(o) for o in outcomes] == [type(None), StorageConflict, type(None), type(None)]
    assert stored_counts(hall.store) == {"g0": 1, "g1": 0, "g2": 1, "g3": 1}


def test_a_failure_of_the_writer_reaches_every_waiting_action(hall, monkeypatch):
    """A store that fails for every action: each waiter is told, none waits forever, and the
    next action is committed once the store works again."""
    store_actions = hall.store.append_actions
    broken = [True]

    def failing(batch, origin=None):
        if broken[0]:
            raise OSError("disk gone")
        store_actions(batch, origin)

    monkeypatch.setattr(hall.store, "append_actions", failing)

    async def play():
        outcomes = await asyncio.gather(
            *(hall.commit(Append(f"g{g}", 0, "a", None, False)) for g in range(3)), return_exceptions=True
        )
        broken[0] = False
        await hall.commit(Append("g3", 0, "a", None, False))
        return outcomes

    outcomes = asyncio.run(asyncio.wait_for(play(), 10))
    assert [type(o) for o in outcomes] == [OSError, OSError, OSError]
    assert stored_counts(hall.store) == {"g0": 0, "g1": 0, "g2": 0, "g3": 1}
