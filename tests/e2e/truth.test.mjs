// Heuristics against the truth (issue 12, point 1): the panel lists each heuristic's value beside the true distance
// h*, which this test checks against values it computes itself (misplaced tiles, Manhattan distance, linear conflict
// by longest increasing runs, BFS distances); the chart has a point per position of the solution. On a Tower of
// Hanoi the seed article's heuristic is marked where it overestimates, and A* with it returns a longer path than A*
// with an admissible heuristic, said in words. Screenshots at 1366 and 360 px wide go to test-artifacts/.
import assert from 'node:assert/strict';
import { ARTIFACTS, defaultGoal, hanoiBfs, slidingBfs, solutionLength, tid, useApp, waitAttr, waitStatus } from './helpers.mjs';

const { test } = useApp();

const HARDEST = [8, 6, 7, 2, 5, 4, 3, 0, 1];

/** Misplaced tiles, Manhattan distance and linear conflict of `board` against `goal`, computed here. */
function heuristics(board, goal, width) {
  const at = new Map(goal.map((t, i) => [t, i]));
  let misplaced = 0;
  let manhattan = 0;
  board.forEach((t, i) => {
    if (t === 0) return;
    if (goal[i] !== t) misplaced += 1;
    const g = at.get(t);
    manhattan += Math.abs(Math.floor(i / width) - Math.floor(g / width)) + Math.abs((i % width) - (g % width));
  });
  const height = board.length / width;
  const longestRun = (xs) => {
    const tails = [];
    for (const x of xs) {
      let k = 0;
      while (k < tails.length && tails[k] < x) k += 1;
      tails[k] = x;
    }
    return tails.length;
  };
  // Tiles that must leave their goal line: those outside a longest run in goal order.
  let leave = 0;
  for (let r = 0; r < height; r++) {
    const line = [];
    for (let c = 0; c < width; c++) {
      const t = board[r * width + c];
      if (t !== 0 && Math.floor(at.get(t) / width) === r) line.push(at.get(t) % width);
    }
    leave += line.length - longestRun(line);
  }
  for (let c = 0; c < width; c++) {
    const line = [];
    for (let r = 0; r < height; r++) {
      const t = board[r * width + c];
      if (t !== 0 && at.get(t) % width === c) line.push(Math.floor(at.get(t) / width));
    }
    leave += line.length - longestRun(line);
  }
  return { misplaced, manhattan, 'linear-conflict': manhattan + 2 * leave };
}

/**
 * The additive pattern databases of a square board whose goal has its blank in the last cell, computed here: for
 * each group of goal cells, a 0-1 breadth-first search from the goal over (where the group's tiles stand, where the
 * blank stands), where moving a group tile costs 1 and any other tile 0; a placement's value is the least over the
 * blank's cells. The estimate is the larger of the plain lookup and the lookup of the board mirrored in the
 * diagonal through the blank's goal cell.
 */
function patternDatabases(width, goal, groups) {
  const n = goal.length;
  const blank = goal.indexOf(0);
  const near = (c) => [c - width, c + width, ...(c % width > 0 ? [c - 1] : []), ...(c % width < width - 1 ? [c + 1] : [])]
    .filter((x) => x >= 0 && x < n);
  const tables = groups.map((cells) => {
    const best = new Map();
    const seen = new Map([[[...cells, blank].join(), 0]]);
    let layer = [[...cells, blank]];
    for (let d = 0; layer.length > 0; d++) {
      const next = [];
      while (layer.length > 0) {
        const state = layer.pop();
        if (seen.get(state.join()) < d) continue;
        const placed = state.slice(0, -1).join();
        if (!best.has(placed)) best.set(placed, d);
        const b = state[state.length - 1];
        for (const c of near(b)) {
          const i = state.indexOf(c);
          const moved = state.slice();
          moved[moved.length - 1] = c;
          if (i >= 0 && i < state.length - 1) moved[i] = b;
          const cost = d + (i >= 0 && i < state.length - 1 ? 1 : 0);
          const key = moved.join();
          if (!seen.has(key) || seen.get(key) > cost) {
            seen.set(key, cost);
            (cost === d ? layer : next).push(moved);
          }
        }
      }
      layer = next;
    }
    return best;
  });
  const mirror = (c) => (c % width) * width + Math.floor(c / width);
  return (board) => {
    // pos[goal cell] = where the tile that belongs there stands.
    const pos = goal.map((t) => board.indexOf(t));
    const mirrored = [];
    pos.forEach((p, c) => { mirrored[mirror(c)] = mirror(p); });
    const sum = (at) => groups.reduce((acc, cells, g) => acc + tables[g].get(cells.map((c) => at[c]).join()), 0);
    return Math.max(sum(pos), sum(mirrored));
  };
}

