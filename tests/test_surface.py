"""The typed surface packs program against (issue 38, point 4).

- the three packs use nothing of a game, a view or an effect context that is not documented:
  no ``game.state``, no ``game.ruleset`` (:func:`clank.testing.surface_problems`), and the
  check catches a planted use in a copy of a pack, at its line, with the way out;
- every member of that surface has a docstring, and every public attribute of a game is
  either documented or named as the engine's own (so nothing new slips in undocumented);
- the accessors are the game's own objects (no copy, so reading costs what reading the state
  did) and read what the state holds;
- every hookspec parameter is typed, every ``Registry.add_*`` callback is typed with a
  protocol that ``clank.plugin`` exports, and each package ships ``py.typed``.
"""

from __future__ import annotations

import inspect
import re
import shutil
import tomllib
from pathlib import Path

import clank.plugin
import pytest
from clank import new_game
from clank.hookspecs import ClankSpecs
from clank.registry import Registry
from clank.surface import BELOW_CONTRACT, allowed, members, source_problems
from clank.testing import surface_problems

ROOT = Path(__file__).resolve().parents[1]
PACK_CODE = sorted(p for p in ROOT.glob("packs/*/clank_*") if (p / "__init__.py").is_file())


@pytest.fixture(scope="module")
def game():
    return new_game(["catacombs"], players=3, seed=4)


# ==========================================================================================
# The packs keep to the surface
# ==========================================================================================
def test_the_shipped_packs_use_only_the_documented_surface():
    assert [p.name for p in PACK_CODE] == ["clank_catacombs", "clank_party", "clank_underworld"]
    assert surface_problems(*PACK_CODE) == []


def test_a_planted_use_of_the_state_is_caught_at_its_line(tmp_path: Path):
    """A copy of the base pack with ``game.state`` in a feature callback, ``view.ruleset`` in a
    renderer and ``g.state`` in a lambda: each is reported where it is, with what to use."""
    copy = tmp_path / "clank_catacombs"
    shutil.copytree(ROOT / "packs" / "catacombs" / "clank_catacombs", copy)
    features, render, ops = copy / "features.py", copy / "render.py", copy / "ops.py"
    with features.open("a", encoding="utf-8") as f:
        f.write("\n\ndef planted(game, seat, room, arg):\n    return game.state.row\n")
    with render.open("a", encoding="utf-8") as f:
        f.write("\n\ndef planted(view, seat):\n    return view.ruleset.cards\n")
    with ops.open("a", encoding="utf-8") as f:
        f.write("\n\nPLANTED = lambda g, s: len(g.state.players)\n")
    lines = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in (features, render, ops)}
    found = surface_problems(copy)
    assert found == [
        f"{features}:{lines[features]}:12: error[surface]: `game.state` is the engine's own, not part of the "
        "documented surface of Game or SeatView: read the game through its documented members (`row`, "
        "`players`, `turn`, `pools`, `options` ...) (docs/hooks.md, \"Reference\")",
        f"{ops}:{lines[ops]}:28: error[surface]: `g.state` is the engine's own, not part of the documented "
        "surface of Game or SeatView: read the game through its documented members (`row`, `players`, "
        "`turn`, `pools`, `options` ...) (docs/hooks.md, \"Reference\")",
        f"{render}:{lines[render]}:12: error[surface]: `view.ruleset` is the engine's own, not part of the "
        "documented surface of SeatView: read the content through `card_defs`, `token_defs`, `tile_defs`, "
        "`compiled_op` and `memo` (docs/hooks.md, \"Reference\")",
    ]


def test_the_check_follows_annotations_assignments_and_the_context():
    source = '''
from clank.plugin import Game, SeatView

def op(ctx, arg):
    game, card = ctx.game, ctx.src
    game.state.row
    ctx.game.ruleset.cards

def feature(table: Game, seat, room, arg):
    table.state.turn
    table.row

def label(v: "SeatView", action):
    v.ruleset

def not_a_game(state, rows):
    state.state.x
    rows.ruleset
'''
    found = [line.split(": error[surface]: ")[1].split(" is ")[0] for line in source_problems(source)]
    assert found == ["`game.state`", "`ctx.game.ruleset`", "`table.state`", "`v.ruleset`"]


def test_a_misspelt_member_gets_the_nearest_one():
    found = source_problems("def op(ctx, n):\n    ctx.game.clank_are.get('0')\n    ctx.sat\n", "ops.py")
    assert found == [
        "ops.py:2:5: error[surface]: `ctx.game.clank_are` is not part of the documented surface of Game: "
        "did you mean `ctx.game.clank_area`?",
        "ops.py:3:5: error[surface]: `ctx.sat` is not part of the documented surface of EffectContext: "
        "did you mean `ctx.seat`?",
    ]


