"""Benchmark: many games at once on the web table, over real WebSockets, checked against
``clank simulate``.

It starts ``clank serve`` (a fresh SQLite file in a temporary directory unless ``--db`` names
another database, bots acting at once, a message rate high enough for programs), creates
``--games`` two-player games with seeds ``seed .. seed+games-1`` and every seat held by a
person, and plays them all at the same time: one WebSocket per seat, in the protocol's
``data`` mode, each seat choosing exactly as the engine's ``random`` bot does (its own seeded
generator over the legal actions in the order the server lists them, seeded by
``clank.api.bot_seed`` from the game's seed and the seat, as ``clank simulate`` seeds its
bots). When every game is over it downloads each game's record and compares its final state
digest with the one ``clank simulate --bot random`` writes for the same seed: every game must
finish in the same state.

It prints the games, the actions, actions per second over the whole run, and the round trip of
an action (sent → acknowledged, which includes the commit to the database) at the median and
the 95th percentile::

    python benchmarks/web_load.py --games 100
    python benchmarks/web_load.py --games 100 --db postgresql://postgres@127.0.0.1:5432/clank

It asserts nothing but equal digests (exit code 1 when a game differs): speed is measured,
never tested. ``tests/web/test_web_load.py`` runs it with a few games in the fast suite and
with 100 in the slow tier.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PLAYERS = 2
PACKS = ["catacombs"]


@dataclass
class Listing:
    """What a bot's ``choose`` reads: the legal actions, as the server listed them."""

    actions: list[Any]

    def legal_actions(self) -> list[Any]:
        return self.actions


@dataclass
class Figures:
    """What a run measured."""

    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    digests: dict[int, str] = field(default_factory=dict)
    server_cpu: float = 0.0  # CPU seconds (user + system) the server process spent while the games ran
    client_cpu: float = 0.0  # the same for the load generator


    def report(self) -> str:
        lat = sorted(self.latencies)
        p50 = statistics.median(lat) * 1000 if lat else 0.0
        p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else 0.0
        return (
            f"{self.games} games, {self.actions} actions in {self.seconds:.1f} s: "
            f"{self.actions / self.seconds:.0f} actions/s; action round trip p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms; server CPU {self.server_cpu:.1f} s "
            f"({self.server_cpu / max(self.actions, 1) * 1000:.2f} ms an action), "
            f"load generator CPU {self.client_cpu:.1f} s"
        )


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int) -> subprocess.Popen:
    """``clank serve`` for the run; returns once it answers."""
    cmd = [
        sys.executable,
        "-m",
        "clank_cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--rate",
        "100000",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2).read()
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("clank serve exited") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("clank serve did not start")


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


async def play_seat(url: str, token: str, bot: Any, figures: Figures) -> None:
    """One seat's client: acts whenever its seat decides, until the game is over."""
    import websockets
    from clank.actions import Action

    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "mode": "data"}))
        acted_on = -1
        sent_at = 0.0
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "ack":
                figures.latencies.append(time.perf_counter() - sent_at)
                figures.actions += 1
            elif kind == "error":
                raise RuntimeError(f"the server refused an action: {message}")
            elif kind == "state":
                if message["over"]:
                    return
                if message["deciding"] and message["version"] > acted_on:
                    acted_on = message["version"]
                    choice = bot.choose(Listing([Action.parse(a["text"]) for a in message["actions"]]))
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": str(choice), "version": acted_on}))


async def play_all(base: str, seeds: list[int], options: dict[str, Any], server_pid: int) -> Figures:
    """Create one game per seed and play them all at once."""
    from clank.api import bot_seed, build_ruleset

    registry = build_ruleset(PACKS).registry
    figures = Figures(games=len(seeds))
    made = [
        post(
            f"{base}/api/games",
            {
                "packs": PACKS,
                "players": PLAYERS,
                "seed": seed,
                "seats": ["human"] * PLAYERS,
                "options": options,
            },
        )
        for seed in seeds
    ]
    ws_base = base.replace("http://", "ws://")
    tasks = []
    for seed, game in zip(seeds, made, strict=True):
        for seat in game["seats"]:
            bot = registry.make_bot("random", bot_seed(seed, seat["seat"]))
            tasks.append(play_seat(f"{ws_base}/ws/{game['game']}", seat["token"], bot, figures))
    start, server_cpu, client_cpu = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
    await asyncio.gather(*tasks)
    figures.seconds = time.perf_counter() - start
    figures.server_cpu = cpu_seconds(server_pid) - server_cpu
    figures.client_cpu = time.process_time() - client_cpu
    for seed, game in zip(seeds, made, strict=True):
        with urllib.request.urlopen(f"{base}/g/{game['game']}/record", timeout=60) as answer:
            figures.digests[seed] = json.loads(answer.read())["final_state_sha256"]
    return figures


def simulate_digests(first: int, games: int, options: dict[str, Any]) -> dict[int, str]:
    """The final state digest of each game ``clank simulate --bot random`` plays on these seeds."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        cmd = [
            sys.executable,
            "-m",
            "clank_cli.main",
            "simulate",
            "--games",
            str(games),
            "--players",
            str(PLAYERS),
            "--bot",
            "random",
            "--seed",
            str(first),
            "--packs",
            ",".join(PACKS),
            "--jobs",
            "1",
            "--out",
            str(out),
        ]
        for key, value in options.items():
            cmd += ["-o", f"{key}={json.dumps(value)}"]
        subprocess.run(cmd, check=True, capture_output=True)
        return {
            row["seed"]: row["final_state_sha256"]
            for row in map(json.loads, out.read_text(encoding="utf-8").splitlines())
        }


def run(games: int, seed: int, db: str | None, options: dict[str, Any]) -> tuple[Figures, list[int]]:
    """Serve, play, compare; returns the figures and the seeds whose digest differs."""
    with tempfile.TemporaryDirectory() as tmp:
        url = db or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        port = free_port()
        server = start_server(url, port)
        try:
            figures = asyncio.run(
                play_all(f"http://127.0.0.1:{port}", list(range(seed, seed + games)), options, server.pid)
            )
        finally:
            server.terminate()
            server.wait(30)
    expected = simulate_digests(seed, games, options)
    differ = [s for s in sorted(expected) if figures.digests.get(s) != expected[s]]
    return figures, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--max-rounds", type=int, default=None, help="the max_rounds option of every game")
    args = parser.parse_args()
    options = {"max_rounds": args.max_rounds} if args.max_rounds else {}
    figures, differ = run(args.games, args.seed, args.db, options)
    print(f"cores: {os.cpu_count()}; database: {(args.db or 'sqlite (temporary file)').split('@')[-1]}")
    print(figures.report())
    if differ:
        print(f"{len(differ)} game(s) differ from clank simulate: seeds {differ}")
        sys.exit(1)
    print(f"every game's final state digest equals clank simulate's on the same seed ({figures.games} games)")


if __name__ == "__main__":
    main()
