// Shared machinery for the end-to-end tests: the static server, Chromium, one fresh page per test with its
// console and page errors collected, a screenshot of every test under test-artifacts/ (the window as the test left it;
// the whole page when the test failed or E2E_FULL_PAGE=1, which costs seconds on a long lesson), the app's test hooks
// read and driven, and independent JS solvers (exhaustive BFS, IDA*) that give the truth the app is checked against.
//
// It builds nothing: run `bash scripts/build.sh` (dist/) first. Its paths are relative, so the same build is served
// at / and under SUB_PATH. E2E_DIST points the tests at another build folder (absolute, or relative to the repository root); E2E_INIT_SCRIPT names a script run before the app
// in every page (to inject a fault and watch a test catch it).
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Where screenshots and failure logs go (gitignored). */
export const ARTIFACTS = join(ROOT, 'test-artifacts');
/** The sub-path the static-hosting test mounts the app under. */
export const SUB_PATH = '/puzzle-lab/';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];
/** Default wait for the app's own reactions (a render, a reply of the worker). Searches pass their own. */
export const WAIT_MS = 15_000;

// ---------------------------------------------------------------------------------------------------------------
// The command-line solver, the truth the lessons' figures are checked against

/** The solver's CLI in the test profile (the solver is optimised there; `cargo test` has usually built it). */
const CLI = join(process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target'),
  'debug', 'solve');

/** Builds the CLI (a no-op when it is fresh). Call it at a test file's top level, outside any test's time limit. */
export function buildCli() {
  execFileSync('cargo', ['build', '-q', '-p', 'solver', '--bin', 'solve'], { cwd: ROOT, stdio: 'inherit' });
}

/** The CLI's JSON report for a PUZZLE query and options, e.g. `cli('puzzle=hanoi&disks=3', '--max-states', '9')`. */
export function cli(query, ...options) {
  return JSON.parse(execFileSync(CLI, ['--json', ...options, query], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// ---------------------------------------------------------------------------------------------------------------
// The build under test, the server and the browser

/** Fails with a message that says what to run when the release build is absent. */
export function requireBuild(dir) {
  const index = resolve(ROOT, dir, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`${dir}/index.html is missing: build the app first with \`bash scripts/build.sh\``
      + (dir === 'dist' ? '' : ` (for ${dir}/: \`DIST=${dir} bash scripts/build.sh\`)`));
  }
  return index;
}

/** Chromium from Debian, headless. */
export async function launchBrowser(extraArgs = []) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run \`bash scripts/setup.sh\` (it installs Debian's chromium);`
      + ' never `npx playwright install`');
  }
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Starts the static server on 127.0.0.1 with a free port; returns it and the app's URL (ending in `base`). */
export async function startServer(dir = 'dist', base = '/') {
  requireBuild(dir);
  const server = await serve(resolve(ROOT, dir), 0, base);
  const { port } = server.address();
  return { server, appUrl: `http://127.0.0.1:${port}${base}` };
}

// ---------------------------------------------------------------------------------------------------------------
// One file's fixture: server + browser for the whole file, a fresh context and page for each test

