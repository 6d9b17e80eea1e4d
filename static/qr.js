// QR codes for the live table's invitation and reply links: drawn (tabletownQr) and read
// with the device's camera (tabletownScanQr). Plain JavaScript, no strings run as code.
//
// The encoder is Kazuhiko Arase's qrcode-generator (MIT, npm `qrcode-generator`, one file of
// 57 kB with no dependencies, maintained since 2009, byte mode and every error correction
// level); the build puts it in front of this file. The decoder, where the browser has no
// BarcodeDetector, is cozmo's jsQR (Apache-2.0, npm `jsqr`, 257 kB): it is fetched only when
// a player first presses "Scan their reply" (its address is this script's data-decoder).
(function () {
  "use strict";
  var here = document.currentScript;
  var decoderUrl = here && here.getAttribute("data-decoder");

  // An SVG of `text` as a QR code: black modules as one path on white, a quiet zone of four
  // modules, sized by the page's CSS; "" when the text does not fit in a QR code.
  window.tabletownQr = function (text) {
    if (typeof qrcode !== "function") return "";
    var levels = ["M", "L"];
    for (var i = 0; i < levels.length; i++) {
      try {
        var qr = qrcode(0, levels[i]);
        qr.addData(String(text), "Byte");
        qr.make();
        var n = qr.getModuleCount(), quiet = 4, size = n + 2 * quiet, path = [];
        for (var r = 0; r < n; r++) {
          for (var c = 0; c < n; c++) {
            if (qr.isDark(r, c)) path.push("M" + (c + quiet) + " " + (r + quiet) + "h1v1h-1z");
          }
        }
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + size + " " + size +
          '" role="img" aria-label="QR code" shape-rendering="crispEdges">' +
          '<rect width="' + size + '" height="' + size + '" fill="#fff"/>' +
          '<path fill="#000" d="' + path.join("") + '"/></svg>';
      } catch (e) {
        // too long for this level: try the next one
      }
    }
    return "";
  };

  var scanning = null; // {stream, timer, reject}

  function stop(reason) {
    var s = scanning;
    scanning = null;
    if (!s) return;
    if (s.timer) clearTimeout(s.timer);
    if (s.stream) s.stream.getTracks().forEach(function (t) { t.stop(); });
    if (reason) s.reject(new Error(reason));
  }

  function loadDecoder() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    if (!decoderUrl) return Promise.reject(new Error("This page cannot read QR codes here: paste the reply link instead."));
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = decoderUrl;
      script.onload = function () { resolve(window.jsQR); };
      script.onerror = function () { reject(new Error("The QR reader could not be loaded: paste the reply link instead.")); };
      document.head.appendChild(script);
    });
  }

  function reader() {
    if ("BarcodeDetector" in window) {
      try {
        var detector = new BarcodeDetector({formats: ["qr_code"]});
        return Promise.resolve(function (video) {
          return detector.detect(video).then(function (codes) { return codes.length ? codes[0].rawValue : null; });
        });
      } catch (e) {
        // no QR support in this detector: fall back to jsQR
      }
    }
    return loadDecoder().then(function (jsQR) {
      var canvas = document.createElement("canvas");
      var ctx = canvas.getContext("2d", {willReadFrequently: true});
      return function (video) {
        var w = video.videoWidth, h = video.videoHeight;
        if (!w || !h) return Promise.resolve(null);
        canvas.width = w; canvas.height = h;
        ctx.drawImage(video, 0, 0, w, h);
        var found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, {inversionAttempts: "dontInvert"});
        return Promise.resolve(found ? found.data : null);
      };
    });
  }

  // The text of the first QR code the back camera sees, shown live in `video`.
  window.tabletownScanQr = function (video) {
    stop("stopped");
    return new Promise(function (resolve, reject) {
      var mine = {stream: null, timer: null, reject: reject};
      scanning = mine;
      if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
        stop("This browser gives the page no camera here: paste the reply link instead.");
        return;
      }
      navigator.mediaDevices.getUserMedia({video: {facingMode: "environment"}, audio: false}).then(function (stream) {
        if (scanning !== mine) { stream.getTracks().forEach(function (t) { t.stop(); }); return; }
        mine.stream = stream;
        video.srcObject = stream;
        video.setAttribute("playsinline", "");
        video.muted = true;
        return video.play().then(reader).then(function (read) {
          function tick() {
            if (scanning !== mine) return;
            read(video).then(function (text) {
              if (scanning !== mine) return;
              if (text) { stop(null); resolve(String(text)); return; }
              mine.timer = setTimeout(tick, 125); // about eight looks a second
            }, function () { if (scanning === mine) mine.timer = setTimeout(tick, 125); });
          }
          tick();
        });
      }).catch(function (err) {
        var why = err && err.name === "NotAllowedError" ? "permission refused" :
          err && err.name === "NotFoundError" ? "this device has none" : (err && err.message) || "unknown reason";
        if (scanning === mine) stop("The camera could not be opened (" + why + "): paste the reply link instead.");
      });
    });
  };

  window.tabletownStopScan = function () { stop("stopped"); };
})();
