// Offline (static/sw.js, src/page/hooks/release.rs): after one visit the service worker controls the page; with the
// network off the page and its solver worker load from the release's cache (every response comes from the service
// worker) and solve an 8-puzzle, and a 15-puzzle on the pattern databases the first visit built and stored in
// IndexedDB; the same build served under a sub-path (service worker scoped to /puzzle-lab/); the service worker
// runs in a process of its own (a closed tab's renderer does not stay to host it); and Chromium finds the sub-path
// build installable (its manifest, start_url, scope and icons). Releases replacing each other:
// offline-release.test.mjs.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SUB_PATH, messageText, solutionLength, tid, useApp, waitStatus } from './helpers.mjs';
import {
  EIGHT, launchProfile, offlineState, openAt, openOffline, recordResponses, solveEight, startAt, waitControlled,
} from './offline-helpers.mjs';
import { browserMemory, korfInstances, korfQuery, solveTimed, storedKeys } from './pdb-helpers.mjs';

const { test } = useApp();
/** What a page that solves is made of: each must have loaded offline. */
const LOADED = {
  'the page': /^[^?]*\/(\?|$)/, "the app's script": /\/app-[0-9a-f]+\.js/, "the app's wasm": /\/app-[0-9a-f]+_bg\.wasm/,
  'the style sheet': /\/style-[0-9a-f]+\.css/, "the worker's boot script": /\/worker-boot\.js/,
  "the solver's script": /\/worker\.js/, "the solver's wasm": /\/worker_bg\.wasm/,
};

test('after one visit the app loads and solves offline: an 8-puzzle, and a 15-puzzle on cached tables', async (s) => {
  const { page } = s;
  const korf = korfInstances()[0];
  // The first visit: the service worker installs; the 15-puzzle's tables are built and stored.
  await s.open(korfQuery(korf));
  await waitControlled(page);
  const online = await offlineState(page);
  assert.match(online.release ?? '', /^[0-9a-f]{16}$/, 'the build is not stamped with a release id');
  assert.deepEqual(online.caches, [`puzzle-lab:/:${online.release}`]);
  assert.equal(online.scope, s.appUrl);
  const buildMs = await solveTimed(page, 60_000);
  assert.equal(await solutionLength(page), korf.length);
  const deadline = Date.now() + 20_000;
  while (!(await storedKeys(page)).some((k) => k.startsWith('4x4-')) && Date.now() < deadline) {
    await page.waitForTimeout(200);
  }
  assert.ok((await storedKeys(page)).some((k) => k.startsWith('4x4-')), 'the tables were not stored in IndexedDB');

  // Offline: another puzzle's address (the page is the cached index.html whatever the query), then the 15-puzzle.
  const responses = recordResponses(page);
  await openOffline(s, s.url(EIGHT));
  assert.equal((await offlineState(page)).release, online.release);
  await solveEight(page);
  await openOffline(s, s.url(korfQuery(korf)));
  const cachedMs = await solveTimed(page, 30_000);
  assert.equal(await solutionLength(page), korf.length, `Korf #${korf.id} offline: not the optimum`);
  assert.match(await messageText(page), /read from this browser's cache/, 'the tables were not read from IndexedDB');
  assert.deepEqual(responses.filter((r) => !r.fromCache).map((r) => r.url), [],
    'offline, these answers did not come from the service worker');
  for (const [what, pattern] of Object.entries(LOADED)) {
    assert.ok(responses.some((r) => pattern.test(r.url)), `offline, ${what} was not loaded: ${
      responses.map((r) => r.url).join(', ')}`);
  }
  s.note(`Korf #${korf.id}: first visit (tables built) ${buildMs.toFixed(0)} ms, offline (tables from IndexedDB)`
    + ` ${cachedMs.toFixed(0)} ms, Solve click to solved; offline: ${responses.length} responses, all from the cache`);
}, { timeout: 120_000 });

test('under a sub-path (/puzzle-lab/) the service worker keeps that scope and the app solves offline', async (s) => {
  const { page } = s;
  const { server, appUrl } = await startAt(process.env.E2E_DIST ?? 'dist', SUB_PATH);
  try {
    await openAt(s, `${appUrl}?${EIGHT}`);
    await waitControlled(page);
    const online = await offlineState(page);
    assert.equal(online.scope, appUrl, 'the service worker is not scoped to the sub-path');
    assert.deepEqual(online.caches, [`puzzle-lab:${SUB_PATH}:${online.release}`]);
    assert.equal(online.controller, `${appUrl}sw.js`);
    const responses = recordResponses(page);
    await openOffline(s, `${appUrl}?${EIGHT}`);
    await solveEight(page);
    assert.deepEqual(responses.filter((r) => !r.fromCache).map((r) => r.url), []);
    assert.ok(responses.some((r) => r.url.includes('worker_bg.wasm')), 'the solver did not load offline');
    assert.ok(responses.every((r) => r.url.startsWith(appUrl)), 'a file was asked for outside the sub-path');
  } finally {
    server.close();
  }
});

test("a closed tab's renderer does not stay to host the service worker (it runs in a process of its own)", async (s) => {
  // The fixture's page stays blank; the app opens in a second tab, as a person opening a link would.
  const tab = await s.context.newPage();
  await tab.goto(s.url(EIGHT), { waitUntil: 'load' });
  await waitControlled(tab);
  const open = browserMemory().renderers.length;
  await tab.close();
  let left = open;
  for (const until = Date.now() + 10_000; left >= open && Date.now() < until;) {
    await s.page.waitForTimeout(100);
    left = browserMemory().renderers.length;
  }
  assert.ok(left < open, `${open} renderer processes with the app open, still ${left} 10 s after its tab closed: the`
    + " service worker keeps the closed tab's process (is sw.js served with Cross-Origin-Embedder-Policy?)");
  assert.equal(s.context.serviceWorkers().length, 1, 'the service worker stopped with the tab');
});

it('installable: Chromium reads the manifest without errors and finds nothing against installing (sub-path build)',
  { timeout: 60_000 }, async () => {
    const { server, appUrl } = await startAt(process.env.E2E_DIST ?? 'dist', SUB_PATH);
    const context = await launchProfile();
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(appUrl, { waitUntil: 'load' });
      await waitControlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      assert.equal(manifest.url, `${appUrl}manifest.webmanifest`);
      assert.deepEqual(manifest.errors, [], 'the manifest has errors');
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, [], 'Chromium would not offer to install the app');
      const data = JSON.parse(manifest.data);
      assert.equal(new URL(data.start_url, manifest.url).href, appUrl, 'start_url is not the sub-path');
      assert.equal(new URL(data.scope, manifest.url).href, appUrl, 'scope is not the sub-path');
      const icons = await page.evaluate(async (list) => Promise.all(list.map(async ({ src, sizes, type }) => {
        const blob = await (await fetch(src)).blob();
        const bitmap = type === 'image/png' ? await createImageBitmap(blob) : null;
        return { src, sizes, type: blob.type, drawn: bitmap ? `${bitmap.width}x${bitmap.height}` : 'any' };
      })), data.icons.map((icon) => ({ ...icon, src: new URL(icon.src, manifest.url).href })));
      for (const icon of icons) {
        assert.equal(icon.drawn, icon.sizes, `${icon.src} is not the size the manifest says`);
      }
      assert.ok(icons.some((i) => i.sizes === '192x192') && icons.some((i) => i.sizes === '512x512'));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      server.close();
    }
  });
