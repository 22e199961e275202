"""Effects as data, compiled once at load into a program of nodes.

An effect (a list of ops in YAML) compiles to a tuple of integer addresses into the
ruleset's ``program``. The game state holds only addresses and small dicts: a pending effect
is a list of tasks ``[address, seat, source]`` and a pause for a choice is a decision dict,
so a game can be cloned, saved and resumed at any point of an effect (DESIGN §5).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank.callbacks import CompiledCondition, ConditionTest
    from clank.game.state import PlayerState
    from clank.game.table import Table
    from clank.registry import Registry

Cond = Callable[["Table", int], bool]
"""A compiled condition: ``cond(game, seat)`` tells whether it holds for the seat now (the
conditions of cards and tokens, ``fight_if``, ``use_if``; ``ctx.test(cond)``). One that
``compiler.condition`` made also carries its number, ``cond.index``
(:class:`~clank.callbacks.CompiledCondition`)."""
LookBack = bool | str
"""How a condition looks back (:attr:`~clank.registry.ConditionDef.looks_back`): ``False``,
``"room"`` (it reads only where the pawn is) or ``True``."""



def _all_of(tests: list[Cond]) -> Cond:
    def test(game: Table, seat: int) -> bool:
        return all(t(game, seat) for t in tests)
    return test


def _any_of(tests: list[Cond]) -> Cond:
    def test(game: Table, seat: int) -> bool:
        return any(t(game, seat) for t in tests)
    return test


def _not(inner: Cond) -> Cond:
    def test(game: Table, seat: int) -> bool:
        return not inner(game, seat)
    return test


def _with_arg(fn: ConditionTest, arg: Any) -> Cond:
    def test(game: Table, seat: int) -> bool:
        return fn(game, seat, arg)
    return test


class CompileError(ValueError):
    """An effect that cannot be compiled (unknown op or condition)."""


@dataclass(frozen=True, slots=True)
class CompiledOp:
    """One op of a compiled effect (``game.compiled_op(address)``): ``name`` is the op's name
    (``gain``, ``if``, ``choose`` ...), ``run(ctx, args)`` performs it, ``args`` is its argument
    as compiled at load, and ``source`` the op as content wrote it (``{"gain": {"gold": 2}}``;
    ``None`` for the branches the compiler builds itself: ``if``)."""

    name: str
    run: Callable[[EffectContext, Any], object]
    args: Any
    source: Any = None


class EffectContext:
    """What an op sees: the game, the seat it acts for and the card or token it comes from."""

    __slots__ = {
        "game": "The game the op changes (a ``Game``, as every callback receives).",
        "seat": "The seat the op acts for (the card's player; each player in turn in ``each_player``).",
        "src": "The id of the card or token whose effect this is (empty when none).",
    }

    def __init__(self, game: Table, seat: int, src: str) -> None:
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
        self.program: list[CompiledOp] = []
        self.conditions: list[Cond] = []
        # conditions that look back, by their text (what ``turn.held`` records, C11 default (a)):
        # those that read only where the pawn is, and those that read more
        self.tracked_by_room: dict[str, Cond] = {}
        self.tracked_by_action: dict[str, Cond] = {}
        self.card: str | None = None         # the card whose effects are being compiled, if any
        self.users: dict[str, set[str | None]] = {}   # the cards that use each tracked condition
        self.names: dict[str, str] = {}      # content ids -> printed names, for the words of options

    # -- words -----------------------------------------------------------------------------
    def name(self, item: str) -> str:
        """The printed name of a card or token id (the id itself when unknown)."""
        return self.names.get(item, item)

    def op_words(self, op: str, arg: Any) -> str | None:
        """An op with its argument as its registered label words it (None: it has no label)."""
        odef = self.registry.ops.get(op)
        return odef.label(arg, self.name) if odef is not None and odef.label is not None else None

    def describe(self, ops: Any) -> str:
        """An effect in a player's words (:func:`describe` with the ops' labels and content names)."""
        return describe(ops, self.op_words, self.name)

    # -- conditions ------------------------------------------------------------------------
    def condition(self, data: Any, *, looking_back: bool = False) -> CompiledCondition:
        """Compile a condition mapping into ``fn(game, seat) -> bool``.

        Every compiled condition is numbered (``fn.index``) so game state can refer to it.
        ``looking_back`` (a card's ``play`` and ``defeat`` effects, where C11 holds): each
        largest part made only of conditions registered with ``looks_back`` is true if it holds
        now or held at an earlier moment of this turn, as tracked in ``turn.held`` under its
        text (:attr:`tracked_by_room`, :attr:`tracked_by_action`, :mod:`clank.game.lookback`).
        """
        test, tier = self._test(data, looking_back)
        return self._number(self._held(data, test, tier) if tier else test)

    def _number(self, fn: Cond) -> CompiledCondition:
        cond: Any = fn                     # numbered in place: no wrapper's call each time it is asked (a
        cond.index = len(self.conditions)  # function numbered twice would be found under both numbers)
        self.conditions.append(cond)
        return cond

    def _part(self, data: Any, looking_back: bool) -> tuple[Any, Cond, LookBack]:
        """A part of an ``all``, ``any`` or ``not``, numbered like a condition of its own."""
        test, tier = self._test(data, looking_back)
        self._number(test)
        return data, test, tier

    def _test(self, data: Any, looking_back: bool) -> tuple[Cond, LookBack]:
        """The test of a condition as it holds now, and whether all of it looks back: ``False``
        (not all of it), ``"room"`` (it reads only where the pawn is) or ``True``."""
        if data is True or data is None:
            return (lambda game, seat: True), False
        if not isinstance(data, dict):
            raise CompileError(f"a condition must be a mapping, not {data!r}")
        parts: list[tuple[Any, Cond, LookBack]] = []      # (its data, test now, how it looks back)
        for name, arg in data.items():
            if name in ("all", "any"):
                subs = [self._part(sub, looking_back) for sub in arg]
                tier = _whole(subs)
                tests = self._tracked_parts(subs, tier)
                parts.append(({name: arg}, _all_of(tests) if name == "all" else _any_of(tests), tier))
            elif name == "not":
                _, inner, tier = self._part(arg, looking_back)
                parts.append(({name: arg}, _not(inner), tier))
            else:
                cdef = self.registry.conditions.get(name)
                if cdef is None:
                    raise CompileError(f"unknown condition {name!r}")
                parts.append(({name: arg}, _with_arg(cdef.test, arg), cdef.looks_back if looking_back else False))
        if len(parts) == 1:
            return parts[0][1], parts[0][2]
        tier = _whole(parts)
        return _all_of(self._tracked_parts(parts, tier)), tier

    def _tracked_parts(self, parts: list[tuple[Any, Cond, LookBack]], whole: LookBack) -> list[Cond]:
        """The tests of the parts of a condition: as they are when the whole of it looks back
        (it is tracked as one), else each part that looks back tracked on its own."""
        return [test if whole or not tier else self._held(data, test, tier) for data, test, tier in parts]

    def _held(self, data: Any, now: Cond, tier: LookBack) -> Cond:
        """``now``, or true if ``data`` held at an earlier moment of the turn of ``seat``."""
        key = json.dumps(data, sort_keys=True, separators=(",", ":"))
        (self.tracked_by_room if tier == "room" else self.tracked_by_action).setdefault(key, now)
        self.users.setdefault(key, set()).add(self.card)

        def held(game, seat, _now=now, _key=key):
            if _now(game, seat):
                return True
            st = game.state
            return seat == st.current and _key in st.turn.held
        return held

    # -- effects ---------------------------------------------------------------------------
    def effect(self, ops: list | None, *, watched: bool = False) -> tuple[int, ...]:
        """Compile a list of ops; ``watched`` (C11 holds: ``play`` and ``defeat``) makes ``if``
        without ``else`` a watcher and lets conditions that look back do so."""
        if not ops:
            return ()
        return tuple(self._op(op, watched) for op in ops)

    def _emit(self, name: str, run: Callable, args: Any, source: Any = None) -> int:
        self.program.append(CompiledOp(name, run, args, source))
        return len(self.program) - 1

    def _op(self, op: Any, watched: bool) -> int:
        arg: Any
        if isinstance(op, str):
            name, arg = op, None
        elif isinstance(op, dict) and "if" in op:
            cond = self.condition(op["if"], looking_back=watched)
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
            cond = self.condition(option["if"], looking_back=watched) if "if" in option else None
            body = self.effect(option["do"], watched=watched)    # C11 holds inside options too
            label = option.get("label") or self.describe(option["do"])
            return label, cond, body
        if isinstance(option, dict):
            option = [option]
        return self.describe(option), None, self.effect(option, watched=watched)


def _whole(parts: list[tuple[Any, Cond, LookBack]]) -> LookBack:
    """How a condition made of ``parts`` looks back as a whole: only if every part does, and
    ``"room"`` only if every part reads only where the pawn is."""
    tiers = [tier for _, _, tier in parts]
    if not tiers or not all(tiers):
        return False
    return "room" if all(t == "room" for t in tiers) else True


OpWords = Callable[[str, Any], "str | None"]
"""How an op with its argument reads (its registered label), or None for the plain words."""


def describe(ops: Any, words: OpWords | None = None, name: Callable[[str], str] | None = None) -> str:
    """A short label for an effect in a player's words, naming a choice's options and a "may"
    question (``"gain 2 gold"``, ``"trash up to 2 cards"``): each op's registered label through
    ``words(op, arg)``, else :func:`plain_words`; ``name(id)`` gives content names."""
    if isinstance(ops, list):
        return ", ".join(describe(o, words, name) for o in ops)
    if isinstance(ops, str):
        return (words(ops, None) if words else None) or plain_words(ops, None, name, words)
    if isinstance(ops, dict):
        if "if" in ops:
            then = describe(ops.get("then") or [], words, name)
            return f"{then} (if it applies)" if then else "something, if it applies"
        return ", ".join((words(k, v) if words else None) or plain_words(k, v, name, words) for k, v in ops.items())
    return str(ops)


def plain_words(op: str, arg: Any, name: Callable[[str], str] | None = None, words: OpWords | None = None) -> str:
    """An op without a label of its own, in words: its name, then its argument's values
    (lists as "a or b", flags by their key, ids by their printed name, nested effects
    described): ``trash from play or discard pile, count 2, up to``."""
    text = _value_words(arg, name, words)
    op_words = op.replace("_", " ")
    return f"{op_words} {text}" if text else op_words


_ZONE_WORDS = {"play": "play area", "discard": "discard pile", "hand": "hand", "deck": "deck"}


def _value_words(value: Any, name: Callable[[str], str] | None, words: OpWords | None) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        shown = name(value) if name is not None else value
        return _ZONE_WORDS.get(shown, shown) if shown != value else _ZONE_WORDS.get(value, value.replace("_", " "))
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):     # a nested effect
            return describe(value, words, name)
        return " or ".join(w for w in (_value_words(v, name, words) for v in value) if w)
    if isinstance(value, dict):
        parts = []
        for key, v in value.items():
            key_words = key.replace("_", " ")
            said = _value_words(v, name, words)
            if said:
                parts.append(f"{key_words} {said}")
            elif v is True:
                parts.append(key_words)
        return ", ".join(parts)
    return str(value)


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
                 "bodies": [list(options[i][2]) for i in open_], "numbers": open_})


def _run_choose_n(ctx: EffectContext, args) -> None:
    n, options = args
    open_ = [i for i, (_, cond, _) in enumerate(options) if cond is None or ctx.test(cond)]
    if len(open_) <= n:
        for i in reversed(open_):
            ctx.push(options[i][2])
        return
    ctx.ask({"kind": "choose", "labels": [options[i][0] for i in open_],
             "bodies": [list(options[i][2]) for i in open_], "numbers": open_, "remaining": n})


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
