// Tabletown's service worker. Generated from static/sw.template.js by tools/build.py:
// the cache name carries a hash of every precached file, so each build replaces the
// previous cache. Everything the page needs is precached on install (the Pyodide
// wasm too), and then served cache-first, so the page loads and plays offline.
const CACHE = "tabletown-__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tabletown-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        if (request.mode === "navigate") {
          return cache.match("./").then((page) => page || fetch(request));
        }
        return fetch(request);
      })
    )
  );
});
