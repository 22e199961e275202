"""Benchmark: many games at once on the web table, over real WebSockets, checked against
``clank simulate``.

It starts ``clank serve`` (a fresh SQLite file in a temporary directory unless ``--db`` names
another database, bots acting at once, a message rate high enough for programs), creates
``--games`` two-player games with seeds ``seed .. seed+games-1`` and every seat held by a
person, and plays them all at the same time: one WebSocket per seat, in the protocol's
``data`` mode (``--mode html``: the browser's, with every HTML fragment), each seat choosing
exactly as the engine's ``random`` bot does (its own seeded generator over the legal actions
in the order the server lists them, seeded by ``clank.api.bot_seed`` from the game's seed and
the seat, as ``clank simulate`` seeds its bots). When every game is over it downloads each
game's record and compares its final state digest with the one ``clank simulate --bot
random`` writes for the same seed: every game must finish in the same state.

By default the seats act the moment their state arrives: a closed loop that keeps every game
busy, which measures the server at saturation (the round trip is then the games in flight
divided by the throughput). ``--think 0.5-2`` paces the seats instead: each waits a random
0.5 to 2 seconds before acting, as people do (a generator of its own, so the game is the same).

The load generator is kept small, since it shares the machine with the server: a seat parses
only the messages it acts on (a state in which it decides), and ``--clients N`` spreads the
games over N processes.

It prints the games, the actions, actions per second over the whole run, the round trip of an
action (sent → acknowledged, which includes the commit to the database) at the median, 95th and
99th percentiles, and the CPU seconds the server process and the load generator spent::

    python benchmarks/web_load.py --games 100
    python benchmarks/web_load.py --games 100 --think 0.5-2 --max-rounds 4
    python benchmarks/web_load.py --games 100 --db postgresql://postgres@127.0.0.1:5432/clank
    python benchmarks/web_load.py --games 100 --db postgresql://... --workers 4   # 4 server processes

``--repeat 3`` runs it three times (with ``--compare``, before and after in turn, so that both
meet the machine at the same hours) and prints the medians: the machine's speed moves by 10-30 %
from run to run, and one run is one sample.

It asserts nothing but equal digests (exit code 1 when a game differs): speed is measured,
never tested. ``tests/web/test_web_load.py`` runs it with a few games in the fast suite and
with 100 in the slow tier.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shlex
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
STATE, ACK = '{"type":"state"', '{"type":"ack"'  # how the server's messages begin (compact JSON)
DECIDING, OVER = '"deciding":true', '"over":true'  # a key of the state (in a fragment, quotes are \")


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
    shown: list[float] = field(default_factory=list)  # sent → the state it led to received (what a page shows)
    received: int = 0  # bytes every page received
    largest: int = 0  # the largest message, in bytes
    digests: dict[int, str] = field(default_factory=dict)
    server_cpu: float = 0.0  # CPU seconds (user + system) the server process spent while the games ran
    client_cpu: float = 0.0  # the same for the load generator (every process of it)

    def add(self, other: Figures) -> None:
        """Count in what another client process measured."""
        self.actions += other.actions
        self.latencies += other.latencies
        self.shown += other.shown
        self.received += other.received
        self.largest = max(self.largest, other.largest)
        self.client_cpu += other.client_cpu

    def percentile(self, p: float, of: list[float] | None = None) -> float:
        """The ``p`` percentile of the round trip (or of ``of``), in milliseconds."""
        lat = sorted(self.latencies if of is None else of)
        if not lat:
            return 0.0
        return (statistics.median(lat) if p == 50 else lat[int(p / 100 * (len(lat) - 1))]) * 1000

    @property
    def page_bytes(self) -> float:
        """Bytes a page receives for an action, on average (every page of a game receives each state)."""
        return self.received / max(self.actions * PLAYERS, 1)

    def report(self) -> str:
        return (
            f"{self.games} games, {self.actions} actions in {self.seconds:.1f} s: "
            f"{self.actions / self.seconds:.0f} actions/s; action round trip p50 {self.percentile(50):.1f} ms, "
            f"p95 {self.percentile(95):.1f} ms, p99 {self.percentile(99):.1f} ms (to the new state: p50 "
            f"{self.percentile(50, self.shown):.1f} ms, p95 {self.percentile(95, self.shown):.1f} ms); "
            f"{self.page_bytes / 1000:.2f} KB a page an action, the largest message {self.largest / 1000:.1f} KB; "
            f"server CPU {self.server_cpu:.1f} s ({self.server_cpu / max(self.actions, 1) * 1000:.2f} ms an action), "
            f"load generator CPU {self.client_cpu:.1f} s"
        )


def summary(runs: list[Figures]) -> str:
    """The medians of several runs of one server (the machine's speed moves from run to run: one
    run is one sample), with every run's p95 and throughput beside them."""
    p95 = [f.percentile(95) for f in runs]
    rate = [f.actions / f.seconds for f in runs]
    cpu = [f.server_cpu / max(f.actions, 1) * 1000 for f in runs]
    return (
        f"median of {len(runs)} runs: {statistics.median(rate):.0f} actions/s, round trip p95 "
        f"{statistics.median(p95):.1f} ms (to the new state: {statistics.median(f.percentile(95, f.shown) for f in runs):.1f} ms), "
        f"server CPU {statistics.median(cpu):.2f} ms an action; p95 of each run "
        f"{', '.join(f'{v:.1f}' for v in p95)} ms; actions/s {', '.join(f'{v:.0f}' for v in rate)}"
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


def serve_command(db: str, port: int, *extra: str, rate: int = 100_000, python: str | None = None) -> list[str]:
    """The ``clank serve`` command line of a measured (or tested) server: bots answer at once and
    the per-connection rate limit is ``rate`` messages a second; ``python``: the interpreter of
    another checkout's virtualenv (its server), this one's by default."""
    return [python or sys.executable, "-m", "clank_cli.main", "serve", "--port", str(port), "--db", db,
            "--bot-delay", "0", "--rate", str(rate), *extra]


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and of every process under it (``--workers``: the supervisor and
    its server processes)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    tree, grew = {pid}, True
    while grew:
        below = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= below
        grew = bool(below)
    return sum(cpu_seconds(p) for p in tree)


def start_server(
    db: str, port: int, workers: int = 1, python: str | None = None, extra: tuple[str, ...] = ()
) -> subprocess.Popen:
    """``clank serve`` for the run (``workers`` processes on the port, with ``python``, another
    checkout's interpreter, and ``extra`` options); returns once it answers."""
    extra = (*extra, "--workers", str(workers)) if workers > 1 else extra
    proc = subprocess.Popen(serve_command(db, port, *extra, python=python), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
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


@dataclass(frozen=True)
class SeatJob:
    """One seat to play: its socket, its token, the seed of its random bot and of its pace."""

    url: str
    token: str
    bot_seed: int
    pace_seed: str


async def play_seat(
    job: SeatJob, bot: Any, figures: Figures, mode: str = "data", think: tuple[float, float] | None = None
) -> None:
    """One seat's client: acts whenever its seat decides, until the game is over. It parses
    only a state in which it decides; every other message is told by how it begins."""
    import websockets

    pace = random.Random(job.pace_seed)
    async with websockets.connect(job.url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": job.token, "mode": mode}))
        acted_on = -1
        sent_at = 0.0
        waiting = False                      # for the state this seat's action leads to
        joined = False                       # the first state (the whole table) is not an action's
        async for raw in _frames(ws):
            text = raw.decode()
            if joined:
                figures.received += len(raw)
                figures.largest = max(figures.largest, len(raw))
            if text.startswith(ACK):
                figures.latencies.append(time.perf_counter() - sent_at)
                figures.actions += 1
            elif not text.startswith(STATE):
                if '"type":"error"' in text[:20]:
                    raise RuntimeError(f"the server refused an action: {text}")
                continue
            joined = True
            if waiting:
                figures.shown.append(time.perf_counter() - sent_at)
                waiting = False
            if OVER in text:
                return
            if DECIDING in text:
                message = json.loads(text)
                if message["version"] <= acted_on:
                    continue
                acted_on = message["version"]
                choice = bot.choose(Listing([a["text"] for a in message["actions"]]))
                if think is not None:
                    await asyncio.sleep(pace.uniform(*think))
                sent_at = time.perf_counter()
                waiting = True
                await ws.send(json.dumps({"type": "act", "action": str(choice), "version": acted_on}))


async def _frames(ws: Any) -> Any:
    """The socket's messages as the bytes received (text frames undecoded: counted as sent)."""
    while True:
        try:
            yield await ws.recv(decode=False)
        except Exception as exc:  # the server closed the socket
            if type(exc).__name__.startswith("ConnectionClosed"):
                return
            raise


async def play_seats(jobs: list[SeatJob], mode: str, think: tuple[float, float] | None) -> Figures:
    """Play these seats at once (one process of the load generator)."""
    from clank.api import build_ruleset

    registry = build_ruleset(PACKS).registry
    figures = Figures()
    cpu = time.process_time()
    await asyncio.gather(
        *(play_seat(job, registry.make_bot("random", job.bot_seed), figures, mode, think) for job in jobs)
    )
    figures.client_cpu = time.process_time() - cpu
    return figures


def client_process(jobs: list[SeatJob], mode: str, think: tuple[float, float] | None) -> subprocess.Popen:
    """A process of the load generator (this script with ``--client-worker``) playing ``jobs``;
    it reads them as JSON and answers with what it measured (:func:`client_worker`)."""
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--client-worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(json.dumps({"jobs": [vars(j) for j in jobs], "mode": mode, "think": think}))
    proc.stdin.close()
    return proc


def client_result(proc: subprocess.Popen) -> Figures:
    """What a process of the load generator measured, once it is done."""
    assert proc.stdout is not None
    answer = proc.stdout.read()
    if proc.wait() != 0:
        raise RuntimeError("a process of the load generator failed")
    data = json.loads(answer)
    return Figures(actions=data["actions"], latencies=data["latencies"], shown=data["shown"],
                   received=data["received"], largest=data["largest"], client_cpu=data["client_cpu"])


def client_worker() -> None:
    """``--client-worker``: play the seats given on standard input, print what was measured."""
    task = json.loads(sys.stdin.read())
    think = tuple(task["think"]) if task["think"] else None
    figures = asyncio.run(play_seats([SeatJob(**j) for j in task["jobs"]], task["mode"], think))
    print(json.dumps({"actions": figures.actions, "latencies": figures.latencies, "shown": figures.shown,
                      "received": figures.received, "largest": figures.largest, "client_cpu": figures.client_cpu}))


def create_games(base: str, seeds: list[int], options: dict[str, Any]) -> list[SeatJob]:
    """One game per seed; the seats to play."""
    from clank.api import bot_seed

    jobs = []
    for seed in seeds:
        game = post(
            f"{base}/api/games",
            {"packs": PACKS, "players": PLAYERS, "seed": seed, "seats": ["human"] * PLAYERS, "options": options},
        )
        url = f"{base.replace('http://', 'ws://')}/ws/{game['game']}"
        for seat in game["seats"]:
            jobs.append(SeatJob(url, seat["token"], bot_seed(seed, seat["seat"]), f"think-{seed}-{seat['seat']}"))
    return jobs


def play_all(
    base: str,
    seeds: list[int],
    options: dict[str, Any],
    server_pid: int,
    mode: str = "data",
    think: tuple[float, float] | None = None,
    clients: int = 1,
) -> Figures:
    """Create one game per seed and play them all at once (the seats of a game in one client
    process, the games spread over ``clients`` processes)."""
    jobs = create_games(base, seeds, options)
    figures = Figures(games=len(seeds))
    # a game's seats stay in one process; the processes share the games
    groups = [[j for k, j in enumerate(jobs) if (k // PLAYERS) % clients == i] for i in range(clients)]
    start, server_cpu = time.perf_counter(), tree_cpu_seconds(server_pid)
    if clients == 1:
        figures.add(asyncio.run(play_seats(jobs, mode, think)))
    else:
        procs = [client_process(group, mode, think) for group in groups]
        for proc in procs:
            figures.add(client_result(proc))
    figures.seconds = time.perf_counter() - start
    figures.server_cpu = tree_cpu_seconds(server_pid) - server_cpu
    for seed, first in zip(seeds, jobs[::PLAYERS], strict=True):
        game_id = first.url.rsplit("/", 1)[1]
        with urllib.request.urlopen(f"{base}/g/{game_id}/record", timeout=60) as answer:
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


def run(
    games: int,
    seed: int,
    db: str | None,
    options: dict[str, Any],
    mode: str = "data",
    think: tuple[float, float] | None = None,
    clients: int = 1,
    workers: int = 1,
    python: str | None = None,
    server_args: tuple[str, ...] = (),
) -> tuple[Figures, list[int]]:
    """Serve (``workers`` processes: a PostgreSQL ``db``; with ``python``, another checkout's
    interpreter, and ``server_args`` given to ``clank serve``), play, compare; returns the
    figures and the seeds whose digest differs."""
    with tempfile.TemporaryDirectory() as tmp:
        url = db or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        port = free_port()
        server = start_server(url, port, workers, python, server_args)
        try:
            seeds = list(range(seed, seed + games))
            figures = play_all(f"http://127.0.0.1:{port}", seeds, options, server.pid, mode, think, clients)
        finally:
            server.terminate()
            server.wait(30)
    expected = simulate_digests(seed, games, options)
    differ = [s for s in sorted(expected) if figures.digests.get(s) != expected[s]]
    return figures, differ


def seconds_range(text: str) -> tuple[float, float]:
    """``"0.5-2"`` → ``(0.5, 2.0)``."""
    low, _, high = text.partition("-")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not MIN-MAX seconds (0.5-2)") from None
    if not 0 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: MIN must be at most MAX, neither negative")
    return pair


def main() -> None:
    if sys.argv[1:] == ["--client-worker"]:
        client_worker()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--max-rounds", type=int, default=None, help="the max_rounds option of every game")
    parser.add_argument("--mode", choices=("data", "html"), default="data", help="what the seats ask for")
    parser.add_argument("--think", type=seconds_range, default=None, metavar="MIN-MAX",
                        help="seconds a seat waits before acting, at random between MIN and MAX (default: none)")
    parser.add_argument("--clients", type=int, default=1, help="processes of the load generator")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes on the port (clank serve --workers; more than one needs --db postgresql://)")
    parser.add_argument("--python", default=None, metavar="PYTHON",
                        help="the interpreter of the measured server (another checkout's .venv/bin/python)")
    parser.add_argument("--compare", default=None, metavar="PYTHON",
                        help="measure the server of another checkout (its .venv/bin/python) first, then this one")
    parser.add_argument("--server-args", default="", metavar="ARGS",
                        help="more options for clank serve, as one string ('--bot-delay 0.1')")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="run N times (with --compare: before and after in turn) and print the medians")
    args = parser.parse_args()
    if args.workers > 1 and not (args.db or "").startswith(("postgresql://", "postgres://")):
        parser.error("--workers needs a PostgreSQL --db (an SQLite file serves one process)")
    options = {"max_rounds": args.max_rounds} if args.max_rounds else {}
    pace = f"paced: each seat thinks {args.think[0]:g}-{args.think[1]:g} s" if args.think else "closed loop"
    print(
        f"cores: {os.cpu_count()}; database: {(args.db or 'sqlite (temporary file)').split('@')[-1]}; "
        f"mode {args.mode}; {pace}; {max(1, args.clients)} client process(es); {max(1, args.workers)} server process(es)"
        + (f"; clank serve {args.server_args}" if args.server_args else "")
    )
    servers = [("before", args.compare), ("after", None)] if args.compare else [("", args.python)]
    measured: dict[str, list[Figures]] = {label: [] for label, _ in servers}
    failed = False
    for _ in range(max(1, args.repeat)):
        for label, python in servers:
            figures, differ = run(args.games, args.seed, args.db, options, args.mode, args.think, max(1, args.clients),
                                  max(1, args.workers), python, tuple(shlex.split(args.server_args)))
            measured[label].append(figures)
            print(f"{label} ({python or 'this checkout'}): " if label else "", figures.report(), sep="", flush=True)
            if differ:
                print(f"{len(differ)} game(s) differ from clank simulate: seeds {differ}")
                failed = True
            else:
                print(f"every game's final state digest equals clank simulate's on the same seed ({figures.games} games)")
    if args.repeat > 1:
        for label, _ in servers:
            print(f"{label}: " if label else "", summary(measured[label]), sep="")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
