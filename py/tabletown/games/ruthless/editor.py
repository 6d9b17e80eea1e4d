"""The posse editor: blank character cards for a free gunfight.

A posse built in the editor has two to six characters. Each card has a name (typed by the
player, or the next from the editor's list of names), a Toughness from 3 (a veteran) to 8
(nervous), one or two weapons from the weapon table and one or two traits, and the wound
boxes of a blank card (Leg 3, Arm 3, Chest 2, Severe 2). The posses are built at the start of the game, one posse after
the other, in plain view (a gunfight hides cards, not men); when every posse is ready
they deploy in their areas of the table. Built posses are kept in the browser's posse
book (the game's campaign record) and can be chosen for the next gunfight.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.move import Move
from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import MAX_NAME, clean_name

from . import content as C
from . import models as M
from .deploy import deploy

Action = dict[str, Any]


def begin(st: M.State, seats: list[int]) -> None:
    st["build"] = {"seats": list(seats), "cards": {str(s): [] for s in seats}, "editing": None, "made": 0}
    st["phase"] = "build"
    st["asked"] = seats[0]


def _cards(st: M.State, seat: int) -> list[str]:
    return st["build"]["cards"][str(seat)]


def blank_card(cid: str, name: int) -> dict[str, Any]:
    return {"id": cid, "name": name, "toughness": 5, "weapons": ["revolver"], "traits": [],
            "boxes": dict(C.BLANK_BOXES), "mounted": False, "role": "posse"}


def card_ok(card: dict[str, Any]) -> bool:
    lo, hi = C.TOUGHNESS_RANGE
    return (lo <= card["toughness"] <= hi
            and C.WEAPONS_PER_CHARACTER[0] <= len(card["weapons"]) <= C.WEAPONS_PER_CHARACTER[1]
            and C.TRAITS_PER_CHARACTER[0] <= len(card["traits"]) <= C.TRAITS_PER_CHARACTER[1])


def posse_ok(st: M.State, seat: int) -> bool:
    cards = [st["custom"][c] for c in _cards(st, seat)]
    return C.POSSE_SIZE[0] <= len(cards) <= C.POSSE_SIZE[1] and all(card_ok(c) for c in cards)


def options(st: M.State, seat: int) -> list[Action]:
    out: list[Action] = []
    cards = _cards(st, seat)
    editing: Optional[str] = st["build"]["editing"]
    if len(cards) < C.POSSE_SIZE[1]:
        out.append({"type": "add"})
    out += [{"type": "edit", "card": c} for c in cards if c != editing]
    if editing is not None:
        card = st["custom"][editing]
        out.append({"type": "rename", "card": editing})
        lo, hi = C.TOUGHNESS_RANGE
        out += [{"type": "toughness", "card": editing, "value": v} for v in range(lo, hi + 1) if v != card["toughness"]]
        for w in C.WEAPONS.rows:
            have = w["id"] in card["weapons"]
            if have and len(card["weapons"]) > C.WEAPONS_PER_CHARACTER[0]:
                out.append({"type": "weapon", "card": editing, "weapon": w["id"]})
            elif not have and len(card["weapons"]) < C.WEAPONS_PER_CHARACTER[1]:
                out.append({"type": "weapon", "card": editing, "weapon": w["id"]})
        for t in C.TRAITS.rows:
            have = t["id"] in card["traits"]
            if have or len(card["traits"]) < C.TRAITS_PER_CHARACTER[1]:
                out.append({"type": "trait", "card": editing, "trait": t["id"]})
        out.append({"type": "remove", "card": editing})
    if posse_ok(st, seat):
        out.append({"type": "ready"})
    return out


def params(st: M.State, seat: int) -> list[dict[str, Any]]:
    """The name of the card being edited, typed (any other choice is a listed action)."""
    editing = st["build"]["editing"]
    if editing is None:
        return []
    name = st["custom"][editing]["name"]
    shown = name if isinstance(name, str) else C.NAMES.rows[name]["name"]
    return [{"kind": "text", "action": {"type": "name", "card": editing}, "param": "name", "label": "Name",
             "max": MAX_NAME, "value": shown}]


def check_name(st: M.State, seat: int, action: Action) -> None:
    """A typed name: the card being edited, and a name as Tabletown keeps players' names (no
    control characters, single spaces, 1 to 24 characters) without braces, which the log keeps
    for the players' own names."""
    if st["phase"] != "build" or set(action) != {"type", "card", "name"} or action["card"] != st["build"]["editing"] \
            or action["card"] not in _cards(st, seat):
        raise IllegalAction("Pick up a character card in the posse editor to name it.")
    if not typed_name_ok(action["name"]):
        raise IllegalAction(f"A name is 1 to {MAX_NAME} letters, spaces or marks, without braces.")


def typed_name_ok(text: Any) -> bool:
    return (isinstance(text, str) and 0 < len(text) <= MAX_NAME and clean_name(text) == text
            and not set(text) & set("{}"))


