// The reducer's messages in the chosen language (issue 5, part 4): a bad link's notice, a link's unusable choice,
// the warnings about the chosen algorithm, a refused drop and the solution's moves in words are kept as keys and
// arguments and put into words by the page, so they appear in Chinese when 简体中文 is chosen, and switch language
// in place, without a reload or a new action.
import assert from 'node:assert/strict';
import { messageText, playMode, tid, useApp, waitStatus } from './helpers.mjs';

const { test } = useApp();

const HAN = /[\u4e00-\u9fff]/;

/** Chooses a language with the switch and waits for the Solve button to show it. */
async function choose(page, lang) {
  await page.locator(tid('language')).selectOption(lang);
  const word = lang === 'zh' ? '求解' : 'Solve';
  await page.waitForFunction(([sel, w]) => document.querySelector(sel)?.innerText.trim() === w, [tid('solve'), word]);
}

/** Waits until the message line's text matches `pattern`, failing with what it said. */
async function waitMessage(page, pattern) {
  await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector(sel)?.innerText ?? ''),
    [tid('message'), pattern.source]).catch(async () => assert.fail(`the message says '${await messageText(page)}'`));
}

test('a bad link is explained in Chinese, and the notice changes language in place', async (s) => {
  const { page } = s;
  await page.addInitScript(() => localStorage.setItem('puzzle-lab.lang', 'zh'));
  // Two 8s: the parser's refusal (a QueryError) is put into words by the page, in Chinese too.
  await s.open('puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,8');
  const zh = await messageText(page);
  assert.ok(zh.startsWith('无法读取此链接：方块 8 在 start 中出现了两次'), `the notice is '${zh}'`);
  assert.ok(zh.includes('8 数码'), `the notice does not say what is shown instead: '${zh}'`);
  assert.ok(!zh.includes('could not be read'), `the notice's own sentence stayed English: '${zh}'`);
  await choose(page, 'en');
  await waitMessage(page, /^This link could not be read: tile 8 appears twice in start.*Showing a shuffled 8-puzzle instead\.$/);
  await choose(page, 'zh');
  await waitMessage(page, /^无法读取此链接/);
});

test('warnings about the chosen algorithm and a link\'s unusable heuristic read in Chinese', async (s) => {
  const { page } = s;
  await page.addInitScript(() => localStorage.setItem('puzzle-lab.lang', 'zh'));
  // Pattern databases stop at 16 cells: on a 5x5 board the link's choice is replaced, with a note.
  const start = [...Array.from({ length: 23 }, (_, i) => i + 1), 0, 24];
  await s.open(`puzzle=sliding&size=5x5&start=${start}&algo=greedy&heuristic=pdb`);
  const note = await messageText(page);
  assert.equal(note, '启发函数 pdb 不适用于这个滑块拼图；改用曼哈顿距离 + 线性冲突。');
  // Greedy search is warned about; the warning is a Chinese sentence.
  const warnings = page.locator(tid('algo-note'));
  await warnings.first().waitFor();
  const texts = await warnings.allInnerTexts();
  assert.ok(texts.some((t) => t.includes('贪心最佳优先搜索')), `warnings: ${JSON.stringify(texts)}`);
  for (const t of texts) {
    assert.match(t, HAN, `an untranslated warning: '${t}'`);
    assert.ok(!/\b(the|is|not|and)\b/.test(t), `English words in a warning: '${t}'`);
  }
  // The depth-bounded DFS warning carries the bound, and follows a language switch in place.
  await page.locator(tid('algorithm')).selectOption('dfs');
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((e) => e.innerText.includes('40 步以内')),
    tid('algo-note'));
  await choose(page, 'en');
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((e) => e.innerText.includes('within 40 moves')),
    tid('algo-note'));
  // The test id no longer clashes with the play panel's Hint button.
  await playMode(page);
  assert.equal(await page.locator(tid('hint')).count(), 1, 'two elements share data-testid="hint"');
  assert.equal(await page.locator(`button${tid('hint')}`).count(), 1);
});

test('a refused drop and the solution\'s moves in words read in Chinese', async (s) => {
  const { page } = s;
  await page.addInitScript(() => localStorage.setItem('puzzle-lab.lang', 'zh'));
  await s.open('puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2&algo=bfs');
  await playMode(page);
  // Disk 0 to peg B, then disk 1 onto it: refused, and said why in Chinese.
  for (const [from, to] of [[0, 1], [0, 1]]) {
    await page.locator(tid(`peg-${from}`)).focus();
    await page.keyboard.press('Enter');
    await page.locator(tid(`peg-${to}`)).focus();
    await page.keyboard.press('Enter');
  }
  await waitMessage(page, /^圆盘 1 不能放到柱 B 上：那里顶部的圆盘 0 更小。$/);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved');
  const words = await page.locator(`${tid('move-list')} .move-words`).allInnerTexts();
  assert.deepEqual(words, ['圆盘 0：柱 A → B', '圆盘 1：柱 A → C', '圆盘 0：柱 B → C']);
  await choose(page, 'en');
  await page.waitForFunction((sel) => document.querySelector(`${sel} .move-words`)?.innerText === 'disk 0: peg A -> B',
    tid('move-list'));
});
