// Every file or folder the docs name exists: each path in backticks or in a link of README.md and docs/*.md that
// looks like one of the repository's (it has a slash and a file extension, or ends in a slash) is either a path
// from the repository's root or the end of a tracked path (`lessons/code.rs` names src/page/lessons/code.rs). A
// renamed or deleted file then fails here, not in a reader's hands. Needs no browser.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.mjs';

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const folders = new Set(tracked.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`)));

/** What the build, the set-up and the tests write, which git does not track (.gitignore's folders). */
const generated = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').map((l) => l.trim().replace(/\/$/, ''))
  .filter((l) => l && !l.includes('*'));

/** Whether `path` names a tracked file or folder (from the root or as the end of one), or one the build writes. */
function exists(path) {
  const clean = path.replace(/^\.\//, '').replace(/[#?].*$/, '');
  if (generated.some((g) => clean === g || clean.startsWith(`${g}/`))) return true;
  if (clean.endsWith('/')) return [...folders].some((f) => f === clean || f.endsWith(`/${clean}`));
  return tracked.some((f) => f === clean || f.endsWith(`/${clean}`));
}

/** The paths a Markdown text names: in backticks, or the target of a relative link. */
function named(text) {
  const found = new Set();
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) found.add(code);
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) if (!/^[a-z]+:/.test(target)) found.add(target);
  return [...found].filter((p) => p.includes('/') && !p.includes('://') && !p.startsWith('/')
    && !/[*{}<>$=&]/.test(p) && (/\.[a-z]{1,5}([#?].*)?$/.test(p) || p.endsWith('/')));
}

const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

for (const doc of docs) {
  test(`${doc}: every path it names exists`, () => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const base = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : '';
    const missing = named(text).filter((p) => !exists(p) && !exists(`${base}${p}`));
    assert.deepEqual(missing, [], `${doc} names paths that do not exist`);
  });
}

test('the check finds a missing path', () => {
  assert.equal(exists('src/page/lessons/code.rs'), true);
  assert.equal(exists('lessons/code.rs'), true);
  assert.equal(exists('solver/src/no-such-file.rs'), false);
  assert.deepEqual(named('see `solver/src/bound.rs` and [the guide](docs/cli.md#flags)'),
    ['solver/src/bound.rs', 'docs/cli.md#flags']);
});
