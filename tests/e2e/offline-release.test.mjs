// Releases replacing each other under the service worker (static/sw.js, src/page/hooks/release.rs,
// scripts/stamp-release.mjs). The site's folder is swapped in one step, as a deploy does, between copies of the build
// restamped as new releases: a new release downloads in the background and is offered; until Reload the page and
// all its files stay the old release's, and on Reload the new one replaces it whole (its cache the only one left,
// every open tab reloaded into it);
// a release whose files do not match its list is never installed; and a dev server's unstamped sw.js removes an
// earlier release's worker instead of leaving the dev page behind it.
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT, tid, useApp } from './helpers.mjs';
import { describe, scan } from './a11y-views.mjs';
import {
  EIGHT, offlineState, openAt, release, servedAs, solveEight, startAt, waitControlled,
} from './offline-helpers.mjs';

const { test } = useApp();

/** The worker's boot script as the page gets it (through the service worker when one controls the page). */
async function bootScript(page) {
  return page.evaluate(async () => (await fetch(new URL('worker-boot.js', document.baseURI))).text());
}

/** Serves release `first` from a swappable folder, opens it and waits for its service worker; runs `fn`. */
async function withSite(s, first, fn) {
  const site = servedAs(first.dir);
  const { server, appUrl } = await startAt(site.link, '/');
  try {
    await openAt(s, `${appUrl}?${EIGHT}`);
    await waitControlled(s.page);
    await fn(site, appUrl);
  } finally {
    server.close();
  }
}

test('a new release downloads in the background, is offered, and on Reload replaces the old one whole', async (s) => {
  const { page } = s;
  const a = release('a');
  // Release B differs from A in one file, as a rebuild after a change does.
  const b = release('b', (dir) => appendFileSync(join(dir, 'worker-boot.js'), '// release b\n'));
  await withSite(s, a, async (site, appUrl) => {
    const only = (r) => ({ release: r.id, caches: [`puzzle-lab:/:${r.id}`], controller: `${appUrl}sw.js`, scope: appUrl });
    assert.deepEqual(await offlineState(page), only(a));
    assert.equal(await page.locator(tid('update-ready')).count(), 0, 'an update offered with none on the server');

    site.swap(b.dir);
    await page.reload({ waitUntil: 'load' });
    await s.waitInteractive();
    // Still A, whole: the page and its files come from A's cache while B waits.
    await page.locator(tid('update-ready')).waitFor({ timeout: 30_000 });
    assert.equal((await offlineState(page)).release, a.id);
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 700 });
      await page.screenshot({ path: join(ARTIFACTS, `offline-release--update-offered--${width}.png`) });
      const violations = await scan(page);
      assert.deepEqual(violations, [], `the update line at ${width} px:\n${describe([{ where: `${width} px`, violations }])}`);
    }
    assert.doesNotMatch(await bootScript(page), /release b/, 'A\'s page got B\'s worker script');
    await solveEight(page);

    // Another tab of A: when B takes over (on this tab's Reload), it reloads into B too.
    const other = await s.context.newPage();
    await other.goto(`${appUrl}?${EIGHT}`, { waitUntil: 'load' });
    await other.waitForFunction((id) => document.documentElement.dataset.release === id, a.id);

    await page.locator(tid('update-reload')).click();
    for (const tab of [page, other]) {
      await tab.waitForFunction((id) => document.documentElement.dataset.release === id, b.id, { timeout: 20_000 });
    }
    await other.close();
    await s.waitInteractive();
    await waitControlled(page);
    assert.deepEqual(await offlineState(page), only(b));
    assert.match(await bootScript(page), /release b/, 'B\'s page did not get B\'s worker script');
    assert.equal(await page.locator(tid('update-ready')).count(), 0, 'the update is still offered after it took over');
    await solveEight(page);
  });
});

test('a release whose files do not match its list is not installed; the one in use stays', async (s) => {
  const { page } = s;
  const a = release('a2');
  // A list naming a hash the server's file does not have (a deploy caught half-way).
  const broken = release('broken', (dir) => appendFileSync(join(dir, 'worker-boot.js'), '// release c\n'));
  appendFileSync(join(broken.dir, 'worker-boot.js'), '// changed after the release was stamped\n');
  await withSite(s, a, async (site) => {
    site.swap(broken.dir);
    // The install's outcome: `installed` (then waiting) or `redundant` (thrown away).
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const worker = registration.installing ?? registration.waiting;
      if (!worker) return 'nothing installed';
      const settled = () => ['installed', 'redundant'].includes(worker.state);
      if (!settled()) await new Promise((done) => worker.addEventListener('statechange', () => settled() && done()));
      return worker.state;
    });
    assert.equal(outcome, 'redundant', 'the mismatched release was installed');
    assert.deepEqual((await offlineState(page)).caches, [`puzzle-lab:/:${a.id}`], 'a partial cache stayed behind');
    assert.equal(await page.locator(tid('update-ready')).count(), 0, 'a release that failed to install was offered');
  });
});

test('a dev server\'s unstamped sw.js removes an earlier release\'s worker; the dev page then loads from the network',
  async (s) => {
    const { page } = s;
    const a = release('a3');
    // What `trunk serve` serves: the page without a release mark, and sw.js as committed.
    const dev = release('dev', (dir) => {
      cpSync(join(ROOT, 'static/sw.js'), join(dir, 'sw.js'));
      const index = join(dir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace(/ data-release="[^"]*"/, ''));
    }, { stamp: false });
    await withSite(s, a, async (site) => {
      site.swap(dev.dir);
      await page.reload({ waitUntil: 'load' });
      // The stale release's page may show once; the unstamped worker then clears up and reloads the tab.
      await page.waitForFunction(() => !document.documentElement.dataset.release, null, { timeout: 30_000 });
      await s.waitInteractive();
      await page.waitForFunction(async () => !(await navigator.serviceWorker.getRegistration()), null,
        { timeout: 15_000 });
      assert.deepEqual(await offlineState(page), { release: null, caches: [], controller: null, scope: null });
      await solveEight(page);
    });
  });
