"""What the Ruthless board says of each action: the words on its buttons and in their
accessible names, for the table, the panel, the territory map and the posse editor alike."""

from __future__ import annotations

import math
from typing import Any, Optional

from tabletown.engine.words import plural

from . import content as C
from . import ground as G
from .phrases import (
    LABELS,
    LOCATION_NAMES,
    MOD_NAMES,
    NODE_NAMES,
    SHOP_NAMES,
    SHOP_TEXT,
    TERRAIN_NAMES,
    TRAIT_NAMES,
    TRAIT_TEXT,
    WEAPON_NAMES,
    card_text,
    card_words,
    inches,
    name,
    need_text,
)


def model_state_words(view: dict[str, Any], m: dict[str, Any]) -> str:
    words = []
    if m["status"] == "down":
        words.append("Unconscious")
    if m["horse"] is not None:
        words.append("mounted")
    if m["aboard"]:
        words.append("on the stagecoach")
    if m["lily"]:
        words.append("Lily Livered")
    if m["covering"]:
        words.append("Got You Covered!")
    if m["aim"]:
        words.append("aiming")
    wounds = [f"{LOCATION_NAMES[loc]} {n}" for loc, n in m["wounds"].items() if n]
    if wounds:
        words.append("wounds: " + ", ".join(wounds))
    return ", ".join(words) or "steady"


def move_tag(ctx: dict[str, Any], a: dict[str, Any]) -> str:
    d = ctx["d"]
    if a["type"] == "place":
        return "here"
    if a["type"] == "snap":
        return "dive"
    if a["type"] == "drive":
        for tag, p in d.get("selected", {}).get("drives", []):
            if p == a["to"]:
                return {"ahead": "drive on", "left": "bear left", "right": "bear right", "away": "off the edge!"}[tag]
        return "drive"
    for tag, p in d.get("selected", {}).get("moves", []):
        if p == a["to"]:
            return {"cover": "to cover", "charge": "charge!", "advance": "advance", "back": "fall back"}[tag]
    return "move"


LANDMARK_KINDS = ("street", "road", "rails", "water", "embankment")


def _where_words(g: G.Ground, point: list[int]) -> str:
    """Where a point on the table is, as a player says it: by the nearest named building or
    landmark ("north of the street", "on the road", "south-west of the Depot")."""
    x, y = point
    best: Optional[tuple[float, str, tuple[int, int, int, int]]] = None
    for piece in g.pieces:
        if piece.label:
            what = LABELS.get(piece.label, piece.label)
        elif piece.kind in LANDMARK_KINDS:
            what = TERRAIN_NAMES[piece.kind]
        else:
            continue
        x0, y0, x1, y1 = piece.box
        far = math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))
        if best is None or far < best[0]:
            best = (far, what, piece.box)
    if best is None:
        return f"{inches(x)} from the west edge, {inches(y)} from the north edge"
    far, what, (x0, y0, x1, y1) = best
    if far == 0:
        return f"on the {what}"
    north_south = "north" if y < y0 else "south" if y > y1 else ""
    east_west = "west" if x < x0 else "east" if x > x1 else ""
    return f"{'-'.join(w for w in (north_south, east_west) if w)} of the {what}"


