"""Consoles, exit codes and the mapping of engine errors to exit codes.

Data goes to stdout, diagnostics and progress to stderr. Consoles are created per command
invocation (never at import time) so they follow whatever ``sys.stdout``/``sys.stderr`` are
at that moment (a test runner swaps them). Everything that may contain ``[`` is printed with
``markup=False``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from clank_cli.errors import CommandExit, UsageError

if TYPE_CHECKING:   # imported when used: `clank --help` loads neither rich's console nor the engine
    from clank.faults import PackFault
    from rich.console import Console

EXIT_OK = 0
"""Everything went well."""
EXIT_INVALID = 1
"""Invalid content or input (a broken pack, a corrupt record, an impossible setup)."""
EXIT_USAGE = 2
"""Wrong command-line usage (Typer reports these itself)."""
EXIT_ENV = 3
"""The environment is broken: a pack failed to load (registered something twice, or wrongly), or
a pack's code failed during play."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (the shell's convention: 128 + SIGINT)."""


def stdout() -> Console:
    """A console on the current standard output (data)."""
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def stderr() -> Console:
    """A console on the current standard error (diagnostics, progress)."""
    from rich.console import Console

    return Console(file=sys.stderr, highlight=False, soft_wrap=True)


def say(text: str, *, err: bool = True, style: str | None = None) -> None:
    """Print one plain line (markup off) to stderr, or stdout with ``err=False``."""
    console = stderr() if err else stdout()
    console.print(text, markup=False, style=style, highlight=False)


def fail(message: str, code: int = EXIT_INVALID) -> CommandExit:
    """Print ``error: message`` on stderr and return the :class:`~clank_cli.errors.CommandExit` to raise."""
    say(f"error: {message}", style="red")
    return CommandExit(code)


def fail_each(problems: list[str], code: int = EXIT_INVALID) -> CommandExit:
    """Print ``error: problem`` for each problem on stderr and return the
    :class:`~clank_cli.errors.CommandExit` to raise."""
    for problem in problems[:-1]:
        say(f"error: {problem}", style="red")
    return fail(problems[-1] if problems else "invalid input", code)


def report_faults(faults: Sequence[PackFault], note: str = "") -> None:
    """A pack's faults on stderr: a line each (at most four, then how many more), a note, and
    with ``--debug`` (``CLANK_DEBUG=1``) the engine's traceback of the first."""
    from clank.faults import debug, fault_lines

    for line in fault_lines(list(faults)):
        say(line, style="red")
    if note:
        say(note)
    if debug() and faults and faults[0].trace:
        sys.stderr.write(faults[0].trace)


@contextmanager
def engine_errors() -> Iterator[None]:
    """Turn the engine's expected failures into a message on stderr and an exit code.

    - a pack's faults (:class:`~clank.faults.PackFault`: a pack whose code fails to load, or
      fails in play), each on a line of its own: 3; any other exception raised in a pack's code
      is made such a fault (:func:`clank.faults.blame`), the engine's own pass through;
    - :class:`~clank.plugins.PackLoadError`: 3;
    - :class:`~clank.content.problems.ContentError` (each problem on its own line),
      :class:`~clank.content.overrides.OverrideError` (content overrides, each mistake on its own
      line) and :class:`~clank.game.setup.SetupError`: 1.
    """
    from clank.api import PackCodeError, PackFault, PackLoadError, SetupError
    from clank.content import ContentError, OverrideError
    from clank.faults import blame

    try:
        yield
    except PackCodeError as exc:
        report_faults(exc.faults)
        raise CommandExit(EXIT_ENV) from None
    except PackLoadError as exc:
        raise fail(str(exc), EXIT_ENV) from None
    except PackFault as exc:
        report_faults([exc])
        raise CommandExit(EXIT_ENV) from None
    except ContentError as exc:
        for problem in exc.problems:
            say(problem.format_text())
        raise fail(f"the packs' content is invalid ({len(exc.problems)} problem(s))") from None
    except OverrideError as exc:
        raise fail_each(exc.problems) from None
    except SetupError as exc:
        raise fail(str(exc)) from None
    except Exception as exc:
        if isinstance(exc, (CommandExit, UsageError)):
            raise
        fault = blame(exc)
        if fault is None:
            raise
        report_faults([fault])
        raise CommandExit(EXIT_ENV) from None


@contextmanager
def interrupt_before_play(message: str = "interrupted before the game started: nothing was changed") -> Iterator[None]:
    """Ctrl-C before a game is under way (loading packs, replaying a save): a short message and
    exit code 130, never a traceback; nothing was changed, so nothing needs saving."""
    try:
        yield
    except KeyboardInterrupt:
        say(message)
        raise CommandExit(EXIT_INTERRUPTED) from None


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "error")`` → ``"1 error"``; ``plural(2, "error")`` → ``"2 errors"``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def jsonable(value: Any) -> Any:
    """Tuples to lists, recursively (for ``json.dumps`` with stable output)."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
