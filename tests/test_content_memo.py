"""Validation with a memo (what ``clank lsp`` does after each keystroke): only what changed is
checked again, and the problems are always those of a fresh full ``clank validate``."""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.content import ContentMemo, Problem, overlay_key, packread
from clank.content.cache import CheckedFile
from clank.content.memo import VERSIONS_KEPT
from clank_cli import scaffold
from clank_cli.validation import Registries, validate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CARDS = """\
- id: lamps-a
  name: Lamp A
  kind: dungeon
  type: companion
  count: 1
  cost: {skill: 2}
  text: "Draw 1 card, then gain a Lamp B."
  play:
    - draw: 1
    - gain_card: lamps-b
"""
MORE_CARDS = """\
- id: lamps-b
  name: Lamp B
  kind: dungeon
  type: companion
  count: 1
  cost: {skill: 3}
  text: "Gain a Lamp A."
  play:
    - gain_card: lamps-a
"""

VARIANTS: dict[str, list[str | None]] = {
    # None: the text on the disk (the editor's buffer closed or saved)
    "cards.yaml": [None, CARDS.replace("- draw: 1", "- drw: 1"),             # a misspelt op
                   CARDS.replace("gain_card: lamps-b", "gain_card: lamps-bb"),  # an unknown card
                   CARDS + MORE_CARDS,                                          # lamps-b twice
                   CARDS + "- id: [unclosed\n", ""],                            # a YAML error; empty
    "cards-more.yaml": [None, MORE_CARDS.replace("id: lamps-b", "id: lamps-b2"),   # breaks cards.yaml's ref
                        MORE_CARDS.replace("count: 1", "count: many"),          # a schema error
                        MORE_CARDS.replace("lamps-a", "lamps-aa")],
    "tokens.yaml": [None, "- id: lamps-a\n  name: Lamp\n  pool: mnor\n  count: 1\n"],   # a card's id, a pool
    "pack.yaml": [None, "id: lamps\nname: Lamps\nversion: '0.1.0'\nrequires: [catacombs]\n"
                        "files: [cards.yaml, tokens.yaml, tiles.yaml]\n"],   # cards-more.yaml left out
}
"""Texts an author may type in each file of the pack, each with problems of its own or caused in
another file."""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scaffolded pack whose cards, in two files, refer to each other."""
    directory = scaffold.new_pack("lamps", tmp_path_factory.mktemp("memo")).data_dir
    (directory / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (directory / "cards-more.yaml").write_text(MORE_CARDS, encoding="utf-8")
    manifest = directory / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        + "files: [cards.yaml, cards-more.yaml, tokens.yaml, tiles.yaml]\n", encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def plain() -> Registries:
    """Registries with no memo: each validation reads and checks everything (``clank validate``)."""
    return Registries()


def _problems(directory: Path, overlay: dict[str, str], registries: Registries) -> list[Problem]:
    return validate([str(directory)], overlay, registries).problems


def _overlay(directory: Path, texts: dict[str, str | None]) -> dict[str, str]:
    return {overlay_key(directory / name): text for name, text in texts.items() if text is not None}


def test_a_sequence_of_edits_in_several_files_gives_the_full_validations_problems(
        pack: Path, plain: Registries) -> None:
    incremental = Registries(ContentMemo())
    texts: dict[str, str | None] = {}
    steps = [("cards.yaml", 1), ("cards-more.yaml", 1), ("tokens.yaml", 1), ("cards.yaml", 0),
             ("pack.yaml", 1), ("cards.yaml", 4), ("pack.yaml", 0), ("cards-more.yaml", 0), ("cards.yaml", 3)]
    seen_rules: set[str] = set()
    for name, variant in steps:
        texts[name] = VARIANTS[name][variant]
        overlay = _overlay(pack, texts)
        got = _problems(pack, overlay, incremental)
        assert got == _problems(pack, overlay, plain), (name, variant)
        seen_rules |= {p.rule for p in got}
    # the edits caused problems across files, which came and went with them
    assert {"unknown-op", "unknown-card", "duplicate-id", "unknown-pool", "yaml-syntax"} <= seen_rules, seen_rules
    assert _problems(pack, {}, incremental) == []


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(sorted(VARIANTS)), st.integers(0, 5)), min_size=1, max_size=6))
def test_any_edits_give_the_full_validations_problems(pack: Path, plain: Registries,
                                                      edits: list[tuple[str, int]]) -> None:
    incremental = Registries(ContentMemo())
    _problems(pack, {}, incremental)     # the pack as opened
    texts: dict[str, str | None] = {}
    for name, choice in edits:
        texts[name] = VARIANTS[name][choice % len(VARIANTS[name])]
        overlay = _overlay(pack, texts)
        assert _problems(pack, overlay, incremental) == _problems(pack, overlay, plain)


def test_a_keystroke_checks_only_the_file_that_changed(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    check_bytes = packread._check_bytes

    def counting(ctx: packread.Context, path: Path, file: str, kind: str, raw: bytes) -> CheckedFile:
        checked.append(Path(file).name)
        return check_bytes(ctx, path, file, kind, raw)

    monkeypatch.setattr(packread, "_check_bytes", counting)
    registries = Registries(ContentMemo())
    _problems(pack, {}, registries)
    assert "cards-more.yaml" in checked and len(checked) > 4   # the pack and the packs it requires
    checked.clear()
    typed = _overlay(pack, {"cards.yaml": VARIANTS["cards.yaml"][2]})
    assert [p.rule for p in _problems(pack, typed, registries)] == ["unknown-card"]
    assert checked == ["cards.yaml"]
    checked.clear()
    _problems(pack, {}, registries)   # the edit undone: its check is kept too
    assert checked == []


def test_the_memo_stays_small_however_long_one_types(pack: Path) -> None:
    memo = ContentMemo()
    registries = Registries(memo)
    _problems(pack, {}, registries)
    opened = memo.sizes()
    for k in range(12):   # twelve keystrokes, each a new text of cards.yaml
        _problems(pack, _overlay(pack, {"cards.yaml": f"{CARDS}# {k}\n"}), registries)
    after = memo.sizes()
    # of the edited file, only the texts last checked are kept (one was on the disk's text)
    assert after["versions"] == opened["versions"] + VERSIONS_KEPT - 1
    # the references of the entries no validation sees any more are dropped: one version's more
    assert after["entries"] <= opened["entries"] + CARDS.count("- id:")
