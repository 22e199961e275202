"""Playing a game with the invariant checks on, to find what content breaks only in play.

:func:`play_checked` sets up a game and lets bots play it to the end, checking after every
action what any reachable state keeps (:mod:`clank.game.audit`: cards, tokens and cubes that add
up, resources and health in range ...) and, every few actions, the game contract (a game saved
and restored is the same game, a clone is independent). The first failure stops the game and
comes back as a :class:`PlayFault`: which action failed, in words, and what it involved (the
cards, tokens and tiles named by the action, the decision and the effect being resolved, and
the line of a pack's code that raised), so a front end can point at the content item.

``clank validate --play N`` plays N such games; ``clank simulate --check`` replays one.
"""

from __future__ import annotations

import json
import sysconfig
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from clank.actions import Action, IllegalAction
from clank.api import new_game
from clank.faults import PackFault
from clank.game import audit
from clank.game.engine import Game

CONTRACT_EVERY = 25
"""Actions between two checks of the game contract (save and restore, clone)."""
MAX_ACTIONS = 50_000
"""A game still running after this many actions is stuck (the round cap should end it)."""
SETUP, ERROR, INVARIANT, CONTRACT, STUCK = "setup", "error", "invariant", "contract", "stuck"
_NAMES = ("src", "card", "cid", "token", "tile", "item", "tid")
"""Local variables of the failing code whose value may name the content item involved."""
_CORE = Path(__file__).resolve().parent
_LIBRARIES = tuple(Path(p).resolve() for p in {sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]})


class GameFault(RuntimeError):
    """A game failed with the invariant checks on (:class:`PlayFault` in ``fault``)."""

    def __init__(self, fault: PlayFault) -> None:
        super().__init__(fault.describe())
        self.fault = fault

    def __reduce__(self) -> tuple[Any, ...]:      # crosses process boundaries (clank simulate --jobs)
        return (GameFault, (self.fault,))


@dataclass(frozen=True)
class PlayFault:
    """How a checked game failed.

    ``kind``: ``setup`` (the game could not be set up), ``error`` (the engine or a pack raised),
    ``invariant`` (a state no legal game reaches), ``contract`` (saving, restoring or cloning
    changed the game), ``stuck`` (no legal action, or no end in sight). ``step`` is the number
    of actions applied before the failing one, ``action`` its text and ``seat`` who chose it
    (``None`` at setup). ``items`` are the ids of the cards, tokens and tiles involved, the most
    specific first; ``code`` the innermost line of a pack's code that raised, as
    ``(file, line)``.
    """

    seed: int
    players: int
    kind: str
    message: str
    step: int = 0
    action: str | None = None
    seat: int | None = None
    items: tuple[str, ...] = ()
    code: tuple[str, int] | None = None

    def describe(self) -> str:
        """One line: what failed, at which action."""
        where = (f"at action {self.step + 1} ({self.action!r} by P{(self.seat or 0) + 1})" if self.action is not None
                 else "at setup" if self.kind == SETUP else f"after action {self.step}")
        return f"{self.kind} {where}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The fault as plain JSON-ready data."""
        return {"seed": self.seed, "players": self.players, "kind": self.kind, "message": self.message,
                "step": self.step, "action": self.action, "seat": self.seat, "items": list(self.items),
                "code": None if self.code is None else {"file": self.code[0], "line": self.code[1]}}


Bots = Callable[[Game], dict[int, Any]]
"""Makes the bots of a game, one per seat: ``bots(game) -> {seat: bot}``."""


def play_checked(packs: Iterable[str], players: int, seed: int, options: dict[str, Any], bots: Bots,
                 *, contract_every: int = CONTRACT_EVERY, max_actions: int = MAX_ACTIONS) -> PlayFault | None:
    """Set up a game of ``packs`` and let ``bots`` play it to the end with every check on
    (:func:`check_play`); the first failure as a :class:`PlayFault`, or ``None`` when the game
    ended well. A game that cannot be set up is a ``setup`` fault."""
    try:
        game = new_game(list(packs), players, seed, options)
        chosen = bots(game)
    except Exception as exc:   # setup: the content may be what fails
        return _fault(seed, players, SETUP, exc, None, 0, None, None)
    return check_play(game, chosen, contract_every=contract_every, max_actions=max_actions)


