// Measurement, not a test (node --test does not pick it up): the 50 Korf-Felner 24-puzzle instances solved in the
// browser with the page's own choices (the staged solver, improved with a beam search and the 5x5 pattern databases),
// as a person opening each instance's link would. First the tables: a shuffled 5x5 is solved in a fresh profile, whose
// solve builds them; its first answer's time, the build's (once its progress bar has gone) and the answer's are
// printed, then when every table is stored. Then each instance in a fresh tab (the previous one closed), so a fresh
// worker that reads the tables back from IndexedDB before its first search: Solve, then the length shown 2 s after the
// click (the best answer by then) and the final one, with the lower bound the page states. Prints every instance, then
// the means and the worst against the known optima, and the browser's peak memory (PSS summed over Chromium's
// processes, as pdb-mem-measure.mjs measures it), then its peak private dirty memory (pages only it wrote: PSS also
// moves with other Chromium processes on the machine; see `browserMemory`).
//
// With --think MS, each instance's Solve is clicked MS after its page is ready, as a person looks at the board first
// (the page asks the worker to read the tables back as soon as it shows a 5x5 board); without it, at once. With
// --settle, each new tab opens once the closed one's renderer process has gone (at most 5 s): the memory of one tab
// at a time, not of one tab closing while the next loads.
//
// With --one-tab, the instances are not opened: in the tab that built the tables, N shuffled 5x5 boards are solved
// one after another (Shuffle, then Solve), as a person staying on the page would; lengths against the stated lower
// bound only (no optimum known), and the peak memory of that path.
//
//   bash scripts/build.sh && node tests/e2e/korf24-measure.mjs [--first N] [--at MS] [--think MS] [--settle|--one-tab]
//   (E2E_DIST: another build folder)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, launchBrowser, messageText, startServer, tid, waitStatus, watchLengths } from './helpers.mjs';
import { browserMemory, memoryByType } from './pdb-helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const first = option('--first', 50);
const readAt = option('--at', 2000);
const think = option('--think', 0);
const settle = args.includes('--settle');
const oneTab = args.includes('--one-tab');

const instances = readFileSync(resolve(ROOT, 'solver/data/korf-felner50-24puzzle.tsv'), 'utf8').split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [id, optimal, , blankLast] = line.split('\t');
    return { id: Number(id), optimal: Number(optimal), tiles: blankLast.trim() };
  });

const { server, appUrl } = await startServer(process.env.E2E_DIST ?? 'dist');
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
let page;
/** A new tab, the previous one closed (navigations in one tab leave garbage behind that would be counted). */
const newTab = async () => {
  const renderers = browserMemory()?.renderers.length ?? 0;
  await page?.close();
  for (const until = Date.now() + 5000; settle && page && Date.now() < until;) {
    if ((browserMemory()?.renderers.length ?? 0) < renderers) break;
    await new Promise((done) => { setTimeout(done, 50); });
  }
  page = await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') process.stdout.write(`console error: ${msg.text()}\n`); });
};
let peak = { pssMiB: 0 };
// The highest private dirty memory too (see `browserMemory`): PSS moves with other Chromium processes on the machine.
let peakPrivate = { privateMiB: 0 };
const sample = () => {
  const m = browserMemory();
  if (m && m.pssMiB > peak.pssMiB) peak = m;
  if (m && m.privateMiB > peakPrivate.privateMiB) peakPrivate = m;
};
const privatePeak = () => `; peak private dirty ${peakPrivate.privateMiB.toFixed(0)} MiB`
  + ` (renderers ${peakPrivate.rendererPrivate?.map((r) => r.toFixed(0)).join('+')})`;
