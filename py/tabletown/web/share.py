"""Share boxes: a link the player asks for (the game to go on playing, its replay, a campaign)
shown in its box, copied where the box has a note to tell whether it was, and what is safe
to share. One piece of code fills every box (`show_link`); the boxes' HTML is `screens.LinkBox`.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import js  # type: ignore[import-not-found]

from ..engine.campaign import encode_campaign_link
from ..engine.codec import encode_link
from . import catalog, policy
from .screens import CAMPAIGN_BOX, REPLAY_BOX, SHARE_BOX, LinkBox


def page_address() -> str:
    """This page's address without its fragment: a link is this plus the fragment that holds the game."""
    return str(js.location.origin) + str(js.location.pathname)


def show_link(doc: Any, box: LinkBox, link: str, note: Optional[Callable[[bool], str]] = None) -> None:
    """Show `link` in `box`. With a `note` (told whether the link reached the clipboard), the link is
    copied too and the note written beside it."""
    out = doc.getElementById(box.link)
    out.textContent = link
    out.setAttribute("href", link)
    doc.getElementById(box.box).hidden = False
    if note is None:
        return
    copied = True
    try:
        js.navigator.clipboard.writeText(link)
    except Exception:  # noqa: BLE001 - clipboard access is optional
        copied = False
    doc.getElementById(box.note).textContent = note(copied)


def has_secrets(record: dict[str, Any]) -> bool:
    """Whether the game in `record` hides cards from its players (an unknown game is taken to)."""
    spec = catalog.find(record.get("game", ""))
    return bool(spec.secrets) if spec is not None else True


class Share:
    """The page's share commands (`data-action="share"`, `"share-replay"`, `"export-campaign"`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def cmd_share(self, _target: Any) -> None:
        """The `#play=` link of the game on screen: whoever opens it plays on from here."""
        session = self.app.game.session
        if session is None:
            return
        secrets, over = bool(session.spec.secrets), session.over()
        show_link(self.app.doc, SHARE_BOX, page_address() + encode_link(session.record),
                  lambda copied: policy.share_note(secrets, over, copied))

    def cmd_share_replay(self, _target: Any) -> None:
        """The `#replay=` link of the game on screen (a finished game, or the replay itself)."""
        replay, session = self.app.replay, self.app.game.session
        if replay is not None:
            record, over = replay.record, replay.replay.over
        elif session is not None:
            record, over = session.record, session.over()
        else:
            return
        link = page_address() + policy.replay_fragment(encode_link(record))
        show_link(self.app.doc, REPLAY_BOX, link, lambda copied: policy.replay_share_note(has_secrets(record), over, copied))

    def cmd_export_campaign(self, target: Any) -> None:
        """A campaign on the setup form as a `#campaign=` link, to go on in another browser."""
        form = self.app.doc.getElementById("setup-form")
        record = self.app.campaigns.load(str(form.dataset.game), str(target.dataset.campaign))
        if record is None:
            self.app.alert("That campaign is no longer here.")
            return
        show_link(self.app.doc, CAMPAIGN_BOX, page_address() + encode_campaign_link(record))
