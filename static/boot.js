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
  var ROUTE = /^#(setup\/|game\/|new\/|play=|replay=|rules\/|campaign=)/;

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
  document.addEventListener("DOMContentLoaded", function () {
    show(null, 5);
    var slot = byId("save-rows");
    if (!slot) return;
    var saves = window.tabletownSaves();
    slot.innerHTML = saveRows(saves);
    slot.setAttribute("data-key", savesKey(saves));
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
