"""The content validators check schemas whose ``$ref`` are resolved beforehand
(:func:`clank.content.schemas.make_validators`): they must report exactly what jsonschema reports
when it resolves each reference itself as it validates.

The documents are the real packs' entries, each broken in one way chosen by a seeded
generator (a wrong type, a missing or unknown key, an unknown op or id, an emptied list),
validated against the schemas composed with all three packs, and the located problems
compared one by one.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from clank.content.schemas import FastCheck, _ref_registry, compose_schemas, make_validators, schema_problems
from clank.content.yamlload import load_yaml_file
from clank.plugins import PackHooks, find_pack
from jsonschema import Draft7Validator

PACKS = ("catacombs", "underworld", "party")
KINDS = {"promos": "cards"}
"""File stems whose kind the manifest gives (every other file is named after its kind)."""


@pytest.fixture(scope="module")
def fast() -> FastCheck:
    """The quick check of valid documents, on the schemas composed with the three packs."""
    pytest.importorskip("jsonschema_rs")
    return FastCheck(compose_schemas(PackHooks([find_pack(p) for p in PACKS]).build_registry()))


@pytest.fixture(scope="module")
def both() -> tuple[dict[str, Draft7Validator], dict[str, Draft7Validator]]:
    """(jsonschema resolving each ``$ref`` as it goes, the project's validators)."""
    schemas = compose_schemas(PackHooks([find_pack(p) for p in PACKS]).build_registry())
    refs = _ref_registry(schemas)
    plain = {kind: Draft7Validator(schema, registry=refs) for kind, schema in schemas.items()}
    return plain, make_validators(schemas)


def _documents() -> list[tuple[str, Path]]:
    out = []
    for pack in PACKS:
        for path in sorted(Path(str(find_pack(pack).data_dir)).glob("*.yaml")):
            stem = path.stem.split("-")[0]
            out.append((KINDS.get(stem, stem), path))
    return out


def _places(node: Any, at: tuple = ()) -> list[tuple]:
    """Every path inside ``node`` (the root excepted)."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        out.append((*at, key))
        out.extend(_places(value, (*at, key)))
    return out


def _broken(value: Any, rng: random.Random) -> Any:
    """``value`` made wrong in one of a few ways an author gets it wrong."""
    if isinstance(value, dict) and value and rng.random() < 0.5:
        broken = dict(value)
        if rng.random() < 0.5:
            del broken[rng.choice(list(broken))]                   # a key forgotten
        else:
            key = rng.choice(list(broken))
            broken["no_such_" + str(key)] = broken.pop(key)        # a key misspelt (an op or a field)
        return broken
    if isinstance(value, list) and value and rng.random() < 0.5:
        return [] if rng.random() < 0.5 else [*value, "no-such-id"]
    return rng.choice([True, 7, -3, 2.5, "", "Not An Id!", None, [], {}, [{"x": 1}], {"draw": "two"}])


def _break_once(doc: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    places = _places(doc)
    if not places:
        return _broken(doc, rng)
    *parent, last = rng.choice(places)
    holder = doc
    for step in parent:
        holder = holder[step]
    holder[last] = _broken(holder[last], rng)
    return doc


@pytest.mark.parametrize(("kind", "path"), _documents(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_resolved_schemas_report_what_jsonschema_reports(both, kind: str, path: Path) -> None:
    """DESIGN §content validation: the same problems at the same positions either way. (Not the
    same words: they are made from the schema at hand, and a schema whose ``$ref`` is left unresolved
    says less about what it refers to; a game and ``clank validate`` use the resolved ones.)"""
    plain, resolved = both
    data, loc = load_yaml_file(path, str(path))
    assert schema_problems(plain[kind], data, loc) == schema_problems(resolved[kind], data, loc) == []

    def located(problems: list) -> list:
        return [(p.file, p.line, p.col, p.rule, p.path) for p in problems]

    rng = random.Random(path.name)
    entries = data if isinstance(data, list) else [data]
    tries = 3 if isinstance(data, list) else 30
    reported = 0
    for entry in entries:
        for _ in range(tries):
            broken = _break_once(entry, rng)
            doc = [broken] if isinstance(data, list) else broken
            expected = schema_problems(plain[kind], doc, loc)
            assert located(schema_problems(resolved[kind], doc, loc)) == located(expected), (entry.get("id"), broken)
            reported += bool(expected)
    assert reported * 2 > tries * len(entries)   # most breakages are mistakes the schema sees


@pytest.mark.parametrize(("kind", "path"), _documents(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_the_fast_check_passes_only_what_jsonschema_passes(both, fast: FastCheck, kind: str, path: Path) -> None:
    """Issue 37 (speed): the quick check (jsonschema_rs) lets a valid file skip jsonschema, so it
    must never pass a document jsonschema refuses; the shipped files take the quick way."""
    plain, _ = both
    data, _ = load_yaml_file(path, str(path))
    assert fast.passes(kind, data)
    rng = random.Random(f"fast {path.name}")
    entries = data if isinstance(data, list) else [data]
    for entry in entries:
        for _ in range(3 if isinstance(data, list) else 30):
            broken = _break_once(entry, rng)
            doc = [broken] if isinstance(data, list) else broken
            if next(plain[kind].iter_errors(doc), None) is not None:
                assert not fast.passes(kind, doc), (path.name, broken)


def test_the_fast_check_is_sound_on_values_the_two_libraries_may_read_apart(both, fast: FastCheck) -> None:
    """Huge and non-finite numbers, a trailing newline where a pattern ends in ``$`` (Python's ``$``
    matches before it), booleans where integers are wanted: whatever the quick check passes,
    jsonschema passes too (the quick check may refuse more: jsonschema then decides)."""
    plain, _ = both
    card = {"id": "a", "name": "A", "kind": "starter"}
    docs = [[{**card, "points": v}] for v in (10 ** 40, -(10 ** 40), float("inf"), float("nan"), True, 1.0, 2.5)]
    docs += [[{**card, "id": "a\n"}], [{**card, "name": ""}], [{**card, "kind": "starter\n"}]]
    for doc in docs:
        if fast.passes("cards", doc):
            assert next(plain["cards"].iter_errors(doc), None) is None, doc
    assert not fast.passes("no-such-kind", [])


def test_recursive_schema_is_resolved_into_a_cycle(both) -> None:
    """The effect language nests effects in ops (``choose``, ``if``...): the resolved schema
    refers back to itself instead of growing without end, and no ``$ref`` is left."""
    _, resolved = both
    seen: set[int] = set()
    refs_left = []

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        if not isinstance(node, dict) or id(node) in seen:
            return
        seen.add(id(node))
        if "$ref" in node:
            refs_left.append(node["$ref"])
        for word, value in node.items():
            if word not in ("definitions", "enum", "const", "default", "examples"):
                walk(value)

    walk(resolved["cards"].schema)
    assert refs_left == []
    assert 50 < len(seen) < 5000


def test_unresolvable_reference_is_left_for_validation_to_report() -> None:
    schemas = compose_schemas(PackHooks([find_pack("catacombs")]).build_registry())
    schemas["extra"] = {"$id": "https://clank.invalid/schemas/extra.schema.json",
                        "type": "object", "properties": {"a": {"$ref": "nowhere.schema.json#/x"}}}
    resolved = make_validators(schemas)["extra"]
    assert resolved.schema["properties"]["a"] == {"$ref": "nowhere.schema.json#/x"}


def test_reference_to_itself_is_left_in_place() -> None:
    """A reference that leads back to itself through references alone has no schema to stand
    for: it stays, and building the validators does not recurse without end."""
    schemas = compose_schemas(PackHooks([find_pack("catacombs")]).build_registry())
    schemas["extra"] = {"$id": "https://clank.invalid/schemas/extra.schema.json", "type": "object",
                        "definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}},
                        "properties": {"x": {"$ref": "#/definitions/a"}}}
    resolved = make_validators(schemas)["extra"]
    assert resolved.schema["properties"]["x"] == {"$ref": "#/definitions/a"}
