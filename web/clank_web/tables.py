"""The live game: the server holds each :class:`~clank.api.Game` and is its only authority.

A :class:`GameRoom` is one game with its seats and the connections watching it on this server
process. An action goes through :meth:`GameRoom.act`: under the game's lock it is checked (the
seat decides now, a person holds it, the client saw the current state), applied to the game
(``apply`` checks it against ``legal_actions`` and refuses an illegal one with a reason before
it changes anything), committed to the database (every few actions with the digest of the
state it leads to: :data:`DIGEST_EVERY`, at a place in that cycle of the game's own), and only
then does the room's version move on, the sender get its acknowledgement and every connection
the new state. A refusal leaves the game as it was; a failed commit puts the game back by
replaying the actions stored before it, as a restart does. A commit that finds the game's action
count moved (another server process committed an action first) is refused as ``stale``, and the
room catches up. Until the commit, nothing outside the lock sees the applied action: pages join,
records are published and versions reported under the lock or at the committed version.

Actions committed by other processes reach the room through :meth:`GameRoom.advance` (the
hall hears of them: :mod:`clank_web.hall`), seat changes through :meth:`GameRoom.set_seats`,
and who is connected at each seat, over every process, through :meth:`GameRoom.show_presence`.

An action (or a bot's choice) that fails in a pack's code (:class:`~clank.faults.PackFault`)
leaves the game as it was and *stops* it: every page says so, its creator can read the fault
(``POST /api/games/GAME/fault``), and the other games play on. Nothing of it is stored: once
the pack is fixed and the server restarted, the game goes on from where it stopped.

The room speaks in the game's terms: it raises :class:`~clank_web.refusal.Refusal` with a code
word, which the transport maps to an HTTP status or a close code (:mod:`clank_web.protocol`).
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from clank import IllegalAction
from clank.api import Game, PackFault, state_digest

from clank_web.connection import Connection
from clank_web.lobby import HUMAN, GameSpec
from clank_web.present import LOG_LINES, Pages
from clank_web.protocol import encode
from clank_web.refusal import Refusal
from clank_web.storage import SPECTATORS, Append, StorageConflict, StoredSeat
from clank_web.tokens import matches

if TYPE_CHECKING:
    from clank_web.hall import Hall

log = logging.getLogger("clank_web")
DIGEST_EVERY = 128
"""Every how many actions the digest of the state is stored (and at the end of a game): a digest
serialises the whole state, a few milliseconds, more than the rest of many actions together."""


def digest_phase_of(game_id: str) -> int:
    """Where in each cycle of :data:`DIGEST_EVERY` actions a game stores its digest (after the
    actions counts ``n`` with ``(n + phase) % DIGEST_EVERY == 0``): the game's own, drawn from its
    id, so that games that started together and play at the same pace (a tournament, a load
    test) do not all serialise their whole state in the same moment. Any place will do: a
    restart checks the digest at the count stored beside it."""
    return zlib.crc32(game_id.encode()) % DIGEST_EVERY


@dataclass
class Created:
    """A new game's id and secrets (the only time the tokens are known: only hashes are kept)."""

    game_id: str
    seat_tokens: dict[int, str]
    creator_token: str


