"""The web table in a real headless Chromium (Debian's, driven by Playwright; ``make
test-browser``): people join by their seat links and play by clicking, bots fill seats, the
creator hands a missing player's seat to a bot, the Underworld and the Party (a React decision reaches the right browser), a spectator sees no
hidden card, a custom directory pack's card (its name holds HTML and script) is played from
the page, and pages reconnect by themselves when the server is killed and started again.

The game played to its end by two browsers takes a picture of the table (1280x800); with
``CLANK_SCREENSHOT=1`` (``make screenshot``) it replaces ``docs/web-table.png``, the picture the
README shows, so that a test run leaves the checkout as it was."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from clank.testing import set_hand, set_pool

from .conftest import ROOT, post_json

pytestmark = pytest.mark.browser
README_PICTURE = ROOT / "docs" / "web-table.png"
MAX_CLICKS = 4000


def new_game(base: str, packs: list[str], seats: list[str], seed: int, **extra) -> dict:
    status, made = post_json(
        base + "/api/games", {"packs": packs, "players": len(seats), "seed": seed, "seats": seats, **extra}
    )
    assert status == 201, made
    return made


def open_seat(chromium, link: str, width: int = 1280, height: int = 800):
    """A browser context of its own (a separate person) with the page of one seat link. The
    server's Content-Security-Policy is bypassed so that Playwright may evaluate its waits: the
    escaping tests then show escaping alone keeps pack text from running."""
    context = chromium.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("document.getElementById('table').dataset.version !== undefined")
    return page


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version"))


def wait_past(page, seen: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v", arg=seen, timeout=30_000
    )


def click_one(page, rng: random.Random) -> None:
    """Choose one thing this page may do now, as a person would: a hand card, a reachable room
    on the map, or an action button; wait until the server sent the new state."""
    seen = version(page)
    cards = page.locator(".hand-cards li.playable")
    rooms = page.locator("#map-view g.room.reachable")
    buttons = page.locator("button.action")
    roll = rng.random()
    if roll < 0.3 and cards.count():
        cards.nth(rng.randrange(cards.count())).click()
    elif roll < 0.45 and rooms.count() and _single_way(page, rooms, rng):
        pass
    else:
        buttons.nth(rng.randrange(buttons.count())).click()
    wait_past(page, seen)


def deciding_page(pages: list, attempts: int = 1500):
    """The page whose seat decides now, once one says so (another page may still be receiving
    the state in which its seat decides)."""
    for _ in range(attempts):
        for page in pages:
            if page.get_attribute("#table", "data-deciding") == "true":
                return page
        pages[0].wait_for_timeout(20)
    raise AssertionError("no page says its seat decides")


def _single_way(page, rooms, rng: random.Random) -> bool:
    """Click a reachable room the page can move to in one way (several ways ask for a button)."""
    ids = [rooms.nth(i).get_attribute("data-room") for i in range(rooms.count())]
    single = [r for r in ids if page.locator(f'button.action[data-room="{r}"]').count() == 1]
    if not single:
        return False
    page.locator(f'#map-view g.room.reachable[data-room="{rng.choice(single)}"]').click()
    return True


def play_to_the_end(pages: list, rng: random.Random, on_step=None) -> int:
    """Click on whichever page decides until the game is over; returns the clicks."""
    for step in range(MAX_CLICKS):
        over = pages[0].get_attribute("#table", "data-over") == "true"
        if over:
            return step
        deciding = [p for p in pages if p.get_attribute("#table", "data-deciding") == "true"]
        if not deciding:
            pages[0].wait_for_timeout(20)
            continue
        click_one(deciding[0], rng)
        if on_step is not None:
            on_step(step)
    raise AssertionError(f"the game did not end within {MAX_CLICKS} clicks")


def test_two_people_play_a_whole_game_by_clicking(chromium, server_factory, tmp_path: Path):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    screenshot = README_PICTURE if os.environ.get("CLANK_SCREENSHOT") == "1" else tmp_path / "table.png"
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=3)
    pages = [open_seat(chromium, seat["link"]) for seat in made["seats"]]
    assert "You are P1" in pages[0].text_content("[data-part=status]")
    assert pages[0].get_attribute("#table", "data-deciding") != pages[1].get_attribute(
        "#table", "data-deciding"
    )

    taken: list[int] = []

    def picture(step: int) -> None:  # a game well under way: several tiles discovered
        deciding = [p for p in pages if p.get_attribute("#table", "data-deciding") == "true"]
        if not taken and deciding and deciding[0].locator("#map-view g.tile").count() >= 3:
            deciding[0].screenshot(path=str(screenshot))
            taken.append(step)

    clicks = play_to_the_end(pages, random.Random(3), picture)
    assert clicks > 50 and taken and screenshot.stat().st_size > 10_000
    for page in pages:
        assert page.get_attribute("#table", "data-over") == "true"
        assert "Download the game record" in page.text_content("[data-part=status]")


def test_one_person_against_bots_plays_to_the_end(chromium, server_factory, tmp_path: Path):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "random", "greedy"], seed=8)
    page = open_seat(chromium, made["seats"][0]["link"])
    assert "P2 (random)" in page.text_content("[data-part=status]")
    play_to_the_end([page], random.Random(8))
    assert page.get_attribute("#table", "data-over") == "true"


def test_pages_reconnect_by_themselves_when_the_server_is_killed_and_restarted(
    chromium, server_factory, tmp_path: Path
):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=5)
    pages = [open_seat(chromium, seat["link"]) for seat in made["seats"]]
    rng = random.Random(5)
    for _ in range(12):
        clicked = deciding_page(pages)
        click_one(clicked, rng)
    # The page that clicked has the server's newest state; the other may still be receiving it.
    reached = version(clicked)
    for page in pages:
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version) === v", arg=reached
        )
    server.kill()
    pages[0].wait_for_function("document.getElementById('connection').textContent !== 'connected'")
    server.start()  # the same port, the same database
    for page in pages:
        page.wait_for_function(
            "document.getElementById('connection').textContent === 'connected'", timeout=30_000
        )
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version) === v", arg=reached
        )
    click_one(deciding_page(pages), rng)
    assert version(pages[0]) == reached + 1 or version(pages[1]) == reached + 1


def test_the_creator_hands_the_seat_of_a_player_who_left_to_a_bot_by_clicking(
    chromium, server_factory, tmp_path: Path
):
    """P2 never comes: once P2 decides, the game waits. The creator opens the creator link
    and clicks "Hand P2 to a bot"; a bot then plays P2's seat (every page says so) and P1
    plays on to the end by clicking."""
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=6)
    p1 = open_seat(chromium, made["seats"][0]["link"])
    creator = open_seat(chromium, made["creator"])
    assert "You are watching" in creator.text_content("[data-part=status]")
    assert creator.locator("button.takeover").count() == 2  # one per person's seat
    rng = random.Random(6)
    for _ in range(200):  # P1 plays until the decision is P2's
        if p1.get_attribute("#table", "data-deciding") != "true":
            break
        click_one(p1, rng)
    waiting = version(p1)
    p1.wait_for_timeout(500)
    assert version(p1) == waiting and p1.get_attribute("#table", "data-deciding") == "false"  # nobody acts
    creator.click('button.takeover[data-seat="1"]')
    wait_past(p1, waiting)  # the bot decided for P2
    creator.wait_for_function("document.querySelectorAll('button.takeover').length === 1")  # P1's is left
    assert "done" in creator.text_content("#notice")
    for page in (p1, creator):
        assert "P2 (greedy)" in page.text_content("[data-part=status]")
    play_to_the_end([p1], rng)
    assert p1.get_attribute("#table", "data-over") == "true"
    assert creator.get_attribute("#table", "data-over") == "true" or wait_over(creator)


def wait_over(page) -> bool:
    page.wait_for_function("document.getElementById('table').dataset.over === 'true'", timeout=30_000)
    return True


def test_an_underworld_game_is_played_from_the_page(chromium, server_factory, tmp_path: Path):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs", "underworld"], ["human", "greedy"], seed=2)
    page = open_seat(chromium, made["seats"][0]["link"])
    assert "undercoins" in page.text_content("[data-part=players]")  # the pack's render hook
    rng = random.Random(2)
    for _ in range(40):
        if page.get_attribute("#table", "data-over") == "true":
            break
        if page.get_attribute("#table", "data-deciding") != "true":
            page.wait_for_function(
                "document.getElementById('table').dataset.deciding === 'true' || "
                "document.getElementById('table').dataset.over === 'true'"
            )
            continue
        click_one(page, rng)
    assert version(page) > 40


def test_a_react_decision_of_a_five_player_party_game_reaches_the_right_browser(chromium, live_server):
    made = new_game(
        live_server.base, ["catacombs", "party"], ["human"] * 5, seed=4, options={"first_player": 0}
    )
    pages = {seat: open_seat(chromium, made["seats"][seat]["link"]) for seat in (0, 1, 2)}

    def arrange(game) -> None:
        set_hand(game, 2, ["eavesdrop", "burgle"])  # P3 may React when another player acquires from the row
        set_pool(game, 0, skill=12)

    live_server.arrange(made["game"], arrange)
    p1 = pages[0]
    p1.wait_for_selector("button.action.kind-buy")
    seen = version(pages[2])
    p1.locator("button.action.kind-buy").first.click()
    wait_past(pages[2], seen)
    p3 = pages[2]
    p3.wait_for_function("document.getElementById('table').dataset.deciding === 'true'")
    assert "Eavesdrop" in p3.text_content("[data-part=actions]")
    assert "on P1's turn" in p3.text_content("[data-part=status]")
    for page in (p1, pages[1]):  # the other pages may still be receiving the same state
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version) === v", arg=version(p3)
        )
    assert p1.get_attribute("#table", "data-deciding") == "false"
    assert "P3 is deciding on P1's turn" in p1.text_content("[data-part=status]")
    assert pages[1].locator("button.action").count() == 0  # P2 is not asked
    seen = version(p3)
    p3.locator("button.action", has_text="use Eavesdrop").click()
    wait_past(p3, seen)
    assert "Eavesdrop" in p3.text_content("[data-part=hand]")  # it waits in the play area


def test_a_spectator_sees_no_hidden_card(chromium, live_server):
    made = new_game(live_server.base, ["catacombs"], ["human", "human"], seed=6)
    names: list[str] = []

    def arrange(game) -> None:  # P2 holds three cards no one else can see anywhere
        public = {*game.state.row, *game.state.reserve}
        secret = list(dict.fromkeys(c for c in game.state.dungeon_deck if c not in public))[:3]
        set_hand(game, 1, secret)
        names.extend(game.ruleset.cards[c].name for c in secret)

    live_server.arrange(made["game"], arrange)
    watcher = open_seat(chromium, made["spectator"])
    p2 = open_seat(chromium, made["seats"][1]["link"])
    watcher_html = watcher.content()
    assert "You are watching" in watcher.text_content("[data-part=status]")
    assert watcher.locator("button.action").count() == 0
    shown_to_p2 = p2.text_content("[data-part=hand]")
    assert all(name in shown_to_p2 for name in names)
    assert len(names) == 3 and not any(name in watcher_html for name in names)


def test_a_custom_packs_card_is_played_from_the_page_and_its_text_stays_text(
    chromium, server_factory, tmp_path: Path
):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs", "hexpack"], ["human", "random"], seed=1)
    page = open_seat(chromium, made["seats"][0]["link"])
    card = page.locator(".hand-cards li.playable[data-card=hex-lantern]")
    assert "<script>window.pwned=1</script>" in card.first.text_content()  # shown as text
    seen = version(page)
    card.first.click()
    wait_past(page, seen)
    assert "Hex Lantern" in page.text_content("[data-part=log]")
    assert "2 skill" in page.text_content("[data-part=hand]")
    assert page.evaluate("window.pwned === undefined")  # nothing ran


def test_the_lobby_creates_a_game_and_the_table_fits_a_phone(chromium, server_factory, tmp_path: Path):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    context = chromium.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    page.goto(server.base + "/")
    page.fill("#players", "2")
    page.select_option("select[name=seat1]", "greedy")
    page.click("#create")
    link = page.locator("a.seat-link").first.get_attribute("href")
    page.goto(link)
    page.wait_for_selector("[data-part=map] svg")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1  # nothing wider than the screen
    assert "Burgle" in page.text_content("[data-part=hand]")  # the hand, grouped by card


# -- a phone: the map fits the width, zooms and pans by touch, a tile's orientation is confirmed --
def open_phone(chromium, link: str):
    """A phone-sized page (390x844) driven by touch: taps, two-finger pinches, drags."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                   is_mobile=True, has_touch=True, bypass_csp=True)
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("document.getElementById('table').dataset.version !== undefined")
    return page


