"""The authoring guide, generated from what the packs register, so it cannot drift.

:func:`render_guide` turns a :class:`~clank.registry.Registry` and the content schemas
composed with it into Markdown: every content kind with its fields, every effect op,
condition, room feature and tunnel icon with its argument and one example, and the
quantities, resources, teleport kinds and decision kinds. ``docs/authoring.md`` is its
output for the packs of :data:`GUIDE_PACKS`; regenerate it with::

    python -m clank.guides.authoring > docs/authoring.md

(``--packs catacombs,./mypack`` documents other packs; ``-o FILE`` writes a file.) An installed
engine has no ``docs/``: ``clank docs authoring`` prints the same guide for the installed packs.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from clank.content.scenario_schema import KIND as SCENARIO
from clank.content.scenario_schema import compose_scenario_schema
from clank.content.schema_words import yaml_flow, yaml_scalar
from clank.content.schemas import COMBINATORS, CONTROL_OPS, compose_schemas

if TYPE_CHECKING:
    from clank.registry import Registry

JSON = dict[str, Any]

GUIDE_PACKS = ("catacombs",)
"""The packs ``docs/authoring.md`` documents (with the core); add a pack here when it ships."""

FILE_KINDS = (("pack", "Pack manifest", "pack.yaml"), ("cards", "Cards", "cards.yaml"),
              ("tiles", "Tiles", "tiles.yaml"), ("tokens", "Tokens", "tokens.yaml"),
              ("setup", "Setup", "setup.yaml"))
"""The content kinds every pack may have: (kind, heading, file name)."""
SHARED_KINDS = ("common", "effect", "condition")

CONTROL_EXAMPLES: dict[str, Any] = {
    "if": {"if": {"has_artifact": True}, "then": [{"draw": 1}], "else": [{"gain": {"gold": 1}}]},
    "choose": {"choose": [[{"gain": {"skill": 2}}],
                          {"label": "heal 1", "if": {"has_artifact": True}, "do": [{"heal": 1}]}]},
    "choose_n": {"choose_n": {"n": 2, "options": [[{"draw": 1}], [{"gain": {"gold": 2}}], [{"heal": 1}]]}},
    "may": {"may": [{"damage": 1}, {"draw": 2}]},
    "each_player": {"each_player": [{"draw": 1}]},
    "each_other_player": {"each_other_player": [{"clank": 1}]},
    "per_turn": {"per_turn": {"stat": "clank_made", "each": [{"gain": {"gold": 1}}]}},
}
"""One example of each op of the effect language itself (the core's control ops)."""
COMBINATOR_EXAMPLES: dict[str, Any] = {
    "any": {"any": [{"has_artifact": True}, {"count_at_least": {"count": "gold", "n": 5}}]},
    "all": {"all": [{"has_artifact": True}, {"count_at_least": {"count": "damage", "n": 3}}]},
    "not": {"not": {"has_artifact": True}},
}
"""One example of each condition combinator."""
_FALLBACK_TUNNEL = ["hall", "n1"]


# ==========================================================================================
# a small YAML writer: block style outside, flow style for short inner values
# ==========================================================================================
_FLOW_WIDTH = 72
_IDENT = "^[a-z_][a-z0-9_]*$"


def _fits(value: Any, used: int, pairs: bool = True) -> bool:
    """Whether a value is written in flow style after ``used`` characters of its line.

    Lists of mappings with several keys (tunnels, labelled options) are always written in block
    style, one entry a line; so are mappings with several keys holding nested mappings (``if``).
    """
    if not isinstance(value, (dict, list)):
        return True
    if isinstance(value, list) and any(isinstance(v, dict) and len(v) > 1 for v in value):
        return False
    if isinstance(value, dict) and len(value) > 1 and _depth(value) > 2:
        return False
    return _depth(value) <= 3 and used + len(yaml_flow(value, pairs=pairs)) <= _FLOW_WIDTH


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _block(value: Any, indent: int, pairs: bool = True) -> list[str]:
    """Block style: mappings one key a line, list items one a line, short values in flow style."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, dict) and value:
        for key, sub in value.items():
            head = f"{pad}{yaml_scalar(key)}:"
            if _fits(sub, len(head) + 1, pairs):
                lines.append(f"{head} {yaml_flow(sub, pairs=pairs)}")
            else:
                lines += [head, *_block(sub, indent + 2, pairs)]
        return lines
    if isinstance(value, list) and value:
        for item in value:
            if (isinstance(item, dict) and len(item) == 1) or not _fits(item, indent + 2, pairs):
                inner = _block(item, indent + 2, pairs)
                lines += [f"{pad}- {inner[0].lstrip()}", *inner[1:]]
            else:
                lines.append(f"{pad}- {yaml_flow(item, pairs=pairs)}")
        return lines
    return [f"{pad}{yaml_flow(value, pairs=pairs)}"]


def to_yaml(value: Any, pairs: bool = True) -> str:
    """``value`` as a short YAML document, in the style of the packs' files.

    ``pairs``: write one-key mappings inside flow lists without braces (``then: [draw: 1]``);
    conditions turn it off, so that ``any: [{a: 1}, {b: 2}]`` cannot be misread as one mapping.
    """
    return "\n".join(_block(value, 0, pairs)) + "\n"


# ==========================================================================================
# schemas as words
# ==========================================================================================
class _Schemas:
    """The composed schemas, to resolve ``$ref``s into names while describing a schema."""

    def __init__(self, schemas: dict[str, JSON]) -> None:
        self.schemas = schemas

    def target(self, ref: str, kind: str) -> tuple[str, str]:
        """(kind, definition name) a reference points at."""
        file, _, pointer = ref.partition("#")
        target_kind = file.removesuffix(".schema.json").rsplit("/", 1)[-1] if file else kind
        return target_kind, pointer.rsplit("/", 1)[-1] if pointer else ""

    def ref_name(self, ref: str, kind: str) -> str:
        target_kind, name = self.target(ref, kind)
        if name == "effect":
            return "[effect](#effects)"
        if name == "condition":
            return "[condition](#conditions)"
        if name in ("points", "points_if", "points_per"):
            return "[points](#points)"
        node = self.schemas.get(target_kind, {}).get("definitions", {}).get(name, {})
        title = node.get("title") or name or target_kind
        if target_kind == "common" and name:
            return f"[{title}](#shared-values)"
        return str(title)

    def type_text(self, schema: Any, kind: str) -> str:
        """A short phrase for what a value of ``schema`` may be: ``integer ≥ 1``, ``list of card id``."""
        if schema is True or schema == {}:
            return "anything"
        if not isinstance(schema, dict):
            return "nothing"
        if isinstance(schema.get("$ref"), str):
            return self.ref_name(schema["$ref"], kind)
        if "const" in schema:
            return f"`{yaml_flow(schema['const'])}`"
        if isinstance(schema.get("enum"), list):
            return _one_of(schema["enum"])
        for combo in ("oneOf", "anyOf"):
            if isinstance(schema.get(combo), list):
                texts = [t for t in _unique(self.type_text(b, kind) for b in schema[combo]) if t != "anything"]
                if texts:
                    return " or ".join(texts)
        if isinstance(schema.get("allOf"), list) and len(schema["allOf"]) == 1:
            return self.type_text(schema["allOf"][0], kind)
        types = schema.get("type")
        types = types if isinstance(types, list) else [types] if types else []
        if not types:
            if "properties" in schema or "additionalProperties" in schema or "propertyNames" in schema:
                types = ["object"]
            elif "items" in schema:
                types = ["array"]
        return " or ".join(self._one_type(schema, t, kind) for t in types) if types else "anything"

    def _one_type(self, schema: JSON, type_: str, kind: str) -> str:
        if type_ in ("integer", "number"):
            low, high = schema.get("minimum"), schema.get("maximum")
            if low is not None and high is not None:
                return f"{type_} {low} to {high}"
            if low is not None:
                return f"{type_} ≥ {low}"
            return f"{type_} ≤ {high}" if high is not None else type_
        if type_ == "string":
            ref = schema.get("x-ref")
            if ref == "slot":
                return f"slot of the region `{schema.get('x-region', '')}`"
            return f"{ref} id" if isinstance(ref, str) else "name" if schema.get("pattern") == _IDENT else "text"
        if type_ == "boolean":
            return "`true` or `false`"
        if type_ == "null":
            return "nothing"
        if type_ == "array":
            items = schema.get("items")
            if isinstance(items, dict) and items:
                return f"list of {self.type_text(items, kind)}"
            return "list"
        if type_ == "object":
            if isinstance(schema.get("properties"), dict) and schema["properties"]:
                return "mapping (keys below)"
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra:
                keys = self.type_text(schema.get("propertyNames", {}), kind) if schema.get("propertyNames") else "name"
                keys = "name" if keys == "anything" else keys
                return f"mapping of {keys} to {self.type_text(extra, kind)}"
            return "mapping"
        return type_


def _unique(items: Iterable[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


def _one_of(values: Sequence[Any], limit: int = 16) -> str:
    shown = ", ".join(f"`{yaml_flow(v)}`" for v in values[:limit])
    more = f" (and {len(values) - limit} more)" if len(values) > limit else ""
    return ("`" + yaml_flow(values[0]) + "`") if len(values) == 1 else f"one of {shown}{more}"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text.endswith((".", "!", "?", ")")) else text + "."


def _rows(schemas: _Schemas, schema: JSON, kind: str, prefix: str = "", depth: int = 0) -> Iterator[list[str]]:
    """Table rows ``[field, type, required, description]`` for the properties of ``schema``,
    with the keys of nested mappings as ``field.key`` (``field[]`` for list items, ``field.NAME``
    for a mapping's values)."""
    props: dict[str, Any] = schema["properties"] if isinstance(schema.get("properties"), dict) else {}
    required = set(schema.get("required") or [])
    when = conditionally_required(schema)
    for name, sub in props.items():
        sub = sub if isinstance(sub, dict) else {}
        field_name = f"{prefix}{name}"
        needed = "yes" if name in required else "; ".join(when.get(name, []))
        yield [f"`{field_name}`", schemas.type_text(sub, kind), needed, _sentence(sub.get("description", ""))]
        if depth < 3:
            yield from _nested_rows(schemas, sub, kind, field_name, depth)


def _condition_text(cond: Any) -> str:
    """An ``if`` schema as words, in Markdown: kind is dungeon or reserve, each name in backticks."""
    parts = []
    for key, sub in (cond.get("properties") or {}).items() if isinstance(cond, dict) else ():
        if not isinstance(sub, dict):
            continue
        values = [sub["const"]] if "const" in sub else sub.get("enum") if isinstance(sub.get("enum"), list) else None
        if values:
            parts.append(f"`{key}` is " + " or ".join(f"`{yaml_flow(v)}`" for v in values))
        else:
            parts.append(f"`{key}` is {yaml_flow(sub)}")
    return " and ".join(parts)


def conditionally_required(schema: JSON) -> dict[str, list[str]]:
    """Keys a schema requires only in some cases, read from its ``if``/``then``/``else`` (its own
    and those of its ``allOf``) and its ``dependencies``: key -> the cases, in Markdown words
    (when kind is dungeon, the names in backticks)."""
    out: dict[str, list[str]] = {}
    branches = [schema, *(b for b in schema.get("allOf") or [] if isinstance(b, dict))]
    for branch in branches:
        if not isinstance(branch.get("if"), dict):
            continue
        cond = _condition_text(branch["if"])
        if not cond:
            continue
        for word, part in (("when", "then"), ("unless", "else")):
            for key in (branch.get(part) or {}).get("required") or []:
                out.setdefault(key, []).append(f"{word} {cond}")
    for key, deps in (schema.get("dependencies") or {}).items():
        for dep in deps if isinstance(deps, list) else ():
            out.setdefault(dep, []).append(f"with `{key}`")
    return out


def _nested_rows(schemas: _Schemas, sub: JSON, kind: str, field_name: str, depth: int) -> Iterator[list[str]]:
    if isinstance(sub.get("properties"), dict):
        yield from _rows(schemas, sub, kind, f"{field_name}.", depth + 1)
    items = sub.get("items")
    if isinstance(items, dict) and isinstance(items.get("properties"), dict):
        yield from _rows(schemas, items, kind, f"{field_name}[].", depth + 1)
    extra = sub.get("additionalProperties")
    if isinstance(extra, dict):
        if isinstance(extra.get("properties"), dict):
            yield from _rows(schemas, extra, kind, f"{field_name}.NAME.", depth + 1)
        inner = extra.get("items")
        if isinstance(inner, dict) and isinstance(inner.get("properties"), dict):
            yield from _rows(schemas, inner, kind, f"{field_name}.NAME[].", depth + 1)


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _object_branches(schema: Any) -> list[JSON]:
    """The mapping shapes a schema allows (itself, or branches of oneOf/anyOf) that list keys."""
    if not isinstance(schema, dict):
        return []
    if isinstance(schema.get("properties"), dict) and schema["properties"]:
        return [schema]
    out: list[JSON] = []
    for combo in ("oneOf", "anyOf", "allOf"):
        for branch in schema.get(combo) or []:
            out += _object_branches(branch)
    return out


# ==========================================================================================
# the guide
# ==========================================================================================
def _packs_of(registry: Registry) -> list[str]:
    tables: list[Iterable[Any]] = [registry.ops.values(), registry.conditions.values(),
                                   registry.quantities.values(), registry.room_features.values(),
                                   registry.tunnel_icons.values(), registry.resources.values(),
                                   registry.teleport_kinds.values(), registry.decision_kinds.values(),
                                   registry.bots.values(), registry.action_kinds.values()]
    names = {getattr(entry, "pack", "") for table in tables for entry in table} - {""}
    return sorted(names, key=lambda n: (n != "core", n))


def _from(pack: str) -> str:
    return f"*From the `{pack}` pack.*" if pack and pack != "core" else "*From the core.*"


def _yaml_block(value: Any, pairs: bool = True) -> list[str]:
    return ["```yaml", *to_yaml(value, pairs).rstrip("\n").split("\n"), "```"]


def _argument(schemas: _Schemas, schema: Any, kind: str, none_text: str) -> list[str]:
    """How an op, condition or feature takes its argument, rendered from its schema."""
    if schema is None or (isinstance(schema, dict) and schema.get("type") == "null"):
        return [none_text]
    lines = [f"Argument: {schemas.type_text(schema, kind)}."]
    for branch in _object_branches(schema):
        lines += ["", *_table(("key", "type", "required", "description"), _rows(schemas, branch, kind))]
    return lines


def op_example(registry: Registry, name: str) -> Any:
    """The example shown for an effect op (the registered one, or the control op's)."""
    if name in CONTROL_EXAMPLES:
        return CONTROL_EXAMPLES[name]
    return registry.ops[name].example


def condition_example(registry: Registry, name: str) -> Any:
    """The example shown for a condition (the registered one, or the combinator's)."""
    if name in COMBINATOR_EXAMPLES:
        return COMBINATOR_EXAMPLES[name]
    return registry.conditions[name].example


def feature_example(registry: Registry, name: str) -> str | None:
    """The example shown for a room feature: the registered one, else the bare name when the
    feature takes no argument (None when nothing can be shown)."""
    fdef = registry.room_features[name]
    if fdef.example is not None:
        return fdef.example
    return name if fdef.arg_schema is None else None


def icon_example(registry: Registry, name: str) -> JSON:
    """The example shown for a tunnel icon: the registered tunnel, else a tunnel carrying it."""
    example = registry.tunnel_icons[name].example
    return example if example is not None else {"ends": list(_FALLBACK_TUNNEL), "icons": [name]}


def _content_section(schemas: _Schemas, registry: Registry) -> list[str]:
    out = ["## Content files", "",
           "A pack is a directory holding `pack.yaml` and the files it lists, one file per kind. A file's "
           "kind comes from its name (`cards.yaml`, `cards-extra.yaml`) or is given in the manifest. "
           "Lists of entries (cards, tiles, tokens) are YAML lists of mappings; keys starting with `x-` "
           "are free for your own notes. The tables list every key: *required* keys must be present, "
           "and a key required only in some cases says when (a card's `type`, `count` and `cost`: when "
           "its `kind` is `dungeon` or `reserve`).", ""]
    kinds = [*FILE_KINDS, *((k, f"Content kind `{k}`", f"{k}.yaml") for k in sorted(schemas.schemas)
                            if k not in SHARED_KINDS and k not in dict((f[0], f) for f in FILE_KINDS))]
    for kind, heading, file in kinds:
        schema = schemas.schemas[kind]
        out += [f"### {heading} (`{file}`)", "", _sentence(schema.get("description", "")), ""]
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            out += [f"The file is a list; each entry is one {schemas.type_text(schema['items'], kind)} "
                    "(keys below).", ""]
        if isinstance(schema.get("properties"), dict):
            out += [*_table(("key", "type", "required", "description"), _rows(schemas, schema, kind)), ""]
        out += _definition_tables(schemas, schema, kind)
    return out


def _definition_tables(schemas: _Schemas, schema: JSON, kind: str, level: str = "####") -> list[str]:
    """A heading, a sentence and a table of keys for each definition of ``schema`` that has keys."""
    out: list[str] = []
    for name, node in (schema.get("definitions") or {}).items():
        if isinstance(node, dict) and isinstance(node.get("properties"), dict) and node["properties"]:
            title = node.get("title", name)
            out += [f"{level} {str(title)[:1].upper()}{str(title)[1:]}", "",
                    _sentence(node.get("description", "")), "",
                    *_table(("key", "type", "required", "description"), _rows(schemas, node, kind)), ""]
    return out


def _checking_section(registry: Registry, shipped: bool) -> list[str]:
    """How a pack is checked: the layers of ``clank validate``, ``--play``, and the structure rules
    packs state through ``clank_check_content`` (which the loaded packs state, how to write one)."""
    from clank.content.lint import LINT_RULES
    from clank.guides.hookguide import hook_specs, split_hook_doc

    example = next((split_hook_doc(inspect.cleandoc(fn.__doc__ or "")).get("Example::", "")
                    for name, fn in hook_specs() if name == "clank_check_content"), "")
    hooks = "`clank docs hooks`" if shipped else "[hooks.md](hooks.md#clank_check_content)"
    rows = [[f"`{c.pack}`", _sentence(inspect.getdoc(c.function) or "")] for c in registry.content_checks]
    return ["## Checking a pack", "",
            "`clank validate DIR` checks a pack in layers, each problem at its file, line and column: the YAML "
            "and each file's schema; the names (every id, op, feature, pool, region or slot a file writes must "
            "be defined by a loaded pack); the structure each pack's rules need of its content kinds (below); "
            "then, on request, play. The pack is validated with the packs it `requires`, so the rules of an "
            "installed pack judge the content of a pack that adds to it. A schema's refusal says what the field "
            "is and how to write it; a name must also be of the kind its place takes (the market board takes "
            "market items); no pack may require itself, nor packs require each other in a cycle. Errors make "
            "it exit 1.", "",
            "Then the lint: what is legal but likely a mistake is a warning (exit 0), and `clank validate "
            "--strict DIR` makes warnings fail too (in `--format json` each problem's `level` says how this "
            "run counts it):", "",
            *_table(("warning", "what it finds"), [(f"`{rule}`", words) for rule, words in LINT_RULES.items()]),
            "", "```console", "$ clank validate --strict --play 20 ./mypack", "```", "",
            "Make `clank validate DIR --play 20` a habit: it plays 20 short seeded games of your pack with the "
            "random and greedy bots and the engine's invariant checks on after every action (cards, tokens and "
            "cubes add up, saved games reload identically). What only play shows (a card whose effect breaks a "
            "rule at the table, a bug in a pack's code) comes back as one problem at the card or tile involved "
            "(else at the line of code that raised), with the failing action and the `clank simulate ... "
            "--check` command that replays that game to the same failure. `--format json` carries the games "
            "and every failure under `play`.", "",
            "### Structure rules", "",
            "Each pack states the structural rules of its own content kinds in its code, through the hook "
            f"`clank_check_content` ({hooks}); the core states its own about its setup keys. The loaded packs "
            "state these:", "",
            *_table(("pack", "what it checks"), rows), "",
            "A pack of yours states its rules the same way. A pack that registers a `fountain` room feature "
            "and allows one per tile:", "",
            "```python", example.rstrip("\n"), "```", "",
            "Test your rules with corpus packs: a directory per mistake, its `pack.yaml` starting with the "
            "problems it holds (`# expect: error[one-fountain] tiles.yaml 7:32 -- \"at most one\"`), checked "
            "by `clank.testing.check_corpus_pack(DIR, [\"catacombs\", \"mypack\"])`.", ""]


def _scenario_section(registry: Registry) -> list[str]:
    """Scenario files: given/when/then rule tests (``scenario.schema.json``), key by key."""
    schema = compose_scenario_schema(registry)
    schemas = _Schemas({**compose_schemas(registry), SCENARIO: schema})
    return ["## Scenario files", "",
            _sentence(schema.get("description", "")), "",
            "A pack keeps them in `scenarios/*.yaml` beside `pack.yaml` (beside `data/` in an installable "
            "pack); `clank pack test PACK` runs them and reports each failure at its file and line, and "
            "`pytest --clank-scenarios DIR` runs them as pytest items. The file is a list; each entry is "
            "one scenario (keys below). `P1` to `P6` name the seats, and every resource the packs register "
            "is a key of a seat's position and of its expectations.", "",
            *_definition_tables(schemas, schema, SCENARIO, "###")]


def _shared_section(schemas: _Schemas) -> list[str]:
    common = schemas.schemas.get("common", {})
    defs = common.get("definitions") or {}
    rows = [[f"{node.get('title', name)}", schemas.type_text({k: v for k, v in node.items() if k != "x-what"},
                                                             "common") if "$ref" not in node else name,
             _sentence(node.get("description", ""))]
            for name, node in defs.items() if isinstance(node, dict) and name not in ("points_if", "points_per")]
    out = ["## Shared values", "", _sentence(common.get("description", "")), "",
           *_table(("value", "type", "description"), rows), "",
           "### Points", "", _sentence(defs.get("points", {}).get("description", "")), ""]
    for name in ("points_if", "points_per"):
        node = defs.get(name, {})
        out += [f"{_sentence(node.get('description', ''))}", "",
                *_table(("key", "type", "required", "description"), _rows(schemas, node, "common")), ""]
    out += _yaml_block({"points": {"if": {"game_stat_at_least": {"stat": "cards_trashed", "n": 3}},
                                   "then": 5, "else": 0}})
    out += [""] + _yaml_block({"points": {"per": ["artifacts", "gold"], "times": 2}}) + [""]
    return out


def _effects_section(schemas: _Schemas, registry: Registry) -> list[str]:
    effect = schemas.schemas["effect"]
    single = effect["definitions"]["single_op"]["properties"]
    out = ["## Effects", "", _sentence(effect.get("description", "")), "",
           "Effects appear under `play`, `acquire`, `arrive`, `use` and `defeat` of cards, `take` and "
           "`use` of tokens, and wherever an argument is an [effect](#effects).", "",
           "### Control ops", "",
           "The effect language itself: these ops hold other ops.", ""]
    if_op = effect["definitions"]["if_op"]
    out += ["#### `if`", "", _sentence(if_op.get("description", "")), "", *_table(
        ("key", "type", "required", "description"), _rows(schemas, if_op, "effect")), "",
        "Example:", "", *_yaml_block([CONTROL_EXAMPLES["if"]]), ""]
    for name in CONTROL_OPS:
        if name == "if" or name not in single:
            continue
        sub = single[name]
        out += [f"#### `{name}`", "", _sentence(sub.get("description", "")), "",
                *_argument(schemas, sub, "effect", "No argument."), "",
                "Example:", "", *_yaml_block([CONTROL_EXAMPLES[name]]), ""]
    out += ["### Ops", "",
            "Each op is one list item `- name: argument`; an op without argument is written as its bare "
            "name (`- trash_this`).", ""]
    for name in sorted(n for n in registry.ops if n not in CONTROL_OPS):
        odef = registry.ops[name]
        example = odef.example
        out += [f"#### `{name}`", "", _sentence(odef.doc) or "(undocumented)", _from(odef.pack), "",
                *_argument(schemas, odef.schema, "effect", f"No argument: write `- {name}`."), ""]
        if example is not None:
            out += ["Example:", "", *_yaml_block([example]), ""]
    return out


def _conditions_section(schemas: _Schemas, registry: Registry) -> list[str]:
    cond = schemas.schemas["condition"]
    props = cond["definitions"]["condition"]["properties"]
    out = ["## Conditions", "", _sentence(cond.get("description", "")), "",
           "A condition is used by `if` ops, `choose` options, `fight_if` of monsters, `use_if` of "
           "tokens and conditional points. Write it as a mapping after `if:`.", "",
           "In a card's `play` and `defeat` effects a condition counts when it holds at any moment of the "
           "turn (C11): an `if` without `else` waits for it to hold later, and a condition marked *looks "
           "back* below also counts when it held earlier this turn and no longer does (C11 default (a): "
           "you left the room a card asks about before playing it). `docs/conditions.md` of the engine's "
           "repository says which cards this concerns.", "",
           "### Combinators", ""]
    for name in COMBINATORS:
        sub = props.get(name, {})
        out += [f"#### `{name}`", "", _sentence(sub.get("description", "")), "",
                f"Argument: {schemas.type_text(sub, 'condition')}.", "",
                "Example:", "", *_yaml_block({"if": COMBINATOR_EXAMPLES[name]}, pairs=False), ""]
    out += ["### Tests", ""]
    for name in sorted(n for n in registry.conditions if n not in COMBINATORS):
        cdef = registry.conditions[name]
        out += [f"#### `{name}`", "", _sentence(cdef.doc) or "(undocumented)", _from(cdef.pack), "",
                *([LOOKS_BACK[cdef.looks_back], ""] if cdef.looks_back else []),
                *_argument(schemas, cdef.schema, "condition", "No argument."), ""]
        if cdef.example is not None:
            out += ["Example:", "", *_yaml_block({"if": cdef.example}, pairs=False), ""]
    return out


LOOKS_BACK = {
    "room": "*Looks back*: in `play` and `defeat` effects it also counts when it held earlier this turn "
            "(it reads only where your pawn is: every room the pawn was in this turn counts).",
    True: "*Looks back*: in `play` and `defeat` effects it also counts when it held earlier this turn "
          "(at the start of the turn or after any action).",
}
"""What the guide says of a condition registered with ``looks_back``."""


def _quantities_section(registry: Registry) -> list[str]:
    rows = [[f"`{q.name}`", _sentence(q.doc), q.pack] for q in sorted(registry.quantities.values(),
                                                                       key=lambda q: q.name)]
    return ["## Quantities", "",
            "Countable quantities of a player, used by `count_at_least`, `draw_per` and points "
            "(`per:`).", "", *_table(("quantity", "what it counts", "pack"), rows), ""]


_CALLBACKS = (("on_place", "when its tile is placed"), ("on_enter", "when a pawn enters"),
              ("on_turn_start", "when a turn starts in it"), ("actions", "offers actions to a pawn in it"),
              ("may_enter", "may refuse entry"))


def _features_section(schemas: _Schemas, registry: Registry) -> list[str]:
    out = ["## Room features", "",
           "A tile's room lists its features: `features: [market]`. A feature that takes an argument is "
           "written `name(value)` or `name(key=value, ...)`: `reward_gold(2)`, `artifact(plus=1)`; values "
           "are integers, `true`/`false` or words.", ""]
    for name in sorted(registry.room_features):
        fdef = registry.room_features[name]
        acts = [text for attr, text in _CALLBACKS if getattr(fdef, attr, None) is not None]
        out += [f"### `{name}`", "", _sentence(fdef.doc) or "(undocumented)", _from(fdef.pack), ""]
        if acts:
            out += [f"Acts: {', '.join(acts)}.", ""]
        if fdef.counts_as:
            out += [f"Counts as: {', '.join(f'`{c}`' for c in fdef.counts_as)}.", ""]
        out += [*_argument(schemas, fdef.arg_schema, "tiles", f"No argument: write `{name}`."), ""]
        example = feature_example(registry, name)
        if example is not None:
            out += ["Example:", "", *_yaml_block({"features": [example]}), ""]
    return out


def _icons_section(registry: Registry) -> list[str]:
    out = ["## Tunnel icons", "",
           "A tunnel lists its icons: `icons: [boot, monster]`; repeat an icon to print it twice.", ""]
    for name in sorted(registry.tunnel_icons):
        icon = registry.tunnel_icons[name]
        costs = []
        price = ", ".join(f"{n} {res}" for res, n in icon.cost.items() if n)
        if price and icon.covers:
            costs.append(f"must be paid once ({price}), which covers it for everyone")
        elif price:
            costs.append(f"each costs {price} more")
        if icon.damage:
            flag = f"; the turn flag `{icon.damage_ignored_by}` cancels it" if icon.damage_ignored_by else ""
            costs.append(f"each deals {icon.damage} damage, prevented by Swords{flag}")
        out += [f"### `{name}`", "", _sentence(icon.doc) or "(undocumented)", _from(icon.pack), ""]
        if costs:
            out += [f"Moving through: {'; '.join(costs)}.", ""]
        out += ["Example:", "", *_yaml_block({"tunnels": [icon_example(registry, name)]}), ""]
    return out


def _small_tables(registry: Registry) -> list[str]:
    resources = [[f"`{r.name}`", "this turn only" if r.turn else "kept", _sentence(r.doc), r.pack]
                 for r in sorted(registry.resources.values(), key=lambda r: r.name)]
    teleports = [[f"`{t.name}`", _sentence(t.doc), t.pack]
                 for t in sorted(registry.teleport_kinds.values(), key=lambda t: t.name)]
    decisions = [[f"`{d.name}`", _sentence(d.doc), d.pack]
                 for d in sorted(registry.decision_kinds.values(), key=lambda d: d.name)]
    out = ["## Resources", "",
           "What `gain` adds and card costs (`cost:`) ask for.", "",
           *_table(("resource", "lasts", "description", "pack"), resources), "",
           "## Teleport kinds", "",
           "The kinds the `teleport` op grants (`teleport: adjacent`): where a held teleport may take the "
           "player. `adjacent` is the core's.", ""]
    out += [*_table(("kind", "where to", "pack"), teleports), ""] if teleports else ["No pack adds any.", ""]
    out += ["## Decision kinds", "",
            "Pauses in the middle of an effect that packs define (a bot or front end sees them as "
            "`game.decision()['kind']`). The core's own are `choose`, `may`, `pick` and `react`.", ""]
    out += [*_table(("kind", "what the player decides", "pack"), decisions), ""] if decisions \
        else ["No pack adds any.", ""]
    return out


VSCODE_SETTINGS = {"glspc.server.command": "clank", "glspc.server.commandArguments": ["lsp"],
                   "glspc.server.languageId": ["yaml"]}
"""The VS Code settings ``clank pack new`` writes (``.vscode/settings.json``): the Generic LSP
Client extension starts ``clank lsp`` for the YAML files of the folder."""


def _editor_section() -> list[str]:
    """How an editor checks a pack as it is typed: the schemas, and the language server."""
    settings = json.dumps(VSCODE_SETTINGS, indent=2)
    return ["## In your editor", "",
            "A pack made by `clank pack new` is set up for two ways of checking it as you type.", "",
            "- **The schemas**, for any editor with the YAML language server: each YAML file starts with a "
            "modeline (`# yaml-language-server: $schema=./schemas/cards.schema.json`) naming its schema in "
            "`schemas/`, so keys complete and a value of the wrong shape is underlined. The schemas know the "
            "ops of the packs installed when they were exported: after installing more, export them again "
            "(`clank schema export DIR/schemas`).",
            "- **The language server** `clank lsp` (the extra `lsp`: `pip install 'clank-engine[lsp]'`), "
            "which an editor starts and talks to over stdio. It checks the pack of each file you open as you "
            "type, unsaved text included: every problem `clank validate` reports, at the same place, in the "
            "same words and with the same rule id, a problem one file causes in another shown where it is; "
            "a scenario file is checked as `clank pack test` loads it. "
            "A did-you-mean of the validator is a quick fix. It completes ids (cards, tokens, tiles, token "
            "pools and regions of every installed pack and of the pack you are writing), the statistics and "
            "options packs declare, the names of ops and conditions, and inside an op's or condition's "
            "arguments their names and the values they take (a card id where it takes a card); "
            "hovering an op, condition, room feature or tunnel icon shows its section of this guide, "
            "hovering a key (`cost`, `requires` ...) what it is, whether it is required (or when) and how "
            "it is written, as the key tables below say, "
            "hovering a card id the card (name, cost, text) and its pack; go to definition opens the entry "
            "of an id, in your pack or in an installed pack's data, and find references lists where your "
            "pack writes it. After a keystroke it checks again only the file you changed and what refers to "
            "it (what the other files hold is kept from the check before): in a pack of 1,000 cards the "
            "diagnostics come about 0.05-0.15 s after the pause of 0.15 s the server waits for you to stop "
            "typing.", "",
            "### VS Code", "",
            "`clank pack new` writes `.vscode/settings.json` for the Generic LSP Client extension "
            "(`zsol.vscode-glspc`); the YAML extension (`redhat.vscode-yaml`) reads the modelines. When "
            "`clank` is installed in a virtualenv, write the full path of its `clank` as the command.", "",
            "```json", *settings.splitlines(), "```", "",
            "### Neovim", "",
            "Neovim 0.11 or later, in `init.lua`:", "",
            "```lua",
            "vim.lsp.config('clank', { cmd = { 'clank', 'lsp' }, filetypes = { 'yaml' }, "
            "root_markers = { 'pack.yaml' } })",
            "vim.lsp.enable('clank')",
            "```", "",
            "### Helix", "",
            "In `languages.toml` (beside the YAML language server, which reads the modelines):", "",
            "```toml",
            "[language-server.clank]",
            'command = "clank"',
            'args = ["lsp"]',
            "",
            "[[language]]",
            'name = "yaml"',
            'language-servers = ["clank", "yaml-language-server"]',
            "```", ""]


def render_guide(registry: Registry, *, shipped: bool = False) -> str:
    """The authoring guide (Markdown) for what ``registry`` holds and the schemas composed with it.

    Deterministic: the same registrations give the same text, whatever their order. ``shipped``
    renders the copy ``clank docs authoring`` prints for an installed engine, which has no
    ``docs/`` beside it: it links no other page and starts from ``clank pack new`` instead.
    """
    schemas = _Schemas(compose_schemas(registry))
    packs = _packs_of(registry)
    start = ("New to packs? `clank pack new NAME` makes one that validates and plays, with a README of "
             "next steps. " if shipped else
             "New to packs? Start with the [walkthrough](walkthrough.md); the file format in prose is in "
             "[content-format.md](content-format.md). ")
    made_by = "`clank docs authoring`" if shipped else "`python -m clank.guides.authoring`"
    out = [f"<!-- Generated by {made_by} from the registered ops, conditions, features and",
           "     schemas. Do not edit by hand: change the registrations, then regenerate. -->", "",
           "# Authoring guide", "",
           f"Everything a content pack can write, generated from the packs {', '.join(f'`{p}`' for p in packs)}. "
           f"{start}Check your files with `clank validate DIR` (and play them: `--play 20`), and let "
           "your editor check them as you type: `clank schema export DIR` writes the schemas, and a "
           "first line `# yaml-language-server: $schema=DIR/cards.schema.json` points a file at its "
           "schema. An installed pack's code is checked too: `clank validate PACK` runs its registration "
           "hooks, and a misspelt hook or a function taking the wrong parameters is a problem at its line "
           f"in the pack's Python code ({'`clank docs hooks`' if shipped else '[hooks.md](hooks.md#when-a-packs-code-is-at-fault)'}).",
           "",
           "Contents: [in your editor](#in-your-editor), [content files](#content-files), "
           "[shared values](#shared-values), "
           "[effects](#effects), [conditions](#conditions), [quantities](#quantities), "
           "[room features](#room-features), [tunnel icons](#tunnel-icons), [resources](#resources), "
           "[teleport kinds](#teleport-kinds), [decision kinds](#decision-kinds), "
           "[scenario files](#scenario-files), [checking a pack](#checking-a-pack).", ""]
    out += _editor_section()
    out += _content_section(schemas, registry)
    out += _shared_section(schemas)
    out += _effects_section(schemas, registry)
    out += _conditions_section(schemas, registry)
    out += _quantities_section(registry)
    out += _features_section(schemas, registry)
    out += _icons_section(registry)
    out += _small_tables(registry)
    out += _scenario_section(registry)
    out += _checking_section(registry, shipped)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"


# ==========================================================================================
# python -m clank.guides.authoring
# ==========================================================================================
def guide_registry(packs: Sequence[str] = GUIDE_PACKS, modules: dict[str, ModuleType] | None = None) -> Registry:
    """The registry of the core and ``packs`` (ids, or directories, which register nothing)."""
    from clank.plugins import PackHooks, find_pack

    return PackHooks([find_pack(spec, modules) for spec in packs]).build_registry()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m clank.guides.authoring [--packs IDS] [-o FILE]``: print (or write) the guide."""
    return guide_main("clank.guides.authoring", "Generate the authoring guide (Markdown).", render_guide, argv)


def guide_main(module: str, description: str, render: Callable[[Registry], str],
               argv: Sequence[str] | None = None) -> int:
    """The command line of a guide module (``python -m MODULE [--packs IDS] [-o FILE]``): the
    guide ``render`` makes for the packs asked, printed or written; 3 if a pack cannot load."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=description)
    parser.add_argument("--packs", default=",".join(GUIDE_PACKS),
                        help=f"comma-separated pack ids to document (default: {','.join(GUIDE_PACKS)})")
    parser.add_argument("-o", "--output", type=Path, help="write to this file instead of stdout")
    args = parser.parse_args(argv)
    from clank.api import split_packs
    from clank.plugins import PackLoadError

    try:
        text = render(guide_registry(split_packs(args.packs)))
    except PackLoadError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    write_guide(text, args.output)
    return 0


def write_guide(text: str, output: Path | None = None) -> None:
    """Write the guide to ``output``, or to stdout as UTF-8 whatever its encoding. Raises ``OSError``."""
    if output is not None:
        output.write_text(text, encoding="utf-8", newline="\n")
    elif hasattr(sys.stdout, "buffer"):
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:  # pragma: no cover - a replaced stdout
        sys.stdout.write(text)


__all__ = ["GUIDE_PACKS", "condition_example", "feature_example", "guide_registry", "icon_example",
           "main", "op_example", "render_guide", "to_yaml", "write_guide", "yaml_scalar"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
