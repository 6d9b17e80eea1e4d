"""The board holds still while a game is played: prompts, errors and alerts take a fixed place or
float over the page, so the board and the table on it stay where the player's finger is, on a
desktop and on a phone. And Ruthless' table zooms (buttons, wheel, two fingers) without losing
where a press lands."""

from __future__ import annotations

import math

import pytest

from .helpers import is_over, log_lines, open_page, wait_for_humans
from .test_ruthless import pick

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# Where the board is on the page (not in the window: a press may scroll the page): the board's
# left, top and width, and the table frame's screen matrix (scale and origin) if it has one.
PLACE = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const frame = document.querySelector('#board [data-frame]');
  const m = frame ? frame.getScreenCTM() : null;
  const r = (v) => Math.round(v * 10) / 10;
  return {board: [r(board.left + scrollX), r(board.top + scrollY), r(board.width)],
          table: m ? [r(m.a * 1000), r(m.e + scrollX), r(m.f + scrollY)] : null};
}"""

# The table point under a point of the window, and the window point of a table point.
TABLE_POINT = """([x, y]) => {
  const f = document.querySelector('#board [data-frame="table"]');
  const p = f.ownerSVGElement.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(f.getScreenCTM().inverse()); return [q.x, q.y];
}"""
WINDOW_POINT = """([x, y]) => {
  const f = document.querySelector('#board [data-frame="table"]');
  const p = f.ownerSVGElement.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(f.getScreenCTM()); return [q.x, q.y];
}"""
# A point of the window over the table and 30 px from any control (a finger's press there is the
# point itself: the browser moves a tap near a control onto it).
FREE_POINT = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  if (!el || !el.closest('#board [data-frame]')) return false;
  return [...document.querySelectorAll('#board [data-action], #board [data-zoom-by]')].every((c) => {
    const r = c.getBoundingClientRect();
    return Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom)) > 30;
  });
}"""
SCALE = "() => document.querySelector('#board [data-frame=\"table\"]').getScreenCTM().a"
# Every table frame (terrain, models, overlay, marks) shows the same view.
VIEWS = "() => [...new Set([...document.querySelectorAll('#board [data-frame=\"table\"]')].map(f => { const m = f.getScreenCTM(); return [m.a.toFixed(5), m.e.toFixed(1), m.f.toFixed(1)].join(' '); }))]"


def close_guide(page) -> None:
    close = page.locator(".guide:not([hidden]) .guide-close")
    if close.count():
        close.click()


def touch_or_click(page, el, touch: bool) -> None:
    el.scroll_into_view_if_needed()
    try:
        if touch:
            el.tap(timeout=4000)
        else:
            el.click(timeout=4000)
    except Exception:  # noqa: BLE001 - a model under the buttons beside another: the keyboard still reaches it
        el.focus()
        page.keyboard.press("Enter")


def press_beyond_reach(page, touch: bool, start: dict) -> bool:
    """With a model's Move ready (it is, once he is picked), press a point far beyond his reach: the
    Move snaps to the farthest point he may reach that way and says why; a mouse's press moves him
    there, a finger's tap shows the ghost there with "Move here", pressed next."""
    if not page.locator("#board [data-part='ghost']").count() or not page.locator("#board [data-part='at-model'] [data-param]").count():
        return False
    page.evaluate("window.scrollTo(0, 0)")
    moves = sum(" moves " in line for line in log_lines(page))
    # the table's far corner from the posse's area: beyond any move
    x, y = page.evaluate(WINDOW_POINT, [200, 200])
    if touch:
        page.touchscreen.tap(x, y)
        confirm = page.locator("#board [data-part='ghost'] [data-action='confirm-point']")
        confirm.wait_for()
        assert page.evaluate(PLACE) == start, "the ghost moved the board"
        box = confirm.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.mouse.click(x, y)
    wait_for_humans(page)
    page.wait_for_function("(n) => [...document.querySelectorAll('#log li')].filter(li => li.textContent.includes(' moves ')).length > n",
                           arg=moves)
    return True


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_board_stays_where_it_is_through_moves_prompts_and_errors(browser, base_url, device):
    options = DESKTOP if device == "desktop" else PHONE
    touch = device == "phone"
    ctx = browser.new_context(**options)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
        wait_for_humans(page)
        close_guide(page)
        start = page.evaluate(PLACE)
        assert start["table"] is not None
        snapped = False
        seen = set()
        for step in range(70):
            if is_over(page):
                break
            if not snapped and step > 4:
                snapped = press_beyond_reach(page, touch, start)
                if snapped:
                    assert page.evaluate(PLACE) == start, "a Move beyond reach moved the board"
                    continue
            el, label = pick(page)
            if el is None:
                page.wait_for_timeout(50)
                continue
            seen.add(label.split(" ")[0])
            touch_or_click(page, el, touch)
            wait_for_humans(page)
            if is_over(page):
                break  # the result screen opens above the board
            assert page.evaluate(PLACE) == start, f"the board moved after pressing {label!r}"
        assert snapped
        assert {"Play", "Pick"} <= seen  # cards, models and moves were pressed
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["tavern-tussle", "torches-and-pitchforks", "tumble-town", "townsfolk-tussle"])
def test_every_games_board_stays_where_it_is_on_a_phone(browser, base_url, game):
    """The frame is the page's, so the other games' boards hold still as well."""
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        open_page(page, base_url, f"#new/{game}?seats=human,bot&seed=3")
        wait_for_humans(page)
        close_guide(page)
        start = page.evaluate(PLACE)
        for step in range(16):
            handoff = page.locator("#handoff:not([hidden]) [data-action=handoff]")
            actions = page.locator("#board [data-action]")
            if is_over(page) or handoff.count() or not actions.count():
                break
            touch_or_click(page, actions.nth(step * 7 % actions.count()), touch=True)
            wait_for_humans(page)
            if is_over(page):
                break  # the result screen opens above the board
            assert page.evaluate(PLACE) == start, f"the board moved at press {step + 1}"
        assert step > 4
    finally:
        ctx.close()