def rank_name(rank: int) -> str:
    return {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(rank, str(rank))


def _shot_label(ctx: dict[str, Any], m_id: int, t: Any, wi: int, fan: bool = False) -> str:
    d = ctx["d"]
    sel = d.get("selected")
    target = "the team" if t == "team" else name(d["models"][t]["who"])
    if not sel:
        return target
    for s in sel["shots"]:
        if s["target"] == t and s["wi"] == wi:
            mods = ", ".join(f"{MOD_NAMES.get(k, TRAIT_NAMES.get(k[6:], k))} {v:+d}" for k, v in s["mods"])
            text = f"{target}: {WEAPON_NAMES[s['weapon']]}, {s['band']} range {inches(s['dist'])}"
            if s["cover"]:
                text += f", {s['cover']} cover"
            if mods and not fan:
                text += f" ({mods})"
            return text + (", needs 10s" if fan else f", needs {need_text(s['need'])}")
    return target


def action_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    """(button text, accessible label, group heading) for a listed action."""
    view, d = ctx["view"], ctx["d"]
    t = a["type"]

    def who(mid: int) -> str:
        return name(d["models"][mid]["who"])

    if t == "select":
        return f"Pick {who(a['model'])}", f"Pick {who(a['model'])} to act", "Pick a character"
    if t == "end":
        return "End activation", "End this posse's activation", "Done"
    if t == "hold":
        return f"Hold {who(a['model'])}", f"Hold {who(a['model'])}: no more actions this turn", "Done"
    if t == "move":
        tag = move_tag(ctx, a)
        return f"Move {who(a['model'])} {tag}", f"Move {who(a['model'])} {tag}", "Move"
    if t == "drive":
        tag = move_tag(ctx, a)
        return f"Drive the coach: {tag}", f"Drive the stagecoach: {tag}", "Stagecoach"
    if t == "whip":
        return "Whip the team", "Whip the team (+3″ this turn)", "Stagecoach"
    if t == "reins":
        return "Take the reins", f"{who(a['model'])} takes the reins", "Stagecoach"
    if t == "shoot":
        label = _shot_label(ctx, a["model"], a["target"], a["weapon"])
        target = "the team" if a["target"] == "team" else who(a["target"])
        text = label.split(", needs ")[-1]
        return f"Shoot {target} · {WEAPON_NAMES[weapon_of_action(view, a)]} · {text}", "Shoot at " + label, "Shoot"
    if t == "fanfire":
        label = _shot_label(ctx, a["model"], a["target"], a["weapon"], fan=True)
        target = "the team" if a["target"] == "team" else who(a["target"])
        return (f"Fanfire {a['rounds']} at {target}", f"Fanfire {plural(a['rounds'], 'round')} at {label}",
                "Fanfire (revolver, short range, 10s hit)")
    if t == "aim":
        return f"{who(a['model'])} aims", f"{who(a['model'])} takes aim", "Other actions"
    if t == "cover":
        return f"{who(a['model'])}: Got You Covered!", f"{who(a['model'])}: Got You Covered!", "Other actions"
    if t == "reload":
        wid = view_weapons(view, a["model"])[a["weapon"]]
        return f"Reload {WEAPON_NAMES[wid]}", f"Reload the {WEAPON_NAMES[wid]} (three rounds)", "Other actions"
    if t == "mount":
        what = "the stagecoach" if a["horse"] == "coach" else "a horse"
        return f"Mount {what}", f"{who(a['model'])} mounts {what}", "Other actions"
    if t == "dismount":
        return f"{who(a['model'])} dismounts", f"{who(a['model'])}: Dismount", "Other actions"
    if t == "courage":
        c = a["card"]
        text = "Without a card" if c is None else f"With {card_text(c)}"
        label = f"{who(a['model'])}: Get Your Courage Up " + ("without a card" if c is None else f"with the {card_words(c)}")
        return text, label, f"{who(a['model'])}: Get Your Courage Up (d10 + card ≥ Toughness; J, Q, K, A pass)"
    if t == "holler":
        return f"{who(a['model'])} hollers", f"{who(a['model'])}: Holler (Loud Mouth)", "Other actions"
    if t == "patch":
        return f"Patch up {who(a['friend'])}", f"{who(a['model'])} patches up {who(a['friend'])} (Sawbones)", "Other actions"
    if t == "cheat":
        return (f"Swap {card_text(a['card'])} with {seat_name(ctx, a['victim'])}",
                f"Dirty Cheat: swap the {card_words(a['card'])} with a random card of {seat_name(ctx, a['victim'])}",
                "Dirty Cheat (swap a card)")
    if t == "grab":
        return "Grab the strongbox", f"{who(a['model'])} grabs the strongbox", "Strongbox"
    if t == "escape":
        return "Ride off with it", f"{who(a['model'])} rides off the table with the strongbox", "Strongbox"
    if t == "pass":
        return "Let it go", "Do nothing", "Answer"
    if t == "snap":  # drawn in one row per card (_snap_rows): the row names the card
        pend = view["pending"]["window"]["ctx"]
        if "weapon" in a:
            wid = view_weapons(view, pend["model"])[a["weapon"]]
            return (f"Shoot first: {WEAPON_NAMES[wid]}",
                    f"Snap Shot with the {card_words(a['card'])}: shoot {who(pend['threat'])} first with the {WEAPON_NAMES[wid]}",
                    "Answer")
        return ("Dive 3″", f"Snap Shot with the {card_words(a['card'])}: {who(pend['model'])} dives 3″ toward cover",
                "Answer")
    if t == "covered":
        wid = view_weapons(view, a["model"])[a["weapon"]]
        mover = who(view["pending"]["window"]["ctx"]["mover"])
        return (f"{who(a['model'])} shoots {mover} ({WEAPON_NAMES[wid]})",
                f"{who(a['model'])} takes the Got You Covered! shot at {mover} ({WEAPON_NAMES[wid]})", "Answer")
    if t == "adjust":
        roll = d["pending"]["roll"] + a["by"]
        res = LOCATION_NAMES[C.wound_row(roll)["id"]]
        word = {-1: "down", 0: "keep", 1: "up"}[a["by"]]
        text = f"Keep the wound roll: {roll} {res}" if word == "keep" else f"Wound roll {word} to {roll}: {res}"
        return text, f"Wound roll {word}: {roll}, {res}. {text}", "Answer"
    if t == "place":
        placed = who(d["pending"]["model"]) if d.get("pending") and isinstance(d["pending"].get("model"), int) else "the citizen"
        x, width = a["to"][0], ctx["g"].width
        edge = f"{inches(x)} from the west edge" if x <= width / 2 else f"{inches(width - x)} from the east edge"
        text = f"Place {placed} here ({_where_words(ctx['g'], a['to'])}, {edge})"
        return text, text, "Answer"
    if t == "discard":
        return f"Discard {card_text(a['card'])}", f"Discard the {card_words(a['card'])}", "Discard (you played a 3)"
    if t == "keep":
        return "Keep the rest", "Keep the rest of your hand", "Discard (you played a 3)"
    if view["phase"] == "build":
        return editor_text(ctx, a)
    return campaign_text(ctx, a)


def weapon_of_action(view: dict[str, Any], a: dict[str, Any]) -> str:
    return view_weapons(view, a["model"])[a["weapon"]]


def view_weapons(view: dict[str, Any], mid: int) -> list[str]:
    return [w for w, _, _ in view["derived"]["models"][mid]["weapons"]]


def seat_name(ctx: dict[str, Any], s: int) -> str:
    """A player's name as typed (render.py takes them from the kit's seat_names; the kit escapes
    them once, where they are drawn)."""
    return ctx["names"][s]


def campaign_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    t = a["type"]
    if t == "ready":
        return "Ready", "Ready: start the act", "Ready"
    if t == "buy":
        item = C.SHOP.by_id[a["item"]]
        pick = f" {name(a['pick'])}" if a["pick"] else ""
        return (f"{SHOP_NAMES[a['item']]}{pick} (${item['cost']})",
                f"Buy {SHOP_NAMES[a['item']]}{pick} for {item['cost']} Silver Dollars: {SHOP_TEXT[a['item']]}",
                "Spend Silver Dollars")
    if t == "ride":
        return NODE_NAMES[a["to"]], f"Ride to {NODE_NAMES[a['to']]}", "Ride toward the border"
    return NODE_NAMES[a["at"]], f"Guess {NODE_NAMES[a['at']]}", "Where are the Cowboys?"


def editor_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    view = ctx["view"]
    t = a["type"]
    if t == "add":
        return "Add a blank card", "Add a blank character card", "Posse"
    if t == "ready":
        return "Posse ready", "The posse is ready", "Posse"
    card = view["custom"].get(a.get("card", ""), {})
    who = name(C.name_ref(card["name"])) if card else ""
    if t == "edit":
        return f"Edit {who}", f"Edit the card of {who}", "Posse"
    if t == "rename":
        return "Next name", f"Give {who} the next name on the list", "Name"
    if t == "toughness":
        return str(a["value"]), f"Toughness {a['value']}", "Toughness (3 veteran … 8 nervous)"
    if t == "weapon":
        have = a["weapon"] in card.get("weapons", [])
        return ("− " if have else "+ ") + WEAPON_NAMES[a["weapon"]], ("Drop the " if have else "Take the ") + WEAPON_NAMES[a["weapon"]], "Weapons (one or two)"
    if t == "trait":
        have = a["trait"] in card.get("traits", [])
        return ("− " if have else "+ ") + TRAIT_NAMES[a["trait"]], ("Drop " if have else "Give ") + TRAIT_NAMES[a["trait"]] + ": " + TRAIT_TEXT[a["trait"]], "Traits (one or two)"
    if t == "remove":
        return "Tear up this card", f"Remove {who} from the posse", "Posse"
    return t, t, "Other"
