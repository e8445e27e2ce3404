// Stamps a build folder as one release: `node scripts/stamp-release.mjs DIR`. scripts/build.sh runs it on dist/.
// - The release id: a hash of every file's path and bytes (sw.js and the id's own mark left out), so any change to
//   any file makes a new release, and an unchanged build keeps its id.
// - index.html gets `<html data-release="ID">`: the page registers the service worker only when it is there (a
//   `trunk serve` page is never stamped), and a test can read which release runs.
// - sw.js gets `const RELEASE = 'ID';` and `const FILES = [[path, 'sha384-...'], ...];` (every other file, with its
//   SRI hash, which the service worker's install checks each download against).
// Running it again on a stamped folder re-stamps it (the e2e tests fake a new release that way).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVICE_WORKER = 'sw.js';
const PAGE = 'index.html';
const RELEASE_MARK = / data-release="[^"]*"/;

function files(dir, root = dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, root) : [relative(root, path).split(sep).join('/')];
  });
}

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Stamps `dir` and returns `{ release, files }` (the files the service worker precaches). */
export function stampRelease(dir) {
  const paths = files(dir).filter((path) => path !== SERVICE_WORKER);
  if (!paths.includes(PAGE)) throw new Error(`${dir}/${PAGE} is missing: build the app first`);
  const workerPath = join(dir, SERVICE_WORKER);
  let worker;
  try {
    worker = readFileSync(workerPath, 'utf8');
  } catch {
    throw new Error(`${dir}/${SERVICE_WORKER} is missing: index.html must copy static/${SERVICE_WORKER}`);
  }

  const pagePath = join(dir, PAGE);
  const page = readFileSync(pagePath, 'utf8').replace(RELEASE_MARK, '');
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(`${path}\0`);
    hash.update(path === PAGE ? page : readFileSync(join(dir, path)));
    hash.update('\0');
  }
  const release = hash.digest('hex').slice(0, 16);
  if (!/<html[\s>]/.test(page)) throw new Error(`${pagePath} has no <html> tag to stamp`);
  writeFileSync(pagePath, page.replace(/<html(?=[\s>])/, `<html data-release="${release}"`));

  const list = paths.map((path) => [path, sri(readFileSync(join(dir, path)))]);
  const stamped = worker
    .replace(/^const RELEASE = .*;$/m, `const RELEASE = '${release}';`)
    .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(list)};`);
  if (!stamped.includes(`const RELEASE = '${release}';`) || !stamped.includes('const FILES = [[')) {
    throw new Error(`${workerPath}: the lines \`const RELEASE = ...;\` and \`const FILES = ...;\` were not found`);
  }
  writeFileSync(workerPath, stamped);
  return { release, files: paths };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/stamp-release.mjs DIR');
    process.exit(2);
  }
  try {
    const { release, files: list } = stampRelease(dir);
    console.log(`${dir}: release ${release}, ${list.length} files for the service worker to keep offline`);
  } catch (error) {
    console.error(`stamp-release: ${error.message}`);
    process.exit(1);
  }
}
