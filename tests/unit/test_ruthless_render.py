"""The Ruthless board, as a player reads it."""

from __future__ import annotations

import re

from tabletown.games.ruthless import game
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, put


def draw(st, seat, **ui):
    view = RULES.view(st, seat)
    legal = RULES.legal(st, seat)
    base = {"viewer": seat, "legal": legal, "params": RULES.params(st, seat), "armed": None, "cursor": None,
            "names": ["Ann & Al", "Bob"]}  # as typed: the board escapes them
    base.update(ui)
    return game.render(view, base), legal


def street():
    st = acting(arena(hands=[[card(10, 3), card(3, 0)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, "billy-claiborne", 1, [1700, 1000])
    st["selected"] = a["id"]
    return st, a, e


def test_every_legal_action_is_a_named_control():
    st, a, e = street()
    svg, legal = draw(st, 0)
    found = {int(i) for i in re.findall(r'data-action="(\d+)"', svg)}
    assert found == set(range(len(legal)))


def test_the_table_is_a_frame_in_hundredths_of_an_inch_with_a_ruler():
    st, a, e = street()
    svg, _ = draw(st, 0)
    assert 'data-frame="table"' in svg
    assert ">6″<" in svg and ">12″<" in svg


def test_the_reachable_area_and_the_range_bands_of_the_acting_character():
    st, a, e = street()
    svg, _ = draw(st, 0)
    assert 'r="600"' in svg and 'r="300"' in svg  # 6" open, 3" rough
    assert 'r="800"' in svg and 'r="1200"' in svg  # revolver short and long
    assert "move 6″ open, 3″ through rough" in svg
    assert "Revolver short 8″" in svg


def test_the_number_needed_is_shown_before_the_shot():
    st, a, e = street()
    svg, _ = draw(st, 0)
    assert re.search(r">Billy Claiborne<tspan[^>]*> 6\+</tspan>", svg)  # after the target's name
    assert "Shoot at Billy Claiborne: Revolver, short range 7″, needs 6+" in svg


def test_the_path_under_the_cursor_says_how_far_and_what_it_crosses():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1500])
    st["selected"] = a["id"]
    # a drive as params words it: 6″ on the open road, 3″ if the path touches rough ground
    drive = {"kind": "point", "action": {"type": "drive", "model": a["id"]}, "param": "to", "frame": "table",
             "label": "Drive the stagecoach", "what": "drive", "model": a["id"], "origin": [1000, 1500],
             "reach": 600, "rough": 300}
    for cursor, words in (([1000, 1750], "2.5″ of 3″, rough ground"), ([1000, 1900], "4″ of 3″, rough ground")):
        preview = RULES.preview(RULES.view(st, 0), 0, drive, cursor)  # as the page asks the rules
        svg, _ = draw(st, 0, params=[drive], armed=0, cursor=cursor, preview=preview)
        assert words in svg


def test_models_show_their_state():
    st, a, e = street()
    e["lily"] = True
    e["covering"] = True
    svg, _ = draw(st, 0)
    assert ">LL<" in svg and "stroke-dasharray=\"22 14\"" in svg
    e["status"] = M.DOWN
    svg, _ = draw(st, 0)
    assert "out cold" in svg


def test_the_hand_is_shown_only_to_its_owner():
    st, a, e = street()
    mine, _ = draw(st, 0)
    theirs, _ = draw(st, 1)
    assert "10♠" in mine and "10♠" not in theirs


def test_player_names_are_escaped_once():
    st, a, e = street()
    svg, _ = draw(st, 0)
    assert "Ann &amp; Al" in svg and "&amp;amp;" not in svg and "Ann & Al" not in svg


def test_the_territory_map_before_an_act():
    st = RULES.setup(1, 2, SPEC.normalize(2, {"scenario": "campaign"}))
    svg, legal = draw(st, 0)
    assert "Tombstone" in svg and "The border" in svg
    assert {int(i) for i in re.findall(r'data-action="(\d+)"', svg)} == set(range(len(legal)))


def test_the_posse_editor():
    st = RULES.setup(1, 2, SPEC.normalize(2, {"scenario": "gunfight", "posse1": "build"}))
    st, _ = RULES.apply(st, 0, {"type": "add"})
    svg, legal = draw(st, 0)
    assert "The posse editor" in svg and "Toughness (3 veteran … 8 nervous)" in svg
    assert {int(i) for i in re.findall(r'data-action="(\d+)"', svg)} == set(range(len(legal)))


def _name_boxes(svg, names):
    """(name, left, right, baseline) of each model's name label on the table (bold 0.62″ text)."""
    out = []
    for x, y, text in re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)" font-size="62"[^>]*>([^<]+)</text>', svg):
        if text in names:
            half = len(text) * 36 / 2
            out.append((text, float(x) - half, float(x) + half, float(y)))
    return out


