"""The contract between the engine and its packs: everything a pack may import.

Built-in packs import from here (and ``clank``) only, which is what proves the plugin API is
real; a ruff rule enforces it for ``packs/``.
"""

from clank.actions import Action, IllegalAction, act
from clank.game.scoring import points_value
from clank.game.state import PlacedTile
from clank.hookspecs import hookimpl
from clank.registry import (
    CubeKindDef,
    Entry,
    Mark,
    MarketDef,
    Offer,
    Payment,
    Registry,
    RenderDef,
    RoomFeatureDef,
    TunnelIconDef,
)

__all__ = [
    "Action", "CubeKindDef", "Entry", "IllegalAction", "Mark", "MarketDef", "Offer", "Payment", "PlacedTile",
    "Registry", "RenderDef", "RoomFeatureDef", "TunnelIconDef", "act", "hookimpl", "points_value",
]
