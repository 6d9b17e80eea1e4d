"""Ruthless played through the page, as players would: pressing models, suggested points and
enemies on the table, the cards in the hand, and the same with the keyboard."""

from __future__ import annotations

import json
import math
import re

from .helpers import (
    BOOT_TIMEOUT,
    check_phone_and_axe,
    is_over,
    log_lines,
    open_page,
    reload_and_check,
    share_and_open,
    wait_for_humans,
)

# What a plain player presses, best first (by the control's accessible name).
PREFERENCE = [
    r"^Shoot at ",
    r"^Play the ",
    r"^Fight with the ",
    r"^Do nothing$",
    r"^Wound roll keep",
    r"^Place .* here",
    r"^Get Your Courage Up without a card",
    r"^Move .* (charge!|advance|to cover)",
    r"^Pick .* to act",
    r": Hold \(no more actions",
    r"^End this posse's activation",
    r"^Keep the rest",
    r"^Ready",
    r"^Guess ",
    r"^Ride to ",
]


def controls(page):
    out = []
    for el in page.locator("#board [data-action]").all():
        out.append((el, el.get_attribute("aria-label") or ""))
    return out


def pick(page):
    found = controls(page)
    for pattern in PREFERENCE:
        for el, label in found:
            if re.search(pattern, label):
                return el, label
    return found[0] if found else (None, "")


def press(page, keyboard=False) -> str:
    """Do one thing the page offers; returns what was pressed (or "" while bots think)."""
    handoff = page.locator("#handoff:not([hidden]) [data-action=handoff]")
    if handoff.count():
        handoff.click()
        return "handoff"
    el, label = pick(page)
    if el is None:
        page.wait_for_timeout(40)
        return ""
    if not keyboard:
        try:
            el.click(timeout=4000)
            return label
        except Exception:  # noqa: BLE001 - a marker under another one's name: the keyboard still reaches it
            pass
    el.focus()
    page.keyboard.press("Enter")
    return label


def play_on(page, steps: int, keyboard_every: int = 0) -> list[str]:
    pressed = []
    for i in range(steps):
        if is_over(page):
            break
        label = press(page, keyboard=bool(keyboard_every) and i % keyboard_every == 0)
        if label:
            pressed.append(label)
    return pressed


