"""What a path costs (:class:`Cost`): the price the movement rules work out for a route, a
link or a teleport, and what the table's rules return to packs (``game.route_cost``)."""

from __future__ import annotations


class Cost:
    """What a path costs: resources (1 Boot plus the icons' costs), the icons its payment
    covers for good, the damage its icons deal, and whether it goes against an arrow."""

    __slots__ = ("resources", "cover", "damage", "against")

    def __init__(self) -> None:
        self.resources: dict[str, int] = {"boots": 1}
        self.cover: list[str] = []
        self.damage = 0
        self.against = False

    @property
    def boots(self) -> int:
        """Boots the path costs."""
        return self.resources.get("boots", 0)

    def add(self, cost: dict[str, int]) -> None:
        """Add resources to the price."""
        res = self.resources
        for name, n in cost.items():
            res[name] = res.get(name, 0) + n
