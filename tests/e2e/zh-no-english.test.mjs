// No English sentence in Chinese: the lab opened with lang=zh goes through the states a person meets (a search
// stopped at its limits, an unsolvable board, a 4x4 solve in a fresh browser that builds the pattern databases and
// says so, the first 5x5 solve while it builds the 5x5 tables and once it has answered on them, a bad link) and the
// lessons (Hanoi, sliding puzzles, the 8-puzzle); in each, no visible text node holds three or more Latin words in a
// row (code aside: the lessons' pseudocode is the same in both languages, its comments translated). What the solver
// and the worker say reaches the page as values (solver::report::Said and Note) that the page words itself, so none
// of it stays English.
import assert from 'node:assert/strict';
import {
  defaultGoal, messageText, rng, scramble, status, tid, useApp, waitStatus,
} from './helpers.mjs';

const { test } = useApp();

/** Names kept as they are in Chinese teaching: the product, algorithms, people, storage and file formats, the
 * language switch's own "English". */
const NAMES = /Puzzle Lab|Frame[-–]Stewart|Bousch|Manhattan|IndexedDB|BFS|IDA\*|A\*|OPEN|CLOSED|SVG|PNG|CSV|JSON|English/g;

/** Three or more Latin words in a row (words of two letters or more, joined by spaces and sentence punctuation). */
const SENTENCE = /[A-Za-z]{2,}(?:[\s,.;:'’()-]+[A-Za-z]{2,}){2,}/g;

/** The English sentences in the page's visible text nodes, each with the node's text. */
async function englishShown(page) {
  const texts = await page.evaluate(() => {
    const shown = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (parent.checkVisibility && !parent.checkVisibility({ visibilityProperty: true })) continue;
      // Code is the same in every language (`translate="no"`); its comments (`translate="yes"`) are checked.
      if (parent.closest('[translate]')?.getAttribute('translate') === 'no') continue;
      shown.push(text);
    }
    return shown;
  });
  return texts.flatMap((text) => (text.replace(NAMES, ' ').match(SENTENCE) ?? []).map((m) => `${m} «${text}»`));
}

/** Fails with every English sentence shown, saying where (`where`). */
async function assertNoEnglish(page, where) {
  const english = await englishShown(page);
  assert.deepEqual(english, [], `English shown in Chinese (${where}):\n${english.join('\n')}`);
}

/** Opens the lab in Chinese with `query` (the app's own `lang=` key) and waits until it is interactive. */
async function openZh(s, query) {
  await s.open(`${query}${query ? '&' : ''}lang=zh`);
  assert.equal(await s.page.evaluate(() => document.documentElement.lang), 'zh-Hans');
}

/** Clicks Solve and waits for one of the statuses `wanted`. */
async function solve(page, wanted, timeout = 30_000) {
  await page.locator(tid('solve')).click();
  await page.waitForFunction(([sel, w]) => w.includes(document.querySelector(sel)?.dataset.status),
    [tid('status'), wanted], { timeout })
    .catch(async () => assert.fail(`status ${await status(page)}, message '${await messageText(page)}'`));
}

test('a search stopped at its limits is explained in Chinese', async (s) => {
  const { page } = s;
  // A hard 15-puzzle (Korf's first instance) by BFS with the smallest state budget: a limit within seconds.
  const korf1 = '14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3';
  await openZh(s, `puzzle=sliding&size=4x4&start=${korf1}&goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15&algo=bfs`);
  await page.locator(tid('max-states')).selectOption('1000000');
  await solve(page, ['limit']);
  const limit = await messageText(page);
  assert.match(limit, /上限/, `the limit's message: '${limit}'`);
  await assertNoEnglish(page, 'BFS at its limit');
  // A 5x5 board far from its goal, by A*: refused at once, naming the staged solver instead.
  const far = Array.from({ length: 25 }, (_, i) => (i + 1) % 25).reverse();
  await openZh(s, `puzzle=sliding&size=5x5&start=${far}&algo=astar&heuristic=linear-conflict`);
  await solve(page, ['limit', 'unsolvable']);
  await assertNoEnglish(page, 'A* on a far 5x5 board');
}, { timeout: 60_000 });

test('an unsolvable board and a bad link are explained in Chinese', async (s) => {
  const { page } = s;
  await openZh(s, 'puzzle=sliding&size=3x3&start=1,2,3,4,5,6,8,7,0&algo=astar&heuristic=manhattan');
  await waitStatus(page, 'unsolvable');
  await page.locator(tid('solve')).click().catch(() => {});
  await assertNoEnglish(page, 'an unsolvable board');
  for (const link of ['puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,8', 'puzzle=hanoi&pegs=9&disks=3&start=0,0,0',
    'puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,0&algo=magic']) {
    await openZh(s, link);
    const notice = await messageText(page);
    assert.ok(notice.startsWith('无法读取此链接'), `${link}: '${notice}'`);
    await assertNoEnglish(page, `the bad link ${link}`);
  }
});

test('a 4x4 solve in a fresh browser says in Chinese which pattern databases it was found on', async (s) => {
  const { page } = s;
  const start = scramble(defaultGoal(4, 4), 4, 4, 40, rng(7));
  await openZh(s, `puzzle=sliding&size=4x4&start=${start}&algo=idastar&heuristic=pdb`);
  await solve(page, ['solved'], 60_000);
  const said = await messageText(page);
  // Found on the small tables while the full ones build in the background.
  assert.match(said, /小模式数据库（4-4-4-3，构建用时/, `the report's notes: '${said}'`);
  assert.match(said, /正在后台构建/, `the report's notes: '${said}'`);
  await assertNoEnglish(page, 'a 4x4 solve with the tables built');
}, { timeout: 90_000 });

test('the first 5x5 solve in a fresh browser builds the 5x5 tables and answers on them, in Chinese', async (s) => {
  const { page } = s;
  await openZh(s, 'puzzle=sliding&size=5x5');
  await page.locator(tid('solve')).click();
  // While the build runs: the staged answer held, the build's line and bar.
  await page.waitForSelector(tid('build-progress'), { timeout: 10_000 });
  await page.waitForSelector(tid('solution-length'), { timeout: 10_000 });
  const line = await page.locator(tid('progress')).innerText();
  assert.match(line, /^正在改进：目前最好 [\d,]+ 步；正在构建求更短解所需的模式数据库… \d+%/, line);
  await assertNoEnglish(page, 'the first 5x5 solve while its tables build');
  await page.screenshot({ path: 'test-artifacts/zh-no-english--5x5-building-1366.png', fullPage: true });
  await waitStatus(page, 'solved', 60_000);
  const said = await messageText(page);
  assert.match(said, /已借助束搜索和 5×5 模式数据库改进。\s*附注：构建用时 .+，有一个辅助线程协助。/, said);
  await assertNoEnglish(page, 'the first 5x5 solve, answered on its tables');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-artifacts/zh-no-english--5x5-solved-360.png', fullPage: true });
}, { timeout: 90_000 });

for (const lesson of ['hanoi', 'sliding', 'eight']) {
  test(`the ${lesson} lesson in Chinese has no English sentence`, async (s) => {
    const { page } = s;
    await page.goto(s.url(`lesson=${lesson}&lang=zh`), { waitUntil: 'load' });
    await page.locator(tid('lesson')).waitFor();
    // The figures compute their numbers after the first paint.
    await page.waitForTimeout(1_500);
    await assertNoEnglish(page, `the ${lesson} lesson`);
  });
}
