"""Ruthless played through the page, as players would."""

from __future__ import annotations

from .helpers import is_over, open_page, play_to_end


def test_dodge_city_draw_to_the_end_against_a_bot_by_clicking(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot:hard&scenario=dodge-city&seed=3")
    play_to_end(page, choose=0, max_steps=4000)
    assert is_over(page)
