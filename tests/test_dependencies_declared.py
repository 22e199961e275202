"""Every library the shipped code imports is declared in a pyproject.toml.

An editable install in the development virtualenv hides a missing dependency (a library
another package pulled in happens to be there); a user's fresh ``pip install`` does not. The
command line imports only what the engine's own dependencies install, the optional extras
(web, rl, ray, ...) cover the rest.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
OWN = {"clank", "clank_cli", "clank_web", "clank_catacombs", "clank_underworld", "clank_party"}
SOURCES = [ROOT / "core" / "clank", ROOT / "cli" / "clank_cli", ROOT / "web" / "clank_web",
           *sorted((ROOT / "packs").glob("*/clank_*"))]


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _declared() -> tuple[set[str], set[str]]:
    """(the engine's own dependencies, those plus every optional extra), as distribution names."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {_normal(Requirement(text).name) for text in project["dependencies"]}
    extras = {_normal(Requirement(text).name) for group in project.get("optional-dependencies", {}).values()
              for text in group}
    return base, base | extras


def _imports(path: Path, *, top_level_only: bool) -> set[str]:
    """The top-level names of the modules ``path`` imports (absolute imports only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _third_party(names: set[str]) -> set[str]:
    return {name for name in names if name not in OWN and name not in sys.stdlib_module_names
            and name != "__future__"}


def _distributions(module: str) -> set[str]:
    """The distributions installing ``module``; one not installed here (ray, say) is taken to
    be the distribution of its own name."""
    return {_normal(dist) for dist in packages_distributions().get(module, [module])}


def _undeclared(paths: list[Path], allowed: set[str], *, top_level_only: bool) -> list[str]:
    missing = []
    for path in paths:
        for module in sorted(_third_party(_imports(path, top_level_only=top_level_only))):
            dists = _distributions(module)
            if not dists & allowed:
                missing.append(f"{path.relative_to(ROOT)} imports {module} ({', '.join(sorted(dists)) or 'not installed'})")
    return missing


def _python_files(*roots: Path) -> list[Path]:
    return [path for root in roots for path in sorted(root.rglob("*.py"))]


def test_every_import_of_the_shipped_code_is_a_declared_dependency_or_extra() -> None:
    _, everything = _declared()
    assert _undeclared(_python_files(*SOURCES), everything, top_level_only=False) == []


def test_the_command_line_imports_at_start_only_the_engines_own_dependencies() -> None:
    """``clank`` starts in a virtualenv holding the engine and its dependencies only (no
    extra): the modules it loads at start import nothing else (typer vendors click since
    0.2x, so ``import click`` breaks there)."""
    base, _ = _declared()
    # pytest loads the scenario plugin (an entry point of pytest11), never ``clank``
    cli = [path for path in _python_files(ROOT / "cli" / "clank_cli") if path.name != "pytest_plugin.py"]
    assert _undeclared(cli, base, top_level_only=True) == []


@pytest.mark.parametrize("module", ["click"])
def test_a_library_another_package_brings_is_not_taken_for_declared(module: str) -> None:
    """The check can fail: click is installed here (uvicorn needs it) but not declared."""
    base, _ = _declared()
    if module not in packages_distributions():
        pytest.skip(f"{module} is not installed here")
    assert not _distributions(module) & base
