#!/usr/bin/env bash
#! Sets up what is missing, builds the release app and serves it on http://127.0.0.1:8080 (Ctrl-C stops).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "Puzzle Lab: http://127.0.0.1:${PORT:-8080}/"
exec node tests/e2e/serve.mjs dist "${PORT:-8080}"
