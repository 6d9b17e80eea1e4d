"""Torches & Pitchforks board as one SVG string (pure function of the view).

A tall layout, 1000 units wide, meant to stay legible on a 390 px phone: the prompt and its
buttons first, then the table (decks, discard piles, the Moor, the Monster being fought with
the live Strength-versus-Power sum), your hand, and every Mob with its Townsfolk, their
Enhancements, its Defense and its score pile.
"""

from __future__ import annotations

from html import unescape
from typing import Any, Optional

from tabletown.engine.svg import action_attrs, esc, names_in, svg_open

from .content import CARDS
from .rules import enh_value, folk_value

W = 1000
PAD = 20
SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
SERIF = "Georgia, 'Times New Roman', serif"

STYLE = f"""<style>
.tp-bg{{fill:#1d2233}}
.tp-panel{{fill:#2a3148;stroke:#47507a;stroke-width:2}}
.tp-parch{{fill:#f6ecd2;stroke:#8a6a3c;stroke-width:2}}
.tp-dead{{fill:#3b3440;stroke:#1a161d;stroke-width:2}}
.tp-t{{font-family:{SANS};fill:#f3ead8}}
.tp-d{{font-family:{SANS};fill:#2b1c10}}
.tp-h{{font-family:{SERIF};font-weight:700}}
.tp-b{{font-weight:700}}
.tp-mut{{fill:#b9b4c8}}
.tp-dmut{{fill:#6b5a45}}
.tp-red{{fill:#d8473b}}
.tp-grn{{fill:#4caf6a}}
.tp-gold{{fill:#f0b54a}}
.tp-hot{{stroke:#ffd34d;stroke-width:5}}
.tp-btn{{fill:#e8892b;stroke:#ffd34d;stroke-width:3}}
.tp-btn2{{fill:#4a5379;stroke:#ffd34d;stroke-width:3}}
</style>"""

KIND_COLOR = {
    "action": "#7b3f98", "weapon": "#9a5a1c", "leader": "#1f6f8b", "defense": "#2e7d4f",
    "townsfolk": "#8b6d1f", "monster": "#9c2b25", "event": "#4d4d73",
}