/** Runs before any page script: notes when the page first becomes interactive (a board or pegs, Solve enabled). */
function interactiveProbe() {
  if (typeof document === 'undefined' || window.__e2eProbe) return;
  window.__e2eProbe = true;
  const ready = () => {
    const view = document.querySelector('[data-testid="board"], [data-testid="pegs"]');
    const solve = document.querySelector('[data-testid="solve"]');
    return Boolean(view && solve && !solve.disabled && solve.getAttribute('aria-disabled') !== 'true');
  };
  const observer = new MutationObserver(() => {
    if (window.__e2eInteractiveAt === undefined && ready()) {
      window.__e2eInteractiveAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

/**
 * Declares the file's fixture and returns `test(name, fn, options)`, which runs `fn(session)` on a fresh page.
 *
 * Every test fails on an uncaught page error, a panic, any console error and any HTTP error response, unless the
 * error or console text or the URL matches `options.allowConsole` / `options.allowHttp` (regexes; a panic's
 * `panicked at` / `RuntimeError: unreachable` always fails). Every test leaves a
 * screenshot in test-artifacts/ (suffixed `--FAILED` on failure, with the page's console log beside it); the figures a
 * test prints with `session.note` also go to test-artifacts/FILE--metrics.log.
 */
export function useApp({ dist = process.env.E2E_DIST ?? 'dist', base = '/', prepare } = {}) {
  const fixture = { browser: null, server: null, appUrl: null };
  const fileName = basename(process.argv[1] ?? 'e2e', '.test.mjs');

  const metrics = join(ARTIFACTS, `${fileName}--metrics.log`);
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(metrics, '');
    if (prepare) await prepare();
    Object.assign(fixture, await startServer(dist, base));
    fixture.browser = await launchBrowser();
  }, { timeout: 30 * 60_000 });

  after(async () => {
    await fixture.browser?.close();
    await new Promise((done) => (fixture.server ? fixture.server.close(done) : done()));
  });

  // `measure`: a measurement that asserts nothing of its own, run only with E2E_MEASURE=1 (timings belong in notes
  // and docs/performance.md, not in the pass/fail suite).
  function test(name, fn, { timeout = 60_000, allowConsole = [], allowHttp = [], contextOptions = {}, measure = false }
    = {}) {
    const skip = measure && !process.env.E2E_MEASURE && 'a measurement: run it with E2E_MEASURE=1';
    it(name, { timeout, skip }, async (t) => {
      const context = await fixture.browser.newContext({
        viewport: { width: 1280, height: 900 },
        ...contextOptions,
      });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      const session = new Session(page, context, fixture.appUrl, { allowConsole, allowHttp });
      session.t = t;
      session.note = (text) => {
        t.diagnostic(text);
        appendFileSync(metrics, `${name}: ${text}\n`);
      };
      await page.addInitScript(interactiveProbe);
      // Fault injection and debugging: a script that runs before the app in every page (see this file's header).
      if (process.env.E2E_INIT_SCRIPT) await page.addInitScript({ path: resolve(ROOT, process.env.E2E_INIT_SCRIPT) });
      let failed = false;
      let timer;
      try {
        // Give up a little before the runner's own timeout, so that a stuck test still leaves its screenshot and log.
        const deadline = new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error(`the test did not finish within ${timeout - 5_000} ms`)), timeout - 5_000);
        });
        await Promise.race([fn(session), deadline]);
        session.assertClean();
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        clearTimeout(timer);
        const plain = join(ARTIFACTS, `${fileName}--${slug(name)}`);
        const stem = failed ? `${plain}--FAILED` : plain;
        // Only this run's outcome stays: no stale FAILED files beside a pass, nor the reverse.
        for (const old of [`${plain}.png`, `${plain}--FAILED.png`, `${plain}--FAILED.log`]) rmSync(old, { force: true });
        try {
          const fullPage = failed || Boolean(process.env.E2E_FULL_PAGE);
          await page.screenshot({ path: `${stem}.png`, fullPage, timeout: 5_000 });
        } catch (err) {
          process.stderr.write(`[e2e] no screenshot for "${name}": ${err.message}\n`);
        }
        if (failed) writeFileSync(`${stem}.log`, session.log.join('\n') + '\n');
        await context.close();
      }
    });
  }

  return { test, fixture };
}

