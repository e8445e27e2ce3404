// Measurement, not a test (node --test does not pick it up): how soon the shortest 15-puzzle answer comes on a first
// visit. Random 4x4 boards from a fixed seed, each in a fresh browser context (an empty IndexedDB, so the pattern
// databases are not stored yet), opened with the page's preselection for 4x4 (IDA* on the pattern databases); the
// page's own clock times the Solve click to the first answer on the board and to the shortest one (status solved,
// its bound line saying a shortest solution). Prints each board's times, lengths and what the answer was found on,
// then the median and the 90th percentile, with the machine's load (a 2-core machine shared with other work gives
// noisy figures: compare runs at a similar load).
//
//   bash scripts/build.sh && node tests/e2e/first-optimal-measure.mjs [--boards N] [--seed S] [DIST]
import { loadavg } from 'node:os';
import { launchBrowser, messageText, rng, startServer, tid } from './helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const boards = option('--boards', 20);
const seed = option('--seed', 15);
const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? process.env.E2E_DIST ?? 'dist';

const GOAL = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];

/** Whether `tiles` reaches the goal 1..15,0: the permutation's parity equals the blank's distance's. */
function solvable(tiles) {
  const at = tiles.map((t) => (t === 0 ? 15 : t - 1));
  let swaps = 0;
  const seen = new Array(16).fill(false);
  for (let i = 0; i < 16; i++) {
    let length = 0;
    for (let j = i; !seen[j]; j = at[j]) {
      seen[j] = true;
      length++;
    }
    if (length > 0) swaps += length - 1;
  }
  const blank = tiles.indexOf(0);
  const distance = (3 - Math.floor(blank / 4)) + (3 - (blank % 4));
  return swaps % 2 === distance % 2;
}

/** `count` uniformly random solvable boards from `seed`. */
function randomBoards(count, seedValue) {
  const random = rng(seedValue);
  const out = [];
  while (out.length < count) {
    const tiles = [...GOAL];
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    if (!solvable(tiles)) {
      // Swapping two tiles (not the blank) flips the parity.
      const [a, b] = [0, 1, 2].filter((i) => tiles[i] !== 0);
      [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
    }
    out.push(tiles);
  }
  return out;
}

/** The `q`-quantile of `xs` by nearest rank. */
function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const { server, appUrl } = await startServer(dist);
const browser = await launchBrowser();
const shortest = [];
const first = [];
process.stdout.write(`${boards} boards, seed ${seed}, ${dist}; load average at the start ${load()}\n`);
try {
  for (const [index, tiles] of randomBoards(boards, seed).entries()) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const query = `puzzle=sliding&size=4x4&start=${tiles.join(',')}&goal=${GOAL.join(',')}&algo=idastar&heuristic=pdb`;
      await page.goto(`${appUrl}?${query}`, { waitUntil: 'load' });
      await page.waitForSelector(`${tid('solve')}:not([disabled])`);
      await page.evaluate(([status, length, bound]) => {
        const seen = { click: null, first: null, firstLength: null, shortest: null, length: null };
        window.__e2eTimes = seen;
        document.addEventListener('click', (e) => {
          if (seen.click === null && e.target.closest?.('[data-testid="solve"]')) seen.click = performance.now();
        }, true);
        const read = () => {
          const state = document.querySelector(status)?.getAttribute('data-status');
          const moves = Number(document.querySelector(length)?.textContent?.replace(/\D/g, '') || NaN);
          if (state === 'solving' && moves && seen.first === null) {
            seen.first = performance.now();
            seen.firstLength = moves;
          }
          const line = document.querySelector(bound)?.textContent ?? '';
          if (state === 'solved' && /^A shortest solution/.test(line.trim()) && seen.shortest === null) {
            seen.shortest = performance.now();
            seen.length = moves;
          }
        };
        new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true,
          attributes: true });
      }, [tid('status'), tid('solution-length'), tid('solution-bound')]);
      await page.locator(tid('solve')).click();
      await page.waitForFunction(() => window.__e2eTimes.shortest !== null, null, { timeout: 120_000 });
      const seen = await page.evaluate(() => window.__e2eTimes);
      const message = await messageText(page);
      const on = /small pattern databases \(4-4-4-3/.test(message) ? 'quick 4-4-4-3 tables' : '6-6-3 tables';
      const ms = seen.shortest - seen.click;
      const firstMs = seen.first === null ? NaN : seen.first - seen.click;
      shortest.push(ms);
      if (!Number.isNaN(firstMs)) first.push(firstMs);
      process.stdout.write(`board ${String(index + 1).padStart(2)} [${tiles.join(',')}]: first answer`
        + ` ${firstMs.toFixed(0)} ms (${seen.firstLength} moves), shortest ${ms.toFixed(0)} ms (${seen.length} moves,`
        + ` on the ${on})\n`);
    } finally {
      await context.close();
    }
  }
  const fmt = (x) => `${x.toFixed(0)} ms`;
  process.stdout.write(`shortest: median ${fmt(quantile(shortest, 0.5))}, 90th percentile`
    + ` ${fmt(quantile(shortest, 0.9))}, max ${fmt(Math.max(...shortest))} (targets 1000 and 2500 ms)\n`);
  process.stdout.write(`first answer: median ${fmt(quantile(first, 0.5))}, max ${fmt(Math.max(...first))}`
    + ` (target 300 ms)\n`);
  process.stdout.write(`load average at the end ${load()}\n`);
} finally {
  await browser.close();
  server.close();
}
