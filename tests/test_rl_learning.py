"""The learning example of docs/rl.md (``examples/rl_linear_agent.py``): after a short training
run against the ``random`` bot it beats that bot in at least 60% of 200 new games (slow tier:
about a minute on two cores)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "rl_linear_agent.py"


def load_example():
    spec = importlib.util.spec_from_file_location("rl_linear_agent", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_linear_agent_beats_the_random_bot_after_a_short_training():
    agent = load_example()
    theta = agent.train(300, seed=1)
    result = agent.evaluate(theta, 200)            # seeds 1-200, never those of training (10,000 on)
    assert sum(result.values()) == 200
    assert result["wins"] >= 120, result


def test_an_untrained_agent_does_not():
    """The same evaluation with no training (all weights zero: the first legal action each time)
    wins far less, so the slow test measures learning, not the features alone."""
    agent = load_example()
    env_size = agent.ActionFeatures(agent.rl.gym_env("catacombs", players=2)).size
    result = agent.evaluate(np.zeros(env_size), 20)
    assert result["wins"] < 5, result
