// A shared link restores the puzzle exactly: the board, the goal (proved by solving to it), the algorithm and
// heuristic selects, the URL itself; and the Share button copies that same link.
import assert from 'node:assert/strict';
import {
  boardTiles, defaultGoal, hanoiState, playToEnd, puzzleParams, rng, scramble, slidingBfs, solutionLength, tid,
  useApp, waitPegsLayout, waitStatus,
} from './helpers.mjs';

const { test } = useApp();

const GOAL = scramble(defaultGoal(3, 3), 3, 3, 37, rng(11));
const START = scramble(GOAL, 3, 3, 80, rng(12));
const QUERY = `puzzle=sliding&size=3x3&start=${START}&goal=${GOAL}&algo=idastar&heuristic=linear-conflict`;

/** Clicks Share and returns the copied text. */
async function share(page) {
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
  await page.locator(tid('share')).click();
  const copied = () => navigator.clipboard.readText().then((t) => t !== '(nothing copied)');
  await page.waitForFunction(copied, null, { polling: 100 })
    .catch(() => assert.fail('Share put nothing on the clipboard'));
  return page.evaluate(() => navigator.clipboard.readText());
}

const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

test('a shared sliding link restores board, goal, selects and URL; Share copies the same link', async (s) => {
  const { page } = s;
  const expected = puzzleParams(s.url(QUERY));
  await s.open(QUERY);
  assert.deepEqual(await boardTiles(page), START, 'the board does not show the link\'s start');
  assert.equal(await page.getAttribute(tid('board'), 'data-size'), '3x3');
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'idastar');
  assert.equal(await page.locator(tid('heuristic')).inputValue(), 'linear-conflict');
  assert.deepEqual(puzzleParams(page.url()), expected, 'the page rewrote the link\'s puzzle on load');

  const link = await share(page);
  const url = new URL(link);
  assert.equal(`${url.origin}${url.pathname}`, s.appUrl, `the shared link ${link} does not point at the app`);
  assert.deepEqual(puzzleParams(link), expected, `the shared link ${link} does not carry the same puzzle`);

  // The goal is restored too: the solution found leads to the link's goal, in the optimum number of moves for it.
  const { distance } = slidingBfs(3, 3, START, GOAL);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), distance, 'the length is not the optimum towards the link\'s goal');
  await playToEnd(page, { testid: 'board', attr: 'data-tiles', goal: GOAL });

  // The copied link opened in a new page shows the same puzzle.
  const again = await s.context.newPage();
  await again.goto(link);
  await again.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-tiles'), tid('board'));
  assert.deepEqual(await boardTiles(again), START, 'the shared link does not restore the start');
  assert.equal(await again.locator(tid('heuristic')).inputValue(), 'linear-conflict');
  await again.close();
}, { contextOptions: clipboard });

test('a shared Hanoi link restores pegs, disks, state, selects and URL', async (s) => {
  const { page } = s;
  const random = rng(21);
  const start = Array.from({ length: 5 }, () => Math.floor(random() * 4));
  const goal = Array.from({ length: 5 }, () => Math.floor(random() * 4));
  const query = `puzzle=hanoi&pegs=4&disks=5&start=${start}&goal=${goal}&algo=astar&heuristic=misplaced`;
  await s.open(query);
  assert.deepEqual(await hanoiState(page), start, 'the pegs do not show the link\'s start');
  for (let k = 0; k < 4; k++) assert.equal(await page.locator(tid(`peg-${k}`)).count(), 1, `peg-${k} is not shown once`);
  assert.equal(await page.locator(tid('peg-4')).count(), 0, 'a fifth peg is shown');
  for (let d = 0; d < 5; d++) assert.equal(await page.locator(tid(`disk-${d}`)).count(), 1, `disk-${d} is not shown once`);
  assert.equal(await page.locator(tid('disk-5')).count(), 0, 'a sixth disk is shown');
  await waitPegsLayout(page);
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'astar');
  assert.equal(await page.locator(tid('heuristic')).inputValue(), 'misplaced');
  assert.deepEqual(puzzleParams(page.url()), puzzleParams(s.url(query)));
  const link = await share(page);
  assert.deepEqual(puzzleParams(link), puzzleParams(s.url(query)), `the shared link ${link} does not carry the same puzzle`);
}, { contextOptions: clipboard });