def check_play(game: Game, bots: dict[int, Any], *, contract_every: int = CONTRACT_EVERY,
               max_actions: int = MAX_ACTIONS) -> PlayFault | None:
    """Let ``bots`` (one per seat, each choosing from its seat's view) play ``game`` to the end,
    checking the invariants after every action and the game contract every ``contract_every``
    actions; the first failure as a :class:`PlayFault`, or ``None`` when the game ended well."""
    seed, players = int(game.state.config["seed"]), len(game.state.players)
    step = 0
    while not game.over:
        seat = game.current_player
        legal = game.legal_actions()
        if seat is None or not legal:
            return PlayFault(seed, players, STUCK, "the game is not over but offers no legal action", step)
        if step >= max_actions:
            return PlayFault(seed, players, STUCK, f"the game did not end within {max_actions} actions", step)
        decision = game.state.decision
        action: Action | None = None
        try:
            action = bots[seat].choose(game.view(seat))
            game.apply(action)
        except Exception as exc:
            return _fault(seed, players, ERROR, exc, game, step, action, seat, decision)
        wrong = audit.problems(game)
        if wrong:
            more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
            return PlayFault(seed, players, INVARIANT, wrong[0] + more, step, str(action), seat,
                             _involved(game, action, decision, None))
        step += 1
        if contract_every and step % contract_every == 0:
            broken = contract_problem(game)
            if broken:
                return PlayFault(seed, players, CONTRACT, broken, step - 1, str(action), seat,
                                 _involved(game, action, decision, None))
    return None


def contract_problem(game: Game) -> str | None:
    """What the game contract breaks now, in words (``None``: nothing): listing the legal actions
    changes nothing; a saved and restored game is the same game with the same legal actions; a
    clone is independent of the original."""
    before = _state(game)
    probe = game.clone()               # a clone lists afresh (the game's own listing may be kept)
    probe.legal_actions()
    legal = game.legal_actions()
    if _state(probe) != before or _state(game) != before:
        return "listing the legal actions changes the game's state"
    back = Game.from_json(game.ruleset, game.to_json())
    if _state(back) != before:
        return "saving and restoring the game changes its state"
    if back.legal_actions() != legal:
        return "a restored game offers other legal actions"
    if legal:
        twin = game.clone()
        twin.apply(legal[-1])
        if _state(game) != before:
            return f"applying {legal[-1]} to a clone changed the original game"
    return None


def _state(game: Game) -> str:
    return json.dumps(game.state.to_dict(), sort_keys=True)


def _fault(seed: int, players: int, kind: str, exc: BaseException, game: Game | None, step: int,
           action: Action | None, seat: int | None, decision: dict[str, Any] | None = None) -> PlayFault:
    if isinstance(exc, PackFault) and exc.error is not None:   # the game was put back: the pack's own error
        exc = exc.error
    text = str(exc) if not isinstance(exc, IllegalAction) else f"the bot chose an illegal action: {exc}"
    message = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    items = _involved(game, action, decision, exc.__traceback__) if game is not None else _traced(exc.__traceback__)
    return PlayFault(seed, players, kind, message, step, None if action is None else str(action), seat,
                     items, pack_code(exc.__traceback__))


def _involved(game: Game, action: Action | None, decision: dict[str, Any] | None,
              tb: TracebackType | None) -> tuple[str, ...]:
    """The content ids the failure involved: what the failing code held, the decision's source,
    the action's arguments (only ids of the game's cards, tokens and tiles)."""
    rs = game.ruleset
    known = {**rs.cards, **rs.tokens, **rs.tiles}
    found = list(_traced(tb))
    if decision is not None and isinstance(decision.get("src"), str):
        found.append(decision["src"])
    if action is not None:
        found += [str(a) for a in action.args]
    out = []
    for name in found:
        name = name.partition(".")[0] if name not in known else name    # a room: its tile
        if name in known and name not in out:
            out.append(name)
    return tuple(out)


def _traced(tb: TracebackType | None) -> tuple[str, ...]:
    """Strings the failing frames held in variables that name content, innermost first."""
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    out: list[str] = []
    for frame in reversed(frames):
        values = [frame.f_locals.get(n) for n in _NAMES]
        ctx = frame.f_locals.get("ctx")
        values.append(getattr(ctx, "src", None))
        out += [v for v in values if isinstance(v, str) and v]
    return tuple(dict.fromkeys(out))


def pack_code(tb: TracebackType | None) -> tuple[str, int] | None:
    """The innermost frame of a traceback in a pack's code (not the engine, its front ends,
    Python's library or another installed library): ``(file, line)``."""
    found = None
    while tb is not None:
        path = Path(tb.tb_frame.f_code.co_filename).resolve()
        if _in_pack(path):
            found = (str(path), tb.tb_lineno)
        tb = tb.tb_next
    return found


def _in_pack(path: Path) -> bool:
    if path.is_relative_to(_CORE) or any(path.is_relative_to(lib) for lib in _LIBRARIES):
        return False
    if any(part in ("clank_cli", "clank_web") for part in path.parts):
        return False
    if "site-packages" in path.parts or "dist-packages" in path.parts:    # an installed library, or a pack
        return any(part.startswith("clank_") for part in path.parts)
    return True


__all__ = ["CONTRACT", "CONTRACT_EVERY", "ERROR", "INVARIANT", "MAX_ACTIONS", "SETUP", "STUCK", "GameFault",
           "PlayFault", "check_play", "contract_problem", "pack_code", "play_checked"]
