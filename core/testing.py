"""Testing helpers any pack can use: a self-test of the game contract and scenario builders.

``check_game`` plays seeded random games and checks what every game must do (OpenSpiel's
contract): playouts end, clones are independent, serialise→deserialise is identity, the same
seed gives the same game, and illegal actions raise and leave the state untouched.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from clank.actions import Action, IllegalAction
from clank.api import new_game
from clank.builtin import RandomBot
from clank.game.engine import Game
from clank.game.movement import place_tile as _place_tile
from clank.game.state import GameState


def state_json(game: Game) -> str:
    """A canonical JSON text of the whole state (for equality checks)."""
    return json.dumps(game.state.to_dict(), sort_keys=True)


def playout(game: Game, bot: Any, max_steps: int = 50000,
            after: Callable[[Game, Action], None] | None = None) -> int:
    """Let ``bot`` take every decision until the game ends; return the number of actions."""
    steps = 0
    while not game.over:
        if steps >= max_steps:
            raise AssertionError(f"game did not end within {max_steps} actions")
        action = bot.choose(game)
        game.apply(action)
        steps += 1
        if after is not None:
            after(game, action)
    return steps


def check_game(packs: Sequence[str] = ("catacombs",), players: int = 2, seeds: Sequence[int] = (0, 1),
               options: dict[str, Any] | None = None, modules: dict[str, Any] | None = None) -> None:
    """Self-test the game contract on seeded random playouts; raises AssertionError on failure.

    ``modules`` passes pack modules directly (see :func:`clank.api.load_packs`).
    """
    options = {"max_rounds": 60, **(options or {})}
    for seed in seeds:
        game = new_game(packs, players, seed, options, modules=modules)
        twin = new_game(packs, players, seed, options, modules=modules)
        assert state_json(game) == state_json(twin), "same seed must give the same setup"
        bot = RandomBot(seed)
        steps = 0
        while not game.over:
            legal = game.legal_actions()
            assert legal, "a running game must offer at least one legal action"
            assert legal == game.legal_actions(), "legal actions must be deterministic"
            if steps % 25 == 0:
                _check_roundtrip(game)
                _check_clone(game, legal)
                _check_illegal(game)
            action = bot.choose(game)
            game.apply(action)
            twin.apply(action)
            steps += 1
            assert steps < 50000, "random playout did not end"
        assert state_json(game) == state_json(twin), "same seed and actions must give the same game"
        assert game.legal_actions() == [], "a finished game has no legal actions"


def _check_roundtrip(game: Game) -> None:
    back = Game.from_json(game.ruleset, game.to_json())
    assert state_json(back) == state_json(game), "serialise → deserialise must be identity"
    assert back.legal_actions() == game.legal_actions(), "a restored game must offer the same actions"


def _check_clone(game: Game, legal: list[Action]) -> None:
    before = state_json(game)
    twin = game.clone()
    twin.apply(legal[-1])
    assert state_json(game) == before, "applying to a clone must not change the original"


def _check_illegal(game: Game) -> None:
    before = state_json(game)
    for bogus in (Action("play", ("no-such-card",)), Action("fly"), Action("option", ("99",))):
        if bogus in game.legal_actions():
            continue
        try:
            game.apply(bogus)
        except IllegalAction:
            pass
        else:  # pragma: no cover - only reached on an engine bug
            raise AssertionError(f"illegal action {bogus} was accepted")
        assert state_json(game) == before, "an illegal action must leave the state unchanged"


# -- scenario builders (tests put the game in a known position, then play through the API) ----
def set_hand(game: Game, seat: int, cards: Sequence[str]) -> None:
    """Replace a player's hand (the old hand goes to the bottom of the deck)."""
    p = game.player(seat)
    p.deck[0:0] = p.hand
    p.hand = list(cards)
    game._legal = None


def set_row(game: Game, cards: Sequence[str | None]) -> None:
    """Replace the dungeon row (old row cards go back to the deck bottom)."""
    st = game.state
    st.dungeon_deck[0:0] = [c for c in st.row if c is not None]
    st.row = list(cards)
    game._legal = None


def set_pool(game: Game, seat: int, **resources: int) -> None:
    """Set turn resources (skill, swords, boots) and supply values (gold, lockpicks)."""
    p = game.player(seat)
    for res, n in resources.items():
        if res in ("gold", "lockpicks", "cubes"):
            setattr(p, res, n)
        else:
            p.pool[res] = n
    game._legal = None


def put_pawn(game: Game, seat: int, room: str) -> None:
    """Move a pawn without entering (no entry triggers)."""
    game.player(seat).room = room
    game._legal = None


def place(game: Game, tile: str, x: int, y: int, rot: int = 0, region: str = "catacombs") -> None:
    """Place a tile from its stack at a position (its placement effects resolve)."""
    for stack in game.state.stacks.values():
        if tile in stack:
            stack.remove(tile)
    _place_tile(game, tile, x, y, rot, region, None)
    game.run()
    game._legal = None


def give_token(game: Game, seat: int, token: str) -> None:
    """Move a token from wherever it waits (pool, market board, artifact stack, a room) into a
    player's supply, without its immediate text."""
    st = game.state
    for pool in [*st.pools.values(), *st.market.values(), st.artifact_stack,
                 *[r.get("artifacts", []) for r in st.rooms.values()],
                 *[r.get("tokens", []) for r in st.rooms.values()]]:
        if token in pool:
            pool.remove(token)
            break
    else:
        raise AssertionError(f"no {token} left")
    p = game.player(seat)
    (p.artifacts if game.ruleset.tokens[token].pool == "artifact" else p.tokens).append(token)
    game._legal = None


def assert_refused(game: Game, action: str) -> str:
    """Assert ``action`` is not legal, is refused with a reason and leaves the state unchanged;
    return the reason."""
    before = state_json(game)
    assert action not in [str(a) for a in game.legal_actions()]
    try:
        game.apply(action)
    except IllegalAction as exc:
        assert state_json(game) == before, "a refused action changed the state"
        assert exc.reason
        return exc.reason
    raise AssertionError(f"{action!r} was accepted")


def answer(game: Game, *actions: str) -> None:
    """Apply actions given as text, in order."""
    for a in actions:
        game.apply(a)


def fresh_state_copy(game: Game) -> GameState:
    """A deep copy of the state, for before/after comparisons."""
    return game.state.clone()


__all__ = ["answer", "assert_refused", "check_game", "give_token", "fresh_state_copy", "place", "playout", "put_pawn", "set_hand",
           "set_pool", "set_row", "state_json"]