/** One page of the app under test, with what it has said. */
export class Session {
  constructor(page, context, appUrl, { allowConsole, allowHttp }) {
    this.page = page;
    this.context = context;
    this.appUrl = appUrl;
    this.allowConsole = allowConsole;
    this.allowHttp = allowHttp;
    /** Every console message and network problem, in order (written beside a failed test's screenshot). */
    this.log = [];
    /** Problems that fail the test: page errors, panics, console errors, HTTP errors. */
    this.problems = [];
    /** Every URL the page and its workers requested. */
    this.requests = [];

    page.on('console', (msg) => {
      const where = msg.worker() ? 'worker' : 'page';
      const text = `${msg.type()} (${where}): ${msg.text()}`;
      this.log.push(text);
      const panic = /panicked at|RuntimeError: unreachable/.test(msg.text());
      if ((msg.type() === 'error' && !this.allowConsole.some((re) => re.test(msg.text()))) || panic) {
        this.problems.push(`console ${text}`);
      }
    });
    page.on('pageerror', (err) => {
      this.log.push(`pageerror: ${err.stack ?? err.message}`);
      if (!this.allowConsole.some((re) => re.test(err.message))) this.problems.push(`uncaught page error: ${err.message}`);
    });
    page.on('crash', () => this.problems.push('the page crashed'));
    page.on('request', (req) => this.requests.push(req.url()));
    page.on('requestfailed', (req) => this.log.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('response', (res) => {
      if (res.status() >= 400) {
        this.log.push(`HTTP ${res.status()} ${res.url()}`);
        if (!this.allowHttp.some((re) => re.test(res.url()))) this.problems.push(`HTTP ${res.status()} for ${res.url()}`);
      }
    });
    page.on('worker', (worker) => {
      this.log.push(`worker started: ${worker.url()}`);
    });
  }

  /** The app's URL with this query (with or without `?`). */
  url(query = '') {
    if (!query) return this.appUrl;
    return `${this.appUrl}${query.startsWith('?') ? query : `?${query}`}`;
  }

  /** Opens the app with `query` and waits until it is interactive (a board or pegs shown, Solve enabled). */
  async open(query = '') {
    await this.page.goto(this.url(query), { waitUntil: 'load' });
    await this.waitInteractive();
  }

  async waitInteractive(timeout = WAIT_MS) {
    await this.page.waitForFunction(() => window.__e2eInteractiveAt !== undefined, null, { timeout })
      .catch((err) => {
        throw new Error(`the app never became interactive (board or pegs shown, Solve enabled): ${err.message}\n`
          + this.log.join('\n'));
      });
  }

  /** Milliseconds from navigation start to interactive, measured in the page. */
  async interactiveMs() {
    return this.page.evaluate(() => window.__e2eInteractiveAt);
  }

  /** Fails on what the page reported so far. */
  assertClean() {
    assert.deepEqual(this.problems, [], `the page reported problems:\n${this.problems.join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The app's test hooks (issue 3, "Test hooks")

/** A selector for `data-testid`. */
export const tid = (id) => `[data-testid="${id}"]`;

/**
 * The page's visible text, one text node a line, leaving out code (`translate="no"`: the lessons' pseudocode is the
 * same in every language) but keeping its translated comments (`translate="yes"`): what a language check reads.
 */
export async function shownText(page) {
  return page.evaluate(() => {
    const shown = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      if (parent.closest('[translate]')?.getAttribute('translate') === 'no') continue;
      shown.push(node.textContent);
    }
    return shown.join('\n');
  });
}

const list = (text) => (text === null || text === '' ? [] : text.split(',').map((x) => Number(x.trim())));

export async function boardTiles(page) {
  return list(await page.getAttribute(tid('board'), 'data-tiles'));
}

export async function boardSize(page) {
  const size = await page.getAttribute(tid('board'), 'data-size');
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  assert.ok(m, `board data-size '${size}' is not WxH`);
  return { width: Number(m[1]), height: Number(m[2]), text: size };
}

export async function hanoiState(page) {
  return list(await page.getAttribute(tid('pegs'), 'data-state'));
}

export async function status(page) {
  return page.getAttribute(tid('status'), 'data-status');
}

export async function messageText(page) {
  const el = page.locator(tid('message'));
  return (await el.count()) ? (await el.innerText()).trim() : '';
}

/**
 * Records each solution length `page` shows from now on, with its time after the click the caller notes in
 * `window.__clickAt` (`performance.now()` just before clicking Solve); read them back from `window.__lengths`.
 */
export async function watchLengths(page) {
  await page.evaluate((sel) => {
    const seen = [];
    window.__lengths = seen;
    window.__clickAt = null;
    const read = () => {
      const text = document.querySelector(sel)?.textContent?.replace(/\D/g, '');
      if (text && window.__clickAt !== null && seen[seen.length - 1]?.length !== Number(text)) {
        seen.push({ length: Number(text), at: performance.now() - window.__clickAt });
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, tid('solution-length'));
}

export async function solutionLength(page) {
  const text = (await page.locator(tid('solution-length')).innerText()).trim();
  const m = /\d[\d,]*/.exec(text);
  assert.ok(m, `solution-length '${text}' holds no number`);
  return Number(m[0].replace(/,/g, ''));
}

/**
 * Waits for `data-status` to be one of `wanted`; fails naming the status it saw and the message. `error` and `limit`
 * end the wait at once (a run that ended there will not become anything else by itself).
 */
export async function waitStatus(page, wanted, timeout = WAIT_MS) {
  const states = Array.isArray(wanted) ? wanted : [wanted];
  const final = ['error', 'limit'].filter((x) => !states.includes(x));
  try {
    await page.waitForFunction(
      ([sel, want]) => want.includes(document.querySelector(sel)?.getAttribute('data-status')),
      [tid('status'), [...states, ...final]], { timeout },
    );
  } catch {
    // Timed out: reported below with what the page shows.
  }
  const now = await status(page);
  if (!states.includes(now)) {
    throw new Error(`status did not become ${states.join(' or ')} within ${timeout} ms: it is '${now}'`
      + ` (message: '${await messageText(page)}')`);
  }
  return now;
}

/** Waits until the element's attribute equals `value` (a list is compared as its comma-joined text). */
export async function waitAttr(page, testid, attr, value, timeout = WAIT_MS) {
  const want = Array.isArray(value) ? value.join(',') : String(value);
  try {
    await page.waitForFunction(
      ([sel, name, v]) => document.querySelector(sel)?.getAttribute(name)?.replace(/\s+/g, '') === v,
      [tid(testid), attr, want], { timeout },
    );
  } catch {
    const now = await page.getAttribute(tid(testid), attr);
    throw new Error(`${testid} ${attr} did not become '${want}' within ${timeout} ms: it is '${now}'`);
  }
}

/** The query of the page's URL as a Map of the PUZZLE keys. */
export function puzzleParams(url) {
  const params = new URL(url).searchParams;
  const out = {};
  for (const key of ['puzzle', 'size', 'pegs', 'disks', 'start', 'goal', 'algo', 'heuristic']) {
    if (params.has(key)) out[key] = params.get(key);
  }
  return out;
}

/** Enters the set-up mode (dragging swaps tiles / places disks) when the app has a mode switch. */
export async function setupMode(page) {
  const toggle = page.locator(tid('mode-setup'));
  if (await toggle.count()) await toggle.click();
}

/** Enters play mode (legal moves only, a move counter). */
export async function playMode(page) {
  await page.locator(tid('mode-play')).click();
}

/** The speed control set to its `max` (the fastest), through the keyboard as a person would. */
export async function fastestSpeed(page) {
  const speed = page.locator(tid('speed'));
  await speed.focus();
  await page.keyboard.press('End');
  const { value, max } = await speed.evaluate((el) => ({ value: el.value, max: el.max }));
  assert.equal(value, max, 'the speed control did not reach its max with the End key');
}

/** Centre of an element's box. */
export async function centre(locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element has no box (not visible)');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A drag with real pointer events: press at `from`, move in steps, release at `to`. */
export async function drag(page, from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // A first small move starts the drag the way a hand does, before the long travel.
  await page.mouse.move(from.x + 3, from.y + 3, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/**
 * Records every value an attribute takes on an element (initial value first). Read it with `readRecording`.
 * The observer sees each setAttribute, so no animation step is missed even if the test polls slowly.
 */
export async function recordAttribute(page, testid, attr) {
  await page.evaluate(([sel, name]) => {
    const el = document.querySelector(sel);
    const seen = [el.getAttribute(name)];
    window.__e2eRecording = seen;
    // Each record's oldValue is the value before it: reading them keeps steps set within one task.
    new MutationObserver((records) => {
      for (const r of records.slice(1)) seen.push(r.oldValue);
      seen.push(el.getAttribute(name));
    }).observe(el, { attributes: true, attributeFilter: [name], attributeOldValue: true });
  }, [tid(testid), attr]);
}

/** The recorded values, parsed to lists, consecutive repeats dropped. */
export async function readRecording(page) {
  const values = await page.evaluate(() => window.__e2eRecording ?? []);
  const out = [];
  for (const v of values) if (!out.length || out[out.length - 1].join(',') !== list(v).join(',')) out.push(list(v));
  return out;
}

/**
 * Records every `data-status` value with the time it appeared (performance.now()), and every click on an element
 * with a test id, so that latencies are measured inside the page rather than through the test's round trips.
 */
export async function watchStatus(page) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const log = [{ status: el.getAttribute('data-status'), at: performance.now() }];
    window.__e2eStatus = log;
    // Each record's oldValue is the value before it; the value after the last record is the current one. Reading
    // records (not just the current value) keeps a status that lasted less than one callback.
    new MutationObserver((records) => {
      const now = performance.now();
      const values = records.slice(1).map((r) => r.oldValue);
      values.push(el.getAttribute('data-status'));
      for (const status of values) if (log[log.length - 1].status !== status) log.push({ status, at: now });
    }).observe(el, { attributes: true, attributeFilter: ['data-status'], attributeOldValue: true });
    window.__e2eClicks = [];
    document.addEventListener('click', (e) => {
      const id = e.target.closest?.('[data-testid]')?.getAttribute('data-testid');
      if (id) window.__e2eClicks.push({ id, at: performance.now() });
    }, true);
  }, tid('status'));
}

export async function statusLog(page) {
  return page.evaluate(() => ({ statuses: window.__e2eStatus, clicks: window.__e2eClicks }));
}

/**
 * Seeks the playback to move `k` with the scrubber's keys (End, Home, then ArrowRight k times), as a person would,
 * and waits until it rests there, paused. End first: a key that does not move the scrubber (Home at move 0 while
 * the answer starts playing) seeks nothing.
 */
export async function seekTo(page, k) {
  await page.locator(tid('scrubber')).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  for (let i = 0; i < k; i++) await page.keyboard.press('ArrowRight');
  await waitAttr(page, 'player', 'data-step', String(k));
  await waitAttr(page, 'player', 'data-playing', 'false');
}

/**
 * Plays the found solution to its end at the fastest speed and waits until the attribute equals `goal`. The app
 * may start playing by itself after Solve; if it is not playing (the player's `data-playing`, or no step within a
 * moment when that attribute is absent), Play is pressed once.
 */
export async function playToEnd(page, { testid, attr, goal, timeout = 60_000 }) {
  await fastestSpeed(page);
  const want = goal.join(',');
  // Read the frame and the player's state in one go: a separate read could see the last frame arrive in between.
  const { frame, playing } = await page.evaluate(([sel, name]) => ({
    frame: document.querySelector(sel)?.getAttribute(name)?.replace(/\s+/g, ''),
    playing: document.querySelector('[data-testid="player"]')?.getAttribute('data-playing') ?? null,
  }), [tid(testid), attr]);
  if (frame === want) return;
  let press = playing === 'false';
  if (playing === null) {
    press = !(await page.waitForFunction(
      ([sel, name, v]) => document.querySelector(sel)?.getAttribute(name)?.replace(/\s+/g, '') !== v,
      [tid(testid), attr, frame], { timeout: 1_500 },
    ).then(() => true, () => false));
  }
  if (press) await page.locator(tid('play')).click();
  await waitAttr(page, testid, attr, goal, timeout);
}

/**
 * After a solve: plays the solution to the goal (recording every frame shown), then walks it back one Step back
 * at a time to the start. Checks that every single step is one legal move (`isMove(before, after)`), that there
 * are exactly `length` of them, that the frames the animation showed lie in order on that path, that Step
 * forward retraces it, and (with `describe(before, after)`) that the move list words every move that way. Returns the
 * path, start to goal.
 */
export async function verifySolution(page, { testid, attr, start, goal, length, isMove, describe }) {
  const key = (v) => v.join(',');
  const read = async () => list(await page.getAttribute(tid(testid), attr));
  await recordAttribute(page, testid, attr);
  await playToEnd(page, { testid, attr, goal, timeout: 30_000 + length * 200 });
  const frames = await readRecording(page);

  // Walk back from the goal: each Step back must undo exactly one legal move.
  const back = [goal];
  for (let i = 0; i < length; i++) {
    const before = back[back.length - 1];
    await page.locator(tid('step-back')).click();
    await page.waitForFunction(
      ([sel, name, v]) => document.querySelector(sel)?.getAttribute(name)?.replace(/\s+/g, '') !== v,
      [tid(testid), attr, key(before)], { timeout: 5_000 },
    )
      .catch(() => assert.fail(`Step back ${i + 1} of ${length} changed nothing`));
    const after = await read();
    assert.ok(isMove(after, before), `move ${length - i} of the solution (${after} -> ${before}) is not one legal move`);
    back.push(after);
  }
  assert.deepEqual(back[back.length - 1], start, `${length} steps back from the goal do not reach the start`);
  assert.ok(await page.locator(tid('step-back')).isDisabled(), 'Step back is still enabled at the start of the solution');
  const path = back.reverse();

  // The animation showed frames along this path, in order (at high speeds it may show one frame per several moves).
  let j = 0;
  for (const frame of frames) {
    while (j < path.length && key(path[j]) !== key(frame)) j += 1;
    assert.ok(j < path.length, `the animation showed ${frame}, which is not on the solution path in order`
      + ` (frames shown: ${frames.map((f) => `[${f}]`).join(' ')}; path: ${path.map((p) => `[${p}]`).join(' ')})`);
  }
  assert.deepEqual(frames[frames.length - 1], goal);

  for (const i of [1, 2]) {
    if (i > length) break;
    await page.locator(tid('step-forward')).click();
    await waitAttr(page, testid, attr, path[i], 5_000);
  }

  // The move list says each move in words, as this test describes it from the path.
  if (describe) {
    const items = await page.locator(`${tid('move-list')} li:not(.more)`).allInnerTexts();
    assert.equal(items.length, length, `the move list has ${items.length} moves, the solution ${length}`);
    for (let i = 0; i < length; i++) {
      const words = describe(path[i], path[i + 1]);
      assert.ok(items[i].replace(/\s+/g, ' ').includes(words), `move ${i + 1} reads '${items[i]}', not '${words}'`);
    }
  }
  return { path, frames: frames.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Independent truth: sliding puzzles and Tower of Hanoi solved here in JS, sharing no code with the app

/** A small seeded PRNG (mulberry32), so that generated instances are the same on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The default sliding goal 1..N-1 then the blank. */
export function defaultGoal(width, height) {
  const n = width * height;
  return [...Array.from({ length: n - 1 }, (_, i) => i + 1), 0];
}

/** The cells next to `cell` on a width x height board. */
export function neighbours(cell, width, height) {
  const x = cell % width;
  const y = Math.floor(cell / width);
  const out = [];
  if (y > 0) out.push(cell - width);
  if (y < height - 1) out.push(cell + width);
  if (x > 0) out.push(cell - 1);
  if (x < width - 1) out.push(cell + 1);
  return out;
}

/** True when `b` is `a` after one legal slide (the blank swapped with a neighbour). */
export function isSlide(a, b, width, height) {
  if (a.length !== b.length) return false;
  const blank = a.indexOf(0);
  const to = b.indexOf(0);
  if (!neighbours(blank, width, height).includes(to)) return false;
  return a.every((t, i) => (i === blank ? b[i] === a[to] : i === to ? b[i] === 0 : b[i] === t));
}

/** `start` after `k` random legal slides (never undoing the last one). */
export function scramble(goal, width, height, k, random) {
  const board = [...goal];
  let previous = -1;
  for (let i = 0; i < k; i++) {
    const blank = board.indexOf(0);
    const options = neighbours(blank, width, height).filter((c) => c !== previous);
    const cell = options[Math.floor(random() * options.length)];
    [board[blank], board[cell]] = [board[cell], board[blank]];
    previous = blank;
  }
  return board;
}

/**
 * Exhaustive BFS over a sliding board (up to 12 cells) from `from`. Returns the distance to `to` (null when `to`
 * is unreachable, i.e. the pair is unsolvable), or with `to` omitted, the depth of the whole space and its states
 * at that depth.
 */
export function slidingBfs(width, height, from, to = null) {
  const n = width * height;
  assert.ok(n <= 12, 'slidingBfs is for boards of at most 12 cells');
  const encode = (b) => b.reduce((key, t) => key * n + t, 0);
  const target = to ? encode(to) : -1;
  const start = encode(from);
  if (start === target) return { distance: 0 };
  const depthOf = new Map([[start, 0]]);
  let frontier = [start];
  let depth = 0;
  const board = new Array(n);
  while (frontier.length) {
    const next = [];
    for (const key of frontier) {
      let k = key;
      for (let i = n - 1; i >= 0; i--) { board[i] = k % n; k = Math.floor(k / n); }
      const blank = board.indexOf(0);
      for (const cell of neighbours(blank, width, height)) {
        board[blank] = board[cell]; board[cell] = 0;
        const child = encode(board);
        board[cell] = board[blank]; board[blank] = 0;
        if (depthOf.has(child)) continue;
        depthOf.set(child, depth + 1);
        if (child === target) return { distance: depth + 1 };
        next.push(child);
      }
    }
    if (!next.length) break;
    frontier = next;
    depth += 1;
  }
  if (to) return { distance: null, reachable: depthOf.size };
  const decode = (key) => {
    const b = new Array(n);
    for (let i = n - 1; i >= 0; i--) { b[i] = key % n; key = Math.floor(key / n); }
    return b;
  };
  return { depth, farthest: frontier.map(decode), reachable: depthOf.size };
}

/**
 * Optimal distance on any sliding board by IDA* with the Manhattan distance to an arbitrary goal (admissible,
 * so the result is the optimum). For instances too deep for the exhaustive BFS (4x4 and up).
 */
export function slidingIdaStar(width, height, start, goal, { maxNodes = 50_000_000 } = {}) {
  const n = width * height;
  const gx = new Int32Array(n);
  const gy = new Int32Array(n);
  goal.forEach((t, i) => { gx[t] = i % width; gy[t] = Math.floor(i / width); });
  const board = Int32Array.from(start);
  const adj = Array.from({ length: n }, (_, c) => neighbours(c, width, height));
  const dist = (t, cell) => Math.abs(gx[t] - (cell % width)) + Math.abs(gy[t] - Math.floor(cell / width));
  let h0 = 0;
  for (let i = 0; i < n; i++) if (board[i] !== 0) h0 += dist(board[i], i);
  const goalKey = goal.join(',');
  if (board.join(',') === goalKey) return { distance: 0, expanded: 0 };
  let nodes = 0;
  const FOUND = -1;
  // Returns FOUND, or the least f above the bound seen in this subtree.
  const search = (blank, previous, g, h, bound) => {
    const f = g + h;
    if (f > bound) return f;
    if (h === 0) return FOUND; // Manhattan 0 means every tile is home.
    nodes += 1;
    if (nodes > maxNodes) throw new Error(`slidingIdaStar: more than ${maxNodes} nodes`);
    let least = Infinity;
    for (const cell of adj[blank]) {
      if (cell === previous) continue;
      const tile = board[cell];
      const nh = h - dist(tile, cell) + dist(tile, blank);
      board[blank] = tile; board[cell] = 0;
      const r = search(cell, blank, g + 1, nh, bound);
      board[cell] = tile; board[blank] = 0;
      if (r === FOUND) return FOUND;
      if (r < least) least = r;
    }
    return least;
  };
  let bound = h0;
  for (;;) {
    const r = search(board.indexOf(0), -1, 0, h0, bound);
    if (r === FOUND) return { distance: bound, expanded: nodes };
    if (r === Infinity) return { distance: null, expanded: nodes };
    bound = r;
  }
}

/** "tile 5 slides left": the slide from `a` to `b` in words (the tile's direction, not the blank's). */
export function describeSlide(a, b, width) {
  const was = a.indexOf(0);
  const now = b.indexOf(0);
  const dir = { [-1]: 'left', 1: 'right', [-width]: 'up', [width]: 'down' }[was - now];
  return `tile ${a[now]} slides ${dir}`;
}

/** "disk 2: peg A -> C": the Hanoi move from `a` to `b` in words. */
export function describeHanoiMove(a, b) {
  const d = a.findIndex((p, i) => p !== b[i]);
  const letter = (p) => String.fromCharCode(65 + p);
  return `disk ${d}: peg ${letter(a[d])} -> ${letter(b[d])}`;
}

/** True when `b` is `a` after one legal Hanoi move (a top disk onto an empty peg or a larger disk). */
export function isHanoiMove(a, b) {
  if (a.length !== b.length) return false;
  const moved = a.map((p, d) => (p !== b[d] ? d : -1)).filter((d) => d >= 0);
  if (moved.length !== 1) return false;
  const [d] = moved;
  // Disk d must be the smallest on its peg before, and the smallest on its new peg after.
  for (let s = 0; s < d; s++) if (a[s] === a[d] || a[s] === b[d]) return false;
  return true;
}

/** Exhaustive BFS distance between two Hanoi states (`state[i]` the peg of disk i, disk 0 the smallest). */
export function hanoiBfs(pegs, start, goal) {
  const disks = start.length;
  const size = pegs ** disks;
  assert.ok(size <= 1 << 22, 'hanoiBfs is for small towers');
  const encode = (s) => s.reduceRight((key, p) => key * pegs + p, 0);
  const depth = new Int32Array(size).fill(-1);
  const target = encode(goal);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  queue[tail++] = encode(start);
  depth[queue[0]] = 0;
  const state = new Array(disks);
  const top = new Array(pegs);
  const weight = Array.from({ length: disks }, (_, i) => pegs ** i);
  while (head < tail) {
    const key = queue[head++];
    if (key === target) return depth[key];
    let k = key;
    for (let i = 0; i < disks; i++) { state[i] = k % pegs; k = Math.floor(k / pegs); }
    top.fill(disks);
    for (let i = disks - 1; i >= 0; i--) top[state[i]] = i;
    for (let from = 0; from < pegs; from++) {
      const d = top[from];
      if (d === disks) continue;
      for (let to = 0; to < pegs; to++) {
        if (to === from || top[to] < d) continue;
        const child = key + (to - from) * weight[d];
        if (depth[child] >= 0) continue;
        depth[child] = depth[key] + 1;
        queue[tail++] = child;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// What is on screen agrees with the data attributes

/**
 * Waits until every tile-N sits where `data-tiles` says (columns left to right, rows top to bottom, aligned),
 * which also waits out slide transitions. Fails naming the disagreement.
 */
/** How many states lie at each distance from `start` on 3 pegs: an independent JS BFS. */
export function hanoiLayers(start) {
  const disks = start.length;
  const seen = new Map([[start.join(), 0]]);
  let frontier = [start];
  const sizes = [1];
  while (frontier.length) {
    const next = [];
    for (const s of frontier) {
      for (let from = 0; from < 3; from += 1) {
        const d = s.indexOf(from);
        if (d < 0) continue;
        for (let to = 0; to < 3; to += 1) {
          const top = s.indexOf(to);
          if (to === from || (top >= 0 && top < d)) continue;
          const child = s.map((p, i) => (i === d ? to : p));
          if (!seen.has(child.join())) { seen.set(child.join(), sizes.length); next.push(child); }
        }
      }
    }
    if (next.length) sizes.push(next.length);
    frontier = next;
  }
  assert.equal(seen.size, 3 ** disks);
  return sizes;
}

export async function waitBoardLayout(page, timeout = WAIT_MS) {
  const problem = `(${layoutProblem})(${JSON.stringify(tid('board'))})`;
  try {
    await page.waitForFunction(`${problem} === ''`, null, { timeout, polling: 'raf' });
  } catch {
    throw new Error(`the tiles on screen do not match data-tiles: ${await page.evaluate(problem)}`);
  }
}

/** Runs in the page: '' when every tile-N is placed as data-tiles says, else what is wrong. */
function layoutProblem(sel) {
  const board = document.querySelector(sel);
  if (!board) return 'no board';
  const [w] = (board.getAttribute('data-size') ?? '').split('x').map(Number);
  const tiles = (board.getAttribute('data-tiles') ?? '').split(',').map(Number);
  const pos = [];
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === 0) continue;
    const el = board.querySelector(`[data-testid="tile-${tiles[i]}"]`);
    if (!el) return `tile-${tiles[i]} is missing`;
    const r = el.getBoundingClientRect();
    pos.push({ tile: tiles[i], col: i % w, row: Math.floor(i / w), x: r.x + r.width / 2, y: r.y + r.height / 2 });
  }
  const tol = 2;
  for (const a of pos) {
    for (const b of pos) {
      const xOk = a.col === b.col ? Math.abs(a.x - b.x) <= tol : (a.col < b.col) === (a.x < b.x);
      const yOk = a.row === b.row ? Math.abs(a.y - b.y) <= tol : (a.row < b.row) === (a.y < b.y);
      if (!xOk || !yOk) {
        return `tile-${a.tile} (cell ${a.row},${a.col}) and tile-${b.tile} (cell ${b.row},${b.col}) are out of place`;
      }
    }
  }
  return '';
}

/** The centre of board cell `index` on screen, found from the tiles sharing its row and its column. */
export async function cellCentre(page, index) {
  const { width } = await boardSize(page);
  const tiles = await boardTiles(page);
  const row = Math.floor(index / width);
  const col = index % width;
  let x = null;
  let y = null;
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === 0) continue;
    const c = await centre(page.locator(tid(`tile-${tiles[i]}`)));
    if (i % width === col) x = c.x;
    if (Math.floor(i / width) === row) y = c.y;
  }
  assert.ok(x !== null && y !== null, `cell ${index} shares no row or column with a tile`);
  return { x, y };
}

/** Waits until disk-D is drawn over peg-K for every disk (after a move, a drag or an animation). */
export async function waitPegsLayout(page, timeout = WAIT_MS) {
  const problem = `(${pegsProblem})(${JSON.stringify(tid('pegs'))})`;
  try {
    // Settled means matching data-state AND no transition still running in the pegs view: a disk sliding down after
    // the one under it left is over the right peg already, but a drag aimed at its centre mid-slide can miss it.
    const view = `document.querySelector(${JSON.stringify(tid('pegs'))})`;
    const settled = `${problem} === '' && ${view}.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')`;
    await page.waitForFunction(settled, null, { timeout, polling: 'raf' });
  } catch {
    throw new Error(`the disks on screen do not match data-state: ${await page.evaluate(problem)}`);
  }
}

/** Runs in the page: '' when each disk is over its peg and stacked by size, else what is wrong. */
function pegsProblem(sel) {
  const view = document.querySelector(sel);
  if (!view) return 'no pegs view';
  const state = (view.getAttribute('data-state') ?? '').split(',').map(Number);
  const box = (id) => view.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
  for (let d = 0; d < state.length; d++) {
    const disk = box(`disk-${d}`);
    const peg = box(`peg-${state[d]}`);
    if (!disk) return `disk-${d} is missing`;
    if (!peg) return `peg-${state[d]} is missing`;
    const dx = Math.abs(disk.x + disk.width / 2 - (peg.x + peg.width / 2));
    if (dx > Math.max(peg.width / 2, 4)) return `disk-${d} is not over peg-${state[d]}`;
    for (let s = 0; s < d; s++) {
      // A smaller disk on the same peg lies above a larger one.
      if (state[s] === state[d] && !(box(`disk-${s}`).y < disk.y)) return `disk-${s} is not above disk-${d}`;
    }
  }
  return '';
}

// ---------------------------------------------------------------------------------------------------------------
// CPU use of the browser (Linux /proc), to see whether a search really stopped rather than just the status

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (ms) used so far by every process this test process started (the browser and its renderers and
 * workers), or null where /proc is not available.
 */
export function childCpuMs() {
  let entries;
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const stats = new Map();
  for (const pid of entries) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at the state, field 3.
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, st] of stats) {
      if (!mine.has(pid) && mine.has(st.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of mine) if (pid !== process.pid) ticks += stats.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / USER_HZ;
}

/**
 * Samples the browser's CPU use in windows of `windowMs` from now until a window uses less than `quietShare` of one
 * core, or `maxMs` passes. Returns the end of the first quiet window (ms from the call), or null if none was quiet,
 * with the samples.
 */
export async function timeUntilQuiet({ windowMs = 250, quietShare = 0.25, maxMs = 4_000 } = {}) {
  const t0 = Date.now();
  let last = childCpuMs();
  const samples = [];
  if (last === null) return { quietAt: null, samples, unsupported: true };
  while (Date.now() - t0 < maxMs) {
    await new Promise((done) => setTimeout(done, windowMs));
    const now = childCpuMs();
    const at = Date.now() - t0;
    samples.push({ at, share: (now - last) / windowMs });
    last = now;
    if (samples[samples.length - 1].share < quietShare) return { quietAt: at, samples };
  }
  return { quietAt: null, samples };
}
