// Before Python runs: show loading progress, register the offline cache, and
// explain a failed start instead of leaving a blank page.
(function () {
  "use strict";
  var steps = {
    "Loading Pyodide": 10, "Loading Storage": 20, "Loaded Storage": 25,
    "Loading interpreter": 30, "Loaded interpreter": 75, "Loaded Pyodide": 90
  };
  function show(text, percent) {
    var label = document.getElementById("loading-text");
    var fill = document.getElementById("loading-fill");
    if (label && text) label.textContent = text;
    if (fill && percent) fill.style.width = percent + "%";
  }
  addEventListener("py:progress", function (event) {
    var detail = String(event.detail || "");
    var nice = detail.indexOf("interpreter") >= 0 ? "Starting Python…" :
      detail.indexOf("Loaded Pyodide") >= 0 ? "Opening the games…" : "Loading the game runtime…";
    show(nice, steps[detail]);
  });
  document.addEventListener("DOMContentLoaded", function () { show(null, 5); });
  function failed(reason) {
    if (document.documentElement.classList.contains("ready")) return;
    show("Tabletown could not start: " + reason + " Reload the page to try again.", 100);
    var label = document.getElementById("loading-text");
    if (label) label.setAttribute("role", "alert");
  }
  addEventListener("error", function (e) {
    if (e && e.message && !document.documentElement.classList.contains("ready")) failed(e.message + ".");
  });
  setTimeout(function () { failed("the runtime took too long to load."); }, 120000);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    addEventListener("tabletown:ready", function () {
      navigator.serviceWorker.register("sw.js").catch(function () { /* offline play is a bonus */ });
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
