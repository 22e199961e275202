"""Rules not covered by the themed rule files: bank stock, visibility, turn order, market
items, the start tile, portals and tile rotation choices, the row at turn start, Swords and
damage (rule ids of ../shared/rules/RULES.md in each docstring)."""

from __future__ import annotations

import pytest
from clank import Action, IllegalAction
from clank.dungeon import parse_port

MARKET_ROOM = "su-1.market"


def _market_game(kit, gold: int = 30, damage: int = 0):
    g = kit.game(2)
    kit.place(g, "su-1", -1, 1)
    kit.pawn(g, 0, MARKET_ROOM)
    kit.pool(g, 0, gold=gold)
    if damage:
        kit.damage(g, 0, damage)
    return g


def test_s3_bank_gold_and_lockpicks_are_unlimited(kit):
    """S3: gold and lockpicks come from an unlimited bank."""
    g = kit.game(2)
    g.gain(0, "gold", 10_000)
    g.gain(0, "lockpicks", 500)
    assert g.player(0).gold == 10_000 and g.player(0).pool.get("lockpicks", 0) == 503


def test_s20_every_player_starts_with_three_lockpicks_and_no_master_key(kit):
    """S20, K6: three lockpicks each; the Catacombs market never sells a Master Key."""
    g = kit.game(4)
    assert [p.pool.get("lockpicks", 0) for p in g.state.players] == [3, 3, 3, 3]
    assert not any("master-key" in t for t in g.state.market["market"])
    assert not any(t.startswith("master-key") for t in g.ruleset.tokens)


def test_s21_hands_decks_and_pools_are_hidden_in_a_players_view(kit):
    """S21: hands and decks are private; prisoners and secrets are revealed when taken."""
    g = kit.game(3)
    view = g.view_dict(1)
    assert isinstance(view["players"][1]["hand"], list)
    assert view["players"][0]["hand"] == 5 and view["players"][2]["hand"] == 5
    assert all(isinstance(p["deck"], int) for p in view["players"])
    assert isinstance(view["dungeon_deck"], int) and isinstance(view["pools"]["prisoner"], int)
    assert "rng" not in view and "seed" not in view["config"]
    g.take_token(1, "peasant")                    # a taken prisoner is public
    assert "peasant" in g.view_dict(0)["players"][1]["tokens"]
    seen = g.view(0)                              # the view object bots get: the same, as objects
    assert seen.player(1).hand == 5 and "peasant" in seen.player(1).tokens
    assert isinstance(seen.player(0).hand, list) and seen.legal_actions() == g.legal_actions()
    assert g.view(1).legal_actions() == [] and "state" not in dir(seen)


def test_t1_turns_pass_clockwise(kit):
    """T1: after seat 0 comes seat 1, then seat 2, then seat 0 again."""
    g = kit.game(3)
    seen = []
    for _ in range(4):
        seen.append(g.state.current)
        kit.end_turn(g)
    assert seen == [0, 1, 2, 0]


def test_t3_d3_every_live_turn_starts_with_six_row_cards(kit):
    """T3, D3: the row is full (6 cards) whenever a live player's turn starts."""
    g = kit.game(2)
    for _ in range(6):
        assert len([c for c in g.state.row if c is not None]) == 6
        kit.pool(g, g.state.current, skill=20)
        buys = kit.kinds(g, "buy")
        if buys:
            g.apply(buys[0])
        kit.end_turn(g)


def test_a15_k1_buying_an_item_in_a_market_room_costs_seven_gold(kit):
    """A15, K1: in a Market room an item costs 7 gold, paid to the bank."""
    g = _market_game(kit, gold=9)
    g.apply("room market backpack")
    assert g.player(0).gold == 2 and "backpack" in g.player(0).tokens
    assert "room market backpack" in kit.acts(g) or g.state.market["market"].count("backpack") == 1


