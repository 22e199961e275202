"""JSON Schemas (draft-07) of every content kind, composed with what the packs register.

The ``*.schema.json`` files of the top-level ``schemas/`` folder (shipped as the data package
``clank.schemas``) are valid on their own (a YAML editor can use
them): ops, conditions, tunnel icons and quantities are only checked for their shape there.
:func:`compose_schemas` plugs a :class:`~clank.registry.Registry` in: the registered op and
condition names become ``propertyNames`` enums (an unknown op is one precise error at its
key), their argument schemas become the properties' schemas, and packs' extra keys and
content kinds are added.

How a pack's schemas refer to the shared ones: an op argument holding ops uses
``{"$ref": "effect.schema.json#/definitions/effect"}``, one holding a condition
``{"$ref": "condition.schema.json#/definitions/condition"}``; ids use
``common.schema.json#/definitions/card_id`` (``token_id``, ``tile_id``). A schema string
annotated ``"x-ref": "card"`` (``token``, ``tile``) is checked as a reference to that kind.
Extra keys: a content schema registered as ``cards.<key>`` (``tiles.``, ``tokens.``,
``setup.``, ``pack.``) adds an allowed key; one registered under a plain name is a new
content kind (``fate_cards`` → files ``fate_cards.yaml``).

Schemas are resolved from these bundled files only: nothing is ever fetched.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import urldefrag, urljoin

from jsonschema import Draft7Validator
from jsonschema.exceptions import SchemaError
from referencing import Registry as RefRegistry
from referencing import Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT7

from clank.content.problems import Problem
from clank.content.schema_words import explain

if TYPE_CHECKING:
    from clank.content.locator import Locator
    from clank.registry import Registry

SCHEMA_BASE = "https://clank.invalid/schemas/"
"""Base URI of the bundled schemas (``.invalid``: never a network address)."""
BUNDLED = ("common", "condition", "effect", "cards", "tiles", "tokens", "setup", "pack")
"""The bundled schema files, ``<name>.schema.json``."""
FILE_KINDS = ("pack", "cards", "tiles", "tokens", "setup")
"""Content kinds the core knows as files (``pack`` is the manifest, ``pack.yaml``)."""
CONTROL_OPS = ("if", "choose", "choose_n", "may", "each_player", "each_other_player", "per_turn")
"""Ops of the effect language itself (the effect compiler implements them); packs cannot
register these names."""
COMBINATORS = ("any", "all", "not")
"""Condition combinators of the core."""
_EXTENSION_POINTS: dict[str, tuple[str, ...]] = {
    "cards": ("definitions", "card", "properties"),
    "tiles": ("definitions", "tile", "properties"),
    "tokens": ("definitions", "token", "properties"),
    "setup": ("properties",),
    "pack": ("properties",),
}

@cache
def _bundled_text(name: str) -> str:
    return resources.files("clank.schemas").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """Return a fresh copy of the bundled schema ``<name>.schema.json``."""
    result: dict[str, Any] = json.loads(_bundled_text(name))
    return result


def schema_uri(kind: str) -> str:
    """The ``$id`` of the schema of ``kind``."""
    return f"{SCHEMA_BASE}{kind}.schema.json"


def _at(schema: dict[str, Any], pointer: tuple[str, ...]) -> dict[str, Any]:
    node = schema
    for part in pointer:
        node = node[part]
    return node


def _documented(schema: Any, title: str, doc: str) -> Any:
    """Copy a registered schema, giving it a title and description when it has none."""
    out = copy.deepcopy(schema)
    if isinstance(out, dict):
        out.setdefault("title", title)
        if doc:
            out.setdefault("description", doc)
    return out


def compose_schemas(registry: Registry) -> dict[str, dict[str, Any]]:
    """Return every content schema with ``registry``'s ops, conditions and extensions plugged in.

    Keys are kinds: the bundled ``common``, ``condition``, ``effect``, ``cards``, ``tiles``,
    ``tokens``, ``setup``, ``pack``, plus each content kind a pack registered.
    """
    schemas = {name: load_schema(name) for name in BUNDLED}

    effect_defs = schemas["effect"]["definitions"]
    ops = sorted(n for n in registry.ops if n not in CONTROL_OPS)
    effect_defs["bare_op"]["enum"] = ops
    single = effect_defs["single_op"]
    single["propertyNames"]["enum"] = sorted({*CONTROL_OPS, *ops})
    for name in ops:
        odef = registry.ops[name]
        single["properties"][name] = _documented(odef.schema, name, odef.doc)

    cond = schemas["condition"]["definitions"]["condition"]
    conds = sorted(n for n in registry.conditions if n not in COMBINATORS)
    cond["propertyNames"]["enum"] = sorted({*COMBINATORS, *conds})
    for name in conds:
        cdef = registry.conditions[name]
        cond["properties"][name] = _documented(cdef.schema, name, cdef.doc)

    cost = schemas["cards"]["definitions"]["card"]["properties"]["cost"]["properties"]
    for name, res in sorted(registry.resources.items()):
        cost.setdefault(name, {"title": name, "description": res.doc or f"{name} to pay.",
                               "type": "integer", "minimum": 0})
    schemas["tiles"]["definitions"]["icon"]["enum"] = sorted(registry.tunnel_icons)
    if registry.quantities:
        schemas["common"]["definitions"]["quantity"]["enum"] = sorted(registry.quantities)

    for kind, schema in sorted(registry.content_schemas.items()):
        base, dot, key = kind.partition(".")
        if dot and base in _EXTENSION_POINTS:
            _at(schemas[base], _EXTENSION_POINTS[base]).setdefault(key, _documented(schema, key, ""))
        elif not dot and kind not in schemas:
            extra = copy.deepcopy(schema)
            extra.setdefault("$schema", "http://json-schema.org/draft-07/schema#")
            extra.setdefault("$id", schema_uri(kind))
            schemas[kind] = extra
    _check_by_players(schemas["setup"])
    return schemas


def _check_by_players(setup: dict[str, Any]) -> None:
    """An entry of ``by_players`` is setup merged over the rest: it takes the same keys (core
    and pack-added, ``by_players`` itself excepted), each checked as at the top level."""
    props = setup.get("properties") or {}
    by = props.get("by_players")
    if not isinstance(by, dict):
        return
    entry = {"type": "object", "properties": {k: _partial(v) for k, v in props.items() if k != "by_players"},
             "additionalProperties": False}
    by["additionalProperties"] = entry


def _partial(schema: Any) -> Any:
    """A mapping's schema as an override may give it: merged key by key over the setup, so no
    key of it (nor of the mappings inside it) is required; list items stay whole."""
    if not isinstance(schema, dict):
        return schema
    out = {k: v for k, v in schema.items() if k != "required"}
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: _partial(v) for k, v in out["properties"].items()}
    if isinstance(out.get("additionalProperties"), dict):
        out["additionalProperties"] = _partial(out["additionalProperties"])
    return out


def _ref_registry(schemas: Mapping[str, dict[str, Any]]) -> RefRegistry:
    resources_ = [(s.get("$id", schema_uri(k)), Resource.from_contents(s, default_specification=DRAFT7))
                  for k, s in schemas.items()]
    return RefRegistry().with_resources(resources_)


def make_validators(schemas: Mapping[str, dict[str, Any]]) -> dict[str, Draft7Validator]:
    """Build one draft-07 validator per kind; ``$ref`` resolves among ``schemas`` only.

    Each validator checks a copy of its schema in which every ``$ref`` is already replaced by
    the schema it names (:func:`_without_refs`), so checking a document does not look a
    reference up again at every value it reaches (a third of the time it took).
    """
    refs = _ref_registry(schemas)
    done: dict[tuple[int, str], Any] = {}
    validators = {}
    for kind, schema in schemas.items():
        base = schema.get("$id", schema_uri(kind))
        validators[kind] = Draft7Validator(_without_refs(schema, refs.resolver(base_uri=base), base, done),
                                           registry=refs)
    return validators


class FastCheck:
    """Tells valid documents apart quickly: ``jsonschema_rs`` (Rust) on the composed schemas, with
    ``$ref`` resolved among them. A document it passes is valid; one it does not, or one it cannot
    read (a huge number, a float that is not finite), goes to jsonschema, whose errors are the
    reference and say what is wrong. Without the extension (another Python), everything goes to
    jsonschema. Each kind's validator is built on first use."""

    def __init__(self, schemas: Mapping[str, dict[str, Any]]) -> None:
        self._schemas = schemas
        self._validators: dict[str, Any] = {}   # kind -> its validator, or None (jsonschema judges)
        self._registry: Any = None

    def passes(self, kind: str, data: Any) -> bool:
        """True when ``data`` is certainly valid for ``kind``; False means: ask jsonschema."""
        try:
            if kind not in self._validators:   # built once, a missing extension too (no import per file)
                self._validators[kind] = self._build(kind)
            validator = self._validators[kind]
            return validator is not None and bool(validator.is_valid(data))
        except Exception:   # noqa: BLE001 - whatever the extension cannot take, jsonschema judges
            return False

    def _build(self, kind: str) -> Any:
        try:
            import jsonschema_rs
        except ImportError:
            return None
        if self._registry is None:
            self._registry = jsonschema_rs.Registry([(s.get("$id", schema_uri(k)), s) for k, s in self._schemas.items()])
        schema = self._schemas.get(kind)
        if schema is None:
            return None
        return jsonschema_rs.Draft7Validator(schema, registry=self._registry, validate_formats=False)


