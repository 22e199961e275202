"""The layers of docs/architecture.md, held by the import-linter contracts in pyproject.toml.

``make test`` runs ``lint-imports`` on the tree itself; these tests show that the contracts
are kept today and that each one fails when an import that crosses its line is planted in a
copy of the packages (the tree itself is never written to).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGE_DIRS = {
    "clank": ROOT / "core" / "clank",
    "clank_cli": ROOT / "cli" / "clank_cli",
    "clank_web": ROOT / "web" / "clank_web",
    "clank_catacombs": ROOT / "packs" / "catacombs" / "clank_catacombs",
    "clank_underworld": ROOT / "packs" / "underworld" / "clank_underworld",
    "clank_party": ROOT / "packs" / "party" / "clank_party",
}


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["id"]: c for c in config["contracts"]}


def lint(src: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run lint-imports with the project's contracts, on the installed packages or on the
    copies under ``src`` (which come first on the import path)."""
    env = {**os.environ}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo", str(ROOT / "pyproject.toml")],
                          capture_output=True, text=True, env=env, cwd=src or ROOT, timeout=120)


@pytest.fixture
def copy_of_packages(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    for name, where in PACKAGE_DIRS.items():
        shutil.copytree(where, src / name, ignore=shutil.ignore_patterns("__pycache__", "data", "templates"))
    return src


def test_every_contract_is_kept_by_the_tree():
    result = lint()
    assert result.returncode == 0, result.stdout + result.stderr
    for contract in contracts().values():
        assert f"{contract['name']} KEPT" in " ".join(result.stdout.split())


PLANTED = {
    "game-layers": ("clank/game/planted.py", "from clank.game import engine\n", "clank.game.planted"),
    "content-not-game": ("clank/content/planted.py", "from clank.game import engine\n", "clank.content.planted"),
    "packs-plugin-only": ("clank_underworld/planted.py", "from clank.game.state import GameState\n",
                          "clank_underworld.planted"),
    "packs-independent": ("clank_party/planted.py", "import clank_catacombs.depths\n", "clank_party.planted"),
    "cli-public-api": ("clank_cli/planted.py", "from clank.content.yamlload import load_yaml_file\n",
                       "clank_cli.planted"),
    "rl-public-api": ("clank/rl/planted.py", "from clank.game.view import SeatView\n", "clank.rl.planted"),
    "web-not-cli": ("clank_web/planted.py", "from clank_cli import records\n", "clank_web.planted"),
}


def test_the_web_table_is_held_to_the_public_api(copy_of_packages: Path):
    """The web table shares the CLI's contract: reaching into the game's modules breaks it."""
    (copy_of_packages / "clank_web/planted.py").write_text("from clank.game.engine import Game\n", encoding="utf-8")
    result = lint(copy_of_packages)
    out = " ".join(result.stdout.split())
    assert result.returncode == 1 and f"{contracts()['cli-public-api']['name']} BROKEN" in out
    assert "clank_web.planted" in out


@pytest.mark.parametrize("contract_id", sorted(PLANTED))
def test_a_planted_import_breaks_its_contract(copy_of_packages: Path, contract_id: str):
    where, code, module = PLANTED[contract_id]
    (copy_of_packages / where).write_text(code, encoding="utf-8")
    result = lint(copy_of_packages)
    out = " ".join(result.stdout.split())
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{contracts()[contract_id]['name']} BROKEN" in out
    assert module in out                   # the report names the planted module
    others = [c["name"] for i, c in contracts().items() if i != contract_id]
    assert all(f"{name} KEPT" in out for name in others), out


def test_the_game_layers_refuse_a_lower_module_importing_a_rule_module(copy_of_packages: Path):
    """The ruleset (below the table) once imported the turn and the markets inside its methods
    to make their appliers: even a function-level import upward breaks the layers."""
    ruleset = copy_of_packages / "clank/game/ruleset.py"
    ruleset.write_text(ruleset.read_text(encoding="utf-8")
                       + "\n\ndef _appliers():\n    from clank.game import turn\n    return turn\n", encoding="utf-8")
    result = lint(copy_of_packages)
    out = " ".join(result.stdout.split())
    assert result.returncode == 1 and f"{contracts()['game-layers']['name']} BROKEN" in out
    assert "clank.game.ruleset is not allowed to import clank.game.turn" in out


def test_the_game_layers_place_every_module_of_the_rules_machine():
    """The layers contract is exhaustive: a new module of ``clank.game`` must be given a layer
    (a planted one is reported as not listed: the generic test above)."""
    contract = contracts()["game-layers"]
    assert contract["exhaustive"] is True
    listed = {name.strip() for layer in contract["layers"] for name in layer.split(":")}
    modules = {p.stem for p in (PACKAGE_DIRS["clank"] / "game").glob("*.py") if p.stem != "__init__"}
    assert listed == modules


def test_the_plugin_contract_names_every_engine_module_but_the_contract():
    """A module added to the engine later is covered too: the packs' contract forbids every
    top-level module of ``clank`` except ``clank.plugin``."""
    forbidden = set(contracts()["packs-plugin-only"]["forbidden_modules"])
    engine = {f"clank.{p.stem}" for p in PACKAGE_DIRS["clank"].iterdir()
              if (p.suffix == ".py" or (p / "__init__.py").exists()) and p.stem != "__init__"}
    assert engine - {"clank.plugin"} <= forbidden, sorted(engine - {"clank.plugin"} - forbidden)
    assert "clank.plugin" not in forbidden
