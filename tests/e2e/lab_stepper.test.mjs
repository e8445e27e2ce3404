// The step-through view on sliding puzzles: after a BFS solve of a 2x3 puzzle, each step expands one state, whose
// board is drawn (data-tiles), CLOSED grows by one per step, and the expanded boards follow a BFS this test runs by
// hand (each one in OPEN at its least depth, OPEN's size matching). On a far 8-puzzle the recorded expansions are
// capped, and the view says so instead of showing nothing.
import assert from 'node:assert/strict';
import { defaultGoal, neighbours, rng, scramble, slidingBfs, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

/** The boards one slide away from `board`. */
function slides(board, width, height) {
  const blank = board.indexOf(0);
  return neighbours(blank, width, height).map((cell) => {
    const child = [...board];
    [child[blank], child[cell]] = [child[cell], child[blank]];
    return child;
  });
}

test('step-through on a 2x3 puzzle: the current board is drawn and CLOSED grows by one per step', async (s) => {
  const { page } = s;
  const [W, H] = [3, 2];
  const goal = defaultGoal(W, H);
  const random = rng(7);
  let start = scramble(goal, W, H, 40, random);
  while (slidingBfs(W, H, start, goal).distance < 8) start = scramble(goal, W, H, 40, random);
  await s.open(`puzzle=sliding&size=${W}x${H}&start=${start}&goal=${goal}&algo=bfs`);
  assert.equal(await page.locator(tid('stepper')).count(), 0, 'no stepper before a search');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const stepper = page.locator(tid('stepper'));
  await stepper.waitFor();
  const attr = async (name) => Number(await stepper.getAttribute(name));
  const total = await attr('data-total');
  assert.ok(total >= 8, `BFS from distance >= 8 expands at least 8 states (got ${total})`);
  assert.equal(await page.locator(tid('stepper-truncated')).count(), 0, '360 states: nothing is cut');
  await page.locator(tid('stepper-first')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="0"]`);
  assert.equal(await attr('data-closed'), 0);
  assert.equal(await attr('data-open'), 1, 'only the start is in OPEN');
  assert.equal(await page.locator(tid('stepper-board')).count(), 0, 'no board before the first expansion');

  const depth = new Map([[start.join(','), 0]]);
  const open = new Map([[start.join(','), 0]]);
  const steps = Math.min(total, 15);
  for (let i = 1; i <= steps; i++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('stepper')}[data-step="${i}"]`);
    assert.equal(await attr('data-closed'), i, `CLOSED after step ${i}`);
    const tiles = (await page.getAttribute(tid('stepper-board'), 'data-tiles')).split(',').map(Number);
    assert.deepEqual([...tiles].sort((a, b) => a - b), [...goal].sort((a, b) => a - b), 'a board of the puzzle');
    assert.equal(await page.locator(`${tid('stepper-board')} .stepper-cell`).count(), W * H, 'every cell drawn');
    if (i === 1) assert.deepEqual(tiles, start, 'the start is expanded first');
    const key = tiles.join(',');
    assert.ok(open.has(key), `step ${i} expands ${key}, which is not in OPEN`);
    assert.equal(open.get(key), Math.min(...open.values()), `step ${i}: BFS expands the shallowest state first`);
    open.delete(key);
    for (const next of slides(tiles, W, H)) {
      const k = next.join(',');
      if (!depth.has(k)) {
        depth.set(k, depth.get(key) + 1);
        open.set(k, depth.get(key) + 1);
      }
    }
    // The last step stops as soon as the goal is generated, so OPEN is compared before it.
    if (i < total) assert.equal(await attr('data-open'), open.size, `OPEN after step ${i}`);
  }
  await page.locator(tid('stepper-back')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="${steps - 1}"]`);
  assert.equal(await attr('data-closed'), steps - 1, 'Back removes one state from CLOSED');
  s.note(`2x3 BFS from ${start}: ${total} expansions, ${steps} stepped`);
});

test('step-through on a far 8-puzzle: the recorded expansions are capped and the view says so', async (s) => {
  const { page } = s;
  const [W, H] = [3, 3];
  const goal = defaultGoal(W, H);
  const random = rng(11);
  let start = scramble(goal, W, H, 80, random);
  while (slidingBfs(W, H, start, goal).distance < 20) start = scramble(goal, W, H, 80, random);
  await s.open(`puzzle=sliding&size=${W}x${H}&start=${start}&goal=${goal}&algo=bfs`);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 60_000);
  const stepper = page.locator(tid('stepper'));
  await stepper.waitFor();
  await page.locator(tid('stepper-truncated')).waitFor();
  const total = Number(await stepper.getAttribute('data-total'));
  assert.ok(total > 1000, `the cap leaves a long record (got ${total})`);
  await page.locator(tid('stepper-first')).click();
  await page.locator(tid('stepper-forward')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="1"]`);
  const tiles = (await page.getAttribute(tid('stepper-board'), 'data-tiles')).split(',').map(Number);
  assert.deepEqual(tiles, start, 'the first board is the start');
  assert.equal(await stepper.getAttribute('data-closed'), '1');
});

/**
 * Steps through the whole record of a Tower of Hanoi search and returns, per step, the expanded state's rank
 * (`data-state`: peg of disk 0 + 3 * peg of disk 1 + ...) and the sizes of OPEN and CLOSED.
 */
