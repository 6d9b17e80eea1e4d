// Before Python runs: the picker is already in the page's HTML; this fills in the saved
// games from their summaries, shows the loading bar when a game is chosen (or linked)
// before Python is ready, explains a failed start, and offers a new version when the
// service worker has one. Plain JavaScript, no strings run as code (see the page's CSP).
(function () {
  "use strict";
  var root = document.documentElement;

  // Python's WebAssembly is compiled from now on, while PyScript's own scripts load and run,
  // rather than when Pyodide gets to it; static/pyodide.mjs hands the compiled module to
  // Pyodide. Its URL is the page's preload link; the request is the preload's own (same
  // credentials), so the file is fetched once. A failure leaves Pyodide to compile it.
  var wasm = document.querySelector('link[rel="preload"][href$="/pyodide.asm.wasm"]');
  if (wasm && window.WebAssembly && WebAssembly.compileStreaming && window.fetch) {
    window.tabletownWasm = WebAssembly.compileStreaming(fetch(wasm.href, {credentials: "same-origin"}))
      .catch(function () { return null; });
  }
  var steps = {
    "Loading Pyodide": 10, "Loading Storage": 20, "Loaded Storage": 25,
    "Loading interpreter": 30, "Loaded interpreter": 75, "Loaded Pyodide": 90
  };
  var ROUTE = /^#(setup\/|game\/|new\/|play=|replay=|rules\/|campaign=|join\/|reply\/)/;

  function byId(id) { return document.getElementById(id); }
  function show(text, percent) {
    var label = byId("loading-text");
    var fill = byId("loading-fill");
    if (label && text) label.textContent = text;
    if (fill && percent) fill.style.width = percent + "%";
  }
  function ready() { return root.classList.contains("ready"); }

  // A game chosen (or a game link opened) before Python is up: the loading bar takes the
  // picker's place and Python continues into the game from the address when it starts.
  function routed() {
    if (ready() || !ROUTE.test(location.hash)) return;
    root.classList.add("routed");
    var title = "";
    var match = /^#(?:setup|rules)\/([a-z0-9-]{1,40})(?:\/|$)/.exec(location.hash);
    var link = match && document.querySelector('[data-game-title][href="#setup/' + match[1] + '"]');
    if (link) title = link.getAttribute("data-game-title");
    var what = title ? title : "the game";
    if (/^#rules\//.test(location.hash)) what = "the rules" + (title ? " of " + title : "");
    var label = byId("loading-text");
    if (label) label.textContent = "Opening " + what + " as soon as the game runtime is ready…";
  }
  routed();
  addEventListener("hashchange", function () {
    if (ready()) return;
    if (ROUTE.test(location.hash)) routed(); else root.classList.remove("routed");
  });

  addEventListener("py:progress", function (event) {
    var detail = String(event.detail || "");
    var nice = detail.indexOf("interpreter") >= 0 ? "Starting Python…" :
      detail.indexOf("Loaded Pyodide") >= 0 ? "Opening the games…" : null;
    show(root.classList.contains("routed") ? null : nice, steps[detail]);
  });

  function failed(reason) {
    if (ready()) return;
    root.classList.add("routed", "failed");
    show("Tabletown could not start: " + reason + " Reload the page to try again.", 100);
    var label = byId("loading-text");
    if (label) label.setAttribute("role", "alert");
  }
  addEventListener("error", function (e) {
    if (e && e.message && !ready()) failed(e.message + ".");
  });
  setTimeout(function () { failed("the runtime took too long to load."); }, 120000);

  // --- saved games from their summaries (the same rows Python draws; web/screens.py) ---
  function esc(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }
  window.tabletownSaves = function () {
    var out = [];
    var storage;
    try { storage = window.localStorage; } catch (e) { return out; }
    for (var i = 0; i < storage.length; i++) {
      var key = storage.key(i);
      if (!key || key.indexOf("tabletown:save:") !== 0) continue;
      try {
        var entry = JSON.parse(storage.getItem(key));
        var s = entry && entry.summary;
        if (entry.schema !== 3 || typeof entry.updated !== "number" || !s || typeof s.title !== "string" ||
            !Array.isArray(s.names) || typeof entry.id !== "string") continue;
        out.push({id: entry.id, updated: entry.updated, over: entry.over === true, title: s.title,
                  names: s.names.map(String), moves: Number(s.moves) || 0,
                  status: typeof s.status === "string" ? s.status : ""});
      } catch (e) { /* Python sets a damaged entry aside and says why */ }
    }
    out.sort(function (a, b) { return b.updated - a.updated; });
    return out;
  };
  function saveRows(saves) {
    if (!saves.length) return '<p class="muted">No saved games yet. Every game is saved after each move.</p>';
    var rows = saves.map(function (s) {
      var who = s.names.map(esc).join(", ");
      var title = esc(s.title);
      // The plural as engine/words.py's plural() writes it ("1 move", "2 moves").
      var state = s.over ? "finished" : (s.status ? esc(s.status) : s.moves + (s.moves === 1 ? " move" : " moves"));
      return '<li class="save"><a href="#game/' + esc(s.id) + '" data-action="resume">' +
        '<span class="visually-hidden">Resume </span><strong>' + title + '</strong> <span>' + who + '</span> ' +
        '<span class="muted">' + state + '</span></a>' +
        '<button type="button" class="ghost" data-action="delete-save" data-save="' + esc(s.id) + '" ' +
        'aria-label="Delete saved ' + title + ' game with ' + who + '">Delete</button></li>';
    });
    return '<ul class="save-list">' + rows.join("") + "</ul>";
  }
  function savesKey(saves) {
    return saves.map(function (s) { return s.id + ":" + s.updated; }).join("|");
  }
  var filled = false;
  function fillSaves() {
    var slot = byId("save-rows");
    if (filled || !slot) return;
    filled = true;
    var saves = window.tabletownSaves();
    slot.innerHTML = saveRows(saves);
    slot.setAttribute("data-key", savesKey(saves));
  }
  // The rows go in as soon as the parser has closed their slot (the saves notes follow it),
  // before the browser can paint the empty list: it paints the parsed page while PyScript's
  // module is still loading, long before DOMContentLoaded, and rows arriving then would push
  // everything below them down. Observer callbacks run before the next paint.
  var parsing = window.MutationObserver && new MutationObserver(function () {
    if (byId("save-notes")) { parsing.disconnect(); fillSaves(); }
  });
  if (parsing) parsing.observe(root, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", function () {
    if (parsing) parsing.disconnect();
    show(null, 5);
    fillSaves();
  });

  // --- a game's own files, fetched when it is first opened, with progress -------------
  window.tabletownFetch = function (url, onProgress) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
      var total = Number(response.headers.get("content-length")) || 0;
      if (!response.body || !total || response.headers.get("content-encoding")) return response.arrayBuffer();
      var reader = response.body.getReader();
      var chunks = [];
      var seen = 0;
      function pump() {
        return reader.read().then(function (step) {
          if (step.done) return new Blob(chunks).arrayBuffer();
          chunks.push(step.value);
          seen += step.value.length;
          if (onProgress) onProgress(Math.min(99, Math.round(100 * seen / total)));
          return pump();
        });
      }
      return pump();
    });
  };

  // --- the offline cache, and a new version when there is one -------------------------
  function offer(worker) {
    var box = byId("update");
    if (!box || !box.hidden) return;
    box.innerHTML = '<p>A new version of Tabletown is ready.</p>' +
      '<button type="button" class="primary" id="update-reload">Reload to use it</button>';
    box.hidden = false;
    byId("update-reload").addEventListener("click", function () {
      // This tab asked for it: the waiting version takes over and the page reloads with it.
      // Other open tabs keep the files they started with (every file name carries its hash).
      navigator.serviceWorker.addEventListener("controllerchange", function () { location.reload(); });
      worker.postMessage("take-over");
    });
  }
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    addEventListener("tabletown:ready", function () {
      navigator.serviceWorker.register("sw.js").then(function (reg) {
        if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
        reg.addEventListener("updatefound", function () {
          var worker = reg.installing;
          if (!worker) return;
          worker.addEventListener("statechange", function () {
            if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
          });
        });
      }).catch(function () { /* offline play is a bonus */ });
    });
  }
})();

