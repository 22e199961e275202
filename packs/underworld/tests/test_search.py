"""Search bots in the Underworld (issue 10): a fate card another seat holds face down (U12) is
dealt again with the fate deck in a determinisation, never read; the ``mcts`` bot plays here."""

from __future__ import annotations

from clank import new_game
from clank.plugin import determinise
from clank.testing import give_token, state_problems

PACKS = ["catacombs", "underworld"]


def test_a_hidden_fate_card_of_another_seat_is_dealt_again_with_the_fate_deck():
    game = new_game(PACKS, players=2, seed=0)
    seat = game.current_player
    other = 1 - seat
    fate = game.state.pools["fate"]
    held = next(t for t in reversed(fate) if game.ruleset.tokens[t].hidden)
    give_token(game, other, held)
    assert game.view(seat).player(other).tokens.count("hidden") == 1
    unseen = sorted([held, *game.state.pools["fate"]])
    seen = set()
    for seed in range(8):
        det = determinise(game.view(seat), seed)
        hidden = [t for t in det.player(other).tokens if det.ruleset.tokens[t].hidden]
        assert len(hidden) == 1 and sorted(hidden + det.state.pools["fate"]) == unseen
        assert det.view_dict(seat) == game.view_dict(seat) and state_problems(det) == []
        seen.add(hidden[0])
    assert len(seen) > 1                                       # not the card the other seat holds
    mine = determinise(game.view(other), 0)
    assert held in mine.player(other).tokens                   # a seat knows its own fate card


def test_the_mcts_bot_plays_with_the_underworld():
    game = new_game(PACKS, players=2, seed=2)
    bots = [game.registry.make_bot("mcts:3", s) for s in (1, 2)]
    for _ in range(40):
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)
