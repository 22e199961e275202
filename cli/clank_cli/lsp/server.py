"""The pygls server of ``clank lsp``: its handlers and the debounced checks of each pack.

A change to a file of a pack schedules a check of that pack after :data:`DEBOUNCE` seconds
without another change (opening and saving check at once); the check runs in a worker thread,
one at a time, so the server keeps answering meanwhile. Its problems are published on every file
they are in, open or not, and a file whose problems are all fixed gets an empty list.

Completion, hover, go to definition and find references read the last check of the file's pack
(the ids it defines, as typed) and the catalog of the installed packs (built once, at the first
request that needs it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import clank
from clank.content import file_kind
from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from clank_cli.lsp import actions
from clank_cli.lsp.arguments import complete_arguments
from clank_cli.lsp.catalog import Catalog, Definition, build_catalog, definitions
from clank_cli.lsp.checker import PackChecker, PackReport
from clank_cli.lsp.completion import complete
from clank_cli.lsp.diagnostics import char_index, to_diagnostic
from clank_cli.lsp.documents import is_scenario_file, overlay_of, pack_dir_of, path_of, text_lines, uri_of
from clank_cli.lsp.hover import hover_text
from clank_cli.lsp.keydocs import key_hover
from clank_cli.lsp.keys import complete_keys, key_at
from clank_cli.lsp.navigation import definition_location, references
from clank_cli.lsp.words import prefix_at, word_at

T = TypeVar("T")
DEBOUNCE = 0.15
"""Seconds without a keystroke before a changed pack is checked again."""


@dataclass
class PointedAt:
    """The word under the editor's cursor, its range, and what is known in its file."""

    word: str
    range: lsp.Range
    ids: dict[str, Definition]
    catalog: Catalog
    report: PackReport | None


class PackServer(LanguageServer):
    """A language server for the files of content packs."""

    def __init__(self, debounce: float = DEBOUNCE) -> None:
        super().__init__("clank-lsp", clank.__version__)
        self.debounce = debounce
        self.checker = PackChecker()
        self.reports: dict[Path, PackReport] = {}
        self.defined: dict[Path, list[Definition]] = {}   # the ids each pack defines, as last checked
        self.catalog: Catalog | None = None
        self.published: dict[Path, set[str]] = {}        # the URIs each pack's diagnostics were sent to
        self._pending: dict[Path, asyncio.Task[None]] = {}
        self._lock = asyncio.Lock()

    # -- the editor's text -------------------------------------------------------------

    def overlay(self) -> dict[str, str]:
        """The unsaved text of every open file, by :func:`~clank.content.overlay_key`."""
        return overlay_of((uri, doc.source) for uri, doc in self.workspace.text_documents.items())

    def lines(self, uri: str) -> list[str]:
        """The lines of the file at ``uri``, as the editor holds them."""
        doc = self.workspace.text_documents.get(uri)
        if doc is not None:
            return [line.removesuffix("\r") for line in doc.source.split("\n")]
        path = path_of(uri)
        return text_lines(str(path), {}) if path else []

    # -- checks ------------------------------------------------------------------------

    def pack_of(self, uri: str) -> Path | None:
        """The directory of the pack the file at ``uri`` belongs to (None outside any pack)."""
        path = path_of(uri)
        return pack_dir_of(path, self.overlay()) if path else None

    def schedule(self, uri: str, delay: float) -> None:
        """Check the file at ``uri`` after ``delay`` seconds: its pack, or a scenario file on its
        own, as ``clank pack test`` loads it (a later call for the same pack or file replaces a
        check not yet started)."""
        path = path_of(uri)
        if path is None:
            return
        if is_scenario_file(path):
            self._later(path, delay, lambda: self._check_scenarios(uri, path))
            return
        directory = pack_dir_of(path, self.overlay())
        if directory is not None:
            self._later(directory, delay, lambda: self._check_pack(directory))

    def _later(self, key: Path, delay: float, check: Callable[[], Awaitable[None]]) -> None:
        waiting = self._pending.pop(key, None)
        if waiting is not None:
            waiting.cancel()
        self._pending[key] = asyncio.get_running_loop().create_task(self._run_later(key, delay, check))

    async def _run_later(self, key: Path, delay: float, check: Callable[[], Awaitable[None]]) -> None:
        await asyncio.sleep(delay)
        async with self._lock:        # one check at a time; once started, a check is never cancelled
            self._pending.pop(key, None)
            await check()

    async def _in_thread(self, what: str, work: Callable[[], T]) -> T:
        try:
            return await asyncio.to_thread(work)
        except Exception as exc:   # a bug of the validator: say so, and keep serving the other files
            self.window_show_message(lsp.ShowMessageParams(
                lsp.MessageType.Error, f"clank: checking {what} failed: {type(exc).__name__}: {exc}"))
            raise

    async def _check_pack(self, directory: Path) -> None:
        overlay = self.overlay()
        report = await self._in_thread(str(directory), lambda: self.checker.check(directory, overlay))
        self.reports[directory] = report
        self.defined[directory] = definitions(report.content)
        self.publish(report, overlay)

    async def _check_scenarios(self, uri: str, path: Path) -> None:
        overlay = self.overlay()
        problems, fault = await self._in_thread(str(path), lambda: self.checker.check_scenarios(path, overlay))
        if fault:
            self.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, f"clank: {fault}"))
        lines = text_lines(str(path), overlay)
        self._send(uri, [to_diagnostic(p, lines) for p in problems])

    async def pointed_at(self, uri: str, position: lsp.Position) -> PointedAt | None:
        """The word at ``position`` of the file and what is known in it (None on no word)."""
        found = word_at(self.lines(uri), position)
        if found is None:
            return None
        ids, catalog, report = await self.known(uri)
        return PointedAt(found[0], found[1], ids, catalog, report)

    async def known(self, uri: str) -> tuple[dict[str, Definition], Catalog, PackReport | None]:
        """Every id known in the file at ``uri`` (its pack's as typed first, then the installed
        packs'), the catalog, and its pack's last check (made now when there is none)."""
        directory = self.pack_of(uri)
        async with self._lock:
            if directory is not None and directory not in self.reports:
                await self._check_pack(directory)
            if self.catalog is None:
                self.catalog = await self._in_thread("the installed packs", lambda: build_catalog(self.checker))
        mine = self.defined.get(directory, []) if directory is not None else []
        return self.catalog.ids(mine), self.catalog, self.reports.get(directory) if directory else None

    def key_hover(self, uri: str, found: PointedAt) -> str | None:
        """What the key under the cursor is, when the word is a key the file's schema names."""
        lines, path = self.lines(uri), path_of(uri)
        kind = file_kind(path, found.catalog.schemas) if path else None
        key = key_at(lines, found.range.start.line, char_index(lines[found.range.start.line], found.range.start.character))
        return key_hover(found.catalog.schemas.get(kind or ""), key, found.catalog.key_rows) if key else None

    def publish(self, report: PackReport, overlay: dict[str, str]) -> None:
        """Send the diagnostics of a pack's check to each file they are in; clear the files of
        the pack's last check that have none now."""
        if report.fault:
            self.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, f"clank: {report.fault}"))
        sent: set[str] = set()
        for file in dict.fromkeys([*report.files, *report.problems]):
            if not Path(file).is_file() and file not in overlay:
                continue   # the problem is about a directory, or a file that is not there
            uri = uri_of(file)
            lines = text_lines(file, overlay)
            diagnostics = [to_diagnostic(p, lines) for p in report.problems.get(file, [])]
            self._send(uri, diagnostics)
            sent.add(uri)
        for uri in self.published.get(report.directory, set()) - sent:
            self._send(uri, [])
        self.published[report.directory] = sent

    def _send(self, uri: str, diagnostics: list[lsp.Diagnostic]) -> None:
        doc = self.workspace.text_documents.get(uri)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, diagnostics=diagnostics, version=doc.version if doc is not None else None))


