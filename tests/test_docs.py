"""The documentation in docs/ stays true to the code.

- every ```python block of docs/api.md runs, in order, in one namespace;
- every ```python block of docs/hooks.md runs, and each ``clank_register_*`` function it
  defines registers something in a fresh Registry;
- docs/hooks.md documents every hook specification, every public ``Registry.add_*`` method,
  ``Registry.listen`` and every event the core announces (datasette's rule: an undocumented
  hook is a failing test), and names no hook, method or event that does not exist;
- docs/architecture.md names every module of the core;
- docs/expansions.md names only real hooks and registry methods outside its list of core
  additions, and has that list;
- file paths and relative links in the docs exist.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from clank.hookspecs import ClankSpecs
from clank.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CORE = ROOT / "core"
OWN_DOCS = ("api.md", "hooks.md", "architecture.md", "expansions.md")
CORE_ADDITIONS = "## Core additions still needed"

FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(name: str) -> list[tuple[int, str]]:
    """(line number, code) of every ```python block of a doc, in order."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in FENCE.finditer(text)]


def hook_names() -> set[str]:
    """The hooks of the specification class."""
    return {n for n, _ in inspect.getmembers(ClankSpecs, inspect.isfunction) if n.startswith("clank_")}


def registry_methods() -> set[str]:
    """The public registration methods of the Registry."""
    return {n for n, _ in inspect.getmembers(Registry, inspect.isfunction)
            if n.startswith("add_") or n == "listen"}


def core_events() -> set[str]:
    """Event names the core announces with ``emit("...")`` or asks with ``listeners.get("...")``."""
    names: set[str] = set()
    for path in sorted(CORE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bemit\(\s*\"([a-z_]+)\"", text))
        names |= set(re.findall(r"\blisteners\.get\(\s*\"([a-z_]+)\"", text))
    return names


def headings(name: str) -> set[str]:
    """Code names used as headings (``### `name` ``) in a doc."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return set(re.findall(r"^#+ `([A-Za-z_][A-Za-z0-9_]*)`", text, re.M))


def code_names(text: str) -> set[str]:
    """Identifiers written as inline code (`name`, `name(...)`, `registry.name(...)`); spans that
    start with ``game.`` are methods of the game, checked separately."""
    names = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        if span.startswith("game."):
            continue
        m = re.match(r"(?:registry\.)?([A-Za-z_][A-Za-z0-9_]*)", span)
        if m:
            names.add(m.group(1))
    return names


def doc_text(name: str) -> str:
    """A doc's text; for expansions.md only what precedes its list of proposed core additions."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return text.split(CORE_ADDITIONS, 1)[0]


# -- api.md ------------------------------------------------------------------------------------
def test_api_examples_run():
    """Every example of docs/api.md runs, in order, as one session."""
    blocks = python_blocks("api.md")
    assert len(blocks) >= 10
    namespace: dict = {"__name__": "docs_api"}
    for line, code in blocks:
        try:
            exec(compile(code, f"docs/api.md:{line}", "exec"), namespace)
        except Exception as exc:  # report which block broke, at its line in the doc
            raise AssertionError(f"docs/api.md block at line {line} failed: {exc!r}") from exc
    assert namespace["game"].over


@pytest.mark.parametrize("name", [
    "new_game", "decision", "current_player", "legal_actions", "apply", "IllegalAction", "clone",
    "to_json", "from_json", "scores", "winners", "log", "game_record", "replay", "bots", "check_game",
])
def test_api_doc_covers_the_public_api(name):
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{name}\b", text), f"docs/api.md does not mention {name}"


# -- hooks.md ----------------------------------------------------------------------------------
def test_hooks_doc_has_a_section_per_hook():
    missing = hook_names() - headings("hooks.md")
    assert not missing, f"hooks without a section in docs/hooks.md: {sorted(missing)}"


def test_hooks_doc_has_a_section_per_registry_method():
    missing = registry_methods() - headings("hooks.md")
    assert not missing, f"Registry methods without a section in docs/hooks.md: {sorted(missing)}"


def test_hooks_doc_lists_every_event():
    events = core_events()
    assert {"tile_placed", "turn_start", "placement_ok"} <= events   # the grep itself works
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    missing = {e for e in events if f"`{e}`" not in text}
    assert not missing, f"events the core announces but docs/hooks.md does not list: {sorted(missing)}"


def test_hooks_doc_names_nothing_that_does_not_exist():
    """No stale names: documented hooks, methods and events all exist."""
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    heads = headings("hooks.md")
    assert heads <= hook_names() | registry_methods(), f"unknown sections: {sorted(heads - hook_names() - registry_methods())}"
    events_table = re.findall(r"^\| `([a-z_]+)` \|", text.split("## Events", 1)[1], re.M)
    assert events_table and set(events_table) <= core_events()


def test_hooks_examples_register_something():
    """Each example implementation runs against a real Registry (signatures are right)."""
    namespace: dict = {"__name__": "docs_hooks"}
    called = 0
    for line, code in python_blocks("hooks.md"):
        before = {k: v for k, v in namespace.items() if k.startswith("clank_register_")}
        exec(compile(code, f"docs/hooks.md:{line}", "exec"), namespace)
        for name, fn in namespace.items():
            if name.startswith("clank_register_") and before.get(name) is not fn:
                reg = Registry()
                fn(reg)
                filled = [v for k, v in vars(reg).items() if k != "current_pack" and v]
                assert filled, f"docs/hooks.md:{line}: {name} registered nothing"
                called += 1
    assert called >= 10


def test_hooks_examples_listeners_work_in_a_game():
    """The reaction examples run inside a real game when their events fire."""
    from clank import new_game

    namespace: dict = {"__name__": "docs_hooks"}
    for line, code in python_blocks("hooks.md"):
        exec(compile(code, f"docs/hooks.md:{line}", "exec"), namespace)
    game = new_game(["catacombs"], players=2, seed=11)
    placed = game.state.tiles[0]
    assert namespace["within_five"](game, {"event": "placement_ok", "tile": placed}) is True
    before = game.state.bank["ghost"]
    haunted = next(t for t in game.ruleset.tiles.values() if t.haunted)
    namespace["haunted"](game, {"event": "tile_placed", "tile": haunted.id, "seat": 0})
    assert game.state.bank["ghost"] == before - 1
    assert namespace["coin_lines"](game, 0) == []
    game.player(0).ext["underworld"] = {"coins": 3}
    assert namespace["coin_lines"](game, 0) == [("underworld coins", 3)]


# -- architecture.md -----------------------------------------------------------------------
def test_architecture_names_every_core_module():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    modules = {p.name for p in CORE.glob("*.py") if p.name != "__init__.py"}
    missing = {m for m in modules if f"core/{m}" not in text}
    assert not missing, f"core modules docs/architecture.md does not describe: {sorted(missing)}"


# -- expansions.md -------------------------------------------------------------------------
def test_expansions_has_its_list_of_core_additions():
    text = (DOCS / "expansions.md").read_text(encoding="utf-8")
    assert CORE_ADDITIONS in text
    additions = text.split(CORE_ADDITIONS, 1)[1]
    assert len(re.findall(r"^\d+\. \*\*", additions, re.M)) >= 5, "the list of core additions is empty"
    for ref in sorted(set(re.findall(r"\(addition (\d+)\)", text)), key=int):
        assert re.search(rf"^{ref}\. \*\*", additions, re.M), f"'addition {ref}' is referred to but not listed"


def test_expansions_names_only_real_mechanisms_before_its_list_of_additions():
    """What the doc says exists today does exist: hooks, Registry methods, events."""
    body = doc_text("expansions.md")
    names = code_names(body)
    hooks = {n for n in names if re.fullmatch(r"clank_(register|pack|configure)\w*", n)}
    assert hooks <= hook_names(), f"unknown hooks: {sorted(hooks - hook_names())}"
    methods = {n for n in names if n.startswith("add_") or n == "listen"}
    methods |= set(re.findall(r"\bregistry\.(\w+)\(", body))
    assert methods <= registry_methods(), f"unknown Registry methods: {sorted(methods - registry_methods())}"
    said_events = set(re.findall(r"listen\(\"([a-z_]+)\"", body))
    assert said_events and said_events <= core_events(), f"unknown events: {sorted(said_events - core_events())}"


@pytest.mark.parametrize("name", OWN_DOCS)
def test_game_methods_named_in_docs_exist(name):
    """Every ``game.method(`` a doc shows (outside proposed additions) is a method of Game."""
    from clank.engine import Game

    called = set(re.findall(r"\bgame\.([a-z_]\w*)\(", doc_text(name)))
    assert called, f"docs/{name} shows no game method"
    missing = {m for m in called if not hasattr(Game, m)}
    assert not missing, f"docs/{name} calls game methods that do not exist: {sorted(missing)}"


# -- all docs ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", OWN_DOCS)
def test_paths_and_links_exist(name):
    text = (DOCS / name).read_text(encoding="utf-8")
    for path in sorted(set(re.findall(r"`((?:core|packs|tests|schemas|cli)/[\w/.-]+\.(?:py|yaml|toml|md))`", text))):
        assert (ROOT / path).exists(), f"docs/{name} names {path}, which does not exist"
    for link in sorted(set(re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]+)?\)", text))):
        assert (DOCS / link).exists(), f"docs/{name} links to {link}, which does not exist"
