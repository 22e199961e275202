"""Schema errors in the author's words: what the field is and how to write it.

jsonschema says ``'catacombs' is not of type 'array'``; an author wants to read "`requires` is a
list of pack ids: write `requires: [catacombs]`". :func:`explain` turns one
``jsonschema.ValidationError`` into located :class:`~clank.content.problems.Problem` values,
with a message built from the schema itself, for every keyword of draft-07 that can fail
(:data:`KEYWORDS`):

- *what the field is*: its ``title``, the type and bounds the schema gives (``a whole number, at
  least 1``, ``a list of pack ids``), the name a shared definition carries (``card id``), what
  ``x-ref`` says it names;
- *how to write it*: an ``examples`` value or ``x-example``, else one made from what was written
  (a single value where a list is wanted becomes ``[value]``, a number where text is wanted is
  quoted);
- a schema may say the rule itself in ``x-says`` ("a tunnel joins two ends"), and name what its
  list holds in ``x-noun`` (``end``), where the generic words would be stiff.

Rules (``bad-type``, ``bad-value``, ``missing-key``, ``unknown-key``, ``bad-key``,
``op-shape``, ``unknown-op`` ...) and positions are those the validator always gave.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from clank.content.locator import Locator
from clank.content.problems import Problem, did_you_mean, format_path

KEYWORDS = ("type", "enum", "const", "required", "additionalProperties", "propertyNames", "minimum", "maximum",
            "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format",
            "minItems", "maxItems", "uniqueItems", "contains", "additionalItems", "minProperties", "maxProperties",
            "dependencies", "not", "anyOf", "oneOf", "false")
"""Every draft-07 keyword whose failure is an error of its own (``false``: a schema that is
``false``, which takes no value); the others (``properties``, ``items``, ``allOf``, ``if`` ...)
only pass their subschemas' errors on."""
RULES_BY_WHAT = {"op": "unknown-op", "condition": "unknown-condition", "tunnel icon": "unknown-icon",
                 "quantity": "unknown-quantity", "decision kind": "unknown-decision-kind",
                 "teleport kind": "unknown-teleport", "cube owner": "unknown-cube-owner"}
"""The rule of an unknown name, by the ``x-what`` of the enum that lists the known ones."""
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_PATTERN_WORDS = {
    "^[a-z_][a-z0-9_]*$": ("a name", "lower-case letters, digits and underscores (deep_caves)"),
    "^[1-9][0-9]*$": ("a number", "written as digits from 1 (\"5\")"),
    "^[0-9]+$": ("a number", "written as digits (\"5\")"),
    "^[A-Za-z][A-Za-z0-9_]*$": ("a slot name", "a letter, then letters, digits or underscores (A, hub)"),
}
"""Words for the patterns the bundled schemas write inline without a title."""
_REF_WORDS = {"card": "card id", "token": "token id", "tile": "tile id", "feature": "room feature",
              "stat": "statistic", "event": "event", "resource": "resource", "cube_kind": "cube kind",
              "flag": "turn flag", "pool": "token pool", "joined_pool": "token pool", "region": "region",
              "tile_region": "region", "stack": "tile stack", "slot": "slot", "quantity": "quantity",
              "teleport_kind": "teleport kind", "token_kind": "token kind"}


# -- writing values as YAML ---------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_.()=+ -]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "~"}


