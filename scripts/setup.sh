#!/usr/bin/env bash
#! Idempotent set-up for a fresh machine: Rust wasm target, Trunk, wasm-bindgen CLI, Chromium, and the npm packages
#! (wasm-opt, Playwright, axe-core).
# Every step checks first and skips what is already present at the right version.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '[setup] %s\n' "$*"; }

# The two tools are built without their own fat-LTO, one-codegen-unit release profiles, at opt-level 1: on 2 cores
# Trunk builds in ~4 min instead of ~10 (5 at opt-level 3) and wasm-bindgen-cli in ~1.8 instead of ~3.2 (2.1), and
# both process the app as fast (README, "The two commands"). `--force`: the checks below found the tool missing or at
# another version, while cargo may still list it as installed (a binary deleted by hand) and would skip it.
fast_install() {
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install --force "$@"
}

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32 target present"
else
  say "adding wasm32-unknown-unknown"; rustup target add wasm32-unknown-unknown
fi

if trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "trunk $TRUNK_VERSION present"
else
  say "installing trunk $TRUNK_VERSION (10-20 min)"; fast_install --locked trunk --version "$TRUNK_VERSION"
fi

if wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION" && command -v wasm-bindgen-test-runner >/dev/null; then
  say "wasm-bindgen $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"; fast_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  say "chromium present"
else
  say "installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# `npm ls` fails when a package of package.json is missing or at another version (each is pinned exactly).
if [ -d node_modules ] && npm ls --depth=0 >/dev/null 2>&1; then
  say "npm packages present"
else
  say "installing npm packages from package-lock.json (binaryen, playwright-core, axe-core)"; npm ci --no-audit --no-fund
fi
say "done"
