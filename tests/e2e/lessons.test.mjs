// The Lessons view: the Hanoi lesson section by section, in English and in Chinese. Every figure works, and every
// number its text quotes equals what the solver's CLI (or an independent JS BFS written here and in helpers.mjs)
// gives for the same query. Deep links scroll to their section, embed=1 shows one section alone, the header's link
// opens the lessons and `lang=` names the language. No sentence shown in Chinese is English, axe finds no serious or
// critical violation, and screenshots at 1366 and 360 px are left in test-artifacts/ (lessons--*.png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ARTIFACTS, buildCli, centre, cli, drag, hanoiBfs, hanoiLayers, messageText, shownText, tid, useApp,
} from './helpers.mjs';
import { describe as describeViolations, scan } from './a11y-views.mjs';

const { test } = useApp();
buildCli();
const SOLVE_MS = 30_000;

const tower = (disks, peg) => Array(disks).fill(peg);
const hanoi = (pegs, start, goal, algo) => `puzzle=hanoi&pegs=${pegs}&disks=${start.length}&start=${start}`
  + `&goal=${goal}&algo=${algo}`;

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

/** The base-3 code of a 3-peg position, disk 0 the lowest digit: written here, apart from the engine. */
const code = (position) => position.reduceRight((c, p) => c * 3 + p, 0);

/** The article's 2^(k+1) - 1, k the largest disk off its goal peg: written here, apart from the engine. */
const seedPower = (start, goal) => {
  for (let k = start.length - 1; k >= 0; k -= 1) if (start[k] !== goal[k]) return 2 ** (k + 1) - 1;
  return 0;
};

/** Moves `disk` onto `peg` in the figure `scope` (a locator) by dragging it, and waits for the position. */
async function place(page, scope, disk, peg, want) {
  const pegs = scope.locator(tid('pegs'));
  await pegs.scrollIntoViewIfNeeded();
  await page.waitForFunction((el) => el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
    await pegs.elementHandle());
  await drag(page, await centre(scope.locator(tid(`disk-${disk}`))), await centre(scope.locator(tid(`peg-${peg}`))));
  await page.waitForFunction(([el, w]) => el.getAttribute('data-state').replace(/\s+/g, '') === w,
    [await pegs.elementHandle(), want.join()]);
}

/** Opens the lesson in `lang` and waits for its sections. */
async function openLesson(s, lang, extra = '') {
  await s.page.goto(s.url(`lesson=hanoi&lang=${lang}${extra}`), { waitUntil: 'load' });
  await s.page.locator(tid('lesson')).waitFor();
}