SUBSCHEMA_MAPS = ("properties", "patternProperties", "definitions", "dependencies")
"""Draft-07 keywords whose value maps names to subschemas (under ``dependencies``, a name may
map to a list of key names instead)."""
SUBSCHEMA_ONE = ("additionalItems", "additionalProperties", "propertyNames", "contains", "not",
                 "if", "then", "else", "items")
"""Draft-07 keywords whose value is one subschema (``items``: or a list of them)."""
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "items")
"""Draft-07 keywords whose value is a list of subschemas."""


def _without_refs(schema: Any, resolver: Any, base: str, done: dict[tuple[int, str], Any],
                  chain: tuple[str, ...] = ()) -> Any:
    """``schema`` with each ``$ref`` replaced by the (likewise rewritten) schema it names.

    The result checks exactly what ``schema`` checks: in draft-07 a ``$ref`` stands for its
    target and its sibling keywords are ignored, which is what the replacement does; a
    recursive schema becomes a graph with cycles (``done``, keyed by the original's identity
    and the base its references resolve against, makes each subschema once). A reference that
    does not resolve, or that comes back to itself through references alone (``chain``: those
    followed to get here), is left in place, so validation meets it where it did before.
    """
    if isinstance(schema, list):   # ``items``, ``allOf`` ... (or key names under ``dependencies``)
        return [_without_refs(s, resolver, base, done) for s in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str):
        url = urljoin(base, ref)
        if url in chain:
            return schema
        try:
            target = resolver.lookup(ref)
        except Unresolvable:
            return schema
        return _without_refs(target.contents, target.resolver, urldefrag(url).url, done, (*chain, url))
    key = (id(schema), base)
    if key in done:
        return done[key]
    if isinstance(schema.get("$id"), str):
        base = urldefrag(urljoin(base, schema["$id"])).url
        resolver = resolver.in_subresource(DRAFT7.create_resource(schema))
    out: dict[str, Any] = {}
    done[key] = out
    for word, value in schema.items():
        if word in SUBSCHEMA_MAPS and isinstance(value, dict):
            out[word] = {name: _without_refs(s, resolver, base, done) for name, s in value.items()}
        elif word in SUBSCHEMA_ONE or word in SUBSCHEMA_LISTS:   # a list of schemas, or of key names: each kept
            out[word] = _without_refs(value, resolver, base, done)
        else:
            out[word] = value
    return out


