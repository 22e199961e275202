"""Scenario files: rule tests written as given/when/then YAML, for pack authors.

A pack keeps them in ``scenarios/*.yaml`` (see docs/scenarios.md for the format); ``clank pack
test PACK`` and ``pytest --clank-scenarios DIR`` run them. From Python::

    from clank.scenarios import load_file, run_scenario

    loaded = load_file("packs/catacombs/clank_catacombs/scenarios/lie-in-wait.yaml")
    assert not loaded.problems
    for scenario in loaded.scenarios:
        assert run_scenario(scenario).ok

The work is split by job: :mod:`~clank.scenarios.loader` reads a file (YAML with positions, the
schema of :mod:`clank.content.scenario_schema`, then :mod:`~clank.scenarios.refs` checks ids),
:mod:`~clank.scenarios.arrange` builds the ``given`` game with :mod:`clank.testing`,
:mod:`~clank.scenarios.actions` finds each ``when`` among the legal actions,
:mod:`~clank.scenarios.expect` checks each ``then``, :mod:`~clank.scenarios.runner` runs them,
:mod:`~clank.scenarios.packs` tells which packs a scenario plays with.
"""

from __future__ import annotations

from clank.scenarios.actions import Labeller
from clank.scenarios.loader import load_file
from clank.scenarios.model import (
    FAILED,
    PASSED,
    XFAILED,
    XPASSED,
    Failure,
    Scenario,
    ScenarioFailed,
    ScenarioFile,
    ScenarioResult,
)
from clank.scenarios.packs import SCENARIO_DIR, owner_spec, scenario_dir
from clank.scenarios.runner import check, load_folder, results_ok, run_file, run_scenario, scenario_files

__all__ = ["FAILED", "PASSED", "SCENARIO_DIR", "XFAILED", "XPASSED", "Failure", "Labeller", "Scenario",
           "ScenarioFailed", "ScenarioFile", "ScenarioResult", "check", "load_file", "load_folder", "owner_spec",
           "results_ok", "run_file", "run_scenario", "scenario_dir", "scenario_files"]
