"""The documentation in docs/ stays true to the code.

- every ```python block of docs/api.md runs, in order, in one namespace;
- docs/hooks.md is what ``clank.guides.hookguide`` renders today (the freshness check), from the
  hook specifications (each documents when it is called, its parameters, its return and an
  example), the ``Registry`` methods, ``clank.plugin`` and what the core and the base pack
  declare; so it has a section per hook and per registry method, lists every declared event,
  question and modifiable value, and exactly what ``clank.plugin`` exports. Every value the code
  folds or the base pack modifies is declared (datasette's rule: an undocumented hook is a
  failing test). Its "Reference" lists every documented member of ``Game``, ``EffectContext``
  and ``SeatView``, the ``Registry``'s tables, the content definitions and the callback types,
  rendered from their docstrings (a changed docstring changes the page; a member without one
  fails ``tests/test_surface.py``);
- every ```python block of docs/hooks.md runs, each ``clank_register_*`` function it defines
  registers something in a fresh Registry, and the examples behave as the page says inside real
  games;
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
from clank.guides.hookguide import GUIDE_PACKS as HOOK_GUIDE_PACKS
from clank.hookspecs import ClankSpecs
from clank.registry import Registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CORE = ROOT / "core" / "clank"
BASE_PACK = ROOT / "packs" / "catacombs" / "clank_catacombs"
OWN_DOCS = ("api.md", "hooks.md", "architecture.md", "expansions.md", "rl.md")
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
    """Event names the core announces with ``emit("...")`` or asks with ``ask_listeners("...")``."""
    names: set[str] = set()
    for path in sorted(CORE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bemit\(\s*\"([a-z_]+)\"", text))
        names |= set(re.findall(r"\bask_listeners\(\s*\"([a-z_]+)\"", text))
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
    "view", "view_dict", "SeatView", "PublicPlayer", "to_dict", "changed", "pool",
])
def test_api_doc_covers_the_public_api(name):
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{name}\b", text), f"docs/api.md does not mention {name}"


def test_api_doc_documents_the_whole_toolkit():
    """Every helper of ``clank.testing`` has a row in the toolkit table of docs/api.md, with its
    signature as the code has it, and the section shows it at work."""
    import clank.testing
    from clank.guides.hookguide import signature

    part = section((DOCS / "api.md").read_text(encoding="utf-8"), "## Testing a position")
    rows = re.findall(r"^\| (`.*?`) \|", part, re.M)
    documented = {m.group(1): m.group(0) for row in rows for m in re.finditer(r"`((\w+)\(.*?\))`", row)}
    for name in clank.testing.__all__:
        sig = signature(getattr(clank.testing, name))
        assert sig in documented, f"docs/api.md: no row for {sig}"
    assert "```python" in part and "script_bag(" in part


# -- hooks.md: generated by clank.guides.hookguide ------------------------------------------
HOOKS_STALE = "docs/hooks.md is stale: run `python -m clank.guides.hookguide -o docs/hooks.md`"


@pytest.fixture(scope="module")
def guide_registry_() -> Registry:
    """The registry docs/hooks.md documents: the core and the base pack, given as a module (the
    installed packs do not matter)."""
    import clank_catacombs
    from clank.guides.authoring import guide_registry

    return guide_registry(HOOK_GUIDE_PACKS, {"catacombs": clank_catacombs})


def test_hooks_doc_is_fresh(guide_registry_):
    """docs/hooks.md is exactly what the hook specifications, the Registry, clank.plugin and the
    packs' declarations render today."""
    from clank.guides.hookguide import render_guide

    expected = render_guide(guide_registry_)
    actual = (DOCS / "hooks.md").read_text(encoding="utf-8")
    if actual != expected:
        diff = next((i for i, (a, b) in enumerate(zip(actual.splitlines(), expected.splitlines(), strict=False))
                     if a != b), min(len(actual.splitlines()), len(expected.splitlines())))
        pytest.fail(f"{HOOKS_STALE} (first difference at line {diff + 1})", pytrace=False)


