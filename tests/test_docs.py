"""The documentation in docs/ stays true to the code.

- every ```python block of docs/api.md runs, in order, in one namespace;
- every ```python block of docs/hooks.md runs, each ``clank_register_*`` function it defines
  registers something in a fresh Registry, and its listeners, feature callbacks and
  ``clank_configure`` example behave as the page says inside real games;
- docs/hooks.md documents every hook specification, every public ``Registry.add_*`` method,
  ``Registry.listen``, every event and question the core announces and every modifier the
  core and the base pack fold (datasette's rule: an undocumented hook is a failing test), and
  names no hook, method, event or modifier that does not exist;
- docs/hooks.md lists exactly what ``clank.plugin`` exports;
- docs/architecture.md names every module of the core;
- the setup merge example of docs/content-format.md does what the page says;
- docs/expansions.md lists the core mechanisms added for the expansions (numbered, each cited
  by an element) and what is still open; outside "Still open" it names only real hooks,
  registry methods, events and folded modifiers;
- attributes the docs name (``game.x``, ``ruleset.x``, ``movement.x``, ``Game.x`` ...) exist,
  and file paths and relative links in the docs exist.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from clank.hookspecs import ClankSpecs
from clank.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CORE = ROOT / "core"
BASE_PACK = ROOT / "packs" / "catacombs" / "clank_catacombs"
OWN_DOCS = ("api.md", "hooks.md", "architecture.md", "expansions.md")
ADDED = "## Core mechanisms added for the expansions"
STILL_OPEN = "## Still open"

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
    for path in sorted(CORE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bemit\(\s*\"([a-z_]+)\"", text))
        names |= set(re.findall(r"\blisteners\.get\(\s*\"([a-z_]+)\"", text))
    return names


def folded_modifiers() -> set[str]:
    """Modifier names the core or the base pack fold with ``modify("...")``."""
    names: set[str] = set()
    for path in sorted([*CORE.rglob("*.py"), *BASE_PACK.glob("*.py")]):
        names |= set(re.findall(r"\bmodify\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    return names


def section(text: str, heading: str) -> str:
    """The text under a ``## heading``, up to the next heading of that level."""
    assert heading in text, f"missing section {heading!r}"
    return re.split(r"^## ", text.split(heading, 1)[1], flags=re.M)[0]


