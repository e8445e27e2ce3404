// Puzzle Lab's service worker: keeps one release of the app (every file of its build) in the Cache Storage, so that
// after the first visit the page loads and solves with the network off (the pattern databases live in IndexedDB).
//
// scripts/build.sh stamps RELEASE (a hash of the build's files) and FILES (each file with its SRI hash) into the copy
// in dist/ (scripts/stamp-release.mjs). One release, one cache, named by its scope and release:
// - install fetches every file past the HTTP cache, checked against its hash, into a fresh cache: all or nothing (a
//   file missing or changed on the server fails the install and the release in use stays);
// - the new release then waits: the page offers a reload (the person decides when), and otherwise it takes over
//   once every tab of the app is closed; a "skip-waiting" message from the page activates it at once;
// - activate deletes every other release's cache and takes control of the open tabs (which reload themselves);
// - fetch answers every GET in scope from this release's cache (the query ignored: `?v=` is for the HTTP cache, and
//   a page asks for `?puzzle=...`), else from the network. The page and its files thus always come from one build.
// Unstamped (a `trunk serve` or a bare `trunk build`), it caches nothing: it deletes the caches of an earlier release
// served at the same address, unregisters itself and reloads the tabs it freed, so a dev server is never left
// behind a stale release.
'use strict';

const RELEASE = 'unstamped';
const FILES = [];
const STAMPED = FILES.length > 0;
const scope = new URL(self.registration.scope);
// Caches belong to the origin, not to a scope: the name says whose they are, so that copies of the app under two
// sub-paths of one host never delete each other's.
const PREFIX = `puzzle-lab:${scope.pathname}:`;
const CACHE = PREFIX + RELEASE;

self.addEventListener('install', (event) => {
  event.waitUntil(STAMPED ? precache() : self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(STAMPED ? takeOver() : removeSelf());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!STAMPED || request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) {
    return;
  }
  event.respondWith(answer(request, url));
});

/**
 * Every file of the release, fetched past the HTTP cache and checked against its hash, or none at all (`addAll` adds
 * nothing unless every file arrived; a cache this install created is deleted then).
 */
async function precache() {
  const existed = await caches.has(CACHE);
  const cache = await caches.open(CACHE);
  try {
    await cache.addAll(FILES.map(([path, integrity]) => new Request(new URL(path, scope), { cache: 'reload', integrity })));
  } catch (error) {
    if (!existed) await caches.delete(CACHE);
    throw error;
  }
}

/** This release's cache is the only one left, and it serves every open tab of the app. */
async function takeOver() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
  await self.clients.claim();
}

/** The page (any query) is the release's index.html; any other file is looked up by its path. */
async function answer(request, url) {
  const cache = await caches.open(CACHE);
  const page = request.mode === 'navigate'
    && (url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`);
  const hit = await cache.match(page ? new URL('index.html', scope).href : request, { ignoreSearch: true });
  return hit ?? fetch(request);
}

/** Unstamped: no caches of ours stay, no registration stays, and the tabs an old release held load afresh. */
async function removeSelf() {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  await Promise.all(names.map((name) => caches.delete(name)));
  await self.registration.unregister();
  if (names.length === 0) return;
  const tabs = await self.clients.matchAll({ type: 'window' });
  await Promise.all(tabs.map((tab) => tab.navigate(tab.url).catch(() => undefined)));
}
