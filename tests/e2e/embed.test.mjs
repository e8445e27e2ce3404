// Sharing a run and embedding it (issue 12, point 5): a link with at=12 re-solves its run with the link's algorithm
// and opens it paused at move 12; bad values get a notice and a sane default; embed=1 shows only the puzzle, the
// playback and the result, at 360 px and inside an <iframe> of another page, with a link that opens the full app in
// a new tab; Copy embed code puts a snippet on the clipboard whose iframe opens the same run at the same move.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, boardTiles, defaultGoal, messageText, puzzleParams, rng, scramble, seekTo, slidingBfs, solutionLength,
  status, tid, useApp, waitAttr, waitStatus,
} from './helpers.mjs';

const { test } = useApp();

const GOAL = defaultGoal(3, 3);
const START = scramble(GOAL, 3, 3, 60, rng(1205));
const DISTANCE = slidingBfs(3, 3, START, GOAL).distance;
const QUERY = `puzzle=sliding&size=3x3&start=${START}&goal=${GOAL}&algo=idastar&heuristic=linear-conflict`;
const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Waits for the run to be solved and the playback to rest at move `at`. */
async function waitOpenedAt(page, at) {
  await waitStatus(page, 'solved', 30_000);
  await waitAttr(page, 'player', 'data-step', String(at));
  await waitAttr(page, 'player', 'data-playing', 'false');
}

/** Whether any of these test ids is on the page. */
async function present(page, ids) {
  const found = [];
  for (const id of ids) if (await page.locator(tid(id)).count()) found.push(id);
  return found;
}

test('a link with at=12 re-solves its run with the link\'s algorithm and opens at move 12', async (s) => {
  const { page } = s;
  assert.ok(DISTANCE > 12, `the test board is only ${DISTANCE} moves from its goal`);
  await s.open(`${QUERY}&at=12`);
  await waitOpenedAt(page, 12);
  assert.equal(await solutionLength(page), DISTANCE, 'IDA* with linear conflict did not find a shortest solution');
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'idastar');
  assert.equal(await page.locator(tid('heuristic')).inputValue(), 'linear-conflict');
  // Move 12 of a shortest solution: 12 moves from the start and the rest from the goal.
  const shown = await boardTiles(page);
  assert.equal(slidingBfs(3, 3, START, shown).distance, 12, 'the board is not 12 moves from the start');
  assert.equal(slidingBfs(3, 3, shown, GOAL).distance, DISTANCE - 12, 'the board is not on a shortest path');
  // Shown: the address drops the move; Share gives it back at the move on show.
  assert.equal(new URL(page.url()).searchParams.get('at'), null);
  await page.locator(tid('step-forward')).click();
  await page.locator(tid('share')).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('at=')), null, { polling: 100 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(link).searchParams.get('at'), '13');
  assert.deepEqual(puzzleParams(link), puzzleParams(s.url(QUERY)));
}, { contextOptions: clipboard });

test('bad at values get a notice and a sane default, never a failure', async (s) => {
  const { page } = s;
  await s.open(`${QUERY}&at=twelve`);
  assert.match(await messageText(page), /at=twelve/);
  assert.equal(await status(page), 'idle', 'a bad move still started a search');
  assert.deepEqual(await boardTiles(page), START);

  await s.open(`${QUERY}&at=999`);
  await waitOpenedAt(page, DISTANCE);
  assert.match(await messageText(page), new RegExp(`move 999.*${DISTANCE} moves`));
  assert.deepEqual(await boardTiles(page), GOAL);

  await s.open(`${QUERY}&at=-1&embed=2`);
  const text = await messageText(page);
  assert.match(text, /at=-1/);
  assert.match(text, /embed=2/);
  assert.equal(await page.locator(tid('embed')).count(), 0, 'a bad embed value embedded the page');
});

