// Every board solved (issue 10): a person picks a size (4x4, 5x5, 6x6, 8x8, 3x8), clicks Shuffle and Solve without
// touching the algorithm. The page's own choice (IDA* with pattern databases up to 16 cells, built with a progress
// bar on first use; the staged solver with improvement above) answers; the answer's proven bound is shown in words;
// and the board animates from the shuffled start to the goal in exactly the announced number of moves, played at one
// move per tick: every board drawn is recorded with the playback's step, and each must be as many legal slides from
// the one before as the step advanced (one, unless a busy machine let two ticks share a render). A link naming only the
// size opens a shuffled board of that size and solves the same way; Cancel while the staged solver improves its
// answer keeps the best one, as solved. Lengths, bounds and the number of better
// answers seen while solving are printed (test-artifacts/every-board--metrics.log), not asserted.
import assert from 'node:assert/strict';
import {
  boardSize, boardTiles, defaultGoal, messageText, neighbours, puzzleParams, solutionLength, tid, useApp, waitAttr,
  waitStatus, watchLengths,
} from './helpers.mjs';

const { test } = useApp();

/** The first solve of a 4x4 builds its pattern databases (seconds, more on a loaded machine). */
const SOLVE_MS = 90_000;

/** The page's choice for a board, as `solver::spec::default_choice` makes it. */
const expectedChoice = (width, height) => (width * height <= 12 ? ['astar', 'linear-conflict']
  : width === 4 && height === 4 ? ['idastar', 'pdb'] : ['staged', null]);

/**
 * Records every board the page draws with the playback's step at that moment (both are set in one render). At one
 * move per tick a render shows each move, unless the machine is so busy that two ticks share one render.
 */
async function recordFrames(page) {
  await page.evaluate(([board, player]) => {
    const frames = [];
    window.__e2eFrames = frames;
    const read = () => {
      const tiles = document.querySelector(board).getAttribute('data-tiles');
      const step = Number(document.querySelector(player).getAttribute('data-step'));
      const last = frames[frames.length - 1];
      if (!last || last.tiles !== tiles) frames.push({ step, tiles });
    };
    read();
    new MutationObserver(read).observe(document.querySelector(board), { attributes: true,
      attributeFilter: ['data-tiles'] });
  }, [tid('board'), tid('player')]);
}

/** Whether `b` is exactly `k` legal slides of the blank from `a` (a shortest path of at most `k`, same parity). */
function slidesApart(a, b, k, width, height) {
  let layer = [a];
  const key = (t) => t.join(',');
  const target = key(b);
  for (let d = 0; d <= k; d++) {
    if ((k - d) % 2 === 0 && layer.some((t) => key(t) === target)) return true;
    if (d === k) break;
    const next = [];
    for (const t of layer) {
      const blank = t.indexOf(0);
      for (const cell of neighbours(blank, width, height)) {
        const u = [...t];
        [u[blank], u[cell]] = [u[cell], u[blank]];
        next.push(u);
      }
    }
    layer = next;
  }
  return false;
}

/** Checks the bound line against the length: a shortest solution, or at most X% longer than LB (X rounded up). */
async function checkBound(page, length) {
  const text = (await page.locator(tid('solution-bound')).innerText()).trim();
  if (/^A shortest solution/.test(text)) return { text, bound: length };
  const m = /^At most (\d+)% longer than the shortest \(lower bound (\d+) moves\)\.$/.exec(text);
  assert.ok(m, `the bound line reads '${text}'`);
  const [percent, bound] = [Number(m[1]), Number(m[2])];
  assert.ok(bound > 0 && bound < length, `lower bound ${bound} against length ${length}`);
  assert.equal(percent, Math.ceil(((length - bound) * 100) / bound), `'${text}' for length ${length}`);
  assert.equal((length - bound) % 2, 0, 'the length and the bound differ in parity');
  return { text, bound };
}

