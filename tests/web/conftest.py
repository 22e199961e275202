"""Fixtures of the web table's tests: databases (an SQLite file, or a PostgreSQL server this
setup starts), the application in-process (Starlette's test client) and real servers in
subprocesses (``clank serve``), which a test may kill with SIGKILL and start again.

PostgreSQL is Debian's server (``.ci/system-deps`` installs the ``postgresql`` package): a
session fixture runs ``initdb`` and ``pg_ctl`` in a temporary directory on a free port (as the
``postgres`` user when the tests run as root: PostgreSQL refuses to run as root). Where it
cannot be installed or started, the PostgreSQL half of each parametrized test is skipped,
saying why.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .pagedom import Page

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
HEXPACK = HERE / "hexpack"
BACKENDS = ("sqlite", "postgres")
FAST = ("--lease", "4", "--poll", "0.5")
"""``clank serve`` options of the tests of several processes: a dead process's games and pages
are taken over and forgotten within about 4 seconds (a live process heartbeats every half
second, so a machine busy with other tests does not make it look dead)."""


# -- PostgreSQL ------------------------------------------------------------------------------
def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


class PostgresServer:
    """A throwaway PostgreSQL cluster: ``url(db)`` for a database of it, ``new_database()``."""

    def __init__(self) -> None:
        self.initdb, self.pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if not self.initdb or not self.pg_ctl:
            raise RuntimeError("PostgreSQL is not installed (.ci/system-deps installs Debian's postgresql)")
        self.root = Path(tempfile.mkdtemp(prefix="clank-pg-"))
        self.data = self.root / "data"
        self.port = load_benchmark().free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(
            [self.initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]
        )
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            [self.pg_ctl, "-D", str(self.data), "-o", opts, "-l", str(self.root / "log"), "-w", "start"]
        )

    def _run(self, cmd: list[str]) -> None:
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd[:4])}... failed: {done.stderr.strip()[-400:]}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for this test process (skipped, saying why, where it cannot start)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (the extra 'postgres'; make install installs it)")
    try:
        server = PostgresServer()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"PostgreSQL cannot be started here: {exc}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: an SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return request.getfixturevalue("postgres").new_database()


# -- the application in-process --------------------------------------------------------------
@pytest.fixture
def web(tmp_path: Path) -> Iterator[Any]:
    """The application on an SQLite file, through Starlette's test client (bots act at once)."""
    yield from _client(f"sqlite:///{tmp_path / 'games.sqlite3'}")


def _client(url: str, **settings: Any) -> Iterator[Any]:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from clank_web.app import create_app
    from clank_web.config import ServerConfig

    config = ServerConfig(url, [str(HEXPACK)], **{"bot_delay": 0.0, **settings})
    app = create_app(config)
    with TestClient(app) as client:
        client.hall = lambda: client.app_state["hall"]  # the application's lifespan state
        client.config = config
        yield client


@pytest.fixture
def make_web(tmp_path: Path) -> Iterator[Any]:
    """``make_web(**settings)``: the application with other settings (limits, rates)."""
    made: list[Iterator[Any]] = []

    def make(**settings: Any) -> Any:
        gen = _client(f"sqlite:///{tmp_path / 'games.sqlite3'}", **settings)
        made.append(gen)
        return next(gen)

    yield make
    for gen in made:
        for _ in gen:
            pass


