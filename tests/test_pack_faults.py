"""A pack's faults, reported like content faults (issue 38, points 1, 2, 3 and 6).

Each kind of mistake an author makes in a pack's Python code (tests/faultpack builds the pack
``frosty`` with one of them): a misspelt hook name or argument and a callback taking the wrong
parameters are refused when the pack loads, one line at the pack's own line with the nearest
right name; an exception raised in a room feature, an op or a bot during play names the pack,
the item and the raising line, and leaves the game as it was before the action. The commands
say so in at most five lines (the engine's traceback only with ``--debug``) and exit with 3.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import clank.callbacks
import clank_catacombs
import pytest
from clank import PackFault, game_record, new_game
from clank.api import PackCodeError
from clank.faults import bot_fault
from clank.hookspecs import hookimpl
from clank.plugins import PackHooks, find_pack
from clank.registry import (
    CubeKindDef,
    MarketDef,
    Registry,
    RegistryError,
    RenderDef,
    RoomFeatureDef,
    TunnelIconDef,
)
from clank.signatures import CALLS, accepts, signature_problem
from clank.testing import pack_module, set_pool, state_json
from clank_cli.main import app
from typer.testing import CliRunner

HERE = Path(__file__).parent


fp = pack_module(HERE / "faultpack" / "__init__.py", "clank_test_faultpack")
PACKS = ["catacombs", "frosty"]
FAULT_FILE = str(HERE / "faultpack" / "__init__.py")


def game_with(kind: str | None, seed: int = 1, players: int = 2) -> Any:
    """A game of the base game and frosty (with the ``kind`` of fault), registered directly."""
    modules = {"catacombs": clank_catacombs, "frosty": fp.variant(kind)}
    return new_game(PACKS, players, seed, dict(fp.OPTIONS), modules=modules)


def load_fault(kind: str) -> PackCodeError:
    with pytest.raises(PackCodeError) as caught:
        game_with(kind)
    return caught.value


def def_line(fn: Any) -> int:
    """The line of a function's ``def`` (below its decorators)."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, text in enumerate(lines) if text.lstrip().startswith("def "))


