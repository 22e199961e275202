"""The games a server process holds, and how several processes share one database.

The :class:`Hall` creates games, holds the rooms of the games its connections watch (loading a
game from the database the first time it is asked for, whichever process created it, by
replaying its actions, checked against the stored digest), commits actions (a group commit),
deletes games, hands seats to bots or back to people, and runs bots and turn timers.

Several processes, on one machine or several, serve one PostgreSQL database together:

- **the database orders the actions**: a commit moves a game's action count on only if it
  still is what the process expects; one that finds it moved is refused (the seat is told its
  action was stale) and the room catches up;
- **processes learn of each other's changes through the database**: each transaction that
  changes a game sends a PostgreSQL ``NOTIFY`` (an action with its text, a seat change, a
  deletion, a pack's fault, who is connected), which every process hears on a ``LISTEN``
  connection (:mod:`clank_web.listener`) and applies to the rooms it holds; every
  ``poll_seconds`` a process also checks its rooms against the database, so a missed
  notification (the listening connection dropped) costs a delay, never a game;
- **one process runs a game's bots and timers**: the one holding its lease (a row of
  ``leases`` with an expiry on the database's clock), which renews it every ``poll_seconds``;
  a process looks for the games the server must run (a bot seat or a turn timer) whose lease
  nobody holds, and takes them over, so when a process dies (even ``kill -9``) its games go on
  elsewhere once its leases expire (``lease_seconds``);
- **presence**: each process stores how many connections it holds at each seat of a game;
  every page is told who is connected, over every live process.

An SQLite file serves one process only (:mod:`clank_web.dblock`); the same code runs there,
without notifications.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import orjson
from clank.api import Game, PackFault, PackLoadError, SetupError, new_game, state_digest

from clank_web.bots import BotRunner
from clank_web.budget import BudgetCap
from clank_web.config import ServerConfig
from clank_web.dblock import SqliteLock
from clank_web.lobby import HUMAN, GameSpec, SpecError, check_bot_spec
from clank_web.refusal import Refusal
from clank_web.searchpool import SearchEnded
from clank_web.storage import ACTIVE, Append, Listed, Store, StoredGame, StoredSeat
from clank_web.tables import Created, GameRoom
from clank_web.tokens import new_game_id, new_token, token_hash

log = logging.getLogger("clank_web")
TIMER_BOT = "random"
"""Who decides for a human seat whose turn timer ran out."""
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a game id looks like (anything else is no game, without asking the database)."""
PRESENCE_DELAY = 0.05
"""Seconds a change of this process's connections waits before it is stored (pages that open
together are stored together)."""
SWEEP_BATCH = 20
"""Games without a lease a process takes over at each look."""