def test_a16_marking_a_wayshrine_is_an_action_in_its_room(kit):
    """A16, R11: in a wayshrine room the player may mark it; elsewhere not."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    assert "room wayshrine" not in kit.acts(g)
    kit.pawn(g, 0, "st-a.niche")
    assert "room wayshrine" in kit.acts(g)


def test_x4_x5_a_discovered_tile_may_be_turned_four_ways_and_touches_a_full_edge(kit):
    """X4: the discoverer may turn the new tile to each orientation that completes the tunnel;
    X5: the placed tile shares a whole edge with the tile left."""
    g = kit.game(2)
    kit.pawn(g, 0, "st-a.gate")
    kit.pool(g, 0, boots=3)
    kit.stack_top(g, "su-4")
    explore = [a for a in kit.kinds(g, "explore")]
    g.apply(explore[0])
    rots = {a.split()[1] for a in kit.kinds(g, "orient") + kit.kinds(g, "place")}
    assert rots == {"0", "1", "2", "3"}          # every port carries a tunnel on base tiles
    g.apply(next(a for a in kit.acts(g) if a.startswith(("orient", "place"))))
    placed = g.state.tiles[-1]
    start_cells = {(0, 0), (0, 1)}
    assert any(abs(placed.x - x) + abs(placed.y - y) == 1 for x, y in start_cells)


def test_r3_r13_the_start_tile_holds_the_crypt_shrine_portal_wayshrine_and_cave(kit):
    """R3, R13: both sides of the start tile show the Crypt (where pawns start), the Monkey
    Shrine, a portal, a wayshrine and a crystal cave."""
    g = kit.game(2)
    for side in ("st-a", "st-b"):
        tdef = g.ruleset.tiles[side]
        feats = {f for room in tdef.rooms.values() for f, _ in room["features"]}
        assert {"crypt", "monkey_shrine", "wayshrine", "crystal_cave"} <= feats
        assert any(t.a.kind == "portal" or t.b.kind == "portal" for t in tdef.tunnels)
    assert all(p.room == "st-a.crypt" for p in g.state.players)


def test_r8_a_portal_leads_to_the_room_beyond_another_portal(kit):
    """R8, A11: with two portals placed, a portal move comes out at the other one."""
    g = kit.game(2)
    kit.place(g, "su-1", -1, 1)                   # Lantern Market: its market has a portal tunnel
    kit.pawn(g, 0, "st-a.grotto")
    kit.pool(g, 0, boots=2)
    g.player(0).pool["lockpicks"] = 1
    portals = kit.kinds(g, "portal")
    assert portals, "a portal move from the grotto must be offered"
    g.apply(portals[0])
    assert g.player(0).room == MARKET_ROOM
    assert g.player(0).pool["boots"] == 1          # 1 Boot for the whole move


def test_k3_g30_blood_amulet_needs_five_damage_and_heals_two(kit):
    """K3, G30: buyable only with at least 5 damage; heals 2 on purchase; 7 VP."""
    g = _market_game(kit, damage=4)
    assert not any("blood-amulet" in a for a in kit.acts(g))
    kit.damage(g, 0, 1)
    g.apply("room market blood-amulet")
    assert len(g.player(0).damage) == 3
    g.player(0).artifacts.append("artifact-5")
    assert dict(g.scores()[0]["lines"])["Blood Amulet"] == 7


def test_k4_g31_burglars_kit_gives_two_lockpicks_and_two_points(kit):
    """K4, G31: on purchase gain 2 lockpicks; worth 2 VP."""
    g = _market_game(kit)
    g.apply("room market burglars-kit")
    assert g.player(0).pool.get("lockpicks", 0) == 5
    g.player(0).artifacts.append("artifact-5")
    assert dict(g.scores()[0]["lines"])["Burglar's Kit"] == 2


def test_k5_g32_crowns_sell_from_the_highest(kit):
    """K5, G32: the buyer always gets the highest crown left, worth its printed value."""
    g = _market_game(kit)
    crowns = [a for a in kit.acts(g) if "crown" in a]
    assert crowns == ["room market crown-10"]
    g.apply("room market crown-10")
    assert [a for a in kit.acts(g) if "crown" in a] == ["room market crown-9"]
    g.player(0).artifacts.append("artifact-5")
    assert sum(v for s, v in g.scores()[0]["lines"] if "Crown" in s) == 10


def test_k9_items_are_kept_and_score_at_the_end(kit):
    """K9: items stay in the supply until the end and score their VP; effects happen once."""
    g = _market_game(kit)
    g.apply("room market backpack")
    kit.end_turn(g)
    kit.end_turn(g)
    assert "backpack" in g.player(0).tokens and g.player(0).pool.get("lockpicks", 0) == 3
    g.player(0).artifacts.append("artifact-5")
    assert dict(g.scores()[0]["lines"])["Backpack"] == 5


def test_h8_swords_prevent_only_tunnel_monster_damage(kit):
    """H8: Swords prevent tunnel monster damage (A8) and nothing else: a ghost still hurts."""
    g = kit.game(2)
    kit.pool(g, 0, swords=5)
    before = len(g.player(0).damage)
    # resolve a ghost hit through the dragon steps: only the ghost is in the Clank! area
    g.push_step("ghost_hit", 0)
    g.run()
    assert len(g.player(0).damage) == before + 1
    assert g.player(0).pool["swords"] == 5


def test_port_names_follow_the_clockwise_convention():
    """X1: ports n1 n2 e1 e2 s1 s2 w1 w2 (and U./L. on the start tile) parse; others do not."""
    assert parse_port("e1") == ("", "e", 1)
    assert parse_port("U.n2") == ("U", "n", 2)
    assert parse_port("x3") is None and parse_port("hall") is None


def test_illegal_market_purchase_is_refused_with_a_reason(kit):
    """K1: without 7 gold the purchase is not offered and applying it is refused."""
    g = _market_game(kit, gold=3)
    assert not any("market" in a for a in kit.acts(g))
    with pytest.raises(IllegalAction, match="room action is not available"):
        g.apply(Action("room", ("market", "backpack")))
    assert g.player(0).gold == 3


def test_s13_setup_merging_adds_reserve_stacks_and_keeps_card_counts():
    """S13 with several packs: a reserve mapping merged over a list keeps the listed stacks at
    their card count; additive lists add up without duplicates; by_players overrides merge."""
    from clank.content.setupmerge import effective_setup, merge_setup

    base = {"reserve": ["mercenary", "explore"], "market_board": ["backpack"], "health": 10,
            "rage_track": {"draws": [2, 3], "start": {"2": 1}}}
    merged = merge_setup(base, {"reserve": {"explore": 20, "harpy-monarch": 1},
                                "market_board": ["backpack", "lantern"], "health": 12,
                                "by_players": {"5": {"rage_track": {"start": {"5": 0}}}}})
    assert merged["reserve"] == {"mercenary": None, "explore": 20, "harpy-monarch": 1}
    assert merged["market_board"] == ["backpack", "lantern"] and merged["health"] == 12
    five = effective_setup(merged, 5)
    assert five["rage_track"] == {"draws": [2, 3], "start": {"2": 1, "5": 0}}
    assert effective_setup(merged, 4) is merged


def test_s13_a_reserve_stack_without_a_size_uses_the_card_count(kit):
    """S13: a reserve entry without a size (None) is as big as the card's count."""
    from clank.game.setup import new_state

    g = kit.game(2)
    rs = g.ruleset
    saved = rs.setup["reserve"]
    try:
        rs.setup["reserve"] = {"mercenary": None, "explore": 20}
        st = new_state(rs, 2, 0, {})
        assert st.reserve == {"mercenary": 15, "explore": 20}
    finally:
        rs.setup["reserve"] = saved


