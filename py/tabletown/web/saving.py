"""Saving: the game on screen kept in the browser's storage, and a campaign game's end kept in
its campaign.

A move's save is written after the next frame, so the board shows the move first; a save still
due is written before anything else reads the saves and when the page is hidden or closed, so
no move is lost. A full storage is told to the player; the game goes on.
"""

from __future__ import annotations

from typing import Any, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from ..engine.campaign import PROGRESS_ID
from ..engine.saves import StorageFull

STORAGE_FULL = (
    "Your browser's storage is full, so this game could not be saved. "
    "The game goes on here; delete old saved games from the menu to make room."
)


def now_ms() -> int:
    return int(js.Date.now())


def new_id() -> str:
    """A fresh id for a save or a campaign: the time and a little noise, in base 36."""
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


class Saver:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.campaign_id: dict[str, str] = {}  # save id -> the campaign its end updates (this page's life)
        self.pending: Optional[tuple[str, Any]] = None  # (save id, session) written after the next frame
        self.scheduled = False  # a timer will write the save still due
        self.write_proxy: Any = None
        self.close_proxy: Any = None

    def join_campaign(self, save_id: str, campaign_id: str) -> None:
        """The game saved as `save_id` updates `campaign_id` when it ends (after a reload too)."""
        self.campaign_id[save_id] = campaign_id

    def save_now(self, save_id: str, session: Any) -> bool:
        """Save a game that has just begun (False: the storage is full; the caller tells the player)."""
        try:
            self.app.store.save(save_id, session.record, now_ms(), over=session.over(), **self.notes(save_id, session))
        except StorageFull:
            return False
        return True

    def autosave(self, save_id: str, session: Any) -> None:
        """Save the game after the next frame (`frame_shown`), or at once on a hidden page (no frame
        comes to it)."""
        self.pending = (save_id, session)
        if self.app.doc.hidden:
            self.write()
            return
        self.watch_page_close()
        self.app.game.after_frame()

    def frame_shown(self) -> None:
        """The move is on screen: the save still due is written once the frame is painted (a timer
        set now runs after that)."""
        if self.pending is not None and not self.scheduled:
            self.scheduled = True
            if self.write_proxy is None:
                self.write_proxy = create_proxy(lambda *_: self.app.guard(self.write))
            js.setTimeout(self.write_proxy, 0)

    def watch_page_close(self) -> None:
        if self.close_proxy is None:
            self.close_proxy = create_proxy(lambda _event: self.app.guard(self.write))
            js.window.addEventListener("pagehide", self.close_proxy)
            self.app.doc.addEventListener("visibilitychange", self.close_proxy)

    def write(self) -> None:
        """Write the save still due, if any (its latest record: later moves are in it)."""
        self.scheduled = False
        if self.pending is None:
            return
        save_id, session = self.pending
        self.pending = None
        try:
            self.app.store.save(save_id, session.record, now_ms(), over=session.over(),
                                **self.notes(save_id, session))
        except StorageFull:
            self.app.alert(STORAGE_FULL)

    def notes(self, save_id: str, session: Any) -> dict[str, Any]:
        """What a save keeps beside the record: the game's public status line for the list,
        and the campaign a campaign game belongs to (so its end updates that one after a reload)."""
        notes: dict[str, Any] = {"campaign": self.campaign_id.get(save_id) if session.spec.campaign else None}
        try:
            notes["status"] = str(session.rules.status(session.state) or "")
        except Exception as err:  # noqa: BLE001 - a game's status line never costs a save
            js.console.error(f"Tabletown: no status line for the saved-games list ({err!r})")
            notes["status"] = ""
        return notes

    def record_progress(self, save_id: Optional[str], session: Any) -> None:
        """A finished game of a campaign game updates its campaign record."""
        if not session.spec.campaign:
            return
        game_id = session.record["game"]
        campaign_id = self.campaign_id.get(save_id or "", PROGRESS_ID)
        campaigns = self.app.campaigns
        try:
            data = campaigns.data(game_id, campaign_id)
            updated = session.rules.campaign_update(data, session.names, session.state)
            if updated is not None and updated != data:
                name = "Progress by player name" if campaign_id == PROGRESS_ID else ""
                campaigns.put_data(game_id, campaign_id, updated, now_ms(), name)
        except StorageFull:
            self.app.alert(STORAGE_FULL)
