// Play mode: arrow keys and clicks on a tile next to the blank slide it, anything else is refused, and the move
// counter counts only real moves; Hanoi disks move by dragging, legally only.
import assert from 'node:assert/strict';
import {
  boardTiles, centre, drag, hanoiState, isSlide, neighbours, playMode, tid, useApp, waitAttr, waitBoardLayout,
  waitPegsLayout,
} from './helpers.mjs';

const { test } = useApp();

async function counter(page) {
  const text = (await page.locator(tid('move-counter')).innerText()).trim();
  const m = /\d+/.exec(text);
  assert.ok(m, `move-counter '${text}' holds no number`);
  return Number(m[0]);
}

async function waitCounter(page, n) {
  await page.waitForFunction(([sel, v]) => (/\d+/.exec(document.querySelector(sel)?.innerText ?? '') ?? [])[0] === String(v),
    [tid('move-counter'), n]).catch(async () => assert.fail(`the move counter shows ${await counter(page)}, not ${n}`));
}

/** The blank's cell after pressing `key`, under each of the two conventions (the key moves a tile or the blank). */
function expectedBlank(blank, key, convention) {
  const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  const sign = convention === 'tile' ? -1 : 1;
  const x = (blank % 3) + sign * delta[0];
  const y = Math.floor(blank / 3) + sign * delta[1];
  return x < 0 || x > 2 || y < 0 || y > 2 ? null : y * 3 + x;
}

test('arrow keys and clicks slide tiles next to the blank; the move counter counts them', async (s) => {
  const { page } = s;
  // The blank in the centre: every arrow has a tile to move.
  const start = [1, 2, 3, 4, 0, 5, 7, 8, 6];
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=1,2,3,4,5,6,7,8,0`);
  await playMode(page);
  await waitCounter(page, 0);
  // Keys go to the page, not to the mode switch just clicked (a radio group would take the arrows itself).
  await page.evaluate(() => document.activeElement?.blur());
  let tiles = start;
  let moves = 0;

  // The first key tells which convention the app uses; it must be one of the two, and then be consistent.
  await page.keyboard.press('ArrowLeft');
  const changed = ([sel, t]) => document.querySelector(sel).getAttribute('data-tiles') !== t;
  await page.waitForFunction(changed, [tid('board'), tiles.join(',')])
    .catch(() => assert.fail('ArrowLeft moved nothing in play mode'));
  let next = await boardTiles(page);
  assert.ok(isSlide(tiles, next, 3, 3), `ArrowLeft did not make one legal slide: ${tiles} -> ${next}`);
  const convention = next.indexOf(0) === expectedBlank(4, 'ArrowLeft', 'tile') ? 'tile' : 'blank';
  assert.equal(next.indexOf(0), expectedBlank(4, 'ArrowLeft', convention), 'ArrowLeft moved the blank vertically');
  s.note(`arrow keys move the ${convention === 'tile' ? 'tile into the blank' : 'blank'} in the arrow's direction`);
  tiles = next;
  await waitCounter(page, (moves += 1));

  for (const key of ['ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown']) {
    const want = expectedBlank(tiles.indexOf(0), key, convention);
    await page.keyboard.press(key);
    if (want === null) {
      // Nothing can move that way: the board and the counter stay.
      await waitCounter(page, moves);
      assert.deepEqual(await boardTiles(page), tiles, `${key} moved a tile although none can move that way`);
      continue;
    }
    next = tiles.map((t, i) => (i === want ? 0 : i === tiles.indexOf(0) ? tiles[want] : t));
    await waitAttr(page, 'board', 'data-tiles', next);
    tiles = next;
    await waitCounter(page, (moves += 1));
  }
  await waitBoardLayout(page);

  // A click on a tile next to the blank slides it; a click on a far tile does nothing.
  const blank = tiles.indexOf(0);
  const near = neighbours(blank, 3, 3)[0];
  const far = tiles.findIndex((t, i) => t !== 0 && !neighbours(blank, 3, 3).includes(i));
  await page.locator(tid(`tile-${tiles[far]}`)).click();
  await waitCounter(page, moves);
  assert.deepEqual(await boardTiles(page), tiles, `clicking tile ${tiles[far]}, not next to the blank, moved it`);
  next = tiles.map((t, i) => (i === blank ? tiles[near] : i === near ? 0 : t));
  await page.locator(tid(`tile-${tiles[near]}`)).click();
  await waitAttr(page, 'board', 'data-tiles', next);
  await waitCounter(page, (moves += 1));
  await waitBoardLayout(page);
});

test('Hanoi play mode: dragging moves top disks legally, refuses illegal moves, and counts', async (s) => {
  const { page } = s;
  await s.open('puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2');
  await playMode(page);
  await waitCounter(page, 0);
  const move = async (disk, peg) => {
    await waitPegsLayout(page);
    await drag(page, await centre(page.locator(tid(`disk-${disk}`))), await centre(page.locator(tid(`peg-${peg}`))));
  };

  await move(2, 1); // the bottom disk, under two others: refused
  await waitPegsLayout(page);
  assert.deepEqual(await hanoiState(page), [0, 0, 0], 'a disk under others was moved in play mode');
  await waitCounter(page, 0);

  await move(0, 2);
  await waitAttr(page, 'pegs', 'data-state', [2, 0, 0]);
  await waitCounter(page, 1);

  await move(1, 2); // onto the smaller disk 0: refused
  await waitPegsLayout(page);
  assert.deepEqual(await hanoiState(page), [2, 0, 0], 'a disk was put on a smaller one');
  await waitCounter(page, 1);

  await move(1, 1);
  await waitAttr(page, 'pegs', 'data-state', [2, 1, 0]);
  await waitCounter(page, 2);
  await waitPegsLayout(page);
});
