"""The action contract and saves (issue 11 items 13-17): anything that is not a legal action is
refused before any change; an action is applied whole even when Ctrl-C comes; a save is checked
when loaded; bare pack names mean installed packs; saves are written safely."""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path

import clank_catacombs
import pytest
from clank import Action, Game, IllegalAction, new_game
from clank.testing import state_json
from clank_cli import records
from clank_cli.main import app
from clank_cli.play import INTERRUPTED, Session, interrupts_deferred
from clank_cli.seats import assign_seats
from rich.console import Console
from typer.testing import CliRunner

MODULES = {"catacombs": clank_catacombs}


def game(players: int = 2, seed: int = 7) -> Game:
    return new_game(["catacombs"], players=players, seed=seed, modules=MODULES)


# -- item 13: only legal actions change the game ----------------------------------------------
@pytest.mark.parametrize("bogus", [
    "tuple", None, 3, 2.5, {}, [], {"kind": "end"}, ["play", ["stumble"]], Action("buy", (0,)),
    Action("play", ("stumble", 1)), Action(7, ()),
])
def test_anything_but_a_legal_action_is_refused_before_any_change(bogus):
    """Issue 11 item 13: a plain tuple equal to a legal action, None, numbers, dicts, lists and
    actions with non-text arguments raise IllegalAction; state and history are untouched."""
    g = game()
    if bogus == "tuple":
        bogus = tuple(g.legal_actions()[0])
    before = state_json(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(bogus)
    assert err.value.reason
    assert state_json(g) == before and g.state.history == []
    g.apply(g.legal_actions()[0])               # and the game goes on
    assert len(g.state.history) == 1


# -- item 14: Ctrl-C never cuts an action in half -------------------------------------------
def test_ctrl_c_during_an_action_is_held_back_until_it_is_applied_and_saved(tmp_path: Path, monkeypatch):
    """Issue 11 item 14: a SIGINT that arrives while an action is being applied interrupts
    the session only after the action is applied and saved; the save replays identically."""
    g = game()
    save = tmp_path / "save.json"
    session = Session(g, assign_seats(2, 0, ["random", "random"]), save, Console(file=open(os.devnull, "w")),
                      Console(file=open(os.devnull, "w")))
    real_apply = g.apply
    calls = {"n": 0}

    def apply_and_interrupt(action):
        calls["n"] += 1
        if calls["n"] == 5:
            os.kill(os.getpid(), signal.SIGINT)     # Ctrl-C in the middle of this action ...
        real_apply(action)                          # ... which still runs to its end

    monkeypatch.setattr(g, "apply", apply_and_interrupt)
    outcome = session.run()
    assert outcome.reason == INTERRUPTED and len(g.state.history) == 5
    loaded = records.read_record_file(save)
    replayed = records.replay_record(loaded)
    assert state_json(replayed) == state_json(g)
    assert loaded.digest == records.state_digest(g)


def test_interrupts_deferred_raises_after_the_block():
    done = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            done.append(True)
    assert done == [True]


def test_ctrl_c_while_resuming_is_a_message_not_a_traceback(tmp_path: Path, monkeypatch):
    """Issue 11 item 14: Ctrl-C during the start-up of ``clank play --resume``."""
    g = game()
    g.apply(g.legal_actions()[0])
    save = tmp_path / "save.json"
    records.write_json(save, records.save_document(g, assign_seats(2, 1, ["random"])))

    def interrupted(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr("clank_cli.play.replay_record", interrupted)
    result = CliRunner().invoke(app, ["play", "--resume", str(save)], input="")
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert "interrupted" in result.output


# -- item 15: a save is checked when it is loaded --------------------------------------------
def _saved(g: Game) -> dict:
    return json.loads(g.to_json())


def _load(g: Game, data: dict) -> Game:
    return Game.from_json(g.ruleset, json.dumps(data))


def test_an_edited_save_is_refused_by_its_digest():
    """Issue 11 item 15: 999 gold written into a save is caught by the save's SHA-256."""
    g = game()
    data = _saved(g)
    data["state"]["players"][0]["pool"]["gold"] = 999
    with pytest.raises(ValueError, match="changed after it was saved"):
        _load(g, data)
    assert _load(g, _saved(g)).state.to_dict() == g.state.to_dict()   # an honest save loads


@pytest.mark.parametrize("edit,words", [
    (lambda s: s["players"][0].update(cubes=-5), "cubes"),
    (lambda s: s["players"][0].update(hand=["burgle"] * 12), "'burgle' cards"),
    (lambda s: s.update(rage=99), "off a track"),
    (lambda s: (s["players"][0]["artifacts"].extend(s["artifact_stack"]), s.update(artifact_stack=[])),
     "more than the limit"),
    (lambda s: s["players"][1]["pool"].update(skill=4), "outside their turn"),
    (lambda s: s["players"][0].update(damage=["own"] * 11), "damage on a meter"),
])
def test_a_save_that_breaks_the_invariants_is_refused(edit, words):
    """Issue 11 item 15: without its digest, a save is still checked: conservation of cards,
    cubes and tokens, ranges, the carry limit; the error names what is wrong."""
    g = game()
    data = _saved(g)
    del data["sha256"]
    edit(data["state"])
    with pytest.raises(ValueError, match=words):
        _load(g, data)


def test_a_save_cut_back_is_refused_on_resume(tmp_path: Path):
    """Issue 11 item 15: ``--resume`` checks the save's digests: three actions cut from the
    record are not silently undone."""
    g = game()
    bot = g.registry.bots["random"].factory(1)
    for _ in range(12):
        g.apply(bot.choose(g.view(g.current_player)))
    save = tmp_path / "save.json"
    records.write_json(save, records.save_document(g, assign_seats(2, 1, ["random"]), digest=False))
    doc = json.loads(save.read_text())
    doc["record"]["actions"] = doc["record"]["actions"][:-3]
    save.write_text(json.dumps(doc))
    result = CliRunner().invoke(app, ["play", "--resume", str(save)], input="")
    assert result.exit_code == 1 and "changed after it was written" in result.output


# -- item 16: bare names are installed packs -------------------------------------------------
def test_a_directory_named_like_an_installed_pack_does_not_shadow_it(tmp_path: Path, monkeypatch):
    """Issue 11 item 16: ``./catacombs/pack.yaml`` in the working directory is not what a bare
    ``--packs catacombs`` means; written as a path it is used, and its incomplete setup is an
    error message, not a traceback."""
    shadow = tmp_path / "catacombs"
    shadow.mkdir()
    (shadow / "pack.yaml").write_text("id: catacombs\nname: Shadow\nversion: 0.1.0\nfiles: [cards.yaml]\n")
    (shadow / "cards.yaml").write_text("[]\n")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    ok = runner.invoke(app, ["simulate", "--packs", "catacombs", "--games", "1", "--players", "2"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["simulate", "--packs", "./catacombs", "--games", "1", "--players", "2"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    assert "rage_track" in bad.output


# -- item 17: saves are written safely -------------------------------------------------------
def test_saves_use_their_own_temporary_file_and_reach_the_disk(tmp_path: Path, monkeypatch):
    """Issue 11 item 17: two writers of one save never share a temporary file; each write is
    flushed to disk (fsync) before it replaces the save."""
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    path = tmp_path / "save.json"
    errors = []

    def write(i: int) -> None:
        try:
            for _ in range(30):
                records.write_json(path, {"writer": i, "payload": "x" * 2000})
        except Exception as exc:   # pragma: no cover - the failure this test looks for
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors and len(synced) == 120
    assert json.loads(path.read_text())["writer"] in range(4)
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize("seed", range(12))
def test_listing_actions_views_and_bot_choices_change_nothing(seed: int):
    """Asking for the legal actions, a seat's view or a bot's choice is a question, never a move: a replay
    (which asks neither) must reach the same state as the game that asked at every step.
    Found: the base pack recorded an empty list of rooms artifacts were taken from whenever
    the artifact actions were listed, so bot games failed ``clank replay``."""
    g = game(players=2 + seed % 3, seed=seed)
    bots = [g.registry.bots["greedy"].factory(seed * 8 + i) for i in range(len(g.state.players))]
    steps = 0
    while not g.over and steps < 3000:
        before = state_json(g)
        g.changed()                                   # list the actions afresh
        g.legal_actions()
        views = [g.view(s) for s in range(len(g.state.players))]
        for v in views:
            v.to_dict()
        action = bots[g.current_player].choose(g.view(g.current_player))
        assert state_json(g) == before, f"listing actions, views or a bot's choice changed the state at step {steps}"
        g.apply(action)
        steps += 1
    assert g.over


# -- a play from the hand is applied without listing every legal action ---------------------
@pytest.mark.parametrize("packs,players,seed", [(["catacombs"], 4, 1), (["catacombs", "underworld"], 3, 2),
                                                (["catacombs", "underworld", "party"], 6, 3)])
def test_a_play_is_known_legal_without_listing_exactly_when_listing_has_it(packs, players, seed):
    """DP2, T4: ``apply`` carries out a play of a card in hand without listing every legal
    action (half of a game's decisions are plays). At every decision of whole random games,
    the play of each card, and plays with no card or two arguments, are taken that way exactly
    when the listed legal actions hold them, and then by what listing would have used."""
    import random

    from clank.game import turn

    g = new_game(packs, players=players, seed=seed)
    cards = sorted(g.ruleset.cards)
    rng = random.Random(seed)
    checked = 0
    while not g.over:
        legal = g.legal_actions()
        main = g.state.decision is None
        for action in [Action("play", (c,)) for c in cards] + [Action("play"), Action("play", ("burgle", "x"))]:
            found = turn.play_applier(g, action)
            assert (found is not None) == (main and action in legal), (action, g.state.decision)
            if found is not None:
                _, listed, how = g._legal_table()
                assert how[listed.index(action)] is found
                checked += 1
                if checked % 7 == 0:       # Game.apply finds a play with play_applier: no listing
                    played = g.clone()
                    with pytest.MonkeyPatch.context() as mp:
                        mp.setattr(turn, "legal", _no_listing)
                        played.apply(action)
                    assert played.state.history[-1] == str(action)
        g.apply(rng.choice(legal))
    assert checked > 50


def _no_listing(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("a play from the hand was applied by listing the legal actions")


def test_a_play_of_a_card_not_in_hand_is_refused_with_words_and_changes_nothing():
    """T4: only cards in hand are played; a play of any other card is refused, nothing changed."""
    g = game()
    hand = g.player(g.state.current).hand
    missing = next(c for c in sorted(g.ruleset.cards) if c not in hand)
    before = state_json(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(Action("play", (missing,)))
    assert "not in your hand" in err.value.reason
    assert state_json(g) == before
    held = hand[0]
    for odd in (Action("play", [held]), Action("play", (held, "x")), Action("play", ())):   # not as listed
        with pytest.raises(IllegalAction):
            g.apply(odd)
        assert state_json(g) == before