def yaml_scalar(value: Any) -> str:
    """A scalar as YAML: plain when that reads back as the same value, else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_flow(value: Any, in_list: bool = False, pairs: bool = True) -> str:
    """A value in YAML flow style; with ``pairs``, a one-key mapping in a flow list is written
    ``key: value`` (``[draw: 1]``, as effects are written), else in braces."""
    if isinstance(value, dict):
        text = ", ".join(f"{yaml_scalar(k)}: {yaml_flow(v, pairs=pairs)}" for k, v in value.items())
        return text if in_list and pairs and len(value) == 1 else "{" + text + "}"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_flow(v, True, pairs) for v in value) + "]"
    return yaml_scalar(value)


def _short(value: Any, limit: int = 60) -> str:
    text = f"`{yaml_flow(value)}`"
    return text if len(text) <= limit else text[:limit - 4] + "...`"


def _count(n: int, noun: str) -> str:
    """``one end``, ``2 keys``: small numbers in words."""
    word = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{word} {noun}" if n == 1 else f"{word} {_plural(noun)}"


def _plural(noun: str) -> str:
    head, sep, tail = noun.partition(" of ")     # "list of cards" -> "lists of cards"
    if head.endswith(("s", "x", "ch")):
        head += "es"
    elif head.endswith("y") and not head.endswith(("ay", "ey", "oy")):
        head = head[:-1] + "ies"
    else:
        head += "s"
    return head + sep + tail


# -- what a schema asks for, in words ------------------------------------------------------

def _types(schema: dict[str, Any]) -> list[str]:
    types = schema.get("type")
    if isinstance(types, str):
        return [types]
    if isinstance(types, list):
        return [t for t in types if isinstance(t, str)]
    if "properties" in schema or "additionalProperties" in schema or "propertyNames" in schema:
        return ["object"]
    return ["array"] if "items" in schema else []


def noun(schema: Any) -> str:
    """A noun for one value of ``schema``, without an article: ``pack id``, ``whole number``,
    ``list of card ids``, ``mapping``."""
    if not isinstance(schema, dict):
        return "value" if schema is not False else "nothing"
    given = schema.get("x-noun")
    if isinstance(given, str):
        return given
    ref = schema.get("x-ref")
    if isinstance(ref, str):
        return _REF_WORDS.get(ref, ref.replace("_", " "))
    types = _types(schema)
    title = schema.get("title")
    if isinstance(title, str) and (types == ["string"] and schema.get("pattern") or len(types) > 1
                                   or any(k in schema for k in ("anyOf", "oneOf", "if"))):
        return title         # a named kind of value (card id), or one of several shapes (op)
    if types == ["string"] and schema.get("pattern") in _PATTERN_WORDS:
        return _PATTERN_WORDS[schema["pattern"]][0].removeprefix("a ")
    if "enum" in schema or "const" in schema:
        return "value"
    for combo in ("oneOf", "anyOf"):
        branches = schema.get(combo)
        if isinstance(branches, list) and branches:
            return " or ".join(dict.fromkeys(noun(b) for b in branches))
    if len(types) > 1:
        return " or ".join(_type_noun(schema, t) for t in types)
    return _type_noun(schema, types[0]) if types else "value"


def _type_noun(schema: dict[str, Any], type_: str) -> str:
    if type_ == "array":
        items = schema.get("items")
        if not isinstance(items, dict) or not items:
            return "list"
        named = items.get("title") if _types(items) == ["object"] and "x-noun" not in items else None
        return f"list of {_plural(named if isinstance(named, str) else noun(items))}"
    if type_ == "object":
        return "mapping"
    return {"integer": "whole number", "number": "number", "string": "text", "boolean": "true or false",
            "null": "nothing"}.get(type_, type_)


def _article(phrase: str) -> str:
    if phrase in ("text", "true or false", "nothing") or phrase.startswith(("one of", "`")):
        return phrase
    return ("an " if phrase[:1] in "aeiou" else "a ") + phrase


def what(schema: Any) -> str:
    """What a value of ``schema`` is, as a phrase: ``a list of pack ids``, ``a whole number, at
    least 1``, ``one of dungeon, reserve, starter``, ``a card id (rebel-paladin)``."""
    if not isinstance(schema, dict):
        return "anything" if schema is not False else "nothing (it is not allowed here)"
    if "const" in schema:
        return f"`{yaml_flow(schema['const'])}`"
    if isinstance(schema.get("enum"), list):
        return one_of(schema["enum"])
    phrase = _article(noun(schema))
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        phrase += f", {low} to {high}"
    elif low is not None:
        phrase += f", at least {low}"
    elif high is not None:
        phrase += f", at most {high}"
    if schema.get("pattern") in _PATTERN_WORDS and "x-ref" not in schema:
        phrase += f": {_PATTERN_WORDS[schema['pattern']][1]}"
    return phrase


def one_of(values: Sequence[Any], limit: int = 12) -> str:
    """``one of a, b, c`` (the first ``limit`` values)."""
    shown = ", ".join(yaml_flow(v) for v in values[:limit]) + (", ..." if len(values) > limit else "")
    return f"`{yaml_flow(values[0])}`" if len(values) == 1 else f"one of {shown}"


def _example(schema: Any, value: Any) -> Any | None:
    """A value of ``schema`` to show: one the schema gives (``x-example``, ``examples``), else one
    made from ``value`` when a small change makes it right (a list around it, quotes)."""
    if not isinstance(schema, dict):
        return None
    if "x-example" in schema:
        return schema["x-example"]
    examples = schema.get("examples")
    if isinstance(examples, list) and examples:
        return examples[0]
    types = _types(schema)
    if "array" in types and not isinstance(value, (list, dict)) and value is not None:
        return [value]
    if "string" in types and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if types and types[0] in ("integer", "number") and isinstance(value, str):
        if re.fullmatch(r"-?\d+", value):
            return int(value)
        if value.lower() in _NUMBERS:
            return _NUMBERS.index(value.lower())
    return None


# -- where the error is, in words ------------------------------------------------------------

def field(path: Sequence[str | int]) -> str | None:
    """The key a value is written under (the nearest one), or None at the top of the file."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return None


