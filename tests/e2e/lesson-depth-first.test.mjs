// The depth-first searches drawn as they run, in English and in Chinese. The sliding lesson's IDA* section: A* and
// IDA* on a 3x3 board, their totals the CLI's; at each iteration's first expansion the picture holds the start alone
// and the sentence names the iteration and its threshold (read from the CLI's counts by f-bound), the code standing
// on the threshold's rise just before; at the end the iteration's expansions are the CLI's for the last threshold;
// the code follows one expansion line by line; a slid tile and a scramble rerun both on the CLI's numbers. The eight
// lesson's DFS section: BFS and DFS of the report's case, their totals the CLI's (cut where the record stops, and
// then said), DFS deep while BFS is shallow, the code following one expansion, and a new depth limit rerunning DFS.
import assert from 'node:assert/strict';
import { buildCli, cli, neighbours, tid, useApp } from './helpers.mjs';
import { drawnPair } from './drawn-helpers.mjs';

const { test } = useApp();
buildCli();
const IDA = 'section#idastar [data-testid="ida-drawn"]';
const DFS = 'section#dfs';
const {
  picture, drawn, scrub, totalsBecome, num, currentLine, walkOneExpansion,
} = drawnPair(IDA);

/** The most expansions a sliding record keeps (`TRACE_MAX_EXPANSIONS` in solver/src/rules/trace.rs). */
const RECORD = 5000;

const FIRST = [4, 7, 1, 8, 5, 3, 6, 2, 0];
const sliding = (start, algo) => `puzzle=sliding&size=3x3&start=${start}&algo=${algo}&heuristic=manhattan`;
const IDA_SIDES = ['astar', 'idastar'];

/** IDA*'s iterations from the CLI's counts by f-bound: each threshold, and the step its iteration starts at. */
function iterations(byDepth) {
  const out = [];
  let first = 0;
  byDepth.forEach((n, threshold) => {
    if (n > 0) {
      out.push({ threshold, first, expanded: n });
      first += n;
    }
  });
  return out;
}

async function idaTotals(page, start) {
  const astar = cli(sliding(start, 'astar'));
  const ida = cli(sliding(start, 'idastar'));
  await totalsBecome(page, astar.stats.expanded, ida.stats.expanded, IDA, IDA_SIDES);
  return { astar, ida };
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: IDA*'s iterations drawn beside A*, each from the start alone, on the CLI's counts`, async (s) => {
    const { page } = s;
    await page.goto(s.url(`lesson=sliding&lang=${lang}#idastar`), { waitUntil: 'load' });
    const { astar, ida } = await idaTotals(page, FIRST);
    const passes = iterations(ida.stats.by_depth);
    assert.ok(passes.length >= 3, 'the first board takes several iterations');
    for (const [i, pass] of passes.entries()) {
      if (i > 0) {
        // Just before the iteration: the code raises the threshold.
        await scrub(page, pass.first, IDA, 'idastar');
        assert.match((await currentLine(page)).text, /bound ← r/, `before iteration ${i + 1}`);
      }
      await scrub(page, pass.first + 1, IDA, 'idastar');
      assert.equal(await num(page, 'ida-iteration'), i + 1);
      assert.equal(await num(page, 'ida-iterations'), passes.length);
      assert.equal(await num(page, 'ida-threshold'), pass.threshold);
      assert.equal(await num(page, 'idastar-closed'), 1, 'one expansion into the iteration');
      const pic = await drawn(page, 'idastar');
      assert.equal(pic.kinds.closed ?? 0, 1, `iteration ${i + 1} starts from the start alone`);
      assert.ok((pic.kinds.open ?? 0) + (pic.kinds.current ?? 0) <= pic.open, 'no more states drawn than held');
    }
    await scrub(page, ida.stats.expanded, IDA, 'idastar');
    const last = passes.at(-1);
    assert.equal(await num(page, 'ida-threshold'), ida.length, 'the last threshold is the shortest length');
    assert.equal(await num(page, 'idastar-closed'), last.expanded, 'the last iteration\'s expansions');
    const end = await drawn(page, 'idastar');
    assert.ok(end.kinds.closed > 1 && end.kinds.closed <= last.expanded, 'one cell a state of the last iteration');
    const astarEnd = await drawn(page, 'astar');
    assert.equal(astarEnd.kinds.closed, astar.stats.expanded, 'A* keeps its whole CLOSED');
    assert.equal(await num(page, 'astar-expanded'), astar.stats.expanded);
    assert.equal(await num(page, 'idastar-expanded'), ida.stats.expanded);
    assert.equal(await num(page, 'idastar-length'), ida.length);
    assert.ok(ida.stats.expanded > astar.stats.expanded, 'IDA* repeats work');
    // One expansion of IDA*, line by line (step 4 lies inside an iteration).
    assert.ok(!passes.some((p) => p.first === 4));
    const pic = await walkOneExpansion(page, IDA, 'idastar', 'code-of-right',
      ['for each move', 'g + h(s) > bound', 's = goal', 'for each move', 'search(t, g + 1', 'for each move']);
    const counts = await page.locator(`${IDA} ${tid('lesson-code')} ${tid('code-counts')}`).textContent();
    assert.match(counts, new RegExp(`\\b${pic.open}\\b\\D+\\b${await num(page, 'idastar-closed')}\\b`));
  }, { timeout: 120_000 });
}

