// Measurement, not a test (node --test does not pick it up): how long a reader waits, after an edit, for a drawn
// search's numbers to be the new board's. In the Hanoi lesson's "BFS against A*" on 6 disks, a click on a state of
// the graph makes it the start; in the sliding lesson's "drawn as they run", a click slides a tile of the 3x3 board.
// Each time is from the click (dispatched inside the page) to the frame where both pictures draw runs of the
// expected lengths (the CLI's expansions for the new start) and the caption quotes the new counts, on a page at
// rest (every number of the lesson computed before the first edit). Prints the median and the largest of N edits per figure (docs/performance.md, "Lessons: from an edit to its numbers").
// `--messages` also prints, for each edit, when each of the worker's messages reached the page (ms after the click,
// the request's id and the message's kind) and when the numbers were drawn: what of the wait is the worker's, and
// what the page's own work between messages.
//
//   bash scripts/build.sh && node tests/e2e/lesson-edit-measure.mjs [--edits N] [--messages]
import {
  buildCli, cli, launchBrowser, neighbours, rng, startServer, tid,
} from './helpers.mjs';

const args = process.argv.slice(2);
const edits = Number(args.includes('--edits') ? args[args.indexOf('--edits') + 1] : 20);
const messages = args.includes('--messages');
const TIMEOUT_MS = 30_000;

buildCli();
const { server, appUrl } = await startServer('dist');
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
if (messages) {
  // Each message from a worker, as the page's main thread receives it: its time, request id and kind.
  await page.addInitScript(() => {
    window.workerMessages = [];
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data: raw }) => {
          // The worker posts its replies as JSON text.
          let data = raw;
          try { data = typeof raw === 'string' ? JSON.parse(raw) : raw; } catch { /* not JSON: kept as is */ }
          const body = data?.body;
          const kind = body && typeof body === 'object' ? (body.type ?? Object.keys(body)[0]) : String(body ?? typeof data);
          window.workerMessages.push([performance.now(), data?.id, kind]);
        });
      }
    };
  });
}

/**
 * Waits until every number of the lesson has been computed: the lesson's other figures ask the one worker too, and
 * an edit made while they still run waits behind them (the first seconds of a lesson read from its top). What is
 * timed here is an edit on a page at rest.
 */
async function settled() {
  await page.waitForFunction(() => document.querySelectorAll('.lesson-num.pending').length === 0, null,
    { timeout: 120_000, polling: 250 });
  await page.waitForTimeout(300);
}

/**
 * Clicks `target` and resolves with the ms from the click until `totals` are drawn and `counts` quoted. A state of
 * the graph is clicked inside the page (a dispatched click); a tile by the browser's own pointer (the board slides
 * on its pointer events), timed from the page's first pointerdown.
 */
async function timeEdit(target, section, totals, counts, { pointer = false } = {}) {
  if (pointer) {
    await page.evaluate(() => document.addEventListener('pointerdown', () => { window.editAt = performance.now(); },
      { capture: true, once: true }));
    await page.locator(target).click();
  }
  return page.evaluate(async ([sel, sec, want, quoted, limit, byPointer]) => {
    const pictures = () => ['bfs', 'astar'].map((side) => document.querySelector(
      `${sec} [data-figure="${side}"] [data-testid="search-picture"]`));
    const done = () => pictures().every((p, i) => p?.dataset.total === String(want[i]))
      && quoted.every(([name, value]) => document.querySelector(`${sec} [data-num="${name}"]`)
        ?.getAttribute('data-value') === String(value));
    let t0 = performance.now();
    if (byPointer) t0 = window.editAt;
    else document.querySelector(sel).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) {
          const drawn = performance.now() - t0;
          window.editLog = [...(window.editLog ?? []), [drawn, (window.workerMessages ?? [])
            .filter(([at]) => at >= t0).map(([at, id, kind]) => `${Math.round(at - t0)} #${id} ${kind}`)]];
          resolve(drawn);
        }
        else if (performance.now() - t0 > limit) {
          const seen = pictures().map((p) => p?.dataset.total).join(' and ');
          reject(new Error(`${sec}: no new numbers after ${limit} ms (want ${want.join(' and ')}, drawn ${seen})`));
        }
        else requestAnimationFrame(check);
      };
      check();
    });
  }, [target, section, totals, counts, TIMEOUT_MS, pointer]);
}

async function summary(name, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${name}: ${times.length} edits, median ${median.toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`);
  if (!messages) return;
  for (const [drawn, log] of await page.evaluate(() => window.editLog.splice(0))) {
    console.log(`  drawn at ${Math.round(drawn)} ms; messages: ${log.join(', ')}`);
  }
}

const random = rng(1);

// Hanoi, 6 disks: a click on a random state makes it the start.
await page.goto(`${appUrl}?lesson=hanoi&lang=en#bfs-astar`, { waitUntil: 'load' });
await page.locator(`section#bfs-astar ${tid('race-disks')}`).selectOption('6');
await page.locator('section#bfs-astar [data-figure="bfs"] [data-testid="search-picture"][data-ready="true"]')
  .waitFor({ timeout: TIMEOUT_MS });
await settled();
const hanoiTimes = [];
for (let i = 0; i < edits; i += 1) {
  const code = Math.floor(random() * 3 ** 6);
  const start = Array.from({ length: 6 }, (_, d) => Math.floor(code / 3 ** d) % 3);
  const query = (algo) => `puzzle=hanoi&pegs=3&disks=6&start=${start}&goal=2,2,2,2,2,2&algo=${algo}`;
  const bfs = cli(query('bfs')).stats.expanded;
  const astar = cli(`${query('astar')}&heuristic=misplaced`).stats.expanded;
  const target = `section#bfs-astar [data-figure="bfs"] [data-state="${code}"]`;
  if (code === 3 ** 6 - 1) continue; // the goal itself: nothing to search
  hanoiTimes.push(await timeEdit(target, 'section#bfs-astar', [bfs, astar],
    [['bfs-expanded', bfs], ['astar-expanded', astar]]));
}
await summary('Hanoi, 6 disks, click a state', hanoiTimes);

// Sliding, 3x3: a click slides a tile beside the blank.
await page.goto(`${appUrl}?lesson=sliding&lang=en#watch`, { waitUntil: 'load' });
await page.locator('section#watch [data-figure="astar"] [data-testid="search-picture"][data-ready="true"]')
  .waitFor({ timeout: TIMEOUT_MS });
await settled();
const slidingTimes = [];
for (let i = 0; i < edits; i += 1) {
  const tiles = (await page.locator(`section#watch ${tid('board')}`).getAttribute('data-tiles'))
    .replace(/\s/g, '').split(',').map(Number);
  const blank = tiles.indexOf(0);
  const options = neighbours(blank, 3, 3);
  const cell = options[Math.floor(random() * options.length)];
  const next = [...tiles];
  [next[blank], next[cell]] = [next[cell], next[blank]];
  const query = (algo) => `puzzle=sliding&size=3x3&start=${next}&algo=${algo}`;
  const bfs = cli(query('bfs')).stats.expanded;
  const astar = cli(`${query('astar')}&heuristic=manhattan`).stats.expanded;
  if (next.join() === '1,2,3,4,5,6,7,8,0') break; // solved by the walk: nothing left to search
  slidingTimes.push(await timeEdit(`section#watch ${tid(`tile-${tiles[cell]}`)}`, 'section#watch',
    [Math.min(bfs, 5000), astar], [['astar-expanded', astar]], { pointer: true }));
}
await summary('Sliding 3x3, slide a tile', slidingTimes);

await browser.close();
server.close();