def line_of(fn: Any, text: str) -> int:
    """The line of ``fn``'s source that holds ``text``."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def seed_where(kind: str | None, action: str) -> int:
    """A seed whose first decision offers ``action`` (the frost shard is in P1's first hand)."""
    for seed in range(40):
        if action in map(str, game_with(kind, seed).legal_actions()):
            return seed
    raise AssertionError(f"no seed offers {action!r}")


# ==========================================================================================
# caught when the pack loads
# ==========================================================================================
def test_a_misspelt_hook_name_is_one_line_at_its_def_with_the_nearest_hook():
    fault, = load_fault("hook-name").faults
    assert (fault.pack, fault.item, fault.rule) == ("frosty", "hook clank_register_room_feature", "pack-hook")
    assert fault.where == (FAULT_FILE, def_line(fp.clank_register_room_feature), 0)
    assert "no hook is named clank_register_room_feature (did you mean clank_register_room_features?)" in fault.line()
    assert "\n" not in fault.line()


def test_a_misspelt_hook_argument_names_the_argument_the_hook_passes():
    fault, = load_fault("hook-argument").faults
    assert (fault.pack, fault.item) == ("frosty", "hook clank_register_ops")
    assert fault.where.line == def_line(fp.clank_register_ops_misspelt_argument)
    assert "takes 'reg', which the hook does not pass (did you mean 'registry'?)" in fault.message
    assert fault.fix == "name the parameter 'registry'"


def test_a_callback_with_the_wrong_parameters_is_refused_at_its_registering_line():
    """The feature's apply lacks ``action``: refused when it registers, never half-way through
    a game (issue 38: validate said valid, simulate aborted at game 8)."""
    fault, = load_fault("arity").faults
    assert isinstance(fault, RegistryError) and fault.rule == "pack-signature"
    assert (fault.pack, fault.item) == ("frosty", "room feature 'frost_vent'")
    assert fault.where.line == line_of(fp.register_vent_of_wrong_arity, "registry.add_room_feature(")
    assert fault.message == ("apply (vent_apply_without_action) takes (game, seat, room, arg), but the engine "
                             "calls apply(game, seat, room, arg, action)")
    assert fault.fix == "write it as def vent_apply_without_action(game, seat, room, arg, action): ..."


def test_a_listener_of_a_misspelt_event_names_the_pack_and_the_nearest_event():
    fault, = load_fault("listener").faults
    assert (fault.pack, fault.item) == ("frosty", "listener of event 'turn_strat'")
    assert fault.where.line == line_of(fp.register_listener_of_misspelt_event, "registry.listen(")
    assert "no event is named 'turn_strat' (did you mean 'turn_start'?)" in fault.message


def test_a_content_key_registered_twice_names_both_packs():
    fault, = load_fault("content-key").faults
    assert fault.item == "content key 'tiles.haunted'"
    assert "registered twice (by 'catacombs' and 'frosty')" in fault.message and "'?'" not in fault.line()
    assert fault.where.line == line_of(fp.register_catacombs_content_key, "registry.add_content_key(")


def test_every_refusal_names_the_pack_the_name_and_the_nearest_valid_one():
    reg = Registry()
    reg.current_pack = "probe"
    refused = []
    for register in (lambda: reg.add_content_key("card", "glow", {"type": "boolean"}),
                     lambda: reg.add_cube_kind(CubeKindDef("frost", returns_to="banks")),
                     lambda: reg.add_condition("cold", lambda game, seat, arg: True, looks_back="always"),
                     lambda: reg.add_op("chill", lambda ctx: None)):
        with pytest.raises(RegistryError) as caught:
            register()
        refused.append(caught.value)
    assert all(r.pack == "probe" and r.where is not None and r.where.file == __file__ for r in refused)
    assert "unknown content kind 'card' (did you mean 'cards'?)" in refused[0].message
    assert "(did you mean 'bank'?)" in refused[1].message
    assert refused[2].item == "condition 'cold'" and refused[3].item == "op 'chill'"
    late = Registry()
    late.current_pack = "probe"
    late.add_modifiable("artifact_limit", "", ("seat",))
    late.add_market(MarketDef("stall", lambda game, seat: [], lambda game, seat, offer, pay: None))
    late.add_modifier("artifact_limt", lambda game, value, seat: value)
    late.add_payment_option(lambda game, seat, cost, item: [], markets=["stal"])
    late.refusals = []
    late.finish()
    assert [r.message for r in late.refusals] == [
        "no modifiable value is named 'artifact_limt' (did you mean 'artifact_limit'?)",
        "no market is named 'stal' (did you mean 'stall'?)"]
    assert all(r.pack == "probe" and r.where.file == __file__ for r in late.refusals)


def test_a_modifier_is_checked_against_its_values_context():
    reg = Registry()
    reg.add_modifiable("market_price", "", ("item", "seat"))
    reg.add_modifier("market_price", lambda game, value, seat: value)    # `item` comes too
    with pytest.raises(RegistryError, match=r"the engine calls modifier\(game, value, item=..., seat=...\)"):
        reg.finish()
    fine = Registry()
    fine.add_modifiable("market_price", "", ("item", "seat"))
    fine.add_modifier("market_price", lambda game, value, **context: value)
    fine.finish()


def test_signatures_are_checked_as_python_binds_a_call():
    """Defaults, ``*args``, ``**kwargs`` and keyword-only parameters with defaults are accepted;
    a missing positional or a required keyword-only parameter is not."""
    call = ("game", "seat", "room", "arg")
    assert accepts(lambda game, seat, room, arg, extra=0: None, call)
    assert accepts(lambda *args: None, call) and accepts(lambda game, *rest, **kw: None, call)
    assert accepts(lambda game, seat, room, arg, *, verbose=False: None, call)
    assert not accepts(lambda game, seat, room: None, call)
    assert not accepts(lambda game, seat, room, arg, *, strict: None, call)
    assert not accepts(lambda game, seat, room, arg, action, more: None, call)
    assert accepts(len, ("x",)) is None or accepts(len, ("x",))          # a builtin: not judged
    assert signature_problem("room feature", "may_enter", lambda game, seat, room, arg: None) is None  # older form


CALLABLE_FIELDS = {RoomFeatureDef: "room feature", MarketDef: "market", CubeKindDef: "cube kind", RenderDef: "renderer",
                   TunnelIconDef: "tunnel icon"}
ADD_METHODS = {"add_op": "op", "add_condition": "condition", "add_quantity": "quantity",
               "add_teleport_kind": "teleport kind", "add_bot": "bot", "add_action_kind": "action kind",
               "add_decision_kind": "decision kind", "add_payment_option": "payment option", "add_step": "step",
               "add_content_key": "content key"}
LISTS = {"listen": "listener", "add_scorer": "scorer", "add_tiebreaker": "tiebreaker", "add_modifier": "modifier"}


def _takes_a_function(annotation: object) -> bool:
    """Whether an annotation (a string: the modules use postponed annotations) is a function a
    pack registers: a ``Callable`` or one of the protocols of :mod:`clank.callbacks`."""
    words = set(re.findall(r"[A-Za-z_]+", str(annotation)))
    return "Callable" in words or bool(words & CALLBACK_TYPES)


CALLBACK_TYPES = {name for name, value in vars(clank.callbacks).items()
                  if isinstance(value, type) and getattr(value, "_is_protocol", False)} | {"Modifier"}


def test_the_table_of_calls_knows_every_callback_the_registry_takes():
    """A callback parameter or field added to the registry without the engine's call in
    :data:`clank.signatures.CALLS` would go unchecked: this fails first."""
    for cls, kind in CALLABLE_FIELDS.items():
        for field_ in dataclasses.fields(cls):
            if _takes_a_function(field_.type) and field_.name != "pack":
                assert (kind, field_.name) in CALLS, f"{cls.__name__}.{field_.name}: add ({kind!r}, {field_.name!r}) to CALLS"
    for method, kind in ADD_METHODS.items():
        for name, param in inspect.signature(getattr(Registry, method)).parameters.items():
            if _takes_a_function(param.annotation):
                assert (kind, name) in CALLS, f"Registry.{method}({name}): add ({kind!r}, {name!r}) to CALLS"
    for method, kind in LISTS.items():
        assert (kind, "") in CALLS, f"Registry.{method}: add ({kind!r}, '') to CALLS"
    declared = {n for n in dir(Registry) if n.startswith(("add_", "listen"))}
    takes_callables = {n for n in declared if any(_takes_a_function(p.annotation) or str(p.annotation).endswith("Def")
                                                  for p in inspect.signature(getattr(Registry, n)).parameters.values())}
    defs = {"add_room_feature", "add_market", "add_cube_kind", "add_render", "add_tunnel_icon"}   # CALLABLE_FIELDS'
    known = set(ADD_METHODS) | set(LISTS) | defs
    assert takes_callables <= known, f"not checked yet: {sorted(takes_callables - known)}"
    assert CALLBACK_TYPES, "clank.callbacks declares the protocols"


def _protocol_arity(annotation: object) -> int | None:
    """How many positional arguments the protocol named by an annotation is called with (None:
    no single protocol of :mod:`clank.callbacks` is named)."""
    names = set(re.findall(r"[A-Za-z_]+", str(annotation))) & (CALLBACK_TYPES - {"Modifier"})
    if len(names) != 1:
        return None
    call = getattr(clank.callbacks, names.pop()).__call__
    params = list(inspect.signature(call).parameters.values())[1:]     # without self
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


def test_the_table_of_calls_agrees_with_the_callback_protocols():
    """The check at registration (:data:`clank.signatures.CALLS`) and the types a pack's editor
    checks (:mod:`clank.callbacks`) describe the same calls: as many arguments each."""
    compared = 0
    for cls, kind in CALLABLE_FIELDS.items():
        for field_ in dataclasses.fields(cls):
            arity = _protocol_arity(field_.type)
            if arity is not None and (kind, field_.name) in CALLS:
                assert arity == len(CALLS[kind, field_.name]), f"{cls.__name__}.{field_.name}"
                compared += 1
    for method, kind in {**ADD_METHODS, **LISTS}.items():
        for name, param in inspect.signature(getattr(Registry, method)).parameters.items():
            key = (kind, "" if method in LISTS else name)
            arity = _protocol_arity(param.annotation)
            if arity is not None and key in CALLS:
                assert arity == len(CALLS[key]), f"Registry.{method}({name})"
                compared += 1
    assert compared >= 30, compared


def test_the_shipped_packs_pass_every_check():
    specs = ["catacombs", "underworld", "party"]
    registry = PackHooks([find_pack(p) for p in specs]).build_registry()
    assert {o.pack for o in registry.origins} == {"core", *specs}


# ==========================================================================================
# during play: the game as it was, the pack named
# ==========================================================================================
def test_an_exception_in_a_room_feature_leaves_the_game_as_it_was_and_names_the_feature():
    game = game_with("feature")
    before, legal = state_json(game), game.legal_actions()
    with pytest.raises(PackFault) as caught:
        game.apply("room frost_vent warm")
    fault = caught.value
    assert (fault.pack, fault.item, fault.rule) == ("frosty", "room feature 'frost_vent' (apply)", "pack-fault")
    assert fault.message == "KeyError: 'frost'" and isinstance(fault.error, KeyError)
    assert fault.where.file == FAULT_FILE and fault.where.line == line_of(fp.vent_apply_frozen, 'arg["frost"]')
    assert fault.restored is True and state_json(game) == before and game.legal_actions() == legal
    assert fault.__cause__ is fault.error and "Traceback" in fault.trace
    game.apply("play burgle")                                # the game goes on
    assert game.state.history == ["play burgle"]


def test_an_exception_in_an_op_names_the_op_and_the_packs_line():
    seed = seed_where("op", "play frost-shard")
    game = game_with("op", seed)
    before = state_json(game)
    with pytest.raises(PackFault) as caught:
        game.apply("play frost-shard")
    fault = caught.value
    assert (fault.pack, fault.item) == ("frosty", "op 'frostbite' (run)")
    assert fault.message == "ValueError: unknown resource 'frost'"
    assert fault.where.line == line_of(fp.frostbite_broken, 'ctx.game.gain(ctx.seat, "frost"')   # the pack's call
    assert fault.restored and state_json(game) == before


def test_an_exception_in_a_bot_names_the_bot():
    game = game_with("bot")
    bot = game.registry.make_bot("wild", 0)
    before = state_json(game)
    with pytest.raises(IndexError) as caught:
        bot.choose(game.view(game.current_player))
    fault = bot_fault(caught.value, game.registry, "wild")
    assert fault is not None and (fault.pack, fault.item) == ("frosty", "bot 'wild' (choose)")
    assert fault.where.line == line_of(fp.WildBotOffByOne.choose, "return acts[len(acts)]")
    assert state_json(game) == before


def test_the_engines_own_error_puts_the_game_back_and_is_raised_as_it_is(monkeypatch: pytest.MonkeyPatch):
    from clank.game import turn

    def boom(game: Any, seat: int, card: str) -> None:
        game.clank(seat, 1)
        raise RuntimeError("the engine slipped")

    monkeypatch.setattr(turn, "play_card", boom)   # what carries out a play, for every card
    game = game_with(None)
    before = state_json(game)
    card = game.state.players[game.current_player].hand[0]
    with pytest.raises(RuntimeError, match="the engine slipped") as caught:
        game.apply(f"play {card}")
    assert not isinstance(caught.value, PackFault)
    assert "the game was put back as it was before the action" in caught.value.__notes__
    assert state_json(game) == before


def test_a_position_arranged_by_editing_the_state_is_not_put_back_and_says_so():
    """Putting back replays the game's record; a state edited by hand is not what its record
    gives, so the fault says the game was not put back instead of pretending."""
    game = game_with("feature")
    set_pool(game, 0, gold=9)
    with pytest.raises(PackFault) as caught:
        game.apply("room frost_vent warm")
    assert caught.value.restored is False


# ==========================================================================================
# pluggy calls the hooks
# ==========================================================================================
def _pack(name: str, **hooks: Any) -> ModuleType:
    module = ModuleType(f"clank_test_{name}")
    module.clank_pack_data_dir = lambda: HERE / "extpack"
    for hook, fn in hooks.items():
        setattr(module, hook, fn)
    return module


def test_hooks_are_called_through_pluggy_in_the_documented_order():
    """The core first, then the packs in the order given (dependency order), ``tryfirst`` and
    ``trylast`` to the front and the back; a pack's hook wrapper wraps every pack's call; each
    entry is attributed to the pack that registered it."""
    calls: list[str] = []

    def ops(name: str, **opts: Any) -> Any:
        @hookimpl(**opts)
        def clank_register_ops(registry):
            calls.append(f"{name}:{registry.current_pack}")
            registry.add_op(f"op_{name}", lambda ctx, arg: None)
        return clank_register_ops

    @hookimpl(wrapper=True)
    def clank_register_ops_wrapped(registry):
        calls.append("wrapper before")
        result = yield
        calls.append(f"wrapper after {sorted(n for n in registry.ops if n.startswith('op_'))}")
        return result

    clank_register_ops_wrapped.__name__ = "clank_register_ops"
    a = _pack("a", clank_register_ops=ops("a", trylast=True))
    b = _pack("b", clank_register_ops=ops("b"))
    c = _pack("c", clank_register_ops=ops("c", tryfirst=True))
    d = _pack("d", clank_register_ops=ops("d", trylast=True))
    w = ModuleType("clank_test_w")
    w.clank_register_ops = clank_register_ops_wrapped
    w.clank_pack_data_dir = lambda: HERE / "extpack"
    sources = [find_pack(n, {"a": a, "b": b, "c": c, "d": d, "w": w}) for n in ("d", "a", "b", "c", "w")]
    hooks = PackHooks(sources)
    traced: list[str] = []
    hooks.pm.add_hookcall_monitoring(lambda name, impls, kwargs: traced.append(name), lambda *args: None)
    registry = hooks.build_registry()
    assert calls == ["wrapper before", "c:c", "b:b", "d:d", "a:a", "wrapper after ['op_a', 'op_b', 'op_c', 'op_d']"]
    assert {registry.ops[f"op_{n}"].pack for n in "abcd"} == {"a", "b", "c", "d"}
    assert all(registry.ops[f"op_{n}"].pack == n for n in "abcd")
    assert traced[:3] == ["clank_register_resources", "clank_register_content", "clank_register_ops"]


def test_an_undecorated_function_named_like_a_hook_is_its_implementation():
    def clank_register_ops(registry):
        registry.add_op("plain", lambda ctx, arg: None)

    registry = PackHooks([find_pack("plain", {"plain": _pack("plain", clank_register_ops=clank_register_ops)})]
                         ).build_registry()
    assert registry.ops["plain"].pack == "plain"


def test_an_exception_in_a_registration_hook_names_the_pack_the_hook_and_the_line():
    def clank_register_ops(registry):
        registry.add_op("glow", GLOW)  # noqa: F821 - the NameError of the test

    with pytest.raises(PackCodeError) as caught:
        PackHooks([find_pack("glow", {"glow": _pack("glow", clank_register_ops=clank_register_ops)})]).build_registry()
    fault, = caught.value.faults
    assert (fault.pack, fault.item) == ("glow", "hook clank_register_ops")
    assert fault.message == "NameError: name 'GLOW' is not defined"
    assert fault.where.line == line_of(clank_register_ops, "GLOW")


# ==========================================================================================
# the commands
# ==========================================================================================
def report(result: Any) -> list[str]:
    """What the user reads about the fault: the output from the first fault line on."""
    lines = [line for line in result.output.splitlines() if line.strip()]
    start = next((i for i, line in enumerate(lines) if "error[" in line or line.startswith("error:")), len(lines))
    return lines[start:]


def assert_short(result: Any, code: int, *words: str) -> list[str]:
    """At most five lines, no traceback, the words, the exit code."""
    seen = report(result)
    assert result.exit_code == code, result.output
    assert 1 <= len(seen) <= 5, seen
    assert "Traceback" not in result.output, result.output
    text = "\n".join(seen)
    for word in words:
        assert word in text, (word, text)
    return seen


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLANK_DEBUG", raising=False)
    return CliRunner()


def _record(tmp_path: Path) -> Path:
    """A record of a short game of the base game and frosty, made with its healthy code."""
    game = game_with(None)
    game.apply("play burgle")
    path = tmp_path / "record.json"
    record = game_record(game)
    record["packs"] = PACKS
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


COMMANDS = {
    "validate": (["validate", "frosty"], 1),
    "simulate": (["simulate", "-n", "2", "--packs", "catacombs,frosty", "--players", "2"], 3),
    "play": (["play", "--packs", "catacombs,frosty", "--humans", "0", "--players", "2", "--plain"], 3),
    "balance": (["balance", "--packs", "catacombs,frosty", "-n", "2", "--jobs", "1"], 3),
    "pack test": (["pack", "test", "frosty"], 3),
    "packs show": (["packs", "show", "frosty"], 3),
    "docs hooks": (["docs", "hooks"], 3),
    "schema export": (["schema", "export", "schemas-out"], 3),
    "serve": (["serve", "--port", "1"], 3),
    "replay": (["replay", "RECORD"], 3),
    "render": (["render", "RECORD", "--text"], 3),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", ["hook-name", "arity"])
def test_every_command_reports_a_packs_load_fault_in_a_few_lines(runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path, command: str, kind: str) -> None:
    args, code = COMMANDS[command]
    if command in ("replay", "render"):
        record = _record(tmp_path)
        args = [str(record) if a == "RECORD" else a for a in args]
    if command == "serve":
        pytest.importorskip("uvicorn")
    fp.install(monkeypatch, kind)
    words = {"hook-name": ("frosty", "clank_register_room_feature", "did you mean clank_register_room_features?"),
             "arity": ("frosty", "room feature 'frost_vent'", "apply(game, seat, room, arg, action)")}[kind]
    lines = assert_short(runner.invoke(app, args), code, *words)
    assert re.match(r"^(\S*/)?faultpack/__init__\.py:\d+", lines[0]), lines[0]


def test_play_says_where_the_game_is_saved_and_how_to_resume_it(runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    fp.install(monkeypatch, "feature")
    save = tmp_path / "game.json"
    args = ["play", "--packs", "catacombs,frosty", "--humans", "0", "--players", "2", "--bot", "wild", "--seed", "1",
            "--option", "start_side=F", "--save", str(save), "--plain"]
    lines = assert_short(runner.invoke(app, args), 3, "room feature 'frost_vent' (apply)", "KeyError: 'frost'",
                         f"clank play --resume {save}")
    assert len(lines) == 2
    saved = json.loads(save.read_text())
    actions = saved["record"]["actions"] if "record" in saved else saved["actions"]
    assert "room frost_vent warm" not in actions
    fp.install(monkeypatch, None)                             # the pack fixed
    resumed = runner.invoke(app, ["play", "--resume", str(save), "--plain"])
    assert resumed.exit_code == 0, resumed.output
    assert "game record saved to" in resumed.stderr


def test_play_names_a_bots_fault(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    fp.install(monkeypatch, "bot")
    args = ["play", "--packs", "catacombs,frosty", "--humans", "0", "--players", "2", "--bot", "wild", "--plain",
            "--option", "start_side=F"]
    assert_short(runner.invoke(app, args), 3, "pack 'frosty', bot 'wild' (choose): IndexError: list index out of range",
                 "faultpack/__init__.py")


def test_debug_shows_the_engines_traceback(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    fp.install(monkeypatch, "feature")
    monkeypatch.setenv("CLANK_DEBUG", "")
    args = ["play", "--packs", "catacombs,frosty", "--humans", "0", "--players", "2", "--bot", "wild", "--plain",
            "--option", "start_side=F", "--seed", "1"]
    quiet = runner.invoke(app, args)
    assert quiet.exit_code == 3 and "Traceback" not in quiet.stderr
    loud = runner.invoke(app, ["--debug", *args])
    assert loud.exit_code == 3 and "Traceback (most recent call last)" in loud.stderr
    assert 'arg["frost"]' in loud.stderr                      # the pack's own frame, in the traceback


def test_validate_reports_a_wrong_arity_as_a_problem_at_the_registering_line(runner: CliRunner,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    fp.install(monkeypatch, "arity")
    result = runner.invoke(app, ["validate", "frosty", "--format", "json"])
    assert result.exit_code == 1, result.output
    problem, = json.loads(result.stdout)["problems"]
    assert problem["rule"] == "pack-signature" and problem["pack"] == "frosty"
    assert problem["file"].endswith("faultpack/__init__.py")
    assert problem["line"] == line_of(fp.register_vent_of_wrong_arity, "registry.add_room_feature(")
    assert "apply(game, seat, room, arg, action)" in problem["message"]


def test_the_full_screen_table_stops_for_a_packs_fault_and_keeps_the_save(tmp_path: Path) -> None:
    """The table (what `clank play` runs on a terminal) ends with the fault, the save file
    holding the game up to the action that failed; `clank play` then says how to resume."""
    import asyncio

    from clank_cli.play import FAULT
    from clank_cli.seats import assign_seats
    from clank_cli.tui.app import TableApp

    async def main() -> TableApp:
        game = game_with("feature")
        app = TableApp(game, assign_seats(2, 0, ["wild"]), tmp_path / "game.json", delay=0, watch="fast")
        app.save()                                    # as `clank play` saves before the table starts
        async with app.run_test(size=(100, 35)) as pilot:
            for _ in range(2000):
                if app.fault is not None:
                    break
                await pilot.pause()
        return app

    app = asyncio.run(main())
    assert app.fault is not None and app.return_value == FAULT
    assert app.fault.item == "room feature 'frost_vent' (apply)" and app.fault.restored
    saved = json.loads((tmp_path / "game.json").read_text())
    record = saved.get("record", saved)
    assert "room frost_vent warm" not in record["actions"]
    assert record["actions"] == app.game.state.history[:len(record["actions"])]


@pytest.mark.parametrize("command", ["validate", "simulate"])
@pytest.mark.parametrize(("kind", "words"), [
    ("hook-argument", ("hook clank_register_ops", "takes 'reg', which the hook does not pass (did you mean 'registry'?)")),
    ("listener", ("listener of event 'turn_strat'", "(did you mean 'turn_start'?)")),
    ("content-key", ("content key 'tiles.haunted'", "registered twice (by 'catacombs' and 'frosty')")),
])
def test_the_other_load_faults_are_reported_alike(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, command: str,
                                                  kind: str, words: tuple[str, ...]) -> None:
    args, code = COMMANDS[command]
    fp.install(monkeypatch, kind)
    assert_short(runner.invoke(app, args), code, "frosty", *words)
