"""Schema errors in the author's words (issue 37 point 4): every draft-07 keyword that can fail
gives a message that says what the field is and how to write it, never jsonschema's own text.

Each case is a small schema, a value it refuses and words the message must hold; a test checks
that the cases cover every keyword of ``Draft7Validator`` that raises errors of its own.
"""

from __future__ import annotations

from typing import Any

import pytest
from clank.content.locator import Locator
from clank.content.schema_words import KEYWORDS
from clank.content.schemas import schema_problems
from jsonschema import Draft7Validator

PASS_THROUGH = {"$ref", "properties", "patternProperties", "items", "allOf", "if", "then", "else", "definitions",
                "$schema", "$id", "title", "description", "default", "examples", "$comment", "readOnly",
                "writeOnly", "contentMediaType", "contentEncoding"}
"""Keywords that only pass their subschemas' errors on (or never fail)."""
RAW = ("is not of type", "is too short", "is too long", "is less than", "is greater than", "does not match",
       "is not valid under any", "Additional properties", "is a required property", "should be non-empty",
       "is not allowed for", "False schema", "is a dependency of", "has non-unique elements", "is not a multiple",
       "does not contain", "Expected at most", "is valid under each of", "should not be valid under",
       "does not have enough properties", "has too many properties", "is not one of [", "was expected")
"""jsonschema's own phrasings: none may reach the author."""

CASES: list[tuple[str, dict[str, Any], Any, tuple[str, ...]]] = [
    ("type", {"properties": {"requires": {"title": "requires", "type": "array",
                                          "items": {"title": "pack id", "type": "string", "pattern": "^[a-z]+$"}}}},
     {"requires": "catacombs"}, ("`requires` is a list of pack ids", "write `requires: [catacombs]`")),
    ("type", {"properties": {"name": {"type": "string"}}}, {"name": 12}, ("`name` is text", 'write `name: "12"`')),
    ("type", {"properties": {"draw": {"type": "integer", "minimum": 1}}}, {"draw": "three"},
     ("`draw` is a whole number, at least 1", "write `draw: 3`")),
    ("enum", {"properties": {"kind": {"enum": ["dungeon", "reserve"]}}}, {"kind": "dungeons"},
     ("`kind` is one of dungeon, reserve", "did you mean 'dungeon'?")),
    ("const", {"properties": {"rest": {"const": True}}}, {"rest": False}, ("`rest` can only be `true`",)),
    ("required", {"title": "card", "properties": {"name": {"title": "name", "type": "string"}}, "required": ["name"]},
     {}, ("missing required key 'name': text",)),
    ("required", {"title": "card", "properties": {"kind": {"enum": ["dungeon", "starter"]},
                                                  "type": {"enum": ["item", "monster"]}},
                  "allOf": [{"if": {"properties": {"kind": {"const": "dungeon"}}, "required": ["kind"]},
                             "then": {"required": ["type"]}}]},
     {"kind": "dungeon"}, ("a card with kind: dungeon needs the key 'type': one of item, monster",)),
    ("additionalProperties", {"properties": {"cost": {}, "count": {}}, "additionalProperties": False},
     {"cots": 1}, ("unknown key 'cots' (did you mean 'cost'?)",)),
    ("propertyNames", {"propertyNames": {"pattern": "^[a-z_][a-z0-9_]*$"}}, {"Deep Caves": 1},
     ("key 'Deep Caves' is not allowed", "lower-case letters, digits and underscores")),
    ("minimum", {"properties": {"draw": {"type": "integer", "minimum": 1}}}, {"draw": 0},
     ("`draw` needs at least 1: `0` is too small",)),
    ("maximum", {"properties": {"players": {"type": "integer", "maximum": 6}}}, {"players": 7},
     ("`players` needs at most 6",)),
    ("exclusiveMinimum", {"properties": {"factor": {"type": "number", "exclusiveMinimum": 0}}}, {"factor": 0},
     ("`factor` needs more than 0",)),
    ("exclusiveMaximum", {"properties": {"share": {"type": "number", "exclusiveMaximum": 1}}}, {"share": 1},
     ("`share` needs less than 1",)),
    ("multipleOf", {"properties": {"turn": {"type": "integer", "multipleOf": 90}}}, {"turn": 45},
     ("`turn` is a multiple of 90",)),
    ("minLength", {"properties": {"name": {"type": "string", "minLength": 1}}}, {"name": ""},
     ("`name` is at least one character long",)),
    ("maxLength", {"properties": {"id": {"type": "string", "maxLength": 3}}}, {"id": "abcd"},
     ("`id` is at most three characters long",)),
    ("pattern", {"properties": {"id": {"title": "card id", "description": "A card id: words joined by dashes.",
                                       "type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"}}}, {"id": "Big Bad"},
     ("is not a valid card id: A card id: words joined by dashes.",)),
    ("pattern", {"properties": {"pool": {"type": "string", "pattern": "^[a-z_][a-z0-9_]*$"}}}, {"pool": "Minor"},
     ("`pool` is a name, lower-case letters, digits and underscores",)),
    ("format", {"properties": {"mail": {"type": "string", "format": "email"}}}, {"mail": "nobody"},
     ("`mail` is an email",)),
    ("minItems", {"properties": {"ends": {"type": "array", "minItems": 2, "maxItems": 2,
                                          "x-says": "a tunnel joins two ends", "items": {"type": "string"}}}},
     {"ends": ["e2"]}, ("a tunnel joins two ends: `[e2]` has one",)),
    ("minItems", {"properties": {"draws": {"type": "array", "minItems": 1, "items": {"type": "integer"}}}},
     {"draws": []}, ("`draws` holds at least one whole number: `[]` has no",)),
    ("maxItems", {"properties": {"pair": {"type": "array", "maxItems": 2, "items": {"type": "string"}}}},
     {"pair": ["a", "b", "c"]}, ("`pair` holds at most two texts",)),
    ("uniqueItems", {"properties": {"requires": {"type": "array", "uniqueItems": True}}},
     {"requires": ["a", "a"]}, ("`requires` lists each value once: `a` is there twice",)),
    ("contains", {"properties": {"tiles": {"type": "array", "contains": {"const": "start"}}}},
     {"tiles": ["a"]}, ("`tiles` needs at least one item that is `start`",)),
    ("additionalItems", {"properties": {"at": {"type": "array", "items": [{"type": "integer"}, {"type": "integer"}],
                                               "additionalItems": False}}},
     {"at": [1, 2, 3]}, ("`at` holds two items",)),
    ("minProperties", {"properties": {"start": {"type": "object", "minProperties": 1}}}, {"start": {}},
     ("`start` needs at least one key",)),
    ("maxProperties", {"properties": {"one": {"type": "object", "maxProperties": 1}}}, {"one": {"a": 1, "b": 2}},
     ("`one` needs at most one key",)),
    ("dependencies", {"dependencies": {"keep": ["stack"]}}, {"keep": 3}, ("`keep` needs `stack` beside it",)),
    ("not", {"properties": {"count": {"not": {"const": 0}}}}, {"count": 0}, ("`count` may be anything but `0`",)),
    ("anyOf", {"properties": {"reserve": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                                    {"type": "object"}]}}},
     {"reserve": 3}, ("`reserve` is a list of texts or mapping, not the number 3",)),
    ("oneOf", {"properties": {"any": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}}, {"any": 1},
     ("`any` matches more than one form",)),
    ("false", {"properties": {"old": False}}, {"old": 1}, ("`old` is not allowed here",)),
]


