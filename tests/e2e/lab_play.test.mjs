// Play with hints (issue 5, parts 3-5): following the hints from a shuffled 8-puzzle reaches the goal in exactly the
// announced number of moves (checked against an exhaustive BFS written here), undo and redo, Solve from here, the
// language switch (visible text, <html lang>, remembered across a reload), keyboard play, and a 360 px phone layout
// without horizontal scrolling.
import assert from 'node:assert/strict';
import {
  boardTiles, defaultGoal, isSlide, playMode, rng, scramble, slidingBfs, solutionLength, tid, useApp, waitAttr,
  waitStatus,
} from './helpers.mjs';

const { test } = useApp();

const GOAL = defaultGoal(3, 3);
const button = (id) => `button${tid(id)}`;

/** The number in an element's text (the move counter, the optimum). */
async function numberIn(page, id) {
  const text = (await page.locator(tid(id)).innerText()).trim();
  const m = /\d+/.exec(text);
  return m ? Number(m[0]) : null;
}

async function waitNumber(page, id, n) {
  await page.waitForFunction(([sel, v]) => (/\d+/.exec(document.querySelector(sel)?.innerText ?? '') ?? [])[0] === String(v),
    [tid(id), n]).catch(async () => assert.fail(`${id} shows ${await numberIn(page, id)}, not ${n}`));
}

/** Asks for a hint and waits for it: the moves left and the tile to slide (null at the goal). */
async function hint(page) {
  await page.locator(button('hint')).click();
  await page.locator(tid('moves-left')).waitFor();
  const left = Number(await page.getAttribute(tid('moves-left'), 'data-left'));
  const move = await page.getAttribute(tid('hint-text'), 'data-move');
  const tile = /^(\d+)\s/.exec(move ?? '');
  return { left, tile: tile ? Number(tile[1]) : null };
}

async function waitTiles(page, tiles) {
  await waitAttr(page, 'board', 'data-tiles', tiles.join(','));
}

/** The test ids of the highlighted pieces (tiles or disks) on the board. */
async function hinted(page) {
  return page.$$eval('[data-hinted="true"]', (els) => els.map((e) => e.dataset.testid));
}

/** Checks that exactly `testid` is highlighted and that its accessible description is the hint in words. */
async function assertHinted(page, testid, words) {
  assert.deepEqual(await hinted(page), [testid], 'the highlighted piece is not the one the hint moves');
  const described = await page.getAttribute(tid(testid), 'aria-describedby');
  assert.ok(described, `${testid} has no aria-describedby`);
  const text = await page.evaluate((id) => document.getElementById(id)?.textContent ?? '', described);
  assert.match(text, words, `${testid} is described as '${text}'`);
}

