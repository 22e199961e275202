"""Dragonbane: a card, a tile and a token for the base game, and a new effect op, ``hoard``."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from clank.plugin import EffectContext, Registry, hookimpl

__version__ = "0.2.0"

HOARD_ARGS: dict[str, Any] = {
    "type": "object",
    "required": ["gold"],
    "additionalProperties": False,
    "properties": {
        "gold": {"title": "gold per cube", "type": "integer", "minimum": 1,
                 "description": "Gold gained for each of your cubes in the Clank! area."},
        "max": {"title": "cap", "type": "integer", "minimum": 1,
                "description": "The most gold the op gives (no cap when left out)."},
    },
}
"""The JSON Schema of the op's argument: the validator and editors check cards against it."""


def hoard(ctx: EffectContext, args: dict[str, int]) -> None:
    """The louder you were, the more of the hoard you scoop up."""
    cubes = ctx.game.clank_in_area(ctx.seat)
    gold = cubes * args["gold"]
    if "max" in args:
        gold = min(gold, args["max"])
    if gold:
        ctx.game.gain(ctx.seat, "gold", gold)
        ctx.game.say(f"{ctx.game.name(ctx.seat)} scoops {gold} gold from the hoard.")


@hookimpl
def clank_pack_data_dir() -> Traversable:
    """Where the YAML files of the pack are: the data folder inside the package."""
    return files(__name__) / "data"


@hookimpl
def clank_register_ops(registry: Registry) -> None:
    """Teach the engine the new op."""
    registry.add_op("hoard", hoard, HOARD_ARGS,
                    doc="Gain gold for each of your cubes in the Clank! area, up to a cap.",
                    example={"hoard": {"gold": 1, "max": 4}})
