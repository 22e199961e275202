"""The documented surface a pack's code programs against, and a check that it uses nothing else.

A pack's callbacks receive a game (``game``: ``clank.plugin.Game``, the engine's
:class:`~clank.game.table.Table`), an
:class:`~clank.game.effects.EffectContext` (``ctx``) or a :class:`~clank.game.view.SeatView`
(``view``). Their *surface* is every public member that carries a docstring: methods,
properties, and the attributes a class declares with a docstring below its annotation
(``registry: Registry`` then ``\"\"\"What the loaded packs registered ...\"\"\"``). The generated
reference of ``docs/hooks.md`` lists exactly these (:func:`members`); a member without a
docstring is not part of the contract, and neither is what :data:`BELOW_CONTRACT` names.

:func:`surface_problems` reads a pack's Python files (never imports them) and reports each
attribute it reads or sets on such a value that is not on the surface, one line each::

    clank_mypack/ops.py:12:9: error[surface]: `game.state` is not part of the documented surface of Game: ...

The value's type comes from the parameter's annotation (``game: Game``, ``view: SeatView``,
``ctx: EffectContext``) or, unannotated, from the conventional parameter names (``game`` and
``g``: a game or a seat's view; ``view``; ``ctx``, whose ``ctx.game`` is a game).
"""

from __future__ import annotations

import ast
import difflib
import functools
import inspect
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BELOW_CONTRACT: dict[str, str] = {
    "state": "read the game through its documented members (`row`, `players`, `turn`, `pools`, `options` ...)",
    "ruleset": "read the content through `card_defs`, `token_defs`, `tile_defs`, `compiled_op` and `memo`",
    "scoring": "the engine's mark while it counts scores (`counts_as` already follows it)",
    "reserve_memo": "a memo of the engine's market rules",
    "row_memo": "a memo of the engine's market rules",
    "cost_reads": "a memo of the engine's movement rules",
    "lookback_memo": "a memo of the engine's C11 bookkeeping",
}
"""The members reachable on a game or a view that are the engine's own, not the pack contract,
and where to look instead (every public attribute of a game is either documented or named here:
``tests/test_surface.py``)."""

GAME, VIEW, CONTEXT = "Game", "SeatView", "EffectContext"
CONVENTIONAL = {"game": (GAME, VIEW), "g": (GAME, VIEW), "view": (VIEW,), "ctx": (CONTEXT,)}
"""Unannotated parameters taken to be surface values, by name: ``game`` (and ``g`` in a short
lambda) is a game, or a seat's view where a bot names it so; ``view`` a view; ``ctx`` an effect
context."""

_BANNER = re.compile(r"^\s*# (?:=+\n\s*# (?P<title>[^\n=]+?)\s*\n\s*# =+|-- (?P<sub>[^-\n][^\n]*?) -+)\s*$", re.M)


@dataclass(frozen=True)
class Member:
    """One documented member of a surface type: its name, its kind (``method``, ``property``,
    ``attribute``), its typed signature (``row -> list[str | None]``), its docstring, the class
    that defines it and the section of that class it sits in."""

    name: str
    kind: str
    signature: str
    doc: str
    owner: str
    section: str


def surface_types() -> dict[str, type]:
    """The types a pack's callbacks receive, by the name the contract gives them."""
    from clank.game.effects import EffectContext
    from clank.game.table import Table
    from clank.game.view import SeatView

    return {GAME: Table, CONTEXT: EffectContext, VIEW: SeatView}


