// The search lab: Compare runs every ticked algorithm on the same 8-puzzle, and every optimal one shows the optimum
// this test computes by exhaustive BFS; an impossible state budget turns rows into `limit` without stopping the rest.
// The Sierpinski view of a 3-peg tower draws 3^n states, and after a solve highlights a path of 2^n states (2^n - 1
// moves), every one of them on a shortest path by the BFS written here; A* with the exact heuristic expands only it.
import assert from 'node:assert/strict';
import {
  defaultGoal, hanoiBfs, neighbours, rng, scramble, slidingBfs, tid, useApp, waitStatus,
} from './helpers.mjs';

const { test } = useApp();

const W = 3;
const H = 3;
const GOAL = defaultGoal(W, H);
/** The algorithms whose answers are always shortest. */
const OPTIMAL = new Set(['bfs', 'bibfs', 'astar', 'idastar']);

const slidingQuery = (start) => `puzzle=sliding&size=${W}x${H}&start=${start}&goal=${GOAL}`;

/** The number of positions strictly closer to `start` than `depth` moves (BFS layers 0..depth-1), computed here. */
function statesCloserThan(start, depth) {
  const seen = new Set([start.join(',')]);
  let frontier = [start];
  let count = 1;
  for (let d = 1; d < depth; d++) {
    const next = [];
    for (const board of frontier) {
      const blank = board.indexOf(0);
      for (const cell of neighbours(blank, W, H)) {
        const child = [...board];
        [child[blank], child[cell]] = [child[cell], child[blank]];
        const key = child.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          next.push(child);
        }
      }
    }
    count += next.length;
    frontier = next;
  }
  return count;
}

/** Clicks Compare and waits until the table has no waiting or running row; returns the rows' data. */
async function compare(page, timeout) {
  await page.locator(tid('compare')).click();
  await page.waitForSelector(`${tid('compare-table')}[data-running="false"]`, { timeout });
  return page.$$eval(`${tid('compare-row')}`, (rows) => rows.map((r) => ({
    algorithm: r.getAttribute('data-algorithm'),
    heuristic: r.getAttribute('data-heuristic'),
    status: r.getAttribute('data-status'),
    length: r.getAttribute('data-length'),
  })));
}

test('compare on an 8-puzzle: every optimal algorithm shows the BFS optimum; charts and operators are drawn',
  async (s) => {
    const { page } = s;
    const start = scramble(GOAL, W, H, 40, rng(21));
    const { distance: optimum } = slidingBfs(W, H, start, GOAL);
    assert.ok(optimum >= 8, `the generated instance is too easy (${optimum})`);
    await s.open(slidingQuery(start));
    const pairs = await page.locator(tid('compare-pair')).count();
    assert.ok(pairs >= 8, `only ${pairs} pairs offered`);
    const rows = await compare(page, 90_000);
    assert.equal(rows.length, pairs, 'one row per ticked pair');
    const keys = rows.map((r) => `${r.algorithm}/${r.heuristic}`);
    for (const want of ['bfs/none', 'bibfs/none', 'astar/misplaced', 'astar/manhattan', 'astar/linear-conflict',
      'idastar/linear-conflict', 'greedy/manhattan', 'dfs/none']) {
      assert.ok(keys.includes(want), `no row for ${want}: ${keys}`);
    }
    for (const row of rows) {
      if (OPTIMAL.has(row.algorithm)) {
        assert.equal(row.status, 'solved', `${row.algorithm}/${row.heuristic} did not solve: ${row.status}`);
        assert.equal(Number(row.length), optimum,
          `${row.algorithm}/${row.heuristic} shows ${row.length}, the BFS optimum is ${optimum}`);
      } else if (row.status === 'solved') {
        assert.ok(Number(row.length) >= optimum, `${row.algorithm} beat the optimum: ${row.length} < ${optimum}`);
        // Every solution of a sliding puzzle has the parity of the optimum.
        assert.equal((Number(row.length) - optimum) % 2, 0, `${row.algorithm}'s length has the wrong parity`);
      }
    }
    // The operators of the BFS row are a U/D/L/R string of the optimum's length (cut with a tooltip if long).
    const bfsOps = await page.locator(`${tid('compare-row')}[data-algorithm="bfs"] [data-col="operators"]`);
    const full = (await bfsOps.getAttribute('title')) ?? '';
    assert.match(full, /^[UDLR]+$/, `operators '${full}'`);
    assert.equal(full.length, optimum);
    const finished = rows.filter((r) => ['solved', 'limit'].includes(r.status)).length;
    for (const chart of ['compare-chart-expanded', 'compare-chart-time']) {
      assert.equal(await page.locator(`${tid(chart)} rect`).count(), finished, `${chart}: one bar per finished row`);
    }
    s.note(`8-puzzle at distance ${optimum}: ${rows.map((r) => `${r.algorithm}/${r.heuristic}=${r.status}:${r.length}`).join(' ')}`);
  }, { timeout: 150_000 });

