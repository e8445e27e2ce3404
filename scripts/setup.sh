#!/usr/bin/env bash
#! Idempotent set-up for a fresh machine: Rust wasm target, Trunk, wasm-bindgen CLI, Chromium, and the npm packages
#! (wasm-opt, Playwright, axe-core).
# Every step checks first and skips what is already present at the right version. Chromium (apt) and the npm packages
# download while the two Rust tools compile, which keeps both cores busy.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '[setup] %s\n' "$*"; }

# The two tools are built without their own fat-LTO, one-codegen-unit release profiles, at a low opt-level (the
# first argument): they build in a fraction of the time and process the app as fast (docs/performance.md, "Why
# set-up is fast"). Trunk at 0: it mostly waits on cargo, wasm-bindgen and wasm-opt. wasm-bindgen at 1: it
# rewrites the wasm itself. `--force`: the checks below found the tool missing or at another version, while cargo
# may still list it as installed (a binary deleted by hand) and would skip it.
fast_install() {
  local opt_level=$1; shift
  CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install --quiet --force "$@"
}

background=()
# A Chinese font, so that the Chinese pages' screenshots (test-artifacts/) show their characters.
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
  say "chromium present"
else
  say "installing chromium and a Chinese font (in the background)"
  ( export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq chromium chromium-driver fonts-wqy-microhei >/dev/null ) &
  background+=($!)
fi

# `npm ls` fails when a package of package.json is missing or at another version (each is pinned exactly).
if [ -d node_modules ] && npm ls --depth=0 >/dev/null 2>&1; then
  say "npm packages present"
else
  say "installing npm packages from package-lock.json (binaryen, playwright-core, axe-core; in the background)"
  npm ci --no-audit --no-fund --loglevel=error &
  background+=($!)
fi

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32 target present"
else
  say "adding wasm32-unknown-unknown"; rustup target add wasm32-unknown-unknown
fi

# The project's own crates download while the tools compile (a no-op when the registry has them all).
say "fetching the project's crates (in the background)"
cargo fetch --locked --quiet &
background+=($!)

# Trunk without its default features: no TLS stack and no update check. It downloads no tool (Trunk.toml pins the
# versions found on PATH, and scripts/build.sh passes --offline), and `trunk build` and `trunk serve` need neither.
# The two tools compile side by side: each build has stretches on one core (downloads, its largest crates, the
# link), which the other fills.
if trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "trunk $TRUNK_VERSION present"
else
  say "installing trunk $TRUNK_VERSION (in the background)"
  fast_install 0 --locked --no-default-features trunk --version "$TRUNK_VERSION" &
  background+=($!)
fi

# wasm-bindgen-cli without its default features: no TLS stack. They serve only the test runner's own download of a
# browser driver, and the tests name the installed one (CHROMEDRIVER=/usr/bin/chromedriver).
if wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION" && command -v wasm-bindgen-test-runner >/dev/null; then
  say "wasm-bindgen $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (in the background)"
  fast_install 1 wasm-bindgen-cli --no-default-features --version "$WASM_BINDGEN_VERSION" &
  background+=($!)
fi

# `wait PID` returns that job's status, so a failed step stops the set-up here (set -e).
for pid in "${background[@]}"; do wait "$pid"; done
[ -x /usr/bin/chromium ] || { echo "[setup] chromium did not install" >&2; exit 1; }
say "done"
