// Measurement, not a test (node --test does not pick it up): all 100 Korf instances solved in the browser with the
// pattern databases, one fresh page (and worker) each in one browser profile, so the tables are built once and then
// read from IndexedDB; then BFS over Tower of Hanoi with 4 pegs and 12 disks (4^12 = 16.8 M states) with the app's
// default limits. Prints every instance and the averages; asserts the lengths against korf100.tsv.
//
//   bash scripts/build.sh && node tests/e2e/pdb-measure.mjs [--first N] [--no-hanoi]     (E2E_DIST: another build folder)
import assert from 'node:assert/strict';
import { launchBrowser, startServer, messageText, solutionLength, status, tid, waitStatus } from './helpers.mjs';
import { browserMemory, memoryByType, korfInstances, korfQuery, solveTimed, solverMs } from './pdb-helpers.mjs';

const args = process.argv.slice(2);
const firstAt = args.indexOf('--first');
const first = firstAt >= 0 ? Number(args[firstAt + 1]) : 100;
const hanoi = !args.includes('--no-hanoi');

const { server, appUrl } = await startServer(process.env.E2E_DIST ?? 'dist');
const browser = await launchBrowser();
let context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
let page = await context.newPage();
page.on('console', (msg) => { if (msg.type() === 'error') process.stdout.write(`console error: ${msg.text()}\n`); });
const open = async (query) => {
  await page.goto(`${appUrl}?${query}`, { waitUntil: 'load' });
  await page.waitForSelector(`${tid('solve')}:not([disabled])`);
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
let peakPss = 0;
let peakDetail = '';
const sample = () => {
  const m = browserMemory();
  if (m && m.pssMiB > peakPss) { peakPss = m.pssMiB; peakDetail = memoryByType(m); }
  return m;
};

try {
  const solver = [];
  const clicks = [];
  const instances = korfInstances();
  // First use: the build (its time is in the solver's time of this run), then every instance from the cache.
  await open(korfQuery(instances[0]));
  const warm = await solveTimed(page, 120_000);
  process.stdout.write(`first use (build + Korf #1): click-to-solved ${warm.toFixed(0)} ms, solver`
    + ` ${(await solverMs(page)).toFixed(0)} ms (${await messageText(page)})\n`);
  for (const inst of instances.slice(0, first)) {
    await open(korfQuery(inst));
    const click = await solveTimed(page, 120_000);
    const length = await solutionLength(page);
    assert.equal(length, inst.length, `Korf #${inst.id}: ${length} is not the optimum ${inst.length}`);
    const ms = await solverMs(page);
    const mem = sample();
    solver.push(ms);
    clicks.push(click);
    process.stdout.write(`#${inst.id}\t${length}\tsolver ${ms.toFixed(1)} ms\tclick-to-solved ${click.toFixed(0)} ms`
      + `\tPSS ${mem ? mem.pssMiB.toFixed(0) : '?'} MiB (${mem ? memoryByType(mem) : ''})\n`);
  }
  process.stdout.write(`Korf ${solver.length} instances, tables from the cache, a fresh page and worker each: solver`
    + ` time mean ${mean(solver).toFixed(1)} ms, total ${(solver.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s,`
    + ` max ${Math.max(...solver).toFixed(1)} ms; click-to-solved mean ${mean(clicks).toFixed(0)} ms;`
    + ` peak browser PSS ${peakPss.toFixed(0)} MiB (${peakDetail})\n`);

  for (const budget of hanoi ? [null, '32000000'] : []) {
    // A fresh context: the Korf pages' renderer goes, so the memory figures are the tower's.
    await context.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await new Promise((done) => setTimeout(done, 1_000));
    const before = browserMemory();
    process.stdout.write(`before the tower: PSS ${before?.pssMiB.toFixed(0)} MiB (${before ? memoryByType(before) : ''})\n`);
    const disks = 12;
    const q = `puzzle=hanoi&pegs=4&disks=${disks}&start=${Array(disks).fill(0)}&goal=${Array(disks).fill(3)}&algo=bfs`;
    await open(q);
    if (budget) await page.locator(tid('max-states')).selectOption(budget);
    const maxStates = await page.locator(tid('max-states')).inputValue().catch(() => '?');
    const t0 = Date.now();
    let peakHanoi = 0;
    const timer = setInterval(() => { const m = sample(); if (m) peakHanoi = Math.max(peakHanoi, m.pssMiB); }, 250);
    await page.locator(tid('solve')).click();
    const end = await waitStatus(page, ['solved', 'limit', 'error', 'cancelled'], 300_000).catch((e) => e.message);
    clearInterval(timer);
    const wall = Date.now() - t0;
    const length = (await status(page)) === 'solved' ? await solutionLength(page) : null;
    process.stdout.write(`Hanoi 4 pegs ${disks} disks BFS (max-states ${maxStates}): ${end} in ${(wall / 1000).toFixed(1)} s`
      + ` wall; length ${length}; solver time ${await solverMs(page).catch(() => '?')} ms;`
      + ` peak browser PSS ${peakHanoi.toFixed(0)} MiB; message: ${await messageText(page)}\n`);
    const peak = await page.locator(`${tid('stats')} [data-stat="memory"] td`).innerText().catch(() => '?');
    process.stdout.write(`  solver's peak memory estimate: ${peak}\n`);
  }
} finally {
  await browser.close();
  server.close();
}
