"""The game: the public API (decision, legal actions, apply, clone, serialise, views, scores)
on top of the :class:`~clank.game.table.Table` and the rule modules, and the rules the table
declares for packs, each carried out by its rule module.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from clank.actions import Action, IllegalAction
from clank.game import audit, decisions, dragon, lookback, markets, movement, rollback, scoring, turn
from clank.game.ruleset import Ruleset
from clank.game.state import GameState, check_references
from clank.game.table import Table
from clank.game.view import SeatView, StateView, view_dict

if TYPE_CHECKING:
    from clank.dungeon import Route, Segment
    from clank.game.cost import Cost
    from clank.game.state import PlacedTile
    from clank.registry import Entry

SAVE_FORMAT = 2
_TEXTS: dict[Action, str] = {}     # action (of text arguments) -> its text: the history's strings are shared


def state_sha256(state: dict[str, Any]) -> str:
    """The SHA-256 of a state's canonical JSON (sorted keys)."""
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def _all_text(args: tuple) -> bool:
    """Whether every argument is a ``str`` (a loop, not all() over a generator)."""
    for a in args:
        if type(a) is not str:
            return False
    return True


class Game(Table):
    """One game: a :class:`Ruleset` (shared, immutable) and a :class:`GameState` (plain data).

    The contract of a game (OpenSpiel's): :attr:`current_player`, :meth:`legal_actions` (a
    deterministic order), :meth:`apply` (raises :class:`IllegalAction` and changes nothing on
    an illegal action), :meth:`clone`, :attr:`over`, :meth:`scores`, :meth:`to_json` /
    :meth:`from_json`, and :meth:`view` for what one seat may see.
    """

    # ======================================================================================
    # Public API
    # ======================================================================================
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (any seat, on any seat's turn), or None when over."""
        if self.state.over:
            return None
        if self.state.decision is not None:
            return self.state.decision["seat"]
        return self.state.current

    @property
    def decision_kind(self) -> str:
        """The kind of :meth:`decision` (``main``, ``orient``, ``choose`` ..., ``over``), without
        wording its prompt."""
        if self.state.over:
            return "over"
        d = self.state.decision
        return "main" if d is None else d["kind"]

    def decision(self) -> dict[str, Any]:
        """What is being decided: ``{"seat", "kind", "prompt"}`` (kind ``main`` for DP2)."""
        if self.state.over:
            return {"seat": None, "kind": "over", "prompt": "the game is over"}
        d = self.state.decision
        if d is None:
            return {"seat": self.state.current, "kind": "main", "prompt": turn.prompt(self)}
        return {"seat": d["seat"], "kind": d["kind"], "prompt": decisions.prompt(self, d)}

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a deterministic order."""
        return self._legal_table()[1]

    def _legal_table(self) -> tuple[int, list[Action], list[Any]]:
        key = len(self.state.history)
        cached = self._legal
        if cached is not None and cached[0] == key:
            return cached
        how: list[Any] = []
        try:
            if self.state.over:
                acts: list[Action] = []
            elif self.state.decision is not None:
                acts = decisions.legal(self, self.state.decision)
            else:
                acts, how = turn.legal(self)
        except Exception as exc:   # a pack's fault in listing the actions
            rollback.raise_fault(self, exc, key, lambda game: game.legal_actions())
        self._legal = (key, acts, how)
        return self._legal

    def apply(self, action: Action | str) -> None:
        """Apply a legal action; anything else raises :class:`IllegalAction` and changes nothing.

        An action that fails in a pack's code raises the pack's :class:`~clank.faults.PackFault`
        after the game is put back as it was before the action (``restored``; see
        :mod:`clank.game.rollback`), as an illegal action leaves it."""
        if type(action) is not Action:
            action = self._as_action(action)
        st = self.state
        if st.over:
            raise IllegalAction(action, "the game is over")
        d = st.decision
        applier = turn.play_applier(self, action) if action.kind == "play" else None
        if applier is None:                # anything but a play from the hand: list, then look up
            _, legal, how = self._legal_table()
            try:
                i = legal.index(action)
            except ValueError:
                raise IllegalAction(action, self.explain(action)) from None
            if how:                        # the main decision's appliers (a pending decision resolves)
                applier = how[i]
        text = _TEXTS.get(action)
        if text is None:
            text = str(action)
            if type(action.kind) is str and _all_text(action.args):   # 1 == 1.0: texts differ
                if len(_TEXTS) > 100_000:
                    _TEXTS.clear()
                _TEXTS[action] = text
        st.history.append(text)
        self._legal = None
        self._open = None                  # close_log_line(): what follows starts lines of its own
        try:
            if d is not None:
                st.decision = None
                decisions.resolve(self, d, action)
            else:
                applier(self, st.current, action)   # type: ignore[misc]  # the listing's, with no decision
            self.run()
            if self.ruleset.looking_back_by_action:
                memo = self.lookback_memo  # nothing worth sampling this turn and row: no call (lookback.relevant)
                if memo is None or memo[2] or memo[0] != st.turn_no or memo[1] != st.row:
                    lookback.note_after_action(self)   # C11a: what holds after the action held this turn
        except Exception as exc:   # a pack's fault (or the engine's): the game is put back first
            rollback.raise_fault(self, exc, len(self.state.history) - 1, lambda game: game.apply(text))

    @staticmethod
    def _as_action(action: Any) -> Action:
        if isinstance(action, str):
            try:
                return Action.parse(action)
            except ValueError as exc:      # an empty text is refused like any illegal action
                raise IllegalAction(action, str(exc)) from None
        if type(action) is not Action:
            raise IllegalAction(str(action), "not an action: give an Action from legal_actions() or its text")
        return action

    def explain(self, action: Action) -> str:
        """Why an action is not legal now (best effort, in words)."""
        d = self.decision()
        if d["kind"] not in ("main", "orient"):
            return f"seat {d['seat']} must first decide: {d['prompt']}"
        try:
            return turn.explain(self, action)
        except Exception:   # an odd action must still be refused with words, never crash
            return f"{action} is not a legal action now"

    def clone(self) -> Game:
        """An independent copy sharing the ruleset (and the connectivity of the tiles, which
        only a placement or a rotation changes)."""
        copy = Game(self.ruleset, self.state.clone())
        if self._geometry is not None:
            copy._geometry = self._geometry.fork(copy.state.tiles)
        copy.lookback_memo = self.lookback_memo     # immutable: shared
        copy.row_memo, copy.reserve_memo = self.row_memo, self.reserve_memo   # the same: each names what it was made for
        return copy

    def to_json(self) -> str:
        """The whole state as JSON text, with the SHA-256 of the state (an edited save is refused)."""
        state = self.state.to_dict()
        return json.dumps({"format": SAVE_FORMAT, "packs": self.ruleset.pack_versions, "state": state,
                           "sha256": state_sha256(state)}, separators=(",", ":"))

    @classmethod
    def from_json(cls, ruleset: Ruleset, text: str) -> Game:
        """Rebuild a game saved with :meth:`to_json`; raises ``ValueError`` naming what is wrong
        when the text is not a save, was edited (its digest does not match), names things the
        packs do not define, or breaks the game's invariants (cards, tokens and cubes that do
        not add up, resources or health out of range, too many artifacts ...)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved game: {exc}") from exc
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or "state" not in data:
            raise ValueError("not a saved game of this engine (format field missing or unknown)")
        if data.get("packs") != ruleset.pack_versions:
            raise ValueError(f"saved with packs {data.get('packs')}, loaded {ruleset.pack_versions}")
        if "sha256" in data and data["sha256"] != state_sha256(data["state"]):
            raise ValueError("the saved state was changed after it was saved (its SHA-256 does not match)")
        state = GameState.from_dict(data["state"], owned=True)   # parsed here: nobody else holds it
        check_references(state, ruleset, ruleset.registry.steps)
        game = cls(ruleset, state)
        wrong = audit.problems(game)
        if wrong:
            raise ValueError("the saved state is not one a game can reach: " + "; ".join(wrong[:8])
                             + (f" (and {len(wrong) - 8} more)" if len(wrong) > 8 else ""))
        return game

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (DESIGN §5): a read-only :class:`SeatView` of the game without
        hidden information (``seat=None``: a spectator). Bots and front ends get this, never
        the game. ``view(seat).to_dict()`` is the JSON form."""
        return SeatView(self, seat)

    def state_view(self, seat: int | None) -> StateView:
        """:meth:`view` for a reader of this state only (:class:`~clank.game.view.StateView`: each
        seat's public face made once); a new one is needed once the game changes."""
        return StateView(self, seat)

    def view_dict(self, seat: int | None) -> dict[str, Any]:
        """The JSON form of :meth:`view` (the state without what ``seat`` may not see)."""
        return view_dict(self, seat)

    def scores(self) -> list[dict[str, Any]]:     # (declared and documented by the table)
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def dragon_outlook(self) -> dragon.DragonOutlook:
        return dragon.outlook(self)

    @property
    def log(self) -> list[str]:
        """The event log, in words a player understands."""
        return self.state.log

    # ======================================================================================
    # Rules packs call: the table declares (and documents) them, the rule modules carry them out
    # ======================================================================================
    def enter_room(self, seat: int, room_id: str) -> None:
        movement.enter_room(self, seat, room_id)

    def place_tile(self, tile: str, x: int, y: int, rot: int, region: str, seat: int | None,
                   slot: str = "") -> None:
        movement.place_tile(self, tile, x, y, rot, region, seat, slot)

    def place_in_slot(self, tile: str, region: str, slot: str, seat: int | None) -> None:
        x, y = self.ruleset.regions[region].slots[slot]
        movement.place_tile(self, tile, x, y, 0, region, seat, slot)

    def may_enter(self, seat: int, room_id: str, entry: Entry | None = None) -> str | None:
        return movement.may_enter(self, seat, room_id, entry)

    def teleport_targets(self, seat: int, kind: str) -> list[str]:
        return movement.teleport_targets(self, seat, kind)

    def discovery_ok(self, region: str, x: int, y: int) -> bool:
        return movement.cell_discoverable(self, region, x, y)

    def slot_discoverable(self, region: str, slot: str) -> bool:
        return movement.slot_discoverable(self, region, slot)

    def placement_ok(self, placed: PlacedTile, to: tuple | None = None) -> bool:
        return movement.placement_ok(self, placed, to)

    def path_cost(self, segments: Iterable[Segment]) -> Cost:
        return movement.path_cost(self, self.geometry, segments)

    def route_cost(self, route: Route) -> Cost:
        fixed = route.fixed                # a route whose icons read nothing: priced for good
        if fixed is not None:
            return fixed
        geo = self._geometry if self._geometry is not None else self.geometry
        return movement.route_cost(self, geo, route)

    def link_routes(self, room: str | None) -> list[tuple[str, str, Cost]]:
        return movement.link_routes(self, room)

    def link_openings(self, room: str | None) -> list[tuple[str, str, Cost]]:
        return movement.link_openings(self, room)

    def pay_then(self, seat: int, cost: dict[str, int], step: str, data: dict[str, Any], *, item: str = "",
                 purpose: str = "") -> None:
        markets.pay_then(self, seat, cost, step, data, item, purpose)

    def ask_pick(self, seat: int, src: str, purpose: str, zones: list[str], count: int, *,
                 card: str | None = None, optional: bool = False, minimum: int | None = None,
                 then: tuple[int, ...] = ()) -> None:
        decisions.ask_pick(self, seat, src, purpose, zones, count, card=card, optional=optional,
                           minimum=minimum, then=then)

    def offer_reactions(self, seat: int, event: str, label: str, **data: Any) -> None:
        decisions.offer_reactions(self, seat, event, label, **data)
