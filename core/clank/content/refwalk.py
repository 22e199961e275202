"""Finding the references content holds: the names inside effects, conditions, points, tile
rooms' features, the keys of entries and the setup, each with the path where it is written.

Control ops (``if``, ``choose``, ``may`` ...) are walked by shape; a registered op, condition,
room feature or content key is walked through its argument schema, where ``x-ref: card``
(``token``, ``tile``, ``stat``, ``pool``, ``region``, ``flag`` ...) marks a string as a name of
that kind, ``x-ref: slot`` with ``x-region: R`` a slot of region R, and ``$ref`` to the effect
or condition definition marks a nested effect or condition. The bundled schemas mark the keys
of cards, tokens, tiles and the setup the same way (a token's ``pool``, a tile's ``region``, the
resources a setup gives). A few core ops are known to hold ids even when a pack's schema for
them carries no ``x-ref``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from clank.content.checks_features import parse_feature
from clank.content.locator import JsonPath
from clank.content.packdata import as_dict, as_list
from clank.content.schemas import load_schema
from clank.registry import Registry

Ref = tuple[str, str, JsonPath]
"""A reference: ``(kind, name, path)``: kind ``card``, ``token``, ``tile`` (ids of content), a
kind content defines (``token_kind``, ``pool``, ``region``, ``slot:REGION``, ``cell``) or a
registered kind (``feature``, ``stat``, ``event``, ``teleport_kind``, ``quantity``,
``cube_kind``, ``resource``, ``flag``), path where the name is written. Every op of an effect is
also given, as ``("op", name, path)`` at its name (at the op itself when written bare), for
checks that ask where an op is used."""
_KNOWN_REFS: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    ("op", "gain_card"): ((), "card"),
    ("op", "trash"): (("card",), "card"),
    ("condition", "card_in_zones"): (("card",), "card"),
}
"""References the core's documented ops hold, for packs whose schemas carry no ``x-ref``."""


def _refs_in_args(value: Any, schema: Any, path: JsonPath, reg: Registry, depth: int = 0) -> Iterator[Ref]:
    """References inside a registered op's or condition's arguments, found through its schema."""
    if not isinstance(schema, dict) or depth > 16:
        return
    target = _target(schema)
    if target is not None and isinstance(value, str):
        yield target, value, path
    names = schema.get("propertyNames")
    key_target = _target(names) if isinstance(value, dict) and isinstance(names, dict) else None
    if key_target is not None:
        for key in value:
            if isinstance(key, str):
                yield key_target, key, (*path, key)
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if ref.endswith("#/definitions/effect"):
            yield from _refs_in_effect(value, path, reg)
        elif ref.endswith("#/definitions/condition"):
            yield from _refs_in_condition(value, path, reg)
    if isinstance(value, dict):
        props = schema.get("properties")
        for key, sub in value.items():
            sub_schema = props.get(key) if isinstance(props, dict) and key in props else schema.get("additionalProperties")
            yield from _refs_in_args(sub, sub_schema, (*path, key), reg, depth + 1)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, sub in enumerate(value):
            yield from _refs_in_args(sub, schema["items"], (*path, i), reg, depth + 1)
    for combo in ("anyOf", "oneOf", "allOf"):
        for branch in as_list(schema.get(combo)):
            yield from _refs_in_args(value, branch, path, reg, depth + 1)
    for branch in ("then", "else"):
        yield from _refs_in_args(value, schema.get(branch), path, reg, depth + 1)


def _target(schema: dict[str, Any]) -> str | None:
    """The kind of name a schema's ``x-ref`` marks: ``slot:REGION`` for a slot (``x-region``), and
    ``KIND?KEY=VALUE`` when ``x-where: {KEY: VALUE}`` says what the entry named must hold (a market
    board takes tokens of ``pool: market``)."""
    target = schema.get("x-ref")
    if target == "slot":
        return f"slot:{schema.get('x-region', '')}"
    if not isinstance(target, str):
        return None
    where = schema.get("x-where")
    if isinstance(where, dict) and len(where) == 1:
        ((key, value),) = where.items()
        return f"{target}?{key}={value}"
    return target