def label(path: Sequence[str | int]) -> str:
    """How a message names the value at ``path``: ``\\`draw\\```, ``each item of \\`requires\\```,
    ``each entry`` (an item of the file's list), ``the file``."""
    key = field(path)
    if path and isinstance(path[-1], int):
        return f"each item of `{key}`" if key is not None else "each entry"
    return f"`{key}`" if key is not None else "the file"


def _write(path: Sequence[str | int], example: Any, form: str = "{}") -> str:
    """``: write `requires: [catacombs]```, or ``: write `[catacombs]``` for a list item; ``form``
    wraps a value written at the top (``reward_gold({})``)."""
    key = path[-1] if path else None
    shown = yaml_flow(example)
    if isinstance(key, str):
        return f": write `{key}: {shown}`"
    return f": write `{form.format(shown) if not path else shown}`"


# -- the messages --------------------------------------------------------------------------

def explain(error: ValidationError, loc: Locator, pack: str | None = None, root: Any = None) -> list[Problem]:
    """The located problems one validation error stands for, in the author's words; ``root`` is the
    schema validated against (to tell when an ``if``/``then`` requires a key)."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        inner = best_match(error.context)
        if inner is not None and _deep_enough(error, inner):
            return explain(inner, loc, pack, root)
    path = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    kind = str(error.validator) if error.validator is not None else "false"
    if kind == "false":
        path = (*path, *_refused_key(error, root))

    def problem(rule: str, message: str, at: tuple[str | int, ...] = path, key: bool = False) -> Problem:
        line, col = loc.key(at) if key else loc.value(at)
        return Problem(loc.file, line, col, "error", rule, message, format_path(at), pack)

    schema_path = list(error.absolute_schema_path)
    if len(schema_path) >= 2 and schema_path[-2] == "propertyNames":
        return [_bad_key(error, schema, path, problem)]
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_keys(error, schema, path, problem)
    if kind == "required" and isinstance(error.instance, dict):
        return [problem("missing-key", _missing(error, name, root)) for name in _asked(error)
                if name not in error.instance]
    if kind in ("maxProperties", "minProperties") and schema.get("x-what") == "op":
        if not error.instance:
            return [problem("op-shape", "empty op: write the op name as the key")]
        keys = ", ".join(repr(k) for k in _value(error))
        return [problem("op-shape", f"an op is a mapping with exactly one key, the op name; found {keys}: "
                        "write each op as its own list item")]
    rule, message = _words(kind, error, schema, path)
    return [problem(rule, message)]


def _refused_key(error: ValidationError, root: Any) -> tuple[str, ...]:
    """The key a ``false`` property schema refuses: jsonschema leaves it out of the error's paths,
    so it is read from the schema (the one property there whose schema is ``false``)."""
    node: Any = root
    for step in error.absolute_schema_path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return ()
    refused = [k for k, v in node.items() if v is False] if isinstance(node, dict) else []
    return (refused[0],) if len(refused) == 1 else ()


def _deep_enough(error: ValidationError, inner: ValidationError) -> bool:
    """Whether the best branch error says more than the combination's own words would: it lies
    deeper in the value, or the value is of a type one branch takes (so that branch's error is
    the one to fix)."""
    if len(inner.absolute_path) > len(error.absolute_path):
        return True
    return inner.validator != "type"


def _bad_key(error: ValidationError, schema: dict[str, Any], path: tuple[str | int, ...], problem: Any) -> Problem:
    """A mapping key the schema's ``propertyNames`` refuses."""
    inst = str(error.instance)
    at = (*path, inst)
    what_key = schema.get("x-what")
    if error.validator == "enum" and what_key:
        return problem(RULES_BY_WHAT.get(what_key, "bad-key"), f"unknown {what_key} {inst!r}"
                       + did_you_mean(inst, _asked(error)), at, key=True)
    if error.validator == "pattern" and schema.get("title"):
        return problem("bad-key", f"key {inst!r} is not a valid {schema['title']}: "
                       f"{schema.get('description', '')}".rstrip(": "), at, key=True)
    owner = label(path)
    return problem("bad-key", f"key {inst!r} is not allowed in {owner}: its keys are each {what(schema)}",
                   at, key=True)


