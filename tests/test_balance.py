"""``clank balance`` (issue 32, the balance lab): planted truths, paired games, determinism, the
precision stop, the report files and the mistakes refused.

Planted truths: a card made absurdly strong (cost 1, +5 Skill +5 Swords) is found with an interval
that leaves out zero; a renamed copy of a card shows no difference (in place: the very same games;
added beside the original: a real null, in the slow tier). Greedy bots throughout; the games are
few hundred, which the strong card needs and no more.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from clank_cli.lab import command
from clank_cli.lab.analysis import analyse
from clank_cli.main import app
from clank_cli.simjobs import Serial
from rich.console import Console
from typer.testing import CliRunner

WALKTHROUGH = Path(__file__).parent / "walkthrough_pack" / "dragonbane"
STRONG = ["waystone.cost=1", "waystone.play=[gain: {skill: 5, swords: 5}]"]


def request(*, packs=("catacombs",), against=None, sets=(), without=(), cards=(), bots=None, bots_b=None,
            players=4, games=100, seed=1, options=None, resamples=1000) -> command.Request:
    return command.Request(list(packs), list(against) if against else None, list(sets), list(without), list(cards),
                           bots, bots_b, players, games, seed, dict(options or {}), resamples)


def lab(req: command.Request, precision: float | None = None, batch: int = 50) -> dict:
    plan, inputs, _ = command.prepare(req)
    outcome = command.run(plan, inputs, Serial(), precision, batch, Console(file=io.StringIO()))
    assert outcome.report is not None
    return outcome.report


def verdict(report: dict, starts: str) -> dict:
    return next(v for v in report["verdicts"] if v["text"].startswith(starts))


def test_planted_truth_an_absurdly_strong_card_is_found():
    report = lab(request(sets=STRONG, games=240))
    line = verdict(report, "Waystone at cost 1, play")
    assert line["significant"] and line["lo"] > 0, line["text"]
    assert "holders' win rate +" in line["text"] and "(significant), 240 paired games" in line["text"]
    waystone = next(c for c in report["cards"] if c["card"] == "waystone")
    assert waystone["cost"] == {"skill": 1} and waystone["cost_b"] == {"skill": 1}
    assert waystone["b"]["holders"] > 20


def renamed(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the walkthrough's pack with its card renamed (id and name)."""
    target = Path(shutil.copytree(WALKTHROUGH, tmp_path / name))
    cards = target / "cards.yaml"
    text = cards.read_text().replace(old, new).replace(old.replace("-", " ").title(), new.replace("-", " ").title())
    cards.write_text(text)
    return target


def test_planted_truth_a_renamed_card_plays_the_same_games(tmp_path):
    v1 = Path(shutil.copytree(WALKTHROUGH, tmp_path / "v1"))
    v2 = renamed(tmp_path, "v2", "ember-squire", "cinder-squire")
    report = lab(request(packs=("catacombs", str(v1)), against=("catacombs", str(v2)),
                         cards=["ember-squire=cinder-squire"], games=60))
    line = verdict(report, "Ember Squire (A) against Cinder Squire (B): holders' win rate")
    assert not line["significant"] and line["lo"] == line["hi"] == 0.0, line["text"]
    squire = next(c for c in report["cards"] if c["card"] == "ember-squire")
    assert squire["card_b"] == "cinder-squire" and squire["a"]["holders"] == squire["b"]["holders"] > 0
    assert all(not v["significant"] for v in report["verdicts"])


@pytest.mark.slow
def test_planted_truth_a_renamed_copy_beside_the_original_is_no_different(tmp_path):
    """B deals a copy of Ember Squire under another name on top of the original: the games differ
    from A's, so the intervals are real, and they hold zero."""
    v1 = Path(shutil.copytree(WALKTHROUGH, tmp_path / "v1"))
    copy = renamed(tmp_path, "copy", "ember-squire", "cinder-squire")
    (copy / "pack.yaml").write_text((copy / "pack.yaml").read_text().replace("id: dragonbane", "id: cinder")
                                    .replace("files: [cards.yaml, tiles.yaml, tokens.yaml]", "files: [cards.yaml]"))
    report = lab(request(packs=("catacombs", str(v1)), against=("catacombs", str(v1), str(copy)),
                         cards=["ember-squire=cinder-squire"], games=400))
    line = verdict(report, "Ember Squire (A) against Cinder Squire (B)")
    assert not line["significant"] and line["lo"] < 0 < line["hi"], line["text"]


def test_the_same_arguments_give_the_same_bytes_for_any_jobs(tmp_path):
    args = ["balance", "--games", "12", "--players", "2", "--seed", "5", "--set", "payoff.cost=4", "--no-cards"]
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        result = CliRunner().invoke(app, [*args, "--jobs", jobs, "--report", str(out)])
        assert result.exit_code == 0, result.output
        outputs.append(((out / "balance.json").read_bytes(), (out / "balance.html").read_bytes()))
        assert "Payoff at cost 4: holders' win rate" in result.stdout
    assert outputs[0] == outputs[1]
    report = json.loads(outputs[0][0])
    assert report["format"] == "clank-balance/1" and report["games"] == 12 and report["seed"] == 5
    assert report["setups"]["b"]["options"] == {"overrides": {"cards": {"payoff": {"cost": 4}}}}


def test_paired_games_share_seeds_and_seats_so_identical_setups_differ_by_nothing():
    plan, _, _ = command.prepare(request(bots_b="greedy", sets=["payoff.text=Same rules, other words."], games=2))
    row = plan.play(7)
    assert row["seed"] == 7 and row["a"] == row["b"]           # only the card's text changed


