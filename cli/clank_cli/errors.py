"""The two ways a command's work stops early, without Typer.

The plain functions of :mod:`clank_cli.commands` and the helpers they call raise these; the Typer
layer (:mod:`clank_cli.main`) turns them into Typer's own (``typer.BadParameter``, exit 2, and
``typer.Exit``), so the work is importable and callable without Typer, and a usage error names
the option of the command that was run (``--bots`` for ``clank balance``, ``--bot`` for
``clank play``).
"""

from __future__ import annotations


class UsageError(Exception):
    """A value the command line gave is wrong (exit 2): ``message`` says why, ``option`` names
    where it was given (``--bot``, ``PACK``; empty when no option is to blame)."""

    def __init__(self, message: str, option: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.option = option

    def for_option(self, option: str) -> UsageError:
        """The same error, blamed on ``option`` (a helper does not know which option fed it)."""
        return UsageError(self.message, option)


class CommandExit(Exception):
    """The command stops with exit code ``code``; what went wrong was already said on stderr."""

    def __init__(self, code: int) -> None:
        super().__init__(f"exit code {code}")
        self.code = code
