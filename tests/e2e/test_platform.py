"""The page as a player meets it: the picker, setup, saves, links, offline, accessibility."""

from __future__ import annotations

import json
from pathlib import Path

from .helpers import (
    BOOT_TIMEOUT,
    FAST,
    is_over,
    log_lines,
    open_page,
    play_to_end,
    run_axe,
    share_and_open,
    take_turn,
    wait_for_humans,
)

ROOT = Path(__file__).resolve().parents[2]


def saves_in(page) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('tabletown:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


def test_picker_lists_all_five_games_and_shows_progress_while_booting(page, base_url):
    page.goto(base_url)
    # Before Python is up, the picker is there: never a blank page.
    assert page.locator(".games").is_visible() or page.locator("html.ready").count()
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    cards = page.locator(".game-card")
    assert cards.count() == 5
    text = page.locator(".games").inner_text()
    for title in ("Tavern Tussle", "Torches & Pitchforks", "Tumble Town", "Ruthless", "Townsfolk Tussle"):
        assert title in text
    assert page.locator(".game-card.playable").count() == 5  # all five games are playable
    assert page.locator(".game-card.coming").count() == 0
    assert page.title() == "Tabletown"
    assert page.evaluate("document.documentElement.lang") == "en"


def test_setup_form_starts_a_game_with_names_bots_and_the_variant(page, base_url):
    open_page(page, base_url)
    page.click("a[href='#setup/tavern-tussle']")
    page.select_option("select[name=seats]", "3")
    assert page.locator("[data-seat-row='3']").is_hidden()
    page.fill("input[name=name0]", "Ann")
    page.select_option("select[name=kind1]", "bot:hard")
    page.check("input[name=opt-advanced]")
    page.click("button[data-action=start]")
    page.wait_for_selector("#board svg")
    assert page.url.split("#")[1].startswith("game/")
    assert "Ann" in page.locator("#status").inner_text()
    saved = [json.loads(v) for k, v in saves_in(page).items() if k.startswith("tabletown:save:")]
    assert len(saved) == 1
    record = saved[0]["record"]
    assert record["options"]["advanced"] is True
    assert [s["kind"] for s in record["seats"]] == ["human", "bot", "bot"]
    assert record["seats"][1]["level"] == "hard"


def test_a_whole_four_seat_game_against_three_bots(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot,bot:hard,bot&names=Ann,Bea,Cal,Dot&seed=11")
    done = play_to_end(page, choose=lambda n: n // 2)
    assert done["move"] > 0 and done["handoff"] == 0
    results = page.locator("#results").inner_text()
    assert "Final scores" in results
    for name in ("Ann", "Bea", "Cal", "Dot"):
        assert name in results
    assert "Game over" in page.locator("#status").inner_text()
    # The finished game is still in the saves, marked finished.
    assert any('"over":true' in v for k, v in saves_in(page).items() if k.startswith("tabletown:save:"))


def test_hot_seat_hands_the_device_over_and_hides_cards_between_players(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,human&names=Ann,Bob&seed=5")
    seen_handoffs = []

    def check(what):
        overlay = page.locator("#handoff:not([hidden])")
        if overlay.count():
            seen_handoffs.append(overlay.inner_text())
            # While the device is being passed, no one's cards can be chosen.
            assert page.locator("#board [data-action]").count() == 0

    play_to_end(page, choose=0, on_step=check)
    assert any("Ann" in h for h in seen_handoffs) and any("Bob" in h for h in seen_handoffs)


def test_reload_mid_game_resumes_at_the_same_point(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot,bot&seed=21")
    for _ in range(6):
        take_turn(page)
        page.wait_for_timeout(150)
    wait_for_humans(page)
    lines = log_lines(page)
    status = page.locator("#status").inner_text()
    url = page.url
    page.reload()
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    assert page.url == url
    assert log_lines(page) == lines
    assert page.locator("#status").inner_text() == status
    play_to_end(page)


def test_undo_takes_back_a_choice_that_revealed_nothing(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=8")
    page.wait_for_selector("#board [data-action]")
    before = log_lines(page)
    take_turn(page)
    page.wait_for_function(f"() => document.querySelectorAll('#log li:not(.muted)').length > {len(before)}")
    assert page.locator("#undo").is_enabled()
    page.click("#undo")
    page.wait_for_function(f"() => document.querySelectorAll('#log li:not(.muted)').length == {len(before)}")


def test_share_link_opens_the_same_game_in_a_fresh_browser(browser, page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot,bot&names=Ann,Bo,Cy&seed=33")
    for _ in range(8):
        take_turn(page)
        page.wait_for_timeout(100)

    def ready_to_continue(other):
        assert "Ann" in other.locator("#status").inner_text()
        assert other.locator("#board [data-action]").count() > 0

    share_and_open(browser, page, also=ready_to_continue)


def test_bad_links_show_a_readable_error_and_overwrite_nothing(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=2")
    take_turn(page)
    page.wait_for_timeout(200)
    before = saves_in(page)
    for bad in ("#play=1.AAAA", "#play=7.abc", "#play=1." + "x" * 250_000, "#new/tavern-tussle?seats=human,alien"):
        page.goto(base_url + bad)
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        alert = page.locator("[role=alert]")
        alert.wait_for()
        assert "cannot" in alert.inner_text()
        assert saves_in(page) == before


def test_an_illegal_move_inside_a_link_is_refused(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=2")
    take_turn(page)
    page.click("#share")
    link = page.locator("#share-link").get_attribute("href")
    import base64
    import zlib

    tampered = link.split("#", 1)[1]
    payload = tampered.split(".", 1)[1]
    raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15)
    record = json.loads(raw)
    record["log"].insert(0, [1, {"type": "no-such-move"}])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    forged = base64.urlsafe_b64encode(packer.compress(json.dumps(record).encode()) + packer.flush()).decode().rstrip("=")
    page.goto(base_url + "#play=1." + forged)
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    assert "Move 1" in page.locator("[role=alert]").inner_text()


def test_a_corrupted_save_is_set_aside_and_the_others_keep_working(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&names=Keeper,Bot&seed=4")
    take_turn(page)
    page.evaluate("localStorage.setItem('tabletown:save:zzbroken', '{\"schema\": 2, \"record\": {oops')")
    page.goto(base_url + FAST + "#")
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    broken = page.locator(".broken")
    assert "zzbroken" in broken.inner_text()
    assert page.locator(".save-list .save").count() == 1
    assert "Keeper" in page.locator(".save-list").inner_text()
    raw = page.evaluate("localStorage.getItem('tabletown:broken:zzbroken')")
    assert "oops" in raw  # set aside, not dropped
    page.click(".save-list a")
    page.wait_for_selector("#board svg")
    assert "Keeper" in page.locator("#log").inner_text() or log_lines(page)


def test_a_full_storage_quota_gives_a_message_not_a_broken_save(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=6")
    key = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('tabletown:save:'))")
    before = page.evaluate(f"localStorage.getItem('{key}')")
    page.evaluate(
        """() => {
            const real = Storage.prototype.setItem;
            Storage.prototype.setItem = function () {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            };
            window.__restoreStorage = () => { Storage.prototype.setItem = real; };
        }"""
    )
    take_turn(page)
    alert = page.locator("[role=alert]")
    alert.wait_for()
    assert "storage is full" in alert.inner_text()
    assert page.evaluate(f"localStorage.getItem('{key}')") == before
    page.evaluate("window.__restoreStorage()")


def test_a_hostile_player_name_is_shown_as_inert_text(page, base_url):
    evil = "<img src=x onerror=p()>"  # fits the 24-character name limit
    from urllib.parse import quote

    page.add_init_script("window.p = () => { window.__pwned = 1; };")
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&names=" + quote(evil) + ",Bob&seed=3")
    page.wait_for_selector("#board svg")
    play_to_end(page)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img").count() == 0
    assert evil in page.locator("#results").inner_text()
    page.goto(base_url + FAST + "#")
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    assert evil in page.locator(".save-list").inner_text()
    assert page.evaluate("window.__pwned") is None


def test_keyboard_alone_can_make_a_move(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=12")
    page.wait_for_selector("#board [data-action]")
    before = len(log_lines(page))
    page.focus("#board [data-action]")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#log li:not(.muted)').length > {before}")


def test_the_page_fits_a_phone_without_sideways_scrolling(browser, base_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = ctx.new_page()
        for fragment in ("#", "#setup/tavern-tussle", "#new/tavern-tussle?seats=human,bot,bot,bot&seed=3"):
            open_page(page, base_url, fragment)
            page.wait_for_timeout(300)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{fragment}: the page is {width}px wide"
        play_to_end(page)  # the final score table must fit too
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def test_axe_finds_no_serious_violations_on_the_picker_or_a_game(page, base_url):
    open_page(page, base_url, "#")
    assert run_axe(page) == []
    open_page(page, base_url, "#setup/tavern-tussle")
    assert run_axe(page) == []
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot,bot&seed=3")
    page.wait_for_selector("#board [data-action]")
    assert run_axe(page) == []
    play_to_end(page)
    assert run_axe(page) == []


def test_the_page_works_offline_after_one_visit(browser, base_url):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#")
        # Wait until the service worker is active: its install has cached every file.
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        ctx.set_offline(True)
        page.goto(base_url + FAST + "#new/tavern-tussle?seats=human,bot&seed=9")
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        play_to_end(page)
        assert is_over(page)
    finally:
        ctx.close()


def test_make_dist_gives_a_self_contained_folder_that_plays(browser, base_url):
    # The suite serves dist/ (what `make dist` writes) the way a host does; a game plays
    # from it with no missing file.
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        missing = []
        page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
        open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&seed=1")
        take_turn(page)
        assert page.locator("#board svg").count() == 1
        assert missing == []
    finally:
        ctx.close()
