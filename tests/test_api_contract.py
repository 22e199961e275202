"""The game contract of the public API (DESIGN §5, STYLE "Game API"): the self-test
``clank.testing.check_game``, determinism, records and replay, save and load at any decision,
illegal actions refused with a reason and no change, corrupt saves refused.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict, namedtuple
from dataclasses import asdict, dataclass, field, fields

import clank_catacombs
import pytest
from clank import Action, Game, IllegalAction, game_record, new_game, replay
from clank.builtin import RandomBot
from clank.game.state import PlayerState
from clank.testing import check_game, state_json
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PACKS = ["catacombs"]
MODULES = {"catacombs": clank_catacombs}
COUNTS = (2, 3, 4)


def make(players: int, seed: int, **options) -> Game:
    """A base game with the catacombs pack registered directly."""
    return new_game(PACKS, players, seed, {"max_rounds": 60, **options}, modules=MODULES)


def advance(game: Game, bot, steps: int) -> list[Action]:
    """Let ``bot`` take up to ``steps`` actions; return them."""
    done = []
    for _ in range(steps):
        if game.over:
            break
        a = bot.choose(game.view(game.current_player))
        game.apply(a)
        done.append(a)
    return done


@pytest.mark.parametrize("players", COUNTS)
def test_check_game_self_test(players):
    """The pack passes the engine's own contract self-test for 2, 3 and 4 players."""
    check_game(PACKS, players=players, seeds=(players,), modules=MODULES)


@pytest.mark.parametrize("players", COUNTS)
def test_same_seed_same_game_and_replay(players):
    """DESIGN §5: (packs, options, seed, actions) determine the game; a record replays exactly."""
    a, b = make(players, 9), make(players, 9)
    assert state_json(a) == state_json(b)
    advance(a, RandomBot(9), 400)
    for text in a.state.history:
        b.apply(text)
    assert state_json(a) == state_json(b)
    record = game_record(a)
    json.dumps(record)                                           # a record is plain JSON
    assert record["seed"] == 9 and record["players"] == players
    assert record["actions"] == a.state.history
    again = replay(json.loads(json.dumps(record)))
    assert state_json(again) == state_json(a)
    assert again.legal_actions() == a.legal_actions()


def test_replay_of_a_whole_game():
    """A finished game's record replays to the identical final state, scores and winners."""
    g = make(3, 4)
    advance(g, RandomBot(4), 100000)
    assert g.over
    again = replay(game_record(g))
    assert again.over and state_json(again) == state_json(g)
    assert again.scores() == g.scores() and again.winners() == g.winners()


def test_replay_refuses_a_bad_record():
    """A record that does not replay raises ValueError naming the action."""
    g = make(2, 1)
    advance(g, RandomBot(1), 30)
    record = game_record(g)
    record["actions"] = [*record["actions"][:5], "fly to the moon", *record["actions"][5:]]
    with pytest.raises(ValueError, match="action 6"):
        replay(record)
    with pytest.raises(ValueError):
        replay({"format": "something else"})


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from(COUNTS), seed=st.integers(0, 10**6), cut=st.integers(0, 600))
def test_save_and_load_at_any_decision_continues_identically(players, seed, cut):
    """Save at a random decision point (possibly mid-effect or mid-orientation), load, and the
    two games go on identically under the same actions."""
    g = make(players, seed)
    advance(g, RandomBot(seed), cut)
    text = g.to_json()
    loaded = Game.from_json(g.ruleset, text)
    assert state_json(loaded) == state_json(g)
    assert loaded.decision() == g.decision()
    assert loaded.legal_actions() == g.legal_actions()
    assert loaded.to_json() == text
    bot = RandomBot(seed + 1)
    for _ in range(300):
        if g.over:
            break
        a = bot.choose(g.view(g.current_player))
        g.apply(a)
        loaded.apply(a)
        assert state_json(loaded) == state_json(g)
    assert loaded.over == g.over


