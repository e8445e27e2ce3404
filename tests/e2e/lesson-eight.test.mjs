// The 8-puzzle lab lesson (?lesson=eight), section by section, in English and in Chinese. Every number a figure
// quotes equals what the solver's CLI gives for the same query (the report's cases, DFS at the limit picked, the
// claims' board, the random board on screen, the exercises' boards), each verdict follows from the CLI's numbers,
// and the report's rebuilt boards give its own move strings. Deep links and embed=1 work, no sentence shown in
// Chinese is English, axe finds no serious or critical violation, and screenshots at 1366 and 360 px are left in
// test-artifacts/ (lesson-eight--*.png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, buildCli, cli, shownText, tid, useApp,
} from './helpers.mjs';
import { describe as describeViolations, scan } from './a11y-views.mjs';

const { test } = useApp();
buildCli();
const SOLVE_MS = 30_000;

const GOAL = [1, 2, 3, 8, 0, 4, 7, 6, 5];
const ROW_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const BLANK_FIRST = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const ARTICLE = [8, 0, 6, 5, 4, 7, 2, 3, 1];
const CASES = [
  { start: [1, 3, 4, 8, 2, 0, 7, 6, 5], moves: 'ULD', closed: { bfs: 5, dfs: 47, astar: 3 } },
  { start: [2, 8, 3, 1, 6, 4, 7, 0, 5], moves: 'UULDR', closed: { bfs: 21, dfs: 55, astar: 5 } },
  { start: [2, 3, 8, 6, 1, 4, 0, 7, 5], moves: 'URDRUULLDRRDLLUR', closed: { bfs: 6856, dfs: 4597, astar: 567 } },
];
const DEFAULT_DEPTH = 40;

/** The query of an 8-puzzle figure. */
const eight = (start, goal, algo, heuristic = null) => `puzzle=sliding&size=3x3&start=${start}&goal=${goal}`
  + `&algo=${algo}${heuristic ? `&heuristic=${heuristic}` : ''}`;
const dfsRun = (start, goal, depth) => cli(eight(start, goal, 'dfs'), '--depth', String(depth));

/** The blank's moves from `start` played on the board: where they lead (written here, apart from the engine). */
function play(start, moves) {
  const b = [...start];
  for (const m of moves) {
    const z = b.indexOf(0);
    const to = z + { U: -3, D: 3, L: -1, R: 1 }[m];
    assert.ok(to >= 0 && to < 9 && (m === 'U' || m === 'D' || Math.floor(to / 3) === Math.floor(z / 3)), `${m} leaves the board`);
    [b[z], b[to]] = [b[to], b[z]];
  }
  return b;
}

/** The number named `name` in section `id`, once its figure has computed it. */
async function num(page, id, name, timeout = SOLVE_MS) {
  const el = page.locator(`section#${id} [data-num="${name}"][data-value]`).first();
  await el.waitFor({ timeout });
  return Number(await el.getAttribute('data-value'));
}

/** Waits until number `name` of section `id` equals `want`. */
async function numBecomes(page, id, name, want, timeout = SOLVE_MS) {
  const sel = `section#${id} [data-num="${name}"]`;
  try {
    await page.waitForFunction(([s, w]) => document.querySelector(s)?.getAttribute('data-value') === String(w),
      [sel, want], { timeout });
  } catch {
    assert.fail(`${id} ${name} did not become ${want}: it is ${await page.locator(sel).first().getAttribute('data-value')}`);
  }
}

/** The report table's engine numbers for one row, against the CLI's run. */
async function checkRow(page, row, run) {
  const at = (name) => `section#report tr[data-row="${row}"] [data-num="${row}-${name}"]`;
  await page.waitForFunction(([s, w]) => document.querySelector(s)?.getAttribute('data-value') === String(w),
    [at('expanded'), run.stats.expanded], { timeout: SOLVE_MS });
  assert.equal(await page.locator(at('open')).getAttribute('data-value'), String(run.stats.max_open), `${row} OPEN`);
  assert.equal(await page.locator(at('length')).getAttribute('data-value'), String(run.length), `${row} length`);
  assert.equal(await page.locator(`section#report [data-moves="${row}"]`).innerText(), run.moves, `${row} moves`);
}