def test_precision_stops_at_a_batch_boundary_with_the_figures_of_that_many_games():
    stopped = lab(request(sets=["explore.points=1"], players=2, games=400), precision=5.0, batch=40)
    assert stopped["stopped"] == "precision" and stopped["games"] % 40 == 0 and stopped["games"] < 400
    assert all(v["width"] * (100 if "win rate" in v["text"] else 1) < 5.0 for v in stopped["verdicts"])
    fixed = lab(request(sets=["explore.points=1"], players=2, games=stopped["games"]))
    assert {**stopped, "stopped": "games"} == fixed


def test_a_bot_comparison_judges_the_changed_seat():
    report = lab(request(bots="random", bots_b="greedy,random", players=2, games=60))
    line = verdict(report, "P1 as greedy instead of random: win rate")
    assert line["significant"] and line["lo"] > 0, line["text"]
    assert report["question"]["seats"] == [{"seat": 1, "a": "random", "b": "greedy"}]


def test_without_a_difference_every_card_is_judged_against_the_band():
    report = lab(request(games=60, players=2, cards=["explore"]))
    assert set(report["setups"]) == {"a"} and set(report["band"]) == {"a"}
    explore = verdict(report, "Explore: holders' win rate")          # asked with --card: always a line
    assert " the band [" in explore["text"] and explore["text"].endswith(", 60 games")
    fences = report["band"]["a"]
    assert fences["lo"] <= fences["q1"] <= fences["q3"] <= fences["hi"] and fences["cards"] >= 4
    assert {c["band"] for c in report["cards"]} <= {"above", "below", "within", None}
    assert all("band" in v["text"] for v in report["verdicts"])
    judged = [c for c in report["cards"] if c["band"] is not None]
    assert judged and all(c["a"]["holders"] >= 30 for c in judged)


def test_the_band_is_tukeys_fences_and_a_card_is_outside_only_with_its_whole_interval():
    from clank_cli.lab.figures import band_place

    fences = {"lo": 0.2, "hi": 0.4}
    assert band_place({"value": 0.5, "lo": 0.41, "hi": 0.6}, fences) == "above"
    assert band_place({"value": 0.5, "lo": 0.39, "hi": 0.6}, fences) == "within"
    assert band_place({"value": 0.1, "lo": 0.05, "hi": 0.19}, fences) == "below"
    assert band_place(None, fences) is None and band_place({"value": 0.5}, fences) is None


def test_every_figure_is_in_the_json_with_its_interval(tmp_path):
    report = lab(request(sets=["payoff.cost=4"], players=2, games=30))
    overall = {o["figure"]: o for o in report["overall"]}
    assert set(overall) == {"win_rate:P1", "win_rate:P2", "score:P1", "score:P2", "mean_score", "escape_rate",
                            "knockout_rate", "rounds", "no_winner_rate"}
    for side in ("a", "b"):
        est = overall["mean_score"][side]
        assert est["lo"] <= est["value"] <= est["hi"]
    payoff = next(c for c in report["cards"] if c["card"] == "payoff")
    assert set(payoff["a"]) == {"holders_win_rate", "pick_rate", "held_score", "holders_per_game", "holders",
                                "offered"}
    assert payoff["a"]["offered"] > 0 and 0 <= payoff["a"]["pick_rate"]["value"] <= 1
    assert sum(int(n) for n in report["distributions"]["a"]["rounds"].values()) == 30


@pytest.mark.parametrize(("args", "message"), [
    (["--set", "payof.cost=6"], "unknown card 'payof' (did you mean 'payoff'?)"),
    (["--set", "payoff.cots=6"], "card 'payoff': unknown key 'cots' (did you mean 'cost'?)"),
    (["--set", "payoff=6"], "expected CARD.KEY=VALUE"),
    (["--without", "burgle"], "unknown card id 'burgle'"),
    (["--card", "payof"], "setup A has no dungeon or reserve card 'payof' (did you mean 'payoff'?)"),
])
def test_mistakes_are_refused_with_exit_1_and_no_traceback(args, message):
    result = CliRunner().invoke(app, ["balance", "--games", "4", "--players", "2", *args])
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output


def test_without_the_plotting_library_the_numbers_and_json_come_and_the_extra_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(command, "html_available", lambda: False)
    result = CliRunner().invoke(app, ["balance", "--games", "4", "--players", "2", "--jobs", "1", "--no-cards",
                                      "--report", str(tmp_path)])
    assert result.exit_code == 3
    assert "pip install 'clank-engine[lab]'" in result.output and "mean score" in result.stdout
    assert (tmp_path / "balance.json").is_file() and not (tmp_path / "balance.html").exists()


def test_the_analysis_of_the_same_rows_is_the_same(tmp_path):
    plan, inputs, _ = command.prepare(request(sets=["payoff.cost=4"], players=2, games=10))
    rows = [plan.play(plan.seed_of(i)) for i in range(10)]
    assert analyse(rows, inputs, "games") == analyse(json.loads(json.dumps(rows)), inputs, "games")


def test_leaving_a_card_out_is_judged_on_the_whole_game():
    report = lab(request(without=["payoff"], players=2, games=40))
    assert verdict(report, "Without Payoff: mean score")["column"] == "mean_score"
    assert verdict(report, "Without Payoff: game length")["column"] == "rounds"
    assert "payoff" not in {c["card"] for c in report["cards"]}          # no figure for a card B lacks
    assert report["setups"]["b"]["options"] == {"overrides": {"without": ["payoff"]}}


def test_the_cards_are_those_the_games_deal_with_the_parts_a_pack_switches_on():
    """At five players the Party switches its cards on itself (clank_configure): they are judged."""
    report = lab(request(packs=("catacombs", "party"), players=5, games=6))
    packs = {c["pack"] for c in report["cards"]}
    assert packs == {"catacombs", "party"}
