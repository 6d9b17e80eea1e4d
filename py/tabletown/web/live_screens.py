"""The live table's HTML (tested in CPython): the players' strip with their live marks, the
host's invitations, the guest's join screen with its reply, and the network settings.

Test hooks (stable): an open invitation is an element with `data-invitation` (its link), a
guest's reply an element with `data-reply` (its link), and a remote seat's name carries
`data-seat-live` ("1" connected, "0" away) on every device.
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

DEFAULT_ICE = ["stun:stun.l.google.com:19302"]


def seats_strip(names: list[str], kinds: list[str], marks: list[Optional[bool]], me: Optional[int],
                stand_ins: frozenset[int] | set[int] = frozenset(), on_host: bool = True) -> str:
    """Who sits at the table: each seat's name, where it is played, and for a seat played on
    another device whether its player is connected now. `me` is the guest's own seat (None on
    the host's device or a spectator's; `on_host` tells them apart). `names` are raw (escaped here)."""
    items = []
    for seat, name in enumerate(names):
        label = escape(name)
        if marks[seat] is not None:
            live = "1" if marks[seat] else "0"
            state = "connected" if marks[seat] else ("away — a bot plays for now" if seat in stand_ins else "away")
            if seat == me:
                state = "you" if marks[seat] else "you — not connected"
            items.append(f'<li class="seat-mark" data-seat="{seat}" data-seat-live="{live}">'
                         f'<span class="live-dot" aria-hidden="true"></span>{label} <span class="muted">({state})</span></li>')
        else:
            where = {"bot": "bot", "human": "here" if on_host else "with the host",
                     "remote": "another device"}.get(kinds[seat], "")
            if seat == me:
                where = "you"
            items.append(f'<li class="seat-mark" data-seat="{seat}">{label} <span class="muted">({where})</span></li>')
    return f'<ul class="seats-strip" aria-label="Players at this table">{"".join(items)}</ul>'


def invitation_block(seat: Optional[int], name: str, link: str, qr_svg: str, stand_in: Optional[bool]) -> str:
    """An open invitation on the host's screen: its QR code, its link to copy, and where the
    guest's reply goes (pasted here, opened in this browser, or scanned). `name` is raw."""
    who = escape(name)
    heading = f"Invite {who}" if seat is not None else "Invite a spectator"
    seat_attr = f' data-seat="{seat}"' if seat is not None else ' data-watcher="1"'
    if not link:
        return (f'<div class="invite"{seat_attr}><h3>{heading}</h3>'
                '<p class="muted" role="status">Preparing the invitation…</p></div>')
    for_whom = who if seat is not None else "they"
    bot = ""
    if stand_in is not None:
        said = (f"A bot plays for {who} until they join." if stand_in else f"{who}’s turns wait for them.")
        press = "Wait for them instead" if stand_in else "Let a bot play until they join"
        bot = (f'<p class="stand-in"><span>{said}</span> <button type="button" class="ghost" data-action="stand-in" '
               f'data-seat="{seat}" data-on="{0 if stand_in else 1}" aria-pressed="{"true" if stand_in else "false"}">'
               f'{press}</button></p>')
    return (
        f'<div class="invite"{seat_attr} data-invitation="{escape(link)}"><h3>{heading}</h3>'
        f'<p>On {"their" if seat is not None else "the other"} device, {for_whom} open'
        f'{"s" if seat is not None else ""} this invitation: '
        'scan the code with the camera, or send the link.</p>'
        f'<div class="qr">{qr_svg}</div>'
        f'<p class="link-row"><input class="link-text" readonly value="{escape(link)}" aria-label="Invitation link">'
        f'<button type="button" data-action="copy-link" data-link="{escape(link)}">Copy link</button></p>'
        f'<form class="reply-form" data-reply-form="1"><label>Their reply '
        '<input name="reply" autocomplete="off" spellcheck="false" placeholder="Paste the reply link"></label>'
        '<button type="submit">Connect</button>'
        '<button type="button" class="ghost" data-action="scan-reply">Scan their reply</button></form>'
        f'<p class="muted small">Or open their reply link in this browser: it comes to this game by itself.</p>{bot}</div>'
    )


def live_panel(strip: str, invitations: list[str], extra: str = "") -> str:
    """The live table under the status line: the players, and on the host's device the open
    invitations, a spectator invitation and the network settings (`extra`)."""
    return (f'<section class="live-panel" aria-label="The live table">{strip}'
            f'{"".join(invitations)}{extra}</section>')