def build_server(debounce: float = DEBOUNCE) -> PackServer:
    """A server with every feature registered."""
    server = PackServer(debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: PackServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: PackServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, ls.debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: PackServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: PackServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)   # its text on the disk is what counts now

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "[", ",", "-"]))
    async def completion(ls: PackServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        uri = params.text_document.uri
        ids, catalog, _ = await ls.known(uri)
        lines = ls.lines(uri)
        before, typed = prefix_at(lines, params.position)
        path = path_of(uri)
        kind = file_kind(path, catalog.schemas) if path else None
        keys = complete_keys(catalog.schemas.get(kind or ""), lines, params.position.line, before, typed)
        arguments = None if keys else complete_arguments(lines, params.position.line, before, typed, ids, catalog)
        items = arguments if arguments is not None else keys + complete(before, typed, ids, catalog, ops=not keys)
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    async def hover(ls: PackServer, params: lsp.HoverParams) -> lsp.Hover | None:
        uri = params.text_document.uri
        found = await ls.pointed_at(uri, params.position)
        text = ls.key_hover(uri, found) if found else None
        text = text or (hover_text(found.word, found.ids, found.catalog) if found else None)
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text), found.range) if found and text else None

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: PackServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        found = await ls.pointed_at(params.text_document.uri, params.position)
        if found is None or found.word not in found.ids:
            return None
        return definition_location(found.ids[found.word], ls.overlay())

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    async def find_references(ls: PackServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
        found = await ls.pointed_at(params.text_document.uri, params.position)
        if found is None:
            return []
        return references(found.word, found.report.files if found.report else [], ls.overlay())

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_action(ls: PackServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        return actions.fixes(uri, ls.lines(uri), list(params.context.diagnostics))

    return server


def serve() -> None:
    """Run the server over stdio until the editor stops it."""
    build_server().start_io()