def _unknown_keys(error: ValidationError, schema: dict[str, Any], path: tuple[str | int, ...],
                  problem: Any) -> list[Problem]:
    inst = _value(error)
    allowed = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    extras = [k for k in inst if k not in allowed and not any(re.search(p, k) for p in patterns)]
    shape = [p for p in patterns if p != "^x-"]
    out = []
    for k in extras:
        glued = re.match(r"([^\s:]+):(\S.*)$", k)
        if glued and glued.group(1) in allowed:
            value = inst[k]
            fix = f"{glued.group(1)}: {glued.group(2)}" + (
                f": {value}" if isinstance(value, (str, int, float)) and not isinstance(value, bool) else "")
            out.append(problem("unknown-key", f"unknown key {k!r}: with no space after its colon, YAML reads "
                                              f"`{k}` as one key; write `{fix}`", (*path, k), key=True))
            continue
        hint = did_you_mean(k, allowed)
        if not hint and shape and not allowed:
            words = [_PATTERN_WORDS.get(p, (p, ""))[0] for p in shape]
            hint = f" (keys here are each {' or '.join(words)})"
        elif not hint and allowed:
            hint = f" (the keys here: {', '.join(allowed[:16])}{', ...' if len(allowed) > 16 else ''})"
        out.append(problem("unknown-key", f"unknown key {k!r}{hint}", (*path, k), key=True))
    return out


def _missing(error: ValidationError, name: str, root: Any) -> str:
    """``missing required key 'type'``, with when it is required (an ``if``/``then`` of the schema)
    and what it holds."""
    owner = _then_owner(error, root)
    why = _condition(error, owner)
    message = f"{why} needs the key {name!r}" if why else f"missing required key {name!r}"
    props = as_props(error.schema) or as_props(owner)
    sub = props.get(name)
    if isinstance(sub, dict):
        message += f": {what(sub)}"
        example = _example(sub, None)
        if example is not None:
            message += f" (write `{name}: {yaml_flow(example)}`)"
    return message


def _then_owner(error: ValidationError, root: Any) -> dict[str, Any] | None:
    """The schema whose ``if``/``then`` (inside its ``allOf``, or its own) a ``then`` error comes
    from, walked from the root schema; None when the error is not inside a ``then``."""
    steps = list(error.absolute_schema_path)
    if root is None or "then" not in steps:
        return None
    cut = len(steps) - 1 - steps[::-1].index("then")
    node: Any = root
    owners: list[dict[str, Any]] = []
    for step in steps[:cut]:
        if isinstance(node, dict) and isinstance(node.get("properties"), dict):
            owners.append(node)
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    if not isinstance(node, dict) or "if" not in node:
        return None
    if isinstance(node.get("properties"), dict):
        owners.append(node)
    return {**(owners[-1] if owners else {}), "if": node["if"]}


