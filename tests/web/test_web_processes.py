"""Several server processes on one PostgreSQL database (``clank serve`` started 2 or 3 times,
and ``clank serve --workers 2`` on one port): a game created on one process is served by all,
the seats of one game play from different processes, the database orders their actions and
each process hears of the others' through ``LISTEN/NOTIFY``; exactly one process runs a game's
bots (its lease); a process killed with ``kill -9`` mid-game loses nothing and its games go on
elsewhere; an SQLite file is refused to a second process, saying why and what to use."""

from __future__ import annotations

import asyncio
import subprocess
import time
import urllib.request

import pytest

from .conftest import (
    FAST,
    HEXPACK,
    Players,
    create_game,
    get_json,
    load_benchmark,
    post_json,
    replays_to_its_digest,
    simulate_digest,
)


@pytest.fixture
def pg(postgres) -> str:
    return postgres.new_database()


def new_game(server, seats: list[str], seed: int, **options) -> dict:
    status, made = post_json(server.base + "/api/games", {"packs": ["catacombs"], "players": len(seats),
                                                          "seed": seed, "seats": seats, "options": options})
    assert status == 201, made
    return made


def test_a_game_created_on_one_process_is_played_by_seats_on_two_others(pg, server_factory):
    """Three processes: the game is created on A; P1 plays from B, P2 from C. Every action is
    ordered by the database and reaches the other process by notification; the game ends in
    the state ``clank simulate`` reaches on the same seed."""
    a, b, c = (server_factory(pg, *FAST) for _ in range(3))
    seed, options = 5, {"max_rounds": 4}
    made = new_game(a, ["human", "human"], seed, **options)
    for server in (b, c):
        assert get_json(server.base + "/health")[1]["games"] == 1
        with urllib.request.urlopen(server.base + f"/g/{made['game']}") as page:
            assert page.status == 200  # served by every process
    players = Players(made, seed)
    players.attach(0, b)
    players.attach(1, c)
    assert players.play(5000)
    status, record = get_json(c.base + f"/g/{made['game']}/record")
    assert status == 200 and record["final_state_sha256"] == simulate_digest(seed, options)
    assert replays_to_its_digest(record, players.acked) and players.stale == 0
    for server in (b, c):
        health = get_json(server.base + "/health")[1]
        assert health["held"] == 1 and health["broken"] == [] and health["conflicts"] == 0
    players.close()


def test_a_bot_game_runs_its_bots_on_exactly_one_process(pg, server_factory):
    """A game of bots created on A, watched from B: A holds its lease and plays every bot
    decision, B only follows (no commit of B's ever found the count moved: B never acted)."""
    a, b = server_factory(pg, *FAST), server_factory(pg, *FAST)
    made = new_game(a, ["greedy", "random"], 3, max_rounds=3)
    from websockets.sync.client import connect

    with connect(b.base.replace("http://", "ws://") + f"/ws/{made['game']}") as ws:
        ws.send('{"type": "hello", "token": null, "mode": "data"}')
        deadline = time.monotonic() + 60
        over = False
        while not over:
            assert time.monotonic() < deadline
            over = '"over":true' in ws.recv(timeout=30) or over
    health_a, health_b = get_json(a.base + "/health")[1], get_json(b.base + "/health")[1]
    assert health_a["conflicts"] == 0 and health_b["conflicts"] == 0
    assert health_b["leases"] == [] and health_a["leases"] == []  # A ran it, and let it go at the end
    status, record = get_json(b.base + f"/g/{made['game']}/record")
    assert status == 200 and replays_to_its_digest(record, [])