def test_clone_is_independent():
    """clone() shares nothing mutable with the original."""
    g = make(3, 2)
    advance(g, RandomBot(2), 50)
    before = state_json(g)
    twin = g.clone()
    advance(twin, RandomBot(3), 50)
    assert state_json(g) == before
    assert state_json(twin) != before


def _mutables(obj, out=None) -> dict[int, str]:
    """id -> path of every list, dict and dataclass reachable from ``obj``."""
    from dataclasses import fields, is_dataclass
    out = {} if out is None else out

    def walk(x, path):
        if isinstance(x, (list, dict)) or is_dataclass(x):
            out[id(x)] = path
        if isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{path}[{i}]")
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(v, f"{path}[{k!r}]")
        elif is_dataclass(x):
            for f in fields(x):
                walk(getattr(x, f.name), f"{path}.{f.name}")
    walk(obj, "state")
    return out


@pytest.mark.parametrize("seed", range(6))
def test_clone_shares_no_list_dict_or_record(seed):
    """The fast field-wise clone copies every container, packs' ``ext`` data included: no list,
    dict or state record of the clone is one of the original's, whatever the position."""
    g = make(2 + seed % 3, seed)
    advance(g, RandomBot(seed), 40 + 30 * seed)
    g.state.ext["probe"] = {"nested": [[1, 2], {"a": [3]}]}
    g.state.players[0].ext["probe"] = [{"x": 1}]
    twin = g.clone()
    assert state_json(twin) == state_json(g)
    shared = set(_mutables(g.state)) & set(_mutables(twin.state))
    assert not shared, [_mutables(g.state)[i] for i in shared]


@dataclass
class _NoField:
    pass


@dataclass
class _OneField:
    marks: list[list[int]] = field(default_factory=list)


@dataclass(frozen=True)
class _TwoFields:
    name: str
    count: int


@dataclass
class _Tree:
    name: str
    children: list[_Tree] = field(default_factory=list)
    parent: _Tree | None = None


@pytest.mark.parametrize("record", [_NoField(), _OneField([[1], [2, 3]]), _TwoFields("abc", 2),
                                    _Tree("root", [_Tree("leaf", [_Tree("twig")])], _Tree("up"))])
def test_clone_copies_a_packs_own_records_in_ext(record):
    """A record a pack keeps in ``ext`` (a dataclass of its own, with any number of fields,
    frozen or not, holding records of its own kind) is copied by the clone, field by field,
    with nothing shared."""
    g = make(2, 0)
    g.state.ext["probe"] = record
    copied = g.clone().state.ext["probe"]
    assert copied == record and type(copied) is type(record)
    if isinstance(record, _OneField):
        assert copied.marks is not record.marks and copied.marks[0] is not record.marks[0]
    if isinstance(record, _Tree):
        assert copied.children[0].children[0] is not record.children[0].children[0]
        assert copied.parent is not record.parent


@pytest.mark.parametrize("packs", [["catacombs"], ["catacombs", "underworld"], ["catacombs", "party"]])
def test_to_dict_is_what_asdict_gives_at_every_step(packs):
    """The state's plain data (saves, digests, views) is exactly ``dataclasses.asdict``'s, keys
    in the same order, at every step of whole games of every pack, and a copy: nothing in it is
    the state's own list or dict."""
    players = 5 if "party" in packs else 3
    for seed in range(2):
        g = new_game(packs, players, seed)
        bot = RandomBot(seed)
        for _ in range(400):
            plain = g.state.to_dict()
            assert plain == asdict(g.state)
            assert json.dumps(plain) == json.dumps(asdict(g.state))
            if g.over:
                break
            g.apply(bot.choose(g.view(g.current_player)))
    plain = g.state.to_dict()
    assert plain["players"][0]["hand"] is not g.state.players[0].hand and plain["log"] is not g.state.log