def create_game(
    client: Any, packs: list[str], seats: list[str], seed: int = 1, **extra: Any
) -> dict[str, Any]:
    """Create a game through the JSON API; returns its answer (``game``, ``seats`` with tokens ...)."""
    body = {"packs": packs, "players": len(seats), "seed": seed, "seats": seats, **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


class Seat:
    """One WebSocket conversation through the test client, recording every message received."""

    def __init__(self, client: Any, game: str, token: str | None, mode: str = "data") -> None:
        self.cm = client.websocket_connect(f"/ws/{game}")
        self.ws = self.cm.__enter__()
        self.raw: list[str] = []
        self.page = Page()  # in html mode, every part of the table as a page shows it now
        self.ws.send_text(json.dumps({"type": "hello", "token": token, "mode": mode}))
        self.welcome = self.next()
        self.state = self.next("state")

    def next(self, kind: str | None = None) -> dict[str, Any]:
        while True:
            text = self.ws.receive_text()
            self.raw.append(text)
            message = json.loads(text)
            if kind is None or message["type"] == kind:
                if message["type"] == "state":
                    self.state = message
                    self.page.receive(message)  # whole parts, or the operations that change them
                return message

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def act(self, action: str, version: int | None = None) -> dict[str, Any]:
        """Send an action; returns the ack or the error answering it."""
        self.send(
            {
                "type": "act",
                "action": action,
                "version": self.state["version"] if version is None else version,
            }
        )
        while True:
            message = self.next()
            if message["type"] in ("ack", "error"):
                if message["type"] == "ack":
                    self.next("state")
                return message

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


@pytest.fixture
def seat_conn() -> Iterator[Any]:
    """``seat_conn(client, game, token)``: a :class:`Seat`, closed after the test."""
    opened: list[Seat] = []

    def open_seat(client: Any, game: str, token: str | None, mode: str = "data") -> Seat:
        s = Seat(client, game, token, mode)
        opened.append(s)
        return s

    yield open_seat
    for s in opened:
        try:
            s.close()
        except Exception:
            pass


# -- real servers ----------------------------------------------------------------------------
class ServerProcess:
    """``clank serve`` in a subprocess on a free port; :meth:`kill` is SIGKILL (kill -9)."""

    def __init__(self, db: str, *args: str) -> None:
        self.db, self.args = db, args
        self.port = load_benchmark().free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        cmd = load_benchmark().serve_command(self.db, self.port, "--pack-dir", str(HEXPACK), *self.args, rate=1000)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"clank serve exited: {self.proc.stderr.read()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/health", timeout=2) as answer:
                    self.health = json.loads(answer.read())
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("clank serve did not start within 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server_factory() -> Iterator[Any]:
    """``server_factory(db_url, *args)``: a started :class:`ServerProcess`, stopped after the test."""
    made: list[ServerProcess] = []

    def make(db: str, *args: str) -> ServerProcess:
        server = ServerProcess(db, *args).start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


def post_json(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST JSON with the standard library; (status, answer)."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def get_json(url: str) -> tuple[int, Any]:
    """GET JSON; (status, answer)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def load_benchmark(script: str = "web_load") -> Any:
    """``benchmarks/SCRIPT.py`` as a module (by default the load test and its client's pieces)."""
    import importlib.util

    name = f"benchmark_{script}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{script}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[name]


class LiveServer:
    """The application served by uvicorn in a thread of the test process, on a free port: a
    browser reaches it like any server, and a test can arrange a position in a game it holds."""

    def __init__(self, db: str) -> None:
        import threading

        import uvicorn
        from clank_web.app import create_app
        from clank_web.config import ServerConfig
        from clank_web.wsprotocol import WebSocketProtocol

        self.port = load_benchmark().free_port()
        self.app = create_app(ServerConfig(db, [str(HEXPACK)], bot_delay=0.0, rate=1000, burst=2000))
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            ws=WebSocketProtocol,
            log_level="warning",
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.05)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def arrange(self, game_id: str, edit: Any) -> None:
        """Run ``edit(game)`` on a game under its lock, then send every connection the new state
        (the stored actions no longer lead to it: for positions of browser tests only)."""
        import asyncio

        hall = self.hall()
        room = hall.rooms[game_id]

        async def change() -> None:
            async with room.lock:
                edit(room.game)
                room.refresh()
            hall.schedule(room)

        asyncio.run_coroutine_threadsafe(change(), hall.loop).result(30)

    def hall(self) -> Any:
        """The hall of the server (its application's lifespan state)."""
        return self.server.lifespan.state["hall"]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A :class:`LiveServer` on an SQLite file."""
    server = LiveServer(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield server
    server.stop()


# -- people at the seats of a game, over real WebSockets --------------------------------------
class Players:
    """The people of a game's human seats, each connected to the server given for its seat (the
    seats of one game may be on different server processes), each choosing as the engine's
    ``random`` bot does with the seed ``clank simulate`` gives it. Bot seats are the server's.
    ``acked`` lists every acknowledged action as (version, text): the game's record must hold
    each at its place."""

    def __init__(self, game: dict[str, Any], seed: int, packs: tuple[str, ...] = ("catacombs",)) -> None:
        from clank.api import bot_seed, build_ruleset

        registry = build_ruleset(list(packs)).registry
        self.game = game
        self.humans = [s["seat"] for s in game["seats"] if s["token"]]
        self.bots = {s: registry.make_bot("random", bot_seed(seed, s)) for s in self.humans}
        self.conns: dict[int, Any] = {}
        self.stacks: dict[int, contextlib.ExitStack] = {}
        self.states: dict[int, dict[str, Any]] = {}
        self.acked: list[tuple[int, str]] = []
        self.stale = 0

    def attach(self, seat: int, server: Any) -> None:
        """Connect (again) the seat's person to ``server`` (a :class:`ServerProcess` or a base URL)."""
        from websockets.sync.client import connect

        self.detach(seat)
        base = server if isinstance(server, str) else server.base
        stack = contextlib.ExitStack()
        ws = stack.enter_context(connect(base.replace("http://", "ws://") + f"/ws/{self.game['game']}",
                                         open_timeout=30))
        self.stacks[seat] = stack
        token = next(s["token"] for s in self.game["seats"] if s["seat"] == seat)
        ws.send(json.dumps({"type": "hello", "token": token, "mode": "data"}))
        self.conns[seat] = ws
        self.states.pop(seat, None)
        while seat not in self.states:
            self._receive(seat, 30)

    def attach_all(self, *servers: Any) -> None:
        """Each human seat on the next of ``servers`` in turn."""
        for i, seat in enumerate(self.humans):
            self.attach(seat, servers[i % len(servers)])

    def detach(self, seat: int) -> None:
        """Close the seat's connection."""
        self.conns.pop(seat, None)
        stack = self.stacks.pop(seat, None)
        if stack is not None:
            with contextlib.suppress(Exception):
                stack.close()

    def _receive(self, seat: int, timeout: float) -> dict[str, Any] | None:
        message = json.loads(self.conns[seat].recv(timeout=timeout))
        if message["type"] == "state" and message["version"] >= self.states.get(seat, {}).get("version", -1):
            self.states[seat] = message
        return message

    def _drain(self, timeout: float) -> None:
        """Read what the seats were sent (waiting up to ``timeout`` on the first)."""
        for seat in list(self.conns):
            try:
                while True:
                    self._receive(seat, timeout)
                    timeout = 0
            except TimeoutError:
                continue

    def play(self, steps: int, deadline: float = 120.0) -> bool:
        """Act for the deciding seat up to ``steps`` times (waiting while a bot or a late state
        is on its way); True once the game is over."""
        stop = time.monotonic() + deadline
        for _ in range(steps):
            while True:
                assert time.monotonic() < stop, f"the game did not move on: {self.states}"
                newest = max(s["version"] for s in self.states.values())
                if any(s["over"] for s in self.states.values()):
                    return True
                deciding = [seat for seat, s in self.states.items() if s["deciding"] and s["version"] == newest]
                if deciding:
                    break
                self._drain(0.05)
            self._act(deciding[0], self.states[deciding[0]])
        return False

    def _act(self, seat: int, state: dict[str, Any]) -> bool:
        from clank.actions import Action

        listing = [Action.parse(a["text"]) for a in state["actions"]]
        choice = str(self.bots[seat].choose(load_benchmark().Listing(listing)))
        ws = self.conns[seat]
        ws.send(json.dumps({"type": "act", "action": choice, "version": state["version"]}))
        while True:
            answer = self._receive(seat, 30)
            if answer["type"] == "ack":
                self.acked.append((answer["version"], choice))
                while self.states[seat]["version"] < answer["version"]:  # the state the action led to
                    self._receive(seat, 30)
                return True
            if answer["type"] == "error":
                assert answer["code"] == "stale", answer  # another process's bot acted first
                self.stale += 1
                return False

    def close(self) -> None:
        for seat in list(self.conns):
            self.detach(seat)


def simulate_digest(seed: int, options: dict[str, Any] | None = None, players: int = 2) -> str:
    """The final state digest ``clank simulate --bot random`` reaches on ``seed``."""
    cmd = [sys.executable, "-m", "clank_cli.main", "simulate", "--games", "1", "--players", str(players),
           "--bot", "random", "--seed", str(seed), "--jobs", "1", "--out", "/dev/stdout"]
    for key, value in (options or {}).items():
        cmd += ["-o", f"{key}={json.dumps(value)}"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[0])["final_state_sha256"]


def replays_to_its_digest(record: dict[str, Any], acked: list[tuple[int, str]]) -> bool:
    """Whether a game's record replays to its own final digest and holds every acknowledged
    action at its place (nothing acknowledged was lost)."""
    from clank.api import new_game, state_digest

    game = new_game(record["packs"], record["players"], record["seed"], record.get("options") or {})
    for text in record["actions"]:
        game.apply(text)
    return state_digest(game) == record["final_state_sha256"] and all(
        record["actions"][version - 1] == text for version, text in acked
    )
