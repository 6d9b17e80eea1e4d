"""A replay on the page: any finished or shared game stepped through move by move.

The engine's `Replay` rebuilds the state after any move (and keeps a seat's hidden cards
hidden while the game is not over); this module draws that step's board through the game's
own renderer (with no controls), marks that move's line in the log, and answers the step
buttons, the log lines, the arrow keys (one step), Home and End (the start, the last move)
and the choice of whose view is shown. A move told in several steps (a Townsfolk Tussle
Ruffian's turn) is stepped through one step at a time, `#status` telling each step's line.
"""

from __future__ import annotations

from html import escape
from types import ModuleType
from typing import Any, Optional

import js  # type: ignore[import-not-found]

from ..engine.replay import Replay
from . import policy, screens
from .dom import absent


class ReplayScreen:
    def __init__(self, app: Any, game: ModuleType, record: dict[str, Any]) -> None:
        self.app = app
        self.game = game
        self.record = record
        self.replay = Replay(game, record)
        self.names = [escape(s.get("name") or f"Player {i + 1}") for i, s in enumerate(record["seats"])]
        self.plain_names = [s.get("name") or f"Player {i + 1}" for i, s in enumerate(record["seats"])]
        self.step = 0
        self.sub: Optional[int] = None  # the step of a move told in several, or None: the whole move
        self.viewer: Optional[int] = None
        self.marked = -1

    @property
    def moves(self) -> int:
        return len(self.replay)

    def show(self) -> None:
        app = self.app
        app.set_title(f"Replay of {self.game.SPEC.title} · Tabletown")
        app.board.forget()
        app.root.innerHTML = screens.replay_frame(self.game.SPEC.title, self.names, self.replay.viewers())
        log = app.doc.getElementById("log")
        log.innerHTML = screens.replay_log(self.replay.lines, self.names, self.step)
        self.marked = -1
        self.render()

    def render(self) -> None:
        app = self.app
        doc = app.doc
        view = self.replay.view_at(self.step, self.viewer, self.sub)
        ui = {"viewer": self.viewer, "legal": [], "params": [], "armed": None, "cursor": None,
              "names": self.plain_names, "narrow": app.narrow}  # raw: the render kit escapes them
        app.board.draw(self.game.render(view, ui))
        board = doc.getElementById("board")
        place = (self.step, self.sub)
        last = self.replay.forward(place) == place
        if last and self.replay.over:
            board.setAttribute("data-game-over", "true")
        else:
            board.removeAttribute("data-game-over")
        ending = policy.verdict(self.replay.outcome, self.plain_names) if self.replay.over else ""
        line = policy.fill_names(self.replay.line(self.step, self.sub), self.plain_names)
        part = None if self.sub is None else (self.sub, len(self.replay.substeps(self.step)))
        doc.getElementById("prompt").textContent = policy.replay_status(self.step, self.moves, line, ending, part)
        doc.getElementById("replay-at").textContent = policy.replay_place(self.step, self.moves, part)
        first = self.step == 0
        for action, off in (("replay-first", first), ("replay-back", first),
                            ("replay-next", last), ("replay-last", last)):
            button = doc.querySelector(f'[data-action="{action}"]')
            if not absent(button):
                button.disabled = off
        self.mark_line()

    def mark_line(self) -> None:
        """The line of the move on screen is marked in the log, which scrolls to it (the page does not)."""
        log = self.app.doc.getElementById("log")
        if self.marked == self.step or absent(log):
            return
        for old in log.querySelectorAll("li.now"):
            old.classList.remove("now")
            old.removeAttribute("aria-current")
        self.marked = self.step
        item = log.querySelector(f'li[data-step="{self.step}"]')
        if absent(item):
            log.scrollTop = 0
            return
        item.classList.add("now")
        item.setAttribute("aria-current", "step")
        log.scrollTop = max(0, int(item.offsetTop) - int(log.clientHeight) // 2)

    def go(self, step: int, sub: Optional[int] = None) -> None:
        """Show move `step` whole (`sub` None) or one of its steps."""
        step = max(0, min(self.moves, step))
        if (step, sub) != (self.step, self.sub):
            self.step, self.sub = step, sub
            self.render()

    # --- input ----------------------------------------------------------------------------
    def cmd_replay_first(self, _control: Any) -> None:
        self.go(0)

    def cmd_replay_back(self, _control: Any) -> None:
        self.go(*self.replay.back((self.step, self.sub)))

    def cmd_replay_next(self, _control: Any) -> None:
        self.go(*self.replay.forward((self.step, self.sub)))

    def cmd_replay_last(self, _control: Any) -> None:
        self.go(self.moves)

    def on_key(self, event: Any) -> bool:
        """Arrow keys step, Home and End jump (not while typing in a field or choosing in a list)."""
        target = event.target
        if str(event.key) not in policy.REPLAY_KEYS or event.altKey or event.ctrlKey or event.metaKey:
            return False
        if not absent(target) and str(getattr(target, "tagName", "")) in ("INPUT", "SELECT", "TEXTAREA"):
            return False
        key = str(event.key)
        if key == "ArrowLeft":
            place = self.replay.back((self.step, self.sub))
        elif key == "ArrowRight":
            place = self.replay.forward((self.step, self.sub))
        else:
            step = policy.replay_step(key, self.step, self.moves)
            if step is None:
                return False
            place = (step, None)
        event.preventDefault()
        self.go(*place)
        return True

    def on_log_click(self, target: Any) -> bool:
        item = target.closest("#log li[data-step]")
        if absent(item):
            return False
        text = str(item.getAttribute("data-step"))
        if text.isascii() and text.isdigit():
            self.go(int(text))
        return True

    def set_viewer(self, value: str) -> None:
        seat: Optional[int] = int(value) if value.isascii() and value.isdigit() else None
        if seat in self.replay.viewers():
            self.viewer = seat
            self.render()



def replay_screen(app: Any, game: ModuleType, record: dict[str, Any]) -> ReplayScreen:
    screen = ReplayScreen(app, game, record)
    screen.show()
    js.window.scrollTo(0, 0)
    return screen
