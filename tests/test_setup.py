"""Setup for 2, 3 and 4 players (RULES.md S1-S19) and TS-25 (dragon-icon replacement and Arrive)."""

from __future__ import annotations

from collections import Counter

import clank_catacombs
import pytest
from clank import Game, build_ruleset
from clank import new_game as _new_game
from clank.game.setup import SetupError, begin, new_state

PACKS = ["catacombs"]
MODULES = {"catacombs": clank_catacombs}


def new_game(packs, players, seed, options=None):
    """A new game with the catacombs pack registered directly (not via entry points)."""
    return _new_game(packs, players, seed, options, modules=MODULES)
COUNTS = (2, 3, 4)
SEEDS = (0, 1, 7, 42)
ARRIVE_EACH_PLAYER_CLANK = {"skeleton-priest", "archoverlord"}


@pytest.fixture(scope="module")
def ruleset():
    """The compiled base-game ruleset."""
    return build_ruleset(PACKS, modules=MODULES)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_s14_row_of_six_without_dragon_icons(players, seed):
    """S14: the setup row holds 6 cards, none showing a dragon-attack icon; deck = 100 - 6."""
    g = new_game(PACKS, players, seed)
    cards = g.ruleset.cards
    assert len(g.state.row) == 6 and None not in g.state.row
    assert not any(cards[c].dragon_attack for c in g.state.row)
    assert len(g.state.dungeon_deck) == 94
    assert g.state.dungeon_discard == [] and g.state.box == []
    everything = Counter(g.state.dungeon_deck + g.state.row)
    assert everything == Counter({c.id: c.count for c in cards.values() if c.kind == "dungeon"})


@pytest.mark.parametrize("players", COUNTS)
def test_s13_reserve(players):
    """S13, S2: Mercenary 15, Explore 15, Secret Tome 12 and the Goblin."""
    g = new_game(PACKS, players, 0)
    assert g.state.reserve == {"mercenary": 15, "explore": 15, "secret-tome": 12, "goblin": 1}


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_s15_s16_personal_material(players, seed):
    """S15, S16: pawn in the Crypt, 3 lockpicks, 10-card starter deck shuffled, 5 in hand."""
    g = new_game(PACKS, players, seed)
    crypt = next(f"{t.tile}.{r}" for t in g.state.tiles
                 for r, room in g.ruleset.tiles[t.tile].rooms.items()
                 if ("crypt", None) in room["features"])
    for p in g.state.players:
        assert p.room == crypt
        assert p.pool.get("lockpicks", 0) == 3 and p.gold == 0
        assert len(p.hand) == 5 and len(p.deck) == 5 and p.discard == [] and p.play == []
        assert Counter(p.hand + p.deck) == Counter(burgle=6, stumble=2, sidestep=1, scramble=1)
        assert p.damage == [] and p.artifacts == [] and p.tokens == []
        assert p.status == "live"


def _expected_clank(g: Game, first: int) -> dict[str, int]:
    players = len(g.state.players)
    arrivals = sum(1 for c in g.state.row if c in ARRIVE_EACH_PLAYER_CLANK)
    out = {}
    for i, n in enumerate([3, 2, 1, 0][:players]):
        out[str((first + i) % players)] = n + arrivals
    return out


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_s18_initial_clank(players, seed):
    """S18, S19: 3/2/1/0 cubes from the first player on, then each Arrive "+1 each player"."""
    g = new_game(PACKS, players, seed)
    area = {k: v for k, v in g.state.clank_area.items() if v}
    want = {k: v for k, v in _expected_clank(g, 0).items() if v}
    assert area == want
    for p in g.state.players:
        assert p.cubes + g.state.clank_area.get(str(p.seat), 0) == 30


