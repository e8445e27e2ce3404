// The deploy check: `node scripts/link-check.mjs [DIR]` (default dist/, a release build from scripts/build.sh) serves
// the build under /puzzle-lab/, as a static host serving it at a course's sub-path does, and checks that
// - every page answers 200 and renders in Chromium: the lab and each lesson, in English and in Chinese;
// - every link and asset they reference, found by linkinator in the HTML (and followed within the site) and in the
//   pages as drawn, every file the service worker keeps offline (its list, stamped by scripts/stamp-release.mjs), and
//   every request the pages make, answers 200 from within /puzzle-lab/ (links to other sites are not followed: the
//   check runs offline);
// - the service worker installs (it fetches every file of its list, checked against its hash) and is activated.
// It prints each failure, then `N passed, M failed`, and exits 1 on any failure. Used by scripts/test.sh and by the
// GitHub Pages workflow before it publishes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LinkChecker } from 'linkinator';
import { ROOT, SUB_PATH, launchBrowser, startServer } from '../tests/e2e/helpers.mjs';

const DIR = process.argv[2] ?? 'dist';
const LESSONS = ['hanoi', 'sliding', 'eight'];
const LANGS = ['en', 'zh'];
const PAGES = [
  '', ...LANGS.map((lang) => `?lang=${lang}`),
  ...LESSONS.flatMap((lesson) => LANGS.map((lang) => `?lesson=${lesson}&lang=${lang}`)),
];
const WAIT_MS = 20_000;

let passed = 0;
const failures = [];
const check = (ok, what) => (ok ? passed++ : failures.push(what));

/** The files the service worker precaches, read from the stamped sw.js. */
function offlineFiles() {
  const worker = readFileSync(resolve(ROOT, DIR, 'sw.js'), 'utf8');
  const list = JSON.parse(worker.match(/^const FILES = (.*);$/m)?.[1] ?? '[]');
  if (list.length === 0) throw new Error(`${DIR}/sw.js is not stamped: build with \`bash scripts/build.sh\``);
  return list.map(([path]) => path);
}

/**
 * Opens one page in a fresh context, the service worker kept out (every request goes to the server, and no takeover
 * reloads the page); returns the same-origin URLs it references and requested.
 */
async function renderPage(browser, appUrl, query) {
  const url = appUrl + query;
  const origin = new URL(appUrl).origin;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const found = new Set();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (!response.url().startsWith(origin)) return;
    found.add(response.url());
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  try {
    const response = await page.goto(url);
    if (response?.status() !== 200) errors.push(`${response?.status()} ${url}`);
    const view = query.includes('lesson=') ? '[data-testid="lesson"]' : '[data-testid="board"], [data-testid="pegs"]';
    await page.locator(view).first().waitFor({ timeout: WAIT_MS });
    const refs = await page.evaluate((selector) => [...document.querySelectorAll(selector)]
      .map((el) => el.href || el.src), 'a[href], link[href], script[src], img[src], iframe[src], source[src]');
    for (const ref of refs) if (ref.startsWith(origin)) found.add(ref.replace(/#.*/, ''));
  } catch (error) {
    errors.push(error.message.split('\n')[0]);
  } finally {
    await context.close();
  }
  check(errors.length === 0, `page ${url}: ${errors.join('; ')}`);
  return found;
}

/** The service worker under the sub-path installs (all its files, hash-checked) and is activated. */
async function serviceWorker(browser, appUrl, files) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(appUrl);
    const state = await page.evaluate(async (ms) => {
      // The app registers the worker once it has started; an install that fails (a file of the list missing or
      // changed) leaves the worker 'redundant'.
      const end = Date.now() + ms;
      let registration;
      let redundant = false;
      const watched = new Set();
      while (!(registration?.active?.state === 'activated')) {
        if (redundant) throw new Error('the service worker failed to install (a file of its list missing or changed?)');
        if (Date.now() > end) throw new Error(`no service worker activated after ${ms} ms`);
        await new Promise((done) => setTimeout(done, 100));
        registration = await navigator.serviceWorker.getRegistration();
        const worker = registration?.installing;
        if (worker && !watched.has(worker)) {
          watched.add(worker);
          worker.addEventListener('statechange', () => { if (worker.state === 'redundant') redundant = true; });
        }
      }
      let cached = 0;
      for (const name of await caches.keys()) cached += (await (await caches.open(name)).keys()).length;
      return { scope: registration.scope, state: registration.active?.state, cached };
    }, WAIT_MS);
    check(state.scope === appUrl, `service worker: its scope is ${state.scope}, not ${appUrl}`);
    check(state.state === 'activated', `service worker: ${state.state ?? 'no active worker'}, not activated`);
    check(state.cached === files.length,
      `service worker: ${state.cached} files cached of the ${files.length} in its list`);
  } catch (error) {
    check(false, `service worker under ${SUB_PATH}: ${error.message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}

const { server, appUrl } = await startServer(DIR, SUB_PATH);
const browser = await launchBrowser();
try {
  const files = offlineFiles();
  const urls = new Set([
    ...PAGES.map((query) => appUrl + query), ...files.map((path) => appUrl + path), `${appUrl}sw.js`,
  ]);
  for (const query of PAGES) for (const url of await renderPage(browser, appUrl, query)) urls.add(url);

  const origin = new URL(appUrl).origin;
  let skipped = 0;
  const checker = new LinkChecker();
  const result = await checker.check({
    path: [...urls],
    recurse: true,
    checkCss: true,
    timeout: WAIT_MS,
    // Other sites are left alone (offline); any address of this host is checked, so a link that leaves the sub-path
    // (an absolute "/...") fails: the server answers 404 outside /puzzle-lab/.
    linksToSkip: async (link) => {
      const other = !link.startsWith(origin);
      if (other) skipped++;
      return other;
    },
  });
  // One check per address; a broken one is listed once, with the pages that link to it.
  const addresses = new Map();
  for (const link of result.links) {
    if (link.state === 'SKIPPED') continue;
    const entry = addresses.get(link.url) ?? { statuses: new Set(), parents: new Set() };
    if (!(link.state === 'OK' && link.status === 200)) entry.statuses.add(link.status || 'no answer');
    if (link.parent) entry.parents.add(link.parent);
    addresses.set(link.url, entry);
  }
  for (const [url, { statuses, parents }] of addresses) {
    const from = [...parents];
    const where = from.length === 0 ? '' : ` (linked from ${from.slice(0, 3).join(', ')}`
      + `${from.length > 3 ? ` and ${from.length - 3} more pages` : ''})`;
    check(statuses.size === 0, `${[...statuses].join('/')} ${url}${where}`);
  }
  console.log(`linkinator: ${addresses.size} addresses under ${appUrl} checked,`
    + ` ${skipped} links to other sites skipped`);

  await serviceWorker(browser, appUrl, files);
} catch (error) {
  check(false, error.message);
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
}

if (failures.length > 0) {
  console.error(`\nBroken under ${SUB_PATH} (${DIR}/):`);
  for (const failure of failures) console.error(`  - ${failure}`);
}
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length > 0 ? 1 : 0);