def host_actions(ice: str) -> str:
    """What the host can do besides the seats' invitations."""
    return ('<p class="live-actions"><button type="button" class="ghost" data-action="invite-watcher">'
            f'Invite a spectator</button></p>{ice}')


def join_screen(title: str, host: str, seat_name: str, watching: bool, reply: str, qr_svg: str,
                status: str, ice_form: str) -> str:
    """The guest's page after opening an invitation: who invites, for which seat, and the reply
    to give back (its QR code and link). Names are raw."""
    who = escape(host) or "The host"
    what = "to watch" if watching else f"to play as <strong>{escape(seat_name)}</strong>"
    reply_html = ""
    if reply:
        reply_html = (
            f'<div class="reply" data-reply="{escape(reply)}"><h2>Your reply</h2>'
            f'<p>Give this reply to {who}: they scan the code with their camera, or you send them the link '
            'and they open it.</p>'
            f'<div class="qr">{qr_svg}</div>'
            f'<p class="link-row"><input class="link-text" readonly value="{escape(reply)}" aria-label="Reply link">'
            f'<button type="button" data-action="copy-link" data-link="{escape(reply)}">Copy link</button></p></div>'
        )
    return (
        '<div id="alerts"></div>'
        f'<section class="join" aria-labelledby="join-h"><h1 id="join-h">{escape(title)}</h1>'
        f'<p>{who} invites you {what}.</p>'
        f'<p id="join-status" role="status">{escape(status)}</p>{reply_html}{ice_form}'
        '<p><a href="#" data-action="menu">Back to the games</a></p></section>'
    )


def scan_view() -> str:
    """The camera's picture while a reply's QR code is read, over the page."""
    return ('<div class="scan-view" role="dialog" aria-modal="true" aria-label="Scan the reply">'
            '<video playsinline muted></video><p>Hold the reply’s QR code in front of the camera.</p>'
            '<button type="button" data-action="stop-scan">Cancel</button></div>')


def reply_handed(message: str) -> str:
    """A tab opened on a reply link, after handing it to the game that waits for it."""
    return (f'<div id="alerts"></div><section class="join"><h1>Tabletown</h1>'
            f'<p id="join-status" role="status">{escape(message)}</p>'
            '<p><a href="#" data-action="menu">Back to the games</a></p></section>')


def ice_form(servers: list[str]) -> str:
    """The network settings: which STUN (or TURN) servers help two devices find each other."""
    text = escape("\n".join(servers))
    return (
        '<details class="ice-settings"><summary>Network settings</summary>'
        '<form data-ice-form="1"><p class="muted small">On one local network no server is needed. Across '
        'the internet, a STUN server tells each device its public address (it sees only addresses, '
        'never the game). Some networks also need a TURN relay, which Tabletown does not provide: '
        'add one as <code>turn:host:port username password</code>. One server a line; empty: local network only.</p>'
        f'<textarea name="servers" rows="3" spellcheck="false" aria-label="STUN and TURN servers">{text}</textarea>'
        '<button type="submit">Save</button></form></details>'
    )


def away_note(host: str) -> str:
    """The guest's note when the connection to the host is lost."""
    who = escape(host) if host else "the host"
    return (f'<p class="away-note" role="alert">The connection to {who}’s game was lost. The game is kept on '
            f'{who}’s device, whose screen now offers a fresh invitation for your seat: open it here to come '
            'back where the game is.</p>')


def parse_ice(text: str) -> Optional[list[dict[str, Any]]]:
    """The servers typed in the settings as RTCIceServer entries, or None if a line is not one."""
    servers: list[dict[str, Any]] = []
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        url = words[0]
        scheme, _, rest = url.partition(":")
        if scheme not in ("stun", "turn", "turns") or not rest or len(url) > 200 or any(c in url for c in "<>\"'"):
            return None
        if scheme == "stun" and len(words) == 1:
            servers.append({"urls": url})
        elif scheme != "stun" and len(words) == 3:
            servers.append({"urls": url, "username": words[1], "credential": words[2]})
        else:
            return None
    return servers


def ice_lines(servers: list[dict[str, Any]]) -> list[str]:
    """The settings' lines for the servers kept."""
    return [" ".join([s["urls"]] + ([s["username"], s["credential"]] if "username" in s else [])) for s in servers]
