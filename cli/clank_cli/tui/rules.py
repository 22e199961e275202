"""A short rules summary for the help screen, each line citing its rule ids in the rules
reference (RULES.md), so a player can look a rule up or ask ``explain``."""

SUMMARY: tuple[tuple[str, str], ...] = (
    ("T4", "Play every card in your hand before you end your turn, in any order."),
    ("T5, T6", "Skill, Swords and Boots go into your pool; use them for any number of actions. "
               "Whatever is unspent is lost at the end of the turn."),
    ("T7", "Gold stays with you and is worth 1 point at the end."),
    ("T8, T9", "Clank! puts your cubes in the Clank! area; the dragon draws from them."),
    ("A1-A5", "Acquire row and reserve cards with Skill, use devices with Skill, fight monsters "
              "with Swords."),
    ("A6-A10", "A move along a tunnel costs 1 Boot; a footprint 1 more; each monster deals 1 damage "
               "unless you spend a Sword; a lock needs a lockpick; arrows are one-way."),
    ("A11", "Portals join each other: walk in one, out of another."),
    ("A13", "Take an artifact in an artifact room (one, unless a Backpack): the dragon's rage rises."),
    ("A14-A16", "Spend a lockpick to open a locked chest, tome or cell; buy at a market; mark a wayshrine."),
    ("X2-X9", "Walking off a tile's edge discovers a tile: turn it so your tunnel goes on; you may "
              "play cards first to afford the way."),
    ("D1, D2", "At the end of your turn: discard, draw 5, refill the dungeon row."),
    ("D4-D6", "A dragon icon in the refilled row makes the dragon attack: Clank! goes into the bag, "
              "the rage track says how many cubes are drawn (+1 per danger card); each of your "
              "cubes is 1 damage."),
    ("H1, H7", "Damage fills your health meter; when it is full you are knocked out."),
    ("E1", "Reach the Crypt with an artifact to escape at the end of that turn."),
    ("E4, E5", "Players who are out make the dragon attack on their turns; the game ends when "
               "everyone is out."),
    ("E7, E8", "You score only with an artifact, and not if knocked out in the Depths: cards, gold, "
               "artifacts, tokens."),
)
