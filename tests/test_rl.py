"""The learning environments of ``clank.rl``: PettingZoo's and Gymnasium's own checks on every
pack mix (the environments as ``rl.env`` and ``rl.gym_env`` give them, wrapped), the fixed
action space (every legal action reachable, every masked index one legal action: property tests
over random states of every mix), seeding, and observations that no hidden information of
another seat reaches. The meanings of the indices: ``test_rl_actions.py``; bounds, wrappers and
illegal indices: ``test_rl_spaces.py``; saved policies: ``test_rl_policy.py``."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from clank import Action, rl
from clank.rl.layout import TURN, ActionLayout, Situation
from clank.search import determinise
from clank.testing import set_hand
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

_spec = importlib.util.spec_from_file_location("rl_support", Path(__file__).with_name("rl_support.py"))
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)
CUSTOM, DONE_WHEN, MIXES = support.CUSTOM, support.DONE_WHEN, support.MIXES
aec, single, masked_choice = support.aec, support.single, support.masked_choice


# -- the standard checks ------------------------------------------------------------------------
@pytest.mark.parametrize("mix", sorted(DONE_WHEN))
def test_pettingzoo_api_test_passes(mix):
    packs, players, options = DONE_WHEN[mix]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # its advice for dict observations (chess's are dicts too)
        api_test(rl.env(packs, players=players, options=options, seed=3, modules=support.MODULES), num_cycles=300)
        api_test(aec(packs, players, options, seed=3), num_cycles=100)      # the unwrapped one too


@pytest.mark.parametrize("mix", sorted(DONE_WHEN))
def test_gymnasium_check_env_passes(mix):
    packs, players, options = DONE_WHEN[mix]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # "no spec to test other render modes": it is made directly
        check_env(single(packs, players, options, seed=3, opponents="random").unwrapped)   # as Gymnasium advises


# -- the action space ---------------------------------------------------------------------------
def check_mapping(env: rl.ClankAECEnv) -> None:
    """Every legal action has exactly one index, every index in the mask one legal action."""
    game = env.game
    legal = game.legal_actions()
    indexed = env.table.legal
    assert set(indexed.values()) == set(legal)                      # every legal action reachable
    assert len(indexed) == len(set(legal))                          # no two share an index
    mask = env.observe(env.agent_selection)["action_mask"]
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(indexed)
    for index in indexed:
        assert env.table.action_for(index) in legal
    assert env.agent_selection == rl.agent_name(game.current_player)  # out-of-turn deciders too


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_legal_action_has_one_index_and_every_index_one_action(data):
    env, seed, depth = support.drawn_game(data, 600)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        if env.game.over:
            break
        check_mapping(env)
        env.step(masked_choice(env.observe(env.agent_selection)["action_mask"], rng))
    if env.game.over:
        return
    check_mapping(env)
    for index, action in env.table.legal.items():       # each index applies exactly its action
        twin = env.game.clone()
        twin.apply(env.table.action_for(index))
        assert twin.state.history[-1] == str(action)


@pytest.mark.parametrize("mix", range(len(MIXES)))
def test_whole_random_games_of_every_mix_keep_the_action_space_one_to_one(mix):
    """Beside the property test's random depths: two whole games of each mix at its largest seat
    count, the map checked in every state, and every masked index applied every 50 steps."""
    packs, seats, options = MIXES[mix]
    for seed in (100 + mix, 200 + mix):
        env = aec(packs, seats[-1], options)
        env.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not env.game.over:
            check_mapping(env)
            if steps % 50 == 0:
                for index, action in env.table.legal.items():
                    twin = env.game.clone()
                    twin.apply(env.table.action_for(index))
                    assert twin.state.history[-1] == str(action)
            env.step(masked_choice(env.observe(env.agent_selection)["action_mask"], rng))
            steps += 1
        assert steps > 100


@pytest.mark.parametrize(("packs", "players", "kind"), [
    (["catacombs"], 2, "rotate_tile"),           # a pack's question to the seat whose turn it is not
    (["catacombs", "party"], 6, "react"),        # a React card on another player's turn
])
def test_out_of_turn_decisions_go_to_the_deciding_seat(packs, players, kind):
    env = aec(packs, players)
    found = None
    for seed in range(40):
        for _ in support.random_states(env, seed):
            decision = env.game.decision()
            if decision["kind"] == kind and decision["seat"] != env.game.state.current:
                found = decision
                break
        if found:
            break
    assert found, f"no {kind} decision of a seat out of turn in 40 random games"
    assert env.agent_selection == rl.agent_name(found["seat"])
    others = [a for a in env.agents if a != env.agent_selection]
    assert all(not env.observe(a)["action_mask"].any() for a in others)
    assert env.observe(env.agent_selection)["action_mask"].any()


def test_indices_have_stable_meanings_derived_from_content():
    env = aec(["catacombs"], 2, seed=1)
    env.reset(seed=1)
    layout = env.table.actions
    for index, action in env.table.legal.items():         # the first decision: a card to play
        assert layout.describe(index) == str(action)
    play = next(b for b in layout.blocks if b.form == "play <card>")
    assert layout.describe(play.offset) == f"play {play.fields[0][0]}"
    words = {(row["context"], row["word"]) for row in layout.table()}
    assert {("turn", "play"), ("turn", "buy"), ("turn", "move"), ("turn", "orient"), ("choose", "option"),
            ("turn", "token"), ("rotate_tile", "rotate")} <= words
    assert sum(row["size"] for row in layout.table()) == layout.size == env.action_space("player_0").n


def test_a_custom_packs_content_gets_slots_with_no_code():
    base = aec(["catacombs"], 2)
    custom = aec(["catacombs", CUSTOM], 2)
    new_cards = set(custom.table.encoder.names["cards"]) - set(base.table.encoder.names["cards"])
    new_tokens = set(custom.table.encoder.names["tokens"]) - set(base.table.encoder.names["tokens"])
    new_tiles = set(custom.table.encoder.names["tiles"]) - set(base.table.encoder.names["tiles"])
    assert new_cards and new_tokens and new_tiles
    layout = custom.table.actions
    assert all(layout.index_of(TURN, "play", (c,)) is not None for c in new_cards)
    assert all(layout.index_of(TURN, "token", (t,)) is not None for t in new_tokens)
    routes = [r for r in layout.names["routes"] if r.split("#")[0] in new_tiles]
    assert routes and any(layout.index_of(TURN, "move", (r, "0")) is not None for r in routes)
    assert custom.table.encoder.size > base.table.encoder.size
    assert custom.layout_id != base.layout_id                      # versioned by the content hash
    assert aec(["catacombs"], 2).layout_id == base.layout_id


def test_a_state_beyond_a_contexts_spare_indices_is_refused_not_lost():
    env = aec(["catacombs"], 2)
    layout = ActionLayout(env.table.ruleset, limits={"spare": 1})
    where = Situation(TURN)
    only = layout.encode(where, [Action("zzz")])                  # a word no form names: a spare index
    assert layout.is_spare(next(iter(only))) and layout.describe(next(iter(only))) == "turn: spare 0"
    with pytest.raises(rl.ActionSpaceOverflow, match="more than 1 actions of context 'turn' fit no action form"):
        layout.encode(where, [Action("zzz"), Action("zzz", ("1",))])
    with pytest.raises(ValueError, match="unknown action-space limits"):
        ActionLayout(env.table.ruleset, limits={"spares": 3})


# -- seeding ------------------------------------------------------------------------------------
def aec_episode(seed: int, agent_seed: int) -> list[bytes]:
    env = aec(["catacombs", "underworld"], 3, seed=seed)
    env.reset()
    rng = random.Random(agent_seed)
    out = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        out.append(agent.encode() + obs["observation"].tobytes() + obs["action_mask"].tobytes()
                   + np.float64(reward).tobytes())
        env.step(None if terminated or truncated else masked_choice(obs["action_mask"], rng))
    out.append(env.game.to_json().encode())
    return out


def test_seeding_reproduces_an_episode_byte_for_byte():
    first = aec_episode(seed=11, agent_seed=5)
    assert aec_episode(seed=11, agent_seed=5) == first
    assert aec_episode(seed=12, agent_seed=5) != first


def test_gym_resets_follow_the_seed():
    def episode(env, seed):
        obs, info = env.reset(seed=seed)
        rng = random.Random(seed)
        seen = [obs.tobytes()]
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(masked_choice(info["action_mask"], rng))
            seen.append(obs.tobytes() + np.float64(reward).tobytes())
            done = terminated or truncated
        return seen, env.reset()[0].tobytes()      # the next unseeded reset follows from the seed too

    one = single(["catacombs"], 2, opponents="greedy").unwrapped
    two = single(["catacombs"], 2, opponents="greedy").unwrapped
    assert episode(one, 4) == episode(two, 4)
    assert episode(one, 4)[0] != episode(one, 5)[0]


# -- hidden information -------------------------------------------------------------------------
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mix=st.sampled_from(range(len(MIXES))), seed=st.integers(0, 10_000), depth=st.integers(0, 400))
def test_no_observation_changes_when_another_seats_hidden_information_changes(mix, seed, depth):
    packs, seats, options = MIXES[mix]
    env = aec(packs, seats[-1], options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        if env.game.over:
            break
        env.step(masked_choice(env.observe(env.agent_selection)["action_mask"], rng))
    game, encoder = env.game, env.table.encoder
    redealt = 0
    for seat in range(len(game.state.players)):
        view = game.view(seat)
        seen = encoder.encode(view).tobytes()
        for k in range(3):
            other = determinise(view, seed=k)      # hidden information dealt again, consistent with the view
            assert encoder.encode(other.view(seat)).tobytes() == seen
            redealt += any(other.player(s).hand != game.player(s).hand or other.player(s).deck != game.player(s).deck
                           for s in range(len(game.state.players)) if s != seat)
    assert redealt or game.over or depth < 5 or all(not p.hand and not p.deck for p in game.state.players)


def test_an_observation_does_change_with_what_the_seat_sees():
    env = aec(["catacombs"], 2, seed=1)
    env.reset(seed=1)
    game, encoder = env.game, env.table.encoder
    before = [encoder.encode(game.view(s)) for s in (0, 1)]
    twin = game.clone()
    set_hand(twin, 0, ["burgle"] * 5)     # seat 0's hand (the old one under its deck): seat 1 sees counts
    after = [encoder.encode(twin.view(s)) for s in (0, 1)]
    assert not np.array_equal(before[0], after[0])
    hand = encoder.sections["hand"]
    assert after[0][hand][encoder.names["cards"].index("burgle")] == 5
    changed = set(np.flatnonzero(before[1] != after[1]).tolist())
    counts = encoder.sections["p1.counts"]          # seat 0 seen from seat 1: its deck grew by 5
    assert changed == {counts.start + 3}
    assert after[1][counts.start + 3] == before[1][counts.start + 3] + 5


# -- rewards, illegal actions, bots, the extra ---------------------------------------------------
def test_rewards_are_zero_until_the_end_then_rank_or_score_difference():
    assert rl.rank_reward([30, 10]) == [1.0, -1.0]
    assert rl.rank_reward([5, 5, 0, 9]) == [0.0, 0.0, -1.0, 1.0]
    assert rl.score_difference([30, 10, 25]) == [5.0, -20.0, -5.0]
    for reward in ("rank", "score_diff"):
        env = single(["catacombs"], 2, opponents="random", reward=reward, seed=2).unwrapped
        obs, info = env.reset()
        rng = random.Random(2)
        rewards, done = [], False
        while not done:
            obs, r, terminated, truncated, info = env.step(masked_choice(info["action_mask"], rng))
            rewards.append(r)
            done = terminated or truncated
        totals = [s["total"] for s in env.game.scores()]
        assert set(rewards[:-1]) == {0.0}
        assert rewards[-1] == rl.REWARDS[reward].fn(totals)[0]
    with pytest.raises(ValueError, match="unknown reward"):
        single(["catacombs"], 2, reward="elo")


def test_bots_are_named_as_simulate_names_them():
    env = single(["catacombs"], 3, opponents=["greedy", "mcts:2"], learner=1, seed=1).unwrapped
    obs, info = env.reset()
    assert env.opponents == {0: "greedy", 2: "mcts:2"} and env.game.current_player == 1
    env.step(masked_choice(info["action_mask"], random.Random(1)))
    with pytest.raises(ValueError, match="unknown bot|no bot"):
        single(["catacombs"], 2, opponents="grumpy")
    with pytest.raises(ValueError, match="2 bot seats, 1 bot names"):
        single(["catacombs"], 3, opponents=["greedy"])


def test_the_structured_observation_is_the_seats_view():
    env = aec(["catacombs"], 2, seed=1, render_mode="ansi")
    env.reset()
    data = env.observe_dict("player_0")
    assert data["view"] == env.game.view_dict(0) and data["layout"] == env.layout_id
    assert set(data["legal"].values()) == {str(a) for a in env.game.legal_actions()}
    assert env.observe_dict("player_1")["legal"] == {}
    assert "P1's turn" in env.render()
    described = env.table.encoder.describe(env.observe("player_0")["observation"])
    assert described["scalars"]["deciding"] == 1.0 and sum(described["hand"].values()) == 5


def test_importing_without_the_extra_names_it():
    code = "import sys; sys.modules['pettingzoo'] = None; import clank.rl"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install 'clank-engine[rl]'" in done.stderr


def test_the_examples_of_docs_rl_run():
    """Every ```python block of docs/rl.md runs, in order, in one namespace."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)
    assert len(blocks) >= 4
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/rl.md", "exec"), namespace)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mix=st.sampled_from(range(len(MIXES))), seed=st.integers(0, 10_000))
def test_encoding_from_memory_gives_the_vector_a_fresh_encoding_gives(mix, seed):
    """The environments encode each seat's views with a memory of its last look; in every state
    of a random game, every seat's vector is the one a fresh encoding makes."""
    packs, seats, options = MIXES[mix]
    env = aec(packs, seats[0], options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    encoder = env.table.encoder
    for _ in range(300):
        if env.game.over:
            break
        for seat in range(seats[0]):
            view = env.game.view(seat)
            assert np.array_equal(env.table.observe(seat), encoder.encode(view))
        env.step(masked_choice(env.observe(env.agent_selection)["action_mask"], rng))


def test_an_encoding_is_a_new_array_and_a_memory_follows_its_seat():
    """The vector handed out is the caller's to change: the next encoding from the same memory is
    unaffected. A memory given another seat's view starts afresh rather than reuse the parts it
    kept of the first seat (its seats are numbered from the observer)."""
    env = aec(["catacombs"], 2, seed=3)
    env.reset(seed=3)
    encoder, game = env.table.encoder, env.game
    memory = encoder.memory()
    first = encoder.encode(game.view(0), memory)
    first[:] = 7.0
    assert np.array_equal(encoder.encode(game.view(0), memory), encoder.encode(game.view(0)))
    assert np.array_equal(encoder.encode(game.view(1), memory), encoder.encode(game.view(1)))
    assert np.array_equal(encoder.encode(game.view(0), memory), encoder.encode(game.view(0)))
