// Export (issue 12, point 4): every download is taken with Playwright's download event, read back and checked
// against the run on screen: the run's JSON (the CLI's object) and CSV, the compare table's CSV, and the pictures
// (board, pegs, the depth chart, a compare chart, the Sierpinski view) as SVG that parses and holds the drawing, and
// as PNG with the PNG signature and a sane size. File names say the puzzle and the algorithm.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS, boardTiles, defaultGoal, hanoiState, rng, scramble, seekTo, slidingBfs, solutionLength, tid, useApp,
  waitAttr, waitStatus,
} from './helpers.mjs';

const { test } = useApp();
/** Where the downloaded files are kept, to look at. */
const FILES = join(ARTIFACTS, 'export-files');

const GOAL = defaultGoal(3, 3);
const START = scramble(GOAL, 3, 3, 40, rng(1201));
const QUERY = `puzzle=sliding&size=3x3&start=${START}&goal=${GOAL}&algo=astar&heuristic=linear-conflict`;

/** Clicks `testid` and returns the download: its suggested name and its bytes (a copy goes to the artifacts). */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(tid(testid)).click()]);
  const path = await file.path();
  assert.ok(path, `the download of ${testid} failed: ${await file.failure()}`);
  const bytes = readFileSync(path);
  mkdirSync(FILES, { recursive: true });
  writeFileSync(join(FILES, file.suggestedFilename()), bytes);
  return { name: file.suggestedFilename(), bytes };
}

/** Opens the stage's Export menu. */
async function openMenu(page) {
  if (!(await page.locator(tid('export-json')).isVisible())) await page.locator(tid('export')).click();
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) read into rows of cells. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r') { /* the LF ends the row */ }
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

/** Parses an SVG text in the page (the browser's own XML parser) and returns what `probe` reads of it. */
async function readSvg(page, text, probe) {
  return page.evaluate(([svg, body]) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    // eslint-disable-next-line no-new-func
    return new Function('doc', body)(doc);
  }, [text, probe]);
}

/** Checks the PNG signature and returns the image's size from its IHDR chunk. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The board after the blank moves `letters` (U/D/L/R) from `board`. */
function applyLetters(board, letters, width) {
  const b = [...board];
  for (const letter of letters) {
    const blank = b.indexOf(0);
    const cell = blank + { U: -width, D: width, L: -1, R: 1 }[letter];
    [b[blank], b[cell]] = [b[cell], b[blank]];
  }
  return b;
}

test('the run exports as the CLI\'s JSON and as CSV, matching the run shown', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await openMenu(page);
  assert.ok(await page.locator(tid('export-json')).isDisabled(), 'JSON can be exported before any run');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const length = await solutionLength(page);
  assert.equal(length, slidingBfs(3, 3, START, GOAL).distance, 'A* with linear conflict is not optimal here');
  await openMenu(page);

  const json = await download(page, 'export-json');
  assert.equal(json.name, 'puzzle-lab_8-puzzle_astar-linear-conflict.json');
  const run = JSON.parse(json.bytes.toString('utf8'));
  assert.deepEqual(Object.keys(run), ['status', 'length', 'moves', 'optimal', 'lower_bound', 'algorithm', 'heuristic',
    'stats', 'message', 'tables'], 'the keys are not the CLI\'s, in its order');
  assert.equal(run.status, 'solved');
  assert.equal(run.length, length);
  assert.equal(run.moves.length, length, 'the moves are not the solution shown');
  assert.deepEqual(applyLetters(START, run.moves, 3), GOAL, 'the exported moves do not reach the goal');
  assert.equal(run.algorithm, 'astar');
  assert.equal(run.heuristic, 'linear-conflict');
  assert.equal(run.optimal, true);
  const shownExpanded = Number((await page.locator('[data-stat="expanded"] td').innerText()).replace(/,/g, ''));
  assert.equal(run.stats.expanded, shownExpanded, 'the statistics are not the run shown');
  assert.equal(run.stats.by_depth.reduce((a, b) => a + b, 0), run.stats.expanded);

  const csv = await download(page, 'export-csv');
  assert.equal(csv.name, 'puzzle-lab_8-puzzle_astar-linear-conflict.csv');
  const rows = parseCsv(csv.bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['section', 'key', 'value']);
  for (const row of rows) assert.equal(row.length, 3, `a CSV row has ${row.length} cells: ${row}`);
  const get = (section, key) => rows.find((r) => r[0] === section && r[1] === key)?.[2];
  assert.equal(get('run', 'puzzle'), QUERY, 'the CSV does not name the puzzle as its link does');
  assert.equal(Number(get('run', 'length')), length);
  assert.equal(Number(get('statistics', 'expanded')), shownExpanded);
  const moves = rows.filter((r) => r[0] === 'move');
  assert.equal(moves.map((r) => r[2]).join(''), run.moves);
  assert.deepEqual(moves.map((r) => Number(r[1])), Array.from({ length }, (_, i) => i + 1));
  const depths = rows.filter((r) => r[0] === 'nodes_by_depth').map((r) => Number(r[2]));
  assert.deepEqual(depths, run.stats.by_depth);
  s.note(`JSON ${json.bytes.length} B, CSV ${rows.length} rows`);
});

