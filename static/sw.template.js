// Tabletown's service worker, written by tools/build.py from static/sw.template.js.
//
// - Install keeps every file the page can use under a cache named by the build's version.
//   Files whose names carry a hash are taken from the browser's HTTP cache when the page
//   already fetched them (so a first visit downloads each file once); the page itself is
//   revalidated. A file an older version already keeps is copied, not downloaded again.
// - No skipWaiting or clients.claim on their own: a page keeps the files of the version it
//   started with; a new version takes over on the next load, or when a page asks for it
//   (its "Reload to use it" button), and reloads at once.
// - Responses come from the caches first (every name carries its hash, so an older page
//   still finds its own files), then from the network.
const VERSION = "__VERSION__";
const CACHE = "tabletown-" + VERSION;
const KEEP = 2; // this version and the one before it, for pages still open on it
const FILES = __FILES__;

async function keep(cache, file) {
  const hashed = file.startsWith("assets/");
  if (hashed) {
    const old = await caches.match(file);
    if (old) return cache.put(file, old);
  }
  const response = await fetch(new Request(file, { cache: hashed ? "force-cache" : "no-cache" }));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return cache.put(file, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(FILES.map((file) => keep(cache, file)))));
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Remember the order versions arrived in, and drop all but the newest few.
    const book = await caches.open("tabletown-versions");
    const seen = await book.match("order").then((r) => (r ? r.json() : []));
    const order = seen.filter((v) => v !== VERSION).concat([VERSION]);
    await book.put("order", new Response(JSON.stringify(order.slice(-KEEP))));
    const keepNames = new Set(order.slice(-KEEP).map((v) => "tabletown-" + v).concat(["tabletown-versions"]));
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("tabletown-") && !keepNames.has(n)).map((n) => caches.delete(n)));
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    if (request.mode === "navigate") {
      const cache = await caches.open(CACHE);
      const page = await cache.match("./");
      return page || fetch(request);
    }
    const hit = (await caches.open(CACHE).then((c) => c.match(request, { ignoreSearch: true }))) ||
      (await caches.match(request, { ignoreSearch: true }));
    return hit || fetch(request);
  })());
});
