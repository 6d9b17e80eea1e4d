"""Routes: the address read (`policy.route`) and the screen it names opened — the picker with the
saved games, a game's setup form, a saved game, a link (`#play=`, `#new/`, `#replay=`,
`#campaign=`) or a game's rules. A game's own files are fetched the first time it is opened
(`ensure_game`); a link that cannot be used brings the picker back with a message.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import zipfile
from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from .. import games
from ..engine.campaign import PROGRESS_ID, decode_campaign_link
from ..engine.codec import decode_link, parse_new_game
from ..engine.rules import BadSetup
from ..engine.saves import SAVE_PREFIX, StorageFull
from ..engine.session import RecordError, Session, new_record
from ..live.protocol import invitation_game
from . import catalog, policy, screens, setup_form
from .dom import absent
from .saving import STORAGE_FULL, new_id


class Routes:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.serial = 0  # counts the routes taken: a slow one gives way to a later one
        self.loaded: set[str] = set()  # games whose files are here

    def on_route(self, _event: Any = None) -> None:
        self.serial += 1
        serial = self.serial
        asyncio.ensure_future(self.app.guarded_async(lambda: self.route(serial)))

    async def route(self, serial: int) -> None:
        self.app.game.cancel_bot()
        where = policy.route(str(js.location.hash))
        self.app.live.on_route(where.kind, where.arg)
        if where.kind == "reply":
            await self.app.live.take_reply_route(where.arg)
            return
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
            if where.kind in ("game", "play", "new", "join"):
                wanted.append(self.app.rules_desk().ensure(game_id))
            if not (await asyncio.gather(*wanted))[0]:
                return
        if serial != self.serial:
            return  # the player went elsewhere while the game's files arrived
        if where.kind == "join":
            await self.app.live.join(where.arg)
            return
        opens = {"setup": self.show_setup, "game": self.open_save, "play": self.open_link,
                 "replay": self.open_replay, "new": self.open_new_link, "campaign": self.import_campaign}
        if where.kind in opens:
            opens[where.kind](where.arg)

    def away(self, message: str) -> None:
        """The address could not be used: the picker, with `message`, at an address of its own."""
        js.history.replaceState(None, "", "#")
        self.show_picker(message)

    async def show_rules(self, where: policy.Route, serial: int) -> None:
        """A game's rules as a page (`#rules/<game>`, or at a paragraph: `#rules/<game>/<id>`)."""
        spec = catalog.find(where.arg)
        if spec is None:
            self.away(f"There is no game called “{where.arg[:40]}”.")
            return
        desk = self.app.rules_desk()
        await desk.ensure(spec.id)
        if serial != self.serial:
            return
        if absent(self.app.doc.querySelector(".rules-page")):
            self.app.clear_screen()
        desk.show_page(spec, where.anchor)

    def game_of(self, where: policy.Route) -> Optional[str]:
        if where.kind == "setup":
            return where.arg if catalog.known(where.arg) else None
        if where.kind == "game":
            return catalog.entry_game(self.app.store.backend.get(SAVE_PREFIX + where.arg))
        if where.kind in ("play", "replay"):
            return catalog.link_game(where.arg)
        if where.kind == "new":
            return catalog.new_link_game(where.arg)
        if where.kind == "campaign":
            return catalog.link_game(where.arg)
        if where.kind == "join":
            game_id = invitation_game(where.arg)
            return game_id if game_id is not None and catalog.known(game_id) else None
        return None

    async def ensure_game(self, game_id: str) -> bool:
        """Fetch and unpack a game's own files the first time it is opened, showing progress."""
        app = self.app
        url = app.assets.get("games", {}).get(game_id)
        if game_id in self.loaded or url is None:
            return True
        spec = catalog.find(game_id)
        if spec is None or not spec.ready:
            return True  # the route itself explains
        started = js.performance.now()
        app.clear_screen()
        app.root.innerHTML = screens.loading_game(spec.title, 3)
        app.set_title(f"Opening {spec.title} · Tabletown")

        def progress(percent: Any) -> None:
            fill = app.doc.getElementById("loading-fill")
            if not absent(fill):
                fill.style.width = f"{int(percent)}%"

        proxy = create_proxy(progress)
        try:
            buffer = await js.tabletownFetch(url, proxy)
            data = buffer.to_bytes()
        except Exception as err:  # noqa: BLE001 - a network failure is told, not raised
            app.root.innerHTML = screens.picker(catalog.specs(), [], [], [], self.rule_ids())
            app.alert(f"{spec.title} could not be loaded ({err}). Check the connection and try again.")
            return False
        finally:
            proxy.destroy()
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            zf.extractall(".")
        importlib.invalidate_caches()
        self.loaded.add(game_id)
        app.stats.opens.push(js.performance.now() - started)
        return True

    # --- the picker and the setup form ---------------------------------------------------------
    def rule_ids(self) -> list[str]:
        """The games whose rules can be read (the build lists their files)."""
        return list(self.app.assets.get("rules", {}))

    def show_picker(self, alert: str = "") -> None:
        app, doc = self.app, self.app.doc
        app.clear_screen()
        if js.document.documentElement.classList.contains("ready"):
            app.measure_memory()  # the start's own picker is measured once the page is ready
        app.set_title("Tabletown")
        saves, broken = self.list_saves()
        notices = list(app.store.notices)
        app.store.notices = []
        rows = doc.getElementById("save-rows")
        if absent(rows) or absent(doc.getElementById("pick-h")):
            app.root.innerHTML = screens.picker(catalog.specs(), saves, broken, notices, self.rule_ids())
        else:
            # The picker from the page's HTML is on screen: leave what is already right alone.
            key = screens.saves_key(saves)
            if str(rows.getAttribute("data-key")) != key:
                rows.innerHTML = screens.save_rows(saves)
                rows.setAttribute("data-key", key)
            doc.getElementById("save-notes").innerHTML = screens.save_notes(broken, notices)
        if alert:
            app.alert(alert)

    def list_saves(self) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
        """The saved games from their summaries (no game is replayed to list it)."""
        return self.app.store.list(), self.app.store.broken()

    def show_setup(self, game_id: str, alert: str = "") -> None:
        setup = catalog.setup_of(game_id)
        if setup is None:
            self.show_picker(f"There is no playable game called “{game_id[:40]}”.")
            return
        app = self.app
        app.clear_screen()
        app.set_title(f"New game of {setup.title} · Tabletown")
        campaigns = app.campaigns.list(game_id) if setup.campaign else None
        app.root.innerHTML = screens.setup(setup, campaigns, rules=game_id in self.rule_ids())
        setup_form.refresh(app.doc)
        if alert:
            app.alert(alert)

    def start_from_form(self, form: Any) -> None:
        """Start the game the setup form asks for; a field to correct is told beside Start."""
        try:
            chosen = setup_form.read(form)
            campaign = new_id() if chosen.campaign == "new" else chosen.campaign
            self.start_game(chosen.game_id, chosen.seats, chosen.options, chosen.seed, campaign)
        except (RecordError, BadSetup) as err:
            self.app.alert(str(err), "setup-alerts")

    def cmd_delete_save(self, target: Any) -> None:
        self.app.store.delete(str(target.dataset.save))
        self.show_picker()
        status = self.app.doc.getElementById("picker-status")
        if not absent(status):
            status.textContent = "Saved game deleted."

    def cmd_forget_broken(self, target: Any) -> None:
        self.app.store.forget_broken(str(target.dataset.save))
        self.show_picker()

    # --- games opened ------------------------------------------------------------------------
    def start_game(self, game_id: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: Optional[int],
                   campaign_id: str = PROGRESS_ID) -> None:
        game = games.load(game_id)
        names = [s.get("name") or "" for s in seats]
        campaigns = self.app.campaigns
        data = campaigns.data(game_id, campaign_id) if game.SPEC.campaign else None
        if game.SPEC.campaign:
            options = game.RULES.campaign_options(data, names, dict(options))
        options = game.SPEC.normalize(len(seats), options)
        snapshot = game.RULES.campaign_snapshot(data, options) if game.SPEC.campaign else None
        seats = policy.seats_at_one_device(game.RULES, seats, options)
        if seed is None:
            seed = int(js.Math.floor(js.Math.random() * 2**31))
        record = new_record(game, seats, options, seed, snapshot)
        save_id = new_id()
        self.app.saver.join_campaign(save_id, campaign_id)
        self.keep_and_begin(save_id, Session(game, record))

    def keep_and_begin(self, save_id: str, session: Any) -> None:
        """Save a game that has just come (from the form or a link) and show it at its own address."""
        if not self.app.saver.save_now(save_id, session):
            js.history.replaceState(None, "", "#")
            self.app.game.begin(save_id, session)
            self.app.alert(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#game/{save_id}")
        self.app.game.begin(save_id, session)

    def open_new_link(self, fragment: str) -> None:
        from urllib.parse import unquote

        try:
            spec = parse_new_game(unquote(fragment) if "%" in fragment.split("?")[0] else fragment, games.LIBRARY)
            self.start_game(spec["game"], spec["seats"], spec["options"], spec["seed"])
        except (RecordError, BadSetup) as err:
            self.away(f"This new-game link cannot be used: {err}")

    def open_link(self, fragment: str) -> None:
        try:
            record = decode_link(fragment, games.LIBRARY)
        except RecordError as err:
            self.away(f"This game link cannot be opened. {err}")
            return
        self.keep_and_begin(new_id(), Session(games.load(record["game"]), record, trusted=True))

    def open_replay(self, fragment: str) -> None:
        """A `#replay=` link: the game it holds, stepped through move by move (nothing is saved)."""
        try:
            record = decode_link(policy.play_fragment(fragment), games.LIBRARY)
        except RecordError as err:
            self.away(f"This replay link cannot be opened. {err}")
            return
        from .replay_view import replay_screen

        self.app.clear_screen()
        self.app.replay = replay_screen(self.app, games.load(record["game"]), record)

    def open_save(self, save_id: str) -> None:
        app = self.app
        if app.game.session is not None and app.game.save_id == save_id:
            app.game.render()
            return
        entry = app.store.load(save_id)
        if entry is None:
            notices = " ".join(app.store.notices) or "That saved game is no longer here."
            app.store.notices = []
            self.away(notices)
            return
        if isinstance(entry.get("campaign"), str):
            app.saver.join_campaign(save_id, entry["campaign"])  # a reloaded campaign game updates the right campaign
        app.game.begin(save_id, Session(games.load(entry["record"]["game"]), entry["record"], trusted=True))

    def import_campaign(self, fragment: str) -> None:
        try:
            record = decode_campaign_link(fragment, games.LIBRARY)
            self.app.campaigns.save(record)
        except RecordError as err:
            self.away(f"This campaign link cannot be used: {err}")
            return
        except StorageFull:
            self.away(STORAGE_FULL)
            return
        js.history.replaceState(None, "", f"#setup/{record['game']}")
        self.show_setup(record["game"], "")
        status = self.app.doc.getElementById("campaign-status")
        if not absent(status):
            status.textContent = f"Campaign “{record.get('name') or record['id']}” added: choose it to continue."
