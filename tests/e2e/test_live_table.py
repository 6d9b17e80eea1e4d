"""The live table end to end: a host's page and a guest's page in two browser contexts (two
devices) of one headless Chromium, joined over WebRTC on loopback with no server. The reply
travels the way a player passes it: opened as a link in a new tab of the host's browser.

No Chromium flag is needed for this: the two contexts' host candidates (mDNS names, which the
same browser resolves) connect directly over this machine's own interfaces.

What must hold (the issue "Play together from different devices"): every move made on either
device appears on both; the guest never receives or shows another seat's hidden cards; a
guest that reloads comes back to the current position through a fresh invitation; a forged
intent changes nothing; a spectator sees the table and no hand."""

from __future__ import annotations

import json
import re

from tabletown import games
from tabletown.engine.session import Session

from .conftest import BOOT_TIMEOUT, check_guard, guarded_context
from .helpers import FAST, is_over, log_lines, run_axe

# Every message a page's data channels deliver is kept in `tabletownReceived` (and the
# channels in `tabletownChannels`), so the test reads exactly what reached the device.
RECEIVED = """
window.tabletownReceived = [];
window.tabletownChannels = [];
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, options) {
  if (type === "message") {
    window.tabletownChannels.push(this);
    const inner = fn;
    fn = function (event) { window.tabletownReceived.push(String(event.data)); return inner.call(this, event); };
  }
  return listen.call(this, type, fn, options);
};
"""
# Every RTCPeerConnection a page makes keeps its story in `tabletownRtc` (states, candidates,
# descriptions, its data channel's opening and messages, wall-clock times), so a connection that
# never comes says where it stopped.
CONNECTIONS = """
window.tabletownRtc = [];
let made = 0;
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = function (...args) {
  const pc = new Native(...args);
  const id = made++;
  const note = (what) => window.tabletownRtc.push([Date.now() % 1e6, id, what]);
  pc.addEventListener("icecandidate", (e) => note("candidate " + (e.candidate ? e.candidate.candidate : "end")));
  pc.addEventListener("icegatheringstatechange", () => note("gathering " + pc.iceGatheringState));
  pc.addEventListener("iceconnectionstatechange", () => note("ice " + pc.iceConnectionState));
  pc.addEventListener("connectionstatechange", () => note("connection " + pc.connectionState));
  const setRemote = pc.setRemoteDescription.bind(pc);
  pc.setRemoteDescription = (d) => {
    note("remote " + d.type + " with " + (d.sdp.match(/a=candidate/g) || []).length + " candidates");
    return setRemote(d);
  };
  // the data channel's life too: a connection made whose channel never speaks says so
  const watch = (channel, how) => {
    note("channel " + how + " " + channel.readyState);
    channel.addEventListener("open", () => note("channel open"));
    channel.addEventListener("close", () => note("channel close"));
    channel.addEventListener("message", (e) => note("in " + String(e.data).slice(0, 24)));
    const send = channel.send.bind(channel);
    channel.send = (data) => { note("out " + String(data).slice(0, 24)); return send(data); };
  };
  pc.addEventListener("datachannel", (e) => watch(e.channel, "announced"));
  const create = pc.createDataChannel.bind(pc);
  pc.createDataChannel = (...a) => { const c = create(...a); watch(c, "made"); return c; };
  note("made");
  return pc;
};
window.RTCPeerConnection.prototype = Native.prototype;
"""
# A guest's first greeting never reaches the host: Chromium now and then drops a message that
# arrives on a data channel whose own side has not yet seen it open.
LOSE_FIRST_HELLO = """
const sendAll = RTCDataChannel.prototype.send;
let lost = false;
RTCDataChannel.prototype.send = function (data) {
  if (!lost && String(data).includes('"hello"')) { lost = true; return; }
  return sendAll.call(this, data);
};
"""
CONNECT_TIMEOUT = 60_000


