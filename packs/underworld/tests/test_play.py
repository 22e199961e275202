"""``clank validate --play`` on content that is valid but breaks the game in play (issue 37 point
7): a card that plays the Underworld Chute token's op puts itself in a room as a chute token, so
the game's tokens no longer add up (INV-24). Validation alone passes; ``--play`` reports it at the
card, and the replay command it prints stops at the same failure.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

PACK = Path(__file__).parent / "corpus" / "play-chute-card"


def clank(*args: str) -> subprocess.CompletedProcess:
    """The ``clank`` command of this interpreter's environment (the installed packs' code)."""
    return subprocess.run([sys.executable, "-m", "clank_cli.main", *args], capture_output=True, text=True, timeout=600)


def test_a_fault_only_play_shows_is_reported_at_the_card_and_replays() -> None:
    assert clank("validate", str(PACK)).returncode == 0
    result = clank("validate", str(PACK), "--play", "10")
    assert result.returncode == 1, result.stdout + result.stderr
    (line,) = [ln for ln in result.stdout.splitlines() if "error[play]" in ln]
    assert line.startswith(f"{PACK / 'cards.yaml'}:1:3: error[play]: card 'shovel': failed in play in ")
    assert "invariant at action " in line and "'play shovel' by P" in line
    assert "there are 1 'shovel' tokens; the game has 0" in line
    replay = shlex.split(line.split("): clank ", 1)[1].removesuffix(" (at $[0])"))
    assert replay[:3] == ["simulate", "--games", "1"] and "--check" in replay
    again = clank(*replay)
    assert again.returncode == 1
    assert "failed: invariant at action " in again.stderr and "'play shovel' by P" in again.stderr
    assert "there are 1 'shovel' tokens; the game has 0" in again.stderr
    assert "played 10 games with the invariant checks on" in result.stderr


@pytest.mark.slow
def test_the_shipped_packs_play_twenty_games_cleanly() -> None:
    """The habit the guide teaches, on the Underworld itself: 20 games, none fails."""
    result = clank("validate", "catacombs", "underworld", "--play", "20")
    assert result.returncode == 0, result.stdout + result.stderr
    assert ": none failed" in result.stderr
