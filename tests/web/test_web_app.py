"""The shape of the web table's code: handlers are module-level functions grouped by what they
serve, the application answers every refusal through one handler, the game room and the hall
refuse in the game's terms (a code word) and never speak HTTP or WebSocket, every such code is
mapped to a status by the transport, and no object reaches into another's private cache."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import clank_web
import clank_web.config
from clank_web import app as app_module
from clank_web.protocol import ENDS_CONVERSATION, STATUS
from clank_web.refusal import Refusal

WEB = Path(clank_web.__file__).resolve().parent


def sources() -> dict[str, str]:
    return {str(p.relative_to(WEB)): p.read_text(encoding="utf-8") for p in WEB.rglob("*.py")}


def test_every_refusal_code_the_table_raises_has_a_status_and_a_close_code_where_it_ends_a_conversation():
    raised = {code for text in sources().values() for code in re.findall(r'Refusal\(\s*"([a-z-]+)"', text)}
    assert {"stale", "not-your-decision", "deleted", "malformed", "bad-token"} <= raised
    assert raised <= set(STATUS), f"codes without a status: {sorted(raised - set(STATUS))}"
    assert ENDS_CONVERSATION <= set(STATUS)


def test_the_room_and_the_hall_speak_in_the_games_terms_only():
    for module in ("tables.py", "hall.py", "lobby.py"):
        tree = ast.parse(sources()[module])
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not any(m and m.startswith("starlette") for m in imported), module
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 and n.module == "clank_web.protocol" for a in n.names}
        assert not names & {"STATUS", "status", "close_code", "refusal_json"}, module
        assert not re.search(r"Refusal\(\s*\d", sources()[module]), module  # no status numbers


def test_handlers_are_module_level_functions_grouped_by_what_they_serve_and_refusals_have_one_handler():
    for route in app_module.ROUTES:
        endpoint = getattr(route, "endpoint", None)
        if endpoint is None:  # the static files
            continue
        assert endpoint.__module__ in ("clank_web.handlers.pages", "clank_web.handlers.api",
                                       "clank_web.handlers.sockets"), route.path
        assert endpoint.__qualname__ == endpoint.__name__, route.path  # not nested in a factory
    created = app_module.create_app(clank_web.config.ServerConfig("sqlite:///unused"))
    assert created.exception_handlers[Refusal] is app_module.refused
    answered_by_hand = [name for name, text in sources().items()
                        if "refusal_json(" in text and name not in ("app.py", "protocol.py", "connection.py",
                                                                      "handlers/sockets.py")]
    assert answered_by_hand == []


def test_no_object_clears_another_objects_private_cache():
    for name, text in sources().items():
        if name != "tables.py":
            assert "._cache" not in text and "._shown" not in text, name
