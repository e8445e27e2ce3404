// Bad links: a malformed one shows a message naming the problem and falls back to the default puzzle, which
// still solves; an unsolvable one is shown as given, says why before any search, and Solve answers unsolvable.
import assert from 'node:assert/strict';
import {
  boardSize, boardTiles, defaultGoal, messageText, puzzleParams, slidingBfs, solutionLength, status, tid, useApp,
  waitStatus,
} from './helpers.mjs';

const { test } = useApp();

/** Malformed links and words their message must contain (the crate's parser names the problem). */
const MALFORMED = [
  ['puzzle=sliding&size=3y3&start=1,2', ['3y3', 'size']],
  ['puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,7,0', ['tile 7', 'twice']],
  ['puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,0&algo=quick', ['quick', 'algorithm']],
  ['puzzle=hanoi&pegs=9&disks=3&start=0,0,0', ['pegs', '9']],
  ['puzzle=sliding&size=3x3&start=%zz', ['%zz']],
  ['puzzle=cube&size=3x3', ['cube']],
];

async function assertDefaultPuzzle(page, link) {
  const { text } = await boardSize(page);
  assert.equal(text, '3x3', `after ${link} the page does not show the default 3x3 puzzle`);
  const tiles = await boardTiles(page);
  assert.deepEqual([...tiles].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8], `after ${link} data-tiles is ${tiles}`);
  assert.ok(await page.locator(tid('solve')).isEnabled(), `after ${link} Solve is disabled`);
  return tiles;
}

test('a malformed link names the problem, falls back to the default puzzle, and Solve still works', async (s) => {
  const { page } = s;
  const [link, words] = MALFORMED[0];
  await s.open(link);
  const message = page.locator(tid('message'));
  assert.ok(await message.isVisible(), 'no message is shown for a malformed link');
  const text = await messageText(page);
  for (const w of words) assert.ok(text.includes(w), `the message '${text}' does not name the problem ('${w}')`);
  const tiles = await assertDefaultPuzzle(page, link);

  const goal = puzzleParams(page.url()).goal?.split(',').map(Number) ?? defaultGoal(3, 3);
  const { distance } = slidingBfs(3, 3, tiles, goal);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), distance, 'the fallback puzzle was not solved optimally');
});

test('every kind of malformed link gets a message that names it, never a blank page', async (s) => {
  const { page } = s;
  for (const [link, words] of MALFORMED.slice(1)) {
    await s.open(link);
    assert.ok(await page.locator(tid('message')).isVisible(), `no message is shown for ${link}`);
    const text = await messageText(page);
    for (const w of words) {
      assert.ok(text.includes(w), `for ${link} the message '${text}' does not name the problem ('${w}')`);
    }
    await assertDefaultPuzzle(page, link);
  }
});

test('an unsolvable link is shown as given, says it is unsolvable, and Solve answers unsolvable', async (s) => {
  const { page } = s;
  // Tiles 7 and 8 swapped: an odd permutation with the blank in place, which no sequence of slides can fix.
  const start = [1, 2, 3, 4, 5, 6, 8, 7, 0];
  const goal = defaultGoal(3, 3);
  assert.equal(slidingBfs(3, 3, start, goal).distance, null, 'the JS BFS reaches the goal: the instance is not unsolvable');
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=${goal}&algo=bfs`);
  assert.deepEqual(await boardTiles(page), start, 'a valid but unsolvable link must be shown as given');
  const says = () => /unsolvable|not solvable|cannot be solved|cannot reach/i.test(document.body.innerText);
  await page.waitForFunction(says, null)
    .catch(() => assert.fail('nothing on the page says the puzzle is unsolvable before Solve'));
  const badge = page.locator(tid('solvability'));
  if (await badge.count()) {
    assert.equal(await badge.getAttribute('data-solvable'), 'false', 'the solvability badge says solvable');
  }

  await page.locator(tid('solve')).click();
  await waitStatus(page, 'unsolvable', 5_000);
  const text = await messageText(page);
  assert.match(text, /solvab|cannot reach|parit/i, `the message '${text}' does not explain the unsolvability`);
  assert.equal(await status(page), 'unsolvable');
});
