// Measurement, not a test (node --test does not pick it up): where the browser's memory goes, per Chromium process
// type and per worker's WebAssembly memory, for one or more builds in one run. For each build, in a fresh browser:
//   blank  - an about:blank page (Chromium's own share);
//   idle   - the app with Korf #1 loaded, the solver worker ready, empty IndexedDB;
//   build  - Solve: the first build of the 15-puzzle's pattern databases and the search (peak, then settled 2 s later);
//   same   - N shuffled boards solved in that same page and worker, as a person would (peak, settled);
//   korf   - Korf #2..#(1+N), a fresh page (and worker) each in the same tab, tables from IndexedDB (peak, settled);
//   tabs   - the same instances, each in a new tab with the previous one closed (peak, settled);
//   hanoi  - BFS over 4 pegs and 12 disks in a fresh context (peak, settled).
// With --boards, instead of build..hanoi: the page's own choices on boards of every size (issue 10), each in a fresh
// context opened by a link naming only the size (a shuffled board) and solved with what the page picked:
//   staged8 - 8x8, the staged solver and its improvement (peak, settled);
//   pdb4    - 4x4, IDA* with the pattern databases: their first build (empty IndexedDB) and the search (peak, settled).
// PSS is summed over every process the browser started (shared pages split between their users), sampled every
// 100 ms. Each worker's linear memory is read from the worker itself: the build is copied to a temporary folder whose
// worker-boot.js keeps the wasm exports in `self.__e2eWasm`, stamped again as a release of its own so that the service
// worker installs (the app's own files are untouched). A busy worker cannot
// answer, so its last reading stands (a worker's memory only grows; sizes shown are the largest seen). The page's
// own wasm memory (Trunk's `TrunkApplicationStarted` event hands over its exports) and JS heap are read at the same
// times.
//
// With --gc, the browser runs with `--js-flags=--expose-gc` and each "settled" reading is followed by one taken after
// a forced collection in the page and every worker: what is live, as against garbage Chromium collects when it
// chooses to (an idle page or worker may not collect for a long time, and each navigation leaves the old document's
// garbage behind: even a static page grows the browser by ~5 MiB a navigation in this harness).
//
//   node tests/e2e/pdb-mem-measure.mjs [--korf N] [--no-hanoi] [--gc] DIST [DIST ...]   (DIST relative to the repo root)
//   node tests/e2e/pdb-mem-measure.mjs --boards [--gc] DIST [DIST ...]
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, launchBrowser, messageText, startServer, tid, waitStatus } from './helpers.mjs';
import { browserMemory, korfInstances, korfQuery, memoryByType } from './pdb-helpers.mjs';
import { stampRelease } from '../../scripts/stamp-release.mjs';

const args = process.argv.slice(2);
const korfAt = args.indexOf('--korf');
const korfCount = korfAt >= 0 ? Number(args[korfAt + 1]) : 15;
const hanoi = !args.includes('--no-hanoi');
const forceGc = args.includes('--gc');
const boards = args.includes('--boards');
const dists = args.filter((a, i) => !a.startsWith('--') && (korfAt < 0 || i !== korfAt + 1));
if (dists.length === 0) dists.push(process.env.E2E_DIST ?? 'dist');

const BOOT_CALL = 'wasm_bindgen({ module_or_path: "./worker_bg.wasm" + suffix })';
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);

/** A copy of `dist` whose worker keeps its wasm exports where `worker.evaluate` can read them. */
function instrumented(dist) {
  const dir = mkdtempSync(join(tmpdir(), 'pdb-mem-'));
  cpSync(resolve(ROOT, dist), dir, { recursive: true });
  const boot = join(dir, 'worker-boot.js');
  const text = readFileSync(boot, 'utf8');
  if (!text.includes(BOOT_CALL)) throw new Error(`${dist}/worker-boot.js no longer calls ${BOOT_CALL}`);
  writeFileSync(boot, text.replace(BOOT_CALL, `${BOOT_CALL}.then(function (w) { self.__e2eWasm = w; return w; })`));
  // Stamped again as one release: with the old file hashes the service worker's install fails, and every new tab
  // starts another one, each left running in a renderer of its own (one more closed tab's renderer per tab).
  stampRelease(dir);
  return dir;
}

/** Samples the browser's PSS and the workers' wasm memory until stopped; keeps the peak and what made it up. */
function sampler(page) {
  const wasm = new Map();
  let serial = 0;
  const ids = new WeakMap();
  const peak = { pss: 0, detail: '', wasm: '' };
  const wasmText = () => [...wasm.values()].map((w) => `${w.name} ${mib(w.bytes)}`).join(', ') || 'none read';
  const tick = () => {
    for (const worker of page.workers()) {
      if (!ids.has(worker)) ids.set(worker, ++serial);
      const id = ids.get(worker);
      // Not awaited: a busy worker answers when it yields.
      worker.evaluate(() => self.__e2eWasm?.memory?.buffer?.byteLength ?? null).then((bytes) => {
        if (bytes !== null) {
          const name = `worker${id}${/BuildGroup|helper/.test(worker.url()) ? ' helper' : ''}`;
          wasm.set(id, { name, bytes: Math.max(bytes, wasm.get(id)?.bytes ?? 0) });
        }
      }, () => {});
    }
    const m = browserMemory();
    if (m && m.pssMiB > peak.pss) Object.assign(peak, { pss: m.pssMiB, detail: memoryByType(m), wasm: wasmText() });
  };
  const timer = setInterval(tick, 100);
  tick();
  return {
    stop() { clearInterval(timer); return { ...peak, wasmAll: wasmText(), workers: serial }; },
  };
}

