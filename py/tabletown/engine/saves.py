"""Saved games in a key-value store (localStorage in the browser, a dict in tests).

Keys carry the `tabletown:` prefix. Every entry holds its schema version; loading
migrates old versions step by step. An entry that fails to load is moved aside under
`tabletown:broken:` with a readable message and never takes the other saves down with
it. A full quota raises `StorageFull`; the store writes each entry with one atomic
set, so the previous copy stays intact.

Each entry keeps a summary (game, names, moves, whether it is over) beside its record,
so the saved-games list is drawn without replaying any game (plain JavaScript can read
it before Python has started); a save's record is checked by replaying it when it is
opened.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Protocol

from .codec import Library, check_record
from .session import FORMAT, RecordError

PREFIX = "tabletown:"
SAVE_PREFIX = PREFIX + "save:"
BROKEN_PREFIX = PREFIX + "broken:"
SCHEMA = 3


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


def summarize(record: dict[str, Any], title: str, over: bool, status: str = "") -> dict[str, Any]:
    """What the saved-games list shows of a save, without replaying it."""
    return {
        "game": record["game"],
        "title": title,
        "names": [s["name"] for s in record["seats"]],
        "moves": len(record["log"]),
        "over": bool(over),
        "status": status,
    }


# --- migrations: schema N -> N+1 (each takes the library, for titles) --------------------


def _migrate_1_to_2(entry: dict[str, Any], library: Library) -> dict[str, Any]:
    """Schema 1 kept players as {name, bot} and moves under "moves"; its time under "saved_at"."""
    seats = []
    for p in entry["players"]:
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
    return {"schema": 2, "id": entry["id"], "updated": entry.get("saved_at", 0), "over": bool(entry.get("over")),
            "record": record}


def _migrate_2_to_3(entry: dict[str, Any], library: Library) -> dict[str, Any]:
    """Schema 3 keeps a summary beside the record, so the list needs no replay."""
    record = entry["record"]
    spec = library.spec(record["game"])
    title = spec.title if spec is not None else str(record["game"])
    over = bool(entry.get("over"))
    return {"schema": 3, "id": entry["id"], "updated": entry["updated"], "over": over,
            "summary": summarize(record, title, over), "record": record}


MIGRATIONS: dict[int, Callable[[dict[str, Any], Library], dict[str, Any]]] = {1: _migrate_1_to_2, 2: _migrate_2_to_3}


def migrate(entry: Any, library: Library) -> dict[str, Any]:
    """The entry at the current schema, or RecordError with a readable reason."""
    if not isinstance(entry, dict) or type(entry.get("schema")) is not int:
        raise RecordError("it is not a Tabletown save")
    while entry["schema"] < SCHEMA:
        step = MIGRATIONS.get(entry["schema"])
        if step is None:
            raise RecordError(f"save format {entry['schema']} can no longer be read")
        try:
            entry = step(entry, library)
        except (KeyError, TypeError, AttributeError, ValueError):
            raise RecordError(f"it is damaged (format {entry['schema']})") from None
    if entry["schema"] > SCHEMA:
        raise RecordError("it was made by a newer Tabletown")
    _check_entry(entry)
    return entry


def _check_entry(entry: dict[str, Any]) -> None:
    """The parts of an entry the saved-games list reads must be of the right types."""
    updated = entry.get("updated")
    if type(updated) not in (int, float) or updated != updated:  # NaN is not a time
        raise RecordError("its time stamp is damaged")
    if not isinstance(entry.get("id"), str) or not isinstance(entry.get("record"), dict):
        raise RecordError("it is damaged")
    if "campaign" in entry and not isinstance(entry["campaign"], str):
        raise RecordError("its campaign is damaged")
    summary = entry.get("summary")
    if (
        not isinstance(summary, dict)
        or not isinstance(summary.get("game"), str)
        or not isinstance(summary.get("title"), str)
        or not isinstance(summary.get("names"), list)
        or not all(isinstance(n, str) for n in summary["names"])
        or type(summary.get("moves")) is not int
        or not isinstance(summary.get("status", ""), str)
    ):
        raise RecordError("its summary is damaged")


class SaveStore:
    def __init__(self, backend: Backend, library: Library):
        self.backend = backend
        self.library = library
        # Messages about entries set aside during this page's life, for the player.
        self.notices: list[str] = []
        # key -> the exact text that passed the full check (see load).
        self._checked: dict[str, str] = {}

    # --- reading -------------------------------------------------------------------
    def list(self) -> list[dict[str, Any]]:
        """Summaries of the saves, newest first, read without replaying any game.

        An entry that cannot even be summarised is set aside; the others always show."""
        out = []
        for key in sorted(self.backend.keys()):
            if not key.startswith(SAVE_PREFIX):
                continue
            save_id = key[len(SAVE_PREFIX):]
            raw = self.backend.get(key)
            if raw is None:
                continue
            try:
                entry = migrate(json.loads(raw), self.library)
            except (RecordError, ValueError, RecursionError) as err:
                self._set_aside(save_id, raw, str(err))
                continue
            summary = dict(entry["summary"])
            summary.update(id=save_id, updated=entry["updated"], over=bool(entry.get("over")))
            out.append(summary)
        out.sort(key=lambda s: s["updated"], reverse=True)
        return out

    def load(self, save_id: str) -> Optional[dict[str, Any]]:
        """The checked entry {schema, id, updated, over, summary, record} (its moves replayed),
        or None if it is gone or was set aside.

        A text already checked (or written) by this store is not replayed again."""
        key = SAVE_PREFIX + save_id
        raw = self.backend.get(key)
        if raw is None:
            return None
        try:
            entry = migrate(json.loads(raw), self.library)
            if self._checked.get(key) != raw:
                entry["record"] = check_record(entry["record"], self.library)
                self._checked[key] = raw
        except (RecordError, ValueError, KeyError, TypeError, RecursionError) as err:
            self._set_aside(save_id, raw, str(err))
            return None
        return entry

    def broken(self) -> list[dict[str, str]]:
        """Entries that were set aside, with the reason (an entry itself damaged says so)."""
        out = []
        for key in sorted(self.backend.keys()):
            if not key.startswith(BROKEN_PREFIX):
                continue
            reason = "unreadable"
            try:
                item = json.loads(self.backend.get(key) or "{}")
                if isinstance(item, dict) and isinstance(item.get("reason"), str):
                    reason = item["reason"]
            except (ValueError, RecursionError):
                pass
            out.append({"id": key[len(BROKEN_PREFIX):], "reason": reason[:200]})
        return out

    # --- writing -------------------------------------------------------------------
    def save(
        self,
        save_id: str,
        record: dict[str, Any],
        updated: int,
        over: bool = False,
        status: str = "",
        campaign: Optional[str] = None,
    ) -> None:
        """Write one entry atomically. Raises StorageFull; the previous copy survives.

        `status` is a short public line for the list ("Round 2 of 3"); `campaign` the id of
        the campaign this game belongs to in this browser, so its end updates that campaign
        even after a reload."""
        spec = self.library.spec(record["game"])
        title = spec.title if spec is not None else record["game"]
        entry: dict[str, Any] = {"schema": SCHEMA, "id": save_id, "updated": updated, "over": bool(over),
                                 "summary": summarize(record, title, over, status), "record": record}
        if campaign is not None:
            entry["campaign"] = campaign
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