// Zoom and pan for a board frame drawn with a window (`data-zoom="w h"`, engine/draw.py
// Board.frame): by its buttons (`data-zoom-by` in, out, fit), the wheel, two fingers, and a drag
// once zoomed in. The view (how far in, and the frame's point at the window's top left corner)
// is kept on the board's container, so it survives the page replacing parts of the drawing, and
// a new game screen starts whole. Every frame with the same id in that drawing moves together;
// presses still map to frame points (tabletownFramePoint reads each frame's screen matrix).
(function () {
  "use strict";
  var MOST = 8;  // times the whole window
  var views = new WeakMap();  // board container -> {k, u, v}
  var touch = null;  // the fingers on a zoomable table
  var drag = null;  // the mouse dragging a zoomed table
  var dragged = false;  // a drag or pinch just moved the table: the click it ends with is no press

  function zoomable(svg) { return svg ? svg.querySelector("[data-frame][data-zoom]") : null; }
  function holder(svg) { return svg.parentNode; }
  function viewOf(svg) { return views.get(holder(svg)) || {k: 1, u: 0, v: 0}; }
  function windowOf(frame) {
    var n = frame.getAttribute("data-zoom").split(" ").map(Number);
    return {w: n[0], h: n[1]};
  }
  // A frame's placement as drawn, translate(x y) scale(s), remembered before it is first zoomed.
  function placed(frame) {
    if (!frame.hasAttribute("data-placed")) frame.setAttribute("data-placed", frame.getAttribute("transform") || "");
    var n = (frame.getAttribute("data-placed").match(/-?[\d.]+(?:e-?\d+)?/g) || []).map(Number);
    return {x: n[0] || 0, y: n[1] || 0, s: n.length > 2 ? n[2] : 1};
  }
  function clamp(view, win) {
    var k = Math.min(MOST, Math.max(1, view.k));
    return {k: k, u: Math.min(Math.max(view.u, 0), win.w - win.w / k),
            v: Math.min(Math.max(view.v, 0), win.h - win.h / k)};
  }
  function apply(svg) {
    var first = zoomable(svg);
    if (!first) return;
    var view = viewOf(svg);
    var id = first.getAttribute("data-frame");
    var frames = svg.querySelectorAll('[data-frame="' + id + '"]');
    for (var i = 0; i < frames.length; i++) {
      var at = placed(frames[i]);
      var s = at.s * view.k;
      frames[i].setAttribute("transform", "translate(" + (at.x - s * view.u).toFixed(2) + " " +
        (at.y - s * view.v).toFixed(2) + ") scale(" + s.toFixed(6) + ")");
    }
    svg.setAttribute("data-zoomed", view.k > 1.001 ? "true" : "false");
  }
  function setView(svg, view) {
    views.set(holder(svg), clamp(view, windowOf(zoomable(svg))));
    apply(svg);
  }
  // The drawing's own point (root units) under a point of the window.
  function rootPoint(svg, clientX, clientY) {
    var m = svg.getScreenCTM();
    var p = svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    return p.matrixTransform(m.inverse());
  }
  // The frame's point (its own units) under a point of the window, in the present view.
  function framePointAt(svg, clientX, clientY) {
    var at = placed(zoomable(svg)), view = viewOf(svg), r = rootPoint(svg, clientX, clientY);
    return {x: view.u + (r.x - at.x) / (at.s * view.k), y: view.v + (r.y - at.y) / (at.s * view.k)};
  }
  // Zoom to `k` times the whole window with the frame point `p` under the window point (clientX, clientY).
  function zoomKeeping(svg, k, p, clientX, clientY) {
    var at = placed(zoomable(svg)), r = rootPoint(svg, clientX, clientY);
    k = Math.min(MOST, Math.max(1, k));
    setView(svg, {k: k, u: p.x - (r.x - at.x) / (at.s * k), v: p.y - (r.y - at.y) / (at.s * k)});
  }
  // Zoom by `factor` keeping the frame point under (clientX, clientY) where it is.
  function zoomAt(svg, factor, clientX, clientY) {
    zoomKeeping(svg, viewOf(svg).k * factor, framePointAt(svg, clientX, clientY), clientX, clientY);
  }
  // The window's centre in window pixels.
  function centre(svg) {
    var frame = zoomable(svg);
    var at = placed(frame), win = windowOf(frame);
    var m = svg.getScreenCTM();
    return {x: m.e + m.a * (at.x + at.s * win.w / 2), y: m.f + m.d * (at.y + at.s * win.h / 2)};
  }
  function byButton(button) {
    var svg = button.ownerSVGElement;
    if (!zoomable(svg)) return;
    var how = button.getAttribute("data-zoom-by");
    if (how === "fit") { setView(svg, {k: 1, u: 0, v: 0}); return; }
    var c = centre(svg);
    zoomAt(svg, how === "in" ? 1.6 : 1 / 1.6, c.x, c.y);
  }
  // Pan by a move of (dx, dy) window pixels.
  function panBy(svg, start, dx, dy) {
    var at = placed(zoomable(svg));
    var m = svg.getScreenCTM();
    setView(svg, {k: start.k, u: start.u - dx / (m.a * at.s * start.k), v: start.v - dy / (m.d * at.s * start.k)});
  }
  function svgUnder(target) {
    var frame = target && target.closest ? target.closest("[data-frame]") : null;
    var svg = frame ? frame.ownerSVGElement : null;
    return svg && zoomable(svg) ? svg : null;
  }

  document.addEventListener("click", function (e) {
    if (dragged) {  // the end of a drag that panned is not a press on the table
      dragged = false;
      e.stopPropagation();
      e.preventDefault();
      return;
    }
    var button = e.target && e.target.closest ? e.target.closest("[data-zoom-by]") : null;
    if (button) { e.preventDefault(); byButton(button); }
  }, true);
  document.addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && e.target && e.target.getAttribute &&
        e.target.getAttribute("data-zoom-by")) {
      e.preventDefault();
      byButton(e.target);
    }
  });
  // The wheel zooms the table under the pointer; zoomed out in full, scrolling down scrolls the page.
  document.addEventListener("wheel", function (e) {
    var svg = svgUnder(e.target);
    if (!svg) return;
    var delta = e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1);
    if (delta > 0 && viewOf(svg).k <= 1) return;
    e.preventDefault();
    zoomAt(svg, Math.exp(-delta * 0.002), e.clientX, e.clientY);
  }, {passive: false});

  // Two fingers zoom (and pan by their midpoint); one finger pans a zoomed table.
  function spread(t) { return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY); }
  function mid(t) { return {x: (t[0].clientX + t[1].clientX) / 2, y: (t[0].clientY + t[1].clientY) / 2}; }
  document.addEventListener("touchstart", function (e) {
    dragged = false;
    var svg = svgUnder(e.target);
    if (!svg) { touch = null; return; }
    var view = viewOf(svg);
    if (e.touches.length === 2) {
      var m = mid(e.touches);
      touch = {svg: svg, two: true, d: spread(e.touches) || 1, k: view.k, p: framePointAt(svg, m.x, m.y)};
    } else if (e.touches.length === 1) {
      touch = {svg: svg, two: false, x: e.touches[0].clientX, y: e.touches[0].clientY, start: view, moving: false};
    }
  }, {passive: true});
  document.addEventListener("touchmove", function (e) {
    if (!touch) return;
    var svg = touch.svg;
    if (touch.two && e.touches.length === 2) {
      e.preventDefault();
      var m = mid(e.touches);  // the point first between the fingers stays between them
      zoomKeeping(svg, touch.k * spread(e.touches) / touch.d, touch.p, m.x, m.y);
      dragged = true;
    } else if (!touch.two && e.touches.length === 1 && touch.start.k > 1) {
      e.preventDefault();  // a zoomed table is panned, not the page scrolled
      var dx = e.touches[0].clientX - touch.x, dy = e.touches[0].clientY - touch.y;
      if (!touch.moving && Math.hypot(dx, dy) < 8) return;
      touch.moving = true;
      dragged = true;
      panBy(svg, touch.start, dx, dy);
    }
  }, {passive: false});
  document.addEventListener("touchend", function (e) {
    if (touch && e.touches.length === 0) touch = null;
  });

  // A mouse drag pans a zoomed table.
  document.addEventListener("pointerdown", function (e) {
    dragged = false;
    if (e.pointerType !== "mouse" || e.button !== 0) return;
    var svg = svgUnder(e.target);
    drag = svg && viewOf(svg).k > 1 ? {svg: svg, x: e.clientX, y: e.clientY, start: viewOf(svg), moving: false} : null;
  });
  document.addEventListener("pointermove", function (e) {
    if (!drag || !(e.buttons & 1)) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < 6) return;
    drag.moving = true;
    dragged = true;
    panBy(drag.svg, drag.start, dx, dy);
  });
  document.addEventListener("pointerup", function () { drag = null; });

  // The page replaces the board's parts on every move: new frames take the kept view at once
  // (before the next paint: observers run before it).
  new MutationObserver(function () {
    var fresh = document.querySelectorAll("[data-frame]:not([data-placed])");
    var done = [];
    for (var i = 0; i < fresh.length; i++) {
      var svg = fresh[i].ownerSVGElement;
      if (svg && done.indexOf(svg) < 0) { done.push(svg); apply(svg); }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});
})();

