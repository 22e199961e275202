"""A pack's hook implementations checked against the hook specifications before pluggy sees
them, so a misspelt hook name or argument is one line at the pack's ``def``, with the nearest
hook or argument, instead of pluggy's traceback.

Pluggy itself refuses an argument the spec does not pass (when the pack registers) and a hook
name no spec declares (``check_pending``), with a message made for plugin developers and a
traceback of the engine's frames; :func:`check_plugin` says the same in the engine's words,
each fault at its line, and finds them all at once.
"""

from __future__ import annotations

import inspect
from typing import Any

import pluggy

from clank.faults import PackFault, code_home, def_where, nearest

HOOK_PREFIX = "clank_"
NEAR_MISS = 0.85
"""How close an undecorated ``clank_*`` function's name must be to a hook's to be taken for a
misspelt hook (a helper of a pack may well be called ``clank_something``)."""


def spec_arguments(pm: pluggy.PluginManager) -> dict[str, tuple[str, ...]]:
    """Every hook the plugin manager specifies, with the arguments it passes."""
    out = {}
    for name, caller in vars(pm.hook).items():
        spec = getattr(caller, "spec", None)
        if spec is not None:
            out[name] = tuple(spec.argnames)
    return out


def required_arguments(fn: Any) -> tuple[str, ...]:
    """The parameters pluggy would pass a hook implementation by name: its positional ones
    without a default (``self`` of a method left out)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return ()
    return tuple(p.name for p in sig.parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty)


def check_plugin(pm: pluggy.PluginManager, pack: str, plugin: Any) -> list[PackFault]:
    """The faults of a pack's hook implementations: a name no hook has (the nearest hook
    named), an argument the hook does not pass (the nearest argument named)."""
    specs = spec_arguments(pm)
    faults: list[PackFault] = []
    for attr in sorted(dir(plugin)):
        if not attr.startswith(HOOK_PREFIX):
            continue
        opts = pm.parse_hookimpl_opts(plugin, attr)
        fn = getattr(plugin, attr, None)
        if not callable(fn):
            continue
        if opts is None:
            close = nearest(attr, specs)
            if close is not None and _ratio(attr, close) >= NEAR_MISS:
                faults.append(PackFault(pack, f"function {attr}", f"no hook is named {attr} (did you mean {close}?)",
                                        where=def_where(fn), fix=f"rename it {close} and mark it @hookimpl",
                                        rule="pack-hook"))
            continue
        name = opts.get("specname") or attr
        if name not in specs:
            close = nearest(name, specs)
            faults.append(PackFault(pack, f"hook {name}",
                                    f"no hook is named {name}" + (f" (did you mean {close}?)" if close else ""),
                                    where=def_where(fn),
                                    fix=f"rename it {close}" if close else "name a hook of clank docs hooks",
                                    rule="pack-hook"))
            continue
        passed = specs[name]
        for arg in required_arguments(fn):
            if arg in passed:
                continue
            close = nearest(arg, passed)
            words = ", ".join(passed) or "no argument"
            faults.append(PackFault(pack, f"hook {name}",
                                    f"takes {arg!r}, which the hook does not pass"
                                    + (f" (did you mean {close!r}?)" if close else ""),
                                    where=def_where(fn),
                                    fix=f"name the parameter {close!r}" if close else
                                    f"the hook passes {words}: take those (or fewer)", rule="pack-hook"))
    return faults


def _ratio(a: str, b: str) -> float:
    import difflib

    return difflib.SequenceMatcher(None, a, b).ratio()


def plugin_files(plugin: Any) -> set[str]:
    """Where a plugin's code lives: its package directory (or module file) and the files its
    hook implementations are defined in (a plugin built in a test file)."""
    files: set[str] = set()
    file = getattr(plugin, "__file__", None)
    if file:
        files.add(code_home(file))
    for attr in dir(plugin):
        if attr.startswith(HOOK_PREFIX):
            fn = getattr(plugin, attr, None)
            code = getattr(getattr(fn, "__func__", fn), "__code__", None)
            if code is not None:
                files.add(code.co_filename)
    return files

