"""One index, one action meaning, in every state of every pack mix (``clank.rl.layout``).

An action's meaning, as docs/rl.md defines it: its context (``turn`` for the main decision and
the orientation of a tile, else the decision kind), its word and its canonical arguments (the
subject of a core decision first: the card or token asking a ``choose`` or ``may``, the card of
a ``react``, the purpose of a ``pick``, the source of any choice whose data number its options;
a link named by where it leads; an option by its place in its source's list). The reference
:func:`meaning` below is written from that definition, apart from the layout's code; the
property tests play random games of every mix and check that every index handed out in any
state stands for one meaning only, that :meth:`ActionLayout.describe` says it, and that no
action of the packs of this repository needs a spare index (each pack declares the forms of
its actions).
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from clank import Action, rl
from clank.actionforms import FormError, form_problem, parse_form
from clank.registry import Registry, RegistryError
from clank.rl.layout import TURN, ActionLayout, Situation, expand, fallback_forms, meaning_text
from clank.testing import set_pool, set_row
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

_spec = importlib.util.spec_from_file_location("rl_support", Path(__file__).with_name("rl_support.py"))
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)
aec = support.aec

SEEN: dict[str, dict[int, tuple]] = {}
"""Every keyed index met so far, by layout id: the meaning it stood for (across tests and examples)."""


def meaning(game, action: Action) -> tuple[str, str, tuple[str, ...]]:
    """The meaning of a legal action now, from docs/rl.md's definition."""
    kind = game.decision_kind
    pending = game.state.decision or {}
    args = tuple(action.args)
    if kind in ("main", "orient"):
        if args and args[0].startswith("link:"):
            room = game.player(game.current_player).room
            leads = {k: dest for k, dest, _ in game.link_routes(room)}
            leads.update({k: target for k, target, _ in game.link_openings(room)})
            one_way = any(f"link:{link['key']}" == args[0] and link.get("one_way") for link in game.state.links)
            args = (f"link>{'one-way:' if one_way else ''}{leads[args[0]]}", *args[1:])
        return "turn", action.kind, args
    numbers = pending.get("numbers")
    if numbers is not None and action.kind == "option":
        args = (str(numbers[int(args[0])]), *args[1:])
    subject = {"choose": "src", "may": "src", "react": "card", "pick": "purpose"}.get(kind)
    if subject is None and numbers is not None:
        subject = "src"
    if subject is not None:
        return kind, action.kind, (pending.get(subject) or "-", *args)
    return kind, action.kind, args


def check_state(env: rl.ClankAECEnv) -> int:
    """Check the indices of the state now against every index met before; returns how many
    actions took a spare index."""
    layout, game = env.table.actions, env.game
    seen = SEEN.setdefault(env.layout_id, {})
    spares = 0
    for index, action in env.table.legal.items():
        if layout.is_spare(index):
            spares += 1
            continue
        now = meaning(game, action)
        before = seen.setdefault(index, now)
        assert before == now, f"index {index} meant {before} and now {now}"
        assert layout.meaning(index) == now and layout.describe(index) == meaning_text(*now)
    return spares


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_index_never_stands_for_two_meanings(data):
    """Random games of every mix to random depths; the indices of every state compared with those
    of every state met before (in this test and the others of this module)."""
    env, seed, depth = support.drawn_game(data, 800)
    assert sum(check_state(state) for state in support.random_states(env, seed, depth)) == 0


@pytest.mark.parametrize("mix", sorted(support.DONE_WHEN))
def test_whole_games_of_the_done_when_mixes_keep_one_meaning_per_index_and_need_no_spare(mix):
    """Three whole random games of each mix the issue names (base, base + Underworld, Party at 6,
    a directory pack), every state checked; the layout's own count of spares agrees."""
    packs, players, options = support.DONE_WHEN[mix]
    env = aec(packs, players, options)
    layout = env.table.actions
    before = list(layout.counts)
    states = 0
    for seed in (11, 12, 13):
        for state in support.random_states(env, seed):
            assert check_state(state) == 0
            states += 1
    listed, spared = (now - then for now, then in zip(layout.counts, before, strict=True))
    assert states > 300 and listed > states and spared == 0


