"""The Torches & Pitchforks board: an SVG drawn from the view alone with the render kit.

From the top: what you are asked (with its buttons), the piles and the Moor, the fight (the
Monster card, the live Strength-against-Power sum, the cards being played, each with its
text), your hand (every card with its full text), and every Mob (its Townsfolk, their
Enhancements, its Defense and its score pile). Each of these is a keyed part, so the page
redraws only what changed.

Two layouts: wide (1000 units across) and, when the page says the screen is narrow
(`ui["narrow"]`), a phone layout 480 units across whose card text stays about 14 px high
on a 390 px screen. The final score table is not drawn here: the page draws it from the
outcome. The cards themselves are drawn by draw_faces.py; this module lays out the board and
its controls.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Optional

from tabletown.engine.draw import PALETTE, Board, Controls, Drawing, esc, fit_lines, names_in, seat_names
from tabletown.engine.words import plural

from .content import CARDS
from .draw_faces import (
    ACCENT,
    BAD,
    CARD,
    GOOD,
    HOT,
    INK,
    KIND_COLOUR,
    LINE,
    MUTED,
    NARROW,
    PAPER,
    WIDE,
    about,
    card_face,
    card_height,
    card_topic,
    folk_face,
    short_name,
    svg_text,
)

BUTTONS = {"flip": "Flip a Monster", "fight": "Fight!", "flee": "Flee (roll a die)", "hunt": "Hunt the Moor",
           "skip": "No Hunt", "end": "End turn", "drop_defense": "Drop Defense"}
# The active player's step an any-time window holds (`derived["held"]`): the words asking the
# active player, those telling the others, and the active player's button.
HELD_STEPS = {
    "flip": ("Before the flip", "flip", "flip", "Flip now"),
    "skip": ("Before you move on", "skip the Hunt", "move on without Hunting", "No Hunt"),
    "end": ("Before your turn ends", "end it", "end their turn", "End turn"),
}



class _Renderer:
    def __init__(self, view: dict[str, Any], ui: dict[str, Any]):
        self.v = view
        self.d = view["derived"]
        self.lay = NARROW if ui.get("narrow") else WIDE
        self.names = seat_names(ui, view["n"])  # as typed: the render kit escapes them
        self.viewer: Optional[int] = ui.get("viewer")
        self.controls = Controls(ui.get("legal"))
        self.legal = self.controls.legal
        self.b = Board(self.lay.width, 100, "Torches & Pitchforks board", game_over=bool(self.d["over"]),
                       controls=self.controls)
        self.y = 0

    # --- tools -------------------------------------------------------------------------------
    def say(self, text: str) -> str:
        return names_in(text, self.names)

    @contextmanager
    def about(self, topic: str) -> Iterator[None]:
        """Everything drawn inside belongs to the rules topic `topic`."""
        self.b.add(f'<g data-topic="{esc(topic)}">')
        try:
            yield
        finally:
            self.b.add("</g>")

    def first_legal(self, *actions: dict[str, Any]) -> Optional[int]:
        """The index of the first of `actions` that is legal now (None when none is)."""
        return next((i for i in map(self.controls.find, actions) if i is not None), None)

    def text(self, x: float, y: float, text: str, size: int, width: Optional[float] = None, lines: int = 1,
             fill: str = INK, weight: str = "normal", anchor: str = "start") -> int:
        return self.b.text(x, y, self.say(text), size=size, width=width, lines=lines, fill=fill, weight=weight,
                           anchor=anchor)

    def wrapped(self, text: str, width: float, size: int, lines: int) -> int:
        return len(fit_lines(self.say(text), width, size, lines))

    def button(self, x: float, y: float, w: float, h: float, i: int, label: str, primary: bool) -> None:
        fill = ACCENT if primary else CARD
        ink = CARD if primary else INK
        size = self.lay.name if len(label) * self.lay.name * 0.56 < w - 12 else self.lay.small
        body = (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="12" fill="{fill}" '
                f'stroke="{INK}" stroke-width="2"/>'
                f'<text x="{x + w / 2:.0f}" y="{y + h / 2 + size * 0.36:.0f}" font-size="{size}" text-anchor="middle" '
                f'font-weight="bold" fill="{ink}">{esc(self.say(label))}</text>')
        self.b.control(i, self.say(label), body, text=self.say(label), data_topic=f"action:{self.legal[i]['type']}")

    # --- sections ----------------------------------------------------------------------------
    def header(self) -> None:
        v, lay, b = self.v, self.lay, self.b
        with b.part("head"):
            h = lay.head * 2 + 28
            b.add(f'<rect x="0" y="0" width="{lay.width}" height="{h}" fill="{PALETTE["wood"]}"/>')
            b.text(lay.pad, lay.head + 6, "Torches & Pitchforks", size=lay.head, weight="bold", fill=CARD,
                   data_topic="rule:goal")
            b.text(lay.width - lay.pad, lay.head + 6, f"First to {v['target']}", size=lay.small, weight="bold",
                   fill=PALETTE["gold"], anchor="end", data_topic="board:target-score")
            if self.d["over"]:
                sub = "Game over"
            else:
                phase = {"attack": "Attack!", "hunt": "Hunt!", "recoup": "Recoup", "discard": "Discard"}.get(v["phase"], "")
                sub = f"Turn {v['turns']} · {{seat{v['turn']}}}'s turn · {phase}"
            with self.about("board:phase"):
                self.text(lay.pad, lay.head * 2 + 12, sub, lay.small, width=lay.width - 2 * lay.pad, fill=CARD)
            self.y = h + lay.gap

    def asking_text(self) -> str:
        v, d = self.v, self.d
        if d["over"]:
            w = v["winner"]
            return f"{{seat{w}}} saved the town!" if w is not None else "The game is over."
        asked = d["asked"]
        what = d["asking"]
        if asked != self.viewer:
            return f"Waiting for {{seat{asked}}}…"
        task = v["tasks"][0] if v["tasks"] else None
        if what in ("kill", "plague"):
            return f"Choose a Townsfolk to die ({task['n']} to go)"
        if what == "revive":
            return f"Choose who comes back ({task['n']} to go)"
        if what == "overpop":
            return "Choose a living Townsfolk to leave your Mob"
        if what == "flee":
            return f"Fleeing: discard {task['n']} more"
        if what == "down":
            return f"Too many cards: discard down to {d['limits'][asked]}"
        if what == "target":
            cid = v["choosing"][asked]
            return f"Choose a target for {CARDS[cid]['name']}" if isinstance(cid, int) else "Choose a target"
        if what == "cancel":
            top = v["stack"][-1]
            return f"{{seat{top['by']}}} plays {CARDS[top['card']]['name']}: Cancel it?"
        if what == "decide":
            defend = any(a["type"] == "play" for a in self.legal)
            return "Fight or Flee?" + (" Or play your Defense." if defend else "")
        if what == "fight":
            return "Play a card, or pass"
        if what == "anytime":
            before, verb, about, _ = HELD_STEPS[d["held"]]
            if asked == v["turn"]:
                return f"{before}: play an any-time card, or {verb}"
            return f"{{seat{v['turn']}}} is about to {about}: play an any-time card, or pass"
        return {"attack": "Attack! Flip the top Monster card", "hunt": "Hunt a Monster from the Moor, or skip",
                "recoup": "Recoup: play Enhancements, Defense and Townsfolk, or end your turn",
                "discard": "Discard any cards, then end your turn"}.get(what, "")

    def pass_label(self) -> str:
        what = self.d["asking"]
        if what == "cancel":
            return "Let it stand"
        if what == "anytime" and self.viewer == self.v["turn"]:
            return HELD_STEPS[self.d["held"]][3]
        return "Pass"

    def ask(self) -> None:
        lay, b = self.lay, self.b
        buttons = [(i, BUTTONS.get(a["type"]) or self.pass_label(), a["type"] in ("flip", "fight", "hunt", "end"))
                   for i, a in self.controls.of_type(*BUTTONS, "pass")]
        message = self.asking_text()
        inner = lay.width - 2 * lay.pad - 24
        lines = self.wrapped(message, inner, lay.head, 3)
        rows = (len(buttons) + lay.button_cols - 1) // lay.button_cols
        h = 20 + lines * lay.head * 1.2 + rows * (lay.button_h + lay.gap) + 8
        y0 = self.y
        asked = self.viewer is not None and self.d["asked"] == self.viewer
        with b.part("ask"):
            stroke = f'stroke="{HOT}" stroke-width="5"' if asked else f'stroke="{LINE}" stroke-width="2"'
            b.add(f'<rect x="{lay.pad}" y="{y0:.0f}" width="{lay.width - 2 * lay.pad}" height="{h:.0f}" rx="14" '
                  f'fill="{CARD}" {stroke}/>')
            with self.about(self.d.get("topic") or "prompt:waiting"):
                self.text(lay.pad + 12, y0 + lay.head + 6, message, lay.head, width=inner, lines=3, weight="bold")
            by = y0 + 14 + lines * lay.head * 1.2
            bw = (inner - (lay.button_cols - 1) * lay.gap) / lay.button_cols
            for k, (i, label, primary) in enumerate(buttons):
                row, col = divmod(k, lay.button_cols)
                self.button(lay.pad + 12 + col * (bw + lay.gap), by + row * (lay.button_h + lay.gap), bw,
                            lay.button_h, i, label, primary)
        self.y = y0 + h + lay.gap

    def table(self) -> None:
        v, lay, b = self.v, self.lay, self.b
        y0 = self.y
        inner = lay.width - 2 * lay.pad
        cols = lay.pile_cols
        pw = (inner - (cols - 1) * lay.gap) / cols
        ph = lay.small * 2 + lay.body * 2 + 30
        piles = [
            ("Monster deck", plural(len(v['monster_deck']), "card"), "monster", True, "board:monster-deck"),
            ("Monster discard", CARDS[v["monster_discard"][-1]]["name"] if v["monster_discard"] else "empty",
             "event", False, "board:monster-discard"),
            ("Mob deck", plural(len(v['mob_deck']), "card"), "action", True, "board:mob-deck"),
            ("Mob discard", CARDS[v["mob_discard"][-1]]["name"] if v["mob_discard"] else "empty", "weapon", False,
             "board:mob-discard"),
        ]
        counts = {"Monster discard": len(v["monster_discard"]), "Mob discard": len(v["mob_discard"])}
        with b.part("table"):
            b.symbol("tp-back", f'<rect width="100" height="100" rx="12" fill="{PALETTE["wood"]}"/>'
                                f'<path d="M20 80 L50 20 L80 80 Z" fill="none" stroke="{PALETTE["gold"]}" stroke-width="6"/>',
                     view_box="0 0 100 100")
            for k, (title, body, kind, deck, topic) in enumerate(piles):
                row, col = divmod(k, cols)
                x = lay.pad + col * (pw + lay.gap)
                y = y0 + row * (ph + lay.gap)
                b.add(f'<g data-topic="{topic}">')
                b.add(f'<rect x="{x:.0f}" y="{y:.0f}" width="{pw:.0f}" height="{ph:.0f}" rx="10" fill="{CARD}" '
                      f'stroke="{KIND_COLOUR[kind]}" stroke-width="4"/>')
                if deck:
                    b.use("tp-back", x + 10, y + 10, lay.small * 2, lay.small * 2)
                b.text(x + (lay.small * 2 + 20 if deck else 12), y + lay.small + 10, title, size=lay.small,
                       weight="bold", fill=INK, width=pw - (lay.small * 2 + 28 if deck else 20))
                b.text(x + 12, y + lay.small * 2 + lay.body + 18, body, size=lay.body, fill=INK, width=pw - 20, lines=2)
                if title in counts and counts[title]:
                    b.text(x + pw - 10, y + ph - 8, f"{counts[title]} in pile", size=lay.small - 2, fill=MUTED,
                           anchor="end")
                b.add("</g>")
            rows = (len(piles) + cols - 1) // cols
            yy = y0 + rows * (ph + lay.gap)
            moor = sorted(v["moor"], key=lambda c: (CARDS[c]["power"], c))
            b.text(lay.pad, yy + lay.head, f"The Moor ({len(moor)})", size=lay.head, weight="bold", fill=INK,
                   data_topic="board:moor")
            yy += lay.head + 10
            x = lay.pad
            chip_h = lay.body + 16
            if not moor:
                b.text(x, yy + lay.body, "empty", size=lay.body, fill=MUTED, data_topic="board:moor")
                yy += chip_h
            for m in moor:
                label = f"{short_name(CARDS[m]['name'])} {CARDS[m]['power']}"
                w = len(label) * lay.body * 0.56 + 24
                if x + w > lay.width - lay.pad:
                    x = lay.pad
                    yy += chip_h + 6
                b.add(about(card_topic(m),
                            f'<rect x="{x:.0f}" y="{yy:.0f}" width="{w:.0f}" height="{chip_h}" rx="{chip_h / 2:.0f}" '
                            f'fill="{CARD}" stroke="{KIND_COLOUR["monster"]}" stroke-width="2"/>'
                            + svg_text(x + w / 2, yy + chip_h / 2 + lay.body * 0.36, label, lay.body, INK,
                                    anchor="middle")))
                x += w + 8
            if moor:
                yy += chip_h
        self.y = yy + lay.gap

    def fight(self) -> None:
        v, lay, b = self.v, self.lay, self.b
        cb = v["combat"]
        stack = v["stack"]
        if cb is None and not stack:
            with b.part("fight"):
                pass  # kept, empty, so the parts stay the same and the page redraws only what changed
            return
        y0 = self.y
        inner = lay.width - 2 * lay.pad
        with b.part("fight"):
            yy = y0
            if cb is not None:
                yy = self.monster_panel(cb, y0, inner)
            for e in stack:
                # A card being played, with its whole text: a player may want to Cancel it.
                c = CARDS[e["card"]]
                who = f"{{seat{e['by']}}} plays"
                if e.get("ts") is not None and c["kind"] != "townsfolk" and c["target"] != "self":
                    who += f" on {{seat{e['ts']}}}"
                    if e.get("tf") is not None and e["tf"] < len(v["mobs"][e["ts"]]):
                        who += f"'s {short_name(CARDS[v['mobs'][e['ts']][e['tf']]['c']]['name'])}"
                b.text(lay.pad + 4, yy + lay.small + 2, self.say(who), size=lay.small, weight="bold", fill=ACCENT,
                       width=inner, data_topic="board:being-played")
                h = card_height(lay, self.v["v"], e["card"], inner, 4)
                b.add(card_face(lay, self.v["v"], lay.pad, yy + lay.small + 10, inner, h, e["card"], False, 4))
                yy += lay.small + 10 + h + lay.gap
        self.y = yy + lay.gap

    def monster_panel(self, cb: dict[str, Any], y0: float, inner: float) -> float:
        """The Monster card and the live sum (beside it, or below it on a phone); returns the bottom."""
        lay, b = self.lay, self.b
        sums = self.d["combat"]
        narrow = lay.hand_cols == 1
        cw = inner - 12 if narrow else inner * 0.45
        card_h = card_height(lay, self.v["v"], cb["m"], cw, 4)
        head_h = lay.small + 12
        big = lay.head * 2
        sum_w = inner - 24 if narrow else inner - cw - 32
        mods = []
        if cb["str"]:
            mods.append(f"cards {cb['str']:+d} Strength")
        if cb["pow"]:
            mods.append(f"{cb['pow']:+d} Power")
        if cb["kill"]:
            mods.append(f"{cb['kill']:+d} Kill")
        for flag, label in (("no_guns", "no guns"), ("no_torches", "no torches"), ("guard", "Town on Guard")):
            if flag in cb["flags"]:
                mods.append(label)
        mods.append(f"kills {sums['kill']} if it wins")
        if cb.get("roll"):
            mods.append(f"flee roll {cb['roll']}")
        mod_lines = self.wrapped(" · ".join(mods), sum_w, lay.small, 3)
        sum_h = lay.name + big + lay.small * 2 + lay.name + 40 + mod_lines * lay.small * 1.2
        if narrow:
            h = head_h + card_h + 10 + sum_h
            sx, sy = lay.pad + 12, y0 + head_h + card_h + 10
        else:
            h = head_h + max(card_h, sum_h) + 10
            sx, sy = lay.pad + cw + 24, y0 + head_h
        b.add(about("board:combat", f'<rect x="{lay.pad}" y="{y0:.0f}" width="{inner}" height="{h:.0f}" rx="14" '
                                    f'fill="{PAPER}" stroke="{KIND_COLOUR["monster"]}" stroke-width="3"/>'))
        how, how_topic = (("Hunted", "rule:hunted-monster") if cb["hunt"] else
                          ("Risen from the Moor", "card:risen") if cb.get("risen") else ("Attacking", "board:combat"))
        b.text(lay.pad + 12, y0 + lay.small + 4, how, size=lay.small, weight="bold", fill=ACCENT, data_topic=how_topic)
        b.add(card_face(lay, self.v["v"], lay.pad + 6, y0 + head_h, cw, card_h, cb["m"], False, 4))
        winning = sums["winning"]
        st, pw = sums["strength"], sums["power"]
        strength, power = {"data_topic": "board:strength"}, {"data_topic": "board:power"}
        b.text(sx, sy + lay.name, self.say(f"{{seat{cb['seat']}}}'s Mob"), size=lay.name, weight="bold", fill=INK,
               width=sum_w, **strength)
        b.text(sx, sy + lay.name + big + 6, str(st), size=big, weight="bold", fill=GOOD if winning else BAD, **strength)
        b.text(sx + big * 1.6, sy + lay.name + big - 6, "vs", size=lay.name, fill=MUTED, data_topic="rule:tie-goes-to-monster")
        b.text(sx + big * 2.6, sy + lay.name + big + 6, str(pw), size=big, weight="bold", fill=INK, **power)
        b.text(sx, sy + lay.name + big + lay.small + 14, "Strength", size=lay.small, fill=MUTED, **strength)
        b.text(sx + big * 2.6, sy + lay.name + big + lay.small + 14, "Power", size=lay.small, fill=MUTED, **power)
        if cb["stage"] == "decide":
            verdict = "Fight or Flee?"
        elif winning:
            verdict = "The Mob wins"
        else:
            verdict = "A tie: the Monster wins" if st == pw else "The Monster wins"
        vy = sy + lay.name + big + lay.small * 2 + lay.name + 22
        b.text(sx, vy, verdict, size=lay.name, weight="bold", fill=GOOD if winning else BAD, width=sum_w,
               data_topic="prompt:fight-or-flee" if cb["stage"] == "decide" else "rule:tie-goes-to-monster")
        with self.about("board:kill"):
            self.text(sx, vy + lay.small + 10, " · ".join(mods), lay.small, fill=MUTED, width=sum_w, lines=3)
        return y0 + h + lay.gap

    def hand(self) -> None:
        v, lay, b = self.v, self.lay, self.b
        seat = self.viewer
        if seat is None:
            return
        cards = [c for c in v["hands"][seat] if c is not None]
        choosing = v["choosing"][seat] if isinstance(v["choosing"][seat], int) else None
        y0 = self.y
        with b.part("hand"):
            b.text(lay.pad, y0 + lay.head, f"Your hand ({len(cards)} of {self.d['limits'][seat]})", size=lay.head,
                   weight="bold", fill=INK, data_topic="board:hand")
            yy = y0 + lay.head + 12
            if choosing is not None:
                b.text(lay.pad, yy + lay.small, "Being played (choose its target):", size=lay.small, fill=ACCENT,
                       weight="bold", data_topic="prompt:choose-target")
                h = card_height(lay, self.v["v"], choosing, lay.width - 2 * lay.pad, 5)
                b.add(card_face(lay, self.v["v"], lay.pad, yy + lay.small + 8, lay.width - 2 * lay.pad, h, choosing, True, 5))
                yy += lay.small + 8 + h + lay.gap
            if not cards:
                b.text(lay.pad, yy + lay.body, "No cards.", size=lay.body, fill=MUTED, data_topic="board:hand")
                self.y = yy + lay.body + lay.gap * 2
                return
            task = v["tasks"][0] if v["tasks"] and v["tasks"][0]["seat"] == seat else None
            discard_main = task is not None and task["k"] in ("flee", "down")
            # Copies of a card play alike: the one action for a name stands for every copy in the hand.
            plays = {CARDS[a["card"]]["name"]: i for i, a in self.controls.of_type("play")}
            discards = {CARDS[a["card"]]["name"]: i for i, a in self.controls.of_type("discard")}
            cols = lay.hand_cols
            cw = (lay.width - 2 * lay.pad - (cols - 1) * lay.gap) / cols
            chip_w = lay.small * 5.5
            chip_of = {cid: None if discard_main else discards.get(CARDS[cid]["name"]) for cid in cards}
            face_w = {cid: cw - (chip_w + 8 if chip_of[cid] is not None else 0) for cid in cards}
            heights = [card_height(lay, self.v["v"], cid, face_w[cid], 5) for cid in cards]
            for r in range(0, len(cards), cols):
                row_h = max(heights[r:r + cols])
                for k, cid in enumerate(cards[r:r + cols]):
                    x = lay.pad + k * (cw + lay.gap)
                    name = CARDS[cid]["name"]
                    main = discards.get(name) if discard_main else plays.get(name)
                    chip = chip_of[cid]
                    fw = face_w[cid]
                    face = card_face(lay, self.v["v"], x, yy, fw, row_h, cid, main is not None, 5)
                    if main is not None:
                        verb = "Discard" if discard_main else "Play"
                        b.control(main, f"{verb} {name}: {CARDS[cid]['text']}", face, text=name,
                                  data_topic=card_topic(cid))
                    else:
                        b.add(face)
                    if chip is not None:
                        body = (f'<rect x="{x + fw + 8:.0f}" y="{yy:.0f}" width="{chip_w:.0f}" height="{row_h:.0f}" '
                                f'rx="12" fill="{PAPER}" stroke="{INK}" stroke-width="2"/>'
                                + svg_text(x + fw + 8 + chip_w / 2, yy + row_h / 2 + lay.small * 0.36, "Discard",
                                        lay.small, INK, "bold", anchor="middle"))
                        b.control(chip, f"Discard {name}", body, text="Discard", data_topic="action:discard")
                yy += row_h + lay.gap
        self.y = yy + lay.gap

    def mobs(self) -> None:
        v = self.v
        n = v["n"]
        start = self.viewer if self.viewer is not None else v["turn"]
        for k in range(n):
            self.mob((start + k) % n)

    def mob(self, seat: int) -> None:
        v, d, lay, b = self.v, self.d, self.lay, self.b
        top = self.y
        # Drawn near y=0 and moved down by whole units: a taller part above only moves this one
        # (the fraction stays inside, so every shape lands where it always did).
        shift = round(top)
        y0 = top - shift
        mob = v["mobs"][seat]
        inner = lay.width - 2 * lay.pad
        cols = lay.folk_cols
        tw = (inner - 24 - (cols - 1) * lay.gap) / cols
        th = lay.name + lay.small * 2 + 34
        rows = (len(mob) + cols - 1) // cols
        slain = v["scores"][seat]
        slain_text = "Slain: " + (" · ".join(f"{short_name(CARDS[m]['name'])} {CARDS[m]['power']}" for m in slain)
                                  if slain else "none yet")
        slain_lines = self.wrapped(slain_text, inner - 24, lay.small, 4)
        head_h = lay.name + lay.small * 2 + 40
        h = head_h + rows * (th + lay.gap) + slain_lines * lay.small * 1.2 + 16
        is_turn = seat == v["turn"] and not d["over"]
        with b.part(f"mob-{seat}", dy=shift):
            stroke = f'stroke="{HOT}" stroke-width="5"' if is_turn else f'stroke="{LINE}" stroke-width="2"'
            b.add('<g data-topic="board:mob">')
            b.add(f'<rect x="{lay.pad}" y="{y0:.0f}" width="{inner}" height="{h:.0f}" rx="14" fill="{PAPER}" {stroke}/>')
            you = " (you)" if seat == self.viewer else ""
            bar_w = inner * 0.38
            b.text(lay.pad + 12, y0 + lay.name + 8, self.say(f"{{seat{seat}}}{you}"), size=lay.name, weight="bold",
                   fill=INK, width=inner - bar_w - 36)
            score = d["scores"][seat]
            target = v["target"]
            bx = lay.pad + inner - 12 - bar_w
            b.add('<g data-topic="board:score">')
            b.add(f'<rect x="{bx:.0f}" y="{y0 + 10:.0f}" width="{bar_w:.0f}" height="{lay.small + 12}" '
                  f'rx="{(lay.small + 12) / 2:.0f}" fill="{CARD}" stroke="{LINE}"/>')
            share = min(1.0, score / target)
            if share > 0:
                b.add(f'<rect x="{bx:.0f}" y="{y0 + 10:.0f}" width="{bar_w * share:.0f}" height="{lay.small + 12}" '
                      f'rx="{(lay.small + 12) / 2:.0f}" fill="{HOT}"/>')
            b.text(bx + bar_w / 2, y0 + lay.small + 14, f"Score {score} of {target}", size=lay.small, weight="bold",
                   fill=INK, anchor="middle")
            b.add("</g>")
            defense = v["defense"][seat]
            held = f"Hand {len(v['hands'][seat])}"
            b.text(lay.pad + 12, y0 + lay.name + lay.small + 18, held + " ·", size=lay.small, fill=MUTED,
                   data_topic="board:hand-count")
            b.text(lay.pad + 12 + (len(held) + 3) * lay.small * 0.56, y0 + lay.name + lay.small + 18,
                   f"Strength {d['strength'][seat]}", size=lay.small, fill=MUTED, data_topic="board:strength")
            b.text(lay.pad + 12, y0 + lay.name + lay.small * 2 + 26,
                   f"Defense: {CARDS[defense]['name'] if defense is not None else 'none'}", size=lay.small,
                   fill=INK if defense is not None else MUTED, width=inner - 24 - (lay.small * 6 if cols == 2 else 0),
                   data_topic="card:defense" if defense is not None else "board:defense")
            chosen = self.controls.find({"type": "target", "seat": seat})
            if chosen is not None:
                w = lay.small * 6
                self.button(lay.pad + inner - 12 - w, y0 + lay.name + 12, w, lay.button_h - 8, chosen,
                            f"Choose {{seat{seat}}}", True)
            yy = y0 + head_h
            for k, t in enumerate(mob):
                row, col = divmod(k, cols)
                self.folk(lay.pad + 12 + col * (tw + lay.gap), yy + row * (th + lay.gap), tw, th, seat, k, t)
            yy += rows * (th + lay.gap)
            with self.about("board:slain"):
                self.text(lay.pad + 12, yy + lay.small, slain_text, lay.small, width=inner - 24, lines=4)
            b.add("</g>")
        self.y = top + h + lay.gap

    def folk(self, x: float, y: float, w: float, h: float, seat: int, k: int, t: dict[str, Any]) -> None:
        lay, b = self.lay, self.b
        c = CARDS[t["c"]]
        own = [{"type": kind, "tf": k} for kind in ("kill", "remove", "revive")] if seat == self.viewer else []
        index = self.first_legal({"type": "target", "seat": seat, "tf": k}, *own)
        body = folk_face(lay, self.v["v"], x, y, w, h, t, self.d["folk"][seat][k], hot=index is not None)
        topic = card_topic(t["c"], dead=t["dead"])
        if index is not None:
            verb = {"target": "Choose", "kill": "This one dies:", "remove": "Remove", "revive": "Bring back"}[
                self.legal[index]["type"]]
            b.control(index, f"{verb} {c['name']}", body, text=short_name(c["name"]), data_topic=topic)
        else:
            b.add(about(topic, body))

    def leftovers(self) -> None:
        """Any legal action not shown elsewhere gets a plain button (nothing is ever out of reach)."""
        rest = self.controls.rest()
        if not rest:
            return
        lay = self.lay
        with self.b.part("more"):
            bottom = self.b.buttons(rest, lambda a: self.say(_action_label(a)), lay.pad, self.y, lay.width - 2 * lay.pad,
                                    height=lay.button_h, gap=lay.gap, size=lay.small, fill=CARD, ink=INK, rx=12)
        self.y = bottom + lay.gap * 2

    def draw(self) -> Drawing:
        self.header()
        self.ask()
        self.table()
        self.fight()
        self.hand()
        self.mobs()
        self.leftovers()
        self.b.height = int(self.y + self.lay.gap)
        return self.b.svg()

def _action_label(a: dict[str, Any]) -> str:
    """A plain button's words (players as {seatN}, for the names to be put in once)."""
    t = a["type"]
    if "card" in a:
        return f"{t.capitalize()} {CARDS[a['card']]['name']}"
    if t == "target":
        return f"Target {{seat{a['seat']}}}" + (f", Townsfolk {a['tf'] + 1}" if a.get("tf") is not None else "")
    if "tf" in a:
        return f"{t.capitalize()} Townsfolk {a['tf'] + 1}"
    return t.capitalize()


def render(view: dict[str, Any], ui: dict[str, Any]) -> Drawing:
    return _Renderer(view, ui).draw()


__all__ = ["render", "WIDE", "NARROW"]
