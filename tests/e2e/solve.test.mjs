// Solving: BFS and A* on 8-puzzles whose optimum this test computes itself by exhaustive BFS in JS. The length
// shown must be that optimum; the animation must walk from the start to the goal one legal slide at a time, in
// exactly that many steps (walked back with Step back, forward with Step forward), and the move list must word
// each of them ("tile 5 slides left"). The hardest 8-puzzle's solve time is measured.
import assert from 'node:assert/strict';
import {
  boardTiles, defaultGoal, describeSlide, isSlide, rng, scramble, slidingBfs, solutionLength, status, statusLog, tid,
  useApp, verifySolution, waitBoardLayout, waitStatus, watchStatus,
} from './helpers.mjs';

const { test } = useApp();

const W = 3;
const H = 3;
const GOAL = defaultGoal(W, H);

/** A seeded instance and its optimum, computed here. */
function instance(seed, goal, walk) {
  const start = scramble(goal, W, H, walk, rng(seed));
  const { distance } = slidingBfs(W, H, start, goal);
  assert.ok(distance > 0, 'the generated instance is trivial');
  return { start, goal, optimum: distance };
}

const query = ({ start, goal }, algo, heuristic) => `puzzle=sliding&size=${W}x${H}&start=${start}&goal=${goal}&algo=${algo}`
  + (heuristic ? `&heuristic=${heuristic}` : '');

/** Solves the page's puzzle, checks the length against the optimum, and plays and checks the solution. */
async function solveAndPlay(s, inst) {
  const { page } = s;
  assert.deepEqual(await boardTiles(page), inst.start, 'the board does not show the start of the URL');
  await watchStatus(page);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const length = await solutionLength(page);
  assert.equal(length, inst.optimum, `solution length ${length} is not the optimum ${inst.optimum} (exhaustive BFS)`);
  const { frames } = await verifySolution(page, {
    testid: 'board', attr: 'data-tiles', start: inst.start, goal: inst.goal, length,
    isMove: (a, b) => isSlide(a, b, W, H), describe: (a, b) => describeSlide(a, b, W),
  });
  s.note(`${length}-move solution animated at the fastest speed in ${frames} frames`);
  await waitBoardLayout(page);
  assert.equal(await status(page), 'solved', 'the status changed while the solution was played');
}

test('BFS finds the optimum; the animation reaches the goal; every step is one legal slide', async (s) => {
  const inst = instance(1, GOAL, 60);
  const { page } = s;
  await s.open(query(inst, 'bfs'));
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'bfs');
  await solveAndPlay(s, inst);
});

test('A* with Manhattan finds the optimum towards a non-default goal', async (s) => {
  const goal = scramble(GOAL, W, H, 41, rng(2));
  const inst = instance(3, goal, 70);
  const { page } = s;
  await s.open(query(inst, 'astar', 'manhattan'));
  assert.equal(await page.locator(tid('algorithm')).inputValue(), 'astar');
  assert.equal(await page.locator(tid('heuristic')).inputValue(), 'manhattan');
  await solveAndPlay(s, inst);
});

test('A* with linear conflict solves the hardest 8-puzzle optimally (Solve-to-solution time printed)', async (s) => {
  // The hardest positions are the farthest from the goal, found by exhausting the whole space here.
  const space = slidingBfs(W, H, GOAL);
  assert.equal(space.reachable, 181_440, 'the JS BFS did not see the whole 8-puzzle space');
  const inst = { start: space.farthest[0], goal: GOAL, optimum: space.depth };
  const { page } = s;
  await s.open(query(inst, 'astar', 'linear-conflict'));
  await solveAndPlay(s, inst);
  const { statuses, clicks } = await statusLog(page);
  const click = clicks.find((c) => c.id === 'solve');
  const solved = statuses.find((e) => e.status === 'solved');
  assert.ok(click && solved, `no Solve click or solved status recorded: ${JSON.stringify({ statuses, clicks })}`);
  const ms = (solved.at - click.at).toFixed(1);
  s.note(`hardest 8-puzzle (${inst.optimum} moves), A* linear-conflict: Solve click to solved shown in ${ms} ms`
    + ' (target 100 ms)');
});
