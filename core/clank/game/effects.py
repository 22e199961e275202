"""Effects as data, compiled once at load into a program of nodes.

An effect (a list of ops in YAML) compiles to a tuple of integer addresses into the
ruleset's ``program``. The game state holds only addresses and small dicts: a pending effect
is a list of tasks ``[address, seat, source]`` and a pause for a choice is a decision dict,
so a game can be cloned, saved and resumed at any point of an effect (DESIGN §5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank.game.engine import Game
    from clank.game.state import PlayerState
    from clank.registry import Registry

Cond = Callable[["Game", int], bool]



class CompileError(ValueError):
    """An effect that cannot be compiled (unknown op or condition)."""


@dataclass(frozen=True, slots=True)
class Node:
    """One compiled op: the function to run and its pre-processed arguments."""

    name: str
    run: Callable[[EffectContext, Any], None]
    args: Any
    source: Any = None


class EffectContext:
    """What an op sees: the game, the seat it acts for and the card or token it comes from."""

    __slots__ = ("game", "seat", "src")

    def __init__(self, game: Game, seat: int, src: str) -> None:
        self.game = game
        self.seat = seat
        self.src = src

    @property
    def player(self) -> PlayerState:
        """The state of the seat the op acts for."""
        return self.game.state.players[self.seat]

    def push(self, addrs: tuple[int, ...], seat: int | None = None, src: str | None = None) -> None:
        """Resolve ``addrs`` next (before anything already pending)."""
        self.game.push(addrs, self.seat if seat is None else seat, self.src if src is None else src)

    def ask(self, decision: dict[str, Any]) -> None:
        """Pause the effect until the deciding player answers ``decision``."""
        decision.setdefault("seat", self.seat)
        decision.setdefault("src", self.src)
        self.game.ask(decision)

    def test(self, cond: Cond) -> bool:
        """Evaluate a compiled condition for this seat."""
        return cond(self.game, self.seat)


class Compiler:
    """Compiles effect and condition data into the ruleset's program."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.program: list[Node] = []
        self.conditions: list[Cond] = []

    # -- conditions ------------------------------------------------------------------------
    def condition(self, data: Any) -> Cond:
        """Compile a condition mapping into ``fn(game, seat) -> bool``.

        Every compiled condition is numbered (``fn.index``) so game state can refer to it.
        """
        fn = self._condition(data)

        def cond(game, seat, _fn=fn):
            return _fn(game, seat)

        cond.index = len(self.conditions)  # type: ignore[attr-defined]
        self.conditions.append(cond)
        return cond

    def _condition(self, data: Any) -> Cond:
        if data is True or data is None:
            return lambda game, seat: True
        if not isinstance(data, dict):
            raise CompileError(f"a condition must be a mapping, not {data!r}")
        tests: list[Cond] = []
        for name, arg in data.items():
            if name == "all":
                parts = [self.condition(c) for c in arg]
                tests.append(lambda g, s, parts=parts: all(p(g, s) for p in parts))
            elif name == "any":
                parts = [self.condition(c) for c in arg]
                tests.append(lambda g, s, parts=parts: any(p(g, s) for p in parts))
            elif name == "not":
                inner = self.condition(arg)
                tests.append(lambda g, s, inner=inner: not inner(g, s))
            else:
                cdef = self.registry.conditions.get(name)
                if cdef is None:
                    raise CompileError(f"unknown condition {name!r}")
                tests.append(lambda g, s, fn=cdef.test, arg=arg: fn(g, s, arg))
        if len(tests) == 1:
            return tests[0]
        return lambda g, s: all(t(g, s) for t in tests)

    # -- effects ---------------------------------------------------------------------------
    def effect(self, ops: list | None, *, watched: bool = False) -> tuple[int, ...]:
        """Compile a list of ops; ``watched`` makes ``if`` without ``else`` a C11 watcher."""
        if not ops:
            return ()
        return tuple(self._op(op, watched) for op in ops)

    def _emit(self, name: str, run: Callable, args: Any, source: Any = None) -> int:
        self.program.append(Node(name, run, args, source))
        return len(self.program) - 1

    def _op(self, op: Any, watched: bool) -> int:
        if isinstance(op, str):
            name, arg = op, None
        elif isinstance(op, dict) and "if" in op:
            cond = self.condition(op["if"])
            then = self.effect(op.get("then"), watched=watched)
            other = self.effect(op.get("else"), watched=watched)
            if watched and "else" not in op:
                return self._emit("if", _run_watch, (cond, then))
            return self._emit("if", _run_if, (cond, then, other))
        elif isinstance(op, dict) and len(op) == 1:
            (name, arg), = op.items()
        else:
            raise CompileError(f"an op is a mapping with one key, got {op!r}")
        if name == "choose":
            return self._emit(name, _run_choose, tuple(self._option(o, watched) for o in arg))
        if name == "choose_n":
            opts = tuple(self._option(o, watched) for o in arg["options"])
            return self._emit(name, _run_choose_n, (int(arg["n"]), opts))
        if name == "may":
            return self._emit(name, _run_may, self.effect(arg, watched=watched))
        if name in ("each_player", "each_other_player"):
            return self._emit(name, _run_each, (name == "each_other_player", self.effect(arg)))
        if name == "per_turn":
            return self._emit(name, _run_per_turn, (arg["stat"], self.effect(arg["each"])))
        odef = self.registry.ops.get(name)
        if odef is None:
            raise CompileError(f"unknown op {name!r}")
        source = {name: arg} if arg is not None else name
        if odef.compile is not None:
            arg = odef.compile(arg, self)
        return self._emit(name, odef.run, arg, source)

    def _option(self, option: Any, watched: bool) -> tuple[str, Cond | None, tuple[int, ...]]:
        if isinstance(option, dict) and "do" in option:
            cond = self.condition(option["if"]) if "if" in option else None
            body = self.effect(option["do"], watched=watched)    # C11 holds inside options too
            label = option.get("label") or describe(option["do"])
            return label, cond, body
        if isinstance(option, dict):
            option = [option]
        return describe(option), None, self.effect(option, watched=watched)


