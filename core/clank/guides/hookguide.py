"""The hooks guide, generated from the code a pack programs against, so it cannot drift.

:func:`render_guide` turns the hook specifications (:mod:`clank.hookspecs`, each documented
where it is declared), the :class:`~clank.registry.Registry` methods and the definitions they
take, the contract :mod:`clank.plugin` exports, and what the loaded packs declare (events,
questions, statistics, modifiable values, decision kinds) into Markdown. ``docs/hooks.md`` is
its output for the packs of :data:`GUIDE_PACKS`; regenerate it with::

    python -m clank.guides.hookguide -o docs/hooks.md

(``--packs catacombs,mypack`` documents what other packs declare.) An installed engine has no
``docs/``: ``clank docs hooks`` prints the same guide for the installed packs.

The prose between the generated parts is written here, next to the code that renders it;
every name, signature and table comes from the code.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import re
import sys
import typing
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from clank.guides.authoring import guide_main
from clank.guides.faultguide import faults_section

if TYPE_CHECKING:
    from clank.registry import Registry

GUIDE_PACKS = ("catacombs",)
"""The packs whose declarations ``docs/hooks.md`` lists (with the core's)."""

LABELS = ("When:", "Parameters:", "Returns:", "Example::")
"""The parts of a hook's docstring after its summary, in order (see :mod:`clank.hookspecs`)."""

PAUSING = (("Table", "ask"), ("Table", "ask_later"), ("Table", "ask_seats"), ("EffectContext", "ask"),
           ("Game", "ask_pick"), ("Game", "offer_reactions"), ("Table", "pay_then"), ("Table", "push_step"),
           ("Table", "queue_step"))
"""The methods that pause for a choice or queue work, documented from their docstrings."""

KEEPING = (("Table", "room"), ("Table", "room_state"), ("Table", "add_piece"), ("Table", "move_piece"),
           ("Table", "remove_piece"), ("Table", "pieces_in"), ("Table", "set_flag"), ("Table", "has_flag"),
           ("Table", "clear_flag"), ("Table", "bump"), ("Table", "turn_stat"), ("Table", "note_moment"), ("Table", "changed"))
"""The methods that keep or read a pack's state, documented from their docstrings."""


# ==========================================================================================
# Hand-written examples: things no docstring shows (each runs in tests/test_docs.py)
# ==========================================================================================
QUESTION_EXAMPLE = '''\
def within_five(game, event):
    """A sketch of Fixed Space: a region spans at most five columns."""
    xs = [t.x for t in game.tiles if t.region == event["region"]] + [event["x"]]
    return max(xs) - min(xs) < 5


@hookimpl
def clank_register_reactions(registry):
    registry.listen("discovery_ok", within_five)
'''

ASK_SEATS_EXAMPLE = '''\
def op_toast(ctx, _arg):
    """Every live player, clockwise from the one playing the card, may drink to gain 1 gold."""
    seats = ctx.game.clockwise_live(ctx.seat)
    ctx.game.ask_seats(seats, {"kind": "toast", "src": ctx.src, "prompt": "drink to gain 1 gold?"})


def toast_legal(game, decision):
    return [act("yes"), act("no")]


def toast_resolve(game, decision, action):
    if action.kind == "yes":
        game.gain(decision["seat"], "gold", 1)


@hookimpl
def clank_register_ops(registry):
    registry.add_op("toast", op_toast, {"type": "null"}, "Each live player may gain 1 gold.", "toast")


@hookimpl
def clank_register_actions(registry):
    registry.add_decision_kind("toast", toast_legal, toast_resolve, "drink to gain 1 gold, or not")
'''

STATE_EXAMPLE = '''\
def notes(player):
    """This pack's part of a player's state (JSON-ready data only)."""
    return player.ext.setdefault("mypack", {"notes": []})


def remember_room(game, event):
    notes(game.player(event["seat"]))["notes"].append(event["room"])


def hide_notes(game, data, seat, owner):
    """Other seats see how many notes a player keeps, not which."""
    if seat != owner and "mypack" in data["ext"]:
        data["ext"] = {**data["ext"], "mypack": {"notes": len(data["ext"]["mypack"]["notes"])}}
    return data


@hookimpl
def clank_register_reactions(registry):
    registry.listen("entered_room", remember_room)
    registry.add_modifier("player_view", hide_notes)
'''

TESTING_EXAMPLE = '''\
from clank.testing import check_game


def test_contract():
    check_game(["catacombs", "mypack"], players=3, seeds=[0, 1])
'''

CONSTANTS = {
    "LIVE": "A player's `status` while in the dungeon (N3).",
    "ESCAPED": "A player's `status` once escaped (E1).",
    "KNOCKED_OUT": "A player's `status` once knocked out (H7).",
}
"""What the constants of :mod:`clank.plugin` that have no docstring where they are defined mean."""

EXTRA_EXAMPLES = (QUESTION_EXAMPLE, ASK_SEATS_EXAMPLE, STATE_EXAMPLE)
"""The hand-written examples that use names of :mod:`clank.plugin`."""


# ==========================================================================================
# Docstrings as Markdown
# ==========================================================================================
_ROLE = re.compile(r":(class|meth|func|data|attr|mod|obj|exc):`(~?)([\w.]+)`( s\b)?")


def md(text: str) -> str:
    """reST inline markup as Markdown: ``x`` → `x`, :class:`~a.B` → `B`, :meth:`~a.B.c` → `B.c`,
    :meth:`a.b` → `a.b`."""
    def role(m: re.Match[str]) -> str:
        kind, short, name = m.group(1), m.group(2), m.group(3)
        if short:
            parts = name.split(".")
            keep = 2 if kind in ("meth", "attr") and len(parts) > 1 and parts[-2][:1].isupper() else 1
            name = ".".join(parts[-keep:])
        return f"`{name}`" + ("s" if m.group(4) else "")

    text = _ROLE.sub(role, text)
    return re.sub(r"``(.+?)``", r"`\1`", text, flags=re.S)


def _doc(obj: Any) -> str:
    return inspect.cleandoc(obj.__doc__ or "")


def _summary(obj: Any) -> str:
    """The first paragraph of a docstring, on one line, as Markdown."""
    text = " ".join(md(_doc(obj)).split("\n\n", 1)[0].split())
    return text[:-1] + "." if text.endswith(":") else text


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!", ")")) else text + "."