test('a slid tile and a scramble rerun IDA* and A* on the CLI\'s numbers', async (s) => {
  const { page } = s;
  await page.goto(s.url('lesson=sliding&lang=en#idastar'), { waitUntil: 'load' });
  await idaTotals(page, FIRST);
  const board = `${IDA} [data-figure="ida-drawn-board"] ${tid('board')}`;
  const tiles = async () => (await page.locator(board).getAttribute('data-tiles'))
    .replace(/\s/g, '').split(',').map(Number);
  const blank = FIRST.indexOf(0);
  const cell = neighbours(blank, 3, 3)[0];
  await page.locator(`${board} ${tid(`tile-${FIRST[cell]}`)}`).click();
  const slid = [...FIRST];
  [slid[blank], slid[cell]] = [slid[cell], slid[blank]];
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-tiles')
    .replace(/\s/g, '') === want, [board, slid.join()]);
  const { ida } = await idaTotals(page, slid);
  assert.equal(await num(page, 'idastar-length'), ida.length);
  await page.locator(`${IDA} ${tid('ida-drawn-scramble')}`).click();
  await page.waitForFunction(([sel, was]) => document.querySelector(sel)?.getAttribute('data-tiles')
    .replace(/\s/g, '') !== was, [board, slid.join()]);
  const scrambled = await tiles();
  const again = await idaTotals(page, scrambled);
  assert.equal(await num(page, 'ida-iterations'), iterations(again.ida.stats.by_depth).length);
  await page.locator(`${IDA} ${tid('ida-drawn-first')}`).click();
  await idaTotals(page, FIRST);
}, { timeout: 120_000 });

// ---- The eight lesson: BFS and DFS of the report's 16-move case ----

const CASE = [2, 3, 8, 6, 1, 4, 0, 7, 5];
const GOAL = [1, 2, 3, 8, 0, 4, 7, 6, 5];
const eight = (algo) => `puzzle=sliding&size=3x3&start=${CASE}&goal=${GOAL}&algo=${algo}`;
const DFS_SIDES = ['bfs', 'dfs'];

async function dfsTotals(page, limit) {
  const bfs = cli(eight('bfs'));
  const dfs = cli(eight('dfs'), '--depth', String(limit));
  await totalsBecome(page, Math.min(bfs.stats.expanded, RECORD), Math.min(dfs.stats.expanded, RECORD), DFS,
    DFS_SIDES);
  return { bfs, dfs };
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: BFS and DFS of the report's case drawn as they run, DFS deep at once`, async (s) => {
    const { page } = s;
    await page.goto(s.url(`lesson=eight&lang=${lang}#dfs`), { waitUntil: 'load' });
    const { bfs, dfs } = await dfsTotals(page, 25);
    const cut = bfs.stats.expanded > RECORD || dfs.stats.expanded > RECORD;
    assert.equal(await page.locator(`${DFS} ${tid('dfs-truncated')}`).count(), cut ? 1 : 0, 'a cut record is said');
    await scrub(page, 0, DFS, 'dfs');
    for (const side of DFS_SIDES) {
      const pic = await drawn(page, side, DFS);
      assert.deepEqual([pic.kinds.current, pic.kinds.closed ?? 0], [1, 0], `${side}: the start, about to go`);
    }
    await scrub(page, 40, DFS, 'dfs');
    const g = async (side) => Number((await page.locator(`${DFS} [data-figure="${side}"] .layers-ghf`)
      .textContent()).match(/g = (\d+)/)[1]);
    assert.ok(await g('dfs') > await g('bfs') + 5, 'DFS runs deep while BFS stays near the start');
    for (const side of DFS_SIDES) {
      const pic = await drawn(page, side, DFS);
      assert.equal(await num(page, `${side}-open`, DFS), pic.open, `${side}: the sentence's OPEN is the picture's`);
      assert.equal(await num(page, `${side}-closed`, DFS), pic.kinds.closed, `${side}: CLOSED, one cell a state`);
    }
    const walked = await walkOneExpansion(page, DFS, 'dfs', 'code-of-right', ['while OPEN', 'OPEN.pop()',
      'if s in CLOSED', 'CLOSED[s] ← d', 'if s = goal', 'if d = limit', 'for each move', 'OPEN.push((t', 'while OPEN']);
    const counts = await page.locator(`${DFS} ${tid('lesson-code')} ${tid('code-counts')}`).textContent();
    assert.match(counts, new RegExp(`OPEN ${walked.open} · CLOSED ${walked.kinds.closed}\\b`));
    assert.equal(await num(page, 'dfs-length', DFS), dfs.length);
  }, { timeout: 120_000 });
}

test('a new depth limit reruns DFS, and its drawing follows the CLI', async (s) => {
  const { page } = s;
  await page.goto(s.url('lesson=eight&lang=en#dfs'), { waitUntil: 'load' });
  await dfsTotals(page, 25);
  for (const limit of [16, 5]) {
    await page.locator(`${DFS} ${tid('dfs-limit')}`).selectOption(String(limit));
    const { dfs } = await dfsTotals(page, limit);
    await scrub(page, dfs.stats.expanded, DFS, 'dfs');
    assert.equal((await drawn(page, 'dfs', DFS)).expanded, Math.min(dfs.stats.expanded, RECORD));
  }
}, { timeout: 120_000 });
