"""The table: a game's state with the ruleset it is played by, and the primitives every rule uses.

The rule modules (:mod:`~clank.game.turn`, :mod:`~clank.game.movement`,
:mod:`~clank.game.dragon`, :mod:`~clank.game.decisions`, :mod:`~clank.game.scoring`) and the
packs work against this interface: resources and payments, Clank!, cards, damage and health,
rage, tokens, rooms and pieces, events, modifiers, the effect queue and pauses for a choice.
Nothing here imports a rule module: rules that must react to a primitive (a knock-out during
one's own turn) listen to the event it announces, and the queue runs the steps the registry
holds.

A table is what every rule module and every callback of a pack receives (packs know it as
``clank.plugin.Game``), so it also declares the rules that packs call and that the rule modules
carry out (:meth:`Table.enter_room`, :meth:`Table.may_enter`, :meth:`Table.scores` ...): the
game built on it, :class:`~clank.game.engine.Game`, implements each through its rule module and
adds the public API (legal actions, apply, clone, save, views). A table is never made on its
own.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from clank.content.setupmerge import effective_setup
from clank.dungeon import Geometry
from clank.game import lookback
from clank.game.board import Board
from clank.game.effects import Cond, EffectContext
from clank.game.state import KNOCKED_OUT, LIVE, GameState, PlayerState
from clank.registry import Payment
from clank.rng import Rng

if TYPE_CHECKING:
    from clank.dungeon import Route, Segment
    from clank.game.cost import Cost
    from clank.game.dragon import DragonOutlook
    from clank.game.ruleset import Ruleset
    from clank.game.state import PlacedTile
    from clank.registry import Entry, Registry

ASK = "ask"
"""The system step that pauses for a decision queued earlier (see :meth:`Table.ask_later`)."""
class _SeatNames(dict[int, str]):
    def __missing__(self, seat: int) -> str:
        return f"P{seat + 1}"


SEAT_NAMES = _SeatNames((seat, f"P{seat + 1}") for seat in range(8))
"""The names of unnamed seats, made once (the log names a seat at nearly every event)."""


class Table(Board):
    """A :class:`Ruleset` (shared, immutable) and a :class:`GameState` (plain data), with the
    mechanisms of the whole Clank! family and the rules packs call, which the whole game built
    on the table carries out (a table is never made on its own). What packs read of the board
    comes from :class:`~clank.game.board.Board`."""

    ruleset: Ruleset
    """The compiled content and the registry, shared by every clone of the game. Not part of
    the pack contract: packs read the definitions through ``card_defs``, ``token_defs``,
    ``tile_defs``, ``compiled_op`` and ``memo`` (docs/hooks.md, "Reference")."""
    state: GameState
    """The whole game as plain data, hidden information included (saved, cloned, replayed). The
    engine's own, and not part of the pack contract: front ends and tools read it; packs read
    and change the game through the documented members and keep their data in ``ext``."""
    registry: Registry
    """What the loaded packs registered (ops, features, markets, modifiers ...), read-only
    during play."""
    setup: dict[str, Any]
    """The setup in force for this player count (the packs' ``setup.yaml`` merged, the entries
    for this number of players applied): ``health``, ``rage_track``, the keys packs add."""
    rng: Rng
    """The game's random generator (``below``, ``shuffle``, ``pick``), whose state is part of
    the game state: every random draw of a rule goes through it, never Python's ``random``."""
    observers: list[Any]
    """Tools watching every event, ``fn(game, event)`` (card statistics, a user interface):
    they watch and must not change the game; rules listen through ``registry.listen``."""

    def __init__(self, ruleset: Ruleset, state: GameState) -> None:
        self.ruleset = ruleset
        self.card_defs = ruleset.cards      # Board's definition tables (plain attributes: cheap reads)
        self.token_defs = ruleset.tokens
        self.tile_defs = ruleset.tiles
        self.registry = ruleset.registry
        self.state = state
        self.rng = Rng(state)
        self.setup = effective_setup(ruleset.setup, state.config.get("players", 0))
        self._geometry: Geometry | None = None
        self._legal: Any = None
        self._orient_memo: Any = None      # (history length, move, outcomes) of the last orientation listed
        self.reserve_memo: tuple | None = None   # (reserve counts, offers): see markets.reserve_offers
        self.row_memo: tuple | None = None       # (row, its offers): see markets.row_offers
        self.cost_reads: tuple | None = None     # (covered icons, turn flags) last priced for: movement.route_cost
        self.lookback_memo: tuple | None = None  # (turn, row, conditions worth sampling): see lookback.relevant
        self.scoring = False             # scores are being counted (counts_as_at_end applies)
        self.observers: list[Any] = []   # tools watching every event (not rules, not state; see emit)
        self._open: tuple[int, int, str, list[str]] | None = None   # the log line effects join (say)

    # ======================================================================================
    # Seats
    # ======================================================================================
    def player(self, seat: int) -> PlayerState:
        """The state of a seat."""
        return self.state.players[seat]

    def name(self, seat: int) -> str:
        """A seat's display name."""
        return self.state.players[seat].name or SEAT_NAMES[seat]

    def say(self, text: str, seat: int | None = None) -> None:
        """Append a line to the event log, in words a player understands.

        With ``seat``, the line stays open for what follows from it: the effects the
        primitives log for that seat (:meth:`tell`) join it (``"P1 plays Burgle: gains 1
        Skill."``) until another line is written or the next action is applied.
        """
        self.state.log.append(text)
        self._open = (len(self.state.log) - 1, seat, text, []) if seat is not None else None

    @staticmethod
    def article(name: str) -> str:
        """A name with its indefinite article, as a log line writes it: ``"an Invisibility
        Cloak"``, ``"a Backpack"``, ``"an Artifact (10)"``."""
        return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"

    def tell(self, seat: int, phrase: str) -> None:
        """Log what just happened to a seat (``"gains 2 gold"``, ``"makes 1 Clank!"``): joined
        to the line of the action it follows from (see :meth:`say`), else a line of its own
        (``"P2 makes 1 Clank!"``). Every primitive that changes something visible calls it, so
        the log is complete whichever op or pack made the change."""
        log = self.state.log
        o = self._open
        if o is not None and o[1] == seat and o[0] == len(log) - 1:
            parts = o[3]
            if parts and phrase.startswith("gains ") and parts[-1].startswith("gains "):
                phrase = phrase[6:]                   # "gains 1 Skill, 1 Boot"
            parts.append(phrase)
            base = o[2]
            line = f"{base[:-1] if base.endswith('.') else base}: {', '.join(parts)}"
            log[-1] = line if line.endswith(_ENDS) else line + "."     # a full stop unless it ends one
            return
        line = f"{self.state.players[seat].name or SEAT_NAMES[seat]} {phrase}"   # self.name(seat)
        log.append(line if line.endswith(_ENDS) else line + ".")
        self._open = None

    def close_log_line(self) -> None:
        """Effects logged from now on start lines of their own (called before each action)."""
        self._open = None

    def is_live(self, seat: int) -> bool:
        """Neither escaped nor knocked out (N3)."""
        return self.state.players[seat].status == LIVE

    def clockwise_live(self, start: int) -> list[int]:
        """Live seats clockwise from ``start`` (C7)."""
        n = len(self.state.players)
        return [(start + i) % n for i in range(n) if self.is_live((start + i) % n)]

    def changed(self) -> None:
        """Call after editing the state directly (tests, tools): cached legal actions and the
        tile geometry are recomputed on next use."""
        self._legal = None
        self._geometry = None
        self._orient_memo = None
        self.lookback_memo = None

    # ======================================================================================
    # Statistics and turn flags
    # ======================================================================================
    def bump(self, seat: int, stat: str, n: int = 1) -> None:
        """Count ``n`` toward a game statistic of a seat, and a turn statistic if it is that
        seat's turn."""
        if n == 0:
            return
        p = self.state.players[seat]
        p.stats[stat] = p.stats.get(stat, 0) + n
        if seat == self.state.current:
            st = self.state.turn.stats
            st[stat] = st.get(stat, 0) + n

    def turn_stat(self, stat: str) -> int:
        """A statistic of the current turn."""
        return self.state.turn.stats.get(stat, 0)

    def has_flag(self, flag: str) -> bool:
        """Whether a turn flag is set (``turn_flag`` op, :meth:`set_flag`)."""
        return flag in self.state.turn.flags

    def set_flag(self, flag: str) -> None:
        """Set a flag for the rest of the current turn."""
        if flag not in self.state.turn.flags:
            self.state.turn.flags.append(flag)

    def clear_flag(self, flag: str) -> None:
        """Clear a turn flag (a once-per-turn ability used up)."""
        if flag in self.state.turn.flags:
            self.state.turn.flags.remove(flag)

    # ======================================================================================
    # Resources and payments
    # ======================================================================================
    def gain(self, seat: int, resource: str, n: int, *, log: bool = True) -> None:
        """Add ``n`` (may be negative, floored at 0) of a registered resource; logged unless
        ``log=False`` (the caller's own line says it)."""
        known = self.ruleset.resource_gains.get(resource)
        if known is None:
            raise ValueError(f"unknown resource {resource!r}")
        pool = self.state.players[seat].pool
        before = pool.get(resource, 0)
        after = before + n
        if after < 0:
            after = 0
        pool[resource] = after
        if n > 0:                          # self.bump(seat, known[0], n), written out
            stats = self.state.players[seat].stats
            stat = known[0]
            stats[stat] = stats.get(stat, 0) + n
            if seat == self.state.current:
                stats = self.state.turn.stats
                stats[stat] = stats.get(stat, 0) + n
        if log and after != before:
            change = after - before
            phrase = known[2].get(change)          # "gains 2 Boots": one text per amount
            if phrase is None:
                phrase = known[2][change] = f"{'gains' if change > 0 else 'loses'} {known[1].text(abs(change))}"
            self.tell(seat, phrase)

    def can_pay(self, seat: int, cost: dict[str, int]) -> bool:
        """Whether the seat's resources cover ``cost`` (kept resources that pay like another
        one count for it)."""
        pool = self.state.players[seat].pool
        for res, n in cost.items():
            if n > 0 and pool.get(res, 0) < n:
                subs = self.ruleset.substitutes.get(res)
                if not subs or pool.get(res, 0) + sum(pool.get(s, 0) for s in subs) < n:
                    return False
        return True

    def pay(self, seat: int, cost: dict[str, int]) -> dict[str, int]:
        """Spend ``cost`` (already checked with :meth:`can_pay`): the resource asked for first,
        then what pays like it, without asking; returns what was spent, by resource
        (:meth:`pay_splits` lists the other ways). A price the player should choose how to
        pay, when it matters, goes through :meth:`pay_then` instead."""
        pool = self.state.players[seat].pool
        subs = self.ruleset.substitutes
        spent: dict[str, int] = {}
        for res, n in cost.items():
            if n <= 0:
                continue
            own = min(n, pool.get(res, 0))
            pool[res] = pool.get(res, 0) - own
            n -= own
            if own:
                spent[res] = spent.get(res, 0) + own
            for sub in subs.get(res, ()):
                if n <= 0:
                    break
                k = min(n, pool.get(sub, 0))
                pool[sub] -= k
                n -= k
                if k:
                    spent[sub] = spent.get(sub, 0) + k
        return spent

    def pay_splits(self, seat: int, cost: dict[str, int]) -> list[dict[str, int]]:
        """Every way the seat's pool can pay ``cost`` when resources that pay like another (a
        ``pays_as`` resource: undercoins for gold) may stand in, each as the resources it
        spends, the way :meth:`pay` takes first (the resource asked for first); one way, or
        none, when nothing may stand in or the pool leaves no choice. Different ways leave
        different pools: a player chooses among them (:data:`clank.game.markets.PAY`)."""
        pool = self.state.players[seat].pool
        subs = self.ruleset.substitutes
        out: list[dict[str, int]] = [{}]
        for res, n in cost.items():
            if n <= 0:
                continue
            sources = (res, *subs.get(res, ()))
            out = [{**done, **{s: done.get(s, 0) + k for s, k in part.items() if k}}
                   for done in out for part in _shares(n, sources, pool, done)]
        return [split for split in out if all(pool.get(r, 0) >= k for r, k in split.items())]

    def spend(self, seat: int, spent: dict[str, int]) -> None:
        """Take exactly ``spent`` from the seat's pool (one of :meth:`pay_splits`)."""
        pool = self.state.players[seat].pool
        for res, n in spent.items():
            pool[res] = pool.get(res, 0) - n

    def spent_text(self, spent: dict[str, int]) -> str:
        """What a payment spent, as a log line writes it: ``"6 gold and 1 undercoin"``
        (``"nothing"`` for a free one)."""
        parts = [self.resource_text(res, n) for res, n in spent.items() if n]
        if not parts:
            return "nothing"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def payments(self, seat: int, cost: dict[str, int], market: str = "", purpose: str = "buy",
                 item: str = "") -> list[Payment]:
        """The affordable ways to pay ``cost`` for an offer of ``market``: the plain price, then
        the ways packs registered for that market and purpose, in registration order."""
        out = [Payment(cost)] if self.can_pay(seat, cost) else []
        flags = self.state.turn.flags
        for way in self.ruleset.payment_ways(market, purpose):
            if way.flag is None or way.flag in flags:
                out.extend(p for p in way.ways(self, seat, cost, item) if self.can_pay(seat, p.cost))
        return out

    def resource_text(self, resource: str, n: int) -> str:
        """``"2 Boots"``, ``"1 lockpick"``: a resource amount as a log line writes it."""
        rdef = self.registry.resources.get(resource)
        return rdef.text(n) if rdef else f"{n} {resource}"

    # ======================================================================================
    # Clank!, cards, damage, rage
    # ======================================================================================
    def clank(self, seat: int, n: int, *, log: bool = True) -> None:
        """+N or -N Clank! with pending negative Clank! (T8, T9, C11b); logged unless ``log=False``."""
        p = self.state.players[seat]
        if p.status != LIVE or n == 0:     # not self.is_live(seat): one call fewer
            return
        key = str(seat)
        area = self.state.clank_area
        if n < 0:
            r = min(-n, area.get(key, 0))
            area[key] = area.get(key, 0) - r
            p.cubes += r
            if seat == self.state.current:
                p.pending_neg += -n - r
            if log:
                self.tell(seat, f"removes {-n} Clank!" if r == -n else
                          f"removes {r} Clank! (of {-n})" if r else f"would remove {-n} Clank! (none in the area)")
            return
        self.bump(seat, "clank_made", n)
        c = min(n, p.pending_neg)
        p.pending_neg -= c
        placed = min(n - c, p.cubes)
        p.cubes -= placed
        area[key] = area.get(key, 0) + placed
        if log:
            note = []
            if c:
                note.append(f"{c} cancelled")
            if placed < n - c:
                note.append(f"{n - c - placed} without a cube left")
            self.tell(seat, f"makes {n} Clank!" + (f" ({', '.join(note)})" if note else ""))

    def add_cubes(self, kind: str, n: int, *, source: str = "bank") -> int:
        """Move up to ``n`` cubes of a registered kind (``ghost`` ...) from the bank (or
        nowhere, ``source=""``) to the Clank! area; returns how many moved."""
        st = self.state
        k = n if not source else min(n, st.bank.get(kind, 0))
        if source:
            st.bank[kind] = st.bank.get(kind, 0) - k
        st.clank_area[kind] = st.clank_area.get(kind, 0) + k
        return k

    def draw(self, seat: int, n: int, *, log: bool = True) -> int:
        """Draw ``n`` cards, reshuffling the discard pile when the deck runs out (T10); how
        many is logged unless ``log=False`` (the end-of-turn hand)."""
        p = self.state.players[seat]
        drawn = 0
        while drawn < n:
            if not p.deck:
                if not p.discard:
                    break
                p.deck, p.discard = p.discard, []
                self.rng.shuffle(p.deck)
            deck = p.deck
            k = min(n - drawn, len(deck))
            taken = deck[-k:]               # drawn from the top (the end), one after the other
            del deck[-k:]
            taken.reverse()
            p.hand += taken
            drawn += k
        if log and n > 0:
            self.tell(seat, f"draws {_count(drawn, 'card')}" + ("" if drawn == n else f" (of {n}: no cards left)"))
        return drawn

    def heal(self, seat: int, n: int) -> int:
        """Remove up to ``n`` damage markers, most recent first (H6)."""
        p = self.state.players[seat]
        healed = 0
        while healed < n and p.damage:
            m = p.damage.pop()
            if m == "own":
                p.cubes += 1
            elif m == "black":
                self.state.bank["black"] = self.state.bank.get("black", 0) + 1
            healed += 1
        if healed:
            self.tell(seat, f"heals {healed} damage")
            self.emit("healed", seat=seat, n=healed)
        return healed

    @property
    def health(self) -> int:
        """Health meter capacity (H1)."""
        return int(self.setup.get("health", 10))

    def can_take_damage(self, seat: int, n: int) -> bool:
        """H4: voluntary damage needs the cubes and must not fill the meter."""
        p = self.state.players[seat]
        return n <= 0 or (p.cubes >= n and len(p.damage) + n < self.health)

    def damage(self, seat: int, n: int, marker: str | None = None, *, log: bool = True) -> None:
        """Take ``n`` damage with cubes from the supply (H3, H5), or with ``marker`` (H2);
        logged unless ``log=False``."""
        p = self.state.players[seat]
        if log and n > 0 and self.is_live(seat):
            self.tell(seat, f"takes {n} damage")
        for _ in range(n):
            if not self.is_live(seat):
                return
            if marker is not None:
                p.damage.append(marker)
            elif p.cubes > 0:
                p.cubes -= 1
                p.damage.append("own")
            elif self.state.bank.get("black", 0) > 0:
                self.state.bank["black"] -= 1
                p.damage.append("black")
            else:
                p.damage.append("neutral")
            if len(p.damage) >= self.health:
                self.knock_out(seat)

    def knock_out(self, seat: int) -> None:
        """H7: the player is out, the pawn lies where it is; ``knocked_out`` is announced (the
        turn rules end the turn at once if it is that player's, D12)."""
        p = self.state.players[seat]
        p.status = KNOCKED_OUT
        p.ko_room = p.room
        self.say(f"{self.name(seat)} is knocked out.")
        self.emit("knocked_out", seat=seat)

    def prevent(self, seat: int, n: int = 1) -> None:
        """Prevent the next ``n`` points of damage a rule lets reactions prevent (see
        :meth:`consume_prevention`); used by reaction effects (the ``prevent`` op)."""
        prev = self.state.turn.prevented
        prev[str(seat)] = prev.get(str(seat), 0) + n

    def consume_prevention(self, seat: int) -> bool:
        """Use up one prevented point of damage of the seat, if any (True if one was used)."""
        prev = self.state.turn.prevented
        if prev.get(str(seat), 0) > 0:
            prev[str(seat)] -= 1
            return True
        return False

    def escape(self, seat: int) -> None:
        """E1: the current player escapes at the end of this turn; the pawn moves no further."""
        self.state.turn.escaping = True

    def rage(self, n: int = 1) -> None:
        """Move the dragon marker up (D10), capped at the last space."""
        last = len(self.setup["rage_track"]["draws"]) - 1
        self.state.rage_advances += n
        before = self.state.rage
        self.state.rage = min(last, self.state.rage + n)
        if self.state.rage != before:
            self.say(f"The dragon's rage rises to space {self.state.rage + 1}.")

    def out_player_draw(self) -> int:
        """How many cubes the dragon draws on the turn of a player who is out (E4; setup
        ``out_player_draw``, per player count)."""
        setup = self.setup.get("out_player_draw", {"default": 4})
        by = setup.get("by_players", {})
        n = len(self.state.players)
        return int(by.get(str(n), by.get(n, setup.get("default", 4))))

    def dragon_attack(self, cubes: int | None = None, *, spare: Sequence[int] = ()) -> None:
        """Queue a full dragon attack (D5, D11), or an attack drawing exactly ``cubes`` (an out
        player's draw, E4). Cubes of the ``spare`` seats drawn by it go back to their owners
        without damage (an attack a player causes that spares their own cubes)."""
        data: Any = "" if cubes is None else str(cubes)
        if spare:
            data = {"cubes": cubes, "spare": sorted(int(s) for s in spare)}
        self.push_step("attack", self.state.current, data)

    # -- cards -----------------------------------------------------------------------------
    def gain_card(self, seat: int, card: str, *, to: str = "discard") -> None:
        """A card joins a player's ``to`` zone and its acquire text resolves (C2)."""
        getattr(self.state.players[seat], to).append(card)
        cdef = self.ruleset.cards[card]
        self.emit("card_gained", seat=seat, card=card)
        if "acquire" in cdef.effects:
            self.push(cdef.effects["acquire"], seat, card)

    def trash_card(self, seat: int, card: str, zone: str) -> None:
        """Trash a card of a player's zone (C9): it goes to the box, or to the pile the
        ``trash_pile`` modifiers name (a list in the state); ``card_trashed`` is announced and
        the card's ``on_trashed`` effect resolves next."""
        getattr(self.state.players[seat], zone).remove(card)
        self.modify("trash_pile", self.state.box, seat=seat, card=card).append(card)
        self.bump(seat, "cards_trashed")
        self.tell(seat, f"trashes {self.ruleset.cards[card].name}")
        self.emit("card_trashed", seat=seat, card=card, zone=zone)
        when = self.ruleset.cards[card].effects.get("trashed")
        if when:
            self.push(when, seat, card)

    def owned_cards(self, seat: int) -> list[str]:
        """Every card a player owns: deck, hand, play area, discard pile (E8.4), as folded by
        the ``owned_cards`` modifiers."""
        p = self.state.players[seat]
        return self.modify("owned_cards", p.deck + p.hand + p.play + p.discard, seat=seat)

    # -- tokens and artifacts --------------------------------------------------------------
    def counts_as(self, seat: int, kind: str) -> int:
        """How many held tokens and owned cards count as ``kind`` (crown, secret_tome ...); once
        the game is over (or while scores are counted) tokens' ``counts_as_at_end`` kinds too."""
        rs = self.ruleset
        n = sum(map(rs.tokens_counting_as(kind, self.state.over or self.scoring).__contains__,
                    self.state.players[seat].tokens))
        if kind in rs.card_kinds:       # else no card counts as it: none to look for
            n += sum(1 for c in self.owned_cards(seat) if kind in rs.cards[c].counts_as)
        return n

    def take_token(self, seat: int, token: str) -> None:
        """A token joins a player's supply; ``token_taken`` is announced and its immediate
        text resolves (G1). A token that is neither kept, usable nor worth gold leaves."""
        tdef = self.ruleset.tokens[token]
        p = self.state.players[seat]
        if tdef.pool == "artifact":
            p.artifacts.append(token)
        else:
            p.tokens.append(token)
        self.emit("token_taken", seat=seat, token=token)
        if not tdef.keep and not tdef.use and not tdef.worth_gold:
            p.tokens.remove(token)
            self.state.token_box.append(token)
        if tdef.take:
            self.push(tdef.take, seat, token)

    def draw_token(self, pool: str) -> str | None:
        """The next token of a shuffled pool, or None when it is empty."""
        tokens = self.state.pools.get(pool)
        return tokens.pop() if tokens else None

    def artifact_limit(self, seat: int) -> int:
        """How many artifacts the seat may carry (A13): setup ``artifact_limit`` (1), folded
        through the ``artifact_limit`` modifiers (a Backpack adds one)."""
        return int(self.modify("artifact_limit", int(self.setup.get("artifact_limit", 1)), seat=seat))

    def carried_artifacts(self, seat: int) -> int:
        """Artifacts that count against the carry limit (the ``artifacts_carried`` modifiers
        may leave some out)."""
        p = self.state.players[seat]
        return int(self.modify("artifacts_carried", len(p.artifacts), seat=seat))

    # ======================================================================================
    # Rooms, tiles and pieces
    # ======================================================================================
    def room(self, room_id: str) -> dict[str, Any]:
        """A room's state to change (artifacts, tokens, marks, opened locks ...), made empty
        when nothing was kept there yet: a change of the game. To read a room, ``room_state``."""
        return self.state.rooms.setdefault(room_id, {})

    def room_features(self, room_id: str) -> list[tuple[str, Any]]:
        """The features printed in a room."""
        tile, _, local = room_id.partition(".")
        return self.ruleset.tiles[tile].rooms[local]["features"]

    def room_name(self, room_id: str | None) -> str:
        """A room as a sentence names it: ``"the nave of the Sunken Chapel"``, ``"the Sunken
        Chapel"`` (the room the tile is named after); ``"nowhere"`` for None. The one name
        of a room that the log, the menus and the map share (:mod:`clank.game.naming`)."""
        if room_id is None:
            return "nowhere"
        return self.ruleset.room_names(room_id).sentence

    def room_label(self, room_id: str, short: bool = False) -> str:
        """A room as a heading or the map writes it: ``"Nave of the Sunken Chapel"``; with
        ``short``, its own name only (``"Nave"``), where space is short."""
        names = self.ruleset.room_names(room_id)
        return names.short if short else names.label

    def room_has(self, room_id: str | None, feature: str) -> bool:
        """Whether the room shows ``feature`` (or a feature that counts as it)."""
        if room_id is None:
            return False
        return feature in self.ruleset.room_feature_set(room_id)

    def claim_room_reward(self, seat: int, room_id: str) -> bool:
        """R9: a room pays its reward to the current player at most once per turn."""
        if room_id in self.state.turn.rewards:
            return False
        self.state.turn.rewards.append(room_id)
        return True

    def tile_of_room(self, room_id: str) -> Any:
        """The :class:`~clank.dungeon.TileDef` a room lies on."""
        return self.ruleset.tiles[room_id.partition(".")[0]]

    def placed_rooms(self) -> list[str]:
        """Every room of every placed tile, in placement order."""
        geo = self._geometry
        if geo is not None:
            return geo.room_ids()
        tiles = self.ruleset.tiles
        return [f"{t.tile}.{local}" for t in self.state.tiles for local in tiles[t.tile].rooms]

    @property
    def geometry(self) -> Geometry:
        """Connectivity of the placed tiles (recomputed after any placement or rotation)."""
        if self._geometry is None:
            self._geometry = Geometry(self.ruleset.tiles, self.state.tiles, self.ruleset.regions)
        return self._geometry

    def tiles_changed(self) -> None:
        """Call after any edit of the placed tiles that :meth:`tile_added` (a tile placed) and
        :meth:`tiles_turned` (tiles turned where they lie) do not describe: the geometry is
        built afresh on next use."""
        self._geometry = None

    def tiles_turned(self, tiles: Collection[str]) -> None:
        """Call after turning placed tiles where they lie (their ``rot`` changed): the geometry
        keeps the routes the turn does not change (see :meth:`Geometry.turned`)."""
        geo = self._geometry
        self._geometry = None if geo is None else geo.turned(self.state.tiles, tiles)

    def tile_added(self) -> None:
        """Call after adding a tile to ``state.tiles`` (the last one): the geometry keeps the
        routes the new tile does not change (see :meth:`Geometry.grown`)."""
        geo = self._geometry
        self._geometry = None if geo is None else geo.grown(self.state.tiles, self.state.tiles[-1])

    def add_link(self, a: str, b: str, icons: Sequence[str] = (), one_way: bool = False,
                 kind: str = "link", to_slot: Sequence[str] | None = None) -> str:
        """Join two rooms by a tunnel no tile draws (a ladder, a chute; U-M3); returns its key.

        A link survives tile rotation, costs 1 Boot plus its icons, is adjacent for teleports
        (one-way links only in their direction: nothing, not even a teleport or a rule that
        lets a pawn go against arrows, follows one backwards) and is stored in the state.

        ``to_slot=(region, slot, feature)`` makes the far end a slot of a slot region instead of
        the room ``b`` (give ``b=""``): the far room is the room showing ``feature`` on the tile
        in that slot; while the slot is empty, following the link discovers the region's next
        tile into it first (see :func:`clank.game.movement.discover_into_slot`).
        """
        key = f"{kind}{len(self.state.links)}"
        link: dict[str, Any] = {"key": key, "a": a, "b": b, "icons": list(icons), "one_way": one_way,
                                "kind": kind}
        if to_slot is not None:
            link["to_slot"] = list(to_slot)
        self.state.links.append(link)
        self._legal = None
        return key

    def slot_layout(self, region: str) -> Any:
        """The :class:`~clank.dungeon.SlotRegion` of a region laid out as slots, or None
        for a grid region."""
        return self.ruleset.regions.get(region)

    def empty_slots_next_to(self, tile: str) -> list[str]:
        """The empty slots next to a placed tile of a slot region (a join connects them), in
        the region's slot order; nothing for a tile on a grid."""
        placed = next((t for t in self.state.tiles if t.tile == tile), None)
        layout = self.ruleset.regions.get(placed.region) if placed is not None else None
        if placed is None or layout is None:
            return []
        geo = self.geometry
        return [s for s in layout.neighbours(placed.slot) if geo.in_slot(placed.region, s) is None]

    # -- pieces ----------------------------------------------------------------------------
    def add_piece(self, kind: str, room: str | None, owner: int | None = None, **data: Any) -> str:
        """Put a non-player piece on the map (a guardian, a harpy ...); returns its id.

        A piece is plain data in ``state.pieces``: ``{"id", "kind", "room", "owner", "data"}``;
        views show it and the render hook draws it.
        """
        n = sum(1 for pid in self.state.pieces if pid.startswith(f"{kind}-"))
        pid = f"{kind}-{n + 1}"
        while pid in self.state.pieces:
            n += 1
            pid = f"{kind}-{n + 1}"
        self.state.pieces[pid] = {"id": pid, "kind": kind, "room": room, "owner": owner, "data": dict(data)}
        self.emit("piece_moved", piece=pid, kind=kind, room=room, previous=None)
        return pid

    def move_piece(self, piece: str, room: str | None) -> None:
        """Move a piece to another room (or off the map, ``None``); ``piece_moved`` is announced."""
        p = self.state.pieces[piece]
        previous, p["room"] = p["room"], room
        self.emit("piece_moved", piece=piece, kind=p["kind"], room=room, previous=previous)

    def remove_piece(self, piece: str) -> dict[str, Any]:
        """Take a piece off the map for good; returns its data."""
        p = self.state.pieces.pop(piece)
        self.emit("piece_moved", piece=piece, kind=p["kind"], room=None, previous=p["room"])
        return p

    def pieces_in(self, room: str | None, kind: str | None = None) -> list[dict[str, Any]]:
        """The pieces in a room (of one kind), in the order they were added."""
        return [p for p in self.state.pieces.values()
                if p["room"] == room and (kind is None or p["kind"] == kind)]

    # ======================================================================================
    # Events, modifiers, the effect queue and decisions
    # ======================================================================================
    def emit(self, event: str, **data: Any) -> None:
        """Announce an event to the listeners packs registered (core listeners first), then to
        this game's ``observers`` (``fn(game, event)``: tools such as card statistics or a user
        interface; they watch and must not change the game)."""
        for fn in self.registry.listeners.get(event, ()):
            fn(self, {"event": event, **data})
        if self.observers:
            payload = {"event": event, **data}
            for fn in self.observers:
                fn(self, payload)

    def ask_listeners(self, question: str, **data: Any) -> bool:
        """Ask a question event (``placement_ok``, ``discovery_ok`` ...): False if any
        listener answers False."""
        for fn in self.registry.listeners.get(question, ()):
            if fn(self, {"event": question, **data}) is False:
                return False
        return True

    def modify(self, name: str, value: Any, **context: Any) -> Any:
        """Fold the modifiers packs registered for ``name`` over ``value``."""
        for fn in self.registry.modifiers.get(name, ()):
            value = fn(self, value, **context)
        return value

    def push(self, addrs: Iterable[int], seat: int, src: str = "") -> None:
        """Queue compiled ops to resolve next, in order, before anything already pending."""
        if addrs:
            if type(addrs) is tuple and len(addrs) == 1:     # most effects are one op
                self.state.queue.insert(0, [addrs[0], seat, src])
            else:
                tasks = []
                for a in addrs:            # a loop, not a comprehension
                    tasks.append([a, seat, src])
                self.state.queue[0:0] = tasks

    def push_step(self, step: str, seat: int, data: Any = "") -> None:
        """Queue a registered system step to resolve next."""
        self.state.queue.insert(0, [step, seat, data])

    def queue_step(self, step: str, seat: int, data: Any = "") -> None:
        """Queue a registered system step to resolve after everything already pending."""
        self.state.queue.append([step, seat, data])

    def ask(self, decision: dict[str, Any]) -> None:
        """Pause now until ``decision["seat"]`` answers (any seat, on any seat's turn)."""
        self.state.decision = decision

    def ask_later(self, decision: dict[str, Any]) -> None:
        """Pause for ``decision`` once what is already queued in front of it has resolved
        (the decision's ``seat`` answers then)."""
        self.push_step(ASK, decision["seat"], decision)

    def ask_seats(self, seats: Sequence[int], decision: dict[str, Any]) -> None:
        """Ask the same decision of several seats, one after the other in the order given
        (React windows, a choice every player makes); each copy names its ``seat``."""
        for seat in reversed(list(seats)):
            self.push_step(ASK, seat, {**decision, "seat": seat})

    def watch(self, cond: Cond, then: Sequence[int], seat: int, src: str) -> None:
        """Grant ``then`` the first moment ``cond`` holds this turn (C11)."""
        idx = self.ruleset.condition_index(cond)
        self.state.turn.watchers.append(["if", idx, list(then), seat, src])

    def watch_count(self, stat: str, body: Sequence[int], seat: int, src: str) -> None:
        """Grant ``body`` once per unit of a turn statistic, past and future (C11, Lute)."""
        self.state.turn.watchers.append(["per", stat, list(body), seat, src, 0])

    def note_moment(self) -> None:
        """Record which conditions that look back hold now for the seat whose turn it is
        (C11 default (a)). The engine calls it at the start of a turn, whenever the pawn's room
        changes and after each action (:mod:`clank.game.lookback` says why that is enough); a
        pack whose rule changes what such a condition reads, and changes it back, inside one
        action calls it at the moment in between."""
        lookback.note_moment(self)

    def run(self) -> None:
        """Resolve queued tasks until a decision is needed or nothing is left."""
        st = self.state
        queue = st.queue                   # changed in place only
        program = self.ruleset.program
        steps = self.registry.steps
        while not st.over:
            while queue and st.decision is None and not st.over:
                addr, seat, src = queue.pop(0)
                if isinstance(addr, str):
                    if addr == ASK and not queue and self._check_watchers():
                        queue.append([addr, seat, src])   # C11: what resolved counts before the pause
                        continue
                    steps[addr].run(self, seat, src)
                else:
                    node = program[addr]
                    node.run(EffectContext(self, seat, src), node.args)
            if st.decision is not None or st.over or queue:
                return
            if not st.turn.watchers or not self._check_watchers():
                return

    def _check_watchers(self) -> bool:
        st = self.state
        if not st.turn.watchers:
            return False
        fired = False
        keep = []
        for w in st.turn.watchers:
            if w[0] == "if":
                cond = self.ruleset.conditions_by_index[w[1]]
                if st.players[w[3]].status == LIVE and cond(self, w[3]):
                    self.push(tuple(w[2]), w[3], w[4])
                    fired = True
                    continue
            else:
                have = self.turn_stat(w[1])
                if have > w[5]:
                    for _ in range(have - w[5]):
                        self.push(tuple(w[2]), w[3], w[4])
                    w[5] = have
                    fired = True
            keep.append(w)
        st.turn.watchers = keep
        return fired

    # ======================================================================================
    # The end
    # ======================================================================================
    def end_game(self, knock_out_live: bool) -> None:
        """E5: the game ends; with ``knock_out_live`` every live player is knocked out in place."""
        st = self.state
        if knock_out_live:
            for s in range(len(st.players)):
                if self.is_live(s):
                    p = self.player(s)
                    p.status = KNOCKED_OUT
                    p.ko_room = p.room
                    self.say(f"{self.name(s)} is knocked out where they stand.")
        st.over = True
        st.queue.clear()
        st.decision = None
        self.say("The game is over.")
        self.emit("game_over")


    # ======================================================================================
    # Rules packs call (carried out by the rule modules)
    # ======================================================================================
    # Declared here, where packs and rule modules see them; clank.game.engine.Game implements
    # each through its rule module (movement, decisions, scoring), which sit above the table.
    def enter_room(self, seat: int, room_id: str) -> None:
        """Put the pawn in a room and resolve its entry triggers (A12)."""
        raise NotImplementedError

    def place_tile(self, tile: str, x: int, y: int, rot: int, region: str, seat: int | None,
                   slot: str = "") -> None:
        """Put a tile on the map (into ``slot`` of a slot region) and resolve its placement
        effects (X11)."""
        raise NotImplementedError

    def place_in_slot(self, tile: str, region: str, slot: str, seat: int | None) -> None:
        """Put a tile into an empty slot of a slot region (drawn where the slot is drawn) and
        resolve its placement effects (X11)."""
        raise NotImplementedError

    def may_enter(self, seat: int, room_id: str, entry: Entry | None = None) -> str | None:
        """A reason the pawn may not enter the room now, or None (A18, U-M8). Reads the game,
        never changes it."""
        raise NotImplementedError

    def teleport_targets(self, seat: int, kind: str) -> list[str]:
        """Where a held teleport of ``kind`` may take the seat now."""
        raise NotImplementedError

    def discovery_ok(self, region: str, x: int, y: int) -> bool:
        """Whether a tile may be discovered into that empty cell now (X12, U23)."""
        raise NotImplementedError

    def slot_discoverable(self, region: str, slot: str) -> bool:
        """Whether a tile may be discovered into that empty slot of a slot region now (X12)."""
        raise NotImplementedError

    def placement_ok(self, placed: PlacedTile, to: tuple | None = None) -> bool:
        """Whether packs allow that placement (``placement_ok`` listeners: Fixed Dimensions)."""
        raise NotImplementedError

    def path_cost(self, segments: Iterable[Segment]) -> Cost:
        """What moving along these tunnel segments costs now (A6-A10)."""
        raise NotImplementedError

    def route_cost(self, route: Route) -> Cost:
        """What following a route of the current geometry costs now (remembered; read only)."""
        raise NotImplementedError

    def link_routes(self, room: str | None) -> list[tuple[str, str, Cost]]:
        """Links leaving a room: (route key, destination, cost)."""
        raise NotImplementedError

    def link_openings(self, room: str | None) -> list[tuple[str, str, Cost]]:
        """Links leaving a room toward an empty slot that may be discovered now: (route key,
        teleport target ``slot:REGION:SLOT:FEATURE``, cost)."""
        raise NotImplementedError

    def pay_then(self, seat: int, cost: dict[str, int], step: str, data: dict[str, Any], *, item: str = "",
                 purpose: str = "") -> None:
        """Pay ``cost`` for ``item`` (already checked with :meth:`can_pay`), asking how when it
        matters, then carry on with the step ``step`` (registered with ``registry.add_step``):
        its ``run(game, seat, data)`` gets ``data`` plus ``"spent"``, what was spent by
        resource (``{"gold": 6, "undercoins": 1}``), for its log line to say. When resources
        that pay like another (``pays_as``) leave several ways to pay (:meth:`pay_splits`),
        the seat is asked first (the decision ``pay``, "how do you pay 7 gold for Backpack?"
        naming ``item``, a card or token id, or ending with ``purpose`` in words instead: "to
        move to the Fee Hall"; each answer says what it spends and leaves) and the step runs
        once it answers; with one way it pays at once and the step runs now. ``data`` waits in
        the decision, so it must be plain JSON data (saved, cloned, replayed); a pack's own
        purchase outside a market pays this way, a market's is asked by the core."""
        raise NotImplementedError

    def ask_pick(self, seat: int, src: str, purpose: str, zones: list[str], count: int, *,
                 card: str | None = None, optional: bool = False, minimum: int | None = None,
                 then: tuple[int, ...] = ()) -> None:
        """Ask a player to pick ``count`` cards from ``zones`` (trash, discard, topdeck; only
        ``card`` if given), ``optional``: they may stop after ``minimum``; ``then`` resolves
        after the pick. Nothing is asked when no card qualifies."""
        raise NotImplementedError

    def offer_reactions(self, seat: int, event: str, label: str, **data: Any) -> None:
        """Open a reaction window: offer ``seat`` each card in hand that reacts to ``event``,
        one after the other until one is used, or with ``repeat=True`` until the seat declines
        every one it holds."""
        raise NotImplementedError

    def dragon_outlook(self) -> DragonOutlook:
        """What the dragon's next draws would take now (D5b, C4, E4, D9): the cubes an attack
        draws (the rage track's number plus Danger), what an out player's turn draws, how many
        cubes the bag will hold and how many of them keep it from being empty. Reads public
        information only, never changes the game."""
        raise NotImplementedError

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: ``{"seat", "total", "lines": [(source, points)], "eligible"}`` (E7, E8)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats that win (E9); several on a shared win."""
        raise NotImplementedError


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_ENDS = ("!", ".", "?")
"""A log line ends with one of these, else :meth:`Table.tell` adds a full stop."""


def _shares(n: int, sources: tuple[str, ...], pool: dict[str, int], taken: dict[str, int]) -> list[dict[str, int]]:
    """The ways to take ``n`` from ``sources`` in turn (as much of the first as the pool has,
    then less), given what is ``taken`` already: each the amounts from each source."""
    if n == 0:
        return [{}]
    if not sources:
        return []
    first, rest = sources[0], sources[1:]
    most = min(n, pool.get(first, 0) - taken.get(first, 0))
    out = []
    for k in range(max(most, 0), -1, -1):
        for tail in _shares(n - k, rest, pool, taken):
            out.append({first: k, **tail} if k else tail)
    return out