def _default(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, frozenset):
        return "frozenset()" if not value else repr(value)
    return repr(value)


def signature(fn: Callable[..., Any], name: str | None = None) -> str:
    """``name(a, b=None, *, c=False)`` without ``self`` and annotations."""
    parts: list[str] = []
    star = False
    for p in inspect.signature(fn).parameters.values():
        if p.name == "self":
            continue
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        text = f"*{p.name}" if p.kind is p.VAR_POSITIONAL else f"**{p.name}" if p.kind is p.VAR_KEYWORD else p.name
        if p.default is not p.empty:
            text += f"={_default(p.default)}"
        parts.append(text)
    return f"{name or fn.__name__}({', '.join(parts)})"


def split_hook_doc(doc: str) -> dict[str, str]:
    """A hook docstring's parts: ``summary`` and the text of each of :data:`LABELS`."""
    parts: dict[str, list[str]] = {"summary": []}
    current = "summary"
    for line in doc.split("\n"):
        label = next((lab for lab in LABELS if line.startswith(lab)), None)
        if label is not None:
            current = label
            parts[current] = [line[len(label):].strip()]
        else:
            parts[current].append(line)
    out = {k: "\n".join(v).strip("\n") for k, v in parts.items()}
    if "Example::" in out:
        out["Example::"] = inspect.cleandoc("\n" + out["Example::"].strip("\n"))
    return out


# ==========================================================================================
# Markdown helpers
# ==========================================================================================
def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _python(code: str) -> list[str]:
    return ["```python", *code.rstrip("\n").split("\n"), "```"]


def _by_pack(entries: Iterable[Any]) -> list[Any]:
    """Core entries first, then each pack's (by id), each in the order they were declared."""
    entries = list(entries)
    return sorted(entries, key=lambda e: (e.pack != "core", e.pack, entries.index(e)))


# ==========================================================================================
# Hooks
# ==========================================================================================
def hook_specs() -> list[tuple[str, Callable[..., Any]]]:
    """The hook specifications in the order they are declared."""
    from clank.hookspecs import ClankSpecs

    return [(n, f) for n, f in vars(ClankSpecs).items() if n.startswith("clank_") and callable(f)]


def hook_examples() -> list[str]:
    """The example of every hook specification, in order."""
    return [split_hook_doc(_doc(fn)).get("Example::", "") for _, fn in hook_specs()]


