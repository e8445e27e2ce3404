// The Lessons view: the sliding-puzzle lesson section by section, in English and in Chinese. Every figure works,
// and every number its text quotes equals what the solver's CLI gives for the same query (or a count written here:
// inversions, N!/2, Manhattan distance); two kinds cannot be equal and are bounded instead: peak memory (an
// estimate from structure sizes, smaller on wasm32) within a tenth, and the staged solver's answer (it improves for
// as long as it has) by the Manhattan distance of its board. Deep links scroll to their section, embed=1 shows one
// section alone, no sentence shown in Chinese is English, axe finds no serious or critical violation, and
// screenshots at 1366 and 360 px are left in test-artifacts/ (lesson-sliding--*.png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, buildCli, cli, neighbours, shownText, tid, useApp,
} from './helpers.mjs';
import { describe as describeViolations, scan } from './a11y-views.mjs';

const { test } = useApp();
buildCli();
const SOLVE_MS = 30_000;

const sliding = (w, h, start, algo, heuristic) => `puzzle=sliding&size=${w}x${h}&start=${start}&algo=${algo}`
  + (heuristic ? `&heuristic=${heuristic}` : '');

/** n!/2, the states reachable from a start on an n-cell board. */
const half = (n) => { let f = 1; for (let k = 2; k <= n; k += 1) f *= k; return f / 2; };

/** Pairs of tiles (blank left out) in the wrong order: written here, apart from the page. */
const inversions = (tiles) => {
  const t = tiles.filter((x) => x !== 0);
  let count = 0;
  for (let i = 0; i < t.length; i += 1) for (let j = i + 1; j < t.length; j += 1) if (t[i] > t[j]) count += 1;
  return count;
};

/** The Manhattan distance of a `width`-wide board to the usual goal: written here, apart from the solver. */
const manhattan = (width, tiles) => tiles.reduce((sum, t, cell) => (t === 0 ? sum
  : sum + Math.abs(Math.floor(cell / width) - Math.floor((t - 1) / width)) + Math.abs((cell % width) - ((t - 1) % width))), 0);

/** The value named `name` in `scope` (a section id or a CSS scope), once its figure has computed it. */
async function value(page, scope, name, timeout = SOLVE_MS) {
  const sel = scope.startsWith('[') || scope.includes(' ') ? scope : `section#${scope}`;
  const el = page.locator(`${sel} [data-num="${name}"][data-value]`).first();
  await el.waitFor({ timeout });
  return el.getAttribute('data-value');
}
const num = async (page, scope, name, timeout) => Number(await value(page, scope, name, timeout));

/** Waits until value `name` of `scope` reads `want`. */
async function becomes(page, scope, name, want, timeout = SOLVE_MS) {
  const sel = `section#${scope} [data-num="${name}"]`;
  try {
    await page.waitForFunction(([s, w]) => document.querySelector(s)?.getAttribute('data-value') === String(w),
      [sel, want], { timeout });
  } catch {
    assert.fail(`${scope} ${name} did not become ${want}: it is ${await page.locator(sel).first().getAttribute('data-value')}`);
  }
}

/** A figure's board tiles, in `scope`. */
async function tiles(page, scope) {
  const text = await page.locator(`${scope} ${tid('board')}`).first().getAttribute('data-tiles');
  return text.split(',').map(Number);
}

/** Opens the lesson in `lang` and waits for its sections. */
async function openLesson(s, lang, extra = '') {
  await s.page.goto(s.url(`lesson=sliding&lang=${lang}${extra}`), { waitUntil: 'load' });
  await s.page.locator(tid('lesson')).waitFor();
}

const FOUR = [13, 6, 7, 5, 1, 10, 3, 2, 9, 15, 0, 4, 11, 14, 12, 8];
const ARTICLE = [8, 0, 6, 5, 4, 7, 2, 3, 1];
/** Names that stay as they are in Chinese teaching: algorithms, list names, units, the language menu. */
const NAMES = /BFS|IDA\*|A\*|OPEN|CLOSED|SVG|PNG|JSON|English|简体中文|KiB|MiB|GiB|TiB/g;

