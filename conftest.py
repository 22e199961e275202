"""Settings every test of the repository shares (the engine's and the packs').

Tests marked ``ray`` (the Ray backend of ``clank simulate``) or ``browser`` (pages driven in
a real headless Chromium) run only when ``-m`` names them (``make test-ray``, ``make
test-browser``, which install what they need first); ``make test`` deselects them. The
``chromium`` fixture is the browser: Debian's system Chromium driven by Playwright, never a
browser Playwright downloads.

The compiled-content cache (:mod:`clank.content.cache`) of a test run lives in a temporary
directory of its own, set through ``CLANK_CACHE_DIR`` so that the ``clank`` processes the CLI
tests start use it too: tests never read or fill the developer's own cache.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_OWN_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Point the content cache at a fresh temporary directory for this run."""
    path = tempfile.mkdtemp(prefix="clank-test-cache-")
    _OWN_CACHE.append(path)
    os.environ["CLANK_CACHE_DIR"] = path
    os.environ.pop("CLANK_NO_CACHE", None)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's cache directory."""
    for path in _OWN_CACHE:
        shutil.rmtree(path, ignore_errors=True)
    _OWN_CACHE.clear()


OPT_IN_MARKS = ("ray", "browser")
"""Marks whose tests run only when ``-m`` names them."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests of each opt-in mark (``ray``, ``browser``) unless ``-m`` names it."""
    chosen = config.getoption("-m") or ""
    left_out = [m for m in OPT_IN_MARKS if m not in chosen]
    kept = [item for item in items if not any(m in item.keywords for m in left_out)]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
"""Where Debian's ``chromium`` package puts the browser."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Headless, no sandbox (tests run as root in CI), and no background network traffic: this
machine's network is closed, and a browser that keeps trying slows every page."""


@pytest.fixture(scope="session")
def chromium():
    """A headless system Chromium driven by Playwright (one per test process).

    Skipped, saying why, where Playwright (``make test-browser`` installs it) or the system
    browser (``.ci/system-deps`` installs Debian's ``chromium``) is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (make test-browser installs the extra 'browser')")
    path = next((p for p in SYSTEM_CHROMIUM if os.path.exists(p)), None)
    if path is None:
        pytest.skip("no system Chromium (.ci/system-deps installs Debian's chromium package)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
