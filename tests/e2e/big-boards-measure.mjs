// Measurement, not a test (node --test does not pick it up): the big boards in the browser, as a person would solve
// them. Per size, N times in one tab: Shuffle, then Solve with what the page preselects (the staged solver, improved
// while the person watches). The lengths shown are recorded with their time after the click; printed per size, as
// `boards` prints them natively (docs/performance.md, "Every size, staged and improved"): the mean Manhattan
// distance of the shuffled starts, the mean length shown by 100 ms and by 2,000 ms after the click, both over the
// Manhattan distance, the final length over the lower bound the page states, and the time to the first answer.
//
//   bash scripts/build.sh && node tests/e2e/big-boards-measure.mjs [--per-size N] [--only 6x6,8x8] [--seed S]
//   [--timeline] (E2E_DIST: another build folder; --timeline: every board's lengths with their times, on stderr)
//
// With --seed, the boards are not shuffled by the page but drawn uniformly at random from the seed and opened by
// their links, the same on every run: for comparing two builds side by side.
import { boardTiles, launchBrowser, rng, startServer, tid, waitStatus, watchLengths } from './helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const perSize = Number(option('--per-size', 5));
const sizes = option('--only', '6x6,7x7,8x8,3x8,8x3,4x7,6x5,2x8,5x8').split(',')
  .map((s) => s.split('x').map(Number));
const seed = args.includes('--seed') ? Number(option('--seed')) : null;
const timeline = args.includes('--timeline');
const EARLY_MS = 100;
const LATE_MS = 2000;

/** Manhattan distance of `tiles` (row by row, 0 the blank) to the usual goal (1..N, then the blank). */
function manhattan(tiles, width) {
  let sum = 0;
  tiles.forEach((tile, cell) => {
    if (tile === 0) return;
    const home = tile - 1;
    sum += Math.abs((cell % width) - (home % width)) + Math.abs(Math.floor(cell / width) - Math.floor(home / width));
  });
  return sum;
}

/**
 * A uniformly random solvable board of the size, row by row (0 the blank): a random permutation, with its first
 * two tiles swapped when it cannot reach the goal (its parity differs from the blank's distance to its goal cell).
 */
function randomBoard(width, height, random) {
  const n = width * height;
  const tiles = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  const home = (tile) => (tile === 0 ? n - 1 : tile - 1);
  // The permutation's parity: each cycle of (cell -> the home of its tile) is its length less one swaps.
  let swaps = 0;
  const seen = new Array(n).fill(false);
  for (let cell = 0; cell < n; cell++) {
    if (seen[cell]) continue;
    let len = 0;
    for (let c = cell; !seen[c]; c = home(tiles[c])) {
      seen[c] = true;
      len += 1;
    }
    swaps += len - 1;
  }
  const blank = tiles.indexOf(0);
  const blankMoves = Math.abs((blank % width) - ((n - 1) % width)) + Math.abs(Math.floor(blank / width) - (height - 1));
  if (swaps % 2 !== blankMoves % 2) {
    const [a, b] = tiles.map((t, i) => [t, i]).filter(([t]) => t !== 0).map(([, i]) => i);
    [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
  }
  return tiles;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const { server, appUrl } = await startServer(process.env.E2E_DIST ?? 'dist');
const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
const lengthBy = (seen, ms) => seen.filter((s) => s.at <= ms).at(-1)?.length ?? null;
process.stdout.write(`${perSize} boards per size, Shuffle then Solve in one tab, times after the click\n`
  + '| size | boards | Manhattan | len 100 ms | len 2000 ms | len/MD 100 ms | len/MD 2000 ms | len/LB mean |'
  + ' len/LB max | first ms mean | first ms max |\n|---|---|---|---|---|---|---|---|---|---|---|\n');
try {
  for (const [width, height] of sizes) {
    const url = `${appUrl}?puzzle=sliding&size=${width}x${height}`;
    const random = seed === null ? null : rng(seed * 1000 + width * 10 + height);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(`${tid('solve')}:not([disabled])`);
    const rows = [];
    for (let i = 0; i < perSize; i++) {
      if (random) {
        await page.goto(`${url}&start=${randomBoard(width, height, random).join(',')}`, { waitUntil: 'load' });
        await page.waitForSelector(`${tid('solve')}:not([disabled])`);
      } else {
        await page.locator(tid('shuffle')).click();
      }
      const md = manhattan(await boardTiles(page), width);
      await watchLengths(page);
      await page.evaluate(() => { window.__clickAt = performance.now(); });
      await page.locator(tid('solve')).click();
      await waitStatus(page, 'solved', 30_000);
      const seen = await page.evaluate(() => window.__lengths);
      if (timeline) process.stderr.write(`${width}x${height}: ${seen.map((s) => `${Math.round(s.at)} ms ${s.length}`).join(', ')}\n`);
      const final = seen.at(-1).length;
      const text = await page.locator(tid('solution-bound')).innerText();
      const bound = Number(/lower bound (\d+)/.exec(text)?.[1] ?? final);
      // No answer by 100 ms: the first one counts (it came later).
      rows.push({ md, early: lengthBy(seen, EARLY_MS) ?? seen[0].length, late: lengthBy(seen, LATE_MS) ?? final,
        bound, final, first: seen[0].at });
    }
    const f = (x, d) => x.toFixed(d);
    const r = (key) => mean(rows.map((row) => row[key] / row.md));
    const lb = rows.map((row) => row.final / row.bound);
    process.stdout.write(`| ${width}x${height} | ${rows.length} | ${f(mean(rows.map((x) => x.md)), 1)}`
      + ` | ${f(mean(rows.map((x) => x.early)), 1)} | ${f(mean(rows.map((x) => x.late)), 1)} | ${f(r('early'), 3)}`
      + ` | ${f(r('late'), 3)} | ${f(mean(lb), 3)} | ${f(Math.max(...lb), 3)} | ${f(mean(rows.map((x) => x.first)), 0)}`
      + ` | ${f(Math.max(...rows.map((x) => x.first)), 0)} |\n`);
  }
} finally {
  await browser.close();
  server.close();
}
