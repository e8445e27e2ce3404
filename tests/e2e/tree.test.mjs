// The search tree and the predict-the-next-expansion exercise (issue 12, points 2 and 3), in Chromium against the
// release build: after an A* solve of an 8-puzzle the tree is drawn; a click on a node moves the stepper to it and
// a step highlights its node; the keyboard steps, climbs to the parent and zooms; the exercise judges a right and
// a wrong pick against the engine's order as the tree exposes it (data-expanded: the step that expanded a node);
// IDA* is shown iteration by iteration with its thresholds; a run past the limit says why it has no tree.
// Screenshots at 1366 and 360 px go to test-artifacts/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

const EIGHT = 'puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5&goal=1,2,3,4,5,6,7,8,0';
const WIDE = { viewport: { width: 1366, height: 1000 } };

/** Opens `query`, solves it and waits for the tree. */
async function solveWithTree(s, query) {
  await s.open(query);
  await s.page.locator(tid('solve')).click();
  await waitStatus(s.page, 'solved', 30_000);
  await s.page.locator(tid('search-tree')).waitFor();
}

const num = async (locator, name) => Number(await locator.getAttribute(name));

/** The ids of the tree's nodes matching `selector` that lie wholly inside the drawing (the rest are cut off). */
async function nodesInView(page, selector) {
  return page.evaluate((sel) => {
    const svg = document.querySelector('[data-testid="search-tree"]').getBoundingClientRect();
    return [...document.querySelectorAll(sel)].filter((g) => {
      const r = g.getBoundingClientRect();
      return r.left >= svg.left && r.right <= svg.right && r.top >= svg.top && r.bottom <= svg.bottom;
    }).map((g) => g.dataset.node);
  }, selector);
}

test('8-puzzle A*: the tree and the stepper move together, by mouse and by keyboard', async (s) => {
  const { page } = s;
  await solveWithTree(s, `${EIGHT}&algo=astar&heuristic=manhattan`);
  const stepper = page.locator(tid('stepper'));
  const card = page.locator(tid('tree-card'));
  const total = await num(stepper, 'data-total');
  assert.ok(await num(card, 'data-nodes') > total, 'more nodes generated than expanded');
  assert.match(await page.locator(tid('tree-counts')).textContent(), new RegExp(`· ${total} expanded`));

  // Stepping highlights the node the step expanded.
  await page.locator(tid('stepper-first')).click();
  for (let i = 1; i <= 3; i++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('stepper')}[data-step="${i}"]`);
    const current = page.locator('.tree-node.current');
    assert.equal(await current.count(), 1, `one current node at step ${i}`);
    assert.equal(await current.getAttribute('data-expanded'), String(i - 1), `step ${i} highlights its node`);
    assert.equal(await current.getAttribute('data-node'), await card.getAttribute('data-current'));
  }
  // The whole search, zoomed out: the solution path is marked.
  await page.locator(tid('stepper-whole')).click();
  await page.locator(tid('tree-zoom-out')).click();
  await page.locator(tid('tree-zoom-out')).click();
  assert.ok(await page.locator(`${tid('tree-node')}.on-path`).count() > 1, 'the solution path is marked');
  await page.locator(tid('tree-card')).screenshot({ path: join(ARTIFACTS, 'tree--astar-whole-1366.png') });
  await page.locator(tid('tree-zoom-reset')).click();
  // Clicking an expanded node moves the stepper to its step.
  const closed = await nodesInView(page, `${tid('tree-node')}[data-state="closed"]:not(.current)`);
  assert.ok(closed.length > 0, 'expanded nodes are drawn');
  const id = closed[0];
  const target = page.locator(`${tid('tree-node')}[data-node="${id}"]`);
  const step = await num(target, 'data-expanded');
  await target.click();
  await page.waitForSelector(`${tid('stepper')}[data-step="${step + 1}"]`);
  assert.equal(await card.getAttribute('data-current'), id, 'the clicked node is the current one');
  await page.locator(tid('search-tree')).screenshot({ path: join(ARTIFACTS, 'tree--astar-1366.png') });

  // Keyboard: Right and Left step, Up climbs to the parent's expansion, + and - zoom.
  const view = page.locator(tid('tree-view'));
  await view.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector(`${tid('stepper')}[data-step="${step + 2}"]`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`${tid('stepper')}[data-step="${step + 1}"]`);
  const parent = await page.locator('.tree-node.current').getAttribute('data-parent');
  assert.ok(parent !== null, 'an expanded node past the first has a parent');
  await page.keyboard.press('ArrowUp');
  await page.waitForSelector(`${tid('tree-card')}[data-current="${parent}"]`);
  const parentStep = await num(page.locator(`${tid('tree-node')}[data-node="${parent}"]`), 'data-expanded');
  assert.equal(await num(stepper, 'data-step'), parentStep + 1, 'the stepper follows to the parent');
  const zoom = async () => Number(await page.locator(tid('tree-zoom')).getAttribute('data-zoom'));
  const before = await zoom();
  await page.keyboard.press('+');
  assert.ok(await zoom() > before, '+ zooms in');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  assert.ok(await zoom() < before, '- zooms out');
  assert.ok(await view.evaluate((el) => el === document.activeElement && el.matches(':focus-visible')),
    'the tree keeps a visible keyboard focus');
  const outline = await view.evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(outline, 'none', 'the focus is drawn');
  // Tab moves from the drawing to its nodes, one Tab stop each; Enter on a focused node picks it.
  await page.keyboard.press('0');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'tree-node'
    ? document.activeElement.getAttribute('data-node') : null);
  assert.ok(focused !== null, 'Tab from the drawing reaches a node');
  await page.keyboard.press('Tab');
  const second = await page.evaluate(() => document.activeElement?.getAttribute('data-node'));
  assert.ok(second !== null && second !== focused, 'the next Tab reaches another node');
  const picked = page.locator(`${tid('tree-node')}[data-node="${second}"]`);
  if (await picked.getAttribute('data-expanded') !== null) {
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${tid('tree-card')}[data-current="${second}"]`);
  }
  assert.equal(await picked.getAttribute('role'), 'button');
  assert.match(await picked.getAttribute('aria-label'), /g = \d+/);

  // The drawing follows the window's width, with no other redraw.
  const viewWidth = async () => Number((await page.getAttribute(tid('search-tree'), 'viewBox')).split(' ')[2]);
  const wide = await viewWidth();
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction(([sel, w]) => Number(document.querySelector(sel).getAttribute('viewBox').split(' ')[2]) < w,
    [tid('search-tree'), wide]);
  const svgWidth = await page.locator(tid('search-tree')).evaluate((el) => el.clientWidth);
  const zoomNow = await zoom();
  assert.ok(Math.abs(await viewWidth() * zoomNow - svgWidth) < 2, 'the view box is as wide as the drawing');
  s.note(`A* + Manhattan from 8,1,3,4,0,2,7,6,5: ${total} expansions, ${await num(card, 'data-nodes')} nodes`);
}, { contextOptions: WIDE });

