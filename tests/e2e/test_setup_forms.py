"""Every game's setup form in the page, on a phone (390 px) and a wide screen (1280 px): it fits the
screen and nothing covers Start; pressing Start at once, with what the form shows, opens a board to
play; a bad choice is told in an alert beside Start; and axe finds nothing serious on it."""

from __future__ import annotations

import pytest

from tabletown import games

from .conftest import check_guard, guarded_context
from .helpers import open_page, run_axe

GAMES = games.ready_ids()

# Where Start is and whether a press at its middle reaches it; how far anything on the page
# reaches to the right.
LAYOUT = """() => {
  const start = document.querySelector('[data-action=start]');
  start.scrollIntoView({block: 'center'});
  const r = start.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const right = Math.max(...[...document.querySelectorAll('body *')]
    .filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().right));
  return {startHit: hit === start || start.contains(hit), scrollWidth: document.documentElement.scrollWidth,
          right, width: innerWidth};
}"""


def open_setup(page, base_url: str, game: str, first: bool) -> None:
    if first:
        open_page(page, base_url, f"#setup/{game}")
    else:
        page.evaluate("(g) => { location.hash = '#setup/' + g; }", game)
    page.wait_for_selector(f"#setup-form[data-game='{game}']")


@pytest.mark.parametrize("width", [390, 1280])
def test_each_form_fits_the_screen_and_starts_a_game_with_what_it_shows(browser, base_url, width):
    ctx = guarded_context(browser, base_url, viewport={"width": width, "height": 844},
                          is_mobile=width < 700, has_touch=width < 700)
    try:
        page = ctx.new_page()
        for i, game in enumerate(GAMES):
            open_setup(page, base_url, game, first=i == 0)
            layout = page.evaluate(LAYOUT)
            assert layout["scrollWidth"] <= width, f"{game}: the page is {layout['scrollWidth']} px wide"
            assert layout["right"] <= width + 0.5, f"{game}: something reaches {layout['right']:.0f} px"
            assert layout["startHit"], f"{game}: something covers Start"
            assert run_axe(page) == [], game
            page.click("[data-action=start]")
            page.wait_for_selector("#board [data-action]")
            assert page.evaluate("location.hash").startswith("#game/"), game
            assert page.locator("#setup-alerts [role=alert], #alerts [role=alert]").count() == 0, game
    finally:
        ctx.close()
    check_guard(ctx)


def test_ruthless_opens_at_dodge_city_draw_for_two_and_a_free_gunfight_shows_its_posses(page, base_url):
    open_setup(page, base_url, "ruthless", first=True)
    assert page.locator("select[name=seats]").input_value() == "2"
    scenario = page.locator("select[name=opt-scenario]")
    assert scenario.input_value() == "dodge-city"
    assert not page.locator("select[name=opt-posse1]").is_visible()
    assert not page.locator("select[name=opt-table]").is_visible()
    page.select_option("select[name=seats]", "3")
    page.wait_for_function("document.querySelector('select[name=opt-scenario]').value === 'gunfight'")
    assert page.locator("select[name=opt-posse3]").is_visible()
    assert page.locator("select[name=opt-scenario] option[value=dodge-city]").is_disabled()


@pytest.mark.parametrize("game, choose, says", [
    ("ruthless", {"seats": "3", "opt-posse1": "saved-1"}, "Choose a ready-made posse, or build one in the posse editor"),
    ("tumble-town", {"seed": "seven"}, "The seed must be a whole number of up to 9 digits, such as 7"),
])
def test_a_bad_choice_is_told_beside_start_in_an_alert(browser, base_url, game, choose, says):
    ctx = guarded_context(browser, base_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        open_setup(page, base_url, game, first=True)
        for name, value in choose.items():
            if name == "seed":
                page.fill("input[name=seed]", value)
            else:
                page.select_option(f"select[name='{name}']", value)
        page.click("[data-action=start]")
        alert = page.locator("#setup-alerts [role=alert]")
        alert.wait_for()
        assert says in alert.inner_text()
        assert page.evaluate("location.hash") == f"#setup/{game}", "nothing was started"
        box, start = alert.bounding_box(), page.locator("[data-action=start]").bounding_box()
        assert 0 <= start["y"] - (box["y"] + box["height"]) <= 60, "the alert is not beside Start"
        assert page.evaluate(LAYOUT)["startHit"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
    check_guard(ctx)