test('the board and the depth chart export as SVG and PNG', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  // The playback at its start, paused: the picture is of the board shown.
  await seekTo(page, 0);
  const shown = await boardTiles(page);
  assert.deepEqual(shown, START);
  await openMenu(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: join(ARTIFACTS, 'export--menu-1366.png') });

  const svg = await download(page, 'export-svg-board');
  assert.equal(svg.name, 'puzzle-lab_8-puzzle_astar-linear-conflict_board.svg');
  const board = await readSvg(page, svg.bytes.toString('utf8'), `
    const tiles = [...doc.querySelectorAll('[data-tile]')].map((g) => {
      const r = g.querySelector('rect');
      return { tile: Number(g.getAttribute('data-tile')), text: g.querySelector('text').textContent,
        x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')) };
    });
    return { root: doc.documentElement.localName, width: doc.documentElement.getAttribute('width'), tiles };`);
  assert.equal(board.error, undefined, `the SVG does not parse: ${board.error}`);
  assert.equal(board.root, 'svg');
  assert.equal(board.tiles.length, 8, 'the SVG does not hold 8 tiles');
  for (const t of board.tiles) assert.equal(t.text, String(t.tile), `tile ${t.tile} is labelled ${t.text}`);
  // In reading order (rows top to bottom, then columns), the tiles are the board shown without its blank.
  const order = [...board.tiles].sort((a, b) => a.y - b.y || a.x - b.x).map((t) => t.tile);
  assert.deepEqual(order, shown.filter((t) => t !== 0), 'the SVG is not the board shown');

  const png = await download(page, 'export-png-board');
  assert.equal(png.name, 'puzzle-lab_8-puzzle_astar-linear-conflict_board.png');
  const size = pngSize(png.bytes);
  assert.equal(size.width, 2 * Number(board.width), 'the PNG is not twice the SVG\'s size');
  assert.ok(size.height > 100 && size.height < 4000, `PNG height ${size.height}`);

  // The statistics' chart of nodes by depth: one bar per depth, the page's colour inlined.
  const chart = await download(page, 'export-svg-depth-chart');
  assert.equal(chart.name, 'puzzle-lab_8-puzzle_astar-linear-conflict_depth-chart.svg');
  const bars = await readSvg(page, chart.bytes.toString('utf8'), `
    const bars = [...doc.querySelectorAll('rect.bar')];
    return { count: bars.length, fill: bars[0]?.getAttribute('style') ?? '',
      xmlns: doc.documentElement.namespaceURI };`);
  const json = JSON.parse((await (async () => { await openMenu(page); return download(page, 'export-json'); })()).bytes);
  assert.equal(bars.count, Math.min(json.stats.by_depth.length, 60), 'one bar per depth');
  assert.match(bars.fill, /fill: rgb/, 'the bar\'s colour is not inlined');
  assert.equal(bars.xmlns, 'http://www.w3.org/2000/svg');
  const chartPng = pngSize((await download(page, 'export-png-depth-chart')).bytes);
  assert.ok(chartPng.width > 200 && chartPng.height >= 100, `chart PNG ${chartPng.width}x${chartPng.height}`);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await openMenu(page);
  await page.screenshot({ path: join(ARTIFACTS, 'export--menu-360.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 360, `the page is ${overflow} px wide at 360 px`);
});

test('the compare table exports as CSV and its chart as SVG', async (s) => {
  const { page } = s;
  const goal = defaultGoal(3, 2);
  const start = scramble(goal, 3, 2, 21, rng(77));
  await s.open(`puzzle=sliding&size=3x2&start=${start}&goal=${goal}&algo=bfs`);
  await page.locator(tid('compare')).click();
  await waitAttr(page, 'compare-table', 'data-running', 'false', 60_000);
  const shown = await page.locator(tid('compare-row')).evaluateAll((rows) => rows.map((r) => ({
    algorithm: r.getAttribute('data-algorithm'), heuristic: r.getAttribute('data-heuristic'),
    status: r.getAttribute('data-status'), length: r.getAttribute('data-length'),
  })));
  const csv = await download(page, 'export-compare-csv');
  assert.equal(csv.name, 'puzzle-lab_3x2-sliding_compare.csv');
  const rows = parseCsv(csv.bytes.toString('utf8'));
  assert.equal(rows[0].slice(0, 5).join(','), 'algorithm,heuristic,status,length,optimal');
  assert.equal(rows.length - 1, shown.length, 'one CSV row per table row');
  rows.slice(1).forEach((r, i) => {
    assert.deepEqual({ algorithm: r[0], heuristic: r[1], status: r[2], length: r[3] }, shown[i], `row ${i + 1}`);
  });
  const optimum = slidingBfs(3, 2, start, goal).distance;
  assert.equal(Number(rows.find((r) => r[0] === 'bfs')[3]), optimum);

  const svg = await download(page, 'export-svg-compare-chart-expanded');
  assert.equal(svg.name, 'puzzle-lab_3x2-sliding_compare-chart-expanded.svg');
  const chart = await readSvg(page, svg.bytes.toString('utf8'), `
    return { labels: [...doc.querySelectorAll('text:not(.value)')].map((t) => t.textContent) };`);
  assert.deepEqual(chart.labels, shown.filter((r) => !['waiting', 'running', 'cancelled', 'error'].includes(r.status)).map((r) => (r.heuristic === 'none'
    ? r.algorithm : `${r.algorithm}/${r.heuristic}`)), 'the chart\'s bars are not the table\'s pairs');
});

test('a tower exports its pegs, its JSON and its Sierpinski view', async (s) => {
  const { page } = s;
  await s.open('puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs');
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  await seekTo(page, 15);
  await openMenu(page);
  const json = await download(page, 'export-json');
  assert.equal(json.name, 'puzzle-lab_hanoi-3-pegs-4-disks_bfs.json');
  const run = JSON.parse(json.bytes);
  assert.equal(run.moves.length, 15);
  assert.deepEqual(run.moves[0], [0, 1], 'the first move of the shortest 4-disk solution moves disk 0 to peg B');

  const pegs = await readSvg(page, (await download(page, 'export-svg-pegs')).bytes.toString('utf8'), `
    return [...doc.querySelectorAll('[data-disk]')].map((g) => [Number(g.getAttribute('data-disk')),
      Number(g.getAttribute('data-peg'))]);`);
  const state = await hanoiState(page);
  assert.deepEqual(pegs.sort((a, b) => a[0] - b[0]).map(([, peg]) => peg), state, 'the SVG is not the tower shown');

  await page.locator(tid('sierpinski')).scrollIntoViewIfNeeded();
  const tri = await download(page, 'export-svg-sierpinski');
  assert.equal(tri.name, 'puzzle-lab_hanoi-3-pegs-4-disks_bfs_sierpinski.svg');
  const dots = await readSvg(page, tri.bytes.toString('utf8'), `
    return { states: doc.querySelectorAll('circle').length, path: doc.querySelectorAll('polyline').length };`);
  assert.deepEqual(dots, { states: 81, path: 1 }, 'the Sierpinski SVG is not the 81 states and the path');
  const size = pngSize((await download(page, 'export-png-sierpinski')).bytes);
  assert.ok(size.width >= 200 && size.width < 5000, `Sierpinski PNG ${size.width}x${size.height}`);
});

test('the heuristics chart and the search tree export as SVG and PNG', async (s) => {
  const { page } = s;
  await s.open(QUERY);
  await page.locator(tid('solve')).click();
  await waitStatus(page, 'solved', 30_000);
  const length = await solutionLength(page);

  // The heuristics against h*: the SVG holds the page's polylines (h* and each heuristic) and a point per position.
  await page.locator(tid('truth-open')).click();
  await page.locator(tid('truth-chart')).waitFor();
  const onPage = await page.locator(tid('truth-chart')).evaluate((svg) => ({
    lines: [...svg.querySelectorAll('polyline')].map((p) => p.getAttribute('points')),
    points: svg.querySelectorAll('[data-testid="truth-point"]').length,
  }));
  assert.equal(onPage.points, length + 1, 'the chart has a point per position of the solution');
  const truth = await download(page, 'export-svg-truth-chart');
  assert.equal(truth.name, 'puzzle-lab_8-puzzle_astar-linear-conflict_truth-chart.svg');
  const chart = await readSvg(page, truth.bytes.toString('utf8'), `
    return { root: doc.documentElement.localName,
      lines: [...doc.querySelectorAll('polyline')].map((p) => p.getAttribute('points')),
      points: doc.querySelectorAll('[data-testid="truth-point"]').length };`);
  assert.equal(chart.error, undefined, `the SVG does not parse: ${chart.error}`);
  assert.equal(chart.root, 'svg');
  assert.ok(chart.lines.length >= 2 && chart.lines.every((p) => p.split(' ').length === length + 1),
    `the SVG's polylines are not the chart's: ${chart.lines.length}`);
  assert.deepEqual(chart, { root: 'svg', ...onPage }, 'the SVG is not the chart shown');
  const truthPng = pngSize((await download(page, 'export-png-truth-chart')).bytes);
  assert.ok(truthPng.width > 200 && truthPng.height >= 100, `chart PNG ${truthPng.width}x${truthPng.height}`);

  // The search tree: the SVG holds the nodes drawn, each with its number.
  await page.locator(tid('search-tree')).scrollIntoViewIfNeeded();
  const drawn = await page.locator(tid('tree-node')).evaluateAll((gs) => gs.map((g) => ({
    node: g.getAttribute('data-node'), text: g.querySelector('text').textContent })));
  assert.ok(drawn.length > 1, 'the tree shows nodes');
  const tree = await download(page, 'export-svg-search-tree');
  assert.equal(tree.name, 'puzzle-lab_8-puzzle_astar-linear-conflict_search-tree.svg');
  const nodes = await readSvg(page, tree.bytes.toString('utf8'), `
    return [...doc.querySelectorAll('[data-testid="tree-node"]')].map((g) => ({
      node: g.getAttribute('data-node'), text: g.querySelector('text').textContent }));`);
  assert.equal(nodes.error, undefined, `the SVG does not parse: ${nodes.error}`);
  assert.deepEqual(nodes, drawn, 'the SVG is not the tree shown');
  const treePng = pngSize((await download(page, 'export-png-search-tree')).bytes);
  assert.ok(treePng.width > 100 && treePng.height > 100 && treePng.width < 8000,
    `tree PNG ${treePng.width}x${treePng.height}`);
});
