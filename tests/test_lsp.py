"""``clank lsp`` driven end to end over stdio (pytest-lsp): a scaffolded pack is opened in a
test client, typed into, and the server's diagnostics and fixes are those of ``clank validate``."""

from __future__ import annotations

import asyncio
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="clank lsp needs the extra 'lsp'")
pytest_lsp = pytest.importorskip("pytest_lsp")

from clank_cli import scaffold, validation  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

TIMEOUT = 60.0   # the first check builds the registry of the installed packs: seconds on a loaded machine


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "clank_cli.main", "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path: Path):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[lsp.WorkspaceFolder(uri=tmp_path.as_uri(), name="packs")]))
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A pack as ``clank pack new`` makes it (it validates: no problem anywhere)."""
    return scaffold.new_pack("lamps", tmp_path).root


Diagnostics = list[lsp.Diagnostic]


async def published(client: LanguageClient, uri: str, wanted: Callable[[Diagnostics], bool]) -> Diagnostics:
    """The diagnostics of ``uri`` once the server has published some that satisfy ``wanted``."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        got = client.diagnostics.get(uri)
        if got is not None and wanted(list(got)):
            return list(got)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics as wanted for {uri} in {TIMEOUT} s; last: {client.diagnostics.get(uri)}")


def open_file(client: LanguageClient, path: Path) -> tuple[str, str]:
    """Open ``path`` in the client; its URI and text."""
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    return uri, text


def type_text(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """Replace the whole text of the open file (unsaved)."""
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [lsp.TextDocumentContentChangeWholeDocument(text=text)]))


def position_of(text: str, word: str) -> tuple[int, int]:
    """0-based (line, column) of the first ``word`` in ``text``."""
    index = text.index(word)
    return text.count("\n", 0, index), index - text.rfind("\n", 0, index) - 1


@pytest.mark.asyncio
async def test_a_scaffolded_pack_opens_without_a_problem(client: LanguageClient, pack: Path) -> None:
    uri, _ = open_file(client, pack / "cards.yaml")
    assert await published(client, uri, lambda d: True) == []


@pytest.mark.asyncio
async def test_a_misspelt_op_is_reported_as_clank_validate_says_with_its_fix(client: LanguageClient,
                                                                               pack: Path) -> None:
    uri, text = open_file(client, pack / "cards.yaml")
    await published(client, uri, lambda d: True)
    typed = text.replace("- draw: 1", "- drw: 1")
    type_text(client, uri, 2, typed)
    [diagnostic] = await published(client, uri, lambda d: len(d) > 0)
    line, col = position_of(typed, "drw")
    assert diagnostic.message == "unknown op 'drw' (did you mean 'draw'?)"   # clank validate's words
    assert (diagnostic.code, diagnostic.source, diagnostic.severity) == ("unknown-op", "clank",
                                                                         lsp.DiagnosticSeverity.Error)
    assert diagnostic.range == lsp.Range(lsp.Position(line, col), lsp.Position(line, col + len("drw")))
    assert not (pack / "cards.yaml").read_text(encoding="utf-8").count("drw")   # nothing was saved


@pytest.mark.asyncio
async def test_the_did_you_mean_fix_applied_clears_the_diagnostic(client: LanguageClient, pack: Path) -> None:
    uri, text = open_file(client, pack / "cards.yaml")
    await published(client, uri, lambda d: True)
    type_text(client, uri, 2, text.replace("- draw: 1", "- drw: 1"))
    diagnostics = await published(client, uri, lambda d: len(d) > 0)
    found = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(uri), diagnostics[0].range, lsp.CodeActionContext(list(diagnostics))))
    [action] = [a for a in found or [] if isinstance(a, lsp.CodeAction)]
    assert action.title == "Change 'drw' to 'draw'" and action.kind == lsp.CodeActionKind.QuickFix
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes[uri]
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=uri, version=3),
        [lsp.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)]))
    assert await published(client, uri, lambda d: len(d) == 0) == []


@pytest.mark.asyncio
async def test_closing_a_bracket_makes_the_syntax_error_go(client: LanguageClient, pack: Path) -> None:
    uri, text = open_file(client, pack / "cards.yaml")
    await published(client, uri, lambda d: True)
    unclosed = text.replace("boots: 1}", "boots: 1", 1)
    type_text(client, uri, 2, unclosed)
    [diagnostic] = await published(client, uri, lambda d: len(d) > 0)
    assert diagnostic.code == "yaml-syntax"
    assert diagnostic.message.startswith("unclosed bracket: the { here is never closed")
    assert diagnostic.range.start == lsp.Position(*position_of(unclosed, "{skill: 1"))
    type_text(client, uri, 3, text)
    assert await published(client, uri, lambda d: len(d) == 0) == []


