// The 5x5 pattern databases in the browser (issue 10, point 4; issue 36, point 2): the first 5x5 solve shows the
// staged solver's answer at once, then builds the tables (one 5-tile table in a helper worker, the other and the seven
// 4-tile ones in the solver worker at the same time) with its progress bar and words, and answers improved with them
// (about 3 s after the click on a 2-core machine); the next solve uses them at once. The tables an earlier tiling
// stored in IndexedDB are gone. Their timings and answers on the Korf-Felner set: tests/e2e/korf24-measure.mjs. The
// background build, for a 5x5 solved while the 15-puzzle's tables build on behind its answer:
// tests/e2e/first-answer.test.mjs.
import assert from 'node:assert/strict';
import { messageText, solutionLength, tid, useApp, waitStatus, watchLengths } from './helpers.mjs';

const { test } = useApp();

/** Reads the solve's build progress bar: its value, or null when it is not shown. */
async function buildFraction(page) {
  const bar = page.locator(tid('build-progress'));
  return (await bar.count()) ? Number(await bar.getAttribute('value')) : null;
}

test('the first 5x5 solve shows an answer at once, builds the 5x5 pattern databases with its progress, then improves'
  + ' its answer with them', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=5x5');
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'staged');
  assert.equal(await buildFraction(page), null, 'a build is shown before any 5x5 solve');
  await watchLengths(page);
  await page.evaluate(() => { window.__clickAt = performance.now(); });
  await page.locator(tid('solve')).click();

  // The staged answer is on the board while the build runs, and the progress line says what the build is for.
  await page.waitForSelector(tid('build-progress'), { timeout: 10_000 });
  await page.waitForSelector(tid('solution-length'), { timeout: 10_000 });
  const first = await solutionLength(page);
  assert.match(await page.locator(tid('progress')).innerText(),
    /^Improving: best so far [\d,]+ moves; building the pattern databases for a shorter answer… \d+% · /);
  assert.match(await page.locator('.build-note').first().innerText(), /^Built once per browser/);
  await page.screenshot({ path: 'test-artifacts/five-by-five-tables--building-1366.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-artifacts/five-by-five-tables--building-360.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  const seen = [await buildFraction(page)];
  while (seen.length < 3) {
    await page.waitForTimeout(200);
    const now = await buildFraction(page);
    if (now === null) break;
    if (now !== seen[seen.length - 1]) seen.push(now);
  }
  assert.ok(seen.length >= 2, `the build's progress did not move: ${seen}`);
  assert.ok(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f > seen[i - 1])), `progress ${seen}`);
  // In whole percents (each change repaints the page; the worker reports every 50 ms), and no transition on
  // the bar: every step would otherwise animate at the frame rate for the whole build.
  assert.ok(seen.every((f) => Math.abs(f * 100 - Math.round(f * 100)) < 1e-6), `not whole percents: ${seen}`);
  assert.equal(await page.locator(tid('build-progress')).evaluate(() => [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules]).map((rule) => rule.cssText)
    .filter((text) => /progress-value/.test(text) && /transition/.test(text)).join(' ')), '');

  // Then the answer, improved with the tables, with how long they took; no build is left behind it.
  await waitStatus(page, 'solved', 60_000);
  const message = await messageText(page);
  assert.match(message, /^Solved in [\d,]+ moves by the staged solver/);
  assert.match(message, /improved with a beam search and the 5x5 pattern databases\. Note: the build took [\d.]+ s with a helper worker\./);
  const lengths = (await page.evaluate(() => window.__lengths)).map((l) => l.length);
  const last = await solutionLength(page);
  assert.ok(last <= first && last === Math.min(...lengths), `answers shown ${lengths}, the last ${last}`);
  assert.equal(await page.locator(tid('tables-build')).count(), 0, 'a build went on behind the answer');

  // The next solve uses them at once: no build, the same note.
  await page.locator(tid('shuffle')).click();
  const t1 = Date.now();
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 20_000);
  const againMs = Date.now() - t1;
  assert.match(await messageText(page), /improved with a beam search and the 5x5 pattern databases\.$/);
  const again = await solutionLength(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-artifacts/five-by-five-tables--360.png', fullPage: true });
  s.note(`first 5x5 solve: answers shown ${lengths.join(' -> ')}, build progress seen ${seen
    .map((f) => `${(f * 100).toFixed(0)}%`).join(' -> ')}; the next solve ${againMs} ms (${again} moves)`);
}, { timeout: 90_000, contextOptions: { viewport: { width: 1366, height: 900 } } });

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

test('the first 5x5 solve stores the 5x5 tables, the next uses them, and the tables an earlier tiling stored are deleted',
  async (s) => {
    const { page } = s;
    await s.open('puzzle=sliding&size=5x5');
    // A profile that stored the earlier tiling's tables: one of them, under its key.
    const earlier = '5x5-b0-3.4.7.8.9@v3';
    await inStore(page, 'readwrite', 'return store.put(new Uint8Array([1, 2, 3]), arg);', earlier);
    assert.ok(await inStore(page, 'readonly', 'return store.get(arg);', earlier), 'the entry was not planted');
    const t0 = Date.now();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 60_000);
    const builtMs = Date.now() - t0;
    const keys = await inStore(page, 'readonly', 'return store.getAllKeys();');
    assert.equal(keys.filter((k) => k.startsWith('5x5-')).length, 9, `stored: ${keys}`);
    assert.ok(!keys.includes(earlier), `the earlier tiling's entry is still there: ${keys}`);
    await page.locator(tid('shuffle')).click();
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 20_000);
    assert.match(await messageText(page), /improved with a beam search and the 5x5 pattern databases/);
    s.note(`the 5x5 tables built and stored, and the first solve answered, ${builtMs} ms after its click; stored ${keys.length} entries`);
  }, { timeout: 150_000 });
