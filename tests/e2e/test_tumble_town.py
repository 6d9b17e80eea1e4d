"""Tumble Town played through the page, as players would."""

from __future__ import annotations

from .helpers import (
    check_phone_and_axe,
    is_over,
    last,
    open_page,
    play_to_end,
    reload_and_check,
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
    check_phone_and_axe(browser, base_url, "#new/tumble-town?seats=human,bot&seed=8")


def test_mission_progress_is_remembered_per_player_name(page, base_url):
    """Mission progress lives in the campaign record `tumble-town:progress`, by player name."""
    open_page(page, base_url, "#new/tumble-town?seats=human&names=Mia&mode=outlaw&difficulty=easy&mission=next&seed=4")
    record = page.evaluate(
        "JSON.parse(localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('tabletown:save:'))))"
    )
    assert record["record"]["options"]["mission"] == 1  # a new player starts on the first mission
    play_to_end(page, choose=last, max_steps=6000)
    campaign = page.evaluate("JSON.parse(localStorage.getItem('tabletown:campaign:tumble-town:progress'))")
    assert campaign["schema"] == 1 and campaign["game"] == "tumble-town"
    progress = campaign["data"]
    assert "Mia" in progress
    # The next game for Mia starts on the mission her progress says, in a new page load.
    page.goto(base_url + "?botpause=20#new/tumble-town?seats=human&names=Mia&mode=outlaw&mission=next&seed=5")
    page.wait_for_selector("html.ready", timeout=90_000)
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tabletown:save:')).map(k => JSON.parse(localStorage.getItem(k)))"
    )
    newest = max(saves, key=lambda s: s["updated"])
    assert progress["Mia"]["played"] == 1
    # Cleared: on to mission 2; failed: mission 1 again.
    assert newest["record"]["options"]["mission"] == progress["Mia"]["mission"]