test('following the hints from a shuffled 8-puzzle reaches the goal in exactly the announced moves', async (s) => {
  const { page } = s;
  const start = scramble(GOAL, 3, 3, 60, rng(2026));
  const truth = slidingBfs(3, 3, start, GOAL).distance;
  assert.ok(truth >= 8, `the scramble is too easy (${truth} moves)`);
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=${GOAL}`);
  await playMode(page);
  // The optimum from the play start, computed in the worker, is shown beside the player's count.
  await waitNumber(page, 'optimal-count', truth);
  await waitNumber(page, 'move-counter', 0);

  const first = await hint(page);
  assert.equal(first.left, truth, 'the announced moves left are not the optimum (exhaustive BFS)');
  let tiles = start;
  let moves = 0;
  let { left, tile } = first;
  while (left > 0) {
    assert.ok(tile !== null, `no move offered with ${left} moves left`);
    // The hinted tile is highlighted on the board, and described to screen readers.
    await assertHinted(page, `tile-${tile}`, new RegExp(`\\b${tile}\\b`));
    // Alternate pointer and keyboard: a tap on the tile, or Enter on the focused tile.
    const locator = page.locator(tid(`tile-${tile}`));
    if (moves % 2 === 0) await locator.click();
    else {
      await locator.focus();
      await page.keyboard.press('Enter');
    }
    const cell = tiles.indexOf(tile);
    const next = [...tiles];
    next[next.indexOf(0)] = tile;
    next[cell] = 0;
    assert.ok(isSlide(tiles, next, 3, 3), `the hinted tile ${tile} is not next to the blank`);
    await waitTiles(page, next);
    assert.deepEqual(await hinted(page), [], 'the highlight outlived the move');
    tiles = next;
    moves += 1;
    await waitNumber(page, 'move-counter', moves);
    assert.ok(moves <= truth, 'the hints lead away from the goal');
    if (tiles.join() === GOAL.join()) break;
    ({ left, tile } = await hint(page));
    assert.equal(left, first.left - moves, 'each hinted move brings the goal one move closer');
  }
  // At the goal there is nothing to hint.
  assert.ok(await page.locator(button('hint')).isDisabled(), 'Hint is still offered at the goal');
  assert.deepEqual(await boardTiles(page), GOAL);
  assert.equal(moves, first.left, 'the goal was not reached in exactly the announced number of moves');
  // The score line compares the two.
  assert.equal(await numberIn(page, 'move-counter'), truth);
  assert.equal(await numberIn(page, 'optimal-count'), truth);
  s.note(`followed ${moves} hints from ${start} (BFS optimum ${truth})`);
});

test('undo and redo walk the played moves; a new move drops the redo; Solve from here solves the position', async (s) => {
  const { page } = s;
  const start = [1, 2, 3, 4, 0, 5, 7, 8, 6];
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=${GOAL}`);
  await playMode(page);
  const undo = page.locator(button('undo'));
  const redo = page.locator(button('redo'));
  assert.ok(await undo.isDisabled() && await redo.isDisabled(), 'undo/redo are enabled before any move');

  const positions = [start];
  for (const t of [2, 1, 4]) {
    const tiles = positions.at(-1);
    await page.locator(tid(`tile-${t}`)).click();
    const next = [...tiles];
    next[tiles.indexOf(0)] = t;
    next[tiles.indexOf(t)] = 0;
    await waitTiles(page, next);
    positions.push(next);
  }
  await waitNumber(page, 'move-counter', 3);
  await undo.click();
  await waitTiles(page, positions[2]);
  await undo.click();
  await waitTiles(page, positions[1]);
  await waitNumber(page, 'move-counter', 1);
  await redo.click();
  await waitTiles(page, positions[2]);
  await waitNumber(page, 'move-counter', 2);
  // The keyboard: Ctrl+Z undoes, Ctrl+Y redoes.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+z');
  await waitTiles(page, positions[1]);
  await page.keyboard.press('Control+y');
  await waitTiles(page, positions[2]);
  assert.ok(!(await redo.isDisabled()), 'the third move can still be redone');
  // A different move: what was undone cannot come back.
  const other = positions[2].indexOf(0) === 0 ? positions[2][1] : positions[2][positions[2].indexOf(0) - 1];
  const tiles = positions[2];
  const next = [...tiles];
  next[tiles.indexOf(0)] = other;
  next[tiles.indexOf(other)] = 0;
  assert.ok(isSlide(tiles, next, 3, 3));
  await page.locator(tid(`tile-${other}`)).click();
  await waitTiles(page, next);
  assert.ok(await redo.isDisabled(), 'redo survived a new move');

  const truth = slidingBfs(3, 3, next, GOAL).distance;
  await page.locator(button('solve-from-here')).click();
  await waitStatus(page, 'solved');
  assert.equal(await solutionLength(page), truth, 'Solve from here did not find the optimum from the current position');
  assert.equal(new URL(page.url()).searchParams.get('start'), next.join(','), 'the start is not the played position');
});

test('the language switch changes the visible text and is remembered across a reload', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=3x3');
  const solve = page.locator(tid('solve'));
  assert.equal((await solve.innerText()).trim(), 'Solve');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  await page.locator(tid('language')).selectOption('zh');
  await page.waitForFunction((sel) => document.querySelector(sel)?.innerText.trim() === '求解', tid('solve'));
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  const heading = await page.locator('h1').innerText();
  assert.match(heading, /[\u4e00-\u9fff]/, 'the heading stayed English');
  await playMode(page);
  assert.equal((await page.locator(button('hint')).innerText()).trim(), '提示');
  assert.equal((await page.locator(button('undo')).innerText()).trim(), '撤销');

  await page.reload({ waitUntil: 'load' });
  await s.waitInteractive();
  assert.equal((await solve.innerText()).trim(), '求解', 'the language was not remembered');
  assert.equal(await page.locator(tid('language')).inputValue(), 'zh');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  await page.locator(tid('language')).selectOption('en');
  await page.waitForFunction((sel) => document.querySelector(sel)?.innerText.trim() === 'Solve', tid('solve'));
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
});