def touches(cdp, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": i + 1, "radiusX": 5, "radiusY": 5, "force": 1} for i, (x, y) in enumerate(points)]})


def pinch(page, selector: str, spread: float) -> None:
    """Two fingers on the element moving apart by ``spread`` pixels."""
    cdp = page.context.new_cdp_session(page)
    box = page.locator(selector).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for step in range(7):
        d = 30 + spread * step / 6
        touches(cdp, "touchStart" if step == 0 else "touchMove", [(cx - d / 2, cy), (cx + d / 2, cy)])
    touches(cdp, "touchEnd", [])


def drag(page, selector: str, dx: float, dy: float) -> None:
    """One finger on the element moving by (dx, dy) pixels."""
    cdp = page.context.new_cdp_session(page)
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for step in range(11):
        touches(cdp, "touchStart" if step == 0 else "touchMove", [(x + dx * step / 10, y + dy * step / 10)])
        page.wait_for_timeout(16)
    touches(cdp, "touchEnd", [])


def wait_still(page, expression: str) -> None:
    """Wait until ``expression`` gives the same value twice 150 ms apart."""
    last = page.evaluate(expression)
    while True:
        page.wait_for_timeout(150)
        now = page.evaluate(expression)
        if now == last:
            return
        last = now


def tap_until(page, rng: random.Random, done, limit: int = 300) -> None:
    """Tap what a player would (exploring first: a tile to discover) until ``done(page)``."""
    for _ in range(limit):
        if done(page):
            return
        if page.get_attribute("#table", "data-deciding") != "true":
            page.wait_for_function("document.getElementById('table').dataset.deciding === 'true'", timeout=30_000)
            continue
        seen = version(page)
        for kind in ("explore", "move", "play", None):
            buttons = page.locator(f"button.action.kind-{kind}" if kind else "button.action")
            if buttons.count():
                buttons.nth(rng.randrange(buttons.count()) if kind in ("play", None) else 0).tap()
                break
        wait_past(page, seen)
    raise AssertionError("not reached by tapping")


def test_on_a_phone_the_map_fits_zooms_and_pans_by_touch_and_an_orientation_is_previewed_then_confirmed(
    chromium, server_factory, tmp_path: Path
):
    """390x844 with touch: the map takes the page's width (nothing wider than the screen), the
    decision panel follows the map; two fingers zoom the map in and a drag pans it; tapping a
    discovered tile's orientation shows it on the map and lays nothing until "Lay it this way"
    is tapped."""
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "greedy"], seed=3)
    page = open_phone(chromium, made["seats"][0]["link"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    panel = page.locator("[data-part=map]").bounding_box()
    drawing = page.locator("#map-view svg.map").bounding_box()
    assert drawing["width"] >= panel["width"] * 0.85 and drawing["x"] >= 0 and drawing["x"] + drawing["width"] <= 391
    decision = page.locator("[data-part=actions]").bounding_box()
    assert 0 <= decision["y"] - (panel["y"] + panel["height"]) <= 16      # right below the map
    assert panel["height"] <= 844 * 0.7

    fitted = page.evaluate("document.getElementById('map-view').scrollWidth")
    pinch(page, "#map-view", 60)
    zoomed = page.evaluate("document.getElementById('map-view').scrollWidth")
    assert zoomed > fitted * 1.5, (fitted, zoomed)
    before = page.evaluate("document.getElementById('map-view').scrollLeft")
    drag(page, "#map-view", 80, 0)                                    # the map follows the finger
    page.wait_for_function("v => document.getElementById('map-view').scrollLeft < v - 20", arg=before)
    wait_still(page, "document.getElementById('map-view').scrollLeft")   # a tap during a fling only stops it
    page.locator("button[data-zoom=fit]").tap()
    page.wait_for_function("v => document.getElementById('map-view').scrollWidth <= v + 1", arg=fitted)

    tap_until(page, random.Random(3), lambda p: p.locator("button.action[data-preview]").count() > 0)
    seen = version(page)
    orientation = page.locator("button.action[data-preview]").last
    orientation.tap()
    page.wait_for_selector('#map-view g.tile[data-preview="true"]')
    assert page.locator("#confirm").is_visible() and "chosen" in orientation.get_attribute("class")
    page.wait_for_timeout(300)
    assert version(page) == seen                                      # nothing laid by the tap
    laid = page.locator("#map-view g.tile[data-preview=true]").get_attribute("data-tile")
    page.locator("#confirm-lay").tap()
    wait_past(page, seen)
    assert page.locator(f'#map-view g.tile[data-tile="{laid}"]:not([data-preview])').count() == 1
    assert page.locator("#confirm").is_hidden()


# -- what a page shows after the changes it applied is what a page loaded now shows ------------
PARTS_HTML = """() => Object.fromEntries([...document.querySelectorAll('[data-part]')].map(part => {
  const copy = part.cloneNode(true);
  for (const box of copy.querySelectorAll('.map-zoom')) box.removeAttribute('style');
  return [part.dataset.part, copy.innerHTML];
}))"""


def same_as_a_new_page(chromium, page, link: str) -> None:
    """A page opened now on the same link shows, part for part, what ``page`` shows."""
    fresh = open_seat(chromium, link)
    fresh.wait_for_function("v => Number(document.getElementById('table').dataset.version) === v", arg=version(page))
    page.mouse.move(0, 0)                   # no orientation hovered
    shown, loaded = page.evaluate(PARTS_HTML), fresh.evaluate(PARTS_HTML)
    fresh.context.close()
    assert shown.keys() == loaded.keys()
    for part in shown:
        assert shown[part] == loaded[part], part


def test_pages_that_apply_the_changes_show_exactly_what_a_page_loaded_now_shows(chromium, server_factory, tmp_path):
    """Two people and a spectator play; after some clicks (tiles discovered and laid, pawns moving,
    cards played, the log growing past its 40 lines), each page's parts, as the page changed
    them message by message, are exactly what a page opened at that moment shows."""
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=3)
    links = [seat["link"] for seat in made["seats"]] + [made["spectator"]]
    pages = [open_seat(chromium, link) for link in links]
    rng = random.Random(3)
    for step in range(1, 91):
        clicked = deciding_page(pages[:2])
        seen = version(clicked)
        explore = clicked.locator("button.action.kind-explore, button.action[data-preview]")
        if explore.count():
            explore.first.click()
            wait_past(clicked, seen)
        else:
            click_one(clicked, rng)
        if step % 30 == 0:
            for page in pages:
                page.wait_for_function("v => Number(document.getElementById('table').dataset.version) === v",
                                       arg=version(clicked))
            for page, link in zip(pages, links, strict=True):
                same_as_a_new_page(chromium, page, link)
    assert pages[2].locator("#map-view g.tile").count() >= 3 and version(pages[2]) >= 90


# -- the log keeps the newest lines in view unless the reader scrolled up ------------------------
LOG_PLACE = """() => { const log = document.querySelector('[data-part=log] ol');
  const first = [...log.children].find(line => line.offsetTop + line.offsetHeight > log.scrollTop);
  return {bottom: log.scrollHeight - log.scrollTop - log.clientHeight < 4, top: log.scrollTop,
          first: first ? first.dataset.key : null, overflows: log.scrollHeight > log.clientHeight + 20}; }"""


def test_the_log_keeps_the_newest_lines_in_view_unless_the_reader_scrolled_up(chromium, server_factory, tmp_path):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=4)
    pages = [open_seat(chromium, seat["link"]) for seat in made["seats"]]
    reader = pages[0]
    rng = random.Random(4)

    def play(clicks: int) -> None:
        for _ in range(clicks):
            click_one(deciding_page(pages), rng)
        reader.wait_for_function("v => Number(document.getElementById('table').dataset.version) >= v",
                                 arg=max(version(p) for p in pages))

    play(25)
    place = reader.evaluate(LOG_PLACE)
    assert place["overflows"] and place["bottom"], place          # the newest line in view
    reader.hover("[data-part=log] ol")
    reader.mouse.wheel(0, -300)                                    # the reader scrolls up ...
    reader.wait_for_function("() => !(" + LOG_PLACE + ")().bottom")
    looked_at = reader.evaluate(LOG_PLACE)
    play(6)                                                        # ... and new lines arrive
    place = reader.evaluate(LOG_PLACE)
    assert not place["bottom"] and place["first"] == looked_at["first"], (looked_at, place)
    reader.mouse.wheel(0, 5000)                                    # back to the newest line
    reader.wait_for_function("() => (" + LOG_PLACE + ")().bottom")
    play(4)
    assert reader.evaluate(LOG_PLACE)["bottom"]


