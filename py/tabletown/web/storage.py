"""localStorage as a SaveStore backend (browser only)."""

from __future__ import annotations

from typing import Optional

import js  # type: ignore[import-not-found]

from .. import games
from ..engine.campaign import CampaignStore
from ..engine.saves import MemoryBackend, SaveStore, StorageFull
from .dom import absent


class LocalStorage:
    def __init__(self, storage: object):
        self.storage = storage

    def get(self, key: str) -> Optional[str]:
        value = self.storage.getItem(key)  # type: ignore[attr-defined]
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)  # type: ignore[attr-defined]
        except Exception as err:  # a JsException; the browser names it QuotaExceededError
            if "quota" in str(err).lower() or "quota" in str(getattr(err, "name", "")).lower():
                raise StorageFull() from None
            raise

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)  # type: ignore[attr-defined]

    def keys(self) -> list[str]:
        s = self.storage
        return [str(s.key(i)) for i in range(int(s.length))]  # type: ignore[attr-defined]


def open_store() -> tuple[SaveStore, CampaignStore]:
    """localStorage if the browser allows it, else memory (with a notice for the player)."""
    try:
        storage = js.window.localStorage
        storage.getItem("tabletown:probe")
        backend = LocalStorage(storage)
        return SaveStore(backend, games.LIBRARY), CampaignStore(backend, games.LIBRARY)
    except Exception:  # noqa: BLE001 - storage blocked (private mode, policy)
        memory = MemoryBackend()
        store = SaveStore(memory, games.LIBRARY)
        store.notices.append("This browser does not let Tabletown keep saved games; games last until the page closes.")
        return store, CampaignStore(memory, games.LIBRARY)
