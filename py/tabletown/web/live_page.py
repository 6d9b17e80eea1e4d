"""The live table in the browser: WebRTC connections made from invitation and reply links,
the host's invitations and live marks, and the guest's side of a game.

The rules of who may do what are `tabletown.live` (host.py, guest.py, protocol.py, tested in
CPython); the HTML is `live_screens.py`. This file holds only what touches the browser:

- `PeerLink`: one RTCPeerConnection and its data channel, made for one invitation. Offers
  and answers are sent whole (ICE candidates gathered first, for at most GATHER_SECONDS), so
  one link each way is enough: no signalling server.
- `LivePage`: hosting (an invitation for every remote seat without a player, replies taken
  from the paste box, the camera, or a reply link opened in another tab of this browser —
  a BroadcastChannel brings it here), and joining (the reply made, then the game screen
  drawn from the host's tables).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Optional

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from .. import games
from ..live.guest import GuestTable
from ..live.host import LiveHost
from ..live.protocol import (
    Invitation,
    LiveError,
    Reply,
    invitation_link,
    read_invitation,
    read_reply,
    reply_link,
)
from . import live_screens
from .dom import absent
from .share import page_address

GATHER_SECONDS = 2.5  # the longest wait for the network's addresses before a link is made
BROADCAST = "tabletown-live"  # the channel between this browser's tabs: a reply link finds its game
ICE_KEY = "tabletown:ice-servers"
HANDOVER_SECONDS = 4.0  # how long a tab opened on a reply link waits for its game to answer
# A browser may drop a message that reaches a data channel its side has not yet seen open (seen
# in Chromium): the guest greets again at this pace until the host answers.
GREET_AGAIN_SECONDS = 2.0
GREETINGS = 15


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class PeerLink:
    """One WebRTC connection between the host and one guest (or watcher)."""

    def __init__(self, servers: list[dict[str, Any]], on_open: Callable[[], None],
                 on_message: Callable[[str], None], on_close: Callable[[], None]) -> None:
        self.pc = js.RTCPeerConnection.new(_js({"iceServers": servers}))
        self.channel: Any = None
        self.open = False
        self.closed = False
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.proxies: list[Any] = []
        self._listen(self.pc, "connectionstatechange", self._state)

    def _listen(self, target: Any, name: str, fn: Callable[[Any], None]) -> None:
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        target.addEventListener(name, proxy)

    def _bind(self, channel: Any) -> None:
        self.channel = channel
        self._listen(channel, "open", lambda _e: self._opened())
        self._listen(channel, "message", lambda e: self.on_message(e.data if isinstance(e.data, str) else ""))
        self._listen(channel, "close", lambda _e: self.close())

    def _opened(self) -> None:
        self.open = True
        self.on_open()

    def _state(self, _event: Any) -> None:
        if str(self.pc.connectionState) in ("failed", "closed"):
            self.close()

    async def _gathered(self) -> str:
        waited = 0.0
        while str(self.pc.iceGatheringState) != "complete" and waited < GATHER_SECONDS:
            await asyncio.sleep(0.05)
            waited += 0.05
        return str(self.pc.localDescription.sdp)

    async def offer(self) -> str:
        """The host's side: a data channel and the offer that describes it."""
        self._bind(self.pc.createDataChannel("table", _js({"ordered": True})))
        await self.pc.setLocalDescription(await self.pc.createOffer())
        return await self._gathered()

    async def answer(self, offer: str) -> str:
        """The guest's side: the host's offer taken, the answer made."""
        self._listen(self.pc, "datachannel", lambda e: self._bind(e.channel))
        await self.pc.setRemoteDescription(_js({"type": "offer", "sdp": offer}))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        return await self._gathered()

    async def accept(self, answer: str) -> None:
        await self.pc.setRemoteDescription(_js({"type": "answer", "sdp": answer}))

    def send(self, text: str) -> None:
        if self.open and not self.closed and str(self.channel.readyState) == "open":
            self.channel.send(text)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.open = False
        try:
            if self.channel is not None:
                self.channel.close()
            self.pc.close()
        except Exception:  # noqa: BLE001 - closing twice is harmless
            pass
        self.on_close()


