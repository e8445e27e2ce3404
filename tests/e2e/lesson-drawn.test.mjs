// The searches drawn as they run, in English and in Chinese. The Hanoi lesson's "BFS against A*": the two pictures' counts at the
// scrubber's positions (BFS's OPEN at a layer's end equals the next layer's size, from an independent JS BFS; the
// states drawn in OPEN and CLOSED are as many as the counts say; the whole run is the CLI's); the code's current
// line follows the cursor through one expansion of BFS and of A*, its OPEN and CLOSED the pictures'; a click on a
// state makes it the start or the goal and every number follows the CLI's run from there; twenty fast clicks end on
// the last one's numbers; axe finds nothing serious in the drawn sections at 1366 and 360 px (the whole lessons are
// scanned by lessons.test.mjs and lesson-sliding.test.mjs). The sliding lesson's "drawn as they run":
// the bands' counts at three positions (BFS's OPEN at a layer's end is the next layer's size), the board expanded
// next, the code following one expansion, and a slid tile or a scramble rerunning both on the CLI's numbers.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, buildCli, cli, hanoiLayers, neighbours, tid, useApp,
} from './helpers.mjs';
import { describe as describeViolations, scan } from './a11y-views.mjs';
import { drawnPair, SOLVE_MS } from './drawn-helpers.mjs';

const { test } = useApp();
buildCli();
const SECTION = 'section#bfs-astar';

const tower = (disks, peg) => Array(disks).fill(peg);
const hanoi = (start, goal, algo) => `puzzle=hanoi&pegs=3&disks=${start.length}&start=${start}&goal=${goal}`
  + `&algo=${algo}`;
/** The position of a state's code, disk 0 the lowest base-3 digit: written here, apart from the engine. */
const positionOf = (code, disks) => Array.from({ length: disks }, (_, i) => Math.floor(code / 3 ** i) % 3);

const {
  picture, drawn, scrub, totalsBecome, num, walkOneExpansion: walkPair,
} = drawnPair(SECTION);

/** Walks the code one expansion of BFS (left) or A* (right); the code's OPEN and CLOSED are the picture's. */
async function walkOneExpansion(page, section, side, walk) {
  const pic = await walkPair(page, section, side, side === 'bfs' ? 'code-of-left' : 'code-of-right', walk);
  const counts = await page.locator(`${section} ${tid('lesson-code')} ${tid('code-counts')}`).textContent();
  assert.match(counts, new RegExp(`OPEN ${pic.open} · CLOSED ${pic.expanded}\\b`));
}

/** What each listing's lines say, so that a walk is read from the code shown, not from line numbers typed here. */
const WALKS = {
  bfs: ['while OPEN', 'OPEN.pop_front()', 'CLOSED.add(s)', 'for each move', 'OPEN.push_back(t)', 'while OPEN'],
  astar: ['while OPEN', 'OPEN.pop_min()', 'if s = goal', 'CLOSED.add(s)', 'for each move', 'OPEN.push(t', 'while OPEN'],
};