def bat_masterson_acts(page, touch: bool) -> None:
    """Play the initiative card, then pick Bat Masterson (the Dodge City Draw, seed 3)."""
    for _ in range(400):
        if page.locator("#board [aria-label^='Pick Bat Masterson']").count():
            break
        card = page.locator("#board [aria-label^='Play the ']")
        if card.count():
            touch_or_click(page, card.first, touch)
        else:
            page.wait_for_timeout(50)
    touch_or_click(page, page.locator("#board [aria-label^='Pick Bat Masterson']").first, touch)
    wait_for_humans(page)


def free_point_near(page, centre: list[float]) -> tuple[list[float], float, float]:
    """A table point 1.5″ to 5″ from `centre` (nearest first) whose window point is bare table, clear
    of every control: (the table point, its window x, y)."""
    for dist in (150, 200, 250, 300, 400, 500):
        for degrees in range(0, 360, 30):
            a = math.radians(degrees)
            target = [round(centre[0] + dist * math.cos(a)), round(centre[1] + dist * math.sin(a))]
            x, y = page.evaluate(WINDOW_POINT, target)
            if page.evaluate(FREE_POINT, [x, y]):
                return target, x, y
    raise AssertionError(f"no free point near {centre}")


def bat_is_at(page) -> list[float]:
    return page.evaluate("""() => {
      const part = [...document.querySelectorAll('#board [data-part^="model-"]')]
        .find(p => p.querySelector('[aria-label^="Bat Masterson"]'));
      const c = part.querySelector('circle[r="50"]');
      return [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
    }""")


def test_the_table_zooms_by_its_buttons_and_the_wheel_and_a_press_lands_on_the_point_under_it(browser, base_url):
    ctx = browser.new_context(**DESKTOP)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
        close_guide(page)
        bat_masterson_acts(page, touch=False)
        whole = page.evaluate(SCALE)
        page.locator("[data-zoom-by=in]").click()
        assert page.evaluate(SCALE) == pytest.approx(whole * 1.6, rel=1e-3)
        # the wheel zooms about the pointer: the table point under it stays under it
        bat = bat_is_at(page)
        x, y = page.evaluate(WINDOW_POINT, bat)
        page.mouse.move(x, y)
        page.mouse.wheel(0, -200)
        page.wait_for_function(f"() => document.querySelector('#board [data-frame=\"table\"]').getScreenCTM().a > {whole * 1.7}")
        after = page.evaluate(TABLE_POINT, [x, y])
        assert math.dist(after, bat) < 2
        zoomed = page.evaluate(SCALE)
        assert len(page.evaluate(VIEWS)) == 1
        # a press on the zoomed table is the table point under it: a bare point near Bat (his Move
        # is ready once he is picked)
        target, x, y = free_point_near(page, bat)
        page.mouse.click(x, y)
        wait_for_humans(page)
        assert math.dist(bat_is_at(page), target) < 3
        # the view survives the redraw of the parts the move changed
        assert page.evaluate(SCALE) == pytest.approx(zoomed, rel=1e-3)
        assert len(page.evaluate(VIEWS)) == 1
        page.locator("[data-zoom-by=out]").click()
        assert page.evaluate(SCALE) == pytest.approx(zoomed / 1.6, rel=1e-3)
        page.locator("[data-zoom-by=fit]").click()
        assert page.evaluate(SCALE) == pytest.approx(whole, rel=1e-3)
        # the buttons answer the keyboard too
        page.locator("[data-zoom-by=in]").focus()
        page.keyboard.press("Enter")
        assert page.evaluate(SCALE) == pytest.approx(whole * 1.6, rel=1e-3)
        page.locator("[data-zoom-by=fit]").focus()
        page.keyboard.press(" ")
        assert page.evaluate(SCALE) == pytest.approx(whole, rel=1e-3)
    finally:
        ctx.close()


