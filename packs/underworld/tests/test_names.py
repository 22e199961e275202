"""Names Underworld content writes for what the packs define (issue 30 item 2): a ladder's letter
(a slot of the Underworld region, U32) and the region ``in_region`` asks about (U1) are checked
against the setups loaded with them, by ``clank validate`` and by loading the pack for a game,
each reported at its line and column with the nearest defined name.

Each pack of ``corpus/`` whose manifest starts with ``# expect: error[RULE] FILE LINE:COL -- why
('WRONG': did you mean 'RIGHT'?)`` holds that one mistake.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clank import new_game

CORPUS = Path(__file__).parent / "corpus"
EXPECT = re.compile(r"^# expect: error\[([a-z-]+)\] (\S+) (\d+):(\d+) -- .*\('([^']+)': did you mean '([^']+)'\?\)")
PACKS = [d for d in sorted(CORPUS.iterdir()) if EXPECT.match((d / "pack.yaml").read_text())]   # not structure-*


def validate(*args: str) -> subprocess.CompletedProcess:
    """``clank validate`` of this interpreter's environment (the installed packs' code)."""
    return subprocess.run([sys.executable, "-m", "clank_cli.main", "validate", *args], capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_a_misspelt_name_is_reported_at_its_place_with_the_nearest(pack: Path) -> None:
    rule, file, line, col, wrong, right = EXPECT.match((pack / "pack.yaml").read_text()).groups()
    result = validate(str(pack))
    assert result.returncode == 1, result.stdout + result.stderr
    problem = f"{pack / file}:{line}:{col}: error[{rule}]: "
    reported = [ln for ln in result.stdout.splitlines() if ln.startswith(problem)]
    assert len(reported) == 1 and f"'{wrong}'" in reported[0] and f"(did you mean '{right}'?)" in reported[0], \
        result.stdout
    with pytest.raises(Exception) as exc:             # noqa: PT011 - clank.content.ContentError
        new_game(["catacombs", "underworld", str(pack)], players=2, seed=0)
    assert type(exc.value).__name__ == "ContentError"
    assert (rule, str(pack / file), int(line), int(col)) in [(p.rule, p.file, p.line, p.col)
                                                            for p in exc.value.problems]


def test_a_ladder_to_no_slot_names_the_slots(tmp_path: Path) -> None:
    """U32: a ladder lettered F, when the Underworld has the slots hub and A-E: no letter is near
    another, so the message names them all."""
    pack = shutil.copytree(CORPUS / "ladder-letter", tmp_path / "ladder-f")
    tiles = pack / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("ladder(c)", "ladder(F)"))
    out = validate(str(pack)).stdout
    assert "error[unknown-slot]: unknown slot 'F' of region 'underworld' (its slots: A, B, C, D, E, hub)" in out


def test_the_shipped_letters_and_regions_are_all_defined() -> None:
    """The Underworld's own ladders (A-E) and its cards' in_region name what its setup defines."""
    result = validate("--strict", "catacombs", "underworld")
    assert result.returncode == 0, result.stdout
