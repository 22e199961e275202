"""Room feature strings: parsing them, and checking every one a pack writes.

A feature is written ``name`` or ``name(argument)`` (``"crypt"``, ``"reward_gold(2)"``,
``"artifact(plus=1)"``) in a tile room's ``features``, a token's ``on_enter_feature`` and the
setup's ``idols_in`` and ``start_feature``. Each must name a registered room feature and
give it an argument its schema accepts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from clank.content.locator import JsonPath
from clank.content.packdata import PackData, as_dict, as_list
from clank.content.problems import did_you_mean

if TYPE_CHECKING:   # the game imports parse_feature: the validator stays out of its imports
    from clank.content.packread import Context

_FEATURE = re.compile(r"^([a-z_][a-z0-9_]*)(?:\((.*)\))?$")


def parse_feature(text: str) -> tuple[str, Any]:
    """Parse a room feature string: ``"artifact(plus=1)"`` -> ``("artifact", {"plus": 1})``.

    ``"reward_gold(2)"`` -> ``("reward_gold", 2)``; ``"crypt"`` -> ``("crypt", None)``;
    ``"x()"`` -> ``("x", {})``; several positional values give a list. Values are integers,
    ``true``/``false`` or words. Raises ``ValueError`` on malformed text.
    """
    m = _FEATURE.match(text.strip())
    if not m:
        raise ValueError(f"malformed room feature {text!r}: write name or name(argument)")
    name, raw = m.group(1), m.group(2)
    if raw is None:
        return name, None
    if not raw.strip():
        return name, {}
    parts = [p.strip() for p in raw.split(",")]
    if all("=" in p for p in parts):
        out: dict[str, Any] = {}
        for part in parts:
            key, _, value = part.partition("=")
            key = key.strip()
            if not re.fullmatch(r"[a-z_][a-z0-9_]*", key) or key in out:
                raise ValueError(f"malformed room feature {text!r}: bad or repeated argument name {key!r}")
            out[key] = _feature_value(value.strip(), text)
        return name, out
    if any("=" in p for p in parts):
        raise ValueError(f"malformed room feature {text!r}: do not mix name=value and plain values")
    values = [_feature_value(p, text) for p in parts]
    return name, values[0] if len(values) == 1 else values


def _feature_value(raw: str, text: str) -> Any:
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if raw in ("true", "false"):
        return raw == "true"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", raw):
        return raw
    raise ValueError(f"malformed room feature {text!r}: bad value {raw!r}")


def check_features(ctx: Context, pack: PackData) -> None:
    """Every feature string of one pack: tile rooms and the setup's ``start_feature`` (feature
    names elsewhere are ``x-ref: feature`` references, checked with the others)."""
    for i, tile in enumerate(pack.tiles):
        if isinstance(tile, dict):
            _check_tile_features(ctx, pack, tile, (i,))
    if isinstance(pack.setup.get("start_feature"), str):
        _check_feature(ctx, pack, "setup", ("start_feature",), pack.setup["start_feature"])


def _check_tile_features(ctx: Context, pack: PackData, tile: dict[str, Any], path: JsonPath) -> None:
    rooms = tile.get("rooms")
    for rid, room in as_dict(rooms).items():
        for j, text in enumerate(as_list(as_dict(room).get("features"))):
            if isinstance(text, str):
                _check_feature(ctx, pack, "tiles", (*path, "rooms", rid, "features", j), text)


def _check_feature(ctx: Context, pack: PackData, kind: str, path: JsonPath, text: str) -> None:
    """A feature string names a registered room feature, with a valid argument."""
    try:
        name, arg = parse_feature(text)
    except ValueError as exc:
        ctx.problems.append(pack.problem(kind, path, "feature-syntax", str(exc)))
        return
    fdef = ctx.registry.room_features.get(name)
    if fdef is None:
        ctx.problems.append(pack.problem(kind, path, "unknown-feature", f"unknown room feature {name!r}"
                                         + did_you_mean(name, ctx.registry.room_features)))
        return
    if fdef.arg_schema is None:
        if arg is not None:
            ctx.problems.append(pack.problem(kind, path, "feature-arg", f"room feature {name!r} takes no argument"))
        return
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import SchemaError

    from clank.content.schema_words import value_message

    try:
        errors = sorted(Draft7Validator(fdef.arg_schema).iter_errors(arg), key=lambda e: list(e.path))
    except SchemaError:
        return
    for err in errors[:1]:
        ctx.problems.append(pack.problem(kind, path, "feature-arg",
                                         f"room feature {name!r}: {value_message(err, 'its argument', name + '({})')}"))
