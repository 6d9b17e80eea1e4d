"""Torches & Pitchforks played through the page, as players would."""

from __future__ import annotations

from .helpers import (
    check_phone_and_axe,
    is_over,
    last,
    middle,
    open_page,
    play_to_end,
    reload_and_check,
    share_and_open,
    take_turn,
)

# --- Torches & Pitchforks ------------------------------------------------------------


def test_torches_five_seats_one_human_to_the_end(page, base_url):
    open_page(page, base_url, "#new/torches-and-pitchforks?seats=human,bot,bot:hard,bot,bot:hard&target=20&seed=4")
    play_to_end(page, choose=middle, max_steps=6000)
    assert "Final scores" in page.locator("#results").inner_text()


def test_torches_two_humans_hot_seat_with_a_reload_mid_game(page, base_url):
    open_page(page, base_url, "#new/torches-and-pitchforks?seats=human,human&names=Nicole,Jess&target=20&seed=7")
    handoffs = 0
    for _ in range(40):
        if take_turn(page, last) == "handoff":
            handoffs += 1
            assert page.locator("#handoff:not([hidden])").count() == 0
    assert handoffs > 0
    reload_and_check(page)
    play_to_end(page, choose=last, max_steps=8000)
    assert is_over(page)


def test_torches_share_link(browser, page, base_url):
    open_page(page, base_url, "#new/torches-and-pitchforks?seats=human,bot,bot&seed=9")
    for _ in range(15):
        take_turn(page, middle)
    share_and_open(browser, page)


def test_torches_is_accessible_and_fits_a_phone(browser, base_url):
    check_phone_and_axe(browser, base_url, "#new/torches-and-pitchforks?seats=human,bot,bot&seed=9")
