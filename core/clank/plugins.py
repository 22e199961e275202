"""Finding packs (entry points or directories), the plugin manager, and building a ruleset."""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from clank import hookcheck, hookspecs
from clank.faults import PackFault, in_files, innermost_where, runtime_fault
from clank.registry import ContentCheckDef, Registry

ENTRY_POINT_GROUP = "clank.packs"
REGISTER_HOOKS = tuple(name for name in vars(hookspecs.ClankSpecs) if name.startswith("clank_register_"))
"""The registration hooks, in the order :class:`PackHooks` calls them: the order of
:mod:`clank.hookspecs` (a hook added there is called without another change)."""
CHECK_HOOK = "clank_check_content"
"""The hook whose implementations the registry keeps for the structure layer of validation."""


class PackLoadError(RuntimeError):
    """A pack could not be found or imported (CLI exit code 3)."""


class PackCodeError(PackLoadError):
    """A pack's code is at fault as it loads (a misspelt hook, a callback that takes the wrong
    parameters, a name registered twice, an exception in a hook): ``faults`` lists each
    :class:`~clank.faults.PackFault`, at its line in the pack's code (CLI exit code 3)."""

    def __init__(self, faults: list[PackFault]) -> None:
        self.faults = list(faults)
        super().__init__("\n".join(f.line() for f in self.faults))

    @property
    def packs(self) -> list[str]:
        """The packs at fault."""
        return list(dict.fromkeys(f.pack for f in self.faults))


class ClankPluginManager(pluggy.PluginManager):
    """The plugin manager of the ``clank`` hooks. Besides the ``@hookimpl`` functions pluggy
    finds, a function named exactly like a hook is taken as its implementation (as pytest takes
    ``pytest_*`` functions): a pack that forgot the marker is not silently ignored."""

    def __init__(self) -> None:
        super().__init__("clank")
        self.add_hookspecs(hookspecs.ClankSpecs)
        self._spec_names = frozenset(n for n in vars(hookspecs.ClankSpecs) if n.startswith("clank_"))

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        """The marker's options, or the defaults for an unmarked function named like a hook."""
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None and name in self._spec_names:
            found = inspect.getattr_static(plugin, name, None)
            if inspect.isfunction(found) or isinstance(found, (staticmethod, classmethod)):
                return {}
        return opts


@dataclass
class PackSource:
    """Where a pack comes from: an installed module or a plain data directory."""

    id: str
    data_dir: Any
    module: ModuleType | None = None
    version: str = ""

    @property
    def kind(self) -> str:
        return "installed" if self.module is not None else "directory"


def installed_packs() -> dict[str, Any]:
    """Entry points of installed packs by id, sorted by id.

    The installed distributions are scanned once per process and search path (a scan reads every
    distribution's metadata: about 10 ms, which a command would otherwise pay at each lookup); a
    pack installed while a process runs is found by the next process."""
    return dict(_entry_points(tuple(sys.path)))


