"""The greedy bot in the Underworld (issue 7): it values undercoins, tolls, enhancers, the lyre,
fate cards and imps, goes down when it pays and climbs back to escape; simulated games use the
Underworld. The bot is the base game's; this pack teaches it through the values the base pack
declares (greedy_goals, greedy_costs, greedy_explore, greedy_action, greedy_answer)."""

from __future__ import annotations

from clank import new_game

HUB = "uw-start-a"


def choose(u, seat=None):
    seat = u.game.current_player if seat is None else seat
    return str(u.game.registry.bots["greedy"].factory(0).choose(u.game.view(seat)))


def test_greedy_goes_down_a_ladder_or_a_chute_for_the_lyre(u):
    """Without an artifact, the lyre below is a goal worth the way down: from the ladder room the
    bot heads down (by the ladder, or by the chute next door toward slot E, beside the lyre); from
    the chute room it goes down the chute."""
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    u.res(boots=1, undercoins=1)
    assert choose(u) in ("explore link:ladder0", "move ud-3#8 0")
    u.at("ud-3.chute")
    u.res(boots=1, undercoins=1)
    assert choose(u).startswith("explore link:chute")


def test_greedy_takes_the_lyre_fights_the_guardian_and_takes_an_enhancer(make):
    """Standing by the lyre it takes it; in the lair with 3 Swords it fights and takes both
    rewards; after someone else's defeat it takes a 1.5× enhancer."""
    u = make()
    u.at(f"{HUB}.lyre")
    assert choose(u) == "room lyre magic-lyre"
    u.at(f"{HUB}.lair")
    u.res(swords=3)
    assert choose(u) == "room guardian fight"
    u.do("room guardian fight")
    assert choose(u) == "both"
    v = make()
    v.room(f"{HUB}.lair").pop("guardian")
    v.at(f"{HUB}.lair")
    assert choose(v) == "room enhancers enhancer-1-5x"


def test_greedy_answers_a_fight_on_entry_with_its_swords(u):
    """Entering a harpy room with 2 Swords it fights (the undercoins and the trophy) rather than
    taking the damage."""
    u.at(f"{HUB}.lair")
    u.room(f"{HUB}.lair").pop("guardian")
    u.res(boots=1, swords=2)
    u.move_to(f"{HUB}.roost")
    assert choose(u) == "fight"


def test_greedy_keeps_the_fate_card_worth_most(u):
    """Of Temperance (4), The Hermit (7 only with 14 cards or fewer) and The Fool (10 with exactly
    two Stumbles: the starting deck has two) it keeps The Fool."""
    for card in ("fate-temperance", "fate-hermit", "fate-fool"):
        u.next_token("fate", card)
    u.fight("hollow-judge")
    assert choose(u) == "keep fate-fool"


def test_greedy_buys_a_river_lamp_for_its_undercoins(u):
    """With 7 gold in a regular market and no Crown or Backpack left it buys a River Lamp (5 points
    and 3 undercoins)."""
    u.place("su-1", 1, 0)
    u.at("su-1.market")
    u.res(gold=7)
    st = u.game.state
    st.token_box += [t for t in st.market["market"] if t.startswith(("crown", "backpack"))]
    st.market["market"] = [t for t in st.market["market"] if not t.startswith(("crown", "backpack"))]
    assert choose(u) == "room market river-lamp"


def test_greedy_climbs_back_to_escape_with_its_artifact(u):
    """Holding the lyre at the gate, it leaves the Underworld (the return portal or a ladder) for the
    Crypt."""
    u.me.artifacts.append("magic-lyre")
    u.room(f"{HUB}.lyre")["lyre"].clear()
    u.at(f"{HUB}.gate")
    u.res(boots=2)
    action = choose(u)
    assert action.startswith(("portal", "move"))
    u.do(action)
    assert u.game.tile_of_room(u.me.room).region == "catacombs" or u.me.room != f"{HUB}.gate"


def _seeks_lyre(u, seat=None) -> bool:
    from clank_underworld.bot import goals

    seat = u.game.current_player if seat is None else seat
    return f"{HUB}.lyre" in goals(u.game.view(seat), {}, seat)


def test_greedy_hurt_below_still_goes_for_the_lyre(u):
    """A bot already below keeps going for the lyre with 5 damage (turning back without an artifact
    leaves it far from every other one); on the surface 5 damage keeps it from going down."""
    u.at(f"{HUB}.gate")
    assert _seeks_lyre(u)
    u.hurt(5)
    assert _seeks_lyre(u)
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    assert not _seeks_lyre(u)


def test_greedy_does_not_follow_a_rival_down_for_the_lyre(u):
    """A rival with no artifact is already below: the lyre will most likely be gone when this bot
    gets there, so it is no goal; once the rival holds an artifact it is one again."""
    me = u.game.current_player
    rival = 1 - me
    u.place("ud-3", 1, 0)
    u.at("ud-3.ladder")
    assert _seeks_lyre(u)
    u.at(f"{HUB}.gate", seat=rival)
    assert not _seeks_lyre(u)
    u.game.player(rival).artifacts.append(u.game.state.artifact_stack.pop())
    u.game.changed()
    assert _seeks_lyre(u)


def test_greedy_values_sword_cards_more_with_the_underworld():
    """The base pack folds ``greedy_card_values`` once per ruleset: with the Underworld a card
    giving 2 Swords (Mercenary) is worth 2 more, one giving none (Explore) the same; without the
    Underworld's area the values are the base game's."""
    import clank_catacombs.greedy as greedy

    with_uw = new_game(["catacombs", "underworld"], 2, 1)
    base = new_game(["catacombs"], 2, 1)
    plain_values = greedy._card_values(base.view(0))
    uw_values = greedy._card_values(with_uw.view(0))
    assert uw_values["mercenary"] == plain_values["mercenary"] + 2.0
    assert uw_values["explore"] == plain_values["explore"]
    assert uw_values["sneak-attack"] == plain_values["sneak-attack"] + 3.0


def test_greedy_does_not_explore_the_underworld_for_artifacts(u):
    """No artifact waits to be discovered below: the bot does not wander off the hub to explore."""
    u.me.artifacts.append(u.game.state.artifact_stack.pop())
    u.me.tokens.append("backpack")
    u.game.state.market["market"].remove("backpack")
    u.at(f"{HUB}.prison")
    u.res(boots=1)
    assert not choose(u).startswith("explore")


def test_greedy_games_use_the_underworld():
    """Greedy bots playing whole games go below in most of them, pay tolls and take its rewards."""
    below = tolls = 0
    games = 12
    for seed in range(games):
        game = new_game(["catacombs", "underworld"], 4, 500 + seed)
        bots = [game.registry.bots["greedy"].factory(seed * 16 + i) for i in range(4)]
        while not game.over:
            game.apply(bots[game.current_player].choose(game.view(game.current_player)))
        stats = [p.stats for p in game.state.players]
        below += any(s.get("underworld_turns") for s in stats)
        tolls += any(s.get("tolls_paid") for s in stats)
    assert below > games // 2 and tolls >= games // 3