test('the exercise judges a right and a wrong pick by the engine\'s recorded order', async (s) => {
  const { page } = s;
  await solveWithTree(s, `${EIGHT}&algo=astar&heuristic=manhattan`);
  const exercise = page.locator(tid('exercise'));
  await page.locator(tid('exercise-toggle')).click();
  await page.waitForSelector(`${tid('exercise')}[data-active="true"][data-position="0"]`);
  // The answer: the node the engine expanded at this step, as the page exposes it; where the tree draws that node
  // (nodes out of view are not drawn), its data-expanded must say this step.
  const answerAt = async (position) => {
    await page.waitForSelector(`${tid('exercise')}[data-position="${position}"]`);
    const answer = await exercise.getAttribute('data-answer');
    const drawn = page.locator(`${tid('tree-node')}[data-node="${answer}"]`);
    if (await drawn.count()) assert.equal(await drawn.getAttribute('data-expanded'), String(position));
    return answer;
  };
  const score = async () => {
    const el = page.locator(tid('exercise-score'));
    return [await num(el, 'data-right'), await num(el, 'data-asked')];
  };

  // Step 1: the right pick, from the list.
  const first = await answerAt(0);
  assert.equal(await page.locator(`${tid('tree-node')}[data-expanded="0"]`).getAttribute('data-node'), first);
  await page.locator(`${tid('exercise-option')}[data-node="${first}"]`).click();
  await page.waitForSelector(`${tid('exercise-verdict')}[data-right="true"]`);
  assert.deepEqual(await score(), [1, 1]);
  await page.waitForSelector(`${tid('exercise')}[data-position="1"]`);

  // Step 2: a wrong pick is judged wrong and names the engine's node and the rule.
  const second = await answerAt(1);
  const options = page.locator(tid('exercise-option'));
  assert.ok(await options.count() > 1, 'OPEN holds several nodes after the first expansion');
  const wrong = await options.evaluateAll((els, right) =>
    els.map((e) => e.dataset.node).find((n) => n !== right), second);
  await page.locator(`${tid('exercise-option')}[data-node="${wrong}"]`).click();
  const verdict = page.locator(tid('exercise-verdict'));
  await page.waitForSelector(`${tid('exercise-verdict')}[data-right="false"]`);
  assert.equal(await verdict.getAttribute('data-answer'), second, 'the engine\'s node is named');
  assert.match(await page.locator(tid('exercise-rule')).textContent(), /lowest f = g \+ h; among equal f the larger g/);
  assert.deepEqual(await score(), [1, 2]);
  assert.equal(await exercise.getAttribute('data-position'), '1', 'a wrong pick stays on its step');
  assert.equal(await page.locator('.tree-node.answer').getAttribute('data-node'), second, 'the tree shows it');

  // Step 3 onwards: right picks in the tree itself; ties are explained where they occur.
  let ties = 0;
  let clickedInTree = 0;
  for (let position = 2; position < 8; position++) {
    await page.locator(tid('stepper-forward')).click();
    await page.waitForSelector(`${tid('exercise')}[data-position="${position}"]`);
    const answer = await answerAt(position);
    const inTree = (await nodesInView(page, `${tid('tree-node')}[data-node="${answer}"]`)).length > 0;
    await page.locator(`${tid(inTree ? 'tree-node' : 'exercise-option')}[data-node="${answer}"]`).click();
    clickedInTree += Number(inTree);
    await page.waitForSelector(`${tid('exercise')}[data-position="${position + 1}"]`);
    assert.equal(await verdict.getAttribute('data-right'), 'true', `step ${position + 1}`);
    ties += await page.locator(tid('exercise-tie')).count();
    await page.locator(tid('stepper-back')).click();
  }
  assert.deepEqual(await score(), [7, 8]);
  assert.ok(clickedInTree > 0, 'some picks were clicks in the tree');
  s.note(`8 picks (${clickedInTree} in the tree), ${ties} explained as ties`);
  await page.locator(tid('tree-card')).screenshot({ path: join(ARTIFACTS, 'tree--exercise-1366.png') });
  await exercise.screenshot({ path: join(ARTIFACTS, 'tree--exercise-panel-1366.png') });
  // In Chinese.
  await page.locator(tid('language')).selectOption('zh');
  await page.waitForFunction(() => document.querySelector('[data-testid="exercise"] h3')?.textContent === '预测下一次扩展');
}, { contextOptions: WIDE });