def describe(ops: Any) -> str:
    """A short human label for an effect, used to name choice options."""
    if isinstance(ops, list):
        return ", ".join(describe(o) for o in ops)
    if isinstance(ops, str):
        return ops.replace("_", " ")
    if isinstance(ops, dict):
        if "if" in ops:
            return "if ..."
        parts = []
        for k, v in ops.items():
            if isinstance(v, dict):
                parts.append(f"{k.replace('_', ' ')} " + " ".join(f"{a} {b}" for a, b in v.items()))
            elif v is None:
                parts.append(k.replace("_", " "))
            else:
                parts.append(f"{k.replace('_', ' ')} {v}")
        return ", ".join(parts)
    return str(ops)


# -- control ops ------------------------------------------------------------------------------
def _run_if(ctx: EffectContext, args) -> None:
    cond, then, other = args
    ctx.push(then if ctx.test(cond) else other)


def _run_watch(ctx: EffectContext, args) -> None:
    """C11: the condition counts if it holds at any moment of this turn, before or after."""
    cond, then = args
    if ctx.test(cond):
        ctx.push(then)
    else:
        ctx.game.watch(cond, then, ctx.seat, ctx.src)


def _run_choose(ctx: EffectContext, options) -> None:
    open_ = [i for i, (_, cond, _) in enumerate(options) if cond is None or ctx.test(cond)]
    if len(open_) == 1:
        ctx.push(options[open_[0]][2])
    elif open_:
        ctx.ask({"kind": "choose", "labels": [options[i][0] for i in open_],
                 "bodies": [list(options[i][2]) for i in open_]})


def _run_choose_n(ctx: EffectContext, args) -> None:
    n, options = args
    open_ = [i for i, (_, cond, _) in enumerate(options) if cond is None or ctx.test(cond)]
    if len(open_) <= n:
        for i in reversed(open_):
            ctx.push(options[i][2])
        return
    ctx.ask({"kind": "choose", "labels": [options[i][0] for i in open_],
             "bodies": [list(options[i][2]) for i in open_], "remaining": n})


def _run_may(ctx: EffectContext, body) -> None:
    ctx.ask({"kind": "may", "body": list(body), "label": ctx.game.ruleset.describe_addrs(body)})


def _run_each(ctx: EffectContext, args) -> None:
    others_only, body = args
    seats = ctx.game.clockwise_live(ctx.seat)
    if others_only:
        seats = [s for s in seats if s != ctx.seat]
    for seat in reversed(seats):
        ctx.push(body, seat=seat)


def _run_per_turn(ctx: EffectContext, args) -> None:
    stat, body = args
    ctx.game.watch_count(stat, body, ctx.seat, ctx.src)
