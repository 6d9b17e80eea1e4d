"""Input: the page's events, handled by delegation (one listener per event type, made once by
the app), and how the player points at the table.

A press on a control with `data-action` plays the offered action of that index or runs the
command of that name (`cmd_<name>` on a part of the page); a press on `data-param` arms a kind
of action that takes a point. While a kind is armed, the pointer, a tap or the arrow keys move
its cursor, and the rules' preview of that point (`preview_of`) is drawn as a ghost.
"""

from __future__ import annotations

import time
from typing import Any, Optional

import js  # type: ignore[import-not-found]

from . import policy, setup_form
from .dom import absent


class Input:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.doc = app.doc
        # Play on the table: the kind armed (an index into the game screen's kinds) and its cursor, the
        # rules' preview of the point under the pointer, how the player points ("mouse", "touch" or
        # "keys"), the kind last armed at once (so Escape's cancel sticks), whether the frame should hold
        # the focus (armed from its button), and a shot shown but not yet fired.
        self.armed: Optional[int] = None
        self.cursor: Optional[list[int]] = None
        self.preview: Optional[dict[str, Any]] = None
        self.pointer = "mouse"
        self.armed_at_once: Optional[str] = None
        self.frame_focus = False
        self.confirm: Optional[int] = None
        self.confirm_action: Optional[dict[str, Any]] = None

    # --- the page's events ---------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        app, game = self.app, self.app.game
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        if absent(target.closest("details.menu")) and app.desk is not None:
            app.desk.close_menu()
        if app.desk is not None and app.desk.asking and not absent(target.closest("#board")):
            # "What's this?": a press on the board opens its rule and plays nothing.
            event.preventDefault()
            app.guard(lambda: app.desk.explain(target))
            return
        if app.replay is not None and not absent(target.closest("#log li[data-step]")):
            app.guard(lambda: app.replay.on_log_click(target))
            return
        param = target.closest("[data-param]")
        if not absent(param):
            app.guard(lambda: self.arm(int(str(param.dataset.param))))
            return
        control = target.closest("[data-action]")
        if absent(control):
            frame = target.closest("[data-frame]")
            if not absent(frame) and self.armed is not None:
                app.guard(lambda: self.press_frame(frame, event))
            return
        action = str(control.dataset.action)
        if action.isascii() and action.isdigit() and len(action) < 6:
            event.preventDefault()
            if control.hasAttribute("data-confirm") and self.confirm != int(action):
                app.guard(lambda: self.show_confirm(int(action)))  # a first press shows the shot
                return
            app.guard(lambda: game.play(int(action)))
            return
        if action == "rule":
            # A link to a paragraph: over a game it opens the rules dialog there; on a rules
            # page it is an ordinary address. A new tab (Ctrl, Shift, Cmd, middle button) is the browser's.
            if event.ctrlKey or event.metaKey or event.shiftKey or int(event.button or 0) != 0:
                return
            if app.desk is not None and app.desk.game_id is not None:
                event.preventDefault()
                app.guard(lambda: app.desk.follow(control))
            return
        handler = app.command(action)
        if handler is not None:
            if control.tagName != "A":
                event.preventDefault()
            app.guard(lambda: handler(control))

    def on_key(self, event: Any) -> None:
        app, game = self.app, self.app.game
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute"):
            return
        if self.confirm is not None and event.key == "Escape":
            self.confirm = None
            app.guard(game.render)
            return
        if self.armed is not None and game.session is not None:
            on_board = target == self.doc.body or not absent(target.closest("#board"))
            if event.key in policy.ARROWS and on_board:
                event.preventDefault()
                kind = game.kinds[self.armed]
                self.pointer = "keys"
                start = self.cursor or policy.start_cursor(kind)
                cursor = policy.move_cursor(kind, start, str(event.key), bool(event.shiftKey))
                app.guard(lambda: self.set_cursor(cursor))
                return
            if event.key == "Escape":
                self.disarm()
                app.guard(game.render)
                return
            if event.key == "Enter" and on_board and self.cursor is not None \
                    and absent(target.closest("[data-action], [data-param]")):
                event.preventDefault()
                cursor = list(self.cursor)
                app.guard(lambda: self.point_chosen(cursor))
                return
        if event.key == "Escape" and app.desk is not None and app.desk.on_escape(target):
            return
        if app.replay is not None and app.replay.on_key(event):
            return
        if event.key not in ("Enter", " "):
            return
        # Native buttons and links already turn Enter/Space into clicks.
        if target.tagName in ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"):
            return
        if not absent(target.getAttribute("data-action")) or not absent(target.getAttribute("data-param")):
            event.preventDefault()
            target.dispatchEvent(js.MouseEvent.new("click", js.JSON.parse('{"bubbles": true}')))

    def on_change(self, event: Any) -> None:
        app = self.app
        target = event.target
        name = "" if absent(target) else str(getattr(target, "name", "") or "")
        if name == "seats" or name.startswith("kind") or name.startswith("opt-"):
            app.guard(lambda: setup_form.refresh(self.doc))
        elif app.replay is not None and not absent(target) and target.hasAttribute("data-replay-viewer"):
            value = str(target.value)
            app.guard(lambda: app.replay.set_viewer(value))

    def on_input(self, event: Any) -> None:
        target = event.target
        if not absent(target) and hasattr(target, "hasAttribute") and target.hasAttribute("data-rules-search"):
            self.app.guard(lambda: self.app.rules_desk().search(target))

    def on_narrow(self, event: Any) -> None:
        """The window crossed the phone width: the board (and the charts) are drawn again for it."""
        app = self.app
        app.narrow = bool(event.matches)
        if app.game.session is not None:
            app.guard(app.game.render)
        elif app.replay is not None:
            app.guard(app.replay.render)

    def on_submit(self, event: Any) -> None:
        app = self.app
        form = event.target
        if absent(form):
            return
        form_id = str(form.id)
        if form_id == "setup-form":
            event.preventDefault()
            app.guard(lambda: app.routes.start_from_form(form))
        elif form_id == "campaign-import":
            event.preventDefault()
            link = str(form.elements.namedItem("link").value).strip()
            at = link.find("#campaign=")
            app.guard(lambda: app.routes.import_campaign(link[at:] if at >= 0 else link))
        elif not absent(form.getAttribute("data-reply-form")):
            event.preventDefault()
            app.guard(lambda: app.live.reply_submitted(form))
        elif not absent(form.getAttribute("data-ice-form")):
            event.preventDefault()
            app.guard(lambda: app.live.save_servers(form))
        elif not absent(form.getAttribute("data-param-form")):
            event.preventDefault()
            index = int(str(form.getAttribute("data-param-form")))
            text = str(form.elements.namedItem("value").value)
            app.guard(lambda: self.param_typed(index, text))

    def on_pointer(self, target: Any, x: Any, y: Any, kind: Any) -> None:
        """The mouse over the board (once a frame): the armed point follows it over the bare table,
        and hides over a control or off the table. A finger has no hover: it taps (`press_frame`),
        or drags the ghost it placed by its grip."""
        session = self.app.game.session
        if session is None or self.armed is None or getattr(session.game, "render_part", None) is None:
            return  # a game that cannot redraw its cursor alone is not redrawn whole as the pointer moves
        if str(kind) == "touch" and js.window.tabletownDrag and self.cursor is not None:
            frame = target.closest("#board [data-frame]") if not absent(target) else None
            value = self.frame_point(frame, x, y) if frame is not None and not absent(frame) else None
            if value is not None:
                self.app.guard(lambda: self.set_cursor(value))
            return
        if str(kind) != "mouse":
            return
        self.pointer = "mouse"
        value = None
        if not absent(target) and hasattr(target, "closest") and absent(target.closest("[data-action], [data-param]")):
            frame = target.closest("#board [data-frame]")
            if not absent(frame):
                value = self.frame_point(frame, x, y)
        self.app.guard(lambda: self.set_cursor(value))

    def param_typed(self, index: int, text: str) -> None:
        """A number or a name typed in the parameter panel's form for the kind at `index`."""
        game = self.app.game
        if not 0 <= index < len(game.kinds):
            return
        kind = game.kinds[index]
        if kind.get("kind") == "text":
            words = policy.text_value(kind, text)
            if words is None:
                self.app.alert(f"{kind.get('label', 'The name')}: type 1 to {kind.get('max', 24)} letters.")
                return
            game.play_action(policy.complete(kind, words))
            return
        value = policy.number_value(kind, text)
        if value is None:
            self.app.alert(f"{kind.get('label', 'The number')}: type a whole number from {kind.get('min')} to {kind.get('max')}.")
            return
        game.play_action(policy.complete(kind, value))

    # --- a shot shown before it is fired -------------------------------------------------------
    def show_confirm(self, index: int) -> None:
        """A shot's first press: the board shows it (weapon, range, cover, number needed) with its
        Shoot button; a second press of the same control fires."""
        legal = self.app.game.legal
        if 0 <= index < len(legal):
            self.confirm, self.confirm_action = index, legal[index]
            self.app.game.render()

    def cmd_cancel_shot(self, _target: Any) -> None:
        self.confirm = None
        self.app.game.render()

    # --- a point on the table ------------------------------------------------------------------
    def follow_offer(self, kinds: list[dict[str, Any]], legal: list[dict[str, Any]]) -> None:
        """The game screen has new offers: a kind no longer offered is let go, one the game arms at
        once is armed, and a shot shown is dropped unless the same shot is still offered."""
        if self.armed is not None and self.armed >= len(kinds):
            self.disarm()
        self.arm_at_once(kinds)
        if self.confirm is not None and (self.confirm >= len(legal) or legal[self.confirm] != self.confirm_action):
            self.confirm = None

    def arm_at_once(self, kinds: list[dict[str, Any]]) -> None:
        """A kind the game arms as soon as it is offered (a Move once its model is picked) is armed
        with no cursor yet: the pointer, a tap or an arrow key gives it one. Once per offer, so a
        player who cancelled it with Escape is not asked again until the next one."""
        found = policy.arms_at_once(kinds)
        key = found[1] if found else None
        if found is not None and self.armed is None and key != self.armed_at_once:
            self.armed, self.cursor, self.preview, self.frame_focus = found[0], None, None, False
        self.armed_at_once = key

    def arm(self, index: int) -> None:
        kinds = self.app.game.kinds
        if not 0 <= index < len(kinds):
            return
        if self.armed == index and self.frame_focus:
            self.disarm()
        else:
            self.armed = index
            self.cursor = policy.start_cursor(kinds[index])
            self.preview = self.preview_of(kinds[index], self.cursor)
            self.pointer = "keys"
            self.frame_focus = True
        self.app.game.render()

    def disarm(self) -> None:
        self.armed = None
        self.cursor = None
        self.preview = None
        self.frame_focus = False

    def focus_frame(self) -> None:
        """While a kind is armed from its button, the board's frame holds the focus: arrows move the
        cursor, Enter commits, Escape cancels (a redraw must not drop the focus). A kind armed at once
        leaves the focus where it is."""
        if self.armed is None or not self.frame_focus:
            return
        frame = self.doc.querySelector("#board [data-frame]")
        if not absent(frame):
            frame.setAttribute("tabindex", "0")
            if self.doc.activeElement != frame:
                frame.focus()

    def set_cursor(self, value: Optional[list[int]]) -> None:
        """Put the cursor (and the rules' preview of it) at `value`, or hide it (None), and redraw only
        the board's ghost part when the game can draw it alone (`render_part`), else the board."""
        game = self.app.game
        if game.session is None or self.armed is None or value == self.cursor:
            return
        started = time.perf_counter()
        kind = game.kinds[self.armed]
        self.cursor = value
        self.preview = self.preview_of(kind, value) if value is not None else None
        render_part = getattr(game.session.game, "render_part", None)
        svg = render_part(game.view, game.board_ui(), "ghost") if render_part else None
        if svg is None or not self.app.board.draw_part("ghost", svg):
            game.render()
        stats = self.app.stats
        if not hasattr(stats, "ghost"):
            stats.ghost = js.Array.new()
        stats.ghost.push((time.perf_counter() - started) * 1000)  # the Python part of a ghost update (ms)
        game.mark_ghost()

    def preview_of(self, kind: dict[str, Any], value: list[int]) -> Optional[dict[str, Any]]:
        """The rules' preview of `value` for `kind`, from the view on screen (None: nothing to show)."""
        game = self.app.game
        if game.session is None or game.view is None:
            return None
        return game.session.rules.preview(game.view, game.screen.acting if game.screen else None, kind, value)

    def press_frame(self, frame: Any, event: Any) -> None:
        """A press on the table while a point is wanted: a mouse click moves there (or as far as the
        rules allow that way); a finger's tap places the ghost there with its "Move here" button, so
        the player sees the Move before making it (a finger has no hover to show it)."""
        value = self.frame_point(frame, event.clientX, event.clientY)
        if value is None:
            return
        if str(getattr(event, "pointerType", "") or js.window.tabletownPointerType or "mouse") == "touch":
            self.pointer = "touch"
            self.set_cursor(value)
            if self.preview is not None:
                return
        self.point_chosen(value, at=(float(event.clientX), float(event.clientY)))

    def frame_point(self, frame: Any, x: Any, y: Any) -> Optional[list[int]]:
        point = js.tabletownFramePoint(frame, x, y)
        if absent(point):
            return None
        cell = int(str(frame.getAttribute("data-cell") or "100")) if str(frame.getAttribute("data-cell") or "").isdigit() else 100
        return policy.frame_value(self.app.game.kinds[self.armed], float(point[0]), float(point[1]), cell)

    def cmd_confirm_point(self, _target: Any) -> None:
        """The "Move here" button at a ghost placed by a tap or the arrow keys."""
        if self.armed is not None and self.cursor is not None:
            self.point_chosen(list(self.cursor))

    def point_chosen(self, value: list[int], at: Optional[tuple[float, float]] = None) -> None:
        """Make the armed kind's move at `value`: where its preview stands (a point out of reach
        snaps to the farthest legal one), else the value itself (the rules say what is wrong,
        beside the pointer at `at` when it was pressed)."""
        kind = self.app.game.kinds[self.armed]
        preview = self.preview if value == self.cursor else None
        if preview is None:
            preview = self.preview_of(kind, value)
        if preview and preview.get("ok") and "to" in preview:
            value = list(preview["to"])
        self.app.game.play_action(policy.complete(kind, value), at=at)