/** Fails on a serious or critical axe violation or a page wider than the window; leaves the page's screenshot. */
async function checkPage(page, lang, width) {
  const violations = await scan(page);
  assert.deepEqual(violations.length ? describeViolations([{ where: `${lang}, ${width} px`, violations }]) : '', '',
    'axe found serious or critical violations');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px at ${width} px (${lang})`);
  await page.screenshot({ path: join(ARTIFACTS, `lesson-sliding--${lang}--${width}.png`), fullPage: true });
}

const SECTIONS = ['state', 'solvability', 'bfs-memory', 'heuristics', 'watch', 'consistency', 'greedy', 'weighted', 'idastar',
  'pattern-databases', 'big-boards', 'exercises'];

/** The board after the blank's moves (U, D, L, R: the letters of the CLI's answer), each board on the way. */
const replay = (width, tiles, letters) => {
  const boards = [tiles];
  let board = [...tiles];
  for (const letter of letters) {
    const blank = board.indexOf(0);
    const to = blank + { U: -width, D: width, L: -1, R: 1 }[letter];
    board = [...board];
    [board[blank], board[to]] = [board[to], board[blank]];
    boards.push(board);
  }
  return boards;
};

/** Euclidean distance to the usual goal, summed over the tiles, with two decimals: written here, apart from the page. */
const euclidean = (width, tiles) => tiles.reduce((sum, t, cell) => (t === 0 ? sum
  : sum + Math.hypot(Math.floor(cell / width) - Math.floor((t - 1) / width), (cell % width) - ((t - 1) % width))), 0)
  .toFixed(2);

/** The tiles beside the blank of a 3x3 board. */
const besideBlank = (tiles) => {
  const blank = tiles.indexOf(0);
  const [r, c] = [Math.floor(blank / 3), blank % 3];
  return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([y, x]) => y >= 0 && y < 3 && x >= 0 && x < 3)
    .map(([y, x]) => tiles[y * 3 + x]);
};

/** Slides the first tile beside the blank in `scope` and waits for the board to change; returns the new tiles. */
async function slideOne(page, scope) {
  const before = await tiles(page, scope);
  const tile = besideBlank(before)[0];
  await page.locator(`${scope} ${tid(`tile-${tile}`)}`).click();
  await page.waitForFunction(([sel, b]) => document.querySelector(sel)?.getAttribute('data-tiles').replace(/\s/g, '') !== b,
    [`${scope} [data-testid="board"]`, before.join()]);
  return tiles(page, scope);
}

for (const lang of ['en', 'zh']) {
  test(`sliding lesson in ${lang}: every section's figure works and its numbers are the CLI's`, async (s) => {
    const { page } = s;
    await openLesson(s, lang);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-Hans' : 'en');
    const ids = await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id));
    assert.deepEqual(ids, SECTIONS);

    // A board is a state: sliding a tile changes the list, and 9!/2 is the board's state count.
    const state = 'section#state';
    assert.equal(await value(page, 'state', 'state'), '1, 2, 3, 4, 0, 6, 7, 5, 8');
    assert.equal(await num(page, 'state', 'blank-moves'), 4);
    assert.equal(await num(page, 'state', 'states-3x3'), half(9));
    await page.locator(`${state} ${tid('tile-5')}`).click();
    await becomes(page, 'state', 'state', '1, 2, 3, 4, 5, 6, 7, 0, 8');
    assert.equal(await num(page, 'state', 'blank-moves'), 3);
    await page.locator(`${state} ${tid('tile-8')}`).focus();
    await page.keyboard.press('Enter');
    await becomes(page, 'state', 'state', '1, 2, 3, 4, 5, 6, 7, 8, 0');

    // Solvability: the counts are an independent count's, the solver agrees, a swap flips the verdict.
    const solv = 'section#solvability';
    const three = [1, 2, 3, 4, 5, 6, 8, 7, 0];
    // The rule's sentence counts the report's goal's inversions: odd, so towards it the verdicts turn round.
    const reportGoal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
    assert.equal(await num(page, 'solvability', 'goal-inversions'), inversions(reportGoal));
    assert.equal(inversions(reportGoal) % 2, 1);
    assert.equal(cli(`puzzle=sliding&size=3x3&start=${three}&goal=${reportGoal}&algo=astar&heuristic=manhattan`).status,
      'solved', 'a board with an odd number of inversions reaches the report\'s goal');
    assert.equal(await num(page, 'solvability', 'inversions'), inversions(three));
    assert.equal(await page.locator(`${solv} ${tid('rule-verdict')}`).getAttribute('data-solvable'), 'false');
    await page.locator(`${solv} ${tid('ask-solver')}`).click();
    await page.locator(`${solv} ${tid('solver-answer')}[data-answer="unsolvable"]`).waitFor();
    assert.equal(cli(sliding(3, 3, three, 'astar', 'linear-conflict')).status, 'unsolvable');
    await page.locator(`${solv} ${tid('tile-8')}`).focus();
    await page.keyboard.press('Enter');
    await page.locator(`${solv} ${tid('tile-7')}`).focus();
    await page.keyboard.press('Enter');
    await becomes(page, 'solvability', 'inversions', 0);
    assert.equal(await page.locator(`${solv} ${tid('rule-verdict')}`).getAttribute('data-solvable'), 'true');
    await page.locator(`${solv} ${tid('ask-solver')}`).click();
    await page.locator(`${solv} ${tid('solver-answer')}[data-answer="solved"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'solvability', 'solver-length'), 0);
    // 4x4: no inversion, the blank a row up: the rule and the solver say unsolvable.
    await page.locator(`${solv} ${tid('solv-size')}`).selectOption('4');
    await becomes(page, 'solvability', 'blank-rows-up', 1);
    const four = await tiles(page, solv);
    assert.equal(await num(page, 'solvability', 'inversions'), inversions(four));
    assert.equal(inversions(four), 0);
    await page.locator(`${solv} ${tid('ask-solver')}`).click();
    await page.locator(`${solv} ${tid('solver-answer')}[data-answer="unsolvable"]`).waitFor();
    assert.equal(cli(sliding(4, 4, four, 'idastar', 'pdb')).status, 'unsolvable');

    // BFS's memory: each row's numbers are the CLI's BFS from the same board; 4x4's count is 16!/2.
    const farthest = { '2x2': [0, 3, 2, 1], '3x2': [4, 5, 0, 1, 2, 3], '4x2': [0, 7, 2, 1, 4, 3, 6, 5],
      '3x3': [8, 6, 7, 2, 5, 4, 3, 0, 1], '5x2': [0, 5, 3, 2, 1, 9, 4, 8, 7, 6] };
    for (const [size, start] of Object.entries(farthest)) {
      const [w, h] = size.split('x').map(Number);
      const run = cli(sliding(w, h, start, 'bfs'));
      const row = `section#bfs-memory [data-size="${size}"]`;
      assert.equal(await num(page, row, 'expanded'), run.stats.expanded, `${size} expanded`);
      assert.equal(await num(page, row, 'max-open'), run.stats.max_open, `${size} max OPEN`);
      assert.equal(await num(page, row, 'peak-memory'), run.stats.peak_memory_bytes, `${size} memory`);
      assert.equal(await num(page, row, 'length'), run.length, `${size} length`);
      assert.equal(await num(page, row, 'states'), half(w * h), `${size} states`);
    }
    assert.equal(await num(page, 'bfs-memory', 'four-states'), half(16));
    const largest = cli(sliding(5, 2, farthest['5x2'], 'bfs')).stats;
    const memory = await num(page, 'bfs-memory', 'four-memory');
    assert.ok(Math.abs(memory - largest.peak_memory_bytes / largest.expanded * half(16)) / memory < 1e-9);

    // Heuristics: the three A* runs are the CLI's, all the same length; a shuffle reruns all three.
    const heuristics = ['misplaced', 'manhattan', 'linear-conflict'];
    const heurCheck = async (board) => {
      const lengths = new Set();
      for (const h of heuristics) {
        const run = cli(sliding(3, 3, board, 'astar', h));
        const row = `section#heuristics [data-heuristic="${h}"]`;
        await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-value') === want,
          [`${row} [data-num="expanded"]`, String(run.stats.expanded)], { timeout: SOLVE_MS });
        assert.equal(await num(page, row, 'length'), run.length);
        lengths.add(run.length);
      }
      assert.equal(lengths.size, 1, 'the three admissible heuristics give one length');
    };
    await heurCheck(ARTICLE);
    const articleLength = cli(sliding(3, 3, ARTICLE, 'bfs')).length;
    assert.equal(await num(page, 'heuristics', 'article-length'), articleLength);
    assert.notEqual(articleLength, 31, 'the article\'s 31 moves are now right');
    const blankFirst = cli(`${sliding(3, 3, ARTICLE, 'bfs')}&goal=0,1,2,3,4,5,6,7,8`).length;
    assert.equal(await num(page, 'heuristics', 'article-blank-first'), blankFirst);
    assert.equal(blankFirst, 31, 'the article\'s 31 is the shortest towards the blank-first goal');
    await page.locator(`section#heuristics ${tid('heur-shuffle')}`).click();
    await page.waitForFunction((a) => document.querySelector('section#heuristics [data-testid="board"]')
      ?.getAttribute('data-tiles').replace(/\s/g, '') !== a, ARTICLE.join());
    await heurCheck(await tiles(page, 'section#heuristics'));
    // Try your own: the board unlocks, a slide reruns every number of the section; the article's board comes back.
    const heur = 'section#heuristics';
    const locked = await tiles(page, heur);
    await page.locator(`${heur} ${tid(`tile-${besideBlank(locked)[0]}`)}`).click();
    await page.waitForTimeout(300);
    assert.deepEqual(await tiles(page, heur), locked, 'the board slid before "Try your own"');
    await page.locator(`${heur} ${tid('try-own')}`).click();
    await page.locator(`${heur} ${tid('own-hint')}`).waitFor();
    const own = await slideOne(page, heur);
    await heurCheck(own);
    assert.equal(await value(page, 'heuristics', 'euclidean'), euclidean(3, own));
    await becomes(page, 'heuristics', 'euclid-manhattan', manhattan(3, own));
    await becomes(page, 'heuristics', 'euclid-shortest', cli(sliding(3, 3, own, 'astar', 'manhattan')).length);
    assert.ok(Number(euclidean(3, own)) <= manhattan(3, own), 'Euclidean distance above Manhattan distance');
    await page.locator(`${heur} ${tid('heur-article')}`).click();
    await page.waitForFunction((a) => document.querySelector('section#heuristics [data-testid="board"]')
      ?.getAttribute('data-tiles').replace(/\s/g, '') === a, ARTICLE.join());
    await page.locator(`${heur} ${tid('try-own')}`).waitFor();
    await heurCheck(ARTICLE);

    // Consistency: h around the board and along A*'s shortest solution are the CLI's, on the first board and after
    // a slide.
    const consCheck = async (board) => {
      const run = cli(sliding(3, 3, board, 'astar', 'manhattan'));
      await becomes(page, 'consistency', 'path-length', run.length);
      await becomes(page, 'consistency', 'h-manhattan', manhattan(3, board));
      const around = besideBlank(board).length;
      assert.equal(await num(page, 'consistency', 'moves'), around);
      const after = (await value(page, 'consistency', 'h-manhattan-after')).split(', ').map(Number);
      assert.equal(after.length, around);
      assert.ok(after.every((h) => Math.abs(h - manhattan(3, board)) === 1), `Manhattan around: ${after}`);
      const h = replay(3, board, run.moves).map((b) => manhattan(3, b));
      assert.deepEqual(h.at(-1), 0);
      assert.equal(await value(page, 'consistency', 'path-h'), h.join(', '));
      const rises = h.slice(1).filter((x, i) => x > h[i]).length;
      assert.equal(await num(page, 'consistency', 'path-rises'), rises);
      assert.equal(await value(page, 'consistency', 'path-f'), h.map((x, g) => g + x).join(', '));
      assert.equal(await num(page, 'consistency', 'reopened'), run.stats.expanded - run.stats.closed);
      assert.equal(await num(page, 'consistency', 'expanded'), run.stats.expanded);
    };
    assert.deepEqual(await tiles(page, 'section#consistency'), ARTICLE);
    await consCheck(ARTICLE);
    await consCheck(await slideOne(page, 'section#consistency'));

    // Greedy best-first against A*: both runs are the CLI's; f's values are (L - h0) / 2 + 1; a shuffle reruns them.
    const greedyCheck = async (board) => {
      const fast = cli(sliding(3, 3, board, 'greedy', 'manhattan'));
      const best = cli(sliding(3, 3, board, 'astar', 'manhattan'));
      await becomes(page, 'greedy', 'greedy-expanded', fast.stats.expanded);
      await becomes(page, 'greedy', 'astar-expanded', best.stats.expanded);
      assert.equal(await num(page, 'greedy', 'greedy-length'), fast.length);
      assert.equal(await num(page, 'greedy', 'astar-length'), best.length);
      const values = (best.length - manhattan(3, board)) / 2 + 1;
      assert.equal(await num(page, 'greedy', 'f-values'), values);
      assert.equal(await page.locator(`section#greedy ${tid('ties')}`).getAttribute('data-kept'),
        String(best.stats.expanded > values));
    };
    await greedyCheck(ARTICLE);
    await page.locator(`section#greedy ${tid('greedy-shuffle')}`).click();
    await page.waitForFunction((a) => document.querySelector('section#greedy [data-testid="board"]')
      ?.getAttribute('data-tiles').replace(/\s/g, '') !== a, ARTICLE.join());
    await greedyCheck(await tiles(page, 'section#greedy'));

    // Weighted A*: its run and A*'s are the CLI's for each weight picked; the bound w x shortest holds.
    const weightedCheck = async (board, w) => {
      const fast = cli(`${sliding(3, 3, board, 'weighted', 'manhattan')}&weight=${w}`);
      const best = cli(sliding(3, 3, board, 'astar', 'manhattan'));
      await becomes(page, 'weighted', 'weighted-expanded', fast.stats.expanded);
      await becomes(page, 'weighted', 'astar-expanded', best.stats.expanded);
      assert.equal(await value(page, 'weighted', 'w'), String(w));
      assert.equal(await num(page, 'weighted', 'weighted-length'), fast.length);
      assert.equal(await num(page, 'weighted', 'astar-length'), best.length);
      assert.equal(Number(await value(page, 'weighted', 'bound')), Number((w * best.length).toFixed(2)));
      assert.ok(fast.length <= w * best.length);
    };
    await weightedCheck(ARTICLE, 2);
    await page.locator(`section#weighted ${tid('weight')}`).selectOption('150');
    await weightedCheck(ARTICLE, 1.5);
    await weightedCheck(await slideOne(page, 'section#weighted'), 1.5);

    // IDA*: iterations, thresholds and expansions from its report, beside A*'s.
    const ida = cli(sliding(4, 4, FOUR, 'idastar', 'manhattan'));
    const astar = cli(sliding(4, 4, FOUR, 'astar', 'manhattan'));
    const bounds = ida.stats.by_depth.flatMap((n, bound) => (n > 0 ? [bound] : []));
    assert.equal(await value(page, 'idastar', 'thresholds'), bounds.join(', '));
    assert.equal(await num(page, 'idastar', 'iterations'), bounds.length);
    assert.equal(await num(page, 'idastar', 'ida-expanded'), ida.stats.expanded);
    assert.equal(await num(page, 'idastar', 'ida-last'), ida.stats.by_depth.at(-1));
    // Peak memory is an estimate from the sizes of the search's structures, and wasm32's pointers are half the
    // native CLI's: the page's estimate and the CLI's agree within a tenth.
    const near = (a, b) => Math.abs(a - b) <= b / 10;
    assert.ok(near(await num(page, 'idastar', 'ida-memory'), ida.stats.peak_memory_bytes), 'IDA*\'s memory');
    assert.equal(await num(page, 'idastar', 'astar-expanded'), astar.stats.expanded);
    assert.ok(near(await num(page, 'idastar', 'astar-memory'), astar.stats.peak_memory_bytes), 'A*\'s memory');
    assert.equal(await num(page, 'idastar', 'ida-length'), ida.length);
    assert.equal(await num(page, 'idastar', 'astar-length'), ida.length);
    assert.ok(ida.stats.peak_memory_bytes * 100 < astar.stats.peak_memory_bytes, 'IDA* no longer saves memory here');
    // The thresholds step by 2 (parity), and the article's cut at 32 is below this board's shortest.
    assert.equal(await value(page, 'idastar', 'threshold-steps'), [...new Set(bounds.slice(1).map((b, i) => b - bounds[i]))].join(', '));
    assert.equal(await value(page, 'idastar', 'threshold-steps'), '2');
    // The iterations drawn: one bar per threshold, its expansions the CLI's; the last pass reaches the goal.
    const passes = await page.locator(`section#idastar ${tid('ida-iterations')} .ida-pass`).evaluateAll((gs) => gs
      .map((g) => [Number(g.dataset.threshold), Number(g.dataset.expanded)]));
    assert.deepEqual(passes, bounds.map((b) => [b, ida.stats.by_depth[b]]));
    const pick = page.locator(`section#idastar ${tid('ida-pass')}`);
    await pick.fill('0');
    assert.match(await page.locator(`section#idastar ${tid('ida-pass-sentence')}`).textContent(),
      new RegExp(`\\b${bounds[1]}\\b`), 'the first pass names the smallest f it cut: the next threshold');
    await pick.fill(String(bounds.length - 1));
    assert.match(await page.locator(`section#idastar ${tid('ida-pass-sentence')}`).textContent(),
      new RegExp(`\\b${ida.length}\\b`), 'the last pass names the length it found');
    assert.equal(await num(page, 'idastar', 'cut-length'), ida.length);
    assert.ok(ida.length > 32);

    // Pattern databases: the tables' bound and IDA*'s run on them are the CLI's.
    const pdb = cli(sliding(4, 4, FOUR, 'idastar', 'pdb'));
    const greedy = cli(sliding(4, 4, FOUR, 'greedy', 'pdb'));
    assert.equal(await num(page, 'pattern-databases', 'pdb-length', 60_000), pdb.length);
    assert.equal(await num(page, 'pattern-databases', 'pdb-expanded'), pdb.stats.expanded);
    // The start's best estimate, max(tables, linear conflict), as the worker reports it with the tables built.
    assert.equal(await num(page, 'pattern-databases', 'pdb-bound', 60_000), greedy.lower_bound);
    const startManhattan = await num(page, 'pattern-databases', 'manhattan');
    assert.equal(startManhattan, manhattan(4, FOUR));
    assert.equal(startManhattan, bounds[0], 'Manhattan of the start is IDA*\'s first threshold');
    assert.ok(greedy.lower_bound > startManhattan);
    const groups = await page.locator(tid('pdb-group')).evaluateAll((els) => els.map((e) => e.dataset.tiles));
    assert.deepEqual(groups.flatMap((g) => g.split(',').map(Number)).sort((a, b) => a - b),
      Array.from({ length: 15 }, (_, i) => i + 1), 'the groups cover every tile once');
    assert.equal(groups.map((g) => g.split(',').length).join('-'), pdb.tables.name);

    // Try your own on the IDA* board: one slide reruns IDA*, A* and the tables' runs on the new board (the CLI's
    // numbers), and the section's board comes back.
    await page.locator(`section#idastar ${tid('try-own')}`).click();
    // The 4x4 board: the section's 3x3 pair below has a board of its own.
    const fourBoard = 'section#idastar [data-figure="ida-board"]';
    const fourBefore = await tiles(page, fourBoard);
    const fourBlank = fourBefore.indexOf(0);
    const fourTile = fourBefore[neighbours(fourBlank, 4, 4)[0]];
    await page.locator(`${fourBoard} ${tid(`tile-${fourTile}`)}`).click();
    const ownFour = fourBefore.map((t) => (t === 0 ? fourTile : t === fourTile ? 0 : t));
    await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-tiles')
      .replace(/\s/g, '') === want, [`${fourBoard} ${tid('board')}`, ownFour.join()]);
    const ownIda = cli(sliding(4, 4, ownFour, 'idastar', 'manhattan'));
    const ownPdb = cli(sliding(4, 4, ownFour, 'idastar', 'pdb'));
    await becomes(page, 'idastar', 'ida-expanded', ownIda.stats.expanded, 60_000);
    assert.equal(await num(page, 'idastar', 'ida-length'), ownIda.length);
    await becomes(page, 'pattern-databases', 'pdb-expanded', ownPdb.stats.expanded, 60_000);
    assert.equal(await num(page, 'pattern-databases', 'manhattan'), manhattan(4, ownFour));
    await page.locator(`section#idastar ${tid('ida-back')}`).click();
    await becomes(page, 'idastar', 'ida-expanded', ida.stats.expanded, 60_000);
    assert.deepEqual(await tiles(page, fourBoard), FOUR);

    // The tables drawn: every tile of the board carries its group, each group shows its own value, and the sums
    // make the estimate under the CLI's bound. A slide moves one tile, so only its group's value may change (the
    // tables keep the least over the blank's place); the bound and IDA* follow the CLI on the new board.
    const pdbSection = 'section#pattern-databases';
    const groupValues = async () => {
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n,
        [`${pdbSection} ${tid('pdb-group')}[data-value]`, groups.length], { timeout: 60_000 });
      return page.locator(`${pdbSection} ${tid('pdb-group')}[data-value]`)
        .evaluateAll((els) => els.map((e) => Number(e.dataset.value)));
    };
    await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.getAttribute('data-tiles') === want,
      [`${pdbSection} ${tid('board')}`, FOUR.join()], { timeout: 60_000 });
    await becomes(page, 'pattern-databases', 'pdb-bound', greedy.lower_bound, 60_000);
    for (const [g, list] of groups.entries()) {
      for (const t of list.split(',')) {
        assert.equal(await page.locator(`${pdbSection} ${tid(`tile-${t}`)}`).getAttribute('data-group'), String(g));
      }
    }
    const checkSums = async (lower) => {
      const values = await groupValues();
      assert.equal(values.length, groups.length);
      const sum = await num(page, 'pattern-databases', 'pdb-sum');
      assert.equal(sum, values.reduce((a, b) => a + b, 0));
      const estimate = await num(page, 'pattern-databases', 'pdb-estimate');
      assert.equal(estimate, Math.max(sum, await num(page, 'pattern-databases', 'pdb-mirror')));
      assert.equal(Math.max(estimate, await num(page, 'pattern-databases', 'linear-conflict')), lower);
      return values;
    };
    const before = await checkSums(greedy.lower_bound);
    const pdbBlank = FOUR.indexOf(0);
    const slidTile = FOUR[neighbours(pdbBlank, 4, 4)[0]];
    await page.locator(`${pdbSection} ${tid(`tile-${slidTile}`)}`).click();
    const slidFour = FOUR.map((t) => (t === 0 ? slidTile : t === slidTile ? 0 : t));
    const slidGreedy = cli(sliding(4, 4, slidFour, 'greedy', 'pdb'));
    await becomes(page, 'pattern-databases', 'pdb-expanded', cli(sliding(4, 4, slidFour, 'idastar', 'pdb')).stats.expanded, 60_000);
    await becomes(page, 'pattern-databases', 'pdb-bound', slidGreedy.lower_bound, 60_000);
    const after = await checkSums(slidGreedy.lower_bound);
    const moved = groups.findIndex((list) => list.split(',').map(Number).includes(slidTile));
    for (const g of groups.keys()) {
      if (g !== moved) assert.equal(after[g], before[g], `group ${g + 1} kept its value`);
    }
    await page.locator(`${pdbSection} ${tid('pdb-back')}`).click();
    await becomes(page, 'pattern-databases', 'pdb-expanded', pdb.stats.expanded, 60_000);
    assert.deepEqual(await tiles(page, pdbSection), FOUR);

    // Big boards: the state counts are n!/2; 6x6 solved by the page's choice, with its bound and its sentence.
    for (const side of [4, 5, 6, 7, 8]) {
      const states = await num(page, `section#big-boards [data-side="${side}"]`, 'states');
      assert.ok(Math.abs(states - half(side * side)) / states < 1e-12, `${side}x${side} states`);
    }
    const big = 'section#big-boards';
    await page.locator(`${big} ${tid('bound-sentence')}[data-done="true"]`).waitFor({ timeout: 60_000 });
    const length = await num(page, 'big-boards', 'big-length');
    const bound = await num(page, 'big-boards', 'big-bound');
    const bigStart = await tiles(page, big);
    assert.equal(bigStart.length, 36);
    // The staged solver's bound and length depend on how long it had to improve, so the CLI cannot repeat them: the
    // bound is at least the Manhattan distance of the start (which every bound the solver proves starts from), the
    // answer no shorter, and the page's choice for 6x6 is the CLI's.
    assert.equal(cli(`puzzle=sliding&size=6x6&start=${bigStart}`).algorithm, 'staged', 'the page\'s choice for 6x6');
    const md = manhattan(6, bigStart);
    assert.ok(bound >= md, `the bound ${bound} is below the Manhattan distance ${md}`);
    assert.ok(length >= bound && length % 2 === bound % 2);
    assert.equal(Number(await page.locator(`${big} ${tid('player')}`).getAttribute('data-steps')), length);
    const percent = Math.ceil((length * 100) / bound) - 100;
    const sentence = await page.locator(`${big} ${tid('bound-sentence')}`).innerText();
    assert.ok(sentence.includes(`${percent}%`) && sentence.includes(String(bound)), sentence);

    // Exercises, each checked by the engine and scored.
    const board = [4, 1, 3, 7, 2, 6, 0, 5, 8];
    const mis = cli(sliding(3, 3, board, 'astar', 'misplaced')).stats.expanded;
    const man = cli(sliding(3, 3, board, 'astar', 'manhattan')).stats.expanded;
    const fewer = page.locator('[data-exercise="fewer"]');
    await fewer.locator(tid(mis < man ? 'pick-misplaced' : mis > man ? 'pick-manhattan' : 'pick-tie')).click();
    await fewer.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, '[data-exercise="fewer"]', 'ex-misplaced'), mis);
    assert.equal(await num(page, '[data-exercise="fewer"]', 'ex-manhattan'), man);

    // One slide from the goal: Manhattan 1, weighted 1.5, one move: an overestimate.
    const over = page.locator('[data-exercise="overestimate"]');
    await over.locator(tid('tile-8')).click();
    await page.waitForFunction(() => document.querySelector('[data-exercise="overestimate"] [data-testid="board"]')
      ?.getAttribute('data-tiles').replace(/\s/g, '') === '1,2,3,4,5,6,7,0,8');
    await over.locator(tid('check')).click();
    await over.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    const overStart = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    assert.equal(await num(page, '[data-exercise="overestimate"]', 'ex-distance'), cli(sliding(3, 3, overStart, 'bfs')).length);
    assert.equal(await num(page, '[data-exercise="overestimate"]', 'ex-manhattan-h'), 1);
    assert.equal(await value(page, '[data-exercise="overestimate"]', 'ex-weighted-h'), '1.5');

    const solvable = page.locator('[data-exercise="solvable"]');
    const exBoard = [9, 2, 7, 1, 6, 5, 8, 4, 0, 11, 3, 12, 13, 10, 14, 15];
    const truth = cli(sliding(4, 4, exBoard, 'astar', 'linear-conflict')).status;
    assert.equal(truth, 'unsolvable');
    assert.equal(inversions(exBoard) % 2, 0, 'the board no longer has an even number of inversions');
    // The lab's badge would give the answer away: its link waits for the reader's answer.
    assert.equal(await solvable.locator(tid('open-in-lab')).count(), 0, 'the lab is offered before the answer');
    await solvable.locator(tid('pick-no')).click();
    await solvable.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    await solvable.locator(tid('open-in-lab')).waitFor();
    await page.locator(`${tid('lesson-score')}[data-right="3"]`).waitFor();

    // Each figure opens the lab on its puzzle and algorithm (the 4x4 one first, then the drawn 3x3 pair's).
    const lab = await page.locator(`section#idastar ${tid('open-in-lab')}`).first().getAttribute('href');
    const params = new URL(lab, page.url()).searchParams;
    assert.equal(params.get('puzzle'), 'sliding');
    assert.equal(params.get('algo'), 'idastar');
    assert.equal(params.get('start'), FOUR.join(','));
    assert.equal(params.get('lang'), lang);
    const drawnLab = await page.locator(`section#idastar ${tid('ida-drawn')} ${tid('open-in-lab')}`).getAttribute('href');
    const drawnParams = new URL(drawnLab, page.url()).searchParams;
    assert.equal(drawnParams.get('size'), '3x3');
    assert.equal(drawnParams.get('algo'), 'idastar');

    // The whole lesson, answered: no English sentence on the Chinese page, no serious or critical axe violation,
    // nothing wider than the page, and its screenshot at 1366 px.
    if (lang === 'zh') {
      const text = await shownText(page);
      const english = text.replace(NAMES, ' ').match(/[A-Za-z]{2,}(?:[\s,.;:'’()-]+[A-Za-z]{2,}){2,}/g) ?? [];
      assert.deepEqual(english, [], `English shown on the Chinese lesson: ${english.join(' | ')}`);
    }
    await checkPage(page, lang, 1366);
  }, { timeout: 180_000, contextOptions: { viewport: { width: 1366, height: 900 } } });
}