# -- words: health, whose turn, a spectator's panel, a lost connection ---------------------------
def test_the_table_speaks_as_players_do(chromium, live_server):
    """Health as players say it ("10 health", "3 damage of 10"); "Your turn." for the player
    whose turn starts, "P1's turn" for the others; a spectator's panel says they are watching."""
    made = new_game(live_server.base, ["catacombs"], ["human", "human"], seed=2)
    p1, p2 = (open_seat(chromium, seat["link"]) for seat in made["seats"])
    watcher = open_seat(chromium, made["spectator"])
    status = p1.text_content("[data-part=status]")
    assert "Your turn." in status and "Your decision: P1's turn" not in status
    assert "P1's turn" in p2.text_content("[data-part=status]") and "Your turn" not in p2.text_content("[data-part=status]")
    assert p1.locator("[data-part=players] td.health").all_text_contents() == ["10 health", "10 health"]
    assert "Nothing to decide now" in p2.text_content("[data-part=actions]")
    assert watcher.text_content("[data-part=actions] h2") == "Watching"
    assert "You are watching" in watcher.text_content("[data-part=actions]")
    seen = version(p1)
    live_server.arrange(made["game"], lambda game: game.state.players[1].damage.extend(["1", "1", "1"]))
    p1.wait_for_function("document.querySelectorAll('[data-part=players] td.health')[1].textContent === '3 damage of 10'")
    assert version(p1) == seen


