"""The game: public API (decision, legal actions, apply, clone, serialise) and the mechanisms
every pack relies on (resources, Clank!, cards, damage, rage, effects, decisions).
"""

from __future__ import annotations

import json
from typing import Any

from clank.actions import Action, IllegalAction
from clank.game import decisions, dragon, movement, scoring, turn
from clank.game.dungeon import Geometry, tile_of
from clank.game.effects import Cond, EffectContext
from clank.game.ruleset import Ruleset
from clank.game.setupdata import effective_setup
from clank.game.state import KNOCKED_OUT, LIVE, GameState, PlayerState, check_references
from clank.rng import Rng

SAVE_FORMAT = 1


class Game:
    """One game: a :class:`Ruleset` (shared, immutable) and a :class:`GameState` (plain data)."""

    def __init__(self, ruleset: Ruleset, state: GameState) -> None:
        self.ruleset = ruleset
        self.state = state
        self.rng = Rng(state)
        self._geometry: Geometry | None = None
        self._legal: tuple[int, list[Action]] | None = None
        self.setup = effective_setup(ruleset.setup, state.config.get("players", 0))
        self.entry_context: dict[str, int] | None = None   # see movement.may_enter

    # ======================================================================================
    # Public API
    # ======================================================================================
    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        if self.state.over:
            return None
        if self.state.decision is not None:
            return self.state.decision["seat"]
        return self.state.current

    def decision(self) -> dict[str, Any]:
        """What is being decided: ``{"seat", "kind", "prompt"}`` (kind ``main`` for DP2)."""
        if self.state.over:
            return {"seat": None, "kind": "over", "prompt": "the game is over"}
        d = self.state.decision
        if d is None:
            kind = "orient" if self.state.turn.ext.get("move") else "main"
            return {"seat": self.state.current, "kind": kind, "prompt": turn.prompt(self)}
        return {"seat": d["seat"], "kind": d["kind"], "prompt": decisions.prompt(self, d)}

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a deterministic order."""
        key = len(self.state.history)
        if self._legal is not None and self._legal[0] == key:
            return self._legal[1]
        if self.state.over:
            acts: list[Action] = []
        elif self.state.decision is not None:
            acts = decisions.legal(self, self.state.decision)
        else:
            acts = turn.legal(self)
        self._legal = (key, acts)
        return acts

    def apply(self, action: Action | str) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction` and changes nothing."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as exc:      # an empty text is refused like any illegal action
                raise IllegalAction(action, str(exc)) from None
        if self.state.over:
            raise IllegalAction(action, "the game is over")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(action, self.explain(action))
        self.state.history.append(str(action))
        self._legal = None
        d = self.state.decision
        if d is not None:
            self.state.decision = None
            decisions.resolve(self, d, action)
        else:
            turn.apply(self, action)
        self.run()

    def explain(self, action: Action) -> str:
        """Why an action is not legal now (best effort, in words)."""
        d = self.decision()
        if d["kind"] not in ("main", "orient"):
            return f"seat {d['seat']} must first decide: {d['prompt']}"
        return turn.explain(self, action)

    def clone(self) -> Game:
        """An independent copy sharing the ruleset."""
        return Game(self.ruleset, self.state.clone())

    def to_json(self) -> str:
        """The whole state as JSON text."""
        return json.dumps({"format": SAVE_FORMAT, "packs": self.ruleset.pack_versions,
                           "state": self.state.to_dict()}, separators=(",", ":"))

    @classmethod
    def from_json(cls, ruleset: Ruleset, text: str) -> Game:
        """Rebuild a game saved with :meth:`to_json`; raises ``ValueError`` if corrupt."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved game: {exc}") from exc
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or "state" not in data:
            raise ValueError("not a saved game of this engine (format field missing or unknown)")
        if data.get("packs") != ruleset.pack_versions:
            raise ValueError(f"saved with packs {data.get('packs')}, loaded {ruleset.pack_versions}")
        state = GameState.from_dict(data["state"])
        check_references(state, ruleset, turn.STEPS)
        return cls(ruleset, state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (DESIGN §5): the state without hidden information.

        Hidden: every deck's order and content (counts only), other players' hands, the dungeon
        deck, tile stacks, token pools, the dragon bag's contents (its total is public), the
        random generator and the effect queue. ``seat=None`` is a spectator. Packs hide their
        own data with the ``view`` modifier (``fn(game, view, seat=seat)``).
        """
        full = self.state.to_dict()
        for p in full["players"]:
            p["deck"] = len(p["deck"])
            if p["seat"] != seat:
                p["hand"] = len(p["hand"])
        full["dungeon_deck"] = len(full["dungeon_deck"])
        full["stacks"] = {k: len(v) for k, v in full["stacks"].items()}
        full["pools"] = {k: len(v) for k, v in full["pools"].items()}
        full["bag"] = {"total": sum(full["bag"].values())}
        full["removed_tiles"] = len(full["removed_tiles"])
        for key in ("rng", "queue"):
            full.pop(key)
        full["config"].pop("seed", None)    # with the seed and the history, replay would reveal all
        d = full["decision"]
        if d is not None and d.get("seat") != seat:
            full["decision"] = {"seat": d.get("seat"), "kind": d.get("kind")}
        return self.modify("view", full, seat=seat)

    def scores(self) -> list[dict[str, Any]]:
        """Per seat: ``{"seat", "total", "lines": [(source, points)], "eligible"}`` (E7, E8)."""
        return scoring.scores(self)

    def winners(self) -> list[int]:
        """Seats that win (E9); several on a shared win."""
        return scoring.winners(self)

    @property
    def log(self) -> list[str]:
        """The event log, in words a player understands."""
        return self.state.log

    # ======================================================================================
    # Mechanisms for packs and the core
    # ======================================================================================
    def player(self, seat: int) -> PlayerState:
        """The state of a seat."""
        return self.state.players[seat]

    def name(self, seat: int) -> str:
        """A seat's display name."""
        return self.state.players[seat].name or f"P{seat + 1}"

    def say(self, text: str) -> None:
        """Append to the event log."""
        self.state.log.append(text)

    def is_live(self, seat: int) -> bool:
        """Neither escaped nor knocked out (N3)."""
        return self.state.players[seat].status == LIVE

    def clockwise_live(self, start: int) -> list[int]:
        """Live seats clockwise from ``start`` (C7)."""
        n = len(self.state.players)
        return [(start + i) % n for i in range(n) if self.is_live((start + i) % n)]

    @property
    def geometry(self) -> Geometry:
        """Connectivity of the placed tiles (recomputed after any placement or rotation)."""
        if self._geometry is None:
            self._geometry = Geometry(self.ruleset.tiles, self.state.tiles)
        return self._geometry

    def tiles_changed(self) -> None:
        """Call after placing or turning a tile."""
        self._geometry = None

    # -- statistics ------------------------------------------------------------------------
    def bump(self, seat: int, stat: str, n: int = 1) -> None:
        """Count ``n`` toward a turn statistic (current player) and a game statistic."""
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
        """Whether a turn flag is set (``turn_flag`` op)."""
        return flag in self.state.turn.flags

    # -- resources -------------------------------------------------------------------------
    def gain(self, seat: int, resource: str, n: int) -> None:
        """Add ``n`` (may be negative, floored at 0) of a resource."""
        p = self.state.players[seat]
        if resource == "gold":
            p.gold = max(0, p.gold + n)
            if n > 0:
                self.bump(seat, "gold_gained", n)
        elif resource == "lockpicks":
            p.lockpicks = max(0, p.lockpicks + n)
        else:
            if resource not in self.ruleset.registry.resources:
                raise ValueError(f"unknown resource {resource!r}")
            p.pool[resource] = max(0, p.pool.get(resource, 0) + n)
            if n > 0:
                self.bump(seat, f"{resource}_gained", n)

    def clank(self, seat: int, n: int) -> None:
        """+N or -N Clank! with pending negative Clank! (T8, T9, C11b)."""
        p = self.state.players[seat]
        if not self.is_live(seat) or n == 0:
            return
        key = str(seat)
        area = self.state.clank_area
        if n < 0:
            r = min(-n, area.get(key, 0))
            area[key] = area.get(key, 0) - r
            p.cubes += r
            if seat == self.state.current:
                p.pending_neg += -n - r
            return
        self.bump(seat, "clank_made", n)
        c = min(n, p.pending_neg)
        p.pending_neg -= c
        placed = min(n - c, p.cubes)
        p.cubes -= placed
        area[key] = area.get(key, 0) + placed

    def draw(self, seat: int, n: int) -> int:
        """Draw ``n`` cards, reshuffling the discard pile when the deck runs out (T10)."""
        p = self.state.players[seat]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck, p.discard = p.discard, []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
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

    def damage(self, seat: int, n: int, marker: str | None = None) -> None:
        """Take ``n`` damage with cubes from the supply (H3, H5), or with ``marker`` (H2)."""
        p = self.state.players[seat]
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
        """H7: the player is out, the pawn lies where it is."""
        p = self.state.players[seat]
        p.status = KNOCKED_OUT
        p.ko_room = p.room
        self.say(f"{self.name(seat)} is knocked out.")
        self.emit("knocked_out", seat=seat)
        if seat == self.state.current and self.state.turn.ext.get("phase") == "main":
            turn.knocked_out_on_own_turn(self)

    def rage(self, n: int = 1) -> None:
        """Move the dragon marker up (D10), capped at the last space."""
        last = len(self.setup["rage_track"]["draws"]) - 1
        self.state.rage_advances += n
        self.state.rage = min(last, self.state.rage + n)

    # -- cards -----------------------------------------------------------------------------
    def gain_card(self, seat: int, card: str, *, to: str = "discard") -> None:
        """A card joins a player's ``to`` zone and its acquire text resolves (C2)."""
        getattr(self.state.players[seat], to).append(card)
        cdef = self.ruleset.cards[card]
        self.emit("card_gained", seat=seat, card=card)
        if "acquire" in cdef.effects:
            self.push(cdef.effects["acquire"], seat, card)

    def trash_card(self, seat: int, card: str, zone: str) -> None:
        """Remove a card from a player's zone to the box (C9)."""
        getattr(self.state.players[seat], zone).remove(card)
        self.state.box.append(card)
        self.bump(seat, "cards_trashed")
        self.emit("card_trashed", seat=seat, card=card, zone=zone)

    def owned_cards(self, seat: int) -> list[str]:
        """Every card a player owns: deck, hand, play area, discard pile (E8.4)."""
        p = self.state.players[seat]
        return self.modify("owned_cards", p.deck + p.hand + p.play + p.discard, seat=seat)

    # -- tokens ----------------------------------------------------------------------------
    def counts_as(self, seat: int, kind: str) -> int:
        """How many held tokens count as ``kind`` (crown, monkey_idol, secret_tome ...)."""
        toks = self.ruleset.tokens
        n = sum(1 for t in self.state.players[seat].tokens if kind in toks[t].counts_as)
        n += sum(1 for c in self.owned_cards(seat) if kind in self.ruleset.cards[c].counts_as)
        return n

    def take_token(self, seat: int, token: str) -> None:
        """A token joins a player's supply; its immediate text resolves (G1)."""
        tdef = self.ruleset.tokens[token]
        p = self.state.players[seat]
        if tdef.pool == "artifact":
            p.artifacts.append(token)
        else:
            p.tokens.append(token)
        if tdef.prisoner:
            self.bump(seat, "prisoners_freed")
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

    # -- rooms -----------------------------------------------------------------------------
    def room(self, room_id: str) -> dict[str, Any]:
        """Mutable per-room state (artifacts, tokens, marks, covered icon ...)."""
        return self.state.rooms.setdefault(room_id, {})

    def room_features(self, room_id: str) -> list[tuple[str, Any]]:
        """The features printed in a room."""
        tile, _, local = room_id.partition(".")
        return self.ruleset.tiles[tile].rooms[local]["features"]

    def room_name(self, room_id: str | None) -> str:
        """A room as a player reads it: ``"the grotto (The Crypt Gate)"``."""
        if room_id is None:
            return "nowhere"
        tile, _, local = room_id.partition(".")
        return f"the {local.replace('_', ' ')} ({self.ruleset.tiles[tile].name})"

    def room_has(self, room_id: str | None, feature: str) -> bool:
        """Whether the room shows ``feature``."""
        if room_id is None:
            return False
        feats = self.ruleset.registry.room_features
        return any(f == feature or (f in feats and feature in feats[f].counts_as)
                   for f, _ in self.room_features(room_id))

    def in_depths(self, room_id: str | None) -> bool:
        """R12: Depths tiles, and the start tile's Depths cells."""
        if room_id is None:
            return False
        tdef = self.ruleset.tiles[tile_of(room_id)]
        if tdef.depths:
            return True
        cell = tdef.rooms[room_id.partition(".")[2]]["cell"]
        return bool(cell) and cell in tdef.depths_cells

    def claim_room_reward(self, seat: int, room_id: str) -> bool:
        """R9: a room pays its reward to the current player at most once per turn."""
        if room_id in self.state.turn.rewards:
            return False
        self.state.turn.rewards.append(room_id)
        return True

    def enter_room(self, seat: int, room_id: str) -> None:
        """Put the pawn in a room and resolve its entry triggers (A12)."""
        movement.enter_room(self, seat, room_id)

    # -- effects and decisions -------------------------------------------------------------
    def push(self, addrs, seat: int, src: str = "") -> None:
        """Queue compiled ops (or system steps) to resolve next, in order."""
        if addrs:
            self.state.queue[0:0] = [[a, seat, src] for a in addrs]

    def push_step(self, step: str, seat: int, data: str = "") -> None:
        """Queue a system step (``turn.STEPS``) to resolve next."""
        self.state.queue.insert(0, [step, seat, data])

    def ask(self, decision: dict[str, Any]) -> None:
        """Pause until ``decision["seat"]`` answers (see :mod:`clank.game.decisions`)."""
        self.state.decision = decision

    def watch(self, cond: Cond, then, seat: int, src: str) -> None:
        """Grant ``then`` the first moment ``cond`` holds this turn (C11)."""
        idx = self.ruleset.condition_index(cond)
        self.state.turn.watchers.append(["if", idx, list(then), seat, src])

    def watch_count(self, stat: str, body, seat: int, src: str) -> None:
        """Grant ``body`` once per unit of a turn statistic, past and future (C11, Lute)."""
        self.state.turn.watchers.append(["per", stat, list(body), seat, src, 0])

    def modify(self, name: str, value: Any, **context: Any) -> Any:
        """Fold the modifiers packs registered for ``name`` over ``value``."""
        for fn in self.ruleset.registry.modifiers.get(name, ()):
            value = fn(self, value, **context)
        return value

    def add_link(self, a: str, b: str, icons: list[str] | None = None, one_way: bool = False,
                 kind: str = "link") -> str:
        """Join two rooms by a tunnel no tile draws (stairway, chute; U-M2); returns its key.

        A link survives tile rotation, costs 1 Boot plus its icons, is adjacent for teleports
        (one-way links only in their direction) and is stored in the state.
        """
        key = f"{kind}{len(self.state.links)}"
        self.state.links.append({"key": key, "a": a, "b": b, "icons": list(icons or ()),
                                 "one_way": one_way, "kind": kind})
        return key

    def emit(self, event: str, **data: Any) -> None:
        """Announce an event to the listeners packs registered."""
        for fn in self.ruleset.registry.listeners.get(event, ()):
            fn(self, {"event": event, **data})

    def run(self) -> None:
        """Resolve queued tasks until a decision is needed or nothing is left."""
        st = self.state
        program = self.ruleset.program
        while not st.over:
            while st.queue and st.decision is None and not st.over:
                addr, seat, src = st.queue.pop(0)
                if isinstance(addr, str):
                    turn.STEPS[addr](self, seat, src)
                else:
                    node = program[addr]
                    node.run(EffectContext(self, seat, src), node.args)
            if st.decision is not None or st.over or st.queue:
                return
            if not self._check_watchers():
                return

    def _check_watchers(self) -> bool:
        st = self.state
        fired = False
        keep = []
        for w in st.turn.watchers:
            if w[0] == "if":
                cond = self.ruleset.conditions_by_index[w[1]]
                if self.is_live(w[3]) and cond(self, w[3]):
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

    # -- dragon ----------------------------------------------------------------------------
    def dragon_attack(self, cubes: int | None = None) -> None:
        """Queue a full dragon attack (D5), or an out player's draw of ``cubes`` (E4)."""
        dragon.queue_attack(self, cubes)
