"""Frosty: a test pack with code, healthy or with one fault of each kind an author makes.

:func:`variant` builds the pack's module as an installed pack would be, with its healthy hooks
and, for a ``kind`` of fault, the faulty code below in place of the healthy one: a misspelt
hook name or argument, a callback with the wrong parameters, an exception in a room feature,
in an op, in a bot, a listener of a misspelt event, a content key another pack registered.
Its content (``data/``) is a frost shard in every starting deck (the ``frostbite`` op) and a
start tile whose crypt, where every pawn starts, has a frost vent (option ``start_side=F``).
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

from clank.plugin import RoomFeatureDef, act, hookimpl

DATA = Path(__file__).parent / "data"
PACK = "frosty"
OPTIONS = {"start_side": "F"}
KINDS = ("hook-name", "hook-argument", "arity", "feature", "op", "bot", "listener", "content-key", "seed")


# -- the healthy pack ------------------------------------------------------------------------
@hookimpl
def clank_pack_data_dir():
    return DATA


def frostbite(ctx, n):
    ctx.game.gain(ctx.seat, "skill", int(n))


@hookimpl
def clank_register_ops(registry):
    registry.add_op("frostbite", frostbite, {"type": "integer"}, "Gain N skill.", {"frostbite": 1})


def vent_actions(game, seat, room, arg):
    return [act("room", "frost_vent", "warm")] if room not in game.state.turn.rewards else []


def vent_apply(game, seat, room, arg, action):
    if game.claim_room_reward(seat, room):
        game.gain(seat, "gold", arg.get("chill", 1))


VENT_SCHEMA = {"type": "object", "properties": {"chill": {"type": "integer"}}, "additionalProperties": False}


@hookimpl
def clank_register_room_features(registry):
    registry.add_room_feature(RoomFeatureDef("frost_vent", "Warm yourself: 1 gold, once a turn.",
                                             arg_schema=VENT_SCHEMA, actions=vent_actions, apply=vent_apply))


class WildBot:
    """The first legal action."""

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view):
        return view.legal_actions()[0]


@hookimpl
def clank_register_bots(registry):
    registry.add_bot("wild", WildBot, "The first legal action.")


# -- the faults ------------------------------------------------------------------------------
@hookimpl
def clank_register_room_feature(registry):           # misspelt: the hook is ..._room_features
    clank_register_room_features(registry)


@hookimpl
def clank_register_ops_misspelt_argument(reg):        # the hook passes `registry`
    reg.add_op("frostbite", frostbite, {"type": "integer"})


def vent_apply_without_action(game, seat, room, arg):  # the engine passes the action too
    game.gain(seat, "gold", 1)


def register_vent_of_wrong_arity(registry):
    registry.add_room_feature(RoomFeatureDef("frost_vent", "Warm yourself.", arg_schema=VENT_SCHEMA,
                                             actions=vent_actions, apply=vent_apply_without_action))


def vent_apply_frozen(game, seat, room, arg, action):
    game.gain(seat, "gold", arg["frost"])              # the argument is `chill`: KeyError 'frost'


def register_frozen_vent(registry):
    registry.add_room_feature(RoomFeatureDef("frost_vent", "Warm yourself.", arg_schema=VENT_SCHEMA,
                                             actions=vent_actions, apply=vent_apply_frozen))


def frostbite_broken(ctx, n):
    ctx.game.gain(ctx.seat, "frost", int(n))           # no such resource: ValueError


def register_broken_frostbite(registry):
    registry.add_op("frostbite", frostbite_broken, {"type": "integer"})


def frostbite_on_some_seeds(ctx, n):
    if ctx.game.state.config["seed"] % 4 == 2:          # a bug only some games meet
        raise KeyError("frost")
    ctx.game.gain(ctx.seat, "skill", int(n))


def register_frostbite_on_some_seeds(registry):
    registry.add_op("frostbite", frostbite_on_some_seeds, {"type": "integer"})


class WildBotOffByOne(WildBot):
    def choose(self, view):
        acts = view.legal_actions()
        return acts[len(acts)]                         # IndexError: one past the last


def register_off_by_one_bot(registry):
    registry.add_bot("wild", WildBotOffByOne, "The first legal action.")


def on_turn_start(game, event):
    game.gain(event["seat"], "gold", 1)


def register_listener_of_misspelt_event(registry):
    registry.listen("turn_strat", on_turn_start)       # the event is turn_start


def register_catacombs_content_key(registry):
    registry.add_content_key("tiles", "haunted", {"type": "boolean"})   # catacombs' own key


def variant(kind: str | None = None) -> types.ModuleType:
    """The pack's module, healthy (``kind`` None) or with one fault (one of :data:`KINDS`)."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind of fault {kind!r}")
    module = types.ModuleType("clank_frosty")
    module.__file__ = __file__
    hooks: dict[str, Any] = {"clank_pack_data_dir": clank_pack_data_dir, "clank_register_ops": clank_register_ops,
                             "clank_register_room_features": clank_register_room_features,
                             "clank_register_bots": clank_register_bots}
    if kind == "hook-name":
        del hooks["clank_register_room_features"]
        hooks["clank_register_room_feature"] = clank_register_room_feature
    elif kind == "hook-argument":
        hooks["clank_register_ops"] = clank_register_ops_misspelt_argument
    else:
        replaced = {"arity": ("clank_register_room_features", register_vent_of_wrong_arity),
                    "feature": ("clank_register_room_features", register_frozen_vent),
                    "op": ("clank_register_ops", register_broken_frostbite),
                    "seed": ("clank_register_ops", register_frostbite_on_some_seeds),
                    "bot": ("clank_register_bots", register_off_by_one_bot),
                    "listener": ("clank_register_reactions", register_listener_of_misspelt_event),
                    "content-key": ("clank_register_content", register_catacombs_content_key)}.get(kind or "")
        if replaced is not None:
            hook, fn = replaced
            hooks[hook] = hookimpl(fn)             # registers its thing in place of the healthy one
    vars(module).update(hooks)
    return module



class EntryPoint:
    """Just enough of an entry point for :func:`clank.plugins.find_pack`."""

    def __init__(self, name: str, module: types.ModuleType) -> None:
        self.name, self.module, self._mod, self.dist = name, module.__name__, module, None

    def load(self) -> types.ModuleType:
        return self._mod


INSTALLED_LOOKUPS = ("clank.plugins", "clank.api", "clank_cli.records", "clank_cli.validation", "clank_cli.packinfo", "clank_cli.scaffold",
                     "clank_web.lobby")
"""The modules that look installed packs up (each holds its own name of the function)."""


def install(monkeypatch: Any, kind: str | None = None) -> types.ModuleType:
    """Make every command see ``frosty`` (with the ``kind`` of fault) installed beside the real
    packs, as if ``pip install`` had run; returns its module."""
    import importlib

    from clank import plugins

    module = variant(kind)
    real = plugins.installed_packs

    def installed() -> dict[str, Any]:
        return dict(sorted({**real(), PACK: EntryPoint(PACK, module)}.items()))

    # every lookup imported before any is replaced: a module first imported while clank.plugins'
    # function is replaced would bind the replacement, and monkeypatch would "restore" it to that
    lookups = [importlib.import_module(name) for name in INSTALLED_LOOKUPS]
    for lookup in lookups:
        monkeypatch.setattr(lookup, "installed_packs", installed)
    monkeypatch.setattr(importlib.import_module("clank.api"), "_CACHE", {})   # rulesets built with another kind
    return module
