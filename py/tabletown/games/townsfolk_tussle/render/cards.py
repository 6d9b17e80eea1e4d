"""The cards: townsfolk to choose, the Ruffian and its action card, the Peddler's table and the townsfolk cards."""

from __future__ import annotations

from typing import Any

from tabletown.engine.draw import Board, fit_lines
from tabletown.engine.words import plural

from .. import content as C
from .common import (
    DIR_NAME,
    SLOT_NAMES,
    P,
    _n,
    folk_name,
    footprint_name,
    gear_line,
    open_about,
    square_name,
    write,
)


class CardParts:
    """Mixin of the Drawer (drawer.py): the cards: townsfolk to choose, the Ruffian and its action card, the Peddler's table and the townsfolk cards."""

    # --- choosing townsfolk ---------------------------------------------------------------------------------------
    def pick(self, b: Board, x: float, y: float, w: float) -> float:
        cols = 1 if self.narrow else 2
        cw = (w - 24 - 10 * (cols - 1)) / cols
        ch = 178
        taken = {t["id"] for t in self.view["folk"] if t["id"]}
        for n, tid in enumerate(C.TOWNSFOLK_IDS):
            row = C.TOWNSFOLK[tid]
            cx = 12 + (n % cols) * (cw + 10)
            cy = y + (n // cols) * (ch + 10)
            b.add(open_about("card:townsfolk"))
            b.add(f'<rect x="{cx}" y="{cy}" width="{cw}" height="{ch}" rx="8" fill="{P["muted"] if tid in taken else P["card"]}" '
                  f'stroke="{P["line"]}"/>')
            st = row["stats"]
            write(b, cx + 10, cy + 20, f"{row['name']}", size=15, weight="bold", width=cw - 20)
            write(b, cx + 10, cy + 38, f"HP {st['hp']['start']}, MVMT {st['mvmt']['start']}, MOX {st['mox']['start']}, "
                                      f"ACC {st['acc']['start']:+d}", size=12, width=cw - 20)
            ab = "; ".join(f"{a['name']}: {a['text']}" for a in row["abilities"])
            write(b, cx + 10, cy + 56, ab, size=11, width=cw - 20, lines=4)
            kit = ", ".join(C.GEAR[g]["name"] for g in C.STARTING[tid])
            b.add(open_about("card:starting-gear"))
            write(b, cx + 10, cy + 120, f"Starting gear: {kit}", size=11, width=cw - 20, lines=1, fill=P["muted"])
            b.add("</g>")
            bx = cx + 10
            for alt in (False, True):
                i = self.idx({"type": "pick", "folk": tid, "alt": alt})
                if i is None:
                    continue
                label = f"Play {row['short']}" + (" with the alternative gear" if alt else "")
                text = "Play with " + ", ".join(C.GEAR[g]["name"] for g in C.ALTERNATIVE[tid]) if alt else f"Play {row['short']}"
                bw = (cw - 30) / 2
                self.button(b, i, bx, cy + ch - 40, bw, 30, text, label)
                bx += bw + 10
            b.add("</g>")
        rows = (len(C.TOWNSFOLK_IDS) + cols - 1) // cols
        return y + rows * (ch + 10)

    # --- the Ruffian's card and the action card ---------------------------------------------------------------------------
    def ruffian(self, b: Board, x: float, y: float, w: float) -> float:
        f = self.fight
        ruff = C.ruffian(f["rid"], self.view["v"])
        x0 = x + 6
        b.add(f'<rect x="{x0}" y="{y}" width="{w - 12}" height="10" fill="none"/>')
        b.add(open_about("card:ruffian"))
        write(b, x0, y + 18, ruff["full_name"], size=15, weight="bold", width=w - 12)
        b.add("</g>")
        # HP bar with breaking points
        bw = w - 20
        top = max(1, f["max"])
        b.add(open_about("board:ruffian-hp"))
        b.add(f'<rect x="{x0}" y="{y + 26}" width="{bw}" height="14" rx="3" fill="{P["line"]}"/>')
        b.add(f'<rect x="{x0}" y="{y + 26}" width="{bw * max(0, f["hp"]) / top:.1f}" height="14" rx="3" fill="{P["bad"]}"/>')
        for bp in C.BREAKING_POINTS:
            if bp < top:
                bx = x0 + bw * bp / top
                # a tick wide enough to tap, on the breaking point's place on the bar
                b.add(open_about("board:breaking-point")
                      + f'<path d="M{bx:.1f} {y + 22}V{y + 44}" stroke="{P["ink"]}" stroke-width="2"/>'
                      + f'<rect x="{bx - 5:.1f}" y="{y + 22}" width="10" height="22" fill="none" pointer-events="all"/></g>')
        b.add("</g>")
        mv = self.derived.get("ruffian", {}).get("mvmt", 0)
        b.add(open_about("board:ruffian-mvmt"))
        write(b, x0, y + 58, f"HP {f['hp']} of {f['max']} · MVMT {mv} · facing {DIR_NAME[f['face']]}", size=12, width=bw)
        b.add("</g>")
        ab = ruff["abilities"][f["level"]]
        yy = y + 76
        b.add(open_about("board:level"))
        yy += 15 * write(b, x0, yy, f"{C.LEVEL_NAMES[f['level']]}: {ab['name']}. {ab['text']}", size=11, width=bw, lines=4)
        b.add("</g>")
        weak = ruff["weakness"]
        b.add(open_about("card:weakness"))
        yy += 15 * write(b, x0, yy, f"Weakness{' (ACTIVE)' if f['weak'] else ''}: {weak['name']}. {weak['text']}", size=11,
                          width=bw, lines=4, fill=P["good"] if f["weak"] else P["ink"])
        b.add("</g>")
        if f["final"]:
            b.add(open_about("card:final-fight"))
            ff = ruff["final_fight"]
            yy += 15 * write(b, x0, yy, f"Final Fight: {ff['rules']['name']}. {ff['rules']['text']}", size=11, width=bw,
                              lines=5, fill=P["accent"])
            yy += 15 * write(b, x0, yy, f"Win: {ff['win']['text']} Lose: {ff['loss']['text']} Special: {ff['special']['text']}",
                              size=11, width=bw, lines=4)
            b.add("</g>")
        if f["counters"]:
            text = ", ".join(f"{n} {k}" for k, n in sorted(f["counters"].items()))
            b.add(open_about("board:counters"))
            yy += 15 * write(b, x0, yy, f"Counters: {text}", size=12, width=bw, weight="bold")
            b.add("</g>")
        if f["stolen"]:
            text = ", ".join(f"{C.gear_of(s['g'])['name']} ({folk_name(self.view, s['owner'])})" for s in f["stolen"])
            b.add(open_about("card:ruffian-gear"))
            yy += 15 * write(b, x0, yy, f"Taken: {text}", size=11, width=bw, lines=2)
            b.add("</g>")
        deck_left = len(f["deck"])
        b.add(open_about("board:action-deck"))
        yy += 15 * write(b, x0, yy, f"Action deck: {deck_left} left, {len(f['disc'])} discarded", size=11, width=bw,
                          fill=P["muted"])
        b.add("</g>")
        # the card being played (or last played), the revealed top card, kept cards
        if f.get("card"):
            b.add(open_about("card:action"))
            yy = self.card_box(b, x0, yy + 4, bw, f["card"], "Action card", f.get("targets"))
            b.add("</g>")
        if f.get("top"):
            b.add(open_about("board:revealed-action"))
            yy = self.card_box(b, x0, yy + 4, bw, f["top"], "Next action (revealed)", None)
            b.add("</g>")
        for k in f["kept"]:
            holders = "the group" if k["with"] == "group" else ", ".join(folk_name(self.view, h) for h in k["with"])
            b.add(open_about("board:kept-card"))
            yy += 15 * write(b, x0, yy + 4, f"Kept in front of {holders}: {C.CARDS[k['card']]['name']}", size=11,
                              width=bw, lines=2, fill=P["warn"])
            b.add("</g>")
        return yy + 4

    def card_box(self, b: Board, x: float, y: float, w: float, cid: str, title: str, targets: Any) -> float:
        c = C.CARDS[cid]
        lines = [f"{title}: {c['name']}", f"Target: {c['target_text']}", c["act_text"]]
        if c.get("after_text"):
            lines.append("Aftereffect: " + c["after_text"])
        if targets:
            names = [folk_name(self.view, t) if isinstance(t, int) else "the terrain" for t in targets]
            lines.append("Targeted: " + ", ".join(names))
        if title == "Action card":  # what the card did on the grid
            f = self.fight
            if f.get("trail"):
                start = f" from {footprint_name(f['walk_from'])}" if f.get("walk_from") else ""
                lines.append(f"Moved {plural(len(f['trail']), 'step')} (red dots){start} to {footprint_name(f['trail'][-1])}")
            for seat, sq in f.get("pushes") or []:
                lines.append(f"Pushed {folk_name(self.view, seat)} to {square_name(sq)} (brown outline)")
        h = 8
        parts = []
        for n, line in enumerate(lines):
            parts.append((line, 13 if n == 0 else 11, "bold" if n == 0 else "normal"))
        start = y
        b.add(f'<rect x="{x - 4}" y="{y}" width="{w + 8}" height="__H__" rx="6" fill="{P["card"]}" stroke="{P["accent"]}"/>')
        y += 16
        for line, size, weight in parts:
            y += (size + 3) * write(b, x + 4, y, line, size=size, weight=weight, width=w - 8, lines=4)
        h = y - start
        # patch the box height now that the text is laid out
        chunks = b._current
        for k in range(len(chunks) - 1, -1, -1):
            if "__H__" in chunks[k]:
                chunks[k] = chunks[k].replace("__H__", f"{h:.0f}")
                break
        return y + 4

    # --- the Peddler's table -------------------------------------------------------------------------------------------
    def shop(self, b: Board, x: float, y: float, w: float) -> float:
        """The ten pieces on the Peddler's table: five to a row on a wide screen; on a phone one to a row,
        in letters as large as the page's own (the board is drawn 430 wide and shown about 370 px wide).
        Each row is as tall as its longest card's words."""
        view = self.view
        shop = view["peddler"]["shop"]
        b.add(open_about("board:peddler-table"))
        write(b, 12, y + 18, "The Peddler's table", size=15, weight="bold")
        write(b, 200 if not self.narrow else 12, y + (18 if not self.narrow else 36),
              f"Peddler deck: {plural(len(view['peddler']['deck']), 'card')}", size=14 if self.narrow else 11, fill=P["muted"])
        y += 26 if not self.narrow else 46
        cols = 1 if self.narrow else 5
        cw = (w - 24 - 8 * (cols - 1)) / cols
        size = 15 if self.narrow else 12  # the card's words
        step = size * 1.25
        head = 34 if self.narrow else 40  # the name and the price above the words
        most = 6 if self.narrow else 8
        prices = self.derived.get("prices", {})
        words = [(fit_lines(gear_line(inst), cw - 12, size, 2),
                  fit_lines(C.gear_of(inst)["text"], cw - 12, size, most) if C.gear_of(inst).get("text") else [])
                 for inst in shop]
        heights = [head + step * (len(line) + len(text)) + (8 if text else 0) + 6 for line, text in words]
        row_top = y
        for n, inst in enumerate(shop):
            g = C.gear_of(inst)
            row = n // cols
            ch = max(heights[row * cols:(row + 1) * cols])
            if n % cols == 0 and n:
                row_top += max(heights[(row - 1) * cols:row * cols]) + 8
            cx = 12 + (n % cols) * (cw + 8)
            cy = row_top
            i = self.idx({"type": "buy", "g": inst})
            price = prices.get(inst, g.get("cost"))
            line, text = words[n]
            body = (f'<rect x="{_n(cx)}" y="{_n(cy)}" width="{_n(cw)}" height="{_n(ch)}" rx="6" fill="{P["card"]}" '
                    f'stroke="{P["good"] if i is not None else P["line"]}" stroke-width="{2 if i is not None else 1}"/>')
            b.add(open_about("card:peddler-gear"))
            if i is not None:
                b.control(i, f"Buy the {g['name']} for {plural(price, 'Coin')}", body, data_topic="action:buy")
            else:
                b.add(body)
            if self.narrow:  # the name, and the price on the same line at the card's right
                write(b, cx + 8, cy + 22, g["name"], size=16, weight="bold", width=cw - 110)
                b.add(open_about("board:price"))
                write(b, cx + cw - 8, cy + 22, plural(price, "Coin"), size=16, fill=P["accent"], weight="bold", anchor="end")
            else:
                write(b, cx + 6, cy + 16, g["name"], size=13, weight="bold", width=cw - 12)
                b.add(open_about("board:price"))
                write(b, cx + 6, cy + 32, plural(price, "Coin"), size=12, fill=P["accent"], weight="bold")
            b.add("</g>")
            ty = cy + head + size - 4
            write(b, cx + 6, ty, gear_line(inst), size=size, width=cw - 12, lines=2)
            if text:
                write(b, cx + 6, ty + step * len(line) + 8, g["text"], size=size, width=cw - 12, lines=most)
            b.add("</g>")
        b.add("</g>")
        if not shop:
            return y
        last = (len(shop) - 1) // cols
        return row_top + max(heights[last * cols:(last + 1) * cols]) + 8

    # --- townsfolk cards ------------------------------------------------------------------------------------------------
    def folk_cards(self, b: Board, y: float) -> float:
        """One card per townsfolk, each its own part (a move changes one card, not all of them):
        side by side, or stacked on a narrow screen."""
        view, w = self.view, self.W
        n = len(view["folk"])
        derived = self.derived.get("folk") or [None] * 8
        sheriff = self.fight.get("sheriff") if self.fight else None

        def card(s: int) -> Any:
            return lambda b, x, top, cw: top + self.folk_card(b, s, x, top, cw)

        def same(s: int) -> list[Any]:
            return [view["folk"][s], derived[s], self.viewer == s, self.names[s] if s < len(self.names) else None,
                    sheriff == s]

        if self.narrow:
            for s in range(n):
                y = self.block(b, f"folk-{s}", card(s), 12, y, w - 24, same=same(s))
            return y + 8
        cw = (w - 24 - 8 * (n - 1)) / n
        return max(self.block(b, f"folk-{s}", card(s), 12 + s * (cw + 8), y, cw, same=same(s)) for s in range(n))

    def folk_card(self, b: Board, s: int, x: float, y: float, w: float) -> float:
        view = self.view
        t = view["folk"][s]
        d = (self.derived.get("folk") or [None] * 8)[s] or {}
        colour = P["seats"][s % len(P["seats"])]
        start = y
        b.add(open_about("card:townsfolk"))
        b.add(f'<rect x="{x}" y="{y}" width="{w}" height="__H__" rx="8" fill="{P["card"]}" stroke="{colour}" stroke-width="3"/>')
        name = folk_name(view, s)
        status = " — knocked out" if t["ko"] else (" — removed" if t["out"] else "")
        sheriff = " ★ sheriff" if self.fight and self.fight.get("sheriff") == s else ""
        write(b, x + 8, y + 18, f"{name} ({self.names[s]}){sheriff}{status}", size=13,
               weight="bold", width=w - 16)
        y += 34
        write(b, x + 8, y, f"HP {t['hp']}/{d.get('max', '?')} · MVMT {d.get('mvmt', '?')} · MOX {d.get('mox', '?')} · "
                         f"ACC {d.get('acc', 0):+d} · {plural(t['coins'], 'Coin')}", size=11, width=w - 16)
        y += 16
        b.add(open_about("board:feats"))
        write(b, x + 8, y, f"Feats: {len(t['done'])} done ({plural(d.get('points', 0), 'point')}), {len(t['feats'])} face down",
               size=11, width=w - 16, fill=P["muted"])
        b.add("</g>")
        y += 14
        b.add(open_about("board:gear-slots"))
        for slot in ("left-hand", "right-hand", "head", "chest", "leg", "accessory"):
            inst = t["eq"].get(slot)
            text = f"{SLOT_NAMES[slot]}: {C.gear_of(inst)['name'] if inst else '—'}"
            if inst and slot == "right-hand" and t["eq"].get("left-hand") == inst:
                text = f"{SLOT_NAMES[slot]}: (both hands)"
            y += 14 * write(b, x + 8, y + 2, text, size=11, width=w - 16)
            if inst and not (slot == "right-hand" and t["eq"].get("left-hand") == inst):
                b.add(open_about("card:weapon" if C.gear_of(inst).get("weapon") else "card:gear"))
                y += 13 * write(b, x + 16, y + 1, gear_line(inst) + (". " + C.gear_of(inst)["text"] if C.gear_of(inst)["text"] else ""),
                                 size=9, width=w - 24, lines=3, fill=P["muted"])
                b.add("</g>")
        b.add("</g>")
        if t["stash"]:
            b.add(open_about("board:stash"))
            y += 14 * write(b, x + 8, y + 2, "Stash: " + ", ".join(C.gear_of(g)["name"] for g in t["stash"]), size=11,
                             width=w - 16, lines=4)
            b.add("</g>")
        if self.viewer == s:
            for fid in t["feats"]:
                if fid is None or fid == "?":
                    continue
                feat = C.FEATS[fid]
                b.add(open_about("card:feat"))
                y += 13 * write(b, x + 8, y + 2, f"Feat (hidden): {feat['name']}: {feat['goal_text']} "
                                                f"({plural(feat['points'], 'pt')}{'; ' + feat['reward_text'] if feat['reward_text'] else ''})",
                                 size=10, width=w - 16, lines=3, fill=P["accent"])
                b.add("</g>")
            for eid in t["secrets"]:
                if eid is None or eid == "?":
                    continue
                ev = C.EVENTS[C.base_id(eid)]
                b.add(open_about("card:secret-event"))
                y += 13 * write(b, x + 8, y + 2, f"Secret event: {ev['name']}: {ev['text']}", size=10, width=w - 16,
                                 lines=3, fill=P["bad"])
                b.add("</g>")
        for fid in t["done"]:
            feat = C.FEATS[fid]
            b.add(open_about("board:feat-points"))
            y += 13 * write(b, x + 8, y + 2, f"✓ {feat['name']} ({plural(feat['points'], 'pt')})", size=10, width=w - 16,
                             fill=P["good"])
            b.add("</g>")
        b.add("</g>")
        y += 8
        h = y - start
        chunks = b._current
        for k in range(len(chunks) - 1, -1, -1):
            if "__H__" in chunks[k]:
                chunks[k] = chunks[k].replace("__H__", f"{h:.0f}")
                break
        return h
