"""The ruleset: the loaded packs' content, compiled once and shared by every clone of a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank.actions import Action
from clank.content.checks_features import parse_feature
from clank.content.setupmerge import merge_setup
from clank.dungeon import START_CELLS, End, SlotRegion, TileDef, TunnelDef, parse_port
from clank.game import naming
from clank.game.effects import Compiler, Cond
from clank.game.naming import RoomName
from clank.registry import Registry


@dataclass(slots=True)
class CardDef:
    """A card as the packs define it, with its effects compiled (``game.card_defs[id]``).

    - ``kind``: ``dungeon``, ``reserve`` or ``starter``; ``type``: ``item``, ``companion``,
      ``gem``, ``device``, ``monster`` (C1); ``count``: copies in the game.
    - ``cost``: resources to acquire, use or fight it (``{"skill": 4}``); ``points``: its VP, an
      integer or a compiled points expression (``("if", cond, then, else)``,
      ``("per", kinds, times, div, max)``): :func:`clank.plugin.points_value` counts it.
    - ``effects``: trigger (``play``, ``acquire``, ``arrive``, ``use``, ``defeat``,
      ``trashed``) -> compiled effect, the addresses ``game.push`` queues.
    - ``fight_if``, ``use_if``: compiled conditions (a monster that may be fought, a device
      that may be used, A3); ``react``: ``{"on": event, "from": zone, "do": effect}``;
      ``ability``: ``(label, condition or None, effect)`` of a card in play.
    - ``counts_as``: kinds it counts as (``secret_tome`` ...); ``ext``: the keys packs add
      (``add_content_key``), compiled; ``data``: the entry as content wrote it.
    """

    id: str
    name: str
    kind: str            # dungeon | reserve | starter
    type: str            # item | companion | gem | device | monster
    count: int
    cost: dict[str, int]
    points: Any
    dragon_attack: bool = False
    danger: bool = False
    text: str = ""
    pack: str = ""
    effects: dict[str, tuple[int, ...]] = field(default_factory=dict)   # play, acquire, arrive, use, defeat, trashed
    fight_if: Cond | None = None
    use_if: Cond | None = None          # a device: when it may be used (A3)
    react: dict[str, Any] | None = None
    ability: tuple[str, Cond | None, tuple[int, ...]] | None = None   # (label, condition, effect)
    counts_as: tuple[str, ...] = ()
    ext: dict[str, Any] = field(default_factory=dict)    # keys packs add (``add_content_key``), compiled
    data: dict[str, Any] = field(default_factory=dict)   # the raw entry


@dataclass(slots=True)
class TokenDef:
    """A token kind: a secret, a market item, an artifact ... (what it is, the packs say;
    ``game.token_defs[id]``).

    - ``pool``: where it starts (``artifact``, ``major``, a market board ...); ``count``: copies.
    - ``points``: its VP (as for :class:`CardDef`), ``value``: the number printed on it (an
      artifact's), ``worth_gold``: gold it trades for.
    - ``keep``: it stays in the supply once taken; ``take``, ``use``: compiled effects when
      taken and when used (``use_if``: when it may be used).
    - ``counts_as``: kinds it counts as (``crown``, ``monkey_idol`` ...), ``counts_as_at_end``:
      kinds it counts as only when scores are counted; ``hidden``: held face down (other seats
      see that a token is held, not which).
    - ``ext``: the keys packs add (``add_content_key``), compiled; ``data``: the entry as
      content wrote it.
    """

    id: str
    name: str
    pool: str
    count: int
    points: Any
    keep: bool = True
    take: tuple[int, ...] = ()
    use: tuple[int, ...] = ()
    worth_gold: int = 0
    counts_as: tuple[str, ...] = ()
    counts_as_at_end: tuple[str, ...] = ()   # kinds it counts as only when scores are counted
    value: int = 0
    hidden: bool = False         # held face down: other seats see that a token is held, not which
    text: str = ""
    pack: str = ""
    use_if: Cond | None = None
    ext: dict[str, Any] = field(default_factory=dict)    # keys packs add (``add_content_key``), compiled
    data: dict[str, Any] = field(default_factory=dict)   # the raw entry


READS_COVERED, READS_FLAGS = 1, 2
"""What a tunnel icon's price reads of the game, one bit each (``Ruleset.icon_reads``): which
icons are covered (a cost a payment covers), which turn flags are set (a cost or damage a flag
cancels)."""


class Ruleset:
    """Compiled content of a set of packs plus the registry: immutable during play."""

    def __init__(self, registry: Registry, packs: list[Any], options: dict[str, Any] | None = None) -> None:
        self.registry = registry
        self.options = dict(options or {})
        self.pack_versions = {p.manifest["id"]: str(p.manifest.get("version", "0")) for p in packs}
        self.compiler = Compiler(registry)
        self.cards: dict[str, CardDef] = {}
        self.tokens: dict[str, TokenDef] = {}
        self.tiles: dict[str, TileDef] = {}
        self.setup: dict[str, Any] = {}
        self.extra: dict[str, Any] = {}      # content kinds packs add (fate cards ...), merged
        self.hooks: Any = None               # the PackHooks facade that built the registry
        self.specs: list[str] = []
        for pack in packs:
            for kind, value in (getattr(pack, "extra", None) or {}).items():
                old = self.extra.get(kind)
                if isinstance(old, list) and isinstance(value, list):
                    self.extra[kind] = old + value
                elif isinstance(old, dict) and isinstance(value, dict):
                    self.extra[kind] = {**old, **value}
                else:
                    self.extra[kind] = value
            pid = pack.manifest["id"]
            self.compiler.names.update({c["id"]: c.get("name", c["id"]) for c in [*pack.cards, *pack.tokens]})
            self.setup = merge_setup(self.setup, pack.setup or {})
            for c in pack.cards:
                self.cards[c["id"]] = self._card(c, pid)
            for t in pack.tokens:
                self.tokens[t["id"]] = self._token(t, pid)
            for t in pack.tiles:
                self.tiles[t["id"]] = self._tile(t)
        self.program = self.compiler.program
        self.card_kinds = frozenset(k for c in self.cards.values() for k in c.counts_as)   # what cards count as
        self.conditions_by_index = self.compiler.conditions
        # conditions that look back and content uses where C11 holds, by text, tracked over a turn
        # (clank.game.lookback): those that read only where the pawn is, those that read more
        self.looking_back_by_room: dict[str, Cond] = self.compiler.tracked_by_room
        self.looking_back_by_action: dict[str, Cond] = self.compiler.tracked_by_action
        self.looking_back = {**self.looking_back_by_room, **self.looking_back_by_action}
        # the cards whose play or defeat uses each tracked condition (None: something not a card)
        self.looking_back_users = {key: frozenset(users) for key, users in self.compiler.users.items()}
        self._held_in_room: dict[str, tuple[str, ...]] = {}
        # regions laid out as slot graphs (setup ``regions``); grid regions are not listed
        self.regions: dict[str, SlotRegion] = {
            name: SlotRegion.from_setup(name, data) for name, data in (self.setup.get("regions") or {}).items()}
        # resources that pay like another: resource -> its substitutes, in registration order
        self.substitutes: dict[str, tuple[str, ...]] = {}
        for rdef in registry.resources.values():
            if rdef.pays_as:
                self.substitutes[rdef.pays_as] = (*self.substitutes.get(rdef.pays_as, ()), rdef.name)
        # what listing the main actions reads (turn.legal): precomputed once (what carries the
        # actions out is the turn's: clank.game.turn.plan)
        self.play_actions = {cid: Action("play", (cid,)) for cid in self.cards}
        self.action_kinds = tuple(registry.action_kinds.values())
        self._entry_checks: dict[str, tuple[tuple[Any, Any], ...]] = {}
        self._feature_sets: dict[str, frozenset[str]] = {}
        self._payment_ways: dict[tuple[str, str], tuple[Any, ...]] = {}
        self.cache: dict[Any, Any] = {}      # derived values rules keep per ruleset (never game state)
        # a route's segments -> its cost, for routes whose icons read nothing (movement.route_cost)
        self.fixed_costs: dict[tuple, Any] = {}
        self.row_slot_offers: dict[tuple[str, int], tuple[Any, bool, Any]] = {}   # (card, slot) -> markets.row_offer
        # a route's key -> its plain move (``move KEY 0``) and its exploration (``explore KEY``): movement.legal_moves
        self.plain_moves: dict[str, Action] = {}
        self.explores: dict[str, Action] = {}
        self.market_ways = {name: self.market_payment_ways(name) for name in registry.markets}
        # the same, keeping only the ways no turn flag enables: what may be used while no flag is set
        self.market_plain_ways = {name: {purpose: tuple(w for w in ways if w.flag is None)
                                         for purpose, ways in by_purpose.items()}
                                  for name, by_purpose in self.market_ways.items()}
        # the markets no way to pay applies to while no turn flag is set (their offers are paid
        # with their price alone), and per market the turn flags that enable a way to pay it
        self.plain_wayless_markets = frozenset(name for name in registry.markets if not any(
            (not w.markets or name in w.markets) and w.flag is None for w in registry.payment_options))
        self.market_way_flags = {name: frozenset(w.flag for w in registry.payment_options
                                                 if (not w.markets or name in w.markets) and w.flag is not None)
                                 for name in registry.markets}
        # per registered resource: the statistic its gains count toward, and its definition
        # (and the texts of gains and losses by amount, "gains 2 Boots", as the log writes them)
        self.resource_gains: dict[str, tuple[str, Any, dict[int, str]]] = {
            name: (f"{name}_gained", r, {}) for name, r in registry.resources.items()}
        self.ability_cards = frozenset(cid for cid, c in self.cards.items() if c.ability is not None)
        # tunnel icons whose price reads the game, and what each reads (READS_COVERED: a cost a
        # payment covers, which icons are covered; READS_FLAGS: a cost or damage a turn flag
        # cancels); a path without them costs the same always
        self.icon_reads: dict[str, int] = {}
        for name, icon in registry.tunnel_icons.items():
            reads = (READS_COVERED if icon.covers else 0) | (
                READS_FLAGS if icon.cost_ignored_by or icon.damage_ignored_by else 0)
            if reads:
                self.icon_reads[name] = reads

    # -- compilation -----------------------------------------------------------------------
    def _card(self, c: dict[str, Any], pack: str) -> CardDef:
        comp = self.compiler
        effects = {}
        comp.card = c["id"]
        for trig in ("play", "acquire", "arrive", "use", "defeat"):
            if c.get(trig):
                # C11/T12: conditions of play effects and of defeat rewards hold for the whole turn
                effects[trig] = comp.effect(c[trig], watched=trig in ("play", "defeat"))
        comp.card = None
        if c.get("on_trashed"):
            effects["trashed"] = comp.effect(c["on_trashed"])
        react = None
        if c.get("react"):
            r = c["react"]
            react = {"on": r["on"], "from": r.get("from", "hand"), "do": comp.effect(r.get("do", []))}
        ability = None
        if c.get("ability"):
            a = c["ability"]
            ability = (a.get("label") or comp.describe(a["do"]), comp.condition(a["if"]) if a.get("if") else None,
                       comp.effect(a["do"]))
        return CardDef(
            ability=ability,
            id=c["id"], name=c.get("name", c["id"]), kind=c.get("kind", "dungeon"),
            type=c.get("type", "item"), count=int(c.get("count", 1)), cost=dict(c.get("cost") or {}),
            points=self._points(c.get("points", 0)), dragon_attack=bool(c.get("dragon_attack")),
            danger=bool(c.get("danger")), text=c.get("text", ""), pack=pack, effects=effects,
            fight_if=comp.condition(c["fight_if"]) if c.get("fight_if") else None, react=react,
            use_if=comp.condition(c["use_if"]) if c.get("use_if") else None,
            counts_as=tuple(c.get("counts_as", ())), ext=self._ext("cards", c), data=c)

    def _ext(self, kind: str, entry: dict[str, Any]) -> dict[str, Any]:
        """The keys packs added to a content kind, compiled once (defaults when absent)."""
        out: dict[str, Any] = {}
        for (k, key), kdef in self.registry.content_keys.items():
            if k != kind:
                continue
            value = entry.get(key, kdef.default)
            if kdef.compile is not None and (key in entry or kdef.default is not None):
                value = kdef.compile(value, self.compiler)
            out[key] = value
        return out

    def _token(self, t: dict[str, Any], pack: str) -> TokenDef:
        comp = self.compiler
        tok = TokenDef(
            id=t["id"], name=t.get("name", t["id"]), pool=t["pool"], count=int(t.get("count", 1)),
            points=self._points(t.get("points", t.get("value", 0))), keep=bool(t.get("keep", True)),
            take=comp.effect(t.get("take")), use=comp.effect(t.get("use")),
            worth_gold=int(t.get("worth_gold", 0)), counts_as=tuple(t.get("counts_as", ())),
            counts_as_at_end=tuple(t.get("counts_as_at_end", ())),
            value=int(t.get("value", 0)), hidden=bool(t.get("hidden", False)),
            text=t.get("text", ""), pack=pack, ext=self._ext("tokens", t), data=t)
        if t.get("use_if"):
            tok.use_if = comp.condition(t["use_if"])
        return tok

    def _points(self, points: Any) -> Any:
        """Compile a points expression: int, ``{if, then, else}`` or ``{per: [...], times, div, max}``."""
        if isinstance(points, dict) and "if" in points:
            return ("if", self.compiler.condition(points["if"]), int(points.get("then", 0)),
                    int(points.get("else", 0)))
        if isinstance(points, dict) and "per" in points:
            per = points["per"]
            cap = points.get("max")
            return ("per", tuple([per] if isinstance(per, str) else per), int(points.get("times", 1)),
                    int(points.get("div", 1)), None if cap is None else int(cap))
        return int(points or 0)

    def _tile(self, t: dict[str, Any]) -> TileDef:
        rooms = {}
        for rid, r in (t.get("rooms") or {}).items():
            rooms[rid] = {"features": [parse_feature(f) for f in r.get("features", [])],
                          "cell": r.get("cell", "")}
        cells = {"": (0, 0)}
        if any(r["cell"] for r in rooms.values()) or t.get("stack") == "start":
            cells = {k: tuple(v) for k, v in (t.get("cells") or START_CELLS).items()}
        tunnels = []
        ports = tuple(t.get("ports") or ())
        for tun in t.get("tunnels", []):
            a, b = (self._end(e, rooms, ports) for e in tun["ends"])
            tunnels.append(TunnelDef(a, b, tuple(tun.get("icons", ())), bool(tun.get("one_way"))))
        return TileDef(
            id=t["id"], name=t.get("name", t["id"]), stack=t.get("stack", "depths"),
            region=t.get("region", "catacombs"), side=str(t.get("side", "")),
            rotatable=bool(t.get("rotatable", t.get("stack") != "start")), cells=cells, rooms=rooms,
            tunnels=tunnels, provisional=bool(t.get("provisional")), ext=self._ext("tiles", t), data=t,
            ports=ports)

    @staticmethod
    def _end(name: str, rooms: dict, ports: tuple[str, ...] = ()) -> End:
        if name == "portal":
            return End("portal")
        if name in rooms:
            return End("room", room=name)
        if name in ports:
            return End("port", name=name)
        port = parse_port(name)
        if port is None:
            raise ValueError(f"tunnel end {name!r} is neither a room, a port nor 'portal'")
        cell, side, idx = port
        return End("port", cell=cell, side=side, idx=idx)

    @staticmethod
    def condition_index(cond: Cond) -> int:
        """The number of a compiled condition (for references from game state)."""
        return cond.index  # type: ignore[attr-defined]

    # -- queries ---------------------------------------------------------------------------
    def market_payment_ways(self, market: str) -> dict[str, tuple[Any, ...]]:
        """For one market: purpose -> the registered ways to pay that apply (cached)."""
        found = self.cache.get(("payment-ways", market))
        if found is None:
            found = self.cache[("payment-ways", market)] = {
                purpose: self.payment_ways(market, purpose) for purpose in ("buy", "use", "fight")}
        return found

    def payment_ways(self, market: str, purpose: str) -> tuple[Any, ...]:
        """The registered ways to pay (:class:`~clank.registry.PaymentOptionDef`) that apply to
        offers of ``market`` for ``purpose`` (cached)."""
        key = (market, purpose)
        found = self._payment_ways.get(key)
        if found is None:
            found = self._payment_ways[key] = tuple(
                p for p in self.registry.payment_options if p.applies(market, purpose))
        return found

    def entry_checks(self, room_id: str) -> tuple[tuple[Any, Any], ...]:
        """The ``may_enter`` checks of a room's features, with their arguments (cached)."""
        found = self._entry_checks.get(room_id)
        if found is None:
            tile, _, local = room_id.partition(".")
            feats = self.registry.room_features
            found = self._entry_checks[room_id] = tuple(
                (feats[name].may_enter, arg) for name, arg in self.tiles[tile].rooms[local]["features"]
                if name in feats and feats[name].may_enter is not None)
        return found

    def held_in_room(self, game: Any, seat: int) -> tuple[str, ...]:
        """The conditions tracked by room (``looks_back="room"``) that hold for a pawn in the room
        of ``seat``: a function of the room alone, worked out once per room (cached)."""
        room = game.state.players[seat].room
        found = self._held_in_room.get(room)
        if found is None:
            found = self._held_in_room[room] = tuple(
                key for key, test in self.looking_back_by_room.items() if test(game, seat))
        return found

    def tokens_counting_as(self, kind: str, at_end: bool = False) -> frozenset[str]:
        """The tokens that count as ``kind`` (with ``at_end``, their ``counts_as_at_end`` kinds
        too: once the game is over), cached."""
        key = ("counting-as", kind, at_end)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = frozenset(
                t.id for t in self.tokens.values() if kind in t.counts_as or (at_end and kind in t.counts_as_at_end))
        return found

    def room_feature_set(self, room_id: str) -> frozenset[str]:
        """The features a room shows, with what each counts as (cached)."""
        found = self._feature_sets.get(room_id)
        if found is None:
            tile, _, local = room_id.partition(".")
            feats = self.registry.room_features
            names: set[str] = set()
            for name, _arg in self.tiles[tile].rooms[local]["features"]:
                names.add(name)
                if name in feats:
                    names.update(feats[name].counts_as)
            found = self._feature_sets[room_id] = frozenset(names)
        return found

    def room_names(self, room_id: str) -> RoomName:
        """How players name a room (:mod:`clank.game.naming`): its label, short and sentence
        forms, from a pack's ``room_name`` render callback, the room's ``name`` in the tile
        data or the generic rule (cached: names never change during a game)."""
        key = ("room-name", room_id)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = naming.room_names(self.tiles, self.registry.renderers, room_id)
        return found

    def describe_addrs(self, addrs) -> str:
        """A short label for a compiled effect (for choice menus)."""
        return ", ".join(self.compiler.describe(self.program[a].source) if self.program[a].source is not None
                         else self.program[a].name.replace("_", " ") for a in addrs)
