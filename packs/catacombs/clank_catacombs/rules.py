"""The base game's section of the rules summary front ends show (the table's help): the rules
of its rooms, tunnel icons, tokens and market, each with the ids of the rules reference."""

from __future__ import annotations

from clank.plugin import Registry

SECTION = "Rooms, icons and tokens of the catacombs"
LINES: tuple[tuple[str, str], ...] = (
    ("A7-A9", "Tunnel icons: a footprint costs 1 more Boot; each monster deals 1 damage unless you spend a "
              "Sword; a lock needs a lockpick, which is spent."),
    ("A13, K2", "Take an artifact in its room: the dragon's rage rises 1. You carry one artifact (one more "
                "with each Backpack)."),
    ("A14, R6", "Spend a lockpick to open a chest (a Major Secret), a tome (a Secret Tome) or a cell "
                "(2 prisoners)."),
    ("R9, R10", "A room with a reward gives it when you enter, once a turn: a Minor Secret, gold, 1 healing, "
                "a Monkey Idol (5 points)."),
    ("K1-K5", "In a market room buy an item for 7 gold: a Backpack, a Holy-Blood Amulet (with 5 damage or "
              "more), a Thieves' Toolkit (2 lockpicks), a Crown."),
    ("R11", "In a wayshrine room mark it with a cube of your supply: gain 1 gold for each wayshrine you "
            "have marked."),
    ("R4", "Entering a Crystal Cave exhausts you: no more Boots this turn (teleports still work)."),
    ("R5, D7", "A haunted tile puts a ghost in the Clank! area: each time a ghost is drawn every live "
               "player takes 1 damage, and it goes back to the area."),
    ("E1, A18", "Enter the Crypt with an artifact to escape at the end of your turn, with a Mastery token "
                "(20 points)."),
    ("R12, E7", "Knocked out in the Depths (every tile but the Surface tiles and the lower half of the start "
                "tile), you score nothing."),
)


def register(registry: Registry) -> None:
    """Add the section (``clank_register_render``)."""
    registry.add_rules_section(SECTION, LINES)
