"""The core's contract with packs (issue 6): what the core names, what packs import, and the
mechanisms the expansions rely on, shown with the tiny test pack (no base game loaded).

- the core names no pack's component, in code or in the keys and enums of its schemas;
- the packs of this repository import nothing of the engine but ``clank`` and ``clank.plugin``;
- every hook is documented where it is declared (when it is called, each parameter);
- pieces on the map, tokens held face down, decisions of other seats, the render hook, the
  declared events and modifiers, the scenario toolkit.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import json
import re
import sys
from pathlib import Path

import clank.plugin
import pytest
from clank import new_game
from clank.hookspecs import ClankSpecs
from clank.testing import state_json

ROOT = Path(__file__).resolve().parents[1]
BANNED = re.compile(r"lockpick|ghost|crystal|crypt|haunted|prisoner|tourmaline|mastery|idol|wayshrine|multi_artifact"
                    # ... nor an expansion's (issue 7: the Underworld)
                    r"|underworld|guardian|harp(y|ies)|undercoin|fate|ladder|chute|toll|(?<![a-z])imps?(?![a-z])|lyre",
                    re.I)


def _load_minipack():
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    init = ROOT / "tests" / "minipack" / "__init__.py"
    spec = importlib.util.spec_from_file_location("clank_test_minipack", init)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MODULES = {"mini": _load_minipack()}


def mini(players: int = 3, seed: int = 0):
    return new_game(["mini"], players=players, seed=seed, modules=MODULES)


# ==========================================================================================
# The boundary
# ==========================================================================================
def _code_words(path: Path) -> list[tuple[int, str]]:
    """Identifiers and string literals of a module, docstrings and comments left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(b.body[0].value) for b in ast.walk(tree)
            if isinstance(b, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and b.body and isinstance(b.body[0], ast.Expr) and isinstance(b.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            out.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            out.append((node.lineno, node.arg))
    return out


def test_the_core_names_no_base_game_component_in_its_code():
    """Issue 6: lockpicks, ghosts, the Crypt ... are the base pack's; the core knows mechanisms."""
    found = [f"{path.relative_to(ROOT)}:{line}: {word!r}"
             for path in sorted((ROOT / "core" / "clank").rglob("*.py")) for line, word in _code_words(path)
             if BANNED.search(word)]
    assert not found, "the core names pack components:\n" + "\n".join(found)


def test_the_schemas_name_no_base_game_component_in_keys_or_enums():
    found = []

    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if BANNED.search(key):
                    found.append(f"{where}: key {key!r}")
                if key == "enum":
                    found.extend(f"{where}: enum {v!r}" for v in value if isinstance(v, str) and BANNED.search(v))
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for item in node:
                walk(item, where)

    for path in sorted((ROOT / "schemas").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), path.name)
    assert not found, found


def test_the_scan_finds_a_name_when_there_is_one(tmp_path):
    """The scan itself works: a string literal naming a lockpick is found, a docstring is not;
    Underworld names are found too (an imp, not an import)."""
    probe = tmp_path / "probe.py"
    probe.write_text('"""About lockpicks."""\nCOST = {"lockpicks": 1}\nimport json\n'
                     'TOLL = {"undercoins": 1}\nKINDS = ["imp", "simple", "ladder_room"]\n')
    assert sorted(w for _, w in _code_words(probe) if BANNED.search(w)) == sorted([
        "lockpicks", "TOLL", "undercoins", "imp", "ladder_room"])


def test_packs_import_only_the_contract():
    """The packs of this repository import ``clank`` and ``clank.plugin`` only (their tests may
    use ``clank.testing``); ruff enforces it with packs/ruff.toml, this test double-checks."""
    allowed = {"clank", "clank.plugin"}
    bad = []
    for path in sorted((ROOT / "packs").glob("*/clank_*/**/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            bad += [f"{path.relative_to(ROOT)}: {n}" for n in names
                    if n and n.split(".")[0] == "clank" and n not in allowed]
    assert not bad, bad
    assert "clank.game" in (ROOT / "packs" / "ruff.toml").read_text()


@pytest.mark.parametrize("name", sorted(n for n in dir(ClankSpecs) if n.startswith("clank_")))
def test_every_hook_is_documented_where_it_is_declared(name):
    """Each hookspec's docstring says when it is called, names every parameter, says what it
    returns and gives an example (pytest's hookspec.py is the model)."""
    fn = getattr(ClankSpecs, name)
    doc = inspect.getdoc(fn) or ""
    for part in ("When:", "Returns:", "Example:"):
        assert part in doc, f"{name}: no {part!r} in its docstring"
    for param in list(inspect.signature(fn).parameters)[1:]:
        assert f"``{param}``" in doc, f"{name}: parameter {param!r} is not described"


# ==========================================================================================
# Mechanisms the expansions rely on (with the tiny pack)
# ==========================================================================================
def test_pieces_are_plain_data_that_packs_move_and_views_show():
    """A pack's piece sits in a room, moves, is saved, is visible to every seat and drawn by
    the pack's render hook."""
    g = mini(2)
    (moth,) = g.state.pieces.values()
    assert moth["kind"] == "moth" and moth["room"] == "home.door"
    g.apply("play step") if "play step" in map(str, g.legal_actions()) else None
    while g.state.current == 0:
        acts = [str(a) for a in g.legal_actions()]
        g.apply(next((a for a in acts if a.startswith("play")), "end"))
    assert g.state.pieces[moth["id"]]["room"] == g.player(0).room
    view = g.view(1)
    assert view.pieces[moth["id"]]["room"] == g.player(0).room
    assert view.to_dict()["pieces"] == g.state.pieces
    (render,) = [r for r in g.registry.renderers if r.piece is not None]
    assert render.piece(view, moth).text == "moth"
    back = type(g).from_json(g.ruleset, g.to_json())
    assert back.state.pieces == g.state.pieces


def _acquire_a_letter(g):
    p = g.player(0)
    p.pool["skill"] = 1
    g.changed()
    g.apply("reserve letter")
    return next(t for t in p.tokens if t == "sealed-letter")


def test_a_bot_cannot_read_a_hidden_token_of_another_seat():
    """Issue 6 point 4: a token held face down is in its owner's view only; another seat's
    view (what a bot receives) shows that a token is held, never which."""
    g = mini(2)
    _acquire_a_letter(g)
    assert "sealed-letter" in g.view(0).me.tokens
    other = g.view(1)
    assert other.player(0).tokens == ["hidden"]
    assert "sealed-letter" not in json.dumps(other.to_dict())
    assert not hasattr(other, "state") and not hasattr(other, "game")
    spectator = g.view(None)
    assert spectator.player(0).tokens == ["hidden"]


def test_decisions_of_other_seats_come_in_the_stated_order_while_the_turn_waits():
    """Issue 6 point 5: a decision addressed to other seats, in order, during seat 0's turn:
    ``current_player`` and the legal actions are those seats' own; the turn stays seat 0's."""
    g = mini(3)
    g.player(0).hand.append("herald")
    g.player(0).deck.remove("herald") if "herald" in g.player(0).deck else g.state.reserve.update(
        herald=g.state.reserve["herald"] - 1)
    g.changed()
    g.apply("play herald")
    asked = []
    while g.state.decision and g.state.decision["kind"] == "cheer":
        seat = g.current_player
        asked.append(seat)
        assert g.state.current == 0
        assert g.view(seat).legal_actions() == g.legal_actions() and g.view(0).legal_actions() == []
        g.apply("cheer" if seat == 1 else "boo")
    assert asked == [1, 2]
    assert g.player(1).gold == 1 and g.player(2).gold == 0 and g.current_player == 0


def test_events_and_modifiers_are_declared_and_typed():
    """Every event the core declares has a payload type in ``clank.plugin``; every value the
    core lets packs modify is declared with a doc; a listener of an undeclared event fails."""
    reg = mini().registry
    core_events = {n for n, e in reg.events.items() if e.pack == "core"}
    assert core_events == set(clank.plugin.EVENT_PAYLOADS)
    assert {"turn_end", "round_end", "attack_done"} <= core_events
    core_mods = {n for n, m in reg.modifiables.items() if m.pack == "core"}
    assert core_mods == set(clank.plugin.MODIFIERS) and all(reg.modifiables[m].doc for m in core_mods)

    from clank.registry import Registry, RegistryError
    broken = Registry()
    broken.listen("tile_plcaed", lambda g, e: None)
    with pytest.raises(RegistryError, match="tile_plcaed"):
        broken.finish()


def test_round_end_and_turn_end_are_announced():
    g = mini(2)
    seen = []
    g.registry.listeners.setdefault("round_end", []).append(lambda game, e: seen.append(("round", e["round"])))
    g.registry.listeners.setdefault("turn_end", []).append(lambda game, e: seen.append(("turn", e["seat"])))
    try:
        bot = g.registry.bots["random"].factory(1)
        while g.state.round < 3 and not g.over:
            g.apply(bot.choose(g.view(g.current_player)))
    finally:
        g.registry.listeners["round_end"].pop()
        g.registry.listeners["turn_end"].pop()
    assert ("round", 1) in seen and ("turn", 0) in seen and ("turn", 1) in seen


def test_the_scenario_toolkit(tmp_path):
    """clank.testing puts a game in a known position through helpers that keep legal actions
    fresh: cubes, a scripted bag, damage, escape, knock-out, the dungeon deck, moves."""
    from clank import testing as t

    g = mini(2)
    t.put_cubes(g, 0, 2)
    t.put_cubes(g, "black", 3, where="bag")
    assert g.state.clank_area["0"] >= 2 and g.state.bag["black"] == 13
    t.script_bag(g, [0, "black"])
    before = g.player(0).cubes
    t.set_damage(g, 1, 2)
    assert len(g.player(1).damage) == 2
    g.dragon_attack(2)
    g.run()
    assert g.state.bank["black"] == 1 and len(g.player(0).damage) == 1 and g.player(0).cubes == before
    t.dungeon_top(g, ["rat"])
    assert g.state.dungeon_deck[-1] == "rat"
    t.mark_escaped(g, 1)
    assert g.player(1).status == "escaped" and g.player(1).room is None
    g2 = mini(2)
    t.set_pool(g2, 0, boots=2)
    action = t.move_between(g2, "home.door", "home.hall")
    assert str(action).startswith("move") and g2.player(0).room == "home.hall"
    t.knock_out(g2, 1, "home.hall")
    assert g2.player(1).status == "knocked_out" and g2.player(1).ko_room == "home.hall"
    with t.edit(g2) as st:
        st.players[0].pool["boots"] = 0
    assert not [a for a in g2.legal_actions() if a.kind == "move"]
    assert state_json(g2)
