"""The spaces and the conduct of the environments: observations within the bounds the content
gives them, the reward range of each scheme, the longest game, the wrappers PettingZoo's and
Gymnasium's own environments come with, and one answer to an index that is not legal."""

from __future__ import annotations

import importlib.util
import math
import random
import warnings
from pathlib import Path

import numpy as np
import pytest
from clank import IllegalAction, rl
from gymnasium.error import ResetNeeded
from pettingzoo.utils import wrappers

_spec = importlib.util.spec_from_file_location("rl_support", Path(__file__).with_name("rl_support.py"))
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)
MIXES, aec, single = support.MIXES, support.aec, support.single
ALL_MIXES = {**support.DONE_WHEN, "all three": (["catacombs", "underworld", "party"], 6, {"characters": "on"})}


# -- bounds -------------------------------------------------------------------------------------
@pytest.mark.parametrize("mix", sorted(ALL_MIXES))
def test_observations_stay_within_their_bounds_over_random_episodes(mix):
    """Every seat's vector in every state of two random games lies in the observation space; the
    bounds are finite wherever the content bounds what is counted."""
    packs, players, options = ALL_MIXES[mix]
    env = aec(packs, players, options)
    space = env.observation_space("player_0")["observation"]
    high = space.high
    peak = np.zeros_like(high)
    for seed in (21, 22):
        for state in support.random_states(env, seed):
            for seat in range(players):
                vector = state.table.observe(seat)
                over = np.flatnonzero(vector > high)
                assert not over.size, f"above its bound: {state.table.encoder.describe(np.where(vector > high, vector, 0))}"
                peak = np.maximum(peak, vector)
    assert (space.low == 0).all() and space.contains(vector)
    finite = np.isfinite(high)
    assert finite.mean() > 0.9                                  # all but resources, teleports and the like
    assert (peak[finite] <= high[finite]).all() and (high[finite] >= 1).mean() > 0.9
    sections = env.table.encoder.sections
    unbounded = {name for name, s in sections.items() if not np.isfinite(high[s]).all()}
    assert unbounded <= {"room_pieces", *(f"p{p}.{part}" for p in range(players) for part in ("pool", "teleports", "counts"))}


def test_the_bounds_follow_the_content_and_the_seats():
    two, six = aec(["catacombs", "party"], 5).table, aec(["catacombs", "party"], 6).table
    hand = two.encoder.sections["hand"]
    burgle = two.encoder.names["cards"].index("burgle")
    assert two.high[hand][burgle] == 6 * 5 and six.high[six.encoder.sections["hand"]][burgle] == 6 * 6
    scalars = two.encoder.entries["scalars"]
    assert two.high[two.encoder.sections["scalars"]][scalars.index("round")] == 100
    capped = aec(["catacombs"], 2, {"max_rounds": 0}).table
    assert math.isinf(capped.high[capped.encoder.sections["scalars"]][scalars.index("round")])


# -- rewards and the length of a game -------------------------------------------------------------
def test_each_reward_scheme_declares_its_range():
    rank = aec(["catacombs"], 3).game_info
    assert (rank["min_utility"], rank["max_utility"], rank["utility_sum"]) == (-1.0, 1.0, 0.0)
    diff = aec(["catacombs"], 3, reward="score_diff").game_info
    assert math.isinf(diff["min_utility"]) and diff["utility_sum"] is None
    own = aec(["catacombs"], 2, reward=lambda totals: [0.5, -0.5], reward_range=(-0.5, 0.5)).game_info
    assert (own["min_utility"], own["max_utility"]) == (-0.5, 0.5)
    with pytest.raises(ValueError, match="has its own range"):
        aec(["catacombs"], 2, reward="rank", reward_range=(0, 1))
    for rewards in (rl.rank_reward([3, 9, 9, 1]), rl.rank_reward([5, 5])):
        assert -1 <= min(rewards) and max(rewards) <= 1 and sum(rewards) == 0


def test_game_info_is_openspiels():
    env = support.single(["catacombs"], 2, seed=1)
    info = env.unwrapped.game_info
    assert info["num_distinct_actions"] == env.action_space.n and info["observation_shape"] == env.observation_space.shape
    assert info["max_game_length"] == 100 * 2 * 100 and info["max_rounds"] == 100 and info["num_players"] == 2
    assert info["reward_range"] == (-1.0, 1.0) and info["layout_id"] == env.unwrapped.layout_id
    assert env.unwrapped.metadata["game_info"] == info


def test_a_game_longer_than_max_game_length_is_truncated():
    env = aec(["catacombs"], 2, max_game_length=30)
    env.reset(seed=4)
    rng = random.Random(4)
    decisions = 0
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            env.step(None)
            continue
        env.step(support.masked_choice(obs["action_mask"], rng))
        decisions += 1
    assert decisions == 30 == env.table.decisions and not env.game.over
    gym = single(["catacombs"], 2, max_game_length=30).unwrapped
    obs, info = gym.reset(seed=4)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = gym.step(support.masked_choice(info["action_mask"], rng))
        done = terminated or truncated
    assert truncated and not terminated and gym.table.decisions >= 30
    with pytest.raises(RuntimeError, match="the episode is over"):
        gym.step(0)


