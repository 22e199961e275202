"""React (P15; expansions-design.md 5.7): the window is offered to the right seats at the right
moment, in turn order after the current player, and never to a player on their own turn; the
card waits in the play area and resolves at its owner's next turn start. Each React card of the
Party is played here through the public API, out of turn and on its owner's own turn."""

from __future__ import annotations

from clank.testing import mark_escaped, script_bag

from .conftest import Table


def react_offers(t: Table) -> list[tuple[int, str]]:
    """Answer ``no`` to every React offer now pending; return (seat, card) in the order offered."""
    seen = []
    while t.game.state.decision is not None and t.kind() == "react":
        seen.append((t.decider(), t.game.state.decision["card"]))
        t.do("no")
    return seen


def test_the_window_goes_to_other_seats_in_turn_order_never_the_current_player():
    """P15: when the current player acquires a row card, every other live seat holding a card
    that answers is offered it, in turn order from the next seat; the current player, who holds
    one too, is not (on one's own turn a React card is played like any card)."""
    t = Table(6)
    cur = t.seat
    for s in (cur, (cur + 2) % 6, (cur + 4) % 6):
        t.hand(s, "eavesdrop")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1")
    assert react_offers(t) == [((cur + 2) % 6, "eavesdrop"), ((cur + 4) % 6, "eavesdrop")]
    assert t.kind() == "main" and t.decider() == cur


def test_on_its_owners_turn_a_react_card_is_played_normally_without_a_draw():
    """P15: played from hand on one's own turn, Eavesdrop gives its 2 Skill now; nothing drawn."""
    t = Table(6)
    t.hand(t.seat, "eavesdrop", "burgle")
    t.do("play eavesdrop")
    assert t.p().pool["skill"] == 2 and t.p().hand == ["burgle"] and "eavesdrop" in t.p().play


def test_several_cards_and_a_drawn_replacement_answer_one_window():
    """P15 and 5.7 item 5: a player may react with several cards, each drawing its own
    replacement; a replacement that answers the same window is offered too."""
    t = Table(6)
    owner = t.other(1)
    t.hand(owner, "eavesdrop", "burgle")
    t.deck_top(owner, "eavesdrop", "stumble")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1")
    t.do("yes")                                 # the first Eavesdrop; the replacement is another
    assert t.kind() == "react" and t.decider() == owner
    t.do("yes")
    p = t.p(owner)
    assert p.play == ["eavesdrop", "eavesdrop"] and sorted(p.hand) == ["burgle", "stumble"]
    assert p.ext["party"]["deferred"] == ["eavesdrop", "eavesdrop"] and p.stats["react_plays"] == 2


def test_a_declined_condition_stays_armed_until_the_end_of_the_turn():
    """P15: 'at the moment of the condition or later in that same turn': a player who declined
    is offered the card again before the refill."""
    t = Table(6)
    owner = t.other(2)
    t.hand(owner, "eavesdrop")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1")
    assert react_offers(t) == [(owner, "eavesdrop")]
    t.end()
    assert t.kind() == "react" and t.decider() == owner
    t.do("yes")
    assert "eavesdrop" in t.p(owner).play


def test_the_card_waits_and_resolves_at_its_owners_next_turn_start_in_play_order():
    """P15, 5.7 items 3 and 7: nothing resolves at once; at the owner's next turn start the
    cards resolve in the order they were played, then are discarded at the end of that turn."""
    t = Table(6)
    owner = t.other(1)
    t.hand(owner, "opportunist", "eavesdrop")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1")
    t.do("yes")
    t.tile("de-01", 0, 2)
    t.at("de-01.throne")
    t.do(next(a for a in t.legal() if a.startswith("room artifact")))
    while t.kind() == "react":
        t.do("yes")
    p = t.p(owner)
    assert p.play == ["eavesdrop", "opportunist"] and p.pool.get("skill", 0) == 0 and p.gold == 0
    t.end()
    t.decline_all()
    assert t.game.state.current == owner
    assert p.pool["skill"] == 4 and p.gold == 1
    log = "\n".join(t.game.log)
    assert log.index("Eavesdrop takes effect") < log.index("Opportunist takes effect")
    t.end()
    assert "eavesdrop" in p.discard and "opportunist" in p.discard and not p.ext["party"]["deferred"]


def test_an_owner_who_is_out_before_their_turn_never_resolves_it():
    """5.7 item 7: a React card of a player who escapes or is knocked out before their next
    turn stays in the play area (an owned card) and never resolves."""
    t = Table(6)
    owner = t.other(1)
    t.hand(owner, "eavesdrop")
    t.quiet_row()
    t.res(skill=4)
    t.do("buy 1", "yes")
    mark_escaped(t.game, owner)
    t.end()
    t.decline_all()
    assert t.game.state.current == (owner + 1) % 6
    assert t.p(owner).play == ["eavesdrop"] and "eavesdrop" in t.game.owned_cards(owner)


