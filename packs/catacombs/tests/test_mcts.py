"""The ``mcts`` bot (issue 10): legal, reproducible, within its budget, blind to what its seat
may not see (the whole game from the command line, ``--bot mcts:5``, is in tests/test_search.py)."""

from __future__ import annotations

from clank import new_game
from clank.plugin import Budget
from clank_catacombs.mcts import MctsBot, evaluate


def _position(seed: int = 4, steps: int = 50):
    """A two-player game played by the greedy bot until the seat to decide has a real choice
    (not a card to play) and the other seat's deck holds a card its hand does not."""
    game = new_game(["catacombs"], players=2, seed=seed)
    greedy = game.registry.bots["greedy"].factory(0)
    n = 0
    while True:
        seat = game.current_player
        other = game.player(1 - seat)
        acts = game.legal_actions()
        if (n >= steps and len(acts) > 1 and not any(a.kind == "play" for a in acts)
                and other.hand and set(other.deck) - {other.hand[0]}):
            return game
        game.apply(greedy.choose(game.view(seat)))
        n += 1


def test_its_actions_are_legal_and_a_function_of_its_seed():
    def run() -> list[str]:
        game = new_game(["catacombs"], players=2, seed=11)
        bots = [MctsBot(s, 3) for s in (5, 6)]
        for _ in range(40):
            if game.over:
                break
            seat = game.current_player
            action = bots[seat].choose(game.view(seat))
            assert action in game.legal_actions()
            game.apply(action)
        return game.state.history

    assert run() == run()


def test_it_spends_its_budget_on_real_choices_only():
    game = _position()
    bot = MctsBot(1, "5")
    assert bot.budget == Budget(iterations=5)
    bot.choose(game.view(game.current_player))
    assert bot.last_iterations == 5 and bot.stats["searched"] == 1
    assert MctsBot(1).budget == Budget(iterations=200) and MctsBot(1, "20ms").budget == Budget(ms=20.0)


def test_it_never_reads_what_its_seat_may_not_see():
    """Moving the other seat's cards between hand and deck, reordering the dungeon deck, the
    tile stacks and the generator in the real game (the seat's view unchanged) changes nothing."""
    game = _position()
    seat = game.current_player
    moved = game.clone()
    st = moved.state
    other = st.players[1 - seat]
    k = next(i for i, c in enumerate(other.deck) if c != other.hand[0])
    other.hand[0], other.deck[k] = other.deck[k], other.hand[0]
    st.dungeon_deck.reverse()
    for stack in st.stacks.values():
        stack.reverse()
    st.rng ^= 0xABCDEF
    moved.changed()
    assert moved.view_dict(seat) == game.view_dict(seat)
    a = MctsBot(3, 12)
    b = MctsBot(3, 12)
    assert a.choose(game.view(seat)) == b.choose(moved.view(seat))


def test_its_evaluation_ranks_the_final_result():
    game = _position()
    assert 0.0 < evaluate(game, 0) < 1.0 and abs(evaluate(game, 0) + evaluate(game, 1) - 1.0) < 1e-9