def numbered_items(text: str) -> dict[int, str]:
    """The items of a numbered list whose entries start ``N. **Title.**``, by number."""
    parts = re.split(r"^(\d+)\. (?=\*\*)", text, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


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
    """A doc's text; for expansions.md only what precedes its "Still open" list (proposals)."""
    text = (DOCS / name).read_text(encoding="utf-8")
    return text.split(STILL_OPEN, 1)[0]


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
    """Every event and question the core announces has a row in a table of the Events section."""
    events = core_events()
    assert {"tile_placed", "turn_start", "placement_ok", "discovery_ok"} <= events   # the grep works
    rows = set(re.findall(r"^\| `([a-z_]+)` \|", section(doc_text("hooks.md"), "## Events"), re.M))
    missing = events - rows
    assert not missing, f"events the core announces but docs/hooks.md does not list: {sorted(missing)}"


def test_hooks_doc_lists_every_modifier():
    """The modifier table of ``add_modifier`` is exactly what the core and the base pack fold."""
    folded = folded_modifiers()
    assert {"view", "tunnel_damage", "market_price"} <= folded       # the grep itself works
    text = doc_text("hooks.md")
    part = text.split("### `add_modifier`", 1)[1].split("\n### ", 1)[0]
    rows = set(re.findall(r"^\| `([a-z_]+)` \|", part, re.M))
    assert rows == folded, f"documented {sorted(rows)}, folded {sorted(folded)}"


def test_hooks_doc_names_nothing_that_does_not_exist():
    """No stale names: documented hooks, methods, events and modifiers all exist."""
    text = doc_text("hooks.md")
    heads = headings("hooks.md")
    assert heads <= hook_names() | registry_methods(), f"unknown sections: {sorted(heads - hook_names() - registry_methods())}"
    events_table = re.findall(r"^\| `([a-z_]+)` \|", section(text, "## Events"), re.M)
    assert events_table and set(events_table) <= core_events()
    listened = set(re.findall(r"listen\(\"([a-z_]+)\"", text))
    assert listened and listened <= core_events(), f"unknown events: {sorted(listened - core_events())}"
    modified = set(re.findall(r"(?:add_modifier|modify)\(\"([a-z_]+)\"", text))
    assert modified and modified <= folded_modifiers(), f"unfolded modifiers: {sorted(modified - folded_modifiers())}"


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



def test_hooks_doc_lists_the_plugin_surface():
    """The names docs/hooks.md says a pack may import from ``clank.plugin`` are its ``__all__``."""
    import clank.plugin

    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    m = re.search(r"`clank\.plugin` \((.*?)\)", text, re.S)
    assert m, "docs/hooks.md does not list what clank.plugin exports"
    listed = set(re.findall(r"`(\w+)`", m.group(1)))
    exported = set(clank.plugin.__all__)
    assert listed == exported, f"not listed: {sorted(exported - listed)}, not exported: {sorted(listed - exported)}"

def hooks_namespace() -> dict:
    """The names the python blocks of docs/hooks.md define, run in order."""
    namespace: dict = {"__name__": "docs_hooks"}
    for line, code in python_blocks("hooks.md"):
        exec(compile(code, f"docs/hooks.md:{line}", "exec"), namespace)
    return namespace


def test_hooks_examples_listeners_work_in_a_game():
    """The reaction, question and feature examples behave as described inside a real game."""
    from clank import new_game
    from clank.game.movement import discovery_ok
    from clank.testing import set_pool

    ns = hooks_namespace()
    game = new_game(["catacombs"], players=2, seed=11)
    # discovery_ok: the data the core sends, and the sketch's answer
    start = game.state.tiles[0]
    assert ns["within_five"](game, {"event": "discovery_ok", "region": start.region, "x": 4, "y": 0}) is True
    assert ns["within_five"](game, {"event": "discovery_ok", "region": start.region, "x": 5, "y": 0}) is False
    rooms = [f"{start.tile}.{r}" for r in game.ruleset.tiles[start.tile].rooms]
    edge = next(r.to for room in rooms for r in game.geometry.routes_from(room) if r.to[0] == "open")
    assert discovery_ok(game, edge)            # the core asks with a real open edge: no listener here
    assert ns["no_dead_end"](game, {"event": "placement_ok", "tile": start, "to": ("room", "x.y")}) is True
    assert ns["no_dead_end"](game, {"event": "placement_ok", "tile": start, "to": edge}) is False
    # tile_placed
    before = game.state.bank["ghost"]
    haunted = next(t for t in game.ruleset.tiles.values() if t.ext["haunted"])
    ns["haunted"](game, {"event": "tile_placed", "tile": haunted.id, "seat": 0})
    assert game.state.bank["ghost"] == before - 1
    # action kinds: the Golden Flute buys from the board market_board names; tokens obey use_if
    assert ns["remote_actions"](game, 0) == []
    game.state.turn.ext["remote_market"] = 0
    assert [a.kind for a in ns["remote_actions"](game, 0)] == ["remote-buy"]
    assert ns["use_actions"](game, 0) == []
    # a scorer
    assert ns["coin_lines"](game, 0) == []
    game.player(0).ext["underworld"] = {"coins": 3}
    assert ns["coin_lines"](game, 0) == [("underworld coins", 3)]
    # may_enter reading game.entry_context, which is None outside an entry check
    assert game.entry_context is None
    set_pool(game, 0, swords=3)
    assert ns["guard_may_enter"](game, 0, "r", None) is None
    game.entry_context = {"swords": 0, "damage": 8}          # 8 + 2 would fill the meter (H4)
    assert ns["guard_may_enter"](game, 0, "r", None)
    game.entry_context = {"swords": 0, "damage": 0}
    assert ns["guard_may_enter"](game, 0, "r", None) is None
    game.entry_context = None


def test_hooks_configure_example_runs_in_new_game(tmp_path):
    """The clank_configure example is called by new_game: it completes options and refuses some."""
    import clank_catacombs
    from clank import new_game
    from clank.game.setup import SetupError

    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text(textwrap.dedent("""\
        id: docpack
        name: Doc pack
        version: 0.0.1
        engine: ">=0.1"
        requires: [catacombs]
        files: []
        """), encoding="utf-8")
    pack = ModuleType("docpack")
    pack.clank_pack_data_dir = lambda: data
    pack.clank_configure = hooks_namespace()["clank_configure"]
    mods = {"catacombs": clank_catacombs, "docpack": pack}
    game = new_game(["catacombs", "docpack"], players=2, seed=1, options={"fixed_space": 6}, modules=mods)
    assert game.state.config["options"] == {"fixed_space": 6, "underworld_side": "A"}
    with pytest.raises(SetupError, match="fixed_space must be 5 or 6"):
        new_game(["catacombs", "docpack"], players=2, seed=1, options={"fixed_space": 7}, modules=mods)


# -- architecture.md -----------------------------------------------------------------------
def test_architecture_names_every_core_module():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    modules = {p.relative_to(CORE).as_posix() for p in CORE.rglob("*.py") if p.name != "__init__.py"}
    missing = {m for m in modules if f"core/{m}" not in text}
    assert not missing, f"core modules docs/architecture.md does not describe: {sorted(missing)}"



# -- content-format.md ---------------------------------------------------------------------
def test_content_format_setup_merge_example_holds():
    """The ``by_players`` example of docs/content-format.md, merged over the base game's setup,
    does what the page says: the entry applies only at its player count, mappings merge at
    every depth, other lists replace, an additive list extends the merged one, and a reserve
    mapping sizes the stacks of the reserve list."""
    from clank.game.setupdata import ADDITIVE_SETUP, effective_setup, merge_setup
    from ruamel.yaml import YAML

    text = section((DOCS / "content-format.md").read_text(encoding="utf-8"), "## Setup (`setup.yaml`)")
    for key in ADDITIVE_SETUP:
        assert f"`{key}`" in text.split("### Merging", 1)[1], f"the merge rules do not name {key}"
    blocks = re.findall(r"^```yaml\n(.*?)^```", text, re.S | re.M)
    entry = YAML(typ="safe").load(next(b for b in blocks if b.startswith("by_players:")))
    five = entry["by_players"]["5"]
    base = YAML(typ="safe").load((BASE_PACK / "data" / "setup.yaml").read_text(encoding="utf-8"))
    merged = merge_setup(base, entry)
    assert effective_setup(merged, 4)["reserve"] == base["reserve"]
    game5 = effective_setup(merged, 5)
    assert game5["rage_track"]["start"] == {**base["rage_track"]["start"], "5": 0}
    assert game5["rage_track"]["draws"] == five["rage_track"]["draws"]
    assert game5["rage_track"]["provisional"] is True
    assert game5["market_board"] == [*base["market_board"], *five["market_board"]]
    assert game5["reserve"] == five["reserve"] and list(five["reserve"]) == base["reserve"]

def test_both_guides_describe_a_cards_count_as_setup_uses_it(tmp_path):
    """Issue 11 item 11: docs/content-format.md and the generated docs/authoring.md say the same
    about a card's ``count``, and it is what setup does: a starter card's count is not used,
    the setup's ``starting_deck`` alone makes the starting decks."""
    import shutil
    import types

    from clank import new_game
    from clank.schemas import load_schema

    said = load_schema("cards")["definitions"]["card"]["properties"]["count"]["description"]
    starter = "Starter cards: not used; the setup's starting_deck says how many each player starts with."
    assert starter in said
    assert said in (DOCS / "authoring.md").read_text(encoding="utf-8")
    prose = " ".join(section((DOCS / "content-format.md").read_text(encoding="utf-8"), "## Cards").split())
    assert starter in prose.replace("`", "")
    assert "per player" not in prose

    init = ROOT / "tests" / "minipack" / "__init__.py"
    spec = importlib.util.spec_from_file_location("clank_test_minipack_recount", init)
    mini = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mini)
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "minipack" / "data", data)
    cards = (data / "cards.yaml").read_text(encoding="utf-8")
    assert "- id: step\n  name: Step\n  kind: starter\n  type: item\n  count: 4\n" in cards
    (data / "cards.yaml").write_text(cards.replace("kind: starter\n  type: item\n  count: 4", "kind: starter\n"
                                                   "  type: item\n  count: 9"), encoding="utf-8")
    recount = types.ModuleType("clank_test_minipack_recount")
    recount.__dict__.update({k: v for k, v in vars(mini).items() if k.startswith("clank_register")})
    recount.clank_pack_data_dir = lambda: str(data)
    game = new_game(["mini"], players=2, seed=0, modules={"mini": recount})
    assert game.ruleset.cards["step"].count == 9
    for player in game.state.players:
        cards_held = [*player.deck, *player.hand, *player.discard]
        assert cards_held.count("step") == 4   # starting_deck: {step: 4, coin: 2}


