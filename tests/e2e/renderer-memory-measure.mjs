// Measurement, not a test (node --test does not pick it up): where the page's renderer holds its memory while the 5x5
// tables build in the background of a first 5x5 solve (fresh profile), by Chromium's own accounting. Every 5 s it
// prints the renderer's private dirty memory (see `browserMemory`) and its memory-infra allocators (a tracing memory dump:
// `blink_gc/main` is the page thread's Blink heap, DOM, style and layout objects; `malloc`; `v8`; `partition_alloc`,
// ArrayBuffers among them; `cc`, the compositor's tiles; the worker's WebAssembly memory is in none of them, only in
// the private figure). Then a forced collection of the page (DevTools' `HeapProfiler.collectGarbage`) and the same
// again: what that frees was garbage the page had not collected by itself.
//
// With --drop-build-progress (a probe, not the app) the page never hears the build's progress (an init script drops
// those worker messages): the tables build the same, the page does not render their progress; 35 s are reported.
//
// With --steps N, the playback instead: once the first solve has answered and its solution plays (at the page's
// speed), the growth of `blink_gc/main` over its next N steps, per step (a collection in between would hide some:
// compare several runs, A/B alternated). --query Q opens `?Q` instead of a 5x5 board (e.g. with `&algo=weighted`,
// no build of the tables beside the playback); --css RULES adds a style sheet after the answer (a probe: e.g. a
// part of the page hidden, to see its share).
//
//   bash scripts/build.sh && node tests/e2e/renderer-memory-measure.mjs [--drop-build-progress]
//     [--steps N [--query Q] [--css RULES]]   (E2E_DIST: another folder)
import { launchBrowser, startServer, tid, waitStatus } from './helpers.mjs';
import { browserMemory } from './pdb-helpers.mjs';

const drop = process.argv.includes('--drop-build-progress');
const option = (name) => { const i = process.argv.indexOf(name); return i < 0 ? undefined : process.argv[i + 1]; };
const steps = Number(option('--steps') ?? 0);
const { server, appUrl } = await startServer(process.env.E2E_DIST ?? 'dist');
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const tracing = await browser.newBrowserCDPSession();

if (drop) {
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = function Worker(url, options) {
      const worker = new Real(url, options);
      let handler = null;
      worker.addEventListener('message', (event) => {
        const text = typeof event.data === 'string' ? event.data : '';
        if (text.includes('"Building"') && !text.includes('"fraction":1')) return;
        handler?.call(worker, event);
      });
      Object.defineProperty(worker, 'onmessage', { set(f) { handler = f; }, get() { return handler; } });
      return worker;
    };
    window.Worker.prototype = Real.prototype;
  });
}

/** One memory-infra dump: MiB per allocator of the process with the most private memory (the page's renderer). */
async function allocators() {
  const events = [];
  const collect = (e) => { events.push(...e.value); };
  tracing.on('Tracing.dataCollected', collect);
  const complete = new Promise((done) => { tracing.once('Tracing.tracingComplete', done); });
  await tracing.send('Tracing.start', {
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], memoryDumpConfig: { triggers: [] } },
    transferMode: 'ReportEvents',
  });
  await tracing.send('Tracing.requestMemoryDump', { levelOfDetail: 'background' });
  await tracing.send('Tracing.end');
  await complete;
  tracing.off('Tracing.dataCollected', collect);
  const byPid = {};
  for (const { ph, pid, args } of events) {
    if (ph !== 'v' || !args?.dumps) continue;
    const sizes = byPid[pid] ??= {};
    const footprint = args.dumps.process_totals?.private_footprint_bytes;
    if (footprint) sizes.footprint = parseInt(footprint, 16) / 2 ** 20;
    for (const [name, node] of Object.entries(args.dumps.allocators ?? {})) {
      const size = node.attrs?.size?.value;
      if (size && ['blink_gc/main', 'malloc', 'v8', 'partition_alloc', 'cc'].includes(name)) {
        sizes[name] = parseInt(size, 16) / 2 ** 20;
      }
    }
  }
  return Object.values(byPid).sort((a, b) => (b.footprint ?? 0) - (a.footprint ?? 0))[0] ?? {};
}

async function report(label) {
  const sizes = await allocators();
  const m = browserMemory();
  const parts = Object.entries(sizes).filter(([k]) => k !== 'footprint').map(([k, v]) => `${k} ${v.toFixed(1)}`);
  process.stdout.write(`${label}: page renderer private dirty ${m.rendererPrivate[0].toFixed(0)} MiB (${parts.join(', ')});`
    + ` browser PSS ${m.pssMiB.toFixed(0)} MiB, private dirty ${m.privateMiB.toFixed(0)}\n`);
}

try {
  await page.goto(`${appUrl}?${option('--query') ?? 'puzzle=sliding&size=5x5'}`, { waitUntil: 'load' });
  await page.waitForSelector(`${tid('solve')}:not([disabled])`);
  await report('5x5 board, idle');
  const t0 = Date.now();
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 60_000);
  await report('first solve answered');
  if (steps > 0) {
    if (option('--css')) await page.addStyleTag({ content: option('--css') });
    const step = async () => Number(await page.locator(tid('player')).getAttribute('data-step'));
    const [s0, g0, t1] = [await step(), (await allocators())['blink_gc/main'], Date.now()];
    while ((await step()) < s0 + steps && Date.now() - t1 < 120_000) await page.waitForTimeout(200);
    const [s1, g1] = [await step(), (await allocators())['blink_gc/main']];
    process.stdout.write(`playback steps ${s0} -> ${s1} in ${((Date.now() - t1) / 1000).toFixed(1)} s: blink_gc/main `
      + `${g0.toFixed(1)} -> ${g1.toFixed(1)} MiB, ${((g1 - g0) * 1024 / Math.max(1, s1 - s0)).toFixed(0)} KiB a step\n`);
  } else {
    // Dropping the progress drops the bar too: then 35 s, about a build's time on this machine.
    const building = async () => (drop ? Date.now() - t0 < 35_000 : (await page.locator(tid('tables-build')).count()) > 0);
    while (await building() && Date.now() - t0 < 600_000) {
      await page.waitForTimeout(5000);
      await report(`${((Date.now() - t0) / 1000).toFixed(0)} s after the click`);
    }
    await report('tables built');
    const devtools = await context.newCDPSession(page);
    await devtools.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    await report('after a forced collection');
  }
} finally {
  await browser.close();
  server.close();
}