def test_duck_and_cover_answers_a_dragon_attack_before_any_cube_is_drawn():
    """Duck and Cover, 5.7 item 7: 'a dragon attack begins' opens the window between turns,
    before the cubes are drawn; the player ending the turn is not offered it."""
    t = Table(6)
    ender, owner = t.seat, t.other(3)
    t.hand(owner, "duck-and-cover")
    t.hand(ender, "duck-and-cover")
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next("rose-quartz")                   # a dragon icon: the attack follows the refill
    bag = sum(t.game.state.bag.values())
    t.end()
    assert t.kind() == "react" and t.decider() == owner
    assert sum(t.game.state.bag.values()) == bag and "The dragon draws" not in "\n".join(t.game.log[-3:])
    t.do("yes")
    t.decline_all()
    assert "duck-and-cover" in t.p(owner).play and "duck-and-cover" in t.p(ender).hand + t.p(ender).deck
    assert any(line.startswith("The dragon draws") for line in t.game.log)


def test_no_window_for_an_out_players_draw():
    """5.7 item 7: an out player's draw of cubes (E4) is not 'a dragon attack begins'."""
    t = Table(6)
    out = t.other(1)
    mark_escaped(t.game, out)
    t.hand(t.other(2), "duck-and-cover")
    t.quiet_row()
    holder = t.other(2)
    t.end()
    assert t.game.state.decision is None and t.game.state.current == holder
    assert "The dragon draws 4 cube(s)" in "\n".join(t.game.log)
    assert "duck-and-cover" in t.p(holder).hand


def test_sentry_answers_a_monster_arriving_in_the_row_between_turns():
    """Sentry: a Monster card revealed by the refill opens its window for every other seat."""
    t = Table(6)
    ender, owner = t.seat, t.other(1)
    t.hand(owner, "sentry")
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next("ogre-bouncer")
    t.end()
    assert t.kind() == "react" and t.decider() == owner and t.game.state.current == ender
    t.do("yes")
    t.decline_all()
    assert t.game.state.current == owner and t.p(owner).pool["swords"] == 2 and t.p(owner).pool["skill"] == 1


def test_opportunist_answers_another_player_taking_an_artifact():
    """Opportunist: another player takes an artifact: +2 Skill and 1 gold on the owner's turn."""
    t = Table(6)
    owner = t.other(4)
    t.hand(owner, "opportunist")
    t.tile("de-01", 0, 2)
    t.at("de-01.throne")
    t.do(next(a for a in t.legal() if a.startswith("room artifact")))
    assert t.kind() == "react" and t.decider() == owner
    t.do("yes")
    assert "opportunist" in t.p(owner).play


def test_shadow_tail_answers_a_pawn_entering_the_owners_room_only():
    """Shadow Tail: another player's pawn enters the room the owner's pawn is in; a holder
    elsewhere is not offered it."""
    t = Table(6)
    here, away = t.other(1), t.other(2)
    t.hand(here, "shadow-tail")
    t.hand(away, "shadow-tail")
    t.at("st-a.gate", here)
    t.res(boots=1)
    t.do("move st-a#0 0")
    assert react_offers(t) == [(here, "shadow-tail")]


def test_react_cards_played_normally_on_their_owners_turn():
    """Each React card on its owner's turn: its play text now (Eavesdrop, Duck and Cover,
    Opportunist, Shadow Tail, Sentry)."""
    t = Table(6)
    t.hand(t.seat, "duck-and-cover", "opportunist", "shadow-tail", "sentry")
    for card in ("duck-and-cover", "opportunist", "shadow-tail", "sentry"):
        t.do(f"play {card}")
    pool = t.p().pool
    assert (pool["skill"], pool["swords"], pool["boots"], pool["gold"]) == (3, 2, 3, 1)


def test_script_bag_is_available(t):
    """(toolkit) the attack of a Duck and Cover test can be scripted."""
    script_bag(t.game, [])


def test_out_players_cannot_react():
    """P15 DEFAULT: out players (escaped or knocked out) are never offered a React window."""
    t = Table(6)
    out, live = t.other(1), t.other(2)
    t.hand(out, "sentry")
    t.hand(live, "sentry")
    mark_escaped(t.game, out)
    t.row(None, "swindle", "expert-guide", "bandit", "pillage", "payoff")
    t.deck_next("ogre-bouncer")
    t.end()
    assert react_offers(t) == [(live, "sentry")]
