// The worker's life. Cancel: a search that would run for a very long time (IDA* with misplaced tiles on a 40-move
// 15-puzzle) shows progress while it runs; Cancel sets the status within 1 s (the spec's target is 200 ms; the figure
// is printed), and the app stays usable: the next Solve, with a strong heuristic, finds the optimum this test computes
// itself (IDA* in JS). Cancel must also really stop the search: the browser's CPU use falls back within 1 s (Linux).
// A worker that dies mid-search is reported as an error, and the app stays usable too.
import assert from 'node:assert/strict';
import {
  boardTiles, childCpuMs, defaultGoal, messageText, slidingIdaStar, solutionLength, statusLog, tid, timeUntilQuiet,
  useApp, waitStatus, watchStatus,
} from './helpers.mjs';

const { test } = useApp();

// A 15-puzzle 40 moves from the goal (a seeded random walk): IDA* with Manhattan proves that in well under a
// second, but misplaced tiles is far too weak for it to finish in any reasonable time.
const START = [1, 9, 8, 2, 14, 13, 4, 3, 7, 15, 0, 11, 6, 5, 12, 10];
const GOAL = defaultGoal(4, 4);
const LONG_RUN = `puzzle=sliding&size=4x4&start=${START}&goal=${GOAL}&algo=idastar&heuristic=misplaced`;

/** Waits for a non-zero count in the progress line (the status line if the app has no `progress` element). */
async function waitProgress(page, other = null) {
  return page.waitForFunction((before) => {
    const el = document.querySelector('[data-testid="progress"]') ?? document.querySelector('[data-testid="status"]');
    const text = el?.innerText ?? '';
    return /[1-9]/.test(text) && text !== before && text;
  }, other, { timeout: 5_000 }).then((h) => h.jsonValue());
}

/** The share of one core the browser used over the next `ms`. */
async function cpuShare(ms) {
  const before = childCpuMs();
  await new Promise((done) => setTimeout(done, ms));
  return before === null ? null : (childCpuMs() - before) / ms;
}

test('Cancel stops a long search within 1 s, and the next Solve works', async (s) => {
  const { page } = s;
  const { distance: optimum } = slidingIdaStar(4, 4, START, GOAL);
  await s.open(LONG_RUN);
  assert.deepEqual(await boardTiles(page), START);
  await watchStatus(page);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solving', 5_000);

  // Progress shows and moves on while the search runs (nodes explored).
  const first = await waitProgress(page).catch(() => assert.fail('no progress (a non-zero count) is shown while solving'));
  const second = await waitProgress(page, first).catch(() => assert.fail(`progress stays at '${first}' while solving`));
  s.note(`progress while solving: '${second.replace(/\s+/g, ' ')}'`);
  assert.equal(await page.getAttribute(tid('status'), 'data-status'), 'solving',
    'the search ended before Cancel: pick a harder instance');

  assert.ok(await page.locator(tid('cancel')).isEnabled(), 'Cancel is disabled while solving');
  await page.locator(tid('cancel')).click();
  await waitStatus(page, 'cancelled', 5_000);
  const { statuses, clicks } = await statusLog(page);
  const click = clicks.find((c) => c.id === 'cancel');
  const cancelled = statuses.find((e) => e.status === 'cancelled');
  assert.ok(click && cancelled, `no Cancel click or cancelled status recorded: ${JSON.stringify({ statuses, clicks })}`);
  const latency = cancelled.at - click.at;
  s.note(`Cancel click to status cancelled: ${latency.toFixed(1)} ms (target 200 ms, asserted 1000 ms)`);
  assert.ok(latency <= 1_000, `Cancel took ${latency.toFixed(0)} ms to show`);
  const seen = statuses.map((e) => e.status);
  assert.ok(seen.every((x) => ['idle', 'solving', 'cancelled'].includes(x)), `unexpected statuses during the run: ${seen}`);

  // Nothing from the cancelled run arrives late and overwrites the state.
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute(tid('status'), 'data-status'), 'cancelled',
    'a stale reply changed the status after Cancel');
  assert.deepEqual(await boardTiles(page), START, 'Cancel changed the board');

  await page.locator(tid('heuristic')).selectOption('manhattan');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), optimum, `the solve after Cancel did not find the optimum ${optimum}`);
});

test('Cancel really stops the search: the browser\'s CPU use falls back within 1 s', async (s) => {
  const { page } = s;
  await s.open(LONG_RUN);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solving', 5_000);
  await waitProgress(page).catch(() => assert.fail('no progress (a non-zero count) is shown while solving'));
  const busy = await cpuShare(500);
  if (busy === null) {
    s.t.skip('no /proc to measure CPU use on');
    return;
  }
  if (busy < 0.25) {
    // A machine this loaded cannot tell a running search from a stopped one.
    s.t.skip(`the search got only ${(busy * 100).toFixed(0)}% of a core: the machine is too busy to measure`);
    return;
  }
  const quiet = timeUntilQuiet({ quietShare: Math.max(0.08, Math.min(0.25, busy * 0.3)) });
  await page.locator(tid('cancel')).click();
  await waitStatus(page, 'cancelled', 5_000);
  const { quietAt, samples } = await quiet;
  const shares = samples.map((x) => `${x.at} ms: ${(x.share * 100).toFixed(0)}%`).join(', ');
  s.note(`browser CPU while solving: ${(busy * 100).toFixed(0)}% of a core; after Cancel: ${shares}`);
  assert.ok(quietAt !== null && quietAt <= 1_000,
    `the search kept running after Cancel: the browser was still busy ${quietAt ?? '4000+'} ms later (${shares})`);
});

test('a worker that dies mid-search gives an error status and message, and the next Solve works', async (s) => {
  const { page } = s;
  // The worker's boot script, with a listener ahead of the solver's that throws while a misplaced-tiles request is
  // being handled: an uncaught error in the worker, as a panic is (the solver's own handler still starts the search).
  await s.context.route('**/worker-boot.js*', async (route) => {
    const response = await route.fetch();
    const crash = 'self.addEventListener("message", function (e) {\n'
      + '  if (String(e.data).indexOf("heuristic=misplaced") >= 0) throw new Error("e2e: injected worker crash");\n'
      + '});\n';
    await route.fulfill({ response, body: crash + (await response.text()) });
  });
  await s.open(LONG_RUN);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'error', 25_000);
  const text = await messageText(page);
  assert.ok(text.length > 0, 'no message explains the error');
  s.note(`after a worker crash the app says: '${text}'`);

  await page.locator(tid('heuristic')).selectOption('manhattan');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), slidingIdaStar(4, 4, START, GOAL).distance);
}, { allowConsole: [/e2e: injected worker crash/] });