# -- expansions.md -------------------------------------------------------------------------
def test_expansions_lists_the_added_mechanisms_and_each_is_cited():
    """The numbered list of added core mechanisms is complete (1..N) and every element cites
    only listed items; every item is cited by some element."""
    text = (DOCS / "expansions.md").read_text(encoding="utf-8")
    added = numbered_items(section(text, ADDED))
    assert len(added) >= 16 and sorted(added) == list(range(1, len(added) + 1)), sorted(added)
    elements = text.split(ADDED, 1)[0]
    cited = {int(n) for n in re.findall(r"\baddition (\d+)\b", elements)}
    assert cited <= set(added), f"'addition N' cited but not listed: {sorted(cited - set(added))}"
    assert set(added) <= cited, f"added mechanisms no element cites: {sorted(set(added) - cited)}"


def test_expansions_still_open_items_are_listed_and_cited():
    text = (DOCS / "expansions.md").read_text(encoding="utf-8")
    still = numbered_items(section(text, STILL_OPEN))
    assert sorted(still) == list(range(1, len(still) + 1)), sorted(still)
    body = text.split(STILL_OPEN, 1)[0]
    cited = {int(n) for n in re.findall(r"\bopen (\d+)\b", body)}
    assert cited <= set(still), f"'open N' cited but not listed: {sorted(cited - set(still))}"
    assert set(still) <= cited, f"open items no element cites: {sorted(set(still) - cited)}"


