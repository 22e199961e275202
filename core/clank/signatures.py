"""What the engine calls each registered callback with, and the check a callback's signature
passes when a pack registers it (so a wrong number of parameters is an error at the
registering line, never a crash in the middle of a game).

:data:`CALLS` is the one table of those calls: for each kind of registered item and each of
its callbacks, the arguments the engine passes (named as the docs name them). The check binds
placeholders to the callback's :func:`inspect.signature` as Python would bind the real call,
so defaults, ``*args``, ``**kwargs`` and keyword-only parameters with defaults are accepted.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

CALLS: dict[tuple[str, str], tuple[str, ...]] = {
    ("op", "run"): ("ctx", "arg"),
    ("op", "compile"): ("arg", "compiler"),
    ("condition", "test"): ("game", "seat", "arg"),
    ("quantity", "count"): ("game", "seat"),
    ("room feature", "on_place"): ("game", "room", "arg"),
    ("room feature", "on_enter"): ("game", "seat", "room", "arg"),
    ("room feature", "on_turn_start"): ("game", "seat", "room", "arg"),
    ("room feature", "actions"): ("game", "seat", "room", "arg"),
    ("room feature", "apply"): ("game", "seat", "room", "arg", "action"),
    ("room feature", "may_enter"): ("game", "seat", "room", "arg", "entry"),
    ("room feature", "label"): ("arg",),
    ("op", "label"): ("arg", "name"),
    ("room feature", "unavailable"): ("view", "seat", "room", "arg"),
    ("teleport kind", "targets"): ("game", "seat"),
    ("bot", "factory"): ("seed",),
    ("bot", "factory with a value"): ("seed", "value"),
    ("bot", "choose"): ("view",),
    ("action kind", "enumerate"): ("game", "seat"),
    ("action kind", "apply"): ("game", "seat", "action"),
    ("action kind", "explain"): ("game", "seat", "action"),
    ("action kind", "label"): ("view", "action"),
    ("decision kind", "legal"): ("game", "decision"),
    ("decision kind", "resolve"): ("game", "decision", "action"),
    ("decision kind", "prompt"): ("game", "decision"),
    ("decision kind", "label"): ("view", "decision", "action"),
    ("market", "offers"): ("game", "seat"),
    ("market", "take"): ("game", "seat", "offer", "payment"),
    ("market", "explain"): ("game", "seat", "action"),
    ("payment option", "ways"): ("game", "seat", "cost", "item"),
    ("cube kind", "on_draw"): ("game", "seat"),
    ("step", "run"): ("game", "seat", "data"),
    ("listener", ""): ("game", "event"),
    ("scorer", ""): ("game", "seat"),
    ("tiebreaker", ""): ("game", "seat"),
    ("modifier", ""): ("game", "value"),
    ("content key", "compile"): ("value", "compiler"),
    ("renderer", "room"): ("view", "room"),
    ("renderer", "tile"): ("view", "tile"),
    ("renderer", "player"): ("view", "seat"),
    ("renderer", "board"): ("view",),
    ("renderer", "piece"): ("view", "piece"),
    ("renderer", "map_icon"): ("view", "name"),
    ("renderer", "map_feature"): ("view", "room", "name", "arg"),
    ("renderer", "map_room"): ("view", "room"),
    ("renderer", "map_tile"): ("view", "tile"),
    ("renderer", "room_name"): ("tile", "room"),
}
"""(kind of item, callback) -> the positional arguments the engine calls it with."""

ALSO_ACCEPTED: dict[tuple[str, str], tuple[tuple[str, ...], ...]] = {
    ("room feature", "may_enter"): (("game", "seat", "room", "arg"),),   # the older form, without entry
}
"""Other calls a callback may be written for (the registry adapts them)."""


def call_text(name: str, args: Sequence[str], keywords: Sequence[str] = ()) -> str:
    """``on_enter(game, seat, room, arg)``."""
    return f"{name}({', '.join([*args, *(f'{k}=...' for k in keywords)])})"


def accepts(fn: Callable[..., Any], args: Sequence[str], keywords: Sequence[str] = ()) -> bool | None:
    """Whether ``fn`` can be called with these positional arguments and keywords (None: its
    signature cannot be read, a builtin)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    try:
        sig.bind(*(object() for _ in args), **{k: None for k in keywords})
    except TypeError:
        return False
    return True


def signature_problem(kind: str, role: str, fn: Any, keywords: Sequence[str] = (),
                      args: Sequence[str] | None = None) -> tuple[str, str] | None:
    """Why ``fn`` cannot be the ``role`` callback of a ``kind`` (``room feature``, ``on_enter``),
    with the fix; None when the engine's call fits it (or the table does not know the call)."""
    if fn is None or not callable(fn):
        return None if fn is None else (f"{role or kind} is {type(fn).__name__}, not a function",
                                        "give a function")
    wanted = tuple(args) if args is not None else CALLS.get((kind, role))
    if wanted is None:
        return None
    forms = (wanted, *ALSO_ACCEPTED.get((kind, role), ()))
    if any(accepts(fn, form, keywords) is not False for form in forms):
        return None
    name = role or kind
    try:
        has = f"takes {_params(inspect.signature(fn))}"
    except (TypeError, ValueError):
        has = "cannot take them"
    call = call_text(name, wanted, keywords)
    own = getattr(fn, "__name__", "")
    written = own if own.isidentifier() else name if name.isidentifier() else "fn"
    who = f"{name} ({own})" if own.isidentifier() and own != name else name
    return (f"{who} {has}, but the engine calls {call}",
            f"write it as def {written}({', '.join([*wanted, *keywords])}): ..."
            + (" (or **context for the keywords)" if keywords else ""))


def _params(sig: inspect.Signature) -> str:
    text = str(sig)
    return text.split(" ->")[0] if " ->" in text else text


def bot_class_problem(factory: Any) -> tuple[str, str] | None:
    """For a bot whose factory is a class: why its ``choose`` cannot take the view (None: it
    can, or the factory is not a class)."""
    if not isinstance(factory, type):
        return None
    static = inspect.getattr_static(factory, "choose", None)
    if static is None:
        return ("the bot class has no choose method", "add def choose(self, view): ... returning an Action")
    args = ("view",) if isinstance(static, staticmethod) else ("self", "view")
    bot_class: Any = factory
    choose = bot_class.choose
    if accepts(choose, args) is False:
        return signature_problem("bot", "choose", choose, args=args)
    return None
