"""A saved policy carries the layout it was trained on, and an environment of another layout
refuses it, saying what changed (``clank.rl.policy``)."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from clank import rl
from clank.rl.policy import MANIFEST_KEY, manifest

_spec = importlib.util.spec_from_file_location("rl_support", Path(__file__).with_name("rl_support.py"))
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)
aec, single, CUSTOM = support.aec, support.single, support.CUSTOM


def weights(env) -> dict[str, np.ndarray]:
    table = env.unwrapped.table
    return {"w": np.arange(table.encoder.size * 2, dtype=np.float32).reshape(table.encoder.size, 2),
            "b": np.ones(table.actions.size)}


def test_a_policy_loads_back_on_its_own_layout(tmp_path):
    env = single(["catacombs"], 2)
    path = rl.save_policy(tmp_path / "policy", env, weights(env))
    assert path.name == "policy.npz"
    again = rl.load_policy(path, single(["catacombs"], 2, seed=9))          # another episode, the same layout
    assert set(again) == {"w", "b"} and np.array_equal(again["w"], weights(env)["w"])
    assert rl.load_policy(path, aec(["catacombs"], 2))["b"].shape == (env.action_space.n,)   # either environment
    with np.load(path, allow_pickle=False) as data:                         # plain arrays and JSON text
        assert json.loads(str(data[MANIFEST_KEY]))["layout_id"] == env.unwrapped.layout_id


def test_a_policy_refuses_a_layout_with_a_pack_added(tmp_path):
    path = rl.save_policy(tmp_path / "p.npz", aec(["catacombs"], 2), {"b": np.zeros(3)})
    with pytest.raises(rl.LayoutMismatch) as refused:
        rl.load_policy(path, aec(["catacombs", "underworld"], 2))
    words = str(refused.value)
    assert "was trained on layout 2-" in words and "pack 'underworld' 0.1.0 added" in words
    assert "observation size 1760 ->" in words and "action size" in words and "Train again" in words


def test_a_policy_refuses_a_layout_with_a_card_changed(tmp_path):
    """The same directory pack, one card's cost changed (two copies: a ruleset is built once per
    pack directory in a process)."""
    before, after = tmp_path / "before" / "dragonbane", tmp_path / "after" / "dragonbane"
    shutil.copytree(CUSTOM, before)
    shutil.copytree(CUSTOM, after)
    cards = after / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost: {skill: 3}", "cost: {skill: 4}"),
                     encoding="utf-8")
    path = rl.save_policy(tmp_path / "p.npz", aec(["catacombs", str(before)], 2), {"b": np.zeros(3)})
    assert rl.load_policy(path, aec(["catacombs", CUSTOM], 2))            # the same content elsewhere: the same layout
    with pytest.raises(rl.LayoutMismatch, match="card 'ember-squire' changed") as refused:
        rl.load_policy(path, aec(["catacombs", str(after)], 2))
    assert str(refused.value).split(": ", 1)[1].startswith("card 'ember-squire' changed. Train again")


def test_a_policy_refuses_another_seat_count_and_a_file_without_a_manifest(tmp_path):
    path = rl.save_policy(tmp_path / "p.npz", aec(["catacombs"], 2), {"b": np.zeros(3)})
    with pytest.raises(rl.LayoutMismatch, match="2 seats then, 3 now"):
        rl.load_policy(path, aec(["catacombs"], 3))
    np.savez(tmp_path / "bare.npz", b=np.zeros(3))
    with pytest.raises(rl.LayoutMismatch, match="no layout manifest: not a policy saved by clank.rl.save_policy"):
        rl.load_policy(tmp_path / "bare.npz", aec(["catacombs"], 2))
    with pytest.raises(ValueError, match="is the manifest's name"):
        rl.save_policy(tmp_path / "x", aec(["catacombs"], 2), {MANIFEST_KEY: np.zeros(1)})


def test_the_manifest_names_what_the_layout_is_made_of():
    found = manifest(aec(["catacombs", "underworld"], 3))
    assert found["seats"] == 3 and found["packs"] == {"catacombs": "0.1.0", "underworld": "0.1.0"}
    assert "card burgle" in found["entries"] and "token coupon" in found["entries"]
    assert "fate_keep: keep <token:fate>" in found["forms"] and "fate_keep" in found["registered"]["decision_kinds"]