def _hooks_section() -> list[str]:
    from clank.surface import typed_signature

    out = ["## Hooks", "",
           "One section per hook specification of `clank.hookspecs`, in the order they are declared. A "
           "pack implements a hook by defining a module-level function of the same name marked "
           "`@hookimpl`; it may take fewer parameters than the specification.", ""]
    for name, fn in hook_specs():
        parts = split_hook_doc(_doc(fn))
        opts = getattr(fn, "clank_spec", {}) or {}
        out += [f"### `{name}`", "", f"`{typed_signature(fn, name)}`", "", md(parts["summary"]), ""]
        if opts.get("firstresult"):
            out += ["*firstresult*: the hook stops at the first implementation that returns something "
                    "other than `None`.", ""]
        if opts.get("historic"):
            out += ["*historic*: a pack registered late is still called with the earlier calls.", ""]
        for label, title in (("When:", "When"), ("Parameters:", "Parameters"), ("Returns:", "Returns")):
            text = md(parts.get(label, "")).strip()
            if not text:
                continue
            if text.startswith("- "):
                out += [f"**{title}:**", "", text, ""]
            else:
                out += [f"**{title}:** {text}", ""]
        if parts.get("Example::"):
            out += ["**Example:**", "", *_python(parts["Example::"]), ""]
    return out


# ==========================================================================================
# Registry methods and the definitions they take
# ==========================================================================================
def registry_methods() -> list[tuple[str, Callable[..., Any]]]:
    """The registration methods of :class:`~clank.registry.Registry`, in declaration order."""
    from clank.registry import Registry

    return [(n, f) for n, f in vars(Registry).items()
            if inspect.isfunction(f) and (n.startswith("add_") or n == "listen")]


def _is_definition(obj: Any) -> bool:
    import clank.registry

    return (inspect.isclass(obj) and obj.__module__ == clank.registry.__name__ and obj.__name__ != "Registry"
            and (dataclasses.is_dataclass(obj) or hasattr(obj, "_fields")))


def _definition(name: str) -> Any:
    import clank.registry

    obj = getattr(clank.registry, name, None)
    return obj if _is_definition(obj) else None


def definitions_taken(fn: Callable[..., Any]) -> list[Any]:
    """The definition classes a registry method takes (by annotation), then those their
    docstrings refer to (``:class:`Payment```), each once."""
    found: list[Any] = []

    def add(cls: Any) -> None:
        if cls is not None and cls not in found:
            found.append(cls)
            for ref in re.findall(r":class:`~?(?:[\w.]+\.)?(\w+)`", cls.__doc__ or ""):
                add(_definition(ref))

    for p in inspect.signature(fn).parameters.values():
        if isinstance(p.annotation, str):
            add(_definition(p.annotation))
    return found


def kept_in(fn: Callable[..., Any]) -> tuple[str, list[Any]]:
    """The registry table a method fills, and the definition classes it builds there (beyond
    the ones it takes)."""
    from clank.registry import Registry

    source = inspect.getsource(fn)
    tables = {f.name for f in dataclasses.fields(Registry)} - {"current_pack"}
    table = next((t for t in re.findall(r"\bself\.(\w+)", source) if t in tables), "")
    pairs = re.findall(r"\bself\.(\w+)\b(?:(?!self\.).)*?\b([A-Z]\w*Def)\(", source, re.S)
    built = [_definition(name) for t, name in pairs if t == table]
    return table, [c for c in dict.fromkeys(built) if c is not None and c not in definitions_taken(fn)]


def _fields(cls: Any) -> list[tuple[str, str, str]]:
    """(name, type, default) of a dataclass or a NamedTuple."""
    rows: list[tuple[str, str, str]] = []
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                default = _default(f.default)
            elif f.default_factory is not dataclasses.MISSING:
                default = _default(f.default_factory())
            else:
                default = "required"
            rows.append((f.name, str(f.type), default))
    else:
        notes = cls.__annotations__
        for name in cls._fields:
            default = _default(cls._field_defaults[name]) if name in cls._field_defaults else "required"
            note = notes.get(name, "")
            rows.append((name, str(getattr(note, "__forward_arg__", note)), default))
    return [(n, t, "set by the registry" if n == "pack" else d) for n, t, d in rows]


def _definition_block(cls: Any) -> list[str]:
    kind = "named tuple" if hasattr(cls, "_fields") else "dataclass"
    return [f"#### {cls.__name__}", "", f"`clank.plugin.{cls.__name__}`, a {kind}. {md(_doc(cls))}", "",
            *_table(("field", "type", "default"), [(f"`{n}`", f"`{t}`", f"`{d}`" if d != "required"
                                                     and d != "set by the registry" else d)
                                                    for n, t, d in _fields(cls)]), ""]