test('embed=1 shows only the puzzle, the playback and the result, at 1366 and 360 px', async (s) => {
  const { page } = s;
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(s.url(`${QUERY}&at=5&embed=1`));
  await page.waitForSelector(tid('embed'));
  await waitOpenedAt(page, 5);
  assert.deepEqual(await present(page, ['board', 'player', 'status', 'solution-length', 'embed-open']),
    ['board', 'player', 'status', 'solution-length', 'embed-open']);
  assert.deepEqual(await present(page, ['share', 'embed-code', 'solve', 'algorithm', 'size', 'compare-panel', 'stats',
    'move-list', 'export-menu', 'preview', 'mode-play']), [], 'the embedded page shows more than the run');
  assert.equal(await page.locator('header').count(), 0, 'the embedded page has a header');
  await page.screenshot({ path: join(ARTIFACTS, 'embed--1366.png'), fullPage: true });
  // The playback works, and the board stays locked (no editing in an embedded page).
  await page.locator(tid('step-forward')).click();
  await waitAttr(page, 'player', 'data-step', '6');
  assert.equal(await page.locator(tid('tile-1')).getAttribute('role'), 'img', 'tiles can be edited when embedded');

  // The full app opens in a new tab, at the same run and move, not embedded.
  const open = page.locator(tid('embed-open'));
  assert.equal(await open.getAttribute('target'), '_blank');
  const href = new URL(await open.getAttribute('href'));
  assert.equal(href.searchParams.get('embed'), null);
  assert.equal(href.searchParams.get('at'), '6');
  assert.deepEqual(puzzleParams(href.href), puzzleParams(s.url(QUERY)));

  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(100);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the embedded page is ${width} px wide at 360 px`);
  const board = await page.locator(tid('board')).boundingBox();
  assert.ok(board.width > 200 && board.x >= 0 && board.x + board.width <= 360, `board box ${JSON.stringify(board)}`);
  await page.screenshot({ path: join(ARTIFACTS, 'embed--360.png'), fullPage: true });
});

test('Copy embed code gives an iframe that opens the run at the move shown, inside another page', async (s) => {
  const { page, context } = s;
  await s.open(QUERY);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  await seekTo(page, 7);
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
  await page.locator(tid('embed-code')).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.startsWith('<iframe')), null,
    { polling: 100 }).catch(() => assert.fail('Copy embed code put no iframe on the clipboard'));
  const code = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(await messageText(page), /Embed code copied/, 'no visible confirmation');
  assert.equal(await page.locator(tid('share-link')).inputValue(), code, 'the code is not shown for copying by hand');
  const frame = await page.evaluate((html) => {
    const el = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe');
    return el && { src: el.getAttribute('src'), title: el.getAttribute('title') };
  }, code);
  assert.ok(frame, `the snippet is not an iframe: ${code}`);
  assert.ok(frame.title, 'the iframe has no title');
  const src = new URL(frame.src);
  assert.equal(`${src.origin}${src.pathname}`, s.appUrl, 'the iframe does not point at the app');
  assert.equal(src.searchParams.get('embed'), '1');
  assert.equal(src.searchParams.get('at'), '7');
  assert.deepEqual(puzzleParams(frame.src), puzzleParams(s.url(QUERY)));

  // A course page: the snippet pasted into another page shows the run at move 7, and plays there.
  const host = await context.newPage();
  await host.setViewportSize({ width: 800, height: 800 });
  await host.setContent(`<!doctype html><title>Course</title><h1>Lesson 3: IDA*</h1>${code}<p>After the frame.</p>`);
  const inner = host.frameLocator('iframe');
  await inner.locator(`${tid('status')}[data-status="solved"]`).waitFor({ timeout: 30_000 });
  await inner.locator(`${tid('player')}[data-step="7"][data-playing="false"]`).waitFor();
  assert.equal(await inner.locator(tid('solve')).count(), 0, 'the iframe shows the full app');
  await inner.locator(tid('step-forward')).click();
  await inner.locator(`${tid('player')}[data-step="8"]`).waitFor();
  await host.screenshot({ path: join(ARTIFACTS, 'embed--iframe.png'), fullPage: true });
  // Its link opens the full app in a new tab, out of the frame.
  const [tab] = await Promise.all([context.waitForEvent('page'), inner.locator(tid('embed-open')).click()]);
  await tab.waitForSelector(tid('solve'));
  assert.equal(new URL(tab.url()).searchParams.get('embed'), null);
  await tab.close();
  await host.close();
}, { contextOptions: clipboard });

test('the embed and export controls speak Chinese too', async (s) => {
  const { page } = s;
  await page.addInitScript(() => localStorage.setItem('puzzle-lab.lang', 'zh'));
  await s.open(QUERY);
  assert.equal((await page.locator(tid('embed-code')).innerText()).trim(), '复制嵌入代码');
  assert.equal((await page.locator(tid('export')).innerText()).trim().replace(/\s*▾$/, ''), '导出');
  await page.goto(s.url(`${QUERY}&at=2&embed=1`));
  await page.waitForSelector(tid('embed'));
  await waitOpenedAt(page, 2);
  assert.match(await page.locator(tid('embed-open')).innerText(), /在解谜实验室中打开/);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: join(ARTIFACTS, 'embed--360-zh.png'), fullPage: true });
});
