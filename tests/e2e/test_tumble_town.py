"""Tumble Town played through the page, as players would."""

from __future__ import annotations

from .helpers import (
    is_over,
    last,
    middle,
    open_page,
    page_width,
    play_to_end,
    reload_and_check,
    run_axe,
    share_and_open,
    take_turn,
)

# --- Tumble Town ------------------------------------------------------------------------


def test_tumble_town_solo_against_the_outlaw_to_the_end(page, base_url):
    open_page(page, base_url, "#new/tumble-town?seats=human&mode=outlaw&difficulty=medium&seed=3")
    play_to_end(page, choose=last, max_steps=6000)
    assert "Final scores" in page.locator("#results").inner_text()


def test_tumble_town_four_seats_one_human_with_a_reload(page, base_url):
    open_page(page, base_url, "#new/tumble-town?seats=human,bot,bot:hard,bot&seed=5")
    for _ in range(25):
        take_turn(page, last)
    reload_and_check(page)
    play_to_end(page, choose=last, max_steps=6000)
    assert is_over(page)


def test_tumble_town_share_link(browser, page, base_url):
    open_page(page, base_url, "#new/tumble-town?seats=human,bot&seed=8")
    for _ in range(12):
        take_turn(page, last)
    share_and_open(browser, page)


def test_tumble_town_is_accessible_and_fits_a_phone(browser, base_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/tumble-town?seats=human,bot&seed=8")
        for _ in range(6):
            take_turn(page, middle)
        page.wait_for_function("!document.querySelector('#status').textContent.includes('thinking')")
        assert page_width(page) <= 390
        assert run_axe(page) == []
    finally:
        ctx.close()
