// Helpers of the offline tests (offline.test.mjs, offline-release.test.mjs): the service worker's control of the
// page, what the page sees of it, going offline, and releases made from copies of the build and served from a
// folder that can be swapped the way a deploy does.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after } from 'node:test';
import { chromium } from 'playwright-core';
import { stampRelease } from '../../scripts/stamp-release.mjs';
import {
  ROOT, defaultGoal, requireBuild, rng, scramble, slidingBfs, solutionLength, tid, waitStatus,
} from './helpers.mjs';
import { serve } from './serve.mjs';

const goal = defaultGoal(3, 3);
const start = scramble(goal, 3, 3, 60, rng(12));
const { distance } = slidingBfs(3, 3, start, goal);
/** An 8-puzzle whose optimum (`EIGHT_OPTIMUM`) the exhaustive BFS here gives. */
export const EIGHT = `puzzle=sliding&size=3x3&start=${start}&goal=${goal}&algo=astar&heuristic=manhattan`;
export const EIGHT_OPTIMUM = distance;

/** Waits until a service worker controls the page and has finished activating (its cache is complete then). */
export async function waitControlled(page, timeout = 30_000) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout })
    .catch(() => assert.fail('no service worker took control of the page'));
}

/** What the page sees of the offline machinery: its release mark, the caches, the controller, the scope. */
export async function offlineState(page) {
  return page.evaluate(async () => ({
    release: document.documentElement.dataset.release ?? null,
    caches: (await caches.keys()).sort(),
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    scope: (await navigator.serviceWorker.getRegistration())?.scope ?? null,
  }));
}

/** Solves the 8-puzzle on the page (opened at EIGHT) and checks the optimum. */
export async function solveEight(page) {
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  assert.equal(await solutionLength(page), EIGHT_OPTIMUM, 'not the optimum of the 8-puzzle');
}

/**
 * Records every response the page and its workers get from now on, and whether the service worker gave it. A `blob:`
 * URL is left out: it names the page's own memory, never the network (the solver worker reads a solve's cancel token
 * at one, src/worker/scope.rs, and a long enough search does so while the test records).
 */
export function recordResponses(page) {
  const seen = [];
  page.on('response', (r) => {
    if (!r.url().startsWith('blob:')) seen.push({ url: r.url(), fromCache: r.fromServiceWorker() });
  });
  return seen;
}

/** Goes offline and opens `url`; fails unless the page becomes interactive from the cache alone. */
export async function openOffline(s, url) {
  await s.context.setOffline(true);
  await s.page.goto(url, { waitUntil: 'load' });
  await s.waitInteractive();
}

/** Opens `url` (another server's) in the session's page and waits until the app is interactive. */
export async function openAt(s, url) {
  await s.page.goto(url, { waitUntil: 'load' });
  await s.waitInteractive();
}

/** Starts the app's static server for `dir` under `base` on a free port. */
export async function startAt(dir, base) {
  requireBuild(dir);
  const server = await serve(resolve(ROOT, dir), 0, base);
  return { server, appUrl: `http://127.0.0.1:${server.address().port}${base}` };
}

// Releases made by the tests (copies of the build), removed at the end.
let scratch = null;
function scratchDir() {
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), 'puzzle-lab-offline-'));
    after(() => rmSync(scratch, { recursive: true, force: true }));
  }
  return scratch;
}

/**
 * A copy of the build (E2E_DIST or dist/) as release `name`: `change(dir)` edits it, then it is stamped again (a new
 * id and file list, as a rebuild after a change gets) unless `stamp` is false. Returns its folder and release id.
 */
export function release(name, change = () => {}, { stamp = true } = {}) {
  const dir = join(scratchDir(), name);
  cpSync(resolve(requireBuild(process.env.E2E_DIST ?? 'dist'), '..'), dir, { recursive: true });
  change(dir);
  return { dir, id: stamp ? stampRelease(dir).release : null };
}

/** A site whose served folder is swapped in one step (a symbolic link renamed over it), as a deploy does. */
export function servedAs(dir) {
  const link = join(scratchDir(), `site-${Math.random().toString(36).slice(2)}`);
  symlinkSync(dir, link);
  return {
    link,
    swap(next) {
      symlinkSync(next, `${link}.next`);
      renameSync(`${link}.next`, link);
    },
  };
}

/**
 * Chromium with a profile on disk (a fresh one in the scratch folder): unlike the tests' usual contexts, which are
 * like incognito windows, it can install apps, so it can say whether the page is installable.
 */
export async function launchProfile() {
  return chromium.launchPersistentContext(mkdtempSync(join(scratchDir(), 'profile-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
}