/** The 8-puzzle's tables as the page builds them (goal 1..8,0): goal cells 0-3 and 4-7. */
const pdb3 = patternDatabases(3, defaultGoal(3, 3), [[0, 1, 2, 3], [4, 5, 6, 7]]);

/** Every heuristic the page lists for an 8-puzzle board, computed here. */
function heuristics3(board, goal) {
  return { ...heuristics(board, goal, 3), pdb: pdb3(board) };
}

/** The table's values: h* and each heuristic's h. */
async function table(page) {
  const hstar = await page.getAttribute(tid('truth-hstar'), 'data-value');
  const rows = await page.locator(tid('truth-row')).evaluateAll((trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.heuristic, Number(tr.dataset.h)])));
  return { hstar: hstar === null ? null : Number(hstar), rows };
}

async function screenshots(page, name) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(tid('truth')).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/truth--${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the hardest 8-puzzle: h* = 31 at the start, each heuristic beside it, a point per move', async (s) => {
  const { page } = s;
  const goal = defaultGoal(3, 3);
  await s.open(`puzzle=sliding&size=3x3&start=${HARDEST}&goal=${goal}&algo=astar&heuristic=linear-conflict`);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const length = await solutionLength(page);
  assert.equal(length, 31);
  // Stop the playback at the start, so that the board shows the positions this test steps through.
  if (await page.getAttribute(tid('player'), 'data-playing') === 'true') await page.locator(tid('play')).click();
  await waitAttr(page, 'player', 'data-playing', 'false');
  await page.locator(tid('scrubber')).focus();
  await page.keyboard.press('Home');
  await waitAttr(page, 'player', 'data-step', '0');

  await page.locator(tid('truth-open')).click();
  await page.locator(tid('truth-chart')).waitFor();
  await waitAttr(page, 'truth-table', 'data-step', '0');
  const start = await table(page);
  assert.equal(start.hstar, 31, 'the hardest 8-puzzle is 31 moves from the goal');
  assert.deepEqual(start.rows, heuristics3(HARDEST, goal));
  const { pdb, ...classic } = start.rows;
  assert.deepEqual(classic, { misplaced: 7, manhattan: 21, 'linear-conflict': 23 });
  assert.ok(pdb >= 21 && pdb <= 31, `the pattern databases: ${pdb}, between Manhattan and h*`);
  assert.match(await page.locator(tid('truth-method')).innerText(), /362,880 states/);

  // The chart: one point of h* per position (the start and after each move), falling by one a move.
  assert.equal(await page.getAttribute(tid('truth-chart'), 'data-moves'), String(length));
  const points = await page.locator(tid('truth-point')).evaluateAll((cs) => cs.map((c) => Number(c.dataset.value)));
  assert.equal(points.length, length + 1);
  assert.deepEqual(points, Array.from({ length: length + 1 }, (_, i) => length - i));
  assert.equal(await page.locator(tid('truth-over')).count(), 0, 'admissible heuristics never overestimate');
  assert.equal(await page.locator(`${tid('truth-jump')}:not([data-heuristic="pdb"])`).count(), 0,
    'nor do the classic ones change by more than 1 a move (pattern databases may: they forget the blank)');
  assert.equal(await page.getAttribute(tid('truth-dominance'), 'data-holds'), 'true');
  assert.match(await page.locator(tid('truth-dominance')).innerText(),
    /Manhattan \+ linear conflict ≥ Manhattan distance ≥ Misplaced; Pattern databases ≥ Manhattan distance/);

  // Step 10 of the solution: the board the playback shows there, measured against values computed here.
  await page.locator(tid('scrubber')).focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await waitAttr(page, 'player', 'data-step', '10');
  const board = (await page.getAttribute(tid('board'), 'data-tiles')).split(',').map(Number);
  const slider = page.locator(tid('truth-step'));
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await waitAttr(page, 'truth-table', 'data-step', '10');
  const step = await table(page);
  assert.equal(step.hstar, slidingBfs(3, 3, board, goal).distance);
  assert.equal(step.hstar, 21);
  assert.deepEqual(step.rows, heuristics3(board, goal));
  // A click on the chart's last column picks the goal.
  const box = await page.locator(tid('truth-chart')).boundingBox();
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
  await waitAttr(page, 'truth-table', 'data-step', String(length));
  assert.equal((await table(page)).hstar, 0);
  await slider.focus();
  for (let i = 0; i < 21; i++) await page.keyboard.press('ArrowLeft');
  await waitAttr(page, 'truth-table', 'data-step', '10');
  await screenshots(page, '8-puzzle');

  // The stepper's state: the last state the search expanded (the goal), measured on its own.
  await page.locator(tid('truth-show-stepper')).click();
  await page.locator(tid('stepper-back')).click();
  const expanded = (await page.getAttribute(tid('stepper-board'), 'data-tiles')).split(',').map(Number);
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-step') === '0', tid('truth-table'));
  const stepper = await table(page);
  assert.equal(stepper.hstar, slidingBfs(3, 3, expanded, goal).distance);
  assert.deepEqual(stepper.rows, heuristics3(expanded, goal));

  // Both languages.
  await page.locator(tid('language')).selectOption('zh');
  await page.waitForFunction((sel) => document.querySelector(sel)?.innerText.includes('启发函数与真实距离对照'), tid('truth'));
});