def test_the_indices_of_the_issue_now_name_their_entry_and_zone():
    """A portal's entry and a pick's zone (and purpose) are part of the index: the two portal moves
    and the two picks of the issue's examples get different indices."""
    layout = aec(["catacombs"], 2).table.actions
    turn = Situation(TURN, (), lambda: {})
    one = layout.encode(turn, [Action("portal", ("su-1#1", "st-a#5", "0"))])
    two = layout.encode(turn, [Action("portal", ("su-5#1", "st-a#5", "0"))])
    assert set(one).isdisjoint(two)
    assert layout.describe(next(iter(one))) == "portal su-1#1 st-a#5 0"
    hand = layout.encode(Situation("pick", ("discard",)), [Action("pick", ("hand", "burgle"))])
    play = layout.encode(Situation("pick", ("discard",)), [Action("pick", ("play", "burgle"))])
    trash = layout.encode(Situation("pick", ("trash",)), [Action("pick", ("hand", "burgle"))])
    assert len({*hand, *play, *trash}) == 3
    assert layout.describe(next(iter(trash))) == "pick: pick trash hand burgle"


def test_an_option_is_keyed_by_its_place_in_the_card_not_among_the_options_open_now():
    """C10: Black Market's choice of two lists the options left again after the first pick (the
    engine's ``option 0`` is then the trash); its index stays that of Black Market's second option."""
    env = aec(["catacombs"], 2, seed=3)
    env.reset()
    game, table = env.game, env.table
    seat = game.current_player
    set_row(game, ["black-market", *game.state.row[1:]])
    set_pool(game, seat, skill=5)
    game.apply("use 0")
    table.refresh()
    described = {table.actions.describe(i): str(a) for i, a in table.legal.items()}
    assert described == {f"choose: option black-market {n}": f"option {n}" for n in range(3)}
    gold = next(i for i, a in table.legal.items() if str(a) == "option 0")
    game.apply("option 0")                               # +2 gold; trash and lockpick are listed again
    table.refresh()
    described = {table.actions.describe(i): str(a) for i, a in table.legal.items()}
    assert described == {"choose: option black-market 1": "option 0", "choose: option black-market 2": "option 1"}
    assert gold not in table.legal


def test_an_option_closed_by_its_condition_shifts_no_other_index():
    """C10: with option 0 closed, the engine lists the card's option 1 as ``option 0``; the layout
    keys it as option 1 of its source, the index it has when both are open."""
    layout = aec(["catacombs"], 2).table.actions
    both = layout.encode(Situation("choose", ("imp-familiar",), None, ("0", "1")), [Action("option", ("0",)), Action("option", ("1",))])
    second_only = layout.encode(Situation("choose", ("imp-familiar",), None, ("1",)), [Action("option", ("0",))])
    assert list(second_only) == [list(both)[1]]
    assert layout.describe(list(second_only)[0]) == "choose: option imp-familiar 1"


def test_an_action_whose_meaning_another_holds_takes_a_spare_index():
    """Two links from one room to the same room have one meaning: the second takes a spare."""
    layout = aec(["catacombs"], 2).table.actions
    room = layout.names["rooms"][0]
    turn = Situation(TURN, (), lambda: {"link:a0": f"link>{room}", "link:b1": f"link>{room}"})
    got = layout.encode(turn, [Action("move", ("link:a0", "0")), Action("move", ("link:b1", "0"))])
    first, second = got
    assert layout.describe(first) == f"move link>{room} 0" and layout.is_spare(second)
    assert layout.meaning(second) is None


# -- the forms packs declare --------------------------------------------------------------------
@pytest.mark.parametrize(("form", "words"), [
    ("", "an empty form"),
    ("keep <tokens>", "unknown class <tokens> (did you mean token?)"),
    ("put <3..1>", "range <3..1> must go up"),
    ("keep <room:x>", "only <card:TYPE> and <token:POOL> narrow"),
    ("keep <token?> none", "only the last argument may be optional"),
    ("keep {a|b c}", "cannot read the pattern"),
])
def test_a_form_that_does_not_parse_says_what_is_wrong(form, words):
    assert words in form_problem(form)
    with pytest.raises(FormError, match="form|empty"):
        parse_form(form)


