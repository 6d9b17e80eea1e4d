"""The ring round a control under the pointer: a Hero card (drawn as a group of shapes and
words) is ringed along its outline in the focus colour, and its words stay as they are (they
took the ring's thick blue stroke before, which made them hard to read); a plain button is ringed
as ever."""

from __future__ import annotations

from .helpers import open_page

FOCUS = "rgb(29, 95, 209)"  # --focus in app.css


def stroke_of(page, selector: str) -> str:
    return page.evaluate("(s) => getComputedStyle(document.querySelector(s)).stroke", selector)


def test_a_card_under_the_pointer_is_ringed_and_its_words_stay_clear(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot:hard&seed=11")
    card = "#board .act[data-action='0']"
    page.wait_for_selector(card)
    page.hover(card)
    assert stroke_of(page, f"{card} > g > rect") == FOCUS  # the card's outline is the ring
    words = page.evaluate("(s) => Array.from(document.querySelectorAll(s + ' text')).map(t => getComputedStyle(t).stroke)", card)
    assert words and all(w != FOCUS for w in words)


def test_a_plain_button_on_the_board_is_ringed(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot:hard&seed=4")
    button = "#board .act > rect:first-child"
    page.wait_for_selector(button)
    page.hover(button)
    assert stroke_of(page, button) == FOCUS
