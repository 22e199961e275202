"""The Adventuring Party's section of the rules summary front ends show (the table's help):
React and its delayed effects, Arrive Choice, and what changes with 5-6 players, each with the
ids of the rules reference."""

from __future__ import annotations

from clank.plugin import Registry

SECTION = "The Adventuring Party"
LINES: tuple[tuple[str, str], ...] = (
    ("P15", "React: when a React card's moment comes on another player's turn (or between turns), you are "
            "asked whether to play it: it goes to your play area and you draw 1 card."),
    ("P15", "Its text and resources wait: they resolve at the start of your next turn, in the order played "
            "(if you are out by then, never). On your own turn a React card plays like any card."),
    ("P16", "Arrive Choice: when such a card arrives in the row, every live player chooses in turn, from the "
            "player about to play: with one option, take it or not; with two, pick one you can carry out."),
    ("P4-P6", "With 5-6 players an artifact room may hold several artifacts: take the highest, never two "
              "from one room."),
    ("P7, P8", "With 5-6 players a wayshrine has 4 mark spaces, and an out player's turn draws 4 cubes."),
    ("P17, P18", "Characters (game option): each player has a character, with its own starting cards and "
                 "power."),
)


def register(registry: Registry) -> None:
    """Add the section (``clank_register_render``)."""
    registry.add_rules_section(SECTION, LINES)
