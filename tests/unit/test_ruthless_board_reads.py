"""The Ruthless board as a new player reads it, on a desktop and on a phone: one name per model,
clear of the others; a model's state marked on the table and said in its name; a trait's whole
text; and buttons that say what they do and to whom."""

from __future__ import annotations

import html
import random
import re

import pytest

from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.draw_style import PANEL_W, PANEL_X
from tabletown.games.ruthless.phrases import TRAIT_TEXT

from .test_ruthless_combat import brawl
from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, dice, play, put
from .test_ruthless_render import draw
from .test_ruthless_scenarios import dodge, fire, shooter_ready

C, H = 0, 2  # suits, as the combat tests number them
NAMES = {
    "charlie-ronan": "Charlie Ronan", "neal-brown": "Neal Brown", "bat-masterson": "Bat Masterson",
    "jim-masterson": "Jim Masterson", "ike-clanton": "Ike Clanton", "billy-clanton": "Billy Clanton",
    "frank-mclaury": "Frank McLaury", "tom-mclaury": "Tom McLaury", "johnny-ringo": "Johnny Ringo",
    "wyatt-earp": "Wyatt Earp",
}
LABEL = re.compile(r'<text x="([\d.-]+)" y="([\d.-]+)" font-size="(62|100)" text-anchor="middle" font-weight="bold"[^>]*>(.+?)</text>')