async function open(s, lang) {
  await s.page.goto(s.url(`lesson=hanoi&lang=${lang}#bfs-astar`), { waitUntil: 'load' });
  await s.page.locator(picture('astar')).waitFor();
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: both searches drawn at the scrubber's positions, with the engine's and a JS BFS's counts`, async (s) => {
    const { page } = s;
    await open(s, lang);
    const start = tower(5, 0);
    const goal = tower(5, 2);
    const bfsRun = cli(hanoi(start, goal, 'bfs'));
    const astarRun = cli(`${hanoi(start, goal, 'astar')}&heuristic=misplaced`);
    await totalsBecome(page, bfsRun.stats.expanded, astarRun.stats.expanded);

    // Three positions: the start alone in OPEN; the end of BFS's third layer; the whole run.
    const sizes = hanoiLayers(start);
    const third = sizes[0] + sizes[1] + sizes[2];
    for (const [n, bfsOpen] of [[0, 1], [third, sizes[3]], [bfsRun.stats.expanded, null]]) {
      await scrub(page, n);
      await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.dataset.expanded === String(want),
        [picture('bfs'), n]);
      const bfs = await drawn(page, 'bfs');
      const astar = await drawn(page, 'astar');
      if (bfsOpen !== null) assert.equal(bfs.open, bfsOpen, `BFS's OPEN after ${n} expansions is the next layer`);
      for (const [side, pic] of [['BFS', bfs], ['A*', astar]]) {
        assert.equal(pic.expanded, Math.min(n, pic.total), `${side} at ${n}`);
        // Drawn: each expanded state once, OPEN's states, and the one about to be expanded (still in OPEN).
        const waiting = (pic.kinds.open ?? 0) + (pic.kinds.current ?? 0);
        assert.equal(pic.kinds.closed ?? 0, pic.expanded, `${side}: CLOSED drawn at ${n}`);
        if (n < pic.total) assert.equal(waiting, pic.open, `${side}: OPEN drawn at ${n}`);
      }
      const counts = await page.locator(`${SECTION} ${tid('code-counts')}`).textContent();
      assert.match(counts, new RegExp(`OPEN ${astar.open} · CLOSED ${astar.expanded}\\b`), 'the code shows A*\'s');
    }
    assert.equal(await num(page, 'bfs-expanded'), bfsRun.stats.expanded);
    assert.equal(await num(page, 'astar-expanded'), astarRun.stats.expanded);
    assert.ok(astarRun.stats.expanded < bfsRun.stats.expanded, 'A*\'s region is the smaller');
    assert.equal(await page.locator(`${picture('astar')} polyline.path`).count(), 1, 'the whole run shows its path');
  }, { timeout: 120_000 });

  test(`${lang}: the code's current line follows one expansion of BFS and of A*`, async (s) => {
    const { page } = s;
    await open(s, lang);
    const bfsRun = cli(hanoi(tower(5, 0), tower(5, 2), 'bfs'));
    const astarRun = cli(`${hanoi(tower(5, 0), tower(5, 2), 'astar')}&heuristic=misplaced`);
    await totalsBecome(page, bfsRun.stats.expanded, astarRun.stats.expanded);
    for (const side of ['bfs', 'astar']) await walkOneExpansion(page, SECTION, side, WALKS[side]);
  }, { timeout: 120_000 });
}

test('a click on a state makes it the start or the goal, and every number follows the CLI from there', async (s) => {
  const { page } = s;
  await open(s, 'en');
  await page.locator(`${SECTION} ${tid('race-disks')}`).selectOption('4');
  await totalsBecome(page, cli(hanoi(tower(4, 0), tower(4, 2), 'bfs')).stats.expanded,
    cli(`${hanoi(tower(4, 0), tower(4, 2), 'astar')}&heuristic=misplaced`).stats.expanded);
  const pick = async (code) => page.locator(`${picture('bfs')} [data-state="${code}"]`).click();
  const expect = async (start, goal, heuristic) => {
    const bfsRun = cli(hanoi(start, goal, 'bfs'));
    const astarRun = cli(`${hanoi(start, goal, 'astar')}&heuristic=${heuristic}`);
    await totalsBecome(page, bfsRun.stats.expanded, astarRun.stats.expanded);
    assert.equal(await num(page, 'bfs-length'), bfsRun.length);
    assert.equal(await num(page, 'astar-length'), astarRun.length);
    const ends = await page.locator(picture('astar')).evaluate((svg) => [
      Number(svg.querySelector('.sg-ring.start')?.dataset.ring), Number(svg.querySelector('.sg-ring.goal')?.dataset.ring)]);
    const code = (p) => p.reduceRight((c, x) => c * 3 + x, 0);
    assert.deepEqual(ends, [code(start), code(goal)], 'the rings mark the start and the goal');
  };
  await pick(40);
  await expect(positionOf(40, 4), tower(4, 2), 'misplaced');
  await page.locator(`${SECTION} ${tid('pick-goal')}`).click();
  await page.locator(`${SECTION} ${tid('race-heuristic')}`).selectOption('exact');
  await pick(7);
  await expect(positionOf(40, 4), positionOf(7, 4), 'exact');
  // With the exact distance A* expands only the states along its path.
  assert.equal(await num(page, 'astar-expanded'), await num(page, 'astar-length'));
  await page.locator(`${SECTION} ${tid('race-reset')}`).click();
  await expect(tower(4, 0), tower(4, 2), 'exact');
}, { timeout: 120_000 });