async function openLesson(s, lang, extra = '') {
  await s.page.goto(s.url(`lesson=eight&lang=${lang}${extra}`), { waitUntil: 'load' });
  await s.page.locator(tid('lesson')).waitFor();
}

for (const lang of ['en', 'zh']) {
  test(`8-puzzle lab lesson in ${lang}: every figure works and its numbers are the CLI's`, async (s) => {
    const { page } = s;
    await openLesson(s, lang);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-Hans' : 'en');
    const ids = await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id));
    assert.deepEqual(ids, ['basics', 'report', 'dfs', 'claims', 'random', 'exercises']);
    for (const id of ids) {
      const href = await page.locator(`section#${id} ${tid('section-link')}`).getAttribute('href');
      assert.ok(href.endsWith(`#${id}`) && href.includes('lesson=eight'), `${id}'s deep link is ${href}`);
    }
    // OPEN, CLOSED and the searches are defined first; the sliding lesson is linked there and where the claims
    // cite the article.
    assert.equal(await page.locator(`section#basics ${tid('sliding-link')}`).getAttribute('href'),
      `?lesson=sliding&lang=${lang}#state`);
    assert.equal(await page.locator(`section#claims ${tid('sliding-link')}`).getAttribute('href'),
      `?lesson=sliding&lang=${lang}#heuristics`);

    // The report's table: each case's runs are the CLI's, and the rebuilt boards give the report's own moves.
    const cases = lang === 'en' ? [2, 0, 1] : [2];
    for (const i of cases) {
      const c = CASES[i];
      if (i !== 2) await page.locator(`section#report ${tid('report-case')}`).selectOption(String(i));
      const bfs = cli(eight(c.start, GOAL, 'bfs'));
      const astar = cli(eight(c.start, GOAL, 'astar', 'misplaced'));
      assert.equal(bfs.moves, c.moves);
      assert.equal(astar.moves, c.moves);
      assert.deepEqual(play(c.start, c.moves), GOAL);
      await checkRow(page, 'bfs', bfs);
      await checkRow(page, 'astar', astar);
      await checkRow(page, 'dfs', dfsRun(c.start, GOAL, c.moves.length));
      const long = dfsRun(c.start, GOAL, DEFAULT_DEPTH);
      await checkRow(page, 'dfs-default', long);
      for (const row of ['bfs', 'dfs', 'astar']) {
        const cell = page.locator(`section#report [data-report="${row}-closed"]`);
        assert.equal(await cell.getAttribute('data-value'), String(c.closed[row]), `the report's CLOSED for ${row}`);
      }
      // The differences quote the same runs.
      await numBecomes(page, 'report', 'diff-astar', astar.stats.expanded);
      assert.equal(await num(page, 'report', 'diff-astar-open'), astar.stats.max_open);
      // BFS's count split by layer: the layers up to d - 2 whole, then part of layer d - 1 (the CLI's by_depth).
      const d = c.moves.length;
      assert.equal(await num(page, 'report', 'diff-depth'), d);
      const inner = bfs.stats.by_depth.slice(0, d - 1).reduce((a, b) => a + b, 0);
      assert.equal(await num(page, 'report', 'diff-inner'), inner);
      assert.equal(await num(page, 'report', 'diff-part'), bfs.stats.expanded - inner);
      assert.equal(await num(page, 'report', 'diff-dfs-default-length'), long.length);
      assert.equal(await num(page, 'report', 'astar-length'), c.moves.length);
      assert.equal(await page.locator('section#report [data-diff="moves"] code').innerText(), c.moves);
    }
    // A*'s answer plays to the goal.
    const start = page.locator('section#report [data-figure="report-start"]');
    await start.locator(tid('step-forward')).click();
    const after = await start.locator(tid('board')).getAttribute('data-tiles');
    assert.deepEqual(after.split(',').map(Number), play(CASES[cases.at(-1)].start, CASES[cases.at(-1)].moves[0]));

    // Try your own: the start becomes the reader's. One slide reruns the four searches on the new board towards
    // the report's goal (the CLI's numbers); the report's columns and differences step aside; Back brings the case.
    if (lang === 'en') {
      const c = CASES[cases.at(-1)];
      await page.locator(`section#report ${tid('try-own')}`).click();
      await page.locator(`section#report ${tid('own-hint')}`).waitFor();
      const blank = c.start.indexOf(0);
      const cell = [blank - 3, blank + 3, blank - 1, blank + 1].find((n) => n >= 0 && n < 9
        && (Math.abs(n - blank) === 3 || Math.floor(n / 3) === Math.floor(blank / 3)));
      const tile = c.start[cell];
      await start.locator(tid(`tile-${tile}`)).click();
      const own = c.start.map((t) => (t === 0 ? tile : t === tile ? 0 : t));
      await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-tiles') === want,
        [`section#report [data-figure="report-start"] ${tid('board')}`, own.join()], { timeout: SOLVE_MS });
      await checkRow(page, 'bfs', cli(eight(own, GOAL, 'bfs')));
      await checkRow(page, 'astar', cli(eight(own, GOAL, 'astar', 'misplaced')));
      await checkRow(page, 'dfs', dfsRun(own, GOAL, c.moves.length));
      await checkRow(page, 'dfs-default', dfsRun(own, GOAL, DEFAULT_DEPTH));
      assert.equal(await page.locator('section#report [data-report]').count(), 0, 'no report figure for a board of mine');
      await page.locator('section#report [data-diff="own"]').waitFor();
      assert.equal(await page.locator('section#report [data-diff="closed"]').count(), 0);
      await page.locator(`section#report ${tid('report-back')}`).click();
      await checkRow(page, 'bfs', cli(eight(c.start, GOAL, 'bfs')));
      assert.equal(await page.locator(`section#report [data-report="bfs-closed"]`).getAttribute('data-value'),
        String(c.closed.bfs));
      await page.locator('section#report [data-diff="closed"]').waitFor();
    }

    // DFS and its depth limit: the first limit finds a longer path; too small finds none; the shortest's finds it.
    const c16 = CASES[2].start;
    const shortest = cli(eight(c16, GOAL, 'bfs'));
    for (const limit of [25, 15, 16]) {
      if (limit !== 25) await page.locator(`section#dfs ${tid('dfs-limit')}`).selectOption(String(limit));
      const run = dfsRun(c16, GOAL, limit);
      await numBecomes(page, 'dfs', 'limit', limit);
      await numBecomes(page, 'dfs', 'dfs-expanded', run.stats.expanded);
      if (run.status === 'limit') {
        assert.equal(limit, 15);
        assert.equal(await page.locator('section#dfs [data-num="dfs-length"]').count(), 0);
        assert.equal(await num(page, 'dfs', 'bfs-length'), shortest.length);
      } else {
        assert.equal(await num(page, 'dfs', 'dfs-length'), run.length);
        assert.equal(await num(page, 'dfs', 'bfs-expanded'), shortest.stats.expanded);
        if (limit === 25) {
          assert.ok(run.length > shortest.length, 'the first limit no longer shows a longer path');
          assert.equal(await num(page, 'dfs', 'dfs-extra'), run.length - shortest.length);
        }
      }
    }

    // The claims: each number the CLI's, each verdict what those numbers say.
    const claimBfs = cli(eight(ARTICLE, ROW_GOAL, 'bfs'));
    const claimMis = cli(eight(ARTICLE, ROW_GOAL, 'astar', 'misplaced'));
    const claimMan = cli(eight(ARTICLE, ROW_GOAL, 'astar', 'manhattan'));
    const dfs30 = dfsRun(ARTICLE, ROW_GOAL, 30);
    const dfs40 = dfsRun(ARTICLE, ROW_GOAL, DEFAULT_DEPTH);
    const other = cli(eight(ARTICLE, BLANK_FIRST, 'bfs'));
    assert.equal(claimBfs.length, 27);
    assert.equal(other.length, 31);
    await page.locator(`section#claims ${tid('claims')} [data-claim]`).first().waitFor({ timeout: SOLVE_MS });
    const claims = page.locator(`section#claims ${tid('claims')}`);
    assert.equal(await num(page, 'claims', 'bfs-length'), claimBfs.length);
    assert.equal(await num(page, 'claims', 'manhattan-length'), claimMan.length);
    assert.equal(await num(page, 'claims', 'misplaced-length'), claimMis.length);
    assert.equal(await num(page, 'claims', 'manhattan-expanded'), claimMan.stats.expanded);
    assert.equal(await num(page, 'claims', 'misplaced-expanded'), claimMis.stats.expanded);
    assert.equal(await num(page, 'claims', 'bfs-expanded'), claimBfs.stats.expanded);
    assert.equal(await num(page, 'claims', 'dfs-expanded'), dfs40.stats.expanded);
    assert.equal(await num(page, 'claims', 'dfs-short-length'), dfs30.length);
    assert.equal(await num(page, 'claims', 'dfs-long-length'), dfs40.length);
    assert.equal(await num(page, 'claims', 'other-goal-length'), other.length);
    const verdict = (id) => claims.locator(`[data-claim="${id}"]`).getAttribute('data-verdict');
    assert.equal(await verdict('bfs-shortest'), claimBfs.length === claimMan.length ? 'holds' : 'fails');
    assert.equal(await verdict('misplaced-optimal'), claimMis.length === claimBfs.length ? 'holds' : 'fails');
    const heuristicFirst = claimMis.stats.expanded < claimBfs.stats.expanded && claimMan.stats.expanded < claimBfs.stats.expanded;
    assert.equal(await verdict('heuristic-fastest'),
      !heuristicFirst ? 'fails' : dfs40.stats.expanded < claimBfs.stats.expanded ? 'holds' : 'partly');
    assert.equal(await verdict('dfs-unstable'), dfs30.length !== dfs40.length ? 'partly' : 'fails');
    assert.equal(await verdict('article-31'), 'fails');
    // The report's own rules: its third heuristic against BFS's length, its tie rule, its DFS's one CLOSED list
    // (replayed by the page; the engine's DFS at the shortest length is the CLI's), its goal's parity.
    const third = await num(page, 'claims', 'third-estimate');
    assert.equal(third, await num(page, 'claims', 'third-misplaced') + 3 * await num(page, 'claims', 'third-inversions'));
    assert.equal(await verdict('third-heuristic'), third <= claimBfs.length ? 'holds' : 'fails');
    assert.equal(await verdict('goal-ties'), claimMis.length === claimBfs.length ? 'holds' : 'fails');
    assert.equal(await num(page, 'claims', 'manhattan-open'), claimMan.stats.max_open);
    const case3 = CASES[2];
    const engineDfs = dfsRun(case3.start, GOAL, case3.moves.length);
    assert.equal(await num(page, 'claims', 'miss-engine-length'), engineDfs.length);
    assert.equal(await num(page, 'claims', 'miss-report-closed'), case3.closed.dfs);
    assert.equal(await num(page, 'claims', 'miss-closed'), case3.closed.dfs);
    assert.equal(await verdict('dfs-closed-misses'), 'fails');
    assert.equal(await num(page, 'claims', 'goal-inversions'), 7);
    assert.equal(await verdict('goal-reachable'), 'holds');

    // Random boards: the board on screen, then a shuffled one, each solved as the CLI solves it.
    const randomBoard = page.locator(`section#random ${tid('board')}`);
    let shown = await randomBoard.getAttribute('data-tiles');
    for (let round = 0; round < 2; round += 1) {
      if (round === 1) {
        const before = shown;
        await page.locator(`section#random ${tid('shuffle')}:not([disabled])`).click({ timeout: SOLVE_MS });
        await page.waitForFunction(([el, b]) => el.getAttribute('data-tiles') !== b,
          [await randomBoard.elementHandle(), before]);
        shown = await randomBoard.getAttribute('data-tiles');
      }
      const board = shown.split(',').map(Number);
      const rb = cli(eight(board, GOAL, 'bfs'));
      await numBecomes(page, 'random', 'bfs-expanded', rb.stats.expanded);
      await numBecomes(page, 'random', 'misplaced-expanded', cli(eight(board, GOAL, 'astar', 'misplaced')).stats.expanded);
      await numBecomes(page, 'random', 'manhattan-expanded', cli(eight(board, GOAL, 'astar', 'manhattan')).stats.expanded);
      assert.equal(await num(page, 'random', 'length'), rb.length);
      assert.equal(await num(page, 'random', 'states'), 181_440);
      assert.equal(await num(page, 'random', 'comparisons'), rb.stats.expanded * (rb.stats.expanded - 1) / 2);
    }

    // Exercises, each checked by the engine and scored.
    const fewerStart = [1, 5, 3, 2, 0, 4, 8, 7, 6];
    const bfsEx = cli(eight(fewerStart, GOAL, 'bfs')).stats.expanded;
    const astarEx = cli(eight(fewerStart, GOAL, 'astar', 'misplaced')).stats.expanded;
    const fewer = page.locator('[data-exercise="fewer"]');
    await fewer.locator(tid(bfsEx < astarEx ? 'pick-bfs' : bfsEx > astarEx ? 'pick-astar' : 'pick-tie')).click();
    await fewer.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-bfs'), bfsEx);
    assert.equal(await num(page, 'exercises', 'ex-astar'), astarEx);

    // A hard board for misplaced tiles, set by keyboard: one swap is unsolvable, a second one is not.
    const hard = page.locator('[data-exercise="hard"]');
    const swap = async (a, b) => {
      await hard.locator(tid(`tile-${a}`)).press('Enter');
      await hard.locator(tid(`tile-${b}`)).press('Enter');
    };
    await swap(2, 3);
    await hard.locator(tid('check')).click();
    await hard.locator(tid('unsolvable')).waitFor();
    await swap(3, 6);
    const hardBoard = (await hard.locator(tid('board')).getAttribute('data-tiles')).split(',').map(Number);
    assert.deepEqual(hardBoard, [6, 2, 8, 3, 1, 4, 0, 7, 5]);
    const hardRun = cli(eight(hardBoard, GOAL, 'astar', 'misplaced'));
    assert.ok(hardRun.stats.expanded > 1000);
    await hard.locator(tid('check')).click();
    await hard.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-hard-expanded'), hardRun.stats.expanded);
    assert.equal(await num(page, 'exercises', 'ex-hard-length'), hardRun.length);

    const distance = page.locator('[data-exercise="distance"]');
    const moves = cli(eight([0, 1, 3, 8, 2, 6, 7, 5, 4], GOAL, 'bfs')).length;
    await distance.locator(tid('distance-guess')).fill(String(moves));
    await distance.locator(tid('check')).click();
    await distance.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-length'), moves);
    await page.locator(`${tid('lesson-score')}[data-right="3"]`).waitFor();

    // Each figure opens the lab on its puzzle and algorithm.
    const lab = await page.locator(`section#claims ${tid('open-in-lab')}`).getAttribute('href');
    const params = new URL(lab, page.url()).searchParams;
    assert.equal(params.get('start'), ARTICLE.join());
    assert.equal(params.get('heuristic'), 'manhattan');
    assert.equal(params.get('lang'), lang);
    assert.equal(await page.locator(tid('open-in-lab')).count(), 7);
  }, { timeout: 120_000 });
}

