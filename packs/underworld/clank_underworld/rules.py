"""The Underworld's section of the rules summary front ends show (the table's help): ladders
and chutes, the toll, undercoins, the Guardian, the lyre, fate cards, harpies and the other
rooms, each with the ids of the rules reference."""

from __future__ import annotations

from clank.plugin import Registry

SECTION = "The Underworld"
LINES: tuple[tuple[str, str], ...] = (
    ("U1, U26", "The Underworld is a second area of at most six tiles, apart from the catacombs; its tiles "
                "are never turned."),
    ("U32", "Ladders: from a lettered ladder room in the Depths spend 1 Boot (or a teleport) to go down to "
            "the Underworld room of the same letter, discovering its tile; climb back the same way."),
    ("U33, U34", "Chutes go down only, for 1 Boot, to any Underworld ladder room. The return portal leads "
                 "out only: walk in, come out of another portal."),
    ("U35", "Toll: begin your turn in the Underworld and pay 1 undercoin, or make 2 Clank! if you have "
            "none."),
    ("U36", "A toll-booth tunnel costs 1 undercoin more for each booth; without one you cannot pass "
            "(teleports ignore booths)."),
    ("U21, U37", "Undercoins pay like gold and score 1 point each; an undercoin room gives its coins once a "
                 "turn."),
    ("U2-U4", "The Guardian: entering its room, spend 3 Swords to defeat it or take 2 damage (if you cannot "
              "take them, you cannot enter). Defeated, it gives the 2× artifact enhancer and a trophy that "
              "counts as an artifact (the dragon's rage rises)."),
    ("U5, U6", "An artifact enhancer multiplies your best artifact's value at the end (2× or 1.5×, rounded "
               "up); one each."),
    ("U7", "The magic lyre is a 16-point artifact chained in its room: take it there, within your artifact "
           "limit (the dragon's rage rises)."),
    ("U8-U10", "Imp Assistants: entering their library you take the top one (one each). Each Secret Tome "
               "you gain then sends two row cards to the dungeon discard; at the end it scores its value "
               "for each Secret Tome you own."),
    ("U11, U12", "Fate rooms: the first time you enter one, draw 3 fate cards and keep 1 (2 with the "
                 "Gauntlets of Destiny); it scores at the end, and some act at once (Judgement: the "
                 "dragon attacks)."),
    ("U13", "The Underworld market sells its five items in Underworld market rooms, for 7 gold or "
            "undercoins."),
    ("U15-U18", "Harpies: entering a harpy's room, spend 2 Swords to defeat it or take 1 damage; a harpy "
                "defeated gives as many undercoins as harpy trophies you then hold (the Harpy Matriarch: "
                "2)."),
    ("U19, U20", "An Underground Lake lets you trash a card when you enter; begin your turn in a Tower: "
                 "1 Boot."),
    ("U27", "The Underworld is not the Depths, but knocked out there you score nothing."),
    ("U23, U24", "Variants (game options): Fixed Dimensions keeps the catacombs within 5×5 or 6×6; Mercy "
                 "lets a stuck player turn the tile they stand on, once a turn."),
)


def register(registry: Registry) -> None:
    """Add the section (``clank_register_render``)."""
    registry.add_rules_section(SECTION, LINES)