def test_names_of_models_standing_close_together_do_not_run_into_each_other():
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    names = {"Charlie Ronan", "Neal Brown", "Bat Masterson", "Jim Masterson", "Ronan", "Brown", "Bat", "Jim"}
    for i, who in enumerate(("charlie-ronan", "neal-brown", "bat-masterson", "jim-masterson")):
        put(st, who, 0, [1000 + 300 * i, 2000])  # 3″ apart: full names would overlap
    svg, _ = draw(st, 0)
    boxes = _name_boxes(svg, names)
    assert len(boxes) == 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            same_line = abs(a[3] - b[3]) < 62
            assert not (same_line and a[1] < b[2] and b[1] < a[2]), (a, b)
    assert len({b[0] for b in boxes}) == 4  # shortened names still tell Bat and Jim Masterson apart


def test_a_name_is_not_written_over_another_models_base():
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    spots = {"ike-clanton": [1000, 2000], "billy-clanton": [1000, 2160], "frank-mclaury": [1160, 2000],
             "tom-mclaury": [1160, 2160], "johnny-ringo": [1080, 1840]}  # a posse bunched 1.6″ apart
    for who, at in spots.items():
        put(st, who, 1, at)
    svg, _ = draw(st, 0)
    names = {"Ike Clanton", "Billy Clanton", "Frank McLaury", "Tom McLaury", "Johnny Ringo",
             "Clanton", "McLaury", "Ringo", "Ike", "Billy", "Frank", "Tom", "Johnny"}
    boxes = _name_boxes(svg, names)
    assert len(boxes) == 5
    for text, left, right, baseline in boxes:
        for x, y in spots.values():  # a base is 1″ across (radius 0.5″); a name stands 0.62″ tall
            covers = left < x + 50 and x - 50 < right and baseline - 50 < y + 50 and y - 50 < baseline
            assert not covers, (text, (x, y))


def test_on_a_phone_the_panel_goes_under_the_table_at_its_full_size():
    st, a, e = street()
    wide, legal = draw(st, 0)
    svg, same = draw(st, 0, narrow=True)
    assert same == legal
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert width < 450 < height  # a tall, narrow board
    # the table fills the width: its frame's scale fits the whole table inside the board
    scale = float(re.search(r'data-frame="table"[^>]*transform="translate\(10 10\) scale\(([\d.]+)\)"', svg).group(1))
    assert 10 + 3600 * scale <= width and 3600 * scale > 0.9 * (width - 20)
    # the panel's words keep their size, and every legal action is still a control
    assert 'font-size="15"' in svg and 'font-size="14"' in svg
    assert {int(i) for i in re.findall(r'data-action="(\d+)"', svg)} == set(range(len(legal)))
    assert "Morgan Earp" in svg


# --- play on the table: the Move under the pointer and the actions beside the model ------------------
def _part(svg, key):
    return dict(svg.parts)[key]


def _words(svg_part):
    """The words a player reads in a part (its text elements' contents)."""
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg_part))


def moving(at, cursor, pointer="mouse", **fields):
    """Morgan Earp picked, his Move armed and the pointer at `cursor`, drawn as the page draws it."""
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, at, **fields)
    st["selected"] = a["id"]
    [kind] = RULES.params(st, 0)
    preview = RULES.preview(RULES.view(st, 0), 0, kind, cursor)
    svg, legal = draw(st, 0, armed=0, cursor=cursor, preview=preview, pointer=pointer)
    return svg, st


def test_the_ghost_says_in_inches_how_far_what_is_left_and_the_rough_ground_crossed():
    svg, st = moving([1000, 1500], [1000, 1750])  # 2.5″ south, into the scrub
    words = _words(_part(svg, "ghost"))
    assert "2.5″ of 3″ · 0.5″ left" in words
    assert "Rough ground (scrub): 3″ at most" in words and "Click to move here" in words
    assert not re.search(r"\d{3,}", words)  # inches, never hundredths
    assert 'cx="1000" cy="1750" r="50"' in _part(svg, "ghost")  # the ghost base where he would stand


def test_a_point_out_of_reach_shows_where_he_stops_and_why():
    svg, st = moving([1000, 1500], [1000, 1900])
    words = _words(_part(svg, "ghost"))
    assert "3″ of 3″ · 0″ left" in words and "Stops here: rough ground from the scrub: 3″" in words
    assert 'cx="1000" cy="1800" r="50"' in _part(svg, "ghost")
    svg, st = moving([1000, 1000], [1000, 300])
    assert "Stops here: the Bank is in the way" in _words(_part(svg, "ghost"))
    svg, st = moving([1000, 1000], [2000, 1000])
    assert "Stops here: 6″ on foot is all he moves" in _words(_part(svg, "ghost"))