async function stepHanoi(page) {
  const stepper = page.locator(tid('stepper'));
  await stepper.waitFor();
  const total = Number(await stepper.getAttribute('data-total'));
  await page.locator(tid('stepper-first')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="0"]`);
  const steps = [];
  for (let i = 1; i <= total; i++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('stepper')}[data-step="${i}"]`);
    steps.push({
      state: Number(await page.getAttribute(tid('stepper-current'), 'data-state')),
      open: Number(await stepper.getAttribute('data-open')),
      closed: Number(await stepper.getAttribute('data-closed')),
    });
  }
  return steps;
}

// Worked by hand for 2 disks from A to C (ranks: peg of disk 0 + 3 * peg of disk 1; the solver generates moves by
// source peg, then target peg). DFS dives: 0 (AA) -> 1 (BA) -> 7 (BC) -> 6 (AC), whose child 8 (CC) is the goal;
// OPEN is its stack of unvisited children. Greedy with misplaced disks takes the lowest h; the engine breaks ties
// to the deeper state, then to the newer one: 0 -> 2 (CA) -> 5 (CB) -> 4 (BB, generated after 3) -> 3 (AB) -> 6
// (AC), OPEN {1, 2}, {1, 5}, {1, 3, 4}, {1, 3}, {1, 6}, {1, 7, 8}. BFS would expand 0, 1, 2 first: these orders tell
// the three apart. The steps are the engine's own expansions: as many as the statistics count.
for (const [algo, heuristic, order, open] of [
  ['dfs', null, [0, 1, 7, 6], [2, 4, 6, 8]],
  ['greedy', 'misplaced', [0, 2, 5, 4, 3, 6], [2, 2, 3, 2, 2, 3]],
]) {
  test(`step-through of ${algo} on 2 disks follows ${algo}'s own order, checked by hand`, async (s) => {
    const { page } = s;
    const h = heuristic ? `&heuristic=${heuristic}` : '';
    await s.open(`puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2&algo=${algo}${h}`);
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved');
    const stepper = page.locator(tid('stepper'));
    await stepper.waitFor();
    assert.equal(await stepper.getAttribute('data-algorithm'), algo, 'the record follows another search');
    assert.equal(await page.locator(tid('stepper-stand-in')).count(), 0, 'a real trace needs no stand-in note');
    const steps = await stepHanoi(page);
    assert.deepEqual(steps.map((x) => x.state), order);
    assert.deepEqual(steps.map((x) => x.open), open);
    assert.deepEqual(steps.map((x) => x.closed), order.map((_, i) => i + 1));
    assert.equal(await expandedStat(page), order.length, 'the step-through and the statistics disagree');
  });
}

/** The statistics' count of expanded states. */
async function expandedStat(page) {
  const text = await page.locator('[data-stat="expanded"] td').innerText();
  return Number(text.replace(/,/g, ''));
}

// IDA* with misplaced disks on 3 disks from A to C: the start has h = 3, the optimum is 7 moves, so the thresholds
// run 3, 4, ... 7 (each the least f that passed the one before). Every iteration starts again from the start, and
// every state it expands has f = g + h within its threshold.
test('IDA* is shown as IDA*: each step names its iteration and threshold, as many steps as the statistics count', async (s) => {
  const { page } = s;
  await s.open('puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2&algo=idastar&heuristic=misplaced');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  const stepper = page.locator(tid('stepper'));
  await stepper.waitFor();
  assert.equal(await stepper.getAttribute('data-algorithm'), 'idastar');
  assert.equal(await page.locator(tid('stepper-stand-in')).count(), 0, 'IDA* needs no stand-in');
  const total = Number(await stepper.getAttribute('data-total'));
  assert.equal(total, await expandedStat(page), 'the step-through and the statistics disagree');
  assert.equal(await stepper.getAttribute('data-threshold'), '7', 'the last threshold is the optimum');
  await page.locator(tid('stepper-first')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="0"]`);
  const attr = async (name) => Number(await stepper.getAttribute(name));
  const thresholds = [];
  for (let i = 1; i <= total; i++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('stepper')}[data-step="${i}"]`);
    const [iteration, threshold, g, h] = await Promise.all(
      ['data-iteration', 'data-threshold', 'data-g', 'data-h'].map(attr));
    const state = Number(await page.getAttribute(tid('stepper-current'), 'data-state'));
    if (iteration > thresholds.length) {
      assert.equal(iteration, thresholds.length + 1, 'iterations follow one another');
      assert.deepEqual([state, g], [0, 0], `iteration ${iteration} does not start at the start`);
      thresholds.push(threshold);
    }
    assert.equal(threshold, thresholds[iteration - 1]);
    assert.ok(g + h <= threshold, `step ${i}: f = ${g} + ${h} passes the threshold ${threshold}`);
  }
  assert.deepEqual(thresholds, [3, 4, 5, 6, 7]);
  assert.match(await page.locator(tid('stepper-iteration')).innerText(), /IDA\* iteration 5 of 5: .*≤ 7/);
  s.note(`IDA* on 3 disks: ${total} expansions in ${thresholds.length} iterations, thresholds ${thresholds.join(', ')}`);
});
