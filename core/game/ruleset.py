"""The ruleset: the loaded packs' content, compiled once and shared by every clone of a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank.content.checks_features import parse_feature
from clank.game.dungeon import START_CELLS, End, TileDef, TunnelDef, parse_port
from clank.game.effects import Compiler, Cond, describe
from clank.game.setupdata import merge_setup
from clank.registry import Registry


@dataclass
class CardDef:
    """A card as the packs define it, with its effects compiled."""

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
    effects: dict[str, tuple[int, ...]] = field(default_factory=dict)   # play, acquire, arrive, use, defeat
    fight_if: Cond | None = None
    react: dict[str, Any] | None = None
    counts_as: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class TokenDef:
    """A token kind: secret, prisoner, market item, artifact, idol, mastery ..."""

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
    prisoner: bool = False
    value: int = 0
    text: str = ""
    pack: str = ""
    market: dict[str, Any] | None = None
    buy: tuple[int, ...] = ()
    buy_if: Cond | None = None
    use_if: Cond | None = None
    data: dict[str, Any] = field(default_factory=dict)


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
            self.setup = merge_setup(self.setup, pack.setup or {})
            for c in pack.cards:
                self.cards[c["id"]] = self._card(c, pid)
            for t in pack.tokens:
                self.tokens[t["id"]] = self._token(t, pid)
            for t in pack.tiles:
                self.tiles[t["id"]] = self._tile(t)
        self.program = self.compiler.program
        self.conditions_by_index = self.compiler.conditions

    # -- compilation -----------------------------------------------------------------------
    def _card(self, c: dict[str, Any], pack: str) -> CardDef:
        comp = self.compiler
        effects = {}
        for trig in ("play", "acquire", "arrive", "use", "defeat"):
            if c.get(trig):
                # C11/T12: conditions of play effects and of defeat rewards hold for the whole turn
                effects[trig] = comp.effect(c[trig], watched=trig in ("play", "defeat"))
        react = None
        if c.get("react"):
            r = c["react"]
            react = {"on": r["on"], "from": r.get("from", "hand"), "do": comp.effect(r.get("do", []))}
        return CardDef(
            id=c["id"], name=c.get("name", c["id"]), kind=c.get("kind", "dungeon"),
            type=c.get("type", "item"), count=int(c.get("count", 1)), cost=dict(c.get("cost") or {}),
            points=self._points(c.get("points", 0)), dragon_attack=bool(c.get("dragon_attack")),
            danger=bool(c.get("danger")), text=c.get("text", ""), pack=pack, effects=effects,
            fight_if=comp.condition(c["fight_if"]) if c.get("fight_if") else None, react=react,
            counts_as=tuple(c.get("counts_as", ())), data=c)

    def _token(self, t: dict[str, Any], pack: str) -> TokenDef:
        comp = self.compiler
        market = t.get("market")
        tok = TokenDef(
            id=t["id"], name=t.get("name", t["id"]), pool=t["pool"], count=int(t.get("count", 1)),
            points=self._points(t.get("points", t.get("value", 0))), keep=bool(t.get("keep", True)),
            take=comp.effect(t.get("take")), use=comp.effect(t.get("use")),
            worth_gold=int(t.get("worth_gold", 0)), counts_as=tuple(t.get("counts_as", ())),
            prisoner=bool(t.get("prisoner", t["pool"] == "prisoner")), value=int(t.get("value", 0)),
            text=t.get("text", ""), pack=pack, market=market, data=t)
        if t.get("use_if"):
            tok.use_if = comp.condition(t["use_if"])
        if market:
            tok.buy = comp.effect(market.get("buy"))
            tok.buy_if = comp.condition(market["requires"]) if market.get("requires") else None
        if t.get("on_enter_feature"):
            oe = t["on_enter_feature"]
            tok.data = {**t, "_on_enter": (oe["feature"], comp.effect(oe.get("do")))}
        return tok

    def _points(self, points: Any) -> Any:
        """Compile a points expression: int, ``{if, then, else}`` or ``{per: [...], times}``."""
        if isinstance(points, dict) and "if" in points:
            return ("if", self.compiler.condition(points["if"]), int(points.get("then", 0)),
                    int(points.get("else", 0)))
        if isinstance(points, dict) and "per" in points:
            per = points["per"]
            return ("per", tuple([per] if isinstance(per, str) else per), int(points.get("times", 1)))
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
        for tun in t.get("tunnels", []):
            a, b = (self._end(e, rooms) for e in tun["ends"])
            tunnels.append(TunnelDef(a, b, tuple(tun.get("icons", ())), bool(tun.get("one_way"))))
        return TileDef(
            id=t["id"], name=t.get("name", t["id"]), stack=t.get("stack", "depths"),
            region=t.get("region", "catacombs"), depths=bool(t.get("depths")),
            depths_cells=tuple(t.get("depths_cells", ())), haunted=bool(t.get("haunted")),
            rotatable=bool(t.get("rotatable", t.get("stack") != "start")), cells=cells, rooms=rooms,
            tunnels=tunnels, provisional=bool(t.get("provisional")), data=t)

    @staticmethod
    def _end(name: str, rooms: dict) -> End:
        if name == "portal":
            return End("portal")
        if name in rooms:
            return End("room", room=name)
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
    def describe_addrs(self, addrs) -> str:
        """A short label for a compiled effect (for choice menus)."""
        return ", ".join(describe(self.program[a].source) if self.program[a].source is not None
                         else self.program[a].name for a in addrs)
