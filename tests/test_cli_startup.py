"""What ``clank --help`` and a warm start import (issue 10): a structural check that keeps the
command fast without timing anything. ``clank --help`` must not load the engine, the content
pipeline, YAML or schema libraries, rich's tables and progress bars, or typer's rich help
formatting (its Markdown and traceback modules); each command imports what it needs when it runs.
"""

from __future__ import annotations

import subprocess
import sys

from clank_cli import main, play, scaffold

HEAVY = ("clank.api", "clank.game", "clank.content", "clank.schemas", "clank_cli.play", "clank_cli.simulate",
         "clank_cli.validation", "clank.mapdraw", "clank_cli.plot", "clank_cli.lsp", "pygls", "lsprotocol", "ruamel", "jsonschema", "rich.progress", "textual",
         "typer.rich_utils", "rich.markdown", "rich.traceback")   # typer's rich help panels: plain click help


def test_help_imports_nothing_heavy() -> None:
    code = ("import sys; from clank_cli.main import app\n"
            "try:\n    app(['--help'], prog_name='clank')\nexcept SystemExit:\n    pass\n"
            f"print('LOADED', sorted({{m for m in sys.modules if m.startswith({HEAVY!r})}}))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "simulate" in run.stdout   # the help was printed
    loaded = run.stdout.rsplit("LOADED", 1)[1].strip()
    assert loaded == "[]", f"clank --help imported {loaded}: import it inside the command that needs it"


def test_help_texts_name_the_defaults() -> None:
    """The help texts are written without importing the modules that hold the defaults."""
    assert str(play.DEFAULT_SAVE) in main.SAVE_HELP
    assert f"default {scaffold.BASE_PACK};" in main.REQUIRES_HELP



def test_clank_lsp_without_its_extra_says_what_to_install() -> None:
    """Without pygls (the extra 'lsp' not installed) ``clank lsp`` exits 3, the environment, and
    names the extra."""
    code = ("import sys; sys.modules['pygls'] = None; sys.modules['lsprotocol'] = None\n"
            "from clank_cli.main import main; sys.argv = ['clank', 'lsp']; main()")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 3
    assert "clank lsp needs the extra 'lsp'" in run.stderr and "pip install 'clank-engine[lsp]'" in run.stderr
