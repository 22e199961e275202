"""``clank validate --play N`` and ``clank simulate --check`` (issue 37 point 7): seeded games of
the validated packs with the random and greedy bots and the invariant checks on; a failure is one
problem at the content item or the pack code involved, with the failing action and the command
that replays that game, which stops at the same failure.

The CLI sees exactly the packs a test installs (a fake entry-point table): the base game, and a
planted pack whose op fails only when a card using it is played.
"""

from __future__ import annotations

import importlib.util
import json
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import clank_catacombs
import pytest
from clank import playcheck
from clank.api import new_game
from clank.playcheck import GameFault, PlayFault, check_play, contract_problem, play_checked
from clank.testing import write_pack
from clank_cli import validation
from clank_cli.main import app
from typer.testing import CliRunner

SHAKY_OP_LINE = 17
"""The line of the planted pack's code that raises (``clank_t_shaky/__init__.py``)."""
SHAKY = '''from pathlib import Path

from clank.plugin import hookimpl


@hookimpl
def clank_pack_data_dir():
    return Path(__file__).parent / "data"


def op_wobble(ctx, n):
    """Gain n gold, unless the player holds 2 gold or more: then fail (a bug only play finds)."""
    p = ctx.player
    if p.gold < 2:
        ctx.game.gain(ctx.seat, "gold", n)
        return
    raise KeyError(f"wobble: no purse for {ctx.src}")


@hookimpl
def clank_register_ops(registry):
    registry.add_op("wobble", op_wobble, {"type": "integer", "minimum": 1}, "Gain N gold.", {"wobble": 1})
'''
CARD = """- id: shaky-coin
  name: Shaky Coin
  kind: dungeon
  type: item
  count: 12
  cost: {skill: 1}
  play: [gain: {skill: 1}, wobble: 1]
"""


class _EntryPoint:
    def __init__(self, name: str, module: Any) -> None:
        self.name, self._mod, self.module, self.dist = name, module, module.__name__, None

    def load(self) -> Any:
        return self._mod


