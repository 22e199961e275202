"""The greedy bot's heuristics (issue: builds its deck, manages Clank!, takes an artifact and
escapes). Each test sets a position and checks the bot's choice through the public API."""

from __future__ import annotations

from clank.testing import playout
from clank_catacombs.greedy import GreedyBot

from .conftest import Table


def test_takes_an_artifact_it_stands_by():
    """A13: in a room with an artifact and room to carry it, the bot takes it first."""
    t = Table()
    t.tile("su-4", -1, 1)
    room = next(r for r, st in t.game.state.rooms.items() if st.get("artifacts"))
    t.at(room)
    t.hand("burgle")
    assert str(GreedyBot(0).choose(t.game.view(t.game.current_player))).startswith("room artifact")


def test_plays_its_hand_before_anything_else():
    """T4: every card is played; the bot plays before buying or moving."""
    t = Table()
    t.hand("burgle", "sidestep")
    t.res(skill=5, boots=2)
    assert GreedyBot(0).choose(t.game.view(t.game.current_player)).kind == "play"


def _own_clank(t: Table, n: int) -> None:
    """Exactly ``n`` of the current player's cubes in the Clank! area (conserving cubes)."""
    area = t.game.state.clank_area
    t.me.cubes += area.get(str(t.seat), 0) - n
    area[str(t.seat)] = n
    t.game.changed()


def test_uses_a_device_to_remove_its_clank_when_cubes_pile_up():
    """Manages Clank!: with CLANK_PILE of its cubes in the Clank! area it uses Darkened Alcove (-2)."""
    from clank_catacombs.greedy import CLANK_PILE

    t = Table()
    t.safe_row()
    t.row_slot("darkened-alcove", 0)
    _own_clank(t, CLANK_PILE)
    t.res(skill=2)
    action = GreedyBot(0).choose(t.game.view(t.game.current_player))
    assert str(action) == "use 0"
    t.do(str(action))
    assert t.clank() == CLANK_PILE - 2


def test_leaves_the_device_alone_when_quiet():
    """With no cubes in the Clank! area the Skill goes to cards, not to Darkened Alcove."""
    t = Table()
    t.safe_row()
    t.row_slot("darkened-alcove", 0)
    _own_clank(t, 0)
    t.res(skill=2)
    assert str(GreedyBot(0).choose(t.game.view(t.game.current_player))) != "use 0"


def test_heads_for_the_crypt_with_an_artifact():
    """E1: carrying an artifact (limit reached) the bot walks toward the Crypt and escapes."""
    t = Table()
    t.me.artifacts.append("artifact-5")
    t.at("st-a.gate")
    t.res(boots=1)
    t.game.changed()
    assert str(GreedyBot(0).choose(t.game.view(t.game.current_player))) == "move st-a#0 0"
    t.do("move st-a#0 0")
    assert t.game.state.turn.escaping


def test_greedy_games_end_and_most_bots_escape():
    """A short simulation: every game ends, most greedy players escape with an artifact."""
    from clank import new_game

    class Table4:
        """One greedy bot per seat."""

        def __init__(self, seed: int) -> None:
            self.bots = [GreedyBot(seed * 4 + s) for s in range(4)]

        def choose(self, g):
            return self.bots[g.current_player].choose(g)

    escaped = total = 0
    for seed in range(6):
        game = new_game(["catacombs"], players=4, seed=seed)
        playout(game, Table4(seed))
        escaped += sum(1 for p in game.state.players if p.status == "escaped" and p.artifacts)
        total += 4
    assert escaped / total >= 0.5


def test_the_bot_only_looks_a_replayed_game_ends_in_the_same_state():
    """The greedy bot reads its seat's view and writes nothing into the game: a game it played
    replays (without the bot) to the identical final state."""
    from clank import game_record, new_game, replay
    from clank.testing import state_json

    for seed in (2, 4, 6):
        game = new_game(["catacombs"], players=4, seed=seed, options={"max_rounds": 60})
        bots = [GreedyBot(seed * 10 + s) for s in range(4)]
        playout(game, bots)
        assert state_json(replay(game_record(game))) == state_json(game)


def test_other_packs_teach_it_through_its_declared_values():
    """``greedy_answer`` and ``greedy_action`` (declared by this pack, folded with the seat's
    view): a pack's modifier answers a decision or picks the main action before the bot's own
    choice; None leaves the bot to itself."""
    from clank.plugin import Action

    t = Table()
    mods = t.game.registry.modifiers
    t.hand()
    t.res(skill=5, boots=2)
    mods.setdefault("greedy_action", []).append(lambda view, value, seat, acts: value or Action("end"))
    try:
        assert GreedyBot(0).choose(t.game.view(t.game.current_player)) == Action("end")
    finally:
        mods["greedy_action"].pop()
    t.game.ask({"kind": "may", "seat": t.seat, "body": [], "label": "do nothing"})
    t.game.changed()
    mods.setdefault("greedy_answer", []).append(lambda view, value, decision, acts: value or Action("no"))
    try:
        assert GreedyBot(0).choose(t.game.view(t.game.current_player)) == Action("no")
    finally:
        mods["greedy_answer"].pop()
    assert GreedyBot(0).choose(t.game.view(t.game.current_player)) == Action("yes")