def test_a_form_with_an_optional_last_argument_stands_for_two():
    assert [text for text, _ in expand(parse_form("room market <token> <payment?>"))] == [
        "room market <token>", "room market <token> <payment>"]
    assert [text for text, _ in expand(parse_form("x {a|b}?"))] == ["x", "x {a|b}"]
    assert [text for text, _ in expand(parse_form("end"))] == ["end"]
    layout = aec(["catacombs"], 2).table.actions
    plain, coupon = (layout.index_of(TURN, "room", ("market", "backpack", *tag)) for tag in ((), ("coupon",)))
    assert plain is not None and coupon is not None and plain != coupon


def test_the_registry_refuses_a_bad_form_and_a_form_for_no_decision():
    registry = Registry()
    registry.current_pack = "mypack"
    with pytest.raises(RegistryError, match="unknown class <crad>"):
        registry.add_action_forms("turn", "play <crad>")
    registry.add_action_forms("tip_decision", "tip <0..3>")
    with pytest.raises(RegistryError, match="action forms for 'tip_decision', which is no decision kind"):
        registry.finish()


def test_a_declared_form_gives_each_value_its_own_index():
    layout = aec(["catacombs", "underworld"], 2).table.actions
    keep = Situation("fate_keep")
    fates = [t for t in layout.names["tokens"] if t.startswith("fate-")][:2]
    got = [next(iter(layout.encode(keep, [Action("keep", (f,))]))) for f in fates]
    assert got[0] != got[1] and not any(layout.is_spare(i) for i in got)
    assert layout.describe(got[0]) == f"fate_keep: keep {fates[0]}"
    row = next(r for r in layout.table() if r["form"] == "keep <token:fate>" and r["context"] == "fate_keep")
    assert row["source"] == "underworld" and row["size"] == len([t for t in layout.names["tokens"] if t.startswith("fate-")])


def test_what_a_pack_registers_without_forms_gets_forms_from_what_it_registered():
    """For a pack that declares no form, forms are made from what it registered: a decision kind
    gets the plain answers (yes, no, done, option N), an action kind ``K`` gets ``K`` and
    ``K <item>``, a room feature with actions ``room F`` and ``room F <item>``, a market its offers
    with a way to pay or not; a declared form replaces them."""
    registry = aec(["catacombs"], 2).table.ruleset.registry
    made = fallback_forms(registry, {})
    assert made["rotate_tile"] == ["yes", "no", "done", "option <option>"]
    assert {"token", "token <item>", "room wayshrine", "room wayshrine <item>", "room market <item> <payment?>",
            "remote-buy <item> <payment?>"} <= set(made[TURN])
    assert "choose" not in made and "main" not in made
    declared = {TURN: [parse_form("token <token>"), parse_form("room wayshrine")], "rotate_tile": [parse_form("rotate <1..3>")]}
    made = fallback_forms(registry, declared)
    assert "rotate_tile" not in made and not {"token", "room wayshrine"} & set(made[TURN])


def test_spare_indices_are_counted():
    layout = ActionLayout(aec(["catacombs"], 2).table.ruleset)
    layout.encode(Situation(TURN), [Action("end"), Action("whistle"), Action("hum", ("x",))])
    assert layout.counts == [3, 2] and layout.spares_by_context == {"turn": 2}
    assert layout.spare_share() == pytest.approx(2 / 3)


def test_the_layout_follows_the_forms_and_the_content():
    a = aec(["catacombs"], 2).table
    b = aec(["catacombs"], 3).table
    assert a.actions.size == b.actions.size          # the action layout is the content's; the seats name the id
    assert a.layout_id != b.layout_id
    rng = random.Random(0)
    index = rng.randrange(a.actions.size)
    assert a.actions.describe(index) == b.actions.describe(index)
