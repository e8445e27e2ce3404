// A playback step restyles as little as it can: every running transition restyles its element at every frame, and a
// change of font weight lays its text out again, and each leaves garbage in the page's Blink heap until a collection
// (a 5x5 answer of ~140 moves left ~25 MiB of it in the page's renderer, ~185 KiB a step; ~65 KiB without these).
// So the moving tile slides, the blank (a hole under it) moves at once, and the move list marks the current move by
// paint alone: no transition on its buttons, the same font weight as the other moves. And the move list keeps its
// items from step to step: with an unkeyed line beside its keyed moves, Yew built all of them again at every step
// of a long answer (hundreds of items, 30,000 DOM changes in 2 s of an 8x8 playback; 200 now).
import assert from 'node:assert/strict';
import { seekTo, tid, useApp, waitAttr, waitStatus } from './helpers.mjs';

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

test("a playback step keeps the move list's items: only moves entering its window are new", async (s) => {
  const { page } = s;
  // An 8x8 board: the staged solver's answer has hundreds of moves, more than the list shows at once (the window of
  // moves around the current one moves with each step, and a "more moves" line follows it).
  await s.open('puzzle=sliding&size=8x8');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  await seekTo(page, 0);
  const list = page.locator(tid('move-list'));
  const before = await list.evaluate((ol) => {
    [...ol.children].forEach((li, k) => { li.e2eMark = k; });
    return ol.children.length;
  });
  const steps = Number(await page.locator(tid('player')).getAttribute('data-steps'));
  assert.ok(steps > 400, `a long answer (${steps} moves)`);
  // Step by step (a jump to the end and back would bring a wholly new window).
  await page.locator(tid('scrubber')).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await waitAttr(page, 'player', 'data-step', '3');
  const after = await list.evaluate((ol) => ({
    items: ol.children.length,
    kept: [...ol.children].filter((li) => li.e2eMark !== undefined).length,
  }));
  assert.equal(after.items, before + 3, 'three steps bring three more moves into the list');
  assert.equal(after.kept, before, `every item listed before stays (${after.kept} of ${before}): none is built again`);
});
