#!/usr/bin/env bash
#! The release build: `trunk build --release` into dist/ (wasm-opt on, solver at opt-level 3). PUBLIC_URL sets a sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo fetch --quiet
trunk build --release --offline --public-url "${PUBLIC_URL:-/}" --dist "${DIST:-dist}"
