"""The game screen: a session on the page — its board, prompt, hand-off, parameter panel, log and
results drawn from `policy.game_screen`, the moves made (by a player or a bot) and taken back.

Each piece of the frame is set only when what it shows changes (`shows`); what reads the
page's layout waits for the next frame (`after_frame`). How the player points at the board
(the armed kind, its cursor, a shot shown before it is fired) is `inputs.py`'s; drawing the
board is `board_paint.py`'s; saving is `saving.py`'s.
"""

from __future__ import annotations

import gc
import json
import time
from html import escape
from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from ..engine.codec import encode_link
from ..engine.rules import IllegalAction
from . import policy, screens
from .dom import absent


class Laps:
    """A click's Python part step by step (ms), kept for the benchmarks (`tabletownStats.steps`).
    Python's clock, not `performance.now()`: a call into JavaScript costs more than the laps it times."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self.at = 0.0

    def start(self) -> None:
        self.at = time.perf_counter() * 1000

    def lap(self, step: str) -> None:
        """Time since the last lap, kept under `step`."""
        now = time.perf_counter() * 1000
        self.times[step] = self.times.get(step, 0) + now - self.at
        self.at = now


class GameScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.doc = app.doc
        self.laps = Laps()
        self.session: Any = None
        self.spec: Any = None
        self.save_id: Optional[str] = None
        self.shown_seat: Optional[int] = None  # whose private view the screen shows
        self.screen: Optional[policy.Screen] = None
        self.legal: list[dict[str, Any]] = []
        self.kinds: list[dict[str, Any]] = []
        self.view: Any = None  # the view on screen, for the previews
        self.was_over = False
        self.log_count = -1
        self.stories: dict[tuple[str, int], Any] = {}  # (save id, moves) -> the story of a finished game
        self.telling: Any = None  # (key, StoryTeller) of a story being told in slices
        self.story_proxy = create_proxy(self.story_tick)
        self.story_due = False  # a slice of it is asked for
        self.results_html = ""
        self.why_html = ""
        self.params_html: Optional[str] = None  # the parameter panel as last drawn
        self.frame_shows: dict[str, Any] = {}  # what the game frame's small pieces show (set only when it changes)
        self.after_frame_proxy: Any = None
        self.frame_asked = False  # a next-frame callback (`_after_frame`) is pending
        self.log_to_end = False  # the log got new lines: scrolled to its end in the next frame
        self.frozen = False  # gc.freeze() done (`render`)
        self.bot_timer: Any = None
        self.bot_proxy = create_proxy(self.bot_tick)
        self.bot_pause = policy.bot_pause(str(js.location.search))
        self.thinking: Any = None  # a bot's decision being thought through in slices (the expert)
        self.thinking_for: Any = None  # (session, seat, moves) it was begun for
        self.thinking_started = 0.0
        self.decided: Any = None  # (key, action): a bot's move decided, to be played in the page's next turn

    # --- opening and leaving ---------------------------------------------------------------
    def begin(self, save_id: Optional[str], session: Any, guest: bool = False) -> None:
        """Show a game: a session kept here (`save_id`), or with `guest`, a game hosted on another
        device and seen through its tables (live_page; nothing is saved here)."""
        app = self.app
        app.clear_screen()
        self.session = session
        self.spec = session.spec
        self.save_id = save_id
        self.was_over = session.over()
        humans = policy.humans(session)
        self.shown_seat = humans[0] if len(humans) == 1 else None
        self.log_count = -1
        app.board.forget()
        app.input.disarm()
        app.set_title(f"{self.spec.title} · Tabletown")
        bundle = app.desk.bundle(self.spec.id) if app.desk is not None else None
        guide = bool(bundle and bundle["guide"]["steps"])
        app.root.innerHTML = screens.game_frame(self.spec.title, self.escaped_names(), rules=bundle is not None,
                                                guide=guide, guest=guest)
        if app.desk is not None:
            app.desk.attach(self.spec.id)
        self.results_html = ""
        self.why_html = ""
        self.params_html = None  # the new frame's panel is drawn on the first render
        self.frame_shows = {}  # the new frame's status, Undo and hand-off are set on the first render
        app.stats.games = int(app.stats.games) + 1
        app.measure_memory()
        if save_id is not None and session.remotes():
            app.live.host_game(save_id, session)  # players on other devices: this page hosts the table
        self.render()
        self.scroll_to_prompt()

    def begin_guest(self, table: Any) -> None:
        """A live table joined from another device (`live.guest.GuestTable`)."""
        self.begin(None, table, guest=True)

    @property
    def hosted_here(self) -> bool:
        """The game on screen is kept here (not a guest's view of another device's game)."""
        return self.save_id is not None

    def leave(self) -> None:
        """Another screen comes: no bot plays on, and no session is shown."""
        self.cancel_bot()
        self.session = None
        self.thinking = self.thinking_for = None  # a decision half thought through is dropped
        self.telling = None  # and a story half told

    def scroll_to_prompt(self) -> None:
        """A game opens at its prompt: a page left scrolled (down the picker or the setup form) is
        brought to the status line; one that shows it already stays where it is."""
        status = self.doc.getElementById("status")
        if absent(status):
            return
        top = float(status.getBoundingClientRect().top)
        if top < 0 or top > float(js.window.innerHeight) / 2:
            js.window.scrollTo(0, max(0, round(top + float(js.window.scrollY))))

    def escaped_names(self) -> list[str]:
        """The players' names for the page's own HTML (the renderers get them raw: `board_ui`)."""
        return [escape(n) for n in self.session.names]

    @property
    def secrets(self) -> bool:
        return bool(self.spec.secrets)

    # --- drawing -------------------------------------------------------------------------------
    def render(self) -> None:
        laps = self.laps
        laps.start()
        if not self.frozen:
            # What exists once the first game is open (the page, the game's modules and data) stays
            # for the page's life: the collector skips it from now on, so a collection in a move is short.
            gc.freeze()
            self.frozen = True
        app, session = self.app, self.session
        rules = session.rules
        names = self.escaped_names()
        screen = policy.game_screen(session, self.secrets, self.shown_seat)
        self.screen = screen
        self.shown_seat = screen.shown_seat
        acting = screen.acting
        laps.lap("screen")
        self.legal = session.legal(acting) if acting is not None else []
        self.kinds = session.params(acting) if acting is not None else []
        app.input.follow_offer(self.kinds, self.legal)
        laps.lap("legal")
        view = session.view(screen.view_seat)
        self.view = view
        laps.lap("view")
        drawing = session.game.render(view, self.board_ui())
        laps.lap("render")
        app.board.draw(drawing)
        laps.lap("draw")
        if self.shows("over", screen.over):
            board = self.doc.getElementById("board")
            if screen.over:
                board.setAttribute("data-game-over", "true")
            else:
                board.removeAttribute("data-game-over")
        if self.shows("status", screen.status):
            self.doc.getElementById("prompt").textContent = screen.status
        laps.lap("status")
        why = ""
        if app.desk is not None and not screen.handoff and self.hosted_here:
            why = app.desk.why(rules, session.state, screen.acting, self.legal, view, screen.over)
        if why != self.why_html:
            self.doc.getElementById("why").innerHTML = why
            self.why_html = why
        laps.lap("why")
        self.show_handoff(screen, names)
        if app.desk is not None:
            app.desk.on_handoff(screen.handoff)
        laps.lap("handoff")
        self.render_params()
        app.input.focus_frame()
        self.mark_ghost()
        laps.lap("params")
        self.render_log()
        laps.lap("log")
        if self.shows("undo", screen.undo):
            self.doc.getElementById("undo").disabled = not screen.undo
        self.draw_results(names, screen.over)
        if screen.over and not self.was_over and self.hosted_here:
            self.was_over = True
            app.saver.record_progress(self.save_id, session)
        if app.desk is not None and acting is not None and not screen.handoff and not screen.over:
            # the guide speaks of the screen a player is asked on, the first time it shows
            app.desk.maybe_guide(len(policy.humans(session)), view)
        self.schedule_bot()
        app.live.after_render()  # players on other devices get their tables
        laps.lap("results")
        self.after_frame()

    def board_ui(self) -> dict[str, Any]:
        """What the renderer is told besides the view; the names raw, as typed (the render kit escapes them)."""
        screen, pointing = self.screen, self.app.input
        names = list(self.session.names) if self.session else []
        return {"viewer": screen.view_seat if screen else None, "legal": self.legal, "params": self.kinds,
                "armed": pointing.armed, "cursor": pointing.cursor, "names": names, "narrow": self.app.narrow,
                "preview": pointing.preview, "pointer": pointing.pointer, "confirm": pointing.confirm}

    def shows(self, piece: str, value: Any) -> bool:
        """Whether a piece of the game frame must be set to `value` (it shows something else now)."""
        if piece in self.frame_shows and self.frame_shows[piece] == value:
            return False
        self.frame_shows[piece] = value
        return True

    def mark_ghost(self) -> None:
        """While a ghost is on the table, the buttons beside the model step back (`.ghosting` in the
        stylesheet), so the Move being shown is what stands out."""
        pointing = self.app.input
        if self.shows("ghosting", pointing.cursor is not None and pointing.armed is not None):
            self.doc.getElementById("board").classList.toggle("ghosting", self.frame_shows["ghosting"])

    def after_frame(self) -> None:
        """What reads the page's layout (the log kept scrolled to its end, the guide's ring) waits for the
        next frame, so the browser lays the page out once, in that frame; the autosave is written right
        after that frame, so the move is on screen first."""
        if self.after_frame_proxy is None:
            self.after_frame_proxy = create_proxy(lambda _time: self.app.guard(self._after_frame))
        if not self.frame_asked:
            self.frame_asked = True
            js.requestAnimationFrame(self.after_frame_proxy)

    def _after_frame(self) -> None:
        self.frame_asked = False
        self.app.saver.frame_shown()
        if self.session is None:
            return
        if self.log_to_end:
            log = self.doc.getElementById("log")
            log.scrollTop = log.scrollHeight
            self.log_to_end = False
        if self.app.desk is not None:
            self.app.desk.place_guide()

    def draw_results(self, names: list[str], over: bool) -> None:
        """The result of a finished game, with its story; nothing while it goes on."""
        session = self.session
        html = ""
        if over:
            outcome = session.outcome()
            story = self.story_html(names) if self.hosted_here else ""
            html = screens.results(outcome, names, story=story, replay=self.hosted_here) if outcome else ""
        if html != self.results_html:  # an open "Share the replay" box stays open
            self.doc.getElementById("results").innerHTML = html
            self.results_html = html

    def story_html(self, names: list[str]) -> str:
        """The charts of a finished game's story (worked out once per game). A long game's story is
        told in slices between frames (`StoryTeller`), so the result shows at once and the page
        answers meanwhile; until it is whole, a line says it is coming."""
        from ..engine.replay import StoryTeller
        from . import charts

        session = self.session
        key = (self.save_id or "", len(session.record["log"]))
        if key not in self.stories:
            try:
                if self.telling is None or self.telling[0] != key:
                    self.telling = (key, StoryTeller(session.game, session.record))
                if self.telling[1].tell(time.perf_counter() + policy.THINK_SLICE):
                    self.stories[key], self.telling = self.telling[1].story, None
            except Exception as err:  # noqa: BLE001 - the scores are shown even if the story cannot be told
                js.console.error(f"Tabletown: the story of this game could not be told ({err!r})")
                self.stories[key], self.telling = None, None
            if key not in self.stories:
                if not self.story_due:  # the next slice, after the page has had its turn
                    self.story_due = True
                    js.setTimeout(self.story_proxy, 0)
                return charts.STORY_PENDING
        return charts.story_html(self.stories[key], names, self.app.narrow)

    def story_tick(self) -> None:
        """Tell the next slice of the story, if a finished game is still shown."""
        self.story_due = False
        if self.telling is not None and self.session is not None and self.session.over():
            self.app.guard(lambda: self.draw_results(self.escaped_names(), True))

    def show_handoff(self, screen: policy.Screen, names: list[str]) -> None:
        """While the device is passed on, the rest of the page is inert: no focus, clicks or keys."""
        shown = names[screen.asked] if screen.handoff and screen.asked is not None else None
        if not screen.handoff and not self.shows("handoff", shown):
            return  # no hand-off now nor before: nothing to undo (a hand-off is set again each time, for new elements)
        self.frame_shows["handoff"] = shown
        overlay = self.doc.getElementById("handoff")
        for el in self.doc.querySelectorAll("body > :not(main), #update, #app > :not(.game), .game-main"):
            el.inert = screen.handoff
        if screen.handoff and screen.asked is not None:
            overlay.innerHTML = screens.handoff(names[screen.asked])
            overlay.hidden = False
            button = overlay.querySelector("button")
            if not absent(button):
                button.focus()
        else:
            overlay.hidden = True
            overlay.innerHTML = ""

    def render_params(self) -> None:
        pointing = self.app.input
        html = screens.params_panel(self.kinds, pointing.armed, pointing.cursor)
        if html == self.params_html and not self.shows("params hidden", not self.kinds):
            return  # unchanged controls are not parsed again (nor lose their focus)
        panel = self.doc.getElementById("params")
        if absent(panel):
            return
        if html != self.params_html:
            panel.innerHTML = html
            self.params_html = html
        panel.hidden = not self.kinds
        self.frame_shows["params hidden"] = not self.kinds

    def render_log(self) -> None:
        session = self.session
        if self.log_count == len(session.lines):
            return
        log = self.doc.getElementById("log")
        if 0 < self.log_count < len(session.lines):
            # Only new lines: a long game's log is not rebuilt on every move.
            log.insertAdjacentHTML("beforeend", screens.log_items(session.lines[self.log_count:], self.escaped_names()))
        else:
            log.innerHTML = screens.log_items(session.lines, self.escaped_names()) or '<li class="muted">No moves yet.</li>'
        self.log_to_end = True  # scrolled to its end in the next frame (`after_frame`)
        self.log_count = len(session.lines)

    # --- moves ---------------------------------------------------------------------------------
    def play_action(self, action: dict[str, Any], at: Optional[tuple[float, float]] = None) -> None:
        """Play an action; one the rules refuse is explained over the page (beside the pointer
        at `at`, for a pressed point) and changes nothing."""
        session, app = self.session, self.app
        if session is None or self.screen is None or self.screen.acting is None:
            return
        started = js.performance.now()
        try:
            session.apply(self.screen.acting, action)
        except IllegalAction as err:
            app.alert(f"That move is not allowed: {err}", at=at)
            return
        applied = js.performance.now()
        app.clear_alert()  # an earlier refusal no longer applies
        app.input.disarm()
        app.input.confirm = None
        self.autosave()
        saved = js.performance.now()
        self.laps.times = {}
        self.render()
        done = js.performance.now()
        app.stats.clicks.push(done - started)
        steps = dict(self.laps.times, apply=applied - started, save=saved - applied)
        steps["page"] = done - saved - sum(self.laps.times.values())
        app.stats.steps.push(js.JSON.parse(json.dumps(steps)))

    def play(self, index: int) -> None:
        if 0 <= index < len(self.legal):
            self.play_action(self.legal[index])

    def autosave(self) -> None:
        if self.session is not None and self.save_id is not None:
            self.app.saver.autosave(self.save_id, self.session)

    def cmd_handoff(self, _target: Any) -> None:
        if self.session is None or self.screen is None:
            return
        if self.screen.asked is not None:
            self.shown_seat = self.screen.asked
        self.render()

    def cmd_undo(self, _target: Any) -> None:
        if self.session is None or self.screen is None or not self.screen.undo:
            return
        if not self.session.undo(policy.undo_by(self.session, self.secrets, self.shown_seat)):
            self.app.alert("Nothing can be undone: the last move revealed or rolled something.")
            return
        self.log_count = -1
        self.app.input.disarm()
        self.autosave()
        self.render()

    def cmd_watch_replay(self, _target: Any) -> None:
        if self.session is not None:
            js.location.hash = policy.replay_fragment(encode_link(self.session.record))

    # --- bots ----------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        self.cancel_bot()
        session = self.session
        if session is None or session.over() or not self.hosted_here:
            return  # a guest's page plays no bots: the host's does
        if any(policy.is_bot(session, s) for s in session.active()):
            self.bot_timer = js.setTimeout(self.bot_proxy, self.bot_pause)

    def cancel_bot(self) -> None:
        self.decided = None  # the page drew since it was decided (a move, an undo, another game): decided again
        if self.bot_timer is not None:
            js.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def bot_tick(self) -> None:
        self.bot_timer = None
        self.app.guard(self._bot_tick)

    def _bot_tick(self) -> None:
        session = self.session
        if session is None or session.over():
            return
        bots = [s for s in session.active() if policy.is_bot(session, s)]
        if not bots:
            return
        seat = bots[0]
        key = (id(session), seat, len(session.record["log"]))
        if self.decided is not None and self.decided[0] == key:
            self.play_bot_move(seat, self.decided[1])
            return
        self.decided = None  # decided for a game that has moved on since
        now = time.perf_counter()
        if self.thinking_for != key:  # a new decision (or the game moved on under an old one)
            self.thinking, self.thinking_for, self.thinking_started = session.bot_thinking(seat), key, now
        # A searching bot thinks in slices of a frame or two, so the page answers meanwhile; its
        # own clock (`seconds`) ends the search, whatever the device's speed.
        limit = self.thinking_started + getattr(self.thinking, "seconds", 0.0)
        finished = self.thinking.think(min(now + policy.THINK_SLICE, limit), limit)
        if not finished and time.perf_counter() < limit:
            self.bot_timer = js.setTimeout(self.bot_proxy, 0)
            return
        action = self.thinking.best()
        self.app.stats.bots.push((time.perf_counter() - self.thinking_started) * 1000)
        # How far a search got before its clock (benchmarks); a decision the expert leaves to its
        # hard bot unsearched is no search.
        if getattr(self.thinking, "weighing", False):
            self.app.stats.searchTrials.push(self.thinking.trials)
        if getattr(self.thinking, "solving", False):  # the clock may have left the hard bot's move
            self.app.stats.solved.push(1 if self.thinking.answer is not None else 0)
        self.thinking = self.thinking_for = None
        # The move is played in the page's next turn: deciding and drawing in one would hold the
        # page for both (a frame's gap of a hard bot's decision and the move's drawing together).
        self.decided = (key, action)
        self.bot_timer = js.setTimeout(self.bot_proxy, 0)

    def play_bot_move(self, seat: int, action: dict[str, Any]) -> None:
        """A bot's decided move played, kept and drawn (its time kept for the benchmarks)."""
        session = self.session
        self.decided = None
        started = js.performance.now()
        session.bot_move(seat, action)
        self.autosave()
        self.render()
        self.app.stats.botMoves.push(js.performance.now() - started)
