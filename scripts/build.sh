#!/usr/bin/env bash
#! The release build: `trunk build --release` into dist/ (wasm-opt on, solver at opt-level 3), then stamped as one
#! release for the service worker (scripts/stamp-release.mjs: the release id and the list of files kept offline).
#! PUBLIC_URL sets a sub-path, DIST the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo fetch --quiet
trunk build --release --offline --public-url "${PUBLIC_URL:-/}" --dist "${DIST:-dist}"
node scripts/stamp-release.mjs "${DIST:-dist}"
