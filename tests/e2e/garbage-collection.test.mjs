// The playback asks the JavaScript engine for a garbage collection every 32 ticks (`COLLECT_EVERY_TICKS`): each step's
// render leaves ~0.1 MiB in the page's Blink heap, which Chromium otherwise collects only tens of seconds later (a
// long answer played beside the 5x5 tables' build left 20-30 MiB, still held by the renderer after the tab closed).
// The request is a large ArrayBuffer allocated and dropped at once (`browser::collect_garbage_soon`): this test counts
// those allocations in the page. They come while the playback plays, and never while it is paused.
import assert from 'node:assert/strict';
import { tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

/** Counts, in `window.__e2eCollections`, every ArrayBuffer of at least 64 MiB the page creates. */
function countLargeBuffers() {
  window.__e2eCollections = 0;
  window.ArrayBuffer = new Proxy(window.ArrayBuffer, {
    construct(target, args, newTarget) {
      if (Number(args[0]) >= 64 * 2 ** 20) window.__e2eCollections += 1;
      return Reflect.construct(target, args, newTarget);
    },
  });
}

const collections = (page) => page.evaluate(() => window.__e2eCollections);

test('the playback asks for a garbage collection as it plays, and not while paused', async (s) => {
  const { page } = s;
  await page.addInitScript(countLargeBuffers);
  // An 8x8 board: the staged solver answers at once with hundreds of moves (no pattern databases to build).
  await s.open('puzzle=sliding&size=8x8');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  assert.equal(await collections(page), 0, 'no collection asked for before the playback ran 32 ticks');
  // One move every 16 ms (the speed below the two fastest, which play several moves a tick).
  const speed = page.locator(tid('speed'));
  await speed.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const steps = Number(await page.locator(tid('player')).getAttribute('data-steps'));
  assert.ok(steps > 200, `a long answer to play (${steps} moves)`);
  const playing = async () => (await page.locator(tid('player')).getAttribute('data-playing')) === 'true';
  if (!(await playing())) await page.locator(tid('play')).click();
  await page.waitForFunction(() => window.__e2eCollections >= 2, null, { timeout: 20_000 });
  const step = Number(await page.locator(tid('player')).getAttribute('data-step'));
  assert.ok(step >= 64, `two requests after at least 64 ticks (at step ${step})`);
  // Paused: the count stays.
  await page.locator(tid('play')).click();
  assert.equal(await playing(), false, 'the playback is paused');
  const paused = await collections(page);
  const at = await page.locator(tid('player')).getAttribute('data-step');
  await page.waitForTimeout(1000);
  assert.equal(await page.locator(tid('player')).getAttribute('data-step'), at, 'the playback stays where it was');
  assert.equal(await collections(page), paused, 'no collection asked for while paused');
  s.assertClean();
});