def test_while_disconnected_nothing_can_be_clicked_and_the_warning_goes_once_connected(
    chromium, server_factory, tmp_path
):
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    made = new_game(server.base, ["catacombs"], ["human", "human"], seed=5)
    page = open_seat(chromium, made["seats"][0]["link"])
    assert page.locator("button.action").first.is_enabled()
    server.kill()
    page.wait_for_function("document.getElementById('table').classList.contains('offline')")
    buttons = page.locator("button.action")
    assert buttons.count() > 0 and all(buttons.nth(i).is_disabled() for i in range(buttons.count()))
    assert page.locator(".hand-cards li.playable").first.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    page.locator(".hand-cards li.playable").first.focus()
    page.keyboard.press("Enter")                                   # the keyboard still reaches a card
    assert "not connected" in page.text_content("#notice")
    server.start()
    page.wait_for_function("document.getElementById('connection').textContent === 'connected'", timeout=30_000)
    page.wait_for_function("!document.getElementById('table').classList.contains('offline')")
    assert page.text_content("#notice") == "" and page.locator("#notice").is_hidden()
    seen = version(page)
    page.locator("button.action").first.click()                    # and play goes on
    wait_past(page, seen)


def test_the_lobby_offers_a_packs_options_as_it_is_ticked(chromium, server_factory, tmp_path):
    """Ticking a pack lists its options under its name; unticking it takes them away (and they
    are not sent); the game's own options stay."""
    server = server_factory(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    page = chromium.new_context(bypass_csp=True).new_page()
    page.goto(server.base + "/")
    underworld = page.locator('fieldset.pack-options[data-pack="underworld"]')
    assert page.locator('fieldset.pack-options[data-pack="core"] input[name="option:max_rounds"]').is_visible()
    assert underworld.is_hidden() and page.locator('input[name="option:mercy"]').is_hidden()
    page.check('input[name=pack][value=underworld]')
    assert underworld.is_visible() and underworld.locator('input[name="option:mercy"]').is_enabled()
    assert "underworld" in underworld.locator("legend").text_content()
    page.fill('input[name="option:mercy"]', "on")
    page.uncheck('input[name=pack][value=underworld]')
    assert underworld.is_hidden() and page.locator('input[name="option:mercy"]').is_disabled()
    page.fill("#players", "2")
    page.click("#create")
    assert "Game" in page.text_content("h1")        # created: the hidden option was not sent
