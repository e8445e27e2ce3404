// Every board solved (issue 10): a person picks a size (4x4, 5x5, 6x6, 8x8, 3x8), clicks Shuffle and Solve without
// touching the algorithm. The page's own choice (IDA* with pattern databases up to 16 cells, built with a progress
// bar on first use; the staged solver with improvement above) answers; the answer's proven bound is shown in words;
// and the board animates from the shuffled start to the goal one legal slide at a time, in exactly the announced
// number of moves (every frame recorded as it is set, at one move per tick). A link naming only the puzzle and the
// size opens a shuffled board of that size and solves the same way. Lengths, bounds and the number of better
// answers seen while solving are printed (test-artifacts/every-board--metrics.log), not asserted.
import assert from 'node:assert/strict';
import {
  boardSize, boardTiles, defaultGoal, isSlide, messageText, puzzleParams, readRecording, recordAttribute,
  solutionLength, tid, useApp, waitAttr, waitStatus,
} from './helpers.mjs';

const { test } = useApp();

/** The first solve of a 4x4 builds its pattern databases (seconds, more on a loaded machine). */
const SOLVE_MS = 90_000;

/** The page's choice for a board of this many cells, as `solver::spec::default_choice` makes it. */
const expectedChoice = (cells) => (cells <= 12 ? ['astar', 'linear-conflict']
  : cells <= 16 ? ['idastar', 'pdb'] : ['staged', null]);

/** Records each new solution length shown while the run is still solving (the staged solver's better answers). */
async function watchLengths(page) {
  await page.evaluate(([status, length]) => {
    const seen = [];
    window.__e2eLengths = seen;
    const read = () => {
      const solving = document.querySelector(status)?.getAttribute('data-status') === 'solving';
      const text = document.querySelector(length)?.textContent?.replace(/\D/g, '');
      if (solving && text && seen[seen.length - 1] !== Number(text)) seen.push(Number(text));
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true,
      attributes: true });
  }, [tid('status'), tid('solution-length')]);
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
  const [algorithm, heuristic] = expectedChoice(width * height);
  assert.equal(await page.locator(tid('algorithm')).inputValue(), algorithm, 'the page did not pick its default');
  if (heuristic) assert.equal(await page.locator(tid('heuristic')).inputValue(), heuristic);
  await watchLengths(page);
  const t0 = Date.now();
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', SOLVE_MS);
  const solveMs = Date.now() - t0;
  const length = await solutionLength(page);
  const { text, bound } = await checkBound(page, length);
  const message = await messageText(page);
  if (algorithm === 'staged') assert.match(message, /^Solved in [\d,]+ moves by the staged solver/);
  else assert.match(message, /^Solved in [\d,]+ moves: a shortest solution\./);
  const better = await page.evaluate(() => window.__e2eLengths);

  // Back to the start (the answer starts playing by itself), then one move per tick to the goal, every frame kept.
  const scrubber = page.locator(tid('scrubber'));
  await scrubber.focus();
  await page.keyboard.press('Home');
  await waitAttr(page, 'board', 'data-tiles', start);
  assert.equal(await page.getAttribute(tid('player'), 'data-steps'), String(length));
  const speed = page.locator(tid('speed'));
  await speed.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await speed.inputValue(), '10', 'speed 10 (one move every 16 ms) was not reached');
  await recordAttribute(page, 'board', 'data-tiles');
  await page.locator(tid('play')).click();
  await waitAttr(page, 'board', 'data-tiles', goal, 60_000 + length * 100);
  const frames = await readRecording(page);
  assert.deepEqual(frames[0], start, 'the animation did not start at the shuffled start');
  assert.deepEqual(frames[frames.length - 1], goal, 'the animation did not end at the goal');
  for (let i = 1; i < frames.length; i++) {
    assert.ok(isSlide(frames[i - 1], frames[i], width, height),
      `frame ${i} (${frames[i]}) is not one legal slide from frame ${i - 1} (${frames[i - 1]})`);
  }
  assert.equal(frames.length - 1, length, `the animation took ${frames.length - 1} slides for a ${length}-move answer`);
  s.note(`${width}x${height} ${algorithm}: Solve to solved ${solveMs} ms; ${length} moves, lower bound ${bound}`
    + ` ('${text}'); lengths shown while improving: ${better.join(' > ') || 'none (the first answer was the last)'}`);
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