def test_a_reaction_window_with_repeat_stays_open_after_a_use(kit):
    """Reaction windows (DESIGN §3): a window opened with ``repeat=True`` offers the seat its
    reacting cards again once a used card's effect has resolved, declined ones excepted; a
    plain window closes after one use."""
    g = kit.game(2)
    kit.hand(g, 1, ["white-tourmaline", "black-tourmaline", "burgle"])
    g.offer_reactions(1, "ghost_damage", "prevent it", repeat=True)
    g.run()
    offered = []
    while g.state.decision and g.decision()["kind"] == "react":
        offered.append(g.state.decision["card"])
        g.apply("yes" if len(offered) == 1 else "no")
    assert offered == ["black-tourmaline", "white-tourmaline"]
    assert g.state.turn.prevented == {"1": 1} and "black-tourmaline" in g.player(1).discard
    kit.hand(g, 1, ["white-tourmaline", "black-tourmaline"])
    g.offer_reactions(1, "ghost_damage", "prevent it")
    g.run()
    g.apply("yes")
    assert g.state.decision is None


def test_r11_a2_a_room_action_not_offered_says_why_in_line_mode(kit):
    """R11, P6, R6: standing where an action is expected, a player is told why it is not offered
    (each feature's `unavailable` callback): a wayshrine marked already, a locked reward without a
    lockpick, an artifact with hands full; line mode prints it under the actions."""
    from clank.labels import room_notes
    from clank_cli.render import decision_view
    from rich.console import Console

    g = kit.game(2)
    kit.pawn(g, 0, "st-a.niche")
    g.apply("room wayshrine")
    assert room_notes(g.view(0)) == ["wayshrine: you marked this wayshrine already"]
    console = Console(width=120, record=True, file=__import__("io").StringIO())
    console.print(decision_view(g.view(0), 0, None, g.legal_actions()))
    assert "not offered: wayshrine: you marked this wayshrine already" in console.export_text()
    g.player(0).pool["lockpicks"] = 0
    kit.place(g, "su-4", 1, 0)
    room = next(r for r in g.placed_rooms() if g.room_has(r, "locked_chest"))
    kit.pawn(g, 0, room)
    assert room_notes(g.view(0)) == ["locked chest: it is locked: opening it takes a lockpick, and you have none"]
    room = next(r for r in g.placed_rooms() if g.room_has(r, "artifact"))
    g.room(room).setdefault("artifacts", []).append(g.state.artifact_stack.pop(0))
    g.player(0).artifacts.append(g.state.artifact_stack.pop(0))
    kit.pawn(g, 0, room)
    assert any("you already carry an artifact" in note for note in room_notes(g.view(0)))