def _main_decisions(seeds):
    """Whole four-player greedy games of ``seeds``: yields ``(game, view, seat)`` at every
    main decision of a seat on the map, before the bot chooses."""
    from clank import new_game

    for seed in seeds:
        game = new_game(["catacombs"], players=4, seed=seed)
        bots = [GreedyBot(seed * 16 + s) for s in range(4)]
        while not game.over:
            seat = game.current_player
            view = game.view(seat)
            if game.state.decision is None and view.me.room is not None:
                yield game, view, seat
            game.apply(bots[seat].choose(view))


def test_the_plan_kept_with_the_geometry_is_the_plan_made_afresh():
    """The route graph and distances the bot keeps with the geometry are those it would plan
    on a fresh copy of the game (nothing remembered), at every main decision of whole games."""
    from clank_catacombs.greedy import _plan

    checked = 0
    for game, view, seat in _main_decisions(range(3)):
        fresh = game.clone()
        fresh.changed()          # a clone shares the geometry's derived data: drop it
        assert _plan(view, seat) == _plan(fresh.view(seat), seat)
        checked += 1
    assert checked > 100


def test_the_kept_route_table_plans_as_the_general_planner():
    """What the bot keeps from layout to layout (route entries per room, reused while a room's
    routes and the locks and flags they read are unchanged) plans as the general planner,
    which walks every route afresh each time, at every main decision of whole games: after
    tiles are placed and turned, locks covered and turn flags set and cleared."""
    from clank_catacombs.greedy import _graph, _plan, _starts, _targets, shortest

    checked = 0
    for _game, view, seat in _main_decisions(range(4)):
        targets, explore = _targets(view, seat)
        _, rev = _graph(view, view.geometry, seat, explore, bool(view.me.artifacts),
                        view.me.pool.get("lockpicks", 0), True, False)
        assert _plan(view, seat) == shortest(rev, _starts(targets, {}, explore))
        checked += 1
    assert checked > 100


def test_a_route_table_made_from_the_one_before_holds_the_routes_of_one_made_afresh(monkeypatch):
    """The bot makes its route table from the table of the layout before (or of other covered
    locks and flags), looking again only at the rooms whose routes changed
    (``Geometry.regrown``) and those whose costs read locks or flags: the routes it holds, by
    where they end, are those of a table made from nothing, at every main decision of whole
    games; and most tables are made that way (fewer rooms looked at than the table holds)."""
    from collections import Counter

    from clank_catacombs import greedy, greedy_routes

    looked = [0]
    entry, table = greedy_routes.room_entry, greedy_routes.route_table

    def counted_entry(*args):
        looked[0] += 1
        return entry(*args)

    made = []

    def counted_table(game, geo, held, key):
        looked[0] = 0
        out = table(game, geo, held, key)
        made.append(looked[0] < len(out.rooms))
        return out

    monkeypatch.setattr(greedy_routes, "room_entry", counted_entry)
    monkeypatch.setattr(greedy_routes, "route_table", counted_table)
    checked = 0
    for game, view, seat in _main_decisions(range(3)):
        greedy._plan(view, seat)
        held = view.geometry.derived.get(greedy_routes.ROUTES)
        if held is None:
            continue
        fresh = game.clone()
        fresh.changed()
        again = table(fresh.view(seat), fresh.geometry, None, held.costs_key)
        assert {end: Counter(edges) for end, edges in held.into.items() if edges} == \
            {end: Counter(edges) for end, edges in again.into.items() if edges}
        checked += 1
    assert checked > 100 and sum(made) > len(made) / 2


def test_a_plan_stopped_at_the_seats_room_agrees_with_the_whole_plan_where_steps_look():
    """The search the bot runs for a step stops once its own room's distance is known: that
    distance, and every room nearer, are the whole search's; any other entry is no nearer than
    the seat's room (so no step toward it is taken), at every main decision of whole games."""
    from clank_catacombs.greedy import _plan

    checked = 0
    for game, view, seat in _main_decisions(range(3)):
        room = view.me.room
        partial = _plan(view, seat, room)
        fresh = game.clone()
        fresh.changed()
        whole = _plan(fresh.view(seat), seat)
        here = whole.get(room, 99.0)
        assert partial.get(room, 99.0) == here
        for node, d in whole.items():
            if d < here:
                assert partial[node] == d
            else:
                assert partial.get(node, 1e9) >= here
        checked += 1
    assert checked > 100


