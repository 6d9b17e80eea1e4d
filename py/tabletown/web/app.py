"""The page: routes, screens and input wiring. The only code that touches the browser.

Screens are HTML strings set with one innerHTML each; the board is the game's pure
SVG render. Input is handled by delegation: one listener each for click, keydown,
change, submit and hashchange, created once, so playing many games leaks nothing.
No rule is decided here: the page offers what `legal` returns and reports the choice.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from .. import games
from ..engine.campaign import PROGRESS_ID
from ..engine.codec import LINK_PREFIX, NEW_PREFIX, decode_link, encode_link, parse_new_game
from ..engine.draw import names_in
from ..engine.rules import BadSetup, IllegalAction
from ..engine.saves import SaveStore, StorageFull
from ..engine.session import RecordError, Session, new_record
from ..engine.words import and_list
from . import screens
from .dom import absent
from .storage import open_store

BOT_PAUSE_MS = 450
STORAGE_FULL = (
    "Your browser's storage is full, so this game could not be saved. "
    "The game goes on here; delete old saved games from the menu to make room."
)


def bot_pause_from(search: str) -> int:
    """The pause before a bot moves; `?botpause=MS` in the address changes it (tests use it)."""
    from urllib.parse import parse_qs

    values = parse_qs(search.lstrip("?")).get("botpause", [])
    if values and values[0].isdigit():
        return min(int(values[0]), 5000)
    return BOT_PAUSE_MS


def now_ms() -> int:
    return int(js.Date.now())


def new_id() -> str:
    stamp = int(js.Date.now())
    noise = int(js.Math.floor(js.Math.random() * 36**4))
    return f"{_base36(stamp)}-{_base36(noise)}"


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


class App:
    def __init__(self) -> None:
        self.doc = js.document
        self.root = self.doc.getElementById("app")
        self.store: SaveStore
        self.store, self.campaigns = open_store()
        self.session: Optional[Session] = None
        self.save_id: Optional[str] = None
        self.shown_seat: Optional[int] = None  # whose private view the screen shows
        self.legal: list[dict[str, Any]] = []
        self.acting: Optional[int] = None
        self.was_over = False
        self.bot_timer: Any = None
        self.log_count = -1
        self.stats = js.Object.new()
        self.stats.clicks = js.Array.new()
        self.stats.bots = js.Array.new()
        self.stats.games = 0
        js.window.tabletownStats = self.stats
        self._proxies = [
            (self.doc, "click", create_proxy(self.on_click)),
            (self.doc, "keydown", create_proxy(self.on_key)),
            (self.doc, "change", create_proxy(self.on_change)),
            (self.doc, "submit", create_proxy(self.on_submit)),
            (js.window, "hashchange", create_proxy(self.on_route)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        self.bot_proxy = create_proxy(self.bot_tick)
        self.bot_pause = bot_pause_from(str(js.location.search))

    # --- routing -----------------------------------------------------------------------
    def on_route(self, _event: Any = None) -> None:
        self.guard(self.route)

    def route(self) -> None:
        self.cancel_bot()
        frag = str(js.location.hash)
        if frag.startswith(LINK_PREFIX) or frag.startswith("#play"):
            self.open_link(frag)
        elif frag.startswith(NEW_PREFIX):
            self.open_new_link(frag)
        elif frag.startswith("#setup/"):
            self.show_setup(frag[len("#setup/"):])
        elif frag.startswith("#game/"):
            self.open_save(frag[len("#game/"):])
        else:
            self.show_picker()

    def go(self, fragment: str) -> None:
        """Replace the address (no history entry for a link that was just consumed)."""
        js.history.replaceState(None, "", fragment)
        self.route()

    # --- picker and setup ----------------------------------------------------------------
    def show_picker(self, alert: str = "") -> None:
        self.session = None
        self.measure_memory()
        self.set_title("Tabletown")
        saves = self.store.list()
        self.root.innerHTML = screens.picker(games.SPECS, saves, self.store.broken(), self.store.notices)
        self.store.notices = []
        if alert:
            self.alert(alert)

    def show_setup(self, game_id: str, alert: str = "") -> None:
        spec = games.BY_ID.get(game_id)
        if spec is None or not spec.ready:
            self.show_picker(f"There is no playable game called “{game_id[:40]}”.")
            return
        self.session = None
        self.set_title(f"New game of {spec.title} · Tabletown")
        self.root.innerHTML = screens.setup(spec)
        self.refresh_setup_form()
        if alert:
            self.alert(alert)

    def refresh_setup_form(self) -> None:
        form = self.doc.getElementById("setup-form")
        if absent(form):
            return
        count = int(form.elements.namedItem("seats").value)
        for row in self.doc.querySelectorAll("[data-seat-row]"):
            row.hidden = int(row.dataset.seatRow) >= count
        for field in self.doc.querySelectorAll("[data-for-seats]"):
            allowed = [int(x) for x in str(field.dataset.forSeats).split(",") if x]
            off = bool(allowed) and count not in allowed
            field.disabled = off
            wrapper = field.closest(".option")
            if not absent(wrapper):
                wrapper.classList.toggle("unavailable", off)

    def start_from_form(self, form: Any) -> None:
        game_id = str(form.dataset.game)
        spec = games.BY_ID[game_id]
        count = int(form.elements.namedItem("seats").value)
        seats = []
        for i in range(count):
            kind_value = str(form.elements.namedItem(f"kind{i}").value)
            name = str(form.elements.namedItem(f"name{i}").value)
            seat: dict[str, Any] = {"name": name}
            if kind_value.startswith("bot:"):
                seat["kind"] = "bot"
                seat["level"] = kind_value[4:]
            else:
                seat["kind"] = "human"
            seats.append(seat)
        texts: dict[str, str] = {}
        for opt in spec.offered_options(count):
            field = form.elements.namedItem(f"opt-{opt.name}")
            if not absent(field):
                is_box = str(field.type) == "checkbox"
                texts[opt.name] = ("true" if field.checked else "false") if is_box else str(field.value)
        options = spec.parse_link_options(count, texts)
        seed_text = str(form.elements.namedItem("seed").value).strip()
        seed = int(seed_text) if re.fullmatch(r"-?[0-9]{1,12}", seed_text) else None
        self.start_game(game_id, seats, options, seed)

    def start_game(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: Optional[int]) -> None:
        game = games.load(game_id)
        names = [s.get("name") or "" for s in seats]
        if game.SPEC.campaign:
            options = game.RULES.campaign_options(self.campaigns.data(game_id, PROGRESS_ID), names, dict(options))
        if seed is None:
            seed = int(js.Math.floor(js.Math.random() * 2**31))
        record = new_record(game, seats, options, seed)
        save_id = new_id()
        try:
            self.store.save(save_id, record, now_ms())
        except StorageFull:
            self.begin(save_id, Session(game, record))
            self.alert(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#game/{save_id}")
        self.begin(save_id, Session(game, record))

    def open_new_link(self, fragment: str) -> None:
        from urllib.parse import unquote

        try:
            spec = parse_new_game(unquote(fragment) if "%" in fragment.split("?")[0] else fragment, games.LIBRARY)
            self.start_game(spec["game"], spec["seats"], spec["options"], spec["seed"])
        except (RecordError, BadSetup) as err:
            js.history.replaceState(None, "", "#")
            self.show_picker(f"This new-game link cannot be used: {err}")

    def open_link(self, fragment: str) -> None:
        try:
            record = decode_link(fragment, games.LIBRARY)
        except RecordError as err:
            js.history.replaceState(None, "", "#")
            self.show_picker(f"This game link cannot be opened. {err}")
            return
        save_id = new_id()
        session = Session(games.load(record["game"]), record, trusted=True)
        try:
            self.store.save(save_id, session.record, now_ms(), over=session.over())
        except StorageFull:
            js.history.replaceState(None, "", "#")
            self.begin(save_id, session)
            self.alert(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#game/{save_id}")
        self.begin(save_id, session)

    def open_save(self, save_id: str) -> None:
        if self.session is not None and self.save_id == save_id:
            self.render_game()
            return
        entry = self.store.load(save_id)
        if entry is None:
            js.history.replaceState(None, "", "#")
            notices = " ".join(self.store.notices) or "That saved game is no longer here."
            self.store.notices = []
            self.show_picker(notices)
            return
        session = Session(games.load(entry["record"]["game"]), entry["record"], trusted=True)
        self.begin(save_id, session)

    # --- the game screen -------------------------------------------------------------------
    def begin(self, save_id: str, session: Session) -> None:
        self.session = session
        self.save_id = save_id
        self.was_over = session.over()
        humans = self.humans()
        self.shown_seat = humans[0] if len(humans) == 1 else None
        self.log_count = -1
        self.set_title(f"{session.spec.title} · Tabletown")
        self.root.innerHTML = screens.game_frame(session.spec.title, self.escaped_names())
        self.stats.games = int(self.stats.games) + 1
        self.measure_memory()
        self.render_game()

    def undo_by(self) -> Optional[int]:
        """Whose moves Undo may take back: in a game with secrets and several humans, only
        those of the human whose view is on screen (never another's hidden choice)."""
        assert self.session is not None
        if self.session.spec.secrets and len(self.humans()) > 1:
            return -1 if self.shown_seat is None else self.shown_seat
        return None

    def humans(self) -> list[int]:
        assert self.session is not None
        return [i for i, s in enumerate(self.session.seats) if s["kind"] == "human"]

    def escaped_names(self) -> list[str]:
        assert self.session is not None
        return [escape(n) for n in self.session.names]

    def pick_acting(self) -> Optional[int]:
        """The human seat the page asks now (prefer the one already looking at the screen)."""
        assert self.session is not None
        humans = [s for s in self.session.active() if not self.session.is_bot(s)]
        if not humans:
            return None
        if self.shown_seat in humans:
            return self.shown_seat
        return humans[0]

    def needs_handoff(self, acting: Optional[int]) -> bool:
        assert self.session is not None
        return (
            acting is not None
            and acting != self.shown_seat
            and self.session.spec.secrets
            and len(self.humans()) > 1
        )

    def render_game(self) -> None:
        session = self.session
        assert session is not None
        rules = session.rules
        names = self.escaped_names()
        acting = self.pick_acting()
        handoff = self.needs_handoff(acting)
        over = session.over()
        if handoff:
            view_seat: Optional[int] = None
            self.legal = []
        else:
            if acting is not None:
                self.shown_seat = acting
            view_seat = self.shown_seat if not over or len(self.humans()) == 1 else None
            self.legal = rules.legal(session.state, acting) if acting is not None else []
        self.acting = None if handoff else acting
        view = rules.view(session.state, view_seat)
        svg = session.game.render(view, {"viewer": view_seat, "legal": self.legal, "names": names})
        board = self.doc.getElementById("board")
        board.innerHTML = svg
        js.tabletownLabels(board)
        if over:
            board.setAttribute("data-game-over", "true")
        else:
            board.removeAttribute("data-game-over")
        self.doc.getElementById("status").textContent = self.status_text(acting, handoff)
        overlay = self.doc.getElementById("handoff")
        if handoff:
            assert acting is not None
            overlay.innerHTML = screens.handoff(names[acting])
            overlay.hidden = False
            button = overlay.querySelector("button")
            if not absent(button):
                button.focus()
        else:
            overlay.hidden = True
            overlay.innerHTML = ""
        self.render_log()
        undo = self.doc.getElementById("undo")
        undo.disabled = not session.can_undo(self.undo_by())
        results = self.doc.getElementById("results")
        if over:
            outcome = session.outcome()
            results.innerHTML = screens.results(outcome, names, session.spec) if outcome else ""
            if not self.was_over:
                self.was_over = True
                self.record_progress()
        else:
            results.innerHTML = ""
        self.schedule_bot()

    def status_text(self, acting: Optional[int], handoff: bool) -> str:
        session = self.session
        assert session is not None
        names = session.names
        if session.over():
            outcome = session.outcome() or {"winners": []}
            if outcome.get("headline"):  # e.g. a solo game against an automaton
                return "Game over — " + names_in(outcome["headline"], names)
            winners = and_list(names[w] for w in outcome["winners"])
            verb = "wins" if len(outcome["winners"]) == 1 else "share the win"
            return f"Game over — {winners} {verb}."
        if handoff and acting is not None:
            return f"Pass the device to {names[acting]}."
        if acting is not None:
            return f"{names[acting]}: " + names_in(session.rules.prompt(session.state, acting), names)
        bots = [names[s] for s in session.active() if session.is_bot(s)]
        return (and_list(bots) or "A bot") + (" is" if len(bots) <= 1 else " are") + " thinking…"

    def render_log(self) -> None:
        session = self.session
        assert session is not None
        if self.log_count == len(session.lines):
            return
        log = self.doc.getElementById("log")
        if 0 < self.log_count < len(session.lines):
            # Only new lines: a long game's log is not rebuilt on every move.
            log.insertAdjacentHTML("beforeend", screens.log_items(session.lines[self.log_count:], self.escaped_names()))
        else:
            log.innerHTML = screens.log_items(session.lines, self.escaped_names()) or '<li class="muted">No moves yet.</li>'
        log.scrollTop = log.scrollHeight
        self.log_count = len(session.lines)

    # --- moves ---------------------------------------------------------------------------
    def play(self, index: int) -> None:
        session = self.session
        if session is None or self.acting is None or not 0 <= index < len(self.legal):
            return
        started = js.performance.now()
        try:
            session.apply(self.acting, self.legal[index])
        except IllegalAction as err:
            self.alert(f"That move is not allowed: {err}")
            return
        self.autosave()
        self.render_game()
        self.stats.clicks.push(js.performance.now() - started)

    def autosave(self) -> None:
        session = self.session
        if session is None or self.save_id is None:
            return
        try:
            self.store.save(self.save_id, session.record, now_ms(), over=session.over())
        except StorageFull:
            self.alert(STORAGE_FULL)

    def record_progress(self) -> None:
        session = self.session
        assert session is not None
        game_id = session.record["game"]
        if not session.spec.campaign:
            return
        try:
            progress = self.campaigns.data(game_id, PROGRESS_ID)
            updated = session.rules.campaign_update(progress, session.names, session.state)
            if updated is not None and updated != progress:
                self.campaigns.put_data(game_id, PROGRESS_ID, updated, now_ms(), "Progress by player name")
        except StorageFull:
            self.alert(STORAGE_FULL)

    def schedule_bot(self) -> None:
        self.cancel_bot()
        session = self.session
        if session is None or session.over():
            return
        if any(session.is_bot(s) for s in session.active()):
            self.bot_timer = js.setTimeout(self.bot_proxy, self.bot_pause)

    def cancel_bot(self) -> None:
        if self.bot_timer is not None:
            js.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def bot_tick(self) -> None:
        self.bot_timer = None
        self.guard(self._bot_tick)

    def _bot_tick(self) -> None:
        session = self.session
        if session is None or session.over():
            return
        bots = [s for s in session.active() if session.is_bot(s)]
        if not bots:
            return
        started = js.performance.now()
        session.bot_move(bots[0])
        self.stats.bots.push(js.performance.now() - started)
        self.autosave()
        self.render_game()

    # --- events -----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]") if event.target and hasattr(event.target, "closest") else None
        if absent(target):
            return
        action = str(target.dataset.action)
        if action.isdigit():
            event.preventDefault()
            self.guard(lambda: self.play(int(action)))
            return
        handler = getattr(self, "cmd_" + action.replace("-", "_"), None)
        if handler is not None:
            if target.tagName != "A":
                event.preventDefault()
            self.guard(lambda: handler(target))

    def on_key(self, event: Any) -> None:
        if event.key not in ("Enter", " "):
            return
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute"):
            return
        # Native buttons and links already turn Enter/Space into clicks.
        if target.tagName in ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"):
            return
        if not absent(target.getAttribute("data-action")):
            event.preventDefault()
            target.dispatchEvent(js.MouseEvent.new("click", js.JSON.parse('{"bubbles": true}')))

    def on_change(self, event: Any) -> None:
        if not absent(event.target) and str(event.target.name) == "seats":
            self.guard(self.refresh_setup_form)

    def on_submit(self, event: Any) -> None:
        form = event.target
        if absent(form) or str(form.id) != "setup-form":
            return
        event.preventDefault()
        self.guard(lambda: self._start_or_alert(form))

    def _start_or_alert(self, form: Any) -> None:
        try:
            self.start_from_form(form)
        except (RecordError, BadSetup) as err:
            self.alert(str(err))

    def cmd_handoff(self, _target: Any) -> None:
        if self.session is None:
            return
        acting = self.pick_acting()
        if acting is not None:
            self.shown_seat = acting
        self.render_game()

    def cmd_undo(self, _target: Any) -> None:
        if self.session is None:
            return
        if not self.session.undo(self.undo_by()):
            self.alert("Nothing can be undone: the last move revealed or rolled something.")
            return
        self.log_count = -1
        self.autosave()
        self.render_game()

    def cmd_share(self, _target: Any) -> None:
        if self.session is None:
            return
        link = str(js.location.origin) + str(js.location.pathname) + encode_link(self.session.record)
        out = self.doc.getElementById("share-link")
        out.textContent = link
        out.setAttribute("href", link)
        self.doc.getElementById("share-box").hidden = False
        try:
            js.navigator.clipboard.writeText(link)
            self.doc.getElementById("share-note").textContent = "Link copied. Anyone who opens it continues from this point."
        except Exception:  # noqa: BLE001 - clipboard access is optional
            self.doc.getElementById("share-note").textContent = "Copy this link: anyone who opens it continues from this point."

    def cmd_delete_save(self, target: Any) -> None:
        save_id = str(target.dataset.save)
        self.store.delete(save_id)
        self.show_picker()
        status = self.doc.getElementById("picker-status")
        if not absent(status):
            status.textContent = "Saved game deleted."

    def cmd_forget_broken(self, target: Any) -> None:
        self.store.forget_broken(str(target.dataset.save))
        self.show_picker()

    def cmd_dismiss(self, target: Any) -> None:
        box = target.closest("[role=alert]")
        if not absent(box):
            box.remove()

    # --- helpers ------------------------------------------------------------------------------
    def measure_memory(self) -> None:
        """Record the runtime's memory for the benchmarks (wasm heap and Python blocks)."""
        import gc

        gc.collect()
        self.stats.pyObjects = len(gc.get_objects())
        try:
            import pyodide_js  # type: ignore[import-not-found]

            self.stats.wasmBytes = int(pyodide_js._module.HEAP8.length)
        except Exception:  # noqa: BLE001 - only the benchmarks read this
            self.stats.wasmBytes = -1

    def alert(self, message: str) -> None:
        slot = self.doc.getElementById("alerts")
        if absent(slot):
            return
        slot.innerHTML = screens.alert(message)

    def set_title(self, title: str) -> None:
        self.doc.title = title

    def guard(self, fn: Any) -> None:
        """Run an event handler; an unexpected error becomes a readable message, not a dead page."""
        try:
            fn()
        except Exception as err:  # noqa: BLE001 - the page must survive any bug
            js.console.error(f"Tabletown error: {err!r}")
            import traceback

            js.console.error(traceback.format_exc())
            self.alert(f"Something went wrong: {err}. Your saved games are safe.")


APP: Optional[App] = None


def start() -> None:
    """Boot the page: build the app, show the first screen, mark the page ready."""
    global APP
    APP = App()
    js.document.getElementById("loading").remove()
    APP.root.hidden = False
    APP.on_route()
    js.document.documentElement.classList.add("ready")
    js.window.readyAt = js.performance.now()
    # boot.js registers the service worker now, so its precache downloads do not
    # compete with the runtime while the page is starting.
    js.window.dispatchEvent(js.Event.new("tabletown:ready"))