test('an impossible budget turns BFS into a limit row and the other pairs still run', async (s) => {
  const { page } = s;
  const start = scramble(GOAL, W, H, 30, rng(5));
  const { distance: optimum } = slidingBfs(W, H, start, GOAL);
  const closer = statesCloserThan(start, optimum);
  assert.ok(closer > 1_000, `BFS would fit 1,000 states (${closer} closer than the goal): pick a harder instance`);
  await s.open(slidingQuery(start));
  await page.locator(tid('compare-budget')).selectOption('1000');
  // DFS would only spend its time limit; untick it.
  await page.locator(`${tid('compare-pair')}[data-pair="dfs"]`).uncheck();
  const rows = await compare(page, 90_000);
  const row = (algorithm, heuristic) => rows.find((r) => r.algorithm === algorithm && r.heuristic === heuristic);
  assert.equal(rows.length, 7, 'DFS was unticked');
  assert.ok(!rows.some((r) => r.algorithm === 'dfs'));
  assert.equal(row('bfs', 'none').status, 'limit', `BFS must hold ${closer} states before the goal's layer`);
  assert.equal(row('bfs', 'none').length, '');
  // The rows after it ran: IDA* holds only its path, so it solves within the budget.
  assert.ok(rows.every((r) => !['waiting', 'running'].includes(r.status)), JSON.stringify(rows));
  const ida = row('idastar', 'linear-conflict');
  assert.equal(ida.status, 'solved');
  assert.equal(Number(ida.length), optimum);
  for (const r of rows.filter((x) => x.status === 'solved' && OPTIMAL.has(x.algorithm))) {
    assert.equal(Number(r.length), optimum, `${r.algorithm}/${r.heuristic}`);
  }
  const limitText = await page.locator(`${tid('compare-row')}[data-algorithm="bfs"]`).innerText();
  assert.match(limitText, /limit/);
  s.note(`budget 1,000 at distance ${optimum} (${closer} closer states): `
    + rows.map((r) => `${r.algorithm}/${r.heuristic}=${r.status}`).join(' '));
}, { timeout: 150_000 });

test('Skip moves on to the next pair; Stop (and Escape) cancel the rest; Compare runs again', async (s) => {
  const { page } = s;
  // A 15-puzzle far from its goal: the searches without a strong heuristic run into their budgets (BFS in under
  // 0.2 s), so each press below reads the pairs' states in the same turn of the page's script as it acts.
  const goal = defaultGoal(4, 4);
  const start = scramble(goal, 4, 4, 200, rng(9));
  await s.open(`puzzle=sliding&size=4x4&start=${start}&goal=${goal}`);
  await page.locator(tid('compare')).click();
  const row = (i) => page.locator(tid('compare-row')).nth(i);
  // A pair running: BFS, or already the one after it (BFS's running state may last less than a frame).
  await page.waitForFunction((selector) => [...document.querySelectorAll(selector)]
    .some((r) => r.dataset.status === 'running'), tid('compare-row'));
  // Skip, in the same turn of the page's script as reading which pair runs: BFS may reach its memory budget in
  // under 0.2 s, and a click sent from here could land on the pair after it.
  const skipped = await page.evaluate(([rowSelector, skipSelector]) => {
    const running = [...document.querySelectorAll(rowSelector)].findIndex((r) => r.dataset.status === 'running');
    document.querySelector(skipSelector).click();
    return running;
  }, [tid('compare-row'), tid('compare-cancel-pair')]);
  assert.ok(skipped >= 0 && skipped < 3, `a pair ran when Skip was pressed (row ${skipped})`);
  await page.waitForFunction(([selector, i]) => document.querySelectorAll(selector)[i]?.dataset.status === 'cancelled',
    [tid('compare-row'), skipped]);
  assert.notEqual(await row(skipped + 1).getAttribute('data-status'), 'waiting', 'the next pair started after the skip');
  // Escape, read in the same turn as the pairs' states: the A* pairs may each reach their budget in under 0.1 s.
  const before = await page.evaluate((rowSelector) => {
    const statuses = [...document.querySelectorAll(rowSelector)].map((r) => r.dataset.status);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    return statuses;
  }, tid('compare-row'));
  await page.waitForSelector(`${tid('compare-table')}[data-running="false"]`);
  const after = await page.$$eval(tid('compare-row'), (rs) => rs.map((r) => r.getAttribute('data-status')));
  assert.ok(before.some((st) => ['waiting', 'running'].includes(st)), `pairs left to stop: ${before}`);
  assert.ok(after.every((st) => !['waiting', 'running'].includes(st)), `${after}`);
  // Every pair still waiting or running was cancelled; those that had ended kept their outcome.
  after.forEach((st, i) => {
    const expected = ['waiting', 'running'].includes(before[i]) ? 'cancelled' : before[i];
    assert.equal(st, expected, `row ${i}: ${before} -> ${after}`);
  });
  assert.ok(await page.locator(tid('compare')).isEnabled(), 'Compare can run again');
  // The worker was replaced, and still solves.
  await page.locator(`${tid('compare-pair')}`).evaluateAll((boxes) => boxes.forEach((b) => {
    if (b.checked !== (b.getAttribute('data-pair') === 'idastar/linear-conflict')) b.click();
  }));
  const rows = await compare(page, 60_000);
  assert.deepEqual(rows.map((r) => r.algorithm), ['idastar']);
  assert.ok(['solved', 'limit'].includes(rows[0].status), rows[0].status);
}, { timeout: 120_000 });

