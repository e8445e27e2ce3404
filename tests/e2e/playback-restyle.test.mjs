// A playback step restyles as little as it can: every running transition restyles its element at every frame, and a
// change of font weight lays its text out again, and each leaves garbage in the page's Blink heap until a collection
// (a 5x5 answer of ~140 moves left ~25 MiB of it in the page's renderer, ~185 KiB a step; ~65 KiB without these).
// So the moving tile slides, the blank (a hole under it) moves at once, and the move list marks the current move by
// paint alone: no transition on its buttons, the same font weight as the other moves.
import assert from 'node:assert/strict';
import { seekTo, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

/** The computed styles that decide whether a step restyles or lays out the element, of each selector's element. */
async function styles(page, selectors) {
  return page.evaluate((sels) => sels.map((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const s = getComputedStyle(el);
    return {
      // The longest transition among its properties: '0s' for none.
      transition: s.transitionDuration.split(',').map((d) => parseFloat(d)).reduce((a, b) => Math.max(a, b), 0),
      fontWeight: s.fontWeight,
      background: s.backgroundColor,
      height: el.getBoundingClientRect().height,
    };
  }), selectors);
}

test('a playback step animates the moving tile only; the current move is marked without a new layout', async (s) => {
  const { page } = s;
  // Three moves from the goal: at move 2 the list has a move done, the current one and one to come.
  await s.open('puzzle=sliding&size=3x3&start=1,2,3,4,8,5,7,0,6&goal=1,2,3,4,5,6,7,8,0&algo=astar');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  await seekTo(page, 2);
  const [blank, tile, done, current, ahead] = await styles(page, [
    tid('tile-0'),
    tid('tile-7'),
    `${tid('move-list')} li.done:not(.current) button`,
    `${tid('move-list')} li.current button`,
    `${tid('move-list')} li:not(.done) button`,
  ]);
  assert.ok(blank && tile && done && current && ahead, 'the board and the three kinds of move are shown');
  assert.equal(blank.transition, 0, 'the blank moves at once (no transition restyling it every frame)');
  assert.ok(tile.transition > 0, 'a numbered tile still slides');
  assert.equal(current.transition, 0, 'the current move is marked at once (no transition on its button)');
  assert.equal(ahead.transition, 0, 'a move to come is unmarked at once');
  assert.equal(done.transition, 0, 'a move done is unmarked at once');
  for (const other of [done, ahead]) {
    assert.equal(current.fontWeight, other.fontWeight, 'the current move keeps the weight of the others (no new layout)');
    assert.equal(current.height, other.height, 'and their height');
  }
  assert.notEqual(current.background, ahead.background, 'the current move stands out by its background');
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(tid('move-list')).screenshot({ path: `test-artifacts/playback-restyle--moves-${width}.png` });
  }
});