test('IDA* is shown iteration by iteration, each with its threshold', async (s) => {
  const { page } = s;
  await solveWithTree(s, 'puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2&algo=idastar&heuristic=misplaced');
  const buttons = page.locator(tid('tree-iteration'));
  const count = await buttons.count();
  assert.ok(count > 1, `several iterations (${count})`);
  const thresholds = await buttons.evaluateAll((els) => els.map((e) => Number(e.dataset.threshold)));
  assert.ok(thresholds.every((t, i) => i === 0 || t > thresholds[i - 1]), `rising thresholds ${thresholds}`);
  await buttons.nth(1).click();
  const stepper = page.locator(tid('stepper'));
  await page.waitForSelector(`${tid('stepper')}[data-iteration="2"]`);
  assert.equal(await num(stepper, 'data-threshold'), thresholds[1]);
  assert.equal(await page.locator(tid('tree-card')).getAttribute('data-iteration'), '1');
  assert.equal(await buttons.nth(1).getAttribute('aria-pressed'), 'true');
  // One step back: the first iteration, finished, with the children its threshold cut.
  await page.locator(tid('stepper-back')).click();
  await page.waitForSelector(`${tid('tree-card')}[data-iteration="0"]`);
  await page.locator(tid('tree-view')).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('-');
  const pruned = page.locator(`${tid('tree-node')}[data-kind="pruned"]`);
  assert.ok(await pruned.count() > 0, 'pruned children are marked');
  for (const node of await pruned.all()) {
    const g = await num(node, 'data-g');
    const h = await num(node, 'data-h');
    assert.ok(g + h > thresholds[0], `a pruned child has f = ${g + h} > ${thresholds[0]}`);
  }
  s.note(`IDA* + misplaced on 3 disks: thresholds ${thresholds}`);
}, { contextOptions: WIDE });

test('a run past the limit says why it has no tree', async (s) => {
  const { page } = s;
  await s.open('puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=manhattan');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const why = page.locator(tid('tree-too-large'));
  await why.waitFor();
  assert.match(await why.textContent(), /2000 expansions/);
  assert.equal(await page.locator(tid('search-tree')).count(), 0);
}, { contextOptions: WIDE });

test('360 px wide: the tree and the exercise fit and work', async (s) => {
  const { page } = s;
  await solveWithTree(s, `${EIGHT}&algo=greedy&heuristic=manhattan`);
  await page.locator(tid('exercise-toggle')).click();
  const answer = await page.locator(tid('exercise')).getAttribute('data-answer');
  await page.locator(`${tid('exercise-option')}[data-node="${answer}"]`).click();
  await page.waitForSelector(`${tid('exercise-verdict')}[data-right="true"]`);
  await page.locator(tid('stepper-forward')).click();
  for (const id of ['tree-card', 'search-tree', 'exercise']) {
    const box = await page.locator(tid(id)).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360 + 0.5, `${id} fits in 360 px: ${JSON.stringify(box)}`);
  }
  await page.locator(tid('tree-card')).screenshot({ path: join(ARTIFACTS, 'tree--greedy-360.png') });
  await page.locator(tid('exercise')).screenshot({ path: join(ARTIFACTS, 'tree--exercise-360.png') });
}, { contextOptions: { viewport: { width: 360, height: 800 } } });
