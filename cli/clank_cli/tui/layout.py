"""The table's layouts, chosen by the terminal's size:

- **regular** (100×35 or larger): the map and the dungeon row on the left; players, the
  dragon, the reserve and market, the log on the right; the hand and the decision below;
- **compact** (80×24 up to the regular size): the map around the pawn on the left; players,
  the dragon and the row (names and costs) on the right; the hand with its keys and the
  decision below, and the newest log line at the bottom (the reserve is under ``r``, card
  texts under ``v``, the whole log under ``l``);
- **too small** (under 80×24): a message says what size is needed.

One set of panels serves both layouts: the CSS classes ``-compact`` and ``-small`` on the
table's screen show and hide them (the row has a compact twin, ``#crow``).
"""

from __future__ import annotations

MIN_SIZE = (80, 24)
"""The smallest terminal the table plays in (columns, rows)."""
REGULAR_SIZE = (100, 35)
"""From this size on, the regular layout."""
REGULAR, COMPACT, SMALL = "regular", "compact", "small"


def layout_for(width: int, height: int) -> str:
    """The layout of a terminal of ``width`` × ``height``."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return SMALL
    if width < REGULAR_SIZE[0] or height < REGULAR_SIZE[1]:
        return COMPACT
    return REGULAR


def too_small_words(width: int, height: int) -> str:
    """What the too-small screen says."""
    return (f"The table needs a terminal of at least {MIN_SIZE[0]}×{MIN_SIZE[1]} "
            f"({REGULAR_SIZE[0]}×{REGULAR_SIZE[1]} or more for the full table); this one is {width}×{height}.\n"
            "Enlarge the window (or the font smaller), or play in line mode: clank play --plain.\n"
            "q saves and quits.")


CSS = """
Screen { layout: vertical; }
#body { height: 1fr; }
#left { width: 3fr; }
#right { width: 2fr; }
#bottom { height: 10; }
.panel { border: round $primary-darken-2; padding: 0 1; overflow: hidden hidden; }
#map { height: 1fr; }
#row { height: 8; }
#crow { display: none; }
#players { height: 7; }
#dragon { height: 6; }
#supply { height: 5; }
#log { height: 1fr; }
#logline { display: none; height: 1; padding: 0 1; }
#hand { width: 3fr; height: 100%; }
#actions { width: 2fr; height: 100%; border: round $accent; }
#toosmall { display: none; width: 100%; height: 100%; content-align: center middle; text-align: center; }

Screen.-compact .panel { border: none; border-top: solid $primary-darken-2; padding: 0 1; }
Screen.-compact #actions { border: none; border-top: solid $accent; }
Screen.-compact #right { width: 38; }
Screen.-compact #left { width: 1fr; }
Screen.-compact #row, Screen.-compact #supply, Screen.-compact #log { display: none; }
Screen.-compact #crow { display: block; height: 7; }
Screen.-compact #players { height: 1fr; }
Screen.-compact #dragon { height: 4; }
Screen.-compact #bottom { height: 8; }
Screen.-compact #hand { width: 1fr; }
Screen.-compact #actions { width: 38; }
Screen.-compact #logline { display: block; }

Screen.-small #body, Screen.-small #bottom, Screen.-small #logline { display: none; }
Screen.-small #toosmall { display: block; }
"""
"""The table's CSS: the regular layout, then what the compact and too-small classes change."""

__all__ = ["COMPACT", "CSS", "MIN_SIZE", "REGULAR", "REGULAR_SIZE", "SMALL", "layout_for", "too_small_words"]