const sampling = setInterval(sample, 200);
const open = async (query) => {
  await newTab();
  await page.goto(`${appUrl}?${query}`, { waitUntil: 'load' });
  await page.waitForSelector(`${tid('solve')}:not([disabled])`);
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

try {
  // The tables: built once in this profile, by the first 5x5 solve (its first answer shown meanwhile).
  await open('puzzle=sliding&size=5x5');
  await watchLengths(page);
  await page.evaluate(() => { window.__clickAt = performance.now(); });
  const t0 = Date.now();
  await page.locator(tid('solve')).click();
  await page.waitForSelector(tid('build-progress'), { timeout: 10_000 }).catch(() => {});
  await page.waitForSelector(tid('build-progress'), { state: 'detached', timeout: 600_000 });
  const built = Date.now() - t0;
  await waitStatus(page, 'solved', 60_000);
  const seen = await page.evaluate(() => window.__lengths);
  process.stdout.write(`first 5x5 solve: first answer ${seen[0]?.length} moves at ${seen[0]?.at.toFixed(0)} ms;`
    + ` tables built ${(built / 1000).toFixed(1)} s after the click; answered ${((Date.now() - t0) / 1000).toFixed(1)} s`
    + ` after it, ${seen[seen.length - 1]?.length} moves; ${await messageText(page)}\n`);
  // A build that went on behind the answer (see five_by_five.rs): its background bar, until all are stored.
  await page.waitForSelector(tid('tables-build'), { state: 'detached', timeout: 600_000 });
  process.stdout.write(`tables built and stored ${((Date.now() - t0) / 1000).toFixed(1)} s after the click;`
    + ` peak PSS so far ${peak.pssMiB.toFixed(0)} MiB (${memoryByType(peak)})${privatePeak()}\n`);
  peak = { pssMiB: 0 };
  peakPrivate = { privateMiB: 0 };

  if (oneTab) {
    const ratios = [];
    for (let i = 0; i < first; i++) {
      await page.locator(tid('shuffle')).click();
      await page.waitForTimeout(think);
      await page.locator(tid('solve')).click();
      await waitStatus(page, 'solved', 30_000);
      const length = Number((await page.locator(tid('solution-length')).textContent()).replace(/\D/g, ''));
      const bound = Number(/lower bound (\d+)/.exec(await page.locator(tid('solution-bound')).innerText())?.[1] ?? length);
      ratios.push(length / bound);
      process.stdout.write(`shuffled board ${i + 1}: ${length} moves, lower bound ${bound} (${(length / bound).toFixed(3)})\n`);
    }
    process.stdout.write(`${first} shuffled boards in one tab: length / lower bound mean ${mean(ratios).toFixed(3)};`
      + ` peak PSS ${peak.pssMiB.toFixed(0)} MiB (${memoryByType(peak)})${privatePeak()}\n`);
  }
  const rows = [];
  for (const inst of oneTab ? [] : instances.slice(0, first)) {
    await open(`puzzle=sliding&size=5x5&start=${inst.tiles}`);
    await watchLengths(page);
    await page.waitForTimeout(think);
    await page.evaluate(() => { window.__clickAt = performance.now(); });
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 30_000);
    const seen = await page.evaluate(() => window.__lengths);
    const byThen = seen.filter((s) => s.at <= readAt);
    // No answer yet by then (reading the tables back took that long): counted as none.
    const atTime = byThen.length ? byThen[byThen.length - 1].length : null;
    const final = seen[seen.length - 1];
    const bound = /lower bound (\d+)/.exec(await page.locator(tid('solution-bound')).innerText())?.[1];
    const lb = Number(bound ?? final.length);
    const message = await messageText(page);
    assert.match(message, /improved with a beam search and the 5x5 pattern databases/, `#${inst.id}: ${message}`);
    rows.push({ inst, atTime, final: final.length, finalAt: final.at, lb, first: seen[0] });
    process.stdout.write(`#${inst.id}\topt ${inst.optimal}\tfirst ${seen[0].length} at ${seen[0].at.toFixed(0)} ms`
      + `\tat ${readAt} ms ${atTime ?? 'none'} (${((atTime ?? NaN) / inst.optimal).toFixed(3)})\tfinal ${final.length} at`
      + ` ${final.at.toFixed(0)} ms (${(final.length / inst.optimal).toFixed(3)})\tLB ${lb}`
      + ` (${(final.length / lb).toFixed(3)})\n`);
  }
  if (!oneTab) {
    const ratio = (key) => rows.filter((r) => r[key] !== null).map((r) => r[key] / r.inst.optimal);
    const summary = (key) => `mean ${mean(ratio(key)).toFixed(3)}, worst ${Math.max(...ratio(key)).toFixed(3)}`
      + ` (${rows.length - ratio(key).length} with no answer by then)`;
    process.stdout.write(`${rows.length} instances (Solve clicked ${think} ms after the page was ready${settle ? ', each tab opened once the last one had gone' : ''}): length / optimum at ${readAt} ms after the click ${summary('atTime')};`
      + ` final ${summary('final')} (last better answer at most ${Math.max(...rows.map((r) => r.finalAt)).toFixed(0)}`
      + ` ms after the click); final length / lower bound mean ${mean(rows.map((r) => r.final / r.lb)).toFixed(3)};`
      + ` first answer at most ${Math.max(...rows.map((r) => r.first.at)).toFixed(0)} ms after the click;`
      + ` peak PSS ${peak.pssMiB.toFixed(0)} MiB (${memoryByType(peak)})${privatePeak()}\n`);
  }
} finally {
  clearInterval(sampling);
  await browser.close();
  server.close();
}