class Table:
    """A host's device and a guest's, and the way a reply reaches the host."""

    def __init__(self, browser, base_url: str, fragment: str, guest_width: int = 390) -> None:
        self.base_url = base_url
        self.host_ctx = guarded_context(browser, base_url, viewport={"width": 1280, "height": 900})
        self.guest_ctx = guarded_context(browser, base_url, viewport={"width": guest_width, "height": 844})
        self.guest_ctx.add_init_script(RECEIVED)
        for ctx in (self.host_ctx, self.guest_ctx):
            ctx.add_init_script(CONNECTIONS)
        self.host = self.host_ctx.new_page()
        self.host.goto(base_url + FAST + fragment)
        self.host.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        self.guest = self.guest_ctx.new_page()

    def invitation(self, which: str = '[data-seat="1"]') -> str:
        found = self.host.wait_for_selector(f"[data-invitation]{which}", timeout=CONNECT_TIMEOUT)
        return str(found.get_attribute("data-invitation"))

    def hand_reply_to_host(self, page) -> None:
        """The guest's reply link, opened in a new tab of the host's browser."""
        reply = str(page.wait_for_selector("[data-reply]", timeout=BOOT_TIMEOUT).get_attribute("data-reply"))
        assert "#reply/" in reply
        tab = self.host_ctx.new_page()
        tab.goto(reply)
        tab.wait_for_selector("#join-status:has-text('reached the game')", timeout=BOOT_TIMEOUT)
        tab.close()

    def join(self, page, which: str = '[data-seat="1"]') -> None:
        page.goto(self.invitation(which))
        self.hand_reply_to_host(page)

    def record(self) -> dict:
        """The game as the host's page keeps it (its autosave)."""
        save_id = self.host.evaluate("location.hash").split("/", 1)[1]
        entry = json.loads(self.host.evaluate(f"localStorage.getItem('tabletown:save:{save_id}')"))
        return entry["record"]

    def close(self) -> None:
        for ctx in (self.host_ctx, self.guest_ctx):
            check_guard(ctx)
            ctx.close()


