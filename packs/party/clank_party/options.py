"""Which parts of the pack a game uses (P3, P14, P17; expansions-design.md 5.2).

At 5-6 players the whole pack applies: components, cloaks and the 35 cards (characters stay
optional). At 2-4 players nothing applies unless asked: ``party_cards=on`` (the 35 cards),
``cloaks=1|2`` (up to 2 Invisibility Cloaks on the market board), ``characters=on`` (a draft)
or ``characters=ID,ID,...`` (the characters by seat, in turn order), at any player count.
"""

from __future__ import annotations

from typing import Any

PACK = "party"
CHARACTERS = ("agnet", "dallan", "garignar", "lenara", "whiskers", "monkeybot")
"""The six characters' ids (tokens of the `characters` part)."""
ON, OFF = ("on", "true", "yes", "1"), ("off", "false", "no", "0", "")


def switch(value: Any, name: str) -> bool:
    """An on/off option: ``on``/``off``, true/false (ValueError otherwise)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ON:
        return True
    if text in OFF:
        return False
    raise ValueError(f"option {name} must be on or off, not {value!r}")


def cloak_count(value: Any) -> int:
    """``cloaks``: how many Invisibility Cloaks a 2-4 player game adds (0-2; on = 2)."""
    if isinstance(value, bool) or str(value).strip().lower() in ("on", "off", "true", "false", "yes", "no", ""):
        return 2 if switch(value, "cloaks") else 0
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = -1
    if not 0 <= n <= 2:
        raise ValueError(f"option cloaks must be 0, 1, 2, on or off (at most 2 Cloaks at 2-4 players, P2), "
                         f"not {value!r}")
    return n


def character_choice(value: Any, players: int) -> list[str] | bool:
    """``characters``: off (False), on (True: a draft) or the characters by seat in turn order."""
    if value is None:
        return False
    if isinstance(value, list | tuple) or (isinstance(value, str) and "," in value) or \
            (isinstance(value, str) and value.strip().lower() in CHARACTERS):
        ids = [str(v).strip().lower() for v in (value if isinstance(value, list | tuple) else value.split(","))]
        unknown = [i for i in ids if i not in CHARACTERS]
        if unknown:
            raise ValueError(f"unknown character {unknown[0]!r} (characters: {', '.join(CHARACTERS)})")
        if len(ids) != players or len(set(ids)) != len(ids):
            raise ValueError(f"characters: name {players} different characters, one per seat in turn order "
                             f"(P17: every player plays one), or write characters=on for a draft")
        return ids
    return switch(value, "characters")


OPTIONS: tuple[tuple[str, str], ...] = (
    ("party_cards", "At 2-4 players: on puts the Party's 35 dungeon cards in the deck (P14; always at 5-6)."),
    ("cloaks", "At 2-4 players: 0, 1, 2 (on: 2) Invisibility Cloaks on the market board (P2; 3 at 5-6)."),
    ("characters", "on: a character draft (P17); ID,ID,...: the characters by seat in turn order; any "
                   "player count."),
)
"""The Party's game options (``Registry.add_option``)."""


def register_options(registry: Any) -> None:
    """Declare the Party's game options."""
    for name, doc in OPTIONS:
        registry.add_option(name, doc)


def wanted_parts(players: int, opts: dict[str, Any]) -> list[str]:
    """The pack's parts a game with these options uses (raises ValueError on a bad option)."""
    big = players >= 5
    parts = ["components", "cloaks", "cards"] if big else []
    if not big and switch(opts.get("party_cards", False), "party_cards"):
        parts.append("cards")
    if "cloaks" in opts:
        n = cloak_count(opts["cloaks"])
        if n and not big:
            parts.append("cloaks")
    if character_choice(opts.get("characters"), players):
        parts.append("characters")
    return parts


def configure(config: dict[str, Any]) -> None:
    """``clank_configure``: check the options and switch on the parts the game uses."""
    opts = config["options"]
    parts = opts.get("parts") or []
    parts = [parts] if isinstance(parts, str) else list(parts)
    added = [f"{PACK}:{p}" for p in wanted_parts(int(config["players"]), opts) if f"{PACK}:{p}" not in parts]
    if added:
        opts["parts"] = parts + added


def game_options(game: Any) -> dict[str, Any]:
    """The options a game was set up with."""
    return game.options


def cloaks_wanted(game: Any) -> int:
    """How many Cloaks go on the market board: 3 at 5-6 players, else the option's count."""
    if len(game.players) >= 5:
        return 3
    return cloak_count(game_options(game).get("cloaks", 0))
