"""The rules summary of the help screen: the rules of the game's frame (the turn, the dragon,
health, the end), each line citing its rule ids in the rules reference (RULES.md), so a player
can look a rule up or ask ``explain``. Every rule that ends a game or changes how it goes on
is here, with this game's numbers (what an out player's turn draws, a round cap); each pack in
play adds its own section (:meth:`clank.registry.Registry.add_rules_section`)."""

from __future__ import annotations

from typing import Any

SUMMARY: tuple[tuple[str, str], ...] = (
    ("T4", "Play every card in your hand before you end your turn, in any order."),
    ("T5, T6", "Skill, Swords and Boots go into your pool; use them for any number of actions. "
               "Whatever is unspent is lost at the end of the turn."),
    ("T7", "Gold stays with you and is worth 1 point at the end."),
    ("T8, T9", "Clank! puts your cubes in the Clank! area; the dragon draws from them."),
    ("A1-A5", "Acquire row and reserve cards with Skill, use devices with Skill, fight monsters "
              "with Swords."),
    ("A6, A10", "A move along a tunnel costs 1 Boot, plus what its icons ask; arrows are one-way."),
    ("A11", "Portals join each other: walk in one, out of another."),
    ("X2-X9", "Walking off a tile's edge discovers a tile: turn it so your tunnel goes on; you may "
              "play cards first to afford the way."),
    ("X12", "Once the tile stack is empty, no tile is discovered: open edges lead nowhere."),
    ("D1, D2", "At the end of your turn: discard, draw 5, refill the dungeon row."),
    ("D4-D6", "A dragon icon in the refilled row makes the dragon attack: the Clank! area goes into the "
              "bag, the rage track says how many cubes are drawn (+1 per Danger card in the row); each "
              "of your cubes is 1 damage. The Dragon panel shows what the next attack draws."),
    ("D10", "Taking an artifact (and a few tokens) moves the dragon's rage up: attacks draw more."),
    ("H1, H7", "Damage fills your health meter; when it is full you are knocked out."),
    ("D12", "Knocked out on your own turn: the turn ends at once (no new hand, no escape)."),
    ("E1", "Reach the exit with an artifact to escape at the end of that turn."),
    ("E3", "Players who are out (escaped or knocked out) take no turns, make no Clank! and take no damage."),
)
"""The lines that do not depend on the game."""


def summary(view: Any) -> list[tuple[str, str]]:
    """The lines of the frame's summary, with ``view``'s game's numbers (the dragon's outlook,
    :meth:`~clank.game.table.Table.dragon_outlook`, and the round cap)."""
    outlook = view.dragon_outlook()
    lines = list(SUMMARY)
    lines += [
        ("E4", f"On the turn of a player who is out, the dragon draws {outlook.out_turn} cubes (in this game), "
               "ignoring rage and Danger; nothing else happens that turn."),
        ("D9", "When the dragon bag is empty after any draw, the game ends at once: every player still in the "
               "dungeon is knocked out where they stand."),
        ("E5", "The game also ends when everyone is out, or when the dungeon deck cannot refill the row "
               "(every player still in the dungeon is knocked out)."),
        ("E7, E8", "You score only if you hold an artifact (knocked out, only outside the places the packs "
                   "name below): cards, gold, artifacts, tokens."),
        ("E9", "The highest score wins; on a tie, the more valuable artifact."),
    ]
    if view.max_rounds:
        lines.append(("", f"This game stops after round {view.max_rounds} (its round cap, a game option): it is "
                          "aborted, with no winner."))
    return lines


__all__ = ["SUMMARY", "summary"]