test('the board reads out to screen readers and moves are announced', async (s) => {
  const { page } = s;
  const start = [1, 2, 3, 4, 0, 5, 7, 8, 6];
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=${GOAL}`);
  assert.equal(await page.getAttribute(tid('tile-5'), 'aria-label'), 'tile 5, row 2, column 3');
  await playMode(page);
  // Only tiles next to the blank are buttons in the tab order.
  const focusable = await page.$$eval(`${tid('board')} [tabindex="0"]`, (els) => els.map((e) => e.dataset.tile).sort());
  assert.deepEqual(focusable, ['2', '4', '5', '8']);
  await page.locator(tid('tile-5')).focus();
  await page.keyboard.press(' ');
  await waitTiles(page, [1, 2, 3, 4, 5, 0, 7, 8, 6]);
  const live = page.locator(tid('announce'));
  assert.equal(await live.getAttribute('aria-live'), 'polite');
  assert.match(await live.innerText(), /Tile 5 moved to row 2, column 2\. 1 moves\./);
});

for (const lang of ['en', 'zh']) {
  test(`a 360 px phone screen has no horizontal scroll (${lang})`, async (s) => {
    const { page } = s;
    await page.addInitScript((l) => localStorage.setItem('puzzle-lab.lang', l), lang);
    await s.open('puzzle=sliding&size=4x4');
    const overflow = () => page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(await overflow() <= 360, `set-up: the page is ${await overflow()} px wide`);
    await playMode(page);
    await page.locator(button('hint')).waitFor();
    assert.ok(await overflow() <= 360, `play: the page is ${await overflow()} px wide`);
    await page.locator(tid('puzzle-kind')).selectOption('hanoi');
    await page.locator(tid('pegs')).waitFor();
    assert.ok(await overflow() <= 360, `Hanoi: the page is ${await overflow()} px wide`);
    // Touch: a tap on a tile next to the blank slides it (pointer events serve mouse, pen and touch alike).
    await page.locator(tid('puzzle-kind')).selectOption('sliding');
    await page.locator(tid('board')).waitFor();
  }, { contextOptions: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } });
}

test('Tower of Hanoi: the keyboard moves disks peg to peg, and the hint gives the closed-form optimum', async (s) => {
  const { page } = s;
  // Three disks from peg A to peg C: 2^3 - 1 = 7 moves, the smallest disk first to C.
  await s.open('puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2');
  await playMode(page);
  await waitNumber(page, 'optimal-count', 7);
  const first = await page.locator(button('hint')).click().then(async () => {
    await page.locator(tid('moves-left')).waitFor();
    return {
      left: Number(await page.getAttribute(tid('moves-left'), 'data-left')),
      move: await page.getAttribute(tid('hint-text'), 'data-move'),
    };
  });
  assert.deepEqual(first, { left: 7, move: 'A → C' });
  // The disk to move (the smallest, on A) is highlighted and its target peg marked.
  await assertHinted(page, 'disk-0', /peg A to peg C/);
  const targets = await page.$$eval('[data-hint-target="true"]', (els) => els.map((e) => e.dataset.testid));
  assert.deepEqual(targets, ['peg-2']);
  // Enter on peg A picks its top disk, Enter on peg C puts it there.
  await page.locator(tid('peg-0')).focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute(tid('peg-0'), 'aria-pressed'), 'true');
  await page.locator(tid('peg-2')).focus();
  await page.keyboard.press('Enter');
  await waitAttr(page, 'disk-0', 'data-peg', '2');
  await waitNumber(page, 'move-counter', 1);
  assert.deepEqual(await hinted(page), [], 'the highlight outlived the move');
  assert.equal(await page.locator('[data-hint-target="true"]').count(), 0, 'the target peg is still marked');
  assert.match(await page.locator(tid('announce')).innerText(), /Disk 0 moved to peg C/);
  await page.locator(button('undo')).click();
  await waitAttr(page, 'disk-0', 'data-peg', '0');
  await waitNumber(page, 'move-counter', 0);
});