test('twenty fast clicks on states end on the last click\'s numbers', async (s) => {
  const { page } = s;
  await open(s, 'en');
  await page.locator(`${SECTION} ${tid('race-disks')}`).selectOption('6');
  await page.locator(`${picture('bfs')}[data-total]:not([data-total="0"])`).waitFor({ timeout: SOLVE_MS });
  let seed = 7;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  let last = 0;
  for (let i = 0; i < 20; i += 1) {
    last = random() % 3 ** 6;
    await page.locator(`${picture('bfs')} [data-state="${last}"]`).dispatchEvent('click');
  }
  const start = positionOf(last, 6);
  const bfsRun = cli(hanoi(start, tower(6, 2), 'bfs'));
  const astarRun = cli(`${hanoi(start, tower(6, 2), 'astar')}&heuristic=misplaced`);
  await totalsBecome(page, bfsRun.stats.expanded, astarRun.stats.expanded);
  // And they stay: no earlier run's answer arrives after the last one's.
  await page.waitForTimeout(1_000);
  assert.equal((await drawn(page, 'bfs')).total, bfsRun.stats.expanded);
  assert.equal(await num(page, 'bfs-expanded'), bfsRun.stats.expanded);
  assert.equal(await num(page, 'astar-expanded'), astarRun.stats.expanded);
  assert.equal(await page.locator(`${picture('bfs')} .sg-ring.start`).getAttribute('data-ring'), String(last));
}, { timeout: 120_000 });

// ---- The sliding lesson: BFS and A* on a 3x3 board, in bands by g ----

const WATCH = 'section#watch';
const FIRST = [7, 4, 0, 1, 6, 3, 5, 2, 8];
const sliding = (start, algo) => `puzzle=sliding&size=3x3&start=${start}&algo=${algo}`
  + (algo === 'astar' ? '&heuristic=manhattan' : '');

/** How many 3x3 boards lie at each distance from `start`, up to `depth`: an independent JS BFS. */
function slidingLayers(start, depth) {
  const seen = new Set([start.join()]);
  let frontier = [start];
  const sizes = [1];
  for (let d = 0; d < depth; d += 1) {
    const next = [];
    for (const b of frontier) {
      const blank = b.indexOf(0);
      for (const cell of neighbours(blank, 3, 3)) {
        const c = [...b];
        [c[blank], c[cell]] = [c[cell], c[blank]];
        if (!seen.has(c.join())) { seen.add(c.join()); next.push(c); }
      }
    }
    sizes.push(next.length);
    frontier = next;
  }
  return sizes;
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: a 3x3 board's BFS and A* drawn in bands by g, with the CLI's and a JS BFS's counts`, async (s) => {
    const { page } = s;
    await page.goto(s.url(`lesson=sliding&lang=${lang}#watch`), { waitUntil: 'load' });
    const bfsRun = cli(sliding(FIRST, 'bfs'));
    const astarRun = cli(sliding(FIRST, 'astar'));
    await totalsBecome(page, bfsRun.stats.expanded, astarRun.stats.expanded, WATCH);
    const sizes = slidingLayers(FIRST, 5);
    const fourth = sizes[0] + sizes[1] + sizes[2] + sizes[3];
    for (const [n, bfsOpen] of [[0, 1], [fourth, sizes[4]], [bfsRun.stats.expanded, null]]) {
      await scrub(page, n, WATCH);
      await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.dataset.expanded === String(want),
        [picture('bfs', WATCH), n]);
      const bfs = await drawn(page, 'bfs', WATCH);
      const astar = await drawn(page, 'astar', WATCH);
      if (bfsOpen !== null) assert.equal(bfs.open, bfsOpen, `BFS's OPEN after ${n} expansions is the next layer`);
      for (const [side, pic] of [['BFS', bfs], ['A*', astar]]) {
        assert.equal(pic.expanded, Math.min(n, pic.total), `${side} at ${n}`);
        assert.equal(pic.kinds.closed ?? 0, pic.expanded, `${side}: CLOSED's cells at ${n}`);
        if (n < pic.total) {
          assert.equal((pic.kinds.open ?? 0) + (pic.kinds.current ?? 0), pic.open, `${side}: OPEN's cells at ${n}`);
        }
      }
      if (n === 0) {
        const next = await page.locator(`${WATCH} [data-figure="bfs"] .mini-board`).getAttribute('data-tiles');
        assert.equal(next, FIRST.join(), 'the board expanded first is the start');
      }
    }
    assert.equal(await num(page, 'bfs-length', WATCH), bfsRun.length);
    assert.equal(await num(page, 'astar-length', WATCH), astarRun.length);
    for (const side of ['bfs', 'astar']) await walkOneExpansion(page, WATCH, side, WALKS[side]);
  }, { timeout: 120_000 });
}