@pytest.mark.parametrize("value", [
    _NoField(), _OneField([[1], [2, 3]]), _TwoFields("abc", 2), _Tree("root", [_Tree("leaf")], _Tree("up")),
    {("a", 1): [1.5, None, True]}, (1, [2], {"x": (3,)}), Counter("abca"),
    namedtuple("Point", "x y")(1, [2]), {"deep": [{"deeper": [_TwoFields("n", 1)]}]},
])
def test_to_dict_turns_a_packs_own_data_into_what_asdict_gives(value):
    """Whatever a pack keeps in ``ext`` (records of its own, tuples, tuple keys, a defaultdict, a
    Counter, a named tuple) comes out of ``to_dict`` as ``asdict`` gives it, of the same types."""
    g = make(2, 0)
    g.state.ext["probe"] = value
    mine, theirs = g.state.to_dict()["ext"]["probe"], asdict(g.state)["ext"]["probe"]
    assert mine == theirs and type(mine) is type(theirs)
    assert repr(mine) == repr(theirs)


def test_to_dict_copies_a_defaultdict_with_its_factory():
    """A ``defaultdict`` in ``ext`` is copied with its factory (where Python 3.11's ``asdict``
    raises a TypeError), nothing shared."""
    g = make(2, 0)
    g.state.ext["probe"] = kept = defaultdict(list, {"k": [1]})
    copied = g.state.to_dict()["ext"]["probe"]
    assert type(copied) is defaultdict and copied.default_factory is list and copied == {"k": [1]}
    assert copied["k"] is not kept["k"]


def test_state_records_hold_only_their_fields():
    """State records are plain data (DESIGN §5) with ``__slots__``: an attribute a pack sets
    outside the declared fields would be lost on save and on clone, so it is refused at once;
    packs keep their data in ``ext``."""
    g = make(2, 0)
    for record in (g.state, g.state.players[0], g.state.turn):
        with pytest.raises(AttributeError):
            record.stash = 1          # noqa: B018 - the assignment is what is refused
    g.state.players[0].ext["probe"] = 1
    assert Game.from_json(g.ruleset, g.to_json()).state.players[0].ext["probe"] == 1


# -- illegal actions ---------------------------------------------------------------------------
BOGUS = ["", "   ", "fly", "play", "play no-such-card", "buy", "buy x", "buy 99", "buy -1", "use 0 1 2",
         "fight 7", "reserve", "reserve nothing", "fight-reserve mercenary", "move", "move nowhere 0",
         "move st-a#0", "move st-a#0 x", "portal a b c", "explore st-a#99", "teleport adjacent",
         "teleport adjacent nowhere", "teleport warp st-a.gate", "orient 9 9", "place 7", "end now",
         "room", "room artifact", "room market crown-10", "room wayshrine", "token chalice",
         "cash treasure", "option 99", "pick hand", "pick hand no-such-card", "yes", "no", "done",
         "slot 9", "rotate 5", "put 99 99", "remote-buy crown-10", "item crown-10"]


def _assert_refused(g: Game, text: str) -> None:
    legal = [str(a) for a in g.legal_actions()]
    if text in legal:
        return
    before = state_json(g)
    with pytest.raises(IllegalAction) as info:
        g.apply(text)
    assert info.value.reason and isinstance(info.value.reason, str)
    assert str(info.value).startswith("illegal action")
    assert state_json(g) == before, f"{text!r} changed the state"


@pytest.mark.parametrize("players", COUNTS)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(players):
    """DESIGN §5: an illegal action is refused with a reason and leaves the state untouched, at
    every kind of decision met in a game."""
    g = make(players, 31)
    bot = RandomBot(31)
    kinds_seen = set()
    steps = 0
    while not g.over and steps < 3000:
        d = g.decision()
        if d["kind"] not in kinds_seen or steps % 97 == 0:
            kinds_seen.add(d["kind"])
            for text in BOGUS:
                _assert_refused(g, text)
        g.apply(bot.choose(g.view(g.current_player)))
        steps += 1
    assert "main" in kinds_seen
    for text in BOGUS[2:7]:
        if g.over:
            with pytest.raises(IllegalAction, match="over"):
                g.apply(text)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(words=st.lists(st.sampled_from(["play", "buy", "use", "fight", "move", "portal", "explore",
                                        "teleport", "orient", "place", "room", "token", "end",
                                        "0", "1", "9", "-3", "x", "st-a#0", "st-a.crypt",
                                        "adjacent", "burgle", "market", "artifact", "open:st-a#11"]),
                      min_size=1, max_size=4))
