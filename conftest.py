"""Settings every test of the repository shares (the engine's and the packs').

Tests marked ``ray`` (the Ray backend of ``clank simulate``) run only when ``-m`` names them
(``make test-ray``, which installs the optional extra first); ``make test`` deselects them.

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the ``ray`` tests unless ``-m`` names them."""
    if "ray" in (config.getoption("-m") or ""):
        return
    kept = [item for item in items if "ray" not in item.keywords]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if "ray" in item.keywords])
        items[:] = kept