def _registry_section() -> list[str]:
    import clank.plugin

    out = ["## Registry methods", "",
           "The hooks receive one `Registry` (`clank.plugin.Registry`), built once per set of packs and "
           "read-only during play. Each entry records the pack that registered it "
           "(`registry.current_pack` while a pack's hook runs); a name registered twice raises "
           "`RegistryError` naming both packs, except for the methods that append to a list "
           "(`listen`, `add_modifier`, `add_scorer`, `add_tiebreaker`, `add_payment_option`, `add_render`). "
           "Each function registered is checked against what the engine calls it with (a wrong number of "
           "parameters is refused at the registering line). When every pack has registered, "
           "`Registry.finish` checks what depends on the whole set: a listener of an undeclared event, or a "
           "modifier of an undeclared value, is an error naming the pack and the nearest declared name; a "
           "modifier is checked against its value's context keywords. A `RegistryError` is a "
           "[pack's fault](#when-a-packs-code-is-at-fault), at the pack's registering line.",
           "",
           "Functions a pack registers that list or check things (`enumerate` of an action kind, a "
           "feature's `actions` and `may_enter`, a decision kind's `legal`, a teleport kind's `targets`, "
           "a market's `offers`, the modifiers and the question listeners) are called while legal actions "
           "are listed: they must not change the state. `check_game` verifies that an illegal action "
           "changes nothing.", ""]
    shown: dict[Any, str] = {}
    for name, fn in registry_methods():
        out += [f"### `{name}`", "", f"`{signature(fn)}`", "", md(_doc(fn)), ""]
        table, built = kept_in(fn)
        for cls in built:
            out += [f"Kept in `registry.{table}` as {'an' if cls.__name__[0] in 'AEIOU' else 'a'} "
                    f"`{cls.__name__}`: {md(_doc(cls))}", ""]
        if table and not built:
            out += [f"Kept in `registry.{table}`.", ""]
        for cls in definitions_taken(fn):
            if cls in shown:
                out += [f"`{cls.__name__}`: see [`{shown[cls]}`](#{shown[cls]}).", ""]
                continue
            shown[cls] = name
            if not hasattr(clank.plugin, cls.__name__):
                raise AssertionError(f"{name} takes {cls.__name__}, which clank.plugin does not export")
            out += _definition_block(cls)
    return out


# ==========================================================================================
# Events, statistics, modifiable values
# ==========================================================================================
def _payload(name: str, payload: Sequence[str]) -> str:
    from clank.plugin import EVENT_PAYLOADS

    typed = EVENT_PAYLOADS.get(name)
    notes = getattr(typed, "__annotations__", {})
    keys = ", ".join(f"`{k}` ({getattr(notes[k], '__forward_arg__', notes[k])})" if k in notes else f"`{k}`"
                     for k in payload)
    head = f"`{typed.__name__}`" if typed is not None else ""
    return f"{head}: {keys}" if head and keys else head or keys or "—"


def _events_section(registry: Registry) -> list[str]:
    events = [e for e in _by_pack(registry.events.values()) if not e.question]
    questions = [e for e in _by_pack(registry.events.values()) if e.question]
    out = ["## Events", "",
           "The core and the packs announce these with `game.emit(name, **payload)`. A listener "
           "registered with `registry.listen(name, fn)` is called as `fn(game, event)`, where `event` is "
           "`{\"event\": name, **payload}`, synchronously where the event is announced, listeners in "
           "registration order (the core's, then the packs' in dependency order). A pack declares the "
           "events it announces with `registry.add_event(name, doc, payload)`; the payload types of the "
           "core's events are the `TypedDict`s of `clank.plugin`.", "",
           *_table(("event", "payload", "when", "pack"),
                   [(f"`{e.name}`", _payload(e.name, e.payload), e.doc, e.pack) for e in events]), "",
           "### Questions", "",
           "A question is an event the core asks before it offers something: every listener is called, and "
           "one that returns `False` refuses (any other answer allows). Questions are asked while legal "
           "actions are listed, so their listeners must not change the state.", "",
           *_table(("question", "payload", "asked", "pack"),
                   [(f"`{e.name}`", _payload(e.name, e.payload), e.doc, e.pack) for e in questions]), "",
           "A `discovery_ok` listener that keeps a region narrow:", "", *_python(QUESTION_EXAMPLE), "",
           "### Statistics", "",
           "Counted per player for the whole game (`player.stats`) and for the current turn "
           "(`game.turn_stat(name)`) with `game.bump(seat, name, n)`; conditions such as "
           "`turn_stat_at_least` read them. A pack declares those it counts with `registry.add_stat`; every "
           "resource has its `<name>_gained` statistic.", "",
           *_table(("statistic", "what", "pack"),
                   [(f"`{s.name}`", s.doc, s.pack) for s in _by_pack(registry.stats.values())]), "",
           "### Turn flags", "",
           "Set for the rest of the turn by `game.set_flag(name)` or the `turn_flag` op, read with "
           "`game.has_flag(name)` (and by a tunnel icon's `cost_ignored_by` / `damage_ignored_by`). A pack "
           "declares each flag its code reads with `registry.add_flag(name, doc)`: content that sets a flag "
           "no loaded pack declares is an error at its line, with the nearest declared one.", "",
           *_table(("flag", "what", "pack"),
                   [(f"`{f.name}`", f.doc, f.pack) for f in _by_pack(registry.flags.values())]), "",
           "### Game options", "",
           "Given to `new_game(..., options={...})` and `clank play -o name=value`; a pack reads them in "
           "`clank_configure` (to check and normalise them) and in play from `game.options`. "
           "A pack declares each option it reads with `registry.add_option(name, doc)`: a game given an "
           "option no loaded pack declares is refused with `SetupError`, naming the nearest declared one "
           "(a slot region's `side_option` counts as declared).", "",
           *_table(("option", "what", "pack"),
                   [(f"`{o.name}`", o.doc, o.pack) for o in _by_pack(registry.options.values())]), ""]
    return out


