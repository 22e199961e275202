"""The "Reference" part of the hooks guide: what a pack's code receives, member by member.

Rendered from :mod:`clank.surface` (the documented members of ``Game``, ``EffectContext`` and
``SeatView``, in the order and the sections their classes declare them), the
:class:`~clank.registry.Registry`'s tables and the methods it has besides ``add_*``, the content
definitions :mod:`clank.plugin` exports (fields from the dataclasses) and the callback types of
:mod:`clank.callbacks` (each protocol's call). Every line comes from a signature or a docstring,
so ``docs/hooks.md`` cannot drift from the code (``tests/test_docs.py`` checks it is fresh).
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import typing

from clank.guides.hookguide import _constant_docs, _definition_block, _doc, _table, contract_groups, md
from clank.surface import Member, members, typed_signature

RECEIVERS = {"Game": "game", "SeatView": "view", "EffectContext": "ctx"}
"""How the reference names a value of each surface type."""

CONTENT = ("CardDef", "TokenDef", "TileDef", "TunnelDef", "PlayerState", "TurnState", "PlacedTile", "CompiledOp",
           "SlotRegion")
"""The definitions of the content and the board a pack reads, in the order the reference gives them."""

ANCHOR = "reference"


def _one_line(text: str) -> str:
    return " ".join(md(text).split())


def _member_rows(kind: str, found: tuple[Member, ...]) -> list[str]:
    receiver = RECEIVERS[kind]
    out: list[str] = []
    for section, group in itertools.groupby(found, key=lambda m: m.section):
        title = section or "Members"
        out += [f"#### {kind}: {title[:1].lower() + title[1:]}", ""]
        out += _table(("member", "what"), [(f"`{receiver}.{m.signature}`", _one_line(m.doc)) for m in group])
        out.append("")
    return out


def _surface_part(kind: str, intro: str) -> list[str]:
    from clank.surface import surface_types

    cls = surface_types()[kind]
    return [f"### `{kind}`", "", _one_line(_doc(cls).split("\n\n", 1)[0]) + " " + intro, "",
            *_member_rows(kind, members(kind))]


def _registry_part() -> list[str]:
    from clank.registry import Registry

    tables = [(f"`registry.{f.name}`", f"`{f.type}`") for f in dataclasses.fields(Registry) if f.name != "current_pack"]
    others = [(f"`registry.{typed_signature(fn, name)}`", _one_line(_doc(fn)))
              for name, fn in vars(Registry).items()
              if inspect.isfunction(fn) and not name.startswith(("_", "add_")) and name != "listen"]
    return ["### `Registry`", "", _one_line(_doc(Registry)) + " Its registration methods are "
            "[above](#registry-methods); a game reaches it as `game.registry` (a view as `view.registry`), "
            "whose tables may be read, never changed, during play:", "",
            *_table(("table", "type"), tables), "",
            "Its other methods:", "",
            *_table(("method", "what"), others), ""]


def _content_part() -> list[str]:
    import clank.plugin

    out = ["### Content and board definitions", "",
           "What `card_defs`, `token_defs`, `tile_defs`, `players`, `turn`, `tiles`, `compiled_op` and "
           "`slot_layout` give (`clank.plugin` exports each). Their fields are read-only during play, "
           "except a player's and the turn's, which rules change.", ""]
    for name in CONTENT:
        block = _definition_block(getattr(clank.plugin, name))
        out += [line.replace("set by the registry", "the pack that defines it") for line in block]
    return out


def callback_rows() -> list[tuple[str, str, str]]:
    """(name, how it is called, what it is) of every callback type :mod:`clank.plugin` exports."""
    import clank.plugin

    aliases = _constant_docs()
    rows = []
    for name in contract_groups()["callback types"]:
        obj = getattr(clank.plugin, name)
        if not inspect.isclass(obj):                 # a callable type alias (Modifier, Cond)
            rows.append((name, f"`{_alias_text(obj)}`", _one_line(aliases.get(name, ("", ""))[0])))
            continue
        calls = [f"`{typed_signature(fn, 'fn' if n == '__call__' else n)}`"
                 for n, fn in vars(obj).items() if n in ("__call__", "choose", "effect", "condition")]
        fields = [f"`.{n}: {t}`" for n, t in getattr(obj, "__annotations__", {}).items()]
        rows.append((name, "; ".join(calls + fields), _one_line(_doc(obj))))
    return rows


def _alias_text(alias: object) -> str:
    """``Callable[[Game, int], bool]`` as the reference writes it."""
    args = typing.get_args(alias)
    params = "..." if args[0] is Ellipsis else "[" + ", ".join(_name(a) for a in args[0]) + "]"
    return f"Callable[{params}, {_name(args[1])}]"


def _name(t: object) -> str:
    return getattr(t, "__forward_arg__", None) or getattr(t, "__name__", None) or str(t).replace("typing.", "")


def _callbacks_part() -> list[str]:
    import clank.callbacks

    return ["### Callback types", "",
            _one_line(_doc(clank.callbacks).split("\n\n", 1)[0]) + " Each is exported by `clank.plugin` "
            "(defined in `clank.callbacks`, `Cond` in `clank.game.effects`); the registry methods and the "
            "definitions' fields are typed with them.",
            "", *_table(("type", "called as", "what"), [(f"`{n}`", call, what) for n, call, what in callback_rows()]),
            ""]


def reference_section() -> list[str]:
    """The guide's "Reference" section (Markdown lines)."""
    return ["## Reference", "",
            "What a pack's code receives, member by member: the contract, generated from the signatures and "
            "docstrings of the engine. A callback's `game` is a `Game`, an op's `ctx` an `EffectContext`, a "
            "bot's or a renderer's `view` a `SeatView`. What is reachable on them but not listed here "
            "(`game.state`, `game.ruleset`, the engine's memos) is the engine's own and may change without "
            "notice; `clank.testing.surface_problems(path)` lists every use of it in a pack's code, at its "
            "line.", "",
            *_surface_part("Game", "What packs read of the content and the board comes first, then the "
                           "primitives rules use, then the rules packs call. The whole game built on it "
                           "(`clank.Game`: legal actions, apply, clone, save, views) is the public API of "
                           "programs (`docs/api.md`), not a callback's."),
            *_surface_part("EffectContext", "An op is called as `run(ctx, arg)`."),
            *_surface_part("SeatView", "A bot's `choose(view)` and every render callback receive one."),
            *_registry_part(),
            *_content_part(),
            *_callbacks_part()]


__all__ = ["CONTENT", "RECEIVERS", "callback_rows", "reference_section"]
