"""Putting a game back as it was before an action that failed in a pack's code (or the
engine's), on the fault path only: the ordinary path copies nothing and records nothing.

A game is its record (DESIGN §5): configuration, seed and actions replay to the same state.
So when an action raises, the game is rebuilt from its configuration and the actions before
it, and the rebuilt game is *checked* before it replaces the broken one: the failed action is
tried again on a copy of it, and must fail the same way, leaving exactly the state the
failure left. A game whose state cannot be rebuilt so (a position arranged by editing the
state, a fault that does not happen again) is left as the failure left it, and the fault
says so (``restored=False``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from clank.faults import blame

if TYPE_CHECKING:
    from clank.game.table import Table


_local = threading.local()


def rebuilding() -> bool:
    """Whether this thread is rebuilding a game (a failure then is the rebuild's, not put back)."""
    return getattr(_local, "rebuilding", False)


def rebuilt(game: Table, actions: int) -> Table:
    """A new game set up as ``game`` was, with its first ``actions`` actions applied."""
    from clank.game import setup

    cfg = game.state.config
    names = [p.name for p in game.state.players]
    state = setup.new_state(game.ruleset, int(cfg["players"]), cfg["seed"], dict(cfg["options"]), names)
    fresh = type(game)(game.ruleset, state)
    setup.begin(fresh)
    for text in game.state.history[:actions]:
        fresh.apply(text)          # type: ignore[attr-defined]
    return fresh


def put_back(game: Table, actions: int, again: Callable[[Any], Any]) -> bool:
    """Put ``game`` back as it was after its first ``actions`` actions, once ``again(copy)``
    (what failed, done on a rebuilt copy) fails the same way; returns whether it was. While it
    works, a failure is raised as it is (never put back in turn)."""
    _local.rebuilding = True
    try:
        try:
            fresh = rebuilt(game, actions)
            probe = fresh.clone()  # type: ignore[attr-defined]
        except Exception:          # noqa: BLE001 - the fault happens while rebuilding: cannot put back
            return False
        try:
            again(probe)
        except Exception:          # noqa: BLE001 - the same failure, expected
            pass
        else:
            return False
    finally:
        _local.rebuilding = False
    if probe.state.to_dict() != game.state.to_dict():
        return False
    observers = game.observers
    vars(game).update(vars(fresh))
    game.observers = observers
    return True


def raise_fault(game: Table, error: Exception, actions: int, again: Callable[[Any], Any]) -> NoReturn:
    """Raise what ``error`` means, raised while ``game`` did something after its first
    ``actions`` actions (``again`` does it once more): the game is put back first; a pack's
    fault is raised as its :class:`~clank.faults.PackFault`, the engine's own error as it is,
    with a note saying whether the game was put back."""
    if rebuilding():
        raise error
    restored = put_back(game, actions, again)
    fault = blame(error, game.registry, restored=restored)
    if fault is not None:
        raise fault from error
    error.add_note("the game was put back as it was before the action" if restored
                   else "the game could not be put back as it was before the action")
    raise error