def _modifiables_section(registry: Registry) -> list[str]:
    return ["## Modifiable values", "",
            "Code that computes one of these values folds it with `game.modify(name, value, **context)`: "
            "every function registered with `registry.add_modifier(name, fn)` is called in registration "
            "order as `fn(game, value, **context)` and returns the new value. A pack declares the values it "
            "folds with `registry.add_modifiable(name, doc, context)`; a modifier of an undeclared value is "
            "refused when the registry is finished. Most are folded while legal actions are listed, so a "
            "modifier must not change the state (`tunnel_damage` says with `paying` when the move is really "
            "paid).", "",
            *_table(("value", "context", "what", "pack"),
                    [(f"`{m.name}`", ", ".join(f"`{c}`" for c in m.context) or "—", m.doc, m.pack)
                     for m in _by_pack(registry.modifiables.values())]), ""]


def _looking_back_section(registry: Registry) -> list[str]:
    def how(value: bool | str) -> str:
        return {"room": "by room", True: "after actions"}.get(value, "no")

    return ["## Conditions that look back", "",
            "A card's \"if X\" counts when X holds at any moment of the turn (C11). In `play` and `defeat` "
            "effects an `if` without `else` waits for X to hold later (a C11 watcher); a condition registered "
            "with `registry.add_condition(..., looks_back=...)` also counts when it held earlier this turn "
            "and no longer does (C11 default (a)). `looks_back=\"room\"` is for a condition that reads only "
            "where the pawn is: the engine works out its value once per room and records it when the turn "
            "starts and whenever the pawn's room changes. `looks_back=True` is for one that reads more (what "
            "the player holds or has in play): it is sampled when the turn starts and after every action, "
            "while a card that uses it could still be played or fought. Leave it off for a guard of what an "
            "op then uses (`can_pay`) and for what never falls within a turn (a statistic). Only conditions "
            "that loaded content uses in `play` and `defeat` effects are tracked; what held is turn state "
            "(`turn.held`). A rule that makes such a condition true and false again inside one action calls "
            "`game.note_moment()` in between. Which cards this concerns: `docs/conditions.md` of the engine's "
            "repository.", "",
            *_table(("condition", "looks back", "pack"),
                    [(f"`{c.name}`", how(c.looks_back), c.pack) for c in _by_pack(registry.conditions.values())]),
            ""]


# ==========================================================================================
# The contract: clank.plugin
# ==========================================================================================
def _attribute_docs(module: ModuleType) -> dict[str, tuple[str, str]]:
    """(docstring, section comment) of the module-level names a module assigns."""
    source = inspect.getsource(module)
    lines = source.split("\n")
    tree = ast.parse(source)
    out: dict[str, tuple[str, str]] = {}
    body = tree.body
    for i, node in enumerate(body):
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = [n.id for t in targets for n in (t.elts if isinstance(t, ast.Tuple) else [t])
                 if isinstance(n, ast.Name)]
        nxt = body[i + 1] if i + 1 < len(body) else None
        doc = (nxt.value.value if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
               and isinstance(nxt.value.value, str) else "")
        comment = next((line.strip("# -").strip() for line in reversed(lines[:node.lineno - 1])
                        if line.startswith("# --")), "")
        for name in names:
            out[name] = (inspect.cleandoc(doc), comment)
    return out


def _constant_docs() -> dict[str, tuple[str, str]]:
    """What :mod:`clank.plugin` and the modules it imports constants from say about them."""
    import importlib

    import clank.plugin

    docs: dict[str, tuple[str, str]] = {}
    for node in ast.parse(inspect.getsource(clank.plugin)).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("clank."):
            docs.update(_attribute_docs(importlib.import_module(node.module)))
    docs.update(_attribute_docs(clank.plugin))
    return docs