def _refs(node: Any, where: str = "#") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield where, value
            elif key not in ("enum", "const"):
                yield from _refs(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _refs(value, f"{where}/{i}")


def check_all_schemas(registry: Registry | None = None) -> list[str]:
    """Check every schema (bundled, and composed with ``registry`` when given).

    Each must be a valid draft-07 schema and every ``$ref`` must resolve among the bundled
    and composed schemas, without the network. Returns one message per fault (empty: all
    good); a CLI maps a non-empty answer to exit code 3. Schemas found sound are marked in the
    content cache (:func:`clank.content.cache.mark_passed`) and not checked again.
    """
    from clank.content import cache
    from clank.content.scenario_schema import KIND as SCENARIO
    from clank.content.scenario_schema import compose_scenario_schema

    faults: list[str] = []
    schemas = compose_schemas(registry) if registry is not None else {n: load_schema(n) for n in BUNDLED}
    schemas[SCENARIO] = compose_scenario_schema(registry) if registry is not None else load_schema(SCENARIO)
    registered: list[tuple[str, str, Any, str]] = []
    if registry is not None:
        registered = [
            *(("op", n, d.schema, d.pack) for n, d in sorted(registry.ops.items())),
            *(("condition", n, d.schema, d.pack) for n, d in sorted(registry.conditions.items())),
            *(("room feature", n, d.arg_schema, d.pack) for n, d in sorted(registry.room_features.items())
              if d.arg_schema is not None)]
    digest = cache.schemas_digest([schemas, registered]) if cache.enabled() else ""
    if digest and cache.passed("schemas", digest):   # these very schemas were found sound before
        return faults
    if registry is not None:
        for what, name, schema, pack in registered:
            try:
                Draft7Validator.check_schema(schema)
            except SchemaError as exc:
                faults.append(f"{what} {name!r} (pack {pack or '?'}): invalid schema: {exc.message}")
    refs = _ref_registry(schemas)
    for kind, schema in sorted(schemas.items()):
        try:
            Draft7Validator.check_schema(schema)
        except SchemaError as exc:
            faults.append(f"{kind}.schema.json: invalid schema at {'/'.join(map(str, exc.path))}: {exc.message}")
        resolver = refs.resolver(base_uri=schema.get("$id", schema_uri(kind)))
        for where, ref in _refs(schema):
            try:
                resolver.lookup(ref)
            except Unresolvable:
                faults.append(f"{kind}.schema.json{where}: $ref {ref!r} does not resolve")
    if digest and not faults:
        cache.mark_passed("schemas", digest)
    return faults


# -- turning validation errors into problems ------------------------------------------------

def schema_problems(validator: Draft7Validator, data: Any, locator: Locator, *,
                    pack: str | None = None) -> list[Problem]:
    """Validate ``data`` and return one located :class:`Problem` per mistake, in the author's
    words (:mod:`clank.content.schema_words`)."""
    out: list[Problem] = []
    for error in validator.iter_errors(data):
        out.extend(explain(error, locator, pack, validator.schema))
    return out