/** The page's own wasm memory and JS heap, as text. */
async function pageText(page) {
  const p = await page.evaluate(() => ({
    wasm: window.__e2eAppWasm?.memory?.buffer?.byteLength ?? null,
    heap: performance.memory?.usedJSHeapSize ?? null,
  })).catch(() => ({}));
  return `page wasm ${p.wasm == null ? '?' : mib(p.wasm)} MiB, page JS heap ${p.heap == null ? '?' : mib(p.heap)} MiB`;
}

async function settled(page, ms = 2_000) {
  await sleep(ms);
  const m = browserMemory();
  const sizes = await Promise.all(page.workers().map((w) => Promise.race([
    w.evaluate(() => self.__e2eWasm?.memory?.buffer?.byteLength ?? null).catch(() => null),
    sleep(1_000).then(() => null),
  ])));
  const wasm = sizes.filter((s) => s !== null).map(mib).join(', ') || 'none';
  return { pss: m.pssMiB, detail: memoryByType(m), wasm: `${wasm}; ${await pageText(page)}` };
}

/** With --gc: the memory after a forced collection in the page and each of its workers (else null). */
async function collected(page) {
  if (!forceGc) return null;
  await page.evaluate(() => gc());
  await Promise.all(page.workers().map((w) => Promise.race([w.evaluate(() => gc()).catch(() => {}), sleep(1_000)])));
  return settled(page, 500);
}

const line = (label, x) => process.stdout.write(`  ${label.padEnd(28)} PSS ${x.pss.toFixed(0).padStart(4)} MiB`
  + ` (${x.detail}); worker wasm MiB: ${x.wasm}${x.wasmAll && x.wasmAll !== x.wasm ? ` [all seen: ${x.wasmAll}]` : ''}\n`);

