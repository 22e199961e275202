"""Token actions (G1, T14): use a "during your turn" token, cash a gold-value token."""

from __future__ import annotations

from clank.plugin import act


def use_actions(game, seat):
    toks = game.ruleset.tokens
    seen = []
    for t in game.player(seat).tokens:
        if toks[t].use and t not in seen and (toks[t].use_if is None or toks[t].use_if(game, seat)):
            seen.append(t)
    return [act("token", t) for t in sorted(seen)]


def use_apply(game, seat, action):
    token = action.args[0]
    game.player(seat).tokens.remove(token)
    game.state.token_box.append(token)
    game.say(f"{game.name(seat)} uses a {game.ruleset.tokens[token].name}.")
    game.push(game.ruleset.tokens[token].use, seat, token)


def cash_actions(game, seat):
    toks = game.ruleset.tokens
    return [act("cash", t) for t in sorted({t for t in game.player(seat).tokens if toks[t].worth_gold})]


def cash_apply(game, seat, action):
    token = action.args[0]
    game.player(seat).tokens.remove(token)
    game.state.token_box.append(token)
    game.gain(seat, "gold", game.ruleset.tokens[token].worth_gold)
