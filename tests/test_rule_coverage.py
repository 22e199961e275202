"""Every rule id of the rules reference is cited by at least one test.

The base game's ids (sections S T C A X R K D H E and the base tokens G1-G34) are listed in
tests/base_rule_ids.txt, the Underworld's (section U and its tokens G35-G58) in
tests/underworld_rule_ids.txt; a test cites a rule by naming its id in a name or docstring.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rule_ids(name: str = "base_rule_ids.txt") -> list[str]:
    lines = (ROOT / "tests" / name).read_text(encoding="utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def _test_sources() -> str:
    files = [*(ROOT / "tests").rglob("test_*.py"), *(ROOT / "packs").glob("*/tests/test_*.py")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.name != "test_rule_coverage.py")


def test_the_rule_list_is_complete():
    ids = _rule_ids()
    assert len(ids) == len(set(ids)) == 167
    for section, last in (("S", 21), ("T", 14), ("C", 13), ("A", 19), ("X", 15), ("R", 13),
                          ("K", 9), ("D", 12), ("H", 8), ("E", 9), ("G", 34)):
        assert f"{section}{last}" in ids


def test_every_base_rule_is_cited_by_a_test():
    text = _test_sources()
    missing = [rid for rid in _rule_ids() if not re.search(rf"(?<![A-Za-z0-9]){rid}(?![0-9a-z])", text)]
    assert not missing, f"rules no test cites: {missing}"


def test_the_underworld_rule_list_is_complete():
    ids = _rule_ids("underworld_rule_ids.txt")
    assert len(ids) == len(set(ids)) == 42 + 24
    assert ids[0] == "U0" and "U41" in ids and ids[-1] == "G58"


def test_every_underworld_rule_is_cited_by_a_test():
    """The Underworld's rules are cited by the underworld pack's tests (issue 7)."""
    text = _test_sources()
    missing = [rid for rid in _rule_ids("underworld_rule_ids.txt")
               if not re.search(rf"(?<![A-Za-z0-9]){rid}(?![0-9a-z])", text)]
    assert not missing, f"Underworld rules no test cites: {missing}"
