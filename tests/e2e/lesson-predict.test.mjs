// "Predict the next expansion" in each lesson, in English and in Chinese: the exercise starts by itself on the
// figure's traced run, at the first step where OPEN offers a choice; the stepper counts the CLI's expansions for the
// same query; a right pick is scored right and moves on, a wrong one is judged by the engine's node; the lesson's
// score counts the first pick only; "Open in the lab" appears once answered and opens the lab on that query.
import assert from 'node:assert/strict';
import {
  buildCli, cli, tid, useApp,
} from './helpers.mjs';

const { test } = useApp();
buildCli();
const SOLVE_MS = 30_000;

const LESSONS = [
  { lesson: 'hanoi', query: 'puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2&algo=astar&heuristic=misplaced',
    algo: /A\*/ },
  { lesson: 'sliding', query: 'puzzle=sliding&size=3x3&start=4,1,3,0,2,5,7,8,6&algo=astar&heuristic=manhattan',
    algo: /A\*/ },
  { lesson: 'eight', query: 'puzzle=sliding&size=3x3&start=8,1,3,2,0,4,7,6,5&goal=1,2,3,8,0,4,7,6,5&algo=bfs',
    algo: /Breadth-first|广度优先/ },
];
const PREDICT = '[data-exercise="predict"]';
const panel = `${PREDICT} ${tid('exercise')}`;

for (const { lesson, query, algo } of LESSONS) {
  for (const lang of ['en', 'zh']) {
    test(`${lesson} lesson in ${lang}: predict the next expansion on the figure's real run`, async (s) => {
      const { page } = s;
      await page.goto(s.url(`lesson=${lesson}&lang=${lang}#exercises`), { waitUntil: 'load' });
      await page.locator(tid('lesson')).waitFor();
      await page.locator(`${panel}[data-active="true"][data-position="1"]`).waitFor({ timeout: SOLVE_MS });

      const run = cli(query);
      const stepper = page.locator(`${PREDICT} ${tid('stepper')}`);
      assert.equal(Number(await stepper.getAttribute('data-total')), run.stats.expanded, 'the CLI\'s expansions');
      assert.match(await page.locator(`${PREDICT} ${tid('exercise-prompt')}`).textContent(), algo);
      assert.equal(await page.locator(`${PREDICT} ${tid('open-in-lab')}`).count(), 0, 'the lab waits for an answer');
      if (lang === 'zh') {
        assert.equal(await page.locator(`${panel} h3`).textContent(), '预测下一次扩展');
      }

      const options = page.locator(`${PREDICT} ${tid('exercise-option')}`);
      assert.ok(await options.count() > 1, 'OPEN offers a choice at the first question');
      const answer = await page.locator(panel).getAttribute('data-answer');
      const wrong = await options.evaluateAll((els, right) =>
        els.map((e) => e.dataset.node).find((n) => n !== right), answer);
      const score = () => page.locator(tid('lesson-score')).getAttribute('data-right');
      const verdict = page.locator(`${PREDICT} ${tid('exercise-verdict')}`);
      if (lang === 'en') {
        // Right first: scored right, and the engine's step is shown; a later wrong pick does not change the score.
        await page.locator(`${PREDICT} ${tid('exercise-option')}[data-node="${answer}"]`).click();
        await page.locator(`${PREDICT} ${tid('exercise-verdict')}[data-right="true"]`).waitFor();
        await page.locator(`${panel}[data-position="2"]`).waitFor();
        assert.equal(await score(), '1');
        const next = await page.locator(panel).getAttribute('data-answer');
        const other = await options.evaluateAll((els, right) =>
          els.map((e) => e.dataset.node).find((n) => n !== right), next);
        if (other !== undefined) {
          await page.locator(`${PREDICT} ${tid('exercise-option')}[data-node="${other}"]`).click();
          await page.locator(`${PREDICT} ${tid('exercise-verdict')}[data-right="false"]`).waitFor();
          assert.equal(await verdict.getAttribute('data-answer'), next, 'the engine\'s node is named');
        }
        assert.equal(await score(), '1', 'the lesson counts the first pick only');
      } else {
        // Wrong first: judged by the engine's node, scored wrong, and the question stays on its step.
        await page.locator(`${PREDICT} ${tid('exercise-option')}[data-node="${wrong}"]`).click();
        await page.locator(`${PREDICT} ${tid('exercise-verdict')}[data-right="false"]`).waitFor();
        assert.equal(await verdict.getAttribute('data-answer'), answer);
        assert.equal(await page.locator(panel).getAttribute('data-position'), '1');
        assert.equal(await score(), '0');
        assert.doesNotMatch((await verdict.textContent()).replace(/OPEN|CLOSED/g, ''), /[A-Za-z]{4,}/,
          'the verdict is in Chinese');
      }
      const lab = page.locator(`${PREDICT} ${tid('open-in-lab')}`);
      await lab.waitFor();
      const href = new URL(await lab.getAttribute('href'));
      for (const [key, value] of new URLSearchParams(query)) {
        assert.equal(href.searchParams.get(key), value, `"Open in the lab" keeps ${key}`);
      }
      assert.equal(href.searchParams.get('lang'), lang);
    });
  }
}
