"""Campaign records: what a game keeps from one play to the next.

A mission ladder kept per player name, a campaign of several acts, and what a
co-operative game has unlocked are all campaign records:

    {"schema": 1, "game": "<game id>", "id": "k3x9-p2", "name": "Spring 1881",
     "data": {...the game's own JSON...}, "updated": 1764520000000}

stored under `tabletown:campaign:<game>:<id>`, exported and imported as a link
(`#campaign=1.<base64url of raw-deflated JSON>`, checked like a game link). A game
record may carry the campaign's data as it stood when the game began (`record["campaign"]`),
so a shared game opens without the campaign store; when a game ends the page asks the
rules for the campaign's next data (`Rules.campaign_update`) and stores it.

Per-name progress kept before campaigns existed (`tabletown:progress:<game>`) becomes
the campaign `<game>:progress` the first time the store is opened.
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from .codec import Library, pack, unpack
from .saves import PREFIX, Backend
from .session import RecordError

CAMPAIGN_PREFIX = PREFIX + "campaign:"
OLD_PROGRESS_PREFIX = PREFIX + "progress:"
LINK_PREFIX = "#campaign="
FORMAT = 1
SCHEMA = 1
MAX_NAME = 40
PROGRESS_ID = "progress"
_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
_VERSION = re.compile(r"[0-9]{1,3}")


def key_of(game: str, campaign_id: str) -> str:
    return f"{CAMPAIGN_PREFIX}{game}:{campaign_id}"


def check_campaign(data: Any, library: Library) -> dict[str, Any]:
    """A campaign record with the right shape for a known game, or RecordError."""
    if not isinstance(data, dict):
        raise RecordError("This campaign has the wrong shape.")
    if data.get("schema") != SCHEMA:
        raise RecordError("This campaign was made by another version of Tabletown.")
    game = data.get("game")
    spec = library.spec(game) if isinstance(game, str) else None
    if spec is None or not spec.campaign:
        raise RecordError("This campaign is for a game Tabletown does not know.")
    if not isinstance(data.get("id"), str) or not _ID.fullmatch(data["id"]):
        raise RecordError("This campaign is damaged: its name tag is wrong.")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise RecordError("This campaign is damaged: its name is wrong.")
    if not isinstance(data.get("data"), dict):
        raise RecordError("This campaign is damaged: its contents are not readable.")
    updated = data.get("updated", 0)
    if type(updated) not in (int, float):
        raise RecordError("This campaign is damaged: its time stamp is wrong.")
    extra = set(data) - {"schema", "game", "id", "name", "data", "updated"}
    if extra:
        raise RecordError("This campaign has unknown parts.")
    return {"schema": SCHEMA, "game": game, "id": data["id"], "name": name, "data": data["data"], "updated": updated}


def new_campaign(game: str, campaign_id: str, name: str, data: dict[str, Any], updated: int = 0) -> dict[str, Any]:
    if not _ID.fullmatch(campaign_id):
        raise ValueError("a campaign id is 1–40 letters, digits, - or _")
    return {"schema": SCHEMA, "game": game, "id": campaign_id, "name": name[:MAX_NAME], "data": data, "updated": updated}


def encode_campaign_link(record: dict[str, Any]) -> str:
    return f"{LINK_PREFIX}{FORMAT}.{pack(record)}"


def decode_campaign_link(fragment: str, library: Library) -> dict[str, Any]:
    if not isinstance(fragment, str):
        raise RecordError("This campaign link is not text.")
    at = fragment.find(LINK_PREFIX)
    if at < 0:
        raise RecordError("This is not a Tabletown campaign link (it has no #campaign= part).")
    version, dot, payload = fragment[at + len(LINK_PREFIX):].strip().partition(".")
    if not dot or not _VERSION.fullmatch(version):
        raise RecordError("This campaign link is damaged: its version mark is missing or wrong.")
    if int(version) != FORMAT:
        raise RecordError(f"This campaign link uses format {version}, which this Tabletown does not know.")
    return check_campaign(unpack(payload, "campaign link"), library)


class CampaignStore:
    def __init__(self, backend: Backend, library: Library):
        self.backend = backend
        self.library = library
        self._migrate_progress()

    def _migrate_progress(self) -> None:
        """Per-name progress from before campaigns becomes the campaign `<game>:progress`."""
        for key in list(self.backend.keys()):
            if not key.startswith(OLD_PROGRESS_PREFIX):
                continue
            game = key[len(OLD_PROGRESS_PREFIX):]
            raw = self.backend.get(key)
            try:
                data = json.loads(raw or "{}")
            except (ValueError, RecursionError):
                data = {}
            if not isinstance(data, dict):
                data = {}
            target = key_of(game, PROGRESS_ID)
            if self.backend.get(target) is None:
                record = new_campaign(game, PROGRESS_ID, "Progress by player name", data)
                self.backend.set(target, json.dumps(record, separators=(",", ":")))
            self.backend.remove(key)

    def list(self, game: str) -> list[dict[str, Any]]:
        """The readable campaigns of a game, newest first (damaged ones are left out)."""
        out = []
        prefix = f"{CAMPAIGN_PREFIX}{game}:"
        for key in sorted(self.backend.keys()):
            if key.startswith(prefix):
                record = self.load(game, key[len(prefix):])
                if record is not None:
                    out.append(record)
        out.sort(key=lambda r: r["updated"], reverse=True)
        return out

    def load(self, game: str, campaign_id: str) -> Optional[dict[str, Any]]:
        raw = self.backend.get(key_of(game, campaign_id))
        if raw is None:
            return None
        try:
            return check_campaign(json.loads(raw), self.library)
        except (RecordError, ValueError, RecursionError):
            return None

    def data(self, game: str, campaign_id: str) -> dict[str, Any]:
        """The campaign's data, or an empty dict for a campaign not begun yet."""
        record = self.load(game, campaign_id)
        return record["data"] if record is not None else {}

    def save(self, record: dict[str, Any]) -> None:
        """Write one campaign atomically; raises StorageFull and keeps the previous copy."""
        record = check_campaign(record, self.library)
        self.backend.set(key_of(record["game"], record["id"]), json.dumps(record, separators=(",", ":")))

    def put_data(self, game: str, campaign_id: str, data: dict[str, Any], updated: int, name: str = "") -> None:
        record = self.load(game, campaign_id) or new_campaign(game, campaign_id, name or campaign_id, {})
        record = dict(record, data=data, updated=updated)
        if name:
            record["name"] = name[:MAX_NAME]
        self.save(record)

    def delete(self, game: str, campaign_id: str) -> None:
        self.backend.remove(key_of(game, campaign_id))