test('a wrong answer is scored wrong, with the engine\'s numbers', async (s) => {
  const { page } = s;
  await openLesson(s, 'en', '#exercises');
  const distance = page.locator('[data-exercise="distance"]');
  const moves = cli(eight([0, 1, 3, 8, 2, 6, 7, 5, 4], GOAL, 'bfs')).length;
  await distance.locator(tid('distance-guess')).fill(String(moves + 2));
  await distance.locator(tid('check')).click();
  await distance.locator(`${tid('verdict')}[data-right="false"]`).waitFor({ timeout: SOLVE_MS });
  assert.equal(await num(page, 'exercises', 'ex-length'), moves);
  assert.match(await page.locator(tid('lesson-score')).innerText(), /0 of 4/);
});

test('no sentence of the Chinese 8-puzzle lesson is English (names and move letters aside)', async (s) => {
  const { page } = s;
  await openLesson(s, 'zh');
  await page.locator(`section#claims ${tid('claims')} [data-claim]`).first().waitFor({ timeout: SOLVE_MS });
  await page.locator('section#report [data-diff="dfs"]').waitFor({ timeout: SOLVE_MS });
  await num(page, 'random', 'manhattan-expanded');
  await num(page, 'dfs', 'dfs-expanded');
  const text = await shownText(page);
  const names = /BFS|DFS|IDA\*|A\*|OPEN|CLOSED|CPU|SVG|PNG|JSON|English|简体中文/g;
  const english = text.replace(names, ' ').match(/[A-Za-z]{2,}(?:[\s,.;:'’()-]+[A-Za-z]{2,}){2,}/g) ?? [];
  assert.deepEqual(english, [], `English shown on the Chinese lesson: ${english.join(' | ')}`);
});

test('a deep link scrolls to its section; embed=1 shows that section alone, its figure live', async (s) => {
  const { page } = s;
  await openLesson(s, 'en', '#claims');
  await num(page, 'claims', 'board-length');
  await page.waitForFunction(() => Math.abs(document.getElementById('claims').getBoundingClientRect().top) < 40);
  assert.match(page.url(), /lesson=eight&lang=en#claims$/);

  await openLesson(s, 'zh', '&embed=1#dfs');
  await page.locator(tid('embed')).waitFor();
  assert.deepEqual(await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id)), ['dfs']);
  assert.equal(await num(page, 'dfs', 'dfs-length'), dfsRun(CASES[2].start, GOAL, 25).length);
  assert.equal(await page.locator('.lesson-contents').count(), 0);
  assert.match(await page.locator(tid('embed-open')).getAttribute('href'), /lesson=eight&lang=zh#dfs$/);
});

for (const width of [1366, 360]) {
  test(`the 8-puzzle lesson at ${width} px: no serious or critical axe violation in either language, nothing wider than the page`,
    async (s) => {
      const { page } = s;
      const found = [];
      for (const lang of ['en', 'zh']) {
        await openLesson(s, lang);
        await page.locator('section#report [data-diff="dfs"]').waitFor({ timeout: SOLVE_MS });
        await page.locator(`section#claims ${tid('claims')} [data-claim]`).first().waitFor({ timeout: SOLVE_MS });
        await num(page, 'random', 'manhattan-expanded');
        await num(page, 'dfs', 'dfs-expanded');
        const violations = await scan(page);
        if (violations.length) found.push({ where: `${lang}, ${width} px`, violations });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px at ${width} px (${lang})`);
        await page.screenshot({ path: join(ARTIFACTS, `lesson-eight--${lang}--${width}.png`), fullPage: true });
      }
      assert.equal(found.length, 0, `axe found serious or critical violations:\n${describeViolations(found)}`);
    }, { timeout: 120_000, contextOptions: { viewport: { width, height: 900 } } });
}