@functools.lru_cache(maxsize=4)
def _entry_points(path: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    eps = entry_points(group=ENTRY_POINT_GROUP)
    return tuple((ep.name, ep) for ep in sorted(eps, key=lambda e: e.name))


def is_path(spec: str) -> bool:
    """Whether a pack spec names a directory rather than a pack id.

    A bare word is always a pack id (an installed pack): a directory is written as a path
    (``./mypack``, ``packs/mypack``, ``/abs/mypack``), so a folder that happens to be named like
    an installed pack in the working directory never hides it.
    """
    return "/" in spec or "\\" in spec or spec.startswith(".")


def find_pack(spec: str, modules: dict[str, ModuleType] | None = None) -> PackSource:
    """Resolve a pack id (installed, or given in ``modules``) or a directory path."""
    if modules and spec in modules:
        mod = modules[spec]
        return PackSource(spec, _data_dir(spec, mod), mod)
    if is_path(spec):
        path = Path(spec)
        if not (path / "pack.yaml").is_file():
            from clank.content.packread import missing_manifest_message
            raise PackLoadError(f"{spec}: not a pack directory: {missing_manifest_message(path)}")
        return PackSource(path.name, path, None)
    eps = installed_packs()
    if spec not in eps:
        known = ", ".join(eps) or "none"
        hint = f"; for the directory, write ./{spec}" if (Path(spec) / "pack.yaml").is_file() else ""
        raise PackLoadError(f"pack {spec!r} is not installed (installed packs: {known}){hint}")
    try:
        mod = eps[spec].load()
    except Exception as exc:  # a broken pack must not crash the CLI with a traceback
        raise PackLoadError(f"pack {spec!r} failed to import: {exc}") from exc
    if not isinstance(mod, ModuleType):
        mod = importlib.import_module(eps[spec].module)
    return PackSource(spec, _data_dir(spec, mod), mod, getattr(mod, "__version__", ""))


def _data_dir(pack: str, mod: Any) -> Any:
    """The pack's ``clank_pack_data_dir``, called through pluggy (its hooks checked first);
    remembered per module (a command finds the same pack several times)."""
    return _module_data_dir(pack, mod) if isinstance(mod, ModuleType) else _ask_data_dir(pack, mod)


@functools.lru_cache(maxsize=64)
def _module_data_dir(pack: str, mod: ModuleType) -> Any:
    return _ask_data_dir(pack, mod)


def _ask_data_dir(pack: str, mod: Any) -> Any:
    pm = ClankPluginManager()
    faults = hookcheck.check_plugin(pm, pack, mod)
    if faults:
        raise PackCodeError(faults)
    pm.register(mod, name=pack)
    try:
        return pm.hook.clank_pack_data_dir()
    except Exception as exc:
        raise PackCodeError([hook_fault(pack, "clank_pack_data_dir", exc, hookcheck.plugin_files(mod))]) from exc


def hook_fault(pack: str, hook: str, error: BaseException, files: set[str]) -> PackFault:
    """The fault of a pack's hook that raised ``error``, at the innermost line of its own code."""
    if isinstance(error, PackFault):
        return error
    return runtime_fault(pack, f"hook {hook}", error, innermost_where(error, lambda file: in_files(file, files)))


class _Plugin:
    """What the plugin manager holds for a pack: its hook implementations, each wrapped so the
    registry knows which pack is registering (compared by identity, as pluggy wants)."""

    def __init__(self, name: str) -> None:
        self.__name__ = name


class PackHooks:
    """A typed facade over one plugin manager: the core plugin plus the given packs.

    Every hook is called through pluggy (its hook wrappers and tracing apply), in one order:
    the core first, then the packs in the order given (dependency order), ``tryfirst`` and
    ``trylast`` moving an implementation to the front or the back. Pluggy calls the plugin
    registered last first (and, among ``trylast`` ones, the first registered first), so the
    plugins are registered in the order that makes its order this one. Each implementation is
    wrapped so the registry records the pack of everything registered
    (:attr:`Registry.current_pack`) and a fault names the pack whose hook raised.
    """

    def __init__(self, sources: list[PackSource]) -> None:
        from clank import builtin

        self.pm = ClankPluginManager()
        plugins: list[tuple[str, Any]] = [("core", builtin)]
        plugins += [(src.id, src.module) for src in sources if src.module is not None]
        self.order = [name for name, _ in plugins]
        faults = [f for name, plugin in plugins[1:] for f in hookcheck.check_plugin(self.pm, name, plugin)]
        if faults:
            raise PackCodeError(faults)
        self.files = {name: hookcheck.plugin_files(plugin) for name, plugin in plugins}
        self.calling = ""              # the pack whose hook implementation runs (or ran last)
        self._building: Registry | None = None
        split = {name: self._split(name, plugin) for name, plugin in plugins}
        try:
            for name in self.order:                  # trylast ones: the first registered is called first
                if vars(split[name][1]).keys() - {"__name__"}:
                    self.pm.register(split[name][1], name=f"{name} (trylast)")
            for name in reversed(self.order):        # the others: the last registered is called first
                self.pm.register(split[name][0], name=name)
        except pluggy.PluginValidationError as exc:  # what the checks above let through (a bad wrapper)
            name = str(getattr(exc, "plugin_name", "") or "").removesuffix(" (trylast)")
            raise PackCodeError([PackFault(name or "?", "", str(exc).replace("\n", " "), rule="pack-hook",
                                           fix="see pluggy's rules for hook implementations")]) from exc
        self.pm.check_pending()   # cannot fail after check_plugin: kept as a guard

    def _split(self, name: str, plugin: Any) -> tuple[_Plugin, _Plugin]:
        """The plugin's hook implementations as two plugins (the ``trylast`` ones apart), each
        implementation wrapped to say which pack runs."""
        rest, last = _Plugin(name), _Plugin(f"{name} (trylast)")
        for attr in dir(plugin):
            opts = self.pm.parse_hookimpl_opts(plugin, attr)
            if opts is None:
                continue
            fn = getattr(plugin, attr)
            if opts.get("wrapper") or opts.get("hookwrapper"):
                setattr(rest, attr, fn)
            else:
                setattr(last if opts.get("trylast") else rest, attr, self._attributed(name, fn))
        return rest, last

    def _attributed(self, name: str, fn: Any) -> Any:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            self.calling = name
            if self._building is not None:
                self._building.current_pack = name
            return fn(*args, **kwargs)
        return call

    def build_registry(self) -> Registry:
        """Call every ``clank_register_*`` hook once, through pluggy, attributing entries to their
        pack; raises :class:`PackCodeError` with every fault found (each refusal of the registry,
        each at the pack's line, or the exception a hook raised)."""
        reg = Registry()
        reg.refusals = []
        self._building = reg
        raised: list[PackFault] = []
        try:
            for hook_name in REGISTER_HOOKS:
                try:
                    getattr(self.pm.hook, hook_name)(registry=reg)
                except Exception as exc:   # noqa: BLE001 - reported as the pack's fault
                    raised.append(hook_fault(self.calling, hook_name, exc, self.files.get(self.calling, set())))
                    break
        finally:
            self._building = None
            reg.current_pack = ""
        if not raised:
            reg.finish()
            reg.content_checks = self._content_checks()
        faults: list[PackFault] = [*reg.refusals, *raised]
        reg.refusals = None
        if faults:
            raise PackCodeError(faults)
        return reg

    def _content_checks(self) -> list[ContentCheckDef]:
        """The ``clank_check_content`` implementations in calling order, kept for the structure
        layer of validation; each is called through pluggy (a caller holding that pack's
        implementation alone), so hook wrappers and tracing apply as to every other hook."""
        caller = getattr(self.pm.hook, CHECK_HOOK)
        plugins = dict(self.pm.list_name_plugin())
        checks = []
        for impl in reversed(caller.get_hookimpls()):   # pluggy calls the last of the list first
            others = [plugin for name, plugin in plugins.items() if name != impl.plugin_name]
            pack = impl.plugin_name.removesuffix(" (trylast)")
            checks.append(ContentCheckDef(pack, inspect.unwrap(impl.function), tuple(impl.argnames),
                                          call=self.pm.subset_hook_caller(CHECK_HOOK, remove_plugins=others)))
        return checks

    def configure(self, config: dict) -> None:
        """Let packs adjust or refuse the configuration (a ``ValueError`` refuses it; any other
        exception is the pack's :class:`~clank.faults.PackFault`)."""
        try:
            self.pm.hook.clank_configure(config=config)
        except ValueError:
            raise
        except Exception as exc:
            raise hook_fault(self.calling, "clank_configure", exc, self.files.get(self.calling, set())) from exc
