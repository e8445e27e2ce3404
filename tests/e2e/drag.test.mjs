// Setting a puzzle by dragging with real pointer events: a tile dropped on another tile's cell (or on the blank)
// swaps the two, the tiles are moved (never re-created), the URL's start= follows, and a reload restores it.
// The goal switch edits the goal the same way.
import assert from 'node:assert/strict';
import {
  boardTiles, cellCentre, centre, drag, puzzleParams, setupMode, tid, useApp, waitAttr, waitBoardLayout,
} from './helpers.mjs';

const { test } = useApp();

const START = [8, 6, 7, 2, 5, 4, 3, 0, 1];
const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const QUERY = `puzzle=sliding&size=3x3&start=${START}&goal=${GOAL}&algo=astar&heuristic=manhattan`;

const swapped = (tiles, i, j) => {
  const out = [...tiles];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
};

/** Drags tile `a` onto the cell of tile `b` (or onto the blank's cell when b is 0). */
async function dragTileOnto(page, a, b) {
  const tiles = await boardTiles(page);
  const from = await centre(page.locator(tid(`tile-${a}`)));
  const to = b === 0 ? await cellCentre(page, tiles.indexOf(0)) : await centre(page.locator(tid(`tile-${b}`)));
  await drag(page, from, to);
}

async function waitUrlParam(page, key, value) {
  try {
    await page.waitForFunction(([k, v]) => new URL(location.href).searchParams.get(k) === v, [key, value.join(',')]);
  } catch {
    assert.fail(`the URL's ${key}= did not become ${value}: the URL is ${page.url()}`);
  }
}

test('dragging a tile onto another swaps them, keeps the elements, and updates the URL', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await setupMode(page);
  assert.deepEqual(await boardTiles(page), START);
  await waitBoardLayout(page);

  // Tile 8 (top left) onto tile 1 (bottom right): the far corners swap.
  const eight = await page.locator(tid('tile-8')).elementHandle();
  await page.evaluate((el) => { el.__e2eMark = 'original'; }, eight);
  await dragTileOnto(page, 8, 1);
  let want = swapped(START, START.indexOf(8), START.indexOf(1));
  await waitAttr(page, 'board', 'data-tiles', want);
  await waitUrlParam(page, 'start', want);
  assert.equal(puzzleParams(page.url()).goal, GOAL.join(','), 'dragging the start changed the goal');
  await waitBoardLayout(page);
  assert.equal(await page.evaluate((el) => el.isConnected && el.__e2eMark, eight), 'original',
    'tile-8 was re-created by the drag: tiles must be keyed and moved, not rebuilt');

  // A tile onto the blank's cell: tile 5 (centre) and the blank swap.
  await dragTileOnto(page, 5, 0);
  want = swapped(want, want.indexOf(5), want.indexOf(0));
  await waitAttr(page, 'board', 'data-tiles', want);
  await waitUrlParam(page, 'start', want);
  await waitBoardLayout(page);

  // A tile dropped on its own cell changes nothing.
  const here = await centre(page.locator(tid('tile-2')));
  await drag(page, here, { x: here.x + 4, y: here.y + 4 });
  await waitBoardLayout(page);
  assert.deepEqual(await boardTiles(page), want, 'a tile dropped back on its own cell changed the board');

  // Opening the link again restores the board exactly.
  await page.reload();
  await s.waitInteractive();
  assert.deepEqual(await boardTiles(page), want, 'the reloaded page does not show the dragged arrangement');
  assert.equal(puzzleParams(page.url()).start, want.join(','));
});

test('the goal switch edits the goal by dragging, leaving the start alone', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await setupMode(page);
  const toggle = page.locator(tid('edit-goal'));
  assert.equal(await toggle.count(), 1, 'no edit-goal switch (data-testid="edit-goal")');
  // A person clicks the switch they see: its label (the checkbox itself may be drawn over by a styled track).
  const label = toggle.locator('xpath=ancestor::label[1]');
  const flip = async () => ((await label.count()) ? label.click() : toggle.click());
  await flip();
  assert.ok(await toggle.isChecked(), 'the edit-goal switch is not on after a click');
  await waitAttr(page, 'board', 'data-tiles', GOAL);
  await waitBoardLayout(page);

  await dragTileOnto(page, 1, 2);
  const want = swapped(GOAL, 0, 1);
  await waitAttr(page, 'board', 'data-tiles', want);
  await waitUrlParam(page, 'goal', want);
  assert.equal(puzzleParams(page.url()).start, START.join(','), 'editing the goal changed the start');

  await flip();
  assert.ok(!(await toggle.isChecked()), 'the edit-goal switch is not off after a second click');
  await waitAttr(page, 'board', 'data-tiles', START);
  await waitBoardLayout(page);
});

/** A drag with a finger: touch events through the DevTools protocol (the page sees touch pointer events). */
async function touchDrag(s, from, to, steps = 12) {
  const cdp = await s.context.newCDPSession(s.page);
  const point = (p) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  for (let i = 1; i <= steps; i++) {
    const at = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(at) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('dragging works with a finger too (touch pointer events, no scrolling away)', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await setupMode(page);
  await waitBoardLayout(page);
  await touchDrag(s, await centre(page.locator(tid('tile-6'))), await centre(page.locator(tid('tile-3'))));
  const want = swapped(START, START.indexOf(6), START.indexOf(3));
  await waitAttr(page, 'board', 'data-tiles', want);
  await waitUrlParam(page, 'start', want);
  await waitBoardLayout(page);
}, { contextOptions: { hasTouch: true, isMobile: true, viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 } });
