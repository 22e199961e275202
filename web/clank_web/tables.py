"""The live games: the server holds each :class:`~clank.api.Game` and is its only authority.

A :class:`GameRoom` is one game with its seats and the connections watching it. An action
goes through :meth:`GameRoom.act`: under the game's lock it is checked (the seat decides now,
a person holds it, the client saw the current state), applied to the game (``apply`` checks
it against ``legal_actions`` and refuses an illegal one with a reason before it changes
anything), committed to the database (every few actions with the digest of the state it leads
to: :data:`DIGEST_EVERY`), and only then does the room's version move on, the sender get its
acknowledgement and every connection the new state. A refusal leaves the game as it was; a
failed commit (rare: the database refused it) puts the game back by replaying the actions
stored before it, as a restart does. Until the commit, nothing outside the lock sees the
applied action: pages join, records are published and versions reported under the lock or at
the committed version.

An action (or a bot's choice) that fails in a pack's code (:class:`~clank.faults.PackFault`)
leaves the game as it was and *stops* it: every page says so, its creator can read the fault
(``POST /api/games/GAME/fault``), and the other games play on. Nothing of it is stored: once
the pack is fixed and the server restarted, the game goes on from where it stopped.

The :class:`Hall` holds every room, creates games, restores them at start-up by replaying
their stored actions (checked against the stored digest), deletes them, hands seats to
bots, and runs bots and turn timers.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from clank import IllegalAction
from clank.api import Game, PackFault, PackLoadError, SetupError, new_game, state_digest

from clank_web.bots import BotRunner
from clank_web.config import ServerConfig
from clank_web.lobby import HUMAN, GameSpec
from clank_web.present import Pages
from clank_web.protocol import Refusal, encode
from clank_web.storage import ACTIVE, Append, Store, StoredGame, StoredSeat
from clank_web.tokens import matches, new_game_id, new_token, token_hash

log = logging.getLogger("clank_web")
DIGEST_EVERY = 128
"""Every how many actions the digest of the state is stored (and at the end of a game): a digest
serialises the whole state, a few milliseconds, more than the rest of many actions together."""
TIMER_BOT = "random"
"""Who decides for a human seat whose turn timer ran out."""


class Connection:
    """One WebSocket conversation: its seat (None for a spectator), its mode, and a queue of
    outgoing messages written in order by a task of its own."""

    def __init__(self, send: Callable[[str], Any], seat: int | None, mode: str,
                 close: Callable[[int, str], Any] | None = None) -> None:
        self.seat, self.mode = seat, mode
        self._send, self._close = send, close
        self.queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue()
        self.sent = 0
        self.closed = False
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None or self.closed:
                return
            try:
                if isinstance(text, tuple):  # close the socket with this code, after what was queued
                    self.closed = True
                    if self._close is not None:
                        await self._close(*text)
                    return
                await self._send(text)
                self.sent += 1
            except Exception:  # the peer is gone: stop writing, the reader cleans up
                self.closed = True
                return

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict is encoded as JSON)."""
        if not self.closed:
            self.queue.put_nowait(message if isinstance(message, str) else encode(message))

    def shut(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` once the messages queued before are sent."""
        if not self.closed:
            self.queue.put_nowait((code, reason))

    async def finish(self) -> None:
        """Send what is queued, then stop the writer."""
        self.queue.put_nowait(None)
        try:
            await asyncio.wait_for(self.writer, 5)
        except (TimeoutError, asyncio.CancelledError):
            self.writer.cancel()


@dataclass
class Created:
    """A new game's id and secrets (the only time the tokens are known: only hashes are kept)."""

    game_id: str
    seat_tokens: dict[int, str]
    creator_token: str


@dataclass
class GameRoom:
    """One live game."""

    hall: Hall
    id: str
    spec: GameSpec
    game: Game
    seats: list[StoredSeat]  # who plays each seat (a person's token only as its hash)
    creator_hash: str
    broken: str | None = None  # why a stored game could not be restored
    stopped: str | None = None  # why a pack's fault stopped the game (every page shows it)
    fault: str | None = None  # the fault itself, in the engine's words (for the creator)
    connections: set[Connection] = field(default_factory=set)
    deleted: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task | None = None
    timer: asyncio.TimerHandle | None = None
    version: int = -1  # the committed state's version: how many actions are stored (set from the game)
    _cache: dict[Any, Any] = field(default_factory=dict)  # what belongs to the current state (present.Pages)
    pages: Pages = field(default_factory=Pages)  # what the pages are sent, kept across states

    def __post_init__(self) -> None:
        self.version = len(self.game.state.history)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens, or None (every seat's hash is compared, in constant time)."""
        found = None
        for seat, info in enumerate(self.seats):
            if info.kind == HUMAN and matches(token, info.token_hash):
                found = seat
        return found

    def is_creator(self, token: str | None) -> bool:
        """Whether ``token`` is the creator's."""
        return matches(token, self.creator_hash)

    # -- acting ------------------------------------------------------------------------------
    async def act(
        self, seat: int | None, text: str, version: int, by: str = HUMAN, conn: Connection | None = None
    ) -> int:
        """Apply an action for ``seat``, chosen on state ``version``; returns the new version.

        ``by`` is who acts: ``"human"`` (a seat's connection), ``"bot"`` (the seat's bot) or
        ``"timer"`` (a bot deciding for a human seat whose time ran out). Raises
        :class:`~clank_web.protocol.Refusal` and changes nothing when the action is refused.
        """
        async with self.lock:
            self._check(seat, version, by)
            game = self.game
            try:
                game.apply(text)
            except PackFault as fault:
                if not fault.restored:
                    self._undo_if_touched(version)
                self.stop_for(fault)
                raise Refusal(500, "pack-fault", self.stopped or "") from None
            except (IllegalAction, ValueError) as exc:
                self._undo_if_touched(version)
                reason = exc.reason if isinstance(exc, IllegalAction) else exc
                raise Refusal(422, "illegal", f"not a legal action now: {reason}") from None
            except BaseException:
                self._undo_if_touched(version)
                raise
            digest = state_digest(game) if game.over or (version + 1) % DIGEST_EVERY == 0 else None
            done = game.state.history[-1]
            try:
                await self.hall.commit(Append(self.id, version, done, digest, game.over))
            except BaseException as exc:
                self._undo_if_touched(version)
                if not isinstance(exc, Exception):
                    raise
                log.exception("game %s: the action could not be stored", self.id)
                raise Refusal(
                    503,
                    "not-stored",
                    f"the action could not be stored ({type(exc).__name__}); nothing changed: try again",
                ) from None
            self.version = version + 1
            self._cache.clear()
            if conn is not None:
                conn.push({"type": "ack", "version": self.version})
            self.broadcast()
        self.hall.schedule(self)
        return self.version

    def _undo_if_touched(self, version: int) -> None:
        """Put the game back to its committed state ``version`` if an action began to change it:
        a new game replays the first ``version`` actions (deterministic, as at a restart)."""
        history = self.game.state.history
        if len(history) == version:
            return
        game = self.hall.new_game(self.spec)
        for text in history[:version]:
            game.apply(text)
        self.game = game
        self._cache.clear()

    def stop_for(self, fault: PackFault) -> None:
        """Stop the game for a pack's fault (it stays as it was before the failed action): every
        page is told, the creator may read the fault, nothing more is played until a restart."""
        self.fault = fault.line()
        self.stopped = (f"a fault in the code of the pack {fault.pack!r} stopped this game; it is kept as it "
                        f"was, and goes on once the pack is fixed and the server restarted")
        log.error("game %s stopped: %s", self.id, self.fault)
        self._cache.clear()
        self.broadcast()

    def _check(self, seat: int | None, version: int, by: str) -> None:
        if self.deleted:
            raise Refusal(404, "no-game", "this game was deleted", close=True)
        if self.broken:
            raise Refusal(409, "broken", self.broken)
        if self.stopped:
            raise Refusal(409, "stopped", self.stopped)
        if seat is None:
            raise Refusal(403, "spectator", "spectators watch: they cannot act")
        if version != self.version:
            raise Refusal(
                409,
                "stale",
                f"the game has moved on (you acted on state {version}, it is now at "
                f"{self.version}): nothing changed, choose again",
            )
        if self.game.over:
            raise Refusal(409, "over", "the game is over")
        decider = self.game.current_player
        if seat != decider:
            who = self.game.name(decider) if decider is not None else "nobody"
            raise Refusal(403, "not-your-decision", f"it is {who}'s decision, not yours")
        if by == HUMAN and self.seats[seat].kind != HUMAN:
            raise Refusal(403, "bot-seat", "a bot plays this seat now")

    # -- who sees what -----------------------------------------------------------------------
    def message(self, seat: int | None, mode: str) -> dict[str, Any]:
        """The state message's data for one seat (or a spectator), built once per version."""
        return self.pages.message(self, seat, mode)

    def payload(self, seat: int | None, mode: str) -> str:
        """The whole state message for one seat: what a connection that joins now receives."""
        return self.pages.payload(self, seat, mode)

    def update(self, seat: int | None, mode: str) -> str:
        """The state message for the connections of one seat after a change (in ``html`` mode,
        what changed of the table: :mod:`clank_web.present`)."""
        return self.pages.update(self, seat, mode)

    async def preview(self, seat: int | None, action: str, version: int) -> dict[str, Any]:
        """The ``preview`` message: how the map looks with the discovered tile laid as ``action``
        (under the lock: always of the committed state). Raises :class:`Refusal` when ``action``
        is no orientation this seat may choose on state ``version``."""
        async with self.lock:
            if version != self.version:
                raise Refusal(409, "stale-preview", "the game has moved on: this preview belongs to an older state")
            ops = self.pages.preview(self, seat, action)
            if ops is None:
                raise Refusal(422, "no-preview", "that is no orientation of a discovered tile you may choose now")
            return {"type": "preview", "version": version, "action": action, "diff": ops}

    def broadcast(self) -> None:
        """Send the current state to every connection, each its own seat's view (under the lock:
        every page of a seat then shows the same parts)."""
        texts: dict[tuple[int | None, str], str] = {}
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
                continue
            key = (conn.seat, conn.mode)
            if key not in texts:
                texts[key] = self.update(*key)
            conn.push(texts[key])

    async def join(self, conn: Connection) -> None:
        """Add a connection and send it the state (under the lock: never an uncommitted one)."""
        async with self.lock:
            self.connections.add(conn)
            conn.push(self.payload(conn.seat, conn.mode))

    def leave(self, conn: Connection) -> None:
        """Forget a connection."""
        self.connections.discard(conn)


class Hall:
    """Every game the server holds."""

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config, self.store = config, store
        self.rooms: dict[str, GameRoom] = {}
        self.bots = BotRunner(config.search_workers)
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="clank-db")
        self.restored = 0
        self.refused: dict[str, str] = {}
        self._waiting: list[tuple[Append, asyncio.Future]] = []
        self._committer: asyncio.Task | None = None

    async def write(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a database call in the writer thread (one at a time, in order)."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, partial(fn, *args))

    async def commit(self, append: Append) -> None:
        """Store one action; returns once its transaction has committed.

        Actions of several games that arrive while a commit is under way wait for the next one
        and are committed together (a group commit: one sync to disk for all of them). If that
        transaction fails, each is committed on its own, so one game's conflict never refuses
        another's action."""
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._waiting.append((append, future))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_waiting())
        await future

    async def _commit_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self.write(self.store.append_actions, [a for a, _ in batch])
            except Exception:
                for append, future in batch:
                    try:
                        await self.write(self.store.append_actions, [append])
                    except Exception as exc:
                        future.set_exception(exc)
                    else:
                        future.set_result(None)
                continue
            for _, future in batch:
                future.set_result(None)

    # -- start and stop ----------------------------------------------------------------------
    def restore(self) -> None:
        """Rebuild every stored game by replaying its actions; a game whose replay does not give
        its stored digest is kept but refuses every action (and says why)."""
        for stored in self.store.load_games():
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
                continue
            room = GameRoom(self, stored.id, spec, game, seats, stored.creator_hash, broken)
            self.rooms[stored.id] = room
            self.restored += 1
            if broken:
                log.error("game %s: %s", stored.id, broken)

    def start(self) -> None:
        """Start the bots and timers of the restored games (on the running event loop)."""
        for room in self.rooms.values():
            self.schedule(room)

    async def close(self) -> None:
        """Stop bots and timers, close every connection, release the database."""
        for room in self.rooms.values():
            self._stop(room)
            for conn in list(room.connections):
                await conn.finish()
        self.bots.close()
        self._writer.shutdown(wait=True)
        self.store.close()

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

    async def create(self, spec: GameSpec) -> Created:
        """Set up and store a new game; raises ``SetupError`` (a ``ValueError``) with the
        engine's reason when the packs cannot set it up."""
        game = await asyncio.to_thread(self.new_game, spec)
        game_id = new_game_id()
        tokens = {seat: new_token() for seat, kind in enumerate(spec.seats) if kind == HUMAN}
        creator = new_token()
        seats = [
            StoredSeat(s, HUMAN, None, token_hash(tokens[s])) if kind == HUMAN else StoredSeat(s, "bot", kind)
            for s, kind in enumerate(spec.seats)
        ]
        stored = StoredGame(
            game_id,
            spec.to_json(),
            token_hash(creator),
            list(seats),
            list(game.state.history),
            state_digest(game),
            ACTIVE,
            len(game.state.history),
        )
        await self.write(self.store.create_game, stored)
        room = GameRoom(self, game_id, spec, game, seats, token_hash(creator))
        self.rooms[game_id] = room
        self.schedule(room)
        return Created(game_id, tokens, creator)

    async def delete(self, room: GameRoom) -> None:
        """Delete a game: its connections are told and closed (4404), its rows removed."""
        async with room.lock:
            room.deleted = True
            self._stop(room)
            await self.write(self.store.delete_game, room.id)
            self.rooms.pop(room.id, None)
        for conn in list(room.connections):
            conn.push(Refusal(404, "deleted", "this game was deleted by its creator", close=True).to_json())
            conn.shut(4404, "this game was deleted")
        room.connections.clear()

    async def take_over(self, room: GameRoom, seat: int, bot: str) -> None:
        """Hand a seat to a bot (the creator's decision when a player has left)."""
        problem = room.game.ruleset.registry.check_bot(bot)
        if problem is not None:
            raise Refusal(400, "bad-bot", problem)
        if not 0 <= seat < len(room.seats):
            raise Refusal(400, "bad-seat", f"the game has seats 1 to {len(room.seats)}")
        async with room.lock:
            await self.write(self.store.set_seat, room.id, seat, "bot", bot)
            room.seats[seat] = StoredSeat(seat, "bot", bot)
            room._cache.clear()
            room.broadcast()
        self.schedule(room)

    # -- bots and timers -------------------------------------------------------------------
    def schedule(self, room: GameRoom) -> None:
        """After a change: let the deciding bot act, or start the deciding person's timer."""
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if room.deleted or room.broken or room.stopped or room.game.over:
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
                room.spec.timer, lambda: asyncio.ensure_future(self._time_out(room, seat, version))
            )

    async def _bot_turns(self, room: GameRoom) -> None:
        while not room.deleted and not room.stopped and not room.game.over:
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
            except PackFault as fault:          # the bot's pack (or what it called) failed
                async with room.lock:
                    if room.version == version and not room.stopped:
                        room.stop_for(fault)
                return
            except Refusal as refusal:
                if refusal.code not in ("stale", "not-your-decision", "bot-seat"):
                    log.error("game %s: the bot of seat %d was refused: %s", room.id, seat, refusal.message)
                    return
            except Exception:
                log.exception("game %s: the bot of seat %d failed", room.id, seat)
                return

    async def _time_out(self, room: GameRoom, seat: int, version: int) -> None:
        if room.version != version or room.deleted:
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
