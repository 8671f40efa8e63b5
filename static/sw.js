// The service worker: it keeps the whole app (runtime included) in a cache named after
// the app's version, so the app starts and plays offline, and a page is always served
// by one version.  A new version installs in the background and waits; the page offers
// a reload, and only then does the new version take over (and drop the old cache).
// JavaScript, because a service worker cannot run Python.  build.py fills in VERSION
// and FILES and writes this file to the site's root as sw.js.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `patience-${VERSION}`;

// "no-cache": each file is asked of the server, which answers "not modified" for what the
// page has just fetched into the browser's HTTP cache (on a first visit, nearly all of
// the 12 MB), instead of sending it all a second time; a changed file comes anew.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("patience-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(event.request, { ignoreSearch: true })) || fetch(event.request))
  );
});