def test_a_finger_gets_a_move_here_button_at_the_ghost():
    svg, st = moving([1000, 1500], [1000, 1750], pointer="touch")
    ghost = _part(svg, "ghost")
    assert re.search(r'data-action="confirm-point" role="button" tabindex="0" aria-label="Move Morgan Earp here \(2.5″\)"', ghost)
    assert ">Move here<" in ghost and "Click to move here" not in _words(ghost)


def test_a_leg_wound_reminds_that_this_is_his_one_move():
    svg, st = moving([1000, 1000], [1300, 1000], wounds={"leg": 1, "arm": 0, "chest": 0, "severe": 0})
    assert "Leg wound: his one Move this turn" in _words(_part(svg, "ghost"))


def test_the_ghost_part_is_drawn_alone_as_the_whole_board_draws_it():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1500])
    st["selected"] = a["id"]
    [kind] = RULES.params(st, 0)
    view = RULES.view(st, 0)
    for narrow in (False, True):
        ui = {"viewer": 0, "legal": RULES.legal(st, 0), "params": [kind], "armed": 0, "cursor": [1200, 1700],
              "names": ["Ann", "Bob"], "narrow": narrow, "pointer": "mouse",
              "preview": RULES.preview(view, 0, kind, [1200, 1700])}
        assert game.render_part(view, ui, "ghost") == _part(game.render(view, ui), "ghost")
    assert game.render_part(view, ui, "panel") is None


def test_nothing_is_under_the_pointer_until_it_is_on_the_table():
    st, a, e = street()
    svg, legal = draw(st, 0, armed=0, cursor=None)
    assert _part(svg, "ghost") == '<g data-part="ghost"></g>'


def test_the_picked_models_actions_stand_beside_him_with_the_number_to_hit():
    st, a, e = street()
    svg, legal = draw(st, 0)
    beside = _part(svg, "at-model")
    controls = dict(re.findall(r'data-action="(\d+)"[^>]*aria-label="([^"]*)"', beside))
    kinds = {legal[int(i)]["type"] for i in controls}
    assert {"shoot", "aim", "cover"} <= kinds
    words = _words(beside)
    assert "Shoot Billy Claiborne · 6+" in words and "Aim" in words and "Got You Covered!" in words
    assert 'data-param="0"' in beside and "Move · 6″" in words  # his Move, armed from here too
    # the side list still has every action, for the keyboard and screen readers
    panel = _part(svg, "panel-actions")
    assert all(f'data-action="{i}"' in panel for i in controls)


def test_pressing_an_enemy_first_shows_the_shot_then_fires():
    st, a, e = street()
    svg, legal = draw(st, 0)
    shot = next(i for i, x in enumerate(legal) if x["type"] == "shoot" and x["target"] == e["id"])
    enemy = _part(svg, f"model-{e['id']}")
    assert f'data-action="{shot}"' in enemy and 'data-confirm="shot"' in enemy  # the first press only shows it
    svg, legal = draw(st, 0, confirm=shot)
    callout = _part(svg, "at-model")
    words = _words(callout)
    assert "Shoot at Billy Claiborne" in words and "Revolver · short range 7″ · no cover" in words
    assert "Needs 6+ on a d10" in words
    fire = re.search(rf'<g data-action="{shot}" role="button" tabindex="0" aria-label="[^"]*" class="act">(.*?)</g>', callout)
    assert fire and ">Shoot Claiborne · 6+<" in fire.group(1)  # the callout's own button fires at once
    assert 'data-action="cancel-shot"' in callout
    # a revolver at short range may fan its rounds: each a button naming the target
    fans = [i for i, x in enumerate(legal) if x["type"] == "fanfire" and x["target"] == e["id"]]
    assert fans and all(f'data-action="{i}"' in callout for i in fans)
    assert "Fan 2 at Claiborne" in words and "Fanfire: up to 6 rounds, each hits on a 10" in words


# --- the picked model's actions on a phone: in a dock under the table, a finger's height ----------
PHONE_PX = 370  # CSS pixels the board is drawn across on a 390 px wide phone (its margins aside)