def _known_ref(what: str, name: str, arg: Any, path: JsonPath) -> Iterator[Ref]:
    rule = _KNOWN_REFS.get((what, name))
    if rule is None:
        return
    keys, kind = rule
    value = arg
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    if isinstance(value, str):
        yield kind, value, (*path, *keys)


def _refs_in_effect(ops: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """Every card/token/tile reference in an effect (a list of ops)."""
    if not isinstance(ops, list):
        return
    for i, op in enumerate(ops):
        p = (*path, i)
        if isinstance(op, dict) and "if" in op:
            yield from _refs_in_condition(op["if"], (*p, "if"), reg)
            yield from _refs_in_effect(op.get("then"), (*p, "then"), reg)
            yield from _refs_in_effect(op.get("else"), (*p, "else"), reg)
        elif isinstance(op, dict) and len(op) == 1:
            ((name, arg),) = op.items()
            yield from _refs_in_op(name, arg, (*p, name), reg)
        elif isinstance(op, str):        # an op without argument, written bare
            yield "op", op, p


def _refs_in_op(name: str, arg: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    yield "op", name, path          # the op itself, at its name (the structure layer reads where ops are)
    if name in ("choose", "choose_n"):
        options = arg.get("options") if name == "choose_n" and isinstance(arg, dict) else arg
        base = (*path, "options") if name == "choose_n" else path
        for j, option in enumerate(as_list(options)):
            yield from _refs_in_option(option, (*base, j), reg)
    elif name in ("may", "each_player", "each_other_player"):
        yield from _refs_in_effect(arg, path, reg)
    elif name == "per_turn" and isinstance(arg, dict):
        if isinstance(arg.get("stat"), str):
            yield "stat", arg["stat"], (*path, "stat")
        yield from _refs_in_effect(arg.get("each"), (*path, "each"), reg)
    elif name in reg.ops:
        found = list(_refs_in_args(arg, reg.ops[name].schema, path, reg))
        yield from found
        if not found:
            yield from _known_ref("op", name, arg, path)


def _refs_in_option(option: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(option, list):
        yield from _refs_in_effect(option, path, reg)
    elif isinstance(option, dict) and "do" in option:
        yield from _refs_in_condition(option.get("if"), (*path, "if"), reg)
        yield from _refs_in_effect(option.get("do"), (*path, "do"), reg)
    else:
        yield from _refs_in_single(option, path, reg)


def _refs_in_single(op: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(op, dict) and "if" in op:
        yield from _refs_in_condition(op["if"], (*path, "if"), reg)
        yield from _refs_in_effect(op.get("then"), (*path, "then"), reg)
        yield from _refs_in_effect(op.get("else"), (*path, "else"), reg)
    elif isinstance(op, dict) and len(op) == 1:
        ((name, arg),) = op.items()
        yield from _refs_in_op(name, arg, (*path, name), reg)
    elif isinstance(op, str):
        yield "op", op, path


def _refs_in_condition(cond: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """Every reference inside a condition."""
    if not isinstance(cond, dict):
        return
    for name, arg in cond.items():
        p = (*path, name)
        if name in ("any", "all") and isinstance(arg, list):
            for i, sub in enumerate(arg):
                yield from _refs_in_condition(sub, (*p, i), reg)
        elif name == "not":
            yield from _refs_in_condition(arg, p, reg)
        elif name in reg.conditions:
            found = list(_refs_in_args(arg, reg.conditions[name].schema, p, reg))
            yield from found
            if not found:
                yield from _known_ref("condition", name, arg, p)


def _refs_in_points(points: Any, path: JsonPath, reg: Registry) -> Iterator[Ref]:
    if isinstance(points, dict) and "if" in points:
        yield from _refs_in_condition(points["if"], (*path, "if"), reg)
    if isinstance(points, dict) and "per" in points:
        per = points["per"]
        for i, q in enumerate([per] if isinstance(per, str) else as_list(per)):
            if isinstance(q, str):
                yield "quantity", q, (*path, "per") if isinstance(per, str) else (*path, "per", i)


_CARD_EFFECTS = ("play", "acquire", "arrive", "use", "defeat", "on_trashed")
_TOKEN_EFFECTS = ("take", "use")


@functools.cache
def _key_refs(kind: str) -> tuple[tuple[str, str], ...]:
    """The keys of a core content kind that name something (``x-ref`` in its bundled schema):
    ``(key, kind of name)``, such as a token's ``pool`` and a tile's ``region``."""
    entry = load_schema(kind)["definitions"][kind.removesuffix("s")]
    return tuple((key, sub["x-ref"]) for key, sub in entry["properties"].items() if isinstance(sub.get("x-ref"), str))


def _refs_in_features(tile: dict[str, Any], path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """Names inside the arguments of a tile's room features (``ladder(C)``: a slot), each located
    at its feature string; a malformed or unknown feature is checked_features' to report."""
    for rid, room in as_dict(tile.get("rooms")).items():
        for i, text in enumerate(as_list(as_dict(room).get("features"))):
            try:
                name, arg = parse_feature(text) if isinstance(text, str) else ("", None)
            except ValueError:
                continue
            fdef = reg.room_features.get(name)
            if fdef is not None and fdef.arg_schema is not None and arg is not None:
                where = (*path, "rooms", rid, "features", i)
                for target, value, _ in _refs_in_args(arg, fdef.arg_schema, where, reg):
                    yield target, value, where


def entry_refs(kind: str, entry: dict[str, Any], path: JsonPath, reg: Registry) -> Iterator[Ref]:
    """References held by one card, token or tile."""
    if kind in ("cards", "tokens", "tiles"):
        for key, target in _key_refs(kind):
            if isinstance(entry.get(key), str):
                yield target, entry[key], (*path, key)
    if kind == "tiles":
        yield from _refs_in_features(entry, path, reg)
    if kind == "cards":
        for trig in _CARD_EFFECTS:
            yield from _refs_in_effect(entry.get(trig), (*path, trig), reg)
        react = entry.get("react")
        if isinstance(react, dict):
            yield from _refs_in_effect(react.get("do"), (*path, "react", "do"), reg)
        ability = entry.get("ability")
        if isinstance(ability, dict):
            yield from _refs_in_condition(ability.get("if"), (*path, "ability", "if"), reg)
            yield from _refs_in_effect(ability.get("do"), (*path, "ability", "do"), reg)
        yield from _refs_in_condition(entry.get("fight_if"), (*path, "fight_if"), reg)
        yield from _refs_in_condition(entry.get("use_if"), (*path, "use_if"), reg)
        react = entry.get("react")
        if isinstance(react, dict) and isinstance(react.get("on"), str):
            yield "event", react["on"], (*path, "react", "on")
    elif kind == "tokens":
        for trig in _TOKEN_EFFECTS:
            yield from _refs_in_effect(entry.get(trig), (*path, trig), reg)
        yield from _refs_in_condition(entry.get("use_if"), (*path, "use_if"), reg)
    for (k, key), kdef in reg.content_keys.items():    # keys packs add, walked through their schemas
        if k == kind and key in entry:
            yield from _refs_in_args(entry[key], kdef.schema, (*path, key), reg)
    yield from _refs_in_points(entry.get("points"), (*path, "points"), reg)


_NOTHING_REGISTERED = Registry()
"""The setup holds no effect or condition: its schema is walked without a registry."""


def setup_refs(setup: dict[str, Any], properties: dict[str, Any]) -> Iterator[tuple[Ref, bool]]:
    """References held by the setup (and the setups of its ``by_players``), each with whether its
    problem points at the key: every name the setup schema ``properties`` (composed with the keys
    packs add) mark with ``x-ref``: ids of cards, tokens and tiles, the token pools it builds, the
    tile stacks and regions it builds, the resources it gives, the cube kinds of the bank ..."""
    for prop, value in setup.items():
        if prop == "by_players":
            continue
        for target, name, where in _refs_in_args(value, properties.get(prop), (prop,), _NOTHING_REGISTERED):
            yield (target, name, where), where[-1] == name      # a name written as a key: at the key
    for count, entry in as_dict(setup.get("by_players")).items():   # setup for one player count
        if isinstance(entry, dict) and "by_players" not in entry:
            for (target, value, path), key in setup_refs(entry, properties):
                yield (target, value, ("by_players", count, *path)), key
