// Static hosting under a sub-path: the release build (its paths are relative) loads and solves from
// http://127.0.0.1:PORT/puzzle-lab/, its worker included, and nothing is fetched from outside the sub-path.
import assert from 'node:assert/strict';
import {
  SUB_PATH, boardTiles, defaultGoal, puzzleParams, rng, scramble, slidingBfs, solutionLength, tid,
  useApp, waitStatus,
} from './helpers.mjs';

const { test } = useApp({ base: SUB_PATH });

test('the app served under /puzzle-lab/ loads, starts its worker there, and solves', async (s) => {
  const { page } = s;
  const goal = defaultGoal(3, 3);
  const start = scramble(goal, 3, 3, 50, rng(8));
  const { distance } = slidingBfs(3, 3, start, goal);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await s.open(`puzzle=sliding&size=3x3&start=${start}&goal=${goal}&algo=astar&heuristic=manhattan`);
  assert.deepEqual(await boardTiles(page), start);

  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), distance, 'the sub-path build did not solve optimally');

  assert.ok(workers.length >= 1, 'no Web Worker was started');
  for (const url of workers) assert.ok(url.startsWith(s.appUrl), `the worker ${url} is not served from ${SUB_PATH}`);
  const outside = s.requests.filter((u) => /^https?:/.test(u) && !u.startsWith(s.appUrl));
  assert.deepEqual(outside, [], `requests outside ${SUB_PATH}`);
  assert.ok(page.url().startsWith(s.appUrl), `the page moved away from ${SUB_PATH}: ${page.url()}`);
  assert.equal(puzzleParams(page.url()).start, start.join(','));
});

test('under /puzzle-lab/, Copy embed code gives an iframe of /puzzle-lab/ that opens the run embedded', async (s) => {
  const { page, context } = s;
  const query = 'puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2&algo=bfs';
  await s.open(query);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  await page.locator(tid('embed-code')).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.startsWith('<iframe')), null,
    { polling: 100 });
  const code = await page.evaluate(() => navigator.clipboard.readText());
  const src = await page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html')
    .querySelector('iframe')?.getAttribute('src'), code);
  assert.ok(src?.startsWith(`${s.appUrl}?`), `the iframe's address ${src} is not under ${SUB_PATH}`);
  assert.equal(new URL(src).searchParams.get('embed'), '1');
  const host = await context.newPage();
  await host.setContent(`<!doctype html><title>Course</title>${code}`);
  const inner = host.frameLocator('iframe');
  await inner.locator(`${tid('status')}[data-status="solved"]`).waitFor({ timeout: 30_000 });
  assert.equal(await inner.locator(tid('embed')).count(), 1, 'the iframe is not the embedded page');
  await host.close();
}, { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
