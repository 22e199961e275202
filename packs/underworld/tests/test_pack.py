"""The pack as a whole (issue 7): installed and listed, valid, its validator messages at the line,
playable and simulated from the command line for 2-4 players with byte-identical records, its
render hook, and every Underworld rule id cited by a test."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clank import new_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
HUB = "uw-start-a"


def clank(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the ``clank`` command of this interpreter's environment."""
    return subprocess.run([sys.executable, "-m", "clank_cli.main", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


def test_packs_list_shows_the_underworld_and_validate_passes():
    """``clank packs list`` shows ``underworld``; ``clank validate underworld`` exits 0."""
    listed = clank("packs", "list")
    assert listed.returncode == 0 and "underworld" in listed.stdout
    valid = clank("validate", "underworld")
    assert valid.returncode == 0, valid.stdout + valid.stderr


def test_a_misspelt_underworld_feature_is_reported_at_its_line():
    """A pack using a misspelt Underworld feature is refused with file:line:col and a suggestion."""
    pack = HERE / "corpus" / "misspelt-feature"
    expect = re.search(r"expect: error\[(\S+)\] (\d+):(\d+)", (pack / "tiles.yaml").read_text()).groups()
    result = clank("validate", str(pack))
    assert result.returncode == 1
    out = result.stdout + result.stderr
    assert f"tiles.yaml:{expect[1]}:{expect[2]}: error[{expect[0]}]" in out and "ladder_uw" in out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clank_play_watches_bots_play_a_whole_game(players, tmp_path):
    """``clank play --packs catacombs,underworld`` plays a whole game for 2-4 players."""
    result = clank("play", "--packs", "catacombs,underworld", "--players", str(players), "--humans", "0",
                   "--seed", str(players), cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Final scores" in result.stdout


def test_clank_simulate_writes_the_same_bytes_twice_with_underworld_counters(tmp_path):
    """``clank simulate`` with the Underworld: same arguments, same bytes; per player the score by
    source and the Underworld's counters."""
    outs = []
    for name in ("a.jsonl", "b.jsonl"):
        out = tmp_path / name
        result = clank("simulate", "-n", "3", "--players", "3", "--packs", "catacombs,underworld",
                       "--seed", "7", "--out", str(out))
        assert result.returncode == 0, result.stderr[-2000:]
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    rows = [json.loads(line) for line in outs[0].decode().splitlines()]
    assert all(not r["aborted"] for r in rows)
    counters = {k for r in rows for p in r["players"] for k in p["counters"]}
    assert counters & {"underworld_turns", "tolls_paid", "undercoins_gained", "imps", "fate_cards"}


def test_the_underworld_statistics_are_declared():
    """The counters simulate writes: every one issue 7 names is a declared statistic."""
    game = new_game(["catacombs", "underworld"], 2, 0)
    for stat in ("underworld_turns", "guardian_defeated", "harpies_defeated", "fate_cards", "enhancers", "imps",
                 "tolls_paid", "undercoins_gained"):
        assert stat in game.registry.stats


# -- the render hook ----------------------------------------------------------------------------

def _marks(game, what, *args, viewer=0):
    view = game.view(viewer)
    out = []
    for rdef in game.registry.renderers:
        fn = getattr(rdef, what)
        if fn is not None and rdef.pack == "underworld":
            out += [m.text for m in fn(view, *args)]
    return out


def test_the_render_hook_shows_the_rooms_tiles_and_board_of_the_underworld(u):
    """Rooms show their pieces (Kerberos, enhancers, lyre, imps, harpy, prisoner) and where ladders
    and chutes lead; a tile its slot; the board the Underworld market and the fate deck."""
    g = u.game
    assert any("Kerberos" in m for m in _marks(g, "room", f"{HUB}.lair"))
    assert "magic lyre (16)" in _marks(g, "room", f"{HUB}.lyre")
    assert "imps ×4 ×3 ×2" in _marks(g, "room", f"{HUB}.library")
    u.place("ud-3", 1, 0)
    assert any(m.startswith("ladder C: down") for m in _marks(g, "room", "ud-3.ladder"))
    assert any(m.startswith("chute") for m in _marks(g, "room", "ud-3.chute"))
    u.slot("uw-7", "C")
    assert any(m.startswith("ladder C: up") for m in _marks(g, "room", "uw-7.ladder"))
    assert _marks(g, "tile", "uw-7") == ["slot C"] and _marks(g, "tile", HUB) == ["hub"]
    board = _marks(g, "board")
    assert any("Underworld market" in m and "River Boat" in m for m in board)
    assert any(m.startswith("fate deck: 22") for m in board)


def test_the_player_panel_names_a_face_down_fate_card_to_its_owner_only(u):
    """Undercoins in the player panel; a face-down fate card is named to its owner only."""
    g = u.game
    u.res(undercoins=3)
    u.give("fate-temperance")
    own = _marks(g, "player", u.seat, viewer=u.seat)
    other = _marks(g, "player", u.seat, viewer=u.other)
    assert "3 undercoins" in own and "3 undercoins" in other
    assert any("Temperance" in m for m in own)
    assert not any("Temperance" in m for m in other) and any("face-down fate card" in m for m in other)


# -- every Underworld rule is cited by a test ------------------------------------------------------

def test_every_underworld_rule_is_cited_by_a_test():
    """RULES.md U0-U41 and G35-G58 (listed in tests/underworld_rule_ids.txt) each have a test that
    names the id."""
    ids = [line.split()[0] for line in (ROOT / "tests" / "underworld_rule_ids.txt").read_text().splitlines()
           if line.strip() and not line.startswith("#")]
    assert len(ids) == 42 + 24
    text = "\n".join(f.read_text(encoding="utf-8") for f in HERE.glob("test_*.py") if f.name != "test_pack.py")
    missing = [rid for rid in ids if not re.search(rf"(?<![A-Za-z0-9]){rid}(?![0-9a-z])", text)]
    assert not missing, f"Underworld rules no test cites: {missing}"