def _shaky(tmp_path: Path) -> Any:
    folder = tmp_path / "clank_t_shaky"
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "pack.yaml").write_text('id: shaky\nname: Shaky\nversion: "0.1.0"\nengine: ">=0.1"\n'
                                               "requires: [catacombs]\nfiles: []\n", encoding="utf-8")
    (folder / "__init__.py").write_text(SHAKY, encoding="utf-8")
    assert SHAKY.splitlines()[SHAKY_OP_LINE - 1].strip().startswith("raise KeyError")
    spec = importlib.util.spec_from_file_location("clank_t_shaky", folder / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["clank_t_shaky"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[[str, Any], None]]:
    """The CLI sees ``catacombs`` installed, plus what ``install(id, module)`` adds."""
    from clank import plugins

    table: dict[str, Any] = {"catacombs": _EntryPoint("catacombs", clank_catacombs)}
    monkeypatch.setattr(plugins, "installed_packs", lambda: dict(sorted(table.items())))
    monkeypatch.setattr(validation, "installed_packs", lambda: dict(sorted(table.items())))
    yield lambda pack_id, module: table.__setitem__(pack_id, _EntryPoint(pack_id, module))


def _shaky_pack(tmp_path: Path, install: Callable[[str, Any], None]) -> Path:
    install("shaky", _shaky(tmp_path))
    return write_pack(tmp_path, "coins", {"cards.yaml": CARD}, requires=("catacombs", "shaky"))


def test_a_valid_pack_plays_and_says_so(installed: Any, tmp_path: Path) -> None:
    pack = write_pack(tmp_path, "calm", {"cards.yaml": CARD.replace("wobble: 1", "gain: {gold: 1}")})
    result = CliRunner().invoke(app, ["validate", str(pack), "--play", "4"])
    assert result.exit_code == 0, result.output
    assert ("played 4 games with the invariant checks on (seeds 0-3, at most 20 rounds, bots random and greedy): "
            "none failed") in result.stderr
    doc = json.loads(CliRunner().invoke(app, ["validate", "-f", "json", str(pack), "--play", "2"]).stdout)
    assert doc["ok"] and doc["play"]["games"] == 2 and doc["play"]["failed"] == 0
    assert doc["play"]["packs"] == ["catacombs", str(pack)]


def test_a_fault_only_play_shows_is_reported_at_the_card_with_a_replay_that_reproduces_it(
        installed: Any, tmp_path: Path) -> None:
    """The planted op fails only once a player who holds 2 gold plays the card: validation alone
    passes; ``--play`` names the card's line, the failing action, the pack code that raised, and
    the replay command, which stops at the same failure."""
    pack = _shaky_pack(tmp_path, installed)
    assert CliRunner().invoke(app, ["validate", str(pack)]).exit_code == 0
    result = CliRunner().invoke(app, ["validate", str(pack), "--play", "6"])
    assert result.exit_code == 1, result.output
    lines = [ln for ln in result.stdout.splitlines() if "error[play]" in ln]
    assert len(lines) == 1, result.stdout
    line = lines[0]
    assert line.startswith(f"{pack / 'cards.yaml'}:1:3: error[play]: card 'shaky-coin': failed in play ")
    assert "error at action " in line and "'play shaky-coin' by P" in line and "KeyError: 'wobble: no purse for " \
        "shaky-coin'" in line
    assert f"(raised at {tmp_path / 'clank_t_shaky' / '__init__.py'}:{SHAKY_OP_LINE})" in line
    assert line.endswith("(at $[0])")
    replay = line.split("): clank ", 1)[1].removesuffix(" (at $[0])")
    args = shlex.split(replay)
    assert args[0] == "simulate" and "--check" in args and args[args.index("--packs") + 1] == f"catacombs,shaky,{pack}"
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 1
    described = line.split(": ", 3)[3].split("): ", 1)[1].split("; replay game")[0]   # "error at action ..."
    assert described.split(" (raised at")[0] in again.stderr, (described, again.stderr)
    doc = json.loads(CliRunner().invoke(app, ["validate", "-f", "json", str(pack), "--play", "6"]).stdout)
    failure = doc["play"]["failures"][0]
    assert failure["kind"] == "error" and failure["items"][0] == "shaky-coin"
    assert failure["code"] == {"file": str(tmp_path / "clank_t_shaky" / "__init__.py"), "line": SHAKY_OP_LINE}
    assert failure["at"] == {"file": str(pack / "cards.yaml"), "line": 1, "col": 3, "path": "$[0]"}
    assert failure["replay"].startswith("clank simulate --games 1 --seed ")


def test_invalid_content_is_not_played(installed: Any, tmp_path: Path) -> None:
    pack = write_pack(tmp_path, "broken", {"cards.yaml": CARD.replace("wobble: 1", "wobbel: 1")})
    result = CliRunner().invoke(app, ["validate", str(pack), "--play", "3"])
    assert result.exit_code == 1
    assert "--play: not played, the content has errors (a game refuses invalid content): fix them first" \
        in result.stderr


def test_a_single_file_is_not_played(installed: Any, tmp_path: Path) -> None:
    file = tmp_path / "cards.yaml"
    file.write_text(CARD.replace("wobble: 1", "gain: {gold: 1}"), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(file), "--play", "2"])
    assert result.exit_code == 0 and "--play: no pack to play (single files are validated on their own)" in result.stderr


def test_check_play_names_the_invariant_a_state_breaks() -> None:
    """A game whose state is corrupted between two actions stops at the next action with the
    invariant in words (INV-8: cards add up)."""
    game = new_game(["catacombs"], players=2, seed=3, modules={"catacombs": clank_catacombs})
    reg = game.ruleset.registry
    bots = {s: reg.make_bot("random", s) for s in range(2)}
    game.state.players[0].discard.append("burgle")          # a card from nowhere
    fault = check_play(game, bots)
    assert fault is not None and fault.kind == playcheck.INVARIANT and fault.step == 0
    assert "'burgle'" in fault.message and fault.action is not None
    assert fault.describe().startswith(f"invariant at action 1 ({fault.action!r} by P1): ")


def test_a_clean_game_passes_every_check_and_the_contract_holds() -> None:
    game = new_game(["catacombs"], players=2, seed=5, options={"max_rounds": 4},
                    modules={"catacombs": clank_catacombs})
    assert contract_problem(game) is None
    reg = game.ruleset.registry
    assert check_play(game, {s: reg.make_bot("random", s) for s in range(2)}) is None and game.over


def test_a_setup_that_fails_is_a_setup_fault() -> None:
    fault = play_checked(["catacombs"], 9, 0, {}, lambda game: {})
    assert fault is not None and fault.kind == playcheck.SETUP and "9 players" in fault.message


def test_a_game_fault_crosses_processes() -> None:
    import pickle

    fault = PlayFault(4, 2, playcheck.ERROR, "KeyError: 'x'", 7, "play burgle", 1, ("burgle",), ("pack.py", 3))
    back = pickle.loads(pickle.dumps(GameFault(fault)))
    assert back.fault == fault and str(back) == "error at action 8 ('play burgle' by P2): KeyError: 'x'"