def _condition(error: ValidationError, owner: dict[str, Any] | None) -> str:
    """When a ``required`` inside a ``then`` applies, in words: ``an entry with kind: dungeon``."""
    if owner is None or not isinstance(error.instance, dict):
        return ""
    keys = list(as_props(owner.get("if")))
    said = [f"{k}: {yaml_flow(error.instance[k])}" for k in keys if k in error.instance]
    title = owner.get("title")
    return f"{_article(title if isinstance(title, str) else 'entry')} with {' and '.join(said)}" if said else ""


def as_props(schema: Any) -> dict[str, Any]:
    """The ``properties`` of a schema (empty when it has none)."""
    props = schema.get("properties") if isinstance(schema, dict) else None
    return props if isinstance(props, dict) else {}


def value_message(error: ValidationError, name: str, form: str = "{}") -> str:
    """The words for an error in a value that is not a file's content (a room feature's argument):
    ``name`` names the value when the error is at its top, ``form`` is how it is written there
    (``reward_gold({})``)."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        inner = best_match(error.context)
        if inner is not None and _deep_enough(error, inner):
            error = inner
    schema = error.schema if isinstance(error.schema, dict) else {}
    kind = str(error.validator) if error.validator is not None else "false"
    path = tuple(error.absolute_path)
    if kind == "required" and isinstance(error.instance, dict):
        return "; ".join(_missing(error, key, None) for key in _asked(error) if key not in error.instance)
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        return f"{name} takes the keys {', '.join(schema.get('properties', {}))} only"
    return _words(kind, error, schema, path, name, form)[1]


def _asked(error: ValidationError) -> Any:
    """What the failing keyword of the schema asks (its value: a bound, a list of names ...)."""
    return error.validator_value


def _value(error: ValidationError) -> Any:
    """The value the failing keyword refused."""
    return error.instance


def _words(kind: str, error: ValidationError, schema: dict[str, Any], path: tuple[str | int, ...],
           top: str = "the file", form: str = "{}") -> tuple[str, str]:
    """(rule, message) for a keyword that fails on the value itself; ``top`` names the value when
    the error is at its top (no key above it)."""
    inst: Any = error.instance
    limit = _asked(error)
    name, says = label(path), schema.get("x-says")
    if name == "the file":
        name = top
    head = says if isinstance(says, str) else None
    if kind == "type":
        message = f"{name} {'holds' if name == 'the file' else 'is'} {what(schema)}, not {_given(inst)}"
        dashed = next((k for k in inst if re.match(r"-[^\s-]", k)), None) if isinstance(inst, dict) else None
        if dashed is not None and "array" in _types(schema):
            return "bad-type", f"{message}: with no space after its dash, `{dashed}` is a key, not a list item; " \
                               f"write `- {dashed[1:]}`"
        example = _example(schema, inst)
        if example is not None:
            message += _write(path, example, form)
        return "bad-type", message
    if kind == "enum":
        if schema.get("x-what"):
            return (RULES_BY_WHAT.get(schema["x-what"], "bad-value"), f"unknown {schema['x-what']} {inst!r}"
                    + did_you_mean(str(inst), limit))
        hint = did_you_mean(inst, [o for o in limit if isinstance(o, str)]) if isinstance(inst, str) else ""
        return "bad-value", f"{name} is {one_of(limit)}: {_short(inst)} is not one of them{hint}"
    if kind == "const":
        optional = " (or leave it out)" if path and isinstance(path[-1], str) else ""
        return "bad-value", f"{name} can only be `{yaml_flow(limit)}`{optional}, not {_short(inst)}"
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "exclusiveMinimum": "more than", "maximum": "at most",
                 "exclusiveMaximum": "less than"}[kind]
        return "bad-value", f"{head or name + ' needs ' + bound + ' ' + str(limit)}: {_short(inst)} is too " \
                            f"{'small' if 'inimum' in kind else 'big'}"
    if kind == "multipleOf":
        return "bad-value", f"{name} is a multiple of {limit}: {_short(inst)} is not"
    if kind in ("minLength", "maxLength"):
        bound = "at least" if kind == "minLength" else "at most"
        return "bad-value", f"{name} is {bound} {_count(limit, 'character')} long: {_short(inst)} has {len(inst)}"
    if kind == "pattern":
        return "bad-value", _pattern(schema, inst, name)
    if kind == "format":
        return "bad-value", f"{name} is {_article(str(limit))}: {_short(inst)} is not"
    if kind in ("minItems", "maxItems"):
        item = noun(schema.get("items")) if isinstance(schema.get("items"), dict) else "item"
        item = schema.get("x-noun-item", item)
        low, high = schema.get("minItems"), schema.get("maxItems")
        rule = head or (f"{name} holds {_count(limit, item)}" if low == high else
                        f"{name} holds {'at least' if kind == 'minItems' else 'at most'} {_count(limit, item)}")
        return "bad-value", f"{rule}: {_short(inst)} has {_NUMBERS[len(inst)] if len(inst) < 11 else len(inst)}"
    if kind == "uniqueItems":
        seen: list[Any] = []
        twice = next((v for v in inst if v in seen or seen.append(v)), None)   # type: ignore[func-returns-value]
        return "bad-value", f"{head or name + ' lists each value once'}: {_short(twice)} is there twice"
    if kind == "contains":
        return "bad-value", f"{name} needs at least one item that is {what(limit)}"
    if kind == "additionalItems":
        n = len(schema.get("items") or [])
        return "bad-value", f"{name} holds {_count(n, 'item')}: {_short(inst)} has {len(inst)}"
    if kind in ("minProperties", "maxProperties"):
        bound = "at least" if kind == "minProperties" else "at most"
        return "bad-value", f"{head or name + ' needs ' + bound + ' ' + _count(limit, 'key')}: " \
                            f"{_short(inst)} has {len(inst)}"
    if kind == "dependencies":
        key = next((k for k, v in limit.items() if k in inst and isinstance(v, list)), None)
        need = [d for d in (limit.get(key) or []) if d not in inst] if key else []
        return "missing-key", f"`{key}` needs {' and '.join(f'`{d}`' for d in need)} beside it" if key else \
            f"{name} lacks a key another key needs"
    if kind == "not":
        return "bad-value", f"{name} may be anything but {what(limit)}: {_short(inst)} is one"
    if kind in ("anyOf", "oneOf"):
        if kind == "oneOf" and not error.context:
            return "bad-value", f"{name} matches more than one form it may take: write it as exactly one of them"
        return "bad-type", f"{name} is {what(schema)}, not {_given(inst)}"
    if kind == "false":
        return "unknown-key" if path and isinstance(path[-1], str) else "bad-value", f"{name} is not allowed here"
    return "schema", f"{name}: {error.message}"


def _given(value: Any) -> str:
    """What was written, in words: ``the text 'catacombs'``, ``the number 3``, ``a list``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"`{yaml_scalar(value)}`"
    if isinstance(value, (int, float)):
        return f"the number {yaml_scalar(value)}"
    if isinstance(value, str):
        return f"the text {yaml_scalar(value) if yaml_scalar(value).startswith(chr(34)) else repr(value)}"
    if isinstance(value, list):
        return f"a list ({_short(value, 40)})"
    return f"a mapping ({_short(value, 40)})"


def _pattern(schema: dict[str, Any], inst: Any, name: str) -> str:
    if schema.get("title") and schema.get("description"):
        return f"{_short(inst)} is not a valid {schema['title']}: {schema['description']}"
    words = _PATTERN_WORDS.get(schema.get("pattern", ""))
    if words is not None:
        return f"{name} is {words[0]}, {words[1]}: {_short(inst)} is not"
    if schema.get("title"):
        return f"{_short(inst)} is not a valid {schema['title']}"
    return f"{name} is not written the way it must be ({schema.get('pattern')}): {_short(inst)}"