def apply(mv: Move, seat: int, action: Action) -> None:
    st = mv.s
    b = st["build"]
    cards = _cards(st, seat)
    typ = action["type"]
    if typ == "add":
        cid = f"c{seat}-{b['made']}"
        b["made"] += 1
        st["custom"][cid] = blank_card(cid, (b["made"] * 7 + seat * 5) % len(C.NAMES))
        cards.append(cid)
        b["editing"] = cid
        mv.emit("build", seat=seat, what="add", card=cid)
    elif typ == "edit":
        b["editing"] = action["card"]
        mv.emit("build", seat=seat, what="edit", card=action["card"])
    elif typ == "rename":  # the next name on the editor's list (after a typed name, the first)
        card = st["custom"][action["card"]]
        card["name"] = (card["name"] + 1) % len(C.NAMES) if isinstance(card["name"], int) else 0
        mv.emit("build", seat=seat, what="rename", card=action["card"], name=C.name_ref(card["name"]))
    elif typ == "name":
        st["custom"][action["card"]]["name"] = action["name"]
        mv.emit("build", seat=seat, what="rename", card=action["card"], name=C.name_ref(action["name"]))
    elif typ == "toughness":
        st["custom"][action["card"]]["toughness"] = action["value"]
        mv.emit("build", seat=seat, what="toughness", card=action["card"], value=action["value"])
    elif typ == "weapon":
        _toggle(st["custom"][action["card"]]["weapons"], action["weapon"], [w["id"] for w in C.WEAPONS.rows])
        mv.emit("build", seat=seat, what="weapon", card=action["card"], weapon=action["weapon"])
    elif typ == "trait":
        _toggle(st["custom"][action["card"]]["traits"], action["trait"], [t["id"] for t in C.TRAITS.rows])
        mv.emit("build", seat=seat, what="trait", card=action["card"], trait=action["trait"])
    elif typ == "remove":
        cards.remove(action["card"])
        del st["custom"][action["card"]]
        b["editing"] = None
        mv.emit("build", seat=seat, what="remove", card=action["card"])
    elif typ == "ready":
        mv.emit("build", seat=seat, what="ready", count=len(cards))
        b["editing"] = None
        rest = [s for s in b["seats"] if s > seat]
        if rest:
            st["asked"] = rest[0]
            return
        for s in b["seats"]:
            deploy(st, s, _cards(st, s))
        st["phase"] = "deploy"


def _toggle(items: list[str], item: str, order: list[str]) -> None:
    if item in items:
        items.remove(item)
    else:
        items.append(item)
    items.sort(key=order.index)


def built_posses(st: M.State) -> list[dict[str, Any]]:
    """The posses built in this game, for the browser's posse book."""
    b = st.get("build")
    if not b:
        return []
    out = []
    for s in b["seats"]:
        members = []
        for cid in _cards(st, s):
            card = dict(st["custom"][cid])
            card.pop("id", None)
            members.append(card)
        out.append({"members": members})
    return out


BOOK_SIZE = 4  # the posse book keeps the four latest posses built


def check_posse(posse: Any) -> bool:
    """A posse from the posse book (stored in the browser) has the right shape."""
    if not isinstance(posse, dict) or set(posse) != {"members"} or not isinstance(posse["members"], list):
        return False
    members = posse["members"]
    if not C.POSSE_SIZE[0] <= len(members) <= C.POSSE_SIZE[1]:
        return False
    return all(check_card(card) for card in members)


def check_card(card: Any) -> bool:
    keys = {"name", "toughness", "weapons", "traits", "boxes", "mounted", "role"}
    if not isinstance(card, dict) or set(card) != keys:
        return False
    if not (type(card["name"]) is int and 0 <= card["name"] < len(C.NAMES)) and not typed_name_ok(card["name"]):
        return False
    if type(card["toughness"]) is not int:
        return False
    if not isinstance(card["weapons"], list) or not all(isinstance(w, str) and w in C.WEAPONS.by_id for w in card["weapons"]):
        return False
    if not isinstance(card["traits"], list) or not all(isinstance(t, str) and t in C.TRAITS.by_id for t in card["traits"]):
        return False
    if len(set(card["weapons"])) != len(card["weapons"]) or len(set(card["traits"])) != len(card["traits"]):
        return False
    if card["boxes"] != C.BLANK_BOXES or card["mounted"] is not False or card["role"] != "posse":
        return False
    return card_ok(card)


def add_to_book(book: Any, built: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The posse book with the posses just built added (the oldest fall out)."""
    kept = [p for p in (book if isinstance(book, list) else []) if check_posse(p)]
    for posse in built:
        if posse not in kept:
            kept.append(posse)
    return kept[-BOOK_SIZE:]


def sample_book() -> list[dict[str, Any]]:
    """A full posse book of plain posses (three cards with one trait each, as the editor asks),
    for trying out a gunfight with saved posses where no browser has saved any."""
    size = max(3, C.POSSE_SIZE[0])
    traits = [t["id"] for t in C.TRAITS.rows]
    book = []
    for p in range(BOOK_SIZE):
        members = []
        for i in range(size):
            card = blank_card("", (p * size + i) % len(C.NAMES))
            card.pop("id")
            card["traits"] = [traits[(p * size + i) % len(traits)]]
            members.append(card)
        book.append({"members": members})
    return book