def _attribute_docs(cls: type) -> dict[str, tuple[str, str]]:
    """The attributes a class body declares as ``name: type`` followed by a docstring:
    name -> (type, docstring)."""
    try:
        tree = ast.parse(inspect.getsource(cls))
    except (OSError, TypeError):     # no source (a compiled build): no declared attributes
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    out: dict[str, tuple[str, str]] = {}
    for node, after in zip(body, body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            out[node.target.id] = (ast.unparse(node.annotation), inspect.cleandoc(after.value.value))
    return out


def _sections(cls: type) -> list[tuple[int, str]]:
    """(line in the class's source, title) of each banner comment that opens a section."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return []
    out = []
    for m in _BANNER.finditer(source):
        title = (m.group("title") or m.group("sub") or "").strip()
        out.append((source.count("\n", 0, m.start()), title[:1].upper() + title[1:]))
    return out


def _line_in(cls: type, name: str) -> int:
    """The line of a member's definition within its class's source (0 when unknown)."""
    try:
        lines, start = inspect.getsourcelines(cls)
    except (OSError, TypeError):
        return 0
    pattern = re.compile(rf"^\s*(?:def {name}\b|{name}\s*:|__slots__ = .*\"{name}\":|\"{name}\":)")
    return next((i for i, line in enumerate(lines) if pattern.match(line)), 0)


def _unwrap(obj: Any) -> Any:
    if isinstance(obj, staticmethod | classmethod):
        return obj.__func__
    if isinstance(obj, property):
        return obj.fget
    return obj


def typed_signature(fn: Any, name: str, *, is_property: bool = False) -> str:
    """``name(a: int, b: str = "x") -> bool`` (``self`` and ``cls`` left out); for a property
    ``name -> type``. Annotations are shown as the source writes them."""
    sig = inspect.signature(fn)
    ret = sig.return_annotation
    ret_text = "" if ret is inspect.Signature.empty else f" -> {_AsWritten(ret) if isinstance(ret, str) else inspect.formatannotation(ret)}"
    if is_property:
        return f"{name}{ret_text}"
    params = [_as_written(p) for p in sig.parameters.values() if p.name not in ("self", "cls")]
    return f"{name}{inspect.Signature(params)}{ret_text}"


def _as_written(p: inspect.Parameter) -> inspect.Parameter:
    """A parameter whose text annotation shows unquoted and whose text default shows as
    ``"x"`` (as the rest of the guide writes defaults)."""
    if isinstance(p.annotation, str):
        p = p.replace(annotation=_AsWritten(p.annotation))
    if isinstance(p.default, str):
        p = p.replace(default=_AsWritten(json.dumps(p.default)))
    return p


class _AsWritten(str):
    """An annotation kept as text (``from __future__ import annotations``), shown without quotes."""

    def __repr__(self) -> str:
        return str(self)


def _own_members(cls: type, shared: Iterable[str] = ()) -> Iterator[Member]:
    sections = _sections(cls)
    declared = _attribute_docs(cls)
    names = [n for n in cls.__dict__ if not n.startswith("_")]
    if isinstance(cls.__dict__.get("__slots__"), dict):
        names = [n for n in cls.__dict__["__slots__"] if not n.startswith("_")] + names
    names += [n for n in declared if n not in names]
    lines = {name: _line_in(cls, name) for name in names}
    for name in sorted(names, key=lambda n: lines[n] or len(lines) * 1000):
        if name in BELOW_CONTRACT or name in shared:
            continue
        line = lines[name]
        section = next((title for at, title in reversed(sections) if at <= line), "") if line else ""
        if name in declared and name not in cls.__dict__:
            kind, sig, doc = "attribute", f"{name}: {declared[name][0]}", declared[name][1]
        else:
            raw = cls.__dict__[name]
            fn = _unwrap(raw)
            if isinstance(raw, property):
                kind, sig = "property", typed_signature(fn, name, is_property=True)
            elif callable(fn):
                kind, sig = "method", typed_signature(fn, name)
            elif type(raw).__name__ == "member_descriptor":      # a documented slot
                kind, sig = "attribute", name
            else:
                continue                                          # a class constant: not a member
            doc = inspect.getdoc(raw) or ""
        yield Member(name, kind, sig, doc, cls.__name__, section or ("Attributes" if kind == "attribute" else ""))


@functools.cache
def members(type_name: str) -> tuple[Member, ...]:
    """The public members of a surface type (``Game``, ``SeatView``, ``EffectContext``): those
    of each class of its ancestry that belongs to the engine, the most basic class first, each
    class's in the order it declares them; members below the contract left out. For a view,
    the rule helpers it shares with the game (:data:`clank.game.view.SHARED`) follow its own."""
    cls = surface_types()[type_name]
    found: dict[str, Member] = {}
    for klass in reversed(cls.__mro__):
        if not klass.__module__.startswith("clank."):
            continue
        for m in _own_members(klass):
            found.pop(m.name, None)
            found[m.name] = m
    if type_name == VIEW:
        from clank.game.view import SHARED

        game = {m.name: m for m in members(GAME)}
        for name in SHARED:
            if name not in found:
                m = game[name]
                found[name] = Member(name, m.kind, m.signature, m.doc, m.owner, "Rule helpers shared with the game")
    return tuple(found.values())


@functools.cache
def allowed(type_name: str) -> frozenset[str]:
    """The attribute names a pack may use on a value of a surface type."""
    return frozenset(m.name for m in members(type_name))


# ==========================================================================================
# The check
# ==========================================================================================
def _annotated_type(annotation: ast.expr | None) -> tuple[str, ...] | None:
    """The surface types an annotation names (``Game``, ``"SeatView"``, ``plugin.Game``,
    ``Game | SeatView``), or None."""
    if annotation is None:
        return None
    text = annotation.value if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) \
        else ast.unparse(annotation)
    found = tuple(t for t in (GAME, VIEW, CONTEXT) if re.search(rf"(?<![\w]){t}\b", text))
    return found or None


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.scopes: list[dict[str, tuple[str, ...]]] = [{}]
        self.problems: list[str] = []

    def _bind(self, args: ast.arguments) -> dict[str, tuple[str, ...]]:
        scope = dict(self.scopes[-1])
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            types = _annotated_type(a.annotation) or CONVENTIONAL.get(a.arg)
            if types:
                scope[a.arg] = types
            else:
                scope.pop(a.arg, None)      # a parameter that shadows an outer surface value
        return scope

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.scopes.append(self._bind(node.args))
        self.generic_visit(node)
        self.scopes.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _scoped

    def visit_Assign(self, node: ast.Assign) -> None:
        """``game = ctx.game``, ``game, card = ctx.game, ctx.src``: the name holds what the value
        is; a conventional name (``view = game.view(seat)``) what its name says."""
        for target in node.targets:
            pairs = (zip(target.elts, node.value.elts, strict=False)
                     if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                     else [(target, node.value)])
            for name, value in pairs:
                if isinstance(name, ast.Name):
                    types = self._types_of(value) or CONVENTIONAL.get(name.id)
                    if types:
                        self.scopes[-1][name.id] = types
                    else:
                        self.scopes[-1].pop(name.id, None)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        types = _annotated_type(node.annotation)
        if types and isinstance(node.target, ast.Name):
            self.scopes[-1][node.target.id] = types
        self.generic_visit(node)

    def _types_of(self, node: ast.expr) -> tuple[str, ...] | None:
        if isinstance(node, ast.Name):
            return self.scopes[-1].get(node.id)
        if isinstance(node, ast.Attribute) and node.attr == "game" and self._types_of(node.value) == (CONTEXT,):
            return (GAME,)
        return None

    def visit_Attribute(self, node: ast.Attribute) -> None:
        types = self._types_of(node.value)
        if types is not None and not any(node.attr in allowed(t) for t in types):
            self.problems.append(self._problem(node, types))
        self.generic_visit(node)

    def _problem(self, node: ast.Attribute, types: tuple[str, ...]) -> str:
        where = f"{self.path}:{node.lineno}:{node.col_offset + 1}"
        receiver = ast.unparse(node.value)
        what = " or ".join(types)
        used = f"`{receiver}.{node.attr}`"
        if node.attr in BELOW_CONTRACT:
            return (f"{where}: error[surface]: {used} is the engine's own, not part of the documented surface "
                    f"of {what}: {BELOW_CONTRACT[node.attr]} (docs/hooks.md, \"Reference\")")
        names = sorted(set().union(*(allowed(t) for t in types)))
        near = difflib.get_close_matches(node.attr, names, n=1)
        hint = f"did you mean `{receiver}.{near[0]}`?" if near else "see docs/hooks.md, \"Reference\""
        return f"{where}: error[surface]: {used} is not part of the documented surface of {what}: {hint}"


def source_problems(source: str, path: str = "<source>") -> list[str]:
    """The uses of undocumented members in one module's source (see :func:`surface_problems`)."""
    checker = _Checker(path)
    checker.visit(ast.parse(source, filename=path))
    return checker.problems


def surface_problems(*paths: str | Path) -> list[str]:
    """Every use, in the Python files under ``paths`` (files or directories: a pack's package),
    of an attribute of a game, a seat's view or an effect context that is not part of the
    documented surface (``game.state``, ``view.ruleset``, a misspelt member ...), one line each:
    ``file:line:col: error[surface]: message``. Empty when the code keeps to the contract."""
    out: list[str] = []
    for root in map(Path, paths):
        files = sorted(root.rglob("*.py")) if root.is_dir() else [root]
        for file in files:
            out += source_problems(file.read_text(encoding="utf-8"), str(file))
    return out


__all__ = ["BELOW_CONTRACT", "CONVENTIONAL", "Member", "allowed", "members", "source_problems", "surface_problems",
           "surface_types", "typed_signature"]