// Label in name: a board control's accessible name (its aria-label, e.g. "Play Pistol on
// Hans") must also contain the text the player sees on it, so that speech and voice
// control agree. Called by the page after each board update.
window.tabletownLabels = function (root) {
  var controls = root.querySelectorAll("[data-action][aria-label]");
  for (var i = 0; i < controls.length; i++) {
    var el = controls[i];
    var seen = (el.textContent || "").replace(/\s+/g, " ").trim();
    var label = el.getAttribute("aria-label") || "";
    if (seen && label.toLowerCase().indexOf(seen.toLowerCase()) < 0) {
      el.setAttribute("aria-label", label + ". " + seen);
    }
  }
};

// A pointer press on a board frame (an element with data-frame, whose user units are the
// game's units) in the frame's own coordinates, whatever the zoom: through its screen matrix.
window.tabletownFramePoint = function (el, clientX, clientY) {
  var svg = el.ownerSVGElement || el;
  var matrix = el.getScreenCTM();
  if (!matrix || !svg.createSVGPoint) return null;
  var p = svg.createSVGPoint();
  p.x = clientX;
  p.y = clientY;
  var q = p.matrixTransform(matrix.inverse());
  return [q.x, q.y];
};

// The pointer over the board for play on the table: `onMove(target, clientX, clientY, pointerType)`
// gets the latest position once per animation frame, however many events the pointer sends (the page
// redraws the ghost of a Move from it). The type of the last press is kept for the click it becomes
// (`tabletownPointerType`): a finger's tap places the ghost, a mouse's click moves. A finger that
// went down on the ghost's grip (`data-ghost`) drags it (`tabletownDrag`) until it lifts.
window.tabletownPointer = function (onMove) {
  var latest = null;
  var asked = false;
  window.tabletownPointerType = "mouse";
  window.tabletownDrag = false;
  document.addEventListener("pointerdown", function (e) {
    window.tabletownPointerType = e.pointerType || "mouse";
    window.tabletownDrag = !!(e.target && e.target.closest && e.target.closest("[data-ghost]"));
  }, true);
  function lift() { window.tabletownDrag = false; }
  document.addEventListener("pointerup", lift, true);
  document.addEventListener("pointercancel", lift, true);
  document.addEventListener("pointermove", function (e) {
    latest = e;
    if (asked) return;
    asked = true;
    requestAnimationFrame(function () {
      asked = false;
      var last = latest;
      latest = null;
      if (last) onMove(last.target, last.clientX, last.clientY, last.pointerType || "mouse");
    });
  }, { passive: true });
};
