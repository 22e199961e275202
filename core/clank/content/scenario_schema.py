"""The JSON Schema of scenario files (``scenario.schema.json``), composed with a registry.

Scenario files are rule tests a pack keeps in ``scenarios/*.yaml`` (see :mod:`clank.scenarios`);
they are not content, so the schema is not one of :data:`~clank.content.schemas.FILE_KINDS` and a
pack's data directory never reads them. The bundled file is valid on its own (an editor can use
it); :func:`compose_scenario_schema` plugs in what the loaded packs register, so a misspelt name
is one precise error at its key with a did-you-mean:

- each registered resource (``skill``, ``gold``, ``undercoins`` ...) becomes a key of a seat's
  position and of a seat's expectations;
- the decision kinds (the core's ``main``, ``orient``, ``over`` and every registered one) become
  the values ``then.decision.kind`` may take;
- the teleport kinds become the values a seat's ``teleports`` may list;
- the cube kinds (the core's ``black`` and every registered one) and the seats become the owners
  of cubes in the bag and the Clank! area.

Card, token, tile and room ids are content, not registrations: :mod:`clank.scenarios` checks them
against the loaded packs once the schema has passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jsonschema import Draft7Validator

from clank.content.schemas import compose_schemas, load_schema, make_validators

if TYPE_CHECKING:
    from clank.registry import Registry

KIND = "scenario"
"""The schema's name: ``scenario.schema.json``."""
CORE_DECISIONS = ("main", "orient", "over")
"""Decision kinds of the core that are not registrations (``Game.decision()`` reports them)."""
CORE_CUBES = ("black",)
"""Cube kinds of the core."""
SEATS = tuple(f"P{n}" for n in range(1, 7))


def compose_scenario_schema(registry: Registry) -> dict[str, Any]:
    """The scenario schema with ``registry``'s resources, decision kinds, teleport kinds and cube
    kinds plugged in (see the module's docstring)."""
    schema = load_schema(KIND)
    defs = schema["definitions"]
    for seat_def in ("seat_given", "seat_then"):
        props = defs[seat_def]["properties"]
        for name, res in sorted(registry.resources.items()):
            props.setdefault(name, {"title": name, "description": res.doc or f"The seat's {name}.",
                                    "type": "integer", "minimum": 0})
    kinds = sorted({*CORE_DECISIONS, *registry.decision_kinds})
    defs["decision"]["properties"]["kind"] = {**defs["decision"]["properties"]["kind"], "enum": kinds,
                                             "x-what": "decision kind"}
    defs["decision"]["properties"]["kind"].pop("$ref", None)
    teleports = defs["seat_given"]["properties"]["teleports"]
    teleports["items"] = {"title": "teleport kind", "description": "A registered teleport kind.",
                          "enum": sorted(registry.teleport_kinds), "x-what": "teleport kind"}
    owners = [*SEATS, *sorted({*CORE_CUBES, *registry.cube_kinds})]
    defs["cube_owner"] = {**defs["cube_owner"], "enum": owners, "x-what": "cube owner"}
    defs["cube_owner"].pop("pattern", None)
    return schema


def scenario_validator(registry: Registry) -> Draft7Validator:
    """A draft-07 validator of scenario files for ``registry`` (references resolve among the
    bundled schemas only)."""
    common = compose_schemas(registry)["common"]
    return make_validators({"common": common, KIND: compose_scenario_schema(registry)})[KIND]


__all__ = ["CORE_CUBES", "CORE_DECISIONS", "KIND", "SEATS", "compose_scenario_schema",
           "scenario_validator"]