@pytest.mark.slow
def test_a_process_killed_mid_game_loses_nothing_and_its_games_go_on_elsewhere(pg, server_factory):
    """Three processes; a game of two people and a bot, created on A (which runs its bot), P1 on
    B and P2 on A. A is killed with ``kill -9`` mid-game: P2's page connects to C, the bot's
    lease expires and B or C takes the game over, and the game plays to its end with every
    acknowledged action in its record."""
    a, b, c = (server_factory(pg, *FAST) for _ in range(3))
    made = new_game(a, ["human", "human", "random"], 8, max_rounds=4)
    assert get_json(a.base + "/health")[1]["leases"] == [made["game"]]
    players = Players(made, 8)
    players.attach(0, b)
    players.attach(1, a)
    assert not players.play(40)
    a.kill()
    players.attach(1, c)
    deadline = time.monotonic() + 30
    while not any(made["game"] in get_json(s.base + "/health")[1]["leases"] for s in (b, c)):
        assert time.monotonic() < deadline, "nobody took the game's lease over"
        time.sleep(0.2)
    assert players.play(5000, deadline=240)  # the bot's turns too: the game cannot end without them
    status, record = get_json(b.base + f"/g/{made['game']}/record")
    assert status == 200 and replays_to_its_digest(record, players.acked)
    players.close()


@pytest.mark.slow
def test_workers_share_one_port_and_end_with_their_supervisor(pg, server_factory):
    """``--workers 2``: two processes answer on one port (the kernel spreads the connections),
    a game is played through it whichever process each seat reaches, and a ``kill -9`` of the
    supervisor ends the workers too."""
    server = server_factory(pg, "--workers", "2", *FAST)
    pids: set[int] = set()
    deadline = time.monotonic() + 30
    while len(pids) < 2:
        assert time.monotonic() < deadline, f"only {pids} answered"
        pids.add(get_json(server.base + "/health")[1]["pid"])
    seed, options = 9, {"max_rounds": 3}
    made = new_game(server, ["human", "human"], seed, **options)
    players = Players(made, seed)
    players.attach_all(server)
    assert players.play(5000)
    status, record = get_json(server.base + f"/g/{made['game']}/record")
    assert record["final_state_sha256"] == simulate_digest(seed, options)
    players.close()
    server.kill()
    from .test_web_bots import alive, wait_for

    wait_for(lambda: not any(alive(pid) for pid in pids), 15.0)


def serve_fails(db: str, *args: str) -> subprocess.CompletedProcess:
    cmd = load_benchmark().serve_command(db, 1, "--pack-dir", str(HEXPACK), *args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def test_a_second_process_on_an_sqlite_file_is_refused_saying_to_use_postgresql(server_factory, tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server_factory(db)
    second = serve_fails(db)
    assert second.returncode == 3
    assert "is already served by another clank serve" in second.stderr
    assert "an SQLite file serves one process only" in second.stderr
    assert "use PostgreSQL: clank serve --db postgresql://USER@HOST/DB" in second.stderr
    workers = serve_fails(f"sqlite:///{tmp_path / 'other.sqlite3'}", "--workers", "2")
    assert workers.returncode == 2
    assert "--workers 2 needs a PostgreSQL database" in workers.stderr


def test_a_process_says_it_lives_while_a_long_look_around_runs(make_web):
    """The heartbeat has a task of its own: a look around that takes long (a process rebuilding
    the many games it takes over) never lets this process look dead to the others."""
    web = make_web(poll_seconds=0.05, lease_seconds=10.0)
    hall = web.hall()

    async def slow_sweep() -> None:
        await asyncio.sleep(3.0)

    hall.sweep = slow_sweep
    time.sleep(0.5)  # the next look around is under way, for 3 seconds
    for _ in range(5):
        time.sleep(0.4)
        assert hall.store.reap_servers(1.5, "test") == []  # nobody silent for 1.5 s


def test_a_lease_taken_while_the_leases_are_renewed_is_kept(make_web):
    """A bot game created while the process renews its leases keeps its lease (and its bots):
    the renewal forgets only the leases it held before and no longer holds."""
    web = make_web(poll_seconds=3600.0)  # the test drives the renewal itself
    hall = web.hall()
    made = create_game(web, ["catacombs"], ["human", "human"])
    room = hall.rooms[made["game"]]
    renew = hall.store.renew_leases

    def slow_renewal(holder: str, seconds: float) -> set[str]:
        held = renew(holder, seconds)
        time.sleep(0.5)  # the lease below is taken meanwhile
        return held

    hall.store.renew_leases = slow_renewal

    async def renew_while_claiming() -> bool:
        renewal = asyncio.create_task(hall.keep_alive())
        await asyncio.sleep(0.2)
        assert await hall.claim(room)
        await renewal
        return room.id in hall.leases

    assert web.portal.call(renew_while_claiming)