for (const lang of ['en', 'zh']) {
  test(`Hanoi lesson in ${lang}: every section's figure works and its numbers are the CLI's and a JS BFS's`, async (s) => {
    const { page } = s;
    await openLesson(s, lang);
    assert.equal(await page.locator(tid('lesson-section')).count(), 7);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-Hans' : 'en');
    const ids = await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id));
    assert.deepEqual(ids, ['state', 'graph', 'bfs-astar', 'admissible', 'four-pegs', 'claims', 'exercises']);
    for (const id of ids) {
      const href = await page.locator(`section#${id} ${tid('section-link')}`).getAttribute('href');
      assert.ok(href.endsWith(`#${id}`) && href.includes('lesson=hanoi'), `${id}'s deep link is ${href}`);
    }

    // A state is a peg per disk: the code follows a dragged disk.
    const state = page.locator('section#state');
    assert.equal(await num(page, 'state', 'state-code'), code([0, 0, 0]));
    await place(page, state, 2, 1, [0, 0, 1]);
    await numBecomes(page, 'state', 'state-code', code([0, 0, 1]));
    await place(page, state, 0, 2, [2, 0, 1]);
    await numBecomes(page, 'state', 'state-code', code([2, 0, 1]));
    assert.equal(await state.locator(tid('state-digits')).innerText(), '102');

    // The state graph: BFS's layers are an independent BFS's, the whole run the CLI's.
    const graph = hanoi(3, tower(4, 0), tower(4, 2), 'bfs');
    const graphRun = cli(graph);
    const sizes = hanoiLayers(tower(4, 0));
    assert.equal(await num(page, 'graph', 'states'), 81);
    for (let d = 0; d < 4; d += 1) {
      await numBecomes(page, 'graph', 'layer', d);
      assert.equal(await num(page, 'graph', 'layer-size'), sizes[d], `layer ${d}`);
      await page.locator(`section#graph ${tid('layer-next')}`).click();
    }
    await page.locator(`section#graph ${tid('layer-all')}`).click();
    await numBecomes(page, 'graph', 'expanded', graphRun.stats.expanded);
    assert.equal(await num(page, 'graph', 'length'), graphRun.length);
    assert.equal(graphRun.length, 15);
    // A click on a state makes it the start: the layers are then those of a JS BFS from there.
    const picked = 13;
    const from = Array.from({ length: 4 }, (_, d) => Math.floor(picked / 3 ** d) % 3);
    await page.locator(`section#graph [data-testid="sierpinski"] [data-state="${picked}"]`).dispatchEvent('click');
    await page.locator(`section#graph [data-testid="sierpinski"] circle.start[data-state="${picked}"]`)
      .waitFor({ timeout: SOLVE_MS });
    assert.equal(await page.locator('section#graph [data-testid="sierpinski"] circle.start').count(), 1,
      'one state is ringed as the start');
    const pickedSizes = hanoiLayers(from);
    await numBecomes(page, 'graph', 'layer', 0);
    await page.locator(`section#graph ${tid('layer-next')}`).click();
    await numBecomes(page, 'graph', 'layer-size', pickedSizes[1]);
    const pickedRun = cli(hanoi(3, from, tower(4, 2), 'bfs'));
    await page.locator(`section#graph ${tid('layer-all')}`).click();
    await numBecomes(page, 'graph', 'expanded', pickedRun.stats.expanded);
    assert.equal(await num(page, 'graph', 'length'), pickedRun.length);

    // BFS against A*: both counts the CLI's, for the default and for another choice.
    for (const [disks, heuristic] of [[5, 'misplaced'], [4, 'seed-power']]) {
      if (disks !== 5) {
        await page.locator(`section#bfs-astar ${tid('race-disks')}`).selectOption(String(disks));
        await page.locator(`section#bfs-astar ${tid('race-heuristic')}`).selectOption(heuristic);
      }
      const start = tower(disks, 0);
      const bfs = cli(hanoi(3, start, tower(disks, 2), 'bfs'));
      const astar = cli(`${hanoi(3, start, tower(disks, 2), 'astar')}&heuristic=${heuristic}`);
      await numBecomes(page, 'bfs-astar', 'bfs-expanded', bfs.stats.expanded);
      await numBecomes(page, 'bfs-astar', 'astar-expanded', astar.stats.expanded);
      assert.equal(await num(page, 'bfs-astar', 'bfs-length'), hanoiBfs(3, start, tower(disks, 2)));
      assert.equal(await num(page, 'bfs-astar', 'astar-length'), astar.length);
    }
    assert.equal(await num(page, 'bfs-astar', 'five-disk-states'), 3 ** 5);

    // Admissibility: h against the true distance, and a longer A* path on four pegs.
    const over = [1, 1, 0];
    assert.equal(await num(page, 'admissible', 'h'), seedPower(over, tower(3, 2)));
    assert.equal(await num(page, 'admissible', 'distance'), hanoiBfs(3, over, tower(3, 2)));
    assert.equal(await num(page, 'admissible', 'overestimate'), 7 - hanoiBfs(3, over, tower(3, 2)));
    // The correct bound 2^k, k the largest disk off the goal peg: at most the true distance, here equal to it.
    assert.equal(await num(page, 'admissible', 'bound'), 4);
    assert.equal(await num(page, 'admissible', 'bound-distance'), hanoiBfs(3, over, tower(3, 2)));
    const overFigure = page.locator('section#admissible [data-figure="overestimate"]');
    await place(page, overFigure, 0, 2, [2, 1, 0]);
    await numBecomes(page, 'admissible', 'distance', hanoiBfs(3, [2, 1, 0], tower(3, 2)));
    const four = [0, 2, 0];
    const seedRun = cli(`${hanoi(4, four, tower(3, 3), 'astar')}&heuristic=seed-power`);
    assert.equal(await num(page, 'admissible', 'seed-length'), seedRun.length);
    assert.equal(await num(page, 'admissible', 'bfs-length'), hanoiBfs(4, four, tower(3, 3)));
    assert.ok(seedRun.length > hanoiBfs(4, four, tower(3, 3)), 'the four-peg case no longer shows a longer path');

    // Four pegs: Frame-Stewart's count is the CLI's direct answer and a JS BFS's shortest.
    for (const disks of [6, 4]) {
      if (disks !== 6) await page.locator(`section#four-pegs ${tid('four-disks')}`).selectOption(String(disks));
      await numBecomes(page, 'four-pegs', 'disks', disks);
      const bfs4 = hanoiBfs(4, tower(disks, 0), tower(disks, 3));
      await numBecomes(page, 'four-pegs', 'four-pegs', cli(hanoi(4, tower(disks, 0), tower(disks, 3), 'direct')).length);
      await numBecomes(page, 'four-pegs', 'bfs-length', bfs4);
      assert.equal(await num(page, 'four-pegs', 'four-pegs'), bfs4);
      assert.equal(await num(page, 'four-pegs', 'three-pegs'), 2 ** disks - 1);
      assert.equal(await num(page, 'four-pegs', 'four-peg-states'), 4 ** disks);
    }

    // The article's claims: each verdict's numbers are the CLI's runs and the formulas'.
    const bfs8 = cli(hanoi(3, tower(8, 0), tower(8, 2), 'bfs'));
    const bfs10 = cli(hanoi(3, tower(10, 0), tower(10, 2), 'bfs'));
    const astar5 = cli(`${hanoi(3, tower(5, 0), tower(5, 2), 'astar')}&heuristic=misplaced`);
    assert.equal(await num(page, 'claims', 'moves-states'), 3 ** 5);
    assert.equal(await num(page, 'claims', 'moves-least'), 2);
    assert.equal(await num(page, 'claims', 'moves-most'), 3);
    assert.equal(await num(page, 'claims', 'parent-length'), bfs8.length);
    assert.equal(bfs8.length, 2 ** 8 - 1);
    assert.equal(await num(page, 'claims', 'memory-states'), 3 ** 8);
    assert.equal(await num(page, 'claims', 'memory-expanded'), bfs8.stats.expanded);
    assert.equal(await num(page, 'claims', 'ten-states'), 59049);
    assert.equal(await num(page, 'claims', 'ten-expanded'), bfs10.stats.expanded);
    assert.equal(await num(page, 'claims', 'complexity-expanded'), astar5.stats.expanded);
    assert.ok(astar5.stats.expanded <= 3 ** 5, 'A* expands each state at most once');

    // Exercises, each checked by the engine and scored.
    const fewerStart = [2, 2, 2, 2, 0];
    const bfsEx = cli(hanoi(3, fewerStart, tower(5, 2), 'bfs')).stats.expanded;
    const astarEx = cli(`${hanoi(3, fewerStart, tower(5, 2), 'astar')}&heuristic=misplaced`).stats.expanded;
    const fewer = page.locator('[data-exercise="fewer"]');
    await fewer.locator(tid(bfsEx < astarEx ? 'pick-bfs' : bfsEx > astarEx ? 'pick-astar' : 'pick-tie')).click();
    await fewer.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-bfs'), bfsEx);
    assert.equal(await num(page, 'exercises', 'ex-astar'), astarEx);

    const overEx = page.locator('[data-exercise="overestimate"]');
    await place(page, overEx, 0, 1, [1, 0, 0]);
    await place(page, overEx, 1, 1, [1, 1, 0]);
    await overEx.locator(tid('check')).click();
    await overEx.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-h'), seedPower([1, 1, 0], tower(3, 2)));
    assert.equal(await num(page, 'exercises', 'ex-distance'), hanoiBfs(3, [1, 1, 0], tower(3, 2)));

    const distance = page.locator('[data-exercise="distance"]');
    const shortest = hanoiBfs(3, [2, 0, 1, 0], tower(4, 2));
    await distance.locator(tid('distance-guess')).fill(String(shortest));
    await distance.locator(tid('check')).click();
    await distance.locator(`${tid('verdict')}[data-right="true"]`).waitFor({ timeout: SOLVE_MS });
    assert.equal(await num(page, 'exercises', 'ex-length'), shortest);
    await page.locator(`${tid('lesson-score')}[data-right="3"]`).waitFor();

    // Each figure opens the lab on its puzzle and algorithm.
    const lab = await page.locator(`section#bfs-astar ${tid('open-in-lab')}`).getAttribute('href');
    const params = new URL(lab, page.url()).searchParams;
    assert.equal(params.get('puzzle'), 'hanoi');
    assert.equal(params.get('algo'), 'astar');
    assert.equal(params.get('lang'), lang);
    assert.equal(await page.locator(tid('open-in-lab')).count() >= 8, true);
  }, { timeout: 180_000 });
}