/** Solves the board shown with the page's own choices, and plays the answer from the start to the goal. */
async function solveAndWatch(s, { width, height, start }) {
  const { page } = s;
  const goal = defaultGoal(width, height);
  const [algorithm, heuristic] = expectedChoice(width, height);
  assert.equal(await page.locator(tid('algorithm')).inputValue(), algorithm, 'the page did not pick its default');
  if (heuristic) assert.equal(await page.locator(tid('heuristic')).inputValue(), heuristic);
  await watchLengths(page);
  const t0 = Date.now();
  await page.evaluate(() => { window.__clickAt = performance.now(); });
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', SOLVE_MS);
  const solveMs = Date.now() - t0;
  const length = await solutionLength(page);
  const { text, bound } = await checkBound(page, length);
  const message = await messageText(page);
  if (algorithm === 'staged') assert.match(message, /^Solved in [\d,]+ moves by the staged solver/);
  else assert.match(message, /^Solved in [\d,]+ moves: a shortest solution\./);
  const shown = await page.evaluate(() => window.__lengths);
  const better = shown.map((x) => x.length);
  const first = shown.length ? `, the first ${shown[0].at.toFixed(0)} ms after the click` : '';

  // The answer starts playing by itself: pause it and go back to the start, then play it one move per tick to the
  // goal, every frame kept.
  if (await page.getAttribute(tid('player'), 'data-playing') === 'true') await page.locator(tid('play')).click();
  await waitAttr(page, 'player', 'data-playing', 'false');
  await page.locator(tid('scrubber')).focus();
  await page.keyboard.press('Home');
  await waitAttr(page, 'player', 'data-step', '0');
  await waitAttr(page, 'board', 'data-tiles', start);
  assert.equal(await page.getAttribute(tid('player'), 'data-steps'), String(length));
  const speed = page.locator(tid('speed'));
  await speed.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await speed.inputValue(), '10', 'speed 10 (one move every 16 ms) was not reached');
  await recordFrames(page);
  await page.locator(tid('play')).click();
  await waitAttr(page, 'board', 'data-tiles', goal, 60_000 + length * 100);
  const frames = (await page.evaluate(() => window.__e2eFrames))
    .map(({ step, tiles }) => ({ step, tiles: tiles.split(',').map(Number) }));
  assert.deepEqual(frames[0], { step: 0, tiles: start }, 'the animation did not start at the shuffled start');
  assert.deepEqual(frames[frames.length - 1], { step: length, tiles: goal }, 'the animation did not end at the goal');
  let shared = 0;
  for (let i = 1; i < frames.length; i++) {
    const [a, b] = [frames[i - 1], frames[i]];
    const k = b.step - a.step;
    assert.ok(k >= 1 && k <= 4, `the step went from ${a.step} to ${b.step} between two frames`);
    if (k > 1) shared += 1;
    assert.ok(slidesApart(a.tiles, b.tiles, k, width, height),
      `the board at step ${b.step} (${b.tiles}) is not ${k} legal slide(s) from the board at step ${a.step} (${a.tiles})`);
  }
  s.note(`${width}x${height} ${algorithm}: Solve to solved ${solveMs} ms; ${length} moves, lower bound ${bound}`
    + ` ('${text}'); lengths shown while improving: ${better.join(' > ') || 'none (the first answer was the last)'}${first}`
    + `; ${frames.length} frames drawn (${shared} showing two or more moves)`);
}

/** Picks a size from the menu and shuffles, as a person would; returns the shuffled start. */
async function pickAndShuffle(s, width, height) {
  const { page } = s;
  await s.open();
  await page.locator(tid('size')).selectOption(`${width}x${height}`);
  await waitAttr(page, 'board', 'data-size', `${width}x${height}`);
  const before = await boardTiles(page);
  await page.locator(tid('shuffle')).click();
  await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.getAttribute('data-tiles') !== v,
    [tid('board'), before.join(',')]);
  const start = await boardTiles(page);
  assert.equal(start.length, width * height);
  assert.deepEqual([...start].sort((a, b) => a - b), [...Array(width * height).keys()], 'not a permutation');
  assert.equal(await page.getAttribute(tid('solvability'), 'data-solvable'), 'true');
  await page.waitForFunction((v) => new URL(location.href).searchParams.get('start') === v, start.join(','));
  return start;
}

const SIZES = [
  [4, 4, {}],
  [5, 5, {}],
  [6, 6, {}],
  // Screenshots at a laptop's width and at a phone's.
  [8, 8, { contextOptions: { viewport: { width: 1366, height: 900 } } }],
  [3, 8, { contextOptions: { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } }],
];

for (const [width, height, options] of SIZES) {
  test(`${width}x${height}: pick the size, Shuffle, Solve with the page's choice; the board animates to the goal`,
    async (s) => {
      const start = await pickAndShuffle(s, width, height);
      await solveAndWatch(s, { width, height, start });
    }, { timeout: 240_000, ...options });
}

test('a link naming only the puzzle and the size opens a shuffled board of that size, which solves', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=5x5');
  assert.equal((await boardSize(page)).text, '5x5');
  const start = await boardTiles(page);
  assert.notDeepEqual(start, defaultGoal(5, 5), 'the board is not shuffled');
  assert.equal(await page.getAttribute(tid('solvability'), 'data-solvable'), 'true');
  assert.equal(await messageText(page), '', 'the link was refused');
  // The address bar now names the board shown, so that the link can be shared as it is.
  await page.waitForFunction(() => new URL(location.href).searchParams.has('start'));
  assert.equal(puzzleParams(page.url()).start, start.join(','));
  await solveAndWatch(s, { width: 5, height: 5, start });
}, { timeout: 240_000 });

test('Cancel while the answer improves keeps the best answer found, as solved, and says so', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=8x8');
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'staged');
  await page.locator(tid('solve')).click();
  // The first answer is on the board while the run goes on improving it.
  await page.waitForSelector(tid('solution-length'), { timeout: 10_000 });
  if (await page.getAttribute(tid('status'), 'data-status') !== 'solving') {
    s.t.skip('the improvement ended before Cancel could be pressed (a very busy machine)');
    return;
  }
  assert.match(await page.locator(tid('progress')).innerText(), /^Improving: best so far [\d,]+ moves/);
  await page.locator(tid('cancel')).click();
  await waitStatus(page, 'solved', 5_000);
  const length = await solutionLength(page);
  await checkBound(page, length);
  const message = await messageText(page);
  assert.match(message, /^Solved in [\d,]+ moves by the staged solver/);
  assert.match(message, /Improvement was cancelled: this is the best answer found by then\./);
  assert.equal(await page.getAttribute(tid('player'), 'data-steps'), String(length), 'the kept answer is not the one shown');
  s.note(`8x8: Cancel while improving kept a ${length}-move answer`);
});