@pytest.mark.asyncio
async def test_problems_an_edit_causes_in_other_files_are_shown_there_as_clank_validate_reports_them(
        client: LanguageClient, pack: Path, tmp_path: Path) -> None:
    """Without ``requires: [catacombs]`` the sample tile's features and icons and the sample
    token's pool are unknown: those problems are published on tiles.yaml and tokens.yaml (not
    open), each at the line, column and with the rule and words of ``clank validate``; they go
    when the manifest is typed back."""
    uri, manifest = open_file(client, pack / "pack.yaml")
    await published(client, uri, lambda d: True)
    alone = manifest.replace("requires: [catacombs]", "requires: []")
    type_text(client, uri, 2, alone)
    tiles_uri, tokens_uri = (pack / "tiles.yaml").as_uri(), (pack / "tokens.yaml").as_uri()
    tiles = await published(client, tiles_uri, lambda d: len(d) > 0)
    tokens = await published(client, tokens_uri, lambda d: len(d) > 0)

    saved = tmp_path / "saved"   # the same edit saved, validated as clank validate does
    shutil.copytree(pack, saved)
    (saved / "pack.yaml").write_text(alone, encoding="utf-8")
    expected = validation.validate([str(saved)]).problems
    for diagnostics, name in ((tiles, "tiles.yaml"), (tokens, "tokens.yaml")):
        want = [(p.line - 1, p.col - 1, p.rule, p.message) for p in expected if Path(p.file).name == name]
        got = [(d.range.start.line, d.range.start.character, d.code, d.message) for d in diagnostics]
        assert sorted(got) == sorted(want) and want
    assert {d.code for d in tokens} == {"unknown-pool"}

    type_text(client, uri, 3, manifest)
    assert await published(client, tiles_uri, lambda d: d == []) == []
    assert await published(client, tokens_uri, lambda d: d == []) == []


def open_text(client: LanguageClient, path: Path, text: str) -> str:
    """Open ``path`` in the client with ``text`` (never saved: the file need not exist)."""
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    return uri


async def completions(client: LanguageClient, uri: str, line: int, col: int) -> dict[str, lsp.CompletionItem]:
    found = await client.text_document_completion_async(lsp.CompletionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line, col)))
    items = found.items if isinstance(found, lsp.CompletionList) else found or []
    return {item.label: item for item in items}


@pytest.mark.asyncio
async def test_card_ids_complete_from_another_file_and_from_the_underworld(client: LanguageClient,
                                                                           pack: Path) -> None:
    """A setup file typed (not saved) lists reserve cards: the pack's own card, defined in
    cards.yaml, and an Underworld card (a pack it does not require) are both offered."""
    uri = open_text(client, pack / "setup.yaml", "reserve: [lamps-l")
    mine = await completions(client, uri, 0, len("reserve: [lamps-l"))
    assert mine["lamps-lamplighter"].detail == "card of pack 'lamps': Lamplighter"
    type_text(client, uri, 2, "reserve: [lamps-lamplighter, grave-")
    theirs = await completions(client, uri, 0, len("reserve: [lamps-lamplighter, grave-"))
    assert theirs["grave-robber"].detail == "card of pack 'underworld': Grave Robber"
    assert all(label.startswith("grave-") for label in theirs)


async def completed_in_a_card(client: LanguageClient, pack: Path, old: str, new: str,
                              typed: str) -> dict[str, lsp.CompletionItem]:
    """The completions at the end of ``typed`` once ``old`` is replaced by ``new`` in cards.yaml."""
    uri, text = open_file(client, pack / "cards.yaml")
    changed = text.replace(old, new)
    type_text(client, uri, 2, changed)
    line, col = position_of(changed, typed)
    return await completions(client, uri, line, col + len(typed))


@pytest.mark.asyncio
async def test_op_names_complete_where_an_op_is_written(client: LanguageClient, pack: Path) -> None:
    items = await completed_in_a_card(client, pack, "    - draw: 1", "    - dr", "- dr")
    assert items["draw"].detail == "op" and items["draw"].insert_text == "draw: 1"   # with its arguments
    assert isinstance(items["draw"].documentation, lsp.MarkupContent)
    assert "Draw N cards" in items["draw"].documentation.value


@pytest.mark.asyncio
async def test_inside_an_ops_arguments_its_argument_names_and_card_ids_complete(client: LanguageClient,
                                                                               pack: Path) -> None:
    names = await completed_in_a_card(client, pack, "    - draw: 1", "    - gain_card: {", "gain_card: {")
    assert set(names) == {"card", "to"} and names["card"].detail == "argument of gain_card"
    cards = await completed_in_a_card(client, pack, "    - draw: 1", "    - gain_card: {card: bu", "{card: bu")
    assert cards["burgle"].detail == "card of pack 'catacombs': Burgle"
    assert all(str(i.detail).startswith("card of pack") for i in cards.values())    # cards only: no pool, no op


@pytest.mark.asyncio
async def test_keys_of_a_card_complete_from_the_composed_schema(client: LanguageClient, pack: Path) -> None:
    items = await completed_in_a_card(client, pack, "  points: 1\n", "  points: 1\n  dan\n", "  dan")
    assert list(items) == ["danger"] and items["danger"].detail == "key"