test('a wrong answer is scored wrong, with the engine\'s numbers', async (s) => {
  const { page } = s;
  await openLesson(s, 'en', '#exercises');
  const distance = page.locator('[data-exercise="distance"]');
  const shortest = hanoiBfs(3, [2, 0, 1, 0], tower(4, 2));
  await distance.locator(tid('distance-guess')).fill(String(shortest + 1));
  await distance.locator(tid('check')).click();
  await distance.locator(`${tid('verdict')}[data-right="false"]`).waitFor({ timeout: SOLVE_MS });
  assert.equal(await num(page, 'exercises', 'ex-length'), shortest);
  assert.match(await page.locator(tid('lesson-score')).innerText(), /0 of 4/);
});

test('no sentence of the Chinese lesson is English (algorithm names aside)', async (s) => {
  const { page } = s;
  await openLesson(s, 'zh');
  await num(page, 'four-pegs', 'bfs-length');
  await num(page, 'admissible', 'seed-length');
  const text = await shownText(page);
  // Names that stay as they are in Chinese teaching: algorithms, people, file formats, formulas' letters.
  const names = /Frame–Stewart|Bousch|BFS|IDA\*|A\*|OPEN|CLOSED|SVG|PNG|JSON|English|简体中文/g;
  const english = text.replace(names, ' ').match(/[A-Za-z]{2,}(?:[\s,.;:'’()-]+[A-Za-z]{2,}){2,}/g) ?? [];
  assert.deepEqual(english, [], `English shown on the Chinese lesson: ${english.join(' | ')}`);
});

test('a deep link scrolls to its section, and the header links lab and lessons both ways', async (s) => {
  const { page } = s;
  await openLesson(s, 'en', '#four-pegs');
  await num(page, 'four-pegs', 'four-pegs');
  await page.waitForFunction(() => Math.abs(document.getElementById('four-pegs').getBoundingClientRect().top) < 40);
  assert.match(page.url(), /lesson=hanoi&lang=en#four-pegs$/);
  // Back to the lab, then to the lessons from the lab's header, in the language chosen.
  await page.locator(tid('lab-link-header')).click();
  await s.waitInteractive();
  await page.locator(tid('language')).selectOption('zh');
  await page.locator(tid('lessons-link')).click();
  await page.locator(tid('lesson')).waitFor();
  assert.match(page.url(), /lesson=hanoi&lang=zh/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
});

test('lang= names the lab\'s language too, and the remembered choice holds without it', async (s) => {
  const { page } = s;
  await s.open('lang=zh');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  assert.equal(await messageText(page), '', 'a link of lang= alone is not a bad puzzle link');
  await s.open('');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  await s.open('lang=en&puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator(tid('pegs')).getAttribute('data-state'), '0,0,0');
});

test('embed=1 with a section shows that section alone, its figure live', async (s) => {
  const { page } = s;
  await openLesson(s, 'zh', '&embed=1#admissible');
  await page.locator(tid('embed')).waitFor();
  assert.deepEqual(await page.locator(tid('lesson-section')).evaluateAll((els) => els.map((e) => e.id)), ['admissible']);
  assert.equal(await num(page, 'admissible', 'distance'), hanoiBfs(3, [1, 1, 0], tower(3, 2)));
  assert.equal(await page.locator('.lesson-contents').count(), 0);
  const full = await page.locator(tid('embed-open')).getAttribute('href');
  assert.match(full, /lesson=hanoi&lang=zh#admissible$/);
});

for (const width of [1366, 360]) {
  test(`the lesson at ${width} px: no serious or critical axe violation in either language, nothing wider than the page`,
    async (s) => {
      const { page } = s;
      const found = [];
      for (const lang of ['en', 'zh']) {
        await openLesson(s, lang);
        await num(page, 'four-pegs', 'bfs-length');
        await num(page, 'admissible', 'seed-length');
        await num(page, 'bfs-astar', 'astar-expanded');
        const violations = await scan(page);
        if (violations.length) found.push({ where: `${lang}, ${width} px`, violations });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px at ${width} px (${lang})`);
        await page.screenshot({ path: join(ARTIFACTS, `lessons--hanoi--${lang}--${width}.png`), fullPage: true });
      }
      assert.equal(found.length, 0, `axe found serious or critical violations:\n${describeViolations(found)}`);
    }, { timeout: 120_000, contextOptions: { viewport: { width, height: 900 } } });
}

test('printed, the lesson is a handout: its figures and words, no controls', async (s) => {
  const { page } = s;
  await openLesson(s, 'en');
  await num(page, 'four-pegs', 'bfs-length');
  await page.emulateMedia({ media: 'print' });
  const hidden = await page.evaluate(() => ['.lesson-contents', '.topbar', '.lesson-controls', '.open-in-lab']
    .map((sel) => [...document.querySelectorAll(sel)].every((e) => getComputedStyle(e).display === 'none')));
  assert.deepEqual(hidden, [true, true, true, true]);
  assert.ok(await page.locator('section#state .pegs').isVisible(), 'the figures are printed');
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10_000, 'the printed lesson is empty');
});