def until(page, expression: str, seconds: float = 30) -> None:
    """Wait until a page's expression is true (polled from here: the page's CSP refuses the
    string functions that Playwright's wait_for_function would make)."""
    for _ in range(int(seconds * 20)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {expression}")


def connected(page, selector: str) -> None:
    """Wait for what a made connection shows; if it never comes, fail with the story of every
    connection of every page in the browser."""
    try:
        page.wait_for_selector(selector, timeout=CONNECT_TIMEOUT)
    except Exception as err:
        stories = []
        for ctx in page.context.browser.contexts:
            for other in ctx.pages:
                try:
                    lines = other.evaluate("window.tabletownRtc || []")
                    shown = other.evaluate("[...document.querySelectorAll('#live, [role=alert]')]"
                                           ".map(e => e.innerText.slice(0, 300)).join(' | ')")
                except Exception:  # noqa: BLE001 - a page gone says nothing
                    continue
                stories.append(other.url[:90] + "\nshows: " + shown + "\n" + "\n".join(" ".join(map(str, e)) for e in lines))
        raise AssertionError(f"{selector} never came: {err}\n\n" + "\n\n".join(stories)) from None


def live(page, seat: int, value: str = "1") -> None:
    connected(page, f'[data-seat="{seat}"][data-seat-live="{value}"]')


def tables_received(page) -> list[dict]:
    return [m for m in map(json.loads, page.evaluate("window.tabletownReceived")) if m.get("t") == "table"]


def check_only_own_views(record: dict, tables: list[dict], seat) -> None:
    """Every table the device received showed exactly `seat`'s view (None: the spectator's) of
    the game at its move, as the rules hide it, and nothing of the seed or the record."""
    game = games.load(record["game"])
    for table in tables:
        replayed = Session(game, dict(record, log=record["log"][: table["at"]]), trusted=True)
        assert table["view"] == game.RULES.view(replayed.state, seat), f"the view at move {table['at']}"
        assert table["seat"] == seat
        assert "seed" not in json.dumps(table) and "rng" not in table["view"]
        for other, hand in enumerate(table["view"]["hands"]):
            if other != seat:
                assert all(card is None for card in hand), f"seat {other}'s hand reached seat {seat}"


def hidden_animals(record: dict, seat: int) -> list[str]:
    """The animals on the Hero cards in a Tavern Tussle seat's hand now (each card has its own)."""
    game = games.load("tavern-tussle")
    from tabletown.games.tavern_tussle.content import HERO_CARDS

    state = Session(game, record, trusted=True).state
    return [HERO_CARDS[card]["animal"] for card in state["hands"][seat]]


def read_qr(page, selector: str) -> str:
    """The text of a QR code on the page, as a camera would read it: the SVG drawn on a canvas
    and decoded by the QR reader the page fetches when it scans (`data-decoder`)."""
    return page.evaluate("""async (selector) => {
        const svg = new XMLSerializer().serializeToString(document.querySelector(selector));
        const img = new Image();
        img.src = "data:image/svg+xml;base64," + btoa(svg);
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 900;
        const ctx = canvas.getContext("2d");
        ctx.drawImage(img, 0, 0, 900, 900);
        if (!window.jsQR) {
            await new Promise((ok, no) => {
                const script = document.createElement("script");
                script.src = document.querySelector("script[data-decoder]").dataset.decoder;
                script.onload = ok; script.onerror = no;
                document.head.appendChild(script);
            });
        }
        const found = jsQR(ctx.getImageData(0, 0, 900, 900).data, 900, 900);
        return found ? found.data : "";
    }""", selector)


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def act(page, last: bool = False) -> bool:
    """Click the first (or last) action the page offers on its board, if it offers one."""
    actions = page.locator("#board [data-action]")
    count = actions.count()
    if count == 0:
        return False
    actions.nth(count - 1 if last else 0).click()
    return True


def play_between(table: Table, on_move, last: bool = False, max_steps: int = 3000) -> None:
    for _ in range(max_steps):
        if is_over(table.host) and is_over(table.guest):
            return
        moved = False
        for page in (table.host, table.guest):
            if not is_over(page) and act(page, last):
                moved = True
                on_move()
        if not moved:
            table.host.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def test_a_whole_game_of_tavern_tussle_between_two_devices_keeps_each_hand_secret(browser, base_url):
    table = Table(browser, base_url, "#new/tavern-tussle?seats=human,remote&names=Ann,Bob&seed=5")
    try:
        table.join(table.guest)
        live(table.host, 1)
        live(table.guest, 1)
        # A spectator: invited from the host's table, sees the board and no hand.
        table.host.click("[data-action=invite-watcher]")
        watcher = table.guest_ctx.browser.new_context(viewport={"width": 1280, "height": 900})
        watcher.add_init_script(RECEIVED)
        watcher.add_init_script(CONNECTIONS)
        watch = watcher.new_page()
        table.join(watch, "[data-watcher]")
        connected(watch, "#board svg")

        # A forged intent from the guest's device: an action never offered, at a wrong move.
        until(table.guest, "window.tabletownChannels.length > 0")
        moves = len(table.record()["log"])
        table.guest.evaluate("""window.tabletownChannels[0].send(JSON.stringify({t: "act", at: 0, n: 999}))""")
        until(table.guest, "window.tabletownReceived.some(m => JSON.parse(m).t === 'refused')")
        assert len(table.record()["log"]) == moves

        def check() -> None:
            record = table.record()
            bob_sees, watcher_sees = words(table.guest.inner_text("#app")), words(watch.inner_text("#app"))
            for animal in hidden_animals(record, 0):
                assert animal not in bob_sees, f"Ann's {animal} shows on Bob's device"
            for seat in (0, 1):
                for animal in hidden_animals(record, seat):
                    assert animal not in watcher_sees, f"the {animal} in a hand shows on the spectator's device"

        play_between(table, check)
        record = table.record()
        check_only_own_views(record, tables_received(table.guest), 1)
        check_only_own_views(record, tables_received(watch), None)
        # Both devices end on the same result and the same log.
        assert table.guest.inner_text("#prompt") == table.host.inner_text("#prompt")
        assert log_lines(table.guest) == log_lines(table.host)
        assert table.guest.locator("#share").count() == 0  # the game is shared from the host's page
        watcher.close()
    finally:
        table.close()


def test_a_whole_game_of_torches_and_pitchforks_with_the_guest_on_a_phone(browser, base_url):
    table = Table(browser, base_url, "#new/torches-and-pitchforks?seats=remote,human&names=Bo,Cy&seed=2")
    try:
        table.join(table.guest, '[data-seat="0"]')
        live(table.host, 0)
        live(table.guest, 0)
        play_between(table, lambda: None, last=True)
        record = table.record()
        check_only_own_views(record, tables_received(table.guest), 0)
        assert log_lines(table.guest) == log_lines(table.host)
        assert table.guest.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        table.close()


def test_a_guest_that_reloads_is_away_then_back_at_the_current_position(browser, base_url):
    table = Table(browser, base_url, "#new/tavern-tussle?seats=human,remote&names=Ann,Bob&seed=8")
    try:
        table.join(table.guest)
        live(table.host, 1)
        for _ in range(3):  # a few moves on both devices
            act(table.host)
            act(table.guest)
            table.host.wait_for_timeout(200)
        table.guest.reload()
        live(table.host, 1, "0")  # shown as away on the host's device
        # The host's page offers a fresh invitation for the seat; the guest opens it.
        fresh = table.invitation()
        table.guest.goto(fresh)
        table.hand_reply_to_host(table.guest)
        live(table.host, 1)
        live(table.guest, 1)
        table.guest.wait_for_selector("#board svg")
        at = len(table.record()["log"])
        assert tables_received(table.guest)[-1]["at"] == at
        assert log_lines(table.guest) == log_lines(table.host)
        # An invitation already used does not seat anyone again.
        again = table.guest_ctx.new_page()
        again.goto(fresh)
        reply = str(again.wait_for_selector("[data-reply]").get_attribute("data-reply"))
        tab = table.host_ctx.new_page()
        tab.goto(reply)
        tab.wait_for_selector("#join-status:has-text('not open')", timeout=BOOT_TIMEOUT)
        tab.close()
        again.close()
        # The host's page closes and opens again: the game is where it was, the guest is shown
        # away on both devices until a fresh invitation seats them again.
        moves = len(table.record()["log"])
        table.host.reload()
        table.host.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        live(table.host, 1, "0")
        live(table.guest, 1, "0")
        assert "connection" in table.guest.inner_text(".away-note")
        table.join(table.guest)
        live(table.guest, 1)
        assert tables_received(table.guest)[-1]["at"] == moves == len(table.record()["log"])
        # The host leaves the game for the list of games: the guest is away, nothing breaks.
        table.host.evaluate("location.hash = '#'")
        live(table.guest, 1, "0")
        assert table.host.locator("[role=alert]").count() == 0
    finally:
        table.close()


def test_a_guest_whose_first_greeting_is_lost_still_joins_without_an_error(browser, base_url):
    table = Table(browser, base_url, "#new/tavern-tussle?seats=human,remote&names=Ann,Bob&seed=3")
    table.guest_ctx.add_init_script(LOSE_FIRST_HELLO)
    try:
        table.join(table.guest)
        live(table.host, 1)
        live(table.guest, 1)
        table.guest.wait_for_selector("#board svg")
        greetings = [e for e in table.guest.evaluate("window.tabletownRtc") if str(e[2]).startswith('out {"t": "hello"')]
        assert len(greetings) >= 2  # the first was lost; the page greeted again
        assert table.guest.locator("[role=alert]").count() == 0
        assert act(table.guest) or act(table.host)  # and the table plays
    finally:
        table.close()


def test_a_seat_on_another_device_is_chosen_on_the_setup_form_and_its_invitation_fits_a_phone(browser, base_url):
    table = Table(browser, base_url, "#setup/tumble-town")
    try:
        host = table.host
        host.set_viewport_size({"width": 390, "height": 844})
        host.select_option("select[name=kind1]", "remote")
        host.fill("input[name=name1]", "Bob")
        host.click("#setup-form [type=submit]")
        link = table.invitation()
        assert "#join/1." in link
        assert "Invite Bob" in host.inner_text("[data-invitation]")
        assert host.evaluate("document.documentElement.scrollWidth") <= 390
        table.guest.goto(link)
        table.guest.wait_for_selector("[data-reply]")
        assert "invites you to play as Bob" in table.guest.inner_text(".join")
        assert table.guest.evaluate("document.documentElement.scrollWidth") <= 390
        assert run_axe(host) == [] and run_axe(table.guest) == []
        # The QR codes read back as the links they show (drawn on a canvas, read by the page's
        # own QR reader); a text too long for a QR code gives none; no camera is told in words.
        assert read_qr(host, "[data-invitation] .qr svg") == link
        assert read_qr(table.guest, "[data-reply] .qr svg") == table.guest.get_attribute("[data-reply]", "data-reply")
        assert host.evaluate("tabletownQr('x'.repeat(5000))") == ""
        refused = host.evaluate("""async () => {
            const video = document.createElement('video');
            try { await tabletownScanQr(video); return 'read'; } catch (e) { return e.message; } }""")
        assert "camera could not be opened" in refused or "no camera" in refused
        # While Bob is away the host may let a bot play his seat: his turns are then played.
        host.click("[data-action=stand-in]")
        host.wait_for_selector("[data-action=stand-in][aria-pressed=true]")
        for _ in range(200):
            if any(line.startswith("Bob") for line in log_lines(host)):
                break
            act(host, last=True)
            host.wait_for_timeout(50)
        assert any(line.startswith("Bob") for line in log_lines(host)), "a bot played Bob's turn"
    finally:
        table.close()
