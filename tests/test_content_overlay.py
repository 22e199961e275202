"""The content loader reads unsaved text from an overlay (path -> text) instead of the disk:
what ``clank lsp`` validates as an author types (clank.content.overlay)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clank.content import overlay_key, peek_id
from clank_cli import scaffold, validation


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return scaffold.new_pack("lamps", tmp_path).root


def test_unsaved_text_is_validated_instead_of_the_file(pack: Path) -> None:
    cards = pack / "cards.yaml"
    on_disk = cards.read_text(encoding="utf-8")
    overlay = {overlay_key(cards): on_disk.replace("- draw: 1", "- drw: 1")}
    [problem] = validation.validate([str(pack)], overlay).problems
    assert (Path(problem.file).name, problem.rule) == ("cards.yaml", "unknown-op")
    assert problem.message == "unknown op 'drw' (did you mean 'draw'?)"
    assert cards.read_text(encoding="utf-8") == on_disk            # the file is left alone
    assert validation.validate([str(pack)]).problems == []         # and the disk is still valid


def test_the_manifest_is_read_from_the_overlay_too(pack: Path) -> None:
    manifest = pack / "pack.yaml"
    text = manifest.read_text(encoding="utf-8")
    overlay = {overlay_key(manifest): text.replace("id: lamps", "id: lanterns")}
    assert peek_id(pack, overlay) == "lanterns" and peek_id(pack) == "lamps"
    result = validation.validate([str(pack)], overlay)
    assert result.targets[0].pack_id == "lanterns"
    alone = {overlay_key(manifest): text.replace("requires: [catacombs]", "requires: []")}
    assert {p.rule for p in validation.validate([str(pack)], alone).problems} >= {"unknown-pool", "unknown-icon"}


def test_a_file_only_the_overlay_holds_exists_for_the_loader(pack: Path) -> None:
    manifest = pack / "pack.yaml"
    listed = manifest.read_text(encoding="utf-8") + "files: [cards.yaml, tokens.yaml, tiles.yaml, cards-more.yaml]\n"
    new = pack / "cards-more.yaml"
    overlay = {overlay_key(manifest): listed, overlay_key(new): "- id: lamps-x\n  name: X\n  kind: dungeon\n"}
    problems = validation.validate([str(pack)], overlay).problems
    assert not new.exists()
    assert all(p.rule != "missing-file" for p in problems)
    assert any(Path(p.file).name == "cards-more.yaml" for p in problems)   # read, and judged
    without = validation.validate([str(pack)], {overlay_key(manifest): listed}).problems
    assert [p.message for p in without if p.rule == "missing-file"] == [
        "file 'cards-more.yaml' does not exist (did you mean 'cards.yaml'?)"]


def test_a_check_of_unsaved_text_is_not_stored_in_the_content_cache(pack: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Each keystroke is new text: storing its check would fill the cache with text never saved."""
    monkeypatch.setenv("CLANK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CLANK_NO_CACHE", raising=False)
    cards = pack / "cards.yaml"
    validation.validate([str(pack)])
    stored = sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert stored   # the saved files were checked and stored
    typed = {overlay_key(cards): cards.read_text(encoding="utf-8").replace("Lamplighter", "Lamp lighter")}
    validation.validate([str(pack)], typed)
    assert sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file()) == stored
