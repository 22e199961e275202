"""The game state: plain data, serialisable to JSON and back without loss.

Everything that changes during a game lives here (the random generator's state included);
everything that does not (card definitions, compiled effects, registries) lives in the
:class:`clank.ruleset.Ruleset` shared by clones.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

LIVE, ESCAPED, KNOCKED_OUT = "live", "escaped", "knocked_out"


@dataclass
class PlayerState:
    """One seat: cards, pawn, supply, health and per-turn pool."""

    seat: int
    name: str = ""
    status: str = LIVE
    room: str | None = None
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    cubes: int = 30                      # cubes in the personal supply
    damage: list[str] = field(default_factory=list)   # markers: "own", "black", "neutral"
    gold: int = 0
    lockpicks: int = 0
    pool: dict[str, int] = field(default_factory=dict)  # turn resources: skill, swords, boots
    teleports: list[str] = field(default_factory=list)  # held teleport kinds (T13)
    pending_neg: int = 0                 # pending negative Clank! (T9)
    tokens: list[str] = field(default_factory=list)     # token ids held (items, secrets, prisoners...)
    artifacts: list[str] = field(default_factory=list)  # artifact token ids held
    artifact_rooms: list[str] = field(default_factory=list)  # rooms artifacts were taken from
    stats: dict[str, int] = field(default_factory=dict)  # whole-game statistics
    ko_room: str | None = None           # where the pawn lies if knocked out
    ext: dict[str, Any] = field(default_factory=dict)   # pack-namespaced state


@dataclass
class TurnState:
    """What the current turn remembers; reset at every turn start."""

    stats: dict[str, int] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    rewards: list[str] = field(default_factory=list)   # rooms whose reward was collected (R9)
    exhausted: bool = False                            # R4: no more Boots this turn
    escaping: bool = False                             # entered the Crypt with an artifact
    watchers: list[list] = field(default_factory=list) # C11 watched conditions
    end_effects: list[list] = field(default_factory=list)  # "at end of this turn" tasks
    ext: dict[str, Any] = field(default_factory=dict)


@dataclass
class PlacedTile:
    """A tile on the grid: which tile, where, turned how far (quarter turns clockwise)."""

    tile: str
    x: int
    y: int
    rot: int = 0
    region: str = "catacombs"


@dataclass
class GameState:
    """The whole game."""

    config: dict[str, Any]
    rng: int = 0
    players: list[PlayerState] = field(default_factory=list)
    current: int = 0
    first: int = 0
    turn_no: int = 0
    round: int = 1
    over: bool = False
    aborted: bool = False
    dungeon_deck: list[str] = field(default_factory=list)
    row: list[str | None] = field(default_factory=list)
    dungeon_discard: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)        # trashed / removed cards
    reserve: dict[str, int] = field(default_factory=dict)
    clank_area: dict[str, int] = field(default_factory=dict)   # "0".."5", "ghost"
    bag: dict[str, int] = field(default_factory=dict)          # "0".."5", "ghost", "black"
    bank: dict[str, int] = field(default_factory=dict)         # "black", "ghost"
    rage: int = 0
    rage_advances: int = 0
    stacks: dict[str, list[str]] = field(default_factory=dict)   # tile stacks by region/name
    removed_tiles: list[str] = field(default_factory=list)
    tiles: list[PlacedTile] = field(default_factory=list)
    rooms: dict[str, dict[str, Any]] = field(default_factory=dict)  # per-room mutable state
    covered_locks: list[str] = field(default_factory=list)
    links: list[dict[str, Any]] = field(default_factory=list)  # tunnels no tile draws (U-M2)
    artifact_stack: list[str] = field(default_factory=list)   # top first
    pools: dict[str, list[str]] = field(default_factory=dict) # token pools, top = last
    market: dict[str, list[str]] = field(default_factory=dict)  # board -> token ids (top first)
    token_box: list[str] = field(default_factory=list)
    queue: list[list] = field(default_factory=list)      # pending effect tasks
    decision: dict[str, Any] | None = None               # a pause in the middle of an effect
    turn: TurnState = field(default_factory=TurnState)
    log: list[str] = field(default_factory=list)
    history: list[str] = field(default_factory=list)     # every applied action, as text
    ext: dict[str, Any] = field(default_factory=dict)

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible copy of the whole state."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output; raises ``ValueError`` if malformed."""
        try:
            data = copy.deepcopy(data)
            known = {f.name for f in fields(cls)}
            unknown = set(data) - known
            if unknown:
                raise ValueError(f"unknown state fields: {sorted(unknown)}")
            data["players"] = [PlayerState(**p) for p in data["players"]]
            data["turn"] = TurnState(**data["turn"])
            data["tiles"] = [PlacedTile(**t) for t in data["tiles"]]
            return cls(**data)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed game state: {exc}") from exc

    def clone(self) -> GameState:
        """An independent deep copy."""
        return copy.deepcopy(self)