/** The states of the Sierpinski view on the highlighted path, and the view's counters. */
async function sierpinski(page) {
  const view = page.locator(tid('sierpinski'));
  return {
    states: Number(await view.getAttribute('data-states')),
    explored: Number(await view.getAttribute('data-explored')),
    path: Number(await view.getAttribute('data-path')),
    drawn: await page.locator(`${tid('sierpinski')} circle`).count(),
    onPath: await page.$$eval(`${tid('sierpinski')} circle.on-path`,
      (cs) => cs.map((c) => Number(c.getAttribute('data-state')))),
  };
}

const decode = (state, disks) => Array.from({ length: disks }, (_, i) => Math.floor(state / 3 ** i) % 3);

for (const [algo, heuristic] of [['bfs', null], ['astar', 'exact']]) {
  test(`Sierpinski view, 3 pegs and 4 disks (${algo}): 81 states, a highlighted shortest path of 16`, async (s) => {
    const { page } = s;
    const disks = 4;
    const start = Array(disks).fill(0);
    const goal = Array(disks).fill(2);
    await s.open(`puzzle=hanoi&pegs=3&disks=${disks}&start=${start}&goal=${goal}&algo=${algo}`
      + (heuristic ? `&heuristic=${heuristic}` : ''));
    let view = await sierpinski(page);
    assert.equal(view.states, 3 ** disks);
    assert.equal(view.drawn, 3 ** disks, 'one dot per state');
    assert.equal(view.explored, 0, 'nothing explored before a solve');
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 30_000);
    await page.waitForSelector(`${tid('sierpinski')}:not([data-path="0"])`);
    view = await sierpinski(page);
    const optimum = hanoiBfs(3, start, goal);
    assert.equal(optimum, 2 ** disks - 1);
    assert.equal(view.path, 2 ** disks - 1 + 1, 'the path holds 2^n - 1 moves, so 2^n states');
    assert.equal(view.onPath.length, 2 ** disks, 'highlighted dots');
    // Every highlighted state lies on a shortest path, by the exhaustive BFS here.
    for (const st of view.onPath) {
      const p = decode(st, disks);
      assert.equal(hanoiBfs(3, start, p) + hanoiBfs(3, p, goal), optimum, `state ${p} is off every shortest path`);
    }
    if (algo === 'astar') {
      assert.equal(view.explored, 2 ** disks - 1, 'the exact heuristic expands the path before the goal, nothing else');
    } else {
      // BFS stops when it generates the goal: it has expanded every state two or more moves closer than the goal,
      // and only states closer than the goal.
      const dist = Array.from({ length: 3 ** disks }, (_, st) => hanoiBfs(3, start, decode(st, disks)));
      const within = (d) => dist.filter((x) => x <= d).length;
      assert.ok(view.explored >= within(optimum - 2) && view.explored <= within(optimum - 1),
        `${view.explored} expanded, expected between ${within(optimum - 2)} and ${within(optimum - 1)}`);
    }
    // The picture and the statistics count the same expansions.
    const stat = await page.locator('[data-stat="expanded"] td').innerText();
    assert.equal(Number(stat.replace(/,/g, '')), view.explored, 'Sierpinski view and statistics disagree');
    const coloured = await page.$$eval(`${tid('sierpinski')} circle`,
      (cs) => cs.filter((c) => c.getAttribute('fill')?.startsWith('hsl')).length);
    assert.equal(coloured, view.explored, 'one coloured dot per expanded state');
    s.note(`3 pegs, ${disks} disks, ${algo}: ${view.explored} of ${view.states} states expanded, path ${view.path}`);
  });
}

