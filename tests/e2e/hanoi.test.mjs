// Tower of Hanoi: tower-to-tower solves have length 2^n - 1 (and agree with an exhaustive BFS written here); an
// arbitrary start and goal (3 and 4 pegs) gets the BFS optimum; every animation step is one legal move and ends on the goal,
// and the move list words each move ("disk 2: peg A -> C").
// Set-up by dragging: any disk dropped on any peg goes there, and the URL follows.
// BFS over 4 pegs x 12 disks (16.8 M positions) runs with the app's default budget, showing progress. 5 pegs x 11
// disks stops at the worker's memory limit (bytes), and the message names it; the worker, whose memory grew and never
// shrinks, is then retired for a fresh one, which answers the next Solve.
import assert from 'node:assert/strict';
import {
  centre, describeHanoiMove, drag, hanoiBfs, hanoiState, isHanoiMove, messageText, puzzleParams, rng, setupMode,
  solutionLength, tid, useApp, verifySolution, waitAttr, waitPegsLayout, waitStatus,
} from './helpers.mjs';
import { memoryPeakDuring, solverMs } from './pdb-helpers.mjs';

const { test } = useApp();

const hanoiQuery = (pegs, start, goal, algo, heuristic) => `puzzle=hanoi&pegs=${pegs}&disks=${start.length}`
  + `&start=${start}&goal=${goal}&algo=${algo}${heuristic ? `&heuristic=${heuristic}` : ''}`;

/** Solves the page's puzzle, checks the length against the optimum, and plays and checks the solution. */
async function solveAndPlay(s, start, goal, optimum) {
  const { page } = s;
  assert.deepEqual(await hanoiState(page), start, 'the pegs do not show the URL\'s start');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const length = await solutionLength(page);
  assert.equal(length, optimum, `solution length ${length} is not the optimum ${optimum}`);
  await verifySolution(page, {
    testid: 'pegs', attr: 'data-state', start, goal, length, isMove: isHanoiMove, describe: describeHanoiMove,
  });
  await waitPegsLayout(page);
}

for (const [disks, algo, heuristic] of [[4, 'bfs', null], [6, 'astar', 'exact']]) {
  test(`${disks} disks tower to tower with ${algo}: 2^${disks}-1 moves, animated to the goal`, async (s) => {
    const start = Array(disks).fill(0);
    const goal = Array(disks).fill(2);
    const optimum = 2 ** disks - 1;
    assert.equal(hanoiBfs(3, start, goal), optimum, 'the JS BFS disagrees with 2^n-1');
    await s.open(hanoiQuery(3, start, goal, algo, heuristic));
    assert.equal(await s.page.locator(tid('algorithm')).inputValue(), algo);
    await solveAndPlay(s, start, goal, optimum);
  });
}

for (const [pegs, disks, algo, heuristic, seed] of [[3, 6, 'astar', 'exact', 4], [4, 5, 'astar', 'misplaced', 5]]) {
  test(`${pegs} pegs, ${disks} disks, arbitrary start and goal (${algo}, ${heuristic}): the BFS optimum, animated legally`,
    async (s) => {
      const random = rng(seed);
      const start = Array.from({ length: disks }, () => Math.floor(random() * pegs));
      const goal = Array.from({ length: disks }, () => Math.floor(random() * pegs));
      const optimum = hanoiBfs(pegs, start, goal);
      assert.ok(optimum > 3, `the generated instance is too easy (${optimum})`);
      await s.open(hanoiQuery(pegs, start, goal, algo, heuristic));
      assert.equal(await s.page.locator(tid('heuristic')).inputValue(), heuristic);
      await solveAndPlay(s, start, goal, optimum);
    });
}

test('set-up by dragging: any disk dropped on any peg settles there, and the URL follows', async (s) => {
  const { page } = s;
  await s.open(hanoiQuery(3, [0, 0, 0, 0], [2, 2, 2, 2], 'bfs'));
  await setupMode(page);
  let state = [0, 0, 0, 0];
  // The largest disk from the bottom of the tower, then the smallest, then one from the middle.
  for (const [disk, peg] of [[3, 1], [0, 2], [2, 2], [1, 1]]) {
    await waitPegsLayout(page);
    await drag(page, await centre(page.locator(tid(`disk-${disk}`))), await centre(page.locator(tid(`peg-${peg}`))));
    state = state.map((p, d) => (d === disk ? peg : p));
    await waitAttr(page, 'pegs', 'data-state', state);
    await page.waitForFunction((v) => new URL(location.href).searchParams.get('start') === v, state.join(','))
      .catch(() => assert.fail(`the URL's start= did not become ${state}: ${page.url()}`));
  }
  await waitPegsLayout(page);
  assert.equal(puzzleParams(page.url()).goal, '2,2,2,2', 'dragging the start changed the goal');

  // The set-up puzzle solves from where the disks were put.
  const optimum = hanoiBfs(3, state, [2, 2, 2, 2]);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), optimum);
});

