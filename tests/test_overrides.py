"""Content overrides (issue 32, the balance lab): the game option ``overrides`` changes or leaves out
cards without editing files, checked like content, and never reaches the compiled-content cache.

The packs are the base game's module, given directly (``modules``).
"""

from __future__ import annotations

import json

import clank_catacombs
import pytest
from clank import api
from clank.api import build_ruleset, game_record, new_game, replay
from clank.content import OverrideError, parse_setting, with_setting, without_card
from clank.content import cache as content_cache
from clank.content.overrides import canonical, normalise

MODULES = {"catacombs": clank_catacombs}


def game(overrides=None, seed: int = 1):
    options = {"overrides": overrides} if overrides is not None else {}
    return new_game(["catacombs"], players=2, seed=seed, options=options, modules=MODULES)


def refused(overrides) -> str:
    with pytest.raises(OverrideError) as exc:
        game(overrides)
    return str(exc.value)


def test_a_changed_card_plays_with_its_new_values_and_the_packs_stay_as_written():
    changed = game({"cards": {"payoff": {"cost": 6, "points": 2, "play": [{"gain": {"skill": 5, "swords": 5}}]}}})
    card = changed.ruleset.cards["payoff"]
    assert card.cost == {"skill": 6} and card.points == 2
    assert card.data["play"] == [{"gain": {"skill": 5, "swords": 5}}]
    plain = game()
    assert plain.ruleset.cards["payoff"].cost == {"skill": 1}      # another ruleset: the files' values
    assert plain.ruleset is not changed.ruleset


def test_a_dotted_key_sets_inside_a_mapping():
    assert game({"cards": {"payoff": {"cost.swords": 2}}}).ruleset.cards["payoff"].cost == {"skill": 1, "swords": 2}


def test_without_leaves_every_copy_of_a_card_out_of_the_dungeon_deck():
    plain, without = game(), game({"without": ["payoff"]})
    deck = plain.state.dungeon_deck + [c for c in plain.state.row if c]
    assert deck.count("payoff") == 2
    assert "payoff" not in without.ruleset.cards
    assert len(without.state.dungeon_deck) + len([c for c in without.state.row if c]) == len(deck) - 2


@pytest.mark.parametrize(("overrides", "message"), [
    ({"cards": {"payof": {"cost": 6}}}, "unknown card 'payof' (did you mean 'payoff'?)"),
    ({"without": ["paypff"]}, "unknown card 'paypff' (did you mean 'payoff'?)"),
    ({"cards": {"payoff": {"cots": 6}}}, "card 'payoff': unknown key 'cots' (did you mean 'cost'?) (at cots)"),
    ({"cards": {"payoff": {"cost": "six"}}}, "card 'payoff': `cost` is a mapping, not the text 'six' (at cost)"),
    ({"cards": {"payoff": {"play": [{"gian": {"skill": 1}}]}}},
     "card 'payoff': unknown op 'gian' (did you mean 'gain'?) (at play[0].gian)"),
    ({"cards": {"payoff": {"id": "other"}}}, "its 'id' cannot be overridden"),
    ({"cards": {"payoff": {"name.first": "x"}}}, "'name' is not a mapping"),
    ({"cardz": {}}, "unknown overrides section 'cardz' (did you mean 'cards'?)"),
    ({"cards": {"payoff": {"cost": 1}}, "without": ["payoff"]}, "card 'payoff' is both changed and left out"),
    ("payoff", "overrides must be a mapping"),
])
def test_mistakes_are_refused_with_the_nearest_name(overrides, message):
    assert message in refused(overrides)


def test_cost_as_a_number_needs_a_card_with_one_cost_resource():
    text = refused({"cards": {"locked-trunk": {"cost": 3}}})      # Skill and a lockpick
    assert 'card \'locked-trunk\' costs {"skill": 3, "lockpicks": 1}: cost=3 needs a card with one' in text
    assert "write cost.RESOURCE=3" in text


def test_leaving_out_a_card_other_content_names_is_refused_where_it_is_named():
    text = refused({"without": ["burgle"]})          # a starting card: the setup's starting deck names it
    assert "with these overrides:" in text and "setup.yaml" in text and "unknown card id 'burgle'" in text


def test_the_overrides_travel_with_the_game_record_and_replay():
    changes = {"cards": {"payoff": {"cost": 4}}}
    first = game(changes, seed=3)
    for _ in range(40):
        first.apply(first.legal_actions()[-1])
    again = replay(json.loads(json.dumps(game_record(first))))
    assert again.ruleset.cards["payoff"].cost == {"skill": 4}
    assert again.to_json() == first.to_json()


def test_the_compiled_content_cache_keeps_the_files_values(tmp_path, monkeypatch):
    monkeypatch.setenv(content_cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.setattr(api, "_CACHE", {})
    changed = build_ruleset(["catacombs"], {"overrides": {"cards": {"payoff": {"cost": 5}}}}, MODULES)
    assert changed.cards["payoff"].cost == {"skill": 5}
    monkeypatch.setattr(api, "_CACHE", {})           # as a new process would: the cache is read back
    loads = []
    real = api._load
    monkeypatch.setattr(api, "_load", lambda *a, **k: loads.append(1) or real(*a, **k))
    plain = build_ruleset(["catacombs"], {}, MODULES)
    assert loads == [] and plain.cards["payoff"].cost == {"skill": 1}
    again = build_ruleset(["catacombs"], {"overrides": {"cards": {"payoff": {"cost": 5}}}}, MODULES)
    assert loads == [] and again.cards["payoff"].cost == {"skill": 5}


def test_the_command_line_form_reads_yaml_values():
    assert parse_setting("dragon-egg.cost=6") == ("dragon-egg", "cost", 6)
    assert parse_setting("x.play=[gain: {skill: 5, swords: 5}]") == ("x", "play", [{"gain": {"skill": 5, "swords": 5}}])
    assert parse_setting("x.name=A New Name") == ("x", "name", "A New Name")
    assert parse_setting("x.cost.skill=2") == ("x", "cost.skill", 2)
    for bad, message in (("dragon-egg=6", "expected CARD.KEY=VALUE"), ("x.cost", "expected CARD.KEY=VALUE"),
                         ("x.cost=", "no value"), ("x.play=[gain: {skill", "not valid YAML"),
                         ("x.name=2024-01-01", "reads as a date")):
        with pytest.raises(OverrideError, match=message):
            parse_setting(bad)


def test_building_overrides_step_by_step_gives_one_canonical_value():
    a = with_setting(without_card(None, "b"), "a", "cost", 6)
    b = without_card(with_setting({}, "a", "cost", 6), "b")
    assert a == b == {"cards": {"a": {"cost": 6}}, "without": ["b"]}
    assert canonical(a) == canonical(json.loads(json.dumps(b))) and normalise(None) == {}