def _approx_width(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * (0.6 if bold else 0.54)


def fit(text: str, width: float, size: int, smallest: int = 18, bold: bool = True) -> tuple[int, str]:
    """A font size (and if need be a shortened text) that fits `width`."""
    while size > smallest and _approx_width(text, size, bold) > width:
        size -= 1
    while len(text) > 4 and _approx_width(text, size, bold) > width:
        text = text[:-2].rstrip() + "…"
    return size, text


def wrap(text: str, width: float, size: float, max_lines: int = 4, bold: bool = False) -> list[str]:
    words = text.split()
    lines: list[str] = []
    line = ""
    for w in words:
        trial = f"{line} {w}" if line else w
        if _approx_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,") + "…"
    return lines


def short_name(name: str) -> str:
    return name.split(",")[0]


class _Board:
    def __init__(self, view: dict[str, Any], ui: dict[str, Any]):
        self.v = view
        self.ui = ui
        self.names: list[str] = list(ui.get("names") or [f"Player {i + 1}" for i in range(view["n"])])
        while len(self.names) < view["n"]:
            self.names.append(f"Player {len(self.names) + 1}")
        self.viewer: Optional[int] = ui.get("viewer")
        self.legal: list[dict[str, Any]] = list(ui.get("legal") or [])
        self.used: set[int] = set()
        self.out: list[str] = []
        self.y = 0

    # --- drawing tools ---------------------------------------------------------------------------------
    def text(self, s: str) -> str:
        """Escape text and put in the (already escaped) player names."""
        return names_in(esc(s), self.names)

    def t(self, x: float, y: float, s: str, size: int = 26, cls: str = "tp-t", anchor: str = "start",
          extra: str = "") -> None:
        self.out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" class="{cls}" '
                        f'text-anchor="{anchor}"{extra}>{self.text(s)}</text>')

    def idx(self, pred) -> list[int]:
        return [i for i, a in enumerate(self.legal) if pred(a)]

    def attrs(self, i: int, label: str) -> str:
        self.used.add(i)
        return action_attrs(i, label)

    def button(self, x: float, y: float, w: float, h: float, i: int, label: str, primary: bool = True) -> None:
        cls = "tp-btn" if primary else "tp-btn2"
        self.out.append(f'<g{self.attrs(i, label)}><rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" '
                        f'rx="14" class="{cls}"/>')
        size = 28 if _approx_width(label, 28) < w - 16 else 22
        self.t(x + w / 2, y + h / 2 + size * 0.36, label, size, "tp-t tp-b", "middle")
        self.out.append("</g>")

    # --- sections ----------------------------------------------------------------------------------
    def header(self) -> None:
        v = self.v
        self.out.append(f'<rect x="0" y="0" width="{W}" height="100" fill="#141827"/>')
        self.t(PAD, 44, "Torches & Pitchforks", 36, "tp-t tp-h")
        self.t(W - PAD, 44, f"First to {v['target']}", 28, "tp-t tp-gold tp-b", "end")
        if v["over"]:
            sub = "Game over"
        else:
            phase = {"attack": "Attack!", "hunt": "Hunt!", "recoup": "Recoup", "discard": "Discard"}.get(v["phase"], "")
            sub = f"Turn {v['turns']} · {{seat{v['turn']}}}'s turn · {phase}"
        self.t(PAD, 84, sub, 28, "tp-t tp-mut")
        self.y = 112

    def prompt(self) -> None:
        v = self.v
        y0 = self.y
        active = self.viewer is not None and self.viewer in v["active"]
        if v["over"]:
            msg = self._over_text()
        else:
            msg = v.get("prompt") or ""
        lines = wrap(self.text_plain(msg), W - 2 * PAD - 40, 32, 5, bold=True)
        buttons = self._prompt_buttons()
        h = 30 + 42 * len(lines) + (90 * ((len(buttons) + 3) // 4) if buttons else 0) + 10
        cls = "tp-hot" if active else ""
        self.out.append(f'<rect x="{PAD}" y="{y0}" width="{W - 2 * PAD}" height="{h}" rx="16" class="tp-panel {cls}"/>')
        yy = y0 + 44
        for line in lines:
            self.out.append(f'<text x="{PAD + 20}" y="{yy}" font-size="32" class="tp-t tp-b">{line}</text>')
            yy += 42
        bx, by = PAD + 20, yy - 10
        bw = (W - 2 * PAD - 40 - 3 * 16) / 4
        for k, (i, label, primary) in enumerate(buttons):
            col = k % 4
            if k and col == 0:
                by += 90
            self.button(bx + col * (bw + 16), by, bw, 72, i, label, primary)
        self.y = y0 + h + 16

    def text_plain(self, s: str) -> str:
        """Text with names put in, already escaped (for wrapped lines)."""
        return names_in(esc(s), self.names)

    def _over_text(self) -> str:
        v = self.v
        out = v.get("outcome") or {}
        w = v.get("winner")
        first = f"{{seat{w}}} saves the town with {v['score_totals'][w]} points!" if w is not None else "The game is over."
        rest = " · ".join(f"{{seat{p}}} {v['score_totals'][p]}" for p in range(v["n"]) if p != w)
        extra = " ".join(out.get("tiebreaks", [])[1:])
        return f"{first} Others: {rest}. {extra}".strip()

    def _prompt_buttons(self) -> list[tuple[int, str, bool]]:
        labels = {"flip": ("Flip a Monster", True), "fight": ("Fight!", True), "flee": ("Flee (roll)", False),
                  "hunt": ("Hunt the Moor", True), "skip": ("No Hunt", False), "end": ("End turn", True),
                  "pass": ("Pass", False), "drop_defense": ("Drop Defense", False)}
        out = []
        for i, a in enumerate(self.legal):
            if a["type"] in labels:
                label, primary = labels[a["type"]]
                if a["type"] == "pass" and self.v["xw"] is not None:
                    label = "Let it stand"
                out.append((i, label, primary))
        return out

    def table(self) -> None:
        v = self.v
        y0 = self.y
        # Four piles in a row.
        pw, ph = (W - 2 * PAD - 3 * 14) / 4, 150
        piles = [
            ("Monster deck", f"{v['monster_deck_count']} cards", None, "monster"),
            ("Monster discard", CARDS[v["monster_discard"][-1]]["name"] if v["monster_discard"] else "empty",
             len(v["monster_discard"]), "event"),
            ("Mob deck", f"{v['mob_deck_count']} cards", None, "action"),
            ("Mob discard", CARDS[v["mob_discard"][-1]]["name"] if v["mob_discard"] else "empty",
             len(v["mob_discard"]), "weapon"),
        ]
        for k, (title, body, count, kind) in enumerate(piles):
            x = PAD + k * (pw + 14)
            face = "deck" in title and "discard" not in title
            fill = "#3a2a55" if face else "#f6ecd2"
            self.out.append(f'<rect x="{x:.0f}" y="{y0}" width="{pw:.0f}" height="{ph}" rx="12" fill="{fill}" '
                            f'stroke="{KIND_COLOR[kind]}" stroke-width="4"/>')
            cls = "tp-t" if face else "tp-d"
            self.t(x + pw / 2, y0 + 36, title, 24, f"{cls} tp-b", "middle")
            lines = wrap(esc(body), pw - 16, 26, 2)
            for j, line in enumerate(lines):
                self.out.append(f'<text x="{x + pw / 2:.0f}" y="{y0 + 80 + j * 30}" font-size="26" class="{cls}" '
                                f'text-anchor="middle">{line}</text>')
            if count:
                self.t(x + pw / 2, y0 + ph - 14, f"{count} in pile", 20, f"{cls} {'tp-mut' if face else 'tp-dmut'}", "middle")
        self.y = y0 + ph + 16
        # The Moor.
        moor = v["moor"]
        self.t(PAD, self.y + 30, f"The Moor ({len(moor)})", 28, "tp-t tp-h")
        x = PAD + 200
        yy = self.y
        if not moor:
            self.t(x, yy + 30, "empty", 24, "tp-t tp-mut")
        for m in sorted(moor, key=lambda c: (CARDS[c]["power"], c)):
            label = f"{short_name(CARDS[m]['name'])} {CARDS[m]['power']}"
            w = _approx_width(label, 24) + 28
            if x + w > W - PAD:
                x = PAD + 200
                yy += 52
            self.out.append(f'<rect x="{x:.0f}" y="{yy + 4}" width="{w:.0f}" height="42" rx="21" fill="#5b2a2a" '
                            f'stroke="#c0584b" stroke-width="2"/>')
            self.t(x + w / 2, yy + 33, label, 24, "tp-t", "middle")
            x += w + 10
        self.y = yy + 62
        self.combat()

    def combat(self) -> None:
        v = self.v
        cb = v["combat"]
        stack = v["stack"]
        if cb is None and not stack:
            return
        y0 = self.y
        h = 0
        if cb is not None:
            m = CARDS[cb["m"]]
            h = 300
            self.out.append(f'<rect x="{PAD}" y="{y0}" width="{W - 2 * PAD}" height="{h}" rx="16" class="tp-panel"/>')
            # The Monster card.
            cx, cw, ch = PAD + 16, 330, h - 32
            self.out.append(f'<rect x="{cx}" y="{y0 + 16}" width="{cw}" height="{ch}" rx="14" fill="#f3e3d0" '
                            f'stroke="{KIND_COLOR["monster"]}" stroke-width="5"/>')
            self.out.append(f'<rect x="{cx}" y="{y0 + 16}" width="{cw}" height="40" rx="14" fill="{KIND_COLOR["monster"]}"/>')
            how = "Hunted" if cb["hunt"] else ("Risen" if cb.get("risen") else "Attacking")
            self.t(cx + cw / 2, y0 + 45, f"{how} · {m['mtype']}", 22, "tp-t tp-b", "middle")
            yy = y0 + 92
            for line in wrap(esc(m["name"]), cw - 20, 30, 2):
                self.out.append(f'<text x="{cx + cw / 2}" y="{yy}" font-size="30" class="tp-d tp-h" text-anchor="middle">{line}</text>')
                yy += 34
            self.t(cx + 20, yy + 24, f"Power {m['power']}", 30, "tp-d tp-b")
            self.t(cx + cw - 20, yy + 24, f"Kill {m['kill']}", 30, "tp-d tp-b", "end")
            yy += 56
            for line in wrap(esc(m["text"]), cw - 24, 20, 3):
                self.out.append(f'<text x="{cx + 12}" y="{yy}" font-size="20" class="tp-d">{line}</text>')
                yy += 24
            # The live sum.
            sx = cx + cw + 24
            st, pw = v["combat_strength"], v["combat_power"]
            winning = bool(cb.get("melt")) or st > pw
            seat = cb["seat"]
            self.t(sx, y0 + 54, f"{{seat{seat}}}'s Mob", 30, "tp-t tp-b")
            big = "tp-grn" if winning else "tp-red"
            self.t(sx, y0 + 130, f"{st}", 72, f"tp-t tp-b {big}")
            self.t(sx + 110, y0 + 116, "vs", 30, "tp-t tp-mut")
            self.t(sx + 170, y0 + 130, f"{pw}", 72, "tp-t tp-b")
            self.t(sx, y0 + 166, "Strength", 24, "tp-t tp-mut")
            self.t(sx + 170, y0 + 166, "Power", 24, "tp-t tp-mut")
            verdict = "The Mob wins" if winning else ("A tie: the Monster wins" if st == pw else "The Monster wins")
            if cb["stage"] == "decide":
                verdict = "Fight or Flee?"
            self.t(sx, y0 + 212, verdict, 28, f"tp-t tp-b {'tp-grn' if winning else 'tp-red'}")
            mods = []
            if cb["str"]:
                mods.append(f"cards {cb['str']:+d} Strength")
            if cb["pow"]:
                mods.append(f"{cb['pow']:+d} Power")
            if cb["kill"]:
                mods.append(f"{cb['kill']:+d} Kill")
            for f, label in (("no_guns", "no guns"), ("no_torches", "no torches"), ("guard", "Town on Guard")):
                if f in cb["flags"]:
                    mods.append(label)
            if mods:
                self.t(sx, y0 + 252, " · ".join(mods), 22, "tp-t tp-gold")
            if cb.get("roll"):
                self.t(sx, y0 + 282, f"Flee roll: {cb['roll']}", 22, "tp-t tp-mut")
        if stack:
            sy = y0 + h + (12 if h else 0)
            sh = 24 + 44 * len(stack)
            self.out.append(f'<rect x="{PAD}" y="{sy}" width="{W - 2 * PAD}" height="{sh}" rx="14" fill="#402a52" '
                            f'stroke="#c79bea" stroke-width="3"/>')
            for k, e in enumerate(stack):
                c = CARDS[e["card"]]
                label = f"Being played: {{seat{e['by']}}} plays {c['name']}"
                if e.get("ts") is not None and c["kind"] not in ("townsfolk",):
                    if e.get("tf") is not None and e["ts"] < len(v["mobs"]) and e["tf"] < len(v["mobs"][e["ts"]]):
                        label += f" on {{seat{e['ts']}}}'s {short_name(CARDS[v['mobs'][e['ts']][e['tf']]['c']]['name'])}"
                    elif c["target"] != "self":
                        label += f" on {{seat{e['ts']}}}"
                big = _big_number(c)
                if big and c["kind"] == "action":
                    label += f" ({big})"
                self.t(PAD + 20, sy + 46 + 44 * k, label, 26, "tp-t tp-b")
            h = sy + sh - y0
        self.y = y0 + h + 16

    # --- the hand -----------------------------------------------------------------------------------
    def hand(self) -> None:
        v = self.v
        seat = self.viewer
        if seat is None or v.get("hand") is None:
            return
        hand = v["hand"]
        y0 = self.y
        self.t(PAD, y0 + 30, f"Your hand ({len(hand)}/{v['limits'][seat]})", 30, "tp-t tp-h")
        self.y = y0 + 46
        if not hand:
            self.t(PAD, self.y + 30, "No cards.", 26, "tp-t tp-mut")
            self.y += 60
            return
        plays = {a["card"]: i for i, a in enumerate(self.legal) if a["type"] == "play"}
        discards = {a["card"]: i for i, a in enumerate(self.legal) if a["type"] == "discard"}
        task = v["tasks"][0] if v["tasks"] and v["tasks"][0]["seat"] == seat else None
        discard_is_main = task is not None and task["k"] in ("flee", "down")
        play_by_name = {CARDS[c]["name"]: i for c, i in plays.items()}
        discard_by_name = {CARDS[c]["name"]: i for c, i in discards.items()}
        per_row = 2
        cw = (W - 2 * PAD - (per_row - 1) * 16) / per_row
        ch = 176
        for k, cid in enumerate(hand):
            row, col = divmod(k, per_row)
            x = PAD + col * (cw + 16)
            y = self.y + row * (ch + 14)
            c = CARDS[cid]
            main = discard_by_name.get(c["name"]) if discard_is_main else play_by_name.get(c["name"])
            verb = "Discard" if discard_is_main else "Play"
            chip = None if discard_is_main else discard_by_name.get(c["name"])
            self._hand_card(x, y, cw, ch, cid, main, f"{verb} {c['name']}", chip is not None)
            if chip is not None:
                self.out.append(f'<g{self.attrs(chip, "Discard " + c["name"])}><rect x="{x + cw - 150:.0f}" '
                                f'y="{y + 8:.0f}" width="142" height="48" rx="12" class="tp-btn2"/>')
                self.t(x + cw - 79, y + 41, "Discard", 24, "tp-t tp-b", "middle")
                self.out.append("</g>")
        rows = (len(hand) + per_row - 1) // per_row
        self.y += rows * (ch + 14) + 6

    def _hand_card(self, x: float, y: float, w: float, h: float, cid: int, action: Optional[int], label: str,
                   chip: bool) -> None:
        c = CARDS[cid]
        kind = c["kind"]
        color = KIND_COLOR[kind]
        open_g = f'<g{self.attrs(action, label)}>' if action is not None else "<g>"
        self.out.append(open_g)
        hot = ' class="tp-parch tp-hot"' if action is not None else ' class="tp-parch"'
        sel = self.v.get("select") or {}
        if sel.get("card") == cid:
            hot = ' class="tp-parch" style="stroke:#e8892b;stroke-width:8"'
        self.out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h}" rx="14"{hot}/>')
        if sel.get("card") == cid:
            self.t(x + w - 16, y + h - 14, "choosing a target…", 22, "tp-d tp-b", "end")
        self.out.append(f'<rect x="{x + 4:.0f}" y="{y + 4:.0f}" width="14" height="{h - 8}" rx="6" fill="{color}"/>')
        tag = _tag(c)
        self.out.append(f'<text x="{x + 30:.0f}" y="{y + 36:.0f}" font-size="22" class="tp-d tp-b" '
                        f'style="fill:{color}">{esc(tag)}</text>')
        size, nm = fit(c["name"], w - 48, 32, 22)
        self.t(x + 30, y + 80, nm, size, "tp-d tp-b")
        yy = y + 112
        for line in wrap(esc(c["text"]), w - 48, 21, 3):
            self.out.append(f'<text x="{x + 30:.0f}" y="{yy:.0f}" font-size="21" class="tp-d">{line}</text>')
            yy += 25
        self.out.append("</g>")

    # --- Mobs ---------------------------------------------------------------------------------------
    def mobs(self) -> None:
        v = self.v
        n = v["n"]
        start = self.viewer if self.viewer is not None else v["turn"]
        for k in range(n):
            self.mob((start + k) % n)

    def mob(self, seat: int) -> None:
        v = self.v
        y0 = self.y
        mob = v["mobs"][seat]
        cols = 3
        tw = (W - 2 * PAD - 32 - (cols - 1) * 10) / cols
        th = 96
        rows = (len(mob) + cols - 1) // cols
        slain = v["scores"][seat]
        label = "Slain: " + (" · ".join(f"{short_name(CARDS[m]['name'])} {CARDS[m]['power']}" for m in slain)
                             if slain else "none yet")
        slain_lines = wrap(esc(label), W - 2 * PAD - 32, 24, 3)
        h = 150 + rows * (th + 10) + 22 + 28 * len(slain_lines)
        is_turn = seat == v["turn"] and not v["over"]
        border = "#ffd34d" if is_turn else "#47507a"
        self.out.append(f'<rect x="{PAD}" y="{y0}" width="{W - 2 * PAD}" height="{h}" rx="16" fill="#262c40" '
                        f'stroke="{border}" stroke-width="{4 if is_turn else 2}"/>')
        # Header: name, score, hand, Defense.
        you = " (you)" if seat == self.viewer else ""
        self.t(PAD + 16, y0 + 42, f"{{seat{seat}}}{you}", 32, "tp-t tp-h")
        score = v["score_totals"][seat]
        target = v["target"]
        bx, bw = W - PAD - 16 - 330, 330
        self.out.append(f'<rect x="{bx}" y="{y0 + 16}" width="{bw}" height="34" rx="17" fill="#141827"/>')
        fill = min(1.0, score / target)
        if fill > 0:
            self.out.append(f'<rect x="{bx}" y="{y0 + 16}" width="{bw * fill:.0f}" height="34" rx="17" fill="#e8892b"/>')
        self.t(bx + bw / 2, y0 + 42, f"Score {score} / {target}", 24, "tp-t tp-b", "middle")
        hand_n = v["hand_counts"][seat]
        d = v["defense"][seat]
        info = [f"Hand {hand_n} · Strength {v['strength'][seat]}",
                f"Defense: {CARDS[d]['name'] if d is not None else 'none'}"]
        for j, line in enumerate(info):
            self.t(PAD + 16, y0 + 82 + 30 * j, line, 24, "tp-t tp-mut" if j == 0 or d is None else "tp-t tp-gold")
        # Seat-target button (Defense placement, spies, revivals...).
        tgt = self.idx(lambda a: a["type"] == "target" and a.get("seat") == seat and a.get("tf") is None)
        yy = y0 + 134
        if tgt:
            i = tgt[0]
            self.out.append(f'<g{self.attrs(i, "Choose " + self._plain_name(seat))}><rect x="{W - PAD - 16 - 240}" '
                            f'y="{y0 + 60}" width="240" height="60" rx="14" class="tp-btn"/>')
            self.t(W - PAD - 16 - 120, y0 + 99, "Choose", 28, "tp-t tp-b", "middle")
            self.out.append("</g>")
        # Townsfolk tiles.
        for k, t in enumerate(mob):
            row, col = divmod(k, cols)
            x = PAD + 16 + col * (tw + 10)
            y = yy + row * (th + 10)
            self._folk(x, y, tw, th, seat, k, t)
        yy += rows * (th + 10)
        for j, line in enumerate(slain_lines):
            self.out.append(f'<text x="{PAD + 16}" y="{yy + 30 + 28 * j}" font-size="24" class="tp-t">{line}</text>')
        self.y = y0 + h + 16

    def _plain_name(self, seat: int) -> str:
        # ui names arrive escaped and action_attrs escapes again: undo the first escaping.
        return unescape(self.names[seat])

    def _folk(self, x: float, y: float, w: float, h: float, seat: int, k: int, t: dict[str, Any]) -> None:
        v = self.v
        c = CARDS[t["c"]]
        cb = v["combat"]
        monster = CARDS[cb["m"]] if cb is not None and cb["seat"] == seat else None
        acts = self.idx(lambda a: (a["type"] == "target" and a.get("seat") == seat and a.get("tf") == k)
                        or (a["type"] in ("kill", "remove") and seat == self.viewer and a.get("tf") == k))
        if acts:
            a = self.legal[acts[0]]
            verb = {"target": "Choose", "kill": "This one dies:", "remove": "Remove"}[a["type"]]
            self.out.append("<g" + self.attrs(acts[0], verb + " " + c["name"]) + ">")
        else:
            self.out.append("<g>")
        hot = " tp-hot" if acts else ""
        if t["dead"]:
            self.out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h}" rx="10" class="tp-dead{hot}"/>')
            self.out.append(f'<path d="M{x + 12:.0f} {y + 12:.0f} l{w - 24:.0f} {h - 24} M{x + w - 12:.0f} {y + 12:.0f} '
                            f'l-{w - 24:.0f} {h - 24}" stroke="#4c4452" stroke-width="3"/>')
            self.t(x + w / 2, y + 40, "✝ dead", 26, "tp-t tp-b tp-mut", "middle")
            self.t(x + w / 2, y + 74, short_name(c["name"]), 22, "tp-t tp-mut", "middle")
            self.out.append("</g>")
            return
        self.out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h}" rx="10" class="tp-parch{hot}"/>')
        size, nm = fit(short_name(c["name"]), w - 80, 26, 19)
        self.t(x + 10, y + 34, nm, size, "tp-d tp-b")
        # Strength badge: this Townsfolk with its Enhancements (against the Monster in a fight).
        combat = cb if monster is not None else None
        val = folk_value(t["c"], monster) + sum(enh_value(e, monster, combat) for e in t["enh"])
        self.out.append(f'<circle cx="{x + w - 30:.0f}" cy="{y + 30:.0f}" r="22" fill="#e8892b" stroke="#8a4b12" stroke-width="2"/>')
        self.t(x + w - 30, y + 39, str(val), 26, "tp-t tp-b", "middle")
        if t["enh"]:
            parts = []
            for e in t["enh"]:
                ec = CARDS[e]
                bonus = enh_value(e, None, None)
                tag = "★" if ec["kind"] == "leader" else ""
                parts.append(f"{tag}{ec['name']}" + (f" +{bonus}" if bonus else ""))
            lines = wrap(" · ".join(parts), w - 16, 21, 2)
            for j, line in enumerate(lines):
                self.t(x + 10, y + 64 + 24 * j, line, 21, "tp-d")
        elif c["perk"] or c["bonus"] or c["vs_bonus"]:
            self.t(x + 10, y + 66, _perk_label(c), 20, "tp-d tp-dmut")
        self.out.append("</g>")

    def news(self) -> None:
        recent = self.v.get("recent") or []
        if not recent:
            return
        y0 = self.y
        lines: list[str] = []
        for line in recent[-5:]:
            lines += wrap(self.text_plain(line), W - 2 * PAD - 40, 22, 3)
        h = 56 + 28 * len(lines)
        self.out.append(f'<rect x="{PAD}" y="{y0}" width="{W - 2 * PAD}" height="{h}" rx="14" class="tp-panel"/>')
        self.t(PAD + 20, y0 + 36, "Town crier", 26, "tp-t tp-h")
        for j, line in enumerate(lines):
            self.out.append(f'<text x="{PAD + 20}" y="{y0 + 68 + 28 * j}" font-size="22" class="tp-t">{line}</text>')
        self.y = y0 + h + 16

    def leftovers(self) -> None:
        """Any legal action not shown elsewhere gets a plain button (nothing is ever unreachable)."""
        rest = [i for i in range(len(self.legal)) if i not in self.used]
        if not rest:
            return
        y0 = self.y
        bw = (W - 2 * PAD - 3 * 16) / 4
        for k, i in enumerate(rest):
            row, col = divmod(k, 4)
            self.button(PAD + col * (bw + 16), y0 + row * 86, bw, 72, i, _action_label(self.legal[i]), False)
        self.y = y0 + ((len(rest) + 3) // 4) * 86 + 10

    def svg(self) -> str:
        self.header()
        self.prompt()
        self.table()
        self.hand()
        self.mobs()
        self.leftovers()
        self.news()
        height = self.y + 10
        head = svg_open(W, height, "Torches & Pitchforks board")
        if self.v["over"]:
            head = head[:-1] + ' data-game-over="true">'
        return "".join([head, STYLE, f'<rect x="0" y="0" width="{W}" height="{height}" class="tp-bg"/>']
                       + self.out + ["</svg>"])


def _tag(c: dict[str, Any]) -> str:
    kind = c["kind"]
    big = _big_number(c)
    if kind == "action":
        if c["effect"] == "cancel":
            return "Cancel"
        head = "Combat" if c["timing"] == "combat" else "Any time"
        return f"{head} · {big}" if big else head
    if kind == "defense":
        return "Defense vs " + ", ".join(c["defends"])
    label = {"weapon": "Weapon", "leader": "Leader", "townsfolk": "Townsfolk"}[kind]
    return f"{label} {big}" if big else label


def _big_number(c: dict[str, Any]) -> str:
    kind = c["kind"]
    if kind == "weapon" or (kind == "leader" and c["bonus"]):
        return f"+{c['bonus']}"
    if kind == "action":
        if c["str"]:
            return f"{c['str']:+d} Str"
        if c["pow"]:
            return f"{c['pow']:+d} Pow"
        if c["effect"] == "cancel":
            return "Cancel"
    if kind == "townsfolk":
        return f"+{1 + c['bonus']}"
    return ""


def _perk_label(c: dict[str, Any]) -> str:
    if c["vs_bonus"]:
        return f"+{c['vs_bonus']} vs {', '.join(c['vs'])}"
    if c["bonus"]:
        return f"+{c['bonus']} Strength"
    return {"hand": "hand limit 6", "tough": "can't be bumped", "revive": "extra Recoup", "slots": "2 Weapons",
            "flee": "flee cheaper", "last": "dies last"}.get(c["perk"], "")


def _action_label(a: dict[str, Any]) -> str:
    t = a["type"]
    if "card" in a:
        return f"{t.capitalize()} {CARDS[a['card']]['name']}"
    if t == "target":
        return f"Target player {a['seat'] + 1}" + (f" Townsfolk {a['tf'] + 1}" if a.get("tf") is not None else "")
    if "tf" in a:
        return f"{t.capitalize()} Townsfolk {a['tf'] + 1}"
    return t.capitalize()


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    return _Board(view, ui).svg()


__all__ = ["render"]
