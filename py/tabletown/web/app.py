"""The page: the one object the browser's events reach, made of parts that each can be read alone.
The only code that touches the browser is here and in those parts:

- `routes.py`: the address read and the screen it names opened (the picker, a setup form, a save,
  a link, a game's rules); a game's own files fetched the first time it is opened;
- `setup_form.py`: the setup form kept as the choices make it, and read;
- `game_screen.py`: the game on screen drawn, its moves made and taken back, its bots;
- `board_paint.py`: a board's SVG put in place (the game screen and the replay draw through it);
- `inputs.py`: clicks, keys, forms and the pointer, by delegation; how the player points at the table;
- `saving.py`: the game saved after each move, a campaign updated at its end;
- `share.py`: the share boxes (the game, its replay, a campaign as a link);
- `live_page.py`: the live table — WebRTC connections from invitation and reply links, the
  host's invitations and live marks, a guest's game drawn from the host's tables.

What the page decides (whose turn is shown, hand-offs, status, Undo, the Share text, what to
redraw, how the address and a press on the board are read) lives in `policy.py`; the HTML in
`screens.py`; both are tested in CPython. Two screens have glue of their own, imported when
first needed: replays (`replay_view.py`) and the rules at hand with the guided first turn
(`help_view.py`); the result screen's charts are drawn by `charts.py`.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

from . import policy, screens
from .board_paint import BoardPainter
from .dom import absent
from .game_screen import GameScreen
from .inputs import Input
from .live_page import LivePage
from .routes import Routes
from .saving import Saver
from .share import Share
from .storage import open_store


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
        self.store, self.campaigns = open_store()
        self.assets = _assets()
        self.desk: Any = None  # the rules at hand and the guide (help_view.RulesDesk), made when first needed
        self.replay: Any = None  # the replay on screen (replay_view.ReplayScreen)
        self.narrow_query = js.window.matchMedia(f"(max-width: {policy.NARROW_PX - 0.02}px)")
        self.narrow = bool(self.narrow_query.matches)
        self.stats = js.Object.new()  # what the benchmarks and tests read (`window.tabletownStats`)
        self.stats.clicks = js.Array.new()
        self.stats.bots = js.Array.new()
        self.stats.searchTrials = js.Array.new()
        self.stats.botMoves = js.Array.new()  # a bot's move played and drawn (ms)
        self.stats.solved = js.Array.new()  # per decision a game solves itself: 1 if solved within its clock
        self.stats.opens = js.Array.new()
        self.stats.steps = js.Array.new()  # a click's Python part step by step (ms), for the benchmarks
        self.stats.games = 0
        js.window.tabletownStats = self.stats
        self.saver = Saver(self)
        self.game = GameScreen(self)
        self.board = BoardPainter(self.doc, self.game.laps.lap)
        self.input = Input(self)
        self.share = Share(self)
        self.live = LivePage(self)
        self.routes = Routes(self)
        self._proxies = [
            (self.doc, "click", create_proxy(self.input.on_click)),
            (self.doc, "keydown", create_proxy(self.input.on_key)),
            (self.doc, "change", create_proxy(self.input.on_change)),
            (self.doc, "submit", create_proxy(self.input.on_submit)),
            (self.doc, "input", create_proxy(self.input.on_input)),
            (js.window, "hashchange", create_proxy(self.routes.on_route)),
            (self.narrow_query, "change", create_proxy(self.input.on_narrow)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        self.pointer_proxy = create_proxy(self.input.on_pointer)
        js.tabletownPointer(self.pointer_proxy)  # the pointer over the board, once a frame

    def command(self, action: str) -> Optional[Callable[[Any], None]]:
        """The handler of `data-action="<action>"`: `cmd_<action>` on the first part of the page that has it."""
        name = "cmd_" + action.replace("-", "_")
        for owner in (self, self.input, self.game, self.share, self.live, self.routes, self.replay, self.desk):
            handler = getattr(owner, name, None) if owner is not None else None
            if handler is not None:
                return handler
        return None

    def rules_desk(self) -> Any:
        if self.desk is None:
            from .help_view import RulesDesk

            self.desk = RulesDesk(self)
        return self.desk

    def clear_screen(self) -> None:
        """Leave the game or replay on screen (its timers, its rules dialog, its guide)."""
        self.saver.write()  # the saves are read next: the last move's save is written first
        self.game.leave()
        self.replay = None
        if self.desk is not None:
            self.desk.detach()

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
    APP.routes.on_route()
