"""Search bots (issue 10): determinisations of a seat's view and the information-set MCTS.

A determinisation must agree with everything the seat sees and depend on nothing it does not
see (where each hidden card, token and tile is); the search must return legal actions, be a
function of its seed with an iteration budget, and spend exactly that budget. Built on the
``catacombs`` pack, registered directly.
"""

from __future__ import annotations

import pytest
from clank.actions import Action
from clank.search import Budget, IsmctsBot, determinise, parse_budget
from clank.testing import state_problems
from clank_cli.main import app
from typer.testing import CliRunner

from .conftest import Kit


def _midgame(seed: int = 3, steps: int = 60):
    """A two-player game some way in, played by the greedy bot, stopped where the seat to
    decide has a choice and the other seat's deck holds a card its hand does not."""
    game = Kit().game(players=2, seed=seed)
    greedy = game.registry.bots["greedy"].factory(0)
    n = 0
    while True:
        seat = game.current_player
        other = game.player(1 - seat)
        if n >= steps and len(game.legal_actions()) > 1 and other.hand and set(other.deck) - {other.hand[0]}:
            return game
        game.apply(greedy.choose(game.view(seat)))
        n += 1


def test_a_determinisation_shows_the_seat_exactly_what_it_sees():
    """DESIGN §5: the seat's view of a determinisation is its view of the game, and the copy
    is a state a game can reach (cards, tokens and tiles conserved)."""
    game = _midgame()
    seat = game.current_player
    for seed in range(5):
        det = determinise(game.view(seat), seed)
        assert det.view_dict(seat) == game.view_dict(seat)
        assert det.legal_actions() == game.legal_actions()
        assert state_problems(det) == []
    assert game.state.to_dict() == _midgame().state.to_dict()        # the game itself is untouched


def test_a_determinisation_deals_the_hidden_information_again():
    """Other hands, the dungeon deck, the tile stacks and the generator are sampled, not read."""
    game = _midgame()
    seat = game.current_player
    other = 1 - seat
    dets = [determinise(game.view(seat), seed) for seed in range(8)]
    assert any(d.player(other).hand != game.player(other).hand for d in dets)
    assert any(d.state.dungeon_deck != game.state.dungeon_deck for d in dets)
    assert any(d.state.stacks != game.state.stacks for d in dets)
    assert all(d.state.rng != game.state.rng for d in dets)
    assert all(sorted(d.player(other).hand + d.player(other).deck)
               == sorted(game.player(other).hand + game.player(other).deck) for d in dets)
    assert all(d.player(seat).hand == game.player(seat).hand for d in dets)     # its own hand is known


def _rearranged(game):
    """The same game as its seat sees it, with every hidden thing in another place."""
    copy = game.clone()
    st = copy.state
    other = st.players[1 - game.current_player]
    k = next(i for i, c in enumerate(other.deck) if c != other.hand[0])   # a card the hand has not
    other.hand[0], other.deck[k] = other.deck[k], other.hand[0]
    st.dungeon_deck.reverse()
    for stack in st.stacks.values():
        stack.reverse()
    me = st.players[game.current_player]
    me.deck.reverse()
    st.rng ^= 0x5DEECE66D
    copy.changed()
    return copy


def test_a_determinisation_depends_on_nothing_the_seat_cannot_see():
    """Two games the seat cannot tell apart give the same determinisations."""
    game = _midgame()
    seat = game.current_player
    moved = _rearranged(game)
    assert moved.view_dict(seat) == game.view_dict(seat)
    assert moved.player(1 - seat).hand != game.player(1 - seat).hand
    for seed in range(3):
        assert determinise(moved.view(seat), seed).state.to_dict() == determinise(game.view(seat), seed).state.to_dict()


def test_budgets_read_as_iterations_or_milliseconds():
    assert parse_budget("200") == Budget(iterations=200) and str(parse_budget("200")) == "200"
    assert parse_budget("50ms") == Budget(ms=50.0) and str(parse_budget("50ms")) == "50ms"
    assert parse_budget(None, default=7) == Budget(iterations=7)
    for bad in ("0", "-3", "fast", "ms", "1.5", "0ms"):
        with pytest.raises(ValueError, match="iterations"):
            parse_budget(bad)


def _first(view) -> Action:
    return view.legal_actions()[0]


def _score(game, seat) -> float:
    """A toy evaluation: its gold against the others'."""
    mine = game.player(seat).gold
    return 0.5 + 0.05 * (mine - max(game.player(s).gold for s in range(len(game.state.players)) if s != seat))


def test_the_search_spends_its_budget_and_returns_a_legal_action():
    game = _midgame()
    seat = game.current_player
    bot = IsmctsBot(1, Budget(iterations=6), _first, _score)
    action = bot.choose(game.view(seat))
    assert action in game.legal_actions()
    assert bot.last_iterations == 6 and bot.stats["iterations"] == 6 and bot.stats["searched"] == 1
    timed = IsmctsBot(1, Budget(ms=1.0), _first, _score)
    assert timed.choose(game.view(seat)) in game.legal_actions() and timed.last_iterations >= 1


def test_the_search_is_a_function_of_its_seed():
    game = _midgame()
    view = game.view(game.current_player)
    picks = {str(IsmctsBot(9, Budget(iterations=12), _first, _score, prior=0.2).choose(view)) for _ in range(3)}
    assert len(picks) == 1


def test_a_decision_with_one_action_or_one_the_pack_autoplays_is_not_searched():
    game = _midgame()
    view = game.view(game.current_player)
    bot = IsmctsBot(1, Budget(iterations=50), _first, _score, autoplay=lambda v, a: True)
    assert bot.choose(view) == _first(view) and bot.last_iterations == 0 and bot.stats["searched"] == 0


def test_bots_with_a_parameter_are_named_name_colon_value():
    """``mcts:200``, ``mcts:50ms``; a bot without a parameter refuses one; a bad value is refused."""
    registry = Kit().game().registry
    assert registry.check_bot("mcts") is None and registry.check_bot("mcts:200") is None
    assert registry.check_bot("mcts:50ms") is None
    assert "takes no parameter" in registry.check_bot("greedy:3")
    assert "iterations" in registry.check_bot("mcts:lots")
    assert "unknown bot" in registry.check_bot("nobody")
    assert registry.make_bot("mcts:7", 1).budget == Budget(iterations=7)
    with pytest.raises(ValueError):
        registry.make_bot("greedy:3", 1)


def test_a_tiny_game_runs_to_the_end_from_the_command_line(tmp_path):
    out = tmp_path / "games.jsonl"
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--games", "1", "--players", "2", "--bot", "mcts:5,greedy",
                                 "--seed", "3", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert '"bot": "mcts:5"' in out.read_text()
    bad = runner.invoke(app, ["simulate", "--games", "1", "--players", "2", "--bot", "mcts:lots"])
    assert bad.exit_code == 2 and "iterations" in bad.output
