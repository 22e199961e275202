"""The work of each ``clank`` command, as plain functions importable without Typer.

:mod:`clank_cli.main` declares the commands and their options with Typer and calls one function
here per command (a module per command or group of commands: :mod:`.play`, :mod:`.simulate`,
:mod:`.balance`, :mod:`.packs`, :mod:`.guides`, :mod:`.validate`, :mod:`.replay`,
:mod:`.render`, :mod:`.serve`). These functions print their results, and stop early by raising
:class:`~clank_cli.errors.CommandExit` (an exit code, the reason already printed on stderr) or
:class:`~clank_cli.errors.UsageError` (a wrong option value, exit 2); they never raise Typer's
exceptions. This package's own module loads nothing heavy: ``clank --help`` imports it.
"""

from __future__ import annotations

DEFAULT_PACKS = "catacombs"
"""The packs a game loads when ``--packs`` is not given (the base game)."""


def packs_or_default(packs: str | None) -> list[str]:
    """``--packs`` as a list (the base game when not given)."""
    from clank.api import split_packs

    return split_packs(packs or DEFAULT_PACKS)
