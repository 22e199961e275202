"""A server killed with SIGKILL in the middle of a game and started again resumes it exactly:
every acknowledged action was committed, the game is rebuilt by replaying them (checked against
the stored digest), the clients connect again and the game ends in the very state
``clank simulate`` reaches on the same seed. On SQLite and on PostgreSQL."""

from __future__ import annotations

from .conftest import Players, get_json, post_json, simulate_digest


def test_a_killed_server_resumes_every_game_exactly(db_url: str, server_factory):
    seed = 11
    server = server_factory(db_url)
    status, game = post_json(
        server.base + "/api/games",
        {"packs": ["catacombs"], "players": 2, "seed": seed, "seats": ["human", "human"]},
    )
    assert status == 201
    players = Players(game, seed)
    players.attach_all(server)
    assert not players.play(150)
    acked = players.acked[-1][0]
    server.kill()  # kill -9: no shutdown, nothing flushed on the way out
    players.close()

    again = server_factory(db_url)
    assert again.health["games"] == 1
    players.attach_all(again)  # the game is rebuilt from its stored actions when it is asked for
    health = get_json(again.base + "/health")[1]
    assert health["restored"] == 1 and health["broken"] == [] and health["not_restored"] == []
    assert max(s["version"] for s in players.states.values()) == acked  # every acknowledged action was kept
    assert players.play(5000)
    status, record = get_json(again.base + f"/g/{game['game']}/record")
    assert status == 200
    assert record["final_state_sha256"] == simulate_digest(seed)  # the same game, to its last state
    players.close()