const results = [];
for (const dist of dists) {
  const dir = instrumented(dist);
  const { server, appUrl } = await startServer(dir);
  const browser = await launchBrowser(forceGc ? ['--js-flags=--expose-gc'] : []);
  const open = async (page, query) => {
    await page.goto(`${appUrl}?${query}`, { waitUntil: 'load' });
    await page.waitForSelector(`${tid('solve')}:not([disabled])`);
  };
  const freshContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => {
      window.__e2eAppWasm = e.detail.wasm;
    }));
    return { context, page: await context.newPage() };
  };
  const r = { dist };
  try {
    process.stdout.write(`${dist}\n`);
    let { context, page } = await freshContext();
    await page.goto('about:blank');
    r.blank = await settled(page);
    line('about:blank', r.blank);
    await context.close();

    if (boards) {
      for (const [label, size] of [['staged8', '8x8'], ['pdb4', '4x4']]) {
        ({ context, page } = await freshContext());
        await open(page, `puzzle=sliding&size=${size}`);
        const algorithm = await page.locator(tid('algorithm')).inputValue();
        r[`${label}Idle`] = await settled(page);
        line(`${size} page idle (${algorithm})`, r[`${label}Idle`]);
        const sampled = sampler(page);
        const t0 = Date.now();
        await page.locator(tid('solve')).click();
        const end = await waitStatus(page, ['solved', 'limit', 'error', 'cancelled'], 120_000).catch((e) => e.message);
        r[label] = sampled.stop();
        line(`${size} ${algorithm} (${end}, ${((Date.now() - t0) / 1000).toFixed(1)} s): peak`, r[label]);
        process.stdout.write(`    message: ${await messageText(page)}\n`);
        r[`${label}Settled`] = await settled(page);
        line('  settled 2 s later', r[`${label}Settled`]);
        r[`${label}Gc`] = await collected(page);
        if (r[`${label}Gc`]) line('  after a forced collection', r[`${label}Gc`]);
        await context.close();
      }
      results.push(r);
      continue;
    }

    ({ context, page } = await freshContext());
    const instances = korfInstances();
    await open(page, korfQuery(instances[0]));
    r.idle = await settled(page);
    line('app idle (Korf #1 loaded)', r.idle);
    let s = sampler(page);
    await page.locator(tid('solve')).click();
    await waitStatus(page, 'solved', 120_000);
    r.build = s.stop();
    line('first build + solve: peak', r.build);
    process.stdout.write(`    message: ${await messageText(page)}\n`);
    r.buildSettled = await settled(page);
    line('  settled 2 s later', r.buildSettled);
    r.buildGc = await collected(page);
    if (r.buildGc) line('  after a forced collection', r.buildGc);
    process.stdout.write(`    solver retirements: ${await page.evaluate(() => document.documentElement.dataset.solverRetired ?? 'n/a')}\n`);

    let peak = { pss: 0 };
    let solved = 0;
    for (let i = 0; i < korfCount; i++) {
      await page.locator(tid('shuffle')).click();
      s = sampler(page);
      await page.locator(tid('solve')).click();
      // A hard shuffle may take long: a limit is as good as a solve for where the memory is.
      if ((await waitStatus(page, ['solved', 'limit'], 60_000)) === 'solved') solved += 1;
      const p = s.stop();
      if (p.pss > peak.pss) peak = p;
    }
    r.same = peak;
    line(`${korfCount} shuffles, same page: peak`, r.same);
    process.stdout.write(`    ${solved} of ${korfCount} solved; message: ${await messageText(page)}\n`);
    r.sameSettled = await settled(page);
    line('  settled 2 s later', r.sameSettled);
    r.sameGc = await collected(page);
    if (r.sameGc) line('  after a forced collection', r.sameGc);

    // Korf #2.. solved in `page`, each opened by `before` (with the memory sampled from then on); the highest sample.
    const solveEach = async (before) => {
      let highest = { pss: 0 };
      for (const inst of instances.slice(1, 1 + korfCount)) {
        const sampled = await before(inst);
        await page.locator(tid('solve')).click();
        await waitStatus(page, 'solved', 60_000);
        const p = sampled.stop();
        if (p.pss > highest.pss) highest = p;
      }
      return highest;
    };
    r.korf = await solveEach(async (inst) => {
      await open(page, korfQuery(inst));
      return sampler(page);
    });
    line(`Korf #2..#${1 + korfCount}: peak`, r.korf);
    r.korfSettled = await settled(page);
    line('  settled 2 s later', r.korfSettled);
    r.korfGc = await collected(page);
    if (r.korfGc) line('  after a forced collection', r.korfGc);

    // The same instances, each opened in a new tab as a shared link would be, the previous tab closed.
    r.tabs = await solveEach(async (inst) => {
      const next = await context.newPage();
      await page.close();
      page = next;
      const sampled = sampler(page);
      await open(page, korfQuery(inst));
      return sampled;
    });
    line(`the same, a new tab each: peak`, r.tabs);
    r.tabsSettled = await settled(page);
    line('  settled 2 s later', r.tabsSettled);
    await context.close();

    if (hanoi) {
      ({ context, page } = await freshContext());
      const disks = 12;
      await open(page, `puzzle=hanoi&pegs=4&disks=${disks}&start=${Array(disks).fill(0)}&goal=${Array(disks).fill(3)}&algo=bfs`);
      r.hanoiIdle = await settled(page);
      line('Hanoi 4x12 page idle', r.hanoiIdle);
      s = sampler(page);
      const t0 = Date.now();
      await page.locator(tid('solve')).click();
      const end = await waitStatus(page, ['solved', 'limit', 'error', 'cancelled'], 300_000).catch((e) => e.message);
      r.hanoi = s.stop();
      line(`Hanoi BFS (${end}, ${((Date.now() - t0) / 1000).toFixed(1)} s): peak`, r.hanoi);
      r.hanoiSettled = await settled(page);
      line('  settled 2 s later', r.hanoiSettled);
    r.hanoiGc = await collected(page);
    if (r.hanoiGc) line('  after a forced collection', r.hanoiGc);
      process.stdout.write(`    solver retirements: ${await page.evaluate(() => document.documentElement.dataset.solverRetired ?? 'n/a')}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  results.push(r);
}

process.stdout.write('\nsummary (PSS MiB, whole browser)\n');
const cols = boards
  ? ['blank', 'staged8Idle', 'staged8', 'staged8Settled', 'pdb4Idle', 'pdb4', 'pdb4Settled',
    ...(forceGc ? ['staged8Gc', 'pdb4Gc'] : [])]
  : ['blank', 'idle', 'build', 'buildSettled', 'same', 'sameSettled', 'korf', 'korfSettled', 'tabs', 'tabsSettled',
    'hanoiIdle', 'hanoi',
    'hanoiSettled', ...(forceGc ? ['buildGc', 'sameGc', 'korfGc', 'hanoiGc'] : [])];
process.stdout.write(`${'dist'.padEnd(20)}${cols.map((c) => c.padStart(13)).join('')}\n`);
for (const r of results) {
  process.stdout.write(`${r.dist.padEnd(20)}${cols.map((c) => (r[c] ? r[c].pss.toFixed(0) : '-').padStart(13)).join('')}\n`);
}
process.stdout.write('the app\'s own share (the same minus about:blank)\n');
for (const r of results) {
  process.stdout.write(`${r.dist.padEnd(20)}${cols.map((c) => (r[c] ? (r[c].pss - r.blank.pss).toFixed(0) : '-').padStart(13)).join('')}\n`);
}
