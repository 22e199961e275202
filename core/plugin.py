"""The public API for pack authors: everything a pack (built-in or third-party) may import.

Built-in packs import from here only, which is what proves the plugin API is real.
"""

from clank.actions import Action, IllegalAction, act
from clank.game.decisions import ask_pick
from clank.game.movement import (
    discovery_ok,
    enter_room,
    entry_options,
    game_placement_ok,
    link_routes,
    may_enter,
    place_tile,
    teleport_targets,
)
from clank.game.scoring import points_value
from clank.game.state import PlacedTile
from clank.hookspecs import hookimpl
from clank.registry import Registry, RoomFeatureDef, TunnelIconDef

__all__ = [
    "Action", "IllegalAction", "Registry", "RoomFeatureDef", "TunnelIconDef", "act", "ask_pick",
    "PlacedTile", "discovery_ok", "enter_room", "entry_options", "game_placement_ok", "hookimpl", "link_routes", "may_enter", "place_tile", "points_value", "teleport_targets",
]