def test_the_hook_guide_command_writes_the_guide(tmp_path, guide_registry_, capsysbinary):
    """``python -m clank.guides.hookguide`` prints the guide; ``-o`` writes it; an unknown pack is
    an environment error (exit code 3)."""
    from clank.guides.hookguide import main, render_guide

    assert main(["-o", str(tmp_path / "hooks.md")]) == 0
    assert (tmp_path / "hooks.md").read_text(encoding="utf-8") == render_guide(guide_registry_)
    assert main([]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == render_guide(guide_registry_)
    assert main(["--packs", "no-such-pack"]) == 3


def test_clank_docs_hooks_prints_and_writes_the_guide(tmp_path, monkeypatch):
    """An installed engine has no docs/: ``clank docs hooks`` prints the guide for the installed
    packs (linking no page it lacks), ``-o`` writes it; a missing pack is exit code 3."""
    from clank.guides.hookguide import render_guide
    from clank_cli import scaffold
    from clank_cli.main import app
    from typer.testing import CliRunner

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    registry, _ = scaffold.schema_registry()
    expected = render_guide(registry, shipped=True)
    printed = runner.invoke(app, ["docs", "hooks"])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout == expected
    assert "### `clank_register_ops`" in expected and "| `ghost_damage` |" in expected
    assert re.findall(r"\]\((?!#)[^)]*\)", expected) == []          # no link but to its own sections
    written = runner.invoke(app, ["docs", "hooks", "-o", "hooks.md"])
    assert written.exit_code == 0, written.output
    assert (tmp_path / "hooks.md").read_text(encoding="utf-8") == expected
    assert runner.invoke(app, ["docs", "hooks", "-o", str(tmp_path / "no" / "hooks.md")]).exit_code == 1
    assert runner.invoke(app, ["docs", "hooks", "--packs", "no-such-pack"]).exit_code == 3


def test_every_hook_documents_its_contract_where_declared():
    """pytest's rule: each hook's docstring says when it is called, its parameters, what it
    returns, and shows an example (the guide is rendered from them)."""
    from clank.guides.hookguide import hook_specs, split_hook_doc

    for name, fn in hook_specs():
        parts = split_hook_doc(inspect.cleandoc(fn.__doc__ or ""))
        missing = [label for label in ("When:", "Parameters:", "Returns:", "Example::") if not parts.get(label)]
        assert parts["summary"] and not missing, f"{name}: its docstring lacks {missing or 'a summary'}"


def test_the_registration_hooks_are_declared_in_the_order_they_are_called():
    """The hookspecs docstring says the order of the module is the calling order."""
    from clank.plugins import REGISTER_HOOKS

    declared = [n for n in vars(ClankSpecs) if n.startswith("clank_register_")]
    assert declared == list(REGISTER_HOOKS)


def _level3(text: str) -> list[str]:
    return re.findall(r"^### `([A-Za-z_][A-Za-z0-9_]*)`$", text, re.M)


def test_hooks_doc_has_a_section_per_hook():
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    hooks = [n for n in _level3(section(text, "## Hooks"))]
    assert hooks == [n for n in vars(ClankSpecs) if n.startswith("clank_")], "one section per hook, in order"
    assert set(hooks) == hook_names()


def test_hooks_doc_has_a_section_per_registry_method():
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    methods = _level3(section(text, "## Registry methods"))
    assert sorted(methods) == sorted(registry_methods()), "one section per Registry method"
    guide, reference = text.split("\n## Reference\n", 1)
    assert set(_level3(guide)) == hook_names() | registry_methods(), "no section for anything else"
    assert _level3(reference) == ["Game", "EffectContext", "SeatView", "Registry"]


def _rows(part: str) -> list[str]:
    return re.findall(r"^\| `([a-z_]+)` \|", part, re.M)


def test_hooks_doc_lists_every_event(guide_registry_):
    """Every declared event is in the Events table and every question in the Questions table,
    with the pack that declares it; every event the core announces or asks is declared."""
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    events = section(text, "## Events")
    announced, questions = events.split("### Questions", 1)
    questions = questions.split("### Statistics", 1)[0]
    declared = guide_registry_.events
    assert sorted(_rows(announced)) == sorted(n for n, e in declared.items() if not e.question)
    assert sorted(_rows(questions)) == sorted(n for n, e in declared.items() if e.question)
    assert {"placement_ok", "discovery_ok"} <= set(_rows(questions))
    assert "| `ghost_damage` |" in announced and announced.split("| `ghost_damage` |")[1].split("\n")[0].rstrip(
        ).endswith("| catacombs |")                                       # marked with its pack
    used = core_events()
    assert {"tile_placed", "turn_start", "placement_ok", "discovery_ok"} <= used     # the grep works
    assert used <= set(declared), f"announced but not declared: {sorted(used - set(declared))}"


def test_core_event_payloads_match_their_declarations(guide_registry_):
    """The payload TypedDicts of clank.plugin have the keys the core's events declare."""
    from clank.plugin import EVENT_PAYLOADS

    core = {n: e for n, e in guide_registry_.events.items() if e.pack == "core"}
    assert set(EVENT_PAYLOADS) == set(core)
    for name, event in core.items():
        keys = set(EVENT_PAYLOADS[name].__annotations__) - {"event"}
        assert keys == set(event.payload), f"{name}: TypedDict {sorted(keys)}, declared {sorted(event.payload)}"


def test_hooks_doc_lists_every_modifiable_value(guide_registry_):
    """The table of modifiable values is what the core and the base pack declare, and every value
    the code folds (``modify("...")``) or the base pack modifies (``add_modifier("...")``) is
    declared."""
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    rows = _rows(section(text, "## Modifiable values"))
    declared = set(guide_registry_.modifiables)
    assert sorted(rows) == sorted(declared)
    folded = folded_modifiers()
    assert {"view", "tunnel_damage", "market_price"} <= folded       # the grep itself works
    assert folded <= declared, f"folded but not declared: {sorted(folded - declared)}"
    modified = set()
    for path in BASE_PACK.glob("*.py"):
        modified |= set(re.findall(r"\badd_modifier\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    assert modified and modified <= declared, f"modified but not declared: {sorted(modified - declared)}"


def test_hooks_doc_names_nothing_that_does_not_exist(guide_registry_):
    """The names the examples and prose listen to or modify are declared."""
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    listened = set(re.findall(r"listen\(\"([a-z_]+)\"", text))
    assert listened and listened <= set(guide_registry_.events), listened
    modified = set(re.findall(r"(?:add_modifier|modify)\(\"([a-z_]+)\"", text))
    assert modified and modified <= set(guide_registry_.modifiables), modified


def test_hooks_doc_has_the_reference_of_what_a_packs_code_receives():
    """Point 5 of issue 38: every documented member of the surface, with its typed signature and
    the first words of its docstring; the registry's tables; each content definition's fields;
    how each callback type is called."""
    import dataclasses

    import clank.plugin
    from clank.guides.reference import CONTENT, RECEIVERS, callback_rows
    from clank.surface import members

    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    reference = section(text, "## Reference")
    for kind, receiver in RECEIVERS.items():
        for m in members(kind):
            cell = f"{receiver}.{m.signature}".replace("|", "\\|")
            assert f"| `{cell}` | " in reference, f"docs/hooks.md: no reference row for {receiver}.{m.name}"
    assert "| `game.row -> list[str \\| None]` | The dungeon row" in reference
    assert "| `ctx.game` | The game the op changes" in reference
    assert "| `view.card_defs -> Mapping[str, CardDef]` |" in reference
    for f in dataclasses.fields(Registry):
        assert f.name == "current_pack" or f"| `registry.{f.name}` |" in reference, f.name
    for name in CONTENT:
        assert f"#### {name}\n" in reference
        for f in dataclasses.fields(getattr(clank.plugin, name)):
            assert f"| `{f.name}` |" in reference.split(f"#### {name}\n", 1)[1], f"{name}.{f.name}"
    rows = callback_rows()
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    assert ("FeatureTrigger", "`fn(game: Game, seat: int, room: str, arg: Any, /) -> object`") in \
        [(n, call) for n, call, _ in rows]
    for name, call, _ in rows:
        assert f"| `{name}` | {call.replace('|', chr(92) + '|')} |" in reference, name


def test_the_reference_is_rendered_from_the_docstrings(guide_registry_, monkeypatch):
    """Change a member's docstring and the page changes: the reference cannot drift."""
    from clank.game.board import Board
    from clank.guides.hookguide import render_guide
    from clank.surface import members

    before = render_guide(guide_registry_)
    monkeypatch.setattr(Board.clank_in_area, "__doc__", "Cubes a seat has in the Clank! area, newly worded.")
    members.cache_clear()
    try:
        after = render_guide(guide_registry_)
    finally:
        members.cache_clear()
    assert "| `game.clank_in_area(seat: int) -> int` | Cubes a seat has in the Clank! area, newly worded. |" in after
    assert after != before


def test_hooks_doc_lists_the_plugin_surface():
    """The tables of "The contract" list exactly what ``clank.plugin`` exports."""
    import clank.plugin

    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `(\w+)` \|", section(text, "## The contract: `clank.plugin`"), re.M)
    assert sorted(listed) == sorted(clank.plugin.__all__)
    for group in ("### Types", "### Definitions", "### Callback types", "### Event payloads",
                  "### Functions and markers", "### Constants"):
        assert group in text


def test_hooks_doc_imports_exactly_what_its_examples_use():
    """The first Python block imports from ``clank.plugin`` the names the other blocks use."""
    import clank.plugin

    blocks = python_blocks("hooks.md")
    first = blocks[0][1].strip()
    assert first.startswith("from clank.plugin import "), first
    imported = {n.strip() for n in first.removeprefix("from clank.plugin import ").split(",")}
    rest = "\n".join(code for _, code in blocks[1:])
    used = {n for n in clank.plugin.__all__ if re.search(rf"(?<![\w.\"]){n}\b", rest)}
    assert imported == used, f"imported {sorted(imported)}, used {sorted(used)}"


def example_registries() -> list[tuple[int, str, Registry]]:
    """Run the Python blocks of docs/hooks.md in order; call every ``clank_register_*`` function
    a block defines with a fresh Registry: (line, hook, registry filled)."""
    namespace: dict = {"__name__": "docs_hooks"}
    out = []
    for line, code in python_blocks("hooks.md"):
        before = {k: v for k, v in namespace.items() if k.startswith("clank_register_")}
        exec(compile(code, f"docs/hooks.md:{line}", "exec"), namespace)
        for name, fn in list(namespace.items()):
            if name.startswith("clank_register_") and before.get(name) is not fn:
                reg = Registry()
                fn(reg)
                out.append((line, name, reg))
    return out


def test_hooks_examples_register_something():
    """Each example implementation runs against a real Registry (signatures are right) and every
    registration hook has one."""
    found = example_registries()
    for line, name, reg in found:
        filled = [k for k, v in vars(reg).items() if k != "current_pack" and v]
        assert filled, f"docs/hooks.md:{line}: {name} registered nothing"
    assert {name for _, name, _ in found} == {n for n in hook_names() if n.startswith("clank_register_")}


def hooks_namespace() -> dict:
    """The names the python blocks of docs/hooks.md define, run in order."""
    namespace: dict = {"__name__": "docs_hooks"}
    for line, code in python_blocks("hooks.md"):
        exec(compile(code, f"docs/hooks.md:{line}", "exec"), namespace)
    return namespace


def _registered(hook: str, first: bool = True) -> Registry:
    regs = [reg for _, name, reg in example_registries() if name == hook]
    return regs[0] if first else regs[-1]


def test_the_content_check_example_reports_a_second_fountain_at_its_line(tmp_path):
    """The worked example of ``clank_check_content`` in docs/hooks.md, in a pack that also
    registers the page's fountain: a directory pack's tile with two fountains is refused at the
    second one, in the example's words (issue 37 point 3)."""
    import types

    import clank_catacombs
    from clank.api import load_packs
    from clank.content.problems import ContentError
    from clank.plugin import hookimpl
    from clank.testing import write_pack

    ns = hooks_namespace()
    data = tmp_path / "fountains-data"
    data.mkdir()
    (data / "pack.yaml").write_text('id: fountains\nname: Fountains\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                    "requires: [catacombs]\nfiles: []\n", encoding="utf-8")
    module = types.ModuleType("clank_fountains")
    module.clank_pack_data_dir = hookimpl(lambda: data)
    module.clank_register_room_features = ns["clank_register_room_features"]
    module.clank_check_content = ns["clank_check_content"]
    rooms = "    spa: {pos: c, features: [fountain(2)]}\n    bath: {pos: ne, features: [fountain(1)]}\n"
    ends = "".join(f"    - {{ends: [{port}, spa]}}\n" for port in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2"))
    tile = f"- id: de-spa\n  name: Spa\n  stack: depths\n  depths: true\n  rooms:\n{rooms}  tunnels:\n{ends}" \
           "    - {ends: [spa, bath]}\n"
    pack = write_pack(tmp_path, "spa", {"tiles.yaml": tile}, requires=("catacombs", "fountains"))
    with pytest.raises(ContentError) as err:
        load_packs(["catacombs", "fountains", str(pack)], modules={"catacombs": clank_catacombs, "fountains": module})
    (problem,) = err.value.problems
    assert (problem.rule, problem.file, problem.line, problem.col) == ("one-fountain", str(pack / "tiles.yaml"), 7, 32)
    assert problem.message == "tile 'de-spa' has 2 fountains: a tile holds at most one (they drink from one spring)"


def test_hooks_examples_work_in_a_game():
    """The examples do what they say inside a real game of the base pack."""
    from clank import new_game
    from clank.plugin import EffectContext, Mark, Payment
    from clank.testing import playout, set_damage

    ns = hooks_namespace()
    game = new_game(["catacombs"], players=2, seed=11)
    # an op: Clank! made
    made = game.player(0).stats.get("clank_made", 0)
    ns["op_shout"](EffectContext(game, 0, ""), 2)
    assert game.player(0).stats["clank_made"] == made + 2
    # a room feature: heals, once per turn in that room
    room = game.player(0).room
    set_damage(game, 0, 3)
    ns["fountain_enter"](game, 0, room, 2)
    ns["fountain_enter"](game, 0, room, 2)
    assert len(game.player(0).damage) == 1
    # a market: its offer and how it is handed over
    offer = ns["stall_offers"](game, 0)[0]
    assert str(offer.action) == "room stall torch" and offer.cost == {"gold": 2}
    boots = game.player(0).pool.get("boots", 0)
    ns["stall_take"](game, 0, offer, Payment(offer.cost))
    assert game.player(0).pool["boots"] == boots + 1
    # a decision kind
    assert [str(a) for a in ns["tip_legal"](game, {"kind": "tip", "seat": 1})] == ["tip 1", "tip 0"]
    gold = game.player(1).gold
    ns["tip_resolve"](game, {"kind": "tip", "seat": 1}, ns["tip_legal"](game, {"seat": 1})[0])
    assert game.player(1).gold == gold + 1
    # a listener and a modifier
    ns["bonus_on_escape"](game, {"event": "escaped", "seat": 1})
    assert game.player(1).gold == gold + 3
    reactions = _registered("clank_register_reactions")
    assert reactions.modifiers["artifact_limit"][0](game, 1, seat=0) == 2
    # a scorer and a renderer
    scorer = _registered("clank_register_scoring").scorers[0]
    assert scorer(game, 0) == [("scars", 1)]
    render = _registered("clank_register_render").renderers[0]
    assert render.player(game.view(0), 0) == [Mark("3 lockpicks", "resource")]      # the starting lockpicks
    assert render.player(game.view(1), 0) == [Mark("3 lockpicks", "resource")]      # public to the others
    # a question: discovery_ok within five columns
    start = game.state.tiles[0]
    assert ns["within_five"](game, {"event": "discovery_ok", "region": start.region, "x": 4, "y": 0}) is True
    assert ns["within_five"](game, {"event": "discovery_ok", "region": start.region, "x": 5, "y": 0}) is False
    # ask_seats: every live seat answers in turn, clockwise from the one playing the card
    game.state.current = 1
    ns["op_toast"](EffectContext(game, 1, "doc-card"), None)
    asked = [(step, seat, data["seat"], data["kind"]) for step, seat, data in game.state.queue[:2]]
    assert asked == [("ask", 1, 1, "toast"), ("ask", 0, 0, "toast")]
    # state kept by the pack, hidden from the other seats by the player_view modifier
    ns["remember_room"](game, {"event": "entered_room", "seat": 0, "room": room})
    own = game.view_dict(0)["players"][0]
    assert ns["hide_notes"](game, own, 0, 0)["ext"]["mypack"] == {"notes": [room]}
    other = game.view_dict(1)["players"][0]
    assert ns["hide_notes"](game, other, 1, 0)["ext"]["mypack"] == {"notes": 1}
    assert game.player(0).ext["mypack"] == {"notes": [room]}                          # the state is untouched
    # a bot, on its seat's view
    bot_game = new_game(["catacombs"], players=2, seed=4, options={"max_rounds": 3})
    assert playout(bot_game, ns["FirstBot"](0)) > 0 and bot_game.over


def test_hooks_configure_example_runs_in_new_game(tmp_path):
    """The clank_configure example is called by new_game: it refuses a value it does not allow;
    the option is declared by the clank_register_content example, and a misspelt one is refused."""
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
    from clank.plugin import hookimpl

    @hookimpl
    def declare(registry):                  # as the clank_register_content example does
        registry.add_option("fixed_space", "The catacombs fit in a 5x5 or 6x6 square.")

    pack.clank_configure = hooks_namespace()["clank_configure"]
    pack.clank_register_content = declare
    mods = {"catacombs": clank_catacombs, "docpack": pack}
    game = new_game(["catacombs", "docpack"], players=2, seed=1, options={"fixed_space": 6}, modules=mods)
    assert game.state.config["options"] == {"fixed_space": 6}
    with pytest.raises(SetupError, match="fixed_space must be 5 or 6"):
        new_game(["catacombs", "docpack"], players=2, seed=1, options={"fixed_space": 7}, modules=mods)
    with pytest.raises(SetupError, match="unknown game option 'fixed_spaec' \\(did you mean 'fixed_space'\\?\\)"):
        new_game(["catacombs", "docpack"], players=2, seed=1, options={"fixed_spaec": 6}, modules=mods)

# -- architecture.md -----------------------------------------------------------------------
def test_architecture_names_every_core_module():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    modules = {p.relative_to(CORE).as_posix() for p in CORE.rglob("*.py") if p.name != "__init__.py"}
    missing = {m for m in modules if f"core/clank/{m}" not in text}
    assert not missing, f"core modules docs/architecture.md does not describe: {sorted(missing)}"


MOVED_RULES = ("lockpicks", "Grand Theft", "Coupon", "ghost cubes", "Tourmaline", "the Crypt",
               "the Crystal Cave", "the Depths and haunted tiles", "E7", "prisoners", "the market board",
               "the Golden Flute", "the Catacombs Map", "the Mystery Box", "mastery tokens",
               "starting lockpicks", "the ghost bank", "several artifacts per room", "the default pack")


def test_architecture_shows_the_boundary_and_where_moved_rules_live(guide_registry_):
    """One picture of the core/pack boundary, and a table of where each rule the core no longer
    holds lives now: the pack files it names exist, the events and values it names are declared."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    picture = section(text, "## The core and the packs").split("```text\n", 1)[1].split("```", 1)[0]
    for said in ("packs/catacombs", "core/", "clank.plugin", "cube kinds", "markets", "views", "decisions",
                 "escape", "pieces", "the score"):
        assert said in picture, f"the picture does not show {said!r}"
    table = text.split("### Where the moved rules live now", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| rule")]
    for rule in MOVED_RULES:
        assert any(rule in row.split(" | ")[0] for row in rows), f"no row for {rule}"
    for name in set(re.findall(r"`(\w+\.py)`", table)):
        assert (BASE_PACK / name).exists(), f"the table names {name}, which the base pack does not have"
    declared = set(guide_registry_.events) | set(guide_registry_.modifiables) | set(guide_registry_.stats)
    named = set(re.findall(r"an? `(\w+)` (?:listener|modifier|event)", table))
    named |= set(re.findall(r"the statistic `(\w+)`", table))
    assert named and named <= declared, f"not declared: {sorted(named - declared)}"


# -- content-format.md ---------------------------------------------------------------------
def test_content_format_setup_merge_example_holds():
    """The ``by_players`` example of docs/content-format.md, merged over the base game's setup,
    does what the page says: the entry applies only at its player count, mappings merge at
    every depth, other lists replace, an additive list extends the merged one, and a reserve
    mapping sizes the stacks of the reserve list."""
    from clank.content.setupmerge import ADDITIVE_SETUP, effective_setup, merge_setup
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
    from clank.content.schemas import load_schema

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
    for mod in ("actions", "dungeon", "game.effects", "game.engine", "plugins", "registry", "game.ruleset",
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
    from clank.game.effects import EffectContext

    roots: dict[str, list] = {"game": [game], "ruleset": [game.ruleset],
                              "registry": [game.ruleset.registry], "player": [game.player(0)],
                              "state": [game.state], "turn": [game.state.turn],
                              "view": [game.view(0)], "ctx": [EffectContext(game, 0, "")]}
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


# -- conditions.md ---------------------------------------------------------------------------
CONDITION_KEYS = ("if", "fight_if", "use_if", "requires", "keep_if")
AUDIT_ROW = re.compile(r"^\| `([a-z0-9-]+)` \((card|token)\) \| ([a-z]+) \|.*\| \*\*(yes|no)\*\*", re.M)


def _has_condition(node) -> bool:
    if isinstance(node, dict):
        return any(k in CONDITION_KEYS or _has_condition(v) for k, v in node.items())
    return isinstance(node, list) and any(_has_condition(v) for v in node)


def test_conditions_audit_lists_every_card_with_a_condition_and_what_looks_back():
    """docs/conditions.md's audit cannot go stale: it lists every card and token of the three
    packs that has a condition (every optional part on), each under its pack, and its "looks
    back" column is yes exactly for the cards whose play or defeat effect uses a condition the
    engine tracks over the turn (C11 default (a))."""
    import clank_catacombs
    import clank_party
    import clank_underworld
    from clank.api import build_ruleset, load_packs

    packs = ["catacombs", "underworld", "party"]
    modules = {"catacombs": clank_catacombs, "underworld": clank_underworld, "party": clank_party}
    _, _, datas = load_packs(packs, ("*",), modules=modules)
    entries = {e["id"]: (d.id, kind[:-1]) for d in datas for kind in ("cards", "tokens")
               for e in d.content(kind) if _has_condition(e)}
    defined = {e["id"]: (d.id, kind[:-1]) for d in datas for kind in ("cards", "tokens") for e in d.content(kind)}
    rows = AUDIT_ROW.findall((DOCS / "conditions.md").read_text(encoding="utf-8"))
    listed = {eid: (pack, kind) for eid, kind, pack, _ in rows}
    assert len(listed) == len(rows), "an entry is listed twice"
    assert {eid: listed.get(eid) for eid in entries} == entries, "an entry with a condition is missing or misplaced"
    assert all(defined.get(eid) == where for eid, where in listed.items()), "a listed entry does not exist"
    ruleset = build_ruleset(packs, {"parts": "*"}, modules=modules)
    looking_back = {card for users in ruleset.looking_back_users.values() for card in users if card}
    assert {eid for eid, _, _, yes in rows if yes == "yes"} == looking_back
