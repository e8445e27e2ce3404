// The lab with every teaching view open at once (issue 12): the heuristics-against-h* panel with its chart, the
// search tree with the predict-the-next-expansion exercise, and the Export menu, after an A* solve of an 8-puzzle.
// At 1366 and 360 px wide, in English and Chinese, the page is no wider than the window and no two cards overlap;
// a whole-page screenshot of each goes to test-artifacts/layout--LANG--WIDTH.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, defaultGoal, rng, scramble, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

const GOAL = defaultGoal(3, 3);
const QUERY = `puzzle=sliding&size=3x3&start=${scramble(GOAL, 3, 3, 40, rng(12))}&goal=${GOAL}&algo=astar`;

/** The page's width and the pairs of cards (not one inside the other) whose boxes overlap. */
function layout(page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('.card')].filter((c) => c.offsetParent !== null);
    const name = (c) => c.dataset.testid ?? c.className;
    const overlaps = [];
    cards.forEach((a, i) => cards.slice(i + 1).forEach((b) => {
      if (a.contains(b) || b.contains(a)) return;
      const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) overlaps.push(`${name(a)} and ${name(b)} (${x.toFixed(0)}x${y.toFixed(0)} px)`);
    }));
    return { width: document.documentElement.scrollWidth, cards: cards.length, overlaps };
  });
}

test('the truth panel, the tree with its exercise and the Export menu fit together at 1366 and 360 px', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  await page.locator(tid('truth-open')).click();
  await page.locator(tid('truth-chart')).waitFor();
  await page.locator(tid('exercise-toggle')).click();
  await page.locator(`${tid('exercise')}[data-active="true"]`).waitFor();
  for (const lang of ['en', 'zh']) {
    await page.locator(tid('language')).selectOption(lang);
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      if (!(await page.locator(tid('export-json')).isVisible())) await page.locator(tid('export')).click();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: join(ARTIFACTS, `layout--${lang}--${width}.png`), fullPage: true });
      const seen = await layout(page);
      assert.ok(seen.cards >= 4, `only ${seen.cards} cards shown`);
      assert.ok(seen.width <= width, `${lang}: the page is ${seen.width} px wide in a ${width} px window`);
      assert.deepEqual(seen.overlaps, [], `${lang}, ${width} px: cards overlap`);
    }
  }
});
