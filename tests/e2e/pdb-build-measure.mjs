// Measurement, not a test (node --test does not pick it up): the first-use build of the 15-puzzle's pattern
// databases in the browser, for one or more builds side by side, alternating, so that a noisy machine loads them
// alike. Each round opens Korf #1 in a fresh browser context (empty IndexedDB), clicks Solve and reports the time
// from the click to the first search progress after the build (the tables ready), the click to solved, and the
// peak PSS of Chromium's processes sampled every 100 ms. Sampling reads /proc for every Chromium process and takes
// CPU from a 2-core machine's two building workers: time with --no-memory, measure memory in another run.
//
//   node tests/e2e/pdb-build-measure.mjs [--rounds N] [--no-memory] DIST [DIST ...]   (DIST relative to the repo root)
import { launchBrowser, messageText, startServer, tid, waitStatus } from './helpers.mjs';
import { browserMemory, korfInstances, korfQuery, memoryByType } from './pdb-helpers.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const sampling = !args.includes('--no-memory');
const dists = args.filter((a, i) => !a.startsWith('--') && (roundsAt < 0 || i !== roundsAt + 1));
if (dists.length === 0) dists.push(process.env.E2E_DIST ?? 'dist');

const servers = [];
for (const dist of dists) servers.push({ dist, ...(await startServer(dist)) });
const browser = await launchBrowser();
const results = Object.fromEntries(dists.map((d) => [d, { ready: [], solved: [], pss: [] }]));
const query = korfQuery(korfInstances()[0]);

try {
  for (let round = 1; round <= rounds; round++) {
    for (const { dist, appUrl } of servers) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // Let the previous round's renderer go before sampling.
      await new Promise((done) => setTimeout(done, 1_000));
      const page = await context.newPage();
      await page.goto(`${appUrl}?${query}`, { waitUntil: 'load' });
      await page.waitForSelector(`${tid('solve')}:not([disabled])`);
      // In the page: when the click happened, when the build bar went away (tables ready), when solved.
      await page.evaluate((sel) => {
        const marks = { click: null, built: null };
        window.__e2eMarks = marks;
        let sawBar = false;
        new MutationObserver(() => {
          const bar = document.querySelector(sel);
          if (bar) sawBar = true;
          else if (sawBar && marks.built === null) marks.built = performance.now();
        }).observe(document, { subtree: true, childList: true });
        document.addEventListener('click', () => { if (marks.click === null) marks.click = performance.now(); }, true);
      }, tid('build-progress'));
      let peak = 0;
      let peakDetail = '';
      const timer = setInterval(() => {
        const m = sampling ? browserMemory() : null;
        if (m && m.pssMiB > peak) { peak = m.pssMiB; peakDetail = memoryByType(m); }
      }, 100);
      const t0 = Date.now();
      await page.locator(tid('solve')).click();
      await waitStatus(page, 'solved', 120_000);
      const wall = Date.now() - t0;
      clearInterval(timer);
      const marks = await page.evaluate(() => window.__e2eMarks);
      const ready = marks.built === null ? NaN : marks.built - marks.click;
      const note = /the build took ([\d.]+ m?s[^;]*)/.exec(await messageText(page))?.[1] ?? 'one worker';
      results[dist].ready.push(ready);
      results[dist].solved.push(wall);
      results[dist].pss.push(peak);
      process.stdout.write(`round ${round} ${dist}: tables ready ${ready.toFixed(0)} ms after the click, solved`
        + ` ${wall} ms (the worker: ${note}), peak PSS ${peak.toFixed(0)} MiB (${peakDetail})\n`);
      await context.close();
    }
  }
  const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  for (const dist of dists) {
    const r = results[dist];
    process.stdout.write(`${dist}: tables ready ${range(r.ready)} ms; click to solved ${range(r.solved)} ms;`
      + ` peak PSS ${range(r.pss)} MiB (${rounds} rounds)\n`);
  }
} finally {
  await browser.close();
  for (const { server } of servers) server.close();
}