test('a deep link scrolls to its section, and embed=1 shows that section alone, its figure live', async (s) => {
  const { page } = s;
  await openLesson(s, 'en', '#idastar');
  await num(page, 'idastar', 'ida-expanded');
  await page.waitForFunction(() => Math.abs(document.getElementById('idastar').getBoundingClientRect().top) < 40);
  assert.match(page.url(), /lesson=sliding&lang=en#idastar$/);
  await openLesson(s, 'zh', '&embed=1#heuristics');
  await page.locator(tid('embed')).waitFor();
  assert.deepEqual(await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id)), ['heuristics']);
  assert.equal(await num(page, 'heuristics', 'article-length'), cli(sliding(3, 3, ARTICLE, 'bfs')).length);
  assert.equal(await page.locator('.lesson-contents').count(), 0);
  const full = await page.locator(tid('embed-open')).getAttribute('href');
  assert.match(full, /lesson=sliding&lang=zh#heuristics$/);
});

test('the sliding lesson at 360 px, in both languages: no serious or critical axe violation, nothing wider than the page',
  async (s) => {
    const { page } = s;
    for (const lang of ['en', 'zh']) {
      await openLesson(s, lang);
      await page.locator(`section#big-boards ${tid('bound-sentence')}[data-done="true"]`).waitFor({ timeout: 60_000 });
      await num(page, 'pattern-databases', 'pdb-length', 60_000);
      await num(page, 'idastar', 'astar-expanded');
      await checkPage(page, lang, 360);
    }
  }, { timeout: 120_000, contextOptions: { viewport: { width: 360, height: 900 } } });
