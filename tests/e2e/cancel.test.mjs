// Cancel: a search that would run for a very long time (IDA* with misplaced tiles on a 40-move 15-puzzle) shows
// progress while it runs, stops within 1 s of Cancel (the spec's target is 200 ms; the figure is printed), and the
// app stays usable: the next Solve, with a strong heuristic, finds the optimum this test computes itself (IDA* in JS).
import assert from 'node:assert/strict';
import {
  boardTiles, defaultGoal, slidingIdaStar, solutionLength, statusLog, tid, useApp, waitStatus, watchStatus,
} from './helpers.mjs';

const { test } = useApp();

// A 15-puzzle 40 moves from the goal (a seeded random walk): IDA* with Manhattan proves that in well under a
// second, but misplaced tiles is far too weak for it to finish in any reasonable time.
const START = [1, 9, 8, 2, 14, 13, 4, 3, 7, 15, 0, 11, 6, 5, 12, 10];
const GOAL = defaultGoal(4, 4);

/** The text that shows progress: a `progress` element if the app has one, else the status line. */
async function progressText(page) {
  return page.evaluate(() => (document.querySelector('[data-testid="progress"]')
    ?? document.querySelector('[data-testid="status"]')).innerText);
}

test('Cancel stops a long search within 1 s, and the next Solve works', async (s) => {
  const { page } = s;
  const { distance: optimum } = slidingIdaStar(4, 4, START, GOAL);
  await s.open(`puzzle=sliding&size=4x4&start=${START}&goal=${GOAL}&algo=idastar&heuristic=misplaced`);
  assert.deepEqual(await boardTiles(page), START);
  await watchStatus(page);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solving', 5_000);

  // Progress shows and moves on while the search runs (nodes explored).
  const first = await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="progress"]') ?? document.querySelector('[data-testid="status"]');
    return /[1-9]/.test(el.innerText) && el.innerText;
  }, null, { timeout: 5_000 }).then((h) => h.jsonValue())
    .catch(() => assert.fail('no progress (a non-zero count) is shown while solving'));
  await page.waitForFunction((before) => {
    const el = document.querySelector('[data-testid="progress"]') ?? document.querySelector('[data-testid="status"]');
    return el.innerText !== before;
  }, first, { timeout: 5_000 }).catch(() => assert.fail(`progress stays at '${first}': it does not update while solving`));
  assert.equal(await page.getAttribute(tid('status'), 'data-status'), 'solving', 'the search ended before Cancel: pick a harder instance');
  s.note(`progress while solving: '${(await progressText(page)).replace(/\s+/g, ' ')}'`);

  assert.ok(await page.locator(tid('cancel')).isEnabled(), 'Cancel is disabled while solving');
  await page.locator(tid('cancel')).click();
  await waitStatus(page, 'cancelled', 5_000);
  const { statuses, clicks } = await statusLog(page);
  const click = clicks.find((c) => c.id === 'cancel');
  const cancelled = statuses.find((e) => e.status === 'cancelled');
  assert.ok(click && cancelled, `no Cancel click or cancelled status recorded: ${JSON.stringify({ statuses, clicks })}`);
  const latency = cancelled.at - click.at;
  s.note(`Cancel click to status cancelled: ${latency.toFixed(1)} ms (target 200 ms, asserted 1000 ms)`);
  assert.ok(latency <= 1_000, `Cancel took ${latency.toFixed(0)} ms to stop the search`);
  const seen = statuses.map((e) => e.status);
  assert.ok(seen.every((x) => ['idle', 'solving', 'cancelled'].includes(x)), `unexpected statuses during the run: ${seen}`);

  // Nothing from the cancelled run arrives late and overwrites the state.
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute(tid('status'), 'data-status'), 'cancelled', 'a stale reply changed the status after Cancel');
  assert.deepEqual(await boardTiles(page), START, 'Cancel changed the board');

  await page.locator(tid('heuristic')).selectOption('manhattan');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), optimum, `the solve after Cancel did not find the optimum ${optimum}`);
});
