"""A server killed with SIGKILL in the middle of a game and started again resumes it exactly:
every acknowledged action was committed, the game is rebuilt by replaying them (checked against
the stored digest), the clients connect again and the game ends in the very state
``clank simulate`` reaches on the same seed. On SQLite and on PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys

from clank.actions import Action
from clank.api import bot_seed, build_ruleset
from websockets.sync.client import connect

from .conftest import get_json, load_benchmark, post_json

Listing = load_benchmark().Listing


class Client:
    """The two seats of a game, each choosing as the engine's random bot with the seed
    ``clank simulate`` gives it."""

    def __init__(self, server, game: dict, seed: int) -> None:
        registry = build_ruleset(["catacombs"]).registry
        self.bots = [registry.make_bot("random", bot_seed(seed, s)) for s in range(2)]
        self.game, self.acked = game, 0
        self.attach(server)

    def attach(self, server) -> None:
        url = server.base.replace("http://", "ws://") + f"/ws/{self.game['game']}"
        self.stack = contextlib.ExitStack()
        self.conns = []
        for seat in self.game["seats"]:
            ws = self.stack.enter_context(connect(url))
            ws.send(json.dumps({"type": "hello", "token": seat["token"], "mode": "data"}))
            self.conns.append(ws)
        self.states = [self._state(ws) for ws in self.conns]

    @staticmethod
    def _state(ws, version: int = -1) -> dict:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "state" and message["version"] >= version:
                return message

    def play(self, steps: int) -> bool:
        """Play up to ``steps`` actions; True once the game is over."""
        for _ in range(steps):
            version = max(s["version"] for s in self.states)
            self.states = [
                s if s["version"] == version else self._state(ws, version)
                for s, ws in zip(self.states, self.conns, strict=True)
            ]
            state = next(s for s in self.states if s["deciding"] or s["over"])
            if state["over"]:
                return True
            seat = state["seat"]
            listing = [Action.parse(a["text"]) for a in state["actions"]]
            choice = self.bots[seat].choose(Listing(listing))
            ws = self.conns[seat]
            ws.send(json.dumps({"type": "act", "action": str(choice), "version": version}))
            while (answer := json.loads(ws.recv(timeout=30)))["type"] != "ack":
                assert answer["type"] != "error", answer
            self.acked = answer["version"]
            self.states[seat] = self._state(ws, self.acked)
            self.states = [
                self._state(w, self.acked) if s["version"] < self.acked else s
                for s, w in zip(self.states, self.conns, strict=True)
            ]
        return False

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stack.close()


def simulate_digest(seed: int) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "clank_cli.main",
            "simulate",
            "--games",
            "1",
            "--players",
            "2",
            "--bot",
            "random",
            "--seed",
            str(seed),
            "--jobs",
            "1",
            "--out",
            "/dev/stdout",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[0])["final_state_sha256"]


def test_a_killed_server_resumes_every_game_exactly(db_url: str, server_factory):
    seed = 11
    server = server_factory(db_url)
    status, game = post_json(
        server.base + "/api/games",
        {"packs": ["catacombs"], "players": 2, "seed": seed, "seats": ["human", "human"]},
    )
    assert status == 201
    client = Client(server, game, seed)
    assert not client.play(150)
    acked = client.acked
    server.kill()  # kill -9: no shutdown, nothing flushed on the way out
    client.close()

    again = server_factory(db_url)
    health = again.health
    assert health["restored"] == 1 and health["broken"] == [] and health["not_restored"] == []
    client.attach(again)
    assert max(s["version"] for s in client.states) == acked  # every acknowledged action was kept
    assert client.play(5000)
    status, record = get_json(again.base + f"/g/{game['game']}/record")
    assert status == 200
    assert record["final_state_sha256"] == simulate_digest(seed)  # the same game, to its last state
    client.close()
