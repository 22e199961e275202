"""The browser tier itself: the system Chromium starts headless and runs a page's script."""

import pytest

pytestmark = pytest.mark.browser


def test_the_system_browser_runs_a_page(chromium):
    page = chromium.new_page()
    try:
        page.set_content("<button onclick=\"this.textContent = 'clicked'\">click</button>")
        page.click("button")
        assert page.text_content("button") == "clicked"
    finally:
        page.close()
