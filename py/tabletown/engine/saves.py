"""Saved games in a key-value store (localStorage in the browser, a dict in tests).

Keys carry the `tabletown:` prefix. Every entry holds its schema version; loading
migrates old versions step by step. An entry that fails to load is moved aside under
`tabletown:broken:` with a readable message and never takes the other saves down with
it. A full quota raises `StorageFull`; the store writes each entry with one atomic
set, so the previous copy stays intact.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Protocol

from .. import games
from .codec import check_record
from .session import FORMAT, RecordError

PREFIX = "tabletown:"
SAVE_PREFIX = PREFIX + "save:"
BROKEN_PREFIX = PREFIX + "broken:"
PROGRESS_PREFIX = PREFIX + "progress:"
SCHEMA = 2


class StorageFull(Exception):
    """The browser refused to store more data."""


class Backend(Protocol):
    def get(self, key: str) -> Optional[str]: ...
    def set(self, key: str, value: str) -> None: ...  # raises StorageFull
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryBackend:
    """A dict with an optional size quota, for tests and the command line."""

    def __init__(self, quota: Optional[int] = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> Optional[str]:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull()
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# --- migrations: schema N -> N+1 ---------------------------------------------------


def _migrate_1_to_2(entry: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 kept players as {name, bot} and moves under "moves"."""
    players = entry["players"]
    seats = []
    for p in players:
        seat = {"name": p["name"], "kind": "bot" if p.get("bot") else "human"}
        if p.get("bot"):
            seat["level"] = p["bot"]
        seats.append(seat)
    record = {
        "format": FORMAT,
        "game": entry["game"],
        "rules_version": entry.get("rules", 1),
        "seed": entry["seed"],
        "seats": seats,
        "options": entry.get("options", {}),
        "log": entry["moves"],
    }
    return {"schema": 2, "id": entry["id"], "updated": entry.get("saved_at", 0), "record": record}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_1_to_2}


def migrate(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict) or not isinstance(entry.get("schema"), int):
        raise RecordError("it is not a Tabletown save")
    while entry["schema"] < SCHEMA:
        step = MIGRATIONS.get(entry["schema"])
        if step is None:
            raise RecordError(f"save format {entry['schema']} can no longer be read")
        try:
            entry = step(entry)
        except (KeyError, TypeError, AttributeError):
            raise RecordError(f"it is damaged (format {entry['schema']})") from None
    if entry["schema"] > SCHEMA:
        raise RecordError("it was made by a newer Tabletown")
    return entry


class SaveStore:
    def __init__(self, backend: Backend):
        self.backend = backend
        # Messages about entries set aside during this page's life, for the player.
        self.notices: list[str] = []
        # key -> the exact text that passed the full check (see _read).
        self._checked: dict[str, str] = {}

    # --- reading -------------------------------------------------------------------
    def load(self, save_id: str) -> Optional[dict[str, Any]]:
        """The checked entry {schema, id, updated, record}, or None if it is gone/broken."""
        return self._read(save_id)

    def list(self) -> list[dict[str, Any]]:
        """Summaries of the readable saves, newest first; broken ones are set aside."""
        out = []
        for key in sorted(self.backend.keys()):
            if not key.startswith(SAVE_PREFIX):
                continue
            save_id = key[len(SAVE_PREFIX):]
            entry = self._read(save_id)
            if entry is None:
                continue
            record = entry["record"]
            out.append({
                "id": save_id,
                "game": record["game"],
                "title": games.BY_ID[record["game"]].title,
                "names": [s["name"] for s in record["seats"]],
                "moves": len(record["log"]),
                "updated": entry.get("updated", 0),
                "over": bool(entry.get("over")),
            })
        out.sort(key=lambda s: s["updated"], reverse=True)
        return out

    def _read(self, save_id: str) -> Optional[dict[str, Any]]:
        """Parse, migrate and check one entry (replaying its moves), or set it aside.

        A text already checked (or written) by this store is not replayed again, so
        showing the saved games list over and over stays cheap.
        """
        key = SAVE_PREFIX + save_id
        raw = self.backend.get(key)
        if raw is None:
            return None
        try:
            entry = migrate(json.loads(raw))
            if self._checked.get(key) != raw:
                entry["record"] = check_record(entry["record"])
                self._checked[key] = raw
        except (RecordError, ValueError, KeyError, TypeError, RecursionError) as err:
            self._set_aside(save_id, raw, str(err))
            return None
        return entry

    def broken(self) -> list[dict[str, str]]:
        """Entries that were set aside, with the reason."""
        out = []
        for key in sorted(self.backend.keys()):
            if key.startswith(BROKEN_PREFIX):
                try:
                    item = json.loads(self.backend.get(key) or "{}")
                    out.append({"id": key[len(BROKEN_PREFIX):], "reason": str(item.get("reason", "unknown"))})
                except ValueError:
                    out.append({"id": key[len(BROKEN_PREFIX):], "reason": "unreadable"})
        return out

    # --- writing -------------------------------------------------------------------
    def save(self, save_id: str, record: dict[str, Any], updated: int, over: bool = False) -> None:
        """Write one entry atomically. Raises StorageFull; the previous copy survives."""
        entry = {"schema": SCHEMA, "id": save_id, "updated": updated, "over": over, "record": record}
        raw = json.dumps(entry, separators=(",", ":"))
        self.backend.set(SAVE_PREFIX + save_id, raw)
        self._checked[SAVE_PREFIX + save_id] = raw  # written from a session whose moves were all legal

    def delete(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)

    def forget_broken(self, save_id: str) -> None:
        self.backend.remove(BROKEN_PREFIX + save_id)

    def _set_aside(self, save_id: str, raw: str, reason: str) -> None:
        note = f"A saved game ({save_id[:24]}) could not be opened and was set aside: {reason}."
        self.notices.append(note)
        try:
            self.backend.set(BROKEN_PREFIX + save_id, json.dumps({"reason": reason, "raw": raw}))
        except StorageFull:
            return  # keep the original where it is rather than lose it
        self.backend.remove(SAVE_PREFIX + save_id)

    # --- progress per player name (e.g. a mission ladder) --------------------------
    def progress(self, game_id: str) -> dict[str, Any]:
        raw = self.backend.get(PROGRESS_PREFIX + game_id)
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def set_progress(self, game_id: str, progress: dict[str, Any]) -> None:
        self.backend.set(PROGRESS_PREFIX + game_id, json.dumps(progress, separators=(",", ":")))
