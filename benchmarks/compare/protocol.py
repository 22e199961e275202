"""The line protocol between ``compare_catanatron.py`` and each engine's side process.

A side is a long-lived process, so every measurement runs warm and the two engines can be
measured in turns (interleaved) without paying process start-up in between. It reads one JSON
request per line on standard input, ``{"metric": NAME, ...parameters}``, and answers one JSON
line on standard output: the measured figures, or ``{"error": TEXT}``. Both sides import this
module (each from its own virtualenv), so it uses the standard library only.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

Handler = Callable[..., dict[str, Any]]


def serve(handlers: dict[str, Handler]) -> None:
    """Answer requests until standard input closes."""
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        name = request.pop("metric")
        try:
            answer = handlers[name](**request) if name in handlers else {"unsupported": True}
        except Exception:   # report, keep serving: the driver prints it
            answer = {"error": traceback.format_exc()}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