def test_dodge_city_draw_to_the_end_against_a_bot_by_pointer_and_keyboard(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot:hard&scenario=dodge-city&seed=3")
    assert "Dodge City Draw" in page.locator("#board").inner_text()
    pressed = play_on(page, 6000, keyboard_every=3)
    assert is_over(page)
    assert any(p.startswith("Shoot at ") for p in pressed)
    assert any(p.startswith("Move ") for p in pressed)
    assert any(p.startswith("Play the ") for p in pressed)
    lines = " ".join(log_lines(page))
    assert "shoots at" in lines and "moves" in lines and "Initiative:" in lines
    assert "Victory points" in page.locator("#results").inner_text()


def test_a_move_to_any_point_by_pointer_and_by_keyboard(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
    # play the initiative card, then pick Bat Masterson
    pick_bat(page)
    page.locator("[data-param]").first.click()
    frame = page.locator("#board [data-frame='table']").first
    box = frame.bounding_box()
    # the frame's units are hundredths of an inch: press 2" east of Bat (1500, 2040) -> (1700, 2040)
    page.mouse.click(box["x"] + box["width"] * 1700 / 3600, box["y"] + box["height"] * 2040 / 3000)
    wait_for_humans(page)
    assert any("Bat Masterson moves" in line for line in log_lines(page))
    page.locator("button[data-param]").first.focus()
    page.keyboard.press("Enter")
    for _ in range(8):  # ½″ a press
        page.keyboard.press("ArrowLeft")
    assert "4″ of 6″ · 2″ left" in page.locator("#board [data-part='ghost']").text_content()
    page.keyboard.press("Enter")
    wait_for_humans(page)
    assert sum("Bat Masterson moves" in line for line in log_lines(page)) == 2
    assert log_lines(page)[-1].startswith("Bat Masterson moves 4″")


def test_a_reload_mid_gunfight_resumes_where_it_was(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot:hard&scenario=riding-shotgun&seed=5")
    play_on(page, 40)
    reload_and_check(page)


def test_a_share_link_opens_the_gunfight_at_the_same_point(browser, page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=gunfight&table=ranch&seed=8")
    play_on(page, 30)
    share_and_open(browser, page)


def test_a_campaign_act_a_reload_and_the_next_act(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=campaign&seed=4")
    assert "Tombstone" in page.locator("#board").inner_text()
    play_on(page, 30)
    reload_and_check(page)
    play_on(page, 6000)
    assert is_over(page)
    assert "Act 1 at Tombstone" in page.locator("#results").inner_text() or "Act 1" in page.locator("#status").inner_text()
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tabletown:campaign:ruthless:'))")
    assert keys
    data = page.evaluate(f"JSON.parse(localStorage.getItem({json.dumps(keys[0])}))")["data"]
    assert data["campaign"]["act"] == 2 and data["campaign"]["history"][0]["at"] == "tombstone"
    # the next act, in a new page load: the Cowboys ride on, the Earp player guesses
    page.goto(base_url + "?botpause=20#new/ruthless?seats=human,bot&scenario=campaign&seed=5")
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
    play_on(page, 3)
    assert "rides one space toward the border" in page.locator("#log").inner_text()


def test_the_posse_editor_builds_a_posse_for_a_free_gunfight(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=gunfight&posse1=build&seed=2")
    assert "The posse editor" in page.locator("#board").inner_text()
    for _ in range(2):
        page.locator("#board [aria-label^='Add a blank character card']").click()
        wait_for_humans(page)
        page.locator("#board [aria-label^='Give Gunfighter']").click()
        wait_for_humans(page)
    page.locator("#board [aria-label^='Toughness 3']").click()
    wait_for_humans(page)
    page.locator("#board [aria-label^='The posse is ready']").click()
    wait_for_humans(page)
    assert "Turn 1 of 10" in page.locator("#board").inner_text()


def test_hot_seat_keeps_each_hand_and_face_down_card_secret(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,human&names=Ann,Bob&scenario=dodge-city&seed=6")
    page.locator("#handoff:not([hidden]) [data-action=handoff]").click()
    cards = page.locator("#board [aria-label^='Play the ']")
    first_hand = [c.split(". ")[0] for c in cards.evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")]
    assert len(first_hand) == 5
    cards.first.click()
    # Bob must be handed the device: behind the screen, nobody's hand is drawn
    page.wait_for_selector("#handoff:not([hidden])")
    board = page.locator("#board").inner_html()
    assert not any(label in board for label in first_hand)
    page.locator("#handoff:not([hidden]) [data-action=handoff]").click()
    second = page.locator("#board [aria-label^='Play the ']").evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")
    assert not set(c.split(". ")[0] for c in second) & set(first_hand)
    assert "face down" in page.locator("#board").inner_text()  # Ann's card lies face down


def test_ruthless_is_accessible_and_fits_a_phone(browser, base_url):
    check_phone_and_axe(browser, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=8")


# --- play on the table itself: a model pressed, a point pointed at, an enemy pressed ---------------
BAT = (1500, 2040)  # where Bat Masterson stands at the start of Dodge City Draw (hundredths of an inch)


def pick_bat(page, tap=None):
    """Play the initiative card, then press Bat Masterson's base on the table."""
    for _ in range(400):
        if page.locator("#board [aria-label^='Pick Bat Masterson']").count():
            break
        card = page.locator("#board [aria-label^='Play the ']")
        if card.count():
            card.first.click()
        else:
            page.wait_for_timeout(50)
    base = page.locator("#board [data-part^='model-'] [aria-label^='Pick Bat Masterson']")
    (tap or (lambda el: el.click()))(base)
    wait_for_humans(page)


# The window's point of a point on the table (in hundredths of an inch), through the table's own
# frame, whatever its zoom.
TABLE_TO_WINDOW = """([x, y]) => {
  const f = document.querySelector('#board [data-frame="table"]');
  const p = f.ownerSVGElement.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(f.getScreenCTM()); return [q.x, q.y];
}"""


def clear_point(page) -> tuple[float, float]:
    """A point of the bare table 2″ to 9″ from Bat (nearest first), under no control and not
    beside one: in screen pixels (the page scrolled to its top, where the table is in full)."""
    page.evaluate("window.scrollTo(0, 0)")
    for dist in (250, 200, 350, 450, 550, 700, 900):
        for degrees in range(-90, 271, 15):
            a = math.radians(degrees)
            tx, ty = BAT[0] + dist * math.cos(a), BAT[1] + dist * math.sin(a)
            x, y = page.evaluate(TABLE_TO_WINDOW, [tx, ty])
            # clear for a finger's width around it too: a tap lands on a control near enough to it
            free = page.evaluate("""([x, y]) => [[0, 0], [-24, 0], [24, 0], [0, -24], [0, 24],
                                                  [-17, -17], [17, -17], [-17, 17], [17, 17]].every(([dx, dy]) => {
                const el = document.elementFromPoint(x + dx, y + dy);
                return !!el && !el.closest("[data-action], [data-param]") && !!el.closest("#board [data-frame]");
            })""", [x, y])
            if free:
                return x, y
    raise AssertionError("no bare table around Bat Masterson")


READOUT = re.compile(r"(\d+(?:\.\d)?″) of (\d+)″ · \d+(?:\.\d)?″ left")


def ghost_readout(page) -> str:
    ghost = page.locator("#board [data-part='ghost']")
    ghost.filter(has_text=READOUT).wait_for()
    return ghost.text_content()


def shoot_an_enemy(page, tap=None):
    """Press an enemy: the board shows the shot (weapon, range, cover, number needed) and fires on
    the callout's Shoot button."""
    press = tap or (lambda el: el.click())
    enemy = page.locator("#board [data-part^='model-'] [data-confirm][aria-label^='Shoot at ']").first
    press(enemy)
    callout = page.locator("#board [data-part='at-model']")
    callout.filter(has_text="Needs").wait_for()
    words = callout.text_content()
    assert re.search(r"(short|long) range \d+(\.\d)?″", words) and re.search(r"Needs \d+\+ on a d10", words)
    assert not any(log.count("shoots at") for log in log_lines(page))  # nothing fired yet
    press(callout.locator("[data-action]:not([data-confirm])", has_text=re.compile(r"^Shoot [A-Za-z]+ · \d+\+$")).first)
    wait_for_humans(page)
    assert any("Bat Masterson shoots at" in line for line in log_lines(page))


def test_a_turn_played_on_the_table_with_the_mouse(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
    pick_bat(page)
    # his actions stand beside him, the shot with the number it needs
    beside = page.locator("#board [data-part='at-model']").text_content()
    assert "Move · 6″" in beside and re.search(r"Shoot [A-Z][a-z]+ [A-Za-z]+ · \d+\+", beside) and "Aim" in beside
    x, y = clear_point(page)
    page.mouse.move(x, y)
    readout = ghost_readout(page)
    moved = READOUT.search(readout).group(1)
    assert not re.search(r"\d{3,}", readout)  # inches, never hundredths
    page.mouse.click(x, y)
    wait_for_humans(page)
    assert any(line.startswith(f"Bat Masterson moves {moved}") for line in log_lines(page))
    shoot_an_enemy(page)


def test_a_turn_played_on_the_table_by_touch_on_a_phone(browser, base_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = ctx.new_page()

        def tap(el):
            box = el.bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
        pick_bat(page, tap)
        x, y = clear_point(page)
        page.touchscreen.tap(x, y)  # a finger has no hover: the tap places the ghost, and nothing moves yet
        readout = ghost_readout(page)
        assert "Move here" in readout and not any("Bat Masterson moves" in line for line in log_lines(page))
        # a drag from the ghost moves it (a finger's own touch events, as Chromium receives them)
        grip = page.locator("#board [data-ghost]").bounding_box()
        gx, gy = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
        touch = ctx.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": gx, "y": gy}]})
        for step in range(1, 9):
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": gx - 3 * step, "y": gy + 2 * step}]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function("""(before) => {
            const ghost = document.querySelector("#board [data-part='ghost']");
            return ghost && ghost.textContent !== before && ghost.textContent.includes("Move here");
        }""", arg=readout)
        readout = ghost_readout(page)
        moved = READOUT.search(readout).group(1)
        assert not any("Bat Masterson moves" in line for line in log_lines(page))
        tap(page.locator("#board [data-part='ghost'] [data-action='confirm-point']"))
        wait_for_humans(page)
        assert any(line.startswith(f"Bat Masterson moves {moved}") for line in log_lines(page))
        shoot_an_enemy(page, tap)
    finally:
        ctx.close()


def test_a_move_by_keyboard_from_the_button_beside_the_model(page, base_url):
    open_page(page, base_url, "#new/ruthless?seats=human,bot&scenario=dodge-city&seed=3")
    pick_bat(page)
    page.locator("#board [data-part='at-model'] [data-param]").focus()
    page.keyboard.press("Enter")  # the table takes the keys: the ghost starts on him
    assert "Move up to 6″" in page.locator("#board [data-part='ghost']").text_content()
    for _ in range(4):
        page.keyboard.press("Shift+ArrowRight")  # 1″ a press
    assert "4″ of 6″ · 2″ left" in page.locator("#board [data-part='ghost']").text_content()
    page.keyboard.press("Escape")  # cancelled: nothing moves, the ghost goes
    assert page.locator("#board [data-part='ghost']").text_content() == ""
    page.locator("#board [data-part='at-model'] [data-param]").focus()
    page.keyboard.press("Enter")
    for _ in range(4):
        page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Enter")
    wait_for_humans(page)
    assert log_lines(page)[-1] == "Bat Masterson moves 4″."
