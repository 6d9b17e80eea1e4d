"""What a player is asked: a question in the middle of an action, and the buttons for the actions."""

from __future__ import annotations

from typing import Any

from tabletown.engine.draw import Board
from tabletown.engine.words import plural

from .. import content as C
from .common import (
    DIR_NAME,
    QUESTION_HINTS,
    SLOT_NAMES,
    P,
    folk_name,
    open_about,
    path_text,
    square_name,
    write,
)


class ActionParts:
    """Mixin of the Drawer (drawer.py): what a player is asked: a question in the middle of an action, and the buttons for the actions."""

    # --- a question in the middle of an action ---------------------------------------------------------------------------
    def question(self, b: Board, x: float, y: float, w: float) -> float:
        q = self.q
        kind = q["k"]
        from ..phrases import QUESTIONS

        seat = q["seat"]
        text = QUESTIONS.get(kind, "Decide").format(name=folk_name(self.view, seat),
                                                    gear=C.gear_of(q["gear"])["name"] if q.get("gear") else "gear")
        b.add(open_about(f"prompt:{kind}"))
        b.add(f'<rect x="8" y="{y}" width="{w - 16}" height="34" rx="6" fill="{P["highlight"]}"/>')
        write(b, 18, y + 22, f"{self.who(seat)}: {text}", size=14, weight="bold", width=w - 36)
        b.add("</g>")
        y += 40
        items = []
        for i, a in enumerate(self.legal):
            if a.get("type") != "answer":
                continue
            v = a["v"]
            if isinstance(v, list) and len(v) == 2 and all(isinstance(c, int) for c in v) and self.fight is not None \
                    and kind not in ("exchange",):
                continue  # squares are chosen on the grid
            if kind == "path" and self.fight is not None:
                continue  # each path is its footprint on the grid
            items.append((i, self.answer_text(q, v), self.answer_text(q, v)))
        if items:
            y = self.buttons(b, items, 12, y, w - 24, cols=1 if self.narrow else 3)
        hint = QUESTION_HINTS.get(kind) if self.fight is not None else None
        if hint:
            y += 16 * write(b, 18, y + 12, hint.format(name=folk_name(self.view, seat)), size=13, width=w - 36, lines=3)
        return y

    def answer_text(self, q: dict[str, Any], v: Any) -> str:
        kind = q["k"]
        if kind == "react":
            return "Yes, react" if v else "No"
        if kind == "equip":
            return "Keep it in the stash" if v == "stash" else f"Equip: {SLOT_NAMES.get(v, v)}"
        if kind == "gear":
            prefix = {"give": "Give", "discard": "Lose", "unequip": "Unequip", "steal": "Lose", "take": "Take",
                      "recover": "Get back", "attack": "Attack with"}.get(q.get("why"), "The")
            return f"{prefix} the {C.gear_of(v)['name']}"
        if kind == "sheriff":
            return "Roll for it" if v == "roll" else f"{folk_name(self.view, v)} is sheriff"
        if kind == "path":
            return path_text(q["paths"][v], v)
        if kind == "face":
            return f"Face {DIR_NAME[v]}"
        if kind == "direction":
            return f"Push {DIR_NAME[v]}"
        if kind in ("pay", "give"):
            return plural(v, "Coin")
        if kind == "agree":
            return "Agree" if v else "Refuse"
        if kind == "exchange":
            if v is None:
                return "No trade"
            other, take = v
            return f"Ask {folk_name(self.view, other)} for the {C.gear_of(take)['name']}"
        if kind == "option":
            texts = C.CHOICES.get(q.get("choice"), [])
            return texts[v] if v < len(texts) else f"Option {v + 1}"
        if kind == "tie":
            return folk_name(self.view, v)
        if isinstance(v, list):
            return f"Square {square_name(v)}"
        return str(v)

    # --- actions for whoever is to act ----------------------------------------------------------------------------------------
    def actions(self, b: Board, x: float, y: float, w: float) -> float:
        view = self.view
        items = []
        seat = view["stage"].get("seat")
        for i, a in enumerate(self.legal):
            if i in self.drawn:
                continue
            kind = a.get("type")
            if kind in ("move", "start", "answer", "pick", "buy"):
                continue
            items.append((i, self.describe(a), self.describe(a)))
        if not items and self.q is None and seat is None:
            return y
        if seat is not None and self.q is None:
            t = self.derived.get("turn")
            if t and t["who"] == seat:
                b.add(open_about("prompt:turn"))
                write(b, x + 8, y + 16, f"{self.who(seat)}: {t['mvmt']} MVMT and {t['mox']} MOX left", size=13,
                       weight="bold", width=w - 16)
                b.add("</g>")
                y += 24
        if items:
            y = self.buttons(b, items, x + 6, y, w - 12, cols=1 if (self.narrow or self.fight is not None) else 3, h=28, gap=4)
        return y

    def describe(self, a: dict[str, Any]) -> str:
        kind = a.get("type")
        seat = self.view["stage"].get("seat")
        if kind == "attack":
            info = (self.derived.get("turn") or {}).get("weapons", {}).get(a["g"], {})
            w = C.gear_of(a["g"])["weapon"]
            return f"Attack with the {C.gear_of(a['g'])['name']} ({info.get('mox', w['mox'])} MOX, {w['acc']}+, " \
                   f"{w['dmg']} DMG, range {info.get('range', w.get('range', 1))})"
        if kind == "interact":
            p = self.fight["terrain"][a["p"]]
            return f"Use the {C.TERRAIN[p['t']]['name']}: {C.TERRAIN[p['t']].get('interact_text', '')}"
        if kind == "use":
            return self.use_text(seat, a)
        if kind == "equip":
            cost = (self.derived.get("turn") or {}).get("change")
            extra = f" ({cost} MOX)" if self.fight is not None and cost is not None else ""
            return f"Equip the {C.gear_of(a['g'])['name']} in {SLOT_NAMES[a['slot']].lower()}{extra}"
        if kind == "unequip":
            return f"Unequip the {C.gear_of(a['g'])['name']}"
        if kind == "end":
            return "End the turn"
        if kind == "pass":
            return "Pass (done shopping)"
        if kind == "sell":
            value = self.derived["folk"][seat]["sell"].get(a["g"], 0) if seat is not None else 0
            return f"Sell the {C.gear_of(a['g'])['name']} for {plural(value, 'Coin')}"
        if kind == "give":
            return f"Give the {C.gear_of(a['g'])['name']} to {folk_name(self.view, a['to'])}"
        if kind == "no-reset":
            return "No shop reset"
        if kind == "pledge":
            return f"Pledge {plural(a['n'], 'Coin')} to reset the shop"
        if kind == "discard-feat":
            return f"Discard the Feat {C.FEATS[a['feat']]['name']}"
        if kind == "keep-feats":
            return "Keep the other Feats"
        if kind == "buy":
            return f"Buy the {C.gear_of(a['g'])['name']}"
        if kind == "pick":
            return f"Play {C.TOWNSFOLK[a['folk']]['short']}"
        if kind == "move":
            return f"Move to {square_name(a['to'])}"
        if kind == "start":
            return f"Start at {square_name(a['at'])}"
        if kind == "answer":
            return self.answer_text(self.q, a["v"]) if self.q else "Answer"
        return kind or "Act"

    def use_text(self, seat: int, a: dict[str, Any]) -> str:
        key = a["k"]
        chosen = a.get("chosen")
        target = f" on {folk_name(self.view, chosen)}" if isinstance(chosen, int) else ""
        parts = key.split(":")
        if parts[0] == "a":
            tid = self.view["folk"][seat]["id"]
            ab = C.TOWNSFOLK[tid]["abilities"][int(parts[1])]
            return f"{ab['name']}{target}: {ab['text']}"
        if parts[0] == "g":
            inst = ":".join(parts[1:-1])
            g = C.gear_of(inst)
            return f"Use the {g['name']}{target}: {g['text']}"
        rules = C.RUFFIANS[self.fight["rid"]]["final_fight"]["rules"]
        return f"{rules['name']}{target}"
