#!/usr/bin/env bash
#! The release build: `trunk build --release` into dist/ (wasm-opt on, solver at opt-level 3), then stamped as one
#! release for the service worker (scripts/stamp-release.mjs: the release id and the list of files kept offline).
#! Every path in index.html is relative ("./"), so one build serves at the site's root or under any sub-path
#! (/puzzle-lab/, ...); PUBLIC_URL sets an absolute one instead, DIST the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo fetch --quiet
trunk build --release --offline --public-url "${PUBLIC_URL:-./}" --dist "${DIST:-dist}"
node scripts/stamp-release.mjs "${DIST:-dist}"