def test_fuzzed_action_texts_never_crash(words):
    """Any text is either a legal action or refused with IllegalAction (never another error)."""
    g = make(2, 5)
    advance(g, RandomBot(5), 7)
    _assert_refused(g, " ".join(words))


def test_action_text_round_trips():
    """python-chess ergonomics: every legal action's text parses back to the same action."""
    g = make(3, 8)
    bot = RandomBot(8)
    for _ in range(400):
        if g.over:
            break
        for a in g.legal_actions():
            assert Action.parse(str(a)) == a
        g.apply(str(bot.choose(g.view(g.current_player))))                              # apply accepts text too


def test_legal_actions_are_deterministic_and_distinct():
    """OpenSpiel: the legal action list is stable and holds no duplicates."""
    g = make(4, 6)
    bot = RandomBot(6)
    for _ in range(300):
        if g.over:
            break
        acts = g.legal_actions()
        assert acts == g.clone().legal_actions()
        assert len(set(acts)) == len(acts)
        g.apply(bot.choose(g.view(g.current_player)))


def test_decision_names_the_seat_to_act():
    """decision() and current_player agree; a finished game has no one to act."""
    g = make(2, 12)
    bot = RandomBot(12)
    while not g.over:
        d = g.decision()
        assert d["seat"] == g.current_player and d["prompt"]
        g.apply(bot.choose(g.view(g.current_player)))
    assert g.current_player is None and g.legal_actions() == []


def test_a_views_public_board_is_what_its_properties_show():
    """SeatView.public_board() reads the public board in one call: every field equals the view's
    property of that name, in every state of a whole game, and the stacks and pools are sizes."""
    g = make(3, 21)
    bot = RandomBot(21)
    while True:
        for seat in (0, 1, 2, None):
            view = g.view(seat)
            board = view.public_board()
            for name in board._fields:
                if name not in ("stack_sizes", "pool_sizes"):
                    assert getattr(board, name) == getattr(view, name), name
            assert board.stack_sizes == {region: view.stack_size(region) for region in g.state.stacks}
            assert board.pool_sizes == {pool: view.pool_size(pool) for pool in g.state.pools}
        if g.over:
            break
        g.apply(bot.choose(g.view(g.current_player)))


def test_a_views_public_face_of_a_seat_shows_every_field_as_player_does():
    """SeatView.public(seat) has a key per field of the seat's state, in the record's order, and
    the values player(seat) shows (hand and deck as counts, face-down tokens hidden), in every
    state of a whole game."""
    g = make(3, 22)
    bot = RandomBot(22)
    names = [f.name for f in fields(PlayerState)]
    while not g.over:
        for viewer, seat in ((0, 1), (1, 0), (2, 2), (None, 0)):
            view = g.view(viewer)
            public = view.public(seat)
            assert list(public) == names
            shown = view.player(seat)
            shown = shown.to_dict() if viewer != seat else {**asdict(shown), "deck": len(shown.deck)}
            assert dict(public) == shown
        g.apply(bot.choose(g.view(g.current_player)))


def test_a_state_view_makes_each_seats_face_once():
    """game.state_view(seat) is a SeatView whose public(seat) is made once per seat (and its
    orientations once): the same mapping when asked again, equal to what a plain view gives, in
    every state of a whole game (a new state view each state)."""
    g = make(3, 23)
    bot = RandomBot(23)
    while not g.over:
        for viewer in (0, 1, 2, None):
            kept, plain = g.state_view(viewer), g.view(viewer)
            for seat in range(3):
                face = kept.public(seat)
                assert kept.public(seat) is face
                assert dict(face) == dict(plain.public(seat))
            assert kept.legal_actions() == plain.legal_actions()
            outcomes = kept.orientations()
            assert kept.orientations() is outcomes
            def plain_data(found):
                return [{**o, "cost": [getattr(o["cost"], k) for k in o["cost"].__slots__]} for o in found]
            assert plain_data(outcomes) == plain_data(plain.orientations())
        g.apply(bot.choose(g.view(g.current_player)))