@pytest.mark.parametrize("first", [1, 2])
def test_s17_s18_first_player_puts_three(first):
    """S17, S18: the first player (chosen at setup) puts 3 cubes, then clockwise 2, 1, 0."""
    g = new_game(PACKS, 3, 5, options={"first_player": first})
    assert g.state.current == first and g.decision()["seat"] == first
    want = {k: v for k, v in _expected_clank(g, first).items() if v}
    assert {k: v for k, v in g.state.clank_area.items() if v} == want


@pytest.mark.parametrize("players", COUNTS)
def test_s6_bag_and_bank(players):
    """S6: the bag holds exactly the 24 black cubes; 5 ghosts in the bank."""
    g = new_game(PACKS, players, 0)
    assert g.state.bag == {"black": 24}
    assert g.state.bank.get("ghost") == 5 and g.state.bank.get("black", 0) == 0
    assert g.state.clank_area.get("ghost", 0) == 0


@pytest.mark.parametrize("players", COUNTS)
def test_s7_artifact_stack_ascending(players):
    """S7: 7 artifacts, face up, ascending from the top: 5 on top, 20 at the bottom."""
    g = new_game(PACKS, players, 0)
    values = [g.ruleset.tokens[a].value for a in g.state.artifact_stack]
    assert len(values) == 7 and values == sorted(values)
    assert values[0] == 5 and values[-1] == 20


@pytest.mark.parametrize("players", COUNTS)
def test_s8_s12_pools(players):
    """S8, S12: 11 Major, 20 Minor, 20 Prisoner tokens (the Coupon among them) shuffled;
    one Mastery token per player."""
    g = new_game(PACKS, players, 3)
    pools = g.state.pools
    assert len(pools["major"]) == 11
    assert len(pools["minor"]) == 20
    assert len(pools["prisoner"]) == 20 and "coupon" in pools["prisoner"]
    assert pools["mastery"] == ["mastery"] * players
    toks = g.ruleset.tokens
    assert all(toks[t].pool == "major" for t in pools["major"])
    assert all(toks[t].pool == "minor" for t in pools["minor"])
    other = new_game(PACKS, players, 4).state.pools
    assert other["minor"] != pools["minor"] or other["major"] != pools["major"]   # shuffled by seed


def test_s9_market_board():
    """S9: 2 Backpacks, 2 Blood Amulets, 3 Burglar's Kits and the Crowns 10, 9, 8 from the top."""
    g = new_game(PACKS, 2, 0)
    board = g.state.market["market"]
    assert Counter(board) == Counter({"backpack": 2, "blood-amulet": 2, "burglars-kit": 3,
                                      "crown-10": 1, "crown-9": 1, "crown-8": 1})
    crowns = [t for t in board if t.startswith("crown")]
    assert crowns == ["crown-10", "crown-9", "crown-8"]


@pytest.mark.parametrize("side", ["A", "B"])
def test_s10_s11_start_tile_and_idols(side):
    """S10, S11: the chosen start tile side is in the centre; 3 Monkey Idols on its shrine."""
    g = new_game(PACKS, 2, 0, options={"start_side": side})
    assert len(g.state.tiles) == 1
    start = g.state.tiles[0]
    tdef = g.ruleset.tiles[start.tile]
    assert tdef.stack == "start" and tdef.side == side
    assert (start.x, start.y) == (0, 0) and len(tdef.cells) == 2          # X1: 2 cells
    shrine = [f"{start.tile}.{r}" for r, room in tdef.rooms.items()
              if ("monkey_shrine", None) in room["features"]]
    assert len(shrine) == 1
    assert g.state.rooms[shrine[0]]["tokens"] == ["monkey-idol"] * 3
    assert g.state.pools.get("idol", []) == []


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_s5_tile_stack(players, seed):
    """S5, X13: 4 Surface tiles on top of the 22 Depths tiles; 2 Surface tiles out of the game."""
    g = new_game(PACKS, players, seed)
    tiles = g.ruleset.tiles
    stack = g.state.stacks["catacombs"]
    assert len(stack) == 26
    assert [tiles[t].stack for t in stack] == ["surface"] * 4 + ["depths"] * 22
    assert len(g.state.removed_tiles) == 2
    assert all(tiles[t].stack == "surface" for t in g.state.removed_tiles)
    assert set(stack) | set(g.state.removed_tiles) == {t for t in tiles if tiles[t].stack != "start"}
    assert sum(tiles[t].ext["haunted"] for t in stack) == 4                     # R5: 4 haunted Depths