/** The board after moving the blank of `goal` by `dirs` (U, D, L, R) on a `width`-wide board. */
function walk(goal, width, dirs) {
  const board = goal.slice();
  const step = { U: -width, D: width, L: -1, R: 1 };
  for (const d of dirs) {
    const b = board.indexOf(0);
    const c = b + step[d];
    [board[b], board[c]] = [board[c], board[b]];
  }
  return board;
}

/** The fewest moves between two boards of a `width`-wide board, by breadth-first search here (near boards only). */
function distance(width, from, to) {
  const n = from.length;
  const target = to.join();
  let frontier = [from];
  const seen = new Set([from.join()]);
  for (let depth = 0; frontier.length > 0; depth++) {
    if (frontier.some((b) => b.join() === target)) return depth;
    const next = [];
    for (const board of frontier) {
      const b = board.indexOf(0);
      for (const c of [b - width, b + width, b % width > 0 ? b - 1 : -1, b % width < width - 1 ? b + 1 : -1]) {
        if (c < 0 || c >= n) continue;
        const child = board.slice();
        [child[b], child[c]] = [child[c], child[b]];
        if (!seen.has(child.join())) { seen.add(child.join()); next.push(child); }
      }
    }
    frontier = next;
  }
  return null;
}

test('4x4: the pattern databases are listed once a solve has built them, and h* comes from IDA* with them', async (s) => {
  const { page } = s;
  const goal = defaultGoal(4, 4);
  const start = walk(goal, 4, 'UULDLURULLDD');
  const hstar = distance(4, start, goal);
  // The page's defaults for 4x4: IDA* with the pattern databases, built by the first solve.
  await s.open(`puzzle=sliding&size=4x4&start=${start}&goal=${goal}`);
  await page.locator(tid('truth-open')).click();
  const notBuilt = page.locator(tid('truth-not-built'));
  await notBuilt.waitFor();
  assert.equal(await notBuilt.getAttribute('data-heuristic'), 'pdb');
  assert.match(await notBuilt.innerText(), /^Pattern databases: not measured yet\./);
  const before = await table(page);
  assert.equal(before.hstar, hstar);
  assert.deepEqual(before.rows, heuristics(start, goal, 4), 'the others are listed, without the tables');
  await screenshots(page, '4x4-not-built');

  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 90_000);
  assert.equal(await solutionLength(page), hstar);
  // The panel measures the new solution: now with the tables the solve built.
  await page.locator(`${tid('truth-row')}[data-heuristic="pdb"]`).waitFor({ timeout: 30_000 });
  assert.equal(await notBuilt.count(), 0);
  assert.match(await page.locator(tid('truth-method')).innerText(), /IDA\* with Pattern databases/);
  await waitAttr(page, 'truth-table', 'data-step', '0');
  const after = await table(page);
  assert.equal(after.hstar, hstar);
  const { pdb, ...classic } = after.rows;
  assert.deepEqual(classic, heuristics(start, goal, 4));
  assert.ok(pdb >= classic.manhattan && pdb <= hstar, `pattern databases ${pdb}: Manhattan ${classic.manhattan}, h* ${hstar}`);
  assert.equal(await page.locator(`${tid('truth-over')}`).count(), 0, 'no heuristic listed overestimates');
  await screenshots(page, '4x4-pdb');
}, { timeout: 150_000 });

