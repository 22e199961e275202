"""Content problems: one value per mistake found in a pack, and the error that carries them.

A :class:`Problem` knows where it is (file, 1-based line and column, JSON path inside the
file), how bad it is, which rule found it and what to say. Its text form is the one line
every checker of our field prints::

    packs/mine/cards.yaml:12:7: error[unknown-op]: unknown op 'gian' (did you mean 'gain'?) (at $[3].play[0])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

SEVERITIES = ("error", "warning")


@dataclass(frozen=True)
class Problem:
    """One mistake (or doubtful thing) in content, located in its file.

    ``line`` and ``col`` are 1-based; ``path`` is the JSON path of the offending value in
    its file (``$`` is the whole document, ``$[3].play[0]`` the first op of the fourth
    card); ``pack`` is the id of the pack the file belongs to, when known.
    """

    file: str
    line: int
    col: int
    severity: str
    rule: str
    message: str
    path: str = "$"
    pack: str | None = None

    def format_text(self) -> str:
        """Return ``file:line:col: severity[rule]: message (at $.path)``."""
        return f"{self.file}:{self.line}:{self.col}: {self.severity}[{self.rule}]: {self.message} (at {self.path})"

    def to_json(self) -> dict[str, Any]:
        """Return the problem as a plain JSON-ready mapping."""
        return asdict(self)

    @property
    def is_error(self) -> bool:
        """True for problems that make content invalid (not mere warnings)."""
        return self.severity == "error"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Order by file, line, column, then rule and message (deterministic)."""
        return (self.file, self.line, self.col, self.rule, self.message)


class ContentError(Exception):
    """Content failed to load; ``problems`` lists every problem found, sorted."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = sort_problems(problems)
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return "\n".join(p.format_text() for p in self.problems)


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Return the problems sorted by file, line, column (duplicates removed)."""
    return sorted(set(problems), key=Problem.sort_key)


def has_errors(problems: Iterable[Problem]) -> bool:
    """True when at least one problem is an error."""
    return any(p.is_error for p in problems)


def format_path(path: Sequence[str | int]) -> str:
    """Render a JSON path tuple as ``$[3].play[0]`` (keys that are not identifiers quoted)."""
    out = ["$"]
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part.isidentifier():
            out.append(f".{part}")
        else:
            out.append(f"[{part!r}]")
    return "".join(out)


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """Return `` (did you mean 'x'?)`` for the closest candidate, or an empty string (the same
    nearest name a pack's code is told of: :func:`clank.faults.nearest`)."""
    from clank.faults import did_you_mean as nearest_words

    return nearest_words(word, candidates)
