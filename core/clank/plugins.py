"""Finding packs (entry points or directories), the plugin manager, and building a ruleset."""

from __future__ import annotations

import functools
import importlib
import sys
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from clank import hookspecs
from clank.registry import ContentCheckDef, Registry

ENTRY_POINT_GROUP = "clank.packs"
REGISTER_HOOKS = (
    "clank_register_resources", "clank_register_content", "clank_register_ops", "clank_register_conditions",
    "clank_register_room_features", "clank_register_tunnel_icons", "clank_register_market_rules",
    "clank_register_actions", "clank_register_reactions", "clank_register_scoring",
    "clank_register_render", "clank_register_bots",
)
CHECK_HOOK = "clank_check_content"
"""The hook whose implementations the registry keeps for the structure layer of validation."""


class PackLoadError(RuntimeError):
    """A pack could not be found or imported (CLI exit code 3)."""


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
        return PackSource(spec, _data_dir(mod), mod)
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
    return PackSource(spec, _data_dir(mod), mod, getattr(mod, "__version__", ""))


def _data_dir(mod: ModuleType) -> Any:
    fn = getattr(mod, "clank_pack_data_dir", None)
    return fn() if fn is not None else None


class PackHooks:
    """A typed facade over one plugin manager: the core plugin plus the given packs."""

    def __init__(self, sources: list[PackSource]) -> None:
        from clank import builtin

        self.pm = pluggy.PluginManager("clank")
        self.pm.add_hookspecs(hookspecs.ClankSpecs)
        self.pm.register(builtin, name="core")
        self.order = ["core"]
        for src in sources:
            if src.module is not None:
                self.pm.register(src.module, name=src.id)
                self.order.append(src.id)
        self.pm.check_pending()   # a misspelt hook name in a pack fails loudly

    def build_registry(self) -> Registry:
        """Call every ``clank_register_*`` hook once, attributing entries to their pack, and keep
        the packs' ``clank_check_content`` implementations for validation (in the same order)."""
        reg = Registry()
        rank = {name: i for i, name in enumerate(self.order)}

        def ordered(hook_name: str) -> list:
            # core first, then packs in dependency order; tryfirst/trylast move an implementation
            return sorted(getattr(self.pm.hook, hook_name).get_hookimpls(),
                          key=lambda im: (0 if im.tryfirst else 2 if im.trylast else 1,
                                          rank.get(im.plugin_name, len(rank))))

        for hook_name in REGISTER_HOOKS:
            for impl in ordered(hook_name):
                reg.current_pack = impl.plugin_name
                impl.function(reg) if impl.argnames else impl.function()
        reg.current_pack = ""
        reg.content_checks = [ContentCheckDef(im.plugin_name, im.function, tuple(im.argnames))
                              for im in ordered(CHECK_HOOK)]
        reg.finish()
        return reg

    def configure(self, config: dict) -> None:
        """Let packs adjust or refuse the configuration."""
        self.pm.hook.clank_configure(config=config)