# ==========================================================================================
# The surface is documented, and nothing public is left undocumented
# ==========================================================================================
@pytest.mark.parametrize("kind", ["Game", "SeatView", "EffectContext"])
def test_every_member_of_the_surface_has_a_docstring(kind: str):
    found = members(kind)
    assert found
    assert [m.name for m in found if not m.doc.strip()] == []
    assert not set(BELOW_CONTRACT) & allowed(kind)


def test_every_public_attribute_of_a_game_is_documented_or_named_as_the_engines_own(game):
    """A new attribute a rule module hangs on the table must either be documented (then it is
    part of the contract) or be listed in ``BELOW_CONTRACT`` (then packs are told not to use it).
    What the whole game adds on top of the table (legal actions, apply, clone, views) is the
    public API of programs (docs/api.md), not part of what a callback receives."""
    from clank.game.engine import Game as WholeGame
    from clank.game.table import Table

    api = {n for n in vars(WholeGame) if not n.startswith("_")} - set(dir(Table))
    assert {"legal_actions", "apply", "clone", "view", "to_json"} <= api
    api_doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert [n for n in sorted(api) if n not in api_doc] == []
    public = {n for n in dir(game) if not n.startswith("_")}
    assert public - allowed("Game") - set(BELOW_CONTRACT) - api == set()
    assert not api & allowed("Game")
    view = game.view(0)
    assert {n for n in dir(view) if not n.startswith("_")} - allowed("SeatView") == {"ruleset"}


def test_game_state_and_ruleset_say_they_are_not_the_contract():
    from clank.game.table import Table
    from clank.game.view import SeatView
    from clank.surface import _attribute_docs

    docs = {name: " ".join(doc.split()).lower() for name, (_, doc) in _attribute_docs(Table).items()}
    assert "not part of the pack contract" in docs["state"]
    assert "not part of the pack contract" in docs["ruleset"]
    assert "not part of the pack contract" in " ".join(inspect.getdoc(SeatView.ruleset).split())


# ==========================================================================================
# What the accessors give
# ==========================================================================================
BOARD = {"row": "row", "dungeon_deck": "dungeon_deck", "dungeon_discard": "dungeon_discard", "reserve": "reserve",
         "market": "market", "artifact_stack": "artifact_stack", "pools": "pools", "token_box": "token_box",
         "clank_area": "clank_area", "bag": "bag", "bank": "bank", "stacks": "stacks", "tiles": "tiles",
         "rooms": "rooms", "links": "links", "covered": "covered", "players": "players", "turn": "turn",
         "ext": "ext", "pending_decision": "decision"}


def test_the_accessors_are_the_games_own_objects(game):
    """No copy: a rule that changes a pile changes the game's, and reading costs what reading the
    state costs."""
    for name, field in BOARD.items():
        assert getattr(game, name) is getattr(game.state, field), name
    assert game.card_defs is game.ruleset.cards and game.token_defs is game.ruleset.tokens
    assert game.tile_defs is game.ruleset.tiles
    view = game.view(1)
    assert view.card_defs is game.card_defs and view.token_defs is game.token_defs
    assert view.tile_defs is game.tile_defs


def test_the_accessors_read_the_board(game):
    st = game.state
    assert (game.current, game.first_player, game.round, game.rage_space) == (st.current, st.first, st.round, st.rage)
    assert game.seat_count == 3 and game.options == st.config["options"]
    assert [game.clank_in_area(s) for s in range(3)] == [st.clank_area.get(str(s), 0) for s in range(3)]
    assert game.view(2).clank_in_area(1) == game.clank_in_area(1)
    first = st.tiles[0]
    assert game.placed_tile(first.tile) is first and game.placed_tile("no-such-tile") is None
    burgle = game.card_defs["burgle"]
    assert game.play_action("burgle") == clank.plugin.act("play", "burgle")
    assert game.play_action("burgle") is game.view(0).play_action("burgle")    # made once, shared
    op = game.compiled_op(burgle.effects["play"][0])
    assert op.name == "gain" and op.source == {"gain": {"skill": 1}}
    assert game.view(0).compiled_op(burgle.effects["play"][0]) is op


