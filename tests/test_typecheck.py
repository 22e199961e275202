"""The type check (docs/development.md): ``make test`` runs mypy over the engine, the CLI, the web
table and the packs with the configuration of ``pyproject.toml``; here, the pack an author starts
from, ``clank pack new NAME --installable``, passes ``mypy --strict`` as its README says, and the
check finds a callback of the wrong shape at the line that registers it.

mypy finds the engine through its folder (``core/``), as the project's configuration does: the
editable install's import hook is not something a type checker follows. Its cache is kept in
``build/`` (warm after the first run).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from clank_cli.main import app
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
MYPY = [sys.executable, "-m", "mypy"]


def _strict(config_dir: Path, target: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` over ``target``, the engine found in ``core/`` and checked silently."""
    config = config_dir / "mypy.ini"
    config.write_text("\n".join([
        "[mypy]", "python_version = 3.11", "strict = True", f"mypy_path = {ROOT / 'core'}",
        f"cache_dir = {ROOT / 'build' / 'mypy-scaffold-cache'}", "",
        "[mypy-clank.*]", "follow_imports = silent", ""]), encoding="utf-8")
    return subprocess.run([*MYPY, "--config-file", str(config), str(target)], capture_output=True, text=True,
                          cwd=config_dir, timeout=300)


@pytest.fixture
def scaffolded(tmp_path: Path) -> Path:
    made = CliRunner().invoke(app, ["pack", "new", "glows", "--installable", "--dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    return tmp_path / "glows" / "clank_glows"


def test_the_installable_scaffold_passes_mypy_strict(scaffolded: Path):
    result = _strict(scaffolded.parent, scaffolded)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_mypy_reports_an_op_of_the_wrong_shape_where_it_is_registered(scaffolded: Path):
    module = scaffolded / "__init__.py"
    planted = ("\n\ndef loud(ctx: EffectContext) -> None:\n    ctx.game.clank(ctx.seat, 1)\n\n\n"
               "@hookimpl\ndef clank_register_conditions(registry: Registry) -> None:\n"
               "    registry.add_op(\"glows_loud\", loud, {\"type\": \"object\"})\n")
    module.write_text(module.read_text(encoding="utf-8") + planted, encoding="utf-8")
    line = len(module.read_text(encoding="utf-8").splitlines())
    result = _strict(scaffolded.parent, scaffolded)
    assert result.returncode == 1
    wrong = f"__init__.py:{line}: error: Argument 2 to \"add_op\" of \"Registry\" has incompatible type"
    assert wrong in result.stdout


def test_the_project_check_covers_the_engine_the_front_ends_and_every_pack():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    packs = [str(p.relative_to(ROOT)) for p in ROOT.glob("packs/*/clank_*") if (p / "__init__.py").is_file()]
    assert set(config["files"]) == {"core/clank", "cli/clank_cli", "web/clank_web", *packs}
    assert config["check_untyped_defs"] is True and "ignore_errors" not in config
    assert all("ignore_errors" not in o for o in config.get("overrides", []))
