"""The page's DOM glue: routes, screens and input wiring. The only code that touches the browser.

What the page decides (whose turn is shown, hand-offs, status, Undo, the Share text, what
to redraw, how the address and a press on the board are read) lives in `policy.py`; the
HTML in `screens.py`; both are tested in CPython. This module asks them and applies the
answers. Input is handled by delegation: one listener per event type, created once.
A game's own files are fetched the first time it is opened (`ensure_game`).

Two screens have glue of their own, imported when first needed: replays
(`replay_view.py`) and the rules at hand with the guided first turn (`help_view.py`);
the result screen's charts are drawn by `charts.py`.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import io
import json
import time
import zipfile
from html import escape
from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

from .. import games
from ..engine.campaign import PROGRESS_ID, decode_campaign_link, encode_campaign_link
from ..engine.codec import decode_link, encode_link, parse_new_game
from ..engine.rules import BadSetup, IllegalAction
from ..engine.saves import SAVE_PREFIX, SaveStore, StorageFull
from ..engine.session import RecordError, Session, new_record
from . import catalog, policy, screens
from .dom import absent
from .storage import open_store

STORAGE_FULL = (
    "Your browser's storage is full, so this game could not be saved. "
    "The game goes on here; delete old saved games from the menu to make room."
)


def array_from(collection: Any) -> list[Any]:
    """A JavaScript list of elements (HTMLCollection, NodeList) as a Python list, in one call."""
    return getattr(js.Array, "from")(collection).to_py()


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


def _assets() -> dict[str, Any]:
    meta = js.document.querySelector('meta[name="tabletown-assets"]')
    if absent(meta):
        return {"games": {}}
    try:
        return json.loads(str(meta.content))
    except ValueError:
        return {"games": {}}


class App:
    def __init__(self) -> None:
        self.doc = js.document
        self.root = self.doc.getElementById("app")
        self.store: SaveStore
        self.store, self.campaigns = open_store()
        self.assets = _assets()
        self.loaded: set[str] = set()  # games whose files are here
        self.session: Any = None
        self.spec: Any = None
        self.campaign_id: dict[str, str] = {}  # save id -> the campaign its end updates (this page's life)
        self.save_id: Optional[str] = None
        self.shown_seat: Optional[int] = None  # whose private view the screen shows
        self.screen: Optional[policy.Screen] = None
        self.legal: list[dict[str, Any]] = []
        self.kinds: list[dict[str, Any]] = []
        self.armed: Optional[int] = None
        self.cursor: Optional[list[int]] = None
        # Play on the table: the rules' preview of the point under the pointer, how the player points
        # ("mouse", "touch" or "keys"), the kind last armed at once (so Escape's cancel sticks), whether
        # the frame should hold the focus (armed from its button), and a shot shown but not yet fired.
        self.preview: Optional[dict[str, Any]] = None
        self.pointer = "mouse"
        self.armed_at_once: Optional[str] = None
        self.frame_focus = False
        self.confirm: Optional[int] = None
        self.confirm_action: Optional[dict[str, Any]] = None
        self.view: Any = None  # the view on screen, for the previews
        self.painted: Optional[policy.Painted] = None
        self.was_over = False
        self.bot_timer: Any = None
        self.log_count = -1
        self.route_serial = 0
        self.desk: Any = None  # the rules at hand and the guide (help_view.RulesDesk), made when first needed
        self.replay: Any = None  # the replay on screen (replay_view.ReplayScreen)
        self.stories: dict[tuple[str, int], Any] = {}  # (save id, moves) -> the story of a finished game
        self.results_html = ""
        self.why_html = ""
        self.params_html: Optional[str] = None  # the parameter panel as last drawn
        self.frame_shows: dict[str, Any] = {}  # what the game frame's small pieces show (set only when it changes)
        self.pending_save: Optional[tuple[str, Any]] = None  # (save id, session) written after the next frame
        self.after_frame_proxy: Any = None
        self.frame_asked = False  # a next-frame callback (`_after_frame`) is pending
        self.log_to_end = False  # the log got new lines: scrolled to its end in the next frame
        self.save_proxy: Any = None
        self.save_scheduled = False  # a timer will write the save still due
        self.close_proxy: Any = None
        self.frozen = False  # gc.freeze() done (`render_game`)
        self.range: Any = None  # parses a redraw's new board parts (`draw_board`)
        self.narrow_query = js.window.matchMedia(f"(max-width: {policy.NARROW_PX - 0.02}px)")
        self.narrow = bool(self.narrow_query.matches)
        self.stats = js.Object.new()
        self.stats.clicks = js.Array.new()
        self.stats.bots = js.Array.new()
        self.stats.opens = js.Array.new()
        self.stats.steps = js.Array.new()  # a click's Python part step by step (ms), for the benchmarks
        self.step_times: dict[str, float] = {}
        self.lap_at = 0.0
        self.stats.games = 0
        js.window.tabletownStats = self.stats
        self._proxies = [
            (self.doc, "click", create_proxy(self.on_click)),
            (self.doc, "keydown", create_proxy(self.on_key)),
            (self.doc, "change", create_proxy(self.on_change)),
            (self.doc, "submit", create_proxy(self.on_submit)),
            (self.doc, "input", create_proxy(self.on_input)),
            (js.window, "hashchange", create_proxy(self.on_route)),
            (self.narrow_query, "change", create_proxy(self.on_narrow)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        self.pointer_proxy = create_proxy(self.on_pointer)
        js.tabletownPointer(self.pointer_proxy)  # the pointer over the board, once a frame
        self.bot_proxy = create_proxy(self.bot_tick)
        self.bot_pause = policy.bot_pause(str(js.location.search))

    # --- routing -----------------------------------------------------------------------
    def on_route(self, _event: Any = None) -> None:
        self.route_serial += 1
        serial = self.route_serial
        asyncio.ensure_future(self.guarded_async(lambda: self.route(serial)))

    async def route(self, serial: int) -> None:
        self.cancel_bot()
        where = policy.route(str(js.location.hash))
        if where.kind == "picker":
            if where.problem:
                js.history.replaceState(None, "", "#")
            self.show_picker(where.problem)
            return
        if where.kind == "rules":
            await self.show_rules(where, serial)
            return
        game_id = self.game_of(where)
        if game_id is not None:
            # A game screen has its rules at hand: they come alongside the game's own files.
            wanted = [self.ensure_game(game_id)]
            if where.kind in ("game", "play", "new"):
                wanted.append(self.rules_desk().ensure(game_id))
            if not (await asyncio.gather(*wanted))[0]:
                return
        if serial != self.route_serial:
            return  # the player went elsewhere while the game's files arrived
        if where.kind == "setup":
            self.show_setup(where.arg)
        elif where.kind == "game":
            self.open_save(where.arg)
        elif where.kind == "play":
            self.open_link(where.arg)
        elif where.kind == "replay":
            self.open_replay(where.arg)
        elif where.kind == "new":
            self.open_new_link(where.arg)
        elif where.kind == "campaign":
            self.import_campaign(where.arg)

    async def show_rules(self, where: policy.Route, serial: int) -> None:
        """A game's rules as a page (`#rules/<game>`, or at a paragraph: `#rules/<game>/<id>`)."""
        spec = catalog.find(where.arg)
        if spec is None:
            js.history.replaceState(None, "", "#")
            self.show_picker(f"There is no game called “{where.arg[:40]}”.")
            return
        desk = self.rules_desk()
        await desk.ensure(spec.id)
        if serial != self.route_serial:
            return
        if absent(self.doc.querySelector(".rules-page")):
            self.clear_screen()
        desk.show_page(spec, where.anchor)

    def rules_desk(self) -> Any:
        if self.desk is None:
            from .help_view import RulesDesk

            self.desk = RulesDesk(self)
        return self.desk

    def clear_screen(self) -> None:
        """Leave the game or replay on screen (its timers, its rules dialog, its guide)."""
        self.write_save()  # the saves are read next: the last move's save is written first
        self.cancel_bot()
        self.session = None
        self.replay = None
        if self.desk is not None:
            self.desk.detach()

    def game_of(self, where: policy.Route) -> Optional[str]:
        if where.kind == "setup":
            return where.arg if catalog.known(where.arg) else None
        if where.kind == "game":
            return catalog.entry_game(self.store.backend.get(SAVE_PREFIX + where.arg))
        if where.kind in ("play", "replay"):
            return catalog.link_game(where.arg)
        if where.kind == "new":
            return catalog.new_link_game(where.arg)
        if where.kind == "campaign":
            return catalog.link_game(where.arg)
        return None

    async def ensure_game(self, game_id: str) -> bool:
        """Fetch and unpack a game's own files the first time it is opened, showing progress."""
        url = self.assets.get("games", {}).get(game_id)
        if game_id in self.loaded or url is None:
            return True
        spec = catalog.find(game_id)
        if spec is None or not spec.ready:
            return True  # the route itself explains
        started = js.performance.now()
        self.clear_screen()
        self.root.innerHTML = screens.loading_game(spec.title, 3)
        self.set_title(f"Opening {spec.title} · Tabletown")

        def progress(percent: Any) -> None:
            fill = self.doc.getElementById("loading-fill")
            if not absent(fill):
                fill.style.width = f"{int(percent)}%"

        proxy = create_proxy(progress)
        try:
            buffer = await js.tabletownFetch(url, proxy)
            data = buffer.to_bytes()
        except Exception as err:  # noqa: BLE001 - a network failure is told, not raised
            self.root.innerHTML = screens.picker(catalog.specs(), [], [], [], self.rule_ids())
            self.alert(f"{spec.title} could not be loaded ({err}). Check the connection and try again.")
            return False
        finally:
            proxy.destroy()
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            zf.extractall(".")
        importlib.invalidate_caches()
        self.loaded.add(game_id)
        self.stats.opens.push(js.performance.now() - started)
        return True

    # --- picker and setup ----------------------------------------------------------------
    def rule_ids(self) -> list[str]:
        """The games whose rules can be read (the build lists their files)."""
        return list(self.assets.get("rules", {}))

    def show_picker(self, alert: str = "") -> None:
        self.clear_screen()
        if js.document.documentElement.classList.contains("ready"):
            self.measure_memory()  # the start's own picker is measured once the page is ready
        self.set_title("Tabletown")
        saves, broken = self.list_saves()
        notices = list(self.store.notices)
        self.store.notices = []
        rows = self.doc.getElementById("save-rows")
        if absent(rows) or absent(self.doc.getElementById("pick-h")):
            self.root.innerHTML = screens.picker(catalog.specs(), saves, broken, notices, self.rule_ids())
        else:
            # The picker from the page's HTML is on screen: leave what is already right alone.
            key = screens.saves_key(saves)
            if str(rows.getAttribute("data-key")) != key:
                rows.innerHTML = screens.save_rows(saves)
                rows.setAttribute("data-key", key)
            self.doc.getElementById("save-notes").innerHTML = screens.save_notes(broken, notices)
        if alert:
            self.alert(alert)

    def list_saves(self) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
        """The saved games from their summaries (no game is replayed to list it)."""
        return self.store.list(), self.store.broken()

    def show_setup(self, game_id: str, alert: str = "") -> None:
        setup = catalog.setup_of(game_id)
        if setup is None:
            self.show_picker(f"There is no playable game called “{game_id[:40]}”.")
            return
        self.clear_screen()
        self.set_title(f"New game of {setup.title} · Tabletown")
        campaigns = self.campaigns.list(game_id) if setup.campaign else None
        self.root.innerHTML = screens.setup(setup, campaigns, rules=game_id in self.rule_ids())
        self.refresh_setup_form()
        if alert:
            self.alert(alert)

    def refresh_setup_form(self) -> None:
        """Show the form as the number of seats and the options chosen make it (`catalog.form_state`):
        seat rows beyond the count hidden, options for other counts greyed, options that mean nothing
        with the others' values hidden, and choices that cannot be played greyed (never left chosen)."""
        form = self.doc.getElementById("setup-form")
        if absent(form):
            return
        count = int(form.elements.namedItem("seats").value)
        for row in self.doc.querySelectorAll("[data-seat-row]"):
            row.hidden = int(row.dataset.seatRow) >= count
            kind = row.querySelector("select")
            ask = row.querySelector("[data-human-only]")
            if not absent(ask) and not absent(kind):
                ask.disabled = str(kind.value) != "human"
        spec = games.BY_ID[str(form.dataset.game)]
        for name, state in catalog.form_state(spec, count, self.option_texts(form, spec)).items():
            field = form.elements.namedItem(f"opt-{name}")
            if absent(field):
                continue
            if str(field.type) == "checkbox":
                field.checked = bool(state.value)
            else:
                for choice in field.options:
                    choice.disabled = str(choice.value) in state.closed
                if str(field.value) != str(state.value):
                    field.value = str(state.value)
            field.disabled = not state.offered
            wrapper = field.closest(".option")
            if not absent(wrapper):
                wrapper.classList.toggle("unavailable", not state.offered)
                wrapper.hidden = not state.shown

    @staticmethod
    def option_texts(form: Any, spec: Any) -> dict[str, str]:
        """Each option's value on the form as text (a tick box: "true" or "false")."""
        texts: dict[str, str] = {}
        for opt in spec.options:
            field = form.elements.namedItem(f"opt-{opt.name}")
            if not absent(field):
                is_box = str(field.type) == "checkbox"
                texts[opt.name] = ("true" if field.checked else "false") if is_box else str(field.value)
        return texts

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
                ask = form.elements.namedItem(f"ask{i}")
                if not absent(ask) and bool(ask.checked):
                    seat["ask"] = "when-able"
            seats.append(seat)
        # Only the options the form shows and offers: the others keep their defaults.
        texts = self.option_texts(form, spec)
        fields = catalog.form_state(spec, count, texts)
        options = spec.parse_link_options(count, {n: t for n, t in texts.items() if fields[n].offered and fields[n].shown})
        seed_text = str(form.elements.namedItem("seed").value).strip()
        if seed_text and policy.number_value({}, seed_text) is None:
            raise BadSetup("The seed must be a whole number of up to 9 digits, such as 7: type digits only, "
                           "or leave it empty for a new shuffle.")
        seed = int(seed_text) if seed_text else None
        chosen = form.querySelector("input[name=campaign]:checked")
        campaign = str(chosen.value) if not absent(chosen) else PROGRESS_ID
        self.start_game(game_id, seats, options, seed, new_id() if campaign == "new" else campaign)

    def start_game(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: Optional[int],
                   campaign_id: str = PROGRESS_ID) -> None:
        game = games.load(game_id)
        names = [s.get("name") or "" for s in seats]
        data = self.campaigns.data(game_id, campaign_id) if game.SPEC.campaign else None
        if game.SPEC.campaign:
            options = game.RULES.campaign_options(data, names, dict(options))
        options = game.SPEC.normalize(len(seats), options)
        snapshot = game.RULES.campaign_snapshot(data, options) if game.SPEC.campaign else None
        seats = policy.seats_at_one_device(game.RULES, seats, options)
        if seed is None:
            seed = int(js.Math.floor(js.Math.random() * 2**31))
        record = new_record(game, seats, options, seed, snapshot)
        save_id = new_id()
        self.campaign_id[save_id] = campaign_id
        self.keep_and_begin(save_id, Session(game, record))

    def keep_and_begin(self, save_id: str, session: Any) -> None:
        try:
            self.store.save(save_id, session.record, now_ms(), over=session.over(), **self.save_notes(save_id, session))
        except StorageFull:
            js.history.replaceState(None, "", "#")
            self.begin(save_id, session)
            self.alert(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#game/{save_id}")
        self.begin(save_id, session)

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
        self.keep_and_begin(new_id(), Session(games.load(record["game"]), record, trusted=True))

    def open_replay(self, fragment: str) -> None:
        """A `#replay=` link: the game it holds, stepped through move by move (nothing is saved)."""
        try:
            record = decode_link(policy.play_fragment(fragment), games.LIBRARY)
        except RecordError as err:
            js.history.replaceState(None, "", "#")
            self.show_picker(f"This replay link cannot be opened. {err}")
            return
        from .replay_view import replay_screen

        self.clear_screen()
        self.replay = replay_screen(self, games.load(record["game"]), record)

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
        if isinstance(entry.get("campaign"), str):
            self.campaign_id[save_id] = entry["campaign"]  # a reloaded campaign game updates the right campaign
        self.begin(save_id, Session(games.load(entry["record"]["game"]), entry["record"], trusted=True))

    def import_campaign(self, fragment: str) -> None:
        try:
            record = decode_campaign_link(fragment, games.LIBRARY)
            self.campaigns.save(record)
        except RecordError as err:
            js.history.replaceState(None, "", "#")
            self.show_picker(f"This campaign link cannot be used: {err}")
            return
        except StorageFull:
            js.history.replaceState(None, "", "#")
            self.show_picker(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#setup/{record['game']}")
        self.show_setup(record["game"], "")
        status = self.doc.getElementById("campaign-status")
        if not absent(status):
            status.textContent = f"Campaign “{record.get('name') or record['id']}” added: choose it to continue."

    # --- the game screen -------------------------------------------------------------------
    def begin(self, save_id: str, session: Any) -> None:
        self.clear_screen()
        self.session = session
        self.spec = session.spec
        self.save_id = save_id
        self.was_over = session.over()
        humans = policy.humans(session)
        self.shown_seat = humans[0] if len(humans) == 1 else None
        self.log_count = -1
        self.painted = None
        self.disarm()
        self.set_title(f"{self.spec.title} · Tabletown")
        bundle = self.desk.bundle(self.spec.id) if self.desk is not None else None
        guide = bool(bundle and bundle["guide"]["steps"])
        self.root.innerHTML = screens.game_frame(self.spec.title, self.escaped_names(), rules=bundle is not None,
                                                 guide=guide)
        if self.desk is not None:
            self.desk.attach(self.spec.id)
        self.results_html = ""
        self.why_html = ""
        self.params_html = None  # the new frame's panel is drawn on the first render
        self.frame_shows = {}  # the new frame's status, Undo and hand-off are set on the first render
        self.stats.games = int(self.stats.games) + 1
        self.measure_memory()
        self.render_game()
        self.scroll_to_prompt()

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
        return [escape(n) for n in self.session.names]

    @property
    def secrets(self) -> bool:
        return bool(self.spec.secrets)

    def lap(self, step: str) -> None:
        """Time since the last lap, kept under `step` for the click's record (`tabletownStats.steps`).
        Python's clock, not `performance.now()`: a call into JavaScript costs more than the laps it times."""
        now = time.perf_counter() * 1000
        self.step_times[step] = self.step_times.get(step, 0) + now - self.lap_at
        self.lap_at = now

    def render_game(self) -> None:
        self.lap_at = time.perf_counter() * 1000
        if not self.frozen:
            # What exists once the first game is open (the page, the game's modules and data) stays
            # for the page's life: the collector skips it from now on, so a collection in a move is short.
            gc.freeze()
            self.frozen = True
        session = self.session
        rules = session.rules
        names = self.escaped_names()
        screen = policy.game_screen(session, self.secrets, self.shown_seat)
        self.screen = screen
        self.shown_seat = screen.shown_seat
        acting = screen.acting
        self.lap("screen")
        self.legal = rules.legal(session.state, acting) if acting is not None else []
        self.kinds = list(rules.params(session.state, acting)) if acting is not None else []
        if self.armed is not None and self.armed >= len(self.kinds):
            self.disarm()
        self.arm_at_once()
        if self.confirm is not None and (self.confirm >= len(self.legal) or self.legal[self.confirm] != self.confirm_action):
            self.confirm = None
        self.lap("legal")
        view = rules.view(session.state, screen.view_seat)
        self.view = view
        self.lap("view")
        drawing = session.game.render(view, self.board_ui())
        self.lap("render")
        self.draw_board(drawing)
        self.lap("draw")
        if self.shows("over", screen.over):
            board = self.doc.getElementById("board")
            if screen.over:
                board.setAttribute("data-game-over", "true")
            else:
                board.removeAttribute("data-game-over")
        if self.shows("status", screen.status):
            self.doc.getElementById("prompt").textContent = screen.status
        self.lap("status")
        why = ""
        if self.desk is not None and not screen.handoff:
            why = self.desk.why(rules, session.state, screen.acting, self.legal, view, screen.over)
        if why != self.why_html:
            self.doc.getElementById("why").innerHTML = why
            self.why_html = why
        self.lap("why")
        self.show_handoff(screen, names)
        if self.desk is not None:
            self.desk.on_handoff(screen.handoff)
        self.lap("handoff")
        self.render_params()
        self.focus_frame()
        self.mark_ghost()
        self.lap("params")
        self.render_log()
        self.lap("log")
        if self.shows("undo", screen.undo):
            self.doc.getElementById("undo").disabled = not screen.undo
        results = self.doc.getElementById("results")
        html = ""
        if screen.over:
            outcome = session.outcome()
            html = screens.results(outcome, names, story=self.story_html(names)) if outcome else ""
            if not self.was_over:
                self.was_over = True
                self.record_progress()
        if html != self.results_html:  # an open "Share the replay" box stays open
            results.innerHTML = html
            self.results_html = html
        if self.desk is not None and acting is not None and not screen.handoff and not screen.over:
            # the guide speaks of the screen a player is asked on, the first time it shows
            self.desk.maybe_guide(len(policy.humans(session)), view)
        self.schedule_bot()
        self.lap("results")
        self.after_frame()

    def board_ui(self) -> dict[str, Any]:
        """What the renderer is told besides the view; the names raw, as typed (the render kit escapes them)."""
        screen = self.screen
        names = list(self.session.names) if self.session else []
        return {"viewer": screen.view_seat if screen else None, "legal": self.legal, "params": self.kinds,
                "armed": self.armed, "cursor": self.cursor, "names": names, "narrow": self.narrow,
                "preview": self.preview, "pointer": self.pointer, "confirm": self.confirm}

    def arm_at_once(self) -> None:
        """A kind the game arms as soon as it is offered (a Move once its model is picked) is armed
        with no cursor yet: the pointer, a tap or an arrow key gives it one. Once per offer, so a
        player who cancelled it with Escape is not asked again until the next one."""
        found = policy.arms_at_once(self.kinds)
        key = found[1] if found else None
        if found is not None and self.armed is None and key != self.armed_at_once:
            self.armed, self.cursor, self.preview, self.frame_focus = found[0], None, None, False
        self.armed_at_once = key

    def set_cursor(self, value: Optional[list[int]]) -> None:
        """Put the cursor (and the rules' preview of it) at `value`, or hide it (None), and redraw only
        the board's ghost part when the game can draw it alone (`render_part`), else the board."""
        if self.session is None or self.armed is None or value == self.cursor:
            return
        started = time.perf_counter()
        session, kind = self.session, self.kinds[self.armed]
        self.cursor = value
        self.preview = self.preview_of(kind, value) if value is not None else None
        render_part = getattr(session.game, "render_part", None)
        svg = render_part(self.view, self.board_ui(), "ghost") if render_part else None
        if svg is None or not self.draw_part("ghost", svg):
            self.render_game()
        if not hasattr(self.stats, "ghost"):
            self.stats.ghost = js.Array.new()
        self.stats.ghost.push((time.perf_counter() - started) * 1000)  # the Python part of a ghost update (ms)
        self.mark_ghost()

    def preview_of(self, kind: dict[str, Any], value: list[int]) -> Optional[dict[str, Any]]:
        """The rules' preview of `value` for `kind`, from the view on screen (None: nothing to show)."""
        if self.session is None or self.view is None:
            return None
        return self.session.rules.preview(self.view, self.screen.acting if self.screen else None, kind, value)

    def mark_ghost(self) -> None:
        """While a ghost is on the table, the buttons beside the model step back (`.ghosting` in the
        stylesheet), so the Move being shown is what stands out."""
        if self.shows("ghosting", self.cursor is not None and self.armed is not None):
            self.doc.getElementById("board").classList.toggle("ghosting", self.frame_shows["ghosting"])

    def draw_part(self, key: str, svg: str) -> bool:
        """Put one keyed part in place of the one on the board (False: the board has no such part)."""
        painted = self.painted
        if painted is None or key not in painted.parts:
            return False
        if painted.parts[key] == svg:
            return True
        root = self.doc.getElementById("board").firstElementChild
        if absent(root):
            return False
        keys = list(painted.parts)
        first_part = int(root.childElementCount) - len(keys)  # the <defs> before the parts
        if first_part not in (0, 1):
            return False
        fragment = self.parse_parts(root, svg)
        root.children.item(first_part + keys.index(key)).replaceWith(fragment.firstElementChild)
        painted.parts[key] = svg
        return True

    def on_pointer(self, target: Any, x: Any, y: Any, kind: Any) -> None:
        """The mouse over the board (once a frame): the armed point follows it over the bare table,
        and hides over a control or off the table. A finger has no hover: it taps (`press_frame`),
        or drags the ghost it placed by its grip."""
        if self.session is None or self.armed is None or getattr(self.session.game, "render_part", None) is None:
            return  # a game that cannot redraw its cursor alone is not redrawn whole as the pointer moves
        if str(kind) == "touch" and js.window.tabletownDrag and self.cursor is not None:
            frame = target.closest("#board [data-frame]") if not absent(target) else None
            value = self.frame_point(frame, x, y) if frame is not None and not absent(frame) else None
            if value is not None:
                self.guard(lambda: self.set_cursor(value))
            return
        if str(kind) != "mouse":
            return
        self.pointer = "mouse"
        value = None
        if not absent(target) and hasattr(target, "closest") and absent(target.closest("[data-action], [data-param]")):
            frame = target.closest("#board [data-frame]")
            if not absent(frame):
                value = self.frame_point(frame, x, y)
        self.guard(lambda: self.set_cursor(value))

    def frame_point(self, frame: Any, x: Any, y: Any) -> Optional[list[int]]:
        point = js.tabletownFramePoint(frame, x, y)
        if absent(point):
            return None
        cell = int(str(frame.getAttribute("data-cell") or "100")) if str(frame.getAttribute("data-cell") or "").isdigit() else 100
        return policy.frame_value(self.kinds[self.armed], float(point[0]), float(point[1]), cell)

    def point_chosen(self, value: list[int], at: Optional[tuple[float, float]] = None) -> None:
        """Make the armed kind's move at `value`: where its preview stands (a point out of reach
        snaps to the farthest legal one), else the value itself (the rules say what is wrong,
        beside the pointer at `at` when it was pressed)."""
        kind = self.kinds[self.armed]
        preview = self.preview if value == self.cursor else None
        if preview is None:
            preview = self.preview_of(kind, value)
        if preview and preview.get("ok") and "to" in preview:
            value = list(preview["to"])
        self.play_action(policy.complete(kind, value), at=at)

    def shows(self, piece: str, value: Any) -> bool:
        """Whether a piece of the game frame must be set to `value` (it shows something else now)."""
        if piece in self.frame_shows and self.frame_shows[piece] == value:
            return False
        self.frame_shows[piece] = value
        return True

    def after_frame(self) -> None:
        """What reads the page's layout (the log kept scrolled to its end, the guide's ring) waits for the
        next frame, so the browser lays the page out once, in that frame; the autosave is written right
        after that frame (a timer set in it runs once the frame is painted), so the move is on screen first."""
        if self.after_frame_proxy is None:
            self.after_frame_proxy = create_proxy(lambda _time: self.guard(self._after_frame))
        if not self.frame_asked:
            self.frame_asked = True
            js.requestAnimationFrame(self.after_frame_proxy)

    def _after_frame(self) -> None:
        self.frame_asked = False
        if self.pending_save is not None and not self.save_scheduled:
            self.save_scheduled = True
            if self.save_proxy is None:
                self.save_proxy = create_proxy(lambda *_: self.guard(self.write_save))
            js.setTimeout(self.save_proxy, 0)
        if self.session is None:
            return
        if self.log_to_end:
            log = self.doc.getElementById("log")
            log.scrollTop = log.scrollHeight
            self.log_to_end = False
        if self.desk is not None:
            self.desk.place_guide()

    def story_html(self, names: list[str]) -> str:
        """The charts of a finished game's story (worked out once per game)."""
        from ..engine.replay import story
        from . import charts

        session = self.session
        key = (self.save_id or "", len(session.record["log"]))
        if key not in self.stories:
            try:
                self.stories[key] = story(session.game, session.record)
            except Exception as err:  # noqa: BLE001 - the scores are shown even if the story cannot be told
                js.console.error(f"Tabletown: the story of this game could not be told ({err!r})")
                self.stories[key] = None
        return charts.story_html(self.stories[key], names, self.narrow)

    def parse_parts(self, root: Any, svg: str) -> Any:
        """Board parts as a fragment, parsed as SVG like the root's own children, their controls'
        names checked (only new parts need it)."""
        if self.range is None:
            self.range = self.doc.createRange()
        self.range.selectNodeContents(root)
        fragment = self.range.createContextualFragment(svg)
        js.tabletownLabels(fragment)
        return fragment

    def draw_board(self, drawing: str) -> None:
        """Replace only the parts that changed when the frame is the same; else draw whole.
        A board that only grew or shrank gets its root's new attributes (its viewBox), not a new board.
        The changed parts are parsed together, in one fragment, and each put in its old part's place
        (found by its position among the root's children, as the drawing orders them)."""
        board = self.doc.getElementById("board")
        last = self.painted
        changes, self.painted = policy.plan_redraw(last, drawing)
        self.lap("diff")
        if not changes:
            return
        if changes[0][0] is None or last is None or self.painted is None:
            self.draw_whole(board, str(drawing))
            return
        root = board.firstElementChild
        if absent(root):
            self.draw_whole(board, str(drawing))
            return
        position = {key: i for i, key in enumerate(self.painted.parts)}
        children = array_from(root.children)  # one call into JavaScript for all of them
        first_part = len(children) - len(position)  # the <defs> before the parts
        if first_part not in (0, 1):
            self.draw_whole(board, str(drawing))
            return
        fresh: list[tuple[int, str]] = []
        for key, svg in changes:
            if key.startswith(policy.ROOT):
                moved = key[len(policy.ROOT):]
                old_tag = last.root if not moved else last.parts[moved][: last.parts[moved].find(">") + 1]
                element = root if not moved else children[first_part + position[moved]]
                self.change_attributes(element, policy.root_attributes(old_tag), policy.root_attributes(svg))
            else:
                fresh.append((first_part + position[key], svg))
        if not fresh:
            return
        self.lap("find")
        fragment = self.parse_parts(root, "".join(svg for _, svg in fresh))
        self.lap("parse")
        news = array_from(fragment.children)
        if len(news) != len(fresh):
            self.draw_whole(board, str(drawing))
            return
        for (index, _), new in zip(fresh, news):
            children[index].replaceWith(new)

    def draw_whole(self, board: Any, svg: str) -> None:
        board.innerHTML = svg
        js.tabletownLabels(board)

    @staticmethod
    def change_attributes(element: Any, old: dict[str, str], new: dict[str, str]) -> None:
        """Set an element's attributes from `old` to `new`, touching only the ones that differ."""
        for name in old:
            if name not in new:
                element.removeAttribute(name)
        for name, value in new.items():
            if old.get(name) != value:
                element.setAttribute(name, value)

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
        html = screens.params_panel(self.kinds, self.armed, self.cursor)
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

    # --- moves ---------------------------------------------------------------------------
    def play_action(self, action: dict[str, Any], at: Optional[tuple[float, float]] = None) -> None:
        """Play an action; one the rules refuse is explained over the page (beside the pointer
        at `at`, for a pressed point) and changes nothing."""
        session = self.session
        if session is None or self.screen is None or self.screen.acting is None:
            return
        started = js.performance.now()
        try:
            session.apply(self.screen.acting, action)
        except IllegalAction as err:
            self.alert(f"That move is not allowed: {err}", at=at)
            return
        applied = js.performance.now()
        self.clear_alert()  # an earlier refusal no longer applies
        self.disarm()
        self.confirm = None
        self.autosave()
        saved = js.performance.now()
        self.step_times = {}
        self.render_game()
        done = js.performance.now()
        self.stats.clicks.push(done - started)
        steps = dict(self.step_times, apply=applied - started, save=saved - applied)
        steps["page"] = done - saved - sum(self.step_times.values())
        self.stats.steps.push(js.JSON.parse(json.dumps(steps)))

    def play(self, index: int) -> None:
        if 0 <= index < len(self.legal):
            self.play_action(self.legal[index])

    def disarm(self) -> None:
        self.armed = None
        self.cursor = None
        self.preview = None
        self.frame_focus = False

    def autosave(self) -> None:
        """Save the game after the next frame, so the board shows the move first. A save still due is
        written before anything else reads the saves (`clear_screen`) and when the page is hidden or
        closed (`pagehide`, `visibilitychange`), so no move is lost."""
        if self.session is None or self.save_id is None:
            return
        self.pending_save = (self.save_id, self.session)
        if self.doc.hidden:  # no frame comes to a hidden page
            self.write_save()
            return
        self.watch_page_close()
        self.after_frame()

    def watch_page_close(self) -> None:
        if self.close_proxy is None:
            self.close_proxy = create_proxy(lambda _event: self.guard(self.write_save))
            js.window.addEventListener("pagehide", self.close_proxy)
            self.doc.addEventListener("visibilitychange", self.close_proxy)

    def write_save(self) -> None:
        """Write the save still due, if any (its latest record: later moves are in it)."""
        self.save_scheduled = False
        if self.pending_save is None:
            return
        save_id, session = self.pending_save
        self.pending_save = None
        try:
            self.store.save(save_id, session.record, now_ms(), over=session.over(),
                            **self.save_notes(save_id, session))
        except StorageFull:
            self.alert(STORAGE_FULL)

    def save_notes(self, save_id: str, session: Any) -> dict[str, Any]:
        """What a save keeps beside the record: the game's public status line for the list,
        and the campaign a campaign game belongs to (so its end updates that one after a reload)."""
        notes: dict[str, Any] = {"campaign": self.campaign_id.get(save_id) if session.spec.campaign else None}
        try:
            notes["status"] = str(session.rules.status(session.state) or "")
        except Exception as err:  # noqa: BLE001 - a game's status line never costs a save
            js.console.error(f"Tabletown: no status line for the saved-games list ({err!r})")
            notes["status"] = ""
        return notes

    def record_progress(self) -> None:
        """A finished game of a campaign game updates its campaign record."""
        session = self.session
        if not session.spec.campaign:
            return
        game_id = session.record["game"]
        campaign_id = self.campaign_id.get(self.save_id or "", PROGRESS_ID)
        try:
            data = self.campaigns.data(game_id, campaign_id)
            updated = session.rules.campaign_update(data, session.names, session.state)
            if updated is not None and updated != data:
                name = "Progress by player name" if campaign_id == PROGRESS_ID else ""
                self.campaigns.put_data(game_id, campaign_id, updated, now_ms(), name)
        except StorageFull:
            self.alert(STORAGE_FULL)

    def schedule_bot(self) -> None:
        self.cancel_bot()
        session = self.session
        if session is None or session.over():
            return
        if any(policy.is_bot(session, s) for s in session.active()):
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
        bots = [s for s in session.active() if policy.is_bot(session, s)]
        if not bots:
            return
        started = js.performance.now()
        session.bot_move(bots[0])
        self.stats.bots.push(js.performance.now() - started)
        self.autosave()
        self.render_game()

    # --- events -----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        if absent(target.closest("details.menu")) and self.desk is not None:
            self.desk.close_menu()
        if self.desk is not None and self.desk.asking and not absent(target.closest("#board")):
            # "What's this?": a press on the board opens its rule and plays nothing.
            event.preventDefault()
            self.guard(lambda: self.desk.explain(target))
            return
        if self.replay is not None and not absent(target.closest("#log li[data-step]")):
            self.guard(lambda: self.replay.on_log_click(target))
            return
        param = target.closest("[data-param]")
        if not absent(param):
            self.guard(lambda: self.arm(int(str(param.dataset.param))))
            return
        control = target.closest("[data-action]")
        if absent(control):
            frame = target.closest("[data-frame]")
            if not absent(frame) and self.armed is not None:
                self.guard(lambda: self.press_frame(frame, event))
            return
        action = str(control.dataset.action)
        if action.isascii() and action.isdigit() and len(action) < 6:
            event.preventDefault()
            if control.hasAttribute("data-confirm") and self.confirm != int(action):
                self.guard(lambda: self.show_confirm(int(action)))  # a first press shows the shot
                return
            self.guard(lambda: self.play(int(action)))
            return
        if action == "rule":
            # A link to a paragraph: over a game it opens the rules dialog there; on a rules
            # page it is an ordinary address. A new tab (Ctrl, Shift, Cmd, middle button) is the browser's.
            if event.ctrlKey or event.metaKey or event.shiftKey or int(event.button or 0) != 0:
                return
            if self.desk is not None and self.desk.game_id is not None:
                event.preventDefault()
                self.guard(lambda: self.desk.follow(control))
            return
        name = "cmd_" + action.replace("-", "_")
        handler = None
        for owner in (self, self.replay, self.desk):
            handler = getattr(owner, name, None) if owner is not None else None
            if handler is not None:
                break
        if handler is not None:
            if control.tagName != "A":
                event.preventDefault()
            self.guard(lambda: handler(control))

    def show_confirm(self, index: int) -> None:
        """A shot's first press: the board shows it (weapon, range, cover, number needed) with its
        Shoot button; a second press of the same control fires."""
        if 0 <= index < len(self.legal):
            self.confirm, self.confirm_action = index, self.legal[index]
            self.render_game()

    def cmd_cancel_shot(self, _target: Any) -> None:
        self.confirm = None
        self.render_game()

    def cmd_confirm_point(self, _target: Any) -> None:
        """The "Move here" button at a ghost placed by a tap or the arrow keys."""
        if self.armed is not None and self.cursor is not None:
            self.point_chosen(list(self.cursor))

    def arm(self, index: int) -> None:
        if not 0 <= index < len(self.kinds):
            return
        if self.armed == index and self.frame_focus:
            self.disarm()
        else:
            self.armed = index
            self.cursor = policy.start_cursor(self.kinds[index])
            self.preview = self.preview_of(self.kinds[index], self.cursor)
            self.pointer = "keys"
            self.frame_focus = True
        self.render_game()

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

    def on_key(self, event: Any) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute"):
            return
        if self.confirm is not None and event.key == "Escape":
            self.confirm = None
            self.guard(self.render_game)
            return
        if self.armed is not None and self.session is not None:
            on_board = target == self.doc.body or not absent(target.closest("#board"))
            if event.key in policy.ARROWS and on_board:
                event.preventDefault()
                kind = self.kinds[self.armed]
                self.pointer = "keys"
                start = self.cursor or policy.start_cursor(kind)
                cursor = policy.move_cursor(kind, start, str(event.key), bool(event.shiftKey))
                self.guard(lambda: self.set_cursor(cursor))
                return
            if event.key == "Escape":
                self.disarm()
                self.guard(self.render_game)
                return
            if event.key == "Enter" and on_board and self.cursor is not None \
                    and absent(target.closest("[data-action], [data-param]")):
                event.preventDefault()
                cursor = list(self.cursor)
                self.guard(lambda: self.point_chosen(cursor))
                return
        if event.key == "Escape" and self.desk is not None and self.desk.on_escape(target):
            return
        if self.replay is not None and self.replay.on_key(event):
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
        target = event.target
        name = "" if absent(target) else str(getattr(target, "name", "") or "")
        if name == "seats" or name.startswith("kind") or name.startswith("opt-"):
            self.guard(self.refresh_setup_form)
        elif self.replay is not None and not absent(target) and target.hasAttribute("data-replay-viewer"):
            value = str(target.value)
            self.guard(lambda: self.replay.set_viewer(value))

    def on_input(self, event: Any) -> None:
        target = event.target
        if not absent(target) and hasattr(target, "hasAttribute") and target.hasAttribute("data-rules-search"):
            self.guard(lambda: self.rules_desk().search(target))

    def on_narrow(self, event: Any) -> None:
        """The window crossed the phone width: the board (and the charts) are drawn again for it."""
        self.narrow = bool(event.matches)
        if self.session is not None:
            self.guard(self.render_game)
        elif self.replay is not None:
            self.guard(self.replay.render)

    def on_submit(self, event: Any) -> None:
        form = event.target
        if absent(form):
            return
        form_id = str(form.id)
        if form_id == "setup-form":
            event.preventDefault()
            self.guard(lambda: self._start_or_alert(form))
        elif form_id == "campaign-import":
            event.preventDefault()
            link = str(form.elements.namedItem("link").value).strip()
            at = link.find("#campaign=")
            self.guard(lambda: self.import_campaign(link[at:] if at >= 0 else link))
        elif not absent(form.getAttribute("data-param-form")):
            event.preventDefault()
            index = int(str(form.getAttribute("data-param-form")))
            text = str(form.elements.namedItem("value").value)
            self.guard(lambda: self.param_number(index, text))

    def param_number(self, index: int, text: str) -> None:
        if not 0 <= index < len(self.kinds):
            return
        kind = self.kinds[index]
        if kind.get("kind") == "text":
            words = policy.text_value(kind, text)
            if words is None:
                self.alert(f"{kind.get('label', 'The name')}: type 1 to {kind.get('max', 24)} letters.")
                return
            self.play_action(policy.complete(kind, words))
            return
        value = policy.number_value(kind, text)
        if value is None:
            self.alert(f"{kind.get('label', 'The number')}: type a whole number from {kind.get('min')} to {kind.get('max')}.")
            return
        self.play_action(policy.complete(kind, value))

    def _start_or_alert(self, form: Any) -> None:
        try:
            self.start_from_form(form)
        except (RecordError, BadSetup) as err:
            self.alert(str(err), "setup-alerts")

    def cmd_handoff(self, _target: Any) -> None:
        if self.session is None or self.screen is None:
            return
        if self.screen.asked is not None:
            self.shown_seat = self.screen.asked
        self.render_game()

    def cmd_undo(self, _target: Any) -> None:
        if self.session is None or self.screen is None or not self.screen.undo:
            return
        if not self.session.undo(policy.undo_by(self.session, self.secrets, self.shown_seat)):
            self.alert("Nothing can be undone: the last move revealed or rolled something.")
            return
        self.log_count = -1
        self.disarm()
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
        copied = True
        try:
            js.navigator.clipboard.writeText(link)
        except Exception:  # noqa: BLE001 - clipboard access is optional
            copied = False
        self.doc.getElementById("share-note").textContent = policy.share_note(self.secrets, self.session.over(), copied)

    def cmd_watch_replay(self, _target: Any) -> None:
        if self.session is not None:
            js.location.hash = policy.replay_fragment(encode_link(self.session.record))

    def cmd_share_replay(self, _target: Any) -> None:
        """The `#replay=` link of the game on screen (a finished game, or the replay itself)."""
        if self.replay is not None:
            record, over = self.replay.record, self.replay.replay.over
        elif self.session is not None:
            record, over = self.session.record, self.session.over()
        else:
            return
        link = str(js.location.origin) + str(js.location.pathname) + policy.replay_fragment(encode_link(record))
        out = self.doc.getElementById("replay-link")
        out.textContent = link
        out.setAttribute("href", link)
        self.doc.getElementById("replay-share").hidden = False
        copied = True
        try:
            js.navigator.clipboard.writeText(link)
        except Exception:  # noqa: BLE001 - clipboard access is optional
            copied = False
        self.doc.getElementById("replay-note").textContent = policy.replay_share_note(self.secrets_of(record), over, copied)

    def secrets_of(self, record: dict[str, Any]) -> bool:
        spec = catalog.find(record.get("game", ""))
        return bool(spec.secrets) if spec is not None else True

    def cmd_export_campaign(self, target: Any) -> None:
        form = self.doc.getElementById("setup-form")
        record = self.campaigns.load(str(form.dataset.game), str(target.dataset.campaign))
        if record is None:
            self.alert("That campaign is no longer here.")
            return
        link = str(js.location.origin) + str(js.location.pathname) + encode_campaign_link(record)
        out = self.doc.getElementById("campaign-link")
        out.textContent = link
        out.setAttribute("href", link)
        self.doc.getElementById("campaign-share").hidden = False

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

    def alert(self, message: str, where: str = "alerts", at: Optional[tuple[float, float]] = None) -> None:
        """A message over the page (it floats, so nothing under it moves): at the top, or beside
        the pointer at `at` (in the window's pixels), below it or, near the window's foot, above it;
        `where` names another place for it (the setup form's, beside Start)."""
        slot = self.doc.getElementById(where)
        if absent(slot):
            return
        slot.innerHTML = screens.alert(message)
        slot.classList.toggle("at-pointer", at is not None)
        if at is None:
            slot.style.removeProperty("left")
            slot.style.removeProperty("top")
            return
        x, y = at
        wide, high = float(js.window.innerWidth), float(js.window.innerHeight)
        half = min(176.0, (wide - 16) / 2)  # the box is at most 22rem wide (static/app.css)
        slot.style.left = f"{min(max(x, half + 8), wide - half - 8):.0f}px"
        slot.style.top = f"{y:.0f}px"
        slot.classList.toggle("above", y > high - 160)

    def clear_alert(self) -> None:
        slot = self.doc.getElementById("alerts")
        if not absent(slot) and slot.innerHTML:
            slot.innerHTML = ""

    def set_title(self, title: str) -> None:
        self.doc.title = title

    def guard(self, fn: Any) -> None:
        """Run an event handler; an unexpected error becomes a readable message, not a dead page."""
        try:
            fn()
        except Exception as err:  # noqa: BLE001 - the page must survive any bug
            self.report(err)

    async def guarded_async(self, make: Any) -> None:
        try:
            await make()
        except Exception as err:  # noqa: BLE001 - the page must survive any bug
            self.report(err)
        finally:
            self.mark_ready()

    def report(self, err: Exception) -> None:
        import traceback

        js.console.error(f"Tabletown error: {err!r}")
        js.console.error(traceback.format_exc())
        self.alert(f"Something went wrong: {err}. Your saved games are safe.")

    def mark_ready(self) -> None:
        """After the first screen: the page is interactive (tests and benchmarks wait for this)."""
        root = js.document.documentElement
        if root.classList.contains("ready"):
            return
        loading = self.doc.getElementById("loading")
        if not absent(loading):
            loading.remove()
        root.classList.add("ready")
        js.window.readyAt = js.performance.now()
        # boot.js registers the service worker now, so its precache does not compete with the start.
        js.window.dispatchEvent(js.Event.new("tabletown:ready"))
        js.setTimeout(create_once_callable(self.measure_memory), 0)  # work that need not delay the start


APP: Optional[App] = None


def start() -> None:
    """Boot the page: build the app and route the address (which marks the page ready)."""
    global APP
    APP = App()
    APP.on_route()
