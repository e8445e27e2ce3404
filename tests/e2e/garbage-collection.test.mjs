// The page asks the JavaScript engine for a garbage collection every 32 changes of its state (`COLLECT_EVERY_CHANGES`,
// counted in the store): each redraw leaves garbage in the page's Blink heap (a playback step ~0.1 MiB, a search's
// or a build's progress line less), which Chromium otherwise collects only tens of seconds later, and the heap keeps
// the pages it grew to (a build of the 5x5 tables beside a playback grew it to ~27 MiB, held by the renderer after
// the tab closed). The request is a large ArrayBuffer allocated and dropped at once (`browser::collect_garbage_soon`):
// this test counts those allocations in the page. They come while the page changes (a search's progress, the
// playback playing, even at a speed that redraws faster than the page's effects run), and never while it stands
// still (idle, or paused).
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

test('the page asks for a garbage collection while it changes, and not while it stands still', async (s) => {
  const { page } = s;
  await page.addInitScript(countLargeBuffers);
  // An 8x8 board: the staged solver answers at once with hundreds of moves (no pattern databases to build).
  await s.open('puzzle=sliding&size=8x8');
  const idle = await collections(page);
  await page.waitForTimeout(1000);
  assert.equal(await collections(page), idle, 'no collection asked for while the page is idle');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  const solved = await collections(page);
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
  // Each tick changes the state: 64 ticks make at least two requests.
  await page.waitForFunction((before) => window.__e2eCollections >= before + 2, solved, { timeout: 20_000 });
  const step = Number(await page.locator(tid('player')).getAttribute('data-step'));
  assert.ok(step > 0, `the playback moved (at step ${step})`);
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