@dataclass
class GameRoom:
    """One live game on this server process."""

    hall: Hall
    id: str
    spec: GameSpec
    game: Game
    seats: list[StoredSeat]  # who plays each seat (a person's token only as its hash)
    creator_hash: str
    broken: str | None = None  # why a stored game could not be restored
    seats_version: int = 0  # the stored seats' version this room holds (it moves on at each change)
    stopped: str | None = None  # why a pack's fault stopped the game (every page shows it)
    fault: str | None = None  # the fault itself, in the engine's words (for the creator)
    connections: set[Connection] = field(default_factory=set)
    deleted: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task | None = None
    timer: asyncio.TimerHandle | None = None
    presence: dict[int, int] = field(default_factory=dict)  # connections per seat, every process (-1: watching)
    version: int = -1  # the committed state's version: how many actions are stored (set from the game)
    state_cache: dict[Any, Any] = field(default_factory=dict)  # built from the current state (present.Pages)
    pages: Pages = field(default_factory=Pages)  # what the pages are sent, kept across states
    behind: set[tuple[int | None, str]] = field(default_factory=set)  # watching pages not sent the latest state
    watchers_sent: float = float("-inf")  # when the watching pages were last sent a state (time.monotonic)
    watchers_log: int = 0  # the log's length then
    watch_timer: asyncio.TimerHandle | None = None  # the watching pages' next update, when one is held back
    digest_phase: int = field(init=False, default=0)  # where in each cycle its digest is stored (digest_phase_of)

    def __post_init__(self) -> None:
        self.version = len(self.game.state.history)
        self.digest_phase = digest_phase_of(self.id)

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

    @property
    def automated(self) -> bool:
        """Whether the server plays part of this game (a bot seat, or a turn timer) while it goes on."""
        going_on = not (self.game.over or self.deleted)
        return going_on and (self.spec.timer > 0 or any(s.kind != HUMAN for s in self.seats))

    # -- acting ------------------------------------------------------------------------------
    async def act(
        self, seat: int | None, text: str, version: int, by: str = HUMAN, conn: Connection | None = None
    ) -> int:
        """Apply an action for ``seat``, chosen on state ``version``; returns the new version.

        ``by`` is who acts: ``"human"`` (a seat's connection), ``"bot"`` (the seat's bot) or
        ``"timer"`` (a bot deciding for a human seat whose time ran out). Raises
        :class:`~clank_web.refusal.Refusal` and changes nothing when the action is refused.
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
                raise Refusal("pack-fault", self.stopped or "") from None
            except (IllegalAction, ValueError) as exc:
                self._undo_if_touched(version)
                reason = exc.reason if isinstance(exc, IllegalAction) else exc
                raise Refusal("illegal", f"not a legal action now: {reason}") from None
            except BaseException:
                self._undo_if_touched(version)
                raise
            digest = state_digest(game) if game.over or (version + 1 + self.digest_phase) % DIGEST_EVERY == 0 else None
            done = game.state.history[-1]
            try:
                await self.hall.commit(Append(self.id, version, done, digest, game.over))
            except StorageConflict:
                self._undo_if_touched(version)
                self.hall.moved_on_elsewhere(self)
                raise Refusal(
                    "stale",
                    "the game has moved on (another action was committed first): nothing changed, choose again",
                ) from None
            except BaseException as exc:
                self._undo_if_touched(version)
                if not isinstance(exc, Exception):
                    raise
                log.exception("game %s: the action could not be stored", self.id)
                raise Refusal(
                    "not-stored",
                    f"the action could not be stored ({type(exc).__name__}); nothing changed: try again",
                ) from None
            self.version = version + 1
            self.state_cache.clear()
            if conn is not None:
                conn.push({"type": "ack", "version": self.version})
            self.broadcast(coalesce=True)
        self.hall.schedule(self)
        return self.version

    def advance(self, texts: list[str]) -> None:
        """Apply actions another server process committed (under the lock, in order, from the
        room's version on), then send every connection the new state. An action this process
        cannot follow leaves the game where it stopped following: a pack's fault stops it, any
        other failure marks it broken (it refuses every action, saying why)."""
        applied = 0
        for text in texts:
            try:
                self.game.apply(text)
            except PackFault as fault:
                if not fault.restored:
                    self._undo_if_touched(self.version + applied)
                self.stop_for(fault, tell=False)
                break
            except (IllegalAction, ValueError) as exc:
                self._undo_if_touched(self.version + applied)
                self.broken = (f"this server could not follow the game: its action {self.version + applied + 1} "
                               f"({text[:60]!r}) is refused here ({exc}); it cannot go on")
                log.error("game %s: %s", self.id, self.broken)
                break
            applied += 1
        self.version += applied
        self.state_cache.clear()
        self.broadcast(coalesce=True)

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
        self.state_cache.clear()

    def stop_for(self, fault: PackFault, tell: bool = True) -> None:
        """Stop the game for a pack's fault (it stays as it was before the failed action): every
        page is told, the creator may read the fault, nothing more is played until a restart;
        the other server processes are told (``tell``) unless they told this one."""
        self.show_stopped(
            f"a fault in the code of the pack {fault.pack!r} stopped this game; it is kept as it "
            f"was, and goes on once the pack is fixed and the server restarted",
            fault.line(),
        )
        if tell:
            self.hall.tell_stopped(self)

    def show_stopped(self, stopped: str, fault: str) -> None:
        """Mark the game stopped by a pack's fault and tell every page."""
        self.fault, self.stopped = fault, stopped
        log.error("game %s stopped: %s", self.id, self.fault)
        self.state_cache.clear()
        self.broadcast()

    def _check(self, seat: int | None, version: int, by: str) -> None:
        if self.deleted:
            raise Refusal("deleted", "this game was deleted")
        if self.broken:
            raise Refusal("broken", self.broken)
        if self.stopped:
            raise Refusal("stopped", self.stopped)
        if seat is None:
            raise Refusal("spectator", "spectators watch: they cannot act")
        if version != self.version:
            raise Refusal(
                "stale",
                f"the game has moved on (you acted on state {version}, it is now at "
                f"{self.version}): nothing changed, choose again",
            )
        if self.game.over:
            raise Refusal("over", "the game is over")
        decider = self.game.current_player
        if seat != decider:
            turn = self.game.state.current
            if decider == turn:
                raise Refusal("not-your-decision", f"it is {self.game.name(turn)}'s decision, not yours")
            # out of turn (a React card's window): who decides is nobody else's business
            raise Refusal("not-your-decision", "it is not your decision: another player is deciding")
        if by == HUMAN and self.seats[seat].kind != HUMAN:
            raise Refusal("bot-seat", "a bot plays this seat now")

    # -- seats and presence ------------------------------------------------------------------
    def set_seats(self, seats: list[StoredSeat], version: int) -> bool:
        """The seats as stored now (another process, or this one, handed a seat to a bot or back
        to a person); whether any changed. The connections of a seat handed to a person with a
        new link are closed (their old link opens nothing now); every page is told who plays."""
        if version == self.seats_version and seats == self.seats:
            return False
        for old, new in zip(self.seats, seats, strict=True):
            if new.kind == HUMAN and new.token_hash != old.token_hash:
                for conn in [c for c in self.connections if c.seat == old.seat]:
                    conn.end(Refusal("bad-token", "this seat was handed to a person with a new link"))
                    self.connections.discard(conn)
        self.seats, self.seats_version = seats, version
        self.state_cache.clear()
        self.broadcast()
        self.broadcast_presence()
        return True

    def local_presence(self) -> dict[int, int]:
        """This process's connections per seat (:data:`~clank_web.storage.SPECTATORS`: watching)."""
        counts = Counter(SPECTATORS if c.seat is None else c.seat for c in self.connections if not c.closed)
        return dict(counts)

    def show_presence(self, counts: dict[int, int]) -> None:
        """Who is connected at each seat over every process: tell every page if it changed."""
        if counts != self.presence:
            self.presence = counts
            self.broadcast_presence()

    def presence_message(self) -> dict[str, Any]:
        """The ``presence`` message: per seat, who plays it and how many pages hold it open, and
        how many watch."""
        return {
            "type": "presence",
            "seats": [
                {"seat": s.seat, "name": self.game.name(s.seat), "kind": s.kind, "bot": s.bot,
                 "connected": self.presence.get(s.seat, 0)}
                for s in self.seats
            ],
            "watching": self.presence.get(SPECTATORS, 0),
        }

    def broadcast_presence(self) -> None:
        """Send the presence to every connection."""
        text = encode(self.presence_message())
        for conn in list(self.connections):
            conn.push(text)

    def refresh(self) -> None:
        """The game changed in place (a test arranged a position): forget what was built from it
        and send every connection the new state."""
        self.state_cache.clear()
        self.broadcast()

    def close_all(self, refusal: Refusal) -> None:
        """End every conversation with ``refusal`` (the game was deleted)."""
        if self.watch_timer is not None:
            self.watch_timer.cancel()
            self.watch_timer = None
        for conn in list(self.connections):
            conn.end(refusal)
        self.connections.clear()

    # -- who sees what -----------------------------------------------------------------------
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
                raise Refusal("stale-preview", "the game has moved on: this preview belongs to an older state")
            ops = self.pages.preview(self, seat, action)
            if ops is None:
                raise Refusal("no-preview", "that is no orientation of a discovered tile you may choose now")
            return {"type": "preview", "version": version, "action": action, "diff": ops}

    def decides(self, seat: int | None) -> bool:
        """Whether a person at ``seat`` has to decide now (its page waits for the state)."""
        return (seat is not None and not self.stopped and not self.game.over and seat == self.game.current_player
                and self.seats[seat].kind == HUMAN)

    def broadcast(self, coalesce: bool = False) -> None:
        """Send the current state to every connection, each its own seat's view (under the lock:
        every page of a seat then shows the same parts). Every message is built before any is
        sent, so when a page receives its state does not depend on which seat decides (the
        decider's message, with its choices, costs more to build).

        ``coalesce`` (after an action): the pages of the seats that do not decide now and the
        spectators' (``html`` mode) are *watching*; when the state changes again less than
        ``watch_interval`` seconds after they were last sent one, they are sent nothing now, and
        one update with the latest state when that interval is over (:meth:`flush_watchers`):
        every change reaches them, diffed against what they last received. A seat that has to
        decide is always sent its state at once; the game's end, a log grown by half of what a
        page shows, and programs' ``data`` messages are never held back. Every watching page is
        treated alike, whoever decides (a seat answering out of turn is not told apart)."""
        keys: set[tuple[int | None, str]] = set()
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
            else:
                keys.add((conn.seat, conn.mode))
        interval = self.hall.config.watch_interval if coalesce else 0.0
        now = time.monotonic()
        hold = bool(interval) and not self.game.over and (
            self.watch_timer is not None or now - self.watchers_sent < interval
        ) and len(self.game.state.log) - self.watchers_log < LOG_LINES // 2
        if hold:
            watching = {key for key in keys if key[1] == "html" and not self.decides(key[0])}
            self.behind |= watching
            keys -= watching
            if self.watch_timer is None and watching:
                self.watch_timer = asyncio.get_running_loop().call_later(
                    self.watchers_sent + interval - now, self._watchers_due)
        else:
            self._sent_to_watchers(now)
        self._send(keys)

    def _sent_to_watchers(self, now: float) -> None:
        """Every watching page is being sent the latest state: nothing is held back any more."""
        self.behind.clear()
        self.watchers_sent, self.watchers_log = now, len(self.game.state.log)
        if self.watch_timer is not None:
            self.watch_timer.cancel()
            self.watch_timer = None

    def _send(self, keys: set[tuple[int | None, str]]) -> None:
        """Build the update of every (seat, mode) in ``keys``, then send each to its connections."""
        texts = {key: self.update(*key) for key in keys}
        for conn in self.connections:
            text = texts.get((conn.seat, conn.mode))
            if text is not None:
                conn.push(text)

    def _watchers_due(self) -> None:
        """The watch interval is over: send the watching pages the latest state now, unless an
        action holds the room (its state is not committed yet): then once it is done."""
        if self.lock.locked():
            self.hall.spawn(self.flush_watchers())
            return
        try:
            self._flush_watchers()
        except Exception:  # a callback of the event loop: say what failed, the game goes on
            log.exception("game %s: the watching pages could not be sent the state", self.id)

    async def flush_watchers(self) -> None:
        """Send the watching pages that were held back the latest state (under the lock: never
        an uncommitted state)."""
        async with self.lock:
            self._flush_watchers()

    def _flush_watchers(self) -> None:
        self.watch_timer = None
        behind = set(self.behind)
        self._sent_to_watchers(time.monotonic())
        if not self.deleted:
            self._send({(c.seat, c.mode) for c in self.connections if not c.closed} & behind)

    async def join(self, conn: Connection) -> None:
        """Add a connection and send it the state and who is connected (under the lock: never an
        uncommitted state)."""
        async with self.lock:
            key = (conn.seat, conn.mode)
            if key in self.behind:   # the pages of this seat already open catch up first (they share its parts)
                self.behind.discard(key)
                self._send({key})
            self.connections.add(conn)
            conn.push(self.payload(conn.seat, conn.mode))
            conn.push(self.presence_message())
        self.hall.presence_changed(self)

    def leave(self, conn: Connection) -> None:
        """Forget a connection."""
        if conn in self.connections:
            self.connections.discard(conn)
            self.hall.presence_changed(self)