def test_memo_makes_a_value_once_per_ruleset(game):
    made = []
    key = ("test-surface", "answer")
    assert game.memo(key, lambda: made.append(1) or 42) == 42
    assert game.clone().memo(key, lambda: made.append(2) or 0) == 42     # a clone shares the ruleset
    assert game.view(1).memo(key, lambda: made.append(3) or 0) == 42
    assert made == [1]


def test_a_compiled_condition_comes_back_by_its_number(game):
    cond = game.ruleset.compiler.condition({"not": {"has_artifact": True}})
    assert game.compiled_condition(cond.index) is cond
    assert game.compiled_condition(cond.index)(game, 0) is True


def test_slot_room_reads_the_slot_regions_tiles():
    """U-M2: the room showing a feature on the tile in a slot (the Underworld's slot region)."""
    game = new_game(["catacombs", "underworld"], players=2, seed=1)
    region = next(name for name in ("underworld",) if game.slot_layout(name) is not None)
    start = game.slot_layout(region).start
    placed = next(t for t in game.tiles if t.region == region)
    rooms = game.tile_defs[placed.tile].rooms
    feature, room = next((f, r) for r, data in rooms.items() for f, _ in data["features"])
    assert game.slot_room(region, start, feature) == f"{placed.tile}.{room}"
    assert game.view(0).slot_room(region, start, feature) == f"{placed.tile}.{room}"
    assert game.slot_room(region, start, "no-such-feature") is None


# ==========================================================================================
# Types
# ==========================================================================================
def test_every_hookspec_parameter_is_typed():
    for name, fn in vars(ClankSpecs).items():
        if not name.startswith("clank_"):
            continue
        sig = inspect.signature(fn)
        for p in sig.parameters.values():
            if p.name != "self":
                assert p.annotation is not inspect.Parameter.empty, f"{name}({p.name}) is not typed"
                assert "Any" != p.annotation, f"{name}({p.name}) is typed Any"
        assert sig.return_annotation is not inspect.Signature.empty, name
        if "registry" in sig.parameters:
            assert sig.parameters["registry"].annotation == "Registry", name


def test_every_callback_a_registry_method_takes_has_a_protocol_of_the_contract():
    """Each ``add_*`` parameter that is a function is typed with a protocol ``clank.plugin``
    exports (``Modifier`` is the one plain callable type: its context keywords vary)."""
    callbacks = {n for n in clank.plugin.__all__ if getattr(getattr(clank.plugin, n), "_is_protocol", False)}
    assert {"OpRun", "ConditionTest", "FeatureTrigger", "MarketOffers", "Listener", "BotFactory"} <= callbacks
    typed = 0
    for name, fn in vars(Registry).items():
        if not (name.startswith("add_") or name == "listen"):
            continue
        for p in inspect.signature(fn).parameters.values():
            words = set(re.findall(r"\w+", str(p.annotation)))
            assert "Callable" not in words, f"Registry.{name}({p.name}) is a bare Callable"
            protocols = words & (callbacks | {"Modifier"})
            if protocols:
                typed += 1
                assert all(hasattr(clank.plugin, w) for w in protocols)
    assert typed >= 20


def test_the_callback_fields_of_the_definitions_are_typed():
    from clank.registry import MarketDef, RenderDef, RoomFeatureDef

    assert RoomFeatureDef.__annotations__["on_enter"] == "FeatureTrigger | None"
    assert RoomFeatureDef.__annotations__["may_enter"] == "FeatureMayEnter | None"
    assert MarketDef.__annotations__["offers"] == "MarketOffers"
    assert RenderDef.__annotations__["map_feature"] == "MapFeature | None"


def test_the_definitions_packs_read_are_exported():
    from clank.dungeon import TileDef
    from clank.game.effects import CompiledOp
    from clank.game.ruleset import CardDef, TokenDef
    from clank.game.state import TurnState

    for cls in (CardDef, TokenDef, TileDef, TurnState, CompiledOp):
        assert getattr(clank.plugin, cls.__name__) is cls
        assert cls.__name__ in clank.plugin.__all__


def test_every_package_ships_py_typed():
    """PEP 561: editors and type checkers read the annotations of an installed engine and pack."""
    assert (ROOT / "core" / "clank" / "py.typed").is_file()
    engine = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in engine["tool"]["setuptools"]["package-data"]["clank"]
    for code in PACK_CODE:
        assert (code / "py.typed").is_file(), code
        meta = tomllib.loads((code.parent / "pyproject.toml").read_text(encoding="utf-8"))
        assert "py.typed" in meta["tool"]["setuptools"]["package-data"][code.name], code.parent