def test_s5_shuffles_depend_on_the_seed():
    """S5, DP1: the removal and the shuffles are random (seeded)."""
    stacks = {tuple(new_game(PACKS, 2, s).state.stacks["catacombs"]) for s in range(6)}
    assert len(stacks) > 1


@pytest.mark.parametrize("players", COUNTS)
def test_s4_rage_start_by_player_count(players, ruleset):
    """S4, DATA-1: the marker starts on the space the board data gives for the player count.

    The start spaces are board data (not in the seeds): the test reads them from the pack and
    checks they are on the track and never lower for fewer players."""
    g = new_game(PACKS, players, 0)
    track = ruleset.setup["rage_track"]
    want = int(track["start"][str(players)])
    assert g.state.rage == want
    assert 0 <= want < len(track["draws"])
    starts = [int(track["start"][str(n)]) for n in COUNTS]
    assert starts == sorted(starts, reverse=True)
    assert int(track["draws"][4]) == 4                                   # the 5th space draws 4


def test_an_option_no_loaded_pack_declares_is_refused_with_the_nearest_one():
    """A misspelt option (``mercey``, ``max_round``) is refused before setup, naming the nearest
    declared option and every option the loaded packs declare; declared ones are accepted."""
    with pytest.raises(SetupError) as info:
        new_game(PACKS, 2, 0, {"max_round": 20})
    text = str(info.value)
    assert "unknown game option 'max_round' (did you mean 'max_rounds'?)" in text
    assert "first_player, max_rounds, overrides, parts, start_side" in text
    with pytest.raises(SetupError, match="unknown game options 'colour', 'frist_player' "
                                         r"\(did you mean 'first_player'\?\)"):
        new_game(PACKS, 2, 0, {"colour": "red", "frist_player": 1})
    game = new_game(PACKS, 2, 0, {"max_rounds": 20, "first_player": 1, "start_side": "B"})
    assert game.state.config["max_rounds"] == 20 and game.state.first == 1


def test_the_core_declares_its_own_options(ruleset):
    """The core's options are declared like a pack's (``Registry.add_option``), by the core."""
    options = ruleset.registry.options
    assert {name for name, o in options.items() if o.pack == "core"} == {
        "max_rounds", "first_player", "start_side", "parts", "overrides"}
    assert all(o.doc for o in options.values())


@pytest.mark.parametrize("players", [1, 5, 6])
def test_s1_unsupported_player_counts_refused(players):
    """S1, P: only 2-4 players without the Party pack; 5-6 players name the `party` pack."""
    with pytest.raises(SetupError) as info:
        new_game(PACKS, players, 0)
    assert "2-4" in str(info.value)
    if players > 4:
        assert "party" in str(info.value)


def test_setup_is_deterministic():
    """DESIGN §5: the same seed gives the same setup; another seed another one."""
    a, b = new_game(PACKS, 3, 11), new_game(PACKS, 3, 11)
    assert a.state.to_dict() == b.state.to_dict()
    assert new_game(PACKS, 3, 12).state.to_dict() != a.state.to_dict()


# ==========================================================================================
# TS-25
# ==========================================================================================
def _rigged_setup(players: int, first_six: list[str], seed: int = 0) -> Game:
    """Set up a game whose dungeon deck deals ``first_six`` first (S14), then the rest."""
    rs = build_ruleset(PACKS, modules=MODULES)
    st = new_state(rs, players, seed, {})
    deck = st.dungeon_deck
    for c in first_six:
        deck.remove(c)
    # the deck is dealt from its end; keep the rest free of dragon icons so the row is exactly
    # the non-dragon cards of first_six followed by the next clean cards
    deck.extend(reversed(first_six))
    g = Game(rs, st)
    begin(g)
    return g