def _buttons(svg_part):
    """(what it does, its words, x, y, width, height) of every button in a part, in the board's units."""
    found = re.findall(r'<g data-(action|param)="([^"]+)"[^>]*>\s*<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                       r'height="([\d.]+)".*?<text[^>]*>([^<]*)</text>', svg_part)
    return [(f"{kind}:{value}", words, float(x), float(y), float(w), float(h)) for kind, value, x, y, w, h, words in found]


def _zoom_row_foot(svg):
    """The board's y under the zoom buttons (the foot of everything drawn for the table)."""
    zoom = _part(svg, "zoom")
    return max(float(y) + float(h) for y, h in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"', zoom))


def _board_width(svg):
    return float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))


def test_on_a_phone_the_picked_models_actions_stand_under_the_table_a_finger_tall():
    st, a, e = street()
    svg, legal = draw(st, 0, narrow=True)
    dock = _part(svg, "at-model")
    buttons = _buttons(dock)
    words = [w for _, w, *_ in buttons]
    # each names what it does and at whom, the shot with the number it needs
    assert "Move · 6″" in words and "Shoot Claiborne · 6+" in words and "Aim" in words and "Got You Covered!" in words
    assert "Morgan Earp:" in _words(dock)  # the dock is headed with his name
    foot = _zoom_row_foot(svg)
    px = PHONE_PX / _board_width(svg)
    for _, text, _x, y, _w, h in buttons:
        assert y >= foot, f"{text} is drawn over the table"
        assert h * px >= 40, f"{text} is {h * px:.0f} px tall on a phone"
    # a ring marks him on the table itself (in its frame, so it follows the zoom)
    assert re.search(rf'data-frame="table"[^>]*>\s*<circle cx="{a["pos"][0]}" cy="{a["pos"][1]}"', dock)


def test_on_a_wide_screen_the_picked_models_actions_stay_beside_him_on_the_table():
    st, a, e = street()
    svg, legal = draw(st, 0)
    buttons = _buttons(_part(svg, "at-model"))
    assert buttons
    scale = float(re.search(r'data-frame="table"[^>]*transform="translate\(10 10\) scale\(([\d.]+)\)"', svg).group(1))
    mx, my = 10 + a["pos"][0] * scale, 10 + a["pos"][1] * scale
    for _, text, x, y, w, h in buttons:
        assert y + h < _zoom_row_foot(svg) - 46  # on the table, above its zoom buttons
        assert abs(x + w / 2 - mx) < 200 and abs(y + h / 2 - my) < 200, f"{text} is not beside him"


def test_on_a_phone_the_shot_callout_stands_in_the_dock_with_a_finger_tall_shoot_button():
    st, a, e = street()
    svg, legal = draw(st, 0, narrow=True)
    shot = next(i for i, x in enumerate(legal) if x["type"] == "shoot" and x["target"] == e["id"])
    svg, legal = draw(st, 0, narrow=True, confirm=shot)
    dock = _part(svg, "at-model")
    words = _words(dock)
    assert "Shoot at Billy Claiborne" in words and "Needs 6+ on a d10" in words
    px = PHONE_PX / _board_width(svg)
    buttons = {w: (y, h) for _, w, _x, y, _w, h in _buttons(dock)}
    assert "Shoot Claiborne · 6+" in buttons and "Cancel" in buttons
    for text, (y, h) in buttons.items():
        assert y >= _zoom_row_foot(svg) and h * px >= 40, text


def test_on_a_phone_a_tapped_moves_readout_and_move_here_stand_in_the_dock():
    st = acting(arena(), 0)
    a = put(st, "morgan-earp", 0, [1000, 1500])
    st["selected"] = a["id"]
    [kind] = RULES.params(st, 0)
    preview = RULES.preview(RULES.view(st, 0), 0, kind, [1000, 1750])
    svg, _ = draw(st, 0, armed=0, cursor=[1000, 1750], preview=preview, pointer="touch", narrow=True)
    ghost = _part(svg, "ghost")
    assert "2.5″ of 3″ · 0.5″ left" in _words(ghost)
    [(_, text, _x, y, _w, h)] = _buttons(ghost)
    assert text == "Move here" and y >= _zoom_row_foot(svg) and h * PHONE_PX / _board_width(svg) >= 40
    # the ghost base itself is still drawn on the table
    assert 'cx="1000" cy="1750" r="50"' in ghost


def test_the_zoom_buttons_words_stand_just_left_of_them():
    st, a, e = street()
    for narrow in (False, True):
        svg, _ = draw(st, 0, narrow=narrow)
        zoom = _part(svg, "zoom")
        first = min(float(x) for x in re.findall(r'<rect x="([\d.]+)"', zoom))
        words = re.search(r'<text x="([\d.]+)"[^>]*text-anchor="end"[^>]*>(Zoom: wheel, pinch or|Pinch to zoom, or)<', zoom)
        assert words and first - 16 <= float(words.group(1)) < first
