"""The rules at hand, in the browser: a game's rules page, the rules dialog over a game (opened
by the prompt's "Why?", by "What's this?" on the board, by a guide step or the menu), the
search as you type, and the guided first turn.

Each game's rules arrive as one small JSON asset (written by the build from the game's
`data/rules.json`, `rule_index.json` and `guide.json`), fetched the first time they are
needed and kept by the service worker, so they read offline. What to show is decided by
`rulebook.py` and drawn by `screens.py`; this module applies it to the page.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from ..engine.saves import StorageFull
from . import policy, rulebook, screens
from .dom import absent


def _options(**kw: Any) -> Any:
    return to_js(kw, dict_converter=js.Object.fromEntries)


class RulesDesk:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.doc = js.document
        self.bundles: dict[str, dict[str, Any]] = {}
        self.game_id: Optional[str] = None  # the game on screen (its rules dialog and guide)
        self.asking = False  # "What's this?": the next press on the board opens its rule
        self.guide_at: Optional[int] = None
        self.guide_steps: list[dict[str, Any]] = []  # the steps of the guide on show
        self.guide_seen: Optional[set[str]] = None  # the stages of this game's guide shown here
        self.view: Any = None  # the view on screen: the guide speaks of what it shows
        self.guide_hidden = False  # behind a hand-off screen
        self.return_focus: Any = None
        self.resize_proxy = create_proxy(lambda _e: self.app.guard(self.place_guide))
        js.window.addEventListener("resize", self.resize_proxy)

    # --- the rules of a game -------------------------------------------------------------
    async def ensure(self, game_id: str) -> Optional[dict[str, Any]]:
        """A game's rules, fetched the first time (None when it has none, or they could not come)."""
        if game_id in self.bundles:
            return self.bundles[game_id]
        url = self.app.assets.get("rules", {}).get(game_id)
        if not isinstance(url, str):
            return None
        try:
            buffer = await js.tabletownFetch(url, None)
            bundle = rulebook.check_bundle(json.loads(buffer.to_bytes()))
        except Exception as err:  # noqa: BLE001 - the game plays on without its rules at hand
            js.console.warn(f"Tabletown: the rules of {game_id} could not be loaded ({err})")
            return None
        self.bundles[game_id] = bundle
        return bundle

    def bundle(self, game_id: Optional[str]) -> Optional[dict[str, Any]]:
        return self.bundles.get(game_id or "")

    # --- the rules page ----------------------------------------------------------------
    def show_page(self, spec: Any, anchor: str) -> None:
        bundle = self.bundle(spec.id)
        if bundle is None:
            self.app.routes.show_picker(f"The rules of {spec.title} could not be loaded. Check the connection and try again.")
            return
        page = self.doc.querySelector(".rules-page")
        if absent(page) or str(page.getAttribute("data-game")) != spec.id:
            self.app.root.innerHTML = screens.rules_page(spec, bundle)
            self.app.set_title(f"How to play {spec.title} · Tabletown")
            page = self.doc.querySelector(".rules-page")
        if anchor:
            self.go_to(page, anchor)
        else:
            js.window.scrollTo(0, 0)

    def go_to(self, holder: Any, paragraph: str) -> bool:
        """Scroll `holder` (a rules page or dialog) to a paragraph or section, mark it and
        move the focus there. A search under way is cleared first, so the paragraph is shown."""
        box = holder.querySelector("[data-rules-search]")
        if not absent(box) and str(box.value):
            box.value = ""
            self.search(box)
        target = holder.querySelector(f"#rule-{paragraph}") if rulebook.ID.fullmatch(paragraph) else None
        if target is None or absent(target):
            return False
        for old in holder.querySelectorAll(".rule.current"):
            old.classList.remove("current")
        if target.classList.contains("rule"):
            target.classList.add("current")
        target.scrollIntoView(_options(block="start"))
        target.focus(_options(preventScroll=True))
        return True

    def search(self, box: Any) -> None:
        """Search as the player types: only the matching paragraphs, words marked."""
        holder = box.closest(".rules-page, .rules-dialog")
        game_id = self.game_id if holder.classList.contains("rules-dialog") else str(holder.getAttribute("data-game"))
        bundle = self.bundle(game_id)
        if bundle is None:
            return
        body, note = screens.rules_body(game_id, bundle["rules"], str(box.value))
        holder.querySelector("[data-rules-body]").innerHTML = body
        count = self.doc.getElementById(str(box.getAttribute("aria-describedby")))
        if not absent(count):
            count.innerHTML = note
        toc = holder.querySelector(".rules-toc")
        if not absent(toc):
            toc.hidden = bool(note)

    # --- the game screen -----------------------------------------------------------------
    def attach(self, game_id: str) -> None:
        """A game screen was drawn: its rules dialog starts empty, nothing is being asked."""
        self.game_id = game_id
        self.asking = False
        self.guide_at = None
        self.guide_seen = None
        self.guide_hidden = False

    def detach(self) -> None:
        self.game_id = None
        self.asking = False
        self.guide_at = None
        js.document.documentElement.classList.remove("guide-open")

    def why(self, rules: Any, state: Any, seat: Optional[int], legal: list[dict[str, Any]], view: Any,
            over: bool) -> str:
        """The prompt's "Why?" link (for the seat asked now, or the end of the game), or ""."""
        bundle = self.bundle(self.game_id)
        if bundle is None or (seat is None and not over):
            return ""
        index = bundle["index"]
        if seat is not None:
            topic = rulebook.prompt_topic(rules, state, seat, legal, view, index)
        else:
            topic = "prompt:game-over" if "prompt:game-over" in index else None
            topic = topic or rulebook.prompt_topic(None, state, 0, [], view, index)
        paragraph = rulebook.paragraph_for(index, topic)
        return screens.why_link(self.game_id or "", paragraph) if paragraph else ""

    def open_dialog(self, paragraph: Optional[str] = None) -> None:
        bundle = self.bundle(self.game_id)
        dialog = self.doc.getElementById("rules-dialog")
        if bundle is None or absent(dialog):
            return
        body = dialog.querySelector("[data-rules-body]")
        if not str(body.innerHTML):
            body.innerHTML = screens.rules_body(self.game_id or "", bundle["rules"])[0]
        if not bool(dialog.open):
            self.return_focus = self.doc.activeElement
            dialog.showModal()
        if paragraph:
            self.go_to(dialog, paragraph)
        else:
            dialog.querySelector("[data-rules-search]").focus()

    def cmd_open_rules(self, _control: Any) -> None:
        self.close_menu()
        self.open_dialog()

    def cmd_close_rules(self, _control: Any) -> None:
        dialog = self.doc.getElementById("rules-dialog")
        if not absent(dialog) and bool(dialog.open):
            dialog.close()

    def follow(self, control: Any) -> bool:
        """A link to a paragraph pressed on the game screen: the rules dialog opens there.
        False elsewhere (a rules page follows its links as ordinary addresses)."""
        if self.game_id is None or absent(self.doc.getElementById("rules-dialog")):
            return False
        self.open_dialog(str(control.getAttribute("data-rule")))
        return True

    def close_menu(self) -> None:
        menu = self.doc.querySelector("details.menu[open]")
        if not absent(menu):
            menu.open = False

    # --- "What's this?" ----------------------------------------------------------------------
    def cmd_whats_this(self, _control: Any) -> None:
        self.set_asking(not self.asking)

    def set_asking(self, on: bool, note: str = "") -> None:
        self.asking = on
        button = self.doc.getElementById("whats-this")
        if not absent(button):
            button.setAttribute("aria-pressed", "true" if on else "false")
        board = self.doc.getElementById("board")
        if not absent(board):
            board.classList.toggle("asking", on)
        hint = self.doc.getElementById("whats-hint")
        if not absent(hint):
            hint.textContent = note or (
                "Press any part of the board to read the rule about it; Escape stops." if on else ""
            )

    def explain(self, target: Any) -> None:
        """The player pressed the board while asking "What's this?": open the rule of what they pressed."""
        bundle = self.bundle(self.game_id)
        if bundle is None:
            return
        marked = target.closest("[data-topic]")
        topic = None if absent(marked) else str(marked.getAttribute("data-topic"))
        control = target.closest("[data-action]")
        action = None
        if not absent(control):
            index = str(control.getAttribute("data-action"))
            if index.isascii() and index.isdigit() and int(index) < len(self.app.game.legal):
                action = self.app.game.legal[int(index)]
        found = rulebook.topic_of_control(topic, action, bundle["index"])
        if found is None:
            self.set_asking(True, "That part of the board has no rule of its own. Press another part, or Escape to stop.")
            return
        self.set_asking(False)
        self.open_dialog(bundle["index"][found])

    # --- the guided first turn ---------------------------------------------------------------
    def all_steps(self) -> list[dict[str, Any]]:
        bundle = self.bundle(self.game_id)
        return bundle["guide"]["steps"] if bundle else []

    def steps(self) -> list[dict[str, Any]]:
        return self.guide_steps

    def seen_stages(self) -> set[str]:
        """The stages of this game's guide already shown here (read from the store once a game)."""
        if self.guide_seen is None:
            backend = self.app.store.backend
            self.guide_seen = {stage for stage in rulebook.guide_stages(self.all_steps())
                               if backend.get(policy.guide_key(self.game_id or "", stage))}
        return self.guide_seen

    def maybe_guide(self, humans: int, view: Any) -> None:
        """The guided first turn, shown by itself the first time a screen it speaks of is on show
        here (the start of a turn, a character picked, the posse editor, the campaign's map…),
        with only the steps about that screen. Called after every drawing of a player's screen."""
        self.view = view
        if self.guide_at is not None or humans == 0:
            return
        found = rulebook.guide_now(self.all_steps(), view, self.seen_stages())
        if found is None:
            return
        stage, steps = found
        key = policy.guide_key(self.game_id or "", stage)
        backend = self.app.store.backend
        if not policy.wants_guide(backend.get(key), bool(steps), humans):
            self.seen_stages().add(stage)
            return
        try:
            backend.set(key, "seen")
        except StorageFull:
            pass  # shown now; it may be shown again next time
        self.seen_stages().add(stage)
        self.guide_steps = steps
        self.show_step(0, focus=False)

    def cmd_open_guide(self, _control: Any) -> None:
        self.close_menu()
        self.guide_steps = rulebook.guide_for_screen(self.all_steps(), self.view)
        if self.guide_steps:
            self.show_step(0)

    def cmd_guide_next(self, _control: Any) -> None:
        if self.guide_at is not None:
            if self.guide_at + 1 < len(self.steps()):
                self.show_step(self.guide_at + 1)
            else:
                self.close_guide()

    def cmd_guide_back(self, _control: Any) -> None:
        if self.guide_at:
            self.show_step(self.guide_at - 1)

    def cmd_guide_close(self, _control: Any) -> None:
        self.close_guide()

    def show_step(self, at: int, focus: bool = True) -> None:
        steps = self.steps()
        card = self.doc.getElementById("guide")
        if not steps or absent(card) or not 0 <= at < len(steps):
            return
        if self.guide_at is None:
            self.return_focus = self.doc.activeElement
        self.guide_at = at
        step = steps[at]
        has_rule = step["rule"] in rulebook.paragraphs(self.bundles[self.game_id or ""]["rules"])
        title = escape(self.app.game.spec.title) if self.app.game.spec is not None else ""
        card.innerHTML = screens.guide_card(self.game_id or "", title, step, at, len(steps), has_rule)
        self.show_guide(not self.guide_hidden)
        self.place_guide(scroll=True)
        if focus and not self.guide_hidden:
            card.querySelector("#guide-h").focus(_options(preventScroll=True))

    def show_guide(self, shown: bool) -> None:
        card = self.doc.getElementById("guide")
        ring = self.doc.getElementById("guide-ring")
        on = shown and self.guide_at is not None
        if not absent(card):
            card.hidden = not on
        if not absent(ring):
            ring.hidden = not on
        js.document.documentElement.classList.toggle("guide-open", on)

    def on_handoff(self, handoff: bool) -> None:
        """While the device is passed on, the guide waits; it comes back for the next player."""
        if handoff != self.guide_hidden:
            self.guide_hidden = handoff
            self.show_guide(not handoff)

    def close_guide(self) -> None:
        self.guide_at = None
        self.show_guide(False)
        back = self.return_focus
        self.return_focus = None
        if back is not None and not absent(back) and bool(back.isConnected) and back != self.doc.body:
            back.focus(_options(preventScroll=True))
        else:
            main = self.doc.getElementById("main")
            if not absent(main):
                main.focus(_options(preventScroll=True))

    def place_guide(self, scroll: bool = False) -> None:
        """Put the ring around what the step points at (moved by a transform: nothing else moves),
        and bring that into the room the card leaves free: where the card lies across it (on a
        narrow screen the card spans the width), the room above the card."""
        if self.guide_at is None or self.guide_hidden:
            return
        ring = self.doc.getElementById("guide-ring")
        card = self.doc.getElementById("guide")
        game = self.doc.querySelector("section.game")
        if absent(ring) or absent(card) or absent(game):
            return
        step = self.steps()[self.guide_at]
        target = None
        for selector in rulebook.guide_targets(step["points_at"], self.app.game.legal):
            el = self.doc.querySelector(selector)
            if not absent(el):
                rect = el.getBoundingClientRect()
                if float(rect.width) > 0 and float(rect.height) > 0:
                    target = el
                    break
        if target is None:
            ring.hidden = True
            return
        ring.hidden = False
        rect = target.getBoundingClientRect()
        if scroll:
            room = self._room_above(card, rect)
            big = float(rect.height) > room
            # The target's top at the top of the screen when it does not fit, else its middle in the room.
            top = float(rect.top) + float(js.window.scrollY) - (0 if big else (room - float(rect.height)) / 2)
            js.window.scrollTo(_options(top=max(0, round(top)), behavior="instant"))
            rect = target.getBoundingClientRect()
        origin = game.getBoundingClientRect()
        pad = 4
        ring.style.width = f"{float(rect.width) + 2 * pad:.0f}px"
        ring.style.height = f"{float(rect.height) + 2 * pad:.0f}px"
        x = float(rect.left) - float(origin.left) - pad
        y = float(rect.top) - float(origin.top) - pad
        ring.style.transform = f"translate({x:.0f}px, {y:.0f}px)"

    @staticmethod
    def _room_above(card: Any, rect: Any) -> float:
        """The height of the screen above the card where it lies across the target, else all of it."""
        box = card.getBoundingClientRect()
        across = float(box.left) < float(rect.right) and float(box.right) > float(rect.left)
        return float(box.top) if across else float(js.window.innerHeight)

    def on_escape(self, target: Any) -> bool:
        """Escape closes the game's menu, stops "What's this?", or closes the guide when the focus is in it."""
        menu = self.doc.querySelector("details.menu[open]")
        if not absent(menu):
            menu.open = False
            menu.querySelector("summary").focus()
            return True
        if self.asking:
            self.set_asking(False)
            return True
        if self.guide_at is not None and not absent(target.closest("#guide")):
            self.close_guide()
            return True
        return False