def _message(schema: dict[str, Any], value: Any) -> str:
    checker = Draft7Validator.FORMAT_CHECKER      # formats are checked where a schema asks for it
    problems = schema_problems(Draft7Validator(schema, format_checker=checker), value, Locator("x.yaml"))
    assert problems, f"{value!r} passes {schema!r}"
    return " / ".join(p.message for p in problems)


@pytest.mark.parametrize(("keyword", "schema", "value", "words"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_keyword_is_said_in_the_authors_words(keyword: str, schema: dict[str, Any], value: Any,
                                                   words: tuple[str, ...]) -> None:
    message = _message(schema, value)
    for said in words:
        assert said in message, message
    for raw in RAW:
        assert raw not in message, message


def test_the_cases_walk_every_keyword_that_can_fail() -> None:
    can_fail = set(Draft7Validator.VALIDATORS) - PASS_THROUGH
    assert can_fail <= set(KEYWORDS) | {"false"}, sorted(can_fail - set(KEYWORDS))
    assert {c[0] for c in CASES} == set(KEYWORDS)


def test_the_shipped_schemas_say_the_issue_examples(tmp_path: Any) -> None:
    """The three examples of issue 37, through the composed schemas of the base game."""
    from clank.api import registry_for
    from clank.content.packread import new_context
    from clank.plugins import find_pack

    ctx = new_context(registry_for([find_pack("catacombs")]))
    pack = _message(ctx.validators["pack"].schema, {"id": "mine", "name": "Mine", "version": "1",
                                                    "requires": "catacombs"})
    assert "`requires` is a list of pack ids" in pack and "write `requires: [catacombs]`" in pack
    tile = {"id": "t", "name": "T", "stack": "depths", "rooms": {"a": {"pos": "c", "features": []}},
            "tunnels": [{"ends": ["e2"]}]}
    assert "a tunnel joins two ends: `[e2]` has one" in _message(ctx.validators["tiles"].schema, [tile])
    card = {"id": "c", "name": "C", "kind": "dungeon", "type": "item", "count": 1, "cost": {"skill": 1},
            "play": [{"draw": 0}]}
    assert "`draw` needs at least 1" in _message(ctx.validators["cards"].schema, [card])