test('step-through: one expansion at a time, OPEN and CLOSED grow, the current position drawn', async (s) => {
  const { page } = s;
  const disks = 3;
  await s.open(`puzzle=hanoi&pegs=3&disks=${disks}&start=0,0,0&goal=2,2,2&algo=bfs`);
  assert.equal(await page.locator(tid('stepper')).count(), 0, 'no stepper before a search');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const stepper = page.locator(tid('stepper'));
  await stepper.waitFor();
  const total = Number(await stepper.getAttribute('data-total'));
  assert.equal(total, Number(await page.getAttribute(tid('sierpinski'), 'data-explored')));
  await page.locator(tid('stepper-first')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="0"]`);
  assert.equal(await stepper.getAttribute('data-closed'), '0');
  assert.equal(await stepper.getAttribute('data-open'), '1', 'only the start is in OPEN');
  const attr = async (name) => Number(await stepper.getAttribute(name));
  // BFS by hand, to compare OPEN after each expansion: the start first, then each state's new neighbours.
  const encode = (p) => p.reduce((k, peg, d) => k + peg * 3 ** d, 0);
  const decode = (k) => Array.from({ length: disks }, (_, d) => Math.floor(k / 3 ** d) % 3);
  const moves = (p) => {
    const out = [];
    for (let from = 0; from < 3; from++) {
      const d = p.findIndex((x) => x === from);
      if (d < 0) continue;
      for (let to = 0; to < 3; to++) {
        const top = p.findIndex((x) => x === to);
        if (to !== from && (top < 0 || top > d)) out.push(p.map((x, i) => (i === d ? to : x)));
      }
    }
    return out;
  };
  // OPEN as a map state -> depth; the app's expanded state must be in OPEN at its least depth (FIFO), and OPEN must
  // then hold exactly the states this bookkeeping holds.
  const depth = new Map([[0, 0]]);
  const open = new Map([[0, 0]]);
  for (let i = 1; i <= 8; i++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('stepper')}[data-step="${i}"]`);
    const state = Number(await page.getAttribute(tid('stepper-current'), 'data-state'));
    assert.ok(open.has(state), `step ${i} expands ${decode(state)}, which is not in OPEN`);
    const least = Math.min(...open.values());
    assert.equal(open.get(state), least, `step ${i}: BFS expands the shallowest state first`);
    open.delete(state);
    for (const next of moves(decode(state)).map(encode)) {
      if (!depth.has(next)) {
        depth.set(next, depth.get(state) + 1);
        open.set(next, depth.get(state) + 1);
      }
    }
    assert.equal(await attr('data-closed'), i);
    assert.equal(await attr('data-open'), open.size, `OPEN after ${i} expansions`);
    assert.equal(await attr('data-step'), i);
    assert.equal(Number(await page.getAttribute(tid('sierpinski'), 'data-shown')), i);
    assert.equal(await page.locator(`${tid('sierpinski')} circle.current`).count(), 1);
    const drawn = await page.locator(`${tid('stepper-current')} rect`).count();
    assert.equal(drawn, disks, 'the current position shows every disk');
  }
  await page.locator(tid('stepper-back')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="7"]`);
  assert.equal(await attr('data-closed'), 7);
  await page.locator(tid('stepper-whole')).click();
  await page.waitForSelector(`${tid('stepper')}[data-step="${total}"]`);
  assert.equal(await attr('data-step'), total);
  assert.equal(await page.locator(`${tid('sierpinski')} circle.on-path`).count(), 2 ** disks);
});

test('Sierpinski view of 7 disks draws 2187 states; 8 disks draws none', async (s) => {
  const { page } = s;
  await s.open(`puzzle=hanoi&pegs=3&disks=7&start=${Array(7).fill(0)}&goal=${Array(7).fill(1)}&algo=bfs`);
  assert.equal(await page.locator(`${tid('sierpinski')} circle`).count(), 2187);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  await page.waitForSelector(`${tid('sierpinski')}[data-path="128"]`);
  await s.open(`puzzle=hanoi&pegs=3&disks=8&start=${Array(8).fill(0)}&goal=${Array(8).fill(2)}`);
  assert.equal(await page.locator(tid('sierpinski')).count(), 0);
});