def name_labels(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each model name on the table as (text, left, top, right, bottom), from its size and length
    (a bold character is a little over half the font size wide)."""
    out = []
    for x, y, size, text in LABEL.findall(svg):
        x, y, size = float(x), float(y), float(size)
        text = re.sub(r"<[^>]+>", "", text)  # a target's label ends with what the shot needs
        half = len(html.unescape(text)) * size * 0.55 / 2
        out.append((html.unescape(text), x - half, y - size * 0.75, x + half, y))
    return out


def crowd(seed: int, count: int, spread: int) -> tuple[dict, dict[int, list[int]]]:
    """`count` models of both posses stood at random within a `spread` square (hundredths of an inch)."""
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    rng = random.Random(seed)
    spots: dict[int, list[int]] = {}
    for i, who in enumerate(list(NAMES)[:count]):
        while True:  # bases do not overlap on a real table: 1.1″ apart at least
            at = [1200 + rng.randrange(spread), 1200 + rng.randrange(spread)]
            if all((at[0] - o[0]) ** 2 + (at[1] - o[1]) ** 2 >= 110 ** 2 for o in spots.values()):
                break
        m = put(st, who, i % 2, at, facing=rng.randrange(0, 360, 45))
        spots[m["id"]] = at
    return st, spots


def overlap(a, b) -> bool:
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("seed", range(12))
def test_in_a_crowd_every_model_has_one_name_and_no_two_names_overlap(seed, narrow):
    st, spots = crowd(seed, 8, 900)  # eight men within 9″
    svg, _ = draw(st, 0, narrow=narrow)
    labels = name_labels(svg)
    assert len(labels) == len(spots)  # one name per model
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not overlap(a, b), (a, b)


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_a_name_stays_off_the_other_bases_in_a_bunched_posse(narrow):
    st, spots = crowd(3, 6, 500)  # six men within 5″
    svg, _ = draw(st, 0, narrow=narrow)
    for text, left, top, right, bottom in name_labels(svg):
        for x, y in spots.values():
            on_base = left < x + 45 and x - 45 < right and top < y + 45 and y - 45 < bottom
            if on_base:  # his own base is the only one a name may touch
                mine = [n for n in NAMES.values() if text in n.split(" ")]
                assert mine, (text, (x, y))


def test_on_a_phone_names_are_shorter_and_larger():
    st, spots = crowd(1, 4, 1500)
    wide = name_labels(draw(st, 0)[0])
    phone = name_labels(draw(st, 0, narrow=True)[0])
    assert all(" " not in text for text, *_ in phone)  # a surname (or the first name that tells two apart)
    assert min(b[4] - b[2] for b in phone) > max(b[4] - b[2] for b in wide)


def model_part(svg: str, model_id: int) -> str:
    start = svg.index(f'<g data-part="model-{model_id}">')
    return svg[start:svg.index('<g data-part="', start + 10)]


def test_wounds_lily_livered_unconscious_and_covering_are_marked_on_the_model_and_in_its_name():
    # "Failure marks a Lily Livered token"; "Unconscious models are tipped over"; "Got You Covered! is
    # an action that places a marker"; "The character card has wound boxes per location"
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    shaken = put(st, "ike-clanton", 1, [1000, 1000], lily=True)
    hurt = put(st, "billy-clanton", 1, [1800, 1000])
    hurt["wounds"]["leg"] = 1
    hurt["wounds"]["arm"] = 1
    cold = put(st, "frank-mclaury", 1, [1000, 2000], status=M.DOWN)
    watching = put(st, "tom-mclaury", 1, [2600, 2000], covering=True)
    put(st, "wyatt-earp", 0, [2600, 1000])
    svg, _ = draw(st, 0)
    part = model_part(svg, shaken["id"])
    assert ">LL<" in part and "Lily Livered" in part
    part = model_part(svg, hurt["id"])
    assert re.search(r'fill="#a3201a"[^>]*/><text[^>]*>2</text>', part)  # a red mark: two wounds
    assert "wounds: Leg 1, Arm 1" in part
    part = model_part(svg, cold["id"])
    assert "<ellipse" in part and ">out cold<" in part and "Unconscious" in part
    part = model_part(svg, watching["id"])
    assert 'stroke-dasharray="22 14"' in part and "Got You Covered!" in part
    steady = model_part(svg, shaken["id"] + 4)
    assert ">LL<" not in steady and "wounds" not in steady and "steady" in steady


def test_a_target_offered_to_shoot_at_says_his_state_too():
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, "billy-clanton", 1, [1600, 1000], lily=True)
    st["selected"] = a["id"]
    part = model_part(draw(st, 0)[0], e["id"])
    assert re.search(r'aria-label="Shoot at Billy Clanton[^"]*Lily Livered', part)


def card_text_of(svg: str) -> str:
    """The character card's words as read: its lines joined."""
    start = svg.index('data-topic="card:character"')
    end = svg.index("</g>", start)
    return " ".join(html.unescape(t) for t in re.findall(r">([^<>]+)<", svg[start:end]))


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_a_trait_is_never_cut_short(narrow):
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    bat = put(st, "bat-masterson", 0, [1000, 1000])  # Gunfighter and Cool Hand
    st["selected"] = bat["id"]
    text = card_text_of(draw(st, 0, narrow=narrow)[0])
    assert "…" not in text
    for trait in ("gunfighter", "cool-hand"):
        assert " ".join(TRAIT_TEXT[trait].split()) in " ".join(text.split())


def controls(svg: str) -> list[tuple[str, str]]:
    """(aria-label, visible text) of every action control."""
    out = []
    for match in re.finditer(r'<g data-action="\d+" role="button" tabindex="0" aria-label="([^"]*)"[^>]*>', svg):
        depth, at = 1, match.end()
        while depth:  # the control's own group, to its end
            nxt = re.compile(r"<g[ >]|</g>").search(svg, at)
            depth += 1 if nxt.group(0) != "</g>" else -1
            at = nxt.end()
        body = svg[match.end():at]
        seen = " ".join(html.unescape(t) for t in re.findall(r">([^<>]+)<", body))
        out.append((html.unescape(match.group(1)), " ".join(seen.split())))
    return out


def panel_controls(svg: str) -> list[str]:
    """The visible text of every button in the panel (the parts named panel-…)."""
    panel = svg[svg.index('<g data-part="panel-actions">'):]
    return [seen for _, seen in controls(panel)]


def test_each_button_names_its_action_and_its_target():
    st = acting(arena(hands=[[card(10, 3), card(3, 0)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "billy-claiborne", 1, [1600, 1000])
    st["selected"] = a["id"]
    seen = panel_controls(draw(st, 0)[0])
    assert "Shoot Billy Claiborne · Revolver · 6+" in seen
    assert "Fanfire 3 at Billy Claiborne" in seen
    assert "Morgan Earp aims" in seen and "Morgan Earp: Got You Covered!" in seen
    assert any(text.startswith("Move Morgan Earp ") for text in seen)
    assert "Hold Morgan Earp" in seen
    # nothing in the panel is a bare word or number: each names a verb and whom it is for
    for text in seen:
        assert len(text.split()) >= 2, text


def test_placing_a_citizen_says_where_each_place_is():
    # "the shooting brings Tilly Burke into the street": her posse's player places her in its area
    st, me, foe = shooter_ready(dodge())
    st["hands"][1] = []
    st["citizens"]["deck"] = ["tilly-burke"]
    with dice(1, 2):  # a miss, then the citizen comes
        st, _ = fire(st, 0, {"type": "shoot", "model": me["id"], "weapon": 0, "target": foe["id"]})
    svg, legal = draw(st, 0)
    places = [text for text in panel_controls(svg) if text.startswith("Place ")]
    assert len(places) == len([x for x in legal if x["type"] == "place"]) > 1
    for text in places:
        assert re.fullmatch(r"Place Tilly Burke here \((on|[a-z-]+ of) the [A-Za-z ]+, [\d.]+″ from the (west|east) edge\)", text), text
    assert any("south of the Railway embankment" in text for text in places)
    assert len(set(places)) == len(places)  # no two places read the same


def snap_window():
    """Morgan Earp shoots at Billy Clanton, who holds three cards above the 9♥ played for initiative."""
    st = acting(arena(hands=[[card(3, C)], [card(10, C), card(11, H), card(13, C)]]), 0, played={0: card(9, H)})
    a = put(st, "morgan-earp", 0, [1000, 1000])
    e = put(st, "johnny-ringo", 1, [1500, 1000])  # a revolver and a repeating rifle
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "shoot", "model": a["id"], "weapon": 0, "target": e["id"]})
    assert st["pending"]["kind"] == "snap"
    return st


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_snap_shot_choices_come_one_row_per_card_and_fit_the_panel(narrow):
    # "Snap Shot: when about to be shot ..., play any card higher than the opponent's initiative card
    # to take a single un-aimed shot first or move 3" toward cover"
    st = snap_window()
    svg, legal = draw(st, 1, narrow=narrow)
    snaps = [x for x in legal if x["type"] == "snap"]
    assert len({x["card"] for x in snaps}) == 3
    assert "Or a Snap Shot at Morgan Earp, with" in svg
    texts = panel_controls(svg)
    assert texts.count("Dive 3″") == 3
    assert texts.count("Shoot first: Revolver") == 3 and texts.count("Shoot first: Repeating Rifle") == 3
    # each card is named once, at the head of its row, and its buttons follow it
    panel = svg[svg.index('<g data-part="panel-actions">'):]
    for rank in ("10♣", "J♥", "K♣"):
        assert len(re.findall(rf'font-size="15"[^>]*>{rank}</text>', panel)) == 1
    # every button inside the panel's width
    for x, width in re.findall(r'<g data-action="\d+"[^>]*><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', panel):
        assert float(x) + float(width) <= PANEL_X + PANEL_W - 6 + 0.01, (x, width)
    assert RULES.active(st) == [1]


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_what_a_shot_needs_follows_the_targets_name_clear_of_the_other_names(narrow):
    st = acting(arena(hands=[[card(10, 3)], [card(5, 0)]]), 0)
    a = put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "ike-clanton", 1, [1700, 1000])
    put(st, "billy-clanton", 1, [1810, 1000])  # shoulder to shoulder
    st["selected"] = a["id"]
    labels = name_labels(draw(st, 0, narrow=narrow)[0])
    needs = [text for text, *_ in labels if re.search(r" \d+\+", text)]
    assert len(needs) == 2, labels  # each target's name says what the shot at him needs
    for i, one in enumerate(labels):
        for other in labels[i + 1:]:
            assert not overlap(one, other), (one, other)


def test_the_hand_says_what_pressing_a_card_does():
    # "Cards are played for initiative, ... as the score in Fisticuffs"
    st = RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))
    assert st["phase"] == "initiative"
    svg, _ = draw(st, 0)
    assert ">Play one<" in svg and "Fight with<" not in svg
    st, a, d = brawl(card(12, 3), card(5, C))
    st["selected"] = a["id"]
    st, _ = play(st, 0, {"type": "move", "model": a["id"], "to": [1500, 1000]})
    assert st["pending"]["kind"] == "brawl" and 1 in RULES.active(st)  # "both immediately select a card"
    svg, _ = draw(st, 1)
    assert ">Fight with<" in svg and ">Play one<" not in svg


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_the_stagecoachs_caption_stays_on_the_table_at_the_west_edge(narrow):
    """The coach starts 6″ from the west edge with everyone aboard named over it: the whole
    caption is on the table (48″ wide), none of it cut off by the edge."""
    st = RULES.setup(5, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"}))
    svg, _ = draw(st, 0, narrow=narrow)
    found = re.findall(r'<text x="([\d.-]+)" y="[\d.-]+" font-size="64" text-anchor="middle"[^>]*>(Stagecoach[^<]*)</text>', svg)
    assert len(found) == 1, found
    x, text = float(found[0][0]), html.unescape(found[0][1])
    assert "Lawson (reins)" in text
    half = len(text) * 64 * 0.55 / 2
    assert 0 <= x - half and x + half <= 4800, (x, half, text)


@pytest.mark.parametrize("narrow", [False, True], ids=["desktop", "phone"])
def test_no_name_is_cut_off_by_the_tables_edge_where_a_posse_deploys_against_it(narrow):
    """Four posses on the ranch (36″ × 30″): the Mastersons deploy along the north edge and the
    Peacocks along the south one, so a name above the first row or below the last would run off
    the table; every name stays whole on it."""
    st = RULES.setup(5, 4, SPEC.normalize(4, {"scenario": "gunfight", "table": "ranch", "posse4": "peacock"}))
    svg, _ = draw(st, 0, narrow=narrow)
    size = 100 if narrow else 62
    names = re.findall(rf'<text x="([\d.-]+)" y="([\d.-]+)" font-size="{size}" text-anchor="middle" font-weight="bold"'
                       r'[^>]*>([^<]*)</text>', svg)
    assert len(names) == len(list(M.chars(st))), names
    for x, y, text in names:
        x, y, half = float(x), float(y), len(html.unescape(text)) * size * 0.58 / 2
        assert 0 <= x - half and x + half <= 3600 and 0 <= y - size and y + 12 <= 3000, (text, x, y)
