// Accessibility, for the e2e tests a11y.test.mjs and a11y-2 to a11y-4.test.mjs: axe-core (npm) scans every
// view of the app, in English and Chinese, 1366 and 360 px wide, and a view's test fails on any serious or critical
// violation, printed per rule and element with where it was seen and how to fix it. A screenshot of every scan goes
// to test-artifacts/a11y--VIEW--LANG--WIDTH.png.
//
// A new view is one line in VIEWS: a name, the address that opens it and, if it needs more than opening, what to do
// on the page first (a click, a solve). The views are dealt out to SHARDS test files, each under 30 s; when they grow
// slow, add a file `a11y-N.test.mjs` that calls `scanShard(N)` and raise SHARDS.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ARTIFACTS, defaultGoal, playMode, rng, scramble, tid, useApp, waitStatus } from './helpers.mjs';

/** How many test files share the views (a11y.test.mjs is shard 1, a11y-N.test.mjs shard N). */
export const SHARDS = 4;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const LANGS = ['en', 'zh'];
const WIDTHS = [1366, 360];
/** The impacts that fail the test (axe's scale: minor, moderate, serious, critical). */
const FAILING = ['serious', 'critical'];
/** Moderate rules that fail too: every part of the page inside a landmark, each landmark named apart, a heading. */
const FAILING_RULES = ['region', 'landmark-unique', 'page-has-heading-one'];

const goal = defaultGoal(3, 3);
const EIGHT = `puzzle=sliding&size=3x3&start=${scramble(goal, 3, 3, 40, rng(5))}&goal=${goal}`;
const HANOI = 'puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2';
const HANOI4 = 'puzzle=hanoi&pegs=4&disks=5&start=1,2,3,1,3&goal=0,0,1,1,2';

/** Clicks `id` and waits for the page to show `until` (a test id). */
const click = (id, until) => async (page) => {
  await page.locator(tid(id)).click();
  if (until) await page.locator(tid(until)).first().waitFor();
};
/** Solves, then waits for `until`. */
const solved = (until) => async (page) => {
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  if (until) await page.locator(tid(until)).first().waitFor();
};
/** Runs the compare panel's pairs to their end. */
const compared = async (page) => {
  await page.locator(tid('compare')).click();
  await page.locator(`${tid('compare-table')}[data-running="false"]`).waitFor({ timeout: 60_000 });
};
const truthChart = click('truth-open', 'truth-chart');
const exercise = click('exercise-toggle', 'exercise');
/** The page opened embedded (`embed=1`, at move 5), once its run is solved. */
const embedded = async (page) => {
  await page.goto(`${page.url()}&embed=1&at=5`);
  await page.locator(tid('embed')).waitFor();
  await waitStatus(page, 'solved', 30_000);
};
const dark = (page) => page.emulateMedia({ colorScheme: 'dark' });
/** Each of `shows` in turn. */
const steps = (...shows) => async (page) => {
  for (const show of shows) await show(page);
};

/** Every view of the app: `show` brings it up on a page opened at `query`. */
export const VIEWS = [
  { name: 'sliding', query: EIGHT },
  { name: 'sliding-solved-stats-moves-stepper', query: `${EIGHT}&algo=astar`, show: solved('stepper') },
  { name: 'sliding-goal-editing', query: EIGHT, show: click('edit-goal') },
  { name: 'sliding-hand-play-hint', query: EIGHT, show: steps(playMode, click('hint', 'hint-text')) },
  { name: 'compare', query: `${EIGHT}&algo=astar`, show: compared },
  { name: 'hanoi', query: HANOI },
  { name: 'hanoi-solved-sierpinski-stepper', query: `${HANOI}&algo=bfs`, show: solved('stepper') },
  { name: 'hanoi-hand-play', query: HANOI, show: playMode },
  { name: 'sliding-dark', query: EIGHT, show: dark },
  { name: 'sliding-solved-dark', query: `${EIGHT}&algo=bfs`, show: steps(dark, solved('stepper')) },
  { name: 'sliding-truth-chart', query: `${EIGHT}&algo=astar`, show: steps(solved(), truthChart) },
  { name: 'hanoi-seed-truth-chart', query: `${HANOI4}&algo=astar&heuristic=seed-power`, show: steps(solved(), truthChart) },
  { name: 'sliding-tree-exercise', query: `${EIGHT}&algo=astar`, show: steps(solved('search-tree'), exercise) },
  { name: 'export-menu', query: `${EIGHT}&algo=astar`, show: steps(solved(), click('export', 'export-json')) },
  { name: 'embedded', query: `${EIGHT}&algo=astar`, show: embedded },
];

/** axe's verdict on the page as it is, or on the element `within` selects: its serious and critical violations. */
export async function scan(page, within = null) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  // Only the violations are wanted: axe then records one example of each pass, which saves most of its time.
  const violations = await page.evaluate(async (selector) => (await window.axe.run(selector ?? document,
    { resultTypes: ['violations'] }))
    .violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    })), within);
  return violations.filter((v) => FAILING.includes(v.impact) || FAILING_RULES.includes(v.id));
}

/**
 * The violations found, one block per rule and element: what is wrong, where (languages and widths), how to fix it.
 * `found` holds `{ where, violations }` per scan.
 */
export function describe(found) {
  const rules = new Map();
  for (const { where, violations } of found) {
    for (const v of violations) {
      const rule = `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`;
      if (!rules.has(rule)) rules.set(rule, new Map());
      for (const n of v.nodes) {
        const key = `${n.target}\n${n.summary}`;
        rules.get(rule).set(key, [...(rules.get(rule).get(key) ?? []), where]);
      }
    }
  }
  return [...rules].map(([rule, nodes]) => `${rule}\n${[...nodes].map(([key, places]) => {
    const [target, ...summary] = key.split('\n');
    return `    ${target} (${places.join('; ')})\n${summary.map((line) => `      ${line}`).join('\n')}`;
  }).join('\n')}`).join('\n');
}

/**
 * Declares one test per view of shard `k` (of `SHARDS`): the views are dealt out in turn, so that each test file
 * scans a share and stays short.
 */
export function scanShard(k) {
  const { test } = useApp();
  for (const view of VIEWS.filter((_, i) => i % SHARDS === k - 1)) {
    test(`no serious or critical accessibility violation: ${view.name}`, (s) => scanView(s, view), { timeout: 90_000 });
  }
}

/** Opens `view` and scans it in every language and width, with a screenshot of each. */
async function scanView(s, view) {
  const { page } = s;
  await s.open(view.query);
  if (view.show) await view.show(page);
  const found = [];
  let scanMs = 0;
  for (const lang of LANGS) {
    if (await page.locator(tid('language')).count()) await page.locator(tid('language')).selectOption(lang);
    else {
      // The embedded page has no language picker: it speaks the language the full app remembered.
      await page.evaluate((l) => localStorage.setItem('puzzle-lab.lang', l), lang);
      await s.open(view.query);
      if (view.show) await view.show(page);
    }
    await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const started = performance.now();
      const violations = await scan(page);
      scanMs += performance.now() - started;
      if (violations.length) found.push({ where: `${lang}, ${width} px`, violations });
      await page.screenshot({ path: join(ARTIFACTS, `a11y--${view.name}--${lang}--${width}.png`), fullPage: true });
    }
  }
  s.note(`${LANGS.length * WIDTHS.length} scans, axe ${scanMs.toFixed(0)} ms in all`);
  assert.equal(found.length, 0, `axe found serious or critical violations in ${view.name}:\n${describe(found)}`);
}
