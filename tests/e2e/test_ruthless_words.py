"""Ruthless through the page, as a new player reads it: the posse editor's typed names and
buttons, and the first-game guide and the "Why?" links in every scenario."""

from __future__ import annotations

import pytest

from .conftest import check_guard, guarded_context
from .helpers import log_lines, open_page, wait_for_humans

EDITOR = "#new/ruthless?seats=human,bot&scenario=gunfight&posse1=build&seed=2"

# Every button of the board whose words spill over its frame, or whose frame leaves the board,
# as the browser lays them out.
OVERFLOWING = """() => {
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const out = [];
  for (const g of document.querySelectorAll('#board svg [data-action]')) {
    const rect = g.querySelector('rect'), text = g.querySelector('text');
    if (!rect || !text) continue;
    const r = rect.getBoundingClientRect(), t = text.getBoundingClientRect();
    if (t.right > r.right - 0.5 || r.right > board.right || r.left < board.left) out.push(text.textContent);
  }
  return out;
}"""


def close_guide(page):
    close = page.locator("#guide:not([hidden]) [data-action=guide-close]")
    if close.count():
        close.click()


def test_a_name_typed_in_the_posse_editor_is_the_characters_name_in_the_game(page, base_url):
    open_page(page, base_url, EDITOR)
    close_guide(page)
    page.locator("#board [aria-label^='Add a blank character card']").click()
    wait_for_humans(page)
    name = page.locator("#params input[name=value]")
    name.fill("Kid Curry")
    name.press("Enter")
    wait_for_humans(page)
    assert "Kid Curry" in page.locator("#board").inner_text()
    assert any("names the character Kid Curry" in line for line in log_lines(page))
    page.locator("#board [aria-label^='Give Gunfighter']").click()
    wait_for_humans(page)
    page.locator("#board [aria-label^='Add a blank character card']").click()
    wait_for_humans(page)
    page.locator("#board [aria-label^='Give Lucky']").click()
    wait_for_humans(page)
    page.locator("#board [aria-label^='The posse is ready']").click()
    wait_for_humans(page)
    board = page.locator("#board")
    assert "Turn 1 of 10" in board.inner_text()
    assert "Kid Curry" in board.inner_html()  # his model on the table carries his name


def test_a_name_with_braces_is_refused_with_a_message_and_the_card_keeps_its_name(page, base_url):
    open_page(page, base_url, EDITOR)
    close_guide(page)
    page.locator("#board [aria-label^='Add a blank character card']").click()
    wait_for_humans(page)
    name = page.locator("#params input[name=value]")
    before = name.input_value()
    name.fill("{seat1}")
    page.locator("#params button[type=submit]").click()
    alert = page.locator("[role=alert]:not([hidden])")
    alert.first.wait_for()
    assert "braces" in alert.first.inner_text()
    assert before in page.locator("#board").inner_text()


@pytest.mark.parametrize("width", [390, 1280])
def test_every_button_of_the_posse_editor_holds_its_words(browser, base_url, width):
    ctx = guarded_context(browser, base_url, viewport={"width": width, "height": 900},
                          has_touch=width < 700, is_mobile=width < 700)
    page = ctx.new_page()
    open_page(page, base_url, EDITOR)
    close_guide(page)
    page.locator("#board [aria-label^='Add a blank character card']").click()
    wait_for_humans(page)
    assert page.locator("#board [aria-label^='Give ']:not([aria-label*='next name'])").count() == 19  # every trait
    assert page.evaluate(OVERFLOWING) == []
    ctx.close()
    check_guard(ctx)


# --- the guide and "Why?" in every scenario ----------------------------------------------------------
def guide_title(page) -> str:
    page.wait_for_selector("#guide:not([hidden])")
    return page.locator("#guide h2").inner_text()


def test_riding_shotgun_opens_with_the_guide_and_a_why_link_and_then_tells_of_the_stagecoach(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=riding-shotgun&seed=4")
    assert guide_title(page) == "What to do now"
    assert "initiative" in page.locator("#guide").inner_text()
    why = page.locator("#why a.why")
    assert why.count() == 1 and why.get_attribute("data-rule")
    while page.locator("#guide [data-action=guide-next]").inner_text() == "Next":
        page.locator("#guide [data-action=guide-next]").click()
    page.locator("#guide [data-action=guide-next]").click()  # Done
    # the next screen brings the scenario's own stage: the stagecoach, ringed on the table
    page.locator("#board [aria-label^='Play the ']").first.click()
    assert guide_title(page) == "The stagecoach"
    assert page.locator("#guide-ring").is_visible()


def test_a_player_who_has_had_the_first_guide_still_gets_the_posse_editors_and_nothing_of_initiative(page, base_url):
    open_page(page, base_url, "#")
    page.evaluate("() => localStorage.setItem('tabletown:guide:ruthless', 'seen')")
    open_page(page, base_url, EDITOR)
    assert guide_title(page) == "The posse editor"
    text = page.locator("#guide").inner_text()
    assert "step 1 of 2" in text and "initiative" not in text
    assert page.locator("#why a.why").count() == 1
    page.locator("#guide [data-action=guide-close]").click()
    page.locator("#board [aria-label^='Add a blank character card']").click()
    assert guide_title(page) == "His card"
    assert "initiative" not in page.locator("#guide").inner_text()