/** Records, in the page, every distinct text the status line's progress detail shows. */
async function watchProgress(page) {
  await page.evaluate((sel) => {
    const seen = [];
    window.__e2eProgress = seen;
    new MutationObserver(() => {
      const text = document.querySelector(sel)?.textContent ?? '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, tid('progress'));
}

/** The number of solver workers the page's client retired for their memory (0 when none). */
async function retired(page) {
  return Number(await page.evaluate(() => document.documentElement.dataset.solverRetired ?? '0'));
}

test('4 pegs, 12 disks by BFS with the default budget: all 16.8 M positions fit, 81 moves, progress shown',
  async (s) => {
    const { page } = s;
    const disks = 12;
    // 81 = the Frame-Stewart number for 12 disks, which the solve CLI's BFS confirms (`solve 'puzzle=hanoi&pegs=4&
    // disks=12&start=0,...&goal=3,...&algo=bfs'`: 81 moves, 16,777,199 states expanded); a BFS here would take
    // minutes.
    await s.open(hanoiQuery(4, Array(disks).fill(0), Array(disks).fill(3), 'bfs'));
    await watchProgress(page);
    const peak = await memoryPeakDuring(async () => {
      await page.locator(tid('solve')).click();
      await waitStatus(page, 'solved', 180_000);
    });
    assert.equal(await solutionLength(page), 81);
    const progress = await page.evaluate(() => window.__e2eProgress);
    assert.ok(progress.some((t) => /[1-9]/.test(t)), `no search progress was shown: ${JSON.stringify(progress)}`);
    const estimate = (await page.locator(`${tid('stats')} [data-stat="memory"] td`).innerText()).trim();
    const mib = /^([\d.]+)\s*MiB$/.exec(estimate);
    assert.ok(mib, `the memory statistic '${estimate}' is not "N MiB"`);
    assert.ok(Number(mib[1]) <= 64, `the search's memory estimate ${estimate} is over the worker's 64 MiB BFS budget`);
    s.note(`4 pegs x 12 disks BFS: solver time ${(await solverMs(page)).toFixed(0)} ms; solver's memory estimate`
      + ` ${estimate}; peak browser PSS ${peak} (target 512 MiB);`
      + ` progress texts seen: ${progress.length}`);
  }, { timeout: 240_000 });

test('5 pegs, 11 disks by BFS (48.8 M positions) stops at the memory limit, named; the grown worker is replaced'
  + ' and its successor answers', async (s) => {
  const { page } = s;
  const disks = 11;
  await s.open(hanoiQuery(5, Array(disks).fill(0), Array(disks).fill(4), 'bfs'));
  const peak = await memoryPeakDuring(async () => {
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'limit', 120_000);
  });
  const message = await messageText(page);
  assert.match(message, /memory limit/, message);
  assert.match(message, /67108864 bytes \(64 MiB\)/, message);

  // The worker grew past 32 MiB: once idle it asks to be retired, and the client replaces it.
  await page.waitForFunction(() => document.documentElement.dataset.solverRetired === '1', null, { timeout: 15_000 })
    .catch(async () => assert.fail(`the grown worker was not retired (data-solver-retired: ${await retired(page)})`));
  const retiredBytes = Number(await page.evaluate(() => document.documentElement.dataset.solverRetiredBytes));
  assert.ok(retiredBytes > 32 * 2 ** 20, `the retired worker held only ${retiredBytes} bytes`);
  s.note(`5 pegs x 11 disks BFS to its 64 MiB limit: peak browser PSS ${peak} (target 512 MiB);`
    + ` the worker retired with ${(retiredBytes / 2 ** 20).toFixed(0)} MiB of wasm memory`);

  // The fresh worker answers: the same tower again, the same limit (and, grown again, it is retired in turn).
  await page.locator(tid('solve')).click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-status') === 'solving',
    tid('status'), { timeout: 15_000 }).catch(() => {});
  await waitStatus(page, 'limit', 120_000);
  assert.match(await messageText(page), /67108864 bytes \(64 MiB\)/);
  await page.waitForFunction(() => document.documentElement.dataset.solverRetired === '2', null, { timeout: 15_000 })
    .catch(async () => assert.fail(`the second grown worker was not retired (data-solver-retired: ${await retired(page)})`));
}, { timeout: 300_000 });