def test_ts25_dragon_icons_replaced_and_arrive_resolved():
    """TS-25 (S14, S18, S19): 2 dragon cards in the first 6 are replaced and shuffled back
    (deck 94, no attack); the Arrive "each player +1 Clank!" resolves after 3/2/1/0."""
    first = ["crystal-kobold", "swindle", "skeleton-priest", "ogre-merchant", "pillage", "payoff"]
    g = _rigged_setup(4, first)
    cards = g.ruleset.cards
    row = g.state.row
    assert len(row) == 6 and not any(cards[c].dragon_attack for c in row)
    assert row[:4] == ["swindle", "skeleton-priest", "pillage", "payoff"]
    assert len(g.state.dungeon_deck) == 94
    assert "crystal-kobold" in g.state.dungeon_deck and "ogre-merchant" in g.state.dungeon_deck
    assert g.state.bag == {"black": 24}                                   # no attack
    assert not any("dragon" in line.lower() and "attack" in line.lower() for line in g.log)
    arrivals = sum(1 for c in row if c in ARRIVE_EACH_PLAYER_CLANK)
    area = g.state.clank_area
    assert [area.get(str(s), 0) for s in range(4)] == [3 + arrivals, 2 + arrivals, 1 + arrivals, arrivals]
    assert arrivals >= 1
    assert g.decision() == {"seat": 0, "kind": "main", "prompt": g.decision()["prompt"]}


def test_ts25_replaced_cards_are_shuffled_back_not_on_top():
    """S14 DEFAULT: replaced cards are set aside and shuffled into the deck (not left on top)."""
    first = ["crystal-kobold", "ogre-merchant", "swindle", "pillage", "payoff", "bard"]
    positions = set()
    for seed in range(6):
        g = _rigged_setup(2, first, seed)
        deck = g.state.dungeon_deck
        positions.add((deck.index("crystal-kobold"), deck.index("ogre-merchant")))
    assert len(positions) > 1


def test_s19_each_setup_arrive_resolves_once_before_the_first_turn():
    """S19: no Arrive card, no extra Clank!; two "+1 each player" Arrive cards add 2 to each."""
    first = ["swindle", "pillage", "payoff", "bard", "lightstick", "elven-sword"]
    g = _rigged_setup(2, first)
    assert g.state.clank_area == {"0": 3, "1": 2}
    first = ["skeleton-priest", "archoverlord", "swindle", "pillage", "payoff", "bard"]
    g = _rigged_setup(2, first)
    assert g.state.clank_area == {"0": 5, "1": 4}


@pytest.mark.parametrize("first", [0, 1, 2])
def test_seat_resources_count_seats_in_turn_order(first, tmp_path):
    """``seat_resources`` numbers seats in turn order, the first player being 1, as
    ``starting_clank`` does (S18; the Party's fifth player takes 1 gold, P9)."""
    import textwrap
    from types import ModuleType

    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.yaml").write_text(textwrap.dedent("""\
        id: seats
        name: Seats
        version: 0.0.1
        engine: ">=0.1"
        requires: [catacombs]
        files: [setup.yaml]
        """), encoding="utf-8")
    (data / "setup.yaml").write_text('seat_resources: {"3": {gold: 2}}\n', encoding="utf-8")
    pack = ModuleType("seats")
    pack.clank_pack_data_dir = lambda: data
    g = _new_game(["catacombs", "seats"], 3, 1, {"first_player": first},
                  modules={"catacombs": clank_catacombs, "seats": pack})
    third = (first + 2) % 3
    assert [p.gold for p in g.state.players] == [2 if s == third else 0 for s in range(3)]
