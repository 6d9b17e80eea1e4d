"""The live table's QR codes on one page: a link drawn as a code reads back as the same link
once it is on screen, a text too long for a code gives none, and the camera reader tells the
player in words when there is no camera, stops when asked, and fetches its decoder only when
a player first scans."""

from __future__ import annotations

import base64
import random
import re
import string

import pytest

from .conftest import check_guard, guarded_context
from .helpers import open_page

ALPHABET = string.ascii_letters + string.digits + "-_"
# A page's own script, run by the test: reject if a promise takes longer than `ms`.
WITHIN = "(promise, ms) => Promise.race([promise, new Promise((_, no) => setTimeout(() => no(new Error('hung')), ms))])"


def join_link(length: int, seed: int = 7) -> str:
    head = "https://example.org/tabletown/#join/1."
    rng = random.Random(seed)
    return head + "".join(rng.choice(ALPHABET) for _ in range(length - len(head)))


@pytest.fixture(scope="module")
def qr_page(browser, base_url):
    ctx = guarded_context(browser, base_url, viewport={"width": 1000, "height": 900})
    page = ctx.new_page()
    page.requested = []  # type: ignore[attr-defined]
    page.on("request", lambda request: page.requested.append(request.url))  # type: ignore[attr-defined]
    open_page(page, base_url)
    yield page
    ctx.close()
    check_guard(ctx)


def decoder_requests(page) -> list[str]:
    return [url for url in page.requested if re.search(r"/assets/jsqr\.[0-9a-f]{10}\.js$", url)]


def fake_camera(page, png: bytes | None) -> None:
    """The next getUserMedia gives a camera filming `png` (or a blank grey picture)."""
    page.evaluate("""async (png) => {
        const canvas = document.createElement("canvas");
        canvas.width = 640; canvas.height = 640;
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = "#888"; ctx.fillRect(0, 0, 640, 640);
        let img = null;
        if (png) { img = new Image(); img.src = "data:image/png;base64," + png; await img.decode(); }
        const paint = () => {
            ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, 640, 640);
            if (img) ctx.drawImage(img, 20, 20, 600, 600 * img.height / img.width);
            else { ctx.fillStyle = "#888"; ctx.fillRect(0, 0, 640, 640); }
        };
        paint();
        const stream = canvas.captureStream(10);
        const timer = setInterval(paint, 100);
        stream.getVideoTracks()[0].addEventListener("ended", () => clearInterval(timer));
        window.fakeStream = stream;
        navigator.mediaDevices.getUserMedia = async (asked) => {
            window.askedFor = asked;
            return stream;
        };
    }""", base64.b64encode(png).decode() if png else None)


def test_a_long_join_link_drawn_as_a_qr_code_reads_back_from_the_screen(qr_page):
    page = qr_page
    link = join_link(600)
    svg = page.evaluate("(text) => tabletownQr(text)", link)
    # One square SVG, sized by CSS, its dark modules one black path on white, a quiet zone of 4.
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    [opening] = re.findall(r"<svg [^>]*>", svg)
    assert 'role="img"' in opening and " width=" not in opening and " height=" not in opening
    [size] = re.findall(r'viewBox="0 0 (\d+) \1"', opening)
    modules = int(size) - 8
    assert modules >= 21 and (modules - 17) % 4 == 0
    assert svg.count("<path") == 1 and 'fill="#000"' in svg and 'fill="#fff"' in svg
    starts = [tuple(map(int, m)) for m in re.findall(r"M(\d+) (\d+)", svg)]
    assert min(x for x, _ in starts) == 4 and min(y for _, y in starts) == 4
    assert max(y for _, y in starts) == int(size) - 5

    # On screen as the page shows it (in a .qr box, 320 px wide), photographed, then read by
    # the page's own scanner from a camera that films the photograph.
    page.evaluate("""(svg) => {
        const box = document.createElement("div");
        box.className = "qr"; box.id = "qr-under-test"; box.innerHTML = svg;
        document.body.prepend(box);
    }""", svg)
    shot = page.locator("#qr-under-test").screenshot()
    assert decoder_requests(page) == [], "the QR reader was fetched before anyone scanned"
    assert page.evaluate("typeof window.jsQR") == "undefined"
    fake_camera(page, shot)
    read = page.evaluate(f"""async () => {{
        const video = document.createElement("video");
        const text = await ({WITHIN})(tabletownScanQr(video), 20000);
        return {{text, tracks: window.fakeStream.getTracks().map((t) => t.readyState),
                 facing: window.askedFor.video.facingMode, left: video.srcObject}};
    }}""")
    assert read["text"] == link
    assert read["facing"] == "environment"
    assert read["tracks"] == ["ended"] and read["left"] is None
    if not page.evaluate("'BarcodeDetector' in window"):
        assert len(decoder_requests(page)) == 1

    # A link with letters beyond ASCII travels as UTF-8 and reads back the same.
    page.evaluate("document.getElementById('qr-under-test').innerHTML = tabletownQr('https://example.org/#join/Zoë—∂')")
    fake_camera(page, page.locator("#qr-under-test").screenshot())
    assert page.evaluate(f"() => ({WITHIN})(tabletownScanQr(document.createElement('video')), 20000)") == \
        "https://example.org/#join/Zoë—∂"

    # Too long for level M even at the largest size (2,331 bytes): level L (up to 2,953 bytes);
    # too long for any QR code: no code.
    assert page.evaluate("tabletownQr('x'.repeat(2500))").startswith("<svg ")
    assert page.evaluate("tabletownQr('x'.repeat(3000))") == ""
    assert page.evaluate("tabletownQr('x'.repeat(5000))") == ""


def test_the_camera_reader_says_when_there_is_no_camera_and_stops_when_asked(qr_page):
    page = qr_page
    page.evaluate("delete navigator.mediaDevices.getUserMedia")  # the browser's own again
    said = page.evaluate(f"""async () => {{
        try {{ await ({WITHIN})(tabletownScanQr(document.createElement("video")), 8000); return "read"; }}
        catch (e) {{ return e.message; }} }}""")
    assert said.startswith("The camera could not be opened: "), said
    assert said.endswith("Paste the reply link instead.")

    # A camera filming nothing readable: the scan goes on until the player stops it.
    fake_camera(page, None)
    stopped = page.evaluate(f"""async () => {{
        const video = document.createElement("video");
        const scan = tabletownScanQr(video);
        await new Promise((ok) => setTimeout(ok, 600));
        const live = window.fakeStream.getTracks()[0].readyState;
        tabletownStopScan();
        try {{ await ({WITHIN})(scan, 3000); return {{said: "read"}}; }}
        catch (e) {{ return {{said: e.message, live,
                             after: window.fakeStream.getTracks()[0].readyState, left: video.srcObject}}; }}
    }}""")
    assert stopped == {"said": "stopped", "live": "live", "after": "ended", "left": None}