def test_expansions_names_only_real_mechanisms_outside_still_open():
    """What the doc says exists does exist: hooks, Registry methods, events, folded modifiers."""
    body = doc_text("expansions.md")
    names = code_names(body)
    hooks = {n for n in names if re.fullmatch(r"clank_(register|pack|configure)\w*", n)}
    assert "clank_configure" in hooks and hooks <= hook_names(), f"unknown hooks: {sorted(hooks - hook_names())}"
    methods = {n for n in names if n.startswith("add_") or n == "listen"}
    methods |= set(re.findall(r"\bregistry\.(\w+)\(", body))
    assert methods <= registry_methods(), f"unknown Registry methods: {sorted(methods - registry_methods())}"
    said_events = set(re.findall(r"listen\(\"([a-z_]+)\"", body))
    assert {"tile_discovered", "discovery_ok"} <= said_events <= core_events(), \
        f"unknown events: {sorted(said_events - core_events())}"
    modified = set(re.findall(r"(?:add_modifier|modify)\(\"([a-z_]+)\"", body))
    assert {"view", "tunnel_damage", "market_board"} <= modified <= folded_modifiers(), \
        f"modifiers nothing folds: {sorted(modified - folded_modifiers())}"


# -- all docs ------------------------------------------------------------------------------
SPAN_PATH = re.compile(r"([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)")
FILE_SPAN = re.compile(r"^[\w/.-]+\.(?:py|md|yaml|yml|json|toml)$")
BASE_PACK_MODULES = {p.stem for p in BASE_PACK.glob("*.py") if p.stem != "__init__"}


