// Helpers of the pattern-database e2e test and of the measurement script (pdb.test.mjs, pdb-measure.mjs): Korf's
// instances, watching the build progress, the worker's IndexedDB entries, timings and the browser's memory.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, statusLog, tid, waitStatus, watchStatus } from './helpers.mjs';

/** Korf's instances: id, optimal length, tiles for the goal 1..15,0. */
export function korfInstances(path = process.env.KORF100 ?? resolve(ROOT, 'solver/data/korf100.tsv')) {
  return readFileSync(path, 'utf8').split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [id, length, , blankLast] = line.split('\t');
      return { id: Number(id), length: Number(length), tiles: blankLast.trim() };
    });
}

export const GOAL = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0';
export const korfQuery = (inst) => `puzzle=sliding&size=4x4&start=${inst.tiles}&goal=${GOAL}&algo=idastar&heuristic=pdb`;

/** Records, in the page, whether the build progress bar ever shows and the fractions it shows. */
export async function watchBuild(page) {
  await page.evaluate((sel) => {
    const seen = { fractions: [], texts: [] };
    window.__e2eBuild = seen;
    window.__e2eSearchLines = [];
    const look = () => {
      const bar = document.querySelector(sel);
      if (bar) {
        const value = Number(bar.getAttribute('value'));
        if (seen.fractions[seen.fractions.length - 1] !== value) seen.fractions.push(value);
      }
      const detail = document.querySelector('[data-testid="progress"]')?.textContent ?? '';
      if (/pattern databases/i.test(detail) && seen.texts[seen.texts.length - 1] !== detail) seen.texts.push(detail);
      if (/searching for the shortest/i.test(detail) && !window.__e2eSearchLines.includes(detail)) {
        window.__e2eSearchLines.push(detail);
      }
    };
    new MutationObserver(look).observe(document, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
    look();
  }, tid('build-progress'));
}

export async function buildSeen(page) {
  return page.evaluate(() => window.__e2eBuild);
}

/** The progress lines of a search for the shortest the page showed since `watchBuild`. */
export async function searchLinesSeen(page) {
  return page.evaluate(() => window.__e2eSearchLines);
}

/** The IndexedDB keys the worker stored its tables under (read from the page: same origin, same database). */
export async function storedKeys(page) {
  return page.evaluate(() => new Promise((done) => {
    const open = indexedDB.open('puzzle-lab');
    open.onerror = () => done([]);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('pattern-databases')) {
        db.close();
        done([]);
        return;
      }
      const req = db.transaction('pattern-databases').objectStore('pattern-databases').getAllKeys();
      req.onsuccess = () => { db.close(); done(req.result.map(String)); };
      req.onerror = () => { db.close(); done([]); };
    };
  }));
}

/** The solver's own time from the statistics table, in ms. */
export async function solverMs(page) {
  const text = (await page.locator(`${tid('stats')} [data-stat="time"] td`).innerText()).trim();
  const m = /^([\d.]+)\s*(ms|s)$/.exec(text);
  assert.ok(m, `the statistics' time '${text}' is not "N ms" or "N s"`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

/** Clicks Solve and waits for `solved`; returns the click-to-solved time measured in the page. */
export async function solveTimed(page, timeout = 60_000) {
  await watchStatus(page);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', timeout);
  const { statuses, clicks } = await statusLog(page);
  const click = clicks.find((c) => c.id === 'solve');
  const solved = statuses.find((e) => e.status === 'solved');
  assert.ok(click && solved, 'no Solve click or solved status recorded');
  return solved.at - click.at;
}

/**
 * Memory of every process this test process started (the browser, its renderers, GPU and utility processes), from
 * /proc: PSS (shared pages split between their users, so sums are not inflated) in all and per Chromium process type
 * (`renderer` holds the page and its worker), and the largest RSS. Also the private dirty memory (`Private_Dirty`:
 * pages this process wrote and no other maps, its heaps and WebAssembly memories) in all and per renderer. PSS counts
 * a share of Chromium's own code and data files, and that share moves with the other Chromium processes on the machine
 * (another browser, another test run) that map the same files: by tens of MiB in all. So do `Private_Clean` pages (a
 * file page mapped by one process only is private). Private dirty memory is what this browser alone holds.
 */
export function browserMemory() {
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  } catch {
    return null;
  }
  const parent = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while we looked.
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!mine.has(pid) && mine.has(ppid)) { mine.add(pid); grew = true; }
    }
  }
  mine.delete(process.pid);
  let pssKiB = 0;
  let privateKiB = 0;
  let maxRssKiB = 0;
  const byType = {};
  const renderers = [];
  const rendererPrivate = [];
  for (const pid of mine) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const pss = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const rss = Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const own = Number(/^Private_Dirty:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
      pssKiB += pss;
      privateKiB += own;
      maxRssKiB = Math.max(maxRssKiB, rss);
      byType[type] = (byType[type] ?? 0) + pss / 1024;
      if (type === 'renderer') {
        renderers.push(pss / 1024);
        rendererPrivate.push(own / 1024);
      }
    } catch {
      // Gone, or not readable.
    }
  }
  renderers.sort((a, b) => b - a);
  rendererPrivate.sort((a, b) => b - a);
  return {
    processes: mine.size, pssMiB: pssKiB / 1024, privateMiB: privateKiB / 1024, maxRssMiB: maxRssKiB / 1024, byType,
    renderers, rendererPrivate,
  };
}

/**
 * `renderer 250 (150+80+20), browser 120, ...; private dirty 330 (renderers 110+40+6)` (MiB of PSS per process type, each
 * renderer's in brackets; then the private dirty memory in all and per renderer, where it was read).
 */
export function memoryByType(mem) {
  return Object.entries(mem.byType).sort((a, b) => b[1] - a[1]).map(([t, m]) => `${t} ${m.toFixed(0)}`
    + (t === 'renderer' && mem.renderers?.length > 1 ? ` (${mem.renderers.map((r) => r.toFixed(0)).join('+')})` : ''))
    .join(', ')
    + (mem.privateMiB ? `; private dirty ${mem.privateMiB.toFixed(0)} (renderers ${mem.rendererPrivate.map((r) => r.toFixed(0)).join('+')})` : '');
}

/**
 * Runs `run` while sampling the browser's memory every `everyMs`; returns the highest reading as text,
 * `N MiB (by type)`, or `? MiB` where /proc cannot be read.
 */
export async function memoryPeakDuring(run, everyMs = 250) {
  let peak = null;
  const timer = setInterval(() => {
    const m = browserMemory();
    if (m && (!peak || m.pssMiB > peak.pssMiB)) peak = m;
  }, everyMs);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return peak ? `${peak.pssMiB.toFixed(0)} MiB (${memoryByType(peak)})` : '? MiB';
}
