"""Ending a child process with its parent, however the parent ends (``kill -9`` included)."""

from __future__ import annotations

import contextlib
import signal
import sys

PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal the kernel sends this process when its parent dies."""


def signal_on_parent_death(sig: signal.Signals) -> None:
    """Linux: ask the kernel to send this process ``sig`` when its parent dies
    (``PR_SET_PDEATHSIG``); elsewhere nothing (the callers also watch their parent)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, sig)