def is_callback_type(obj: Any) -> bool:
    """Whether ``obj`` types a function a pack registers: a protocol, or a callable type alias
    (``Modifier``, ``Cond``)."""
    import collections.abc

    return bool(getattr(obj, "_is_protocol", False)) or typing.get_origin(obj) is collections.abc.Callable


def contract_groups() -> dict[str, list[str]]:
    """The names :mod:`clank.plugin` exports, grouped: types, definitions, callback types, event
    payloads, functions and markers, constants."""
    import clank.plugin

    groups: dict[str, list[str]] = {"types": [], "definitions": [], "callback types": [], "event payloads": [],
                                    "functions and markers": [], "constants": []}
    for name in sorted(clank.plugin.__all__):
        obj = getattr(clank.plugin, name)
        if name.isupper():
            groups["constants"].append(name)
        elif is_callback_type(obj):
            groups["callback types"].append(name)
        elif typing.is_typeddict(obj):
            groups["event payloads"].append(name)
        elif _is_definition(obj):
            groups["definitions"].append(name)
        elif inspect.isclass(obj):
            groups["types"].append(name)
        else:
            groups["functions and markers"].append(name)
    return groups


def _contract_section(registry: Registry) -> list[str]:
    import clank.plugin

    groups = contract_groups()
    docs = _constant_docs()

    def where(obj: Any) -> str:
        module = getattr(obj, "__module__", "") or ""
        return f"`{module}`" if module.startswith("clank") else ""

    def what(name: str) -> str:
        obj = getattr(clank.plugin, name)
        if name == "hookimpl" or (is_callback_type(obj) and not inspect.isclass(obj)):
            return _sentence(md(docs.get(name, ("", ""))[0]).split("\n\n")[0]) or "The hook implementation marker."
        return _summary(obj)

    out = ["## The contract: `clank.plugin`", "",
           md(_doc(clank.plugin).split("\n\n", 1)[0]), "",
           "A pack imports `clank.plugin` (and `clank` for the public API), nothing else of the engine. "
           "What it exports, grouped:", "",
           "### Types", "",
           *_table(("name", "what", "defined in"),
                   [(f"`{n}`", what(n), where(getattr(clank.plugin, n))) for n in groups["types"]]), "",
           "### Definitions", "",
           "What the registry methods take and the callbacks receive (their fields are listed under the "
           "method that takes them).", "",
           *_table(("name", "what"), [(f"`{n}`", what(n)) for n in groups["definitions"]]), "",
           "### Callback types", "",
           "The type of each function a pack registers; how the engine calls each is in the "
           "[reference](#callback-types).", "",
           *_table(("name", "what"), [(f"`{n}`", what(n)) for n in groups["callback types"]]), "",
           "### Event payloads", "",
           *_table(("name", "what"), [(f"`{n}`", what(n)) for n in groups["event payloads"]]), "",
           "### Functions and markers", "",
           *_table(("name", "what"), [(f"`{n}`", what(n)) for n in groups["functions and markers"]]), "",
           "### Constants", ""]
    rows = []
    for name in groups["constants"]:
        value = getattr(clank.plugin, name)
        doc, comment = docs.get(name, ("", ""))
        text = md(doc) or CONSTANTS.get(name, "") or _sentence(md(comment))
        if isinstance(value, str) and value in registry.modifiables and not doc:
            text = f"The modifiable value: {md(registry.modifiables[value].doc)}"
        if isinstance(value, str | int):
            shown = f"`{_default(value)}`"
        elif isinstance(value, tuple):
            shown = ", ".join(f"`{_default(v)}`" for v in value)
        else:
            shown = f"a `{type(value).__name__}` of {len(value)}"
        rows.append((f"`{name}`", shown, " ".join(text.split())))
    out += [*_table(("name", "value", "what"), rows), ""]
    return out


