"""Watching pages' updates coalesced (``clank serve --watch-interval``): while actions come faster
than the interval, a page whose seat does not decide (and a spectator's) receives one update with
the latest state per interval; the deciding seat is sent its state at once; nothing is lost."""

from __future__ import annotations

import time

from .conftest import create_game


def burst(web, seat_conn):
    """Two people and a spectator; the deciding seat plays a burst of actions of its own turn.
    Returns (mover, watchers, actions played, the game)."""
    made = create_game(web, ["catacombs"], ["human", "human"], seed=2)
    tokens = [s["token"] for s in made["seats"]]
    pages = [seat_conn(web, made["game"], t, mode="html") for t in [*tokens, None]]
    mover = next(p for p in pages[:2] if p.state["deciding"])
    watchers = [p for p in pages if p is not mover]
    for page in pages:
        page.raw.clear()
    played = 0
    while played < 6:
        plays = [a for a in mover.state["actions"] if a["kind"] not in ("end", "end_turn")]
        if not plays:
            break
        ack = mover.act(plays[0]["text"])
        assert ack["type"] == "ack"
        state = mover.state                   # the deciding seat is sent its state at once (act waits for it)
        assert state["version"] == ack["version"]
        played += 1
        if not state["deciding"]:
            break
    return mover, watchers, played, made["game"], dict(enumerate(tokens))


def test_a_burst_reaches_watching_pages_as_fewer_messages_that_end_on_the_latest_state(make_web, seat_conn):
    web = make_web(watch_interval=0.5)
    mover, watchers, played, game, tokens = burst(web, seat_conn)
    assert played >= 3
    version = mover.state["version"]
    deadline = time.monotonic() + 5
    for page in watchers:
        while page.state["version"] != version:
            assert time.monotonic() < deadline
            page.next("state")
        states = [t for t in page.raw if t.startswith('{"type":"state"')]
        assert 1 <= len(states) < played, len(states)
        fresh = seat_conn(web, game, tokens.get(page.state["seat"]), mode="html")
        for part in fresh.state["html"]:
            assert page.page.write(part) == fresh.page.write(part), part   # every change arrived, the log whole
        fresh.close()
    log = web.hall().rooms[game].game.state.log
    assert watchers[-1].page.write("log").count("<li") >= min(len(log), 40)      # every line of the log arrived


def test_without_an_interval_every_action_reaches_every_page(make_web, seat_conn):
    web = make_web(watch_interval=0.0)
    mover, watchers, played, _, _ = burst(web, seat_conn)
    for page in watchers:
        while page.state["version"] != mover.state["version"]:
            page.next("state")
        assert len([t for t in page.raw if t.startswith('{"type":"state"')]) == played


def test_watching_pages_due_while_an_action_holds_the_room_are_sent_its_state_once_it_is_done(make_web, seat_conn):
    """The interval ends while an action holds the room (its state not yet committed): the
    watching pages are sent nothing then, and the state once the action is done; when the room is
    free they are sent it at once, without waiting for anything."""
    import asyncio

    web = make_web(watch_interval=0.5)
    mover, watchers, played, game, _ = burst(web, seat_conn)
    room = web.hall().rooms[game]
    assert played >= 1 and room.behind

    async def due_while_held() -> tuple[set, set]:
        async with room.lock:
            room._watchers_due()
            await asyncio.sleep(0.05)
            held = set(room.behind)              # not sent while the action holds the room
        for _ in range(20):
            await asyncio.sleep(0.01)
            if not room.behind:
                break
        return held, set(room.behind)

    held, after = web.portal.call(due_while_held)
    assert held and not after
    version = mover.state["version"]
    for page in watchers:
        while page.state["version"] != version:
            page.next("state")
