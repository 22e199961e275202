"""Where the deciding seat can go now, and what each way costs: the destinations of its legal
moves (tunnels, portals, links, teleports) and the unexplored tunnels it can explore, each
with a key, for the map screen's list and for the keys drawn beside rooms on the map.

It reads one seat's view and its legal actions; words come from :mod:`clank_cli.render`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank.actions import Action

from clank_cli import render

KEYS = "123456789abdefhijklmnoprstuvwxy"
"""Keys of destinations, in the list's order (``c``, ``g``, ``q`` and ``z`` are the map
screen's own commands)."""
ROUTE_KINDS = ("move", "portal", "explore", "teleport")


@dataclass
class Destination:
    """A place the seat can go now: a room (``room``) or an unexplored tunnel (``room`` is
    None), how a player names it, what each way there costs, and the actions that go."""

    key: str
    room: str | None
    name: str
    costs: list[str] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)

    @property
    def words(self) -> str:
        """``"Dustveil Reliquary: 2 boots, 1 monster"`` (ways with other costs after ``or``)."""
        return f"{self.name}: {' or '.join(self.costs)}" if self.costs else self.name


def _way(view: Any, seat: int, action: Action) -> tuple[str | None, str, str]:
    """(destination room or None, its name, the cost in words) of one route action."""
    if action.kind == "teleport":
        target = action.args[1]
        if target.startswith("open:"):
            return None, "teleport to the unexplored tunnel " + render.open_edge_words(view, target[5:]), "a teleport"
        return target, view.room_label(target), "a teleport"
    cost = render.move_cost(view, seat, action)
    words = render.cost_words(cost) if cost is not None else ""
    if action.kind == "explore":
        return None, "explore " + render.open_edge_words(view, action.args[0]), words
    room = render.move_destination(view, seat, action)
    if action.kind == "portal":
        words += " (portal)"
    return room, view.room_label(room) if room else render.action_label(view, action), words


def destinations(view: Any, seat: int | None) -> list[Destination]:
    """The seat's destinations now (none unless it decides its main turn): rooms by name,
    then unexplored tunnels; each keyed by :data:`KEYS` in that order."""
    if seat is None or not view.deciding or view.pending() is not None:
        return []
    rooms: dict[str, Destination] = {}
    others: dict[str, Destination] = {}
    for action in view.legal_actions():
        if action.kind not in ROUTE_KINDS:
            continue
        room, name, cost = _way(view, seat, action)
        found = rooms.setdefault(room, Destination("", room, name)) if room else \
            others.setdefault(name, Destination("", None, name))
        found.actions.append(action)
        if cost and cost not in found.costs:
            found.costs.append(cost)
    out = sorted(rooms.values(), key=lambda d: d.name.lower().removeprefix("the ")) + \
        sorted(others.values(), key=lambda d: d.name)
    for dest, key in zip(out, KEYS, strict=False):
        dest.key = key
    return [d for d in out if d.key]


def highlight(dests: list[Destination]) -> dict[str, str]:
    """Room id → key, for :func:`clank.mapdraw.draw_map`'s ``highlight``."""
    return {d.room: d.key for d in dests if d.room}


__all__ = ["KEYS", "Destination", "destinations", "highlight"]
