// The 5x5 pattern databases in the browser (issue 10, point 4): the first 5x5 solve answers at once, with the staged
// solver improved without them, says that they are being built, and starts their build in the background (one
// 5-tile table in a helper worker from before the solve, the rest in the solver worker after it) with a progress bar
// that moves on while the page is used; solves during the build still answer at once. Once built (two 5-tile tables
// and seven 4-tile ones, 6-8 s after the click on a busy 2-core machine), a solve uses them, and the tables an earlier
// tiling stored in IndexedDB are gone. Their timings and answers on the Korf-Felner set: tests/e2e/korf24-measure.mjs.
import assert from 'node:assert/strict';
import { messageText, solutionLength, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

/** Reads the background build's progress bar: its value, or null when it is not shown. */
async function tablesFraction(page) {
  const bar = page.locator(tid('tables-progress'));
  return (await bar.count()) ? Number(await bar.getAttribute('value')) : null;
}

test('a 5x5 solve answers at once while the 5x5 pattern databases build in the background, with their progress',
  async (s) => {
    const { page } = s;
    await s.open('puzzle=sliding&size=5x5');
    assert.equal(await page.locator(tid('algorithm')).inputValue(), 'staged');
    assert.equal(await tablesFraction(page), null, 'a build is shown before any 5x5 solve');
    const t0 = Date.now();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 20_000);
    const solvedMs = Date.now() - t0;
    const message = await messageText(page);
    assert.match(message, /^Solved in [\d,]+ moves by the staged solver/);
    assert.match(message, /the 5x5 pattern databases are being built in the background \(\d+% done\)/);
    const first = await solutionLength(page);

    // The build goes on after the answer: its bar shows and moves forward.
    await page.waitForSelector(tid('tables-progress'), { timeout: 10_000 });
    assert.match(await page.locator(tid('tables-build')).innerText(),
      /^Preparing the 5x5 pattern databases in the background \(\d+%\)/);
    const seen = [await tablesFraction(page)];
    const until = Date.now() + 8_000;
    while (Date.now() < until && seen.length < 3) {
      await page.waitForTimeout(500);
      const now = await tablesFraction(page);
      if (now === null) break;
      if (now !== seen[seen.length - 1]) seen.push(now);
    }
    assert.ok(seen.length >= 2, `the build's progress did not move: ${seen}`);
    assert.ok(seen.every((f, i) => f >= 0 && f < 1 && (i === 0 || f > seen[i - 1])), `progress ${seen}`);
    // In whole percents (each change repaints the page; the worker reports every 50 ms), and no transition on
    // the bar: every step would otherwise animate at the frame rate for the whole build.
    assert.ok(seen.every((f) => Math.abs(f * 100 - Math.round(f * 100)) < 1e-6), `not whole percents: ${seen}`);
    assert.equal(await page.locator(tid('tables-progress')).evaluate(() => [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules]).map((rule) => rule.cssText)
      .filter((text) => /progress-value/.test(text) && /transition/.test(text)).join(' ')), '');

    // Solving again meanwhile answers at once too, and says the same.
    const t1 = Date.now();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 20_000);
    const againMs = Date.now() - t1;
    assert.match(await messageText(page), /being built in the background \(\d+% done\)/);
    const again = await solutionLength(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'test-artifacts/five-by-five-tables--360.png', fullPage: true });
    s.note(`first 5x5 solve ${solvedMs} ms (${first} moves), again ${againMs} ms (${again}); build progress seen ${seen
      .map((f) => `${(f * 100).toFixed(0)}%`).join(' -> ')}`);
  }, { timeout: 30_000, contextOptions: { viewport: { width: 1366, height: 900 } } });

/** Runs `body` (source of a function of the object store) in the page on the worker's IndexedDB store, and resolves
 * with what its request gives. */
async function inStore(page, mode, body, arg) {
  return page.evaluate(([mode, body, arg]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('puzzle-lab', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('pattern-databases');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = new Function('store', 'arg', body)(
        db.transaction('pattern-databases', mode).objectStore('pattern-databases'), arg);
      request.onsuccess = () => { db.close(); resolve(request.result ?? null); };
      request.onerror = () => { db.close(); reject(request.error); };
    };
  }), [mode, body, arg]);
}

test('once the 5x5 tables are built a solve uses them, and the tables an earlier tiling stored are deleted',
  async (s) => {
    const { page } = s;
    await s.open('puzzle=sliding&size=5x5');
    // A profile that stored the earlier tiling's tables: one of them, under its key.
    const earlier = '5x5-b0-3.4.7.8.9@v3';
    await inStore(page, 'readwrite', 'return store.put(new Uint8Array([1, 2, 3]), arg);', earlier);
    assert.ok(await inStore(page, 'readonly', 'return store.get(arg);', earlier), 'the entry was not planted');
    const t0 = Date.now();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 20_000);
    await page.waitForSelector(tid('tables-progress'), { timeout: 10_000 });
    await page.waitForSelector(tid('tables-build'), { state: 'detached', timeout: 90_000 });
    const builtMs = Date.now() - t0;
    const keys = await inStore(page, 'readonly', 'return store.getAllKeys();');
    assert.equal(keys.filter((k) => k.startsWith('5x5-')).length, 9, `stored: ${keys}`);
    assert.ok(!keys.includes(earlier), `the earlier tiling's entry is still there: ${keys}`);
    await page.locator(tid('shuffle')).click();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 20_000);
    assert.match(await messageText(page), /improved with the 5x5 pattern databases/);
    s.note(`the 5x5 tables built and stored ${builtMs} ms after the first click; stored ${keys.length} entries`);
  }, { timeout: 150_000 });
