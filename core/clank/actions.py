"""Actions: small immutable values with a text form that round-trips.

``str(Action("move", ("de-03.hall", "k1", "0")))`` is ``"move de-03.hall k1 0"`` and
``Action.parse`` reads it back.
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """One choice a player can make: a kind and a tuple of string arguments."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(map(str, (self.kind, *self.args))) if self.args else str(self.kind)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form."""
        parts = text.split()
        if not parts:
            raise ValueError("empty action")
        return cls(parts[0], tuple(parts[1:]))


_new = tuple.__new__


def act(kind: str, *args: object) -> Action:
    """Build an action, converting every argument to text."""
    return _new(Action, (kind, tuple(map(str, args))))   # Action(kind, ...) without its __new__'s own frame


class IllegalAction(ValueError):
    """An action that is not legal now; the game state is unchanged."""

    def __init__(self, action: Action | str, reason: str) -> None:
        super().__init__(f"illegal action {str(action)!r}: {reason}")
        self.action = action
        self.reason = reason