def _has(obj, name: str) -> bool:
    """An attribute, or a dataclass field without a class-level default."""
    fields = getattr(obj, "__dataclass_fields__", {})
    return hasattr(obj, name) or name in fields


def _resolves(start, chain: list[str]) -> bool:
    """Whether ``start.a.b...`` exists; the walk stops at a method, a field or None."""
    obj = start
    for name in chain:
        if not _has(obj, name):
            return False
        obj = getattr(obj, name, None)
        if obj is None or inspect.isroutine(obj) or isinstance(obj, property):
            return True
    return True


def _is_module(dotted: str) -> bool:
    parent = importlib.import_module(dotted.rpartition(".")[0])
    return hasattr(parent, "__path__") and importlib.util.find_spec(dotted) is not None


def _core_classes() -> dict:
    out: dict = {}
    for mod in ("actions", "game.dungeon", "game.effects", "game.engine", "plugins", "registry", "game.ruleset",
                "game.state"):
        module = importlib.import_module(f"clank.{mod}")
        out.update({n: c for n, c in vars(module).items()
                    if inspect.isclass(c) and c.__module__ == module.__name__})
    return out


def attribute_roots() -> dict[str, list]:
    """What a leading name in a doc's inline code may stand for: objects of a real game, core
    modules, base-pack modules, core classes."""
    from clank import new_game

    game = new_game(["catacombs"], players=2, seed=1)
    roots: dict[str, list] = {"game": [game], "ruleset": [game.ruleset],
                              "registry": [game.ruleset.registry], "player": [game.player(0)],
                              "state": [game.state], "turn": [game.state.turn]}
    for path in CORE.rglob("*.py"):
        if path.stem != "__init__":
            dotted = ".".join(path.relative_to(CORE).with_suffix("").parts)
            roots.setdefault(path.stem, []).append(importlib.import_module(f"clank.{dotted}"))
    for stem in BASE_PACK_MODULES:
        roots.setdefault(stem, []).append(importlib.import_module(f"clank_catacombs.{stem}"))
    for name, cls in _core_classes().items():
        roots.setdefault(name, []).append(cls)
    roots["clank"] = [importlib.import_module("clank")]
    return roots


@pytest.mark.parametrize("name", OWN_DOCS)
def test_attributes_named_in_docs_exist(name):
    """``game.setup``, ``ruleset.extra``, ``movement.entry_options``, ``Game.view``,
    ``clank.game.setup.SetupError`` ...: every dotted name a doc writes as inline code (outside the
    expansions' "Still open") resolves on a real game, a core or base-pack module, or a class."""
    roots = attribute_roots()
    checked, missing = 0, []
    for span in re.findall(r"`([^`\n]+)`", doc_text(name)):
        m = SPAN_PATH.match(span)
        if not m or FILE_SPAN.match(span) or m.group(1) not in roots:
            continue
        root, chain = m.group(1), m.group(2)[1:].split(".")
        if root == "clank":                      # a dotted import path, then attributes
            while chain and _is_module(f"{root}.{chain[0]}"):
                root, chain = f"{root}.{chain[0]}", chain[1:]
            if root == "clank":                  # not a module path (the entry-point group clank.packs)
                continue
            starts = [importlib.import_module(root)]
        else:
            starts = roots[root]
        checked += 1
        if not any(_resolves(s, chain) for s in starts):
            missing.append(span)
    assert checked, f"docs/{name} names no attribute"
    assert not missing, f"docs/{name} names attributes that do not exist: {missing}"


# -- all docs ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", OWN_DOCS)
def test_paths_and_links_exist(name):
    text = (DOCS / name).read_text(encoding="utf-8")
    for path in sorted(set(re.findall(r"`((?:core|packs|tests|schemas|cli)/[\w/.-]+\.(?:py|yaml|toml|md))`", text))):
        assert (ROOT / path).exists(), f"docs/{name} names {path}, which does not exist"
    for link in sorted(set(re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]+)?\)", text))):
        assert (DOCS / link).exists(), f"docs/{name} links to {link}, which does not exist"