async def hovered(client: LanguageClient, uri: str, line: int, col: int) -> tuple[str, lsp.Range | None]:
    """The Markdown hovering ``(line, col)`` of ``uri`` shows, and the range it is about."""
    shown = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri),
                                                                   lsp.Position(line, col)))
    assert shown is not None and isinstance(shown.contents, lsp.MarkupContent)
    return shown.contents.value, shown.range


@pytest.mark.asyncio
async def test_hover_shows_an_ops_guide_text_and_a_cards_entry(client: LanguageClient, pack: Path) -> None:
    uri, text = open_file(client, pack / "cards.yaml")
    line, col = position_of(text, "draw: 1")
    shown, where = await hovered(client, uri, line, col + 1)
    assert shown.startswith("#### `draw`") and "Draw N cards" in shown
    assert where == lsp.Range(lsp.Position(line, col), lsp.Position(line, col + len("draw")))
    setup = open_text(client, pack / "setup.yaml", "reserve: [burgle, lamps-lamplighter]\n")
    card, _ = await hovered(client, setup, 0, len("reserve: [bu"))
    assert card.startswith("**Burgle**\n\ncard `burgle` of pack `catacombs`")
    own, _ = await hovered(client, setup, 0, len("reserve: [burgle, lamps"))
    assert "cost: 3 skill" in own and "> Gain 1 skill and 1 boot" in own


@pytest.mark.asyncio
async def test_hover_on_a_key_shows_what_it_is_and_when_it_is_required(client: LanguageClient, pack: Path) -> None:
    uri, text = open_file(client, pack / "cards.yaml")
    line, col = position_of(text, "cost:")
    shown, where = await hovered(client, uri, line, col + 2)
    assert shown.startswith("**`cost`** · required when `kind` is `dungeon` or `reserve`")
    assert "Skill to acquire" in shown and "Written as: mapping" in shown
    assert where == lsp.Range(lsp.Position(line, col), lsp.Position(line, col + len("cost")))
    manifest, text = open_file(client, pack / "pack.yaml")
    line, col = position_of(text, "requires:")
    requires, _ = await hovered(client, manifest, line, col)
    assert requires.startswith("**`requires`** · optional\n\nPacks that must be loaded too.")


@pytest.mark.asyncio
async def test_go_to_definition_into_an_installed_pack_and_find_references(client: LanguageClient,
                                                                           pack: Path) -> None:
    import clank_catacombs

    setup = open_text(client, pack / "setup.yaml", "reserve: [burgle, lamps-lamplighter]\n")
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(setup), lsp.Position(0, len("reserve: [bu"))))
    assert isinstance(found, lsp.Location)
    data = Path(clank_catacombs.__file__).parent / "data" / "cards.yaml"
    assert Path(found.uri.removeprefix("file://")).resolve() == data.resolve()
    lines = data.read_text(encoding="utf-8").splitlines()
    start, end = found.range.start, found.range.end
    assert lines[start.line][start.character:end.character] == "burgle"
    assert lines[start.line].startswith("- id: burgle")

    mine = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(setup), lsp.Position(0, len("reserve: [burgle, lamps"))))
    assert isinstance(mine, lsp.Location) and mine.uri == (pack / "cards.yaml").as_uri()

    used = await client.text_document_references_async(lsp.ReferenceParams(
        context=lsp.ReferenceContext(include_declaration=True), text_document=lsp.TextDocumentIdentifier(setup),
        position=lsp.Position(0, len("reserve: [burgle, lamps"))))
    assert sorted((Path(r.uri).name, r.range.start.line) for r in used or []) == [
        ("cards.yaml", mine.range.start.line), ("setup.yaml", 0)]


@pytest.mark.asyncio
async def test_a_scenario_file_is_checked_as_clank_pack_test_loads_it(client: LanguageClient, pack: Path,
                                                                      tmp_path: Path) -> None:
    from clank.scenarios import load_file

    path = pack / "scenarios" / "lamps.yaml"
    uri, text = open_file(client, path)
    assert await published(client, uri, lambda d: True) == []
    typed = text.replace("hand: [lamps-lamplighter]", "hand: [lamps-lamplightr]", 1)
    type_text(client, uri, 2, typed)
    got = await published(client, uri, lambda d: len(d) > 0)
    saved = tmp_path / "saved.yaml"
    saved.write_text(typed, encoding="utf-8")
    want = load_file(saved, default_packs=[str(pack)]).problems
    assert [(d.range.start.line + 1, d.range.start.character + 1, d.code, d.message) for d in got] == [
        (p.line, p.col, p.rule, p.message) for p in want]
    assert any("lamps-lamplightr" in d.message for d in got)
    type_text(client, uri, 3, text)
    assert await published(client, uri, lambda d: d == []) == []