# -- wrappers -------------------------------------------------------------------------------------
def test_the_environments_come_wrapped_as_the_libraries_own():
    env = rl.env(["catacombs"], players=2, seed=1)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(env.unwrapped, rl.ClankAECEnv)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env.agent_selection  # noqa: B018
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(env.action_space("player_0").n)
    assert env.game is env.unwrapped.game and env.layout_id == env.unwrapped.layout_id
    raw = aec(["catacombs"], 2)
    with pytest.raises(RuntimeError, match="step\\(\\) before reset\\(\\): call reset\\(\\) first"):
        raw.step(0)

    gym = rl.gym_env(["catacombs"], players=2, seed=1)
    assert gym.spec.id == rl.GYM_ID and isinstance(gym.unwrapped, rl.ClankGymEnv)
    with pytest.raises(ResetNeeded):
        gym.step(0)
    with pytest.raises(RuntimeError, match="call reset\\(\\) first"):
        gym.unwrapped.step(0)


# -- illegal indices ------------------------------------------------------------------------------
def illegal_index(table) -> int:
    return next(i for i in range(table.actions.size) if i not in table.legal)


def test_an_illegal_index_ends_the_episode_by_default_in_both_environments():
    env = aec(["catacombs"], 3, seed=1)
    env.reset()
    before, agent = env.game.to_json(), env.agent_selection
    env.step(illegal_index(env.table))
    assert env.game.to_json() == before                            # the game is unchanged
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards[agent] == -1.0 and all(r == 0 for a, r in env.rewards.items() if a != agent)
    assert "not legal now" in env.infos[agent]["illegal_action"]
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []

    gym = single(["catacombs"], 2, seed=1).unwrapped
    obs, info = gym.reset()
    obs2, reward, terminated, truncated, info2 = gym.step(illegal_index(gym.table))
    assert (reward, terminated, truncated) == (-1.0, True, False) and "not legal now" in info2["illegal_action"]
    assert np.array_equal(obs, obs2)
    with pytest.raises(RuntimeError, match="the episode is over"):
        gym.step(info2["legal"][0])


def test_terminating_on_an_illegal_index_is_what_pettingzoos_wrapper_does():
    """The default answer gives the rewards and terminations PettingZoo's TerminateIllegalWrapper
    gives over the environment that raises."""
    ours = aec(["catacombs"], 3, seed=5)
    theirs = wrappers.TerminateIllegalWrapper(aec(["catacombs"], 3, seed=5, illegal_action="raise"), illegal_reward=-1)
    for env in (ours, theirs):
        env.reset()
        for _ in range(7):
            env.step(env.unwrapped.table.legal_indices()[0])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.observe(env.agent_selection)
            env.step(illegal_index(env.unwrapped.table))
    assert ours.rewards == theirs.rewards and ours._cumulative_rewards == theirs._cumulative_rewards
    assert ours.terminations == theirs.terminations


def test_the_other_answers_are_options():
    env = aec(["catacombs"], 2, seed=1, illegal_action="penalise", illegal_penalty=-0.25, max_illegal=2)
    env.reset()
    agent, bad = env.agent_selection, illegal_index(env.table)
    env.step(bad)
    assert env.rewards[agent] == -0.25 and env.agent_selection == agent and not any(env.terminations.values())
    env.step(bad)
    assert all(env.truncations.values())                              # max_illegal in a row
    strict = aec(["catacombs"], 2, seed=1, illegal_action="raise")
    strict.reset()
    with pytest.raises(IllegalAction, match="not legal now"):
        strict.step(bad)
    assert strict.rewards == {a: 0.0 for a in strict.agents}

    gym = single(["catacombs"], 2, seed=1, illegal_action="penalise", max_illegal=2).unwrapped
    obs, info = gym.reset()
    assert gym.step(bad)[1:4] == (-1.0, False, False)
    assert gym.step(bad)[3] is True
    strict_gym = single(["catacombs"], 2, seed=1, illegal_action="raise").unwrapped
    strict_gym.reset()
    with pytest.raises(IllegalAction):
        strict_gym.step(bad)
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        aec(["catacombs"], 2, illegal_action="ignore")


def test_a_score_difference_game_penalises_at_minus_one_unless_told():
    env = aec(["catacombs"], 2, reward="score_diff", illegal_penalty=-50)
    assert env.illegal_penalty == -50 and env.game_info["reward_range"][0] == -math.inf
    assert aec(["catacombs"], 2, reward="score_diff").illegal_penalty == -1.0