class Hall:
    """Every game this server process holds, and its part in the processes sharing the database."""

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config, self.store = config, store
        self.id = secrets.token_hex(8)
        self.rooms: dict[str, GameRoom] = {}
        self.bots = BotRunner(config.search_workers, BudgetCap.parse(config.max_bot_budget))
        self.leases: set[str] = set()  # games whose bots and timers this process runs
        self.restored = 0  # games this process rebuilt from the database
        self.refused: dict[str, str] = {}  # games that could not be rebuilt, and why
        self.conflicts = 0  # commits the database refused because another process committed first
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="clank-db")
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []  # under _commit_lock
        self._committing = False  # a commit is queued or under way in the writer thread (under _commit_lock)
        self._commit_lock = threading.Lock()
        self._loading: dict[str, asyncio.Future[GameRoom | None]] = {}
        self._touched: dict[str, float] = {}
        self._presence_due: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._lock = SqliteLock(store.url)
        self.loop: asyncio.AbstractEventLoop | None = None  # the event loop it runs on (once started)

    # -- database calls off the event loop ---------------------------------------------------
    async def write(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a database call in the writer thread (one at a time, in order)."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, partial(fn, *args))

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a database call in a worker thread (reads and the processes' bookkeeping, which
        never wait behind the commits)."""
        return await asyncio.to_thread(fn, *args)

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in the background (its failure is logged, never lost)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("clank serve: background work failed", exc_info=task.exception())

    # -- start and stop ----------------------------------------------------------------------
    async def start(self) -> None:
        """Join the processes of the database, then run its games that need a server."""
        self.loop = asyncio.get_running_loop()
        await self.read(self.store.register_server, self.id, socket.gethostname(), os.getpid())
        if self.store.postgres:
            from clank_web.listener import listen

            self.spawn(listen(self.store.url, self.on_notice, self.resync))
        self.spawn(self._every_poll(self.keep_alive))
        self.spawn(self._every_poll(self.look_around))
        await self.look_around()

    async def close(self) -> None:
        """Stop bots and timers, close every connection, leave the database (the leases go, so
        other processes take the games over at once)."""
        for task in list(self._tasks):
            task.cancel()
        for room in self.rooms.values():
            self._stop(room)
            for conn in list(room.connections):
                await conn.finish()
        try:
            await self.read(self.store.end_server, self.id)
        except Exception:
            log.exception("clank serve: could not leave the database cleanly")
        self.bots.close()
        self._writer.shutdown(wait=True)
        self.store.close()
        self._lock.release()

    def _stop(self, room: GameRoom) -> None:
        if room.bot_task is not None:
            room.bot_task.cancel()
            room.bot_task = None
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None

    # -- games ---------------------------------------------------------------------------------
    @staticmethod
    def new_game(spec: GameSpec) -> Game:
        """A new game as ``spec`` sets it up (before any action)."""
        return new_game(spec.packs, spec.players, spec.seed, spec.options, spec.names)

    async def room(self, game_id: str) -> GameRoom | None:
        """The room of a game: held, or rebuilt from the database (once, however many ask at
        the same time); None if there is no such game, or it cannot be rebuilt."""
        room = self.rooms.get(game_id)
        if room is not None:
            self._touched[game_id] = time.monotonic()
            return room
        if not GAME_ID.fullmatch(game_id) or game_id in self.refused:
            return None  # (a game that could not be rebuilt is not tried again until a restart)
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.get_running_loop().create_future()
            try:
                loading.set_result(await self._load(game_id))
            except Exception as exc:
                loading.set_exception(exc)
            finally:
                if not loading.done():
                    loading.cancel()
                del self._loading[game_id]
        return await asyncio.shield(loading)

    async def _load(self, game_id: str) -> GameRoom | None:
        stored = await self.read(self.store.load_game, game_id)
        if stored is None:
            return None
        room = await asyncio.to_thread(self._rebuild, stored)
        if room is None:
            return None
        self.rooms[game_id] = room
        self._touched[game_id] = time.monotonic()
        self.restored += 1
        await self.advance(room)  # what was committed while it was rebuilt
        await self.take_up(room)
        return room

    def _rebuild(self, stored: StoredGame) -> GameRoom | None:
        """A stored game, replayed from its actions; one whose replay does not give its stored
        digest is kept but refuses every action (and says why); one that cannot be set up is
        refused (``refused``)."""
        spec = GameSpec.from_json(stored.spec)
        seats = sorted(stored.seats, key=lambda s: s.seat)
        broken = None
        try:
            game = self.new_game(spec)
            for i, text in enumerate([*stored.actions, None]):
                if i == stored.digest_at and state_digest(game) != stored.state_digest:
                    broken = (
                        f"this game's first {i} stored actions no longer give the state stored with "
                        f"them: it cannot go on"
                    )
                if text is not None:
                    game.apply(text)
        except (SetupError, ValueError, KeyError, OSError, PackFault, PackLoadError) as exc:
            log.error("game %s cannot be restored: %s", stored.id, exc)
            self.refused[stored.id] = str(exc)
            return None
        if broken:
            log.error("game %s: %s", stored.id, broken)
        return GameRoom(self, stored.id, spec, game, seats, stored.creator_hash, broken, stored.seats_version)

    async def create(self, spec: GameSpec) -> Created:
        """Set up and store a new game; raises ``SetupError`` (a ``ValueError``) with the
        engine's reason when the packs cannot set it up, :class:`~clank_web.lobby.SpecError`
        when they fail on its options (a pack's code taking a value it does not expect)."""
        try:
            game = await asyncio.to_thread(self.new_game, spec)
        except (SetupError, ValueError, OSError):
            raise
        except Exception as exc:  # the packs read the options: one they cannot take is refused
            raise SpecError(f"the packs could not set a game up with these options "
                            f"({type(exc).__name__}: {str(exc)[:300]})") from exc
        game_id = new_game_id()
        tokens = {seat: new_token() for seat, kind in enumerate(spec.seats) if kind == HUMAN}
        creator = new_token()
        seats = [
            StoredSeat(s, HUMAN, None, token_hash(tokens[s])) if kind == HUMAN else StoredSeat(s, "bot", kind)
            for s, kind in enumerate(spec.seats)
        ]
        stored = StoredGame(game_id, spec.to_json(), token_hash(creator), list(seats), list(game.state.history),
                            state_digest(game), ACTIVE, len(game.state.history))
        await self.write(self.store.create_game, stored)
        room = GameRoom(self, game_id, spec, game, seats, token_hash(creator))
        self.rooms[game_id] = room
        self._touched[game_id] = time.monotonic()
        await self.take_up(room)
        return Created(game_id, tokens, creator)

    async def delete(self, room: GameRoom) -> None:
        """Delete a game: its connections, here and on every process, are told and closed
        (4404), its rows removed."""
        async with room.lock:
            await self.write(self.store.delete_game, room.id, self.id)
            self._gone(room)

    def _gone(self, room: GameRoom) -> None:
        room.deleted = True
        self._stop(room)
        self.rooms.pop(room.id, None)
        self.leases.discard(room.id)
        room.close_all(Refusal("deleted", "this game was deleted by its creator"))

    async def take_over(self, room: GameRoom, seat: int, bot: str) -> str | None:
        """Hand a seat to a bot (the creator's decision when a player has left), or back to a
        person (``bot="human"``: a new seat link, whose token is returned; the old link opens
        nothing any more). A search the seat's bot was running is dropped."""
        if not 0 <= seat < len(room.seats):
            raise Refusal("bad-seat", f"the game has seats 0 to {len(room.seats) - 1} (counted from 0)")
        token = None
        if bot == HUMAN:
            token = new_token()
            taken = StoredSeat(seat, HUMAN, None, token_hash(token))
        else:
            problem = check_bot_spec(bot, room.game.ruleset.registry, self.bots.cap)
            if problem is not None:
                raise Refusal("bad-bot", problem)
            taken = StoredSeat(seat, "bot", bot)
        async with room.lock:
            await self.write(self.store.set_seat, room.id, seat, taken.kind, taken.bot, taken.token_hash, self.id)
            seats = [taken if s.seat == seat else s for s in room.seats]
            self._seats_changed(room, seats, room.seats_version + 1)
        await self.take_up(room)
        return token

    def _seats_changed(self, room: GameRoom, seats: list[StoredSeat], version: int) -> None:
        if room.set_seats(seats, version) and room.bot_task is not None:
            room.bot_task.cancel()  # its bot may no longer play that seat: the search stops
            room.bot_task = None

    async def listed(self, limit: int = 200) -> list[Listed]:
        """The stored games as the lobby lists them."""
        result: list[Listed] = await self.read(self.store.list_games, limit)
        return result

    async def health(self) -> dict[str, Any]:
        """What ``GET /health`` answers: this process and the games it holds."""
        stored = await self.read(self.store.count_games)
        rooms = self.rooms.values()
        return {
            "games": stored,
            "held": len(self.rooms),
            "restored": self.restored,
            "not_restored": sorted(self.refused),
            "broken": sorted(r.id for r in rooms if r.broken),
            "stopped": sorted(r.id for r in rooms if r.stopped),
            "server": self.id,
            "pid": os.getpid(),
            "leases": sorted(self.leases),
            "conflicts": self.conflicts,
            "searching": self.bots.search.searching(),
            "search_workers": self.bots.search.pids(),
        }

    # -- committing ----------------------------------------------------------------------------
    async def commit(self, append: Append) -> None:
        """Store one action; returns once its transaction has committed.

        Actions of several games that arrive while a commit is under way wait for the next one
        and are committed together (a group commit: one sync to disk for all of them). If that
        transaction fails, each is committed on its own, so one game's conflict never refuses
        another's action. The writer thread goes from one group to the next by itself, without
        waiting for the event loop (which, under load, gets to a callback only once the work
        queued before it is done); the loop is told of each group's outcome in one callback."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._commit_lock:
            self._waiting.append((append, future))
            start, self._committing = not self._committing, True
        if start:
            try:
                self._writer.submit(self._commit_next, loop)
            except RuntimeError:  # the writer is shut down: the server is closing
                with self._commit_lock:
                    self._waiting.remove((append, future))
                    self._committing = False
                raise
        await future

    def _commit_next(self, loop: asyncio.AbstractEventLoop) -> None:
        """In the writer thread: commit the actions waiting as one group, tell the loop how each
        went, then queue the next group behind the writer's other work (which never waits for
        more than one group)."""
        while True:
            with self._commit_lock:
                batch, self._waiting = self._waiting, []
                if not batch:
                    self._committing = False
                    return
            try:
                outcomes = self._store_group(batch)
            except BaseException as exc:  # never leave a waiting action without an answer
                outcomes = [(future, exc) for _, future in batch]
            try:
                loop.call_soon_threadsafe(_settle_all, outcomes)
            except RuntimeError:  # the event loop is closed: nobody waits any more
                pass
            with self._commit_lock:
                if not self._waiting:
                    self._committing = False
                    return
            try:
                self._writer.submit(self._commit_next, loop)
                return
            except RuntimeError:  # the writer is shutting down: finish the groups here
                continue

    def _store_group(self, batch: list[tuple[Append, asyncio.Future[None]]]
                     ) -> list[tuple[asyncio.Future[None], BaseException | None]]:
        """Commit a group (in the writer thread); each action's outcome (None: committed)."""
        try:
            self.store.append_actions([a for a, _ in batch], self.id)
        except Exception:
            outcomes: list[tuple[asyncio.Future[None], BaseException | None]] = []
            for append, future in batch:
                try:
                    self.store.append_actions([append], self.id)
                except Exception as exc:
                    outcomes.append((future, exc))
                else:
                    outcomes.append((future, None))
            return outcomes
        return [(future, None) for _, future in batch]

    def moved_on_elsewhere(self, room: GameRoom) -> None:
        """A commit found the game's action count moved: another process committed first.
        The room catches up (once the refused action's lock is released)."""
        self.conflicts += 1
        self.spawn(self.advance(room))

    def tell_stopped(self, room: GameRoom) -> None:
        """A pack's fault stopped a game here: tell the other processes."""
        self.spawn(self.read(self.store.tell_stopped, room.id, room.stopped or "", room.fault or "", self.id))

    # -- what the other processes did ----------------------------------------------------------
    def on_notice(self, payload: str) -> None:
        """A notification from another process (on the event loop): apply it to the rooms held."""
        try:
            notice = orjson.loads(payload)
            if notice.get("o") == self.id:
                return
            kind, games = notice["k"], notice.get("g")
        except (orjson.JSONDecodeError, KeyError, AttributeError, TypeError):
            log.warning("clank serve: an unreadable notification: %.80s", payload)
            return
        if kind == "a":
            known: dict[str, list[tuple[int, str]]] = {}
            for game_id, index, text in games:
                known.setdefault(game_id, []).append((index, text))
            for game_id, actions in known.items():
                if game_id in self.rooms:
                    self.spawn(self.advance(self.rooms[game_id], actions))
        elif kind == "s" and games in self.rooms:
            self.spawn(self.refresh_seats(self.rooms[games]))
        elif kind == "d" and games in self.rooms:
            self._gone(self.rooms[games])
        elif kind == "p":
            held = [self.rooms[game_id] for game_id in games if game_id in self.rooms]
            if held:
                self.spawn(self.refresh_presence(held))
        elif kind == "f" and games in self.rooms:
            self.rooms[games].show_stopped(str(notice.get("stopped")), str(notice.get("fault")))
        elif kind == "r":
            self.spawn(self.sweep())

    async def advance(self, room: GameRoom, known: list[tuple[int, str]] | None = None) -> None:
        """Bring a room to the game's stored state: the actions another process committed, as
        its notification gave them (in order from the room's version), or else as stored."""
        async with room.lock:
            if room.deleted:
                return
            texts: list[str] | None = []
            expected = room.version
            for index, text in known or []:
                if index == expected:
                    assert texts is not None
                    texts.append(text)
                    expected += 1
                elif index > expected:  # a notification was missed: read what is stored
                    texts = None
                    break
            if texts is None or known is None:
                texts = await self.read(self.store.actions_since, room.id, room.version)
            if texts:
                room.advance(texts)
        self.schedule(room)

    async def refresh_seats(self, room: GameRoom) -> None:
        """Read a room's seats again (another process handed one to a bot or a person)."""
        seats, version = await self.read(self.store.load_seats, room.id)
        if not seats:
            return
        async with room.lock:
            self._seats_changed(room, seats, version)
        await self.take_up(room)

    def presence_changed(self, room: GameRoom) -> None:
        """This process's connections to a room changed: store them (a moment later, so pages
        that open together are stored together), then show every page the presence."""
        if room.id not in self._presence_due:
            self._presence_due.add(room.id)
            self.spawn(self._store_presence(room))

    async def _store_presence(self, room: GameRoom) -> None:
        await asyncio.sleep(PRESENCE_DELAY)
        self._presence_due.discard(room.id)
        if room.deleted:
            return
        await self.read(self.store.set_presence, room.id, self.id, room.local_presence())
        await self.refresh_presence([room])

    async def refresh_presence(self, rooms: list[GameRoom]) -> None:
        """Read who is connected to rooms over every live process, in one query, and tell the
        pages of each room whose presence changed."""
        counts = await self.read(self.store.presence, [room.id for room in rooms], self.config.lease_seconds)
        for room in rooms:
            if not room.deleted:
                room.show_presence(counts.get(room.id, {}))

    async def resync(self) -> None:
        """Check every room held against the database (after the listening connection was down:
        notifications may have been missed)."""
        versions = await self.read(self.store.versions, list(self.rooms))
        for game_id, room in list(self.rooms.items()):
            if game_id not in versions:
                self._gone(room)
                continue
            count, seats_version = versions[game_id]
            if count > room.version:
                self.spawn(self.advance(room))
            if seats_version != room.seats_version:
                self.spawn(self.refresh_seats(room))
        if self.rooms:
            self.spawn(self.refresh_presence(list(self.rooms.values())))

    # -- keeping up: heartbeat, leases, the games nobody runs ---------------------------------
    async def _every_poll(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        while True:
            await asyncio.sleep(self.config.poll_seconds)
            try:
                await work()
            except Exception:
                log.exception("clank serve: could not reach the database (trying again)")

    async def keep_alive(self) -> None:
        """What a process does every ``poll_seconds``, on a task of its own (a long look around,
        rebuilding the games it takes over, never makes it look dead): say it lives, and renew
        its leases (stopping the games whose lease it lost)."""
        if not await self.read(self.store.heartbeat, self.id):  # taken for dead: join again
            await self.read(self.store.register_server, self.id, socket.gethostname(), os.getpid())
            for room in self.rooms.values():
                self.presence_changed(room)
        before = set(self.leases)  # (a lease taken while the renewal runs is not lost)
        lost = before - await self.read(self.store.renew_leases, self.id, self.config.lease_seconds)
        for game_id in lost:
            if game_id in self.rooms:
                log.warning("game %s: its lease was lost; another process runs its bots", game_id)
                self._stop(self.rooms[game_id])
        self.leases -= lost

    async def look_around(self) -> None:
        """What a process also does every ``poll_seconds``: forget the processes that died (their
        pages' presence and their leases), check its rooms against the database, take over the
        games nobody runs, and let go of the rooms nobody watches."""
        await self.read(self.store.reap_servers, self.config.lease_seconds, self.id)
        await self.resync()
        await self.sweep()
        self._let_go()

    async def sweep(self) -> None:
        """Take over the games the server must run (a bot seat, a turn timer) whose lease
        nobody holds: never taken, released, or its holder died."""
        for game_id in await self.read(self.store.unleased_games, SWEEP_BATCH):
            if await self.read(self.store.acquire_lease, game_id, self.id, self.config.lease_seconds):
                self.leases.add(game_id)
                room = await self.room(game_id)
                if room is not None:
                    log.info("game %s: this process runs its bots and timers now", game_id)
                    self.schedule(room)

    async def take_up(self, room: GameRoom) -> None:
        """After a room is made or its seats changed: take the lease of a game the server must
        run (unless another live process holds it), then let its bot act or its timer start."""
        if room.automated:
            await self.claim(room)
        self.schedule(room)

    async def claim(self, room: GameRoom) -> bool:
        """Take the lease of a game the server must run, unless another live process holds it;
        whether this process holds it now."""
        if room.id not in self.leases:
            if not await self.read(self.store.acquire_lease, room.id, self.id, self.config.lease_seconds):
                return False
            self.leases.add(room.id)
        return True

    def _let_go(self) -> None:
        """Forget the rooms nobody watches here, whose games this process does not run, idle for
        ``idle_seconds`` (they are rebuilt from the database when asked for again)."""
        now = time.monotonic()
        for game_id, room in list(self.rooms.items()):
            idle = now - self._touched.get(game_id, now)
            if not room.connections and game_id not in self.leases and idle > self.config.idle_seconds:
                self._stop(room)
                del self.rooms[game_id]
                self._touched.pop(game_id, None)

    # -- bots and timers ---------------------------------------------------------------------
    def schedule(self, room: GameRoom) -> None:
        """After a change: if this process runs the game (its lease), let the deciding bot act
        or start the deciding person's timer; a finished game's lease is given up."""
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if room.id not in self.leases:
            return
        if room.deleted or room.game.over:
            self.leases.discard(room.id)
            self.spawn(self.read(self.store.release_lease, room.id, self.id))
            return
        if room.broken or room.stopped:
            return
        seat = room.game.current_player
        if seat is None:
            return
        if room.seats[seat].kind != HUMAN:
            if room.bot_task is None or room.bot_task.done():
                room.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(room))
        elif room.spec.timer > 0:
            version = room.version
            room.timer = asyncio.get_running_loop().call_later(
                room.spec.timer, lambda: self.spawn(self._time_out(room, seat, version))
            )

    async def _bot_turns(self, room: GameRoom) -> None:
        retries = 0
        while not room.deleted and not room.stopped and not room.game.over and room.id in self.leases:
            seat = room.game.current_player
            if seat is None or room.seats[seat].kind == HUMAN:
                return
            if self.config.bot_delay:
                await asyncio.sleep(self.config.bot_delay)
            game, version = room.game, room.version
            spec = room.seats[seat].bot or TIMER_BOT
            try:
                text = await self.bots.choose(game, seat, spec, room.spec.packs, room.spec.options)
                await room.act(seat, text, version, by="bot")
            except PackFault as fault:  # the bot's pack (or what it called) failed
                async with room.lock:
                    if room.version == version and not room.stopped:
                        room.stop_for(fault)
                return
            except SearchEnded:  # the worker process died: ask again (a new one starts)
                retries += 1
                if retries > 3:
                    log.error("game %s: the search of seat %d failed again and again", room.id, seat)
                    return
                await asyncio.sleep(0.5)
            except Refusal as refusal:
                if refusal.code not in ("stale", "not-your-decision", "bot-seat"):
                    log.error("game %s: the bot of seat %d was refused: %s", room.id, seat, refusal.message)
                    return
            except Exception:
                log.exception("game %s: the bot of seat %d failed", room.id, seat)
                return

    async def _time_out(self, room: GameRoom, seat: int, version: int) -> None:
        if room.version != version or room.deleted or room.id not in self.leases:
            return
        try:
            # a copy: the person may act while the bot thinks, and an action changes the game in place
            text = await self.bots.choose(room.game.clone(), seat, TIMER_BOT, room.spec.packs, room.spec.options)
            await room.act(seat, text, version, by="timer")
        except PackFault as fault:
            async with room.lock:
                if room.version == version and not room.stopped:
                    room.stop_for(fault)
        except Refusal:
            return


def _settle(future: asyncio.Future[None], fault: BaseException | None = None) -> None:
    """Tell a waiting action how its commit went, unless its waiter was cancelled meanwhile
    (a bot's turn dropped when its game was deleted: the action is committed all the same)."""
    if future.done():
        return
    if fault is None:
        future.set_result(None)
    else:
        future.set_exception(fault)


def _settle_all(outcomes: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Tell every action of a group how its commit went (on the event loop)."""
    for future, fault in outcomes:
        _settle(future, fault)