# ==========================================================================================
# Pausing, state, testing
# ==========================================================================================
def _method_rows(pairs: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    import clank.plugin
    from clank.game.table import Table

    classes = {"Table": Table, "Game": clank.plugin.Game, "EffectContext": clank.plugin.EffectContext}
    rows = []
    for owner, name in pairs:
        fn = getattr(classes[owner], name)
        receiver = "ctx" if owner == "EffectContext" else "game"
        rows.append((f"`{signature(fn, f'{receiver}.{name}')}`", " ".join(md(_doc(fn)).split())))
    return rows


def _pausing_section(registry: Registry) -> list[str]:
    kinds = _by_pack(registry.decision_kinds.values())
    return ["## Pausing for a choice", "",
            "A pause is data, never a suspended Python frame: the pending decision is a JSON-ready dict, "
            "`game.pending_decision`, with at least `kind` and `seat` (usually also `src`, the card or token it "
            "comes from, and `prompt`), so a game can be saved, cloned and replayed while it waits. The "
            "deciding seat may be any seat, on any seat's turn; `game.current_player` is that seat. The "
            "decision kind's `legal(game, decision)` lists the answers (never empty, in a fixed order) and "
            "`resolve(game, decision, action)` carries one out, after which the effect queue resumes where "
            "it stopped. There is one way to pause, whatever asks:", "",
            *_table(("call", "what it does"), _method_rows(PAUSING)), "",
            "Inside an op, `ctx.ask(...)` pauses at once. From a room feature, a listener or a step, prefer "
            "`game.ask_later`, so that two questions raised at the same moment are asked one after the "
            "other. Out-of-turn decisions of other seats, in order, are `game.ask_seats`: here every live "
            "player, clockwise from the one who played the card, answers in turn.", "",
            *_python(ASK_SEATS_EXAMPLE), "",
            "The decision kinds the loaded packs register (the main decision of a turn, kind `main`, is not "
            "one of them: it is the turn's own list of actions):", "",
            *_table(("kind", "what is decided", "pack"), [(f"`{d.name}`", d.doc, d.pack) for d in kinds]), ""]


def _state_section() -> list[str]:
    return ["## State a pack may keep", "",
            "Everything a pack keeps lives in the game state, as JSON-ready data (it is saved, cloned and "
            "replayed): `player.ext[pack]` for a player's part, `game.ext[pack]` for the game's, "
            "`game.turn.ext` for the current turn (reset at every turn start), turn flags for a "
            "turn's abilities, `game.room(room)` for a room (read it with `game.room_state(room)`, which "
            "never writes: what runs while legal actions are listed must not change the game), and "
            "pieces for things on the map. Key pack data by the pack id. Random draws go through "
            "`game.rng` (`below`, `shuffle`, `pick`), never Python's `random`.", "",
            *_table(("call", "what it does"), _method_rows(KEEPING)), "",
            "Everything above appears in a seat's view, which hides only what the core knows to be hidden "
            "(decks, other hands, stacks, pools, the bag's contents, tokens held face down). A pack with "
            "secrets of its own removes them with the `player_view` modifier (one player's data) or the "
            "`view` modifier (the whole view):", "",
            *_python(STATE_EXAMPLE), ""]


def _testing_section(shipped: bool) -> list[str]:
    import clank.testing

    rows = [(f"`{signature(getattr(clank.testing, n))}`", _summary(getattr(clank.testing, n)))
            for n in clank.testing.__all__ if callable(getattr(clank.testing, n))]
    more = "" if shipped else " (a worked example is in [api.md](api.md#testing-a-position))"
    paragraphs = md(_doc(clank.testing)).split("\n\n")
    return ["## Testing a pack", "",
            *[p for para in paragraphs for p in (para, "")],
            f"Every pack's test suite runs `{signature(clank.testing.check_game)}` on itself; pass "
            "`modules={\"mypack\": module}` to `check_game` or `new_game` to test a pack module that is "
            "not installed.", "",
            *_python(TESTING_EXAMPLE), "",
            f"The helpers of `clank.testing`{more}:", "",
            *_table(("helper", "what it does"), rows), ""]


# ==========================================================================================
# The guide
# ==========================================================================================
def plugin_names_used(codes: Iterable[str]) -> list[str]:
    """The names of :mod:`clank.plugin` the examples use, sorted."""
    import clank.plugin

    text = "\n".join(codes)
    return sorted(n for n in clank.plugin.__all__ if re.search(rf"(?<![\w.\"]){re.escape(n)}\b(?!\")", text))


def _loading_section(registry: Registry, shipped: bool) -> list[str]:
    import clank.hookspecs
    from clank.plugins import ENTRY_POINT_GROUP, REGISTER_HOOKS

    intro = md(_doc(clank.hookspecs)).split("\n\n")
    order = ", ".join(f"`{h}`" for h in REGISTER_HOOKS)
    packs = sorted({e.pack for e in registry.events.values()} | {m.pack for m in registry.modifiables.values()}
                   | {s.pack for s in registry.stats.values()} | {o.pack for o in registry.options.values()},
                   key=lambda p: (p != "core", p))
    return ["## How a pack is loaded", "",
            *[p for para in intro[1:] for p in (para, "")],
            "In plain words:", "",
            f"1. **Found.** An installed pack is a module named in the entry-point group `{ENTRY_POINT_GROUP}` "
            "of its distribution (`catacombs = \"clank_catacombs\"`); a directory pack is a folder with a "
            "`pack.yaml` and no code (loading it never runs code).",
            "2. **Ordered.** The packs are put in dependency order: each after the packs its `pack.yaml` "
            "`requires`, ties by id. One pluggy plugin manager per set of packs holds the core's own plugin "
            "(named `core`) and then the pack modules in that order; a misspelt hook name or hook argument "
            "in a pack fails at once, naming the nearest ([faults](#when-a-packs-code-is-at-fault)).",
            f"3. **Asked once.** Each registration hook is called once, through pluggy (hook wrappers and "
            f"tracing apply), in this order: {order}. While a pack's implementation runs, the registry knows "
            "which pack registers (every entry records it) and checks each function against the engine's "
            "call.",
            "4. **Content.** The pack's YAML is validated against schemas composed from the registry (an "
            "unknown op or feature is an error at its line), its names are checked, then every pack's "
            "`clank_check_content` judges the structure its rules need of the content of all the packs "
            "loaded together; then the content is compiled once.",
            "5. **Played.** `new_game` calls `clank_configure` once per game, before setup. During play the "
            "engine reads the registry's plain tables; the plugin manager is never called.", "",
            f"This guide lists what the core and the packs {', '.join(f'`{p}`' for p in packs if p != 'core')} "
            "declare, each entry marked with the pack that declares it.", ""]


def render_guide(registry: Registry, *, shipped: bool = False) -> str:
    """The hooks guide (Markdown) for the hook specifications, the registry methods, the contract
    of :mod:`clank.plugin` and what ``registry`` holds.

    ``shipped`` renders the copy ``clank docs hooks`` prints for an installed engine, which has no
    ``docs/`` beside it: it links no other page.
    """
    from clank.guides.reference import reference_section

    made_by = "`clank docs hooks`" if shipped else "`python -m clank.guides.hookguide`"
    codes = [*hook_examples(), *EXTRA_EXAMPLES]
    imports = plugin_names_used(codes)
    see = ("The YAML side of a pack is in the authoring guide (`clank docs authoring`). " if shipped else
           "The YAML side of a pack is in [content-format.md](content-format.md) and the generated "
           "[authoring guide](authoring.md); how the engine works inside is in "
           "[architecture.md](architecture.md), and the Python API of a game in [api.md](api.md). ")
    runs = ("" if shipped else "Every Python block of this page runs: `tests/test_docs.py` executes them in "
            "order and calls each `clank_register_*` function they define with a fresh `Registry`. ")
    out = [f"<!-- Generated by {made_by} from the hook specifications, the Registry, clank.plugin",
           "     and what the packs declare. Do not edit by hand: change the code, then regenerate. -->", "",
           "# Writing a pack: hooks, registry, events", "",
           "A pack gives meaning to content: its YAML says which cards, tiles and tokens there are, its "
           "Python code says what they do, through the hooks of `clank.hookspecs`, the `Registry` they "
           f"fill, the events they listen to and the values they modify. {see}The base game, the "
           "`catacombs` pack, is written entirely with what is described here.", "",
           "Contents: [how a pack is loaded](#how-a-pack-is-loaded), [hooks](#hooks), "
           "[registry methods](#registry-methods), [events](#events), "
           "[modifiable values](#modifiable-values), [the contract](#the-contract-clankplugin), "
           "[faults](#when-a-packs-code-is-at-fault), "
           "[pausing for a choice](#pausing-for-a-choice), [state a pack may keep](#state-a-pack-may-keep), "
           "[testing a pack](#testing-a-pack), and the [reference](#reference) of what a pack's code "
           "receives (`Game`, `EffectContext`, `SeatView`, `Registry`, the content's definitions, the "
           "callback types).", "",
           f"{runs}The examples use these names of the contract:", "",
           *_python(f"from clank.plugin import {', '.join(imports)}\n"), ""]
    out += _loading_section(registry, shipped)
    out += _hooks_section()
    out += _registry_section()
    out += _events_section(registry)
    out += _modifiables_section(registry)
    out += _looking_back_section(registry)
    out += _contract_section(registry)
    out += _pausing_section(registry)
    out += _state_section()
    out += faults_section()
    out += _testing_section(shipped)
    out += reference_section()
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"


# ==========================================================================================
# python -m clank.guides.hookguide
# ==========================================================================================
def main(argv: Sequence[str] | None = None) -> int:
    """``python -m clank.guides.hookguide [--packs IDS] [-o FILE]``: print (or write) the guide."""
    return guide_main("clank.guides.hookguide", "Generate the hooks guide (Markdown).", render_guide, argv)


__all__ = ["GUIDE_PACKS", "contract_groups", "definitions_taken", "hook_examples", "hook_specs", "main", "md",
           "plugin_names_used", "registry_methods", "render_guide", "signature", "split_hook_doc"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