# -- corrupt saves -----------------------------------------------------------------------------
def _save() -> tuple[Game, dict]:
    g = make(2, 3)
    advance(g, RandomBot(3), 40)
    return g, json.loads(g.to_json())


def test_corrupt_save_not_json():
    """A truncated or garbled save raises ValueError."""
    g, _ = _save()
    text = g.to_json()
    for bad in (text[: len(text) // 2], "", "not json", "[1, 2, 3]", "null"):
        with pytest.raises(ValueError):
            Game.from_json(g.ruleset, bad)


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("state"),
    lambda d: d.__setitem__("format", 99),
    lambda d: d.__setitem__("packs", {"catacombs": "0.0.1"}),
    lambda d: d["state"].pop("players"),
    lambda d: d["state"].__setitem__("players", [{"seat": 0, "nonsense": 1}]),
    lambda d: d["state"].__setitem__("tiles", [{"tile": "st-a"}]),
    lambda d: d["state"].__setitem__("surprise", 1),
    lambda d: d["state"].__setitem__("turn", "soon"),
    lambda d: d["state"].__setitem__("players", "everyone"),
    lambda d: d.__setitem__("state", [1, 2]),
    lambda d: d.__setitem__("state", 7),
])
def test_corrupt_save_structure(damage):
    """A save with a missing or malformed part raises ValueError (never a crash later)."""
    g, data = _save()
    damage(data)
    with pytest.raises(ValueError):
        Game.from_json(g.ruleset, json.dumps(data))


@pytest.mark.parametrize("damage", [
    lambda d: d["state"].__setitem__("rng", "abc"),
    lambda d: d["state"]["players"][0].__setitem__("hand", "burgle"),
    lambda d: d["state"]["players"][0].__setitem__("hand", ["no-such-card"]),
    lambda d: d["state"].__setitem__("row", [None, "no-such-card"]),
    lambda d: d["state"]["players"][0].__setitem__("room", "nowhere.at-all"),
    lambda d: d["state"]["tiles"][0].__setitem__("tile", "no-such-tile"),
    lambda d: d["state"].__setitem__("current", 9),
    lambda d: d["state"]["players"][1].__setitem__("cubes", "many"),
    lambda d: d["state"].__setitem__("queue", [["no-such-step", 0, ""]]),
])
def test_corrupt_save_contents(damage):
    """A save whose values are of the wrong type or name unknown content raises ValueError."""
    g, data = _save()
    damage(data)
    with pytest.raises(ValueError):
        Game.from_json(g.ruleset, json.dumps(data))


def test_a_good_save_loads_after_a_round_trip_through_text():
    """Sanity for the corrupt-save tests: the unmodified save loads and plays on."""
    g, data = _save()
    loaded = Game.from_json(g.ruleset, json.dumps(data))
    assert state_json(loaded) == state_json(g)
    advance(loaded, RandomBot(1), 50)


@pytest.mark.parametrize(("damage", "message"), [
    (lambda s: s["players"][0]["discard"].insert(0, 3), "state.players[0].discard[0] should be str, not int"),
    (lambda s: s["players"][1]["pool"].__setitem__("skill", True), "state.players[1].pool['skill'] should be int, not bool"),
    (lambda s: s["players"][0].__setitem__("cubes", 2.5), "state.players[0].cubes should be int, not float"),
    (lambda s: s["row"].__setitem__(0, ["burgle"]), "state.row[0] should be str, not list"),
    (lambda s: s["turn"].__setitem__("flags", "none"), "state.turn.flags should be list, not str"),
])
def test_a_value_of_the_wrong_type_is_named_by_its_path(damage, message):
    """Without its digest (a save written by another tool), a state value of the wrong type is
    refused with the path to it, however deep (the per-type checks of issue 10)."""
    g, data = _save()
    data.pop("sha256")
    damage(data["state"])
    with pytest.raises(ValueError, match=re.escape(message)):
        Game.from_json(g.ruleset, json.dumps(data))