class LivePage:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.doc = app.doc
        # hosting
        self.host: Optional[LiveHost] = None
        self.save_id: Optional[str] = None
        self.peers: dict[str, PeerLink] = {}  # invitation token -> its connection
        self.links: dict[str, str] = {}  # invitation token -> its link ("" while it is made)
        self.panel_html = ""
        self.qr_drawn: dict[str, str] = {}  # link -> its QR code's SVG
        # joining
        self.guest: Optional[GuestTable] = None
        self.guest_peer: Optional[PeerLink] = None
        self.invitation: Optional[Invitation] = None
        self.reply = ""
        self.joined = False
        # this browser's other tabs: a reply link opened in one of them is brought here
        self.tabs: Any = None
        self.asked: dict[str, Any] = {}  # a reply handed to the other tabs -> the future its answer settles
        try:
            self.tabs = js.BroadcastChannel.new(BROADCAST)
            self.tabs_proxy = create_proxy(self.on_tab_message)
            self.tabs.addEventListener("message", self.tabs_proxy)
        except Exception:  # noqa: BLE001 - without BroadcastChannel a reply is pasted or scanned
            self.tabs = None

    # --- settings ------------------------------------------------------------------------------
    def servers(self) -> list[dict[str, Any]]:
        try:
            raw = js.localStorage.getItem(ICE_KEY)
        except Exception:  # noqa: BLE001 - storage may be blocked
            raw = None
        kept = live_screens.parse_ice(str(raw)) if raw is not None else None
        return kept if kept is not None else [{"urls": url} for url in live_screens.DEFAULT_ICE]

    def save_servers(self, form: Any) -> None:
        text = str(form.elements.namedItem("servers").value)
        servers = live_screens.parse_ice(text)
        if servers is None:
            self.app.alert("A line of the network settings is not a server: write stun:host:port, or "
                           "turn:host:port username password, one a line.")
            return
        try:
            js.localStorage.setItem(ICE_KEY, "\n".join(live_screens.ice_lines(servers)))
        except Exception:  # noqa: BLE001
            self.app.alert("The settings could not be kept: this browser's storage is full or blocked.")
            return
        self.app.alert("Network settings saved: new invitations and replies use them.")

    def ice_form(self) -> str:
        return live_screens.ice_form(live_screens.ice_lines(self.servers()))

    # --- routes ---------------------------------------------------------------------------------
    def on_route(self, kind: str, arg: str) -> None:
        """The page goes elsewhere: a table it hosted or joined ends (guests are shown away and
        the game stays saved; opening it again invites them anew)."""
        if kind == "reply":
            return  # a reply link opened in this tab is taken here or handed on (`take_reply_route`)
        if self.host is not None and not (kind == "game" and arg == self.save_id):
            self.stop_hosting()
        if self.guest_peer is not None:
            self.stop_joining()

    # --- hosting -----------------------------------------------------------------------------------
    def host_game(self, save_id: str, session: Any) -> None:
        """A game with seats played on other devices opens: it is hosted here."""
        if self.host is not None and self.save_id == save_id and self.host.session is session:
            return
        self.stop_hosting()
        self.host = LiveHost(session, on_change=self.guest_moved)
        self.save_id = save_id
        self.panel_html = ""

    def stop_hosting(self) -> None:
        self.host = None  # first: the connections' close handlers then find no table to redraw
        self.save_id = None
        peers = list(self.peers.values())
        self.peers.clear()
        self.links.clear()
        self.qr_drawn.clear()
        for peer in peers:
            peer.close()

    def guest_moved(self) -> None:
        """A guest's move changed the game: saved at once (the page draws it and sends the
        new tables when `LiveHost.receive` returns)."""
        self.app.game.autosave()

    def after_render(self) -> None:
        """After each drawing of the game screen: every device gets its new table, the panel
        shows who is here, and each remote seat without a player has an invitation."""
        host = self.host
        if host is None or self.app.game.session is not host.session:
            self.draw_guest_panel()
            return
        host.send_tables()
        for seat in host.uninvited():
            self.invite(seat)
        self.draw_host_panel()

    def invite(self, seat: Optional[int]) -> None:
        host = self.host
        if host is None:
            return
        token = host.invite(seat)
        self.links[token] = ""
        asyncio.ensure_future(self.app.guarded_async(lambda: self._make_invitation(token, seat)))

    async def _make_invitation(self, token: str, seat: Optional[int]) -> None:
        host = self.host
        if host is None:
            return

        def opened() -> None:
            pass  # the guest speaks first: its hello carries the invitation's token

        def message(text: str) -> None:
            if self.host is not host:
                return
            was_live = host.is_live(seat) if seat is not None else False
            if host.receive(peer, token, text):
                if seat is not None and not was_live and host.is_live(seat):
                    self.app.clear_alert()  # "…reply reached the game: connecting…" is done
                self.app.game.render()

        def closed() -> None:
            self.peers.pop(token, None)
            self.links.pop(token, None)
            if self.host is not host:
                return
            host.void(token)  # not yet used: the seat gets a fresh invitation
            host.drop(peer)  # used: its seat is away, and gets a fresh invitation
            self.app.game.render()

        guard = self.app.guard  # a fault in a message's handling is told on the page, never lost
        peer = PeerLink(self.servers(), opened, lambda text: guard(lambda: message(text)), lambda: guard(closed))
        self.peers[token] = peer
        offer = await peer.offer()
        if self.host is not host or not host.is_open(token):
            peer.close()
            return
        session = host.session
        here = [session.names[s] for s in session.humans()]
        inv = Invitation(session.spec.id, seat, token, offer, host=here[0] if here else "",
                         name=session.names[seat] if seat is not None else "")
        self.links[token] = page_address() + invitation_link(inv)
        self.draw_host_panel()

    def draw_host_panel(self) -> None:
        host = self.host
        slot = self.doc.getElementById("live")
        if host is None or absent(slot):
            return
        session = host.session
        marks = host.live_marks()
        strip = live_screens.seats_strip(session.names, [s["kind"] for s in session.seats], marks, None, host.stand_ins)
        blocks = []
        for token, link in self.links.items():
            seat = host.invitation_seat(token)
            if not host.is_open(token):
                continue
            qr = self.qr(link) if link else ""
            stand_in = (seat in host.stand_ins) if seat is not None else None
            blocks.append(live_screens.invitation_block(seat, session.names[seat] if seat is not None else "", link, qr,
                                                        stand_in))
        self.show_panel(slot, live_screens.live_panel(strip, blocks, live_screens.host_actions(self.ice_form())))

    def show_panel(self, slot: Any, html: str) -> None:
        """Set the live panel only when it changed: a reply half typed into it is not wiped by a move."""
        if html != self.panel_html:
            slot.innerHTML = html
            self.panel_html = html
            slot.hidden = False

    def qr(self, link: str) -> str:
        """The link's QR code, drawn once (the host's panel is compared on every redraw)."""
        if link not in self.qr_drawn:
            maker = getattr(js.window, "tabletownQr", None)
            try:
                self.qr_drawn[link] = "" if maker is None or absent(maker) else str(maker(link))
            except Exception:  # noqa: BLE001 - the link is there to copy
                self.qr_drawn[link] = ""
        return self.qr_drawn[link]

    def take_reply(self, text: str) -> tuple[bool, str]:
        """A guest's reply (pasted, scanned or handed over by another tab): the seat connects.
        Returns whether it was taken, and what to tell the player."""
        host = self.host
        try:
            reply = read_reply(text)
        except LiveError as err:
            return False, str(err)
        if host is None or not host.is_open(reply.token) or reply.token not in self.peers:
            return False, ("This reply answers an invitation that is not open on this screen: it was used "
                           "or replaced. Give the player the invitation shown now.")
        peer = self.peers[reply.token]
        seat = host.invitation_seat(reply.token)
        name = host.session.names[seat] if seat is not None else "The watcher"
        asyncio.ensure_future(self.app.guarded_async(lambda: self._accept(peer, reply)))
        return True, f"{name}’s reply reached the game: connecting…"

    async def _accept(self, peer: PeerLink, reply: Reply) -> None:
        try:
            await peer.accept(reply.answer)
        except Exception as err:  # noqa: BLE001 - a reply the browser refuses is told
            self.app.alert(f"That reply could not be used ({err}). Ask for a fresh one.")

    def cmd_invite_watcher(self, _target: Any) -> None:
        self.invite(None)
        self.draw_host_panel()

    def cmd_stand_in(self, target: Any) -> None:
        if self.host is None:
            return
        self.host.stand_in(int(str(target.dataset.seat)), str(target.dataset.on) == "1")
        self.app.game.render()

    def cmd_copy_link(self, target: Any) -> None:
        link = str(target.dataset.link)
        try:
            js.navigator.clipboard.writeText(link)
            target.textContent = "Copied"
        except Exception:  # noqa: BLE001 - the link is shown to copy by hand
            target.textContent = "Select and copy the link"

    def cmd_scan_reply(self, _target: Any) -> None:
        """The reply's QR code read by this device's camera (`tabletownScanQr`, static/qr.js)."""
        scan = getattr(js.window, "tabletownScanQr", None)
        if scan is None or absent(scan):
            self.app.alert("This page cannot use the camera here: paste the reply link instead.")
            return
        overlay = self.doc.createElement("div")
        overlay.id = "scan"
        overlay.innerHTML = live_screens.scan_view()
        self.doc.body.appendChild(overlay)
        asyncio.ensure_future(self.app.guarded_async(lambda: self._scan(overlay, scan)))

    async def _scan(self, overlay: Any, scan: Any) -> None:
        try:
            text = str(await scan(overlay.querySelector("video")))
        except Exception as err:  # noqa: BLE001 - the camera refused, or the player cancelled
            said = str(getattr(err, "message", "") or err)
            if "stopped" not in said:
                self.app.alert(said)
            return
        finally:
            overlay.remove()
        taken, said = self.take_reply(text)
        self.app.alert(said)

    def cmd_stop_scan(self, _target: Any) -> None:
        stop = getattr(js.window, "tabletownStopScan", None)
        if stop is not None and not absent(stop):
            stop()

    def reply_submitted(self, form: Any) -> None:
        taken, said = self.take_reply(str(form.elements.namedItem("reply").value))
        self.app.alert(said)
        if taken:
            form.reset()

    # --- other tabs ----------------------------------------------------------------------------------
    def on_tab_message(self, event: Any) -> None:
        self.app.guard(lambda: self._tab_message(str(event.data)))

    def _tab_message(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        if not isinstance(message, dict) or not isinstance(message.get("id"), str):
            return
        if message.get("t") == "reply" and isinstance(message.get("link"), str) and self.host is not None:
            try:
                token = read_reply(message["link"]).token
            except LiveError:
                return
            if token not in self.links:
                return  # another tab's invitation
            taken, said = self.take_reply(message["link"])
            self.tabs.postMessage(json.dumps({"t": "taken", "id": message["id"], "ok": taken, "said": said}))
            self.app.alert(said)
        elif message.get("t") == "taken" and message["id"] in self.asked:
            future = self.asked.pop(message["id"])
            if not future.done():
                future.set_result((bool(message.get("ok")), str(message.get("said", ""))[:300]))

    async def take_reply_route(self, fragment: str) -> None:
        """A reply link opened in this tab: taken here if this tab hosts its game, else handed
        to the tab that does (this tab then says so and may be closed)."""
        app = self.app
        if self.host is not None:
            taken, said = self.take_reply(fragment)
            js.history.replaceState(None, "", f"#game/{self.save_id}")
            app.game.render()
            app.alert(said)
            return
        try:
            read_reply(fragment)
        except LiveError as err:
            app.routes.away(str(err))
            return
        app.clear_screen()
        app.root.innerHTML = live_screens.reply_handed("Giving the reply to your game…")
        said = ("No game in this browser is waiting for this reply. Open the game that sent the invitation "
                "(it must still be open in a tab), then open this reply link again — or paste it into the "
                "invitation on the game's screen.")
        if self.tabs is not None:
            ask = str(js.crypto.randomUUID())
            future = asyncio.get_event_loop().create_future()
            self.asked[ask] = future
            self.tabs.postMessage(json.dumps({"t": "reply", "id": ask, "link": fragment}))
            try:
                taken, said = await asyncio.wait_for(future, HANDOVER_SECONDS)
                if taken:
                    said += " You can close this tab."
            except asyncio.TimeoutError:
                self.asked.pop(ask, None)
        self.join_status(said)

    # --- joining ------------------------------------------------------------------------------------
    async def join(self, fragment: str) -> None:
        """An invitation opened on the guest's device: the reply is made and shown; the game
        appears when the host has taken it."""
        app = self.app
        self.stop_joining()
        try:
            inv = read_invitation(fragment)
        except LiveError as err:
            app.routes.away(f"This invitation cannot be used. {err}")
            return
        if inv.game not in games.BY_ID or not games.BY_ID[inv.game].ready:
            app.routes.away("This invitation is for a game this Tabletown does not have: ask for the host's page address.")
            return
        game = games.load(inv.game)
        self.invitation = inv
        self.joined = False
        self.reply = ""
        app.clear_screen()
        app.set_title(f"Join {game.SPEC.title} · Tabletown")
        self.draw_join("Making your reply…")
        peer = PeerLink(self.servers(), lambda: self._guest_open(peer), self._guest_message, lambda: self._guest_closed(peer))
        self.guest_peer = peer
        self.guest = GuestTable(game, peer.send)
        answer = await peer.answer(inv.offer)
        if self.guest_peer is not peer:
            return
        self.reply = page_address() + reply_link(Reply(inv.token, answer))
        self.draw_join(f"Waiting for {inv.host or 'the host'} to take your reply…")

    def draw_join(self, status: str) -> None:
        inv = self.invitation
        if inv is None:
            return
        spec = games.BY_ID[inv.game]
        qr = self.qr(self.reply) if self.reply else ""
        self.app.root.innerHTML = live_screens.join_screen(spec.title, inv.host, inv.name, inv.seat is None,
                                                           self.reply, qr, status, self.ice_form())

    def join_status(self, text: str) -> None:
        """The line of the join screen (or of a tab handing a reply on) that says where things are."""
        status = self.doc.getElementById("join-status")
        if not absent(status):
            status.textContent = text

    def _guest_open(self, peer: PeerLink) -> None:
        if self.invitation is not None:
            hello = json.dumps({"t": "hello", "token": self.invitation.token})
            asyncio.ensure_future(self.app.guarded_async(lambda: self._greet(peer, hello)))

    async def _greet(self, peer: PeerLink, hello: str) -> None:
        """The hello, and again until the host answers (the host answers a repeat with the table)."""
        for _ in range(GREETINGS):
            guest = self.guest
            if self.guest_peer is not peer or peer.closed or guest is None or guest.heard:
                return
            peer.send(hello)
            await asyncio.sleep(GREET_AGAIN_SECONDS)

    def _guest_message(self, text: str) -> None:
        self.app.guard(lambda: self._guest_receive(text))

    def _guest_receive(self, text: str) -> None:
        guest, app = self.guest, self.app
        if guest is None:
            return
        try:
            kind = guest.receive(text)
        except LiveError as err:
            app.alert(str(err))
            return
        if kind == "table" and not self.joined:
            self.joined = True
            app.game.begin_guest(guest)
            return
        if kind in ("refused", "bye"):
            app.alert(guest.refusal)
            if not self.joined and kind == "bye":
                self.join_status(guest.refusal)
        if self.joined:
            app.game.render()

    def _guest_closed(self, peer: PeerLink) -> None:
        if self.guest_peer is not peer or self.guest is None:
            return
        self.guest.connected = False
        if self.joined:
            self.app.guard(self.app.game.render)
        else:
            self.join_status("The connection could not be made. Ask the host for a fresh invitation.")

    def stop_joining(self) -> None:
        peer = self.guest_peer
        self.guest_peer = None
        if peer is not None:
            peer.close()
        self.guest = None
        self.joined = False

    def draw_guest_panel(self) -> None:
        guest, slot = self.guest, self.doc.getElementById("live")
        if guest is None or not self.joined or absent(slot) or not guest.ready:
            return
        table = guest.table
        assert table is not None
        marks = list(table["live"])
        if not guest.connected and guest.seat is not None:
            marks[guest.seat] = False
        strip = live_screens.seats_strip(guest.names, table["kinds"], marks, guest.seat, on_host=False)
        away = "" if guest.connected else live_screens.away_note(self.invitation.host if self.invitation else "")
        self.show_panel(slot, live_screens.live_panel(strip, [], away))

