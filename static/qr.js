// QR codes for the live table's invitation and reply links: drawn (tabletownQr) and read
// with the device's camera (tabletownScanQr, tabletownStopScan). Plain JavaScript, no
// strings run as code (see the page's CSP).
//
// The encoder is Kazuhiko Arase's qrcode-generator 2.0.4 (MIT, npm `qrcode-generator`): one
// classic script of 57 kB with no dependencies, maintained since 2009, with byte mode and
// every error correction level. The build puts it in front of this file, so one deferred
// script draws codes, offline too. unjs's `uqr` (MIT) was the other candidate: smaller, but
// still 0.x and published only as an ES module, which this page would have to load apart.
//
// The decoder, where the browser has no BarcodeDetector that reads QR codes, is cozmo's
// jsQR 1.4.0 (Apache-2.0, npm `jsqr`, 257 kB, 57 kB gzipped): it reads plain image data on
// the main thread (no worker, no WebAssembly), and it is fetched only when a player first
// scans a code (its hashed address is this script's data-decoder; the service worker keeps it).
(function () {
  "use strict";
  var here = document.currentScript;
  var decoderUrl = here && here.getAttribute("data-decoder");
  var QUIET = 4; // modules of white around the code, as the standard asks
  var LOOK_EVERY = 125; // ms between two looks at the camera: about eight a second

  // Links are UTF-8 in a QR code's byte mode (the encoder's default keeps only each
  // character's low byte).
  if (typeof qrcode === "function" && qrcode.stringToBytesFuncs && qrcode.stringToBytesFuncs["UTF-8"]) {
    qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
  }

  // The dark modules as one path: one rectangle per run of dark modules in a row.
  function darkPath(qr, n) {
    var parts = [];
    for (var r = 0; r < n; r++) {
      var c = 0;
      while (c < n) {
        if (!qr.isDark(r, c)) { c++; continue; }
        var start = c;
        while (c < n && qr.isDark(r, c)) c++;
        parts.push("M" + (start + QUIET) + " " + (r + QUIET) + "h" + (c - start) + "v1h-" + (c - start) + "z");
      }
    }
    return parts.join("");
  }

  // An SVG of `text` as a QR code (byte mode, error correction M, or L where M is too
  // small): black modules as one path on white, a quiet zone of four modules, no size of
  // its own (the page's CSS sizes it). "" when the text does not fit in a QR code.
  window.tabletownQr = function (text) {
    if (typeof qrcode !== "function") return "";
    var levels = ["M", "L"];
    for (var i = 0; i < levels.length; i++) {
      var qr;
      try {
        qr = qrcode(0, levels[i]);
        qr.addData(String(text), "Byte");
        qr.make();
      } catch (e) {
        continue; // too long for this level: try the next one
      }
      var n = qr.getModuleCount(), size = n + 2 * QUIET;
      return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + size + " " + size +
        '" role="img" aria-label="QR code" shape-rendering="crispEdges">' +
        '<rect width="' + size + '" height="' + size + '" fill="#fff"/>' +
        '<path fill="#000" d="' + darkPath(qr, n) + '"/></svg>';
    }
    return "";
  };

  var scanning = null; // the scan under way: {stream, video, timer, reject}

  function stop(reason) {
    var s = scanning;
    scanning = null;
    if (!s) return;
    if (s.timer) clearTimeout(s.timer);
    if (s.stream) s.stream.getTracks().forEach(function (t) { t.stop(); });
    if (s.video && s.stream && s.video.srcObject === s.stream) s.video.srcObject = null;
    if (reason) s.reject(new Error(reason));
  }

  function loadDecoder() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    if (!decoderUrl) return Promise.reject(new Error("This page has no QR reader here: paste the reply link instead."));
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = decoderUrl;
      script.onload = function () {
        if (typeof window.jsQR === "function") resolve(window.jsQR);
        else reject(new Error("The QR reader could not be loaded: paste the reply link instead."));
      };
      script.onerror = function () {
        script.remove();
        reject(new Error("The QR reader could not be loaded: paste the reply link instead."));
      };
      document.head.appendChild(script);
    });
  }

  // A function video -> Promise of the text of a QR code in its current frame, or null.
  function jsqrReader() {
    return loadDecoder().then(function (jsQR) {
      var canvas = document.createElement("canvas");
      var ctx = canvas.getContext("2d", {willReadFrequently: true});
      return function (video) {
        var w = video.videoWidth, h = video.videoHeight;
        if (!w || !h) return Promise.resolve(null);
        if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
        ctx.drawImage(video, 0, 0, w, h);
        var found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, {inversionAttempts: "dontInvert"});
        return Promise.resolve(found ? found.data : null);
      };
    });
  }

  // The browser's own reader where it reads QR codes; jsQR otherwise, and also once the
  // browser's reader fails (some platforms expose it without a working service behind it).
  function reader() {
    var Detector = window.BarcodeDetector;
    var supported = Detector && typeof Detector.getSupportedFormats === "function" ?
      Detector.getSupportedFormats().catch(function () { return []; }) : Promise.resolve([]);
    return supported.then(function (formats) {
      if (formats.indexOf("qr_code") < 0) return jsqrReader();
      var detector;
      try {
        detector = new Detector({formats: ["qr_code"]});
      } catch (e) {
        return jsqrReader();
      }
      var fallback = null;
      return function (video) {
        if (fallback) return fallback.then(function (read) { return read(video); });
        return detector.detect(video).then(function (codes) {
          return codes.length ? String(codes[0].rawValue) : null;
        }, function () {
          fallback = jsqrReader();
          return null;
        });
      };
    });
  }

  function cameraTrouble(err) {
    var name = err && err.name;
    var why = name === "NotAllowedError" || name === "SecurityError" ? "permission was refused" :
      name === "NotFoundError" || name === "OverconstrainedError" ? "this device has no camera" :
      name === "NotReadableError" || name === "AbortError" ? "another app may be using it" :
      (err && err.message) || "the browser gave no reason";
    return "The camera could not be opened: " + why + ". Paste the reply link instead.";
  }

  // The text of the first QR code the back camera sees, shown live in `video`. Rejects with
  // Error("stopped") when tabletownStopScan() (or another scan) ends it, and with a message
  // for the player when there is no camera, or no permission to use it.
  window.tabletownScanQr = function (video) {
    stop("stopped");
    return new Promise(function (resolve, reject) {
      var mine = {stream: null, video: video, timer: null, reject: reject};
      scanning = mine;
      var media = navigator.mediaDevices;
      if (!media || typeof media.getUserMedia !== "function") {
        stop("This browser gives the page no camera here (it needs a secure, https address): paste the reply link instead.");
        return;
      }
      media.getUserMedia({video: {facingMode: "environment"}, audio: false}).then(function (stream) {
        if (scanning !== mine) { stream.getTracks().forEach(function (t) { t.stop(); }); return; }
        mine.stream = stream;
        stream.getVideoTracks().forEach(function (t) {
          t.addEventListener("ended", function () {
            if (scanning === mine) stop("The camera went away: paste the reply link instead.");
          });
        });
        video.setAttribute("playsinline", "");
        video.muted = true;
        video.srcObject = stream;
        var played = Promise.resolve(video.play()).catch(function () { return null; });
        return Promise.all([reader(), played]).then(function (both) {
          var read = both[0];
          function look() {
            if (scanning !== mine) return;
            read(video).then(function (text) {
              if (scanning !== mine) return;
              if (text) { stop(null); resolve(String(text)); return; }
              mine.timer = setTimeout(look, LOOK_EVERY);
            }, function () {
              if (scanning === mine) mine.timer = setTimeout(look, LOOK_EVERY);
            });
          }
          look();
        }, function (err) {
          if (scanning === mine) stop((err && err.message) || "The QR reader could not be loaded: paste the reply link instead.");
        });
      }, function (err) {
        if (scanning === mine) stop(cameraTrouble(err));
      });
    });
  };

  window.tabletownStopScan = function () { stop("stopped"); };
})();
