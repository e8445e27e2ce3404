// No function of the release build's WebAssembly is so large that compiling it costs the browser tens of MiB.
// Chromium first compiles each function quickly (Liftoff), then again with its optimizing compiler (TurboFan) once
// the function runs hot, and that compiler's working memory grows with the function's size: about 260 bytes for each
// byte of body. wasm-opt -O3 inlines every function that has one caller into it, whatever its size, which made the
// worker's request handler one 127 KB function holding the whole solver: its optimization took 33 MB for 0.3 s, on
// the first 5x5 search of every worker (the browser's peak memory rose by 30-40 MiB there). index.html caps that
// inlining for the worker (`--one-caller-inline-max-function-size`); this test holds every function of both modules
// under 48 KiB (the largest are ~30-39 KB: the solver's own loops, which rustc built).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT, requireBuild } from './helpers.mjs';

const MAX_BODY_BYTES = 48 * 1024;

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at];
    at += 1;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** The body size of every function a module defines (its code section), in order. */
function bodySizes(bytes) {
  assert.equal(bytes.readUInt32LE(0), 0x6d736100, 'not a WebAssembly module');
  const sizes = [];
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    if (id === 10) {
      let [count, next] = leb(bytes, start);
      for (; count > 0; count -= 1) {
        const [body, from] = leb(bytes, next);
        sizes.push(body);
        next = from + body;
      }
    }
    at = start + size;
  }
  return sizes;
}

test('every function of the page and worker modules stays under 48 KiB of body', () => {
  const dist = process.env.E2E_DIST ?? 'dist';
  requireBuild(dist);
  const modules = readdirSync(resolve(ROOT, dist)).filter((name) => name.endsWith('_bg.wasm'));
  assert.deepEqual(modules.map((name) => name.startsWith('worker')).sort(), [false, true], `two modules: ${modules}`);
  for (const name of modules) {
    const sizes = bodySizes(readFileSync(resolve(ROOT, dist, name)));
    assert.ok(sizes.length > 1000, `${name}: ${sizes.length} functions read`);
    const largest = Math.max(...sizes);
    assert.ok(largest <= MAX_BODY_BYTES, `${name}: a function of ${largest} bytes (function ${sizes.indexOf(largest)} of`
      + ` the code section); its optimizing compile would take ~${Math.round(largest * 260 / 2 ** 20)} MiB`);
  }
});