def _uncovered_locks(game) -> list[str]:
    """The ids of the placed tiles' lock icons not covered yet (``tile#tunnel#i``)."""
    icons = game.registry.tunnel_icons
    out = []
    for placed in game.state.tiles:
        for t, tunnel in enumerate(game.ruleset.tiles[placed.tile].tunnels):
            for i, name in enumerate(tunnel.icons):
                icon = f"{placed.tile}#{t}#{i}"
                if icons[name].covers and icon not in game.state.covered:
                    out.append(icon)
    return out


def test_copies_of_a_game_that_covered_different_locks_plan_apart():
    """Two copies of a game (clones share what the layout alone decides) that covered a
    different lock each, as many locks in all, plan each with its own open lock."""
    from clank import new_game
    from clank_catacombs.greedy import _plan

    def fresh(game):
        copy = game.clone()
        copy.changed()                 # nothing kept: the geometry and the plans made afresh
        return copy

    for seed in range(12):
        game = new_game(["catacombs"], players=4, seed=seed)
        bots = [GreedyBot(seed * 16 + s) for s in range(4)]
        for _ in range(400):
            seat = game.current_player
            if game.over:
                break
            if game.state.decision is None and game.player(seat).room is not None and \
                    not game.player(seat).pool.get("lockpicks"):
                locks = _uncovered_locks(game)
                for x, y in zip(locks, locks[1:], strict=False):
                    a, b = game.clone(), game.clone()
                    a.state.covered.append(x)     # as a move over the lock does: the geometry stays
                    b.state.covered.append(y)
                    if _plan(fresh(a).view(seat), seat) == _plan(fresh(b).view(seat), seat):
                        continue                  # this pair of locks does not change the plan
                    assert _plan(a.view(seat), seat) == _plan(fresh(a).view(seat), seat)
                    assert _plan(b.view(seat), seat) == _plan(fresh(b).view(seat), seat)
                    return
            game.apply(bots[seat].choose(game.view(seat)))
    raise AssertionError("no position where two locks plan apart was found")


def test_its_play_known_without_listing_is_the_choice_it_makes_from_the_list():
    """While cards are in hand the bot plays the first one without listing every legal action
    (unless an artifact lies in its room): at every main decision of whole games, with the
    expansions too, that is the action it chooses from the listed legal actions."""
    from clank import new_game

    shortcuts = 0
    for packs, players, seed in ((["catacombs"], 4, 0), (["catacombs"], 2, 5),
                                 (["catacombs", "underworld"], 3, 1)):
        game = new_game(packs, players=players, seed=seed)
        bots = [GreedyBot(seed * 16 + s) for s in range(players)]
        while not game.over:
            seat = game.current_player
            view = game.view(seat)
            bot = bots[seat]
            if game.state.decision is None:
                acts = view.legal_actions()
                listed = acts[0] if len(acts) == 1 else bot._main(view, acts)
                quick = bot._hand_first(view)
                if quick is not None:
                    assert quick == listed
                    shortcuts += 1
            game.apply(bot.choose(view))
    assert shortcuts > 100


def test_seats_with_more_lockpicks_than_any_lock_asks_for_share_a_search(monkeypatch):
    """A search on the route table tells lockpicks apart only up to the most icons a route
    condition made so far asks to cover (A9): more than that is the same search, shared by the
    seats; a condition asking for more, made later, tells them apart again."""
    from clank_catacombs import greedy_routes

    monkeypatch.setattr(greedy_routes, "_MOST_LOCKS", [1])
    monkeypatch.setattr(greedy_routes, "_CONDITIONS", {})
    assert [greedy_routes.lockpicks_told(n) for n in range(4)] == [0, 1, 1, 1]
    greedy_routes._condition(3, False, None)          # a route over three locks, made now
    assert [greedy_routes.lockpicks_told(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]
    into = {"a": [("a", "b", 1.0, greedy_routes._condition(3, False, None)), ("a", "c", 2.0, None)],
            "c": [("c", "b", 0.5, None)]}
    for told, more in ((2, 2), (3, 9)):             # below the lock: the long way; at or above: one search
        alone = greedy_routes.TableSearch(into, {"a": 0.0}, more, True, frozenset()).upto(None)
        assert alone == greedy_routes.TableSearch(into, {"a": 0.0}, greedy_routes.lockpicks_told(told), True,
                                                  frozenset()).upto(None)
    assert greedy_routes.TableSearch(into, {"a": 0.0}, 2, True, frozenset()).upto(None)["b"] == 2.5
    assert greedy_routes.TableSearch(into, {"a": 0.0}, 9, True, frozenset()).upto(None)["b"] == 1.0