test('a slid tile, a scramble and another heuristic rerun both searches on the CLI\'s numbers', async (s) => {
  const { page } = s;
  await page.goto(s.url('lesson=sliding&lang=en#watch'), { waitUntil: 'load' });
  await totalsBecome(page, cli(sliding(FIRST, 'bfs')).stats.expanded, cli(sliding(FIRST, 'astar')).stats.expanded,
    WATCH);
  const tiles = async () => (await page.locator(`${WATCH} ${tid('board')}`).getAttribute('data-tiles'))
    .replace(/\s/g, '').split(',').map(Number);
  const expect = async (start, heuristic = 'manhattan') => {
    const bfsRun = cli(sliding(start, 'bfs'));
    const astarRun = cli(`${sliding(start, 'astar').replace('manhattan', heuristic)}`);
    await totalsBecome(page, Math.min(bfsRun.stats.expanded, 5000), astarRun.stats.expanded, WATCH);
    assert.equal(await num(page, 'astar-expanded', WATCH), astarRun.stats.expanded);
    assert.equal(await num(page, 'bfs-length', WATCH), bfsRun.length);
  };
  // Slide the tile above or beside the blank.
  const before = await tiles();
  const blank = before.indexOf(0);
  const cell = neighbours(blank, 3, 3)[0];
  await page.locator(`${WATCH} ${tid(`tile-${before[cell]}`)}`).click();
  const after = [...before];
  [after[blank], after[cell]] = [after[cell], after[blank]];
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-tiles')
    .replace(/\s/g, '') === want, [`${WATCH} ${tid('board')}`, after.join()]);
  await expect(after);
  await page.locator(`${WATCH} ${tid('watch-scramble')}`).click();
  await page.waitForFunction(([sel, was]) => document.querySelector(sel)?.getAttribute('data-tiles')
    .replace(/\s/g, '') !== was, [`${WATCH} ${tid('board')}`, after.join()]);
  const scrambled = await tiles();
  await expect(scrambled);
  await page.locator(`${WATCH} ${tid('watch-heuristic')}`).selectOption('misplaced');
  await expect(scrambled, 'misplaced');
  await page.locator(`${WATCH} ${tid('watch-first')}`).click();
  await expect(FIRST, 'misplaced');
}, { timeout: 120_000 });

for (const width of [1366, 360]) {
  test(`the drawn search at ${width} px: no serious axe violation in either language, nothing wider than the page`,
    async (s) => {
      const { page } = s;
      const found = [];
      for (const lang of ['en', 'zh']) {
        await open(s, lang);
        await page.locator(`${picture('astar')}[data-ready="true"]`).waitFor({ timeout: SOLVE_MS });
        await scrub(page, 40);
        const violations = await scan(page, SECTION);
        if (violations.length) found.push({ where: `${lang}, ${width} px`, violations });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px at ${width} px (${lang})`);
        await page.locator(SECTION).screenshot({ path: join(ARTIFACTS, `lesson-drawn--hanoi--${lang}--${width}.png`) });
        await page.goto(s.url(`lesson=sliding&lang=${lang}#watch`), { waitUntil: 'load' });
        await page.locator(`${picture('astar', WATCH)}[data-ready="true"]`).waitFor({ timeout: SOLVE_MS });
        await scrub(page, 30, WATCH);
        const more = await scan(page, WATCH);
        if (more.length) found.push({ where: `sliding, ${lang}, ${width} px`, violations: more });
        const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wider <= 0, `the sliding lesson scrolls sideways by ${wider} px at ${width} px (${lang})`);
        await page.locator(WATCH).screenshot({ path: join(ARTIFACTS, `lesson-drawn--sliding--${lang}--${width}.png`) });
      }
      assert.equal(found.length, 0, `axe found serious or critical violations:\n${describeViolations(found)}`);
    }, { timeout: 120_000, contextOptions: { viewport: { width, height: 900 } } });
}