def test_two_fingers_zoom_the_table_on_a_phone_and_a_tap_lands_on_the_point_under_it(browser, base_url):
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
        close_guide(page)
        bat_masterson_acts(page, touch=True)
        page.evaluate("window.scrollTo(0, 0)")
        whole = page.evaluate(SCALE)
        before = page.evaluate(PLACE)
        bat = bat_is_at(page)
        cx, cy = page.evaluate(WINDOW_POINT, bat)
        # a pinch: two fingers either side of Bat move apart, from 40 px to 120 px
        cdp = ctx.new_cdp_session(page)

        def fingers(kind: str, gap: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": cx - gap / 2, "y": cy, "id": 1}, {"x": cx + gap / 2, "y": cy, "id": 2}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        fingers("touchStart", 40)
        for gap in range(50, 130, 10):
            fingers("touchMove", gap)
        fingers("touchEnd", 0)
        zoomed = page.evaluate(SCALE)
        assert zoomed == pytest.approx(whole * 3, rel=0.05)
        assert math.dist(page.evaluate(TABLE_POINT, [cx, cy]), bat) < 4  # the pinch's midpoint stays put
        assert page.evaluate(PLACE)["board"] == before["board"]  # the page itself neither zoomed nor scrolled
        # a tap on the zoomed table lands on the point under the finger: a point within 2.5" of Bat
        # with no suggested move near the finger (his Move is ready once he is picked)
        page.evaluate("window.scrollTo(0, 0)")
        target, x, y = free_point_near(page, bat)
        page.touchscreen.tap(x, y)  # a finger's tap shows the ghost there, with "Move here"
        confirm = page.locator("#board [data-part='ghost'] [data-action='confirm-point']")
        confirm.wait_for()
        box = confirm.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait_for_humans(page)
        assert math.dist(bat_is_at(page), target) < 4
        assert page.evaluate(SCALE) == pytest.approx(zoomed, rel=1e-3)
    finally:
        ctx.close()


def a_citizen_to_place() -> str:
    """A Dodge City Draw link at the moment the human's posse must place a citizen who joined it
    (played out in CPython: the human shoots whenever it can, so a citizen soon joins)."""
    from tabletown import games
    from tabletown.engine.codec import encode_link
    from tabletown.engine.prng import Rng, seed_state
    from tabletown.engine.session import Session, new_record

    game = games.load("ruthless")
    options = game.SPEC.normalize(2, {"scenario": "dodge-city"})
    for seed in range(1, 60):
        seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]
        session = Session(game, new_record(game, seats, options, seed))
        chooser = Rng(seed_state(seed))
        for _ in range(400):
            if not session.active():
                break
            seat = session.active()[0]
            pending = session.state.get("pending")
            if seat == 0 and pending and pending.get("kind") == "place":
                return encode_link(session.record)
            if session.is_bot(seat):
                session.bot_move(seat)
                continue
            legal = session.rules.legal(session.state, seat)
            shots = [a for a in legal if a["type"] in ("shoot", "fanfire")] or legal
            session.apply(seat, shots[chooser.below(len(shots))])
    raise AssertionError("no game brought a citizen to the human's posse")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_refused_point_is_explained_beside_the_pointer_and_moves_nothing(browser, base_url, device):
    """A citizen may only be placed in his posse's area: a press elsewhere is refused, and the
    reason is told beside the press, over the page, with the board where it was."""
    ctx = browser.new_context(**(DESKTOP if device == "desktop" else PHONE))
    try:
        page = ctx.new_page()
        open_page(page, base_url, a_citizen_to_place())
        wait_for_humans(page)
        close_guide(page)
        page.evaluate("window.scrollTo(0, 0)")
        start = page.evaluate(PLACE)
        arm = page.locator("[data-param]").first
        assert "Place" in (arm.get_attribute("aria-label") or arm.text_content())
        touch_or_click(page, arm, device == "phone")
        page.evaluate("window.scrollTo(0, 0)")
        x, y = page.evaluate(WINDOW_POINT, [1800, 1300])  # mid-table: no posse's area
        if device == "phone":
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        alert = page.locator("#alerts [role=alert]")
        alert.wait_for()
        assert "not allowed" in alert.inner_text()
        near = alert.bounding_box()
        assert min(abs(near["y"] - y), abs(near["y"] + near["height"] - y)) < 40  # just under (or over) the press
        assert near["x"] - 10 <= x <= near["x"] + near["width"] + 10 or abs(near["x"] - x) < 200
        assert page.evaluate(PLACE) == start, "the refusal moved the board"
        assert page.locator("[data-param]").count()  # still asked where to place him
    finally:
        ctx.close()
