"""The balance lab's HTML report in a real browser (issue 32): the page opens in headless Chromium
with every plot present, each an SVG with bars that carry the run's data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clank_cli.main import app
from typer.testing import CliRunner

pytestmark = pytest.mark.browser

PLOTS = ("plot-scores", "plot-rounds", "plot-seats", "plot-cards", "plot-card-diffs")


def test_the_html_report_opens_with_its_plots(chromium, tmp_path: Path):
    result = CliRunner().invoke(app, ["balance", "--games", "16", "--players", "2", "--seed", "2", "--jobs", "1",
                                      "--set", "payoff.cost=3", "--no-cards", "--report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = chromium.new_page()
    try:
        page.goto((tmp_path / "balance.html").as_uri())
        assert page.title() == "Balance report: 16 paired games"
        for plot in PLOTS:
            svg = page.locator(f"figure#{plot} svg")
            assert svg.count() == 1, plot
            box = svg.bounding_box()
            assert box is not None and box["width"] > 200 and box["height"] > 100, plot
        # the bars are drawn from the data: one per score or round value, per setup
        figures = json.loads((tmp_path / "balance.json").read_text())
        for side in ("a", "b"):
            for key in ("rounds", "scores"):
                assert page.locator(f"[id^='{key}-{side}-']").count() == len(figures["distributions"][side][key]) > 0
        assert page.locator("[id^='seats-a-']").count() == 2 and page.locator("[id^='seats-b-']").count() == 2
        assert page.locator("[id^='cards-holders_win_rate-a-']").count() > 30
        heights = page.eval_on_selector_all("[id^='seats-a-'] path", "els => els.map(e => e.getBBox().height)")
        assert heights and max(heights) > 0
        assert "Payoff at cost 3: holders' win rate" in page.text_content("#verdicts")
    finally:
        page.close()
