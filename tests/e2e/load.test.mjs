// The page loads: a shuffled, solvable 8-puzzle, status idle, the controls in place, no console errors; load to
// interactive is measured and printed. Shuffle gives new solvable arrangements and writes them to the URL.
import assert from 'node:assert/strict';
import {
  boardSize, boardTiles, defaultGoal, puzzleParams, slidingBfs, status, tid, useApp, waitAttr, waitBoardLayout,
} from './helpers.mjs';

const { test } = useApp();

const ALGORITHMS = ['bfs', 'bibfs', 'dfs', 'astar', 'idastar', 'greedy', 'weighted', 'direct', 'staged'];
const HEURISTICS = ['misplaced', 'manhattan', 'linear-conflict', 'pdb', 'exact', 'seed-power'];

/** The goal the page works towards: the URL's, or the default one. */
function goalOf(url, width, height) {
  const goal = puzzleParams(url).goal;
  return goal ? goal.split(',').map(Number) : defaultGoal(width, height);
}

function assertPermutation(tiles, n, what) {
  assert.deepEqual([...tiles].sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i),
    `${what} (${tiles}) is not the numbers 0..${n - 1} once each`);
}

test('loads with a shuffled, solvable 8-puzzle, idle, and no console errors', async (s) => {
  const { page } = s;
  await s.open();
  const ms = await s.interactiveMs();
  s.note(`load to interactive (navigation start to board shown and Solve enabled): ${ms.toFixed(0)} ms (target 1000 ms)`);

  assert.ok(await page.locator(tid('board')).isVisible(), 'the board is not visible');
  const { width, height, text } = await boardSize(page);
  assert.equal(text, '3x3', 'the default puzzle is not a 3x3 sliding puzzle');
  const tiles = await boardTiles(page);
  assertPermutation(tiles, 9, 'data-tiles');
  for (let t = 1; t <= 8; t++) {
    assert.equal(await page.locator(tid(`tile-${t}`)).count(), 1, `tile-${t} is not shown exactly once`);
  }
  await waitBoardLayout(page);

  const goal = goalOf(page.url(), width, height);
  assert.notDeepEqual(tiles, goal, 'the default puzzle is already solved: it is not shuffled');
  assert.notEqual(slidingBfs(width, height, tiles, goal).distance, null, `the default puzzle ${tiles} cannot reach ${goal}`);

  assert.equal(await status(page), 'idle');
  assert.ok(await page.locator(tid('solve')).isEnabled(), 'Solve is disabled');

  const algorithms = await page.locator(`${tid('algorithm')} option`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(algorithms.includes('bfs') && algorithms.includes('astar'), `algorithm options ${algorithms} lack bfs or astar`);
  for (const a of algorithms) assert.ok(ALGORITHMS.includes(a), `algorithm option '${a}' is not a CLI name`);
  const heuristics = await page.locator(`${tid('heuristic')} option`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(heuristics.includes('manhattan'), `heuristic options ${heuristics} lack manhattan for a sliding puzzle`);
  for (const h of heuristics) assert.ok(HEURISTICS.includes(h), `heuristic option '${h}' is not a CLI name`);
  for (const id of ['shuffle', 'share', 'speed', 'status']) {
    assert.ok(await page.locator(tid(id)).isVisible(), `${id} is not visible`);
  }
  assert.deepEqual(s.problems, [], `console or page errors on load:\n${s.problems.join('\n')}`);
});

test('Shuffle gives new solvable arrangements and writes them to the URL', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,0&goal=1,2,3,4,5,6,7,8,0');
  const seen = new Set([(await boardTiles(page)).join(',')]);
  for (let i = 0; i < 3; i++) {
    const before = (await boardTiles(page)).join(',');
    await page.locator(tid('shuffle')).click();
    await page.waitForFunction(([sel, b]) => document.querySelector(sel).getAttribute('data-tiles') !== b,
      [tid('board'), before]).catch(() => assert.fail('Shuffle did not change the board'));
    const tiles = await boardTiles(page);
    assertPermutation(tiles, 9, 'data-tiles after Shuffle');
    assert.notEqual(slidingBfs(3, 3, tiles, defaultGoal(3, 3)).distance, null, `Shuffle gave an unsolvable ${tiles}`);
    await page.waitForFunction((t) => new URL(location.href).searchParams.get('start') === t, tiles.join(','))
      .catch(() => assert.fail(`the URL's start= did not follow Shuffle to ${tiles}: ${page.url()}`));
    assert.equal(puzzleParams(page.url()).goal, '1,2,3,4,5,6,7,8,0', 'Shuffle changed the goal');
    seen.add(tiles.join(','));
  }
  assert.ok(seen.size >= 3, `three shuffles gave only ${seen.size - 1} new arrangements`);
  await waitBoardLayout(page);
  await waitAttr(page, 'status', 'data-status', 'idle');
});

/** The computed transition durations of every numbered tile, in seconds (the blank moves at once: see
 * playback-restyle.test.mjs). */
async function tileTransitions(page) {
  return page.locator(`${tid('board')} [data-testid^="tile-"]:not(${tid('tile-0')})`).evaluateAll((tiles) => tiles.map((t) => {
    const seconds = (d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1);
    return Math.max(...getComputedStyle(t).transitionDuration.split(',').map(seconds));
  }));
}

test('tiles slide with a transition, which prefers-reduced-motion turns off', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8&goal=1,2,3,4,5,6,7,8,0');
  const moving = await tileTransitions(page);
  assert.ok(moving.length === 8 && moving.every((d) => d > 0), `tiles have no slide transition: ${moving}`);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await s.open('puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8&goal=1,2,3,4,5,6,7,8,0');
  const still = await tileTransitions(page);
  assert.ok(still.every((d) => d === 0), `with prefers-reduced-motion the tiles still animate: ${still} s`);
});
