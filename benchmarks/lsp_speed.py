"""How fast ``clank lsp`` reports problems (issue: first diagnostics of an opened pack under 1 s;
after a keystroke in a 1,000-card pack, under 300 ms).

Starts the real server over stdio (a pygls client) and times, from the editor's notification to
the diagnostics it gets back:

- **first diagnostics**: a pack made by ``clank pack new`` opened (the server just started, so
  this includes building the registry of the installed packs' code);
- **after a keystroke** in a pack of 1,000 cards (ten files of 100: one file may hold at most
  20,000 values), each keystroke a new text of one file (no two alike, so no check of it is
  kept from before), the diagnostics of an unknown op typed and then fixed; the debounce the
  server waits before checking (0.15 s) is printed apart and taken out of the figure.

Then the same keystrokes are checked in this process (no server, no debounce) two ways, one
after the other: incrementally, as the server does (a :class:`~clank.content.memo.ContentMemo` keeps
each unchanged file's check and references), and by a full validation each time (the content
cache on the disk only, as ``clank validate`` runs): the figure the memo saves.

The content cache lives in a fresh directory, so nothing is checked from an earlier run. Figures
depend on the machine and its load: take them on a quiet machine.

    .venv/bin/python benchmarks/lsp_speed.py [--keystrokes 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from clank.content import overlay_key
from clank_cli import scaffold
from clank_cli.lsp.checker import PackChecker
from clank_cli.lsp.server import DEBOUNCE
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

CARDS, FILES = 1000, 10


def big_pack(parent: Path) -> Path:
    """A scaffolded pack grown to :data:`CARDS` cards in :data:`FILES` files."""
    made = scaffold.new_pack("big", parent)
    sample = (made.data_dir / "cards.yaml").read_text(encoding="utf-8")
    card = sample[sample.index("- id:"):]
    names = []
    for f in range(FILES):
        name = "cards.yaml" if f == 0 else f"cards-{f}.yaml"
        entries = [card.replace("big-lamplighter", f"big-card-{f}-{i}") for i in range(CARDS // FILES)]
        (made.data_dir / name).write_text("\n".join(entries), encoding="utf-8")
        names.append(name)
    manifest = made.data_dir / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + f"files: [{', '.join(names)}, tokens.yaml, tiles.yaml]\n",
                        encoding="utf-8")
    return made.data_dir


class Session:
    """A client talking to ``clank lsp``, noting when each file's diagnostics arrive."""

    def __init__(self) -> None:
        self.client = LanguageClient("lsp-speed", "1")
        self.arrived: dict[str, tuple[float, list[lsp.Diagnostic]]] = {}

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams) -> None:
            self.arrived[params.uri] = (time.perf_counter(), list(params.diagnostics))

    async def start(self, root: Path) -> float:
        began = time.perf_counter()
        await self.client.start_io(sys.executable, "-m", "clank_cli.main", "lsp")
        await self.client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=root.as_uri()))
        self.client.initialized(lsp.InitializedParams())
        return time.perf_counter() - began

    async def until(self, uri: str, since: float, wanted, timeout: float = 60) -> float:
        """Seconds from ``since`` to diagnostics of ``uri`` that satisfy ``wanted``."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            got = self.arrived.get(uri)
            if got is not None and got[0] >= since and wanted(got[1]):
                return got[0] - since
            await asyncio.sleep(0.002)
        raise TimeoutError(f"no diagnostics for {uri}")

    def open(self, path: Path) -> tuple[str, str]:
        uri, text = path.as_uri(), path.read_text(encoding="utf-8")
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
        return uri, text

    def change(self, uri: str, version: int, text: str) -> float:
        began = time.perf_counter()
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [lsp.TextDocumentContentChangeWholeDocument(text=text)]))
        return began

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def first_diagnostics(parent: Path) -> tuple[float, float]:
    pack = scaffold.new_pack("lamps", parent).data_dir
    session = Session()
    started = await session.start(parent)
    began = time.perf_counter()
    uri, _ = session.open(pack / "cards.yaml")
    took = await session.until(uri, began, lambda d: True)
    await session.stop()
    return started, took


async def keystrokes(parent: Path, count: int) -> tuple[float, list[float]]:
    pack = big_pack(parent)
    session = Session()
    await session.start(parent)
    began = time.perf_counter()
    uri, text = session.open(pack / "cards-5.yaml")
    opened = await session.until(uri, began, lambda d: d == [])
    times = []
    for k, (broken, typed) in enumerate(typed_texts(text, count)):
        since = session.change(uri, k + 2, typed)
        took = await session.until(uri, since, (lambda d: len(d) == 1) if broken else (lambda d: d == []))
        times.append(took - DEBOUNCE)
    await session.stop()
    return opened, times


def typed_texts(text: str, count: int, who: str = "") -> list[tuple[bool, str]]:
    """``count`` texts of a cards file, each new: an unknown op typed, then fixed (the diagnostics
    change each time), and a comment that counts the keystrokes (and names ``who`` types them:
    the texts of two typists differ, so neither finds the other's parse kept)."""
    out = []
    for k in range(count):
        broken = k % 2 == 0
        typed = text.replace("    - draw: 1", "    - drw: 1", 1) if broken else text
        out.append((broken, f"{typed}\n# {who} keystroke {k}\n"))
    return out


def in_process(parent: Path, count: int) -> dict[str, list[float]]:
    """Seconds per keystroke checked by :class:`PackChecker` in this process: incrementally and
    by a full validation, each from a check of the pack as opened."""
    pack = big_pack(parent)
    target = pack / "cards-5.yaml"
    text = target.read_text(encoding="utf-8")
    checkers = {"incremental": PackChecker(), "full": PackChecker()}
    checkers["full"].registries.memo = None
    times: dict[str, list[float]] = {how: [] for how in checkers}
    for checker in checkers.values():
        checker.check(pack, {})
    texts = {how: typed_texts(text, count, how) for how in checkers}
    for k in range(count):   # one after the other: the same load on both
        for how, checker in checkers.items():
            broken, typed = texts[how][k]
            began = time.perf_counter()
            report = checker.check(pack, {overlay_key(target): typed})
            times[how].append(time.perf_counter() - began)
            if len(report.problems.get(overlay_key(target), [])) != broken:
                raise AssertionError(f"{how}: unexpected problems {report.problems}")
    return times


def _figures(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keystrokes", type=int, default=10)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CLANK_CACHE_DIR"] = str(Path(tmp) / "cache")   # cold: no check from an earlier run
        started, first = asyncio.run(first_diagnostics(Path(tmp) / "small"))
        print(f"server started and initialized:           {started:.3f} s")
        print(f"first diagnostics of a new pack opened:   {first:.3f} s   (target < 1 s)")
        opened, times = asyncio.run(keystrokes(Path(tmp) / "big", args.keystrokes))
        print(f"1,000-card pack opened, first diagnostics: {opened:.3f} s")
        print(f"after a keystroke (debounce {DEBOUNCE} s taken out), {len(times)} keystrokes: "
              f"{_figures(times)}   (target < 300 ms)")
        checked = in_process(Path(tmp) / "in-process", args.keystrokes)
        print(f"in process, a keystroke checked incrementally:   {_figures(checked['incremental'])}")
        print(f"in process, a keystroke checked by a full check: {_figures(checked['full'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