test('Hanoi: the seed heuristic is marked where it overestimates, and A* with it returns a longer path', async (s) => {
  const { page } = s;
  const [start, goal] = [[1, 2, 3, 1, 3], [0, 0, 1, 1, 2]];
  await s.open(`puzzle=hanoi&pegs=4&disks=5&start=${start}&goal=${goal}`);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const shortest = hanoiBfs(4, start, goal);
  assert.equal(await solutionLength(page), shortest);

  await page.locator(tid('truth-open')).click();
  await page.locator(tid('truth-chart')).waitFor();
  const first = await table(page);
  assert.equal(first.hstar, shortest);
  // Disk 4 (the largest) is not on its goal peg: 2^(4+1) - 1 = 31, far above h*.
  assert.equal(first.rows['seed-power'], 31);
  const misplaced = start.filter((p, i) => p !== goal[i]).length;
  assert.equal(first.rows.misplaced, misplaced);
  const overs = await page.locator(`${tid('truth-over')}[data-heuristic="seed-power"]`).count();
  assert.ok(overs >= 1, 'the seed heuristic is marked where it overestimates');
  assert.equal(await page.locator(`${tid('truth-over')}:not([data-heuristic="seed-power"])`).count(), 0);
  assert.match(await page.locator(tid('truth-seed-over')).innerText(), /overestimates at \d+ positions/);

  await page.locator(tid('truth-race-run')).click();
  const verdict = page.locator(tid('truth-race-verdict'));
  await verdict.waitFor({ timeout: 30_000 });
  assert.equal(await verdict.getAttribute('data-longer'), 'true');
  const seed = Number(await page.getAttribute(tid('truth-race-seed'), 'data-length'));
  const admissible = Number(await page.getAttribute(tid('truth-race-admissible'), 'data-length'));
  assert.equal(admissible, shortest);
  assert.ok(seed > admissible, `seed ${seed} vs ${admissible}`);
  assert.equal(await verdict.innerText(), `Not a shortest path: ${seed} moves where ${admissible} suffice.`);
  await page.locator('.truth-race-path summary').click();
  const path = (await page.locator(tid('truth-race-path')).innerText()).trim().split(/\s+/);
  assert.equal(path.length, seed, 'the longer path is shown, one move per word');
  await screenshots(page, 'hanoi-seed');
  await page.locator(tid('language')).selectOption('zh');
  await page.waitForFunction(([sel, a, b]) => document.querySelector(sel)?.innerText === `不是最短路径：用了 ${a} 步，而 ${b} 步就够了。`,
    [tid('truth-race-verdict'), seed, admissible]);
  await screenshots(page, 'hanoi-seed-zh');
});
